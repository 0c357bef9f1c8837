"""The cashier's figures read off the Desk: the drawer by payment method, what is owed now, the night's report.

Every figure comes from the ledger (one line per money movement in the log) or the folded state, never
from a running total kept by the window, so the drawer on screen and on paper always equals the books.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.clock import play_level_number
from ...core.config import PAYMENT_METHODS
from ...core.ledger import ledger as ledger_lines
from ...core.state import State
from ...core.undo import undone_commands
from ...desk import Desk
from ..printing import MethodLine, NightReport, when
from ..results import deal_lines, standings


def drawer_lines(ledger: list[dict[str, Any]]) -> tuple[MethodLine, ...]:
    """Money in and out by payment method, every method shown (a zero is an answer too)."""
    money_in = dict.fromkeys(PAYMENT_METHODS, 0)
    money_out = dict.fromkeys(PAYMENT_METHODS, 0)
    count = dict.fromkeys(PAYMENT_METHODS, 0)
    for line in ledger:
        method = line["method"]
        for table in (money_in, money_out, count):
            table.setdefault(method, 0)
        if line["amount"] >= 0:
            money_in[method] += line["amount"]
        else:
            money_out[method] -= line["amount"]
        count[method] += 1
    return tuple(MethodLine(m, money_in[m], money_out[m], count[m]) for m in money_in)


class Ledger:
    """The desk's ledger, read incrementally: a refresh after each command reads only the new events;
    an undo strikes out the lines of the commands it names (reading 40,000 events again would keep
    the cashier waiting a second)."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.seq = 0
        self.lines: list[dict[str, Any]] = []
        # The lines summed by payment method, kept with them: the drawer after each buy-in adds one line,
        # not 10,000 (`drawer_lines(self.lines)` gives the same, and a test holds them to it).
        self._sums: dict[str, list[int]] = {m: [0, 0, 0] for m in PAYMENT_METHODS}

    def read(self) -> bool:
        """Catch up with the log; returns whether any money moved since the last read."""
        new = self.desk.events(self.seq)
        if not new:
            return False
        struck = undone_commands(new)
        kept = [line for line in self.lines if line["command_seq"] not in struck]
        if len(kept) != len(self.lines):
            for line in self.lines:
                if line["command_seq"] in struck:
                    self._count(line, -1)
        lines = ledger_lines(new)  # the undone among the new commands are left out there
        for line in lines:
            self._count(line, 1)
        moved = len(kept) != len(self.lines) or bool(lines)
        self.lines = kept + lines
        self.seq = new[-1].seq
        return moved

    def _count(self, line: dict[str, Any], sign: int) -> None:
        sums = self._sums.setdefault(line["method"], [0, 0, 0])
        amount = line["amount"]
        sums[0 if amount >= 0 else 1] += sign * abs(amount)
        sums[2] += sign

    def methods(self) -> tuple[MethodLine, ...]:
        """Money in and out by payment method, as `drawer_lines(self.lines)` gives it."""
        return tuple(MethodLine(m, s[0], s[1], s[2]) for m, s in self._sums.items()
                     if m in PAYMENT_METHODS or s[2])


@dataclass(frozen=True)
class Owed:
    """What the cashier hands one entry now, split as the payout slip shows it."""

    entry: str
    name: str
    place: str
    prize: int
    bounty: int
    paid_before: int
    amount: int


def place_text(place: tuple[int, int, int] | None) -> str:
    if place is None:
        return ""
    first, last = place[0], place[1]
    return str(first) if first == last else f"{first}-{last}"


def owed_of(state: State, part: dict[str, Any]) -> Owed | None:
    """What the cashier hands an entry now, from its part of the snapshot (which says what
    `core.cashier.owed_to` says); None when nothing is owed."""
    amount = int(part.get("owed") or 0)
    if amount <= 0:
        return None
    paid_before = state.entries[part["id"]].paid
    place = (part["place"], part["place_to"], 0) if part["place"] is not None else None
    return Owed(part["id"], part["name"], place_text(place), prize=amount + paid_before - part["bounty_won"],
                bounty=part["bounty_won"], paid_before=paid_before, amount=amount)


def owed_order(owed: Owed) -> tuple[int, str]:
    """The best placed first (a prize is the bigger sum), then by name."""
    return (int(owed.place.split("-")[0]) if owed.place else 10**9, owed.name.casefold())


def owed_now(desk: Desk) -> list[Owed]:
    """Every entry the cashier owes money to at this instant, the best placed first."""
    state = desk.state
    found = (owed_of(state, part) for part in desk.snapshot()["entries"] if part.get("owed"))
    return sorted((o for o in found if o is not None), key=owed_order)


def night_report(desk: Desk) -> NightReport:
    snap = desk.snapshot()
    ledger = desk.ledger()
    names = {e["id"]: e["name"] for e in snap["entries"]}
    counts, money = snap["counts"], snap["money"]
    payouts = tuple((when(line["at_ms"]), names.get(line["entry"], line["entry"]), -line["amount"], line["method"])
                    for line in ledger if line["kind"] == "payout")
    return NightReport(
        tournament=snap["tournament"]["name"], currency=snap["tournament"]["currency"], at_ms=desk.now_ms(),
        players=counts["players"], entries=counts["entries"], reentries=counts["reentries"],
        rebuys=counts["rebuys"], add_ons=counts["add_ons"], methods=drawer_lines(ledger),
        prize_parts=money["prize_parts"], bounty_parts=money["bounty_pool"], fees=money["fees"],
        prize_pool=money["prize_pool"], paid_out=money["paid_out"],
        still_owed=sum(o.amount for o in owed_now(desk)), payouts=payouts,
        **_the_evening(desk, snap))


def _the_evening(desk: Desk, snap: dict[str, Any]) -> dict[str, Any]:
    """The standings, the deal, when play started and ended and how many levels it ran."""
    state = desk.state
    levels = state.config.levels
    index = snap["clock"]["index"]
    while index > 0 and levels[index].is_break:
        index -= 1  # a break counts with the level before it
    deal, play_for = deal_lines(snap)
    return {"standings": tuple(standings(snap)), "deal": tuple(deal), "deal_play_for": play_for,
            "started_ms": state.started_ms, "ended_ms": state.finished_ms,
            "levels_played": (play_level_number(levels, index) or 0) if state.clock.started else 0}
