"""A blind structure built from what a TD knows before the night: how long it should last, how many
players are expected, the starting stack and the chip set.

The big blind grows by the same ratio each level, from about a hundredth of the starting stack (100 big
blinds deep) to the level at the target time, where the whole field's chips are about twenty big
blinds (ten each, heads-up); two more levels follow (the same ratio, at most double), so that a night
running late still has rising blinds before the last level repeats. Each blind is rounded to a value a
dealer reads at a glance (1, 1.2, 1.5, 1.6, 2, 2.4, 2.5, 3, 4, 5, 6, 8 times a power of ten) that the
chips in play can pay, the small blind half the big one. The smallest chip is raced off at a break once
every later big blind is at least forty of the next chip up and every later blind and ante is paid
without it (docs/rules.md: colour-ups).

Integers only: the ratio is taken as an integer root, never a float.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol.errors import TourneyError

# A dealer's round numbers, in hundredths: 1, 1.2, 1.5, 1.6, 2, 2.4, 2.5, 3, 4, 5, 6, 8.
NICE_HUNDREDTHS = (100, 120, 150, 160, 200, 240, 250, 300, 400, 500, 600, 800)
DEEP_BIG_BLINDS = 100  # the first big blind: the starting stack this many times
LAST_BIG_BLINDS = 20  # at the target time, the field's chips are this many big blinds
LEVELS_AFTER_TARGET = 2
# The smallest chip goes once every blind is at least this many of the next chip up: a 25 stays while
# blinds are 200/400, goes when they reach 2,000/4,000 with 100s (a big blind of 40 chips or more).
CHIPS_A_BLIND = 20
ANTE_KINDS = ("none", "classic", "big_blind")


@dataclass(frozen=True)
class WizardRequest:
    """What the TD tells the wizard; minutes are whole, chips whole chips."""

    target_minutes: int  # the night's length, breaks included, to the level the field is ~20 big blinds
    players: int  # entries expected (re-entries included)
    starting_stack: int
    chips: tuple[int, ...]  # the chip set's values
    level_minutes: int = 20
    break_every: int = 6  # play levels between breaks; 0: no break
    break_minutes: int = 10
    ante_kind: str = "big_blind"
    ante_from_level: int = 2


def build_levels(ask: WizardRequest) -> list[dict[str, Any]]:
    """The levels, as the config writes them (a break is `break_minutes` with its `color_up`)."""
    chips = sorted(set(ask.chips))
    _check(ask, chips)
    count = _play_levels(ask)
    first = _nice_near(max(ask.starting_stack // DEEP_BIG_BLINDS, 2 * chips[0]), 2 * chips[0])
    last = max(first * 2, ask.players * ask.starting_stack // LAST_BIG_BLINDS)
    steps = count - 1
    blinds: list[int] = []
    for i in range(count + LEVELS_AFTER_TARGET):
        # first * (last / first) ** (i / steps), as an integer root; past the target, the same ratio again, at
        # most doubling (a night of two levels would otherwise leap past every chip in play)
        raw = _root(first ** (steps - i) * last ** i, steps) if i <= steps else \
            min(2 * blinds[-1], blinds[-1] * blinds[-1] // blinds[-2])
        smallest = _smallest_chip(chips, raw, blinds[-1] if blinds else 0)
        big = _nice_near(max(raw, 2 * smallest), 2 * smallest)
        if blinds and big <= blinds[-1]:
            big = _nice_above(blinds[-1], 2 * smallest)
        blinds.append(big)
    return _with_breaks(ask, chips, blinds)


def _check(ask: WizardRequest, chips: list[int]) -> None:
    if not chips or chips[0] < 1:
        raise TourneyError("CHIP_SET_EMPTY", "The chip set needs at least one chip value", field="chips")
    if ask.starting_stack < 1 or ask.starting_stack % chips[0]:
        raise TourneyError("STACK_NOT_IN_CHIPS", f"The starting stack ({ask.starting_stack}) cannot be made of "
                           f"chips of {chips[0]}", field="starting_stack", stack=ask.starting_stack, chip=chips[0])
    for name, value, low in (("target_minutes", ask.target_minutes, 1), ("players", ask.players, 2),
                             ("level_minutes", ask.level_minutes, 1), ("break_every", ask.break_every, 0),
                             ("break_minutes", ask.break_minutes, 1), ("ante_from_level", ask.ante_from_level, 1)):
        if value < low:
            raise TourneyError("FIELD_INVALID", f"{name} must be at least {low}", field=name, minimum=low)
    if ask.ante_kind not in ANTE_KINDS:
        raise TourneyError("FIELD_INVALID", f"ante_kind must be one of {', '.join(ANTE_KINDS)}", field="ante_kind")


def _play_levels(ask: WizardRequest) -> int:
    """The play levels that fill the target time with their breaks; at least two."""
    count, minutes = 0, 0
    while True:
        count += 1
        minutes += ask.level_minutes
        if minutes >= ask.target_minutes:
            return max(count, 2)
        if ask.break_every and count % ask.break_every == 0:
            minutes += ask.break_minutes


def _root(value: int, n: int) -> int:
    """The integer nearest value ** (1 / n)."""
    low, high = 0, 1
    while high ** n <= value:
        high *= 2
    while high - low > 1:
        middle = (low + high) // 2
        if middle ** n <= value:
            low = middle
        else:
            high = middle
    return high if high ** n - value < value - low ** n else low


def _nice_values(multiple: int, up_to: int) -> list[int]:
    found: set[int] = set()
    power = 1
    while power * NICE_HUNDREDTHS[0] // 100 <= up_to * 10:
        for hundredths in NICE_HUNDREDTHS:
            value = hundredths * power
            if value % 100 == 0 and (value // 100) % multiple == 0:
                found.add(value // 100)
        power *= 10
    return sorted(found)


def _nice_near(value: int, multiple: int) -> int:
    """The round number nearest `value` (ties upward) that is a multiple of `multiple`."""
    values = _nice_values(multiple, value)
    below = [v for v in values if v <= value]
    above = [v for v in values if v >= value]
    if not below:
        return above[0]
    if not above:
        return below[-1]
    return below[-1] if value - below[-1] < above[0] - value else above[0]


def _nice_above(value: int, multiple: int) -> int:
    return next(v for v in _nice_values(multiple, value * 2) if v > value)


def _smallest_chip(chips: list[int], big_blind: int, previous: int) -> int:
    """The smallest chip this level needs: the biggest whose small blind is at least `CHIPS_A_BLIND`
    of it, never a smaller one than the level before needed (a chip raced off does not come back)."""
    usable = [c for c in chips if c * CHIPS_A_BLIND * 2 <= big_blind] or chips[:1]
    before = [c for c in chips if c * CHIPS_A_BLIND * 2 <= previous] or chips[:1]
    return max(usable[-1], before[-1])


def _ante(kind: str, big_blind: int, smallest: int) -> int:
    if kind == "big_blind":
        return big_blind
    if kind == "classic":  # about an eighth of the big blind, in chips the table has
        return max(smallest, (big_blind // 8) // smallest * smallest)
    return 0


def _with_breaks(ask: WizardRequest, chips: list[int], blinds: list[int]) -> list[dict[str, Any]]:
    levels: list[dict[str, Any]] = []
    in_play = list(chips)
    for number, big in enumerate(blinds, start=1):
        levels.append(_level(ask, number, big, in_play[0]))
        if ask.break_every and number % ask.break_every == 0 and number < len(blinds):
            # Raced off: the smallest chips, as long as every later blind and ante is paid without them.
            raced: list[int] = []
            while len(in_play) > 1 and all(_payable(_level(ask, later, blinds[later - 1], in_play[1]), in_play[1])
                                           for later in range(number + 1, len(blinds) + 1)) \
                    and in_play[1] * CHIPS_A_BLIND * 2 <= blinds[number]:
                raced.append(in_play.pop(0))
            levels.append({"break_minutes": ask.break_minutes, "color_up": raced})
    return levels


def _level(ask: WizardRequest, number: int, big: int, smallest: int) -> dict[str, Any]:
    ante_kind = ask.ante_kind if number >= ask.ante_from_level else "none"
    return {"small_blind": big // 2, "big_blind": big, "ante": _ante(ante_kind, big, smallest),
            "ante_kind": ante_kind, "minutes": ask.level_minutes}


def _payable(level: dict[str, Any], smallest: int) -> bool:
    return all(level[key] % smallest == 0 for key in ("small_blind", "big_blind", "ante"))
