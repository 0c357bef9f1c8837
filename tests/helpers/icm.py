"""The ICM reference the tests hold the deals to: Malmuth-Harville by its definition, one finishing order
at a time (n! orders: small tables only; docs/rules.md, reference figures: deals)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations


def harville_by_every_finishing_order(stacks: dict[str, int], prizes: list[int]) -> dict[str, Fraction]:
    """Each player's exact equity: over every finishing order, its chance (each place taken in proportion
    to the chips left) times the prize of the place each player finishes in."""
    equity = dict.fromkeys(stacks, Fraction(0))
    for order in permutations(stacks):
        chance, chips_left = Fraction(1), sum(stacks.values())
        for player in order:
            chance *= Fraction(stacks[player], chips_left)
            chips_left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equity[player] += chance * prizes[place]
    return equity
