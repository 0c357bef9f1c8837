"""The outbox: the events of a tournament file after the last seq the website acknowledged.

It reads the file through the store's `LogReader`, a connection of its own opened by the thread that
pushes, never the desk's (docs/architecture.md: threads): the desk may have the file open meanwhile.
What the site acknowledged is the sync's bookkeeping in the file's `sync_state` table, which the store
declares and writes (`store.sync_state`); it is not a command and makes no event.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Any, Self

from ..core.protocol.public import public_event
from ..store.log_reader import LogReader, LogUnreadable

__all__ = ["BATCH_MAX", "LogUnreadable", "Outbox"]

BATCH_MAX = 500  # the website's limit per POST


class Outbox:
    """One tournament file seen by the pusher: what is waiting for `target`, and what it acknowledged."""

    def __init__(self, path: str | Path, target: str) -> None:
        self.path = Path(path)
        self.target = target
        self._log = LogReader(self.path)
        self.tournament_id: str = self._log.tournament_id

    def last_seq(self) -> int:
        return self._log.last_seq()

    def acked(self) -> int:
        return self._log.acked(self.target)

    def last_error(self) -> str | None:
        return self._log.last_error(self.target)

    def waiting(self) -> int:
        """Events not yet acknowledged (seqs have no gaps, so a subtraction counts them)."""
        return max(0, self.last_seq() - self.acked())

    def set_acked(self, seq: int, at: float) -> None:
        """What the site acknowledged, stored as the site said (it may be behind us: it lost data)."""
        self._log.record_acked(self.target, seq, at)

    def set_error(self, error: str | None) -> None:
        self._log.record_error(self.target, error)

    def batch(self, after: int, limit: int = BATCH_MAX) -> list[dict[str, Any]]:
        """Up to `limit` events after seq `after`, in order, each made public (private fields removed),
        each with its hash in the chain (which covers the private fields too: the site cannot recompute
        it, only hold it and compare)."""
        events = self._log.events(after, min(limit, BATCH_MAX))
        if not events:
            return []
        hashes = self.hashes(events[0].seq, events[-1].seq)
        return [
            {"seq": e.seq, "type": e.type, "at": e.at, "station": e.station,
             "payload": public_event(e.type, e.payload), "hash": hashes[e.seq]}
            for e in events
        ]

    def hash_at(self, seq: int) -> str:
        """The chain's hash after event `seq` (GENESIS for 0)."""
        return self._log.hash_at(seq)

    def hashes(self, first: int, last: int) -> dict[int, str]:
        """The hashes of events `first`..`last` (all in the log)."""
        return self._log.hashes(first, last)

    def close(self) -> None:
        self._log.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
