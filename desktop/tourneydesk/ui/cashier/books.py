"""The cashier's figures read off the Desk: the drawer by payment method, what is owed now, the night's report.

Every figure comes from what the Desk serves: its ledger (one line per money movement in the log), its
drawer, its snapshot and what it says of one entry; never from a running total kept by the window, so the
drawer on screen and on paper always equals the books.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core.arithmetic.clock import play_level_number
from ...core.read_models.draws import envelope_draws
from ...desk import Desk
from ..namesakes import labels
from ..printing import MethodLine, NightReport, when
from ..results import deal_lines, standings


def drawer_lines(desk: Desk) -> tuple[MethodLine, ...]:
    """Money in and out by payment method, every method shown (a zero is an answer too), as the desk's
    books sum it (`Desk.drawer`, kept up to date as the log grows)."""
    return tuple(MethodLine(t.method, t.money_in, t.money_out, t.count) for t in desk.drawer())


class Owed(NamedTuple):
    """What the cashier hands one entry now, split as the payout slip shows it. A named tuple, not a
    dataclass: a late entry moves thousands of bounty rows to new places, each a new row, at a third
    of the cost."""

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


def part_place(part: dict[str, Any]) -> str:
    """The place an entry's part of the snapshot shows, as the owed list writes it ("12", "12-13")."""
    return place_text((part["place"], part["place_to"], 0) if part["place"] is not None else None)


def owed_of(desk: Desk, part: dict[str, Any]) -> Owed | None:
    """What the cashier hands an entry now, from its part of the snapshot (which says what
    `core.rules.cashier.owed_to` says) and what the desk says it was paid before; None when nothing is owed."""
    amount = int(part.get("owed") or 0)
    if amount <= 0:
        return None
    facts = desk.entry(part["id"])
    paid_before = facts.paid if facts is not None else 0
    return Owed(part["id"], part["name"], part_place(part), prize=amount + paid_before - part["bounty_won"],
                bounty=part["bounty_won"], paid_before=paid_before, amount=amount)


def owed_order(owed: Owed) -> tuple[int, str]:
    """The best placed first (a prize is the bigger sum), then by name."""
    return (int(owed.place.split("-")[0]) if owed.place else 10**9, owed.name.casefold())


def owed_now(desk: Desk) -> list[Owed]:
    """Every entry the cashier owes money to at this instant, the best placed first."""
    found = (owed_of(desk, part) for part in desk.snapshot()["entries"] if part.get("owed"))
    return sorted((o for o in found if o is not None), key=owed_order)


def night_report(desk: Desk) -> NightReport:
    snap = desk.snapshot()
    ledger = desk.ledger()
    names = labels(snap["players"], snap["entries"])  # two Marc Martins paid: told apart
    counts, money = snap["counts"], snap["money"]
    payouts = tuple((when(line["at_ms"]), names.get(line["entry"], line["entry"]), -line["amount"], line["method"])
                    for line in ledger if line["kind"] == "payout")
    return NightReport(
        tournament=snap["tournament"]["name"], currency=snap["tournament"]["currency"], at_ms=desk.now_ms(),
        players=counts["players"], entries=counts["entries"], reentries=counts["reentries"],
        rebuys=counts["rebuys"], add_ons=counts["add_ons"], methods=drawer_lines(desk),
        prize_parts=money["prize_parts"], bounty_parts=money["bounty_pool"], fees=money["fees"],
        prize_pool=money["prize_pool"], paid_out=money["paid_out"],
        still_owed=sum(o.amount for o in owed_now(desk)), payouts=payouts, points_only=desk.config.points_only,
        bounties=desk.config.is_bounty_event,
        **_the_evening(desk, snap))


def _the_evening(desk: Desk, snap: dict[str, Any]) -> dict[str, Any]:
    """The standings, the deal, when play started and ended and how many levels it ran."""
    levels = desk.config.levels
    index = snap["clock"]["index"]
    while index > 0 and levels[index].is_break:
        index -= 1  # a break counts with the level before it
    deal, play_for = deal_lines(snap)
    return {"standings": tuple(standings(snap)), "deal": tuple(deal), "deal_play_for": play_for,
            "envelopes": tuple(envelope_draws(snap)),
            "started_ms": snap["tournament"]["started_ms"], "ended_ms": snap["tournament"]["finished_ms"],
            "levels_played": (play_level_number(levels, index) or 0) if snap["clock"]["started"] else 0}
