"""Money: money in (split three ways), the drawer, the ledger, the prize pool and the payouts.

All amounts are integer minor units (cents). Collected = prize parts + fees + bounty parts; the
prize pool = prize parts + added money + overlay, where a guarantee tops the pool up (the overlay is
paid by the house and shown apart). The drawer is money in minus money out, by payment method; the
ledger of every movement is read off the log (`ledger`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..config import NO_PAYMENT, PAYMENT_METHODS, Price
from ..protocol.errors import TourneyError
from ..state import State
from . import satellite
from .payouts import PayoutTable, payout_amounts, places_bp, split_tie


def check_payment(method: Any) -> str:
    if method not in PAYMENT_METHODS:
        raise TourneyError(
            "PAYMENT_INVALID",
            f"Payment must be one of {', '.join(PAYMENT_METHODS)}, not {method!r}",
            payment=method,
            allowed=list(PAYMENT_METHODS),
        )
    return str(method)


def payment_of(state: State, cmd: Mapping[str, Any]) -> str:
    """The payment method a sale is written with; a points-only event takes no money, so none is given."""
    if not state.config.points_only:
        return check_payment(cmd.get("payment"))
    if cmd.get("payment") is not None:
        raise TourneyError("NO_MONEY", "This is a points-only event: no money changes hands, leave the payment out",
                           field="payment")
    return NO_PAYMENT


def take_payment(state: State, price: Price, method: str | None) -> None:
    """A buy-in, re-entry, rebuy or add-on: money in, split three ways.

    The website folds public events, which carry no payment method (`method` None): no drawer there.
    """
    m = state.money
    m.collected += price.total
    m.prize_parts += price.prize
    m.fees += price.fee
    m.bounty_parts += price.bounty
    if method is not None and method != NO_PAYMENT:  # a points-only event has no drawer
        m.drawer[method] = m.drawer.get(method, 0) + price.total


def overlay(state: State) -> int:
    """What the house adds for its guarantee: a Day 2's covers the whole event, Day 1's payments too."""
    p = state.config.payouts
    return max(0, p.guarantee - state.money.prize_parts - state.formats.combined_pool - p.added)


def carried_pool(state: State) -> int:
    """What a Day 2 brings from its flights: their prize parts, less what they paid on Day 1."""
    return state.formats.combined_pool - state.formats.paid_day1


def mystery_pool(state: State) -> int:
    """What mystery envelopes share: the bounty parts bought here, and a Day 2's, every flight's."""
    return state.money.bounty_parts + sum(int(f.get("bounty_parts", 0)) for f in state.formats.flights)


def prize_pool(state: State) -> int:
    return state.money.prize_parts + carried_pool(state) + state.config.payouts.added + overlay(state)


def event_entries(state: State) -> int:
    """The entries the payout table is read for: a Day 2's are every entry of every flight."""
    return state.formats.event_entries if state.formats.flights else state.entry_count


def no_places(state: State) -> bool:
    """A flight that does not pay on Day 1 gives its busts no place (docs/flights-and-satellites.md)."""
    flight = state.config.flight
    return flight is not None and not flight.day1_pays


def paid_places(state: State) -> int:
    """How many places are paid (a satellite's seats among them)."""
    if state.config.satellite is not None:
        return len(payouts(state))
    return len(paid_places_bp(state))


def ranked_players(state: State) -> int:
    """Places run from the number of players, less the disqualified and removed, down to 1."""
    return state.players_entered - state.players_out_unranked


