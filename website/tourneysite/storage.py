"""Where the site keeps what it knows: venues and their token hashes, each tournament's public events,
its acknowledged sequence number and a checkpoint of its folded state.

`Storage` is the interface the rest of the site uses. `SqlStorage` holds its queries, written once;
`SqliteStorage` (here) and `PostgresStorage` (storage_pg.py) say how each database is opened, migrated,
read and written. The database is named by a URL: `sqlite:///site.db` or a plain path, or
`postgresql://user@host/dbname` (`databases.open_storage` opens it). Idempotency lives here, in the
database: the (tournament, seq) primary key and `acked_seq` answer a repeat however late it comes,
whichever site process it reaches.
"""

from __future__ import annotations

import abc
import hashlib
import json
import logging
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from tourneydesk.cli_args import new_file_problem

log = logging.getLogger(__name__)

SCHEMA_VERSION = 4

SCHEMA = """
CREATE TABLE IF NOT EXISTS venues (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at REAL NOT NULL
);
-- Only a hash of each token: a copy of the database lets nobody push results as a venue.
CREATE TABLE IF NOT EXISTS tokens (
    token_hash TEXT PRIMARY KEY,
    venue_id   INTEGER NOT NULL REFERENCES venues(id),
    created_at REAL NOT NULL
);
-- One row per tournament: who owns it, how far it is acknowledged, and what the lists show.
CREATE TABLE IF NOT EXISTS tournaments (
    id         TEXT PRIMARY KEY,
    venue_id   INTEGER NOT NULL REFERENCES venues(id),
    acked_seq  INTEGER NOT NULL,
    name       TEXT NOT NULL,
    status     TEXT NOT NULL,
    started_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    summary    TEXT NOT NULL  -- JSON: the few public figures the lists show
);
-- The public events, each (tournament, seq) stored once, forever.
CREATE TABLE IF NOT EXISTS events (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    seq           INTEGER NOT NULL,
    type          TEXT NOT NULL,
    at            REAL NOT NULL,
    station       TEXT,
    payload       TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;
-- A projection: the folded state as of `seq`, so a restart folds only the tail.
CREATE TABLE IF NOT EXISTS checkpoints (
    tournament_id TEXT PRIMARY KEY REFERENCES tournaments(id),
    seq           INTEGER NOT NULL,
    state         TEXT NOT NULL
);
"""

# Each step takes a database from the version before it to its own, inside the one transaction that
# sets user_version: a site stopped halfway through an upgrade finds its database as it was.
MIGRATIONS: dict[int, str] = {
    2: """
-- How a venue's pages read: its language, its time zone, the buy-in's split, names by surname.
CREATE TABLE IF NOT EXISTS venue_settings (
    venue_id      INTEGER PRIMARY KEY REFERENCES venues(id),
    language      TEXT    NOT NULL DEFAULT 'en',
    time_zone     TEXT    NOT NULL DEFAULT 'UTC',
    buy_in_split  INTEGER NOT NULL DEFAULT 1,
    surname_first INTEGER NOT NULL DEFAULT 0
);
-- What the site's owner did: renames, merges, revocations, hidings and deletions, kept forever.
CREATE TABLE IF NOT EXISTS admin_log (
    id     INTEGER PRIMARY KEY,
    at     REAL    NOT NULL,
    action TEXT    NOT NULL,
    detail TEXT    NOT NULL
);
ALTER TABLE tokens ADD COLUMN last_used_at REAL;
ALTER TABLE tokens ADD COLUMN revoked_at REAL;
ALTER TABLE tournaments ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
""",
    # The laptop's chain (each event's hash), when the site last heard from the venue and how far the
    # laptop's clock is off, and the histories a venue replaced, kept with who replaced them and when.
    3: """
ALTER TABLE events ADD COLUMN hash TEXT;
ALTER TABLE tournaments ADD COLUMN news_at REAL;
ALTER TABLE tournaments ADD COLUMN clock_skew REAL NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS replacements (
    id            INTEGER PRIMARY KEY,
    tournament_id TEXT NOT NULL REFERENCES tournaments(id),
    from_seq      INTEGER NOT NULL,  -- the first event of the history replaced
    upto_seq      INTEGER NOT NULL,  -- its last event
    venue_id      INTEGER NOT NULL REFERENCES venues(id),
    by            TEXT NOT NULL,     -- who said so, as the laptop named them
    at            REAL NOT NULL
);
-- The events a replacement took out of the history, kept as they were.
CREATE TABLE IF NOT EXISTS replaced_events (
    replacement_id INTEGER NOT NULL REFERENCES replacements(id),
    seq            INTEGER NOT NULL,
    type           TEXT NOT NULL,
    at             REAL NOT NULL,
    station        TEXT,
    payload        TEXT NOT NULL,
    hash           TEXT,
    PRIMARY KEY (replacement_id, seq)
) WITHOUT ROWID;
""",
    # What a venue's club file publishes of its leagues (club.py): one document per venue, replaced whole
    # by each push. Public handles and names only: a member id, an email or a phone is never in it.
    4: """
CREATE TABLE IF NOT EXISTS club_documents (
    venue_id  INTEGER PRIMARY KEY REFERENCES venues(id),
    document  TEXT NOT NULL,
    pushed_at REAL NOT NULL
);
""",
}


@dataclass(frozen=True, slots=True)
class Venue:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class VenueSettings:
    """How a venue's pages read. The defaults are what every venue had before it could choose."""

    language: str = "en"
    time_zone: str = "UTC"
    buy_in_split: bool = True  # "€80 + €20 bounty" rather than "€100"
    surname_first: bool = False  # lists of names sorted by surname


