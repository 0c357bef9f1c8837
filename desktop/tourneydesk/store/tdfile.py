"""One tournament, one SQLite file: the event log, its projections, migrations and backups.

Why it looks like this (DESIGN.md sections 2, 5 and 7):

* The log is the truth. `append` is the only write of the hot path: every command's events (and
  its idempotency row) go in ONE transaction, so a command is either wholly in the file or not
  at all, and an acknowledged command survives a power cut (WAL + `synchronous=FULL`).
* We own the transactions: the connection is opened with `isolation_level=None` and every write
  is an explicit `BEGIN IMMEDIATE ... COMMIT` (ROLLBACK on any error). sqlite-utils 4 changed its
  transaction handling, so it is used here only to look at a file (tables, columns), never to
  write on the hot path.
* One connection, one thread: `check_same_thread` stays on, so a job that strays onto another
  thread fails loudly instead of racing the desk.
* A file we cannot honour (missing, foreign, newer, corrupt) is refused before anything writes
  to it, and the checks read it in a way that cannot change a byte of it (see `_inspect`).
* The store never reads the clock on its own: instants (`at`, backup names) are passed in. The
  exceptions are `close()` and `open()` called without `now`, which need a time for a backup name.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import sqlite_utils

from tourneydesk import resources
from tourneydesk.core.errors import FileRefused

__all__ = [
    "APP_ID",
    "NewEvent",
    "StoredEvent",
    "TournamentFile",
    "load_migrations",
    "migrations_dir",
]

AUTOCHECKPOINT_PAGES = 16_000  # about 64 MB: reached only if nothing calls checkpoint_wal
APP_ID = "tourneydesk"
"""The value of meta.app: how one of our files is told apart from any other SQLite file."""

MIGRATIONS_ENV = "TOURNEYDESK_MIGRATIONS"

_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
_MIN_PAGE_SIZE = 512

# What a file at schema >= N must already hold before this program migrates it: table -> columns
# this code reads or writes. Checked on open so that a file with a table missing is refused as
# corrupt instead of failing on the first command. When a migration adds a table or a column the
# code depends on, add it here under that migration's number.
_REQUIRED_SINCE: dict[int, dict[str, frozenset[str]]] = {
    1: {
        "meta": frozenset({"key", "value"}),
        "events": frozenset({"seq", "command_seq", "type", "at", "station", "actor", "payload"}),
        "commands": frozenset({"command_id", "first_seq", "last_seq", "result"}),
        "checkpoint": frozenset({"id", "seq", "state"}),
        "sync_state": frozenset({"target", "acked_seq", "updated_at", "last_error"}),
    },
}

# The hot path's SQL, prepared once by sqlite3's statement cache (same string, same statement).
_INSERT_EVENT = (
    "INSERT INTO events (seq, command_seq, type, at, station, actor, payload) VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_COMMAND = "INSERT INTO commands (command_id, first_seq, last_seq, result) VALUES (?, ?, ?, ?)"
_SELECT_EVENTS = (
    "SELECT seq, command_seq, type, at, station, actor, payload FROM events"
    " WHERE seq > ? ORDER BY seq LIMIT ?"
)
_EVENTS_PAGE = 1000

# One encoder built once: json.dumps() with keyword arguments builds a new encoder on every call.
# allow_nan=False: NaN/Infinity are not JSON, and the design keeps floats out of state anyway.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True, allow_nan=False)
_dumps = _ENCODER.encode
_loads = json.loads

_MIGRATION_NAME = re.compile(r"^(\d+)_[A-Za-z0-9_.-]*\.sql$")
_REASON_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True, slots=True)
class NewEvent:
    """An event the desk has decided, not yet in the log.

    Validated here, at construction, so that a bad event fails before any transaction opens.
    """

    type: str
    at: float
    payload: dict[str, Any]
    station: str | None = None
    actor: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.type, str) or not self.type:
            raise ValueError(f"event type must be a non-empty string, not {self.type!r}")
        if isinstance(self.at, bool) or not isinstance(self.at, int | float) or not math.isfinite(self.at):
            raise ValueError(f"event time must be finite POSIX seconds, not {self.at!r}")
        if not isinstance(self.payload, dict):
            raise ValueError(f"event payload must be a dict, not {type(self.payload).__name__}")


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event as read back from the log, with its place in it (`seq`, `command_seq`)."""

    seq: int
    command_seq: int
    type: str
    at: float
    station: str | None
    actor: str | None
    payload: dict[str, Any]


