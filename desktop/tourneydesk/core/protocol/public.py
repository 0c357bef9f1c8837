"""What of each event may leave the laptop for the club's website (docs/protocol.md: the public fields).

Every event is sent, in order, so the site sees no gap; each keeps only its public fields. Kept:
names, the structure, entries, seats, busts, places, prizes, bounties, deals and the clock. Dropped:
emails, phones, member ids, notes and reasons, payment methods, the house's fee, every payment made
and so the drawer. Each payload field says which it is where it is declared (`payloads`, read through
`payload_fields.shape`), nested objects too (a price's fee); a field not declared at all, and every
field of an unknown event, stays on the laptop.

The site folds these with the same core, so its public snapshot equals the laptop's:
`fold_public(public_events(log))` gives `snapshot.public(...)` the same answer as the desk's state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .. import engine
from ..state import State
from .event_types import EVENT_TYPES
from .events import Event
from .payload_fields import Shape, keep_public, shape

# Event type -> what of its payload is public, and what the site accepts in it, as its fields declare.
SHAPES: dict[str, Shape] = {name: shape(t.payload) for name, t in EVENT_TYPES.items()}
PUBLIC_FIELDS: dict[str, frozenset[str]] = {name: frozenset(s.fields) for name, s in SHAPES.items()}

# The config sections holding a price: the prize and bounty parts build the pool, the fee is the house's.
PRICED_SECTIONS = ("reentry", "rebuy", "add_on")
PRIVATE_CONFIG = ("sync",)
ALL_FEE_TOKEN = 1


def public_event(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The public copy of one event's payload (a new dict; the argument is left untouched)."""
    fields = PUBLIC_FIELDS.get(kind, frozenset())
    out = {key: value for key, value in payload.items() if key in fields}
    for key, sub in _NESTED.get(kind, {}).items():
        if key in out:
            out[key] = keep_public(sub, out[key], public_config)
    return out


def _filtered(s: Shape) -> bool:
    """Whether a public value of shape `s` holds something private, or is a config."""
    if (s.kind is not None and s.kind.check == "config") or s.private:
        return True
    return any(_filtered(sub) for sub, _ in s.fields.values()) or (s.items is not None and _filtered(s.items))


# The public fields whose value is filtered further: an object with private fields of its own, a config.
_NESTED: dict[str, dict[str, Shape]] = {
    name: {f: sub for f, (sub, _) in s.fields.items() if _filtered(sub)} for name, s in SHAPES.items()}



def public_config(config: dict[str, Any]) -> dict[str, Any]:
    """The tournament config without the house's fee and the desk's own settings (where it syncs)."""
    out = {key: value for key, value in config.items() if key not in PRIVATE_CONFIG}
    if isinstance(out.get("buy_in"), dict):
        out["buy_in"] = _config_price(out["buy_in"])
    for section in PRICED_SECTIONS:
        if isinstance(out.get(section), dict) and isinstance(out[section].get("price"), dict):
            out[section] = {**out[section], "price": _config_price(out[section]["price"])}
    return out


def _config_price(price: dict[str, Any]) -> dict[str, Any]:
    # A price that is all fee (an add-on wholly for the house) is the house's too. A config must cost
    # something to be read back, so the site gets a token fee of one minor unit: nothing public reads it.
    if not price.get("prize") and not price.get("bounty"):
        return {"prize": 0, "bounty": 0, "fee": ALL_FEE_TOKEN}
    return {key: value for key, value in price.items() if key != "fee"}


def public_events(events: Iterable[Event]) -> list[Event]:
    """The log as the website receives it."""
    return [Event(e.type, public_event(e.type, e.payload), e.seq, e.command_seq, e.at_ms, e.station,
                  version=e.version) for e in events]


def wire_event(event: Event) -> dict[str, Any]:
    """One event as the sync sends it to the website (POST /api/v1/tournaments/{id}/events)."""
    return {"seq": event.seq, "type": event.type, "at": event.at_ms / 1000, "station": event.station,
            "payload": public_event(event.type, event.payload)}


def with_command_seqs(events: Iterable[Event]) -> list[Event]:
    """Events whose `command_seq` was not sent, given the one undo needs.

    A command's events have consecutive seqs from its command_seq, and an `undone` event names the
    command and the types of its events: that is enough to find every event it takes back.
    """
    events = list(events)
    owner: dict[int, int] = {}
    for e in events:
        if e.type == "undone":
            for command_seq in e.payload.get("commands", []):
                for offset in range(len(e.payload.get("types", [])) or 1):
                    owner[command_seq + offset] = command_seq
    return [e if e.seq not in owner else
            Event(e.type, e.payload, e.seq, owner[e.seq], e.at_ms, e.station, e.actor, e.version) for e in events]


def fold_public(events: Iterable[Event], state: State | None = None) -> State:
    """The state the website holds after these public events (from the start, or after `state`)."""
    return engine.fold(events, state)
