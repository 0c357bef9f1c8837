"""The site's side of the sync: a batch of public events in, a receipt out; the public snapshot.

Each tournament's state is the fold of its public events with the desktop's own core, so the site's
standings cannot disagree with the laptop's. The fold is kept in memory and applied event by event
(a backlog of 100,000 events arrives in batches of 500, never refolded from the start), with a
checkpoint in the database so that a restart folds only the tail. An undo is the exception: it
takes back earlier events, so the log is folded again from its first event, as the desk does.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tourneydesk.club.results import summarize
from tourneydesk.core import engine
from tourneydesk.core.arithmetic import money
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.protocol.events import Event
from tourneydesk.core.protocol.public import with_command_seqs
from tourneydesk.core.read_models import snapshot
from tourneydesk.core.state import State
from tourneydesk.store.chain import GENESIS

from . import news, validation
from .news import News, NewsPolicy
from .storage import StaleBatch, Storage, StoredBatch, Tournament, Venue, WireEvent, canonical

log = logging.getLogger(__name__)

MAX_EVENTS_PER_BATCH = 500
# Folding is fast (about 20k events a second) and a big checkpoint is not: write one only now and then.
CHECKPOINT_EVERY = 20_000
CACHED_TOURNAMENTS = 64
# A night's results are small beside its state: a league's season or two is kept at hand.
CACHED_NIGHTS = 1024
# What applying a malformed event raises (a missing field, a wrong type, an unknown entry, a bad config).
BAD_EVENT = (KeyError, TypeError, ValueError, AttributeError, IndexError, TourneyError)
# Matched whole (`fullmatch`): a `$` would let a trailing newline through, into the ids the site stores.
TOURNAMENT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")

Now = Callable[[], float]


class Unavailable(Exception):
    """A stored tournament that cannot be folded (bad data from an older site): its pages say so, others work."""


class ApiError(Exception):
    """A refusal the API answers with `status` and the JSON body `{"error": code, **fields}`."""

    def __init__(self, status: int, code: str, **fields: Any) -> None:
        super().__init__(code)
        self.status = status
        self.body = {"error": code, **fields}


@dataclass(frozen=True, slots=True)
class Receipt:
    acked_seq: int
    stored: int
    duplicates: int

    def to_dict(self) -> dict[str, int]:
        return {"acked_seq": self.acked_seq, "stored": self.stored, "duplicates": self.duplicates}


def check_tournament_id(tournament_id: str) -> None:
    if not TOURNAMENT_ID.fullmatch(tournament_id):
        raise ApiError(404, "not_found", detail="no such tournament")


@dataclass(frozen=True, slots=True)
class Batch:
    """One POST: the events, the laptop's hash of the event before the first, when the laptop sent it,
    and, when the TD chose to publish this file's history as the true one, who did."""

    events: list[WireEvent]
    after: int  # the seq of the event before the first (the laptop's acknowledged seq)
    prev: str  # the laptop's hash of event `after`
    sent_at: float | None = None
    replace_by: str | None = None


BATCH_FIELDS = frozenset({"events", "after", "prev", "sent_at", "replace"})
HASH = re.compile(r"[0-9a-f]{64}")


def parse_batch(body: Any) -> Batch:
    """The events of a request body, checked for shape and order, made public (again: the site never
    stores a private field, whatever a client sends)."""
    if not isinstance(body, dict) or not isinstance(body.get("events"), list):
        raise ApiError(422, "invalid_batch", detail='the body must be {"events": [...], "prev": "<hash>"}')
    unknown = sorted(set(body) - BATCH_FIELDS)
    if unknown:
        raise ApiError(422, "invalid_batch", detail=f"{unknown[0]} is not a field this site knows")
    raw = body["events"]
    if len(raw) > MAX_EVENTS_PER_BATCH:
        raise ApiError(422, "invalid_batch", detail=f"at most {MAX_EVENTS_PER_BATCH} events per batch")
    after, prev = body.get("after"), body.get("prev")
    if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after < 2**53:
        raise ApiError(422, "invalid_batch", detail="after must be the seq of the event before the first")
    if not isinstance(prev, str) or not HASH.fullmatch(prev):
        raise ApiError(422, "invalid_batch", detail="prev must be the hash of the event before the first (64 hex)")
    sent_at = body.get("sent_at")
    if sent_at is not None and (isinstance(sent_at, bool) or not isinstance(sent_at, int | float)
                                or not math.isfinite(sent_at) or not 0 < sent_at < 2**33):
        raise ApiError(422, "invalid_batch", detail="sent_at must be the laptop's time, in POSIX seconds")
    replace = body.get("replace")
    if replace is not None:
        if not isinstance(replace, dict) or set(replace) - {"by"} or not isinstance(replace.get("by"), str) \
                or not 0 < len(replace["by"].strip()) <= 100:
            raise ApiError(422, "invalid_batch", detail='replace must be {"by": "<who replaces the history>"}')
        if not raw:
            raise ApiError(422, "invalid_batch", detail="a history is replaced by events: the batch has none")
    events = [_wire_event(i, e) for i, e in enumerate(raw)]
    if events and events[0].seq != after + 1:
        raise ApiError(422, "invalid_batch", detail=f"the first event must be #{after + 1}, the one after {after}")
    for one, two in itertools.pairwise(events):
        if two.seq != one.seq + 1:
            raise ApiError(422, "invalid_batch", detail=f"events must be in sequence order: {two.seq} follows "
                           f"{one.seq}")
    return Batch(events, after, prev, None if sent_at is None else float(sent_at),
                 None if replace is None else replace["by"].strip())


