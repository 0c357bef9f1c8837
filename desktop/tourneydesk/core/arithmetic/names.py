"""How a person's name is written down and how it is found again.

A name is stored as typed, trimmed, with every run of spaces made one: "Chloé  Lefèvre" is
"Chloé Lefèvre". It is found again by its key, lower case without accents or spacing differences,
so that "chloe lefevre" at the cashier's desk is the Chloé already registered, not a second one, and
"soren" finds Søren.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache


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


@lru_cache(maxsize=1 << 15)
def search_key(text: str) -> str:
    """Lower case without accents and with single spaces, each letter as a plain keyboard types it: what a
    search compares. Kept for the names met last: the state's index, the console's and the cashier's lists
    each key the same 10,000 names when a file opens."""
    folded = text.casefold()
    if folded.isascii():  # nothing to take off: most names, and 10,000 of them are keyed on opening a file
        return " ".join(folded.split())
    decomposed = unicodedata.normalize("NFKD", folded)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_PLAIN_LETTERS)
    return " ".join(plain.split())


def same_name(a: str, b: str) -> bool:
    return search_key(a) == search_key(b)
