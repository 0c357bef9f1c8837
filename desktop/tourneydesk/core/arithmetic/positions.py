"""Positions at one table, from its button: who pays the big blind next, and where a newcomer sits.

Seats are numbered clockwise (UPPS 1.2: the small blind starts in seat two when the button is in seat
one). The recorded button is the button of the next hand; the small blind is the next occupied seat
after it and the big blind the next occupied seat after that. The button may stay on an empty seat
when the player on it or in the small blind went out (TDA's dead button): the blinds are still the next
occupied seats. Heads-up the small blind is on the button (UPPS general rule 3, TDA): the player on
the button posts it, the other the big blind.
"""

from __future__ import annotations

from collections.abc import Mapping


def clockwise_after(seat: int, seats_per_table: int) -> list[int]:
    """Every other seat, in the order the button reaches them after `seat`."""
    return [(seat + k - 1) % seats_per_table + 1 for k in range(1, seats_per_table)]


def next_occupied(seats: Mapping[int, str], after: int, seats_per_table: int) -> int | None:
    for seat in clockwise_after(after, seats_per_table):
        if seat in seats:
            return seat
    return None


def blinds(seats: Mapping[int, str], button: int, seats_per_table: int) -> tuple[int, int] | None:
    """(small blind seat, big blind seat) of the next hand, or None with fewer than two players."""
    if len(seats) < 2:
        return None
    if len(seats) == 2 and button in seats:
        return button, next(s for s in seats if s != button)
    small = next_occupied(seats, button, seats_per_table)
    if small is None:
        return None
    big = next_occupied(seats, small, seats_per_table)
    if big is None or big == small:
        return None
    return small, big


def due_big_blind(seats: Mapping[int, str], button: int, seats_per_table: int) -> list[int]:
    """The occupied seats in the order they will pay the big blind, starting with the next hand's.

    The first is the player a balancing move takes (UPPS 4.5, TDA 11A): moving them costs nobody a
    blind, since they would have paid it here and pay it soon at their new table."""
    positions = blinds(seats, button, seats_per_table)
    if positions is None:
        return sorted(seats)
    big = positions[1]
    return [big] + [s for s in clockwise_after(big, seats_per_table) if s in seats]


def waiting_zone(seats: Mapping[int, str], button: int, seats_per_table: int) -> set[int]:
    """Empty seats where a newcomer would sit on the button, on the small blind or between them.

    Such a player is dealt out until their big blind (TDA 10A) or for one hand (UPPS 4.5)."""
    positions = blinds(seats, button, seats_per_table)
    if positions is None:
        return set()
    small = positions[0]
    zone = set()
    if button not in seats:
        zone.add(button)
    seat = button
    while seat != small:  # heads-up the small blind is the button: no seat lies between them
        seat = seat % seats_per_table + 1
        if seat != small:
            zone.add(seat)
    return {s for s in zone if s not in seats}


def worst_position(seats: Mapping[int, str], button: int, seats_per_table: int) -> tuple[int, bool] | None:
    """The empty seat that pays the big blind soonest, and whether its new player must wait.

    Walking clockwise from the small blind, the first empty seat becomes the big blind of the very next
    hand; each later one a hand after. Seats from the button to the small blind come last: a player put
    there would skip the blinds, so they sit there only when nothing else is free, and wait."""
    empty = [s for s in range(1, seats_per_table + 1) if s not in seats]
    if not empty:
        return None
    positions = blinds(seats, button, seats_per_table)
    if positions is None:
        return empty[0], False
    zone = waiting_zone(seats, button, seats_per_table)
    order = clockwise_after(positions[0], seats_per_table)
    for seat in order:
        if seat not in seats and seat not in zone:
            return seat, False
    for seat in order:
        if seat in zone:
            return seat, True
    return None
