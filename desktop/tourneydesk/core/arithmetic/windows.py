"""When things may happen: late registration, rebuys, add-ons and the early-bird bonus.

Each window is read off the clock at an instant, so a window that closed while the laptop slept is
closed when it wakes, with no event needed to close it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..state import State
from .clock import ClockPosition, play_level_number, position, registration_close_index


def clock_at(state: State, now_ms: int) -> ClockPosition:
    return position(state.config.levels, state.clock, now_ms)


def current_play_level(state: State, pos: ClockPosition) -> int:
    """The play level in force, or for a break the one just before it."""
    levels = state.config.levels
    index = pos.index
    while levels[index].is_break:
        index -= 1
    return play_level_number(levels, index) or 1


def registration_open(state: State, now_ms: int) -> bool:
    """Late registration and re-entry: open until the end of `until_level` (or the break after it); never in
    a Day 2, whose players come from its flights."""
    if state.status == "finished" or state.config.day2 is not None:
        return False
    if not state.clock.started:
        return True
    reg = state.config.registration
    pos = clock_at(state, now_ms)
    close = registration_close_index(state.config.levels, reg.until_level, reg.through_break)
    return not pos.overtime and pos.index < close


def rebuy_open(state: State, now_ms: int) -> bool:
    rebuy = state.config.rebuy
    if rebuy is None or state.status == "finished":
        return False
    if not state.clock.started:
        return True
    pos = clock_at(state, now_ms)
    if pos.overtime:
        return False
    level = current_play_level(state, pos)
    on_break = state.config.levels[pos.index].is_break
    return level < rebuy.until_level or (level == rebuy.until_level and not on_break)


def rebuy_after_bust(state: State) -> bool:
    """A rebuy event buys back a busted player while rebuys are open (the bust is then no finish); in a
    bounty event the head was won with the bust, so the way back there is a re-entry."""
    return state.config.rebuy is not None and not state.config.is_bounty_event


def places_provisional(state: State, now_ms: int) -> bool:
    """While someone may still come in (late registration) or come back (a rebuy after a bust), the
    places given are provisional: the field is not yet known."""
    return registration_open(state, now_ms) or (rebuy_after_bust(state) and rebuy_open(state, now_ms))


def add_on_open(state: State, now_ms: int) -> bool:
    """The add-on is taken during the break after `at_break_after_level`."""
    add_on = state.config.add_on
    if add_on is None or state.status == "finished" or not state.clock.started:
        return False
    pos = clock_at(state, now_ms)
    on_break = state.config.levels[pos.index].is_break
    return (not pos.overtime and on_break
            and current_play_level(state, pos) == add_on.at_break_after_level)


def early_bird_applies(state: State, now_ms: int) -> bool:
    bird = state.config.early_bird
    if bird is None:
        return False
    if not state.clock.started:
        return True
    pos = clock_at(state, now_ms)
    level = current_play_level(state, pos)
    on_break = state.config.levels[pos.index].is_break
    return not pos.overtime and (level < bird.until_level or (level == bird.until_level and not on_break))


def on_break(state: State, now_ms: int) -> bool:
    if not state.clock.started:
        return False
    pos = clock_at(state, now_ms)
    return state.config.levels[pos.index].is_break and not pos.overtime


@dataclass(frozen=True, slots=True)
class OpenNow:
    """What the clock lets the cashier sell at an instant."""

    registration: bool  # buy-ins and re-entries (late registration)
    rebuy: bool
    add_on: bool
    on_break: bool


def open_now(state: State, now_ms: int) -> OpenNow:
    return OpenNow(registration_open(state, now_ms), rebuy_open(state, now_ms), add_on_open(state, now_ms),
                   on_break(state, now_ms))
