"""Deals among the players left (docs/rules.md: deals): ICM, chip chop, custom.

A deal shares `prizes`, the amounts of the places not paid yet (first place first), among the
players left, keyed by entry. Bounties are not part of a deal.

- ICM (Malmuth-Harville): a player takes first place with probability stack / all chips, each
  lower place likewise among the players not placed yet; each player gets their expected prize,
  computed exactly.
- Chip chop (as BetMGM publishes it): everyone gets the next-out prize NP, and the rest of the
  money, R - n * NP, is shared in proportion to chips.
- Custom: amounts the players agreed on, checked to add up.

Rounding rule: each exact share is rounded down to a whole minor unit, and the minor units left
over (fewer than the number of players) go one each to the largest fractional parts; equal
fractional parts go to the bigger stack first, then in the order the players were given. So the
amounts add up exactly to what the places pay, and nobody is more than one minor unit from their
exact share.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from math import gcd, lcm, prod
from typing import Any

from tourneydesk.core.protocol.errors import TourneyError

from . import icm as icm_integral

# The shares worked out as an integral (`icm`) cost about n^2 per point: 20 players take a few hundredths
# of a second (scripts/bench_icm.py prints it). Beyond that the deal of a big field is chip chop's.
ICM_MAX_PLAYERS = 20
# Up to this many players, a share the integral cannot settle to the minor unit is settled by the exact
# program (its time grows fourfold with each player: 12 take a few tenths of a second at worst).
ICM_EXACT_PLAYERS = 12


def icm(stacks: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """Each player's ICM equity in whole minor units, summing exactly to sum(prizes): the exact shares
    rounded by the rule above, whether the integral (`core.arithmetic.icm`) settles them or, where it
    cannot tell, the exact program (`_icm_numerators`)."""
    names, chips = _check_stacks(stacks)
    prize_list = _check_prizes(prizes, len(chips))
    _check_icm_size(len(chips))
    sure, at_stake = _prizes_above_the_sure_one(prize_list, len(chips))
    if at_stake and len(chips) > 2:
        values, error = icm_integral.shares(chips, at_stake)
        amounts = _settled(values, error, chips, sum(at_stake), forced=len(chips) > ICM_EXACT_PLAYERS)
        if amounts is not None:
            return {name: sure + amount for name, amount in zip(names, amounts, strict=True)}
    numerators, denominator = _icm_numerators(chips, prize_list)
    return _round_shares(names, numerators, denominator, chips, sum(prize_list))


def _settled(values: list[float], error: float, chips: list[int], total: int, *, forced: bool) -> list[int] | None:
    """The rule's amounts from shares known within `error`, or None when that leaves them in doubt: a share
    within it of a whole minor unit, or the fractional parts either side of the cut (the last that takes a
    leftover unit, the first that does not) within twice of each other, their stacks unequal (equal
    stacks have equal shares: the rule breaks their tie). `forced`: the rule applied as the values stand,
    for a field the exact program cannot take."""
    amounts = [math.floor(v) for v in values]
    parts = [v - a for v, a in zip(values, amounts, strict=True)]
    leftover = total - sum(amounts)
    order = sorted(range(len(values)), key=lambda i: (-parts[i], -chips[i], i))
    if not 0 <= leftover <= len(values):
        return None
    if not forced:
        if any(p < error or p > 1 - error for p in parts):
            return None
        if 0 < leftover < len(values):
            last, first = order[leftover - 1], order[leftover]
            if chips[last] != chips[first] and parts[last] - parts[first] <= 2 * error:
                return None
    for i in order[:leftover]:
        amounts[i] += 1
    return amounts


def icm_equity(stacks: Mapping[str, int], prizes: Sequence[int]) -> dict[str, Fraction]:
    """Each player's exact ICM equity, before rounding (by the exact program: up to `ICM_EXACT_PLAYERS`)."""
    names, chips = _check_stacks(stacks)
    prize_list = _check_prizes(prizes, len(chips))
    _check_icm_size(len(chips), ICM_EXACT_PLAYERS)
    numerators, denominator = _icm_numerators(chips, prize_list)
    return {name: Fraction(numerator, denominator) for name, numerator in zip(names, numerators, strict=True)}


