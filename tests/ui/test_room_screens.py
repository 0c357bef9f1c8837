"""What the room reads besides the clock (issue 28, item 9): a message the TD types, running along the bottom of
the projector and on the phones until taken down; and the room's screens (clock, payouts, seating, results)
chosen and taking turns."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt
from pytestqt.qtbot import QtBot

from tests.helpers.keyboard import active_dialog, press, type_text
from tourneydesk.core.read_models.snapshot import public
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.message_dialog import MessageDialog
from tourneydesk.ui.display import DisplayWindow
from tourneydesk.ui.display.pages import page_rows

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
MESSAGE = "The bar closes at 1 · next event Friday 20:00"


@pytest.fixture
def display(demo_desk: Desk, qtbot: QtBot, tmp_path: Path) -> Iterator[DisplayWindow]:
    bridge = DeskBridge(demo_desk)
    window = DisplayWindow(bridge, settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    yield window
    bridge.detach()


def at_console(qtbot: QtBot, window: ConsoleWindow) -> None:
    """The TD back at the console, the projector on its own screen."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.players_panel.table.setFocus()


def messages(desk: Desk) -> list[str]:
    return [n["text"] for n in desk.snapshot()["announcements"] if n["kind"] == "message"]


def test_the_td_types_a_message_and_the_projector_and_the_phones_show_it(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], display: DisplayWindow,
        qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    at_console(qtbot, window)
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, MessageDialog)
    type_text(qtbot, MESSAGE)
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.dialog is None)
    assert messages(demo_desk) == [MESSAGE]
    assert display.message == MESSAGE and display.layout_.height < display.height()  # the strip took its room
    phones = public(demo_desk.snapshot())["announcements"]
    assert {"kind": "message", "text": MESSAGE} in phones
    assert not any(MESSAGE in line.text for line in display.lines.values())  # on the strip, not a notice
    # Taken down the same way: Ctrl+Shift+A, then the button.
    at_console(qtbot, window)
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, MessageDialog) and dialog.text.text() == MESSAGE
    dialog.take_down.click()
    qtbot.waitUntil(lambda: window.dialog is None)
    assert messages(demo_desk) == [] and display.message == ""


def test_the_rooms_screens_take_turns_with_the_clock(demo_desk: Desk, display: DisplayWindow, qtbot: QtBot) -> None:
    display.set_screens(["clock", "seating", "results"], 15)
    assert display.current_screen() == "clock" and display._rotation.isActive()
    assert display._rotation.interval() == 15_000
    display.next_screen()
    assert display.current_screen() == "seating"
    display.next_screen()
    assert display.current_screen() == "results"
    display.next_screen()
    assert display.current_screen() == "clock"
    again = DisplayWindow(display.bridge, settings=display.settings, audio=False)  # remembered for this display
    qtbot.addWidget(again)
    assert again.screens == ["clock", "seating", "results"] and again.rotate_s == 15


def test_the_seating_screen_puts_names_in_the_languages_order(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    for name in ("Zoé Martin", "Émilie Roux", "Eric Blanc", "Ana Silva"):
        player = desk.execute({"type": "register", "name": name})["player"]
        desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    _, rows = page_rows("seating", desk.snapshot(), QLocale("fr_FR"))
    assert [row.split(" · ")[0] for row in rows] == ["Ana Silva", "Émilie Roux", "Eric Blanc", "Zoé Martin"]
