"""What the display chimes and says, and when: decided from two readings of the clock, one second apart.

Kept apart from the audio backend so that the rule is tested on any machine, with or without a sound
card or a voice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

ONE_MINUTE = "one_minute"
LEVEL_CHANGE = "level_change"
BREAK_START = "break_start"
BREAK_END = "break_end"
SOUNDS = (ONE_MINUTE, LEVEL_CHANGE, BREAK_START, BREAK_END)


@dataclass(frozen=True)
class Mark:
    """What a cue depends on, read off the snapshot's clock."""

    started: bool
    running: bool
    index: int
    on_break: bool
    remaining_s: int
    clock: dict[str, Any]

    @classmethod
    def of(cls, clock: dict[str, Any]) -> Mark:
        return cls(clock["started"], clock["running"], clock["index"], clock["on_break"], clock["remaining_s"],
                   clock)


@dataclass(frozen=True)
class Cue:
    sound: str
    speech: str | None = None


def level_speech(clock: dict[str, Any]) -> str:
    """"Level 7. Blinds 400 and 800, big blind ante 800." """
    text = f"Level {clock['level']}. Blinds {clock['small_blind']} and {clock['big_blind']}"
    if clock["ante"] and clock["ante_kind"] == "big_blind":
        text += f", big blind ante {clock['ante']}"
    elif clock["ante"] and clock["ante_kind"] == "classic":
        text += f", ante {clock['ante']}"
    return text + "."


def break_speech(clock: dict[str, Any]) -> str:
    minutes = (clock["remaining_s"] + 59) // 60
    text = f"Break, {minutes} minutes."
    if clock["color_up"]:
        chips = " and ".join(str(v) for v in clock["color_up"])
        text += f" Colour-up: the {chips} chips go."
    return text


def cue_between(before: Mark | None, after: Mark) -> Cue | None:
    """The cue due as the clock moves from `before` to `after` (None: the display just opened)."""
    if before is None or not after.started:
        return None
    if not before.started or after.index != before.index:
        if after.on_break:
            return Cue(BREAK_START, break_speech(after.clock))
        return Cue(BREAK_END if before.on_break else LEVEL_CHANGE, level_speech(after.clock))
    if after.running and before.remaining_s > 60 >= after.remaining_s > 0:
        return Cue(ONE_MINUTE)
    return None
