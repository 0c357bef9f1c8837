"""Satellites (docs/flights-and-satellites.md): the pool buys seats in a target event and pays its leftover
in cash by the house's rule; play ends when the players left equal the seats, the seat bubble hand-for-hand;
a winner holding a seat already takes its value in cash; the target takes the seats as paid buy-ins."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import refused, reopened, table_mate
from tests.helpers.flights import bust_in_order, follow_plan, past_registration, satellite_config, seat_named
from tourneydesk import event_files
from tourneydesk.desk import Desk

# 11 entries at 90 to the pool: 990, three seats of 300 and 90 left over.
NAMES = [f"Player {i}" for i in range(1, 12)]


def played_to_the_end(make_desk: Callable[..., Desk], clock: FakeClock, **satellite: Any) -> Desk:
    desk = make_desk(satellite_config(**satellite))
    entries = seat_named(desk, NAMES)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    return desk


@pytest.mark.parametrize(("rule", "extra", "cash"), [
    ("next_place", {}, [9000]),
    ("steps", {"step": 4000}, [4000, 4000, 1000]),
    ("seat_winners", {}, []),
])
def test_the_pool_buys_whole_seats_and_pays_the_leftover_by_the_house_rule(
        make_desk: Callable[..., Desk], clock: FakeClock, rule: str, extra: dict[str, Any], cash: list[int]) -> None:
    desk = make_desk(satellite_config(leftover=rule, **extra))
    seat_named(desk, NAMES)
    snap = desk.snapshot()
    assert (snap["event"]["seats"], snap["event"]["leftover"]) == (3, 9000)
    amounts = [p["amount"] for p in snap["payouts"]]
    if rule == "seat_winners":
        assert amounts == [33000, 33000, 33000]
    else:
        assert amounts == [30000, 30000, 30000, *cash]
    assert sum(amounts) == snap["money"]["prize_pool"]


def test_the_satellite_ends_when_the_players_left_equal_the_seats(make_desk: Callable[..., Desk],
                                                                  clock: FakeClock) -> None:
    desk = played_to_the_end(make_desk, clock)
    snap = desk.snapshot()
    winners = [e for e in snap["entries"] if e["status"] == "active"]
    assert snap["tournament"]["status"] == "finished" and len(winners) == 3
    assert snap["event"]["ended"]["winners"] == [e["id"] for e in winners]
    assert all((e["place"], e["place_to"]) == (1, 3) for e in winners)
    fourth = next(e for e in snap["entries"] if e["place"] == 4)
    assert fourth["prize"] == 9000 and fourth["owed"] == 9000  # the leftover, in cash
    assert all(e["prize"] == 30000 and e["owed"] == 0 for e in winners)  # the seat is paid to the target
    assert reopened(desk) == snap


def test_each_seat_leaves_the_drawer_for_the_target(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = played_to_the_end(make_desk, clock)
    drawer = {t.method: t for t in desk.drawer()}
    assert drawer["satellite"].money_out == 3 * 30000 and drawer["satellite"].count == 3
    seats = [line for line in desk.ledger() if line["kind"] == "seat"]
    assert [line["amount"] for line in seats] == [-30000] * 3


def test_a_winner_holding_a_seat_already_takes_its_value_in_cash(make_desk: Callable[..., Desk],
                                                                 clock: FakeClock) -> None:
    desk = make_desk(satellite_config())
    entries = seat_named(desk, NAMES)
    holder = desk.state.entries[entries[0]].player
    desk.execute({"type": "holds_seat", "player": holder})
    refused(desk, {"type": "holds_seat", "player": holder}, "NOTHING_TO_DO")
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    ended = desk.snapshot()["event"]["ended"]
    assert ended["cash_instead"] == [entries[0]]
    mine = next(e for e in desk.snapshot()["entries"] if e["id"] == entries[0])
    assert mine["owed"] == 30000  # the seat's value, in cash
    assert len(desk.satellite_seats()["seats"]) == 2


def test_without_cash_for_holders_a_holder_wins_a_second_seat(make_desk: Callable[..., Desk],
                                                              clock: FakeClock) -> None:
    desk = make_desk(satellite_config(holder_takes_cash=False))
    entries = seat_named(desk, NAMES)
    desk.execute({"type": "holds_seat", "player": desk.state.entries[entries[0]].player})
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    assert desk.snapshot()["event"]["ended"]["cash_instead"] == []
    assert len(desk.satellite_seats()["seats"]) == 3


def test_the_seat_bubble_is_played_hand_for_hand_and_ends_with_its_hand(
        make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    names = [f"Player {i}" for i in range(1, 31)]  # 30 entries: 2,700, nine seats and nothing left over
    desk = make_desk(satellite_config(leftover="seat_winners"))
    entries = seat_named(desk, names)
    past_registration(desk, clock)
    order = list(reversed(entries))
    while desk.state.live > 10:
        entry = next(e for e in order if desk.state.entries[e].status == "active"
                     and len(desk.state.tables[desk.state.entries[e].table].seats) > 1)
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
        while desk.plan() and desk.plan()[0]["kind"] == "needs_button":
            table = desk.plan()[0]["table"]
            desk.execute({"type": "set_button", "table": table, "seat": min(desk.state.tables[table].seats)})
        if desk.state.live == 10:
            (step,) = [s for s in desk.plan() if s["kind"] == "hand_for_hand"]
            assert step["why"] == {"code": "seat_bubble", "players": 10, "seats": 9}
        follow_plan(desk)
    assert len(desk.state.open_tables) == 2 and desk.state.hand_for_hand  # ten on two tables: the seat bubble
    # Two busts of the bubble's hand, one at each table: they share places 9 and 10.
    a = next(e.id for e in desk.state.entries.values() if e.status == "active" and e.table == desk.state.open_tables[0])
    b = next(e.id for e in desk.state.entries.values() if e.status == "active" and e.table == desk.state.open_tables[1])
    desk.execute({"type": "bust", "entry": a, "by": [table_mate(desk, a)], "stack_at_hand_start": 500})
    assert desk.status == "running"  # the hand goes on at the other table
    desk.execute({"type": "bust", "entry": b, "by": [table_mate(desk, b)], "stack_at_hand_start": 500})
    assert desk.execute({"type": "hand_for_hand", "action": "next"})["ended"] is True
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    shared = [e for e in snap["entries"] if e["id"] in (a, b)]
    # The 8 survivors win a seat each; the ninth is shared by the two out in its hand (same_hand_ties =
    # "split"): each is paid half its value in cash.
    assert [(e["place"], e["place_to"]) for e in shared] == [(9, 10), (9, 10)]
    assert [e["prize"] for e in shared] == [15000, 15000] and len(snap["event"]["ended"]["winners"]) == 8
    assert sum(e["prize"] for e in snap["entries"]) == snap["money"]["prize_pool"]


def test_a_second_hand_for_hand_never_joins_the_places_of_the_first(make_desk: Callable[..., Desk],
                                                                    clock: FakeClock) -> None:
    """Hand-for-hand on, a bust, off; on again later: its first hand is not the first one's hand 1."""
    desk = make_desk(config(seating={"seats_per_table": 6, "tables": 4}))
    entries = seat_named(desk, [f"Player {i}" for i in range(1, 13)])
    past_registration(desk, clock)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    desk.execute({"type": "bust", "entry": entries[-1], "by": [table_mate(desk, entries[-1])]})
    desk.execute({"type": "hand_for_hand", "action": "off"})
    assert desk.execute({"type": "hand_for_hand", "action": "on"})["hand"] == 2
    desk.execute({"type": "bust", "entry": entries[-2], "by": [table_mate(desk, entries[-2])]})
    places = {e["id"]: (e["place"], e["place_to"]) for e in desk.snapshot()["entries"]}
    assert places[entries[-1]] == (12, 12) and places[entries[-2]] == (11, 11)


