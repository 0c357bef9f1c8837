"""Eliminations and places through the Desk, as the TD and the room see them (UPPS 7.2, docs/rules.md).

BASE_CONFIG: late registration and re-entry close 50 minutes after the start (levels 1 and 2 and the
break after them); places are provisional until then.
"""

from __future__ import annotations

from typing import Any

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import entry_view, refused, seat_players, start, table_mate
from tourneydesk.desk import Desk

REGISTRATION_MINUTES = 50
THREE_PAID = {"places": [5000, 3000, 2000], "rounding": 1}


def bust(desk: Desk, entry: str, by: str | None = None, **extra: Any) -> dict[str, Any]:
    return desk.execute({"type": "bust", "entry": entry, "by": [by or table_mate(desk, entry)], **extra})


def rejoin(desk: Desk, entry: str) -> str:
    player = desk.state.entries[entry].player
    return desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"]


def at_table(desk: Desk, table: int) -> list[str]:
    return [e for _, e in sorted(desk.state.tables[table].seats.items())]


def running_with_registration_closed(make_desk, clock, players: int, cfg: dict[str, Any] | None = None,
                                     ) -> tuple[Desk, list[str]]:
    desk = make_desk(cfg if cfg is not None else config(payouts=THREE_PAID))
    entries = seat_players(desk, players)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    assert desk.snapshot()["clock"]["registration_open"] is False
    return desk, entries


# -- places run from the number of players down to 1 -----------------------------------------------
def test_places_run_from_the_number_of_players_down_to_one(make_desk, clock):
    desk, (e1, e2, e3, e4) = running_with_registration_closed(make_desk, clock, 4)
    assert [bust(desk, e, e4)["out"][0]["place"] for e in (e1, e2)] == [4, 3]
    result = bust(desk, e3, e4)
    assert result["out"][0]["place"] == 2
    assert result["finished"] is True and result["winner"] == e4
    assert [entry_view(desk, e)["place"] for e in (e1, e2, e3, e4)] == [4, 3, 2, 1]


