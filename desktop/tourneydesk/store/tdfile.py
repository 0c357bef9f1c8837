"""One tournament, one SQLite file: the event log, its projections, migrations and backups.

Why it looks like this (docs/architecture.md):

* The log is the truth. `append` is the only write of the hot path: every command's events (and
  its idempotency row) go in ONE transaction, so a command is either wholly in the file or not
  at all, and an acknowledged command survives a power cut (WAL + `synchronous=FULL`).
* We own the transactions: the connection is opened with `isolation_level=None` and every write
  is an explicit `BEGIN IMMEDIATE ... COMMIT` (ROLLBACK on any error). sqlite-utils 4 changed its
  transaction handling, so it is used here only to look at a file (tables, columns), never to
  write on the hot path.
* One connection, one thread at a time: the desk may open a file on a worker thread and hand it to
  the GUI thread, or lend it to a worker for a slow undo, so the connection is not tied to the
  thread that opened it (`check_same_thread` off); the Desk's lock lets one thread in at a time.
* A file we cannot honour (missing, foreign, newer, corrupt) is refused before anything writes
  to it, and the checks read it in a way that cannot change a byte of it (see `_inspect`).
* The store never reads the clock on its own: instants (`at`, backup names) are passed in. The
  exceptions are `close()` and `open()` called without `now`, which need a time for a backup name.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import shutil
import sqlite3
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, NoReturn, Self

import sqlite_utils

from tourneydesk import resources
from tourneydesk.core.protocol.errors import FileRefused, TourneyError
from tourneydesk.store import backups, log_check, shm, sync_state
from tourneydesk.store.acked import Acked, AckNote, read_ack
from tourneydesk.store.chain import GENESIS, event_hash
from tourneydesk.store.lock import FileLock, lock_held
from tourneydesk.store.log_check import CHAIN_SCHEMA, SEALS_SCHEMA, Background, Checkpoint, checkpoint_seal
from tourneydesk.store.refusals import damaged, in_use, is_busy, log_damaged, refuse
from tourneydesk.store.schema import unexpected
from tourneydesk.store.seal import holds, seal

__all__ = [
    "APP_ID",
    "NewEvent",
    "StoredEvent",
    "TournamentFile",
    "answer_holds",
    "load_migrations",
    "migrations_dir",
]

AUTOCHECKPOINT_PAGES = 16_000  # about 64 MB: reached only if nothing calls checkpoint_wal
WAL_SIZE_LIMIT = 8 * 1024 * 1024  # what the write-ahead log keeps of its blocks once it starts over
SYNCHRONOUS = "FULL"
"""How SQLite waits for the disk at COMMIT: FULL, so that an acknowledged command survives a power cut.
Nothing in the program changes it; only the test suite lowers it to OFF, for the tests of the rules,
which need a real file but not a durable one (the tests of durability, marked `durable`, keep FULL and
assert it)."""

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
    2: {"events": frozenset({"hash"})},
    3: {"checkpoint": frozenset({"hash", "commands", "seal"}), "commands": frozenset({"seal"})},
}

# The hot path's SQL, prepared once by sqlite3's statement cache (same string, same statement).
_INSERT_EVENT = (
    "INSERT INTO events (seq, command_seq, type, at, station, actor, payload, hash)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_COMMAND = "INSERT INTO commands (command_id, first_seq, last_seq, result, seal) VALUES (?, ?, ?, ?, ?)"
_INSERT_COMMAND_UNSEALED = "INSERT INTO commands (command_id, first_seq, last_seq, result) VALUES (?, ?, ?, ?)"
ANSWER_SEAL = "answer"
# Never past the seq this object holds: a read-only view beside a writer shows the log as it opened it.
_SELECT_EVENTS = (
    "SELECT seq, command_seq, type, at, station, actor, payload, hash FROM events"
    " WHERE seq > ? AND seq <= ? ORDER BY seq LIMIT ?"
)
# A file of schema 1 (opened read-only, so not migrated) has no hashes yet.
_SELECT_EVENTS_UNCHAINED = _SELECT_EVENTS.replace("payload, hash", "payload, NULL")
_EVENTS_PAGE = 1000

# One encoder built once: json.dumps() with keyword arguments builds a new encoder on every call.
# allow_nan=False: NaN/Infinity are not JSON, and the design keeps floats out of state anyway.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, sort_keys=True, allow_nan=False)
_dumps = _ENCODER.encode
_loads = json.loads

_MIGRATION_NAME = re.compile(r"^(\d+)_[A-Za-z0-9_.-]*\.sql$")


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
    hash: str = ""
    """This event's link in the chain over the log (`tourneydesk.store.chain`); "" before schema 2."""


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
    stays on the thread that opened the file (docs/architecture.md: threads).
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
        self._last_hash = GENESIS
        self._commands = 0  # commands in the log (events that begin one), for the acknowledgement note
        self._ack: AckNote | None = None  # opened at the first write: a refused open never touches it
        self._read_only = False
        self._lock: FileLock | None = None
        # A read-only connection kept open beside ours: while it is open, closing ours cannot fold
        # the write-ahead log into the file (SQLite does that only when its last connection closes),
        # so an open that is refused after this point leaves the file and its WAL as they were.
        self._guard: sqlite3.Connection | None = None
        self._side_files_before: set[str] = set()
        self._copy: Path | None = None  # a read-only file looked at through a private copy (`_private_copy`)
        self._checkpoint: Checkpoint | None = None  # the proven checkpoint the open found, until it is read
        # The check left for after the open (`log_check`): until it is done, nothing is written and nothing
        # at or before `_unchecked_until` is read; what it found is `_damage`, refused from then on.
        self._background: Background | None = None
        self._unchecked_until = 0
        self._damage: FileRefused | None = None
        self._index_covers = 0  # frames of the write-ahead log whose index has its disk blocks (`shm`)

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
        first_events: Sequence[NewEvent] = (),
    ) -> TournamentFile:
        """Write a new tournament file at `path`, which must not exist (FILE_EXISTS).

        The file is made under a temporary name beside `path`: all migrations, the meta rows and
        `first_events` go in one transaction, and only once that is on disk is the file linked
        into place under its name. A program killed while creating leaves at most a hidden
        `.<name>.creating-<pid>` file (removed by the next create of that name), never a file
        under the name that cannot be opened nor a name that cannot be used again.
        """
        path = Path(path)
        steps = load_migrations(migrations)
        if os.path.lexists(path):
            raise _exists(path)
        lock = FileLock.acquire(path, now=created_at)
        temp = path.with_name(f".{path.name}.creating-{os.getpid()}")
        try:
            if os.path.lexists(path):  # created by another program between our check and our lock
                raise _exists(path)
            _remove_stale_creations(path)
            conn = sqlite3.connect(_uri(temp, "rwc"), uri=True, isolation_level=None)
            self = cls(temp, conn, _token=_PRIVATE)
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
                    self._schema_version = steps[-1][0]
                    if first_events:
                        conn.executemany(_INSERT_EVENT, self._rows(first_events)[0])
                    conn.execute("COMMIT")
                except BaseException:
                    _rollback_quietly(conn)
                    raise
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
            _claim(temp, path)
            backups.fsync_dir(path.parent)
            conn = sqlite3.connect(_uri(path, "rw"), uri=True, isolation_level=None, check_same_thread=False)
            self._conn, self._path = conn, path
            self._db = sqlite_utils.Database(conn, recursive_triggers=False, execute_plugins=False)
            self._set_pragmas()
            self.transaction_count = 1
            self._load_cached_state()
            self._make_room(opening=True)
            self._commands = 1 if first_events else 0
            self._note_acked()
        except sqlite3.Error as error:
            _remove_creation(temp)
            lock.release()
            _reraise(path, error)
        except BaseException:
            _remove_creation(temp)
            lock.release()
            raise
        self._lock = lock
        return self

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        migrations: str | Path | None = None,
        now: float | None = None,
        read_only: bool = False,
        accept_missing: bool = False,
    ) -> TournamentFile:
        """Open an existing tournament file, refusing it untouched if it is not one we can honour.

        The checks run on a read-only view before any write: what the path is (FILE_MISSING,
        FILE_NOT_A_FILE), whether it can be written (FILE_READ_ONLY, FILE_IMMUTABLE,
        FILE_NO_PERMISSION), who else has it (FILE_IN_USE), what it holds (FILE_FOREIGN,
        FILE_NEWER, FILE_CORRUPT) and whether its log still matches its chain (LOG_DAMAGED, naming
        the first event that does not). Then pending migrations run, one transaction each; before
        the first of them a backup is written (reason `before-schema-N`), so an upgrade can always
        be undone by hand. `now` names that backup; without it the clock is read.

        `read_only=True` writes nothing, takes no lock, runs no migration and refuses every write
        with FILE_OPENED_READ_ONLY: for a file on read-only media, or a backup looked at before it
        is restored.

        A file that holds fewer events than its acknowledgement note says were written (its
        write-ahead log cut short or damaged, an older copy put in its place) is refused with
        COMMANDS_MISSING, naming how many and the newest backup that holds more. With
        `accept_missing=True` it opens as it is (the TD has been told): the damaged write-ahead log
        is first copied aside, since playing on would overwrite what is left of it.
        """
        path = Path(path)
        steps = load_migrations(migrations)
        _check_kind(path)
        # Read before the file: a note written meanwhile by a program that has the file open then
        # names no more than the file shows us.
        acked = read_ack(path)
        if not read_only:
            _check_writable(path)
        lock = None if read_only else FileLock.acquire(path, now=time.time() if now is None else now)
        copy = None
        try:
            if read_only and _index_cannot_be_made(path):
                copy = _private_copy(path)
            file_version, guard, uri = _inspect(path, steps, shared=read_only, source=copy)
        except BaseException:
            _remove_private_copy(copy)
            if lock is not None:
                lock.release()
            raise
        side_files = {name for name in (f"{path}-wal", f"{path}-shm") if os.path.lexists(name)}
        background = None
        try:
            check = log_check.check_log(path, guard, file_version)
            if check.pending is not None:  # started at once: SQLite's part of it runs beside the state's load
                background = log_check.Background(path, uri, check.pending)
            missing = _missing(path, guard, acked, check.last_seq, check.last_hash, check.commands)
            if missing is not None and not accept_missing:
                raise missing
            if missing is not None and not read_only:
                _keep_wal_aside(path, now)
            conn = guard if read_only else sqlite3.connect(_uri(path, "rw"), uri=True, isolation_level=None,
                                                        check_same_thread=False)
        except BaseException:
            if background is not None:
                background.stop()
            guard.close()
            _remove_private_copy(copy)
            if lock is not None:
                lock.release()
            raise
        self = cls(path, conn, _token=_PRIVATE)
        self._lock, self._read_only, self._side_files_before = lock, read_only, side_files
        self._guard = None if read_only else guard
        self._commands, self._copy = check.commands, copy
        self._checkpoint, self._background = check.checkpoint, background
        self._unchecked_until = check.pending[0] if check.pending is not None else 0
        if read_only:  # as of the check: a writer beside it may have appended since
            self._load_cached_state(check.last_seq, check.last_hash)
            return self
        try:
            try:
                self._set_pragmas()
                current = conn.execute("PRAGMA user_version").fetchone()[0]
            except sqlite3.OperationalError as error:
                if is_busy(error):
                    raise in_use(path) from error
                _reraise(path, error)
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
                    if number == CHAIN_SCHEMA:
                        self._write_chain(conn)
                    if number == SEALS_SCHEMA:
                        _seal_answers(conn)
                    conn.execute("COMMIT")
                except sqlite3.Error as error:  # the file was checked against its schema: the disk's or ours
                    _rollback_quietly(conn)
                    _reraise(path, error)
                except BaseException:
                    _rollback_quietly(conn)
                    raise
                self.transaction_count += 1
            self._load_cached_state()
            self._make_room(opening=True)
            if current >= CHAIN_SCHEMA and (self._last_seq, self._last_hash) != (check.last_seq, check.last_hash):
                raise FileRefused(
                    "FILE_CORRUPT",
                    f"{path.name} changed while it was being opened; close the other program and try again",
                    path=str(path),
                )
        except BaseException:
            self.abandon()
            raise
        if missing is not None:  # told and accepted: the next open must not refuse it again
            self._note_acked()
        return self

    def _write_chain(self, conn: sqlite3.Connection) -> None:
        """Give every event of a file written before the chain its hash (inside the migration)."""
        prev, updates = GENESIS, []
        for seq, command_seq, type_, at, station, actor, payload, _ in conn.execute(
                "SELECT seq, command_seq, type, at, station, actor, payload, hash FROM events ORDER BY seq"):
            prev = event_hash(prev, seq, command_seq, type_, at, station, actor, payload)
            updates.append((prev, seq))
        conn.executemany("UPDATE events SET hash = ? WHERE seq = ?", updates)

    def abandon(self) -> None:
        """Close after a refused open, leaving the file and its write-ahead log byte for byte as found.

        Ours is closed while the guard (a read-only connection) is still open, so SQLite does not
        fold the WAL into the file; then the guard, which being read-only folds nothing either.
        The empty `-wal`/`-shm` our connection created beside a cleanly closed file go too.
        """
        self._stop_background()
        conn, guard, self._conn, self._guard = self._conn, self._guard, None, None
        if self._ack is not None:
            self._ack.close(flush=False)
            self._ack = None
        if conn is not None:
            _rollback_quietly(conn)
            conn.close()
        if guard is not None:
            guard.close()
        for name in (f"{self._path}-wal", f"{self._path}-shm"):
            if name in self._side_files_before:
                continue
            with contextlib.suppress(OSError):
                if not name.endswith("-wal") or os.path.getsize(name) == 0:
                    os.unlink(name)
        _remove_private_copy(self._copy)
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _stop_background(self) -> None:
        background, self._background = self._background, None
        if background is not None:
            background.stop()

    def check_the_rest(self) -> None:
        """Let the check left for after the open go on past SQLite's part (`log_check.Background`): the desk
        says so once it has folded its state."""
        if self._background is not None:
            self._background.go()

    def damage(self) -> FileRefused | None:
        """What the check left for after the open found (`log_check`), waiting for it if it is still running:
        the refusal an open of this file would give (LOG_DAMAGED, FILE_CORRUPT), or None when it is whole.

        Once damage is found the checkpoint is dropped (it is only a projection), so that the next open checks
        the whole file at once and refuses it, with its ways out."""
        background = self._background
        if background is not None:
            found = background.result(self._require_open())
            self._background = None
            if found is None:
                self._unchecked_until = 0
            else:  # what lies before the checkpoint stays unread
                self._damage, self._checkpoint = found, None
                if not self._read_only:
                    with contextlib.suppress(sqlite3.Error):
                        self._require_open().execute("DELETE FROM checkpoint")
        return self._damage

    def _require_whole(self) -> None:
        """Refuse what would write to a file found damaged, or read the part of it not yet checked."""
        if self._background is not None or self._damage is not None:
            damage = self.damage()
            if damage is not None:
                raise damage

    def _make_room(self, *, opening: bool = False) -> None:
        """Give the index of the write-ahead log its disk blocks a region ahead of the log (`shm`), before a
        write; DISK_FULL when the disk cannot, before anything is written."""
        frames = shm.wal_frames(self._path, self._page_size)
        if not opening and frames + shm.FRAMES_PER_REGION <= self._index_covers:
            return
        try:
            self._index_covers = shm.reserve(self._path, frames + 2 * shm.FRAMES_PER_REGION)
        except OSError as error:
            if opening and error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
                raise refuse("DISK_FULL", self._path, f"The disk is full: free some space, then open "
                             f"{self._path.name} again. Nothing was lost", backup=False) from error
            _reraise(self._path, error)

    def _set_pragmas(self) -> None:
        """WAL + synchronous=FULL (`SYNCHRONOUS`): a COMMIT that returned is on disk (docs/architecture.md:
        the file)."""
        conn = self._require_open()
        mode = conn.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise RuntimeError(
                f"{self._path.name}: SQLite refused WAL mode (got {mode!r}); is it on a network drive?"
            )
        conn.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
        conn.execute("PRAGMA foreign_keys=ON")
        # The desk's timer folds the WAL back between commands (`checkpoint_wal`); SQLite's own
        # checkpoint at COMMIT is only the safety net, so that no buy-in waits for one.
        conn.execute(f"PRAGMA wal_autocheckpoint={AUTOCHECKPOINT_PAGES}")
        conn.execute(f"PRAGMA journal_size_limit={WAL_SIZE_LIMIT}")

    def wal_pages(self) -> int:
        """Pages of the write-ahead log not yet folded into the file (0 when there is none)."""
        return shm.waiting_frames(self._path)

    def checkpoint_wal(self) -> None:
        """Copy the WAL into the file, between commands, waiting for no reader.

        The log's file keeps its blocks: the next commits write over them from its start, so that their
        flush to the disk changes no file's size. Emptied (TRUNCATE), every flush of the commits after it
        grew the file, and each growth cost a journal commit of the file system: a command's p99 was twice
        a bare commit's. A fold that cannot be done now (a reader, a full disk) is done at the next call.
        The acknowledgement note goes to the disk too: a flush that waits for no command."""
        with contextlib.suppress(sqlite3.Error):
            self._require_open().execute("PRAGMA wal_checkpoint(PASSIVE)")
        if self._ack is not None:
            self._ack.flush()

    def _load_cached_state(self, last_seq: int | None = None, last_hash: str = GENESIS) -> None:
        """Read once what the hot path and the properties need, so they never query for it; the end of the
        log as given (what the open checked), or as the file holds it now."""
        conn = self._require_open()
        self._schema_version = conn.execute("PRAGMA user_version").fetchone()[0]
        self._page_size: int = conn.execute("PRAGMA page_size").fetchone()[0]
        self._tournament_id = _tournament_of(conn) or ""  # the chained first event's word, as the open checked
        if last_seq is not None:
            self._last_seq, self._last_hash = last_seq, last_hash
            return
        self._last_seq = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]
        self._last_hash = GENESIS
        if self._schema_version >= CHAIN_SCHEMA and self._last_seq:
            row = conn.execute("SELECT hash FROM events WHERE seq = ?", (self._last_seq,)).fetchone()
            self._last_hash = row[0] if row and isinstance(row[0], str) else GENESIS

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
    def read_only(self) -> bool:
        """Opened with `read_only=True`: every write is refused with FILE_OPENED_READ_ONLY."""
        return self._read_only

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
        vouched: bool = True,
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
        The answer is written with its seal (`tourneydesk.store.seal`), checked when a retry asks for it;
        `vouched=False` writes none (an answer copied from a damaged file), so a retry is refused.
        Seqs are assigned from the in-memory last_seq: should another connection have written to
        the file, the INSERT hits the primary key and the append fails instead of interleaving.
        """
        conn = self._conn
        if conn is None:
            raise RuntimeError("the tournament file is closed")
        if self._read_only:
            raise _opened_read_only(self._path)
        count = len(events)
        if count == 0:
            raise ValueError("append needs at least one event")
        self._require_whole()
        first = self._last_seq + 1
        last = first + count - 1
        rows, last_hash = self._rows(events)
        answer: tuple[Any, ...] | None = None
        if command_id is not None:
            result_json = _dumps(result_fn(first, last) if result_fn is not None else {"seq": last})
            answer = (command_id, first, last, result_json)
            if self._schema_version >= SEALS_SCHEMA:
                answer += (_answer_seal(command_id, first, last, last_hash, result_json) if vouched else None,)
        self._make_room()
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(_INSERT_EVENT, rows)
            if answer is not None:
                conn.execute(_INSERT_COMMAND if len(answer) == 5 else _INSERT_COMMAND_UNSEALED, answer)
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            _rollback_quietly(conn)
            _reraise(self._path, error)
        except BaseException:
            _rollback_quietly(conn)
            raise
        self._last_seq, self._last_hash = last, last_hash
        self._commands += 1
        self.transaction_count += 1
        self._note_acked()
        return first, last

    def _note_acked(self) -> None:
        """Note beside the file what it now holds (after the commit: see `tourneydesk.store.acked`)."""
        if self._ack is None:  # flushed as durably as the file itself is written
            self._ack = AckNote(self._path, durable=SYNCHRONOUS != "OFF")
        self._ack.write(Acked(self._tournament_id, self._last_seq, self._commands, self._last_hash))

    def _rows(self, events: Sequence[NewEvent]) -> tuple[list[tuple[Any, ...]], str]:
        """The rows of `events` after the last one in the file, each with its link in the chain."""
        first, prev, dumps = self._last_seq + 1, self._last_hash, _dumps
        rows = []
        for seq, e in enumerate(events, start=first):
            text = dumps(e.payload)
            prev = event_hash(prev, seq, first, e.type, e.at, e.station, e.actor, text)
            rows.append((seq, first, e.type, float(e.at), e.station, e.actor, text, prev))
        return rows, prev

    def last_hash(self) -> str:
        """The hash of the newest event (`chain.GENESIS` for an empty log), from memory."""
        return self._last_hash

    def hash_at(self, seq: int) -> str | None:
        """The hash of event `seq` (GENESIS for 0), or None if the log has no such event."""
        if seq == 0:
            return GENESIS
        if seq == self._last_seq:
            return self._last_hash
        if seq <= self._unchecked_until:
            self._require_whole()
        row = self._require_open().execute("SELECT hash FROM events WHERE seq = ?", (seq,)).fetchone()
        return None if row is None else row[0]

    def events(self, after: int = 0) -> Iterator[StoredEvent]:
        """The events with seq > `after`, in seq order, up to the last this object holds (`last_seq`).

        Read in pages, each fetched whole, so an abandoned iteration leaves no SQLite statement
        open (an open statement would hold a read snapshot and stop WAL checkpoints). Events
        appended while iterating are included.
        """
        conn = self._require_open()
        if after < self._unchecked_until:
            self._require_whole()
        select = _SELECT_EVENTS if self._schema_version >= CHAIN_SCHEMA else _SELECT_EVENTS_UNCHAINED
        position = after
        while True:
            rows = conn.execute(select, (position, self._last_seq, _EVENTS_PAGE)).fetchall()
            for seq, command_seq, type_, at, station, actor, payload, link in rows:
                try:
                    data = _loads(payload)
                except (TypeError, ValueError):
                    data = None
                if not isinstance(data, dict):
                    raise log_damaged(self._path, seq, "its contents are not a record TourneyDesk wrote")
                yield StoredEvent(seq, command_seq, type_, at, station, actor, data, link or "")
            if len(rows) < _EVENTS_PAGE:
                return
            position = rows[-1][0]

    def undone_commands(self) -> set[int]:
        """The command seqs an `undone` event took back, over the whole log: only those events are read
        and decoded (a few in an evening of 40,000)."""
        conn = self._require_open()
        self._require_whole()
        undone: set[int] = set()
        for seq, payload in conn.execute("SELECT seq, payload FROM events WHERE type = 'undone' AND seq <= ?"
                                         " ORDER BY seq", (self._last_seq,)):
            try:
                data = _loads(payload)
            except (TypeError, ValueError):
                data = None
            commands = data.get("commands") if isinstance(data, dict) else None
            if not isinstance(commands, list):
                raise log_damaged(self._path, seq, "its contents are not a record TourneyDesk wrote")
            undone.update(int(c) for c in commands)
        return undone

    def command_seq_of(self, seq: int) -> int | None:
        """The first event of the command that event `seq` belongs to, or None if there is no such event."""
        conn = self._require_open()
        if seq <= self._unchecked_until:
            self._require_whole()
        row = conn.execute("SELECT command_seq FROM events WHERE seq = ? AND seq <= ?",
                           (seq, self._last_seq)).fetchone()
        return None if row is None else int(row[0])

    def command_result(self, command_id: str) -> dict[str, Any] | None:
        """The stored result of an accepted `command_id`, or None if it was never accepted.

        Given only when its seal holds over it and the chain's hash at the command's last event; otherwise
        ANSWER_DAMAGED: the command was recorded, its answer cannot be given again, and nothing is done twice.
        """
        conn = self._require_open()
        if self._schema_version < SEALS_SCHEMA:
            row = conn.execute("SELECT result FROM commands WHERE command_id = ?", (command_id,)).fetchone()
            return None if row is None else _loads(row[0])
        row = conn.execute("SELECT c.first_seq, c.last_seq, c.result, c.seal, e.hash FROM commands c"
                           " LEFT JOIN events e ON e.seq = c.last_seq WHERE c.command_id = ?", (command_id,)).fetchone()
        if row is None:
            return None
        first, last, result, claimed, link = row
        answer = None
        if answer_holds(claimed, command_id, first, last, link, result):
            with contextlib.suppress(TypeError, ValueError):
                answer = _loads(result)
        if not isinstance(answer, dict):
            raise TourneyError(
                "ANSWER_DAMAGED",
                f"This command ({command_id}) was recorded already, but the answer stored with it no longer "
                f"matches the log: nothing was done again. The event log shows what it did (from event #{first})",
                command_id=command_id, first_seq=first, last_seq=last, path=str(self._path))
        return answer

    # ------------------------------------------------------------------ checkpoint (a projection)

    def save_checkpoint(self, seq: int, state: dict[str, Any]) -> None:
        """Store the folded state as of `seq` (replacing any older one), in its own transaction, sealed to the
        chain's hash at `seq` (`log_check`: how an open proves it)."""
        if not 0 < seq <= self._last_seq:
            raise ValueError(f"checkpoint seq {seq} is outside the log (last seq {self._last_seq})")
        self._require_whole()
        text = _dumps(state)
        if self._schema_version < SEALS_SCHEMA:  # a file kept at an older schema (a test's migrations)
            with self._write() as conn:
                conn.execute("INSERT INTO checkpoint (id, seq, state) VALUES (1, ?, ?) ON CONFLICT (id)"
                             " DO UPDATE SET seq = excluded.seq, state = excluded.state", (seq, text))
            return
        link, commands = self.hash_at(seq), self._commands_until(seq)
        if link is None:
            raise ValueError(f"the log has no event #{seq}")
        with self._write() as conn:
            conn.execute(
                "INSERT INTO checkpoint (id, seq, state, hash, commands, seal) VALUES (1, ?, ?, ?, ?, ?)"
                " ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, state = excluded.state, hash = excluded.hash,"
                " commands = excluded.commands, seal = excluded.seal",
                (seq, text, link, commands, checkpoint_seal(seq, link, commands, text)),
            )

    def _commands_until(self, seq: int) -> int:
        """The commands the log holds up to event `seq` (known without a query for the last one)."""
        if seq == self._last_seq:
            return self._commands
        row = self._require_open().execute("SELECT count(*) FROM events WHERE seq = command_seq AND seq <= ?",
                                           (seq,)).fetchone()
        return int(row[0])

    def load_checkpoint(self) -> tuple[int, dict[str, Any]] | None:
        """(seq, state) of the stored checkpoint if it is proven (`log_check`), or None: one that is not
        (damaged, changed, from before the seals, beyond the log) is never used. The one the open proved is
        handed over once, without reading it again."""
        checkpoint, self._checkpoint = self._checkpoint, None
        if checkpoint is None:
            checkpoint = log_check.proven_checkpoint(self._require_open(), self._schema_version, self._last_seq)
        if checkpoint is None:
            return None
        try:
            state = _loads(checkpoint.text)
        except (TypeError, ValueError):
            return None
        return (checkpoint.seq, state) if isinstance(state, dict) else None

    def drop_checkpoint(self) -> None:
        """Forget the checkpoint (the next open replays from the first event)."""
        with self._write() as conn:
            conn.execute("DELETE FROM checkpoint")

    # ------------------------------------------------------------------ website sync state

    def sync_acked(self, target: str) -> int:
        """The last seq `target` acknowledged (0 when it has acknowledged nothing yet)."""
        return sync_state.acked_seq(self._require_open(), target)

    def set_sync_acked(self, target: str, seq: int, at: float) -> None:
        """Record that `target` acknowledged everything up to `seq` at `at`; clears its last error.

        Stored as given (not max'ed): if the website lost data, the sync may have to go back.
        """
        if not 0 <= seq <= self._last_seq:
            raise ValueError(f"acked seq {seq} is outside the log (last seq {self._last_seq})")
        with self._write() as conn:
            sync_state.record_acked(conn, target, seq, at)

    def set_sync_error(self, target: str, error: str | None) -> None:
        """Record (or clear, with None) why the last push to `target` failed, for the TD's screen."""
        with self._write() as conn:
            sync_state.record_error(conn, target, error)

    # ------------------------------------------------------------------ backups and closing

    def backup(self, reason: str, now: float, *, keep: int = 10) -> Path:
        """Copy the file with SQLite's online backup API; keep the newest `keep` copies.

        Written to `<dir>/<stem>.backups/<stem>-<UTC yyyymmdd-hhmmss>-<reason>-s<seq>.tdesk`, as
        `store/backups.py` says (a `.partial` first; pruning by time in the name, never the copy just made).
        """
        conn = self._require_open()
        self._require_whole()  # a damaged file's copies would push the good ones out
        try:
            return backups.write_backup(conn, self._path, self._last_seq, reason, now, keep=keep)
        except (OSError, sqlite3.Error) as error:
            _reraise(self._path, error, backup=True)

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
            if backup and not self._read_only and self.damage() is None:
                self.backup("close", time.time() if now is None else now)
        finally:
            try:
                if not self._read_only:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                if self._guard is not None:  # first, so that ours, closing last, folds the WAL
                    self._guard.close()
                    self._guard = None
                self._stop_background()
                conn.close()
                self._conn = None
                _remove_private_copy(self._copy)
                if not self._read_only:
                    self._note_acked()
                if self._ack is not None:
                    self._ack.close()
                    self._ack = None
                if self._lock is not None:
                    self._lock.release()
                    self._lock = None

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
        if self._read_only:
            raise _opened_read_only(self._path)
        self._require_whole()
        self._make_room()
        try:
            conn.execute("BEGIN IMMEDIATE")
            yield conn
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            _rollback_quietly(conn)
            _reraise(self._path, error)
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