def test_the_target_takes_the_seats_as_paid_buy_ins(make_desk: Callable[..., Desk], clock: FakeClock,
                                                    tmp_path: Path) -> None:
    played_to_the_end(make_desk, clock)
    target = make_desk(config(name="Main Event", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}), name="main.tdesk")
    seats = event_files.satellite_seats_command(tmp_path / "t.tdesk")
    answer = target.execute(seats)
    assert len(answer["entries"]) == 3
    lines = target.ledger()
    assert [(line["method"], line["satellite"], line["amount"]) for line in lines] == \
        [("satellite", "Main Event Satellite", 30000)] * 3
    assert {t.method: t.money_in for t in target.drawer()}["satellite"] == 90000
    refused(target, seats, "SATELLITE_TAKEN")


def test_a_seat_winner_already_entered_is_named_and_may_be_left_out(make_desk: Callable[..., Desk],
                                                                    clock: FakeClock, tmp_path: Path) -> None:
    satellite = played_to_the_end(make_desk, clock)
    target = make_desk(config(name="Main Event", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}), name="main.tdesk")
    winner = satellite.satellite_seats()["seats"][0]
    seat_named(target, [winner["name"]])
    seats = event_files.satellite_seats_command(tmp_path / "t.tdesk")
    error = refused(target, seats, "SEAT_HOLDER_ENTERED")
    assert error.params["names"] == [winner["name"]]
    skipped = event_files.satellite_seats_command(tmp_path / "t.tdesk", skip=[winner["entry"]])
    assert len(target.execute(skipped)["entries"]) == 2


def test_a_seat_of_another_value_or_event_is_refused(make_desk: Callable[..., Desk], clock: FakeClock,
                                                     tmp_path: Path) -> None:
    played_to_the_end(make_desk, clock)
    seats = event_files.satellite_seats_command(tmp_path / "t.tdesk")
    dearer = make_desk(config(name="High Roller"), name="high.tdesk")  # a buy-in of 90: not a seat's 300
    refused(dearer, seats, "SEAT_VALUE_DIFFERS")
    other = make_desk(config(name="Other", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}), name="o.tdesk")
    refused(other, {**seats, "satellite": {**seats["satellite"], "target_id": "autumn-main"}},
            "SEAT_FOR_ANOTHER_EVENT")


def test_a_satellites_prizes_are_its_seats(make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(satellite_config())
    refused(desk, {"type": "edit_payouts", "places": [10000]}, "SATELLITE_PAYS_SEATS")
    plain = make_desk(config(), name="plain.tdesk")
    player = plain.execute({"type": "register", "name": "Ana"})["player"]
    refused(plain, {"type": "holds_seat", "player": player}, "NOT_A_SATELLITE")
    refused(desk, {"type": "take_satellite_seats", "satellite": {"tournament": desk.tournament_id, "name": "me",
                                                                  "seat_value": 30000, "target_id": None,
                                                                  "seats": []}}, "FIELD_INVALID")
