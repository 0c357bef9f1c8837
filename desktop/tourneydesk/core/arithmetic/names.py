"""How a person's name is written down and how it is found again.

A name is stored as typed, trimmed, with every run of spaces made one: "Chloé  Lefèvre" is
"Chloé Lefèvre". It is found again by its key, lower case without accents or spacing differences,
so that "chloe lefevre" at the cashier's desk is the Chloé already registered, not a second one, and
"soren" finds Søren.
"""

from __future__ import annotations

import unicodedata


def tidy(text: str) -> str:
    """NFC, trimmed, one space wherever the typist left several (or a tab)."""
    return " ".join(unicodedata.normalize("NFC", text).split())


# Letters no accent can be taken off (Unicode gives them no decomposition), as people type them on a plain
# keyboard: "soren" for Søren, "duboeuf" for Dubœuf, "lukasz" for Łukasz. Casefolding has made ß "ss" already;
# the middle dot of Catalan's "l·l" and the apostrophe of "ŉ" go.
_PLAIN_LETTERS = str.maketrans({
    "æ": "ae", "œ": "oe", "ø": "o", "ð": "d", "đ": "d", "þ": "th", "ł": "l", "ħ": "h", "ı": "i", "ĸ": "k",
    "ŋ": "n", "ŧ": "t", "ƒ": "f", "ǥ": "g", "ɨ": "i", "ʉ": "u", "ƶ": "z", "ǝ": "e", "ə": "e", "·": "", "ʼ": "",
})


def search_key(text: str) -> str:
    """Lower case without accents and with single spaces, each letter as a plain keyboard types it: what a
    search compares."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_PLAIN_LETTERS)
    return " ".join(plain.split())


def same_name(a: str, b: str) -> bool:
    return search_key(a) == search_key(b)
