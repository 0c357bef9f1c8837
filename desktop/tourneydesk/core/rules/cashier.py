"""The cashier's side of the money: what is owed to an entry now, and paying it out.

Bounty cash is owed at once; a prize once its place is final (no entry can arrive any more, so the
prize pool cannot change). `pay` hands over everything owed now and records it by payment method.
"""

from __future__ import annotations

from typing import Literal, Required, cast

from ..arithmetic import windows
from ..arithmetic.money import check_payment
from ..arithmetic.standings import place_of
from ..protocol import payloads
from ..protocol.commands import Common, Id, Payment, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import State
from .eliminations import prize_of
from .guards import get_entry


def owed_to(state: State, entry_id: str, now_ms: int) -> int:
    entry = state.entries[entry_id]
    owed = entry.bounty_won
    if not windows.registration_open(state, now_ms):
        place = place_of(state, entry_id)
        if place is not None or entry.deal is not None:
            owed += prize_of(state, entry_id, place)
    return max(0, owed - entry.paid)


class PayCommand(Common, total=False):
    """Everything owed to an entry handed over."""

    type: Required[Literal["pay"]]
    entry: Id
    payment: Payment


@command(PayCommand, devices=("td", "cashier"))
def decide_pay(state: State, cmd: PayCommand, ctx: Context) -> Decision:
    entry = get_entry(state, cmd.get("entry"))
    method = check_payment(cmd.get("payment", "cash"))
    owed = owed_to(state, entry.id, ctx.now_ms)
    if owed <= 0:
        raise TourneyError("NOTHING_OWED", f"Nothing is owed to {state.entry_name(entry.id)} now", entry=entry.id)
    d = Decision(result={"amount": owed})
    d.add("paid", payloads.Paid(entry=entry.id, amount=owed, payment=method))
    return d


def apply_paid(state: State, event: Event) -> None:
    p = cast(payloads.Paid, event.payload)
    if "amount" not in p:
        return  # the website's copy of a payment: what was paid out, and how, stays on the laptop
    state.entries[p["entry"]].paid += p["amount"]
    m = state.money
    m.paid_out += p["amount"]
    m.drawer[p["payment"]] = m.drawer.get(p["payment"], 0) - p["amount"]