def chip_chop(stacks: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """NP + (R - n * NP) * chips / all chips, rounded by the rule above; NP is the prize of the
    next player out (0 when fewer places are left than players)."""
    names, chips = _check_stacks(stacks)
    prize_list = _check_prizes(prizes, len(chips))
    players, total, all_chips = len(chips), sum(prize_list), sum(chips)
    next_out = prize_list[-1] if len(prize_list) == players else 0
    numerators = [next_out * all_chips + (total - players * next_out) * c for c in chips]
    return _round_shares(names, numerators, all_chips, chips, total)


def custom(amounts: Mapping[str, int], prizes: Sequence[int]) -> dict[str, int]:
    """The agreed amounts, once checked: whole, not negative, adding up to exactly sum(prizes)."""
    total = sum(_check_prizes(prizes, len(amounts)))
    for entry, amount in amounts.items():
        if not _is_whole(amount) or amount < 0:
            raise TourneyError(
                "DEAL_AMOUNT_INVALID",
                f"The deal gives {entry} {amount!r}: each amount must be a whole number, 0 or more",
                entry=entry,
            )
    dealt = sum(amounts.values())
    if dealt != total:
        raise TourneyError(
            "DEAL_SUM_MISMATCH",
            f"The deal hands out {dealt:,} but must share exactly {total:,} (a difference of "
            f"{dealt - total:+,})",
            dealt=dealt,
            total=total,
        )
    return dict(amounts)


DEAL_METHODS: dict[str, Callable[[Mapping[str, int], Sequence[int]], dict[str, int]]] = {
    "icm": icm,
    "chip_chop": chip_chop,
    "custom": custom,
}


def deal(
    method: str, stacks_or_amounts: Mapping[str, int], prizes: Sequence[int], play_for: int = 0
) -> dict[str, int]:
    """A deal by `method` ("icm", "chip_chop" or "custom": then the amounts are given).

    `play_for` minor units are kept back from first prize for whoever wins the rest of the
    tournament: the deal shares sum(prizes) - play_for, and the caller adds play_for to the winner.
    """
    share = DEAL_METHODS.get(method)
    if share is None:
        raise TourneyError(
            "DEAL_METHOD_UNKNOWN",
            f"A deal is made by ICM, chip chop or custom amounts, not {method!r}",
            method=method,
        )
    return share(stacks_or_amounts, _keep_back_for_winner(prizes, play_for))


def _keep_back_for_winner(prizes: Sequence[int], play_for: int) -> list[int]:
    """First prize less `play_for`, which may not leave first place paying less than second:
    both ICM and chip chop assume that places pay less as they go down."""
    prize_list = _prize_list(prizes)
    first, second = [*prize_list, 0, 0][:2]
    most = first - second
    if not _is_whole(play_for) or not 0 <= play_for <= most:
        raise TourneyError(
            "PLAY_FOR_INVALID",
            f"The amount played for must be between 0 and {most:,} (first prize less second prize), "
            f"not {play_for!r}",
            play_for=play_for,
            most=most,
        )
    return [first - play_for, *prize_list[1:]] if prize_list else []


def _icm_numerators(chips: list[int], prizes: list[int]) -> tuple[list[int], int]:
    """Every player's exact ICM equity as a numerator over one common denominator.

    Dynamic program over the sets U of players who took the top |U| places. With rest(U) the chips
    of the players not in U, let q(U) = P(U took the top |U| places) / rest(U): then q(empty) =
    1 / all chips, the players of T took the top |T| places with probability
    sum over j in T of chips_j * q(T - j), and player j takes place |U| + 1 right after U with
    probability chips_j * q(U). So equity_j = chips_j * sum over U without j of prize_|U| * q(U).

    All of it is integer arithmetic: numer(U) = D * q(U), where D is the product over each set
    size of the lcm of rest(U) over the sets of that size. Every path to U picks one set of each
    size up to |U|, so D is a multiple of every denominator of q(U), and the division by rest(T)
    below is exact. Fractions would reduce by gcd at every step, which is far slower.
    """
    players = len(chips)
    sure, shares = _prizes_above_the_sure_one(prizes, players)
    if not shares:
        return [sure] * players, 1
    unit = gcd(*chips)
    chips = [c // unit for c in chips]  # ICM depends only on the ratios of the stacks
    rest = _chips_outside_each_set(chips)
    sets_by_size = _sets_by_size(players, len(shares))
    denominator = prod(lcm(*(rest[s] for s in sets)) for sets in sets_by_size)
    numer = [0] * (1 << players)
    numer[0] = denominator // rest[0]
    for sets in sets_by_size[1:]:
        for top in sets:
            came_from = sum(chips[j] * numer[top ^ (1 << j)] for j in _members(top))
            numer[top] = came_from // rest[top]
    for size, sets in enumerate(sets_by_size):
        for top in sets:
            numer[top] *= shares[size]
    without = _sums_without_each(numer, players)
    return [sure * denominator + c * w for c, w in zip(chips, without, strict=True)], denominator


def _prizes_above_the_sure_one(prizes: list[int], players: int) -> tuple[int, list[int]]:
    """When every player left is paid, each is sure of the last prize: only the rest is at stake.
    Places paying nothing at stake are left out, so the program never visits them."""
    sure = prizes[-1] if len(prizes) == players else 0
    shares = [p - sure for p in prizes]
    while shares and shares[-1] == 0:
        shares.pop()
    return sure, shares


def _chips_outside_each_set(chips: list[int]) -> list[int]:
    rest = [sum(chips)] * (1 << len(chips))
    for players in range(1, len(rest)):
        lowest = players & -players
        rest[players] = rest[players ^ lowest] - chips[lowest.bit_length() - 1]
    return rest


def _sets_by_size(players: int, sizes: int) -> list[list[int]]:
    """The sets of players (as bit masks) of each size below `sizes`."""
    by_size: list[list[int]] = [[] for _ in range(sizes)]
    for players_set in range(1 << players):
        size = players_set.bit_count()
        if size < sizes:
            by_size[size].append(players_set)
    return by_size


def _members(players_set: int) -> list[int]:
    return [j for j in range(players_set.bit_length()) if players_set >> j & 1]


def _sums_without_each(values: list[int], players: int) -> list[int]:
    """For each player j, the sum of values[U] over the sets U without j (`values` is used up).

    Folds away the highest player at each step: 2 * 2^n additions in all, not n * 2^(n-1).
    """
    with_player = [0] * players
    for j in reversed(range(players)):
        half = 1 << j
        with_player[j] = sum(values[half:])
        for lower in range(half):
            values[lower] += values[lower | half]
        del values[half:]
    return [values[0] - w for w in with_player]


def _round_shares(
    names: list[str], numerators: list[int], denominator: int, chips: list[int], total: int
) -> dict[str, int]:
    """Largest remainder: numerators[i] / denominator are exact shares that add up to `total`."""
    amounts = [n // denominator for n in numerators]
    leftover = total - sum(amounts)
    by_remainder = sorted(range(len(names)), key=lambda i: (-(numerators[i] % denominator), -chips[i], i))
    for i in by_remainder[:leftover]:
        amounts[i] += 1
    return dict(zip(names, amounts, strict=True))


def _check_stacks(stacks: Mapping[str, int]) -> tuple[list[str], list[int]]:
    if not stacks:
        raise TourneyError("DEAL_STACKS_INVALID", "A deal needs the chip counts of the players left")
    for entry, stack in stacks.items():
        if not _is_whole(stack) or stack <= 0:
            raise TourneyError(
                "DEAL_STACKS_INVALID",
                f"{entry} has {stack!r} chips: each player left needs a whole number of chips above 0",
                entry=entry,
            )
    return list(stacks), list(stacks.values())


def _check_prizes(prizes: Sequence[int], players: int) -> list[int]:
    prize_list = _prize_list(prizes)
    if len(prize_list) > players:
        raise TourneyError(
            "DEAL_PRIZES_INVALID",
            f"{len(prize_list)} places are left to pay but only {players} players are in the deal",
            places=len(prize_list),
            players=players,
        )
    return prize_list


def _prize_list(prizes: Sequence[Any]) -> list[int]:
    prize_list = list(prizes)
    if not all(_is_whole(p) and p >= 0 for p in prize_list):
        raise TourneyError("DEAL_PRIZES_INVALID", "The prizes of a deal must be whole amounts, 0 or more")
    if any(lower > higher for higher, lower in pairwise(prize_list)):
        raise TourneyError("DEAL_PRIZES_INVALID", "The prizes of a deal must not grow from one place to the next")
    return prize_list


def _check_icm_size(players: int, most: int | None = None) -> None:
    most = ICM_MAX_PLAYERS if most is None else most
    if players > most:
        raise TourneyError(
            "ICM_TOO_MANY_PLAYERS",
            f"Exact ICM handles at most {most} players within a second; {players} are "
            "left: use chip chop or a custom deal",
            players=players,
            max_players=most,
        )


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
