"""The clock on a real file (docs/architecture.md: the clock) and the windows it opens and closes: late
registration and re-entry, rebuys, the add-on and the early-bird bonus (docs/rules.md: entries).

BASE_CONFIG's structure: level 1 (20 min), level 2 (20 min), a 10-minute break colouring up the 25s,
level 3 (20 min), level 4 (20 min); late registration until level 2 through the break.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import BASE_CONFIG, config
from tests.helpers.desks import refused, seat_players, started, table_mate
from tourneydesk.desk import Desk

MIN = 60




def clock_of(desk: Desk) -> dict[str, Any]:
    return desk.snapshot()["clock"]


def new_player(desk: Desk, name: str) -> str:
    return desk.execute({"type": "register", "name": name})["player"]


def buy_in(player: str) -> dict[str, Any]:
    return {"type": "buy_in", "player": player, "payment": "cash", "present": True}


# -- the clock never ticks ------------------------------------------------------------------------
def test_before_the_start_the_clock_shows_the_first_level_in_full(make_desk, clock):
    desk = make_desk()
    clock.advance(minutes=30)
    c = clock_of(desk)
    assert (c["index"], c["level"], c["running"], c["remaining_s"]) == (0, 1, False, 20 * MIN)
    assert desk.snapshot()["tournament"]["status"] == "setup"


def test_time_left_follows_the_wall_clock_after_the_start(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=5)
    c = clock_of(desk)
    assert c["running"] and c["remaining_s"] == 15 * MIN
    assert (c["small_blind"], c["big_blind"]) == (100, 200)


def test_the_clock_needs_two_players_to_start(make_desk):
    desk = make_desk()
    seat_players(desk, 1)
    refused(desk, {"type": "clock", "action": "start"}, "TOO_FEW_PLAYERS")


def test_a_started_clock_cannot_be_started_again(make_desk):
    desk, _ = started(make_desk)
    refused(desk, {"type": "clock", "action": "start"}, "CLOCK_STARTED")


def test_pause_freezes_the_time_left_and_resume_goes_on_from_there(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=5)
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=10)
    c = clock_of(desk)
    assert not c["running"] and c["remaining_s"] == 15 * MIN
    refused(desk, {"type": "clock", "action": "pause"}, "CLOCK_PAUSED")
    desk.execute({"type": "clock", "action": "resume"})
    clock.advance(minutes=1)
    c = clock_of(desk)
    assert c["running"] and c["remaining_s"] == 14 * MIN
    refused(desk, {"type": "clock", "action": "resume"}, "CLOCK_RUNNING")


def test_a_paused_clock_does_not_run_into_the_next_level(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=19)
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=45)
    c = clock_of(desk)
    assert (c["index"], c["remaining_s"]) == (0, 1 * MIN)


def test_adjust_adds_or_takes_off_a_minute(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=5)
    desk.execute({"type": "clock", "action": "adjust", "seconds": 60})
    assert clock_of(desk)["remaining_s"] == 16 * MIN
    desk.execute({"type": "clock", "action": "adjust", "seconds": -60})
    desk.execute({"type": "clock", "action": "adjust", "seconds": -60})
    assert clock_of(desk)["remaining_s"] == 14 * MIN
    clock.advance(minutes=4)
    assert clock_of(desk)["remaining_s"] == 10 * MIN


def test_one_minute_more_always_adds_a_minute_even_past_the_level_length_but_never_ends_it(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(seconds=1)  # 19:59 left of a 20-minute level
    desk.execute({"type": "clock", "action": "adjust", "seconds": 60})
    c = clock_of(desk)
    assert (c["index"], c["remaining_s"]) == (0, 20 * MIN + 59)
    clock.advance(minutes=20, seconds=58)
    assert (clock_of(desk)["index"], clock_of(desk)["remaining_s"]) == (0, 1)  # the added minute was played
    desk.execute({"type": "clock", "action": "adjust", "seconds": -3600})
    c = clock_of(desk)
    assert c["index"] == 0 and c["remaining_s"] >= 1
    desk.execute({"type": "clock", "action": "adjust", "seconds": 24 * 3600})
    assert clock_of(desk)["remaining_s"] == 24 * 3600  # a day at most


def test_minutes_added_in_overtime_stay_added(make_desk, clock):
    desk, _ = started(make_desk)
    desk.execute({"type": "clock", "action": "set", "index": 4})
    clock.advance(minutes=25)  # the structure ran out: the last level repeats
    assert clock_of(desk)["overtime"]
    left = clock_of(desk)["remaining_s"]
    desk.execute({"type": "clock", "action": "adjust", "seconds": 30 * 60})
    assert clock_of(desk)["remaining_s"] == left + 30 * 60


def test_adjust_with_a_fraction_of_a_second_is_refused(make_desk):
    desk, _ = started(make_desk)
    refused(desk, {"type": "clock", "action": "adjust", "seconds": 1.5}, "FIELD_INVALID")


def test_next_and_previous_jump_a_level_with_a_full_clock(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=7)
    desk.execute({"type": "clock", "action": "next"})
    c = clock_of(desk)
    assert (c["index"], c["level"], c["remaining_s"], c["big_blind"]) == (1, 2, 20 * MIN, 400)
    clock.advance(minutes=3)
    desk.execute({"type": "clock", "action": "previous"})
    c = clock_of(desk)
    assert (c["index"], c["level"], c["remaining_s"]) == (0, 1, 20 * MIN)
    refused(desk, {"type": "clock", "action": "previous"}, "NO_PREVIOUS_LEVEL")


def test_next_into_a_break_shows_the_break_with_its_full_time(make_desk):
    desk, _ = started(make_desk)
    desk.execute({"type": "clock", "action": "next"})
    desk.execute({"type": "clock", "action": "next"})
    c = clock_of(desk)
    assert (c["index"], c["on_break"], c["level"], c["remaining_s"]) == (2, True, None, 10 * MIN)


def test_set_puts_the_clock_on_a_level_with_the_time_left_given(make_desk, clock):
    desk, _ = started(make_desk)
    desk.execute({"type": "clock", "action": "set", "index": 3, "seconds": 300})
    c = clock_of(desk)
    assert (c["index"], c["level"], c["remaining_s"], c["big_blind"]) == (3, 3, 300, 600)
    desk.execute({"type": "clock", "action": "set", "seconds": 90})
    assert clock_of(desk)["remaining_s"] == 90
    desk.execute({"type": "clock", "action": "set", "index": 1})
    assert (clock_of(desk)["index"], clock_of(desk)["remaining_s"]) == (1, 20 * MIN)
    clock.advance(minutes=1)
    assert clock_of(desk)["remaining_s"] == 19 * MIN
    desk.execute({"type": "clock", "action": "set", "seconds": 45 * MIN})  # longer than the level: the TD's call
    assert (clock_of(desk)["index"], clock_of(desk)["remaining_s"]) == (1, 45 * MIN)


@pytest.mark.parametrize("cmd", [{"index": 5}, {"index": -1}, {"seconds": 0}, {"seconds": 24 * 3600 + 1},
                                 {"index": True}])
def test_set_outside_the_structure_is_refused(make_desk, cmd):
    desk, _ = started(make_desk)
    refused(desk, {"type": "clock", "action": "set", **cmd}, "FIELD_INVALID")


def test_clock_commands_before_the_start_are_refused(make_desk):
    desk = make_desk()
    seat_players(desk, 2)
    for action in ("pause", "resume", "next", "previous"):
        refused(desk, {"type": "clock", "action": action}, "CLOCK_NOT_STARTED")
    refused(desk, {"type": "clock", "action": "rewind"}, "FIELD_INVALID")


def test_levels_advance_by_themselves_when_their_time_runs_out(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=25)
    c = clock_of(desk)
    assert (c["index"], c["level"], c["remaining_s"]) == (1, 2, 15 * MIN)
    assert (c["small_blind"], c["big_blind"], c["ante"], c["ante_kind"]) == (200, 400, 400, "big_blind")


def test_the_clock_runs_into_the_break_showing_the_blinds_to_come_and_the_colour_up(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=43)
    snap = desk.snapshot()
    c = snap["clock"]
    assert c["on_break"] and c["level"] is None and c["index"] == 2
    assert c["remaining_s"] == 7 * MIN
    assert (c["small_blind"], c["big_blind"], c["ante"]) == (300, 600, 600)  # level 3, after the break
    assert c["color_up"] == [25]
    assert c["break_in_s"] is None
    assert any(a["kind"] == "color_up" and a["chips"] == [25] for a in snap["announcements"])


def test_after_the_break_the_next_level_starts_in_full(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=50)
    c = clock_of(desk)
    assert (c["index"], c["level"], c["on_break"], c["remaining_s"], c["color_up"]) == (3, 3, False, 20 * MIN, [])


def test_when_the_structure_runs_out_the_last_level_repeats(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=90)
    c = clock_of(desk)
    assert c["overtime"] and (c["index"], c["level"], c["remaining_s"]) == (4, 4, 20 * MIN)
    assert (c["small_blind"], c["big_blind"]) == (400, 800)
    for _ in range(30):
        clock.advance(seconds=47)
        c = clock_of(desk)
        assert c["overtime"] and c["level"] == 4
        assert 0 < c["remaining_s"] <= 20 * MIN


def test_next_at_the_last_level_goes_into_overtime_and_previous_comes_back(make_desk):
    desk, _ = started(make_desk)
    desk.execute({"type": "clock", "action": "set", "index": 4, "seconds": 60})
    desk.execute({"type": "clock", "action": "next"})
    c = clock_of(desk)
    assert c["overtime"] and c["index"] == 4 and c["remaining_s"] == 20 * MIN
    desk.execute({"type": "clock", "action": "previous"})
    c = clock_of(desk)
    assert not c["overtime"] and c["index"] == 4 and c["remaining_s"] == 20 * MIN


# -- a reopened file resumes at the right second -------------------------------------------------
def test_a_reopened_file_resumes_at_the_right_second(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=5)
    path = desk.path
    desk.close()
    clock.advance(minutes=22)  # the laptop was off while the clock ran on
    with Desk.open(path, now=clock) as again:
        c = clock_of(again)
        assert (c["index"], c["level"], c["remaining_s"], c["running"]) == (1, 2, 13 * MIN, True)


def test_a_reopened_file_with_the_clock_paused_stays_paused(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=5, seconds=17)
    desk.execute({"type": "clock", "action": "pause"})
    path = desk.path
    desk.close()
    clock.advance(minutes=200)
    with Desk.open(path, now=clock) as again:
        c = clock_of(again)
        assert (c["index"], c["remaining_s"], c["running"]) == (0, 14 * MIN + 43, False)
        again.execute({"type": "clock", "action": "resume"})
        clock.advance(minutes=1)
        assert clock_of(again)["remaining_s"] == 13 * MIN + 43


def test_a_reopened_file_shows_the_same_snapshot(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=12)
    desk.execute({"type": "clock", "action": "adjust", "seconds": -30})
    path = desk.path
    clock.advance(minutes=3)
    before = desk.snapshot()
    desk.close()
    with Desk.open(path, now=clock) as again:
        assert again.snapshot() == before


# -- what the room sees coming ------------------------------------------------------------------
def test_the_snapshot_shows_the_next_level(make_desk, clock):
    desk, _ = started(make_desk)
    nxt = clock_of(desk)["next"]
    assert (nxt["index"], nxt["level"], nxt["small_blind"], nxt["big_blind"], nxt["is_break"]) == (1, 2, 200, 400,
                                                                                                   False)
    clock.advance(minutes=25)
    nxt = clock_of(desk)["next"]
    assert nxt["is_break"] and nxt["level"] is None and nxt["minutes"] == 10 and nxt["color_up"] == [25]


def test_the_snapshot_counts_down_to_the_next_break(make_desk, clock):
    desk, _ = started(make_desk)
    assert clock_of(desk)["break_in_s"] == 40 * MIN
    clock.advance(minutes=27, seconds=30)
    assert clock_of(desk)["break_in_s"] == 12 * MIN + 30
    clock.advance(minutes=30)  # level 3: no break left in the structure
    assert clock_of(desk)["break_in_s"] is None


def test_the_snapshot_counts_down_to_the_end_of_late_registration(make_desk, clock):
    desk, _ = started(make_desk)
    c = clock_of(desk)
    assert c["registration_open"] and c["registration_closes_in_s"] == 50 * MIN  # end of the break
    clock.advance(minutes=44)
    c = clock_of(desk)
    assert c["registration_open"] and c["registration_closes_in_s"] == 6 * MIN
    clock.advance(minutes=6)
    c = clock_of(desk)
    assert not c["registration_open"] and c["registration_closes_in_s"] is None


def test_the_snapshot_counts_down_to_the_end_of_late_registration_paused(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=10)
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=60)
    c = clock_of(desk)
    assert c["registration_open"] and c["registration_closes_in_s"] == 40 * MIN


# -- the tournament's status ---------------------------------------------------------------------
def test_the_tournament_runs_from_the_clock_start_to_the_last_player(make_desk, clock):
    desk = make_desk()
    a, b = seat_players(desk, 2)
    assert desk.snapshot()["tournament"]["status"] == "setup"
    desk.execute({"type": "clock", "action": "start"})
    assert desk.snapshot()["tournament"]["status"] == "running"
    clock.advance(minutes=55)  # level 3: late registration is over
    result = desk.execute({"type": "bust", "entry": a, "by": [b]})
    assert result["finished"] and result["winner"] == b
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert not snap["clock"]["running"]
    refused(desk, {"type": "clock", "action": "resume"}, "TOURNAMENT_FINISHED")


def test_the_clock_stops_where_the_tournament_finished(make_desk, clock):
    desk = make_desk()
    a, b = seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=55)
    desk.execute({"type": "bust", "entry": a, "by": [b]})
    shown = clock_of(desk)
    assert (shown["index"], shown["level"], shown["remaining_s"]) == (3, 3, 15 * MIN)
    clock.advance(minutes=60)
    assert clock_of(desk) == shown


def test_the_last_player_while_registration_is_open_does_not_finish_it(make_desk, clock):
    desk, (a, b) = started(make_desk, players=2)
    clock.advance(minutes=5)
    result = desk.execute({"type": "bust", "entry": a, "by": [b]})
    assert not result.get("finished")
    assert desk.snapshot()["tournament"]["status"] == "running"


# -- late registration and re-entry --------------------------------------------------------------
def test_late_registration_through_the_break_is_open_until_the_break_ends(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=49)  # on the break after level 2
    desk.execute(buy_in(new_player(desk, "Late Lou")))
    clock.advance(minutes=1)  # level 3
    assert not clock_of(desk)["registration_open"]
    err = refused(desk, buy_in(new_player(desk, "Too Late Tim")), "REGISTRATION_CLOSED")
    assert "closed" in err.message


def test_late_registration_without_the_break_closes_when_its_level_ends(make_desk, clock):
    desk, _ = started(make_desk, config(registration={"until_level": 2, "through_break": False}))
    c = clock_of(desk)
    assert c["registration_closes_in_s"] == 40 * MIN
    clock.advance(minutes=39, seconds=59)
    desk.execute(buy_in(new_player(desk, "Just In Time")))
    clock.advance(seconds=1)  # the break begins
    assert clock_of(desk)["on_break"] and not clock_of(desk)["registration_open"]
    refused(desk, buy_in(new_player(desk, "Too Late Tim")), "REGISTRATION_CLOSED")


def test_late_registration_closing_after_level_one(make_desk, clock):
    desk, _ = started(make_desk, config(registration={"until_level": 1, "through_break": True}))
    assert clock_of(desk)["registration_closes_in_s"] == 20 * MIN  # no break follows level 1
    clock.advance(minutes=20)
    refused(desk, buy_in(new_player(desk, "Late Lou")), "REGISTRATION_CLOSED")


def test_reentry_after_late_registration_is_refused(make_desk, clock):
    desk, (a, b, c) = started(make_desk)
    clock.advance(minutes=10)
    desk.execute({"type": "bust", "entry": a, "by": [table_mate(desk, a)]})
    player = desk.state.entries[a].player
    clock.advance(minutes=40)  # level 3
    refused(desk, buy_in(player), "REGISTRATION_CLOSED")


def test_reentry_during_late_registration_is_taken(make_desk, clock):
    desk, (a, b, c) = started(make_desk)
    clock.advance(minutes=10)
    desk.execute({"type": "bust", "entry": a, "by": [table_mate(desk, a)]})
    clock.advance(minutes=35)  # the break after level 2
    result = desk.execute(buy_in(desk.state.entries[a].player))
    assert result["reentry"]


def test_registration_is_open_before_the_clock_starts(make_desk, clock):
    desk = make_desk()
    clock.advance(minutes=500)
    seat_players(desk, 3)
    assert clock_of(desk)["registration_open"]


def test_a_paused_clock_keeps_late_registration_open(make_desk, clock):
    desk, _ = started(make_desk)
    clock.advance(minutes=49)
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=30)
    desk.execute(buy_in(new_player(desk, "Late Lou")))


# -- rebuys ---------------------------------------------------------------------------------------
REBUY_CONFIG = config(rebuy={"until_level": 1, "chips": 10000, "price": {"prize": 4000, "fee": 500}})


def test_a_rebuy_is_taken_until_the_end_of_its_level(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, REBUY_CONFIG)
    clock.advance(minutes=19, seconds=59)
    result = desk.execute({"type": "rebuy", "present": True, "entry": a, "payment": "cash", "stack": 5000})
    assert result["chips"] == 10000 and result["price"] == {"prize": 4000, "bounty": 0, "fee": 500}
    snap = desk.snapshot()
    assert snap["counts"]["rebuys"] == 1
    assert snap["chips"]["in_play"] == 3 * 20000 + 10000


def test_a_rebuy_after_its_level_is_refused(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, REBUY_CONFIG)
    clock.advance(minutes=20)
    err = refused(desk, {"type": "rebuy", "present": True, "entry": a, "payment": "cash", "stack": 5000},
                  "REBUY_CLOSED")
    assert err.params["until_level"] == 1


def test_a_rebuy_during_the_break_after_its_level_is_refused(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, config(rebuy={"until_level": 2}))
    clock.advance(minutes=39)
    desk.execute({"type": "rebuy", "present": True, "entry": a, "payment": "cash", "stack": 100})
    clock.advance(minutes=2)  # the break after level 2
    refused(desk, {"type": "rebuy", "present": True, "entry": a, "payment": "cash", "stack": 100}, "REBUY_CLOSED")


def test_a_rebuy_in_a_tournament_without_rebuys_is_refused(make_desk):
    desk, (a, _b, _c) = started(make_desk)
    refused(desk, {"type": "rebuy", "present": True, "entry": a, "payment": "cash", "stack": 0}, "REBUY_NOT_ALLOWED")


# -- the add-on ---------------------------------------------------------------------------------
ADD_ON_CONFIG = config(add_on={"at_break_after_level": 2, "chips": 30000, "price": {"prize": 5000, "fee": 0}})


def test_the_add_on_is_closed_before_its_break(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, ADD_ON_CONFIG)
    clock.advance(minutes=39)
    assert not clock_of(desk)["add_on_open"]
    err = refused(desk, {"type": "add_on", "present": True, "entry": a, "payment": "cash"}, "ADD_ON_CLOSED")
    assert err.params["at_break_after_level"] == 2


def test_the_add_on_is_open_during_the_break_after_its_level(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, ADD_ON_CONFIG)
    clock.advance(minutes=41)
    snap = desk.snapshot()
    assert snap["clock"]["add_on_open"]
    assert any(n["kind"] == "add_on_open" for n in snap["announcements"])
    result = desk.execute({"type": "add_on", "present": True, "entry": a, "payment": "card"})
    assert result["chips"] == 30000
    snap = desk.snapshot()
    assert snap["counts"]["add_ons"] == 1
    assert snap["chips"]["in_play"] == 3 * 20000 + 30000
    assert snap["money"]["drawer"]["card"] == 5000


def test_the_add_on_closes_when_its_break_ends(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, ADD_ON_CONFIG)
    clock.advance(minutes=50)
    assert not clock_of(desk)["add_on_open"]
    refused(desk, {"type": "add_on", "present": True, "entry": a, "payment": "cash"}, "ADD_ON_CLOSED")


def test_the_add_on_is_closed_before_the_clock_starts(make_desk):
    desk = make_desk(ADD_ON_CONFIG)
    a, _b = seat_players(desk, 2)
    assert not clock_of(desk)["add_on_open"]
    refused(desk, {"type": "add_on", "present": True, "entry": a, "payment": "cash"}, "ADD_ON_CLOSED")


def test_the_add_on_is_taken_once(make_desk, clock):
    desk, (a, _b, _c) = started(make_desk, ADD_ON_CONFIG)
    clock.advance(minutes=41)
    desk.execute({"type": "add_on", "present": True, "entry": a, "payment": "cash"})
    refused(desk, {"type": "add_on", "present": True, "entry": a, "payment": "cash"}, "ADD_ON_LIMIT")


# -- the early bird -------------------------------------------------------------------------------
EARLY_BIRD_CONFIG = config(early_bird={"chips": 5000, "until_level": 1})


def test_an_early_bird_gets_the_bonus_chips_before_its_level_ends(make_desk, clock):
    desk = make_desk(EARLY_BIRD_CONFIG)
    first = desk.execute(buy_in(new_player(desk, "Early Ed")))
    assert first["chips"] == 25000
    desk.execute(buy_in(new_player(desk, "Early Eve")))
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=19, seconds=59)
    assert desk.execute(buy_in(new_player(desk, "Still Early Sam")))["chips"] == 25000
    assert desk.snapshot()["chips"]["in_play"] == 3 * 25000


def test_no_early_bird_bonus_after_its_level(make_desk, clock):
    desk = make_desk(EARLY_BIRD_CONFIG)
    seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=20)
    late = desk.execute(buy_in(new_player(desk, "Late Lou")))
    assert late["chips"] == 20000
    assert desk.snapshot()["chips"]["in_play"] == 2 * 25000 + 20000


def test_clock_of_a_fresh_desk_uses_the_fake_clock(tmp_path):
    fake = FakeClock()
    with Desk.create(tmp_path / "x.tdesk", config(BASE_CONFIG), now=fake, seed=3) as desk:
        seat_players(desk, 2)
        desk.execute({"type": "clock", "action": "start"})
        fake.advance(minutes=1)
        assert clock_of(desk)["remaining_s"] == 19 * MIN
