"""The cashier's find box ignores accents and case, a name already here is asked about before anyone new
is registered, and a player is corrected or taken back by keys."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, find_and_choose, key, type_text
from tests.helpers.desks import buy_in, register
from tourneydesk.desk import Desk

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def names(desk: Desk) -> list[str]:
    return sorted(p.name for p in desk.state.players.values())


@pytest.mark.parametrize("typed", ["chloe", "CHLOÉ LEF", "lefevre", "chloe  lefevre"])
def test_the_find_box_ignores_accents_case_and_spacing(make_desk: Callable[..., Desk], open_cashier: Any,
                                                       qtbot: QtBot, typed: str) -> None:
    desk = make_desk()
    chloe = register(desk, "Chloé Lefèvre")
    register(desk, "Céline Dumas")
    window = open_cashier(desk)
    seq = desk.seq
    find_and_choose(qtbot, window, typed)
    assert window.sale.player == chloe
    assert desk.seq == seq  # nobody new: the Chloé already registered is at the desk
    assert QApplication.focusWidget() is window.sale.present


def test_a_new_player_of_a_name_already_here_is_asked_about_first(make_desk: Callable[..., Desk],
                                                                   open_cashier: Any, qtbot: QtBot) -> None:
    desk = make_desk()
    chloe = register(desk, "Chloé Lefèvre")
    window = open_cashier(desk)
    seq = desk.seq
    key(qtbot, Qt.Key.Key_N, CTRL)
    type_text(qtbot, "chloe   LEFEVRE")
    key(qtbot, Qt.Key.Key_Return)
    error = window.find_panel.register_form.errors["name"]
    assert error.isVisible() and "Is this Chloé Lefèvre?" in error.text()
    assert desk.seq == seq
    key(qtbot, Qt.Key.Key_Return)  # yes, it is her
    assert desk.seq == seq and names(desk) == ["Chloé Lefèvre"]
    assert window.sale.player == chloe
    assert QApplication.focusWidget() is window.sale.present


def test_a_typo_is_corrected_by_keys_and_undone(make_desk: Callable[..., Desk], open_cashier: Any,
                                                qtbot: QtBot) -> None:
    desk = make_desk()
    player = register(desk, "Chole Lefevre")
    buy_in(desk, player)
    window = open_cashier(desk)
    find_and_choose(qtbot, window, "chole")
    key(qtbot, Qt.Key.Key_F2)
    form = window.find_panel.register_form
    assert QApplication.focusWidget() is form.edits["name"]
    assert form.edits["name"].selectedText() == "Chole Lefevre"
    assert not form.unregister_button.isVisible()  # bought in: the registration stays
    type_text(qtbot, "Chloé Lefèvre")
    key(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "Chlo")
    for _ in range(3):
        key(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is form.edits["member_id"]
    type_text(qtbot, "1203")
    key(qtbot, Qt.Key.Key_Return)
    p = desk.state.players[player]
    assert (p.name, p.nickname, p.member_id) == ("Chloé Lefèvre", "Chlo", "1203")
    assert window.find_panel.find_stack.currentIndex() == 0
    players = window.find_panel.players
    assert players.data(players.index(players.row_of(player), 0)) == "Chloé Lefèvre"
    assert window.sale.title.text() == "Chloé Lefèvre"
    desk.execute({"type": "undo"})
    assert desk.state.players[player].name == "Chole Lefevre"
    assert window.sale.title.text() == "Chole Lefevre"


def test_a_ghost_registration_is_taken_back_by_keys(make_desk: Callable[..., Desk], open_cashier: Any,
                                                    qtbot: QtBot) -> None:
    desk = make_desk()
    register(desk, "Céline Dumas")
    ghost = register(desk, "celine")
    window = open_cashier(desk)
    window.find_panel.search.setFocus()
    type_text(qtbot, "celine")
    assert window.find_panel.players.rowCount() == 2  # both, "celine" first by name
    assert window.find_panel.current_player() == ghost
    key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_F2)
    assert window.find_panel.register_form.unregister_button.isVisible()
    key(qtbot, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)
    assert names(desk) == ["Céline Dumas"]
    assert window.find_panel.players.rowCount() == 1
    assert QApplication.focusWidget() is window.find_panel.search
    desk.execute({"type": "undo"})
    assert names(desk) == ["Céline Dumas", "celine"]
    assert window.find_panel.players.rowCount() == 2
