"""The plan panel at 1280x720: the step F2 applies reads whole, its Apply button in sight, in English and
in French, hand-for-hand on or off. Met on a real evening: a balance move's reason, four lines in French,
pushed "Appliquer (F2)" below the panel's scroll."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QPushButton, QScrollArea
from pytestqt.qtbot import QtBot

from tests.helpers.desks import seat_players, start
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


def a_balance_move(desk: Desk) -> None:
    """Two tables of nine, three out at table 1: once the buttons are known, a player moves to it."""
    seat_players(desk, 18)
    start(desk)
    first = [e["id"] for e in desk.snapshot()["entries"] if e["table"] == 1]
    for loser in first[:3]:
        desk.execute({"type": "bust", "entry": loser, "by": [first[5]]})
    while desk.plan() and desk.plan()[0]["kind"] == "needs_button":
        table = desk.plan()[0]["table"]
        seats = next(t["seats"] for t in desk.snapshot()["tables"] if t["number"] == table)
        desk.execute({"type": "set_button", "table": table, "seat": min(int(seat) for seat in seats)})
    assert desk.plan()[0]["kind"] == "move"


@pytest.mark.parametrize("hand_for_hand", [False, True])
def test_the_first_steps_apply_button_is_in_sight_at_1280x720(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot,
        language: str, hand_for_hand: bool) -> None:
    desk = make_desk()
    a_balance_move(desk)
    if hand_for_hand:
        desk.execute({"type": "hand_for_hand", "action": "on"})
    window = open_console(desk)
    qtbot.wait(50)  # the docks take their sizes once the window is shown
    panel = window.plan_panel
    assert panel.steps[0]["kind"] == "move" and panel.hand_box.isVisible() == hand_for_hand
    scroll = panel.findChild(QScrollArea)
    assert scroll is not None
    apply = panel.rows[0].findChildren(QPushButton)[-1]
    assert apply.text() == ("Appliquer (F2)" if language == "fr" else "Apply (F2)")
    seen = QRect(apply.mapTo(scroll.viewport(), QPoint(0, 0)), apply.size())
    assert scroll.viewport().rect().contains(seen), (seen, scroll.viewport().rect())
    assert scroll.verticalScrollBar().value() == 0  # in sight as the console opens, nothing scrolled
    table = window.players_panel.table
    assert table.isVisible() and table.height() > 300  # the room came from the tables' dock
