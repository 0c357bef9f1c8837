"""A satellite's prizes: seats in the target event, and the leftover of the pool in cash.

The pool buys as many whole seats as it can; what it leaves over is paid by the house's rule
(`satellite.leftover`): all of it to the first place after the seats (`next_place`), in steps of a
fixed amount down the places after the seats, the last step taking what remains (`steps`), or shared
equally by the seat winners, the odd cents to the better places (`seat_winners`). The amounts are the
whole value of each place, first place first, seats included: they add up to the pool exactly.
"""

from __future__ import annotations

from ..config import Satellite


def seats(pool: int, satellite: Satellite) -> int:
    """How many whole seats the pool buys."""
    return pool // satellite.seat_value


def leftover(pool: int, satellite: Satellite) -> int:
    return pool - seats(pool, satellite) * satellite.seat_value


def amounts(pool: int, satellite: Satellite) -> tuple[int, ...]:
    """Each paid place's value, first place first, adding up to `pool`."""
    won = seats(pool, satellite)
    left = leftover(pool, satellite)
    if satellite.leftover == "seat_winners" and won:
        share, odd = divmod(left, won)
        return tuple(satellite.seat_value + share + (1 if place < odd else 0) for place in range(won))
    cash: list[int] = []
    if satellite.leftover == "steps" and satellite.step is not None:
        full, rest = divmod(left, satellite.step)
        cash = [satellite.step] * full + ([rest] if rest else [])
    elif left:
        cash = [left]  # next_place, and seat_winners when the pool buys no seat at all
    return (satellite.seat_value,) * won + tuple(cash)

