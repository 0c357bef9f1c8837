"""The clock part of the snapshot at this instant, without the rest of it.

The display shows the time once a second. A whole snapshot walks every entry (10,000 at a big event),
so the per-second view is built from the same core functions the snapshot uses, on the desk's folded
state and the desk's own clock: the display never computes a time itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import snapshot as core_snapshot
from ...core.windows import clock_at
from ...desk import Desk


@dataclass(frozen=True)
class ClockView:
    clock: dict[str, Any]  # the snapshot's "clock" at this instant
    announcements: list[dict[str, Any]]  # the snapshot's "announcements" at this instant
    on_clock: list[dict[str, Any]]  # the snapshot's "on_clock" at this instant
    status: str
    next_second_ms: int  # until the next shown second changes (the clock's or a player clock's)


def clock_view(desk: Desk) -> ClockView:
    state = desk.state
    now_ms = desk.now_ms()
    pos = clock_at(state, now_ms)
    timed = core_snapshot.clock_part(state, now_ms)
    clock, on_clock = timed["clock"], timed["on_clock"]
    waits = [until - now_ms for e, until in state.on_clock.items() if until > now_ms]
    if clock["running"]:
        waits.append(pos.remaining_ms)
    next_second = min((w % 1000 or 1000 for w in waits), default=1000)
    return ClockView(clock, timed["announcements"], on_clock, state.status, next_second)
