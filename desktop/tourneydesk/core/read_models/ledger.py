"""The cashier's books: every money movement as a line, read off the log.

Each line is an event, so the books can never disagree with the log. Which events move money, and as
what kind of movement, is declared with each event type (`event_types`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..config import PAYMENT_METHODS
from ..protocol.event_types import EVENT_TYPES
from ..protocol.events import Event
from ..protocol.log import undone_commands

# The event types that move money: their declarations give the ledger kind.
MONEY_EVENTS = {name: t.ledger for name, t in EVENT_TYPES.items() if t.ledger is not None}
PAYOUT = "payout"  # money out of the drawer; every other kind is money in, but
SEAT = "seat"  # a satellite's seat: its value paid out of the drawer, to the target event
OUT = (PAYOUT, SEAT)


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
        if kind in OUT:
            price, amount = {"prize": 0, "bounty": 0, "fee": 0}, -p["amount"]
        else:
            price = p["price"]
            amount = price["prize"] + price["bounty"] + price["fee"]
        line = {"seq": event.seq, "command_seq": event.command_seq, "at_ms": event.at_ms, "kind": kind,
                "entry": p["entry"], "amount": amount,
                **price, "method": p["payment"], "station": event.station, "actor": event.actor}
        if p.get("satellite"):  # a buy-in paid with a seat: the satellite that gave it
            line["satellite"] = p["satellite"]["name"]
        lines.append(line)
    return lines


@dataclass(frozen=True)
class MethodTotals:
    """The drawer for one payment method: money taken in, paid out, and how many movements."""

    method: str
    money_in: int
    money_out: int
    count: int


class Books:
    """The ledger kept up to date as the log grows: each `read(new)` takes only the events written since
    the last one; an undo among them strikes out the lines of the commands it names. Reading 40,000 events
    again after every sale would keep the cashier waiting a second; the lines always equal
    `ledger(the whole log)` (a test holds them to it)."""

    def __init__(self) -> None:
        self.seq = 0  # the last event read
        self.lines: list[dict[str, Any]] = []
        # The lines summed by payment method, kept with them: after a buy-in the drawer adds one line.
        self._sums: dict[str, list[int]] = {m: [0, 0, 0] for m in PAYMENT_METHODS}

    def read(self, new: Sequence[Event]) -> bool:
        """Take in the events after `self.seq`; returns whether any money moved."""
        if not new:
            return False
        struck = undone_commands(new)
        moved = False
        if struck:  # the lines already read are looked at only when an undo may strike some out
            kept = [line for line in self.lines if line["command_seq"] not in struck]
            if len(kept) != len(self.lines):
                for line in self.lines:
                    if line["command_seq"] in struck:
                        self._count(line, -1)
                self.lines, moved = kept, True
        lines = ledger(new)  # the undone among the new commands are left out there
        for line in lines:
            self._count(line, 1)
        self.lines.extend(lines)
        self.seq = new[-1].seq
        return moved or bool(lines)

    def _count(self, line: dict[str, Any], sign: int) -> None:
        sums = self._sums.setdefault(line["method"], [0, 0, 0])
        amount = line["amount"]
        sums[0 if amount >= 0 else 1] += sign * abs(amount)
        sums[2] += sign

    def drawer(self) -> tuple[MethodTotals, ...]:
        """Money in and out by payment method: every method of the config, and any other that was used."""
        return tuple(MethodTotals(m, s[0], s[1], s[2]) for m, s in self._sums.items()
                     if m in PAYMENT_METHODS or s[2])


def drawer_of(lines: Iterable[dict[str, Any]]) -> tuple[MethodTotals, ...]:
    """The drawer summed from ledger lines at once (what `Books.drawer` keeps as it goes)."""
    books = Books()
    for line in lines:
        books._count(line, 1)
    return books.drawer()
