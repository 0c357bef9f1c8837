"""The cashier's books: every money movement as a line, read off the log.

Each line is an event, so the books can never disagree with the log. Which events move money, and as
what kind of movement, is declared with each event type (`event_types`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .event_types import EVENT_TYPES
from .events import Event
from .log import undone_commands

# The event types that move money: their declarations give the ledger kind.
MONEY_EVENTS = {name: t.ledger for name, t in EVENT_TYPES.items() if t.ledger is not None}
PAYOUT = "payout"  # money out of the drawer; every other kind is money in


def ledger(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Every money movement as a ledger line (who, what, amount, method, station, time)."""
    events = list(events)
    undone = undone_commands(events)
    lines = []
    for event in events:
        kind_of = MONEY_EVENTS.get(event.type)
        if kind_of is None or event.command_seq in undone:
            continue
        p = event.payload
        kind = kind_of(p)
        if kind == PAYOUT:
            price, amount = {"prize": 0, "bounty": 0, "fee": 0}, -p["amount"]
        else:
            price = p["price"]
            amount = price["prize"] + price["bounty"] + price["fee"]
        lines.append({"seq": event.seq, "command_seq": event.command_seq, "at_ms": event.at_ms, "kind": kind,
                      "entry": p["entry"], "amount": amount,
                      **price, "method": p["payment"], "station": event.station, "actor": event.actor})
    return lines
