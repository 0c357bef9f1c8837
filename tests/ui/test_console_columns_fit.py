"""The console's columns are as wide as what they show in the window's own (larger) type: a progressive
bounty grown to "162.50 EUR" read "162.50 …" on a Friday night, the widths having been measured in the
smaller type the list had before it was placed in the window."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start
from tourneydesk.desk import Desk
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
CELL_MARGINS = 12  # a cell's text needs its width plus the cell's margins


def cut_cells(window: ConsoleWindow) -> list[str]:
    """Every cell outside the name column whose text the column cannot show whole."""
    metrics = window.players_panel.table.fontMetrics()
    cut = []
    for column in range(1, window.players_panel.filter.columnCount()):
        if window.players_panel.table.isColumnHidden(column):
            continue
        room = window.players_panel.table.columnWidth(column) - CELL_MARGINS
        for row in range(window.players_panel.filter.rowCount()):
            text = window.players_panel.filter.index(row, column).data()
            if text and metrics.horizontalAdvance(str(text)) > room:
                cut.append(f"{window.players_panel.filter.headerData(column, Qt.Orientation.Horizontal)}: {text}")
    return cut


def test_a_grown_bounty_is_shown_whole_at_1280x720(make_desk: Callable[..., Desk],
                                                   open_console: Callable[[Desk], ConsoleWindow],
                                                   qtbot: QtBot) -> None:
    desk = make_desk(config(PKO_CONFIG, buy_in={"prize": 5000, "bounty": 5000, "fee": 1000}))
    entries = seat_players(desk, 6)
    start(desk)
    hunter, second, first, other = [e for e in entries
                                    if desk.state.entries[e].table == desk.state.entries[entries[0]].table][:4]
    # 50 EUR on each head, half of it cash to the winner: the hunter's head grows 75, then 112.50.
    for victim, by in ((first, hunter), (other, second), (second, hunter)):
        desk.execute({"type": "bust", "entry": victim, "by": [by]})
    assert desk.state.entries[hunter].bounty == 11250
    window = open_console(desk)
    qtbot.wait(50)
    assert cut_cells(window) == []
