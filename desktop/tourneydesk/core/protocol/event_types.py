"""Every event type, declared once: everything the program knows about it, in one place.

An event type is the file format: a name and a payload, written once and read for ever after. Each
declaration says

* `apply`: how the event folds into the state (None only for `tournament_created`, which starts the
  state: see `engine.new_state`);
* `touches`: what the event writes and reads, for undo: an older command can be taken back only when
  no later command stands on what it wrote (`undo.decide_undo`);
* `ledger`: the kind of money movement it is in the cashier's books, or None when it moves no money;
* `log`: which payload fields say whom and what it concerns in the console's event log (the wording
  itself is the UI's, translated there);
* `version` and `upcasts`: the format version written today, and the steps that bring an event
  written by an older version up to it before it is applied.
* `payload`: its payload's TypedDict (`payloads`): every field it is written with, its type and whether
  it may leave the laptop (what the website may see: `public.py` reads it), which the apply function
  reads it by and a test checks every event the desk writes against.

A test fails when an event type the core writes is not declared here, or lacks a facet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules import (
    alternates,
    cashier,
    chip_counts,
    clock_control,
    editing,
    eliminations,
    entries,
    flights,
    floor,
    mystery,
    players,
    satellites,
    seating,
)
from ..state import State
from . import payloads
from .events import Event

Payload = Mapping[str, Any]
Apply = Callable[[State, Event], None]
Upcast = Callable[[dict[str, Any]], dict[str, Any]]

# -- what an event touches ------------------------------------------------------------------------
# Resources are plain strings: `entry:e7`, `player:p3`, `seat:3:5`, `table:3`, `stack:e7` (its last count),
# and whole parts of the state (`clock`, `config`, `payouts`, `hand_for_hand`, `chips`, `deal`, `finish`).
# A new kind of resource is named here, with its function below (a test holds every event to these).
RESOURCE_KINDS = ("entry", "player", "person", "note", "seat", "table", "stack")
# The parts of a flight, a Day 2 and a satellite (`core/formats.py`): the bags, what the other flights said,
# the flights a Day 2 took, who holds a seat already, the satellites whose seats were taken.
BAGS, OTHER_FLIGHTS, FLIGHTS, HOLDERS, SATELLITES = "bags", "other_flights", "flights", "holders", "satellites"
FORMAT_PARTS = (BAGS, OTHER_FLIGHTS, FLIGHTS, HOLDERS, SATELLITES)
WAITING = "waiting"  # the alternates' waiting list: its order is everyone's on it
CHIPS_ADDED = "+chips"  # the chips bought: purchases add up in any order (see `Touches.adds`)
WHOLE_PARTS = frozenset({"clock", "config", "payouts", "hand_for_hand", "chips", "deal", "finish", "announcement",
                         "envelopes", WAITING, CHIPS_ADDED, *FORMAT_PARTS})
ANY_SEAT = "*"  # `seat:3:*`: every seat of table 3 (a table that closes or is redrawn)
UNKNOWN_SEAT = "?"  # `seat:3:?`: a seat of table 3, which one unknown (an event of format 1)


def entry(entry_id: Any) -> str:
    return f"entry:{entry_id}"


def player(player_id: Any) -> str:
    return f"player:{player_id}"


def table(number: Any) -> str:
    return f"table:{number}"


def seat(number: Any, seat_number: Any) -> str:
    return f"seat:{number}:{seat_number}"


@dataclass(frozen=True, slots=True)
class Touches:
    """What one event changes and what its decision relied on.

    `writes`: what it changed; a later command that reads or writes any of it stands on it.
    `adds`: what it added to, in a way that commutes with every other addition (chips bought): a later
    addition does not stand on it, a later reader does.
    `reads`: what its decision relied on without changing it.
    """

    writes: frozenset[str] = frozenset()
    reads: frozenset[str] = frozenset()
    adds: frozenset[str] = frozenset()


def touches(writes: Iterable[str] = (), reads: Iterable[str] = (), adds: Iterable[str] = ()) -> Touches:
    return Touches(frozenset(writes), frozenset(reads), frozenset(adds))


@dataclass(frozen=True, slots=True)
class LogWords:
    """Which payload fields the event log shows, so that it names people and never shows an id.

    `who`: fields holding the id of the entry or player concerned (the first one present is shown, by
    name); `name`: a field that holds a name itself (a registration); `by`: a field listing the entries
    that won (a bust); `seat`: the event names a table and seat; `action`: a field shown as it is;
    `undoes`: the event names the commands it takes back; `reason`: the TD's reason is shown; `chips`,
    `money`: a field holding chips, or an amount or price (formatted by the log); `payment`: the payment
    method is shown; `variant`: a flag of the payload under which the event has its own words; `moves`:
    the event moves players (the log says how many); `hand`: the hand-for-hand hand is shown.
    """

    who: tuple[str, ...] = ()
    name: str | None = None
    by: str | None = None
    seat: bool = False
    action: str | None = None
    undoes: bool = False
    reason: bool = False
    chips: str | None = None  # a field holding a number of chips
    money: str | None = None  # a field holding an amount in minor units, or a price (its parts are summed)
    payment: bool = False  # the payment method is shown
    variant: str | None = None  # a flag of the payload that words the event otherwise (a re-entry, not a buy-in)
    moves: bool = False  # the event moves players: how many
    hand: bool = False  # the hand-for-hand hand it happened in


LedgerKind = Callable[[Payload], str]


@dataclass(frozen=True, slots=True)
class EventType:
    name: str
    apply: Apply | None
    touches: Callable[[Payload], Touches]
    ledger: LedgerKind | None
    log: LogWords
    undoable: bool = True
    version: int = 1
    upcasts: Mapping[int, Upcast] = field(default_factory=dict)  # from version n to n + 1
    payload: type[Mapping[str, Any]] = field(kw_only=True)  # its TypedDict in `payloads`: the fields it is written with


# -- the touches of each kind of event --------------------------------------------------------------
def _nothing(p: Payload) -> Touches:
    return Touches()


def person(player_id: Any) -> str:
    """That the person is registered at all: what a note on them stands on (a buy-in, an edit do not touch it)."""
    return f"person:{player_id}"


def note(player_id: Any) -> str:
    return f"note:{player_id}"


def _player_registered(p: Payload) -> Touches:  # and unregistered
    return touches(writes=[player(p["player"]), person(p["player"])])


def _player_edited(p: Payload) -> Touches:
    return touches(writes=[player(p["player"])])


def _player_noted(p: Payload) -> Touches:
    # A note is a record beside the person: only a later note on them stands on it. It stands on the
    # registration, not on the player's facts that every buy-in writes: undoing a buy-in is never blocked.
    return touches(writes=[note(p["player"])], reads=[person(p["player"])])


def _table_opened(p: Payload) -> Touches:
    return touches(writes=[table(p["table"])], reads=[table(p["table"])])


def _freed_seat(p: Payload) -> str:
    """The seat an entry left, as a resource; a format-1 event did not record which one."""
    if p.get("seat") is not None and p.get("table") is not None:
        return seat(p["table"], p["seat"])
    if p.get("table") is not None:
        return seat(p["table"], UNKNOWN_SEAT)
    return seat(UNKNOWN_SEAT, UNKNOWN_SEAT)


def _stack_abandoned(p: Payload) -> Touches:
    # A stack that leaves the table frees its seat; a bounty stack stays, blinded off where it sits.
    writes = [entry(p["entry"])] + ([] if p["stays"] else [_freed_seat(p)])
    return touches(writes=writes, reads=[CHIPS_ADDED, table(p["table"])])


def _entry_bought(p: Payload) -> Touches:
    reads = [table(p["table"])]
    if p.get("previous"):  # a re-entry stands on its previous entry being out
        reads.append(entry(p["previous"]))
    return touches(writes=[entry(p["entry"]), player(p["player"]), seat(p["table"], p["seat"])], reads=reads,
                   adds=[CHIPS_ADDED])


def _alternate_added(p: Payload) -> Touches:
    # Last in line behind everyone on the list; a player waiting to enter again stands on being out.
    return touches(writes=[WAITING, player(p["player"])], reads=[entry(p["previous"])] if p.get("previous") else [])


def _alternates_removed(p: Payload) -> Touches:
    # All of them when late registration closed, which the clock decided.
    return touches(writes=[WAITING, *(player(x) for x in p["players"])],
                   reads=["clock"] if p["reason"] == "closed" else [])


def _chips_bought(p: Payload) -> Touches:
    return touches(writes=[entry(p["entry"])], adds=[CHIPS_ADDED])


def _rebought(p: Payload) -> Touches:
    if not p.get("back"):
        return _chips_bought(p)
    # Bought back in after a bust: seated again, at a seat drawn like a new entry's.
    return touches(writes=[entry(p["entry"]), seat(p["table"], p["seat"])], reads=[table(p["table"])],
                   adds=[CHIPS_ADDED])


def _busted(p: Payload) -> Touches:
    writes = [entry(p["entry"]), *(entry(b) for b in p.get("by") or []),
              *(entry(a["to"]) for a in p.get("awards") or [])]
    reads = []
    if p.get("table") is not None:
        reads.append(table(p["table"]))
        if p.get("seat") is not None:
            writes.append(seat(p["table"], p["seat"]))
    if p.get("hand") is not None:  # a bust of a hand-for-hand hand shares places with that hand's busts
        reads.append("hand_for_hand")
    if p.get("envelopes"):  # each draw is made from the envelopes the draws before it left
        writes.append("envelopes")
    return touches(writes=writes, reads=reads)


def _envelopes_fixed(p: Payload) -> Touches:
    # Fixed from the bounty pool, which the clock closed (late registration) and the buy-ins filled.
    return touches(writes=["envelopes"], reads=["clock", CHIPS_ADDED])


def _envelopes_left_paid(p: Payload) -> Touches:
    return touches(writes=["envelopes", *(entry(s["to"]) for s in p["shares"])])


def _tournament_finished(p: Payload) -> Touches:
    # A finish needs registration closed, which the clock decided.
    return touches(writes=[entry(p["winner"]), "finish"], reads=["clock"])


def _entry_removed(p: Payload) -> Touches:
    # The removal was decided against the chips in play; and it freed a seat, which a later buy-in or
    # move may have taken (undoing it then would seat two players in one seat).
    return touches(writes=[entry(p["entry"]), _freed_seat(p)], reads=[CHIPS_ADDED])


def _deal_made(p: Payload) -> Touches:
    return touches(writes=[*(entry(e) for e in p["amounts"]), "deal"])


def _moved(p: Payload) -> Touches:
    writes = [entry(p["entry"]), seat(p["table"], p["seat"])]
    if p.get("from_table") is not None and p.get("from_seat") is not None:
        writes.append(seat(p["from_table"], p["from_seat"]))
    return touches(writes=writes, reads=[table(p["table"])])


def _button_set(p: Payload) -> Touches:
    return touches(writes=[table(p["table"]), seat(p["table"], p["seat"])], reads=[table(p["table"])])


def _table_broken(p: Payload) -> Touches:
    number = p["table"]
    writes = [table(number), seat(number, ANY_SEAT)]  # the table closes: every one of its seats goes
    for move in p["moves"]:
        writes += [entry(move["entry"]), seat(move["table"], move["seat"]), seat(number, move["from_seat"])]
    return touches(writes=writes, reads=[table(number)])


def _table_filled(p: Payload) -> Touches:
    number = p["table"]
    writes = [table(number)]
    for move in p["moves"]:
        writes += [entry(move["entry"]), seat(number, move["seat"]), seat(move["from_table"], move["from_seat"])]
    return touches(writes=writes, reads=[table(number)])


def _final_table_drawn(p: Payload) -> Touches:
    # Every seat of the final table is drawn again, and every other table closes.
    number = p["table"]
    writes = [table(number), seat(number, ANY_SEAT)]
    writes += [w for drawn in p["seats"] for w in (entry(drawn["entry"]), seat(number, drawn["seat"]))]
    writes += [w for closed in p["closed"] for w in (table(closed), seat(closed, ANY_SEAT))]
    return touches(writes=writes, reads=[table(number)])


def _writes(*resources: str) -> Callable[[Payload], Touches]:
    fixed = touches(writes=resources)
    return lambda p: fixed


def _entry_only(p: Payload) -> Touches:
    return touches(writes=[entry(p["entry"])])


def stack(entry_id: Any) -> str:
    return f"stack:{entry_id}"


def _chips_counted(p: Payload) -> Touches:
    # A count is a record of one stack: it stands on the entry being in play, and only a later count of
    # that stack stands on it (a bust, a move, a rebuy after it do not: the count can be taken back).
    return touches(writes=[stack(p["entry"])], reads=[entry(p["entry"])])


def _chips_removed(p: Payload) -> Touches:
    # Taken out of the chips in play as they stood: it stands on every purchase before it.
    return touches(writes=["chips"], reads=[CHIPS_ADDED])


def _paid(p: Payload) -> Touches:
    # A prize is paid once registration has closed, which the clock decided.
    return touches(writes=[entry(p["entry"])], reads=["clock"])


def _flight_stopped(p: Payload) -> Touches:
    # Decided against the players left and the clock; everything after it stands on it.
    return touches(writes=["finish", "clock"], reads=["clock"])


def _chips_bagged(p: Payload) -> Touches:
    # Checked against the bags before it and the chips in play: a later table's bags stand on it.
    return touches(writes=[BAGS, *(stack(e) for e in p["stacks"])], reads=["finish", BAGS, CHIPS_ADDED])


def _qualifier_seated(p: Payload) -> Touches:
    return touches(writes=[entry(p["entry"]), player(p["player"]), seat(p["table"], p["seat"])],
                   reads=[table(p["table"]), FLIGHTS], adds=[CHIPS_ADDED])


def _satellite_ended(p: Payload) -> Touches:
    return touches(writes=[*(entry(e) for e in p["winners"]), "finish"], reads=["clock", CHIPS_ADDED, HOLDERS])


def _seat_won(p: Payload) -> Touches:
    return touches(writes=[entry(p["entry"])], reads=["finish"])


def _seat_held(p: Payload) -> Touches:
    return touches(writes=[HOLDERS], reads=[player(p["player"])])


def _satellite_seats_taken(p: Payload) -> Touches:
    return touches(writes=[SATELLITES, *(entry(e) for e in p["entries"])], reads=[SATELLITES])


# -- the ledger's kinds -----------------------------------------------------------------------------
def _bought(p: Payload) -> str:
    return "reentry" if p["reentry"] else "buy_in"


def _kind(name: str) -> LedgerKind:
    return lambda p: name


# -- format versions --------------------------------------------------------------------------------
def _seat_unrecorded(*fields: str) -> Upcast:
    """Format 1 to 2: the event now names the seat it frees; one written before says nothing of it."""
    def upcast(payload: dict[str, Any]) -> dict[str, Any]:
        return {**{key: None for key in fields}, **payload}
    return upcast


_ENTRY = LogWords(who=("entry",))
_SEATED = LogWords(who=("entry",), seat=True)
_SEATED_WHY = LogWords(who=("entry",), seat=True, reason=True)

EVENT_TYPES: dict[str, EventType] = {t.name: t for t in [
    EventType("tournament_created", None, _nothing, None, LogWords(), undoable=False,
              payload=payloads.TournamentCreated),
    EventType("player_registered", entries.apply_player_registered, _player_registered, None, LogWords(name="name"),
              payload=payloads.PlayerRegistered),
    EventType("player_edited", players.apply_player_edited, _player_edited, None, LogWords(who=("player",)),
              payload=payloads.PlayerEdited),
    EventType("player_noted", players.apply_player_noted, _player_noted, None, LogWords(who=("player",)),
              payload=payloads.PlayerNoted),
    # gone from the state: the event says who
    EventType("player_unregistered", players.apply_player_unregistered, _player_registered, None,
              LogWords(name="name"), payload=payloads.PlayerUnregistered),
    EventType("table_opened", entries.apply_table_opened, _table_opened, None, LogWords(),
              payload=payloads.TableOpened),
    EventType("stack_abandoned", entries.apply_stack_abandoned, _stack_abandoned, None,
              LogWords(who=("entry",), seat=True, chips="chips"), version=2, upcasts={1: _seat_unrecorded("seat")},
              payload=payloads.StackAbandoned),
    EventType("entry_bought", entries.apply_entry_bought, _entry_bought, _bought,
              LogWords(who=("entry", "player"), seat=True, money="price", payment=True, variant="reentry"),
              payload=payloads.EntryBought),
    EventType("alternate_added", alternates.apply_alternate_added, _alternate_added, None, LogWords(who=("player",)),
              payload=payloads.AlternateAdded),
    EventType("alternates_removed", alternates.apply_alternates_removed, _alternates_removed, None,
              LogWords(action="reason"), payload=payloads.AlternatesRemoved),
    EventType("rebought", entries.apply_rebought, _rebought, _kind("rebuy"),
              LogWords(who=("entry",), seat=True, money="price", payment=True, variant="back"),
              payload=payloads.Rebought),
    EventType("added_on", entries.apply_added_on, _chips_bought, _kind("add_on"),
              LogWords(who=("entry",), money="price", payment=True), payload=payloads.AddedOn),
    EventType("busted", eliminations.apply_busted, _busted, None,
              LogWords(who=("entry",), by="by", seat=True, hand=True), payload=payloads.Busted),
    EventType("tournament_finished", eliminations.apply_tournament_finished, _tournament_finished, None,
              LogWords(who=("winner",)), payload=payloads.TournamentFinished),
    EventType("envelopes_fixed", mystery.apply_envelopes_fixed, _envelopes_fixed, None, LogWords(money="pool"),
              payload=payloads.EnvelopesFixed),
    EventType("envelopes_left_paid", mystery.apply_envelopes_left_paid, _envelopes_left_paid, None, LogWords(),
              payload=payloads.EnvelopesLeftPaid),
    EventType("entry_removed", eliminations.apply_entry_removed, _entry_removed, None,
              LogWords(who=("entry",), seat=True, reason=True, action="kind"), version=2,
              upcasts={1: _seat_unrecorded("table", "seat")}, payload=payloads.EntryRemoved),
    EventType("deal_made", eliminations.apply_deal_made, _deal_made, None, LogWords(action="method"),
              payload=payloads.DealMade),
    EventType("moved", seating.apply_moved, _moved, None, _SEATED_WHY, payload=payloads.Moved),
    EventType("button_set", seating.apply_button_set, _button_set, None, LogWords(seat=True),
              payload=payloads.ButtonSet),
    EventType("table_broken", seating.apply_table_broken, _table_broken, None, LogWords(moves=True),
              payload=payloads.TableBroken),
    EventType("table_filled", seating.apply_table_filled, _table_filled, None, LogWords(moves=True),
              payload=payloads.TableFilled),
    EventType("final_table_drawn", seating.apply_final_table_drawn, _final_table_drawn, None, LogWords(moves=True),
              payload=payloads.FinalTableDrawn),
    EventType("clock_set", clock_control.apply_clock_set, _writes("clock"), None, LogWords(action="action"),
              payload=payloads.ClockSet),
    EventType("hand_for_hand", floor.apply_hand_for_hand, _writes("hand_for_hand"), None,
              LogWords(variant="on", hand=True), payload=payloads.HandForHand),
    EventType("penalty_given", floor.apply_penalty_given, _entry_only, None, _ENTRY, payload=payloads.PenaltyGiven),
    EventType("player_clock", floor.apply_player_clock, _entry_only, None, _ENTRY, payload=payloads.PlayerClock),
    EventType("announced", floor.apply_announced, _writes("announcement"), None, LogWords(action="text"),
              payload=payloads.Announced),
    EventType("chips_counted", chip_counts.apply_chips_counted, _chips_counted, None,
              LogWords(who=("entry",), chips="chips"), payload=payloads.ChipsCounted),
    EventType("chips_removed", editing.apply_chips_removed, _chips_removed, None,
              LogWords(reason=True, chips="amount"), payload=payloads.ChipsRemoved),
    # a structure edit re-anchors the clock
    EventType("config_changed", editing.apply_config_changed, _writes("config", "clock"), None,
              LogWords(action="what"), payload=payloads.ConfigChanged),
    EventType("payouts_edited", editing.apply_payouts_edited, _writes("payouts"), None, LogWords(),
              payload=payloads.PayoutsEdited),
    EventType("paid", cashier.apply_paid, _paid, _kind("payout"),
              LogWords(who=("entry",), money="amount", payment=True), payload=payloads.Paid),
    # Flights and their Day 2, satellites (docs/flights-and-satellites.md): bags are chip counts the room
    # sees; what other flights say of their people, and who holds a seat already, stay on the laptop.
    EventType("flight_stopped", flights.apply_flight_stopped, _flight_stopped, None, LogWords(action="reason"),
              payload=payloads.FlightStopped),
    EventType("chips_bagged", flights.apply_chips_bagged, _chips_bagged, None, LogWords(),
              payload=payloads.ChipsBagged),
    EventType("flight_bagged", flights.apply_flight_bagged, _writes(BAGS), None, LogWords(chips="chips"),
              payload=payloads.FlightBagged),
    EventType("flights_known", flights.apply_flights_known, _writes(OTHER_FLIGHTS), None, LogWords(),
              payload=payloads.FlightsKnown),
    EventType("flight_taken", flights.apply_flight_taken, _writes(FLIGHTS), None, LogWords(name="name"),
              payload=payloads.FlightTaken),
    EventType("qualifier_seated", flights.apply_qualifier_seated, _qualifier_seated, None,
              LogWords(who=("entry",), seat=True, chips="chips"), payload=payloads.QualifierSeated),
    EventType("seat_held", satellites.apply_seat_held, _seat_held, None, LogWords(who=("player",), variant="held"),
              payload=payloads.SeatHeld),
    EventType("satellite_ended", satellites.apply_satellite_ended, _satellite_ended, None, LogWords(),
              payload=payloads.SatelliteEnded),
    EventType("seat_won", satellites.apply_seat_won, _seat_won, _kind("seat"), LogWords(who=("entry",), money="amount"),
              payload=payloads.SeatWon),
    EventType("satellite_seats_taken", satellites.apply_satellite_seats_taken, _satellite_seats_taken, None,
              LogWords(name="name"), payload=payloads.SatelliteSeatsTaken),
    # The fold skips the commands an undo names (`engine.fold`): applying the undo itself does nothing.
    EventType("undone", lambda state, event: None, _nothing, None, LogWords(undoes=True), undoable=False,
              payload=payloads.Undone),
]}


def declared(kind: str) -> EventType | None:
    return EVENT_TYPES.get(kind)


def current_version(kind: str) -> int:
    declaration = EVENT_TYPES.get(kind)
    return declaration.version if declaration is not None else 1


def upcast(event: Event) -> Event:
    """The event as today's format says it, whatever version wrote it (unknown types pass as they are)."""
    declaration = EVENT_TYPES.get(event.type)
    if declaration is None or event.version >= declaration.version:
        return event
    payload = dict(event.payload)
    for version in range(event.version, declaration.version):
        step = declaration.upcasts.get(version)
        if step is not None:
            payload = step(payload)
    return replace(event, payload=payload, version=declaration.version)


def touched(event: Event) -> Touches:
    """What one event of the log writes and reads (an unknown type: nothing)."""
    declaration = EVENT_TYPES.get(event.type)
    if declaration is None:
        return Touches()
    return declaration.touches(upcast(event).payload)