@dataclass(frozen=True, slots=True)
class TokenInfo:
    """A token as its owner may see it: never the token, only the start of its hash to name it by."""

    id: str
    venue_id: int
    venue_name: str
    created_at: float
    last_used_at: float | None
    revoked_at: float | None


class AdminError(ValueError):
    """A request of the site's owner that names nothing that exists, or would lose something."""


@dataclass(frozen=True, slots=True)
class Tournament:
    id: str
    venue_id: int
    venue_name: str
    acked_seq: int
    name: str
    status: str
    started_at: float
    updated_at: float
    summary: dict[str, Any]
    hidden: bool = False  # taken off the pages by the site's owner; the venue's pushes still land
    news_at: float | None = None  # the site's time when the venue last said anything (a batch, a heartbeat)
    clock_skew: float = 0.0  # the site's clock minus the laptop's, as of the last batch


@dataclass(frozen=True, slots=True)
class Replacement:
    """A history replaced: the events from `from_seq` on were another history; kept, never deleted."""

    from_seq: int
    upto_seq: int
    by: str
    at: float
    venue_id: int


@dataclass(frozen=True, slots=True)
class WireEvent:
    """A public event as received and stored (payload as canonical JSON, to compare repeats exactly)."""

    seq: int
    type: str
    at: float
    station: str | None
    payload: str
    hash: str | None = None  # the laptop's chain after this event (None: stored before the site kept it)
    data: dict[str, Any] | None = field(default=None, compare=False)  # the payload parsed, when at hand


class Storage(Protocol):
    def create_token(self, venue_name: str, now: float) -> str: ...
    def venue_for_token(self, token: str, now: float | None = None) -> Venue | None: ...
    def venue(self, venue_id: int) -> Venue | None: ...
    def venues(self) -> list[Venue]: ...
    def tournament(self, tournament_id: str) -> Tournament | None: ...
    def tournaments(self, venue_id: int | None = None, *, hidden: bool = False) -> list[Tournament]: ...
    def venue_settings(self, venue_id: int) -> VenueSettings: ...
    def set_venue_settings(self, venue_id: int, settings: VenueSettings) -> None: ...
    def find_venue(self, name: str) -> Venue | None: ...
    def rename_venue(self, venue_id: int, name: str, now: float) -> None: ...
    def merge_venues(self, source_id: int, target_id: int, now: float) -> int: ...
    def tokens(self) -> list[TokenInfo]: ...
    def revoke_token(self, token_id: str, now: float) -> TokenInfo: ...
    def hide_tournament(self, tournament_id: str, hidden: bool, now: float) -> None: ...
    def delete_tournament(self, tournament_id: str, now: float) -> int: ...
    def admin_log(self) -> list[tuple[float, str, dict[str, Any]]]: ...
    def backup(self, target: Path) -> None: ...
    def generation(self) -> tuple[Any, ...]: ...
    def owners_generation(self) -> tuple[Any, ...]: ...
    def stored_seq(self, tournament_id: str) -> int | None: ...
    def held_version(self, key: str | None) -> tuple[Any] | None: ...
    def events(self, tournament_id: str, after: int = 0, upto: int | None = None) -> list[WireEvent]: ...
    def hash_at(self, tournament_id: str, seq: int) -> str | None: ...
    def checkpoint(self, tournament_id: str) -> tuple[int, dict[str, Any]] | None: ...
    def store_batch(self, batch: StoredBatch) -> None: ...
    def writing(self, tournament_id: str) -> AbstractContextManager[None]: ...
    def listen(self, pushed: Callable[[str], None]) -> Callable[[], None]: ...
    def heard(self, tournament_id: str, at: float, clock_skew: float | None) -> None: ...
    def replacements(self, tournament_id: str) -> list[Replacement]: ...
    def store_club(self, venue_id: int, document: dict[str, Any], now: float) -> None: ...
    def refresh_summary(self, tournament_id: str, acked_seq: int, summary: dict[str, Any]) -> bool: ...
    def club(self, venue_id: int) -> dict[str, Any] | None: ...
    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class StoredBatch:
    """New events of one tournament and what they change, written in one transaction."""

    tournament_id: str
    venue_id: int
    previous_seq: int  # the acked_seq the batch continues from: another writer in between fails it
    events: Sequence[WireEvent]
    name: str
    status: str
    started_at: float
    summary: dict[str, Any]
    now: float
    checkpoint: tuple[int, dict[str, Any]] | None = None
    clock_skew: float | None = None  # None: the batch did not say when it was sent
    # Set when the batch replaces the history from `previous_seq + 1`: what is replaced is kept.
    replaced_by: str | None = None
    replaced_upto: int = 0


def _tournament(row: tuple[Any, ...]) -> Tournament:
    id_, venue_id, venue_name, acked_seq, name, status, started_at, updated_at, summary, hidden, news_at, skew = row
    return Tournament(id_, venue_id, venue_name, acked_seq, name, status, started_at, updated_at,
                      read_summary(summary), bool(hidden), news_at, float(skew or 0.0))


# What the lists show of each tournament, and what they show when a stored summary cannot be read
# (written by an older site, or by hand): one unreadable row must not take the lists down with it.
_SUMMARY_DEFAULTS: dict[str, Any] = {"currency": "", "players": 0, "entries": 0, "players_left": 0,
                                     "prize_pool": 0, "winner": None, "started_ms": None, "finished_ms": None,
                                     "version": 0}  # how it was counted (results.SUMMARY_VERSION; 0: before)
