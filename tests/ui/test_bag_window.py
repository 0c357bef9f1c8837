"""A flight's bags as the TD enters them once it has stopped: Ctrl+Shift+G, a table at a time, each seat's
bag typed in seat order, the total checked against the chips in play; each table's bag slips printed, one
a player; the last table's difference accepted only when ticked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.flights import flight_config, stopped_flight
from tests.helpers.keyboard import active_dialog, press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.console.bag_dialog import BagDialog
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def stopped(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    """Day 1A of 20 players, stopped at 12 left, on two tables: two tables of survivors to bag."""
    desk = make_desk(config(flight_config("Day 1A", stop_players_left=12)), name="Day 1A.tdesk")
    stopped_flight(desk, clock, [f"Player {i}" for i in range(1, 21)])
    assert desk.snapshot()["event"]["stopped"] is not None
    return desk


def open_bags(qtbot: QtBot, window: ConsoleWindow) -> BagDialog:
    window.activateWindow()  # back from the dialog before
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    press(qtbot, Qt.Key.Key_G, CTRL_SHIFT)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, BagDialog)
    return dialog


def type_bags(qtbot: QtBot, dialog: BagDialog, bags: list[int]) -> None:
    for chips in bags:
        type_text(qtbot, str(chips))
        press(qtbot, Qt.Key.Key_Return)


def test_each_table_is_bagged_in_seat_order_and_its_slips_printed(
        stopped: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot, tmp_path: Path) -> None:
    window = open_console(stopped)
    in_play = stopped.snapshot()["chips"]["in_play"]
    tables = [t for t in stopped.snapshot()["tables"] if t["seats"]]
    seats = [len(t["seats"]) for t in tables]
    assert len(tables) == 2 and sum(seats) == 12
    dialog = open_bags(qtbot, window)
    first = dialog.table()
    assert QApplication.focusWidget() is next(iter(dialog.boxes.values()))
    share = in_play // 12
    type_bags(qtbot, dialog, [share] * (seats[0] - 1))
    assert dialog.total.text() == \
        f"Bagged with this table: {fmt.chips(share * (seats[0] - 1))} · chips in play: {fmt.chips(in_play)}"
    type_bags(qtbot, dialog, [share])
    qtbot.waitUntil(lambda: not dialog.isVisible())
    event = stopped.snapshot()["event"]
    assert event["tables_bagged"] == [first] and event["chips_bagged"] == share * seats[0]
    slips = sorted((tmp_path / "Day 1A prints").glob("bag-slip-*.pdf"))
    assert len(slips) == seats[0]
    assert f"Table {first} bagged" in window.status.text()

    dialog = open_bags(qtbot, window)  # the table bagged is no longer offered
    assert dialog.table_box.count() == 1 and dialog.table() != first
    type_bags(qtbot, dialog, [share] * (seats[1] - 1) + [in_play - 11 * share - 100])  # the last table 100 short
    assert dialog.isVisible() and "100 short" in dialog.error.text()
    assert stopped.snapshot()["event"]["bagged"] is False
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # Accept the difference
    qtbot.waitUntil(dialog.accept_box.isChecked)  # a mnemonic clicks the box as a mouse would, a moment later
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    event = stopped.snapshot()["event"]
    assert event["bagged"] is True and event["difference"] == 100 and event["bags"] == 12
    assert len(list((tmp_path / "Day 1A prints").glob("bag-slip-*.pdf"))) == 12


def test_a_seat_left_without_a_bag_is_named_and_nothing_is_written(
        stopped: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(stopped)
    dialog = open_bags(qtbot, window)
    seq = stopped.seq
    entries = list(dialog.boxes)
    type_bags(qtbot, dialog, [10_000])
    press(qtbot, Qt.Key.Key_Tab)  # the second seat left empty
    type_bags(qtbot, dialog, [10_000] * (len(entries) - 2))
    assert dialog.isVisible() and stopped.seq == seq
    name = stopped.state.entry_name(entries[1])
    assert dialog.error.text().endswith(f"{name}: every player seated here needs a bag")
    assert QApplication.focusWidget() is dialog.boxes[entries[1]]


def test_a_flight_still_playing_has_nothing_to_bag(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(make_desk(config(flight_config("Day 1A"))))
    press(qtbot, Qt.Key.Key_G, CTRL_SHIFT)
    assert window.status.text() == "The flight plays on: its chips are bagged once it has stopped"
