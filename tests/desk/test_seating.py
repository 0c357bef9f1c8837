"""Seating, balancing, breaking and the final table (docs/rules.md: seating), one rule at a time.

Layouts are built exactly: full tables (every seat taken), then busts at chosen seats, so each test
knows which seat is where. UPPS 4.1, 4.2, 4.4, 4.5, 7.1; PKR4U 6, 13, 29; TDA 10A, 11.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import refused, seat_players, start
from tests.helpers.tables import at, bust_at, counts, full_tables, kinds, seating
from tourneydesk.desk import Desk

MIN = 60


def close_registration(desk: Desk, clock: FakeClock) -> None:
    """BASE_CONFIG closes late registration after the break that follows level 2."""
    clock.advance(minutes=20 + 20 + 10 + 1)
    assert not desk.snapshot()["clock"]["registration_open"]


# -- the draw --------------------------------------------------------------------------------------
def test_upps_4_1_seats_are_drawn_at_random(make_desk):
    draws = []
    for seed in (1, 2, 3):
        desk = make_desk(config(seating=seating(9, 3)), seed=seed, name=f"s{seed}.tdesk")
        entries = seat_players(desk, 9)
        draws.append([desk.state.entries[e].seat for e in entries])
    assert len({tuple(d) for d in draws}) == 3
    assert all(sorted(d) == list(range(1, 10)) for d in draws)


def test_late_entries_go_to_the_table_with_the_fewest_players(make_desk):
    desk = full_tables(make_desk, tables=3)
    bust_at(desk, 2, 1, 2)
    entry = seat_players_named(desk, "Late Larry")
    assert desk.state.entries[entry].table == 2


def seat_players_named(desk: Desk, name: str) -> str:
    player = desk.execute({"type": "register", "name": name})["player"]
    return desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"]


def test_a_new_table_opens_in_open_order_and_the_plan_fills_it(make_desk):
    desk = make_desk(config(seating=seating(9, [1, 2, 3, 4], open_order=[3, 1])))
    seat_players(desk, 18)
    assert counts(desk) == {3: 9, 1: 9}
    seat_players_named(desk, "Number Nineteen")
    assert counts(desk) == {1: 9, 2: 1, 3: 9}
    plan = desk.plan()
    assert kinds(plan) == ["open_table"]
    assert plan[0]["table"] == 2 and "Table 2 opens with 1 player" in plan[0]["reason"]
    result = desk.execute({"type": "balance"})
    assert counts(desk) == {1: 6, 2: 6, 3: 7} or sorted(counts(desk).values()) == [6, 6, 7]
    moved = result["applied"][0]["moves"]
    assert len(moved) == 5 and len({m["entry"] for m in moved}) == 5
    assert desk.plan() == []


# -- balancing policy --------------------------------------------------------------------------------
def test_pkr4u_13_play_goes_on_at_five_players_and_stops_at_four(make_desk):
    desk = full_tables(make_desk, balance="pkr4u")
    bust_at(desk, 3, 1, 2, 3, 4)
    assert counts(desk)[3] == 5
    assert desk.plan() == []  # 9, 9, 5: unbalanced, and play goes on (PKR4U 13)
    bust_at(desk, 3, 5)
    plan = desk.plan()
    assert kinds(plan) == ["needs_button", "needs_button"]
    assert plan[0]["reason"] == "Which seat has the button at table 1?"
    desk.execute({"type": "set_button", "table": 1, "seat": 1})
    desk.execute({"type": "set_button", "table": 3, "seat": 6})
    plan = desk.plan()
    assert kinds(plan) == ["move"]
    assert "table 3 is down to 4 players" in plan[0]["reason"]
    desk.execute({"type": "balance"})
    assert sorted(counts(desk).values()) == [5, 8, 9]  # one move lifts it above the floor: no more
    assert desk.plan() == []


def test_tda_preset_keeps_tables_within_one_player(make_desk):
    desk = full_tables(make_desk, balance="tda")
    bust_at(desk, 3, 1, 2)
    assert counts(desk) == {1: 9, 2: 9, 3: 7}
    for table in (1, 2, 3):
        desk.execute({"type": "set_button", "table": table, "seat": 9})
    result = desk.execute({"type": "balance"})
    assert kinds(result["applied"]) == ["move"]  # 9, 9, 7 -> 8, 9, 8: as many moves as it takes, no more
    assert sorted(counts(desk).values()) == [8, 8, 9]


def test_tighten_asks_for_closer_balance_as_tables_go(make_desk):
    cfg = config(seating=seating(9, 3, balance={"tolerance": 3, "floor": 0,
                                                "tighten": {"tables_at_most": 2, "tolerance": 1}}))
    desk = full_tables(make_desk, cfg=cfg)
    bust_at(desk, 3, 1, 2, 3)
    assert desk.plan() == []  # 9, 9, 6 with three tables: within 3
    bust_at(desk, 1, 1, 2, 3)
    bust_at(desk, 3, 4, 5, 6)
    assert kinds(desk.plan()) == ["break_table"]  # 6, 9, 3: 18 fit on two tables
    desk.execute({"type": "balance"})
    assert counts(desk) == {1: 9, 2: 9}
    bust_at(desk, 1, 4, 5)
    assert kinds(desk.plan()) == ["needs_button", "needs_button"]  # 7 and 9 at two tables: now out of tolerance


def test_the_floor_never_applies_at_six_max(make_desk):
    desk = full_tables(make_desk, tables=3, seats=6, balance="pkr4u")
    bust_at(desk, 3, 1, 2, 3, 4)
    assert counts(desk) == {1: 6, 2: 6, 3: 2}
    assert desk.plan() == []  # 6-max: no floor, and the PKR4U preset has no tolerance


def test_the_floor_is_waived_when_no_move_can_lift_it(make_desk):
    cfg = config(seating=seating(9, 2, balance="pkr4u", final_table_size=8))
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    bust_at(desk, 1, 1, 2, 3, 4)
    bust_at(desk, 2, 1, 2, 3, 4, 5)
    assert counts(desk) == {1: 5, 2: 4}
    assert desk.plan() == []  # 5 and 4: a move only swaps which table is short; they do not fit 8 seats


# -- who moves, and where (UPPS 4.5, TDA 11A) --------------------------------------------------------------
def tda_two_tables(make_desk: Any, **extra: Any) -> Desk:
    desk = full_tables(make_desk, tables=2, balance="tda", **extra)
    return desk


def test_upps_4_5_the_player_due_the_big_blind_moves(make_desk):
    desk = tda_two_tables(make_desk)
    bust_at(desk, 2, 7, 8)
    desk.execute({"type": "set_button", "table": 1, "seat": 4})  # small blind seat 5, big blind seat 6
    desk.execute({"type": "set_button", "table": 2, "seat": 1})
    big_blind = at(desk, 1, 6)
    step = desk.plan()[0]
    assert step["entry"] == big_blind and step["from"] == {"table": 1, "seat": 6}
    assert "(big blind next)" in step["reason"]


def test_the_big_blind_skips_an_empty_seat_after_a_dead_button(make_desk):
    desk = tda_two_tables(make_desk)
    bust_at(desk, 2, 7, 8)
    bust_at(desk, 1, 6)  # 8 and 7: no move
    desk.execute({"type": "set_button", "table": 1, "seat": 4})
    desk.execute({"type": "set_button", "table": 2, "seat": 1})
    bust_at(desk, 2, 2)  # 8 and 6: a move; the bust cleared table 2's button
    assert kinds(desk.plan()) == ["needs_button"]
    desk.execute({"type": "set_button", "table": 2, "seat": 3})
    assert desk.plan()[0]["from"] == {"table": 1, "seat": 7}  # seat 6 is empty: the big blind is seat 7


def test_the_moved_player_takes_the_worst_position_never_the_small_blind(make_desk):
    desk = tda_two_tables(make_desk)
    bust_at(desk, 2, 2, 6)  # table 2: seats 2 and 6 empty
    desk.execute({"type": "set_button", "table": 1, "seat": 1})
    desk.execute({"type": "set_button", "table": 2, "seat": 4})  # small blind 5, big blind 7
    step = desk.plan()[0]
    # Seat 6, between the small and the big blind, pays the big blind next hand: the worst position.
    assert step["to"] == {"table": 2, "seat": 6} and step["waits"] is None


def test_tda_10a_a_player_moved_onto_the_button_or_small_blind_waits_for_the_big_blind(make_desk):
    desk = tda_two_tables(make_desk)
    bust_at(desk, 2, 5, 6)
    desk.execute({"type": "set_button", "table": 1, "seat": 1})
    desk.execute({"type": "set_button", "table": 2, "seat": 4})  # empty seats 5 and 6 lie before the small blind
    step = desk.plan()[0]
    assert step["to"]["table"] == 2 and step["to"]["seat"] in (5, 6) and step["waits"] == "big_blind"
    desk.execute({"type": "balance"})
    mover = step["entry"]
    assert next(e for e in desk.snapshot()["entries"] if e["id"] == mover)["waits"] == "big_blind"
    # Next hand the button moves on: the newcomer is on the button or in the small blind, still waiting...
    desk.execute({"type": "set_button", "table": 2, "seat": 5 if step["to"]["seat"] == 6 else 4})
    assert desk.state.entries[mover].waits == "big_blind"


def test_upps_4_5_one_hand_house_rule_deals_the_moved_player_in_after_one_hand(make_desk):
    desk = tda_two_tables(make_desk, moved_player_waits="one_hand")
    bust_at(desk, 2, 5, 6)
    desk.execute({"type": "set_button", "table": 1, "seat": 1})
    desk.execute({"type": "set_button", "table": 2, "seat": 4})
    result = desk.execute({"type": "balance"})
    mover = result["applied"][0]["entry"]
    assert desk.state.entries[mover].waits == "one_hand"
    desk.execute({"type": "set_button", "table": 2, "seat": 7})
    assert desk.state.entries[mover].waits is None


def test_upps_4_4_empty_seats_stay_and_a_player_never_moves_within_his_table(make_desk):
    desk = tda_two_tables(make_desk)
    mover = at(desk, 1, 3)
    bust_at(desk, 1, 5)
    assert 5 not in desk.state.tables[1].seats and sorted(desk.state.tables[1].seats) == [1, 2, 3, 4, 6, 7, 8, 9]
    refused(desk, {"type": "move", "entry": mover, "table": 1, "seat": 5}, "SAME_TABLE")


def test_a_recorded_button_holds_until_the_next_bust_at_its_table(make_desk):
    desk = tda_two_tables(make_desk)
    desk.execute({"type": "set_button", "table": 1, "seat": 3})
    bust_at(desk, 2, 1)
    assert desk.snapshot()["tables"][0]["button"] == 3
    bust_at(desk, 1, 7)
    assert desk.snapshot()["tables"][0]["button"] is None


def test_balance_asks_for_the_button_instead_of_guessing(make_desk):
    desk = tda_two_tables(make_desk)
    bust_at(desk, 2, 1, 2)
    error = refused(desk, {"type": "balance"}, "BUTTON_NEEDED")
    assert "Which seat has the button at table 1" in error.message


# -- breaking and the final table -----------------------------------------------------------------------
def test_a_table_breaks_when_the_players_fit_in_one_fewer(make_desk):
    desk = full_tables(make_desk, tables=3)
    bust_at(desk, 1, 1, 2, 3)
    bust_at(desk, 2, 1, 2, 3)
    assert sum(counts(desk).values()) == 21
    assert kinds(desk.plan()) != ["break_table"]
    bust_at(desk, 3, 1, 2, 3)
    plan = desk.plan()
    assert kinds(plan) == ["break_table"]
    assert plan[0]["table"] == 3 and plan[0]["reason"] == "Table 3 breaks: 18 players fit on 2 tables"
    leaving = set(desk.state.tables[3].seats.values())
    result = desk.execute({"type": "balance"})
    assert counts(desk) == {1: 9, 2: 9}
    assert {m["entry"] for m in result["applied"][0]["moves"]} == leaving
    assert all(desk.state.entries[e].table in (1, 2) for e in leaving)


def test_the_break_order_decides_which_table_breaks(make_desk):
    desk = full_tables(make_desk, tables=4, break_order=[2])
    bust_at(desk, 1, *range(1, 10))
    plan = desk.plan()
    assert kinds(plan) == ["break_table"] and plan[0]["table"] == 1  # an empty table closes first
    assert plan[0]["reason"] == "Table 1 is empty: close it"
    desk.execute({"type": "balance"})
    for table in (2, 3, 4):
        bust_at(desk, table, 1, 2, 3)
    plan = desk.plan()
    assert kinds(plan) == ["break_table"] and plan[0]["table"] == 2  # 18 fit on two: table 2 breaks first


def test_a_broken_tables_players_are_spread_to_the_shortest_tables(make_desk):
    desk = full_tables(make_desk, tables=4)
    bust_at(desk, 1, 1, 2, 3)
    bust_at(desk, 2, 1, 2, 3)
    bust_at(desk, 3, 1)
    bust_at(desk, 4, 1, 2)  # 6, 6, 8, 7 = 27 players: table 4 breaks
    desk.execute({"type": "balance"})
    assert sorted(counts(desk).values()) == [9, 9, 9]


def test_a_table_breaks_in_a_state_read_back_from_a_checkpoint(make_desk):
    """A checkpoint knows only the head counts that tables have now: the draw must not need others."""
    from tourneydesk.core import engine
    from tourneydesk.core.protocol.events import Context
    from tourneydesk.core.state import State

    desk = full_tables(make_desk, tables=3)
    bust_at(desk, 1, 1, 2)
    bust_at(desk, 2, 1, 2)
    bust_at(desk, 3, 1, 2, 3, 4, 5)  # 7, 7, 4: table 3 breaks
    state = State.from_dict(desk.state.to_dict())
    assert sorted(state.by_count) == [4, 7]
    decision = engine.decide(state, {"type": "break_table", "table": 3}, Context(0, lambda n: 0))
    assert len(decision.events[0][1]["moves"]) == 4


def test_upps_4_2_the_final_table_is_redrawn_with_its_button(make_desk):
    desk = full_tables(make_desk, tables=2)
    bust_at(desk, 1, 1, 2, 3, 4)
    bust_at(desk, 2, 1, 2, 3, 4)
    assert kinds(desk.plan()) == []  # 10 players: not yet
    bust_at(desk, 2, 5)
    plan = desk.plan()
    assert kinds(plan) == ["final_table"] and plan[0]["table"] == 1
    before = {e: (desk.state.entries[e].table, desk.state.entries[e].seat)
              for t in (1, 2) for e in desk.state.tables[t].seats.values()}
    result = desk.execute({"type": "balance"})
    drawn = result["applied"][0]
    snap = desk.snapshot()
    assert [t["number"] for t in snap["tables"]] == [1] and snap["tables"][0]["final"]
    assert sorted(int(s) for s in snap["tables"][0]["seats"]) == list(range(1, 10))
    assert snap["tables"][0]["button"] == drawn["button"]
    assert set(snap["tables"][0]["seats"].values()) == set(before)
    assert desk.plan() == []
    refused(desk, {"type": "final_table"}, "FINAL_TABLE_DRAWN")


def test_a_late_entry_after_the_final_table_opens_a_table_and_the_final_is_drawn_again(make_desk):
    cfg = config(seating=seating(9, 2), reentry={"max": 3})
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    bust_at(desk, 1, 1, 2, 3, 4)
    bust_at(desk, 2, 1, 2, 3, 4, 5)
    desk.execute({"type": "balance"})  # 9 left: the final table
    assert len(desk.state.open_tables) == 1
    busted = next(e for e in desk.state.entries.values() if e.status == "busted")
    desk.execute({"type": "buy_in", "player": busted.player, "payment": "cash", "present": True})
    assert len(desk.state.open_tables) == 2 and desk.state.final_table is None  # 10 players: two tables
    final = desk.state.open_tables[0]
    bust_at(desk, final, min(desk.state.tables[final].seats))
    assert kinds(desk.plan()) == ["final_table"]


def test_the_last_two_tables_merge_only_when_the_players_fit_the_final_table(make_desk):
    desk = full_tables(make_desk, tables=2, final_table_size=8)
    bust_at(desk, 1, 1, 2, 3, 4, 5)
    bust_at(desk, 2, 1, 2, 3, 4)
    assert counts(desk) == {1: 4, 2: 5}
    assert "final_table" not in kinds(desk.plan())  # nine fit nine seats but the final table seats eight
    bust_at(desk, 2, 5)
    assert kinds(desk.plan()) == ["final_table"]


# -- hand-for-hand on the bubble -----------------------------------------------------------------------
def test_upps_7_1_hand_for_hand_on_the_bubble_ends_by_itself(make_desk, clock):
    cfg = config(seating=seating(9, 2, balance="tda"),
                 payouts={"places": [4000, 2500, 1500, 1000, 1000], "rounding": 1})
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    close_registration(desk, clock)
    for table in (1, 2):
        desk.execute({"type": "set_button", "table": table, "seat": 1})
    for seat in (2, 3, 4, 5, 6, 7):
        bust_at(desk, 1 + seat % 2, seat)
        for table in (1, 2):
            if desk.state.tables[table].button is None:
                desk.execute({"type": "set_button", "table": table, "seat": min(desk.state.tables[table].seats)})
        if desk.plan():
            desk.execute({"type": "balance"})
    assert sum(counts(desk).values()) == 12
    # 12 left, 5 paid: the final table comes first; play on to the bubble.
    while sum(counts(desk).values()) > 6:
        table = max(counts(desk), key=lambda t: counts(desk)[t])
        bust_at(desk, table, max(desk.state.tables[table].seats))
        if desk.plan() and desk.plan()[0]["kind"] != "needs_button":
            desk.execute({"type": "balance"})
    assert desk.state.final_table is not None  # one table: hand-for-hand is for several tables
    assert desk.plan() == []


def test_hand_for_hand_is_planned_when_the_next_bust_is_the_bubble(make_desk, clock):
    cfg = config(seating=seating(9, 3, balance="pkr4u", final_table_size=9),
                 payouts={"places": [3000, 2000, 1500, 1000, 1000, 500, 500, 500], "rounding": 1})
    desk = full_tables(make_desk, tables=3, cfg=cfg)
    close_registration(desk, clock)
    bust_at(desk, 1, 1, 2, 3, 4)
    bust_at(desk, 2, 1, 2, 3, 4)
    bust_at(desk, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9)  # table 3 empties; 10 left at 5 and 5
    desk.execute({"type": "balance"})  # table 3 closes
    bust_at(desk, 1, 5)  # 9 left with 8 paid: the next bust is the bubble, at two tables
    plan = desk.plan()
    assert kinds(plan) == ["final_table"]  # but 9 fit the final table, so it is formed first


def test_hand_for_hand_before_the_final_table_when_the_house_asks(make_desk, clock):
    cfg = config(seating=seating(9, 2, balance="pkr4u", hand_for_hand_before_final=True),
                 payouts={"places": [5000, 3000, 2000], "rounding": 1})
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    close_registration(desk, clock)
    bust_at(desk, 1, 1, 2, 3, 4)
    bust_at(desk, 2, 1, 2, 3, 4)
    plan = desk.plan()
    assert kinds(plan) == ["hand_for_hand"]
    assert plan[0]["reason"] == "The next bust forms the final table: 10 players left: play hand-for-hand"
    desk.execute({"type": "balance"})
    assert desk.snapshot()["clock"]["hand_for_hand"]


def test_the_bubble_hand_for_hand_splits_simultaneous_busts_and_ends_after_the_hand(make_desk, clock):
    cfg = config(seating=seating(9, 2, balance="pkr4u", final_table_size=2),
                 payouts={"places": [5000, 3000, 2000], "rounding": 1})
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    close_registration(desk, clock)
    bust_at(desk, 1, 1, 2, 3, 4, 5, 6, 7)
    bust_at(desk, 2, 1, 2, 3, 4, 5, 6, 7)  # 2 + 2 left; with final_table_size 2 they stay at two tables
    assert counts(desk) == {1: 2, 2: 2}
    plan = desk.plan()
    assert kinds(plan) == ["hand_for_hand"]
    assert "The next bust is the bubble: 4 players left, 3 paid" in plan[0]["reason"]
    desk.execute({"type": "balance"})
    loser1, loser2 = at(desk, 1, 8), at(desk, 2, 8)
    desk.execute({"type": "bust", "entry": loser1, "by": [at(desk, 1, 9)]})
    desk.execute({"type": "bust", "entry": loser2, "by": [at(desk, 2, 9)]})
    places = {e["id"]: (e["place"], e.get("place_to")) for e in desk.snapshot()["entries"]}
    assert places[loser1] == places[loser2]  # they share 3rd and 4th (UPPS 7.2)
    result = desk.execute({"type": "hand_for_hand", "action": "next"})
    assert result.get("ended") is True and not desk.snapshot()["clock"]["hand_for_hand"]


def test_hand_for_hand_at_a_pay_jump_the_td_names_begins_from_the_plan_and_ends_by_itself(make_desk, clock):
    cfg = config(seating=seating(9, 2, balance="pkr4u", final_table_size=2, hand_for_hand_pay_jumps=[3]),
                 payouts={"places": [4000, 2500, 1500, 1000, 1000], "rounding": 1})
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    close_registration(desk, clock)
    bust_at(desk, 1, 1, 2, 3, 4, 5, 6)
    bust_at(desk, 2, 1, 2, 3, 4, 5, 6)  # 3 + 3 left, 5 paid: the bubble first
    assert kinds(desk.plan()) == ["hand_for_hand"] and desk.plan()[0]["why"]["code"] == "bubble"
    desk.execute({"type": "balance"})
    bust_at(desk, 1, 7)
    assert desk.execute({"type": "hand_for_hand", "action": "next"})["ended"] is True
    assert desk.plan() == []  # 5 left: no jump named at 4
    bust_at(desk, 2, 7)  # 4 left: the next bust takes 4th place, the jump to 3
    step = desk.plan()[0]
    assert step["kind"] == "hand_for_hand" and step["why"] == {"code": "pay_jump", "players": 4, "jump": 3}
    assert step["reason"] == ("The next bust reaches the pay jump to 3 places: 4 players left: "
                              "play hand-for-hand")
    desk.execute({"type": "balance"})
    desk.execute({"type": "undo"})  # taken back, the plan asks for it again
    assert not desk.snapshot()["clock"]["hand_for_hand"] and desk.plan()[0]["why"]["code"] == "pay_jump"
    desk.execute({"type": "balance"})
    assert desk.snapshot()["clock"]["hand_for_hand"]
    # Nobody went out in the first hand: it goes on.
    assert desk.execute({"type": "hand_for_hand", "action": "next"})["hand"] == 2
    loser1, loser2 = at(desk, 1, 8), at(desk, 2, 8)
    desk.execute({"type": "bust", "entry": loser1, "by": [at(desk, 1, 9)], "stack_at_hand_start": 5000})
    desk.execute({"type": "bust", "entry": loser2, "by": [at(desk, 2, 9)], "stack_at_hand_start": 9000})
    places = {e["id"]: (e["place"], e.get("place_to")) for e in desk.snapshot()["entries"]}
    assert places[loser1] == places[loser2] == (3, 4)  # out in one hand at two tables: they share (UPPS 7.2)
    result = desk.execute({"type": "hand_for_hand", "action": "next"})
    assert result.get("ended") is True and not desk.snapshot()["clock"]["hand_for_hand"]
    assert kinds(desk.plan()) == ["final_table"]  # two left: no hand-for-hand asked again


def test_hand_for_hand_at_a_pay_jump_ranks_the_same_hand_by_stack_where_the_house_says_so(make_desk, clock):
    cfg = config(seating=seating(9, 2, balance="pkr4u", final_table_size=2, hand_for_hand_pay_jumps=[3]),
                 payouts={"places": [4000, 2500, 1500, 1000, 1000], "rounding": 1, "same_hand_ties": "by_stack"})
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    close_registration(desk, clock)
    bust_at(desk, 1, 1, 2, 3, 4, 5, 6, 7)
    bust_at(desk, 2, 1, 2, 3, 4, 5, 6, 7)  # 4 left
    assert desk.plan()[0]["why"]["code"] == "pay_jump"
    desk.execute({"type": "hand_for_hand", "action": "on"})  # the TD's own key: it ends at the jump all the same
    small, big = at(desk, 1, 8), at(desk, 2, 8)
    desk.execute({"type": "bust", "entry": small, "by": [at(desk, 1, 9)], "stack_at_hand_start": 5000})
    desk.execute({"type": "bust", "entry": big, "by": [at(desk, 2, 9)], "stack_at_hand_start": 9000})
    entries = {e["id"]: e for e in desk.snapshot()["entries"]}
    assert (entries[big]["place"], entries[small]["place"]) == (3, 4)
    assert entries[big]["prize"] > entries[small]["prize"]
    assert desk.execute({"type": "hand_for_hand", "action": "next"})["ended"] is True


def test_a_pay_jump_setting_is_refused_when_it_is_not_a_list_of_places(make_desk):
    from tourneydesk.core.config import parse_config
    from tourneydesk.core.protocol.errors import ConfigError
    for bad, field in (([3, 3], "seating.hand_for_hand_pay_jumps"), ([1], "seating.hand_for_hand_pay_jumps[0]"),
                       (9, "seating.hand_for_hand_pay_jumps")):
        with pytest.raises(ConfigError) as caught:
            parse_config(config(seating=seating(9, 2, hand_for_hand_pay_jumps=bad)))
        assert caught.value.params["field"] == field


# -- re-entries and abandoned stacks --------------------------------------------------------------------
def test_pkr4u_29a_a_re_entry_may_keep_the_busted_seat(make_desk):
    cfg = config(reentry={"max": 2, "seat": "same_allowed"}, seating=seating(9, 2))
    desk = full_tables(make_desk, tables=2, cfg=cfg)
    loser = at(desk, 1, 4)
    bust_at(desk, 1, 4)
    player = desk.state.entries[loser].player
    result = desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True, "seat": "same"})
    assert (result["table"], result["seat"]) == (1, 4)


def test_pkr4u_6_the_owner_of_an_abandoned_stack_never_sits_at_its_table(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG, seating=seating(9, 4)))
    seat_players(desk, 27)
    start(desk)
    clock.advance(minutes=40 + 1)  # the break after level 2: abandoning is allowed
    stack = at(desk, 3, 5)
    player = desk.state.entries[stack].player
    result = desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True,
                           "abandon": stack})
    owner = result["entry"]
    assert result["table"] == 4  # every other seat is taken
    bust_at(desk, 3, 1, 2, 3, 4)  # table 3 is now the shortest: 4 players and the abandoned stack
    bust_at(desk, 1, 1)
    desk.execute({"type": "break_table", "table": 4})
    assert desk.state.entries[owner].table in (1, 2)  # the draw prefers the shortest table, but not that one
    assert desk.state.entries[stack].table == 3 and desk.state.entries[stack].status == "abandoned"


def test_pkr4u_6_a_table_whose_players_cannot_all_sit_apart_from_their_stacks_is_passed_over(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG, seating=seating(9, 4)))
    seat_players(desk, 27)
    start(desk)
    clock.advance(minutes=40 + 1)
    stack = at(desk, 3, 5)
    owner = desk.execute({"type": "buy_in", "player": desk.state.entries[stack].player, "payment": "cash",
                          "present": True, "abandon": stack})["entry"]
    assert desk.state.entries[owner].table == 4
    bust_at(desk, 3, 1)  # 27 seated fit three tables, but the one empty seat is at the stack's table
    step = desk.plan()[0]
    # Table 4 breaks first by the break order, but its player could only go to his stack's table.
    assert step["kind"] == "break_table" and step["table"] != 4
    desk.execute({"type": "balance"})
    assert desk.state.entries[owner].table != desk.state.entries[stack].table
    assert sorted(counts(desk).values()) == [9, 9, 9]


# -- refusals -----------------------------------------------------------------------------------------
def test_bad_seating_commands_are_refused_and_write_nothing(make_desk):
    desk = full_tables(make_desk, tables=2)
    bust_at(desk, 2, 3)
    mover, busted = at(desk, 1, 1), desk.state.tables[2].seats.get(3)
    assert busted is None
    gone = next(e.id for e in desk.state.entries.values() if e.status == "busted")
    refused(desk, {"type": "move", "entry": mover, "table": 2, "seat": 4}, "SEAT_TAKEN")
    refused(desk, {"type": "move", "entry": mover, "table": 7, "seat": 1}, "TABLE_UNKNOWN")
    refused(desk, {"type": "move", "entry": gone, "table": 2, "seat": 3}, "ENTRY_NOT_ACTIVE")
    refused(desk, {"type": "set_button", "table": 2, "seat": 10}, "FIELD_INVALID")
    refused(desk, {"type": "final_table"}, "FINAL_TABLE_TOO_EARLY")
    refused(desk, {"type": "break_table", "table": 1}, "NO_ROOM")


def test_a_closed_table_and_the_last_table_are_refused(make_desk):
    desk = full_tables(make_desk, tables=3)
    bust_at(desk, 3, *range(1, 10))
    desk.execute({"type": "break_table", "table": 3})
    refused(desk, {"type": "move", "entry": at(desk, 1, 1), "table": 3, "seat": 1}, "TABLE_CLOSED")
    refused(desk, {"type": "break_table", "table": 3}, "TABLE_CLOSED")
    bust_at(desk, 2, *range(1, 10))
    desk.execute({"type": "break_table", "table": 2})
    refused(desk, {"type": "break_table", "table": 1}, "LAST_TABLE")


# -- the file --------------------------------------------------------------------------------------------
def test_replay_reproduces_every_seat_drawn(make_desk, tmp_path, clock):
    desk = full_tables(make_desk, tables=3)
    bust_at(desk, 1, 1, 2, 3)
    bust_at(desk, 2, 1, 2, 3)
    bust_at(desk, 3, 1, 2, 3)
    desk.execute({"type": "balance"})  # a break: seats drawn at random
    bust_at(desk, 1, 4, 5, 6, 7, 8)
    bust_at(desk, 2, 4, 5, 6, 7)
    assert kinds(desk.plan()) == ["final_table"]
    desk.execute({"type": "balance"})  # the final table: seats and button drawn
    snap = desk.snapshot()
    path = desk.path
    desk.close()
    again = Desk.open(path, now=clock)
    assert again.snapshot() == snap
    again.rebuild()
    assert again.snapshot() == snap
    again.close()


def test_undo_takes_a_whole_balance_back(make_desk):
    desk = full_tables(make_desk, tables=3)
    bust_at(desk, 3, *range(1, 6))
    bust_at(desk, 1, 1, 2, 3, 4)
    before = desk.snapshot()["tables"]
    desk.execute({"type": "balance"})
    assert len(desk.snapshot()["tables"]) == 2
    desk.execute({"type": "undo"})
    assert desk.snapshot()["tables"] == before


@pytest.mark.parametrize("preset, tolerance", [("tda", 1), ("pkr4u", None)])
def test_presets_read_back_in_the_normalised_config(make_desk, preset, tolerance):
    desk = make_desk(config(seating=seating(9, 3, balance=preset)))
    balance = desk.state.config.to_dict()["seating"]["balance"]
    assert balance == {"preset": preset, "tolerance": tolerance, "floor": 4}
