"""How a person's name is written down and how it is found again.

A name is stored as typed, trimmed, with every run of spaces made one: "Chloé  Lefèvre" is
"Chloé Lefèvre". It is found again by its key, lower case without accents or spacing differences,
so that "chloe lefevre" at the cashier's desk is the Chloé already registered, not a second one.
"""

from __future__ import annotations

import unicodedata


def tidy(text: str) -> str:
    """NFC, trimmed, one space wherever the typist left several (or a tab)."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def search_key(text: str) -> str:
    """Lower case without accents and with single spaces: what a search compares."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def same_name(a: str, b: str) -> bool:
    return search_key(a) == search_key(b)
