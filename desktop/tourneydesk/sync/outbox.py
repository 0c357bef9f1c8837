"""The outbox: the events of a tournament file after the last seq the website acknowledged.

It reads the file over its OWN SQLite connection, opened by the thread that pushes, never the desk's
(docs/architecture.md: threads: a connection stays on the thread that opened it). WAL lets this reader run
beside the desk's writer; the busy timeout covers the moments when both write (the desk its events,
this its `sync_state` row). Each read is fetched whole, so no statement holds a snapshot open and
the desk's WAL checkpoints are never held back.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from ..core.public import public_event
from ..store.chain import GENESIS, event_hash

BATCH_MAX = 500  # the website's limit per POST
BUSY_TIMEOUT_MS = 5000

_decode = json.loads


class Outbox:
    """One tournament file seen by the pusher: what is waiting for `target`, and what it acknowledged."""

    def __init__(self, path: str | Path, target: str) -> None:
        self.path = Path(path)
        self.target = target
        uri = f"{self.path.resolve().as_uri()}?mode=rw"  # rw, never create: a missing file is an error
        self._conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=True)
        try:
            self._conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            row = self._conn.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone()
        except sqlite3.DatabaseError:
            self._conn.close()
            raise
        if row is None:
            self._conn.close()
            raise ValueError(f"{self.path.name} has no tournament id: it is not a TourneyDesk tournament file")
        self.tournament_id: str = row[0]
        columns = {r[1] for r in self._conn.execute("PRAGMA table_info(events)")}
        self._stored_hashes = "hash" in columns  # a file that keeps its chain; older ones: computed here
        self._chain: list[str] = [GENESIS]  # computed hashes, index = seq (0: the hash before the first)

    def last_seq(self) -> int:
        row = self._conn.execute("SELECT MAX(seq) FROM events").fetchone()
        return int(row[0] or 0)

    def acked(self) -> int:
        row = self._conn.execute("SELECT acked_seq FROM sync_state WHERE target = ?", (self.target,)).fetchone()
        return 0 if row is None else int(row[0])

    def last_error(self) -> str | None:
        row = self._conn.execute("SELECT last_error FROM sync_state WHERE target = ?", (self.target,)).fetchone()
        return None if row is None else row[0]

    def waiting(self) -> int:
        """Events not yet acknowledged (seqs have no gaps, so a subtraction counts them)."""
        return max(0, self.last_seq() - self.acked())

    def set_acked(self, seq: int, at: float) -> None:
        """What the site acknowledged, stored as the site said (it may be behind us: it lost data)."""
        self._conn.execute(
            "INSERT INTO sync_state (target, acked_seq, updated_at, last_error) VALUES (?, ?, ?, NULL)"
            " ON CONFLICT (target) DO UPDATE SET acked_seq = excluded.acked_seq,"
            " updated_at = excluded.updated_at, last_error = NULL",
            (self.target, seq, at),
        )

    def set_error(self, error: str | None) -> None:
        self._conn.execute(
            "INSERT INTO sync_state (target, acked_seq, last_error) VALUES (?, 0, ?)"
            " ON CONFLICT (target) DO UPDATE SET last_error = excluded.last_error",
            (self.target, error),
        )

    def batch(self, after: int, limit: int = BATCH_MAX) -> list[dict[str, Any]]:
        """Up to `limit` events after seq `after`, in order, each made public (private fields removed),
        each with its hash in the chain (which covers the private fields too: the site cannot recompute
        it, only hold it and compare)."""
        rows = self._conn.execute(
            "SELECT seq, type, at, station, payload FROM events WHERE seq > ? ORDER BY seq LIMIT ?",
            (after, min(limit, BATCH_MAX)),
        ).fetchall()
        if not rows:
            return []
        hashes = self.hashes(rows[0][0], rows[-1][0])
        return [
            {"seq": seq, "type": kind, "at": at, "station": station, "payload": public_event(kind, _decode(payload)),
             "hash": hashes[seq]}
            for seq, kind, at, station, payload in rows
        ]

    def hash_at(self, seq: int) -> str:
        """The chain's hash after event `seq` (GENESIS for 0)."""
        if seq <= 0:
            return GENESIS
        return self.hashes(seq, seq)[seq]

    def hashes(self, first: int, last: int) -> dict[int, str]:
        """The hashes of events `first`..`last` (all in the log)."""
        if self._stored_hashes:
            rows = self._conn.execute("SELECT seq, hash FROM events WHERE seq BETWEEN ? AND ?", (first, last))
            found = {int(seq): str(h) for seq, h in rows if h}
            if len(found) == last - first + 1:
                return found
        self._extend_chain(last)
        return {seq: self._chain[seq] for seq in range(first, last + 1)}

    def _extend_chain(self, upto: int) -> None:
        """Hash the log up to `upto`, from where the last call stopped (the log only grows at its end)."""
        if upto < len(self._chain):
            return
        rows = self._conn.execute(
            "SELECT seq, command_seq, type, at, station, actor, payload FROM events WHERE seq >= ? AND seq <= ?"
            " ORDER BY seq", (len(self._chain), upto)).fetchall()
        for seq, command_seq, kind, at, station, actor, payload in rows:
            if seq != len(self._chain):
                raise ValueError(f"{self.path.name} has no event #{len(self._chain)}: its log has a gap")
            self._chain.append(event_hash(self._chain[-1], seq, command_seq, kind, at, station, actor, payload))
        if upto >= len(self._chain):
            raise ValueError(f"{self.path.name} ends at event #{len(self._chain) - 1}, not #{upto}")

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
