"""The Desk: the one door into a tournament. Commands in, events out, state and notifications.

`execute` validates a command with the pure core, writes the events it becomes in ONE SQLite
transaction, folds them into the state and tells the subscribers. A refused command raises a
`TourneyError` and writes nothing. The desk reads the clock only through the `now` callable it was
given and draws at random only through its seeded source; both are recorded in the events.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import itertools
import json
import logging
import os
import random
import threading
import time
import uuid
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar, cast

from . import __version__, resources
from .core import engine, rewind
from .core.arithmetic import money, windows
from .core.arithmetic.money import PrizeStructure
from .core.arithmetic.windows import OpenNow, clock_at
from .core.config import Config, parse_config, parse_toml
from .core.protocol import commands
from .core.protocol.errors import TourneyError
from .core.protocol.event_types import current_version
from .core.protocol.events import VERSION_KEY, Context, Decision, Event
from .core.protocol.plan_steps import Step
from .core.read_models import formats, ledger, name_search, people, snapshot
from .core.read_models.ledger import MethodTotals
from .core.read_models.name_search import FoundPlayer
from .core.read_models.people import EntryFacts, PersonFacts
from .core.read_models.snapshot import Changes, Counts
from .core.rules import alternates, planner, undo
from .core.state import State, named_apart
from .store import NewEvent, StoredEvent, TournamentFile
from .store.refusals import log_damaged

log = logging.getLogger(__name__)

Now = Callable[[], float]
Subscriber = Callable[[dict[str, Any]], None]

# A checkpoint of the folded state every so many events keeps reopening a large file fast.
CHECKPOINT_EVERY = 5000
WAL_CHECKPOINT_PAGES = 1000
# The commands written since the file was opened that the desk keeps in memory, with what each changed
# (`core.rewind`): an undo among them is taken back without folding the log, and reads no log.
KEPT_COMMANDS = 256
# An undo that would take back and apply again more events than this folds the log instead: the state
# is then swapped whole, as the clocks that read it without the lock expect of a slow undo.
REWIND_AT_MOST = 500


P = ParamSpec("P")
R = TypeVar("R")


def _one_thread_at_a_time(method: Callable[Concatenate[Desk, P], R]) -> Callable[Concatenate[Desk, P], R]:
    """The desk's file and state belong to one thread at a time: the GUI thread, or the worker it lends
    them to for a slow undo or open (docs/architecture.md: threads). Another thread waits its turn."""

    @wraps(method)
    def owned(self: Desk, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self._lock:
            return method(self, *args, **kwargs)

    return owned


def _event(stored: StoredEvent) -> Event:
    payload = stored.payload
    version = payload.pop(VERSION_KEY, 1)  # a payload without it was written before versions existed
    return Event(stored.type, payload, stored.seq, stored.command_seq, round(stored.at * 1000),
                 stored.station, stored.actor, version)


def _new_event(kind: str, at: float, payload: dict[str, Any], station: str | None = None,
               actor: str | None = None) -> NewEvent:
    """An event to write, stamped with the format version its type is written in today."""
    return NewEvent(kind, at, {**payload, VERSION_KEY: current_version(kind)}, station, actor)


@dataclass(slots=True)
class _Written:
    """A command written since the file was opened: its events, and what each changed as it was before
    (`core.rewind.Kept`), while the state holds it; None for an undo, a command undone, or one whose
    change only a fold can take back."""

    command_seq: int
    events: list[Event]
    kept: list[rewind.Kept] | None


class Desk:
    def __init__(self, file: TournamentFile, state: State, now: Now, seed: int | None) -> None:
        self._file = file
        self._state = state
        self._now = now
        self._rng = random.Random(seed if seed is not None else int.from_bytes(os.urandom(8), "big"))
        self._subscribers: list[Subscriber] = []
        self._since_checkpoint = 0
        self._level_index = self._current_level_index()
        self._parts = snapshot.Parts()  # the previous snapshot's parts, reused where unchanged
        self._books = ledger.Books()  # the ledger, caught up with the log when it is read
        self._undone: frozenset[int] | None = None  # the commands undone, read once, then kept by _commit
        self._written: deque[_Written] = deque(maxlen=KEPT_COMMANDS)
        self._lock = threading.RLock()  # re-entrant: a subscriber told inside `execute` may read the desk

    # -- opening and closing -------------------------------------------------------------------
    @classmethod
    def create(cls, path: str | Path, config: dict[str, Any] | Config | str | Path, *,
               now: Now = time.time, seed: int | None = None) -> Desk:
        """A new tournament file at `path` (refused if it exists) from a config dict, TOML text or file."""
        parsed = _load_config(config)
        table_text = resources.payout_table_text(parsed.payouts.table) if parsed.payouts.table else None
        # Always random, seeded or not: the seed replays the game, and two files sharing an id would
        # be taken by the website for one tournament (a demo at every club, a sim run twice).
        tournament_id = str(uuid.uuid4())
        at = now()
        payload = {"tournament_id": tournament_id, "config": parsed.to_dict(), "payout_table_text": table_text,
                   "app_version": __version__}
        # The first event is written with the file, which takes its name only once that is on disk.
        file = TournamentFile.create(Path(path), tournament_id=tournament_id, created_at=at,
                                     app_version=__version__,
                                     first_events=[_new_event("tournament_created", at, payload)])
        state = engine.fold(_event(e) for e in file.events())
        return cls(file, state, now, seed)

    @classmethod
    def open(cls, path: str | Path, *, now: Now = time.time, seed: int | None = None,
             read_only: bool = False, accept_missing: bool = False) -> Desk:
        """Open a tournament file: refused untouched (FileRefused) if it cannot be honoured.

        `read_only=True` shows a file without changing it (a backup, a file on read-only media):
        every command is then refused with FILE_OPENED_READ_ONLY, dry runs still answer.
        `accept_missing=True` opens a file refused with COMMANDS_MISSING as it is, once the TD knows.
        The state is folded from the file's checkpoint once the chain proves it (`store/log_check.py`); in a
        long log the events before it are checked just after, and nothing is written until they are.
        """
        gc.collect()  # what is garbage now, while little lives: the fold's objects are frozen unwalked below
        file = TournamentFile.open(Path(path), read_only=read_only, accept_missing=accept_missing)
        try:
            with _collector_paused():  # a million objects, none in a cycle: the collector would walk them
                state = _load_state(file)  # again and again while they are made (half of the load's time)
                # Frozen before the collector is back: its first pass would walk every one of them once more
                # (20 to 50 ms at 10,000 to 25,000 entries).
                gc.freeze()
        except TourneyError:
            file.abandon()
            raise
        except Exception as error:  # intact bytes that do not replay: a file no TourneyDesk wrote
            seq = _first_unreplayable(file)
            file.abandon()
            raise log_damaged(file.path, seq, "it cannot be replayed") from error
        file.check_the_rest()
        return cls(file, state, now, seed)

    @property
    def read_only(self) -> bool:
        return self._file.read_only

    @_one_thread_at_a_time
    def close(self) -> None:
        """Close the file. A closing backup or checkpoint the disk cannot take does not keep it open:
        the file is closed first, then the refusal (DISK_FULL...) says what could not be written."""
        if self._file is None:
            return
        file, problem = self._file, None
        self._file = None  # type: ignore[assignment]
        # What only serves the next snapshot and the next undo: a field's worth of memory, let go now.
        self._parts.forget()
        self._written.clear()
        if not file.read_only and file.damage() is None:  # a damaged log's state is no checkpoint to keep
            try:
                file.save_checkpoint(file.last_seq(), self._state.to_dict())
            except TourneyError as error:  # only a projection: the log is complete without it
                problem = error
        try:
            file.close(backup=not file.read_only, now=self._now())
        except TourneyError as error:
            problem = problem or error
        if problem is not None:
            raise problem

    def __enter__(self) -> Desk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -------------------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return self._file.path

    @property
    def tournament_id(self) -> str:
        """The id written in the tournament's first event: what the club file and the website know it by."""
        return self._state.tournament_id

    @property
    def status(self) -> str:
        """`setup` until the clock first starts, then `running`, then `finished`."""
        return self._state.status

    @property
    @_one_thread_at_a_time
    def seq(self) -> int:
        return self._file.last_seq()

    @property
    def state(self) -> State:
        """The folded state, read-only by convention: only `execute` changes it."""
        return self._state

    def now_ms(self) -> int:
        return round(self._now() * 1000)

    @_one_thread_at_a_time
    def snapshot(self, now: float | None = None) -> dict[str, Any]:
        """The whole state now (docs/protocol.md). Parts unchanged since the previous snapshot are the same
        objects as in it: read-only for every caller."""
        now_ms = round(now * 1000) if now is not None else self.now_ms()
        # Tens of thousands of small dicts and lists, none in a cycle: the cycle collector would only
        # walk them again and again while they are built (a third of the time at 10,000 entries).
        collecting = gc.isenabled()
        afresh = self._parts.afresh
        if afresh and collecting:
            gc.collect()  # what is garbage now: none of it is frozen below
        gc.disable()
        try:
            return snapshot.snapshot(self._state, self._file.last_seq(), now_ms, self._parts)
        finally:
            if collecting:
                if afresh:
                    # Every part built (the first snapshot of the file, or of a log folded anew): they live
                    # as long as the next parts reuse them, walked by the collector again and again meanwhile
                    # (50-80 ms of opening a 10,000-entry file). Frozen as the folded state is on open.
                    gc.freeze()
                gc.enable()

    def counts(self) -> Counts:
        """The field in figures (the snapshot's `counts`): players, entries, players left, re-entries,
        rebuys, add-ons. Kept by the fold as it goes: cheap at any field size."""
        return snapshot.counts(self._state)

    def changes(self) -> Changes | None:
        """What differs between the last two snapshots (`core.read_models.snapshot.Changes`): which of
        their parts are other objects, which entries and people changed. A window that drew the first
        redraws what these name, and nothing else. None before the second snapshot."""
        return self._parts.changes

    def clock_now(self, now: float | None = None) -> dict[str, Any]:
        """What moves with time alone, at this instant (or at `now`): the snapshot's `clock`, `on_clock`
        and `announcements` (`core.read_models.snapshot.clock_part`), the tournament's `status`, `remaining_ms`, the
        level's time left to the millisecond (the snapshot's `remaining_s` rounds it up), and
        `next_second_ms`, how long until a countdown shown (the level's or a player's on the clock) turns
        a second.

        Cheap at any field size, for the clocks that redraw every second. It reads only the state, which
        an undo replaces whole, so it takes no lock: the clocks go on while a worker has the desk."""
        state = self._state
        now_ms = round(now * 1000) if now is not None else self.now_ms()
        timed = snapshot.clock_part(state, now_ms)
        pos = clock_at(state, now_ms)
        remaining_ms = pos.remaining_ms if state.clock.started else state.config.levels[pos.index].duration_ms
        waits = [until - now_ms for until in state.on_clock.values() if until > now_ms]
        if timed["clock"]["running"]:
            waits.append(pos.remaining_ms)
        return {**timed, "status": state.status, "remaining_ms": remaining_ms,
                "next_second_ms": min((w % 1000 or 1000 for w in waits), default=1000)}

    def open_now(self, now: float | None = None) -> OpenNow:
        """What the clock lets the cashier sell now (or at `now`): registration and re-entry, rebuys,
        add-ons, and whether it is a break. Cheap, and lock-free as `clock_now` is."""
        return windows.open_now(self._state, round(now * 1000) if now is not None else self.now_ms())

    @_one_thread_at_a_time
    def plan(self, now: float | None = None) -> list[Step]:
        """What the seating rules ask for now, in order (docs/protocol.md): read-only; `balance` applies it."""
        now_ms = round(now * 1000) if now is not None else self.now_ms()
        return planner.plan(self._state, now_ms)

    @_one_thread_at_a_time
    def events(self, after: int = 0) -> list[Event]:
        return [_event(e) for e in self._file.events(after)]

    @_one_thread_at_a_time
    def ledger(self) -> list[dict[str, Any]]:
        """Every money movement, one line per event, read off the log (only what was written since the
        last call is read: the cashier asks after every sale). Each line is a new list's own dict."""
        self._read_books()
        return [dict(line) for line in self._books.lines]

    @_one_thread_at_a_time
    def drawer(self) -> tuple[MethodTotals, ...]:
        """The drawer by payment method (money in, paid out, movements), as the ledger sums it now."""
        self._read_books()
        return self._books.drawer()

    def _read_books(self) -> None:
        if self._books.seq != self._file.last_seq():
            self._books.read(self.events(self._books.seq))

    @_one_thread_at_a_time
    def waiting(self) -> dict[str, Any]:
        """The waiting list for a seat (the alternates, first first: `players`, each its id and name) and
        the seats free for them now (`seats_free`), also while nobody waits."""
        return alternates.waiting_part(self._state)

    @_one_thread_at_a_time
    def undone_commands(self) -> frozenset[int]:
        """The command seqs an undo has taken back (their events stay in the log, struck through in the
        event log). Read off the file once, then kept current as undos are written: nothing after that."""
        if self._undone is None:
            self._undone = frozenset(self._file.undone_commands())
        return self._undone

    @_one_thread_at_a_time
    def undo_target(self) -> Event | None:
        """The first event of the command that `{"type": "undo"}` takes back now, or None when nothing can
        be undone: the choice `execute` makes, so a window saying what Ctrl+Z will undo says what it does."""
        live = undo.live_commands(self._undo_log(None))
        return live[-1][0] if live else None

    @property
    def currency(self) -> str:
        """The tournament's currency: what every amount the windows show is in."""
        return self._state.config.currency

    @property
    def config(self) -> Config:
        """The tournament's settings as they stand (the structure, the seating, the prices): frozen, and
        replaced whole by a command that changes them, so a window may keep the one it read."""
        return self._state.config

    @_one_thread_at_a_time
    def prizes(self, places_bp: tuple[int, ...] | None = None) -> PrizeStructure:
        """The prize structure as it pays now, or as it would with `places_bp` as the paid places'
        shares (a prize table the TD is still typing): the figures shown are the figures paid."""
        return money.prize_structure(self._state, places_bp)

    def winner(self) -> str | None:
        """The entry that won, once the tournament is finished; None before."""
        return self._state.winner

    def name_of(self, key: str) -> str | None:
        """The name an entry or a player id stands for (an entry's with its re-entry number), or None."""
        if key in self._state.entries:
            return str(self._state.entry_name(key))
        player = self._state.players.get(key)
        return None if player is None else str(player.name)

    @_one_thread_at_a_time
    def find_players(self, query: str, limit: int, *, in_play: bool = False) -> tuple[FoundPlayer, ...]:
        """The players whose name or nickname holds `query` (case aside), the names beginning with it
        first, at most `limit`, each with its entries and what is owed to each now (`in_play`: only the
        players still in, with their live entries). Frozen copies: safe to hand to another thread, and
        only the players returned are looked at closely, so a search stays cheap in a field of 10,000."""
        return name_search.find_players(self._state, query, limit, self.now_ms(), in_play=in_play)

    def names(self) -> Names:
        """Entry and player ids to names, as a mapping asked one key at a time (`name_of`)."""
        return Names(self)

    @_one_thread_at_a_time
    def person(self, player_id: str, now: float | None = None) -> PersonFacts | None:
        """One registered person now (`core.read_models.people`): their details, their last entry, the options of a
        re-entry open to them; None when nobody has that id. Constant time at any field size."""
        now_ms = round(now * 1000) if now is not None else self.now_ms()
        return people.person_facts(self._state, player_id, now_ms)

    @_one_thread_at_a_time
    def entry(self, entry_id: str) -> EntryFacts | None:
        """One entry now (`core.read_models.people`), with what the cashier has paid it; None when there is none."""
        return people.entry_facts(self._state, entry_id)

    @_one_thread_at_a_time
    def flight_result(self) -> dict[str, Any]:
        """What a Day 2 takes of this flight (`take_flights`), with where its log stands: refused
        (FLIGHT_NOT_BAGGED) until the flight has stopped and every table is bagged."""
        return formats.flight_result(self._state, self._file.last_seq(), self._file.last_hash())

    @_one_thread_at_a_time
    def flight_people(self) -> dict[str, Any]:
        """Who qualified in this flight and who still plays in it, for the event's other flights."""
        return formats.flight_people(self._state)

    @_one_thread_at_a_time
    def satellite_seats(self) -> dict[str, Any]:
        """The seats this satellite gave, for its target's file (`take_satellite_seats`), with where its log
        stands: refused (SATELLITE_NOT_ENDED) until it has ended."""
        return formats.satellite_seats(self._state, self._file.last_seq(), self._file.last_hash())

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call `callback(result)` after every accepted command; returns the unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback)

    # -- writing -------------------------------------------------------------------------------
    @_one_thread_at_a_time
    def execute(self, cmd: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(cmd, dict):
            raise TourneyError("COMMAND_INVALID", "A command is a JSON object with a type")
        commands.check_common(cmd)  # before anything here reads command_id or dry_run
        command_id = cmd.get("command_id")
        if command_id is not None:
            if not isinstance(command_id, str) or not 0 < len(command_id) <= 128:
                raise TourneyError("FIELD_INVALID", "command_id must be a short text", field="command_id")
            first = self._file.command_result(command_id)
            if first is not None:
                said = first.pop(COMMAND_DIGEST, None)
                if said is not None and said != _digest(cmd):
                    raise TourneyError("COMMAND_ID_REUSED", "That command_id was already used for another "
                                       "command: a retry sends the same command again", field="command_id")
                return first
        now_ms = self.now_ms()
        ctx = Context(now_ms, self._rng.randrange, _text(cmd, "station"), _text(cmd, "actor"))
        # A dry run draws nothing for real: the command that follows it draws the seat it promised.
        rng_state = self._rng.getstate() if cmd.get("dry_run") else None
        try:
            decision = self._decide(cmd, ctx)
        finally:
            if rng_state is not None:
                self._rng.setstate(rng_state)
        if cmd.get("dry_run"):
            return {"seq": self._file.last_seq(), "dry_run": True, **decision.result}
        if not decision.events:
            raise TourneyError("NOTHING_TO_DO", "That command changes nothing")
        result = self._commit(decision, ctx, command_id, _digest(cmd) if command_id is not None else None)
        self._notify(result)
        return result

    def _notify(self, result: dict[str, Any]) -> None:
        """Tell every subscriber. The command is already committed: a failing window must not make
        the caller believe it was refused (a retry would charge a buy-in twice), nor silence the rest."""
        for callback in list(self._subscribers):
            try:
                callback(result)
            except Exception:
                log.exception("A subscriber failed after command #%s", result.get("seq"))

    def _decide(self, cmd: dict[str, Any], ctx: Context) -> Decision:
        if cmd.get("type") == "undo":
            commands.check(cmd)
            return undo.decide_undo(self._undo_log(cmd.get("seq")), cast(undo.UndoCommand, cmd))
        return engine.decide(self._state, cmd, ctx)

    def _undo_log(self, seq: Any) -> list[Event]:
        """The end of the log an undo needs: from the first event of the command it takes back. Every
        later undo comes after the command it undid, so what is undone already shows in that end too;
        and 40,000 events read and decoded would keep the TD waiting most of a second. The commands
        written since the file was opened are at hand without reading the file."""
        kept = self._kept_log(seq)
        if kept is not None:
            return kept
        if isinstance(seq, int) and not isinstance(seq, bool):
            start = self._file.command_seq_of(seq)
            return self.events(start - 1) if start is not None else self.events()
        last, window = self._file.last_seq(), 256
        while True:
            after = max(0, last - window)
            log = self.events(after)
            commands = undo.commands_in(log)[1 if after else 0:]  # the first may begin before the window
            skipped = undo.undone_commands(log)
            live = [c for c in commands if c[0].command_seq not in skipped and c[0].type not in undo.NOT_UNDOABLE]
            if live:
                start = live[-1][0].command_seq
                return [e for e in log if e.seq >= start]
            if not after:
                return log
            window *= 4

    def _kept_log(self, seq: Any) -> list[Event] | None:
        """`_undo_log` from the commands kept in memory, or None when the command is older than they are."""
        written = self._written
        if not written or written[-1].events[-1].seq != self._file.last_seq():
            return None
        if isinstance(seq, int) and not isinstance(seq, bool):
            start = next((i for i, w in enumerate(written) if w.command_seq <= seq <= w.events[-1].seq), None)
        else:
            # The last command still in force: those after it are undos, and commands they took back.
            undone = {c for w in written for e in w.events if e.type == "undone" for c in e.payload["commands"]}
            start = next((i for i in range(len(written) - 1, -1, -1) if written[i].command_seq not in undone
                          and written[i].events[0].type not in undo.NOT_UNDOABLE), None)
        if start is None:
            return None
        return [e for w in itertools.islice(written, start, None) for e in w.events]

    def _commit(self, decision: Decision, ctx: Context, command_id: str | None,
                digest: str | None = None) -> dict[str, Any]:
        at = ctx.now_ms / 1000
        new = [_new_event(kind, at, payload, ctx.station, ctx.actor) for kind, payload in decision.events]

        def result(first: int, last: int) -> dict[str, Any]:
            # Stored with the command's digest, so that a repeat can be told from another command.
            return {"seq": last, **decision.result, **({COMMAND_DIGEST: digest} if digest else {})}

        first, last = self._file.append(new, command_id=command_id, result_fn=result)
        events = [Event(kind, payload, first + offset, first, ctx.now_ms, ctx.station, ctx.actor, current_version(kind))
                  for offset, (kind, payload) in enumerate(decision.events)]
        undone = [c for kind, payload in decision.events if kind == "undone" for c in payload["commands"]]
        if undone:
            if self._undone is not None:
                self._undone = self._undone.union(undone)
            self._written.append(_Written(first, events, None))
            if not self._rewind(undone):
                self._state = _load_state(self._file)
                self._parts.rebase(self._state)
                for written in self._written:  # what they kept describes the state before this fold
                    written.kept = None
        else:
            self._written.append(_Written(first, events, self._apply(events)))
        self._since_checkpoint += len(new)
        _collect_young()
        return {"seq": last, **decision.result}

    def _apply(self, events: list[Event]) -> list[rewind.Kept]:
        """Fold a command's events into the state, keeping what each changed as it was before."""
        kept = []
        for event in events:
            values, keys, numbers = named_apart(event.payload)  # read once for both (each changes its sets)
            before = rewind.keep(self._state, event.payload, event.type, (values, keys, set(numbers)))
            engine.apply(self._state, event)
            rewind.seal(before, self._state)
            kept.append(before)
            self._parts.touch(self._state, event.payload, (values | keys, numbers))
        return kept

    def _rewind(self, commands: list[int]) -> bool:
        """Take `commands` back without folding the log: every command in force since the first of them is
        put back as it was, newest first, and the others are applied again. False when a command it would
        put back is not kept (written before the file was opened, or changed beyond what was kept)."""
        first = min(commands)
        since = [w for w in self._written if w.command_seq >= first and w.kept is not None]
        if not since or since[0].command_seq != first or any(not k.whole for w in since for k in w.kept or ()) \
                or sum(len(w.events) for w in since) > REWIND_AT_MOST:
            return False
        taken, gone = set(commands), set()
        for written in reversed(since):
            for kept in reversed(written.kept or ()):
                gone |= rewind.put_back(self._state, kept)
        self._parts.taken_back(gone)
        for written in since:
            for event in written.events:
                self._parts.touch(self._state, event.payload)
            written.kept = None
        for written in since:
            if written.command_seq not in taken:
                written.kept = self._apply(written.events)
        return True

    @_one_thread_at_a_time
    def tick(self) -> bool:
        """Housekeeping that the app's timer runs between commands, so that no buy-in waits for it.

        A backup copy when the clock has moved to another level (the clock itself never ticks,
        docs/architecture.md: the clock); a checkpoint of the folded state every few thousand events, so reopening a
        big file stays fast; the write-ahead log folded back into the file. Returns whether a
        level-change backup was written.
        """
        if self._file.read_only or self._file.damage() is not None:  # the commands say it, with its ways out
            return False
        if self._since_checkpoint >= CHECKPOINT_EVERY:
            self._file.save_checkpoint(self._file.last_seq(), self._state.to_dict())
            self._since_checkpoint = 0
            _settle_garbage_collector()
        if self._file.wal_pages() >= WAL_CHECKPOINT_PAGES:
            self._file.checkpoint_wal()
        index = self._current_level_index()
        if index == self._level_index:
            return False
        self._level_index = index
        self._file.backup(f"level{index}", self._now())
        return True

    def _current_level_index(self) -> int:
        if not self._state.clock.started:
            return -1
        return clock_at(self._state, self.now_ms()).index

    @_one_thread_at_a_time
    def rebuild(self) -> None:
        """Drop the checkpoint and fold the whole log again (what a damaged projection calls for)."""
        self._file.drop_checkpoint()
        self._state = _fold_log(self._file)
        self._parts.forget()
        self._written.clear()


class Names(Mapping[str, str]):
    """Entry and player ids to names, asked of the desk one at a time: a step or a log line names one or
    two people, and a field of 10,000 is not copied to word it. Looked up, never listed."""

    def __init__(self, desk: Desk) -> None:
        self._desk = desk

    def __getitem__(self, key: str) -> str:
        name = self._desk.name_of(key)
        if name is None:
            raise KeyError(key)
        return name

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


COMMAND_DIGEST = "command_digest"
NOT_THE_COMMAND = ("command_id", "station", "actor", "dry_run")


def _digest(cmd: dict[str, Any]) -> str:
    """What a command asks, whoever sends it: a retry of it has the same digest, another command not."""
    asked = {k: v for k, v in cmd.items() if k not in NOT_THE_COMMAND}
    return hashlib.sha256(json.dumps(asked, sort_keys=True, default=str).encode()).hexdigest()[:32]


def _text(cmd: dict[str, Any], key: str) -> str | None:
    value = cmd.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 64:
        raise TourneyError("FIELD_INVALID", f"{key} must be a short text", field=key)
    return value


def _load_config(config: dict[str, Any] | Config | str | Path) -> Config:
    """A config dict, a parsed Config, a shipped structure's name or TOML file, or TOML text."""
    if isinstance(config, Config):
        return config
    if isinstance(config, dict):
        return parse_config(config)
    if isinstance(config, Path) or ("\n" not in config and "=" not in config):
        return parse_toml(resources.structure_path(str(config)).read_text(encoding="utf-8"))
    return parse_toml(config)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _collect_young() -> None:
    """The young objects collected after each command: the few dozen it leaves (its undo record, its events),
    about 10 us. Left to Python's own count, a collection came every few hundred commands (the records that
    leave the kept ones are freed, and lower the count the collector waits on) and walked all their records at
    once, inside some command: 1 to 3 ms, in one command out of two hundred at 25,000 entries."""
    gc.collect(1)


def _settle_garbage_collector() -> None:
    """The folded state lives as long as the file is open: tens of thousands of objects that Python's
    cycle collector would otherwise walk again and again, in pauses of tens of milliseconds at 10,000
    entries (a bust, a snapshot, a redraw all paying for it). Freezing moves what exists now out of its
    reach; reference counting still frees all of it when the desk is closed."""
    gc.collect()
    gc.freeze()


def _load_state(file: TournamentFile) -> State:
    """The checkpoint plus the events after it; the whole log when an undo reaches behind it."""
    checkpoint = file.load_checkpoint()
    if checkpoint is not None:
        seq, data = checkpoint
        tail = [_event(e) for e in file.events(seq)]
        undone = undo.undone_commands(tail)
        if not undone or min(undone) > seq:  # every command undone since is in the tail, and skipped there
            try:
                return engine.fold(tail, State.from_dict(data))
            except Exception:  # a damaged checkpoint, or another version's: the log is the truth
                pass
    return _fold_log(file)


def _fold_log(file: TournamentFile) -> State:
    """The whole log folded, each event as it is read: the file says first which commands were undone."""
    return engine.fold((_event(e) for e in file.events()), skipped=file.undone_commands())


def _first_unreplayable(file: TournamentFile) -> int:
    """The seq of the first event the fold cannot take (on the error path only: log2(n) folds)."""
    events = [_event(e) for e in file.events()]
    low, high = 1, len(events)  # the fold of events[:high] fails; find the smallest such prefix
    while low < high:
        middle = (low + high) // 2
        try:
            engine.fold(events[:middle])
        except Exception:  # whatever the failure, it is the damage looked for
            high = middle
        else:
            low = middle + 1
    return events[high - 1].seq if events else 1
