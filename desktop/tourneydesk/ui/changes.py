"""What changed between two snapshots, as the desk tells it or, failing that, found by identity.

The desk rebuilds only the parts of a snapshot that a command changed; every other part is the very
object of the previous snapshot (`core.read_models.snapshot.Parts`), and it says what differs
(`Desk.changes`: the parts that are other objects, the entries and people that changed). A window
holding an `EntryIndex` learns which entries changed from that, or by comparing references (about a
millisecond for 10,000 entries) when it did not draw the snapshot just before, and updates only what
shows them, instead of re-reading the whole field after every bust.
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Callable
from typing import Any

from ..core.read_models.snapshot import Changes

Part = dict[str, Any]

__all__ = ["Changes", "EntryIndex", "Part", "runs"]


class EntryIndex:
    """The entries of the latest snapshot a window has read, by id, and those that changed since.

    An entry's part is found through its position (entries are only ever added at the end, and taken
    away from it by an undo), so following a snapshot costs nothing per entry that did not come."""

    def __init__(self, known: Callable[[], Changes | None] | None = None, *, field: bool = True) -> None:
        self.parts: list[Part] = []
        self._at: dict[str, int] = {}
        self._known = known  # where to ask what the desk rebuilt (`DeskBridge.changes`)
        # Whether the window shows what a late entry moves for the whole field (a place, a prize, what is
        # owed): one that does not is not told of those parts (the tables, the floor, the bounties on heads).
        self._field = field
        # Of the positions the last `update` returned, those the desk said show other figures of the
        # whole field only (`Changes.reshown`): nothing of the entry itself changed there.
        self.reshown: list[int] = []
        # Of those, where the desk said the place alone moved (`Changes.moved`): the sums shown are as they were.
        self.moved: list[int] = []

    def update(self, entries: list[Part], known: Changes | None = None) -> list[int]:
        """Read a snapshot's entries; the positions of those that are new or changed since the last read.

        `known` is what the desk says changed between its last two snapshots (`DeskBridge.changes`):
        used when it leads from the entries read last time to these, compared otherwise."""
        old = self.parts
        if known is None and self._known is not None:
            known = self._known()
        self.reshown = []
        self.moved = []
        if entries is old:
            return []
        if known is not None and known.of(old) and known.after["entries"] is entries:
            # The same entry stays at a position whose part is only reshown: the index need not look there.
            moved = changed = list(known.entries)  # the new ones among them
            if self._field and known.reshown:
                self.reshown = list(known.reshown)
                self.moved = list(known.moved)
                changed = sorted(changed + self.reshown)
        else:
            # Compared in C: a Python loop over 10,000 pairs would cost more than all else done here.
            moved = changed = list(itertools.compress(range(len(entries)), map(operator.is_not, entries, old)))
            changed.extend(range(len(old), len(entries)))
        if not old:  # the first look: every entry where it is
            self._at = _first_look(entries)
            self.parts = entries
            return changed
        at = self._at
        # Whoever left a position (the end of the list, after an undo; any place, after a fold of the log)
        # is found there no more, and whoever came is found there.
        for i in itertools.chain(moved, range(len(entries), len(old))):
            if i < len(old) and at.get(old[i]["id"]) == i:
                del at[old[i]["id"]]
        for i in moved:
            at[entries[i]["id"]] = i
        self.parts = entries
        return changed

    def get(self, entry_id: str) -> Part | None:
        at = self._at.get(entry_id)
        return self.parts[at] if at is not None else None

    def position(self, entry_id: str) -> int | None:
        return self._at.get(entry_id)

    def name(self, entry_id: str | None) -> str:
        part = self.get(entry_id) if entry_id else None
        return str(part["name"]) if part else ""


# The last first look (`_first_look`): the ids looked at, in order, and where each stands. Held for the next
# index that reads the same ids (never the parts: a closed window's are not kept alive by it); the dict is
# never changed, each index changes a copy of its own.
_LAST_LOOK: tuple[list[Any], dict[str, int]] | None = None


def _first_look(parts: list[Part]) -> dict[str, int]:
    """Where each part's id stands in `parts`, for an index that reads them for the first time. When a file
    opens, the console's list, its floor, its plan and the cashier's each read the same 10,000 entries of the
    same snapshot: the second look copies what the first found instead of keying them all again."""
    global _LAST_LOOK
    last = _LAST_LOOK
    ids = list(map(_ID, parts))  # read and compared in C: a fraction of the time of keying them in Python
    if last is not None and last[0] == ids:
        return dict(last[1])
    at = {key: i for i, key in enumerate(ids)}
    _LAST_LOOK = (ids, at)
    return dict(at)


_ID = operator.itemgetter("id")


def runs(positions: list[int]) -> list[tuple[int, int]]:
    """Sorted positions as (first, last) runs of consecutive ones: one signal per run, not per row."""
    out: list[tuple[int, int]] = []
    for p in positions:
        if out and p == out[-1][1] + 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out
