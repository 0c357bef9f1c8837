"""Fixtures for the window tests: the demo tournament on a fixed clock, the console shown on it, and the
cashier desk shown on a desk."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tests.helpers.clock import T0
from tests.helpers.editor import shown_start_page
from tourneydesk.demo import make_demo
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.start_page import StartPage


@pytest.fixture(autouse=True, scope="session")
def english(qapp: QApplication) -> None:
    """English as the app installs it: with its plural forms ("1 player left", not "1 players left")."""
    i18n.install(qapp, "en")


@pytest.fixture
def demo_desk(tmp_path: Path) -> Iterator[Desk]:
    """The demo PKO, mid-evening, its clock frozen at T0."""
    desk = make_demo(tmp_path / "demo.tdesk", now=T0)
    yield desk
    desk.close()


@pytest.fixture
def console_settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "console.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def display_settings(tmp_path: Path) -> Iterator[QSettings]:
    """A projector display's own settings, in the test's folder."""
    s = QSettings(str(tmp_path / "display.ini"), QSettings.Format.IniFormat)
    yield s
    s.sync()


@pytest.fixture
def open_console(qtbot: QtBot, console_settings: QSettings) -> Iterator[Callable[[Desk], ConsoleWindow]]:
    """open_console(desk) -> the TD console shown, active, at 1280x720."""
    opened: list[tuple[ConsoleWindow, DeskBridge]] = []

    def make(desk: Desk) -> ConsoleWindow:
        bridge = DeskBridge(desk)
        window = ConsoleWindow(bridge, console_settings)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        opened.append((window, bridge))
        return window

    yield make
    for window, bridge in opened:  # before the desk closes: no timer may read a closed desk
        window.close()
        bridge.detach()


@pytest.fixture
def open_dialog_on(qtbot: QtBot) -> Iterator[Callable[[type[QWidget], Desk], QWidget]]:
    """open_dialog_on(DialogClass, desk) -> that console dialog on its own bridge, shown and holding the
    keyboard; the bridges are let go before the desks close."""
    bridges: list[DeskBridge] = []

    def make(kind: type[QWidget], desk: Desk) -> QWidget:
        bridge = DeskBridge(desk)
        bridges.append(bridge)
        dialog = kind(bridge)  # type: ignore[call-arg]
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        return dialog

    yield make
    for bridge in bridges:
        bridge.detach()


@pytest.fixture
def open_cashier(qtbot: QtBot, tmp_path: Path) -> Iterator[Callable[[Desk], CashierWindow]]:
    """open_cashier(desk, size=(1280, 720)) -> the cashier desk on `desk`, shown, active, with the keyboard."""
    bridges: list[DeskBridge] = []

    def make(desk: Desk, *, size: tuple[int, int] | None = (1280, 720)) -> CashierWindow:
        bridge = DeskBridge(desk)
        bridges.append(bridge)
        window = CashierWindow(bridge, settings=QSettings(str(tmp_path / "cashier.ini"), QSettings.Format.IniFormat))
        qtbot.addWidget(window)
        if size is not None:
            window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return window

    yield make
    for bridge in bridges:
        bridge.detach()


@pytest.fixture
def page(tmp_path: Path, qtbot: QtBot) -> StartPage:
    """The start page shown and active, as the program opens with no file (the editor's and the form's tests)."""
    return shown_start_page(tmp_path, qtbot)
