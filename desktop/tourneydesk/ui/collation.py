"""Names put in order as the language does: "Émilie" among the E's, never after "Zoé".

Python's own ordering compares code points, and every accented capital comes after Z; the windows sort
names by the collation of the app's language instead (Qt's, from the system's ICU), case and accents
counting only between names otherwise alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from .qt import QCollator, QCollatorSortKey, QLocale

T = TypeVar("T")


def name_order() -> Callable[[str], QCollatorSortKey]:
    """A sort key for names in the app's language (QLocale's default, which the language setting sets)."""
    collator = QCollator(QLocale())
    collator.setNumericMode(True)  # "Player 2" before "Player 10"
    return collator.sortKey


def by_name(items: Iterable[T], name: Callable[[T], str]) -> list[T]:
    key = name_order()
    return sorted(items, key=lambda item: key(name(item)))
