"""Flights (docs/flights-and-satellites.md): a flight stops at its target, its survivors bag their chips a
table at a time, its Day 1 money is paid only where the house says so, and its cashier knows who played
the other flights."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES
from tests.helpers.desks import entry_view, refused, reopened, table_mate
from tests.helpers.flights import (
    bag_all,
    bags_of,
    bust_in_order,
    flight_config,
    past_registration,
    seat_named,
    stopped_flight,
)
from tourneydesk import event_files
from tourneydesk.desk import Desk

NAMES = [f"Player {i}" for i in range(1, 13)]


def test_a_flight_stops_when_the_players_left_reach_its_target(make_desk: Callable[..., Desk],
                                                                clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=4))
    entries = seat_named(desk, NAMES)
    past_registration(desk, clock)
    results = bust_in_order(desk, list(reversed(entries))[:7])
    assert desk.status == "running" and desk.counts().players_left == 5
    last = desk.execute({"type": "bust", "entry": entries[4], "by": [table_mate(desk, entries[4])]})
    assert last["stopped"] is True and last["players_left"] == 4
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert snap["event"]["stopped"]["reason"] == "players_left" and snap["event"]["target"] == 4
    assert not snap["clock"]["running"]
    assert all(r.get("stopped") is None for r in results)


def test_a_percentage_target_counts_the_entries_and_rounds_up(make_desk: Callable[..., Desk],
                                                              clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_percent=20))  # 20 % of 12 entries is 2.4: the flight stops at 3
    stopped_flight(desk, clock, NAMES)
    assert desk.counts().players_left == 3
    assert desk.snapshot()["event"]["target"] == 3


def test_a_flight_does_not_stop_while_late_registration_is_open(make_desk: Callable[..., Desk],
                                                                 clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=10))
    entries = seat_named(desk, NAMES)
    desk.execute({"type": "clock", "action": "start"})
    bust_in_order(desk, entries[:3])
    assert desk.status == "running" and desk.counts().players_left == 9  # below the target, more may come
    refused(desk, {"type": "stop_flight"}, "FLIGHT_NOT_DUE")
    clock.advance(minutes=REGISTRATION_MINUTES)
    assert desk.execute({"type": "stop_flight"})["players_left"] == 9  # what the scheduler sends at the level end


def test_a_flight_stops_at_the_end_of_its_named_level(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_after_level=3))
    seat_named(desk, NAMES)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=20 + 20 + 10 + 19)  # into level 3
    refused(desk, {"type": "stop_flight"}, "FLIGHT_NOT_DUE")
    clock.advance(minutes=2)
    desk.execute({"type": "stop_flight"})
    stopped = desk.snapshot()["event"]["stopped"]
    assert (stopped["reason"], stopped["level"], stopped["players_left"]) == ("level", 3, 12)


def test_the_td_may_stop_a_flight_before_its_target(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=2))
    seat_named(desk, NAMES)
    past_registration(desk, clock)
    desk.execute({"type": "stop_flight", "before_target": True})
    assert desk.snapshot()["event"]["stopped"]["reason"] == "td"
    refused(desk, {"type": "stop_flight", "before_target": True}, "FLIGHT_STOPPED")


def test_a_stopped_flight_takes_no_bust_and_no_buy_in(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config())
    entries = stopped_flight(desk, clock, NAMES)
    live = [e for e in entries if desk.state.entries[e].status == "active"]
    refused(desk, {"type": "bust", "entry": live[0], "by": [live[1]]}, "TOURNAMENT_FINISHED")
    player = desk.execute({"type": "register", "name": "Late Comer"})["player"]
    refused(desk, {"type": "buy_in", "player": player, "payment": "cash", "present": True}, "TOURNAMENT_FINISHED")


def test_a_stopped_flight_asks_for_no_seating_step(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    """Its tables stay as they are for the bags: no button to place, no table to balance or break."""
    desk = make_desk(flight_config(stop_players_left=12))
    stopped_flight(desk, clock, [f"Player {i}" for i in range(1, 21)])
    assert len([t for t in desk.snapshot()["tables"] if t["seats"]]) == 2
    assert desk.plan() == []
    refused(desk, {"type": "balance"}, "TOURNAMENT_FINISHED")


def test_bags_are_typed_a_table_at_a_time_naming_every_player_there(make_desk: Callable[..., Desk],
                                                                    clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=4))
    entries = seat_named(desk, NAMES)
    past_registration(desk, clock)
    refused(desk, {"type": "bag", "table": 1, "stacks": {entries[0]: 1000}}, "FLIGHT_NOT_STOPPED")
    bust_in_order(desk, list(reversed(entries)))
    (table, stacks), = bags_of(desk).items()
    one, *others = stacks
    refused(desk, {"type": "bag", "table": table, "stacks": {one: stacks[one]}}, "BAG_MISSING")
    elsewhere = next(e for e in entries if e not in stacks)
    refused(desk, {"type": "bag", "table": table, "stacks": {**stacks, elsewhere: 5}}, "NOT_AT_TABLE")
    refused(desk, {"type": "bag", "table": table, "stacks": {**stacks, one: 0}}, "CHIPS_INVALID")
    answer = desk.execute({"type": "bag", "table": table, "stacks": stacks})
    assert answer["done"] is True and answer["bagged"] == desk.snapshot()["chips"]["in_play"]
    refused(desk, {"type": "bag", "table": table, "stacks": stacks}, "FLIGHT_BAGGED")


def test_the_bags_may_never_exceed_the_chips_in_play(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=10))  # more than the final table seats: two tables
    stopped_flight(desk, clock, NAMES)
    tables = bags_of(desk)
    assert len(tables) == 2
    (first, stacks), (second, rest) = tables.items()
    desk.execute({"type": "bag", "table": first, "stacks": stacks})
    refused(desk, {"type": "bag", "table": first, "stacks": stacks}, "TABLE_BAGGED")
    too_many = {e: chips + desk.snapshot()["chips"]["in_play"] for e, chips in rest.items()}
    refused(desk, {"type": "bag", "table": second, "stacks": too_many}, "BAGS_OVER")


def test_the_last_table_makes_the_bags_add_up_unless_the_td_accepts_the_difference(
        make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=4))
    stopped_flight(desk, clock, NAMES)
    (table, stacks), = bags_of(desk).items()
    short = {e: chips - 100 for e, chips in stacks.items()}
    error = refused(desk, {"type": "bag", "table": table, "stacks": short}, "BAGS_SHORT")
    assert error.params["missing"] == 100 * len(stacks)
    desk.execute({"type": "bag", "table": table, "stacks": short, "accept_difference": True})
    event = desk.snapshot()["event"]
    assert event["bagged"] and event["difference"] == 100 * len(stacks)


def test_a_bag_is_the_stack_the_room_sees(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config())
    stopped_flight(desk, clock, NAMES)
    bags = bag_all(desk)
    for entry, chips in bags.items():
        assert entry_view(desk, entry)["stack"] == chips
    assert reopened(desk) == desk.snapshot()


def test_bagging_is_taken_back_table_by_table(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=10))
    stopped_flight(desk, clock, NAMES)
    (first, stacks), (second, rest) = bags_of(desk).items()
    desk.execute({"type": "bag", "table": first, "stacks": stacks})
    desk.execute({"type": "bag", "table": second, "stacks": rest})
    desk.execute({"type": "undo"})
    event = desk.snapshot()["event"]
    assert (event["bagged"], event["tables_bagged"]) == (False, [first])
    desk.execute({"type": "bag", "table": second, "stacks": rest})
    assert desk.snapshot()["event"]["bagged"]


def test_a_flight_without_day1_pay_gives_its_busts_no_place(make_desk: Callable[..., Desk],
                                                            clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=2))
    entries = seat_named(desk, NAMES)
    past_registration(desk, clock)
    out = bust_in_order(desk, list(reversed(entries)))
    assert all(o["out"][0]["place"] is None and o["out"][0]["prize"] == 0 for o in out)
    snap = desk.snapshot()
    assert snap["payouts"] == [] and all(e["place"] is None for e in snap["entries"])


def test_a_flight_that_pays_day1_pays_its_busts_in_its_own_money(make_desk: Callable[..., Desk],
                                                                 clock: FakeClock) -> None:
    desk = make_desk(flight_config(stop_players_left=1, day1_pays=True))
    names = [f"Player {i}" for i in range(1, 31)]  # 30 entries: the standard table pays 7 places
    entries = seat_named(desk, names)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    snap = desk.snapshot()
    paid = {e["place"]: e["prize"] for e in snap["entries"] if e["prize"]}
    assert len(snap["payouts"]) == 7
    assert sorted(paid) == [2, 3, 4, 5, 6, 7]  # the flight's own places below its one qualifier
    assert snap["event"]["paid_day1"] == sum(paid.values())
    survivor = next(e for e in snap["entries"] if e["status"] == "active")
    assert survivor["place"] is None and survivor["prize"] == 0  # the money of Day 2 is paid on Day 2


def test_a_person_still_playing_another_flight_may_not_enter_this_one(tmp_path: Path, clock: FakeClock) -> None:
    first = Desk.create(tmp_path / "Day 1A.tdesk", flight_config("Day 1A"), now=clock, seed=1)
    seat_named(first, ["Ana Silva", "Bo Chen"])
    first.execute({"type": "clock", "action": "start"})
    second = Desk.create(tmp_path / "Day 1B.tdesk", flight_config("Day 1B"), now=clock, seed=2)
    try:
        second.execute(event_files.flights_known_command(second, [tmp_path]) or {})
        player = second.execute({"type": "register", "name": "ana silva"})["player"]
        error = refused(second, {"type": "buy_in", "player": player, "payment": "cash", "present": True},
                        "PLAYS_IN_OTHER_FLIGHT")
        assert error.params["flight"] == "Day 1A"
        refused(second, event_files.flights_known_command(second, [tmp_path]) or {}, "NOTHING_TO_DO")
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize(("rule", "allowed"), [("once_busted", True), ("never_after_qualifying", False)])
def test_a_qualifier_enters_another_flight_only_where_the_house_allows_it(
        tmp_path: Path, clock: FakeClock, rule: str, allowed: bool) -> None:
    with Desk.create(tmp_path / "Day 1A.tdesk", flight_config("Day 1A", stop_players_left=4), now=clock,
                     seed=1) as first:
        stopped_flight(first, clock, NAMES)
        qualified = [first.name_of(e.id) for e in first.state.entries.values() if e.status == "active"]
    with Desk.create(tmp_path / "Day 1B.tdesk", flight_config("Day 1B", stop_players_left=4, other_flights=rule),
                     now=clock, seed=2) as second:
        second.execute(event_files.flights_known_command(second, [tmp_path]) or {})
        player = second.execute({"type": "register", "name": str(qualified[0])})["player"]
        buy = {"type": "buy_in", "player": player, "payment": "cash", "present": True}
        if allowed:
            assert second.execute(buy)["entry"]
        else:
            refused(second, buy, "QUALIFIED_IN_OTHER_FLIGHT")
        busted = second.execute({"type": "register", "name": NAMES[-1]})["player"]  # out of Day 1A
        assert second.execute({**buy, "player": busted})["entry"]


def test_a_stop_command_belongs_to_a_flight(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    refused(desk, {"type": "stop_flight"}, "NOT_A_FLIGHT")
    refused(desk, {"type": "bag", "table": 1, "stacks": {}}, "NOT_A_FLIGHT")
