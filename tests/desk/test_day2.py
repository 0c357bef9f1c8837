"""The Day 2 of a multi-day event (docs/flights-and-satellites.md): made from its flights' files, it takes
every qualifier with their bag, one stack a person, seats them by a recorded draw or by chip count, and pays
one pool, counted over every entry of every flight."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.desks import refused, reopened
from tests.helpers.flights import bag_all, bags_of, bust_in_order, flight_config, stopped_flight
from tourneydesk import event_files
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk

DAY_1A = [f"Player {i}" for i in range(1, 13)]
DAY_1B = ["Player 1", "Player 2"] + [f"Player {i}" for i in range(13, 23)]  # two of 1A's qualifiers again


def flights(make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path, *, bigger_in_1b: int = 0,
            **second: Any) -> list[Path]:
    """Day 1A and Day 1B, each stopped at 4 left and bagged; Player 1 qualifies in both, with `bigger_in_1b`
    more chips in 1B's bag than in 1A's."""
    first = make_desk(flight_config("Day 1A"), name="Day 1A.tdesk")
    stopped_flight(first, clock, DAY_1A)
    bag_all(first)
    clock.advance(minutes=24 * 60)
    later = make_desk(flight_config("Day 1B", **(second or {"stop_players_left": 4})), name="Day 1B.tdesk")
    stopped_flight(later, clock, DAY_1B)
    tables = bags_of(later)
    one = next(e for e in later.state.entries.values() if later.name_of(e.id) == "Player 1")
    other = next(e for stacks in tables.values() for e in stacks if e != one.id)
    for stacks in tables.values():
        for entry in (one.id, other):
            if entry in stacks:
                stacks[entry] += bigger_in_1b if entry == one.id else -bigger_in_1b
        later.execute({"type": "bag", "table": next(t for t, s in tables.items() if s is stacks), "stacks": stacks})
    clock.advance(minutes=24 * 60)
    return [tmp_path / "Day 1A.tdesk", tmp_path / "Day 1B.tdesk"]


def day2_of(make_desk: Callable[..., Desk], paths: list[Path], **settings: Any) -> Desk:
    """The Day 2 made from these flights' files, as `event_files.make_day2` makes it, on a test desk."""
    results = event_files.flight_results(paths)
    with event_files.reading(paths[0]) as first:
        cfg = event_files.day2_config(first.config, results, **settings)
    desk = make_desk(cfg, name="Day 2.tdesk")
    desk.execute({"type": "take_flights", "flights": results})
    return desk


def stacks_by_name(desk: Desk) -> dict[str, int]:
    return {e["name"]: e["stack"] for e in desk.snapshot()["entries"] if e["status"] == "active"}


