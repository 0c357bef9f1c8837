"""The clock part of the snapshot at this instant, without the rest of it.

The display shows the time once a second. A whole snapshot walks every entry (10,000 at a big event),
so the per-second view is what the desk serves for that (`Desk.clock_now`), on its own clock: the
display never computes a time itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...desk import Desk


@dataclass(frozen=True)
class ClockView:
    clock: dict[str, Any]  # the snapshot's "clock" at this instant
    announcements: list[dict[str, Any]]  # the snapshot's "announcements" at this instant
    on_clock: list[dict[str, Any]]  # the snapshot's "on_clock" at this instant
    status: str
    next_second_ms: int  # until the next shown second changes (the clock's or a player clock's)


def clock_view(desk: Desk) -> ClockView:
    now = desk.clock_now()
    return ClockView(now["clock"], now["announcements"], now["on_clock"], now["status"], now["next_second_ms"])