def _inspect(path: Path, steps: Sequence[tuple[int, str]], *, shared: bool = False,
             source: Path | None = None) -> tuple[int, sqlite3.Connection, str]:
    """Decide whether `path` is a tournament file we can open; return its schema version, the read-only
    connection that looked at it (the caller's guard, see `TournamentFile._guard`) and that connection's URI.

    Raises FileRefused otherwise. Nothing here can change the file: the header is read with a
    plain read, and SQLite looks at it through a read-only connection. When no write-ahead log
    holds data (a cleanly closed file) the connection is also `immutable=1`, which takes no
    locks and creates no `-wal`/`-shm` files beside it; with a non-empty `-wal` (after a crash,
    or the file is open elsewhere) plain `mode=ro` is needed to see the committed data in it.
    `source`: the private copy SQLite reads instead (`_private_copy`); the messages name `path`.
    """
    source = source or path
    size = source.stat().st_size
    with source.open("rb") as handle:
        header = handle.read(_HEADER_SIZE)
    if size == 0:
        raise refuse("FILE_FOREIGN", path, f"{path.name} is empty: it is not a TourneyDesk tournament file")
    if not header.startswith(_SQLITE_MAGIC):
        raise refuse(
            "FILE_FOREIGN",
            path,
            f"{path.name} is not a TourneyDesk tournament file (it is not an SQLite database)",
        )
    wal = Path(f"{source}-wal")
    wal_has_data = wal.exists() and wal.stat().st_size > 0
    if len(header) < _HEADER_SIZE or size < _MIN_PAGE_SIZE:
        raise refuse("FILE_CORRUPT", path, damaged(path, f"it is cut short ({size} bytes)"))
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(header[28:32], "big")
    header_size_valid = header[24:28] == header[92:96] and pages > 0
    if not wal_has_data and header_size_valid and size < pages * page_size:
        raise refuse(
            "FILE_CORRUPT",
            path,
            damaged(path, f"it is cut short ({size} bytes of {pages * page_size})"),
        )

    journal = Path(f"{source}-journal")
    # immutable=1 promises SQLite that no one writes the file while we look: not so if another
    # program has it open (then plain mode=ro, which sees its commits as they come).
    live = shared and lock_held(path)
    immutable = not wal_has_data and not journal.exists() and not live
    if not live and not shm.room_for_index(source, page_size):
        raise refuse("DISK_FULL", path, f"The disk is full: free some space, then open {path.name} again. "
                     "Nothing was lost: the last commands wait in its write-ahead log, whose index SQLite "
                     "must build first", backup=False)
    uri = _uri(source, "ro", immutable=immutable)
    try:
        ro = sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.Error as error:
        raise refuse("FILE_CORRUPT", path, damaged(path, str(error))) from error
    try:
        return _inspect_sql(path, ro, steps), ro, uri
    except FileRefused:
        ro.close()
        raise
    except sqlite3.Error as error:
        ro.close()
        if is_busy(error):
            raise in_use(path) from error
        raise refuse("FILE_CORRUPT", path, damaged(path, str(error))) from error
    except UnicodeDecodeError as error:  # a flipped byte in the schema's own text (a table's name, its SQL)
        ro.close()
        raise refuse("FILE_CORRUPT", path, damaged(path, "its list of tables cannot be read")) from error
    except BaseException:
        ro.close()
        raise


