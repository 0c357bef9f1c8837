"""The blind clock: never ticks, always derived from recorded instants (docs/architecture.md: the clock).

The state holds a *base*: the level index and the time already elapsed in it at a recorded instant,
and whether it runs. Where the clock stands at any `now` follows from that alone, so a crash, a
restart or a laptop asleep for an hour resumes at the right second. When the structure runs out,
the last play level repeats (overtime) and the clock never sticks at 00:00.

All times are integer milliseconds (instants as POSIX ms), so no float ever enters the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import Level


@dataclass
class ClockBase:
    """Where the clock stood at `at_ms`: level `index`, `elapsed_ms` into it, running or not.

    `overtime` is set once the structure has run out: the last play level then repeats.
    """

    index: int = 0
    elapsed_ms: int = 0
    at_ms: int = 0
    running: bool = False
    started: bool = False
    overtime: bool = False


@dataclass(frozen=True)
class ClockPosition:
    index: int
    elapsed_ms: int
    remaining_ms: int
    overtime: bool


def position(levels: tuple[Level, ...], base: ClockBase, now_ms: int) -> ClockPosition:
    """The level and the time into it at `now_ms`, advancing through levels whose time has run out."""
    elapsed = base.elapsed_ms + (max(0, now_ms - base.at_ms) if base.running else 0)
    index = min(base.index, len(levels) - 1)
    overtime = base.overtime
    if not overtime:
        while index < len(levels) - 1 and elapsed >= levels[index].duration_ms:
            elapsed -= levels[index].duration_ms
            index += 1
        if elapsed >= levels[index].duration_ms:
            elapsed -= levels[index].duration_ms
            overtime = True
    if overtime:
        index = last_play_index(levels)
        if elapsed >= 0:  # below 0 is time the TD added: it stays added
            elapsed %= levels[index].duration_ms
    return ClockPosition(index, elapsed, levels[index].duration_ms - elapsed, overtime)


def last_play_index(levels: tuple[Level, ...]) -> int:
    return max(i for i, level in enumerate(levels) if not level.is_break)


def play_level_number(levels: tuple[Level, ...], index: int) -> int | None:
    """Play levels are numbered 1, 2, 3...; a break has no number."""
    if levels[index].is_break:
        return None
    return sum(1 for level in levels[: index + 1] if not level.is_break)


def index_of_play_level(levels: tuple[Level, ...], number: int) -> int:
    count = 0
    for i, level in enumerate(levels):
        if not level.is_break:
            count += 1
            if count == number:
                return i
    raise ValueError(f"no play level {number}")


def ms_until_index(levels: tuple[Level, ...], pos: ClockPosition, target: int) -> int | None:
    """Milliseconds from `pos` to the start of level `target` (None if it is behind us)."""
    if pos.overtime or target <= pos.index:
        return None
    return pos.remaining_ms + sum(levels[i].duration_ms for i in range(pos.index + 1, target))


def next_break_index(levels: tuple[Level, ...], index: int) -> int | None:
    for i in range(index + 1, len(levels)):
        if levels[i].is_break:
            return i
    return None


def registration_close_index(levels: tuple[Level, ...], until_level: int, through_break: bool) -> int:
    """The first level index at which late registration (and re-entry) is closed."""
    last_open = index_of_play_level(levels, until_level)
    if through_break and last_open + 1 < len(levels) and levels[last_open + 1].is_break:
        last_open += 1
    return last_open + 1


def base_at(levels: tuple[Level, ...], base: ClockBase, now_ms: int) -> ClockBase:
    """The same clock, re-anchored at `now_ms` (what a pause, an adjust or a jump starts from)."""
    pos = position(levels, base, now_ms)
    return ClockBase(pos.index, pos.elapsed_ms, now_ms, base.running, base.started, pos.overtime)
