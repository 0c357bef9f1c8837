"""What the site accepts from a venue: every field of every public event checked before anything folds.

The laptop's core trusts its own events; the site cannot: a venue's laptop may run another version,
or a client may not be a laptop at all. So each event passes three gates, and the first that fails
refuses the whole batch with 422 before anything is stored:

1. its shape: the event type's public fields only, each of its type and within sane bounds (no float
   anywhere in a payload: money is minor units and chips are counted, both whole numbers);
2. whether it fits the tournament as the site holds it (`check_fits`): the entries, players and
   tables it names exist and are in the state it needs (no bust by an eliminator who is out);
3. the state after the batch (`check_state`): every seat holds one player in play, no chips below 0.

A field the laptop keeps private may arrive from an older laptop: it is dropped, never stored
(`tourneydesk.core.protocol.public` decides which). A field no version ever wrote is refused.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tourneydesk.core.protocol.events import Event
from tourneydesk.core.protocol.public import PUBLIC_FIELDS, public_event
from tourneydesk.core.state import ACTIVE, State

# Bounds far above any real tournament, far below what would cost the site memory or time.
MAX_INT = 2**53  # JSON numbers beyond this do not survive a round trip through a browser
MAX_DEPTH = 12
MAX_TEXT = 200
MAX_LONG_TEXT = 256 * 1024  # the payout table shipped in a tournament_created
MAX_LIST = 20_000
MAX_SEAT = 20
MAX_TABLE = 10_000
ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")

# Fields some laptop versions wrote and the site never keeps: dropped on arrival (core/protocol/public.py).
PRIVATE_FIELDS: dict[str, frozenset[str]] = {
    "player_registered": frozenset({"email", "phone", "member_id"}),
    "player_edited": frozenset({"email", "phone", "member_id", "was"}),
    "player_unregistered": frozenset({"name"}),
    "entry_bought": frozenset({"payment"}),
    "rebought": frozenset({"payment"}),
    "added_on": frozenset({"payment"}),
    "entry_removed": frozenset({"reason"}),
    "chips_removed": frozenset({"reason"}),
    "penalty_given": frozenset({"entry", "penalty"}),
    "paid": frozenset({"entry", "amount", "payment"}),
}


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
    if not isinstance(value, str) or not ID.match(value):
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
    """An object with these fields: `required` must be there, the others may be; nothing else may."""

    required: Mapping[str, Check]
    optional: Mapping[str, Check]

    def __call__(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise Invalid(where, "must be an object")
        for name in value:
            if name not in self.required and name not in self.optional:
                raise Invalid(f"{where}.{name}", "is not a field this site knows")
        for name, check in self.required.items():
            if name not in value:
                raise Invalid(f"{where}.{name}", "is missing")
            check(value[name], f"{where}.{name}")
        for name, check in self.optional.items():
            if name in value:
                check(value[name], f"{where}.{name}")


def _object(required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> _Object:
    return _Object(required, optional or {})


def _config(value: Any, where: str) -> None:
    # Its fields are checked by the core's own config reader when the event folds (a ConfigError is a 422);
    # here only that it is an object (the generic walk has bounded its size and refused its floats).
    if not isinstance(value, dict):
        raise Invalid(where, "must be an object")


MONEY = _int()
CHIPS = _int()
TABLE = _int(1, MAX_TABLE)
SEAT = _int(1, MAX_SEAT)
COUNT = _int(0, 10_000_000)
PRICE = _object({"prize": MONEY, "bounty": MONEY})
MOVE = _object({"entry": _id, "seat": SEAT},
               {"table": TABLE, "from_table": _optional(TABLE), "from_seat": _optional(SEAT),
                "waits": _optional(_text(40))})
AWARD = _object({"to": _id, "cash": MONEY, "to_head": MONEY})

# Event type -> its public payload (every field the public copy can hold: see core/protocol/public.py).
SCHEMAS: dict[str, _Object] = {
    "tournament_created": _object({"tournament_id": _text(64), "config": _config},
                                  {"payout_table_text": _optional(_text(MAX_LONG_TEXT)),
                                   "app_version": _optional(_text(40))}),
    "player_registered": _object({"player": _id, "name": _text()}, {"nickname": _optional(_text())}),
    "table_opened": _object({"table": TABLE}),
    "stack_abandoned": _object({"entry": _id, "stays": _bool, "chips": CHIPS}, {"table": _optional(TABLE)}),
    "entry_bought": _object({"entry": _id, "player": _id, "number": _int(1, 100_000), "price": PRICE,
                             "chips": CHIPS},
                            {"reentry": _bool, "bonus": CHIPS, "table": _optional(TABLE), "seat": _optional(SEAT),
                             "previous": _optional(_id)}),
    "player_edited": _object({"player": _id}, {"name": _text(), "nickname": _optional(_text())}),
    "player_unregistered": _object({"player": _id}),
    "rebought": _object({"entry": _id, "price": PRICE, "chips": CHIPS},
                        {"back": _bool, "table": TABLE, "seat": SEAT}),
    "added_on": _object({"entry": _id, "price": PRICE, "chips": CHIPS}),
    "busted": _object({"entry": _id, "by": _list(_id, 100)},
                      {"stack_at_hand_start": _optional(CHIPS), "hand": _optional(COUNT), "join": _bool,
                       "placed": _bool, "table": _optional(TABLE), "seat": _optional(SEAT),
                       "awards": _list(AWARD, 100)}),
    "tournament_finished": _object({"winner": _optional(_id)}),
    "entry_removed": _object({"entry": _id, "kind": _one_of("disqualified", "removed"), "chips": CHIPS}),
    "deal_made": _object({"method": _one_of("icm", "chip_chop", "custom"), "amounts": _map(_id, MONEY, 100),
                          "end": _bool},
                         {"inputs": _map(_id, _int(), 100), "play_for": MONEY, "order": _optional(_list(_id, 100))}),
    "moved": _object({"entry": _id, "table": TABLE, "seat": SEAT},
                     {"from_table": _optional(TABLE), "from_seat": _optional(SEAT), "waits": _optional(_text(40)),
                      "reason": _optional(_text(40))}),
    "button_set": _object({"table": TABLE, "seat": SEAT}),
    "table_broken": _object({"table": TABLE, "moves": _list(MOVE, 100)}),
    "table_filled": _object({"table": TABLE, "moves": _list(MOVE, 100)}),
    "final_table_drawn": _object({"table": TABLE, "seats": _list(_object({"entry": _id, "seat": SEAT}), MAX_SEAT)},
                                 {"button": _optional(SEAT), "closed": _list(TABLE, MAX_TABLE)}),
    "clock_set": _object({"action": _text(20), "index": _int(0, 10_000), "elapsed_ms": _int(0, 10**12),
                          "running": _bool}, {"overtime": _bool}),
    "hand_for_hand": _object({"on": _bool}, {"hand": _optional(COUNT), "until_money": _bool}),
    "penalty_given": _object({}),
    "player_clock": _object({"entry": _id}, {"until_ms": _optional(_int(0, 10**14))}),
    "chips_counted": _object({"entry": _id, "chips": CHIPS}),
    "announced": _object({"text": _text(200)}, {"until_ms": _optional(_int(0, 10**14))}),
    "chips_removed": _object({"amount": CHIPS}),
    "config_changed": _object({"what": _text(20), "config": _config}),
    "payouts_edited": _object({"places": _list(_int(0, 10_000), 10_000)}),
    "paid": _object({}),
    "undone": _object({"commands": _list(_int(1), 10_000), "types": _list(_text(40), 10_000)}),
}


def check_payload(kind: str, payload: Any) -> dict[str, Any]:
    """The public payload of one event of type `kind`, checked; `Invalid` says which field fails.

    Private fields some laptop sent are dropped first (never stored); anything left must fit the schema.
    """
    schema = SCHEMAS.get(kind)
    if schema is None:
        raise Invalid("type", f"{kind!r} is not an event this site knows")
    if not isinstance(payload, dict):
        raise Invalid("payload", "must be an object")
    _walk(payload, "payload", 0)
    known = PUBLIC_FIELDS.get(kind, frozenset()) | PRIVATE_FIELDS.get(kind, frozenset())
    for name in payload:
        if name not in known:
            raise Invalid(f"payload.{name}", "is not a field this site knows")
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


def public_fields_match() -> set[str]:
    """The event types whose schema and public fields disagree (a test keeps this empty)."""
    return {kind for kind in set(SCHEMAS) | set(PUBLIC_FIELDS)
            if kind not in SCHEMAS or kind not in PUBLIC_FIELDS
            or set(SCHEMAS[kind].required) | set(SCHEMAS[kind].optional) != PUBLIC_FIELDS[kind]}


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


def _entry(state: State, entry_id: Any, where: str, *, active: bool = False) -> None:
    entry = state.entries.get(entry_id)
    if entry is None:
        raise Invalid(where, f"names entry {entry_id!r}, which this tournament does not have")
    if active and entry.status != ACTIVE:
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
    _entry(state, p["entry"], "payload.entry", active=True)
    for i, by in enumerate(p["by"]):
        if by == p["entry"]:
            raise Invalid(f"payload.by[{i}]", "names the busted entry itself")
        _entry(state, by, f"payload.by[{i}]", active=True)
    for i, award in enumerate(p.get("awards", [])):
        _entry(state, award["to"], f"payload.awards[{i}].to")


def _fits_moved(state: State, p: dict[str, Any]) -> None:
    _entry(state, p["entry"], "payload.entry", active=True)
    _free_seat(state, p["table"], p["seat"], p["entry"], "payload.seat")


def _fits_moves(state: State, p: dict[str, Any]) -> None:
    for i, move in enumerate(p["moves"]):
        _entry(state, move["entry"], f"payload.moves[{i}].entry", active=True)
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
    "chips_counted": _fits_active,  # a stack in play: its entry is live on this site too
    "moved": _fits_moved,
    "table_broken": _fits_moves,
    "table_filled": _fits_moves,
    "final_table_drawn": _fits_final_table,
    "tournament_finished": _fits_finished,
    "deal_made": _fits_deal,
    "button_set": _fits_button,
}


def check_state(state: State) -> None:
    """The facts every page relies on, after a batch: `Invalid` names the first that does not hold."""
    seated: dict[str, tuple[int, int]] = {}
    for number, table in state.tables.items():
        for seat, entry_id in table.seats.items():
            entry = state.entries.get(entry_id)
            if entry is None:
                raise Invalid("state", f"table {number} seat {seat} holds {entry_id!r}, which is no entry")
            if entry_id in seated:
                raise Invalid("state", f"{entry_id} sits at two seats")
            seated[entry_id] = (number, seat)
    live = sum(1 for e in state.entries.values() if e.status == ACTIVE)
    if live != state.live:
        raise Invalid("state", f"{live} entries are in play but the count says {state.live}")
    if state.chips_in_play < 0:
        raise Invalid("state", f"the chips in play would be {state.chips_in_play}")
