"""The blind clock as pure arithmetic (docs/architecture.md: the clock): where the clock stands follows from the
recorded base and `now` alone; levels run out into the next, breaks have no number, the last play
level repeats when the structure runs out, and late registration closes where the config says."""

from __future__ import annotations

import pytest

from tourneydesk.core.arithmetic.clock import (
    ClockBase,
    base_at,
    index_of_play_level,
    last_play_index,
    ms_until_index,
    next_break_index,
    play_level_number,
    position,
    registration_close_index,
)
from tourneydesk.core.config import Level

MIN = 60_000
T = 1_767_000_000_000  # an instant, in POSIX ms


def play(minutes: int, small: int, big: int, ante: int = 0) -> Level:
    return Level(minutes=minutes, small_blind=small, big_blind=big, ante=ante,
                 ante_kind="big_blind" if ante else "none")


def brk(minutes: int, *color_up: int) -> Level:
    return Level(minutes=minutes, is_break=True, color_up=tuple(color_up))


# index: 0 = level 1, 1 = level 2, 2 = break, 3 = level 3, 4 = level 4
LEVELS = (play(20, 100, 200), play(20, 200, 400, 400), brk(10, 25), play(20, 300, 600, 600),
          play(20, 400, 800, 800))


def running(index: int = 0, elapsed_ms: int = 0, at_ms: int = T) -> ClockBase:
    return ClockBase(index=index, elapsed_ms=elapsed_ms, at_ms=at_ms, running=True, started=True)


def paused(index: int = 0, elapsed_ms: int = 0, at_ms: int = T) -> ClockBase:
    return ClockBase(index=index, elapsed_ms=elapsed_ms, at_ms=at_ms, running=False, started=True)


# -- position -------------------------------------------------------------------------------------
def test_time_left_is_the_level_less_the_time_since_the_clock_started():
    pos = position(LEVELS, running(), T + 5 * MIN)
    assert (pos.index, pos.elapsed_ms, pos.remaining_ms, pos.overtime) == (0, 5 * MIN, 15 * MIN, False)


def test_a_paused_clock_shows_the_same_time_however_long_the_pause():
    base = paused(0, 5 * MIN)
    assert position(LEVELS, base, T) == position(LEVELS, base, T + 3 * 60 * MIN)
    assert position(LEVELS, base, T + 3 * 60 * MIN).remaining_ms == 15 * MIN


def test_a_level_whose_time_runs_out_gives_way_to_the_next_one():
    pos = position(LEVELS, running(), T + 25 * MIN)
    assert (pos.index, pos.remaining_ms) == (1, 15 * MIN)


def test_the_clock_runs_from_a_level_into_the_break_after_it():
    pos = position(LEVELS, running(), T + 45 * MIN)
    assert (pos.index, pos.remaining_ms, pos.overtime) == (2, 5 * MIN, False)
    assert LEVELS[pos.index].is_break


def test_a_level_starts_with_its_full_time_at_the_exact_boundary():
    pos = position(LEVELS, running(), T + 20 * MIN)
    assert (pos.index, pos.elapsed_ms, pos.remaining_ms) == (1, 0, 20 * MIN)


def test_when_the_structure_runs_out_the_last_level_repeats_and_never_sticks_at_zero():
    end = sum(level.duration_ms for level in LEVELS)  # 90 minutes
    for after in (0, 1, 5 * MIN, 20 * MIN - 1, 20 * MIN, 20 * MIN + 1, 7 * 60 * MIN + 3):
        pos = position(LEVELS, running(), T + end + after)
        assert pos.overtime
        assert pos.index == 4
        assert 0 < pos.remaining_ms <= 20 * MIN
        assert pos.remaining_ms == 20 * MIN - after % (20 * MIN)


def test_the_last_second_of_the_structure_is_not_overtime_yet():
    end = sum(level.duration_ms for level in LEVELS)
    pos = position(LEVELS, running(), T + end - 1000)
    assert (pos.index, pos.remaining_ms, pos.overtime) == (4, 1000, False)


