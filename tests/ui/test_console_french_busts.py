"""Bust-outs said in French are right for anyone, whatever their gender: "Élimination : Nina Girard
(place 53)", never "Nina Girard est éliminé"; the players list says "hors jeu", not "éliminé"."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.keyboard import press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.console.bust_dialog import BustDialog
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.players_model import COLUMNS

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
CTRL = Qt.KeyboardModifier.ControlModifier
# A past participle agreeing with a person: right for some, wrong for others.
AGREEING = re.compile(r"\b(éliminée?s?|sortie?|assise?|classée?|disqualifiée?|exclue?|corrigée?)\b", re.IGNORECASE)


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    i18n.install(qapp, "fr")
    yield
    i18n.install(qapp, "en")


def test_two_out_in_one_hand_are_told_in_french_without_guessing_a_gender(
        demo_desk: Desk, french: None, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_B, CTRL)
    dialog = window.dialog
    assert isinstance(dialog, BustDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.search)
    type_text(qtbot, "nina gir")
    press(qtbot, Qt.Key.Key_Return)
    assert dialog.prompt.text().startswith("Élimination\u00a0: Nina Girard (table ")
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_O, CTRL)  # Marc Martin is out in the same hand
    also = [dialog.winners.item(r).text() for r in range(dialog.winners.rowCount())]
    assert any(t.endswith("Marc Martin — élimination dans la même main") for t in also), also
    for _ in range(len("marc mart")):
        press(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, "quent")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "18000")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "31000")
    preview = dialog.preview.text()
    assert "Élimination\u00a0: Nina Girard (place 54" in preview
    assert "Élimination\u00a0: Marc Martin (place 53" in preview
    shown = [dialog.prompt.text(), preview, *also]
    assert [t for t in shown if AGREEING.search(t)] == []
    press(qtbot, Qt.Key.Key_Return)
    assert window.dialog is None
    status = COLUMNS.index("status")
    players = window.players_panel.players
    rows = {players.data(players.index(r, 0)): players.data(players.index(r, status))
            for r in range(players.rowCount())}
    assert rows["Nina Girard"] == rows["Marc Martin"] == "hors jeu"
    assert not AGREEING.search(window.status.text()), window.status.text()


def test_the_finished_console_in_french_names_a_long_winner_and_stays_on_a_1280_screen(
        make_desk: Callable[..., Desk], french: None, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot, clock: FakeClock) -> None:
    desk = make_desk()
    long_name = "Jean-Baptiste Delacroix-Montfort"
    entries = [desk.execute({"type": "buy_in", "player": desk.execute({"type": "register", "name": name})["player"],
                             "payment": "cash", "present": True})["entry"] for name in (long_name, "Ana Silva")]
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=55)  # late registration is over: the last bust ends the tournament
    desk.execute({"type": "bust", "entry": entries[1], "by": [entries[0]]})
    window = open_console(desk)  # at 1280x720
    panel = window.clock_panel
    assert panel.time_label.text() == "Terminé"  # the tournament, not "Classé" (a place's word)
    assert panel.blinds_label.text() == f"{long_name} gagne"
    assert window.minimumSizeHint().width() <= 1280 and window.width() == 1280  # never grows by itself
    label = panel.blinds_label
    assert label.heightForWidth(label.width()) <= label.height()  # the whole name shown, wrapped if need be