def test_a_person_finishes_once_with_their_last_entry(make_desk, clock):
    desk = make_desk(config(payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    assert bust(desk, e1, e3)["out"][0]["place"] == 3
    e1b = rejoin(desk, e1)
    assert entry_view(desk, e1)["place"] is None  # the provisional place is given back
    clock.advance(minutes=REGISTRATION_MINUTES)
    assert bust(desk, e1b, e3)["out"][0]["place"] == 3
    snap = desk.snapshot()
    assert snap["counts"]["players"] == 3 and snap["counts"]["entries"] == 4
    assert [entry_view(desk, e)["place"] for e in (e1, e1b)] == [None, 3]
    assert bust(desk, e2, e3)["out"][0]["place"] == 2


def test_places_are_provisional_while_registration_is_open_and_final_after(make_desk, clock):
    desk = make_desk(config(payouts=THREE_PAID))
    e1, e2, e3, e4 = seat_players(desk, 4)
    start(desk)
    [out] = bust(desk, e1, e4)["out"]
    assert (out["place"], out["final"]) == (4, False)
    assert entry_view(desk, e1)["place_final"] is False
    clock.advance(minutes=REGISTRATION_MINUTES)
    assert entry_view(desk, e1)["place_final"] is True
    [out] = bust(desk, e2, e4)["out"]
    assert (out["place"], out["final"]) == (3, True)


def test_a_late_entry_pushes_a_provisional_place_down(make_desk):
    desk = make_desk(config(payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    assert bust(desk, e1, e3)["out"][0]["place"] == 3
    desk.execute({"type": "buy_in", "player": desk.execute({"type": "register", "name": "Late"})["player"],
                  "payment": "cash", "present": True})
    assert entry_view(desk, e1)["place"] == 4


# -- several out in one hand (UPPS 7.2) --------------------------------------------------------
def test_two_out_in_one_hand_the_bigger_starting_stack_takes_the_higher_place(make_desk, clock):
    desk, (e1, e2, e3, e4, e5) = running_with_registration_closed(make_desk, clock, 5)
    result = desk.execute({"type": "bust", "busts": [
        {"entry": e1, "by": [e5], "stack_at_hand_start": 9000},
        {"entry": e2, "by": [e5], "stack_at_hand_start": 15000}]})
    places = {o["entry"]: (o["place"], o["place_to"]) for o in result["out"]}
    assert places == {e1: (5, 5), e2: (4, 4)}
    assert entry_view(desk, e2)["place"] == 4


def test_two_out_in_one_hand_with_equal_stacks_share_the_places_and_the_money(make_desk, clock):
    desk, (e1, e2, e3, e4) = running_with_registration_closed(make_desk, clock, 4)
    pool = 4 * 8000
    result = desk.execute({"type": "bust", "busts": [
        {"entry": e1, "by": [e4], "stack_at_hand_start": 10000},
        {"entry": e2, "by": [e4], "stack_at_hand_start": 10000}]})
    assert {(o["place"], o["place_to"]) for o in result["out"]} == {(3, 4)}
    # Places 3 and 4 pay 20% and nothing: each takes half of the 20%.
    assert sorted(o["prize"] for o in result["out"]) == [pool * 2000 // 10000 // 2] * 2
    assert entry_view(desk, e1)["prize"] + entry_view(desk, e2)["prize"] == pool * 2000 // 10000


def test_several_out_in_one_hand_need_their_starting_stacks(make_desk, clock):
    desk, (e1, e2, e3, e4) = running_with_registration_closed(make_desk, clock, 4)
    refused(desk, {"type": "bust", "busts": [{"entry": e1, "by": [e4]}, {"entry": e2, "by": [e4]}]},
            "STACK_REQUIRED")


# -- hand-for-hand: out in the same hand at different tables (UPPS 7.2) -----------------------------
def down_to_two_tables_of_two(desk: Desk) -> tuple[list[str], list[str]]:
    """Twelve players (tables 1 and 2): bust to four, two at each table."""
    for table in (1, 2):
        players = at_table(desk, table)
        for loser in players[2:]:
            bust(desk, loser, players[0])
    return at_table(desk, 1), at_table(desk, 2)


def test_hand_for_hand_busts_at_two_tables_share_places_and_split_the_prize(make_desk, clock):
    desk, _ = running_with_registration_closed(make_desk, clock, 12)
    (a1, a2), (b1, b2) = down_to_two_tables_of_two(desk)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    first = bust(desk, a2, a1, stack_at_hand_start=30000)["out"][0]
    assert (first["place"], first["prize"]) == (4, 0)  # alone so far
    second = bust(desk, b2, b1, stack_at_hand_start=50000)["out"][0]
    place3 = 12 * 8000 * 2000 // 10000
    assert (second["place"], second["place_to"]) == (3, 4)
    for entry in (a2, b2):
        view = entry_view(desk, entry)
        assert (view["place"], view["place_to"]) == (3, 4)
        assert view["prize"] == place3 // 2
    third = desk.snapshot()["payouts"][2]
    assert third["place"] == 3 and sorted(third["entries"]) == sorted([a2, b2])


def test_hand_for_hand_busts_at_two_tables_ranked_by_stack_where_the_house_says_so(make_desk, clock):
    cfg = config(payouts={**THREE_PAID, "same_hand_ties": "by_stack"})
    desk, _ = running_with_registration_closed(make_desk, clock, 12, cfg)
    (a1, a2), (b1, b2) = down_to_two_tables_of_two(desk)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    bust(desk, a2, a1, stack_at_hand_start=30000)
    bust(desk, b2, b1, stack_at_hand_start=50000)
    assert (entry_view(desk, b2)["place"], entry_view(desk, a2)["place"]) == (3, 4)
    assert entry_view(desk, b2)["prize"] == 12 * 8000 * 2000 // 10000
    assert entry_view(desk, a2)["prize"] == 0


def test_hand_for_hand_busts_in_different_hands_take_their_own_places(make_desk, clock):
    desk, _ = running_with_registration_closed(make_desk, clock, 12)
    (a1, a2), (b1, b2) = down_to_two_tables_of_two(desk)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    bust(desk, a2, a1, stack_at_hand_start=30000)
    desk.execute({"type": "hand_for_hand", "action": "next"})
    bust(desk, b2, b1, stack_at_hand_start=50000)
    assert (entry_view(desk, a2)["place"], entry_view(desk, b2)["place"]) == (4, 3)


# -- disqualified and removed (UPPS 10.8, 8.3) -------------------------------------------------
def test_disqualified_player_gets_no_place_and_the_places_close_up(make_desk, clock):
    desk, (e1, e2, e3, e4) = running_with_registration_closed(make_desk, clock, 4)
    chips = desk.snapshot()["chips"]["in_play"]
    result = desk.execute({"type": "disqualify", "entry": e2, "reason": "Collusion", "chips": 18000})
    view = entry_view(desk, e2)
    assert (view["status"], view["place"], view["prize"], view["table"]) == ("disqualified", None, 0, None)
    snap = desk.snapshot()
    assert snap["chips"]["in_play"] == chips - 18000
    assert snap["counts"]["players_left"] == 3
    assert result["bounty_forfeited"] == 0
    assert bust(desk, e1, e4)["out"][0]["place"] == 3
    assert bust(desk, e3, e4)["out"][0]["place"] == 2
    assert entry_view(desk, e4)["place"] == 1


def test_removed_player_forfeits_the_bounty_on_their_head(make_desk, clock):
    desk, (e1, e2, e3) = running_with_registration_closed(make_desk, clock, 3, config(PKO_CONFIG))
    result = desk.execute({"type": "remove", "entry": e1, "reason": "Left without a word", "chips": 20000})
    assert result["bounty_forfeited"] == 2000
    view = entry_view(desk, e1)
    assert (view["status"], view["bounty"], view["place"]) == ("removed", 0, None)
    assert desk.snapshot()["money"]["bounty_forfeited"] == 2000
    assert bust(desk, e2, e3)["out"][0]["place"] == 2


def test_disqualified_person_cannot_enter_again(make_desk):
    desk = make_desk()
    e1, *_ = seat_players(desk, 3)
    start(desk)
    desk.execute({"type": "disqualify", "entry": e1, "reason": "Cheating", "chips": 20000})
    refused(desk, {"type": "buy_in", "player": desk.state.entries[e1].player, "payment": "cash",
                   "present": True}, "PLAYER_OUT")


def test_disqualification_needs_a_reason(make_desk):
    desk = make_desk()
    e1, *_ = seat_players(desk, 3)
    start(desk)
    refused(desk, {"type": "disqualify", "entry": e1, "reason": " ", "chips": 20000}, "REASON_REQUIRED")


# -- the finish ----------------------------------------------------------------------------------
def test_tournament_finishes_when_one_is_left_after_registration_closes(make_desk, clock):
    desk, (e1, e2, e3) = running_with_registration_closed(make_desk, clock, 3)
    bust(desk, e1, e3)
    result = bust(desk, e2, e3)
    assert result["finished"] is True
    assert result["winner"] == e3
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert snap["clock"]["running"] is False
    winner = entry_view(desk, e3)
    assert winner["place"] == 1 and winner["place_final"] is True
    assert winner["prize"] == result["winner_prize"] == snap["payouts"][0]["amount"]


def test_the_clock_stays_stopped_after_the_finish(make_desk, clock):
    desk, (e1, e2) = running_with_registration_closed(make_desk, clock, 2)
    bust(desk, e1, e2)
    remaining = desk.snapshot()["clock"]["remaining_s"]
    clock.advance(minutes=30)
    assert desk.snapshot()["clock"]["remaining_s"] == remaining
    refused(desk, {"type": "clock", "action": "resume"}, "TOURNAMENT_FINISHED")


def test_last_two_while_registration_is_open_do_not_finish_until_it_closes(make_desk, clock):
    desk = make_desk(config(payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    bust(desk, e1, e3)
    result = bust(desk, e2, e3)
    assert "finished" not in result
    assert desk.snapshot()["tournament"]["status"] == "running"
    error = refused(desk, {"type": "finish"}, "CANNOT_FINISH")
    assert error.params["players_left"] == 1
    clock.advance(minutes=REGISTRATION_MINUTES)
    result = desk.execute({"type": "finish"})
    assert result["winner"] == e3
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert [entry_view(desk, e)["place"] for e in (e1, e2, e3)] == [3, 2, 1]
    assert entry_view(desk, e3)["prize"] == snap["payouts"][0]["amount"] == 3 * 8000 * 5000 // 10000


def test_the_td_ends_it_while_registration_is_open_by_saying_no_one_comes(make_desk, clock):
    desk = make_desk(config(payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    bust(desk, e1, e3)
    bust(desk, e2, e3)
    assert refused(desk, {"type": "finish"}, "CANNOT_FINISH").params["entries_open"] is True
    result = desk.execute({"type": "finish", "close_registration": True})
    assert (result["finished"], result["winner"]) == (True, e3)
    assert [entry_view(desk, e)["place"] for e in (e1, e2, e3)] == [3, 2, 1]
    assert not desk.open_now().registration  # no one buys in once it is over


def test_finish_with_two_players_left_is_refused(make_desk, clock):
    desk, _ = running_with_registration_closed(make_desk, clock, 3)
    bust(desk, desk.state.tables[1].seats[min(desk.state.tables[1].seats)])
    assert refused(desk, {"type": "finish", "close_registration": True}, "CANNOT_FINISH").params == {
        "players_left": 2, "entries_open": False}


def test_the_last_player_cannot_bust(make_desk, clock):
    desk = make_desk()
    e1, e2 = seat_players(desk, 2)
    start(desk)
    bust(desk, e1, e2)
    refused(desk, {"type": "bust", "entry": e2, "by": []}, "LAST_PLAYER")


def test_nothing_happens_after_the_finish(make_desk, clock):
    desk, (e1, e2) = running_with_registration_closed(make_desk, clock, 2)
    bust(desk, e1, e2)
    refused(desk, {"type": "bust", "entry": e2, "by": []}, "TOURNAMENT_FINISHED")
    refused(desk, {"type": "disqualify", "entry": e2, "reason": "Late", "chips": 0}, "TOURNAMENT_FINISHED")


# -- an abandoned stack in a bounty event (PKR4U 6) ------------------------------------------------
def test_play_does_not_finish_while_an_abandoned_stack_is_still_blinded_off(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG, payouts=THREE_PAID, seating={"seats_per_table": 3, "tables": 3}))
    entries = seat_players(desk, 4)  # table 1 full, table 2 with one
    start(desk)
    a, b, x = at_table(desk, 1)
    [c] = at_table(desk, 2)
    clock.advance(minutes=40)  # the break after level 2
    n = desk.execute({"type": "buy_in", "player": desk.state.entries[x].player, "payment": "cash",
                      "present": True, "abandon": x})["entry"]
    assert desk.state.entries[n].table == 2
    clock.advance(minutes=10)  # registration has closed
    assert bust(desk, n, c)["out"][0]["place"] == 4
    assert bust(desk, b, a)["out"][0]["place"] == 3
    desk.execute({"type": "move", "entry": c, "table": 1,
                  "seat": next(s for s in (1, 2, 3) if s not in desk.state.tables[1].seats)})
    result = bust(desk, c, a)
    assert result["out"][0]["place"] == 2
    assert "finished" not in result
    error = refused(desk, {"type": "finish"}, "CANNOT_FINISH")
    assert error.params["players_left"] == 1
    result = bust(desk, x, a)
    assert result["out"][0]["place"] is None
    assert result["finished"] is True and result["winner"] == a
    assert [entry_view(desk, e)["place"] for e in (x, n, b, c, a)] == [None, 4, 3, 2, 1]
    assert len(entries) == 4 and desk.snapshot()["counts"]["players"] == 4