def _wire_event(index: int, e: Any) -> WireEvent:
    where = f"events[{index}]"
    if not isinstance(e, dict):
        raise ApiError(422, "invalid_batch", detail=f"{where} must be an object")
    unknown = sorted(set(e) - {"seq", "type", "at", "station", "payload", "hash"})
    if unknown:
        raise ApiError(422, "invalid_batch", detail=f"{where}.{unknown[0]} is not a field this site knows")
    seq, kind, at, station, payload, hash_ = (e.get(k) for k in ("seq", "type", "at", "station", "payload", "hash"))
    if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq < 2**53:
        raise ApiError(422, "invalid_batch", detail=f"{where}.seq must be a whole number from 1")
    if not isinstance(kind, str) or (kind not in engine.APPLY and kind != "tournament_created"):
        raise ApiError(422, "invalid_batch", detail=f"{where}.type {kind!r} is not an event this site knows")
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at) or not 0 <= at < 2**33:
        raise ApiError(422, "invalid_batch", detail=f"{where}.at must be POSIX seconds")
    if station is not None and (not isinstance(station, str) or len(station) > 64):
        raise ApiError(422, "invalid_batch", detail=f"{where}.station must be a short text or null")
    if not isinstance(hash_, str) or not HASH.fullmatch(hash_):
        raise ApiError(422, "invalid_batch", detail=f"{where}.hash must be the event's hash in the chain (64 hex)")
    try:
        public = validation.check_payload(kind, payload)
    except validation.Invalid as error:
        raise ApiError(422, "invalid_event", seq=seq, field=error.where,
                       detail=f"event #{seq} ({kind}): {error}") from error
    return WireEvent(seq, kind, float(at), station, canonical(public), hash_, public)


def _check_undone(log: Sequence[Event], event: Event) -> None:
    try:
        validation.check_undone(log, event)
    except validation.Invalid as error:
        raise ApiError(422, "invalid_event", seq=event.seq, field=error.where,
                       detail=f"event #{event.seq} (undone) does not fit this tournament: {error}") from error


def _refold(log: Sequence[Event], seq: int) -> State:
    """The state after `log`, folded from its first event: how an undo at `seq` is applied."""
    try:
        return engine.fold(with_command_seqs(log))
    except BAD_EVENT as error:
        raise ApiError(422, "invalid_event", seq=seq,
                       detail=f"the log cannot be folded: {type(error).__name__} {error}") from error


def _check_state(state: State, new: Sequence[WireEvent], changes: validation.Changes | None) -> None:
    """After a batch: what it changed (`changes`), or, when an undo folded the log again, the whole state."""
    try:
        if changes is None:
            validation.check_state(state)
        else:
            validation.check_changes(state, changes)
    except validation.Invalid as error:
        raise ApiError(422, "invalid_event", seq=new[0].seq, detail=f"the events from #{new[0].seq} to "
                       f"#{new[-1].seq} leave a tournament no page can show: {error.why}") from error


# How the summaries are counted: a site that starts with summaries counted otherwise counts them again from their
# events (`Results.refresh_summaries`). 2: a Day 2 counts every entry of every flight, and each person once.
SUMMARY_VERSION = 2


