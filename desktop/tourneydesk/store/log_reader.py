"""A reader of a tournament file's log beside the program that has the file open: what the sync reads.

The desk owns the file (its lock, its connection, every command's transaction). The results website's
pusher runs on a thread of its own, or in `tourneydesk sync` while the program has the file open, so it
cannot borrow the desk's connection nor take the file's lock. It reads through this instead: its OWN
SQLite connection, kept on the thread that opened it (docs/architecture.md: threads). WAL lets it read
beside the desk's writer; the busy timeout covers the moments when both write (the desk its events,
this the `sync_state` row, `store.sync_state`). Each read is fetched whole, so no statement keeps a
snapshot open and the desk's WAL checkpoints are never held back.

It reads the log and writes only the sync's bookkeeping: never an event, a command or a checkpoint.
What SQLite raises on the way is raised as `LogUnreadable` (the file busy past the timeout, the disk
failing, the file gone), which the sync treats as "try again later".
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from tourneydesk.store import shm, sync_state
from tourneydesk.store.chain import GENESIS, ChainBreak, event_hash, verify
from tourneydesk.store.tdfile import StoredEvent

__all__ = ["BUSY_TIMEOUT_MS", "LogReader", "LogUnreadable"]

BUSY_TIMEOUT_MS = 5000

_loads = json.loads


class LogUnreadable(Exception):
    """The file could not be read or written just now (busy, a failing disk, gone): it may pass."""


@contextlib.contextmanager
def _sqlite_errors() -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as error:
        raise LogUnreadable(str(error)) from error


class LogReader:
    """One tournament file, read through a connection of its own; `read_only` also refuses to write the
    sync's bookkeeping (what `tourneydesk sync` needs to find the website: the file is only looked at)."""

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        self.path = Path(path)
        mode = "ro" if read_only else "rw"  # never "rwc": a missing file is an error, not a new file
        with _sqlite_errors():
            self._conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode={mode}", uri=True,
                                         isolation_level=None, check_same_thread=True)
        try:
            with _sqlite_errors():
                self._conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
                row = self._conn.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone()
                columns = {str(r[1]) for r in self._conn.execute("PRAGMA table_info(events)")}
                page_size = int(self._conn.execute("PRAGMA page_size").fetchone()[0])
            if not read_only:  # it writes the sync's row: its index must not grow into holes (`shm`)
                try:
                    shm.reserve(self.path, shm.wal_frames(self.path, page_size) + 2 * shm.FRAMES_PER_REGION)
                except OSError as error:
                    raise LogUnreadable(f"{self.path.name}: {error.strerror}") from error
        except BaseException:
            self._conn.close()
            raise
        if row is None:
            self._conn.close()
            raise ValueError(f"{self.path.name} has no tournament id: it is not a TourneyDesk tournament file")
        self.tournament_id: str = str(row[0])
        self._stored_hashes = "hash" in columns  # a file that keeps its chain; older ones: computed here
        self._chain: list[str] = [GENESIS]  # computed hashes, index = seq (0: the hash before the first)

    # ------------------------------------------------------------------ the log

    def last_seq(self) -> int:
        with _sqlite_errors():
            row = self._conn.execute("SELECT MAX(seq) FROM events").fetchone()
        return int(row[0] or 0)

    def events(self, after: int, limit: int) -> list[StoredEvent]:
        """Up to `limit` events after seq `after`, in order, with their hashes when the file keeps them
        ("" in a file from before the chain: `hashes` computes them).

        Each batch is checked against the chain from the hash of event `after`: events that do not match it
        (the disk damaged them since the desk opened the file) are never sent; LogUnreadable says where."""
        hash_column = "hash" if self._stored_hashes else "''"
        with _sqlite_errors():
            rows = self._conn.execute(
                f"SELECT seq, command_seq, type, at, station, actor, payload, {hash_column} FROM events"
                " WHERE seq > ? ORDER BY seq LIMIT ?", (after, limit)).fetchall()
        if self._stored_hashes and rows:
            try:
                verify(rows, self.hash_at(after), after + 1)
            except ChainBreak as broken:
                raise LogUnreadable(f"{self.path.name} is damaged at event #{broken.seq} ({broken.why}): "
                                    "nothing from there on is sent") from None
        return [StoredEvent(int(seq), int(command_seq), str(kind), float(at), station, actor, _loads(payload),
                            str(hash_ or ""))
                for seq, command_seq, kind, at, station, actor, payload, hash_ in rows]

    def newest_payload(self, types: Sequence[str], key: str) -> dict[str, Any] | None:
        """The payload of the newest event of one of `types` that carries `key`, or None."""
        marks = ", ".join("?" for _ in types)
        with _sqlite_errors():
            row = self._conn.execute(
                f"SELECT payload FROM events WHERE type IN ({marks}) AND payload LIKE ? ORDER BY seq DESC LIMIT 1",
                (*types, f'%"{key}"%')).fetchone()
        if row is None:
            return None
        payload = _loads(row[0])
        return payload if isinstance(payload, dict) else None

    # ------------------------------------------------------------------ the chain

    def hash_at(self, seq: int) -> str:
        """The chain's hash after event `seq` (GENESIS for 0)."""
        if seq <= 0:
            return GENESIS
        return self.hashes(seq, seq)[seq]

    def hashes(self, first: int, last: int) -> dict[int, str]:
        """The hashes of events `first`..`last` (all in the log)."""
        if self._stored_hashes:
            with _sqlite_errors():
                rows = self._conn.execute("SELECT seq, hash FROM events WHERE seq BETWEEN ? AND ?",
                                          (first, last)).fetchall()
            found = {int(seq): str(h) for seq, h in rows if h}
            if len(found) == last - first + 1:
                return found
        self._extend_chain(last)
        return {seq: self._chain[seq] for seq in range(first, last + 1)}

    def _extend_chain(self, upto: int) -> None:
        """Hash the log up to `upto`, from where the last call stopped (the log only grows at its end)."""
        if upto < len(self._chain):
            return
        with _sqlite_errors():
            rows = self._conn.execute(
                "SELECT seq, command_seq, type, at, station, actor, payload FROM events WHERE seq >= ? AND seq <= ?"
                " ORDER BY seq", (len(self._chain), upto)).fetchall()
        for seq, command_seq, kind, at, station, actor, payload in rows:
            if seq != len(self._chain):
                raise ValueError(f"{self.path.name} has no event #{len(self._chain)}: its log has a gap")
            self._chain.append(event_hash(self._chain[-1], seq, command_seq, kind, at, station, actor, payload))
        if upto >= len(self._chain):
            raise ValueError(f"{self.path.name} ends at event #{len(self._chain) - 1}, not #{upto}")

    # ------------------------------------------------------------------ the sync's bookkeeping

    def acked(self, target: str) -> int:
        with _sqlite_errors():
            return sync_state.acked_seq(self._conn, target)

    def last_error(self, target: str) -> str | None:
        with _sqlite_errors():
            return sync_state.last_error(self._conn, target)

    def record_acked(self, target: str, seq: int, at: float) -> None:
        """What `target` acknowledged, stored as it said (it may be behind us: it lost data)."""
        with _sqlite_errors():
            sync_state.record_acked(self._conn, target, seq, at)

    def record_error(self, target: str, error: str | None) -> None:
        with _sqlite_errors():
            sync_state.record_error(self._conn, target, error)

    # ------------------------------------------------------------------ closing

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
