"""The club file: one SQLite file per club (`club.tdclub`), kept the way the tournament file is.

WAL and synchronous=FULL, so a change the service has answered survives a power cut; every change in
one explicit `BEGIN IMMEDIATE ... COMMIT` (ROLLBACK on any error), so it is wholly in the file or not at
all. The schema comes from numbered SQL migrations shipped inside this package (`migrations/`). Only
`ClubService` writes through `transaction()`. What keeps the file what it was given (docs/club.md, "How
the club file is kept"):

* **Checked before anything writes to it**, on a view that cannot change a byte: what the path is, that
  it is a SQLite file of ours (a schema version of 0 is damage, not a new file), not newer than this
  program, whole as SQLite sees it, holding no trigger or view another program planted, and holding what
  was written (below). A refused open writes nothing; every refusal is a ClubFileRefused that says what
  is wrong and the way out.
* **A digest of its contents**: for each table, every row's hash combined (XOR), kept up to date inside
  every change by this connection's own triggers. An open works it out again from the rows: a byte changed
  in a member's e-mail is refused as damage, naming the table.
* **A note of what was acknowledged**, beside it (`<file>.ack`, `store/acked.py`): after each change, the
  journal's last change. An open that finds fewer changes than noted (a write-ahead log cut short, an
  older copy put in its place) is refused with CLUB_CHANGES_MISSING, naming the newest backup that holds
  more; `accept_missing` opens it as it is, the damaged write-ahead log kept aside first.
* **Backups** beside it (`<name>.backups/`, `store/backups.py`): before a migration, and when a file that
  was changed is closed; the newest 10 kept. `restore` puts one back, the file it replaces kept aside.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import sqlite3
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from .. import resources
from ..core.protocol.errors import TourneyError
from ..store import backups
from ..store.acked import Acked, AckNote, read_ack

APP_ID = "tourneydesk-club"
SUFFIX = ".tdclub"
KEEP_BACKUPS = 10
_MIGRATION_NAME = re.compile(r"^(\d+)_[A-Za-z0-9_.-]*\.sql$")
_SQLITE_MAGIC = b"SQLite format 3\x00"
SYNCHRONOUS = "FULL"
"""How SQLite waits for the disk at COMMIT, as for the tournament file: FULL. Only the test suite lowers it
(to OFF, for the tests that need a real club file but not a durable one)."""


class ClubFileRefused(TourneyError):
    """A club file that is missing, foreign, newer or damaged: refused and left untouched."""


def migrations() -> list[tuple[int, str]]:
    """The club's migrations as (number, SQL), numbered 1, 2, 3... without a gap; shipped in the package,
    found the way the tournament file's are."""
    folder = resources.package_folder("tourneydesk.club") / "migrations"
    found: dict[int, str] = {}
    for entry in sorted(folder.iterdir()):
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            if int(match.group(1)) in found:  # two branches each adding "the next" migration
                raise ValueError(f"two club migrations are numbered {int(match.group(1))}: renumber {entry.name}")
            found[int(match.group(1))] = entry.read_text(encoding="utf-8")
    numbers = sorted(found)
    if not numbers or numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"the club migrations must be numbered 1, 2, 3... without a gap, found {numbers}")
    return [(n, found[n]) for n in numbers]