def summary(state: State) -> dict[str, Any]:
    """What the lists of tournaments show, kept beside each tournament (a snapshot would cost more)."""
    flights = state.formats.flights  # a Day 2 counts the event: every entry of every flight, not its qualifiers,
    # and each person once, who entered two flights (`new_players`; a Day 2 taken before it: the flights' players)
    players = sum(f.get("new_players", f["players"]) for f in flights) if flights else state.players_entered
    return {"currency": state.config.currency, "players": players, "entries": money.event_entries(state),
            "players_left": state.live, "prize_pool": money.prize_pool(state),
            "winner": state.entry_name(state.winner) if state.winner else None,
            "started_ms": state.started_ms, "finished_ms": state.finished_ms, "version": SUMMARY_VERSION}


def facts(state: State) -> dict[str, Any]:
    """What the pages publish of a tournament beyond its snapshot: the buy-in as players know it (the
    house's fee never reaches the site), what the structure allows, the size of the final table."""
    c = state.config
    ways_back = {"reentries": c.reentry, "rebuys": c.rebuy, "add_ons": c.add_on}
    return {"buy_in": {"prize": c.buy_in.prize, "bounty": c.buy_in.bounty},
            "allows": {key: rule is not None for key, rule in ways_back.items()},
            # what a player pays for each, as for the buy-in: the prize and bounty parts, never the fee
            "prices": {key: rule.price.prize + rule.price.bounty for key, rule in ways_back.items() if rule},
            "final_table_size": c.seating.final_table_size}


def _event(w: WireEvent) -> Event:
    return Event(w.type, w.data if w.data is not None else json.loads(w.payload), w.seq, w.seq,
                 round(w.at * 1000), w.station)


