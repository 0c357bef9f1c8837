"""The cashier desk with every seat taken: the player registered is put on the waiting list by keys,
called when a bust frees a seat, sold the buy-in then with the seat card; one who leaves is taken off;
those still waiting when late registration closes are told so and taken off together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, find_and_choose, key, type_text
from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import register, seat_players, start, table_mate
from tourneydesk.desk import Desk

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ONE_TABLE = config(name="Full house", seating={"seats_per_table": 3, "tables": 1, "final_table_size": 3})
SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_a_player_registered_in_a_full_room_is_put_on_the_waiting_list_then_seated_in_turn(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    desk = make_desk(ONE_TABLE)
    entries = seat_players(desk, 3)
    start(desk)
    window = open_cashier(desk)
    collected = desk.snapshot()["money"]["collected"]

    key(qtbot, Qt.Key.Key_N, CTRL)
    type_text(qtbot, "Zoé Durand")
    key(qtbot, Qt.Key.Key_Return)
    zoe = next(p["id"] for p in desk.snapshot()["players"] if p["name"] == "Zoé Durand")
    # The buy-in cannot be sold: the desk says why and offers the waiting list instead.
    assert window.sale.player == zoe
    assert window.sale.error.text() == ("Every seat is taken: put the player on the waiting list, or add tables "
                                        "in the settings")
    assert not window.sale.confirm_button.isEnabled()
    assert window.sale.wait_button.isVisible() and not window.sale.leave_button.isVisible()
    key(qtbot, Qt.Key.Key_F9)  # not confirmed present: refused, as a buy-in would be
    assert desk.snapshot().get("waiting") is None
    assert window.sale.error.text() == "The player must be here in person to buy chips (PKR4U 14)"
    key(qtbot, Qt.Key.Key_Space)
    key(qtbot, Qt.Key.Key_F9)
    assert [w["name"] for w in desk.snapshot()["waiting"]["players"]] == ["Zoé Durand"]
    assert window.statusBar().currentMessage() == ("Zoé Durand is number 1 on the waiting list: nothing taken, "
                                                   "they pay when seated")
    assert desk.snapshot()["money"]["collected"] == collected
    assert QApplication.focusWidget() is window.find_panel.search and window.sale.player is None
    assert window.waiting_line.isVisible()
    players = window.find_panel.players
    assert players.index(players.row_of(zoe), players.STATUS).data() == "Waiting list #1"
    assert window.waiting_line.text() == ("Waiting list (1): 1. Zoé Durand · Every seat is taken: the first "
                                          "takes the next seat that frees")

    # A newcomer finds the list ahead of them, even once a seat frees.
    ben = register(desk, "Ben Martin")
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    qtbot.waitUntil(lambda: "1 seat free: call Zoé Durand to the cashier" in window.waiting_line.text())
    find_and_choose(qtbot, window, "ben")
    assert window.sale.player == ben
    assert window.sale.error.text() == "1 waiting for a seat, Zoé Durand first: put this player on the waiting list"
    key(qtbot, Qt.Key.Key_Space)
    key(qtbot, Qt.Key.Key_F9)
    assert [w["name"] for w in desk.snapshot()["waiting"]["players"]] == ["Zoé Durand", "Ben Martin"]

    # Zoé is called: her buy-in is the ordinary one, paid now, with the seat card.
    find_and_choose(qtbot, window, "zoé")
    assert "Waiting for a seat: number 1 on the list" in window.sale.status.text()
    assert window.sale.leave_button.isVisible() and not window.sale.wait_button.isVisible()
    assert window.sale.confirm_button.isEnabled()
    key(qtbot, Qt.Key.Key_Space)
    key(qtbot, Qt.Key.Key_2, CTRL)  # card
    with qtbot.waitSignal(window.printed):
        key(qtbot, Qt.Key.Key_Return)
    entry = next(e for e in desk.snapshot()["entries"] if e["player"] == zoe)
    assert entry["status"] == "active"
    assert window.banner.seat_big.text() == f"Table {entry['table']} · Seat {entry['seat']}"
    assert desk.ledger()[-1]["method"] == "card"
    assert [w["name"] for w in desk.snapshot()["waiting"]["players"]] == ["Ben Martin"]

    # Ben leaves: taken off, nothing to give back.
    find_and_choose(qtbot, window, "ben")
    key(qtbot, Qt.Key.Key_F9)
    assert "waiting" not in desk.snapshot()
    assert window.statusBar().currentMessage() == "Ben Martin is off the waiting list: nothing was taken"
    assert not window.waiting_line.isVisible()


def test_those_still_waiting_when_late_registration_closes_are_told_and_taken_off(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot, clock: FakeClock) -> None:
    desk = make_desk(ONE_TABLE)
    seat_players(desk, 3)
    for name in ("Ana", "Ben"):
        desk.execute({"type": "add_alternate", "player": register(desk, name), "present": True})
    start(desk)
    window = open_cashier(desk)
    key(qtbot, Qt.Key.Key_Q, CTRL | SHIFT)  # too early: they may still be seated
    assert window.statusBar().currentMessage() == ("Late registration is still open: take the players off the "
                                                   "waiting list one at a time")
    assert len(desk.snapshot()["waiting"]["players"]) == 2
    clock.advance(minutes=REGISTRATION_MINUTES + 1)
    window.refresh()
    assert window.waiting_line.text() == (
        "Waiting list (2): 1. Ana, 2. Ben · Late registration has closed: they will not be seated and paid "
        "nothing. Take them off the list (Ctrl+Shift+Q)")
    key(qtbot, Qt.Key.Key_Q, CTRL | SHIFT)
    assert "waiting" not in desk.snapshot()
    assert window.statusBar().currentMessage() == "2 players taken off the waiting list: nothing was taken from them"
    assert not window.waiting_line.isVisible()
