"""What the console tells the TD where the rules matter (issue 15, items 11-14), driven by keys."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import rebuy_event
from tests.helpers.desks import reopened, seat_players, start
from tests.helpers.keyboard import press
from tests.helpers.keyboard import type_keys as type_text
from tourneydesk.desk import Desk
from tourneydesk.ui.console.bust_dialog import BustDialog
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.players_model import COLUMNS

CTRL = Qt.KeyboardModifier.ControlModifier
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_bust_in_the_rebuy_period_says_the_player_can_rebuy_and_he_does(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(rebuy_event())
    entries = seat_players(desk, 6)
    start(desk)
    clock.advance(minutes=25)  # level 2: registration closed, rebuys open
    victim = desk.state.entries[entries[0]]
    mate = next(e for e in desk.state.tables[victim.table].seats.values() if e != victim.id)  # type: ignore[index]
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_B, CTRL)
    dialog = window.dialog
    assert isinstance(dialog, BustDialog)
    qtbot.waitUntil(lambda: dialog.search.hasFocus())
    type_text(qtbot, "player 1")
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, desk.state.entry_name(mate))
    assert "Player 1 finishes 6 (for now: rebuys are open, the player can rebuy)" in dialog.preview.text()
    assert "re-enter" not in dialog.preview.text()
    press(qtbot, Qt.Key.Key_Return)
    desk.execute({"type": "rebuy", "present": True, "entry": victim.id, "payment": "cash", "station": "cashier"})
    back = next(e for e in reopened(desk)["entries"] if e["id"] == victim.id)
    assert back["status"] == "active" and back["place"] is None


def test_during_a_break_the_console_shows_the_break_and_the_next_level_once(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    desk.execute({"type": "clock", "action": "set", "index": 2})  # the break after level 2
    window = open_console(desk)
    panel = window.clock_panel
    assert panel.level_label.text() == "Break"
    assert panel.blinds_label.text() == "Break: 10 min"  # not level 3's blinds as if in play
    assert panel.ante_label.text() == ""
    assert panel.next_label.text() == "Next: level 3, 300 / 600  ·  big blind ante 600"


def test_one_minute_more_early_in_a_level_gives_the_whole_minute(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    clock.advance(seconds=1)  # 19:59 left of 20:00
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_Plus)
    assert reopened(desk)["clock"]["remaining_s"] == 20 * 60 + 59
    window.clock_panel.refresh_clock()
    assert window.clock_panel.time_label.text() == "20:59"


def test_bounty_columns_show_only_in_an_event_with_bounties(
        make_desk: Callable[..., Desk], demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow]) -> None:
    plain = make_desk()
    seat_players(plain, 4)
    window = open_console(plain)
    panel = window.players_panel
    titles = {panel.players.headerData(c, Qt.Orientation.Horizontal): panel.table.isColumnHidden(c)
              for c in range(panel.players.columnCount())}
    assert titles["Bounty"] and titles["Bounties won"] and not titles["Prize"]
    pko = open_console(demo_desk)
    assert not any(pko.players_panel.table.isColumnHidden(COLUMNS.index(c)) for c in ("bounty", "bounty_won"))
