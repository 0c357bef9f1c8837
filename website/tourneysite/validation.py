"""What the site accepts from a venue: every field of every public event checked before anything folds.

The laptop's core trusts its own events; the site cannot: a venue's laptop may run another version,
or a client may not be a laptop at all. So each event passes three gates, and the first that fails
refuses the whole batch with 422 before anything is stored:

1. its shape: the fields its payload is declared with, each public one of its kind and within the bounds
   declared with it (`tourneydesk.core.protocol.payloads`; no float anywhere in a payload: money is
   minor units and chips are counted, both whole numbers);
2. whether it fits the tournament as the site holds it (`check_fits`): the entries, players and
   tables it names exist and are in the state it needs (no bust by an eliminator who is out);
3. the state after the batch (`check_changes`, over what the batch named; `check_state` over the whole state
   after an undo): every seat holds the entry that sits there, each at one seat, the count of entries in
   play is theirs, no chips below 0.

A field the laptop keeps private may arrive from an older laptop: it is dropped, never stored (the same
declarations decide which, through `tourneydesk.core.protocol.public`). A field no version ever wrote
is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tourneydesk.core.protocol.events import Event
from tourneydesk.core.protocol.log import undone_commands
from tourneydesk.core.protocol.payload_fields import MAX_INT, MAX_TEXT, Kind, Shape
from tourneydesk.core.protocol.public import SHAPES, public_event
from tourneydesk.core.rules.undo import NOT_UNDOABLE
from tourneydesk.core.state import ABANDONED, ACTIVE, State, Table

# Bounds far above any real tournament, far below what would cost the site memory or time; each field's
# own bounds are declared with it.
MAX_DEPTH = 12
MAX_LONG_TEXT = 256 * 1024  # the payout table shipped in a tournament_created
MAX_LIST = 20_000
ID = re.compile(r"[A-Za-z0-9_-]{1,40}")  # matched whole: a `$` lets "p1\n" through

class Invalid(Exception):
    """One event refused: `where` names the field (`payload.price.prize`), `why` says what is wrong."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where} {why}")
        self.where = where
        self.why = why


Check = Callable[[Any, str], None]


