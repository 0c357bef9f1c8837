"""The TD's hands on the clock: start, pause, resume, next, previous, adjust, set.

Each command re-anchors the clock at the command's instant and records the result (level index,
time elapsed in it, running or not), so replaying needs no arithmetic on time at all.
"""

from __future__ import annotations

from typing import Any, Literal, Required, cast

from ..arithmetic.clock import ClockBase, base_at
from ..protocol import payloads
from ..protocol.commands import Common, Number, Word, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import State
from . import flights

ACTIONS = ("start", "pause", "resume", "next", "previous", "adjust", "set")
DAY_MS = 24 * 3600 * 1000  # the most time left a TD may give a level


class ClockCommand(Common, total=False):
    """The TD's hands on the clock."""

    type: Required[Literal["clock"]]
    action: Word
    seconds: Number
    index: Number


@command(ClockCommand, devices=("td",))
def decide_clock(state: State, cmd: ClockCommand, ctx: Context) -> Decision:
    action = cmd.get("action")
    if action not in ACTIONS:
        raise TourneyError("FIELD_INVALID", f"action must be one of {', '.join(ACTIONS)}", field="action")
    if state.status == "finished":
        raise TourneyError("TOURNAMENT_FINISHED", "The tournament is over: the clock has stopped")
    levels = state.config.levels
    base = state.clock
    if action == "start":
        if base.started:
            raise TourneyError("CLOCK_STARTED", "The clock has already started")
        if state.live < 2:
            raise TourneyError("TOO_FEW_PLAYERS", f"The clock starts with 2 players or more; {state.live} "
                               "have bought in", players=state.live)
        new = ClockBase(flights.first_index(state), 0, ctx.now_ms, True, True, False)
    else:
        if not base.started:
            raise TourneyError("CLOCK_NOT_STARTED", "Start the clock first")
        new = base_at(levels, base, ctx.now_ms)
        new = _act(action, cmd, new, levels)
    d = Decision(result={"clock": {"index": new.index, "running": new.running}})
    d.add("clock_set", payloads.ClockSet(action=action, index=new.index, elapsed_ms=new.elapsed_ms, running=new.running,
                                         overtime=new.overtime))
    return d


def _act(action: str, cmd: ClockCommand, new: ClockBase, levels: tuple[Any, ...]) -> ClockBase:
    if action == "pause":
        if not new.running:
            raise TourneyError("CLOCK_PAUSED", "The clock is already paused")
        new.running = False
    elif action == "resume":
        if new.running:
            raise TourneyError("CLOCK_RUNNING", "The clock is already running")
        new.running = True
    elif action == "next":
        if new.overtime or new.index == len(levels) - 1:
            new.index, new.overtime = len(levels) - 1, True
        else:
            new.index += 1
        new.elapsed_ms = 0
    elif action == "previous":
        if new.overtime:
            new.overtime = False
            new.index = len(levels) - 1
        elif new.index == 0:
            raise TourneyError("NO_PREVIOUS_LEVEL", "The clock is at the first level")
        else:
            new.index -= 1
        new.elapsed_ms = 0
    elif action == "adjust":
        seconds = cmd.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int) or abs(seconds) > 24 * 3600:
            raise TourneyError("FIELD_INVALID", "seconds must be a whole number of seconds, + adds time",
                               field="seconds")
        # + gives the level more time left, so it takes time off what has elapsed: below zero when the
        # time left goes past the level's length (a minute more at 19:59 of a 20-minute level is 20:59).
        duration = levels[new.index].duration_ms
        new.elapsed_ms = min(max(new.elapsed_ms - seconds * 1000, duration - DAY_MS), duration - 1000)
    else:
        _set(cmd, new, levels)
    return new


def _set(cmd: ClockCommand, new: ClockBase, levels: tuple[Any, ...]) -> None:
    index = cmd.get("index", new.index)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(levels):
        raise TourneyError("FIELD_INVALID", f"index must be a level from 0 to {len(levels) - 1}", field="index")
    duration = levels[index].duration_ms
    seconds = cmd.get("seconds")
    if seconds is None:
        remaining = duration if index != new.index else duration - new.elapsed_ms
    elif isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 < seconds * 1000 <= DAY_MS:
        raise TourneyError("FIELD_INVALID", f"seconds must be the time left, from 1 to {DAY_MS // 1000} "
                           "(a day)", field="seconds")
    else:
        remaining = seconds * 1000
    new.index, new.elapsed_ms, new.overtime = index, duration - remaining, False


def apply_clock_set(state: State, event: Event) -> None:
    p = cast(payloads.ClockSet, event.payload)
    state.clock = ClockBase(p["index"], p["elapsed_ms"], event.at_ms, p["running"], True, p["overtime"])
    if state.started_ms is None:
        state.started_ms = event.at_ms
    if state.status == "setup":
        state.status = "running"
