"""A bust while rebuys are open is no finish: the player may buy back in, and the desk says so (issue 15.11)."""

from __future__ import annotations

from tests.helpers.configs import rebuy_event
from tests.helpers.desks import refused, seat_players, start, table_mate
from tourneydesk.desk import Desk


def test_a_bust_during_the_rebuy_period_is_provisional_and_says_the_player_can_rebuy(make_desk, clock) -> None:
    desk: Desk = make_desk(rebuy_event())
    e1, *_ = seat_players(desk, 6)
    start(desk)
    clock.advance(minutes=25)  # level 2: registration closed, rebuys still open
    answer = desk.execute({"type": "bust", "entry": e1, "by": [table_mate(desk, e1)]})
    out = answer["out"][0]
    assert out["final"] is False and out["comes_back"] == "rebuy"
    view = next(e for e in desk.snapshot()["entries"] if e["id"] == e1)
    assert view["status"] == "busted" and view["place"] == 6 and view["place_final"] is False


def test_a_busted_player_rebuys_back_into_a_seat_and_gives_his_place_back(make_desk, clock) -> None:
    desk: Desk = make_desk(rebuy_event())
    e1, *_ = seat_players(desk, 6)
    start(desk)
    clock.advance(minutes=25)
    desk.execute({"type": "bust", "entry": e1, "by": [table_mate(desk, e1)]})
    assert desk.snapshot()["counts"]["players_left"] == 5
    answer = desk.execute({"type": "rebuy", "present": True, "entry": e1, "payment": "cash"})
    assert answer["back"] is True and answer["chips"] == 20000
    snap = desk.snapshot()
    view = next(e for e in snap["entries"] if e["id"] == e1)
    assert (view["status"], view["place"], view["rebuys"]) == ("active", None, 1)
    assert view["table"] is not None and snap["counts"]["players_left"] == 6
    table = next(t for t in snap["tables"] if t["number"] == view["table"])
    assert table["seats"][str(view["seat"])] == e1
    assert snap["chips"]["in_play"] == 6 * 20000 + 20000
    # Undone, the bust stands again with its place.
    desk.execute({"type": "undo"})
    view = next(e for e in desk.snapshot()["entries"] if e["id"] == e1)
    assert (view["status"], view["place"]) == ("busted", 6)


def test_after_the_rebuy_period_a_bust_is_final_and_no_rebuy_brings_him_back(make_desk, clock) -> None:
    desk: Desk = make_desk(rebuy_event())
    e1, *_ = seat_players(desk, 6)
    start(desk)
    clock.advance(minutes=41)  # level 3: rebuys closed
    out = desk.execute({"type": "bust", "entry": e1, "by": [table_mate(desk, e1)]})["out"][0]
    assert out["final"] is True and out["comes_back"] is None
    refused(desk, {"type": "rebuy", "present": True, "entry": e1, "payment": "cash"}, "REBUY_CLOSED")


def test_a_busted_player_cannot_rebuy_with_chips_left_nor_past_the_limit(make_desk, clock) -> None:
    desk: Desk = make_desk(rebuy_event())
    e1, *_ = seat_players(desk, 6)
    start(desk)
    for _ in range(2):
        desk.execute({"type": "bust", "entry": e1, "by": [table_mate(desk, e1)]})
        refused(desk, {"type": "rebuy", "present": True, "entry": e1, "payment": "cash", "stack": 500}, "FIELD_INVALID")
        desk.execute({"type": "rebuy", "present": True, "entry": e1, "payment": "cash"})
    out = desk.execute({"type": "bust", "entry": e1, "by": [table_mate(desk, e1)]})["out"][0]
    assert out["comes_back"] is None  # both rebuys used
    refused(desk, {"type": "rebuy", "present": True, "entry": e1, "payment": "cash"}, "REBUY_LIMIT")


def test_the_last_two_during_the_rebuy_period_do_not_end_the_tournament(make_desk, clock) -> None:
    desk: Desk = make_desk(rebuy_event())
    e1, e2 = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=25)
    answer = desk.execute({"type": "bust", "entry": e1, "by": [e2]})
    assert not answer.get("finished") and desk.snapshot()["tournament"]["status"] != "finished"
    desk.execute({"type": "rebuy", "present": True, "entry": e1, "payment": "card"})
    assert desk.snapshot()["counts"]["players_left"] == 2