_SUMMARY_TIMES = ("started_ms", "finished_ms")


def read_summary(text: Any) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        data = {}
    if not isinstance(data, dict):
        data = {}
    out = dict(_SUMMARY_DEFAULTS)
    for key, default in _SUMMARY_DEFAULTS.items():
        value = data.get(key, default)
        whole = (isinstance(default, int) or key in _SUMMARY_TIMES) and isinstance(value, int) \
            and not isinstance(value, bool)
        text = key in ("currency", "winner") and isinstance(value, str) and len(value) <= 200
        if whole or text:
            out[key] = value
    return out


class StaleBatch(Exception):
    """The tournament moved on while the batch was being checked (a concurrent push)."""


WATCH_S = 0.05  # how often a SQLite site looks whether another process wrote to its file
# What the lists of tournaments and a venue's pages depend on (`generation`): the owner's changes are logged.
GENERATION = ("SELECT (SELECT count(*) FROM tournaments), (SELECT max(updated_at) FROM tournaments),"
              " (SELECT max(id) FROM admin_log), (SELECT max(pushed_at) FROM club_documents)")
TOKEN_USE_RESOLUTION_S = 60.0  # "last used" is worth knowing to the minute, not a write on every push


def venue_key(name: str) -> str:
    """A venue's name as two spellings of it compare: case, accents and runs of spaces aside."""
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def hash_token(token: str) -> str:
    # The tokens are 256 random bits: a fast hash is enough, there is nothing to guess.
    return hashlib.sha256(token.encode()).hexdigest()


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical(payload: Any) -> str:
    return _CANONICAL.encode(payload)


_COMPACT = json.JSONEncoder(separators=(",", ":"))
PIECE = 500  # items of a long list or dict encoded at once


