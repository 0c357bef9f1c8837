"""The `sync_state` table: per website, the last seq it acknowledged and why the last push failed.

This is the sync's bookkeeping, not the tournament's: no rule reads it, no snapshot shows it, undo and
replay never see it. So it is written outside the command path (no event, no `commands` row), by
whichever connection does the syncing: the desk's own file (`TournamentFile.set_sync_acked`) or the
pusher's reader beside it (`store.log_reader.LogReader`). Both write it through the statements below,
so the table has one definition of what an acknowledgement or an error does to its row.
"""

from __future__ import annotations

import sqlite3

__all__ = ["acked_seq", "last_error", "record_acked", "record_error"]

_SELECT_ACKED = "SELECT acked_seq FROM sync_state WHERE target = ?"
_SELECT_ERROR = "SELECT last_error FROM sync_state WHERE target = ?"
# An acknowledgement clears the error: the site answered, so whatever failed before is over.
_UPSERT_ACKED = (
    "INSERT INTO sync_state (target, acked_seq, updated_at, last_error) VALUES (?, ?, ?, NULL)"
    " ON CONFLICT (target) DO UPDATE SET acked_seq = excluded.acked_seq,"
    " updated_at = excluded.updated_at, last_error = NULL"
)
# An error leaves what was acknowledged as it was (a first push that fails acknowledges nothing: 0).
_UPSERT_ERROR = (
    "INSERT INTO sync_state (target, acked_seq, last_error) VALUES (?, 0, ?)"
    " ON CONFLICT (target) DO UPDATE SET last_error = excluded.last_error"
)


def acked_seq(conn: sqlite3.Connection, target: str) -> int:
    """The last seq `target` acknowledged (0 when it has acknowledged nothing yet)."""
    row = conn.execute(_SELECT_ACKED, (target,)).fetchone()
    return 0 if row is None else int(row[0])


def last_error(conn: sqlite3.Connection, target: str) -> str | None:
    """Why the last push to `target` failed, or None (it did not, or nothing was tried yet)."""
    row = conn.execute(_SELECT_ERROR, (target,)).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def record_acked(conn: sqlite3.Connection, target: str, seq: int, at: float) -> None:
    """`target` acknowledged everything up to `seq` at `at`; stored as given, never max'ed (a site that
    lost data acknowledges less than before, and the sync must go back)."""
    conn.execute(_UPSERT_ACKED, (target, seq, at))


def record_error(conn: sqlite3.Connection, target: str, error: str | None) -> None:
    """Why the last push to `target` failed (None clears it), for the TD's screen at the next start."""
    conn.execute(_UPSERT_ERROR, (target, error))