def test_the_day2_takes_every_qualifier_with_their_bag(make_desk: Callable[..., Desk], clock: FakeClock,
                                                       tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    bagged = {}
    for path in paths:
        with event_files.reading(path) as flight:
            bagged.update({q["name"]: q["chips"] for q in flight.flight_result()["qualifiers"]})
    desk = day2_of(make_desk, paths)
    snap = desk.snapshot()
    assert set(stacks_by_name(desk)) == set(bagged)  # Player 1 and Player 2 once each
    assert snap["counts"]["players_left"] == 6
    assert snap["event"]["qualifiers"] == 6 and snap["event"]["entries"] == 24
    assert [f["name"] for f in snap["event"]["flights"]] == ["Day 1A", "Day 1B"]
    assert all(e["seat"] is not None for e in snap["entries"])


def test_a_person_who_qualified_twice_carries_the_bigger_bag(make_desk: Callable[..., Desk], clock: FakeClock,
                                                             tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path, bigger_in_1b=5000)
    with event_files.reading(paths[1]) as later:
        in_1b = next(q["chips"] for q in later.flight_result()["qualifiers"] if q["name"] == "Player 1")
    desk = day2_of(make_desk, paths, two_stacks="best")
    assert stacks_by_name(desk)["Player 1"] == in_1b
    dropped = {d["name"]: d for f in desk.snapshot()["event"]["flights"] for d in f["dropped"]}
    assert set(dropped) == {"Player 1", "Player 2"}
    assert dropped["Player 1"]["chips"] == in_1b - 5000  # 1A's bag, left behind


def test_two_stacks_first_keeps_the_first_qualifying_one(make_desk: Callable[..., Desk], clock: FakeClock,
                                                         tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path, bigger_in_1b=5000)
    with event_files.reading(paths[0]) as first:
        in_1a = next(q["chips"] for q in first.flight_result()["qualifiers"] if q["name"] == "Player 1")
    desk = day2_of(make_desk, paths, two_stacks="first")
    assert stacks_by_name(desk)["Player 1"] == in_1a


def test_day2_chips_are_the_bags_carried(make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    bags = sum(r["chips"] for r in event_files.flight_results(paths))
    desk = day2_of(make_desk, paths)
    dropped = sum(d["chips"] for f in desk.snapshot()["event"]["flights"] for d in f["dropped"])
    assert desk.snapshot()["chips"]["in_play"] == bags - dropped


def test_the_pool_is_every_flights_prize_parts_and_the_table_counts_every_entry(
        make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    results = event_files.flight_results(paths)
    desk = day2_of(make_desk, paths)
    snap = desk.snapshot()
    assert snap["event"]["combined_pool"] == sum(r["prize_parts"] for r in results) == snap["money"]["prize_pool"]
    # 24 entries: the standard table pays 5 places, whatever the 6 players on Day 2
    assert len(snap["payouts"]) == 5
    assert sum(p["amount"] for p in snap["payouts"]) == snap["money"]["prize_pool"]


def test_what_a_flight_paid_on_day1_is_not_paid_again_on_day2(make_desk: Callable[..., Desk], clock: FakeClock,
                                                             tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path, stop_players_left=2, day1_pays=True)
    results = event_files.flight_results(paths)
    desk = day2_of(make_desk, paths)
    snap = desk.snapshot()
    paid_day1 = sum(r["paid_day1"] for r in results)
    assert paid_day1 > 0  # 1B pays its own 3rd place: its 2 qualifiers went on
    assert snap["money"]["prize_pool"] == snap["event"]["combined_pool"] - paid_day1
    assert sum(p["amount"] for p in snap["payouts"]) == snap["money"]["prize_pool"]
    # 24 entries pay 5 places, but only 4 people are left (1B's qualifiers both came from 1A): their 4
    # places' shares are scaled up to the whole pool the Day 2 pays
    assert snap["counts"]["players_left"] == 4 and len(snap["payouts"]) == 4


def test_chip_count_seating_spreads_the_big_stacks(make_desk: Callable[..., Desk], clock: FakeClock,
                                                   tmp_path: Path) -> None:
    names = [f"Player {i}" for i in range(1, 31)]
    first = make_desk(flight_config("Day 1A", stop_players_left=20), name="Day 1A.tdesk")
    stopped_flight(first, clock, names)
    tables = bags_of(first)
    survivors = sorted(e for stacks in tables.values() for e in stacks)
    chips = first.state.chips_in_play
    ladder = {e: 1000 * (i + 1) for i, e in enumerate(survivors)}
    ladder[survivors[0]] += chips - sum(ladder.values())
    for table, stacks in tables.items():
        first.execute({"type": "bag", "table": table, "stacks": {e: ladder[e] for e in stacks}})
    desk = day2_of(make_desk, [tmp_path / "Day 1A.tdesk"], seating="chip_count")
    snap = desk.snapshot()
    assert sorted(t["players"] for t in snap["tables"]) == [6, 7, 7]  # 20 players on 3 tables of 9
    biggest = sorted((e for e in snap["entries"]), key=lambda e: -e["stack"])[:3]
    assert len({e["table"] for e in biggest}) == 3  # one of the three biggest stacks at each table


def test_the_draw_is_recorded_and_replays(make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    desk = day2_of(make_desk, paths, seating="draw")
    counts = sorted(t["players"] for t in desk.snapshot()["tables"])
    assert counts == [6]
    assert reopened(desk) == desk.snapshot()


def test_the_day2_clock_starts_at_the_level_after_the_flights(make_desk: Callable[..., Desk], clock: FakeClock,
                                                              tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    last = max(r["level"] for r in event_files.flight_results(paths))
    desk = day2_of(make_desk, paths)
    desk.execute({"type": "clock", "action": "start"})
    assert desk.snapshot()["clock"]["level"] == last + 1
    assert desk.snapshot()["clock"]["registration_open"] is False


def test_the_day2_sells_nothing_and_takes_its_flights_once(make_desk: Callable[..., Desk], clock: FakeClock,
                                                           tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    desk = day2_of(make_desk, paths)
    player = desk.execute({"type": "register", "name": "Walk In"})["player"]
    refused(desk, {"type": "buy_in", "player": player, "payment": "cash", "present": True}, "DAY2_NO_ENTRIES")
    refused(desk, {"type": "take_flights", "flights": event_files.flight_results(paths)}, "FLIGHTS_TAKEN")


def test_a_flight_given_twice_or_of_another_event_is_refused(make_desk: Callable[..., Desk], clock: FakeClock,
                                                            tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    results = event_files.flight_results(paths)
    with event_files.reading(paths[0]) as first:
        cfg = event_files.day2_config(first.config, results)
    desk = make_desk(cfg, name="Day 2.tdesk")
    refused(desk, {"type": "take_flights", "flights": [results[0], results[0]]}, "FLIGHT_TWICE")
    refused(desk, {"type": "take_flights", "flights": [{**results[0], "event": "autumn"}]}, "FLIGHT_OF_ANOTHER_EVENT")
    wrong = {**results[0], "chips": results[0]["chips"] + 1}
    refused(desk, {"type": "take_flights", "flights": [wrong]}, "FLIGHT_BAGS_DIFFER")
    refused(desk, {"type": "take_flights", "flights": [{**results[0], "entries": -1}]}, "FIELD_INVALID")


def test_a_flight_not_yet_bagged_makes_no_day2(make_desk: Callable[..., Desk], clock: FakeClock,
                                               tmp_path: Path) -> None:
    first = make_desk(flight_config("Day 1A"), name="Day 1A.tdesk")
    stopped_flight(first, clock, DAY_1A)
    with pytest.raises(TourneyError) as refusal:
        event_files.make_day2(tmp_path / "Day 2.tdesk", [tmp_path / "Day 1A.tdesk"], now=clock)
    assert refusal.value.code == "FLIGHT_NOT_BAGGED"
    assert not (tmp_path / "Day 2.tdesk").exists()


def test_make_day2_writes_the_day2_file_from_the_flights(make_desk: Callable[..., Desk], clock: FakeClock,
                                                         tmp_path: Path) -> None:
    paths = flights(make_desk, clock, tmp_path)
    with event_files.make_day2(tmp_path / "Day 2.tdesk", paths, now=clock, seed=1) as desk:
        assert desk.config.day2 is not None and desk.config.name == "Spring Main Event Day 2"
        assert desk.counts().players_left == 6
    found = event_files.flights_of("spring-main", [tmp_path])
    assert [config.flight.name for _, config, _ in found if config.flight] == ["Day 1A", "Day 1B"]


def test_a_day2_plays_down_to_its_winner(make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path) -> None:
    desk = day2_of(make_desk, flights(make_desk, clock, tmp_path))
    desk.execute({"type": "clock", "action": "start"})
    live = [e.id for e in desk.state.entries.values() if e.status == "active"]
    bust_in_order(desk, live)
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished" and desk.winner() is not None
    places = sorted(e["place"] for e in snap["entries"])
    assert places == [1, 2, 3, 4, 5, 6]
    assert sum(e["prize"] for e in snap["entries"]) == snap["money"]["prize_pool"]


def mystery_flight(name: str) -> dict[str, Any]:
    """A flight whose entries each put 20.00 into mystery bounties won from Day 2."""
    cfg = flight_config(name)
    cfg.update(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000},
               bounty={"kind": "mystery", "mystery_from": "day2"})
    return cfg


def test_mystery_bounties_won_from_day2_share_every_flights_bounty_parts_and_day1_knockouts_draw_none(
        make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path) -> None:
    """Issue 26: bounties are won from a point the TD sets, Day 2 among them; the flights collect the pool."""
    paths = []
    for name, people in (("Day 1A", DAY_1A), ("Day 1B", DAY_1B)):
        flight = make_desk(mystery_flight(name), name=f"{name}.tdesk")
        refused(flight, {"type": "envelopes", "propose": True}, "ENVELOPES_ON_DAY2")
        stopped_flight(flight, clock, people)  # eight knockouts each: nobody draws on Day 1
        snap = flight.snapshot()
        assert snap["money"]["bounty_pool"] == 12 * 2000 and snap["money"]["envelopes"]["drawn"] == []
        assert all(e["bounty_won"] == 0 for e in snap["entries"])
        bag_all(flight)
        paths.append(tmp_path / f"{name}.tdesk")
        clock.advance(minutes=24 * 60)
    desk = day2_of(make_desk, paths)
    assert desk.snapshot()["money"]["bounty_pool"] == 24 * 2000  # every flight's parts, to the cent
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 10000, "count": 2}, {"amount": 4000, "count": 7}]})
    desk.execute({"type": "clock", "action": "start"})
    bust_in_order(desk, [e.id for e in desk.state.entries.values()][:-1])
    snap = reopened(desk)
    envelopes = snap["money"]["envelopes"]
    assert envelopes["drawn_total"] + envelopes["left_total"] == 24 * 2000
    assert envelopes["left_count"] == 0  # the last knockout's draw and the winner's take leave none
    assert sum(e["bounty_won"] for e in snap["entries"]) == 24 * 2000


def test_mystery_bounties_from_day2_are_refused_in_a_tournament_that_is_no_event(
        make_desk: Callable[..., Desk]) -> None:
    cfg = mystery_flight("Day 1A")
    cfg.pop("flight")
    with pytest.raises(TourneyError) as refusal:
        make_desk(cfg)
    assert refusal.value.params["rule"] == "mystery_day2_only"


def test_a_person_who_entered_two_flights_is_one_player_of_the_event(make_desk: Callable[..., Desk],
                                                                     clock: FakeClock, tmp_path: Path) -> None:
    """Players 1 and 2 played both flights: 24 entries, 22 people. A person is the same by member id where
    both flights have one, else by name: two of one name with two member ids are two people, one member id
    under two spellings is one; only the count goes on the Day 2's log, never who they are."""
    paths = flights(make_desk, clock, tmp_path)
    assert day2_of(make_desk, paths).snapshot()["event"]["players"] == 22
    results = event_files.flight_results(paths)
    ids = {("Day 1A", "Player 1"): "M1", ("Day 1B", "Player 1"): "M2",  # namesakes
           ("Day 1A", "Player 5"): "M5", ("Day 1B", "Player 13"): "M5"}  # one member, two spellings
    for flight in results:
        for person in flight["people"]:
            person["member_id"] = ids.get((flight["name"], person["name"]))
    with event_files.reading(paths[0]) as first:
        cfg = event_files.day2_config(first.config, results)
    desk = make_desk(cfg, name="Day 2 again.tdesk")
    desk.execute({"type": "take_flights", "flights": results})
    snap = desk.snapshot()
    assert (snap["event"]["entries"], snap["event"]["players"]) == (24, 22)
    assert [f["new_players"] for f in snap["event"]["flights"]] == [12, 10]
    taken = [e.payload for e in desk.events() if e.type == "flight_taken"]
    assert all("people" not in payload and "M5" not in str(payload) for payload in taken)