def paid_places_bp(state: State) -> tuple[int, ...]:
    # Asked once per placed entry in a snapshot: the answer is kept while what it comes from is the
    # very same (hashing a 1,500-place table for a cache lookup costs more than this whole function).
    if no_places(state):
        return ()
    if state.config.satellite is not None:
        pool = prize_pool(state)
        return tuple(amount * 10_000 // pool for amount in payouts(state)) if pool else ()
    sources = (state.custom_places, state.config.payouts.places, state.payout_table, event_entries(state),
               ranked_players(state), bool(state.formats.flights))
    kept = state.memo.get("paid_places")
    if kept is not None and all(a is b or a == b for a, b in zip(kept[0], sources, strict=True)):
        places: tuple[int, ...] = kept[1]
        return places
    if state.custom_places is not None:
        bps = state.custom_places
    elif state.config.payouts.places is not None:
        bps = state.config.payouts.places
    elif state.payout_table is not None:
        bps = _table_places(state.payout_table, max(event_entries(state), 1))
    else:
        bps = (10_000,)
    fitted = _fitted(state, bps)
    state.memo["paid_places"] = (sources, fitted)
    return fitted


@lru_cache(maxsize=64)
def _table_places(table: PayoutTable, entries: int) -> tuple[int, ...]:
    return tuple(places_bp(table, entries))


@lru_cache(maxsize=256)
def _fit_to_players(bps: tuple[int, ...], players: int) -> tuple[int, ...]:
    """Fewer people than paid places (many re-entries): the unclaimable share goes to first place,
    which keeps the amounts non-increasing and the sum equal to the pool."""
    if players <= 0 or len(bps) <= players:
        return bps
    kept = list(bps[:players])
    kept[0] += sum(bps[players:])
    return tuple(kept)


def _fitted(state: State, bps: tuple[int, ...]) -> tuple[int, ...]:
    """The shares fitted to the players who can take them."""
    return (_scaled_to_players if state.formats.flights else _fit_to_players)(bps, ranked_players(state))


@lru_cache(maxsize=256)
def _scaled_to_players(bps: tuple[int, ...], players: int) -> tuple[int, ...]:
    """A Day 2 whose money began on Day 1 (more places paid than players): its places' shares are scaled up
    to the whole pool it pays, in proportion, so that it pays every cent of it; the odd basis points go to
    first place, which keeps the shares non-increasing."""
    if players <= 0 or len(bps) <= players:
        return bps
    kept = bps[:players]
    total = sum(kept)
    scaled = [bp * 10_000 // total for bp in kept]
    scaled[0] += 10_000 - sum(scaled)
    return tuple(scaled)


def payouts(state: State) -> tuple[int, ...]:
    """The amount of each paid place, first place first, summing to the prize pool exactly."""
    if state.config.satellite is not None:
        return satellite.amounts(prize_pool(state), state.config.satellite)
    if no_places(state) or state.config.points_only:  # points only: places without prizes
        return ()
    return _amounts(prize_pool(state), paid_places_bp(state), state.config.payouts.rounding)


def payouts_with(state: State, places_bp: tuple[int, ...]) -> tuple[int, ...]:
    """What each place would pay with these shares (an `edit_payouts` the TD is still typing): fitted
    to the players as the desk fits its own, so the figures shown are the figures paid."""
    return _amounts(prize_pool(state), _fitted(state, places_bp), state.config.payouts.rounding)


@dataclass(frozen=True)
class PrizeStructure:
    """The prizes as the desk pays them (or would, with other shares): what the prize-structure dialog
    shows while the TD types, read without the live state."""
    places_bp: tuple[int, ...]  # each paid place's share of the pool, first place first, fitted to the players
    amounts: tuple[int, ...]  # what each of those places pays
    ranked_players: int  # the places run from this number down to 1
    rounding: int  # prizes are paid in multiples of this (minor units); first place takes what is left


def prize_structure(state: State, places_bp: tuple[int, ...] | None = None) -> PrizeStructure:
    """The prize structure now, or with `places_bp` in place of the paid places' shares (a satellite's are
    its seats and leftover, which no shares change)."""
    if state.config.satellite is not None:
        return PrizeStructure(places_bp=paid_places_bp(state), amounts=payouts(state),
                              ranked_players=ranked_players(state), rounding=1)
    fitted = paid_places_bp(state) if places_bp is None else _fitted(state, places_bp)
    rounding = state.config.payouts.rounding
    return PrizeStructure(places_bp=fitted, amounts=_amounts(prize_pool(state), fitted, rounding),
                          ranked_players=ranked_players(state), rounding=rounding)


@lru_cache(maxsize=64)
def _amounts(pool: int, bps: tuple[int, ...], rounding: int) -> tuple[int, ...]:
    return tuple(payout_amounts(pool, list(bps), rounding))


def prize_for_places(state: State, place: int, place_to: int, index_in_tie: int) -> int:
    """The prize of one of the people sharing places `place`..`place_to` (UPPS 7.2: split equally)."""
    bps = paid_places_bp(state)
    if place > len(bps):
        return 0
    if place == 1 or state.config.satellite is not None:
        amounts = payouts(state)
        shared = [amounts[p - 1] if p <= len(amounts) else 0 for p in range(place, place_to + 1)]
    else:
        # Below first place an amount depends on its own share alone: no need to work out all 1,500.
        pool, rounding = prize_pool(state), state.config.payouts.rounding
        shared = [pool * bps[p - 1] // 10_000 // rounding * rounding if p <= len(bps) else 0
                  for p in range(place, place_to + 1)]
    if len(shared) == 1:
        return shared[0]
    return split_tie(shared)[index_in_tie]
