"""The console's File menu and its closing, driven by keys: New, Open, a recent file, back to the start page;
closing while the clock runs asks first and says what closes with it; the windows open beside the console
come back when the file is opened again (a setting of the app, not an event of the tournament)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QMenu, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tourneydesk.desk import Desk
from tourneydesk.ui.app import Launcher
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.display import DisplayWindow
from tourneydesk.ui.start_page import StartPage

# The offscreen platform cannot raise a window or grab the keyboard for a menu, and says so.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise|grabbing)")
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget), "nothing has the keyboard"
    qtbot.keyClick(widget, key, modifier)


@pytest.fixture
def launcher(qapp: QApplication, tmp_path: Path) -> Iterator[Launcher]:
    running = Launcher(qapp, QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat))
    yield running
    for session in list(running.sessions):
        for window in [*getattr(session.window, "side_windows", []), session.window]:
            with contextlib.suppress(RuntimeError):  # a window already closed and deleted
                window.close()
    running.close_all()
    if running.start_page is not None:
        running.start_page.close()


def friday(tmp_path: Path, name: str = "friday", *, clock: str | None = None) -> Path:
    path = tmp_path / f"{name}.tdesk"
    desk = Desk.create(path, config(name=name.title()), seed=1)
    seat_players(desk, 4)
    if clock is not None:
        desk.execute({"type": "clock", "action": clock})
    desk.close()
    return path


def console_of(launcher: Launcher, path: Path) -> ConsoleWindow:
    session = next(s for s in launcher.sessions if s.desk.path.resolve() == path.resolve())
    assert isinstance(session.window, ConsoleWindow)
    return session.window


def opened(qtbot: QtBot, launcher: Launcher, path: Path) -> ConsoleWindow:
    assert launcher.open(path)
    console = console_of(launcher, path)
    qtbot.waitExposed(console)
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)
    return console


def back_to(qtbot: QtBot, window: QWidget) -> None:
    """The keys back on `window` (a real window manager does it when a dialog or a side window closes)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)


def cashier_beside(console: ConsoleWindow) -> list[CashierWindow]:
    found = []
    for window in console.side_windows:
        try:
            if isinstance(window, CashierWindow) and window.isVisible():
                found.append(window)
        except RuntimeError:
            continue
    return found


def test_closing_while_the_clock_runs_asks_first_and_says_the_cashier_closes_too(
        qtbot: QtBot, launcher: Launcher, tmp_path: Path) -> None:
    path = friday(tmp_path, clock="start")
    console = opened(qtbot, launcher, path)
    press(qtbot, Qt.Key.Key_C, CTRL | SHIFT)  # the cashier desk beside the console
    qtbot.waitUntil(lambda: len(cashier_beside(console)) == 1)
    back_to(qtbot, console)
    press(qtbot, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: isinstance(console.dialog, QMessageBox) and console.dialog.isActiveWindow())
    box = console.dialog
    assert isinstance(box, QMessageBox)
    assert "The clock is running" in box.text() and "The cashier desk closes with it." in box.text()
    press(qtbot, Qt.Key.Key_Return)  # Enter by habit: No, the evening goes on
    qtbot.waitUntil(lambda: console.dialog is None)
    assert console.isVisible() and len(cashier_beside(console)) == 1

    back_to(qtbot, console)
    press(qtbot, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: isinstance(console.dialog, QMessageBox) and console.dialog.isActiveWindow())
    press(qtbot, Qt.Key.Key_Y)
    qtbot.waitUntil(lambda: not console.isVisible())
    assert cashier_beside(console) == []


