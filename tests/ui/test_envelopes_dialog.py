"""The mystery envelopes dialog (Ctrl+Shift+V): typed, or the program's proposal, checked against the pool."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players, start, table_mate
from tests.helpers.keyboard import active_dialog, press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.console.envelopes_dialog import EnvelopesDialog, read_envelopes
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.players_model import COLUMNS

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def mystery(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    """Ten players of a mystery-bounty event, late registration over."""
    desk = make_desk(config(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000}, seating={"seats_per_table": 9,
                            "tables": 2}, bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 10}))
    seat_players(desk, 10)  # 200.00 in the pool
    start(desk)
    clock.advance(minutes=51)
    return desk


def envelopes_dialog(desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> EnvelopesDialog:
    """The console opened on the desk, and Ctrl+Shift+V pressed."""
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_V, CTRL | SHIFT)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, EnvelopesDialog)
    return dialog


def test_the_td_types_the_envelopes_and_fixes_them_once_they_hold_the_pool(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = mystery(make_desk, clock)
    dialog = envelopes_dialog(desk, open_console, qtbot)
    dialog.text.setFocus()
    type_text(qtbot, "1 × 110; 8 × 10")
    pool = fmt.money(20000, "EUR")
    assert dialog.total.text() == f"9 envelopes holding {fmt.money(19000, 'EUR')} of a pool of {pool}"
    assert not dialog.ok_button.isEnabled()
    dialog.text.selectAll()
    type_text(qtbot, "1 x 110; 9 x 10")
    assert dialog.ok_button.isEnabled()
    press(qtbot, Qt.Key.Key_Return)
    assert desk.snapshot()["money"]["envelopes"]["left"] == [{"amount": 11000, "count": 1},
                                                             {"amount": 1000, "count": 9}]


def test_the_program_proposes_the_envelopes_and_the_td_keeps_them(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = mystery(make_desk, clock)
    dialog = envelopes_dialog(desk, open_console, qtbot)
    dialog.propose.click()
    # one per knockout from 10 players left, a fifth of the pool in the largest
    assert dialog.groups() == [{"amount": 4000, "count": 1}, {"amount": 2000, "count": 8}]
    assert dialog.total.text().startswith(f"9 envelopes holding {fmt.money(20000, 'EUR')}")
    assert desk.snapshot()["money"]["envelopes"]["fixed"] is False  # a proposal writes nothing
    dialog.ok_button.click()
    assert desk.snapshot()["money"]["envelopes"]["left_total"] == 20000
    assert QApplication.activeModalWidget() is None


def test_the_proposal_comes_in_the_multiples_the_td_asks_for_and_still_holds_the_pool(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(config(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000}, seating={"seats_per_table": 9,
                            "tables": 1}, bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 8}))
    seat_players(desk, 8)  # 160.00 in seven envelopes: 22.86 each would be no cash a cashier hands
    start(desk)
    clock.advance(minutes=51)
    dialog = envelopes_dialog(desk, open_console, qtbot)
    assert dialog.unit.text() == "1.00"  # whole euros, when the prizes are not rounded
    dialog.propose.click()
    assert dialog.groups() == [{"amount": 2300, "count": 6}, {"amount": 2200, "count": 1}]
    dialog.unit.setFocus()
    dialog.unit.selectAll()
    type_text(qtbot, "5")
    dialog.propose.click()
    assert dialog.groups() == [{"amount": 2500, "count": 4}, {"amount": 2000, "count": 3}]
    assert dialog.total.text().startswith(f"7 envelopes holding {fmt.money(16000, 'EUR')}")
    dialog.unit.selectAll()
    type_text(qtbot, "five")
    dialog.propose.click()
    assert "is not an amount of money" in dialog.error.text()


def test_envelopes_are_read_as_the_td_types_them() -> None:
    assert read_envelopes("1 × 500; 4 x 100,50 ; 20*50", 2, ",") == [
        {"amount": 50000, "count": 1}, {"amount": 10050, "count": 4}, {"amount": 5000, "count": 20}]
    assert read_envelopes("five of 100", 2, ".") is None
    assert read_envelopes("0 × 100", 2, ".") is None


def test_the_console_bounty_column_says_mystery_and_what_each_player_drew(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = mystery(make_desk, clock)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 11000, "count": 1}, {"amount": 1000, "count": 9}]})
    loser = next(iter(desk.state.entries))
    winner = table_mate(desk, loser)
    window = open_console(desk)
    out = desk.execute({"type": "bust", "entry": loser, "by": [winner]})["out"][0]
    drawn = out["bounty_awards"][0]["cash"]
    qtbot.waitUntil(lambda: window.players_panel.players.entry(0)["status"] == "busted")
    model, table = window.players_panel.players, window.players_panel.table
    bounty, won = COLUMNS.index("bounty"), COLUMNS.index("bounty_won")
    assert model.headerData(bounty, Qt.Orientation.Horizontal) == "Mystery won"
    assert not table.isColumnHidden(bounty) and table.isColumnHidden(won)  # one column, not the same twice
    shown = {model.entry(row)["id"]: model.data(model.index(row, bounty)) for row in range(model.rowCount())}
    assert shown[winner] == fmt.money(drawn, "EUR", cents=False)
    assert {text for entry, text in shown.items() if entry != winner} == {"—"}
