"""The TD's keyboard in the Qt tests: a key pressed or text typed where the focus is (all of it into one widget,
or key by key wherever the focus goes), the dialog just opened."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from tourneydesk.ui.console.main_window import ConsoleWindow


def press(qtbot: QtBot, key: object, modifier: object = None) -> None:
    """A key pressed where the focus is, as the TD's keyboard sends it."""
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    if modifier is None:
        qtbot.keyClick(widget, key)  # type: ignore[arg-type]
    else:
        qtbot.keyClick(widget, key, modifier)  # type: ignore[arg-type]


def type_text(qtbot: QtBot, text: str) -> None:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    qtbot.keyClicks(widget, text)


def active_dialog(qtbot: QtBot, window: ConsoleWindow) -> QWidget:
    """The dialog the console has just opened, once it has the keyboard."""
    qtbot.waitUntil(lambda: window.dialog is not None and window.dialog.isActiveWindow())
    assert window.dialog is not None
    return window.dialog


def type_keys(qtbot: QtBot, text: str) -> None:
    """Each key to whatever has the focus when it is pressed, as a person's typing goes (`type_text` sends
    the whole text to the widget that had the focus first)."""
    for char in text:
        widget = QApplication.focusWidget()
        assert widget is not None
        qtbot.keyClicks(widget, char)
