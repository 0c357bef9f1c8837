"""The log checked against its chain when a file opens: from a proven checkpoint at once, before it after.

Checking every event of a long evening costs the TD a wait at every open (0.4 s at 10,000 entries, over a
second at 25,000 players). Most of it need not come first: the state the windows show is the checkpoint's
plus the events after it. So:

* A checkpoint is used only when it is proven: its seal holds (`tourneydesk.store.seal`) over its state,
  its seq and the chain's hash at that seq, and that hash is the one the log holds for that event. Any
  other (damaged, changed, from before the seals, beyond the log) is not used: the whole log is folded.
* The events after a proven checkpoint are checked before the file opens, from the checkpoint's hash:
  the state shown is then the truth of a chain that holds from that point to the end.
* The events before it, and SQLite's own check of the file's structure, are checked on a thread of their
  own once the file is open (`Background`), when there are more than `CHECKED_AT_OPEN` of them; below
  that, at once, as before. Until that check is done nothing is written to the file and nothing before
  the checkpoint is read from it: a write or such a read waits for it, and when it found damage, is
  refused as the open of that file would be (LOG_DAMAGED naming the first bad event, FILE_CORRUPT).

Should the events after the checkpoint not hold, the whole chain is checked before the refusal, so that it
names the very first bad event and how many before it are intact.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from tourneydesk.core.protocol.errors import FileRefused
from tourneydesk.store import seal
from tourneydesk.store.chain import GENESIS, ChainBreak, verify
from tourneydesk.store.refusals import damaged, in_use, is_busy, log_damaged, refuse

__all__ = ["CHECKED_AT_OPEN", "Background", "Checkpoint", "LogCheck", "check_log"]

CHECKED_AT_OPEN = 20_000
"""Events before a proven checkpoint that are still checked at once when the file opens (about 50 ms):
every club's evening. A longer log has the part before its checkpoint checked just after the open."""

CHECKPOINT_SEAL = "checkpoint"
CHAIN_SCHEMA = 2  # the schema that added the chain (events.hash)
SEALS_SCHEMA = 3  # the schema that sealed the checkpoint and the answers

_SELECT_CHAIN = ("SELECT seq, command_seq, type, at, station, actor, payload, hash FROM events"
                 " WHERE seq >= ? AND seq <= ? ORDER BY seq LIMIT ?")
