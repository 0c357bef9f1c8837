"""Alternates (docs/rules.md: alternates): the waiting list for a seat when every table is full.

First come first seated: the first on the list takes the next seat that frees, paying then (an ordinary
buy-in, seat drawn, seat card); nobody passes them; one who leaves the list, or is still on it when late
registration closes, paid nothing and is owed nothing. Every desk is on a real file in tmp_path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import buy_in, refused, register, reopened, seat_players, start, table_mate
from tourneydesk.core import engine
from tourneydesk.desk import Desk

ONE_TABLE = config(seating={"seats_per_table": 3, "tables": 1, "final_table_size": 3})
REGISTRATION_CLOSED_AFTER_MIN = 51
PRICE = 9000  # BASE_CONFIG's buy-in, prize and fee


def full_room(make_desk: Callable[..., Desk], cfg: dict[str, Any] = ONE_TABLE) -> tuple[Desk, list[str]]:
    desk = make_desk(cfg)
    return desk, seat_players(desk, 3)


def waiting_names(desk: Desk) -> list[str]:
    return [w["name"] for w in desk.snapshot().get("waiting", {"players": []})["players"]]


def wait(desk: Desk, player: str) -> dict[str, Any]:
    return desk.execute({"type": "add_alternate", "player": player, "present": True})


def test_a_player_who_finds_every_seat_taken_waits_in_the_order_they_came(make_desk):
    desk, _ = full_room(make_desk)
    ana, ben = register(desk, "Ana"), register(desk, "Ben")
    refused(desk, {"type": "buy_in", "player": ana, "payment": "cash", "present": True}, "NO_SEAT_AVAILABLE")
    assert wait(desk, ana) == {"player": ana, "position": 1, "seq": desk.seq}
    assert wait(desk, ben)["position"] == 2
    assert waiting_names(desk) == ["Ana", "Ben"]
    assert desk.snapshot()["waiting"]["seats_free"] == 0
    assert desk.person(ben).waiting == 2
    assert desk.snapshot()["money"]["collected"] == 3 * PRICE  # an alternate pays when seated


def test_the_first_waiting_takes_the_seat_a_bust_frees_and_nobody_passes_them(make_desk):
    desk, entries = full_room(make_desk)
    ana, ben, cleo = register(desk, "Ana"), register(desk, "Ben"), register(desk, "Cleo")
    wait(desk, ana)
    wait(desk, ben)
    start(desk)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    assert desk.snapshot()["waiting"]["seats_free"] == 1
    refused(desk, {"type": "buy_in", "player": ben, "payment": "cash", "present": True}, "ALTERNATE_NOT_FIRST")
    error = refused(desk, {"type": "buy_in", "player": cleo, "payment": "cash", "present": True},
                    "ALTERNATES_WAITING")
    assert error.params["first"] == "Ana"
    refused(desk, {"type": "add_alternate", "player": ana, "present": True}, "ALREADY_WAITING")
    seated = buy_in(desk, ana, "card")
    assert (seated["table"], seated["seat"]) == (1, desk.state.entries[entries[0]].last_seat)
    assert waiting_names(desk) == ["Ben"]
    assert desk.person(ana).waiting is None and desk.person(ana).last.playing
    assert desk.snapshot()["money"]["drawer"] == {"card": PRICE, "cash": 3 * PRICE}
    assert reopened(desk)["waiting"]["players"] == [{"player": ben, "name": "Ben"}]


def test_a_seat_on_a_table_added_in_the_settings_goes_to_the_first_waiting(make_desk):
    desk, _ = full_room(make_desk)
    ana = register(desk, "Ana")
    wait(desk, ana)
    desk.execute({"type": "edit_config", "set": {"seating.tables": 2}})
    assert desk.snapshot()["waiting"]["seats_free"] == 3
    seated = buy_in(desk, ana)
    assert seated["table"] == 2
    assert "waiting" not in desk.snapshot()  # an empty list: the snapshot is as it always was


def test_a_player_is_put_on_the_list_only_when_no_seat_is_free_and_only_once(make_desk):
    desk = make_desk(ONE_TABLE)
    entries = seat_players(desk, 2)
    ana = register(desk, "Ana")
    refused(desk, {"type": "add_alternate", "player": ana, "present": True}, "SEAT_FREE")
    refused(desk, {"type": "add_alternate", "player": desk.state.entries[entries[0]].player, "present": True},
            "ALREADY_ACTIVE")
    buy_in(desk, ana)
    ben = register(desk, "Ben")
    refused(desk, {"type": "add_alternate", "player": ben}, "NOT_PRESENT")
    refused(desk, {"type": "add_alternate", "player": "p99", "present": True}, "UNKNOWN_PLAYER")
    refused(desk, {"type": "add_alternate", "player": ben, "present": True, "payment": "cash"}, "UNKNOWN_FIELD")


def test_a_busted_player_waits_for_a_re_entry_behind_those_already_waiting(make_desk, clock: FakeClock):
    desk, entries = full_room(make_desk)
    ana = register(desk, "Ana")
    wait(desk, ana)
    start(desk)
    out = desk.state.entries[entries[1]].player
    desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    wait(desk, out)  # a seat is free, but Ana waits for it
    assert waiting_names(desk) == ["Ana", "Player 2"]
    buy_in(desk, ana)
    clock.advance(minutes=5)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    again = buy_in(desk, out)
    assert again["reentry"] is True and "waiting" not in desk.snapshot()


def test_a_freezeout_refuses_a_busted_player_the_list_as_it_refuses_the_re_entry(make_desk):
    cfg = config(ONE_TABLE)
    cfg.pop("reentry")
    desk, entries = full_room(make_desk, cfg)
    start(desk)
    out = desk.state.entries[entries[1]].player
    desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    buy_in(desk, register(desk, "Dan"))  # the room full again
    refused(desk, {"type": "add_alternate", "player": out, "present": True}, "REENTRY_NOT_ALLOWED")


def test_a_waiting_player_who_leaves_is_taken_off_and_owed_nothing(make_desk):
    desk, _ = full_room(make_desk)
    ana, ben = register(desk, "Ana"), register(desk, "Ben")
    wait(desk, ana)
    wait(desk, ben)
    collected = desk.snapshot()["money"]["collected"]
    assert desk.execute({"type": "remove_alternate", "player": ana})["reason"] == "left"
    assert waiting_names(desk) == ["Ben"]
    assert desk.snapshot()["money"]["collected"] == collected
    refused(desk, {"type": "remove_alternate", "player": ana}, "NOT_WAITING")
    refused(desk, {"type": "remove_alternate"}, "WAITING_LIST_OPEN")
    refused(desk, {"type": "unregister", "player": ben}, "PLAYER_WAITING")
    desk.execute({"type": "remove_alternate", "player": ben})
    desk.execute({"type": "unregister", "player": ben})
    refused(desk, {"type": "remove_alternate"}, "NOTHING_TO_DO")


def test_when_late_registration_closes_the_waiting_are_told_and_taken_off_together(make_desk, clock: FakeClock):
    desk, _ = full_room(make_desk)
    ana, ben = register(desk, "Ana"), register(desk, "Ben")
    wait(desk, ana)
    wait(desk, ben)
    start(desk)
    clock.advance(minutes=REGISTRATION_CLOSED_AFTER_MIN)
    assert desk.snapshot()["clock"]["registration_open"] is False
    assert waiting_names(desk) == ["Ana", "Ben"]  # the windows say they will not be seated
    refused(desk, {"type": "buy_in", "player": ana, "payment": "cash", "present": True}, "REGISTRATION_CLOSED")
    refused(desk, {"type": "add_alternate", "player": register(desk, "Cleo"), "present": True},
            "REGISTRATION_CLOSED")
    assert desk.execute({"type": "remove_alternate"})["players"] == [ana, ben]
    assert "waiting" not in desk.snapshot()
    assert desk.snapshot()["money"]["collected"] == 3 * PRICE


def test_undo_puts_a_seated_alternate_back_first_on_the_list(make_desk):
    desk, entries = full_room(make_desk)
    ana, ben = register(desk, "Ana"), register(desk, "Ben")
    wait(desk, ana)
    wait(desk, ben)
    start(desk)
    desk.execute({"type": "bust", "entry": entries[2], "by": [table_mate(desk, entries[2])]})
    buy_in(desk, ana)
    desk.execute({"type": "undo"})
    assert waiting_names(desk) == ["Ana", "Ben"]
    assert desk.person(ana).last is None
    # the listing under a later one's seat cannot be taken back past it
    buy_in(desk, ana)
    listed_ana = next(e.command_seq for e in desk.events() if e.type == "alternate_added")
    refused(desk, {"type": "undo", "seq": listed_ana}, "UNDO_CONFLICT")


def test_undo_of_a_bust_is_refused_once_the_busted_player_waits_again(make_desk):
    desk, entries = full_room(make_desk)
    ana = register(desk, "Ana")
    wait(desk, ana)
    start(desk)
    out = desk.state.entries[entries[1]].player
    bust = desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    wait(desk, out)
    refused(desk, {"type": "undo", "seq": bust["seq"]}, "UNDO_CONFLICT")


def test_the_list_is_folded_again_from_the_log_and_the_checkpoint(make_desk):
    desk, entries = full_room(make_desk)
    for name in ("Ana", "Ben", "Cleo"):
        wait(desk, register(desk, name))
    desk.execute({"type": "remove_alternate", "player": desk.state.waiting[1]})
    assert engine.fold(desk.events()).waiting == desk.state.waiting
    assert reopened(desk)["waiting"] == desk.snapshot()["waiting"]