def checkpoint_json(value: Any) -> str:
    """`json.dumps(value, separators=(",", ":"))`, the same text, made piece by piece: a 10,000-player
    state is 4 MB of JSON, and encoding it in one go holds the interpreter for a fifth of a second, during
    which no reader is answered."""
    if isinstance(value, dict) and len(value) > PIECE:
        items = list(value.items())
        return "{" + ",".join(_COMPACT.encode(dict(items[i:i + PIECE]))[1:-1]
                              for i in range(0, len(items), PIECE)) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(f"{_key(key)}:{checkpoint_json(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list) and len(value) > PIECE:
        return "[" + ",".join(_COMPACT.encode(value[i:i + PIECE])[1:-1] for i in range(0, len(value), PIECE)) + "]"
    return _COMPACT.encode(value)


def _key(key: Any) -> str:
    # a key that is not text is written as JSON writes it ("1", "true", "null")
    return _COMPACT.encode(key) if isinstance(key, str) else _COMPACT.encode({key: 0})[1:-3]


class Cursor(Protocol):
    rowcount: int

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """What the queries need of a database connection: SQLite's, or psycopg's behind storage_pg's adapter."""

    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Cursor: ...
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...


# What a write changes for the pages (`SqlStorage._writing(about=...)`), besides one tournament's id.
EVERYTHING = "*"  # an owner's change: any page may read differently
NOTHING = ""  # nothing a page shows (when a token was last used)
NO_TOURNAMENT = "\x00"  # the lists of tournaments only (Versions.changed: no tournament has this id)
# Versions' keys for the two halves of the generation (no tournament id begins with a space): what every
# page depends on, the owner's changes and the clubs' files, which a batch never changes; and the lists'.
OWNERS, LISTS = " owners", " lists"


class Versions:
    """The answers the pages' cache asks for on every request, kept while they are known to be current:
    only while this process listens (a change another process makes is heard of: PostgreSQL's NOTIFY, or
    on SQLite a thread that looks at the file every WATCH_S), and each forgotten as soon as a write says
    it changed. An answer read from the database while a change was heard of is not kept (it may be
    older than the change)."""

    LIMIT = 10_000  # tournaments' seqs kept (a crawler asking for made-up ids grows nothing for long)

    def __init__(self, *, listening: bool = False) -> None:
        self._lock = threading.Lock()
        self._listening = int(listening)
        self._changes = 0  # every change heard of, and every start or end of listening
        self._held: dict[str, Any] = {}  # OWNERS and LISTS: the site's generation; a tournament's id: its seq

    def get(self, key: str, read: Callable[[], Any]) -> Any:
        with self._lock:
            if self._listening and key in self._held:
                return self._held[key]
            changes = self._changes
        value = read()
        with self._lock:
            if self._listening and changes == self._changes:
                if len(self._held) > self.LIMIT:
                    self._held.clear()
                self._held[key] = value
        return value

    def held(self, key: str) -> tuple[Any] | None:
        """(The answer,) when it is at hand without asking the database; None otherwise."""
        with self._lock:
            return (self._held[key],) if self._listening and key in self._held else None

    def changed(self, about: str) -> None:
        with self._lock:
            self._changes += 1
            if about == EVERYTHING:
                self._held.clear()
            else:
                self._held.pop(LISTS, None)  # a batch changes the lists of tournaments too
                self._held.pop(about, None)

    def listening(self, on: bool) -> None:
        """A listener (dis)connected: what was kept may have missed a change; forget it all."""
        with self._lock:
            self._listening += 1 if on else -1
            self._changes += 1
            self._held.clear()


class SqlStorage(abc.ABC):
    """The site's queries, written once for SQLite and PostgreSQL (`?` placeholders, SQL both speak), so
    that both keep the same semantics: a subclass says how to read, how to write one transaction, and
    how to take a consistent copy."""

    def __init__(self, versions: Versions) -> None:
        self._writers: dict[str, threading.Lock] = {}
        self._writers_lock = threading.Lock()
        self._versions = versions

    # -- what a subclass provides ----------------------------------------------------------------
    @abc.abstractmethod
    def _reading(self) -> AbstractContextManager[Connection]:
        """A connection to read from."""

    @abc.abstractmethod
    def _writing(self, about: str = EVERYTHING) -> AbstractContextManager[Connection]:
        """One transaction, committed when the block ends, rolled back on any error. `about`: what the
        pages would read differently after it (a tournament's id, EVERYTHING, or NOTHING)."""

    @abc.abstractmethod
    def backup(self, target: Path) -> None:
        """A consistent copy of the whole site's data at `target`."""

    @abc.abstractmethod
    def close(self) -> None:
        """Release the connections."""

    def listen(self, pushed: Callable[[str], None]) -> Callable[[], None]:
        """Calls `pushed(tournament_id)` (from another thread) when another process stores a batch or hears
        from a venue, where the database can say so; returns how to stop listening. A database that cannot
        leaves it to the live pages' watchers, which look at each tournament's seq every few seconds."""
        return lambda: None

    @contextmanager
    def writing(self, tournament_id: str) -> Iterator[None]:
        """This tournament's writes, one at a time: each batch is checked against what the one before it
        stored. (In this process; a subclass whose database is shared by processes locks there too.)"""
        with self._writers_lock:
            lock = self._writers.setdefault(tournament_id, threading.Lock())
        with lock:
            yield

    # -- venues and tokens ---------------------------------------------------------------------
    def create_token(self, venue_name: str, now: float) -> str:
        """A new token for the venue of that name, created if new. "the queen's club" is The Queen's Club:
        a name typed in another case, with other accents or spacing names the venue that exists."""
        token = secrets.token_urlsafe(32)
        while token.startswith("-"):  # typed after `--token`, a leading dash reads as an option
            token = secrets.token_urlsafe(32)
        with self._writing() as conn:
            known = self._find_venue(conn, venue_name)
            if known is None:
                venue_id = conn.execute("INSERT INTO venues (name, created_at) VALUES (?, ?) RETURNING id",
                                        (" ".join(venue_name.split()), now)).fetchone()[0]
            else:
                venue_id = known.id
            conn.execute("INSERT INTO tokens (token_hash, venue_id, created_at) VALUES (?, ?, ?)",
                         (hash_token(token), venue_id, now))
        return token

    def venue_for_token(self, token: str, now: float | None = None) -> Venue | None:
        """The venue of a token that is not revoked; notes when it was used (at most once a minute)."""
        digest = hash_token(token)
        row = self._one("SELECT v.id, v.name, t.last_used_at FROM tokens t JOIN venues v ON v.id = t.venue_id"
                        " WHERE t.token_hash = ? AND t.revoked_at IS NULL", (digest,))
        if not row:
            return None
        if now is not None and (row[2] is None or now - row[2] >= TOKEN_USE_RESOLUTION_S):
            with self._writing(NOTHING) as conn:
                conn.execute("UPDATE tokens SET last_used_at = ? WHERE token_hash = ?", (now, digest))
        return Venue(row[0], row[1])

    def venue(self, venue_id: int) -> Venue | None:
        row = self._one("SELECT id, name FROM venues WHERE id = ?", (venue_id,))
        return Venue(*row) if row else None

    def venues(self) -> list[Venue]:
        return [Venue(*row) for row in self._all("SELECT id, name FROM venues ORDER BY name", ())]

    # -- tournaments ----------------------------------------------------------------------------
    _TOURNAMENT = ("SELECT t.id, t.venue_id, v.name, t.acked_seq, t.name, t.status, t.started_at, t.updated_at, "
                   "t.summary, t.hidden, t.news_at, t.clock_skew FROM tournaments t JOIN venues v ON v.id = t.venue_id")

    def tournament(self, tournament_id: str) -> Tournament | None:
        row = self._one(self._TOURNAMENT + " WHERE t.id = ?", (tournament_id,))
        return _tournament(row) if row else None

    def tournaments(self, venue_id: int | None = None, *, hidden: bool = False) -> list[Tournament]:
        """The venue's (or every) tournament, newest first; those hidden by the owner only when asked."""
        where = [] if hidden else ["t.hidden = 0"]
        params: tuple[Any, ...] = ()
        if venue_id is not None:
            where.append("t.venue_id = ?")
            params = (venue_id,)
        sql = self._TOURNAMENT + (" WHERE " + " AND ".join(where) if where else "") \
            + " ORDER BY t.started_at DESC, t.id"
        return [_tournament(row) for row in self._all(sql, params)]

    # -- what the site's owner changes ------------------------------------------------------------
    def venue_settings(self, venue_id: int) -> VenueSettings:
        row = self._one("SELECT language, time_zone, buy_in_split, surname_first FROM venue_settings"
                        " WHERE venue_id = ?", (venue_id,))
        return VenueSettings(row[0], row[1], bool(row[2]), bool(row[3])) if row else VenueSettings()

    def set_venue_settings(self, venue_id: int, settings: VenueSettings) -> None:
        with self._writing() as conn:
            self._require_venue(conn, venue_id)
            conn.execute("INSERT INTO venue_settings (venue_id, language, time_zone, buy_in_split, surname_first)"
                         " VALUES (?, ?, ?, ?, ?) ON CONFLICT (venue_id) DO UPDATE SET language = excluded.language,"
                         " time_zone = excluded.time_zone, buy_in_split = excluded.buy_in_split,"
                         " surname_first = excluded.surname_first",
                         (venue_id, settings.language, settings.time_zone, int(settings.buy_in_split),
                          int(settings.surname_first)))
            self._log(conn, time.time(), "venue_settings", {"venue": venue_id, "language": settings.language,
                                                            "time_zone": settings.time_zone})

    def find_venue(self, name: str) -> Venue | None:
        with self._reading() as conn:
            return self._find_venue(conn, name)

    def rename_venue(self, venue_id: int, name: str, now: float) -> None:
        name = " ".join(name.split())
        with self._writing() as conn:
            old = self._require_venue(conn, venue_id)
            other = self._find_venue(conn, name)
            if other is not None and other.id != venue_id:
                raise AdminError(f"another venue is called {other.name!r}: merge the two instead")
            conn.execute("UPDATE venues SET name = ? WHERE id = ?", (name, venue_id))
            self._log(conn, now, "venue_renamed", {"venue": venue_id, "from": old.name, "to": name})

    def merge_venues(self, source_id: int, target_id: int, now: float) -> int:
        """Everything of `source` (tokens, tournaments) becomes `target`'s, and `source` is gone.
        Returns the number of tournaments that moved."""
        if source_id == target_id:
            raise AdminError("a venue cannot be merged into itself")
        with self._writing() as conn:
            source = self._require_venue(conn, source_id)
            target = self._require_venue(conn, target_id)
            moved = conn.execute("UPDATE tournaments SET venue_id = ? WHERE venue_id = ?",
                                 (target_id, source_id)).rowcount
            conn.execute("UPDATE tokens SET venue_id = ? WHERE venue_id = ?", (target_id, source_id))
            conn.execute("UPDATE replacements SET venue_id = ? WHERE venue_id = ?", (target_id, source_id))
            conn.execute("DELETE FROM venue_settings WHERE venue_id = ?", (source_id,))
            # the target's club file publishes the merged venue's leagues from its next push
            conn.execute("DELETE FROM club_documents WHERE venue_id = ?", (source_id,))
            conn.execute("DELETE FROM venues WHERE id = ?", (source_id,))
            self._log(conn, now, "venues_merged", {"from": source.name, "into": target.name, "tournaments": moved})
        return moved

    def tokens(self) -> list[TokenInfo]:
        rows = self._all("SELECT substr(t.token_hash, 1, 12), t.venue_id, v.name, t.created_at, t.last_used_at,"
                         " t.revoked_at FROM tokens t JOIN venues v ON v.id = t.venue_id ORDER BY v.name,"
                         " t.created_at", ())
        return [TokenInfo(*row) for row in rows]

    def revoke_token(self, token_id: str, now: float) -> TokenInfo:
        if len(token_id) < 6 or not all(c in "0123456789abcdef" for c in token_id):
            raise AdminError("name a token by the id `token list` shows (at least 6 of its characters)")
        with self._writing() as conn:
            rows = conn.execute("SELECT token_hash FROM tokens WHERE token_hash LIKE ? AND revoked_at IS NULL",
                                (token_id + "%",)).fetchall()
            if len(rows) != 1:
                raise AdminError(f"no token in use has the id {token_id}" if not rows else
                                 f"{len(rows)} tokens begin with {token_id}: give more of its id")
            conn.execute("UPDATE tokens SET revoked_at = ? WHERE token_hash = ?", (now, rows[0][0]))
            self._log(conn, now, "token_revoked", {"token": rows[0][0][:12]})
        return next(t for t in self.tokens() if t.id == rows[0][0][:12])

    def hide_tournament(self, tournament_id: str, hidden: bool, now: float) -> None:
        with self._writing() as conn:
            if conn.execute("UPDATE tournaments SET hidden = ? WHERE id = ?",
                            (int(hidden), tournament_id)).rowcount != 1:
                raise AdminError(f"there is no tournament {tournament_id!r}")
            self._log(conn, now, "tournament_hidden" if hidden else "tournament_shown", {"tournament": tournament_id})

    def delete_tournament(self, tournament_id: str, now: float) -> int:
        """The tournament and every event of it, gone; the deletion itself is logged. Returns the events."""
        with self._writing() as conn:
            row = conn.execute("SELECT t.name, v.name FROM tournaments t JOIN venues v ON v.id = t.venue_id"
                               " WHERE t.id = ?", (tournament_id,)).fetchone()
            if row is None:
                raise AdminError(f"there is no tournament {tournament_id!r}")
            events = conn.execute("DELETE FROM events WHERE tournament_id = ?", (tournament_id,)).rowcount
            conn.execute("DELETE FROM checkpoints WHERE tournament_id = ?", (tournament_id,))
            # the owner deletes the whole tournament: the histories its venue replaced go with it
            conn.execute("DELETE FROM replaced_events WHERE replacement_id IN"
                         " (SELECT id FROM replacements WHERE tournament_id = ?)", (tournament_id,))
            conn.execute("DELETE FROM replacements WHERE tournament_id = ?", (tournament_id,))
            conn.execute("DELETE FROM tournaments WHERE id = ?", (tournament_id,))
            self._log(conn, now, "tournament_deleted",
                      {"tournament": tournament_id, "name": row[0], "venue": row[1], "events": events})
        return events

    def admin_log(self) -> list[tuple[float, str, dict[str, Any]]]:
        rows = self._all("SELECT at, action, detail FROM admin_log ORDER BY id", ())
        return [(at, action, json.loads(detail)) for at, action, detail in rows]

    def generation(self) -> tuple[Any, ...]:
        """Changes whenever a list of tournaments or a venue's pages would read differently: a batch
        stored, a setting changed, a tournament hidden (every owner's change is logged), a club's leagues
        pushed (the last part)."""
        lists = self._versions.get(LISTS, lambda: tuple(self._one(
            "SELECT (SELECT count(*) FROM tournaments), (SELECT max(updated_at) FROM tournaments)", ())))
        return (*lists, *self.owners_generation())

    def owners_generation(self) -> tuple[Any, ...]:
        """The generation's last two parts: the owner's last change, the clubs' last file."""
        return tuple(self._versions.get(OWNERS, lambda: tuple(self._one(
            "SELECT (SELECT max(id) FROM admin_log), (SELECT max(pushed_at) FROM club_documents)", ()))))

    def stored_seq(self, tournament_id: str) -> int | None:
        """How far the tournament is stored (None: not at all), as the pages' cache asks on every request."""

        def read() -> int | None:
            row = self._one("SELECT acked_seq FROM tournaments WHERE id = ?", (tournament_id,))
            return None if row is None else int(row[0])

        seq: int | None = self._versions.get(tournament_id, read)
        return seq

    def held_version(self, key: str | None) -> tuple[Any] | None:
        """(The generation,) for None, (its owners' part,) for OWNERS, (the stored seq,) for a tournament's
        id, when this process knows it without asking the database (the event loop may ask); None otherwise."""
        if key is None:
            lists, owners = self._versions.held(LISTS), self._versions.held(OWNERS)
            return None if lists is None or owners is None else ((*lists[0], *owners[0]),)
        return self._versions.held(key)

    @staticmethod
    def _find_venue(conn: Connection, name: str) -> Venue | None:
        key = venue_key(name)
        return next((Venue(*row) for row in conn.execute("SELECT id, name FROM venues ORDER BY id", ())
                     if venue_key(row[1]) == key), None)

    @staticmethod
    def _require_venue(conn: Connection, venue_id: int) -> Venue:
        row = conn.execute("SELECT id, name FROM venues WHERE id = ?", (venue_id,)).fetchone()
        if row is None:
            raise AdminError(f"there is no venue {venue_id}")
        return Venue(*row)

    @staticmethod
    def _log(conn: Connection, now: float, action: str, detail: dict[str, Any]) -> None:
        conn.execute("INSERT INTO admin_log (at, action, detail) VALUES (?, ?, ?)", (now, action, canonical(detail)))

    # -- events ------------------------------------------------------------------------------------
    def events(self, tournament_id: str, after: int = 0, upto: int | None = None) -> list[WireEvent]:
        rows = self._all("SELECT seq, type, at, station, payload, hash FROM events WHERE tournament_id = ? AND seq > ?"
                         " AND seq <= ? ORDER BY seq", (tournament_id, after, upto if upto is not None else 2**62))
        return [WireEvent(*row) for row in rows]

    def hash_at(self, tournament_id: str, seq: int) -> str | None:
        """The chain's hash after event `seq` as the laptop sent it (GENESIS-like None: not kept)."""
        row = self._one("SELECT hash FROM events WHERE tournament_id = ? AND seq = ?", (tournament_id, seq))
        return None if row is None else row[0]

    def heard(self, tournament_id: str, at: float, clock_skew: float | None) -> None:
        with self._writing(tournament_id) as conn:
            conn.execute("UPDATE tournaments SET news_at = ?, clock_skew = COALESCE(?, clock_skew) WHERE id = ?",
                         (at, clock_skew, tournament_id))

    def replacements(self, tournament_id: str) -> list[Replacement]:
        rows = self._all("SELECT from_seq, upto_seq, by, at, venue_id FROM replacements"
                         " WHERE tournament_id = ? ORDER BY id", (tournament_id,))
        return [Replacement(*row) for row in rows]

    def store_club(self, venue_id: int, document: dict[str, Any], now: float) -> None:
        with self._writing() as conn:
            # a later push always reads as newer, whatever the clock did
            last = conn.execute("SELECT max(pushed_at) FROM club_documents", ()).fetchone()[0]
            conn.execute("INSERT INTO club_documents (venue_id, document, pushed_at) VALUES (?, ?, ?)"
                         " ON CONFLICT (venue_id) DO UPDATE SET document = excluded.document,"
                         " pushed_at = excluded.pushed_at",
                         (venue_id, canonical(document), max(now, (last or 0) + 1e-6)))

    def club(self, venue_id: int) -> dict[str, Any] | None:
        row = self._one("SELECT document FROM club_documents WHERE venue_id = ?", (venue_id,))
        return None if row is None else dict(json.loads(row[0]))

    def checkpoint(self, tournament_id: str) -> tuple[int, dict[str, Any]] | None:
        row = self._one("SELECT seq, state FROM checkpoints WHERE tournament_id = ?", (tournament_id,))
        return (row[0], json.loads(row[1])) if row else None

    def store_batch(self, batch: StoredBatch) -> None:
        """The batch whole or not at all. The tournament's row is updated first, on the condition that it
        is where the batch continues from: a concurrent writer (another thread, another site process)
        that got there first makes it StaleBatch, and its events are never stored twice."""
        rows = [(batch.tournament_id, e.seq, e.type, e.at, e.station, e.payload, e.hash) for e in batch.events]
        checkpoint = None
        if batch.checkpoint:
            seq, state = batch.checkpoint
            checkpoint = (batch.tournament_id, seq, checkpoint_json(state))
        last = batch.events[-1].seq if batch.events else batch.previous_seq
        with self._writing(batch.tournament_id) as conn:
            if batch.previous_seq == 0:
                conn.execute("INSERT INTO tournaments (id, venue_id, acked_seq, name, status, started_at, updated_at,"
                             " summary) VALUES (?, ?, 0, '', '', ?, ?, '{}') ON CONFLICT (id) DO NOTHING",
                             (batch.tournament_id, batch.venue_id, batch.started_at, batch.now))
            expected = batch.replaced_upto if batch.replaced_by is not None else batch.previous_seq
            moved = conn.execute(
                "UPDATE tournaments SET acked_seq = ?, name = ?, status = ?, updated_at = ?, summary = ?,"
                " news_at = ?, clock_skew = COALESCE(?, clock_skew)"
                " WHERE id = ? AND venue_id = ? AND acked_seq = ?",
                (last, batch.name, batch.status, batch.now, canonical(batch.summary), batch.now, batch.clock_skew,
                 batch.tournament_id, batch.venue_id, expected))
            if moved.rowcount != 1:
                raise StaleBatch(batch.tournament_id)
            if batch.replaced_by is not None:
                self._keep_replaced(conn, batch)
            self._insert_events(conn, rows)
            if checkpoint:
                conn.execute("INSERT INTO checkpoints (tournament_id, seq, state) VALUES (?, ?, ?)"
                             " ON CONFLICT (tournament_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
                             checkpoint)

    def refresh_summary(self, tournament_id: str, acked_seq: int, summary: dict[str, Any]) -> bool:
        """The tournament's summary counted again from the events stored up to `acked_seq`: written only while it
        still holds those (a push in between wrote its own) and only if it says something else; whether it did."""
        text = canonical(summary)
        with self._writing() as conn:
            moved = conn.execute("UPDATE tournaments SET summary = ? WHERE id = ? AND acked_seq = ? AND summary <> ?",
                                 (text, tournament_id, acked_seq, text))
            return bool(moved.rowcount == 1)

    def _insert_events(self, conn: Connection, rows: list[tuple[Any, ...]]) -> None:
        conn.executemany("INSERT INTO events (tournament_id, seq, type, at, station, payload, hash)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    @staticmethod
    def _keep_replaced(conn: Connection, batch: StoredBatch) -> None:
        """The history from `previous_seq + 1` moves aside, whole, with who replaced it and when."""
        first = batch.previous_seq + 1
        replacement = conn.execute(
            "INSERT INTO replacements (tournament_id, from_seq, upto_seq, venue_id, by, at)"
            " VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (batch.tournament_id, first, batch.replaced_upto, batch.venue_id, batch.replaced_by, batch.now),
        ).fetchone()[0]
        conn.execute("INSERT INTO replaced_events (replacement_id, seq, type, at, station, payload, hash)"
                     " SELECT ?, seq, type, at, station, payload, hash FROM events"
                     " WHERE tournament_id = ? AND seq >= ?",
                     (replacement, batch.tournament_id, first))
        conn.execute("DELETE FROM events WHERE tournament_id = ? AND seq >= ?", (batch.tournament_id, first))
        conn.execute("DELETE FROM checkpoints WHERE tournament_id = ? AND seq >= ?", (batch.tournament_id, first))

    # -- plumbing ---------------------------------------------------------------------------------
    def _one(self, sql: str, params: tuple[Any, ...]) -> Any:
        with self._reading() as conn:
            return conn.execute(sql, params).fetchone()

    def _all(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        with self._reading() as conn:
            return conn.execute(sql, params).fetchall()


OPEN_TIMEOUT_S = 30.0


def _write_ahead_log(conn: sqlite3.Connection) -> None:
    """The file in WAL mode, waiting as long as any lock for another process that is turning it so.

    Switching a new file to WAL upgrades the switch's read lock to the write lock; when another process
    does the same at once, SQLite answers "locked" at once rather than call the busy handler (two readers
    each waiting for the other to let go would wait forever). What it asks then is to try again: the
    other's switch is over in a moment, and the file is then in WAL already."""
    deadline = time.monotonic() + OPEN_TIMEOUT_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def _foreign_tables(conn: sqlite3.Connection) -> str:
    """The tables of another program's database, named; "" for the site's own or a new file (the site's
    first table is `venues`)."""
    names = [row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")]
    return "" if not names or "venues" in names else ", ".join(names[:4])


class SqliteStorage(SqlStorage):
    """One connection for writes, used under a lock (SQLite writes one at a time anyway), and one
    connection per reading thread: in WAL mode readers never wait for the writer, nor it for them."""

    def __init__(self, path: Path) -> None:
        super().__init__(Versions())
        self.path = path
        self._lock = threading.RLock()
        problem = new_file_problem(path)
        if problem is not None:
            raise ValueError(problem)
        try:
            conn = self._connect()
        except sqlite3.Error as error:  # SQLite cannot open it there (/proc, no right to)
            raise ValueError(f"{path} cannot be the site's database: {error}") from error
        try:
            _write_ahead_log(conn)
            foreign = _foreign_tables(conn)
        except sqlite3.DatabaseError as error:  # not SQLite ("file is not a database"), or no right to write
            conn.close()
            raise ValueError(f"{path} cannot be the site's database: {error}") from error
        if foreign:
            conn.close()
            raise ValueError(f"{path} is not the site's database: it holds another program's tables ({foreign}); "
                             "a tournament or club file is never the site's")
        self._conn = conn
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._news_here: dict[str, tuple[int, float]] = {}  # (acked_seq, news_at) as this process wrote them
        # A receipt the pusher gets must survive a power cut: it will never send those events again.
        self._conn.execute("PRAGMA synchronous=FULL")
        self._conn.execute("PRAGMA foreign_keys=ON")
        version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            self._conn.close()
            raise ValueError(f"{path} was written by a newer tourneysite (schema {version})")
        if version < SCHEMA_VERSION:
            steps = "".join(MIGRATIONS[v] for v in range(max(version, 1) + 1, SCHEMA_VERSION + 1))
            with self._lock:
                try:
                    self._conn.executescript("BEGIN IMMEDIATE;" + (SCHEMA if version == 0 else "") + steps
                                             + f"PRAGMA user_version={SCHEMA_VERSION};COMMIT;")
                except sqlite3.OperationalError:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    # another process migrated it while this one waited for the write lock: done
                    if self._conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
                        raise
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=OPEN_TIMEOUT_S)

    @contextmanager
    def _reading(self) -> Iterator[Connection]:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self._connect()
            conn.execute("PRAGMA query_only=ON")
            with self._lock:
                self._readers.append(conn)
        yield conn  # type: ignore[misc]  # sqlite3's execute takes what Connection's does

    @contextmanager
    def _writing(self, about: str = EVERYTHING) -> Iterator[Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn  # type: ignore[misc]
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
            if about != NOTHING:
                self._versions.changed(about)

    # Noted before the write: the watching thread may see the row the moment it commits.
    def store_batch(self, batch: StoredBatch) -> None:
        self._news_here[batch.tournament_id] = (batch.events[-1].seq if batch.events else batch.previous_seq,
                                                batch.now)
        super().store_batch(batch)

    def heard(self, tournament_id: str, at: float, clock_skew: float | None) -> None:
        known = self._news_here.get(tournament_id)
        if known is not None:
            self._news_here[tournament_id] = (known[0], at)
        super().heard(tournament_id, at, clock_skew)

    def listen(self, pushed: Callable[[str], None]) -> Callable[[], None]:
        """A thread looks, every WATCH_S, at what the pages depend on (the site's generation, each recent
        tournament's stored seq and news): what another process changed is forgotten here, and its pushes
        (or heartbeats: news is news) are told. While it runs, the pages' versions are answered from memory."""
        stopping = threading.Event()
        conn = self._connect()
        conn.execute("PRAGMA query_only=ON")
        recent = "SELECT id, acked_seq, news_at FROM tournaments WHERE news_at > ?"
        # what is there as it begins is nobody's news
        generation = conn.execute(GENERATION).fetchall()[0]
        seen: dict[str, tuple[int, float]] = {row[0]: (row[1], row[2]) for row in conn.execute(recent, (-1e300,))}
        self._versions.listening(True)

        def run() -> None:
            nonlocal generation
            since = max((news for _, news in seen.values()), default=-1e300)
            try:
                while not stopping.wait(WATCH_S):
                    now_generation = conn.execute(GENERATION).fetchall()[0]
                    if now_generation != generation:
                        # an owner's change or a club's file: any page may read otherwise; a batch: the lists
                        owners = now_generation[2:] != generation[2:] or now_generation[0] < generation[0]
                        generation = now_generation
                        self._versions.changed(EVERYTHING if owners else NO_TOURNAMENT)
                    # a batch's news_at is when its check began, a fold before its commit: a minute's margin
                    for tournament_id, acked, news_at in conn.execute(recent, (since - 60.0,)).fetchall():
                        if seen.get(tournament_id) == (acked, news_at):
                            continue
                        seen[tournament_id] = (acked, news_at)
                        since = max(since, news_at)
                        if self._news_here.get(tournament_id) != (acked, news_at):
                            self._versions.changed(tournament_id)
                            pushed(tournament_id)
            except sqlite3.Error as error:
                if not stopping.is_set():
                    log.warning("watching the site's file for other processes' writes: %s", error)
            finally:
                self._versions.listening(False)
                conn.close()

        thread = threading.Thread(target=run, name="tourneysite-watch", daemon=True)
        thread.start()

        def stop() -> None:
            stopping.set()
            thread.join(WATCH_S * 20)

        return stop

    def find_venue(self, name: str) -> Venue | None:
        with self._lock:  # read where the writes are: a name just given is found at once
            return self._find_venue(self._conn, name)  # type: ignore[arg-type]

    def backup(self, target: Path) -> None:
        """A consistent copy of the whole database at `target`, taken while the site keeps serving
        (SQLite's online backup: pushes wait a moment, readers not at all)."""
        problem = new_file_problem(target)
        if problem is not None:
            raise AdminError(problem)
        if target.exists():
            raise AdminError(f"{target} exists: a backup never overwrites a file")
        try:
            copy = sqlite3.connect(target)
            try:
                with self._lock:
                    self._conn.backup(copy)
            finally:
                copy.close()
        except sqlite3.Error as error:  # no right to write there, a medium read-only, a full disk
            raise AdminError(f"the backup cannot be written to {target}: {error}") from error

    def close(self) -> None:
        with self._lock:
            for reader in self._readers:
                reader.close()
            self._readers.clear()
            self._conn.close()
