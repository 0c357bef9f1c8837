"""A satellite in the console: the TD marks a player who already holds a seat to the target (Players menu),
so that they take the seat's value in cash; the target's console takes the satellite's seats from its file
as paid buy-ins."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.flights import bust_in_order, past_registration, satellite_config, seat_named
from tests.helpers.keyboard import press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui.console import flight_actions
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

NAMES = [f"Player {i}" for i in range(1, 12)]  # 11 x 90 = 990: three seats of 300, 90 left over


def select(qtbot: QtBot, window: ConsoleWindow, name: str) -> None:
    press(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, name)
    press(qtbot, Qt.Key.Key_Return)
    assert window.selected_entry() is not None and window.selected_entry()["name"] == name  # type: ignore[index]


def test_a_seat_holder_is_marked_from_the_console_and_takes_cash(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(satellite_config())
    entries = seat_named(desk, NAMES)
    window = open_console(desk)
    select(qtbot, window, "Player 1")
    window.findChild(type(window.undo_action), "actionSeatHolder").trigger()
    assert window.status.text() == "Player 1 holds a seat to Main Event already"
    assert desk.snapshot()["event"]["holders"] == [desk.state.entries[entries[0]].player]
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    ended = desk.snapshot()["event"]["ended"]
    assert ended is not None and ended["cash_instead"] == [entries[0]]


def test_the_target_takes_the_satellites_seats_from_its_file(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        tmp_path: Path) -> None:
    satellite = make_desk(satellite_config(), name="satellite.tdesk")
    entries = seat_named(satellite, NAMES)
    past_registration(satellite, clock)
    bust_in_order(satellite, list(reversed(entries)))
    target = make_desk(config(name="Main Event", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}), name="main.tdesk")
    window = open_console(target)
    flight_actions.take_satellite_seats(window, tmp_path / "satellite.tdesk")
    assert window.status.text() == "3 seats taken as paid buy-ins"
    assert [(line["method"], line["amount"]) for line in target.ledger()] == [("satellite", 30000)] * 3
    flight_actions.take_satellite_seats(window, tmp_path / "satellite.tdesk")  # twice: refused, nothing written
    assert "taken" in window.error.text() and len(target.ledger()) == 3
