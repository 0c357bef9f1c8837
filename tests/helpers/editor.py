"""The tournament editor driven from the keyboard, as a TD fills it in: shared by the editor's tests."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QGroupBox, QWidget
from pytestqt.qtbot import QtBot

from tourneydesk.ui.editor import TournamentEditor
from tourneydesk.ui.start_page import StartPage

CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot: QtBot, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    widget = QApplication.focusWidget()
    assert isinstance(widget, QWidget)
    qtbot.keyClick(widget, key, modifier)


def retype(qtbot: QtBot, editor: TournamentEditor, key: str, text: str) -> None:
    """The field's page brought forward, its text replaced as a TD types it, Tab to the next."""
    field = editor.show_field(key)
    press(qtbot, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(field.widget, text)
    press(qtbot, Qt.Key.Key_Tab)


def switch_on(qtbot: QtBot, editor: TournamentEditor, section: str) -> None:
    """A part of the tournament switched on from the keyboard: its box has the focus, Space ticks it."""
    group: QGroupBox = editor.sections[section]
    editor.tabs.setCurrentIndex(next(i for i in range(editor.tabs.count())
                                     if editor.tabs.widget(i).isAncestorOf(group)))
    group.setFocus()
    press(qtbot, Qt.Key.Key_Space)
    assert group.isChecked()


def open_editor(qtbot: QtBot, page: StartPage) -> TournamentEditor:
    press(qtbot, Qt.Key.Key_E, CTRL)
    qtbot.waitUntil(lambda: page.editor is not None and page.editor.isActiveWindow())
    assert isinstance(page.editor, TournamentEditor)
    return page.editor


def shown_start_page(tmp_path: Path, qtbot: QtBot) -> StartPage:
    """The start page shown and active, its settings in the test's own folder."""
    shown = StartPage(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    shown.activateWindow()
    qtbot.waitUntil(shown.isActiveWindow)
    return shown
