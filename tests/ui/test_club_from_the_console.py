"""The club wherever the cashier desk opens: from the console (Ctrl+Shift+C), or handed over by a second
`tourneydesk FILE --cashier`, its find box lists the club's members, found as people type their names."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, key, type_text
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.app import Launcher
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def running(qapp: QApplication, tmp_path: Path) -> Iterator[Launcher]:
    """The program with a club file of three members, and tonight's tournament open in its console."""
    club = tmp_path / "club.tdclub"
    with ClubService.create(club) as service:
        service.execute({"type": "import_members", "rows": [
            {"name": "Søren Ødegård", "member_id": "1203"}, {"name": "Marie Dubœuf", "member_id": "1204"},
            {"name": "Łukasz Żak", "member_id": "1205"}]})
    settings = QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)
    settings.setValue("club/path", str(club))
    path = tmp_path / "friday.tdesk"
    desk = Desk.create(path, config(), seed=1)
    seat_players(desk, 3)
    desk.close()
    launcher = Launcher(qapp, settings)
    assert launcher.open(path, "console")
    yield launcher
    for session in launcher.sessions:
        for window in [session.window, *getattr(session.window, "side_windows", [])]:
            window.close()
    launcher.close_all()


def console_of(launcher: Launcher, qtbot: QtBot) -> ConsoleWindow:
    console = launcher.sessions[0].window
    assert isinstance(console, ConsoleWindow)
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)
    return console


def cashier_of(console: ConsoleWindow, qtbot: QtBot) -> CashierWindow:
    qtbot.waitUntil(lambda: any(isinstance(w, CashierWindow) for w in console.side_windows))
    cashier = next(w for w in console.side_windows if isinstance(w, CashierWindow))
    cashier.activateWindow()
    qtbot.waitUntil(cashier.isActiveWindow)
    return cashier


def found(qtbot: QtBot, cashier: CashierWindow, typed: str) -> list[str]:
    """What the find box lists, once `typed` is typed into it (Ctrl+F, the letters)."""
    key(qtbot, Qt.Key.Key_F, CTRL)
    key(qtbot, Qt.Key.Key_A, CTRL)
    key(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, typed)
    model = cashier.find_panel.players
    return [str(model.index(r, 0).data()) for r in range(model.rowCount())]


def test_the_cashier_opened_from_the_console_finds_the_clubs_members(running: Launcher, qtbot: QtBot) -> None:
    console = console_of(running, qtbot)
    key(qtbot, Qt.Key.Key_C, CTRL | SHIFT)
    cashier = cashier_of(console, qtbot)
    assert found(qtbot, cashier, "soren") == ["Søren Ødegård"]
    assert found(qtbot, cashier, "duboeuf") == ["Marie Dubœuf"]
    assert found(qtbot, cashier, "lukasz") == ["Łukasz Żak"]
    # Enter registers the member tonight, with their member id, ready to take the buy-in
    key(qtbot, Qt.Key.Key_Return)
    people = {p["name"]: p for p in console.bridge.snapshot()["players"]}
    assert people["Łukasz Żak"]["member_id"] == "1205"


def test_the_cashier_handed_over_by_a_second_program_finds_them_too(running: Launcher, qtbot: QtBot) -> None:
    console = console_of(running, qtbot)
    running.handle_request(console.path, "cashier")  # what a second `tourneydesk FILE --cashier` asks
    cashier = cashier_of(console, qtbot)
    assert found(qtbot, cashier, "odegard") == ["Søren Ødegård"]
