"""ICM shares to the minor unit for a deal of up to 20 players, fast enough to preview on every key.

The exact Malmuth-Harville program (`deals._icm_numerators`) walks every set of players with integers
that grow with each set: 13 players take a second, and each more player four times as long. The same
shares are an integral. In Harville's model the places fall as in a race where each player finishes at
a random time with the rate of their stack (the first to finish takes first place, the next the second,
and so on), so a player's chance of place k + 1 is

    integral over t of s_j e^(-s_j t) * [z^k] prod over i != j of (e^(-s_i t) + (1 - e^(-s_i t)) z) dt,

where the coefficient of z^k is the chance that exactly k of the others finished before t. The integral
is taken numerically (Gauss-Legendre on panels, twice at two orders so that their difference bounds
the error), in O(n^2) work per point instead of 2^n sets.

These shares are real numbers on the way to whole minor units: the deal's rounding rule (`deals`) is
applied to them only when the error bound settles it, that is when no share lies within the bound of a
whole minor unit and the fractional parts at the cut between those that take a leftover unit and those
that do not are further apart than twice the bound (players with the same stack have the same share:
their tie is real and the rule breaks it). Otherwise `settled` says so and the exact program decides
(a few players, or round stacks that make a share fall on a whole unit: both quick for it). No amount
of money is ever a float: the amounts come out as the rule rounds the shares, in integers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache

LOW, HIGH = 10, 16  # the two Gauss-Legendre orders on each panel
PANEL = 2  # a panel's width in ln t
# The race is over when every player has finished: beyond e^-40 times the slowest player's rate the
# chances left are below a float's precision.
LAST_RATE_TIMES = 40
# The error bound is the two orders' difference times this: measured against the exact shares over
# random, round and lopsided tables, the higher order's error stays below a thousandth of the difference.
SAFETY = 4


def shares(chips: Sequence[int], prizes: Sequence[int]) -> tuple[list[float], float]:
    """Each player's expected prize (in minor units, as a float) and a bound on its error."""
    total = sum(chips)
    rates = [c / total for c in chips]
    distinct = sorted(set(chips))
    distinct_rates = [c / total for c in distinct]
    weights = list(prizes)
    sums: dict[int, list[float]] = {order: [0] * len(distinct) for order in (HIGH, LOW)}
    for start, width, logarithmic in _panels(min(rates)):
        for order, found in sums.items():
            for node, weight in _nodes(order):
                t = start + width * node
                scale = width * weight
                if logarithmic:
                    t = math.exp(t)
                    scale *= t
                for k, value in enumerate(_integrand(t, rates, distinct_rates, weights)):
                    found[k] += scale * value
    high, low = sums[HIGH], sums[LOW]
    error = max(abs(h - lo) for h, lo in zip(high, low, strict=True)) * SAFETY + sum(weights) * 2**-40
    share = dict(zip(distinct, high, strict=True))
    return [share[c] for c in chips], error


def _panels(slowest: float) -> list[tuple[float, float, bool]]:
    """(start, width, on a log scale): t from 0 to 1, then ln t in panels of about `PANEL` until the race is
    over (each player's chance of being still in changes over about one unit of ln t, smoothly)."""
    end = math.log(LAST_RATE_TIMES / slowest)
    steps = max(1, math.ceil(end / PANEL))
    return [(0, 1, False)] + [(i * end / steps, end / steps, True) for i in range(steps)]


@cache
def _nodes(order: int) -> tuple[tuple[float, float], ...]:
    """Gauss-Legendre nodes on [0, 1] and their weights, found by Newton's method on the Legendre polynomial."""
    out: list[tuple[float, float]] = []
    for i in range(order):
        x = math.cos(math.pi * (4 * i + 3) / (4 * order + 2))
        derivative: float = 1
        for _ in range(100):
            p0: float = 1
            p1: float = x
            for k in range(2, order + 1):
                p0, p1 = p1, ((2 * k - 1) * x * p1 - (k - 1) * p0) / k
            derivative = order * (x * p1 - p0) / (x * x - 1)
            step = p1 / derivative
            x -= step
            if abs(step) < 2**-60:
                break
        out.append(((1 - x) / 2, 1 / ((1 - x * x) * derivative * derivative)))
    return tuple(out)


def _integrand(t: float, rates: list[float], distinct: list[float], prizes: list[int]) -> list[float]:
    """For a player of each distinct rate: rate * e^(-rate t) * the prizes weighed by the others' chances at t."""
    product: list[float] = [1]  # the chances that exactly k players finished before t
    factors = {rate: (math.exp(-rate * t), -math.expm1(-rate * t)) for rate in distinct}
    for rate in rates:
        late, done = factors[rate]
        product = [late * a + done * b for a, b in zip([*product, 0], [0, *product], strict=True)]
    out: list[float] = []
    for rate in distinct:
        late, done = factors[rate]
        out.append(rate * late * _weighed(_without(product, late, done), prizes))
    return out


def _without(product: list[float], late: float, done: float) -> list[float]:
    """`product` divided by one player's factor (late + done z), in the direction where it is stable: each
    step multiplies the error carried by a ratio of the two below one."""
    n = len(product) - 1
    others: list[float] = [0] * n
    carried: float = 0
    if late >= done:
        for k in range(n):
            carried = (product[k] - done * carried) / late
            others[k] = carried
    else:
        for k in range(n, 0, -1):
            carried = (product[k] - late * carried) / done
            others[k - 1] = carried
    return others


def _weighed(chances: list[float], prizes: list[int]) -> float:
    return sum(p * c for p, c in zip(prizes, chances, strict=False))
