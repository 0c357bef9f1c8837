"""The club file: one SQLite file per club (`club.tdclub`), written the way the tournament file is.

WAL and synchronous=FULL, so a change the service has answered survives a power cut; every change in
one explicit `BEGIN IMMEDIATE ... COMMIT` (ROLLBACK on any error), so it is wholly in the file or not at
all. The schema comes from numbered SQL migrations shipped inside this package (`migrations/`); a
file that is not a club file, or is newer than this program, is refused before anything writes to it.
Only `ClubService` writes through `transaction()`.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .. import resources
from ..core.protocol.errors import TourneyError

APP_ID = "tourneydesk-club"
SUFFIX = ".tdclub"
_MIGRATION_NAME = re.compile(r"^(\d+)_[A-Za-z0-9_.-]*\.sql$")
SYNCHRONOUS = "FULL"
"""How SQLite waits for the disk at COMMIT, as for the tournament file: FULL. Only the test suite lowers it
(to OFF, for the tests that need a real club file but not a durable one)."""


class ClubFileRefused(TourneyError):
    """A club file that is missing, foreign, newer or damaged: refused and left untouched."""


def migrations() -> list[tuple[int, str]]:
    """The club's migrations as (number, SQL), numbered 1, 2, 3... without a gap; shipped in the package,
    found the way the tournament file's are."""
    folder = resources.package_folder("tourneydesk.club") / "migrations"
    found = {}
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found[int(match.group(1))] = entry.read_text(encoding="utf-8")
    numbers = sorted(found)
    if not numbers or numbers != list(range(1, len(numbers) + 1)):
        raise ValueError(f"the club migrations must be numbered 1, 2, 3... without a gap, found {numbers}")
    return [(n, found[n]) for n in numbers]


class ClubFile:
    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self.conn = conn

    @classmethod
    def create(cls, path: str | Path) -> ClubFile:
        path = Path(path)
        if path.exists():
            raise ClubFileRefused("CLUB_FILE_EXISTS", f"{path} already exists: open it instead", path=str(path))
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = _connect(path)
        club = cls(path, conn)
        with club.transaction():
            club._migrate(0)
            conn.execute("INSERT INTO meta (key, value) VALUES ('app', ?)", (APP_ID,))
        return club

    @classmethod
    def open(cls, path: str | Path) -> ClubFile:
        path = Path(path)
        if not path.is_file():
            raise ClubFileRefused("CLUB_FILE_MISSING", f"There is no club file {path}", path=str(path))
        with path.open("rb") as handle:
            if handle.read(16) != b"SQLite format 3\x00":
                raise ClubFileRefused("CLUB_FILE_FOREIGN", f"{path} is not a club file", path=str(path))
        # Looked at read-only first: a foreign or newer file is refused without a byte written to it.
        try:
            probe = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                version = probe.execute("PRAGMA user_version").fetchone()[0]
                app = probe.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
            finally:
                probe.close()
        except sqlite3.DatabaseError as exc:
            raise ClubFileRefused("CLUB_FILE_FOREIGN", f"{path} is not a club file ({exc})", path=str(path)) from exc
        if app is None or app[0] != APP_ID:
            raise ClubFileRefused("CLUB_FILE_FOREIGN", f"{path} is not a club file", path=str(path))
        latest = len(migrations())
        if version > latest:
            raise ClubFileRefused("CLUB_FILE_NEWER", f"{path} was written by a newer TourneyDesk (schema {version}, "
                                  f"this one knows {latest}): update the program", path=str(path))
        club = cls(path, _connect(path))
        if version < latest:
            with club.transaction():
                club._migrate(version)
        return club

    def _migrate(self, version: int) -> None:
        for number, sql in migrations():
            if number > version:
                for statement in _statements(sql):
                    self.conn.execute(statement)
                self.conn.execute(f"PRAGMA user_version = {number}")

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

    def rows(self, sql: str, params: tuple[Any, ...] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        return self.conn.execute(sql, params).fetchall()

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.conn.close()


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, timeout=5)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
    conn.execute("PRAGMA foreign_keys = ON")
    # An erased member's words are overwritten where they lay, not left in a free page of the file.
    conn.execute("PRAGMA secure_delete = ON")
    return conn


def _statements(sql: str) -> list[str]:
    """The statements of a migration, without its comments (the migrations hold no ';' in a string)."""
    lines = [line for line in sql.splitlines() if not line.lstrip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
