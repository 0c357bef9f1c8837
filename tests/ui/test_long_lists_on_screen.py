"""A late entry moves every place out by one: the console's and the cashier's long lists draw again only the
cells on screen that show a place, yet what the screen shows must be, row for row, what a list drawn afresh
shows, on screen now and further down once the TD scrolls there (`ui/long_list.py`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QTableView
from pytestqt.qtbot import QtBot

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, seat_players, start
from tourneydesk.desk import Desk

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def on_screen(view: QTableView) -> QImage:
    """The list as the screen holds it now: what was drawn and not drawn again stays as it was."""
    QApplication.processEvents()
    window = view.window()
    shot = window.screen().grabWindow(window.winId()).toImage()
    top_left = view.viewport().mapTo(window, view.viewport().rect().topLeft())
    ratio = shot.devicePixelRatio()
    return shot.copy(int(top_left.x() * ratio), int(top_left.y() * ratio),
                     int(view.viewport().width() * ratio), int(view.viewport().height() * ratio))


def drawn_afresh(view: QTableView) -> QImage:
    """The same list drawn from nothing, every cell asked of its model now."""
    view.viewport().repaint()
    return on_screen(view)


def evening(make_desk: Callable[..., Desk]) -> Desk:
    """150 people out of 260, each with a place: more rows than Qt repaints one by one."""
    desk = make_desk(config(PKO_CONFIG, registration={"until_level": 4, "through_break": False},
                            seating={"seats_per_table": 10, "tables": 30}))
    seat_players(desk, 260)
    start(desk)
    snap = desk.snapshot()
    for _ in range(150):
        snap = desk.snapshot()
        tables: dict[int, list[str]] = {}
        for e in snap["entries"]:
            if e["status"] == "active":
                tables.setdefault(e["table"], []).append(e["id"])
        loser, winner = next(seated for seated in tables.values() if len(seated) >= 2)[:2]
        desk.execute({"type": "bust", "entry": loser, "by": [winner]})
    return desk


def test_after_a_late_entry_the_cashiers_players_show_their_new_places_on_screen_and_below(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    desk = evening(make_desk)
    window = open_cashier(desk)
    view = window.find_panel.player_view
    player = register(desk, "Late Comer")  # a newcomer in the list: it is laid out afresh
    before = on_screen(view)
    buy_in(desk, player)  # the same people, each out one place further
    now = on_screen(view)
    assert now != before  # the places on screen moved out by one
    assert now == drawn_afresh(view)
    view.scrollToBottom()
    assert on_screen(view) == drawn_afresh(view)


def test_after_a_late_entry_the_consoles_list_shows_the_new_places_on_screen_and_below(
        make_desk: Callable[..., Desk], open_console: Any, qtbot: QtBot) -> None:
    desk = evening(make_desk)
    window = open_console(desk)
    view = window.players_panel.table
    view.scrollTo(view.model().index(20, 0))  # among those out
    before = on_screen(view)
    buy_in(desk, register(desk, "Late Comer"))
    now = on_screen(view)
    assert now != before
    assert now == drawn_afresh(view)
    view.scrollToBottom()
    assert on_screen(view) == drawn_afresh(view)
