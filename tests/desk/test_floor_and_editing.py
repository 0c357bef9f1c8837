"""The floor (docs/rules.md: the floor): hand-for-hand, sit-out penalties, a player on the clock; the house
editing the structure, the payouts and the settings while play goes on (UPPS 7.3); chips leaving
play at a colour-up; and the short-handed ante of PKR4U 16."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.configs import config
from tests.helpers.desks import entry_view, refused, seat_players, started, table_mate
from tourneydesk.desk import Desk

MIN = 60




def bust(desk: Desk, entry: str) -> dict[str, Any]:
    return desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})


# -- hand-for-hand --------------------------------------------------------------------------------
def test_hand_for_hand_counts_the_hands_and_busts_carry_their_hand(make_desk, clock):
    desk, (a, b, c, *_) = started(make_desk, players=8)  # far from the money: it does not end by itself
    assert desk.execute({"type": "hand_for_hand", "action": "on"})["hand"] == 1
    c1 = desk.snapshot()["clock"]
    assert c1["hand_for_hand"] and c1["hand"] == 1
    bust(desk, a)
    assert desk.execute({"type": "hand_for_hand", "action": "next"})["hand"] == 2
    bust(desk, b)
    snap = desk.snapshot()
    assert snap["clock"]["hand"] == 2
    hands = {e["id"]: e["hand"] for e in snap["entries"]}
    assert (hands[a], hands[b], hands[c]) == (1, 2, None)
    assert any(n["kind"] == "hand_for_hand" and n["hand"] == 2 for n in snap["announcements"])


def test_hand_for_hand_off_clears_the_hand_number(make_desk):
    desk, (a, _b, _c, _d) = started(make_desk, players=4)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    desk.execute({"type": "hand_for_hand", "action": "next"})
    desk.execute({"type": "hand_for_hand", "action": "off"})
    c = desk.snapshot()["clock"]
    assert not c["hand_for_hand"] and c["hand"] is None
    bust(desk, a)
    assert entry_view(desk, a)["hand"] is None


def test_hand_for_hand_commands_out_of_turn_are_refused(make_desk):
    desk, _ = started(make_desk, players=4)
    refused(desk, {"type": "hand_for_hand", "action": "next"}, "HAND_FOR_HAND_OFF")
    refused(desk, {"type": "hand_for_hand", "action": "off"}, "HAND_FOR_HAND_OFF")
    desk.execute({"type": "hand_for_hand", "action": "on"})
    refused(desk, {"type": "hand_for_hand", "action": "on"}, "HAND_FOR_HAND_ON")
    refused(desk, {"type": "hand_for_hand", "action": "pause"}, "FIELD_INVALID")


# -- penalties ------------------------------------------------------------------------------------
def test_a_penalty_in_minutes_counts_down_with_the_clock(make_desk, clock):
    desk, (a, *_rest) = started(make_desk, players=4)
    desk.execute({"type": "penalty", "entry": a, "minutes": 3, "reason": "showed cards (PKR4U 4)"})
    penalty = entry_view(desk, a)["penalty"]
    assert penalty["minutes"] == 3 and penalty["reason"] == "showed cards (PKR4U 4)"
    assert penalty["remaining_s"] == 3 * MIN
    clock.advance(minutes=1, seconds=20)
    assert entry_view(desk, a)["penalty"]["remaining_s"] == 100
    clock.advance(minutes=5)
    assert entry_view(desk, a)["penalty"]["remaining_s"] == 0


def test_a_penalty_in_hands_is_recorded_with_its_hands(make_desk, clock):
    desk, (a, *_rest) = started(make_desk, players=4)
    desk.execute({"type": "penalty", "entry": a, "hands": 2, "reason": "abusive language"})
    penalty = entry_view(desk, a)["penalty"]
    assert penalty["hands"] == 2 and penalty["reason"] == "abusive language"
    assert "remaining_s" not in penalty


def test_the_penalty_is_not_published_to_the_website(make_desk):
    from tourneydesk.core.read_models.snapshot import public

    desk, (a, *_rest) = started(make_desk, players=4)
    desk.execute({"type": "penalty", "entry": a, "hands": 1, "reason": "phone at the table"})
    assert all("penalty" not in e for e in public(desk.snapshot())["entries"])


@pytest.mark.parametrize("fields", [{"minutes": 2, "hands": 2}, {}, {"minutes": 0}, {"hands": 121},
                                    {"minutes": 1.5}])
def test_a_penalty_without_one_clear_length_is_refused(make_desk, fields):
    desk, (a, *_rest) = started(make_desk, players=4)
    refused(desk, {"type": "penalty", "entry": a, "reason": "slow roll", **fields}, "FIELD_INVALID")


def test_a_penalty_needs_a_reason(make_desk):
    desk, (a, *_rest) = started(make_desk, players=4)
    refused(desk, {"type": "penalty", "entry": a, "minutes": 1, "reason": "  "}, "REASON_REQUIRED")


def test_a_penalty_on_a_busted_entry_is_refused(make_desk):
    desk, (a, *_rest) = started(make_desk, players=4)
    bust(desk, a)
    refused(desk, {"type": "penalty", "entry": a, "minutes": 1, "reason": "late"}, "ENTRY_NOT_ACTIVE")


# -- a player on the clock ----------------------------------------------------------------------
def test_a_player_on_the_clock_shows_a_countdown_that_disappears_when_it_runs_out(make_desk, clock):
    desk, (a, *_rest) = started(make_desk, players=4)
    desk.execute({"type": "player_clock", "entry": a, "seconds": 30})
    on = desk.snapshot()["on_clock"]
    assert on == [{"entry": a, "name": "Player 1", "remaining_s": 30}]
    clock.advance(seconds=10)
    assert desk.snapshot()["on_clock"][0]["remaining_s"] == 20
    clock.advance(seconds=19.5)
    assert desk.snapshot()["on_clock"][0]["remaining_s"] == 1
    clock.advance(seconds=0.5)
    assert desk.snapshot()["on_clock"] == []


def test_a_player_taken_off_the_clock_disappears_at_once(make_desk, clock):
    desk, (a, b, *_rest) = started(make_desk, players=4)
    desk.execute({"type": "player_clock", "entry": a, "seconds": 60})
    desk.execute({"type": "player_clock", "entry": b, "seconds": 60})
    desk.execute({"type": "player_clock", "entry": a, "seconds": 0})
    assert [o["entry"] for o in desk.snapshot()["on_clock"]] == [b]


def test_a_player_busted_while_on_the_clock_leaves_the_countdown(make_desk):
    desk, (a, *_rest) = started(make_desk, players=4)
    desk.execute({"type": "player_clock", "entry": a, "seconds": 60})
    bust(desk, a)
    assert desk.snapshot()["on_clock"] == []


def test_putting_a_busted_entry_on_the_clock_is_refused(make_desk):
    desk, (a, *_rest) = started(make_desk, players=4)
    bust(desk, a)
    refused(desk, {"type": "player_clock", "entry": a, "seconds": 30}, "ENTRY_NOT_ACTIVE")


@pytest.mark.parametrize("seconds", [-1, 601, 2.5, True, None])
def test_a_player_clock_of_an_odd_length_is_refused(make_desk, seconds):
    desk, (a, *_rest) = started(make_desk, players=4)
    refused(desk, {"type": "player_clock", "entry": a, "seconds": seconds}, "FIELD_INVALID")


# -- editing the structure while it runs (UPPS 7.3) -----------------------------------------------
def levels_of(desk: Desk) -> list[dict[str, Any]]:
    return [dict(level) for level in desk.state.config.to_dict()["levels"]]


def test_changing_the_running_levels_blinds_keeps_its_time(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=25)  # level 2, 15 minutes left
    levels = levels_of(desk)
    levels[1].update(small_blind=250, big_blind=500, ante=500)
    desk.execute({"type": "edit_structure", "levels": levels})
    c = desk.snapshot()["clock"]
    assert (c["index"], c["remaining_s"]) == (1, 15 * MIN)
    assert (c["small_blind"], c["big_blind"], c["ante"]) == (250, 500, 500)
    clock.advance(minutes=5)
    assert desk.snapshot()["clock"]["remaining_s"] == 10 * MIN


def test_lengthening_the_running_level_adds_to_its_time_left(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=25)
    levels = levels_of(desk)
    levels[1]["minutes"] = 30
    desk.execute({"type": "edit_structure", "levels": levels})
    assert desk.snapshot()["clock"]["remaining_s"] == 25 * MIN


def test_changing_a_later_level_shows_in_the_next_level(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    levels = levels_of(desk)
    levels[1].update(small_blind=150, big_blind=300, ante=300)
    desk.execute({"type": "edit_structure", "levels": levels})
    nxt = desk.snapshot()["clock"]["next"]
    assert (nxt["small_blind"], nxt["big_blind"]) == (150, 300)


def test_changing_a_level_already_played_is_refused(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=25)
    levels = levels_of(desk)
    levels[0]["minutes"] = 15
    err = refused(desk, {"type": "edit_structure", "levels": levels}, "PAST_LEVELS_CHANGED")
    assert err.params["index"] == 1


def test_cutting_the_structure_before_the_running_level_is_refused(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=45)  # on the break
    refused(desk, {"type": "edit_structure", "levels": levels_of(desk)[:2]}, "PAST_LEVELS_CHANGED")


def test_an_invalid_structure_is_refused_with_the_field(make_desk):
    desk, _ = started(make_desk, players=4)
    levels = levels_of(desk)
    levels[3]["big_blind"] = 100
    err = refused(desk, {"type": "edit_structure", "levels": levels}, "CONFIG_INVALID")
    assert err.params["field"] == "levels[3].big_blind"


def test_adding_levels_during_overtime_lets_the_clock_go_on_to_them(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=95)  # overtime: level 4 repeats, 15 minutes left
    c = desk.snapshot()["clock"]
    assert c["overtime"] and c["level"] == 4 and c["remaining_s"] == 15 * MIN
    levels = levels_of(desk) + [
        {"small_blind": 500, "big_blind": 1000, "ante": 1000, "ante_kind": "big_blind", "minutes": 20},
        {"small_blind": 600, "big_blind": 1200, "ante": 1200, "ante_kind": "big_blind", "minutes": 20},
    ]
    desk.execute({"type": "edit_structure", "levels": levels})
    c = desk.snapshot()["clock"]
    assert (c["level"], c["big_blind"], c["remaining_s"], c["overtime"]) == (4, 800, 15 * MIN, False)
    clock.advance(minutes=15)
    c = desk.snapshot()["clock"]
    assert (c["level"], c["big_blind"], c["remaining_s"]) == (5, 1000, 20 * MIN)


def test_adding_levels_while_paused_in_overtime_resumes_into_them(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=100)
    desk.execute({"type": "clock", "action": "pause"})  # anchored in overtime, 10 minutes left
    clock.advance(minutes=30)
    levels = levels_of(desk) + [
        {"small_blind": 500, "big_blind": 1000, "ante": 1000, "ante_kind": "big_blind", "minutes": 20}]
    desk.execute({"type": "edit_structure", "levels": levels})
    c = desk.snapshot()["clock"]
    assert (c["level"], c["remaining_s"], c["running"], c["next"]["level"]) == (4, 10 * MIN, False, 5)
    desk.execute({"type": "clock", "action": "resume"})
    clock.advance(minutes=11)
    c = desk.snapshot()["clock"]
    assert (c["level"], c["remaining_s"], c["overtime"]) == (5, 19 * MIN, False)
    clock.advance(minutes=19)
    c = desk.snapshot()["clock"]
    assert (c["level"], c["remaining_s"], c["overtime"]) == (5, 20 * MIN, True)


def test_a_structure_edit_replays_to_the_same_clock(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=95)
    levels = levels_of(desk) + [
        {"small_blind": 500, "big_blind": 1000, "ante": 1000, "ante_kind": "big_blind", "minutes": 20}]
    desk.execute({"type": "edit_structure", "levels": levels})
    clock.advance(minutes=17)
    before = desk.snapshot()
    desk.rebuild()
    assert desk.snapshot() == before
    path = desk.path
    desk.close()
    with Desk.open(path, now=clock) as again:
        assert again.snapshot() == before
        assert before["clock"]["level"] == 5


def test_before_the_start_the_whole_structure_may_change(make_desk):
    desk = make_desk()
    seat_players(desk, 2)
    levels = levels_of(desk)
    levels[0].update(small_blind=50, big_blind=100, minutes=30)
    desk.execute({"type": "edit_structure", "levels": levels})
    c = desk.snapshot()["clock"]
    assert (c["big_blind"], c["remaining_s"], c["started"]) == (100, 30 * MIN, False)


# -- editing the payouts ------------------------------------------------------------------------
def test_new_payout_places_change_the_payouts(make_desk):
    desk, _ = started(make_desk, players=7)
    desk.execute({"type": "edit_payouts", "places": [6000, 4000]})
    snap = desk.snapshot()
    pool = snap["money"]["prize_pool"]
    assert [p["amount"] for p in snap["payouts"]] == [pool * 6 // 10, pool * 4 // 10]


@pytest.mark.parametrize("places", [[6000, 3000], [4000, 6000], [10000, 0], [], "6000,4000", [6000.0, 4000]])
def test_payout_places_that_do_not_make_a_prize_structure_are_refused(make_desk, places):
    desk, _ = started(make_desk, players=7)
    refused(desk, {"type": "edit_payouts", "places": places}, "PAYOUTS_INVALID")


# -- editing the settings -------------------------------------------------------------------------
def test_payout_rounding_applies_to_every_place_but_first(make_desk):
    desk, _ = started(make_desk, players=7)
    desk.execute({"type": "edit_config", "set": {"payouts.rounding": 500}})
    snap = desk.snapshot()
    amounts = [p["amount"] for p in snap["payouts"]]
    assert len(amounts) == 3
    assert all(a % 500 == 0 for a in amounts[1:])
    assert sum(amounts) == snap["money"]["prize_pool"] == 7 * 8000
    assert amounts == [28500, 16500, 11000]


@pytest.mark.parametrize(("changes", "field"), [
    ({"payouts.rounding": 0}, "payouts.rounding"),
    ({"payouts.rounding": "500"}, "payouts.rounding"),
    ({"seating.moved_player_waits": "never"}, "seating.moved_player_waits"),
    ({"registration.until_level": 9}, "registration.until_level"),
    ({"payouts.roundnig": 500}, "payouts.roundnig"),
])
def test_an_invalid_setting_is_refused_naming_the_field(make_desk, changes, field):
    desk, _ = started(make_desk, players=4)
    err = refused(desk, {"type": "edit_config", "set": changes}, "CONFIG_INVALID")
    assert err.params["field"] == field


def test_fewer_seats_than_a_player_sits_in_is_refused(make_desk):
    desk, _ = started(make_desk, players=9)
    err = refused(desk, {"type": "edit_config", "set": {"seating.seats_per_table": 8,
                                                         "seating.final_table_size": 8}}, "TABLE_IN_USE")
    assert err.params["table"] == 1


def test_fewer_seats_than_the_final_table_is_refused_naming_the_final_table(make_desk):
    desk, _ = started(make_desk, players=2)
    err = refused(desk, {"type": "edit_config", "set": {"seating.seats_per_table": 8}}, "CONFIG_INVALID")
    assert err.params["field"] == "seating.final_table_size"


def test_fewer_seats_above_every_occupied_seat_is_accepted(make_desk):
    desk, _ = started(make_desk, players=2)
    seats = max(2, max(int(s) for t in desk.snapshot()["tables"] for s in t["seats"]))
    desk.execute({"type": "edit_config", "set": {"seating.seats_per_table": seats,
                                                 "seating.final_table_size": seats}})
    assert desk.state.config.seating.seats_per_table == seats


def test_a_buy_in_keeps_the_price_it_paid_after_a_price_change(make_desk):
    desk, _ = started(make_desk, players=2)
    desk.execute({"type": "edit_config", "set": {"buy_in.prize": 10000, "buy_in.fee": 1500}})
    player = desk.execute({"type": "register", "name": "Late Lou"})["player"]
    late = desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    assert late["price"] == {"prize": 10000, "bounty": 0, "fee": 1500}
    amounts = [line["amount"] for line in desk.ledger()]
    assert amounts == [9000, 9000, 11500]
    money = desk.snapshot()["money"]
    assert money["prize_parts"] == 2 * 8000 + 10000
    assert money["fees"] == 2 * 1000 + 1500
    assert money["collected"] == 2 * 9000 + 11500 == money["drawer"]["cash"]


def test_a_price_change_survives_reopening_the_file(make_desk, clock):
    desk, _ = started(make_desk, players=2)
    desk.execute({"type": "edit_config", "set": {"buy_in.prize": 10000}})
    before = desk.snapshot()
    path = desk.path
    desk.close()
    with Desk.open(path, now=clock) as again:
        assert again.snapshot() == before
        assert again.state.config.buy_in.prize == 10000


def test_an_empty_edit_is_refused(make_desk):
    desk, _ = started(make_desk, players=4)
    refused(desk, {"type": "edit_config", "set": {}}, "FIELD_INVALID")


# -- chips leaving play --------------------------------------------------------------------------
def test_chips_removed_at_a_colour_up_lower_the_chips_in_play(make_desk, clock):
    desk, _ = started(make_desk, players=4)
    clock.advance(minutes=45)
    desk.execute({"type": "chips_removed", "amount": 75, "reason": "colour-up of the 25s"})
    chips = desk.snapshot()["chips"]
    assert chips["in_play"] == 4 * 20000 - 75
    assert chips["average"] == (4 * 20000 - 75) // 4


def test_removing_more_chips_than_are_in_play_is_refused(make_desk):
    desk, _ = started(make_desk, players=2)
    refused(desk, {"type": "chips_removed", "amount": 40001, "reason": "colour-up"}, "FIELD_INVALID")
    refused(desk, {"type": "chips_removed", "amount": 0, "reason": "colour-up"}, "FIELD_INVALID")
    refused(desk, {"type": "chips_removed", "amount": 25, "reason": ""}, "REASON_REQUIRED")


# -- the short-handed ante (PKR4U 16) -----------------------------------------------------------
PKR4U_ANTE = config(
    seating={"seats_per_table": 9, "tables": 6, "short_handed_ante": "pkr4u"},
    levels=[
        {"small_blind": 100, "big_blind": 200, "ante": 250, "ante_kind": "classic", "minutes": 20},
        {"small_blind": 200, "big_blind": 400, "ante": 400, "ante_kind": "big_blind", "minutes": 20},
    ],
    chips=[{"value": 100, "color": "black"}, {"value": 500, "color": "purple"}],
)


def table_antes(desk: Desk) -> list[tuple[int, int]]:
    return [(t["players"], t["ante"]) for t in desk.snapshot()["tables"]]


def test_pkr4u_tables_of_six_or_more_pay_the_full_ante(make_desk):
    desk, _ = started(make_desk, PKR4U_ANTE, players=6)
    assert table_antes(desk) == [(6, 250)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pkr4u_tables_of_three_to_five_pay_half_rounded_up_to_the_smallest_chip(make_desk, players):
    desk, _ = started(make_desk, PKR4U_ANTE, players=players)
    assert table_antes(desk) == [(players, 200)]  # half of 250 is 125, rounded up to a 100 chip


def test_pkr4u_heads_up_pays_no_ante(make_desk):
    desk, _ = started(make_desk, PKR4U_ANTE, players=2)
    assert table_antes(desk) == [(2, 0)]


def test_pkr4u_ante_follows_the_table_as_players_bust(make_desk):
    desk, entries = started(make_desk, PKR4U_ANTE, players=6)
    bust(desk, entries[0])
    assert table_antes(desk) == [(5, 200)]
    desk.execute({"type": "clock", "action": "next"})
    assert table_antes(desk) == [(5, 200)]  # 400 halves to 200 exactly
    for e in entries[1:4]:
        bust(desk, e)
    assert table_antes(desk) == [(2, 0)]


def test_by_default_short_tables_keep_the_full_ante(make_desk):
    cfg = config(PKR4U_ANTE, seating={"seats_per_table": 9, "tables": 6})
    desk, _ = started(make_desk, cfg, players=2)
    assert table_antes(desk) == [(2, 250)]


def test_pkr4u_half_ante_rounds_to_the_smallest_chip_left_after_a_colour_up(make_desk, clock):
    cfg = config(
        PKR4U_ANTE,
        levels=[
            {"small_blind": 25, "big_blind": 50, "ante": 50, "ante_kind": "classic", "minutes": 20},
            {"break_minutes": 10, "color_up": [25]},
            {"small_blind": 100, "big_blind": 200, "ante": 300, "ante_kind": "big_blind", "minutes": 20},
        ],
        chips=[{"value": 25, "color": "green"}, {"value": 100, "color": "black"}],
    )
    desk, _ = started(make_desk, cfg, players=4)
    assert table_antes(desk) == [(4, 25)]  # half of 50, in 25s
    clock.advance(minutes=30)  # the 25s are gone: half of 300 is 150, paid with 100s
    assert table_antes(desk) == [(4, 200)]