def test_a_paused_clock_closes_at_once_and_the_cashier_comes_back_with_the_file(
        qtbot: QtBot, launcher: Launcher, tmp_path: Path) -> None:
    path = friday(tmp_path)  # the clock not started: nothing to lose
    console = opened(qtbot, launcher, path)
    seq = console.bridge.desk.seq
    press(qtbot, Qt.Key.Key_C, CTRL | SHIFT)
    qtbot.waitUntil(lambda: len(cashier_beside(console)) == 1)
    back_to(qtbot, console)
    press(qtbot, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: not console.isVisible())
    assert console.dialog is None
    launcher.close_all()
    launcher.sessions.clear()

    again = opened(qtbot, launcher, path)
    qtbot.waitUntil(lambda: len(cashier_beside(again)) == 1)  # the cashier desk, open last time, is back
    # The windows are the app's business, not the tournament's: nothing was written to the file's log.
    assert again.bridge.desk.seq == seq

    back_to(qtbot, again)
    for window in cashier_beside(again):
        window.close()  # closed this time: the next opening brings the console alone
    again.close()
    launcher.close_all()
    launcher.sessions.clear()
    third = opened(qtbot, launcher, path)
    assert cashier_beside(third) == []


def displays_beside(console: ConsoleWindow) -> list[DisplayWindow]:
    found = []
    for window in console.side_windows:
        try:
            if isinstance(window, DisplayWindow) and window.isVisible():
                found.append(window)
        except RuntimeError:
            continue
    return found


def test_the_projector_open_when_the_file_closed_comes_back_with_it_on_the_same_file(
        qtbot: QtBot, launcher: Launcher, tmp_path: Path) -> None:
    path = friday(tmp_path)
    console = opened(qtbot, launcher, path)
    press(qtbot, Qt.Key.Key_D, CTRL | SHIFT)  # the projector display beside the console
    qtbot.waitUntil(lambda: len(displays_beside(console)) == 1)
    back_to(qtbot, console)
    press(qtbot, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: not console.isVisible())
    assert displays_beside(console) == []  # it closed with its console
    launcher.close_all()
    launcher.sessions.clear()

    again = opened(qtbot, launcher, path)
    qtbot.waitUntil(lambda: len(displays_beside(again)) == 1)  # the room's screen is back, on its own
    display = displays_beside(again)[0]
    assert display.bridge is again.bridge and cashier_beside(again) == []  # only what was open comes back
    assert display.lines["level"].text == "LEVEL 1"  # it shows this file's clock


def test_file_new_open_recent_and_back_to_the_start_page(
        qtbot: QtBot, launcher: Launcher, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    saturday = friday(tmp_path, "saturday")
    path = friday(tmp_path)
    console = opened(qtbot, launcher, path)

    press(qtbot, Qt.Key.Key_N, CTRL)  # File > New tournament: the start page, its form ready to type in
    qtbot.waitUntil(lambda: launcher.start_page is not None and launcher.start_page.isVisible())
    page = launcher.start_page
    assert isinstance(page, StartPage)
    back_to(qtbot, page)
    assert QApplication.focusWidget() is page.form.name
    page.close()
    launcher.start_page = None

    back_to(qtbot, console)
    asked: list[str] = []

    def open_dialog(parent: Any, title: str, folder: str, filters: str) -> tuple[str, str]:
        asked.append(folder)
        return str(saturday), filters

    monkeypatch.setattr(QFileDialog, "getOpenFileName", open_dialog)
    press(qtbot, Qt.Key.Key_O, CTRL)  # File > Open: in the folder of the file open now
    assert asked == [str(path.parent)]
    qtbot.waitUntil(lambda: any(s.desk.path.resolve() == saturday.resolve() for s in launcher.sessions))
    console_of(launcher, saturday).close()
    launcher.sessions = [s for s in launcher.sessions if s.desk.path.resolve() != saturday.resolve()]

    # File > Open recent lists the other file opened lately, by keys: Alt+F, E, then its number.
    back_to(qtbot, console)
    console.fill_recent()
    recent = [a.text() for a in console.recent_menu.actions()]
    assert recent == [f"&1 saturday  —  {saturday.parent.resolve()}"]

    # File > Back to the start page: this file closes (its windows with it) and the start page shows.
    back_to(qtbot, console)
    press(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.title() == "&File"
    qtbot.keyClick(menu, Qt.Key.Key_S)  # the menu open has the keys
    qtbot.waitUntil(lambda: launcher.start_page is not None and launcher.start_page.isVisible())
    assert not console.isVisible()
    assert all(s.desk.path.resolve() != path.resolve() for s in launcher.sessions)
