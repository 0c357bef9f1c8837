"""Every window sends its commands one way (ui/operations.py): stamped with the window's station, a refusal
shown where the user looks, a fault inside the desk shown as one too, and nothing written by either."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, start, table_mate
from tests.helpers.keyboard import press
from tourneydesk.desk import Desk
from tourneydesk.sync.credentials import TokenStore
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.sync_link import SyncLink

CTRL = Qt.KeyboardModifier.ControlModifier
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def stations_after(desk: Desk, seq: int) -> list[tuple[str, str | None]]:
    """(event type, station) of every event written after `seq`, read back from the file."""
    return [(e.type, e.station) for e in desk.events(seq)]


def shown_cashier(qtbot: QtBot, desk: Desk, tmp_path: Path) -> tuple[CashierWindow, DeskBridge]:
    bridge = DeskBridge(desk)
    window = CashierWindow(bridge, settings=QSettings(str(tmp_path / "cashier.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window, bridge


def key(qtbot: QtBot, k: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    qtbot.keyClick(widget, k, modifier)


def test_every_command_from_the_console_is_stamped_with_the_td_station(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    before = desk.seq
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_Space)  # pause
    press(qtbot, Qt.Key.Key_Space)  # resume
    press(qtbot, Qt.Key.Key_Right, CTRL)  # the next level
    press(qtbot, Qt.Key.Key_Z, CTRL)  # and that undone, once the TD says yes
    box = window.dialog
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isActiveWindow)
    press(qtbot, Qt.Key.Key_Return)
    written = stations_after(desk, before)
    assert [t for t, _ in written] == ["clock_set", "clock_set", "clock_set", "undone"]
    assert {s for _, s in written} == {"td"}


def test_every_command_from_the_cashier_is_stamped_with_the_cashier_station(
        make_desk: Callable[..., Desk], qtbot: QtBot, tmp_path: Path) -> None:
    desk = make_desk(PKO_CONFIG)
    entries = seat_players(desk, 3)
    start(desk)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    before = desk.seq
    window, bridge = shown_cashier(qtbot, desk, tmp_path)
    key(qtbot, Qt.Key.Key_N, CTRL)  # a new player registered...
    qtbot.keyClicks(QApplication.focusWidget(), "Zoe Durand")
    key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_Space)  # ...present, and bought in
    with qtbot.waitSignal(window.printed):
        key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_L, CTRL)  # the bounty won paid out
    with qtbot.waitSignal(window.printed):
        key(qtbot, Qt.Key.Key_F8)
    written = stations_after(desk, before)
    assert [t for t, _ in written] == ["player_registered", "entry_bought", "paid"]
    assert {s for _, s in written} == {"cashier"}
    bridge.detach()


def test_the_website_address_set_from_the_console_is_stamped_with_the_td_station(
        make_desk: Callable[..., Desk], qtbot: QtBot, tmp_path: Path) -> None:
    desk = make_desk()
    bridge = DeskBridge(desk)
    link = SyncLink.for_bridge(bridge, tokens=TokenStore(tmp_path / "config", use_keyring=False),
                               watch_network=False)
    before = desk.seq
    try:
        link.configure("http://127.0.0.1:9/", "a-token")
        assert stations_after(desk, before) == [("config_changed", "td")]
    finally:
        link.stop()
        bridge.detach()


def test_a_refusal_shows_in_the_console_and_leaves_the_file_as_it_was(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    start(desk)
    window = open_console(desk)
    before = desk.path.read_bytes(), desk.seq
    press(qtbot, Qt.Key.Key_Left, CTRL)  # there is no level before the first
    assert window.error.isVisible() and window.error.text() == "The clock is at the first level"
    assert (desk.path.read_bytes(), desk.seq) == before
    press(qtbot, Qt.Key.Key_Space)  # the next command goes through and clears it
    assert window.error.isHidden()


def test_a_fault_inside_the_desk_shows_in_the_cashier_and_writes_nothing(
        make_desk: Callable[..., Desk], qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = make_desk(PKO_CONFIG)
    entries = seat_players(desk, 3)
    start(desk)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    window, bridge = shown_cashier(qtbot, desk, tmp_path)
    before = desk.path.read_bytes(), desk.seq

    def broken(*_: Any, **__: Any) -> Any:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("tourneydesk.desk.engine.decide", broken)  # a bug in the rules, not a refusal
    key(qtbot, Qt.Key.Key_L, CTRL)
    key(qtbot, Qt.Key.Key_F8)
    assert window.pay.error.isVisible()
    assert window.pay.error.text() == "The desk could not do that (ZeroDivisionError); nothing was written"
    assert window.isVisible() and (desk.path.read_bytes(), desk.seq) == before
    bridge.detach()


def test_a_fault_inside_the_desk_shows_in_the_console_and_writes_nothing(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    start(desk)
    window = open_console(desk)
    before = desk.path.read_bytes(), desk.seq

    def broken(*_: Any, **__: Any) -> Any:
        raise KeyError("a bug")

    monkeypatch.setattr("tourneydesk.desk.engine.decide", broken)
    press(qtbot, Qt.Key.Key_Space)
    assert window.error.text() == "The desk could not do that (KeyError); nothing was written"
    assert (desk.path.read_bytes(), desk.seq) == before