def _inspect_sql(path: Path, ro: sqlite3.Connection, steps: Sequence[tuple[int, str]]) -> int:
    """The checks that need SQL, in the order that gives the most useful message. SQLite's check of every
    page of the file comes with the log's (`log_check`)."""
    known_version = steps[-1][0]
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
        raise refuse(
            "FILE_FOREIGN",
            path,
            f"{path.name} is not a TourneyDesk tournament file (it is an SQLite database of another program)",
        )
    version = int(ro.execute("PRAGMA user_version").fetchone()[0])
    if version > known_version:
        raise refuse(
            "FILE_NEWER",
            path,
            f"This file was written by a newer TourneyDesk (schema {version}); "
            f"this version reads up to schema {known_version}",
            file_schema=version,
            known_schema=known_version,
        )
    if version < 1:
        raise refuse("FILE_CORRUPT", path, damaged(path, "it has no schema version"))
    for since, required in _REQUIRED_SINCE.items():
        if since > version:
            continue
        for table, columns in required.items():
            if table not in tables:
                raise refuse("FILE_CORRUPT", path, damaged(path, f"its {table} table is missing"))
            missing = sorted(columns - set(db[table].columns_dict))
            if missing:
                raise refuse(
                    "FILE_CORRUPT",
                    path,
                    damaged(path, f"its {table} table lacks {', '.join(missing)}"),
                )
    found = unexpected(ro, steps, version)
    if found:  # a trigger runs on the next write; a version set back, the next migration on what it holds
        raise refuse("FILE_CORRUPT", path, damaged(path, f"it holds what TourneyDesk does not make at schema "
                     f"{version}: {', '.join(found)}; another program changed it"), found=found)
    return version


