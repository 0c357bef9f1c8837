"""The console at 1280x720 keeps every name readable: hand-for-hand starting, stacks counted, the layout
saved and opened again never squeeze the players list to "Chl…"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tourneydesk.desk import Desk
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def squeezed_names(window: ConsoleWindow) -> list[str]:
    """The names the list cannot show whole (a cell's text needs its width plus the cell's margins)."""
    metrics = window.players_panel.table.fontMetrics()
    room = window.players_panel.table.columnWidth(0) - 12
    names = {window.players_panel.filter.index(r, 0).data() for r in range(window.players_panel.filter.rowCount())}
    return sorted(n for n in names if metrics.horizontalAdvance(n) > room)


def test_names_stay_readable_at_hand_for_hand_and_the_saved_layout_is_not_squeezed(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], console_settings: QSettings,
        qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    qtbot.wait(50)  # the docks take their first sizes once the window is shown
    dock, names = window.plan_dock.width(), window.players_panel.table.columnWidth(0)
    assert squeezed_names(window) == []
    table = demo_desk.state.open_tables[0]
    first = next(iter(demo_desk.state.tables[table].seats.values()))
    window.bridge.execute({"type": "chip_count", "entry": first, "chips": 123_450, "station": "td"})
    window.bridge.execute({"type": "hand_for_hand", "action": "on", "station": "td"})
    qtbot.wait(50)
    assert window.plan_panel.hand_box.isVisible()
    assert window.plan_dock.width() <= dock + 2  # the left panel did not widen
    assert squeezed_names(window) == [], f"name column {window.players_panel.table.columnWidth(0)} px, was {names}"
    window.close()  # the layout is saved as the TD left it
    again = open_console(demo_desk)
    qtbot.wait(50)
    assert again.plan_dock.width() <= dock + 2
    assert squeezed_names(again) == []


def test_a_squeezed_layout_remembered_from_before_opens_with_the_names_first(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt

    window = open_console(demo_desk)
    qtbot.wait(50)
    window.resizeDocks([window.plan_dock], [700], Qt.Orientation.Horizontal)  # as an older version left it
    qtbot.wait(50)
    # Squeezed: the names cut short, or (the columns as wide as their type needs) the row running past the edge.
    assert window.players_panel.names_cut()
    window.close()
    again = open_console(demo_desk)
    qtbot.waitUntil(lambda: squeezed_names(again) == [])
    assert not again.players_panel.names_cut()