def _int(low: int = 0, high: int = MAX_INT) -> Check:
    def check(value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Invalid(where, "must be a whole number")
        if not low <= value <= high:
            raise Invalid(where, f"must be from {low} to {high}")
    return check


def _bool(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise Invalid(where, "must be true or false")


def _text(limit: int = MAX_TEXT) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise Invalid(where, "must be a text")
        if len(value) > limit:
            raise Invalid(where, f"must be at most {limit} characters")
    return check


def _id(value: Any, where: str) -> None:
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise Invalid(where, "must be an id (letters, digits, - or _)")


def _one_of(*allowed: str) -> Check:
    def check(value: Any, where: str) -> None:
        if value not in allowed:
            raise Invalid(where, f"must be one of {', '.join(allowed)}")
    return check


def _optional(inner: Check) -> Check:
    def check(value: Any, where: str) -> None:
        if value is not None:
            inner(value, where)
    return check


def _list(inner: Check, limit: int = MAX_LIST) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise Invalid(where, "must be a list")
        if len(value) > limit:
            raise Invalid(where, f"must hold at most {limit} items")
        for i, item in enumerate(value):
            inner(item, f"{where}[{i}]")
    return check


def _map(key: Check, inner: Check, limit: int = MAX_LIST) -> Check:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise Invalid(where, "must be an object")
        if len(value) > limit:
            raise Invalid(where, f"must hold at most {limit} items")
        for k, item in value.items():
            key(k, f"{where} key")
            inner(item, f"{where}[{k}]")
    return check


@dataclass(frozen=True)
class _Object:
    """An object with these fields: `required` must be there, the others may be, the `private` ones are
    dropped after the check (an older laptop sent them); nothing else may."""

    required: Mapping[str, Check]
    optional: Mapping[str, Check]
    private: frozenset[str]

    def known(self, value: Any, where: str) -> None:
        """Refuse an object that is none, or holds a field no version of its declaration ever had."""
        if not isinstance(value, dict):
            raise Invalid(where, "must be an object")
        for name in value:
            if name not in self.required and name not in self.optional and name not in self.private:
                raise Invalid(f"{where}.{name}", "is not a field this site knows")

    def __call__(self, value: Any, where: str) -> None:
        self.known(value, where)
        for name, check in self.required.items():
            if name not in value:
                raise Invalid(f"{where}.{name}", "is missing")
            check(value[name], f"{where}.{name}")
        for name, check in self.optional.items():
            if name in value:
                check(value[name], f"{where}.{name}")


def _config(value: Any, where: str) -> None:
    # Its fields are checked by the core's own config reader when the event folds (a ConfigError is a 422);
    # here that it is an object, its size and depth bounded and no float in it: the one value no schema
    # here types field by field, so the one the generic walk goes through.
    if not isinstance(value, dict):
        raise Invalid(where, "must be an object")
    _walk(value, where, 1)


def _checks(shape: Shape) -> Check:
    """The check of a value of this declared shape (`payload_fields`): what the site accepts in it."""
    if shape.container is not None and shape.items is not None:
        inner = _checks(shape.items)
        check = _list(inner, shape.size) if shape.container == "list" else _map(_id, inner, shape.size)
    elif shape.fields or shape.private or shape.kind is None or shape.kind.check == "object":
        check = _Object({name: _checks(sub) for name, (sub, required) in shape.fields.items() if required},
                        {name: _checks(sub) for name, (sub, required) in shape.fields.items() if not required},
                        shape.private)
    else:
        check = _leaf(shape.kind)
    return _optional(check) if shape.nullable else check


def _leaf(kind: Kind) -> Check:
    match kind.check:
        case "id":
            return _id
        case "text":
            return _text(kind.size)
        case "whole":
            return _int(kind.low, kind.high)
        case "flag":
            return _bool
        case "word":
            return _one_of(*kind.words)
        case "config":
            return _config
    raise ValueError(f"no check for a {kind.check}")


# Event type -> the check of its payload, from its declaration.
SCHEMAS: dict[str, Check] = {kind: _checks(shape) for kind, shape in SHAPES.items()}


def check_payload(kind: str, payload: Any) -> dict[str, Any]:
    """The public payload of one event of type `kind`, checked; `Invalid` says which field fails.

    Private fields some laptop sent are dropped first (never stored, never looked into); every other field
    must fit its declaration, which types it (the config, which it cannot, is walked whole: `_config`).
    """
    schema = SCHEMAS.get(kind)
    if schema is None:
        raise Invalid("type", f"{kind!r} is not an event this site knows")
    if not isinstance(payload, dict):
        raise Invalid("payload", "must be an object")
    if isinstance(schema, _Object):
        schema.known(payload, "payload")
    kept = public_event(kind, payload)  # the private fields dropped, and the house's fee from every price
    schema(kept, "payload")
    return kept


def _walk(value: Any, where: str, depth: int) -> None:
    """Whatever the type: bounded depth, sizes and numbers, and no float (nor NaN) anywhere."""
    if depth > MAX_DEPTH:
        raise Invalid(where, f"is nested deeper than {MAX_DEPTH}")
    if isinstance(value, float):
        raise Invalid(where, "must be a whole number (money is in minor units, chips are counted)")
    if isinstance(value, int) and not isinstance(value, bool) and not -MAX_INT <= value <= MAX_INT:
        raise Invalid(where, f"is beyond ±{MAX_INT}")
    if isinstance(value, str) and len(value) > MAX_LONG_TEXT:
        raise Invalid(where, f"must be at most {MAX_LONG_TEXT} characters")
    if isinstance(value, dict):
        if len(value) > MAX_LIST:
            raise Invalid(where, f"must hold at most {MAX_LIST} items")
        for key, item in value.items():
            if len(key) > MAX_TEXT:
                raise Invalid(where, "has a field name too long")
            _walk(item, f"{where}.{key}", depth + 1)
    elif isinstance(value, list):
        if len(value) > MAX_LIST:
            raise Invalid(where, f"must hold at most {MAX_LIST} items")
        for i, item in enumerate(value):
            _walk(item, f"{where}[{i}]", depth + 1)


# -- does it fit the tournament? ------------------------------------------------------------------
def check_fits(state: State, event: Event) -> None:
    """Refuse an event that names what the tournament does not hold, or asks what its state forbids.

    The laptop's commands check far more before they decide; these are the facts a fold relies on
    and that, when false, would leave the site showing what never happened.
    """
    p = event.payload
    fit = _FITS.get(event.type)
    if fit is not None:
        fit(state, p)


def _entry(state: State, entry_id: Any, where: str, *, active: bool = False, stack: bool = False) -> None:
    """`active`: the entry is a player in play; `stack`: a stack in play, which an abandoned one still is
    (it stays seated and is blinded away: busted and moved as any other, PKR4U 6)."""
    entry = state.entries.get(entry_id)
    if entry is None:
        raise Invalid(where, f"names entry {entry_id!r}, which this tournament does not have")
    if (active and entry.status != ACTIVE) or (stack and entry.status not in (ACTIVE, ABANDONED)):
        raise Invalid(where, f"names entry {entry_id!r}, which is out ({entry.status})")


def _free_seat(state: State, table: Any, seat: Any, entry_id: Any, where: str) -> None:
    if table is None or seat is None:
        return
    found = state.tables.get(table)
    if found is None:
        raise Invalid(where, f"names table {table}, which is not open")
    holder = found.seats.get(seat)
    if holder is not None and holder != entry_id:
        raise Invalid(where, f"names seat {seat} of table {table}, where {holder} sits")


def _fits_registered(state: State, p: dict[str, Any]) -> None:
    if p["player"] in state.players:
        raise Invalid("payload.player", f"{p['player']!r} is registered already")


def _fits_bought(state: State, p: dict[str, Any]) -> None:
    if p["entry"] in state.entries:
        raise Invalid("payload.entry", f"{p['entry']!r} is bought already")
    if p["player"] not in state.players:
        raise Invalid("payload.player", f"names player {p['player']!r}, who is not registered")
    if p.get("previous") is not None:
        _entry(state, p["previous"], "payload.previous")
    _free_seat(state, p.get("table"), p.get("seat"), p["entry"], "payload.seat")


def _fits_active(state: State, p: dict[str, Any]) -> None:
    _entry(state, p["entry"], "payload.entry", active=True)


def _fits_rebought(state: State, p: dict[str, Any]) -> None:
    if not p.get("back"):
        _fits_active(state, p)
        return
    # bought back in after a bust while rebuys are open: the entry is out, and takes a free seat
    _entry(state, p["entry"], "payload.entry")
    if state.entries[p["entry"]].status == ACTIVE:
        raise Invalid("payload.entry", f"names entry {p['entry']!r}, which is still in play")
    _free_seat(state, p.get("table"), p.get("seat"), p["entry"], "payload.seat")


def _fits_player(state: State, p: dict[str, Any]) -> None:
    if p["player"] not in state.players:
        raise Invalid("payload.player", f"names player {p['player']!r}, who is not registered")


def _fits_busted(state: State, p: dict[str, Any]) -> None:
    _entry(state, p["entry"], "payload.entry", stack=True)
    for i, by in enumerate(p["by"]):
        if by == p["entry"]:
            raise Invalid(f"payload.by[{i}]", "names the busted entry itself")
        _entry(state, by, f"payload.by[{i}]", active=True)
    for i, award in enumerate(p.get("awards", [])):
        _entry(state, award["to"], f"payload.awards[{i}].to")


def _fits_moved(state: State, p: dict[str, Any]) -> None:
    _entry(state, p["entry"], "payload.entry", stack=True)
    _free_seat(state, p["table"], p["seat"], p["entry"], "payload.seat")


def _fits_moves(state: State, p: dict[str, Any]) -> None:
    for i, move in enumerate(p["moves"]):
        _entry(state, move["entry"], f"payload.moves[{i}].entry", stack=True)
        table = move.get("table", p["table"])
        if table not in state.tables:
            raise Invalid(f"payload.moves[{i}].table", f"names table {table}, which is not open")


def _fits_final_table(state: State, p: dict[str, Any]) -> None:
    for i, seat in enumerate(p["seats"]):
        _entry(state, seat["entry"], f"payload.seats[{i}].entry", active=True)


def _fits_finished(state: State, p: dict[str, Any]) -> None:
    if state.status == "finished":
        raise Invalid("type", "the tournament is finished already")
    if p["winner"] is not None:
        _entry(state, p["winner"], "payload.winner", active=True)


def _fits_deal(state: State, p: dict[str, Any]) -> None:
    for entry_id in p["amounts"]:
        _entry(state, entry_id, f"payload.amounts[{entry_id}]", active=True)
    for i, entry_id in enumerate(p.get("order") or []):
        _entry(state, entry_id, f"payload.order[{i}]", active=True)


def _fits_button(state: State, p: dict[str, Any]) -> None:
    if p["table"] not in state.tables:
        raise Invalid("payload.table", f"names table {p['table']}, which is not open")


def _fits_entry(state: State, p: dict[str, Any]) -> None:
    _entry(state, p["entry"], "payload.entry")


def _fits_counted(state: State, p: dict[str, Any]) -> None:
    _entry(state, p["entry"], "payload.entry", active=True)  # a stack in play: its entry is live on this site too
    # the laptop's count is refused beyond every chip in play (CHIPS_ABSURD): so is the site's
    if not 1 <= p["chips"] <= state.chips_in_play:
        raise Invalid("payload.chips", f"counts {p['chips']} chips, but the chips in play are {state.chips_in_play}")


_FITS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "player_registered": _fits_registered,
    "entry_bought": _fits_bought,
    "rebought": _fits_rebought,
    "player_edited": _fits_player,
    "player_unregistered": _fits_player,
    "added_on": _fits_active,
    "busted": _fits_busted,
    "entry_removed": _fits_active,
    "stack_abandoned": _fits_entry,
    "player_clock": _fits_entry,
    "chips_counted": _fits_counted,
    "moved": _fits_moved,
    "table_broken": _fits_moves,
    "table_filled": _fits_moves,
    "final_table_drawn": _fits_final_table,
    "tournament_finished": _fits_finished,
    "deal_made": _fits_deal,
    "button_set": _fits_button,
}


def check_undone(log: Sequence[Event], event: Event) -> None:
    """An undo takes back commands the log holds before it, each once, as the laptop's undo does: never the
    tournament's creation nor an undo, and the events it names from each command are the ones there.
    `log`: every event before `event`, in order from #1."""
    p = event.payload
    taken = undone_commands(log)
    for i, command in enumerate(p["commands"]):
        where = f"payload.commands[{i}]"
        if not 1 <= command <= len(log):
            raise Invalid(where, f"names command #{command}, which this tournament does not hold before this undo")
        first = log[command - 1]
        if first.type in NOT_UNDOABLE:
            raise Invalid(where, f"names event #{command} ({first.type}), which no undo takes back")
        if command in taken:
            raise Invalid(where, f"names command #{command}, which is undone already")
        held = [e.type for e in log[command - 1:command - 1 + len(p["types"])]]
        if p["types"] and held != p["types"]:
            raise Invalid("payload.types", f"names {', '.join(p['types'])} from event #{command}, where this "
                          f"tournament holds {', '.join(held)}")


class Changes:
    """What a batch's events name, noted as each is applied: each entry as it stood before the batch (in play
    or not, its table) and the tables. The checks after the batch look at these alone: a batch costs what it
    holds, whatever the size of the field."""

    def __init__(self, state: State) -> None:
        self.live_before = state.live
        self.entries: dict[str, tuple[bool, int | None]] = {}
        self.tables: set[int] = set()
        self._new: list[str] = []
        self._named_tables: list[tuple[int, Table | None]] = []

    def before(self, state: State, event: Event) -> None:
        """`event` is about to be applied to `state`."""
        self._new.clear()
        self._named_tables.clear()
        if event.type in _CONFIG_EVENTS:  # a config moves nobody, and its texts name no entry
            return
        tables: set[int] = set()
        entries = state.entries
        for name in _names(event.payload, tables):
            if name not in self.entries:
                entry = entries.get(name)
                if entry is None:
                    self._new.append(name)  # an entry this event may make
                else:
                    self.entries[name] = (entry.status == ACTIVE, entry.table)
        self.tables |= tables
        self._named_tables.extend((number, state.tables.get(number)) for number in tables)

    def after(self, state: State) -> None:
        """The event noted last is applied: the entries it made are noted as none before the batch, and
        whoever a table it closed still held (nobody may sit at a table that is closed)."""
        for name in self._new:
            if name in state.entries:
                self.entries.setdefault(name, (False, None))
        for number, table in self._named_tables:
            if table is not None and state.tables.get(number) is not table:
                for entry_id in table.seats.values():
                    entry = state.entries.get(entry_id)
                    if entry is not None:
                        self.entries.setdefault(entry_id, (entry.status == ACTIVE, entry.table))


_CONFIG_EVENTS = frozenset({"tournament_created", "config_changed"})
_TABLE_FIELDS = frozenset({"table", "from_table", "closed"})


def _names(payload: dict[str, Any], tables: set[int]) -> list[str]:
    """The ids a payload names: any text in it, or key of an object in it (the amounts of a deal are by
    entry), that may be an entry's id; the tables it names go into `tables`. (The schema, checked before,
    bounds its depth.)"""
    found: list[str] = []
    nested: list[tuple[str, Any]] = []
    for key, value in payload.items():
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict | list):
            nested.append((key, value))
        elif key in _TABLE_FIELDS and isinstance(value, int):
            tables.add(value)
    while nested:
        key, value = nested.pop()
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            found.extend(value)
            nested.extend(value.items())
        elif isinstance(value, list):
            nested.extend((key, item) for item in value)
        elif key in _TABLE_FIELDS and isinstance(value, int):
            tables.add(value)
    return found


