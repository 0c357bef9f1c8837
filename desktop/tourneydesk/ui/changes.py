"""What changed between two snapshots, found by identity.

The desk rebuilds only the parts of a snapshot that a command changed; every other entry's dict is the
very object of the previous snapshot (`core.read_models.snapshot.Parts`). A window holding an `EntryIndex` learns
which entries changed by comparing references, about a millisecond for 10,000 entries, and updates only
what shows them, instead of re-reading the whole field after every bust.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any

Part = dict[str, Any]
Changes = tuple[list[Part], list[Part], list[int]]


class EntryIndex:
    """The entries of the latest snapshot a window has read, by id, and those that changed since."""

    def __init__(self, known: Callable[[], Changes | None] | None = None) -> None:
        self.parts: list[Part] = []
        self.by_id: dict[str, Part] = {}
        self._known = known  # where to ask what the desk rebuilt (`DeskBridge.entry_changes`)

    def update(self, entries: list[Part], known: Changes | None = None) -> list[int]:
        """Read a snapshot's entries; the positions of those that are new or changed since the last read.

        `known` is what the desk says changed between its last two snapshots (`DeskBridge.entry_changes`):
        used when it leads from the entries read last time to these, compared otherwise."""
        old = self.parts
        if known is None and self._known is not None:
            known = self._known()
        if entries is old:
            return []
        if known is not None and known[0] is old and known[1] is entries:
            changed = known[2]
        elif len(entries) < len(old):  # an undo took an entry away: start afresh
            self.by_id = {}
            changed = list(range(len(entries)))
        else:
            # Compared in C: a Python loop over 10,000 pairs would cost more than all else done here.
            changed = list(itertools.compress(range(len(old)), map(operator.is_not, entries, old)))
            changed.extend(range(len(old), len(entries)))
        by_id = self.by_id
        for i in changed:
            part = entries[i]
            by_id[part["id"]] = part
        self.parts = entries
        return changed

    def get(self, entry_id: str) -> Part | None:
        return self.by_id.get(entry_id)

    def name(self, entry_id: str | None) -> str:
        part = self.by_id.get(entry_id) if entry_id else None
        return str(part["name"]) if part else ""


def runs(positions: list[int]) -> list[tuple[int, int]]:
    """Sorted positions as (first, last) runs of consecutive ones: one signal per run, not per row."""
    out: list[tuple[int, int]] = []
    for p in positions:
        if out and p == out[-1][1] + 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out
