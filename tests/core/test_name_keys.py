"""A name is found as a plain keyboard types it: accents off, and the letters no accent comes off of
(ø, œ, æ, ß, ł, đ...) written as people type them."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneydesk.core.arithmetic.names import same_name, search_key


@pytest.mark.parametrize(("typed", "name"), [
    ("soren", "Søren Ødegård"), ("duboeuf", "Marie Dubœuf"), ("aero", "Ærø"), ("strasse", "Straße"),
    ("lukasz", "Łukasz Żak"), ("dorde", "Đorđe Đoković"), ("thor", "Þór Guðmundsson"), ("gudmundsson", "Guðmundsson"),
    ("collell", "Col·lell"), ("yildiz", "Yıldız"), ("chloe lefevre", "Chloé  Lefèvre"),
])
def test_what_is_typed_finds_the_name(typed: str, name: str) -> None:
    assert search_key(typed) in search_key(name)


def test_every_latin_letter_is_a_keyboards_letter() -> None:
    # Latin-1 and Latin Extended-A: the letters of Europe's names
    letters = [c for c in map(chr, range(0xC0, 0x180)) if unicodedata.category(c).startswith("L")]
    assert [c for c in letters if not search_key(c).isascii() or not search_key(c).isalpha()] == []


def test_two_spellings_of_one_name_are_the_same_name() -> None:
    assert same_name("Søren Ødegård", "soren odegard") and not same_name("Søren", "Sören Ode")


@given(st.text(st.characters(max_codepoint=0x17F), max_size=30))
def test_a_name_typed_as_its_key_finds_the_same_players(name: str) -> None:
    """What the search folds a name to, typed again, is the same key: the names already in plain letters
    (most of them, taken the short way) and the accented ones meet there."""
    assert search_key(search_key(name)) == search_key(name)
