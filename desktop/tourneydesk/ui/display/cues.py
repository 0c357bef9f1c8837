"""What the display chimes and says, and when: decided from two readings of the clock, one second apart.

Kept apart from the audio backend so that the rule is tested on any machine, with or without a sound
card or a voice. The words are said in the app's language (the voice is chosen to match, in audio.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import tr
from ..qt import QCoreApplication
from .content import and_list

# lupdate reads `translate("Context", "text")` calls, not a helper's: the alias keeps call sites short.
translate = QCoreApplication.translate

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
    """"Level 7. Blinds 400 and 800, big blind ante 800." (in the app's language)"""
    values = {"level": clock["level"], "small": clock["small_blind"], "big": clock["big_blind"], "ante": clock["ante"]}
    if clock["ante"] and clock["ante_kind"] == "big_blind":
        text = translate("Display", "Level {level}. Blinds {small} and {big}, big blind ante {ante}.")
    elif clock["ante"] and clock["ante_kind"] == "classic":
        text = translate("Display", "Level {level}. Blinds {small} and {big}, ante {ante}.")
    else:
        text = translate("Display", "Level {level}. Blinds {small} and {big}.")
    return text.format(**values)


def break_speech(clock: dict[str, Any]) -> str:
    minutes = (clock["remaining_s"] + 59) // 60
    text = tr("Break, %n minutes.", "", minutes)
    if clock["color_up"]:
        chips = and_list([str(v) for v in clock["color_up"]])
        text += translate("Display", " Colour-up: the {chips} chips go.").format(chips=chips)
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
