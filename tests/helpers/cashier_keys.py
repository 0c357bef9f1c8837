"""The cashier's keyboard in the Qt tests: a key pressed where the focus is, text typed as a keyboard layout
sends it (accents included), a player found and chosen as the cashier does it."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tourneydesk.ui.cashier import CashierWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def key(qtbot: QtBot, k: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    """A key pressed where the focus is, as the cashier's keyboard sends it."""
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    qtbot.keyClick(widget, k, modifier)


def type_text(qtbot: QtBot, text: str) -> None:
    """Typed into the focused widget; an accented letter arrives as a keyboard layout sends it (QTest's
    own keyClicks only knows ASCII)."""
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    for char in text:
        if char.isascii():
            qtbot.keyClicks(widget, char)
            continue
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, char))


def find_and_choose(qtbot: QtBot, window: CashierWindow, text: str) -> None:
    key(qtbot, Qt.Key.Key_F, CTRL)
    assert QApplication.focusWidget() is window.find_panel.search
    type_text(qtbot, text)
    key(qtbot, Qt.Key.Key_Return)