_PAGE = 5000


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A proven checkpoint: the state (JSON text) as of event `seq`, whose hash in the chain is `link`."""

    seq: int
    link: str
    commands: int  # the commands the log holds up to `seq`
    text: str


@dataclass(frozen=True, slots=True)
class LogCheck:
    """What the open found: the end of the chain, the commands counted, the proven checkpoint (if any), and
    the check still to run once the file is open (None when everything was checked at once)."""

    last_seq: int
    last_hash: str
    commands: int
    checkpoint: Checkpoint | None
    pending: tuple[int, str] | None  # (seq, hash) the chain from the first event must reach


def checkpoint_seal(seq: int, link: str, commands: int, text: str) -> str:
    return seal.seal(CHECKPOINT_SEAL, seq, link, f"{commands}\x1f{text}")


def proven_checkpoint(conn: sqlite3.Connection, version: int, last_seq: int) -> Checkpoint | None:
    """The stored checkpoint if it is proven (see the module's words), else None."""
    if version < SEALS_SCHEMA:
        return None
    row = conn.execute("SELECT c.seq, c.hash, c.commands, c.state, c.seal, e.hash FROM checkpoint c"
                       " LEFT JOIN events e ON e.seq = c.seq WHERE c.id = 1").fetchone()
    if row is None:
        return None
    seq, link, commands, text, claimed, held = row
    if not (isinstance(seq, int) and 0 < seq <= last_seq and isinstance(commands, int) and 0 < commands <= seq
            and link == held and isinstance(link, str) and isinstance(text, str)):
        return None
    if not seal.holds(claimed, CHECKPOINT_SEAL, seq, link, f"{commands}\x1f{text}"):
        return None
    return Checkpoint(seq, link, commands, text)


def check_log(path: Path, conn: sqlite3.Connection, version: int) -> LogCheck:
    """Check the log of the file behind `conn` (see the module's words); raise its refusal if it does not
    hold (LOG_DAMAGED, FILE_CORRUPT, FILE_IN_USE)."""
    try:
        return _check(path, conn, version)
    except sqlite3.Error as error:
        if is_busy(error):
            raise in_use(path) from error
        raise refuse("FILE_CORRUPT", path, damaged(path, str(error))) from error


def _check(path: Path, conn: sqlite3.Connection, version: int) -> LogCheck:
    if version < CHAIN_SCHEMA:
        quick_check(path, conn)
        return _unchained(path, conn)
    last_seq = conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()[0]
    checkpoint = proven_checkpoint(conn, version, last_seq)
    if checkpoint is None or checkpoint.seq <= CHECKED_AT_OPEN:
        quick_check(path, conn)
        end, link, commands = _chain(path, conn, GENESIS, 1, last_seq)
        return LogCheck(end, link, commands, checkpoint, None)
    try:
        end, link, commands = _chain(path, conn, checkpoint.link, checkpoint.seq + 1, last_seq)
    except FileRefused:
        quick_check(path, conn)
        _chain(path, conn, GENESIS, 1, last_seq)  # names the first bad event, wherever it is
        raise
    return LogCheck(end, link, checkpoint.commands + commands, checkpoint, (checkpoint.seq, checkpoint.link))


def quick_check(path: Path, conn: sqlite3.Connection) -> None:
    """SQLite's check of the file's structure (every page of it): FILE_CORRUPT when it finds damage."""
    problems = [str(r[0]) for r in conn.execute("PRAGMA quick_check(5)").fetchall()]
    if problems != ["ok"]:
        raise refuse("FILE_CORRUPT", path, damaged(path, "; ".join(problems)), problems=problems)


def _chain(path: Path, conn: sqlite3.Connection, prev: str, first: int, last: int,
           stop: threading.Event | None = None) -> tuple[int, str, int]:
    """Check events `first`..`last` (and that none follows) from `prev`, in pages; return (last seq, its hash,
    the commands among them)."""
    end, commands = first - 1, 0
    while stop is None or not stop.is_set():
        rows = conn.execute(_SELECT_CHAIN, (end + 1, max(last, end + 1), _PAGE)).fetchall()
        try:
            end, prev = verify(rows, prev, end + 1)
        except ChainBreak as broken:
            raise log_damaged(path, broken.seq, broken.why) from None
        commands += sum(1 for row in rows if row[0] == row[1])
        if len(rows) < _PAGE:
            break
    return end, prev, commands


def _unchained(path: Path, conn: sqlite3.Connection) -> LogCheck:
    """A file from before the chain cannot be checked that way: its payloads are at least read as JSON, so
    that a damaged one is refused now rather than met in the middle of the evening."""
    rows = conn.execute("SELECT seq, command_seq, payload FROM events ORDER BY seq").fetchall()
    for expected, (seq, _, payload) in enumerate(rows, start=1):
        try:
            ok = seq == expected and isinstance(json.loads(payload), dict)
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise log_damaged(path, expected, "its contents are not a record TourneyDesk wrote")
    return LogCheck(len(rows), GENESIS, sum(1 for row in rows if row[0] == row[1]), None, None)


class Background:
    """The check left for after the open: SQLite's check of the file's structure, then the chain from the
    first event to the checkpoint's, which must end on the checkpoint's hash. Runs on a thread of its own,
    over a read-only connection of its own (`uri`); `result` waits for it.

    SQLite's check starts at once: it runs in C without Python's lock, beside the state being loaded from
    the checkpoint. The chain is Python's work, and would take turns with that load on the one lock: it
    waits for `go`, which the desk gives once its state is folded (or a write that needs the check)."""

    def __init__(self, path: Path, uri: str, until: tuple[int, str]) -> None:
        self._path, self._uri, self._until = path, uri, until
        self._stop, self._go = threading.Event(), threading.Event()
        self._found: FileRefused | None = None
        self._failed: BaseException | None = None
        self._conn: sqlite3.Connection | None = None  # while the thread checks: what `stop` interrupts
        self._conn_lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="tourneydesk-chain-check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            conn = sqlite3.connect(self._uri, uri=True, check_same_thread=False)
            with self._conn_lock:
                self._conn = conn
            try:
                if not self._stop.is_set():
                    self._found = self._check(conn, self._go)
            finally:
                with self._conn_lock:
                    self._conn = None
                conn.close()
        except BaseException as error:  # a busy or failing disk: `result` checks again on the owner's thread
            if not self._stop.is_set():
                self._failed = error

    def go(self) -> None:
        """Let the chain's part of the check begin."""
        self._go.set()

    def _check(self, conn: sqlite3.Connection, go: threading.Event, stop: threading.Event | None = None,
               ) -> FileRefused | None:
        seq, link = self._until
        try:
            quick_check(self._path, conn)
            go.wait()
            end, reached, _ = _chain(self._path, conn, GENESIS, 1, seq, stop or self._stop)
        except FileRefused as refusal:
            return refusal
        except sqlite3.Error as error:
            if (stop or self._stop).is_set():  # interrupted: the file closes unchecked, as it opened
                return None
            if is_busy(error):
                raise
            return refuse("FILE_CORRUPT", self._path, damaged(self._path, str(error)))
        if (stop or self._stop).is_set():
            return None
        if end < seq:
            return log_damaged(self._path, end + 1, "it is missing from the log")
        if reached != link:  # the checkpoint's event changed since the open read it
            return log_damaged(self._path, seq, "its contents are not those it was written with")
        return None

    def result(self, conn: sqlite3.Connection) -> FileRefused | None:
        """Wait for the check; the refusal it found, or None when the file is whole. A check the thread could
        not finish (the file busy, the disk failing) is run again here, over `conn`."""
        self._go.set()
        self._thread.join()
        if self._failed is not None:
            self._failed = None
            self._found = self._check(conn, self._go, threading.Event())
        return self._found

    def stop(self) -> None:
        """Stop the check (the file is closing) and wait for its thread to end: SQLite's part of it is
        interrupted, so that a file closed just after it opened does not wait for every page to be read."""
        self._stop.set()
        self._go.set()
        with self._conn_lock:
            if self._conn is not None:
                self._conn.interrupt()
        self._thread.join()