def migrations_dir() -> Path:
    """Where the numbered SQL migrations live.

    `$TOURNEYDESK_MIGRATIONS` wins (a test points it elsewhere); otherwise the package
    `tourneydesk.migrations` (the repository's `db/migrations`, shipped inside the package), found
    through the one lookup every installed form shares.
    """
    override = os.environ.get(MIGRATIONS_ENV)
    if override:
        return Path(override)
    return resources.migrations_folder()


def load_migrations(folder: str | Path | None = None) -> list[tuple[int, str]]:
    """The migrations as (number, SQL), in order; numbered 1, 2, 3... without a gap.

    A gap or a duplicate is a packaging bug, not a user's problem, so it raises `ValueError`:
    applying 1 and 3 without 2 would write a file whose user_version lies about its schema.
    Files not named `NNN_name.sql` (a README) are ignored.
    """
    root = Path(folder) if folder is not None else migrations_dir()
    found: dict[int, Path] = {}
    for entry in root.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match is None or not entry.is_file():
            continue
        number = int(match.group(1))
        if number in found:
            clash = f"{found[number].name}, {entry.name}"
            raise ValueError(f"two migrations numbered {number} in {root}: {clash}")
        found[number] = entry
    numbers = sorted(found)
    if numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"migrations in {root} must be numbered 1, 2, 3... without a gap, found {numbers}")
    if not numbers:
        raise ValueError(f"no migrations in {root}")
    return [(n, found[n].read_text(encoding="utf-8")) for n in numbers]


