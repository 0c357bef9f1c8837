"""The console's status line says what is true: a text that describes a state ("Table 4 waits for its
button", "One minute left in this level", "Clock paused") goes when that state ends, whether a command
ended it, another station did, or the clock alone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QScrollArea, QSpinBox
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.desks import seat_players, start
from tests.helpers.keyboard import press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_button_question_leaves_the_status_line_once_the_button_is_set(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 18)
    start(desk)
    first = [e["id"] for e in desk.snapshot()["entries"] if e["table"] == 1]
    for loser in first[:3]:  # table 1 down to 6, table 2 full: the plan asks where the buttons are
        desk.execute({"type": "bust", "entry": loser, "by": [first[5]]})
    window = open_console(desk)
    scroll = window.plan_panel.findChild(QScrollArea)
    assert scroll is not None and not scroll.horizontalScrollBar().isVisible()  # the question fits at 1280 px
    asked = []
    while window.plan_panel.steps[0]["kind"] == "needs_button":
        table = window.plan_panel.steps[0]["table"]
        press(qtbot, Qt.Key.Key_F2)
        assert window.status.text().startswith(f"Table {table} waits for its button")
        asked.append(table)
        focus = QApplication.focusWidget()
        assert isinstance(focus, QSpinBox) or isinstance(focus.parent(), QSpinBox)
        seats = next(t["seats"] for t in desk.snapshot()["tables"] if t["number"] == table)
        type_text(qtbot, str(min(int(seat) for seat in seats)))
        press(qtbot, Qt.Key.Key_Return)
        assert f"Table {table} waits" not in window.status.text()  # answered: no longer true
    assert len(asked) == 2 and "waits for its button" not in window.status.text()


def test_one_minute_left_goes_when_the_level_ends_or_gets_more_time(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot,
        clock: FakeClock) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    clock.advance(minutes=19)
    window = open_console(desk)
    window.warn_last_minute(60)  # what the scheduler's warning does a minute before the level ends
    assert window.status.text() == "One minute left in this level"
    clock.advance(seconds=30)
    qtbot.wait(1100)
    assert window.status.text() == "One minute left in this level"  # still true at 0:30 left
    clock.advance(seconds=31)  # the clock alone turns to level 2: no command, no key
    qtbot.waitUntil(lambda: window.status.text() == "", timeout=3000)
    assert window.clock_panel.level_label.text() == "Level 2"

    clock.advance(minutes=19)
    window.warn_last_minute(60)
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_Plus)  # a minute more: 2:00 left, the warning no longer holds
    assert window.status.text() != "One minute left in this level"


def test_clock_paused_goes_when_another_station_resumes_the_clock(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    window = open_console(desk)
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    assert window.status.text() == "Clock paused"
    desk.execute({"type": "clock", "action": "resume", "station": "remote"})  # the TD's phone, say
    assert window.status.text() == ""