def _answer_seal(command_id: str, first: int, last: int, link: str, result: str) -> str:
    return seal(ANSWER_SEAL, last, link, f"{command_id}\x1f{first}\x1f{result}")


def answer_holds(claimed: object, command_id: str, first: object, last: object, link: object, result: object) -> bool:
    """Whether a command's stored answer (`result`, its events `first`..`last`, the chain's hash `link` at
    `last`), each as read from the file, still matches its seal `claimed`."""
    return isinstance(first, int) and holds(claimed, ANSWER_SEAL, last, link, f"{command_id}\x1f{first}\x1f{result}")


def _seal_answers(conn: sqlite3.Connection) -> None:
    """Seal the answers a file already holds (inside migration 3, its chain checked by the open)."""
    rows = conn.execute("SELECT c.command_id, c.first_seq, c.last_seq, c.result, e.hash FROM commands c"
                        " JOIN events e ON e.seq = c.last_seq").fetchall()
    conn.executemany("UPDATE commands SET seal = ? WHERE command_id = ?",
                     [(_answer_seal(command_id, first, last, link, result), command_id)
                      for command_id, first, last, result, link in rows
                      if isinstance(link, str) and isinstance(result, str)])


def _index_cannot_be_made(path: Path) -> bool:
    """Whether SQLite cannot read the write-ahead log beside `path` where it is, so that it is read through a
    private copy instead (`_private_copy`): the log holds data, and its index (`-shm`) is not there and the
    folder cannot take one (read-only media: SQLite then refuses the file as if it were damaged), or the disk
    has no room to build it (`shm.room_for_index`)."""
    try:
        if os.stat(f"{path}-wal").st_size == 0:
            return False
        with path.open("rb") as handle:
            header = handle.read(_HEADER_SIZE)
    except OSError:
        return False
    page_size = int.from_bytes(header[16:18], "big")
    if not lock_held(path) and not shm.room_for_index(path, 65536 if page_size == 1 else page_size or 4096):
        return True
    if os.path.lexists(f"{path}-shm"):
        return False
    try:
        read_only_medium = bool(os.statvfs(path.parent).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        read_only_medium = False
    return read_only_medium or not os.access(path.parent, os.W_OK)


def _private_copy(path: Path) -> Path:
    """The file and its write-ahead log copied into a folder of this program's own (removed at close), where
    SQLite can build the log's index: how a file on read-only media left with its last commands in the log
    is looked at without losing them. The file itself is only read."""
    folder = Path(tempfile.mkdtemp(prefix="tourneydesk-read-only-"))
    copy = folder / path.name
    try:
        shutil.copyfile(path, copy)
        shutil.copyfile(f"{path}-wal", f"{copy}-wal")
    except OSError as error:
        _remove_private_copy(copy)
        refusal = _write_refusal(path, error)
        if refusal is None or refusal.code != "DISK_FULL":
            raise refuse("FILE_UNREADABLE", path, f"{path.name} cannot be read ({error.strerror})") from error
        raise refuse("DISK_FULL", path, f"{path.name} keeps its last commands in its write-ahead log, which can "
                     f"be read from this medium only through a copy, and there is no room for one in "
                     f"{folder.parent}: free some space there, then open it again", backup=False) from error
    return copy


def _remove_private_copy(copy: Path | None) -> None:
    if copy is not None:
        shutil.rmtree(copy.parent, ignore_errors=True)


def _tournament_of(ro: sqlite3.Connection) -> str | None:
    """The tournament a file holds, as its first event says (under the chain, just verified); the meta row
    only for a file with no such event. The meta row is outside the chain: a flipped byte there once made
    a file's own note look like another tournament's, and the file opened short without a word."""
    try:
        first = ro.execute("SELECT payload FROM events WHERE seq = 1").fetchone()
        said = _loads(first[0]).get("tournament_id") if first is not None else None
        if isinstance(said, str):
            return said
        row = ro.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone()
    except (sqlite3.Error, TypeError, ValueError, AttributeError):
        return None
    return row[0] if row is not None and isinstance(row[0], str) else None


def _missing(path: Path, ro: sqlite3.Connection, acked: Acked | None, last_seq: int, last_hash: str,
             commands: int) -> FileRefused | None:
    """COMMANDS_MISSING if the note beside the file names events the file no longer holds, else None.

    A note of another tournament (a file copied under this name) or one the file has gone past says
    nothing about this file's losses. A note behind the file (a power cut came before its flush) is
    normal: it is only ever behind, never ahead, of what was made durable.
    """
    if acked is None or acked.seq <= last_seq:
        return None
    if _tournament_of(ro) != acked.tournament_id:
        return None
    lost_commands = max(1, acked.commands - commands)
    lost_events = acked.seq - last_seq
    backup = backups.backup_beyond(path, last_seq)
    if backup is not None:
        taken = datetime.fromtimestamp(backup[2]).strftime("%Y-%m-%d %H:%M")
        way_out = (f"The backup of {taken} holds {backup[1]} events: restore it (Restore from a backup…), "
                   "or open the file as it is and enter the missing commands again")
    else:
        way_out = "No backup holds more: open the file as it is and enter the missing commands again"
    return FileRefused(
        "COMMANDS_MISSING",
        f"{path.name} holds {last_seq} events, but {acked.seq} were recorded in it: the last {lost_commands} "
        f"commands ({lost_events} events) are missing, its write-ahead log cut short or damaged, or an "
        f"older copy put in its place. {way_out}",
        path=str(path),
        acknowledged_seq=acked.seq,
        found_seq=last_seq,
        missing_commands=lost_commands,
        missing_events=lost_events,
        found_hash=last_hash,
        backup=str(backup[0]) if backup is not None else None,
        backup_seq=backup[1] if backup is not None else None,
    )


def _keep_wal_aside(path: Path, now: float | None) -> None:
    try:
        backups.keep_wal_aside(path, time.time() if now is None else now)
    except OSError as error:
        _reraise(path, error, backup=True)


def _check_kind(path: Path) -> None:
    """FILE_MISSING or FILE_NOT_A_FILE, found without opening anything (a named pipe would hang)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.lexists(path):
            raise refuse("FILE_MISSING", path, f"{path.name} is a link to a file that no longer exists") from None
        raise refuse("FILE_MISSING", path, f"{path.name} does not exist (looked in {path.parent})") from None
    except OSError as error:
        raise refuse("FILE_UNREADABLE", path, f"{path.name} cannot be read ({error.strerror})") from None
    if stat.S_ISREG(mode):
        for side in (Path(f"{path}-wal"), Path(f"{path}-shm")):
            with contextlib.suppress(OSError):
                if not stat.S_ISREG(os.stat(side).st_mode):
                    raise refuse("FILE_NOT_A_FILE", path, f"{side.name} beside {path.name} is not a file",
                                  kind="side")
        _check_readable(path)
        return
    kind = ("folder" if stat.S_ISDIR(mode) else "named pipe" if stat.S_ISFIFO(mode)
            else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "socket" if stat.S_ISSOCK(mode)
            else "special file")
    raise refuse("FILE_NOT_A_FILE", path,
                  f"{path.name} is a {kind}, not a file: choose the tournament file itself", kind=kind)


def _check_readable(path: Path) -> None:
    """FILE_UNREADABLE for a file (or its write-ahead log) the system will not let us read: then neither a
    normal open nor a read-only one can show it, and none is offered."""
    for name in (path, Path(f"{path}-wal")):
        try:
            os.close(os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
        except FileNotFoundError:
            continue
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EPERM):
                raise refuse("FILE_UNREADABLE", path, f"You may not read {name.name}: ask for the right to read "
                             "it (its owner or an administrator can give it)", permission=True) from None
            raise refuse("FILE_UNREADABLE", path, f"{name.name} cannot be read ({error.strerror})") from None


def _check_writable(path: Path) -> None:
    """FILE_READ_ONLY (the medium), FILE_IMMUTABLE (the file is marked so) or FILE_NO_PERMISSION.

    Asked of the system by opening the file for writing, which writes nothing; the folder must take
    new files too (the write-ahead log lives beside the file).
    """
    try:
        os.close(os.open(path, os.O_RDWR | getattr(os, "O_NONBLOCK", 0)))
    except OSError as error:
        raise _unwritable(path, error.errno) from None
    folder = path.parent
    try:
        read_only_medium = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (AttributeError, OSError):
        read_only_medium = False
    if read_only_medium:
        raise _unwritable(path, errno.EROFS)
    if not os.access(folder, os.W_OK):
        raise _unwritable(path, errno.EACCES, folder=True)


def _unwritable(path: Path, number: int | None, *, folder: bool = False) -> FileRefused:
    name = path.name
    if number == errno.EROFS:
        return refuse("FILE_READ_ONLY", path, f"{name} is on a medium that cannot be written (a locked card, "
                       "a disc, a read-only share): open it read-only to look at it, or copy it somewhere "
                       "writable to play on")
    if number == errno.EPERM:
        return refuse("FILE_IMMUTABLE", path, f"{name} is marked as unchangeable by the system: lift that "
                       "mark (chattr -i, or the file's properties), or open it read-only")
    if number in (errno.EACCES,):
        where = f"the folder {path.parent}" if folder else name
        return refuse("FILE_NO_PERMISSION", path, f"You may not write to {where}: ask for the right to, "
                       "or open it read-only", folder=folder)
    if number in (errno.EBUSY, errno.ETXTBSY, errno.EAGAIN):
        return in_use(path)
    return refuse("FILE_UNREADABLE", path, f"{name} cannot be opened for writing ({os.strerror(number or 0)})")


def _write_refusal(path: Path, error: BaseException, *, backup: bool = False) -> TourneyError | None:
    """The typed refusal of a failed write, or None for an error that is a bug, not the disk's."""
    name = str(getattr(error, "sqlite_errorname", ""))
    number = getattr(error, "errno", None)
    what = "The backup could not be written" if backup else "Nothing was written"
    if name == "SQLITE_FULL" or number in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return TourneyError("DISK_FULL", f"The disk is full: free some space, nothing was lost. {what}.",
                            path=str(path), backup=backup)
    if name.startswith("SQLITE_READONLY") or number == errno.EROFS:
        return TourneyError("FILE_READ_ONLY", f"The disk no longer takes writes (read-only). {what}; "
                            "nothing that was recorded is lost", path=str(path), backup=backup)
    if name.startswith("SQLITE_IOERR") or (isinstance(error, OSError) and number == errno.EIO):
        return TourneyError("DISK_ERROR", f"The disk failed to write. {what}; nothing that was recorded is "
                            "lost. Check the disk, then try again", path=str(path), backup=backup)
    if is_busy(error) if isinstance(error, sqlite3.Error) else False:
        return in_use(path)
    return None


def _reraise(path: Path, error: BaseException, *, backup: bool = False) -> NoReturn:
    """Raise the typed refusal of a failed write, or the error itself if it is not the disk's."""
    refusal = _write_refusal(path, error, backup=backup)
    if refusal is None:
        raise error
    raise refusal from error


def _opened_read_only(path: Path) -> TourneyError:
    return TourneyError("FILE_OPENED_READ_ONLY", f"{path.name} is open read-only: nothing can be changed in it",
                        path=str(path))


def _exists(path: Path) -> FileRefused:
    return FileRefused("FILE_EXISTS", f"{path.name} already exists; choose another name or open it",
                       path=str(path))


def _claim(temp: Path, path: Path) -> None:
    """Give the finished file its name, never over a file that took the name meanwhile."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise _exists(path) from None
    except OSError:  # a filesystem without hard links (FAT): check, then rename
        if os.path.lexists(path):
            raise _exists(path) from None
        os.rename(temp, path)
        return
    os.unlink(temp)


def _remove_creation(temp: Path) -> None:
    for leftover in (temp, Path(f"{temp}-wal"), Path(f"{temp}-shm"), Path(f"{temp}-journal")):
        with contextlib.suppress(OSError):
            leftover.unlink()


def _remove_stale_creations(path: Path) -> None:
    """What a program killed while creating this name left (we hold the name's lock: none is live)."""
    prefix = f".{path.name}.creating-"
    with contextlib.suppress(OSError):
        for entry in path.parent.iterdir():
            if entry.name.startswith(prefix) and not entry.name.endswith(("-wal", "-shm", "-journal")):
                _remove_creation(entry)