class ClubFile:
    def __init__(self, path: Path, conn: sqlite3.Connection, club_id: str) -> None:
        self.path = path
        self.conn = conn
        self.club_id = club_id
        self._ack = AckNote(path, durable=SYNCHRONOUS != "OFF")
        self._changed = False

    @classmethod
    def create(cls, path: str | Path) -> ClubFile:
        path = Path(path)
        if path.exists():
            raise ClubFileRefused("CLUB_FILE_EXISTS", f"{path} already exists: open it instead", path=str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = _connect(path)
        try:
            conn.execute("BEGIN IMMEDIATE")
            _migrate(conn, 0)
            conn.execute("INSERT INTO meta (key, value) VALUES ('app', ?)", (APP_ID,))
            _work_out_digest(conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.close()
            raise
        club = cls(path, conn, _club_id(conn))
        club._install_digest()
        club._note()
        return club

    @classmethod
    def open(cls, path: str | Path, *, accept_missing: bool = False) -> ClubFile:
        """The club file at `path`, checked before anything writes to it (see the module's words); with
        `accept_missing`, one that holds fewer changes than were acknowledged opens as it is."""
        path = Path(path)
        acked = read_ack(path)  # before the file: a note written meanwhile then names no more than it shows
        version, club_id, seq = check(path)
        missing = _missing(path, acked, club_id, seq)
        if missing is not None and not accept_missing:
            raise missing
        try:
            if missing is not None:
                backups.keep_wal_aside(path, time.time())
            conn = _connect(path)
        except (OSError, sqlite3.Error) as exc:
            raise _unwritable(path, exc) from exc
        latest = len(migrations())
        club = cls(path, conn, club_id)
        try:
            if version < latest:
                backups.write_backup(conn, path, seq, f"before-schema-{latest}", time.time(), keep=KEEP_BACKUPS)
                with club.transaction():
                    _migrate(conn, version)
                    _work_out_digest(conn)
            club._install_digest()
        except (OSError, sqlite3.Error) as exc:
            club.close(backup=False)
            raise _unwritable(path, exc) from exc
        club._note()  # told and accepted, or migrated: the next open goes by this
        return club

    @classmethod
    def restore(cls, path: str | Path, backup: str | Path) -> ClubFile:
        """Put `backup` in the place of the club file at `path` (checked first; the file it replaces, and
        its write-ahead log, kept aside as `<name>.replaced-<when>`) and open it. Close TourneyDesk's windows
        first: a program with the club file open would go on with the one it had."""
        path, backup = Path(path), Path(backup)
        check(backup)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        partial = path.with_name(f".{path.name}.restoring")
        try:
            shutil.copyfile(backup, partial)
            for part in (path, Path(f"{path}-wal")):
                if part.exists():
                    os.replace(part, part.with_name(f"{part.name}.replaced-{stamp}"))
            with contextlib.suppress(FileNotFoundError):  # SQLite's index of the log it replaced: of no use
                Path(f"{path}-shm").unlink()
            os.replace(partial, path)
            backups.fsync_dir(path.parent)
        except OSError as exc:
            with contextlib.suppress(OSError):
                partial.unlink()
            raise _unwritable(path, exc) from exc
        return cls.open(path, accept_missing=True)

    @contextlib.contextmanager
    def transaction(self, *, rollback: bool = False) -> Iterator[sqlite3.Connection]:
        """`rollback`: everything done, then undone (a dry run)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("ROLLBACK" if rollback else "COMMIT")
        if not rollback:
            self._changed = True
            self._note()

    def rows(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        return self.conn.execute(sql, params).fetchall()

    def close(self, *, backup: bool = True) -> None:
        """A backup if this changed the file (reason `close`), the write-ahead log folded in, the note on the
        disk. The file is closed even if the backup fails."""
        try:
            if backup and self._changed:
                with contextlib.suppress(OSError, sqlite3.Error):
                    backups.write_backup(self.conn, self.path, _journal_seq(self.conn), "close", time.time(),
                                         keep=KEEP_BACKUPS)
            with contextlib.suppress(sqlite3.Error):
                self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            self.conn.close()
            self._ack.close()

    def _note(self) -> None:
        seq = _journal_seq(self.conn)
        digest = hashlib.sha256(repr(self.conn.execute("SELECT name, value FROM digest ORDER BY name")
                                     .fetchall()).encode()).hexdigest()[:32]
        self._ack.write(Acked(self.club_id, seq, seq, digest))

    def _install_digest(self) -> None:
        """This connection's triggers that keep the digest with every row written, in the change's transaction."""
        for table, columns in _tables(self.conn).items():
            def row(prefix: str, table: str = table, columns: list[str] = columns) -> str:
                return ", ".join([f"'{table}'", *(f'{prefix}."{c}"' for c in columns)])
            for event, change in (("INSERT", f"club_row({row('NEW')})"), ("DELETE", f"club_row({row('OLD')})"),
                                  ("UPDATE", f"club_xor(club_row({row('OLD')}), club_row({row('NEW')}))")):
                self.conn.execute(
                    f'CREATE TEMP TRIGGER "club_digest_{table}_{event.lower()}" AFTER {event} ON main."{table}" '
                    f"BEGIN UPDATE digest SET value = club_xor(value, {change}) WHERE name = '{table}'; END")


def check(path: Path) -> tuple[int, str, int]:
    """What the club file at `path` is, looked at read-only: its schema version, the club's id and its
    journal's last change; a ClubFileRefused, with nothing written, if it is not one we can honour."""
    if not path.exists():
        raise ClubFileRefused("CLUB_FILE_MISSING", f"There is no club file {path}", path=str(path))
    if not path.is_file():
        raise ClubFileRefused("CLUB_FILE_NOT_A_FILE", f"{path} is not a file: choose the club file itself",
                              path=str(path))
    try:
        with path.open("rb") as handle:
            header = handle.read(100)
    except OSError as exc:
        raise ClubFileRefused("CLUB_FILE_UNREADABLE", f"{path} cannot be read ({exc.strerror})",
                              path=str(path)) from exc
    if not header.startswith(_SQLITE_MAGIC):
        words = "is empty" if not header else "is not a club file (it is not an SQLite database)"
        raise ClubFileRefused("CLUB_FILE_FOREIGN", f"{path} {words}", path=str(path))
    page_size = int.from_bytes(header[16:18], "big")
    page_size, pages = 65536 if page_size == 1 else page_size, int.from_bytes(header[28:32], "big")
    wal = Path(f"{path}-wal")
    wal_has_data = wal.exists() and wal.stat().st_size > 0
    size, sized = path.stat().st_size, header[24:28] == header[92:96] and pages > 0
    if len(header) < 100 or (not wal_has_data and sized and size < pages * page_size):
        raise _damaged(path, f"it is cut short ({size} bytes of {pages * page_size})")
    # Without a write-ahead log to read, `immutable` takes no lock and makes no file beside it.
    uri = f"{path.resolve().as_uri()}?mode=ro" + ("" if wal_has_data else "&immutable=1")
    try:
        ro = sqlite3.connect(uri, uri=True)
    except sqlite3.Error as exc:
        raise _damaged(path, str(exc)) from exc
    try:
        _register(ro)
        ro.execute("BEGIN")  # one snapshot: another program's change meanwhile cannot look like damage
        return _check_contents(path, ro)
    except sqlite3.Error as exc:
        if str(getattr(exc, "sqlite_errorname", "")).startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise ClubFileRefused("CLUB_FILE_IN_USE", f"{path} is being written by another program: try again",
                                  path=str(path)) from exc
        raise _damaged(path, str(exc)) from exc
    except UnicodeDecodeError as exc:  # a flipped byte in the schema's own text
        raise _damaged(path, "its list of tables cannot be read") from exc
    finally:
        ro.close()


def _check_contents(path: Path, ro: sqlite3.Connection) -> tuple[int, str, int]:
    objects = {(str(kind), str(name)) for kind, name in ro.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite%'")}
    app = ro.execute("SELECT value FROM meta WHERE key = 'app'").fetchone() if ("table", "meta") in objects else None
    if app is None or app[0] != APP_ID:
        raise ClubFileRefused("CLUB_FILE_FOREIGN", f"{path} is not a club file", path=str(path))
    version, latest = ro.execute("PRAGMA user_version").fetchone()[0], len(migrations())
    if version > latest:
        raise ClubFileRefused("CLUB_FILE_NEWER", f"{path} was written by a newer TourneyDesk (schema {version}, "
                              f"this one knows {latest}): update the program", path=str(path),
                              file_schema=version, known_schema=latest)
    if version < 1:
        raise _damaged(path, "it has no schema version")
    problems = [str(r[0]) for r in ro.execute("PRAGMA quick_check(5)")]
    if problems != ["ok"]:
        raise _damaged(path, "; ".join(problems))
    # The club's migrations make no trigger and no view: one in the file was put there by another program
    # (a trigger would rewrite what the next change writes).
    planted = sorted(f"a {kind} named {name}" for kind, name in objects if kind in ("trigger", "view"))
    if planted:
        raise _damaged(path, f"it holds {', '.join(planted)}, which TourneyDesk did not make")
    club_id = ""
    if version >= _DIGEST_SCHEMA:
        kept = dict(ro.execute("SELECT name, value FROM digest").fetchall())
        found = _digest(ro)
        wrong = sorted(set(kept) ^ set(found) | {t for t in found if kept.get(t) != found[t]})
        if wrong:
            tables = f"table{'s' if len(wrong) > 1 else ''} {', '.join(wrong)}"
            raise _damaged(path, f"its {tables} {'do' if len(wrong) > 1 else 'does'} not hold what was written: "
                           "a byte changed on the disk, or another program wrote to it")
        club_id = str(ro.execute("SELECT value FROM meta WHERE key = 'club_id'").fetchone()[0])
    return version, club_id, _journal_seq(ro)


_DIGEST_SCHEMA = 5  # the migration that gave the club file its digest and its id


def _missing(path: Path, acked: Acked | None, club_id: str, seq: int) -> ClubFileRefused | None:
    """CLUB_CHANGES_MISSING if the note beside the file names changes it no longer holds, else None. A note of
    another club file (a file copied under this name) says nothing of this one; a note behind the file (a power
    cut came before it reached the disk) is normal."""
    if acked is None or acked.tournament_id != club_id or acked.seq <= seq:
        return None
    lost = acked.seq - seq
    backup = backups.backup_beyond(path, seq)
    if backup is not None:
        taken = datetime.fromtimestamp(backup[2]).strftime("%Y-%m-%d %H:%M")
        way_out = (f"The backup of {taken} holds {backup[1]}: put it back (tourneydesk club --club \"{path}\" "
                   f"restore \"{backup[0]}\"), or open the club file as it is (--open-as-is) and make the missing "
                   "changes again")
    else:
        way_out = "No backup holds more: open the club file as it is (--open-as-is) and make the missing changes again"
    return ClubFileRefused(
        "CLUB_CHANGES_MISSING",
        f"{path.name} holds {seq} changes, but {acked.seq} were made in it: the last {lost} are missing (its "
        f"write-ahead log cut short or damaged, or an older copy put in its place). {way_out}",
        path=str(path), acknowledged=acked.seq, found=seq, missing=lost,
        backup=str(backup[0]) if backup else None)


def _damaged(path: Path, detail: str) -> ClubFileRefused:
    folder = path.parent / f"{path.stem}.backups"
    hint = f"; its backups are in {folder} (tourneydesk club --club FILE restore BACKUP)" if folder.is_dir() else ""
    return ClubFileRefused("CLUB_FILE_DAMAGED", f"{path} is damaged and was not opened ({detail}){hint}",
                           path=str(path), problem=detail)


def _unwritable(path: Path, exc: BaseException) -> ClubFileRefused:
    return ClubFileRefused("CLUB_FILE_UNWRITABLE", f"{path} could not be written ({exc}): nothing was changed",
                           path=str(path))


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    conn.execute("PRAGMA foreign_keys = ON")
    # An erased member's words are overwritten where they lay, not left in a free page of the file.
    conn.execute("PRAGMA secure_delete = ON")
    # INSERT OR REPLACE deletes the row it replaces: the digest's triggers must hear that delete too.
    conn.execute("PRAGMA recursive_triggers = ON")
    _register(conn)
    return conn


def _migrate(conn: sqlite3.Connection, version: int) -> None:
    for number, sql in migrations():
        if number > version:
            for statement in _statements(sql):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")


def _statements(sql: str) -> list[str]:
    """The statements of a migration, without its comments (the migrations hold no ';' in a string)."""
    lines = [line for line in sql.splitlines() if not line.lstrip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


# -- the digest ----------------------------------------------------------------------------------------
_MASK = (1 << 64) - 1


def _signed(value: int) -> int:
    value &= _MASK
    return value - (1 << 64) if value >> 63 else value


def _row_hash(table: str, *values: Any) -> int:
    """One row, as a 64-bit number (SQLite keeps integers signed)."""
    return _signed(int.from_bytes(hashlib.blake2b(repr((table, values)).encode("utf-8", "surrogatepass"),
                                                  digest_size=8).digest(), "big"))


def _xor(a: int, b: int) -> int:
    return _signed(a ^ b)


def _register(conn: sqlite3.Connection) -> None:
    conn.create_function("club_row", -1, _row_hash, deterministic=True)
    conn.create_function("club_xor", 2, _xor, deterministic=True)


def _tables(conn: sqlite3.Connection) -> dict[str, list[str]]:
    """The tables the digest covers (all but its own), each with its columns in order."""
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                        "name NOT LIKE 'sqlite%' AND name != 'digest' ORDER BY name")]
    return {name: [r[1] for r in conn.execute("SELECT * FROM pragma_table_info(?)", (name,))] for name in names}


def _digest(conn: sqlite3.Connection) -> dict[str, int]:
    """Each table's rows combined, worked out from the rows themselves."""
    out = {}
    for table in _tables(conn):
        value = 0
        for row in conn.execute(f'SELECT * FROM "{table}"'):
            value ^= _row_hash(table, *row)
        out[table] = _signed(value)
    return out


def _work_out_digest(conn: sqlite3.Connection) -> None:
    """The digest from the rows as they are (a new file, or after a migration changed the tables)."""
    conn.execute("DELETE FROM digest")
    conn.executemany("INSERT INTO digest (name, value) VALUES (?, ?)", sorted(_digest(conn).items()))


def _journal_seq(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT COALESCE(MAX(seq), 0) FROM journal").fetchone()[0])


def _club_id(conn: sqlite3.Connection) -> str:
    return str(conn.execute("SELECT value FROM meta WHERE key = 'club_id'").fetchone()[0])