class Results:
    """The tournaments the site knows: ingest, receipts and public snapshots.

    Each tournament has its own lock: a push of one tournament never waits for the pages of another, nor
    for another's push. Across site processes the storage keeps each tournament's pushes in order
    (`Storage.writing`); a state folded here is brought up to what another process stored by folding
    only the events it lacks, once the chain's hash shows the history it holds is still the one stored.
    """

    def __init__(self, storage: Storage, now: Now, policy: NewsPolicy | None = None) -> None:
        self.storage = storage
        self._now = now
        self.policy = policy or NewsPolicy()
        self._guard = threading.Lock()  # the dicts below, held only to read or change them
        self._locks: dict[str, threading.Lock] = {}
        self._states: OrderedDict[str, tuple[int, str | None, State]] = OrderedDict()  # (seq, hash there, state)
        self._snapshots: dict[str, tuple[int, int, dict[str, Any]]] = {}  # for the pages: (seq, second, snapshot)
        self._nights: dict[str, tuple[int, dict[str, Any]]] = {}  # for the leagues: (seq, the night's results)

    def now(self) -> float:
        """The site's clock (injected: a test fixes it)."""
        return self._now()

    # -- ingest ------------------------------------------------------------------------------------
    def ingest(self, tournament_id: str, venue: Venue, batch: Batch) -> Receipt:
        check_tournament_id(tournament_id)
        try:
            return self._ingest(tournament_id, venue, batch)
        except StaleBatch:
            # Another process stored a batch of this tournament in between: answer from what it stored.
            return self._ingest(tournament_id, venue, batch)

    def _lock(self, tournament_id: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(tournament_id, threading.Lock())

    def _forget(self, tournament_id: str) -> None:
        with self._guard:
            self._states.pop(tournament_id, None)
            self._snapshots.pop(tournament_id, None)

    def _ingest(self, tournament_id: str, venue: Venue, batch: Batch) -> Receipt:
        with self.storage.writing(tournament_id), self._lock(tournament_id):
            now = self._now()
            skew = None if batch.sent_at is None else now - batch.sent_at
            known = self._owned(tournament_id, venue)
            acked = known.acked_seq if known else 0
            if batch.after > acked:
                raise ApiError(409, "gap", expected_seq=acked + 1, acked_seq=acked)
            # The laptop's chain must hold where this batch starts, or the two hold different histories.
            held = self._check_chain(tournament_id, batch.after, batch.prev)
            if batch.replace_by is not None and known is not None and batch.after < acked:
                return self._replace(tournament_id, venue, known, batch, now, skew)
            duplicates = [e for e in batch.events if e.seq <= acked]
            new = [e for e in batch.events if e.seq > acked]
            self._check_duplicates(tournament_id, duplicates)
            if not new:  # a repeat, or a heartbeat: either way, news from the venue
                if known is not None:
                    self.storage.heard(tournament_id, now, skew)
                return Receipt(acked, 0, len(duplicates))
            # the batch continues the log where it ends: the hash just read there is the one to check against
            return self._store(tournament_id, venue, known, acked, new, now, skew, len(duplicates),
                               hash_at_acked=held if batch.after == acked else None)

    def _store(self, tournament_id: str, venue: Venue, known: Tournament | None, acked: int,
               new: Sequence[WireEvent], now: float, skew: float | None, duplicates: int,
               replaced: tuple[str, int] | None = None, hash_at_acked: str | None = None) -> Receipt:
        state = self._fold_batch(tournament_id, acked, new, hash_at_acked)
        last = new[-1].seq
        finished = state.status == "finished" and (known is None or known.status != "finished")
        keep = (last, state.to_dict()) if last // CHECKPOINT_EVERY > acked // CHECKPOINT_EVERY or finished else None
        by, upto = replaced if replaced is not None else (None, 0)
        try:
            self.storage.store_batch(StoredBatch(tournament_id, venue.id, acked, new, state.config.name,
                                                 state.status, state.created_ms / 1000, summary(state),
                                                 now, keep, skew, by, upto))
        except Exception:
            self._forget(tournament_id)
            raise
        self._remember(tournament_id, last, new[-1].hash, state)
        return Receipt(last, len(new), duplicates)

    def _replace(self, tournament_id: str, venue: Venue, known: Tournament, batch: Batch, now: float,
                 skew: float | None) -> Receipt:
        """The TD published the laptop's history as the true one from `events[0].seq`: the one the site
        held from there is kept aside (never deleted) with who replaced it and when."""
        first = batch.after + 1
        self._forget(tournament_id)
        receipt = self._store(tournament_id, venue, known, first - 1, batch.events, now, skew, 0,
                              replaced=(batch.replace_by or "", known.acked_seq))
        log.warning("tournament %s: history from event #%d replaced by %s (venue %s); #%d to #%d kept aside",
                    tournament_id, first, batch.replace_by, venue.name, first, known.acked_seq)
        return receipt

    def _check_chain(self, tournament_id: str, seq: int, claimed: str | None) -> str | None:
        """The laptop says event `seq` has hash `claimed`; the site holds the laptop's hash of it (returned)."""
        held = GENESIS if seq == 0 else self.storage.hash_at(tournament_id, seq)
        if held is None or claimed is None or held == claimed:
            return held  # None: stored before the site kept the chain, nothing to compare with
        raise ApiError(409, "history", seq=seq,
                       detail=f"this site holds another history of this tournament at event #{seq}")

    def hash_at(self, tournament_id: str, venue: Venue, seq: int) -> str | None:
        """The laptop's hash of event `seq` as this site holds it; ApiError 404 beyond what it holds."""
        check_tournament_id(tournament_id)
        known = self._owned(tournament_id, venue)
        if seq == 0:
            return GENESIS
        if known is None or not 0 < seq <= known.acked_seq:
            raise ApiError(404, "not_found", detail=f"this site holds no event #{seq} of this tournament")
        return self.storage.hash_at(tournament_id, seq)

    def acked(self, tournament_id: str, venue: Venue) -> int:
        check_tournament_id(tournament_id)
        known = self._owned(tournament_id, venue)
        return known.acked_seq if known else 0

    def _owned(self, tournament_id: str, venue: Venue) -> Tournament | None:
        known = self.storage.tournament(tournament_id)
        if known is not None and known.venue_id != venue.id:
            raise ApiError(403, "forbidden", detail="this tournament belongs to another venue")
        return known

    def _check_duplicates(self, tournament_id: str, duplicates: Sequence[WireEvent]) -> None:
        if not duplicates:
            return
        stored = self.storage.events(tournament_id, duplicates[0].seq - 1, duplicates[-1].seq)
        for sent, kept in zip(duplicates, stored, strict=True):
            if kept.hash is None:  # stored before the site kept the chain: the event alone is compared
                sent = WireEvent(sent.seq, sent.type, sent.at, sent.station, sent.payload)
            if sent != kept:
                raise ApiError(409, "conflict", seq=sent.seq,
                               detail="this event differs from the one stored with the same seq")

    def _fold_batch(self, tournament_id: str, acked: int, new: Sequence[WireEvent],
                    hash_at_acked: str | None = None) -> State:
        """The state after the new events; the cached one is changed in place (dropped on any failure).
        `hash_at_acked`: the chain's hash at `acked` as just read (None: to be read)."""
        try:
            if acked == 0:
                first = new[0]
                if first.type != "tournament_created" or _event(first).payload.get("tournament_id") \
                        != tournament_id:
                    raise ApiError(422, "invalid_event", seq=first.seq,
                                   detail="the first event must be tournament_created for this tournament")
            state = self._state(tournament_id, acked, hash_at_acked) if acked else None
            changes = validation.Changes(state) if state is not None else None
            log: list[Event] | None = None  # the whole log, read when an undo takes some of it back
            for wire in new:
                event = _event(wire)
                if event.type == "tournament_created":
                    if state is not None:
                        raise ApiError(422, "invalid_event", seq=wire.seq, detail="a second tournament_created")
                    state = self._apply(None, event)
                    changes = validation.Changes(state)
                    continue
                assert state is not None
                if event.type == "undone":
                    # An undo takes back earlier events: the log is folded again up to it, as the desk does,
                    # and the whole state is checked once the batch is folded.
                    if log is None:
                        log = [_event(e) for e in self.storage.events(tournament_id, 0, acked)] + \
                              [_event(e) for e in new]
                    _check_undone(log[:event.seq - 1], event)
                    state, changes = _refold(log[:event.seq], wire.seq), None
                    continue
                if changes is not None:
                    changes.before(state, event)
                self._apply(state, event)
                if changes is not None:
                    changes.after(state)
            assert state is not None
            _check_state(state, new, changes)
            return state
        except BaseException:
            self._forget(tournament_id)
            raise

    @staticmethod
    def _apply(state: State | None, event: Event) -> State:
        """`event` applied to `state`, or the new state of a `tournament_created`; a 422 if it does not fit."""
        try:
            if state is None:
                return engine.new_state(event)
            validation.check_fits(state, event)
            engine.apply(state, event)
            return state
        except validation.Invalid as error:
            raise ApiError(422, "invalid_event", seq=event.seq, field=error.where,
                           detail=f"event #{event.seq} ({event.type}) does not fit this tournament: {error}") from error
        except BAD_EVENT as error:
            raise ApiError(422, "invalid_event", seq=event.seq,
                           detail=f"{event.type} cannot be applied: {type(error).__name__} {error}") from error

    def refresh_summaries(self) -> int:
        """The summaries stored before this version counted them as it does (a Day 2's entries and players),
        counted again from their events, once: a summary of this version is left as it is, so a second start
        does nothing. How many changed; a log that no longer folds keeps its summary, and is logged."""
        changed = 0
        for known in self.storage.tournaments(hidden=True):
            if known.summary.get("version", 0) >= SUMMARY_VERSION or not known.acked_seq:
                continue
            with self.storage.writing(known.id), self._lock(known.id):
                try:
                    state = self._state(known.id, known.acked_seq)
                except (*BAD_EVENT, ApiError) as error:
                    log.warning("the summary of %s is not counted again: its log does not fold (%s)", known.id,
                                error)
                    continue
                changed += self.storage.refresh_summary(known.id, known.acked_seq, summary(state))
        return changed

    # -- the folded state --------------------------------------------------------------------------
    def _state(self, tournament_id: str, seq: int, hash_at_seq: str | None = None) -> State:
        """The state after event `seq` (the caller holds the tournament's lock). `hash_at_seq`: the chain's
        hash there, when the caller has just read it."""
        with self._guard:
            cached = self._states.get(tournament_id)
            if cached is not None:
                self._states.move_to_end(tournament_id)
        if cached is not None and cached[0] <= seq:
            held_seq, held_hash, state = cached
            # The chain's hash at the seq folded: the same, the history is the one stored (another process
            # may have replaced it); None, stored before the site kept the chain, only the seq tells.
            stored = hash_at_seq if hash_at_seq is not None and held_seq == seq else \
                self.storage.hash_at(tournament_id, held_seq)
            same = held_hash is None or stored == held_hash
            if same and held_seq == seq:
                return state
            if same and held_hash is not None:
                tail = [_event(e) for e in self.storage.events(tournament_id, held_seq, seq)]
                if tail and tail[-1].seq == seq and not any(e.type == "undone" for e in tail):
                    try:
                        state = engine.fold(tail, state)
                    except BAD_EVENT:
                        self._forget(tournament_id)
                        raise
                    self._remember(tournament_id, seq, self.storage.hash_at(tournament_id, seq), state)
                    return state
        state = self._load(tournament_id, seq)
        self._remember(tournament_id, seq, self.storage.hash_at(tournament_id, seq) if seq else None, state)
        return state

    def _load(self, tournament_id: str, seq: int) -> State:
        checkpoint = self.storage.checkpoint(tournament_id)
        if checkpoint is not None and checkpoint[0] <= seq:
            tail = [_event(e) for e in self.storage.events(tournament_id, checkpoint[0], seq)]
            if not any(e.type == "undone" for e in tail):
                try:
                    return engine.fold(tail, State.from_dict(checkpoint[1]))
                except (KeyError, TypeError, ValueError):
                    pass  # a checkpoint from another version: the events are the truth
        return engine.fold(with_command_seqs(_event(e) for e in self.storage.events(tournament_id, 0, seq)))

    def _remember(self, tournament_id: str, seq: int, hash_: str | None, state: State) -> None:
        with self._guard:
            self._states[tournament_id] = (seq, hash_, state)
            self._states.move_to_end(tournament_id)
            while len(self._states) > CACHED_TOURNAMENTS:
                evicted, _ = self._states.popitem(last=False)
                self._snapshots.pop(evicted, None)

    # -- reading -------------------------------------------------------------------------------------
    def facts(self, tournament_id: str) -> dict[str, Any] | None:
        if not TOURNAMENT_ID.fullmatch(tournament_id):
            return None
        if self.storage.tournament(tournament_id) is None:
            return None  # no lock is made for a name nobody pushed
        with self._lock(tournament_id):
            known = self.storage.tournament(tournament_id)
            return None if known is None or known.hidden else facts(self._state(tournament_id, known.acked_seq))

    def night(self, tournament_id: str, venue_id: int) -> dict[str, Any] | None:
        """One of the venue's tournaments as the club records a night (each person's place, prize, bounties,
        knockouts...), read with the club's own code off the public events; None when the site holds no
        such tournament of that venue, or hides it."""
        if not TOURNAMENT_ID.fullmatch(tournament_id):
            return None
        with self._lock(tournament_id):
            known = self.storage.tournament(tournament_id)
            if known is None or known.hidden or known.venue_id != venue_id:
                return None
            held = self._nights.get(tournament_id)
            if held is not None and held[0] == known.acked_seq:
                return held[1]
            try:
                state = self._state(tournament_id, known.acked_seq)
                events = with_command_seqs(_event(e) for e in self.storage.events(tournament_id, 0, known.acked_seq))
                night = summarize(state, events)
            except Exception as error:  # this tournament only: the league counts without it
                self._states.pop(tournament_id, None)
                log.error("tournament %s cannot be folded: %s: %s", tournament_id, type(error).__name__, error)
                return None
            self._nights[tournament_id] = (known.acked_seq, night)
            if len(self._nights) > CACHED_NIGHTS:
                self._nights.pop(next(iter(self._nights)))
            return night

    def public_snapshot(self, tournament_id: str, *, whole_second: bool = False) -> dict[str, Any] | None:
        """What `snapshot.public(desk.snapshot(now))` says on the laptop, from what the site was sent.

        `whole_second`: at the start of the current second, shared by every request in it. The pages
        ask for that, so that a crowd refreshing a big field's live page costs one snapshot a second.
        """
        if not TOURNAMENT_ID.fullmatch(tournament_id) or self.storage.tournament(tournament_id) is None:
            return None
        with self._lock(tournament_id):
            known = self.storage.tournament(tournament_id)
            if known is None or known.hidden:
                return None
            site_now = self._now()
            if whole_second:
                site_now = float(int(site_now))
            found = self.news(known, site_now)
            now_ms = round(found.laptop_now(site_now) * 1000)
            if whole_second:
                with self._guard:
                    shared = self._snapshots.get(tournament_id)
                if shared is not None and shared[:2] == (known.acked_seq, round(site_now * 1000)):
                    return shared[2]
            try:
                state = self._state(tournament_id, known.acked_seq)
                snap = news.shown(snapshot.public(snapshot.snapshot(state, known.acked_seq, now_ms)), found)
            except Exception as error:  # whatever broke, it broke this tournament only
                self._forget(tournament_id)
                log.error("tournament %s cannot be folded: %s: %s", tournament_id, type(error).__name__, error)
                raise Unavailable(tournament_id) from error
            if whole_second:
                with self._guard:
                    self._snapshots[tournament_id] = (known.acked_seq, round(site_now * 1000), snap)
            return snap

    def news(self, known: Tournament, site_now: float | None = None) -> News:
        """How old the site's news of this tournament is, and whether its clock may run."""
        return news.news(known.news_at, known.clock_skew, known.status == "finished",
                         self._now() if site_now is None else site_now, self.policy)