class TournamentFile:
    """One `.tdesk` file, over one `sqlite3.Connection` that this object opens and owns.

    Build it with `create` or `open`, never directly. Not thread-safe by design: all SQLite work
    stays on the thread that opened the file (DESIGN.md section 7).
    """

    transaction_count: int
    """COMMITs this object has issued (migrations, appends, checkpoints, sync state), so a test can
    assert that one command is one transaction."""

    def __init__(self, path: Path, conn: sqlite3.Connection, *, _token: object = None) -> None:
        if _token is not _PRIVATE:
            raise TypeError("use TournamentFile.create(...) or TournamentFile.open(...)")
        self._path = path
        self._conn: sqlite3.Connection | None = conn
        self._db = sqlite_utils.Database(conn, recursive_triggers=False, execute_plugins=False)
        self.transaction_count = 0
        self._schema_version = 0
        self._tournament_id = ""
        self._last_seq = 0

    # ------------------------------------------------------------------ opening

    @classmethod
    def create(
        cls,
        path: str | Path,
        *,
        tournament_id: str,
        created_at: float,
        app_version: str,
        migrations: str | Path | None = None,
    ) -> TournamentFile:
        """Write a new tournament file at `path`, which must not exist (FILE_EXISTS).

        All migrations and the meta rows go in one transaction, so a crash while creating leaves
        an empty file (refused later as foreign) rather than a schema without its meta; an error
        while creating removes the half-made file.
        """
        path = Path(path)
        steps = load_migrations(migrations)
        try:  # claim the name atomically: O_EXCL fails if anything is there, even a dangling link
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            raise FileRefused(
                "FILE_EXISTS",
                f"{path.name} already exists; choose another name or open it",
                path=str(path),
            ) from None
        try:  # an empty file is an empty SQLite database
            conn = sqlite3.connect(_uri(path, "rw"), uri=True, isolation_level=None)
        except BaseException:
            path.unlink()
            raise
        self = cls(path, conn, _token=_PRIVATE)
        try:
            self._set_pragmas()
            meta = {
                "app": APP_ID,
                "tournament_id": tournament_id,
                "created_at": repr(float(created_at)),
                "app_version": app_version,
            }
            try:
                conn.executescript(_migration_script(steps))
                conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", list(meta.items()))
                conn.execute("COMMIT")
            except BaseException:
                _rollback_quietly(conn)
                raise
            self.transaction_count += 1
            self._load_cached_state()
        except BaseException:
            conn.close()
            # The name was claimed above, so what is there is our half-made file; leaving it
            # would block a retry with the same name (FILE_EXISTS).
            for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                with contextlib.suppress(OSError):
                    leftover.unlink()
            raise
        return self

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        migrations: str | Path | None = None,
        now: float | None = None,
    ) -> TournamentFile:
        """Open an existing tournament file, refusing it untouched if it is not one we can honour.

        The checks (FILE_MISSING, FILE_FOREIGN, FILE_NEWER, FILE_CORRUPT) run on a read-only view
        before any write. Then pending migrations run, one transaction each; before the first of
        them a backup is written (reason `before-schema-N`), so an upgrade can always be undone by
        hand. `now` names that backup; without it the clock is read.
        """
        path = Path(path)
        steps = load_migrations(migrations)
        known = steps[-1][0]
        file_version = _inspect(path, known)
        conn = sqlite3.connect(_uri(path, "rw"), uri=True, isolation_level=None)
        self = cls(path, conn, _token=_PRIVATE)
        try:
            try:
                self._set_pragmas()
                current = conn.execute("PRAGMA user_version").fetchone()[0]
            except sqlite3.OperationalError as error:
                if _is_busy(error):
                    raise _in_use(path) from error
                raise
            if current != file_version:
                raise FileRefused(
                    "FILE_CORRUPT",
                    f"{path.name} changed while it was being opened; close the other program and try again",
                    path=str(path),
                )
            pending = [(n, sql) for n, sql in steps if n > current]
            if pending:
                self._load_cached_state()
                self.backup(f"before-schema-{pending[-1][0]}", time.time() if now is None else now)
            for number, sql in pending:
                try:
                    conn.executescript(_migration_script([(number, sql)]))
                    conn.execute("COMMIT")
                except BaseException:
                    _rollback_quietly(conn)
                    raise
                self.transaction_count += 1
            self._load_cached_state()
        except BaseException:
            conn.close()
            raise
        return self

    def _set_pragmas(self) -> None:
        """WAL + synchronous=FULL: a COMMIT that returned is on disk (DESIGN.md section 5)."""
        conn = self._require_open()
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise RuntimeError(
                f"{self._path.name}: SQLite refused WAL mode (got {mode!r}); is it on a network drive?"
            )
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        # The desk's timer folds the WAL back between commands (`checkpoint_wal`); SQLite's own
        # checkpoint at COMMIT is only the safety net, so that no buy-in waits for one.
        conn.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")

    def wal_pages(self) -> int:
        """Pages waiting in the write-ahead log (0 when there is none)."""
        wal = Path(f"{self._path}-wal")
        try:
            size = wal.stat().st_size
        except FileNotFoundError:
            return 0
        return max(0, size - 32) // (self._page_size + 24)

    def checkpoint_wal(self) -> None:
        """Copy the WAL into the file and empty it (so its size says what waits): between commands."""
        self._require_open().execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def _load_cached_state(self) -> None:
        """Read once what the hot path and the properties need, so they never query for it."""
        conn = self._require_open()
        self._schema_version = conn.execute("PRAGMA user_version").fetchone()[0]
        self._page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        row = conn.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone()
        self._tournament_id = row[0] if row and row[0] is not None else ""
        self._last_seq = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]

    # ------------------------------------------------------------------ properties

    @property
    def path(self) -> Path:
        return self._path

    @property
    def tournament_id(self) -> str:
        return self._tournament_id

    @property
    def schema_version(self) -> int:
        return self._schema_version

    @property
    def meta(self) -> dict[str, str]:
        """The meta table as a dict (read each time: it is tiny and rarely asked for)."""
        conn = self._require_open()
        return {key: value for key, value in conn.execute("SELECT key, value FROM meta ORDER BY key")}

    @property
    def closed(self) -> bool:
        return self._conn is None

    @property
    def connection(self) -> sqlite3.Connection:
        """The raw connection, for tests (trace callbacks) and read-only projections. Do not write."""
        return self._require_open()

    @property
    def db(self) -> sqlite_utils.Database:
        """A sqlite-utils view of the same connection, for introspection. Do not write through it."""
        self._require_open()
        return self._db

    # ------------------------------------------------------------------ the log

    def last_seq(self) -> int:
        """The seq of the newest event, 0 for an empty log (from memory, kept current by append)."""
        return self._last_seq

    def append(
        self,
        events: Sequence[NewEvent],
        *,
        command_id: str | None = None,
        result_fn: Callable[[int, int], dict[str, Any]] | None = None,
    ) -> tuple[int, int]:
        """Append a command's events in ONE transaction; return (first_seq, last_seq).

        Every event gets command_seq = first_seq, so undo can find the whole command. With a
        `command_id`, the commands row (result = `result_fn(first_seq, last_seq)`, or
        `{"seq": last_seq}` without one) is written in the same transaction, so a retry can never
        find events without their result nor a result without its events. `result_fn` is ignored
        without a `command_id`. A `command_id` already stored raises `sqlite3.IntegrityError` and
        writes nothing: the desk asks `command_result` first.

        Everything that can fail in Python (JSON, result_fn) runs before BEGIN, which keeps the
        write lock as short as possible; anything failing after BEGIN is rolled back and re-raised.
        Seqs are assigned from the in-memory last_seq: should another connection have written to
        the file, the INSERT hits the primary key and the append fails instead of interleaving.
        """
        conn = self._conn
        if conn is None:
            raise RuntimeError("the tournament file is closed")
        count = len(events)
        if count == 0:
            raise ValueError("append needs at least one event")
        first = self._last_seq + 1
        last = first + count - 1
        dumps = _dumps
        rows = [
            (seq, first, e.type, e.at, e.station, e.actor, dumps(e.payload))
            for seq, e in enumerate(events, start=first)
        ]
        result_json: str | None = None
        if command_id is not None:
            result_json = dumps(result_fn(first, last) if result_fn is not None else {"seq": last})

        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.executemany(_INSERT_EVENT, rows)
            if result_json is not None:
                conn.execute(_INSERT_COMMAND, (command_id, first, last, result_json))
            conn.execute("COMMIT")
        except BaseException:
            _rollback_quietly(conn)
            raise
        self._last_seq = last
        self.transaction_count += 1
        return first, last

    def events(self, after: int = 0) -> Iterator[StoredEvent]:
        """The events with seq > `after`, in seq order.

        Read in pages, each fetched whole, so an abandoned iteration leaves no SQLite statement
        open (an open statement would hold a read snapshot and stop WAL checkpoints). Events
        appended while iterating are included.
        """
        conn = self._require_open()
        position = after
        while True:
            rows = conn.execute(_SELECT_EVENTS, (position, _EVENTS_PAGE)).fetchall()
            for seq, command_seq, type_, at, station, actor, payload in rows:
                yield StoredEvent(seq, command_seq, type_, at, station, actor, _loads(payload))
            if len(rows) < _EVENTS_PAGE:
                return
            position = rows[-1][0]

    def command_seq_of(self, seq: int) -> int | None:
        """The first event of the command that event `seq` belongs to, or None if there is no such event."""
        conn = self._require_open()
        row = conn.execute("SELECT command_seq FROM events WHERE seq = ?", (seq,)).fetchone()
        return None if row is None else int(row[0])

    def command_result(self, command_id: str) -> dict[str, Any] | None:
        """The stored result of an accepted `command_id`, or None if it was never accepted."""
        conn = self._require_open()
        row = conn.execute("SELECT result FROM commands WHERE command_id = ?", (command_id,)).fetchone()
        return None if row is None else _loads(row[0])

    # ------------------------------------------------------------------ checkpoint (a projection)

    def save_checkpoint(self, seq: int, state: dict[str, Any]) -> None:
        """Store the folded state as of `seq` (replacing any older one), in its own transaction."""
        if not 0 <= seq <= self._last_seq:
            raise ValueError(f"checkpoint seq {seq} is outside the log (last seq {self._last_seq})")
        text = _dumps(state)
        with self._write() as conn:
            conn.execute(
                "INSERT INTO checkpoint (id, seq, state) VALUES (1, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
                (seq, text),
            )

    def load_checkpoint(self) -> tuple[int, dict[str, Any]] | None:
        """(seq, state) of the stored checkpoint, or None.

        A checkpoint beyond the log (a file restored by hand) is ignored rather than trusted.
        """
        conn = self._require_open()
        row = conn.execute("SELECT seq, state FROM checkpoint WHERE id = 1").fetchone()
        if row is None or row[0] > self._last_seq:
            return None
        return row[0], _loads(row[1])

    def drop_checkpoint(self) -> None:
        """Forget the checkpoint (the next open replays from the first event)."""
        with self._write() as conn:
            conn.execute("DELETE FROM checkpoint")

    # ------------------------------------------------------------------ website sync state

    def sync_acked(self, target: str) -> int:
        """The last seq `target` acknowledged (0 when it has acknowledged nothing yet)."""
        conn = self._require_open()
        row = conn.execute("SELECT acked_seq FROM sync_state WHERE target = ?", (target,)).fetchone()
        return 0 if row is None else int(row[0])

    def set_sync_acked(self, target: str, seq: int, at: float) -> None:
        """Record that `target` acknowledged everything up to `seq` at `at`; clears its last error.

        Stored as given (not max'ed): if the website lost data, the sync may have to go back.
        """
        if not 0 <= seq <= self._last_seq:
            raise ValueError(f"acked seq {seq} is outside the log (last seq {self._last_seq})")
        with self._write() as conn:
            conn.execute(
                "INSERT INTO sync_state (target, acked_seq, updated_at, last_error) VALUES (?, ?, ?, NULL)"
                " ON CONFLICT (target) DO UPDATE SET acked_seq = excluded.acked_seq,"
                " updated_at = excluded.updated_at, last_error = NULL",
                (target, seq, at),
            )

    def set_sync_error(self, target: str, error: str | None) -> None:
        """Record (or clear, with None) why the last push to `target` failed, for the TD's screen."""
        with self._write() as conn:
            conn.execute(
                "INSERT INTO sync_state (target, acked_seq, last_error) VALUES (?, 0, ?)"
                " ON CONFLICT (target) DO UPDATE SET last_error = excluded.last_error",
                (target, error),
            )

    # ------------------------------------------------------------------ backups and closing

    def backup(self, reason: str, now: float, *, keep: int = 10) -> Path:
        """Copy the file with SQLite's online backup API; keep the newest `keep` copies.

        Written to `<dir>/<stem>.backups/<stem>-<UTC yyyymmdd-hhmmss>-<reason>-s<seq>.tdesk`
        (`-2`, `-3`... added if that name exists), first under a `.partial` name and renamed when
        complete, so a crash never leaves a half copy that looks whole. Pruning only ever deletes
        files matching that pattern for this stem, oldest first by (time in the name, seq), and
        never the copy just written, even if the clock went backwards.
        """
        conn = self._require_open()
        if keep < 1:
            raise ValueError("keep must be at least 1")
        stem = self._path.stem
        folder = self._path.parent / f"{stem}.backups"
        folder.mkdir(exist_ok=True)
        stamp = datetime.fromtimestamp(now, tz=UTC).strftime("%Y%m%d-%H%M%S")
        label = _REASON_UNSAFE.sub("_", reason).strip("_-")[:40] or "backup"
        base = f"{stem}-{stamp}-{label}-s{self._last_seq}"
        dest = folder / f"{base}.tdesk"
        counter = 2
        while os.path.lexists(dest):
            dest = folder / f"{base}-{counter}.tdesk"
            counter += 1
        partial = dest.with_name(dest.name + ".partial")
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
        target = sqlite3.connect(partial, isolation_level=None)
        try:
            conn.backup(target)
        except BaseException:
            target.close()
            with contextlib.suppress(OSError):
                partial.unlink()
            raise
        target.close()
        os.replace(partial, dest)
        _fsync_dir(folder)
        self._prune_backups(folder, stem, keep, dest)
        return dest

    def _prune_backups(self, folder: Path, stem: str, keep: int, newest: Path) -> None:
        pattern = re.compile(
            rf"^{re.escape(stem)}-(\d{{8}}-\d{{6}})-.+-s(\d+)(?:-(\d+))?\.tdesk(\.partial)?$"
        )
        ranked: list[tuple[tuple[str, int, int], Path]] = []
        for entry in folder.iterdir():
            match = pattern.match(entry.name)
            if match is None or entry == newest:
                continue
            if match.group(4):  # a .partial left by a crash: never a usable copy
                with contextlib.suppress(OSError):
                    entry.unlink()
                continue
            ranked.append(((match.group(1), int(match.group(2)), int(match.group(3) or 1)), entry))
        ranked.sort()
        for _, old in ranked[: max(0, len(ranked) - (keep - 1))]:
            with contextlib.suppress(OSError):  # e.g. open in another program on Windows: next time
                old.unlink()

    def close(self, *, backup: bool = True, now: float | None = None) -> None:
        """Optional final backup (reason `close`), fold the WAL into the file, close. Idempotent.

        The connection is closed even if the backup fails (the backup's error is then raised):
        a clean close matters more than one more copy.
        """
        conn = self._conn
        if conn is None:
            return
        try:
            if conn.in_transaction:
                _rollback_quietly(conn)
            if backup:
                self.backup("close", time.time() if now is None else now)
        finally:
            try:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
                self._conn = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._conn is None else f"seq {self._last_seq}"
        return f"<TournamentFile {str(self._path)!r} {self._tournament_id!r} {state}>"

    # ------------------------------------------------------------------ helpers

    def _require_open(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("the tournament file is closed")
        return self._conn

    @contextlib.contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT around a block, ROLLBACK and re-raise on any error."""
        conn = self._require_open()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
            conn.execute("COMMIT")
        except BaseException:
            _rollback_quietly(conn)
            raise
        self.transaction_count += 1


_PRIVATE = object()


def _uri(path: Path, mode: str, *, immutable: bool = False) -> str:
    """A `file:` URI for `path` (percent-encoded, so `?`, `#` and `%` in a name are safe)."""
    uri = f"{path.resolve().as_uri()}?mode={mode}"
    return uri + "&immutable=1" if immutable else uri


def _rollback_quietly(conn: sqlite3.Connection) -> None:
    """ROLLBACK if a transaction is still open, without masking the error that got us here."""
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


def _migration_script(steps: Sequence[tuple[int, str]]) -> str:
    """One script that opens a transaction, runs `steps` and sets user_version after each.

    The caller runs it with `executescript` and then COMMITs (or rolls back if it failed), so the
    transaction stays open for more work (the meta rows of `create`). The BEGIN is inside the
    script because `executescript` COMMITs any open transaction before it starts (Python 3.11),
    which is also why several migrations that must share one transaction share one script.
    """
    parts = ["BEGIN IMMEDIATE;"]
    for number, sql in steps:
        parts.append(f"{sql}\n;\nPRAGMA user_version = {int(number)};")
    return "\n".join(parts) + "\n"


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); a no-op where directories cannot be opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _refuse(code: str, path: Path, message: str, **params: Any) -> FileRefused:
    return FileRefused(code, message, path=str(path), **params)


def _inspect(path: Path, known_version: int) -> int:
    """Decide whether `path` is a tournament file we can open; return its schema version.

    Raises FileRefused otherwise. Nothing here can change the file: the header is read with a
    plain read, and SQLite looks at it through a read-only connection. When no write-ahead log
    holds data (a cleanly closed file) the connection is also `immutable=1`, which takes no
    locks and creates no `-wal`/`-shm` files beside it; with a non-empty `-wal` (after a crash,
    or the file is open elsewhere) plain `mode=ro` is needed to see the committed data in it.
    """
    if not os.path.lexists(path):
        raise _refuse("FILE_MISSING", path, f"{path.name} does not exist (looked in {path.parent})")
    if path.is_dir():
        raise _refuse("FILE_FOREIGN", path, f"{path.name} is a folder, not a TourneyDesk tournament file")
    size = path.stat().st_size
    with path.open("rb") as handle:
        header = handle.read(_HEADER_SIZE)
    if size == 0:
        raise _refuse("FILE_FOREIGN", path, f"{path.name} is empty: it is not a TourneyDesk tournament file")
    if not header.startswith(_SQLITE_MAGIC):
        raise _refuse(
            "FILE_FOREIGN",
            path,
            f"{path.name} is not a TourneyDesk tournament file (it is not an SQLite database)",
        )
    wal = Path(f"{path}-wal")
    wal_has_data = wal.exists() and wal.stat().st_size > 0
    if len(header) < _HEADER_SIZE or size < _MIN_PAGE_SIZE:
        raise _refuse("FILE_CORRUPT", path, _damaged(path, f"it is cut short ({size} bytes)"))
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    header_size_valid = header[24:28] == header[92:96] and pages > 0
    if not wal_has_data and header_size_valid and size < pages * page_size:
        raise _refuse(
            "FILE_CORRUPT",
            path,
            _damaged(path, f"it is cut short ({size} bytes of {pages * page_size})"),
        )

    journal = Path(f"{path}-journal")
    immutable = not wal_has_data and not journal.exists()
    try:
        ro = sqlite3.connect(_uri(path, "ro", immutable=immutable), uri=True)
    except sqlite3.Error as error:
        raise _refuse("FILE_CORRUPT", path, _damaged(path, str(error))) from error
    try:
        return _inspect_sql(path, ro, known_version)
    except FileRefused:
        raise
    except sqlite3.Error as error:
        if _is_busy(error):
            raise _in_use(path) from error
        raise _refuse("FILE_CORRUPT", path, _damaged(path, str(error))) from error
    finally:
        ro.close()


def _inspect_sql(path: Path, ro: sqlite3.Connection, known_version: int) -> int:
    """The checks that need SQL, in the order that gives the most useful message."""
    db = sqlite_utils.Database(ro, recursive_triggers=False, execute_plugins=False)
    tables = set(db.table_names())
    app: str | None = None
    if "meta" in tables:
        try:
            row = ro.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
        except sqlite3.OperationalError as error:  # a `meta` table of another program
            if "no such column" not in str(error):
                raise
            row = None
        app = None if row is None else row[0]
    if app != APP_ID:
        raise _refuse(
            "FILE_FOREIGN",
            path,
            f"{path.name} is not a TourneyDesk tournament file (it is an SQLite database of another program)",
        )
    version = int(ro.execute("PRAGMA user_version").fetchone()[0])
    if version > known_version:
        raise _refuse(
            "FILE_NEWER",
            path,
            f"This file was written by a newer TourneyDesk (schema {version}); "
            f"this version reads up to schema {known_version}",
            file_schema=version,
            known_schema=known_version,
        )
    if version < 1:
        raise _refuse("FILE_CORRUPT", path, _damaged(path, "it has no schema version"))
    problems = [str(r[0]) for r in ro.execute("PRAGMA quick_check(5)").fetchall()]
    if problems != ["ok"]:
        raise _refuse("FILE_CORRUPT", path, _damaged(path, "; ".join(problems)), problems=problems)
    for since, required in _REQUIRED_SINCE.items():
        if since > version:
            continue
        for table, columns in required.items():
            if table not in tables:
                raise _refuse("FILE_CORRUPT", path, _damaged(path, f"its {table} table is missing"))
            missing = sorted(columns - set(db[table].columns_dict))
            if missing:
                raise _refuse(
                    "FILE_CORRUPT",
                    path,
                    _damaged(path, f"its {table} table lacks {', '.join(missing)}"),
                )
    return version


def _is_busy(error: sqlite3.Error) -> bool:
    return str(getattr(error, "sqlite_errorname", "")).startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def _in_use(path: Path) -> FileRefused:
    """FILE_IN_USE: another program holds a lock on the file (an addition to the five codes)."""
    return _refuse(
        "FILE_IN_USE", path, f"{path.name} is in use by another program; close it there and try again"
    )


def _damaged(path: Path, detail: str) -> str:
    """The FILE_CORRUPT message: what is wrong, and where the backups are if there are any."""
    backups = path.parent / f"{path.stem}.backups"
    hint = f"; its backups are in {backups}" if backups.is_dir() else ""
    return f"{path.name} is damaged and cannot be opened ({detail}){hint}"
