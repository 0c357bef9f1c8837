"""Mystery bounties: the bounty part of every entry goes to one pool, which the TD splits into envelopes
(a few large ones among many); from a point the TD sets, each knockout draws an envelope at random.

The envelopes are fixed from the pool exactly (typed, from a template of shares, or proposed by the
program) once late registration has closed, when the pool can no longer grow. Heads carry no bounty:
a knockout before the point wins nothing; after it, the knockout draws (the desk's recorded random source,
written into the bust, so a replay draws the same), and a knockout shared by several players splits
the envelope as a split pot is split (`bounty.split_equally`). What nobody drew by the finish is paid
per `bounty.mystery_left_over`: to the winner, shared by the final table, or drawn by the last
knockouts (each draws enough that none is left when the last one falls). docs/rules.md: mystery bounties.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Required, cast

from ..arithmetic import bounty, currencies, money, standings, windows
from ..config import Config
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Common, Flag, Money, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import State
from . import planner
from .guards import require_not_finished

Place = tuple[int, int, int]


class EnvelopesCommand(Common, total=False):
    """The envelopes, from the bounty pool exactly: typed (`envelopes`: [{amount, count}]), from a template
    (`shares`: [{share_bp, count}], each envelope's share of the pool in basis points), or `propose`d in
    whole `unit`s (the smallest cash the cashier hands out: by default the prizes' rounding, or one major
    unit of the currency)."""

    type: Required[Literal["envelopes"]]
    envelopes: Annotated[list[Any] | None, kinds.listing(1000)]
    shares: Annotated[list[Any] | None, kinds.listing(1000)]
    propose: Flag
    unit: Money


@command(EnvelopesCommand)
def decide_envelopes(state: State, cmd: EnvelopesCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    if state.config.bounty.kind != "mystery":
        raise TourneyError("NOT_MYSTERY", "This tournament has no mystery bounties")
    if state.config.bounty.mystery_from == "day2" and state.config.day2 is None:
        raise TourneyError("ENVELOPES_ON_DAY2", "This flight's bounty parts go to the Day 2: its envelopes are "
                           "fixed there, from every flight's parts")
    if windows.registration_open(state, ctx.now_ms):
        raise TourneyError("REGISTRATION_OPEN", "The envelopes are fixed once late registration has closed: "
                           "until then the bounty pool may still grow")
    if state.envelope_draws:
        raise TourneyError("ENVELOPES_DRAWN", "Envelopes have been drawn already: they can no longer be changed",
                           drawn=len(state.envelope_draws))
    given = [key for key in ("envelopes", "shares", "propose") if cmd.get(key)]
    if len(given) != 1:
        raise TourneyError("FIELD_INVALID", "Give the envelopes, a template of shares, or propose: one of them",
                           field="envelopes")
    pool = money.mystery_pool(state)
    if given == ["envelopes"]:
        amounts = _typed(cmd.get("envelopes") or [], pool)
    elif given == ["shares"]:
        amounts = from_shares(_template(cmd.get("shares") or []), pool)
    else:
        amounts = _proposed(state, pool, cmd.get("unit"))
    if not amounts or min(amounts) <= 0:
        raise TourneyError("ENVELOPES_EMPTY", f"Every envelope must hold money: the pool of {pool} does not "
                           "fill them all", pool=pool)
    groups = grouped(amounts)
    d = Decision(result={"envelopes": groups, "pool": pool})
    d.add("envelopes_fixed", payloads.EnvelopesFixed(envelopes=groups, pool=pool))
    return d


def _typed(items: list[Any], pool: int) -> list[int]:
    amounts: list[int] = []
    for item in items:
        amount, count = _whole(item, "amount", 1), _whole(item, "count", 1)
        amounts += [amount] * count
    total = sum(amounts)
    if total != pool:
        raise TourneyError("ENVELOPES_NOT_POOL", f"The envelopes hold {total}, the bounty pool is {pool}: they must "
                           "hold it exactly", total=total, pool=pool)
    return amounts


def _template(items: list[Any]) -> list[tuple[int, int]]:
    template = [(_whole(item, "share_bp", 1, 10_000), _whole(item, "count", 1)) for item in items]
    total = sum(share * count for share, count in template)
    if total != 10_000:
        raise TourneyError("SHARES_NOT_WHOLE", f"The shares add up to {total} basis points, not the whole pool "
                           "(10000)", total=total)
    return template


def _whole(item: Any, key: str, low: int, high: int = 100_000_000) -> int:
    value = item.get(key) if isinstance(item, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TourneyError("FIELD_INVALID", f"Each envelope needs its {key}, a whole number from {low}",
                           field=key)
    return value


def from_shares(template: list[tuple[int, int]], pool: int) -> list[int]:
    """Each envelope its share of the pool, rounded down; what the rounding leaves goes into the largest,
    so that the envelopes hold the pool exactly."""
    amounts = [pool * share // 10_000 for share, count in template for _ in range(count)]
    amounts.sort(reverse=True)
    if amounts:
        amounts[0] += pool - sum(amounts)
    return amounts


def _proposed(state: State, pool: int, unit: int | None) -> list[int]:
    """The proposal in the unit the TD gave, or in the house's: the prizes' rounding, else one major unit
    of the currency; where the pool is too small to give every envelope one of those, in minor units."""
    count = knockouts_to_come(state)
    if unit is not None:
        if unit < 1:
            raise TourneyError("FIELD_INVALID", "unit must be a whole amount of minor units, at least 1", field="unit")
        return proposal(pool, count, unit)
    amounts = proposal(pool, count, house_unit(state.config))
    return amounts if min(amounts, default=0) > 0 else proposal(pool, count)


def house_unit(config: Config) -> int:
    """The smallest cash the house hands out: the prizes' rounding, or one major unit of the currency."""
    rounding = config.payouts.rounding
    return rounding if rounding > 1 else 10 ** currencies.minor_digits(config.currency)


def proposal(pool: int, count: int, unit: int = 1) -> list[int]:
    """The program's proposal for `count` envelopes, each a whole number of `unit`s but the largest: a fifth
    of the pool in one envelope (with 8 or more), from 30 on also two of 5 % and four of 2.5 %, the rest in
    envelopes equal to a unit; what is left under a unit goes into the largest, so that they hold the pool
    to the cent."""
    if count >= 30:
        template = [(2000, 1), (500, 2), (250, 4)]
    elif count >= 8:
        template = [(2000, 1)]
    else:
        template = []
    big = [pool * share // 10_000 // unit * unit for share, n in template for _ in range(n)]
    rest = count - len(big)
    amounts = big + [units * unit for units in bounty.split_equally((pool - sum(big)) // unit, rest)]
    amounts.sort(reverse=True)
    amounts[0] += pool - sum(amounts)
    return sorted(amounts, reverse=True)


def knockouts_to_come(state: State) -> int:
    """The knockouts from the point the bounties start: one fewer than the players left there."""
    b = state.config.bounty
    if b.mystery_from == "players" and b.mystery_at is not None:
        left = min(b.mystery_at, state.live)
    elif b.mystery_from == "money":
        left = min(planner.places_paid(state), state.live)
    else:
        left = state.live
    return max(1, left - 1)


def grouped(amounts: list[int]) -> list[payloads.Envelopes]:
    counts: dict[int, int] = {}
    for amount in amounts:
        counts[amount] = counts.get(amount, 0) + 1
    return [payloads.Envelopes(amount=amount, count=counts[amount]) for amount in sorted(counts, reverse=True)]


def apply_envelopes_fixed(state: State, event: Event) -> None:
    p = cast(payloads.EnvelopesFixed, event.payload)
    state.envelopes = tuple((group["amount"], group["count"]) for group in p["envelopes"])


# -- the draws ------------------------------------------------------------------------------------
def bounties_on(state: State, now_ms: int) -> bool:
    """Whether a knockout now draws an envelope: from the point the TD set, once late registration has
    closed (before, the pool and the envelopes are not final)."""
    b = state.config.bounty
    if b.kind != "mystery" or windows.registration_open(state, now_ms):
        return False
    if b.mystery_from == "money":
        return state.live <= planner.places_paid(state)
    if b.mystery_from == "players":
        return state.live <= (b.mystery_at or 0)
    if b.mystery_from == "day2":  # a flight's knockouts win nothing: the envelopes are the Day 2's
        return state.config.day2 is not None
    return windows.current_play_level(state, windows.clock_at(state, now_ms)) >= (b.mystery_at or 1)


class Draws:
    """The envelopes left as one command's knockouts draw them, one after another."""

    def __init__(self, state: State) -> None:
        if state.envelopes is None:
            raise TourneyError("ENVELOPES_NOT_FIXED", "The mystery bounties have started: fix the envelopes first "
                               "(Mystery envelopes...), then record the knockout")
        self.left = [amount for amount, count in state.envelopes for _ in range(count)]
        self.last_knockouts = state.config.bounty.mystery_left_over == "last_knockouts"

    def draw(self, ctx: Context, knockouts_left: int) -> list[int]:
        """The envelopes one knockout draws, `knockouts_left` counting it: one, or where the last knockouts
        draw what is left, enough that none is left after the last."""
        many = -(-len(self.left) // max(1, knockouts_left)) if self.last_knockouts else 1
        return [self.left.pop(ctx.randbelow(len(self.left))) for _ in range(min(many, len(self.left)))]


def awards(amount: int, by: list[str]) -> list[payloads.Award]:
    """The envelope's money to the players who won the pot, split as a split pot is (the odd units to the
    first of them)."""
    return [{"to": to, "cash": cash, "to_head": 0} for to, cash in zip(by, bounty.split_equally(amount, len(by)),
                                                                        strict=True)]


def take(state: State, busted: str | None, drawn: list[int], shares: list[tuple[str, int]]) -> None:
    """The envelopes drawn leave those left; the draw is kept for the books (the cash is paid with the
    bust's awards, or by `apply_envelopes_left_paid`)."""
    left = dict(state.envelopes or ())
    for amount in drawn:
        left[amount] -= 1
    state.envelopes = tuple((amount, count) for amount, count in left.items() if count)
    state.envelope_draws = (*state.envelope_draws, (busted, tuple(drawn), tuple(shares)))


def take_drawn(state: State, p: payloads.Busted) -> None:
    drawn = p.get("envelopes")
    if drawn:
        take(state, p["entry"], drawn, [(a["to"], a["cash"]) for a in p["awards"]])


# -- the finish, and a deal ----------------------------------------------------------------------
def envelopes_in_hand(state: State) -> list[int]:
    return [amount for amount, count in state.envelopes or () for _ in range(count)]


def pay_left_over(state: State, d: Decision, winner: str, left: list[int] | None,
                  places: dict[str, Place]) -> None:
    """At the finish, the envelopes nobody drew: to the winner, or shared equally by the final table (the
    players of its places, `places` those this command gives; the odd units to the best places)."""
    if state.config.bounty.kind != "mystery":
        return
    amounts = left if left is not None else envelopes_in_hand(state)
    takers = [winner]
    if state.config.bounty.mystery_left_over == "final_table":
        takers += _final_table(state, places)
    _pay(d, amounts, takers, at_deal=False)


def _final_table(state: State, places: dict[str, Place]) -> list[str]:
    size = state.config.seating.final_table_size
    placed = {**standings.all_places(state), **places}
    return sorted((e for e, place in placed.items() if place[0] <= size), key=lambda e: placed[e][0])


def _pay(d: Decision, amounts: list[int], takers: list[str], *, at_deal: bool) -> None:
    if not amounts:
        return
    shares = [payloads.EnvelopeShare(to=to, cash=cash)
              for to, cash in zip(takers, bounty.split_equally(sum(amounts), len(takers)), strict=True)]
    paid = payloads.EnvelopesLeftPaid(envelopes=sorted(amounts, reverse=True), shares=shares)
    if at_deal:
        paid["at_deal"] = True
    d.add("envelopes_left_paid", paid)
    d.result["envelopes_left_paid"] = [dict(share) for share in shares]


DEAL_CHOICES = ("drawn_on", "in_deal", "house_rule")


def deal_choice(state: State, given: str | None, end: bool) -> str:
    """How a deal leaves the envelopes nobody has drawn yet: `drawn_on` (the knockouts after it draw them,
    and the finish pays what is left as the house says), `in_deal` (shared equally now by the players in
    the deal) or `house_rule` (paid now as the house says: a deal that ends the tournament, where nobody is
    left to draw). Without a word: drawn on, or by the house's rule when the deal ends it."""
    choice = given or ("house_rule" if end else "drawn_on")
    if choice not in DEAL_CHOICES:
        raise TourneyError("FIELD_INVALID", "envelopes_left must be drawn_on, in_deal or house_rule",
                           field="envelopes_left")
    if end and choice == "drawn_on":
        raise TourneyError("ENVELOPES_NOBODY_TO_DRAW", "The deal ends the tournament: no knockout is left to "
                           "draw the envelopes, so they are shared in the deal or as the house says",
                           field="envelopes_left")
    if not end and choice == "house_rule":
        raise TourneyError("ENVELOPES_HOUSE_RULE_AT_FINISH", "The house's rule for the envelopes left is "
                           "applied at the finish: while play goes on they are drawn on, or shared in the deal",
                           field="envelopes_left")
    if choice != "drawn_on" and state.envelopes is None and money.mystery_pool(state):
        raise TourneyError("ENVELOPES_NOT_FIXED", "Fix the envelopes first (Mystery envelopes...): the deal "
                           "shares what they hold")
    return choice


def share_at_deal(state: State, d: Decision, given: str | None, end: bool, order: list[str] | None,
                  amounts: dict[str, int]) -> None:
    """The envelopes left at a deal (`deal_choice`); the deal's answer says how they go, and the shares.
    In the deal the odd units go to the biggest deal first; by the house's rule to the best places first,
    the places the deal gives; the last knockouts' envelopes go to the deal's players, who stand in
    for the knockouts that will not come."""
    if state.config.bounty.kind != "mystery":
        if given is not None:
            raise TourneyError("NOT_MYSTERY", "This tournament has no mystery bounties", field="envelopes_left")
        return
    choice = deal_choice(state, given, end)
    left = envelopes_in_hand(state)
    d.result["envelopes_left"] = {"how": choice, "count": len(left), "total": sum(left),
                                  "rule": state.config.bounty.mystery_left_over}
    if choice == "drawn_on":
        return
    players = order if order is not None else sorted(amounts, key=lambda e: (-amounts[e], e))
    takers = players
    if choice == "house_rule" and state.config.bounty.mystery_left_over == "winner":
        takers = players[:1]
    elif choice == "house_rule" and state.config.bounty.mystery_left_over == "final_table":
        takers = _final_table(state, {e: (i, i, 0) for i, e in enumerate(players, start=1)})
    _pay(d, left, takers, at_deal=True)


def apply_envelopes_left_paid(state: State, event: Event) -> None:
    p = cast(payloads.EnvelopesLeftPaid, event.payload)
    for share in p["shares"]:
        state.entries[share["to"]].bounty_won += share["cash"]
    take(state, None, p["envelopes"], [(s["to"], s["cash"]) for s in p["shares"]])