def test_a_clock_already_in_overtime_keeps_repeating_the_last_level():
    base = ClockBase(index=4, elapsed_ms=2 * MIN, at_ms=T, running=True, started=True, overtime=True)
    pos = position(LEVELS, base, T + 30 * MIN)
    assert (pos.index, pos.elapsed_ms, pos.overtime) == (4, 12 * MIN, True)


def test_an_instant_before_the_anchor_does_not_turn_the_clock_back():
    assert position(LEVELS, running(1, 3 * MIN), T - 10 * MIN).elapsed_ms == 3 * MIN


def test_a_clock_anchored_past_a_shortened_structure_stays_on_its_last_level():
    short = LEVELS[:2]
    pos = position(short, paused(4, 0), T)
    assert pos.index == 1


# -- base_at: re-anchoring ------------------------------------------------------------------------
@pytest.mark.parametrize("minutes", [0, 7, 20, 44, 50, 89, 95, 300])
def test_re_anchoring_the_clock_changes_nothing_the_room_sees(minutes):
    base = running()
    now = T + minutes * MIN
    anchored = base_at(LEVELS, base, now)
    assert anchored.at_ms == now and anchored.running and anchored.started
    for later in (0, 1000, 13 * MIN, 2 * 60 * MIN):
        assert position(LEVELS, anchored, now + later) == position(LEVELS, base, now + later)


def test_re_anchoring_a_paused_clock_keeps_it_paused_at_the_same_second():
    base = paused(1, 4 * MIN, T)
    anchored = base_at(LEVELS, base, T + 60 * MIN)
    assert (anchored.index, anchored.elapsed_ms, anchored.running) == (1, 4 * MIN, False)


def test_re_anchoring_in_overtime_records_the_overtime():
    anchored = base_at(LEVELS, running(), T + 100 * MIN)
    assert anchored.overtime and anchored.index == 4 and anchored.elapsed_ms == 10 * MIN


# -- level numbers and breaks ----------------------------------------------------------------------
def test_play_levels_are_numbered_and_breaks_are_not():
    assert [play_level_number(LEVELS, i) for i in range(len(LEVELS))] == [1, 2, None, 3, 4]
    assert [index_of_play_level(LEVELS, n) for n in (1, 2, 3, 4)] == [0, 1, 3, 4]
    with pytest.raises(ValueError):
        index_of_play_level(LEVELS, 5)


def test_the_next_break_and_the_last_play_level():
    assert next_break_index(LEVELS, 0) == 2
    assert next_break_index(LEVELS, 2) is None
    assert last_play_index(LEVELS) == 4


# -- registration closing --------------------------------------------------------------------------
def test_late_registration_closes_at_the_end_of_its_level():
    assert registration_close_index(LEVELS, 2, through_break=False) == 2  # closed from the break on


def test_late_registration_through_the_break_closes_when_the_break_ends():
    assert registration_close_index(LEVELS, 2, through_break=True) == 3


def test_through_break_changes_nothing_when_no_break_follows_the_level():
    assert registration_close_index(LEVELS, 1, through_break=True) == 1
    assert registration_close_index(LEVELS, 3, through_break=True) == 4


def test_late_registration_until_the_last_level_closes_only_when_the_structure_ends():
    assert registration_close_index(LEVELS, 4, through_break=False) == len(LEVELS)


# -- time until a level ---------------------------------------------------------------------------
def test_time_until_a_later_level_counts_the_rest_of_this_one_and_those_between():
    pos = position(LEVELS, running(), T + 5 * MIN)
    assert ms_until_index(LEVELS, pos, 1) == 15 * MIN
    assert ms_until_index(LEVELS, pos, 2) == 35 * MIN  # the break
    assert ms_until_index(LEVELS, pos, 3) == 45 * MIN


def test_time_until_a_level_already_reached_is_none():
    pos = position(LEVELS, running(), T + 25 * MIN)
    assert ms_until_index(LEVELS, pos, 1) is None
    assert ms_until_index(LEVELS, pos, 0) is None


def test_in_overtime_no_level_is_ahead():
    pos = position(LEVELS, running(), T + 200 * MIN)
    assert ms_until_index(LEVELS, pos, 4) is None
    assert ms_until_index(LEVELS, pos, 5) is None