def check_changes(state: State, changes: Changes) -> None:
    """The facts every page relies on, after a batch, where the batch changed anything: `Invalid` names the
    first that does not hold. (What it did not touch held after the batch before.)"""
    tables = set(changes.tables)
    live = changes.live_before
    for entry_id, (was_live, was_at) in changes.entries.items():
        entry = state.entries.get(entry_id)
        live += (entry is not None and entry.status == ACTIVE) - was_live
        if entry is not None and entry.table is not None:
            table = state.tables.get(entry.table)
            holder = table.seats.get(entry.seat) if table is not None and entry.seat is not None else None
            if holder != entry_id:
                where = f"table {entry.table} seat {entry.seat}"
                raise Invalid("state", f"{entry_id} sits at {where}, " + (
                    "which is not open" if table is None else f"where {holder} sits" if holder else "which is empty"))
            tables.add(entry.table)
        if was_at is not None:
            tables.add(was_at)
    _check_tables(state, tables)
    _check_counts(state, live)


def check_state(state: State) -> None:
    """The same facts over the whole state: after an undo, which folds the log again."""
    _check_tables(state, state.tables)
    _check_counts(state, sum(1 for e in state.entries.values() if e.status == ACTIVE))


def _check_tables(state: State, numbers: Iterable[int]) -> None:
    """Each seat of these tables holds an entry that sits there, at no other seat."""
    for number in numbers:
        table = state.tables.get(number)
        for seat, entry_id in table.seats.items() if table is not None else ():
            entry = state.entries.get(entry_id)
            if entry is None:
                raise Invalid("state", f"table {number} seat {seat} holds {entry_id!r}, which is no entry")
            if (entry.table, entry.seat) != (number, seat):
                own = "none" if entry.table is None else f"table {entry.table} seat {entry.seat}"
                raise Invalid("state", f"table {number} seat {seat} holds {entry_id}, whose own seat is {own}")


def _check_counts(state: State, live: int) -> None:
    if live != state.live:
        raise Invalid("state", f"{live} entries are in play but the count says {state.live}")
    if state.chips_in_play < 0:
        raise Invalid("state", f"the chips in play would be {state.chips_in_play}")
