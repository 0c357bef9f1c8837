"""The tournament editor (issue 28, item 4): every setting the config holds, set in the program by keys. A PKO
with rebuys and an add-on is made from the start page; a refusal is said beside its field; the wizard builds
the levels; templates are saved and loaded; the structure's rows count levels of play as the guide says; the
tournament open is edited from the console."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QFileDialog
from pytestqt.qtbot import QtBot

from tests.helpers.editor import CTRL, open_editor, press, retype, switch_on
from tests.helpers.keyboard import active_dialog
from tourneydesk.core.config import parse_config
from tourneydesk.desk import Desk
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.editor import TournamentEditor, files
from tourneydesk.ui.editor.levels import LevelsModel
from tourneydesk.ui.editor.wizard import WizardDialog
from tourneydesk.ui.start_page import StartPage

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")



def test_a_pko_with_rebuys_and_an_add_on_is_set_up_in_the_program(page: StartPage, qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    page.structure.setCurrentIndex(page.structure.findData("pko"))
    editor = open_editor(qtbot, page)
    retype(qtbot, editor, "name", "Friday PKO rebuy")
    retype(qtbot, editor, "buy_in.prize", "40")
    retype(qtbot, editor, "buy_in.bounty", "10")
    retype(qtbot, editor, "buy_in.fee", "5")
    switch_on(qtbot, editor, "rebuy")
    retype(qtbot, editor, "rebuy.price.prize", "20")
    retype(qtbot, editor, "rebuy.price.fee", "0")
    retype(qtbot, editor, "rebuy.max", "2")
    switch_on(qtbot, editor, "add_on")
    retype(qtbot, editor, "add_on.price.prize", "15,50")  # cents, as a French cashier types them
    retype(qtbot, editor, "add_on.chips", "30000")
    retype(qtbot, editor, "payouts.guarantee", "2000")
    retype(qtbot, editor, "seating.balance.floor", "5")
    assert editor.ok_button.isEnabled(), editor.error.text()
    editor.show_field("name")
    press(qtbot, Qt.Key.Key_Return)  # OK
    qtbot.waitUntil(lambda: page.editor is None)
    assert page.structure.currentText().startswith("Edited: ")
    assert page.name.text() == "Friday PKO rebuy"
    assert page.create_tournament(tmp_path / "friday.tdesk")
    with Desk.open(tmp_path / "friday.tdesk") as desk:
        config = desk.config
    assert (config.buy_in.prize, config.buy_in.bounty, config.buy_in.fee) == (4000, 1000, 500)
    assert config.bounty.kind == "progressive" and config.reentry is not None
    assert config.rebuy is not None and (config.rebuy.price.prize, config.rebuy.price.fee, config.rebuy.max) == \
        (2000, 0, 2)
    assert config.add_on is not None and (config.add_on.price.prize, config.add_on.chips) == (1550, 30_000)
    assert config.payouts.guarantee == 200_000 and config.seating.balance.floor == 5


def test_a_refusal_is_said_beside_its_field_in_the_tds_words(page: StartPage, qtbot: QtBot) -> None:
    page.structure.setCurrentIndex(page.structure.findData("pko"))
    editor = open_editor(qtbot, page)
    switch_on(qtbot, editor, "add_on")
    retype(qtbot, editor, "add_on.at_break_after_level", "3")  # no break follows level 3
    field = editor.fields["add_on.at_break_after_level"]
    assert not field.error.isHidden()
    assert field.error.text() == "The add-on is taken at the break after level 3, but no break follows level 3 " \
                                 "any more"
    assert not editor.ok_button.isEnabled()
    retype(qtbot, editor, "buy_in.fee", "abc")
    assert editor.fields["buy_in.fee"].error.text() == "“abc” is not an amount of money"
    retype(qtbot, editor, "buy_in.fee", "10")
    retype(qtbot, editor, "add_on.at_break_after_level", "6")
    assert field.error.isHidden() and editor.ok_button.isEnabled()


def test_the_wizard_builds_the_levels_from_the_nights_length_and_the_chip_set(page: StartPage, qtbot: QtBot) -> None:
    page.structure.setCurrentIndex(page.structure.findData("pko"))
    editor = open_editor(qtbot, page)
    editor.tabs.setCurrentIndex(editor.tabs.count() - 1)  # Structure
    assert editor.levels is not None
    editor.levels.view.setFocus()
    press(qtbot, Qt.Key.Key_G, CTRL)  # a button's key clicks it as a person would: pressed, released after 100 ms
    qtbot.waitUntil(lambda: bool(editor.levels.findChildren(WizardDialog)))  # type: ignore[union-attr]
    wizard = editor.levels.findChildren(WizardDialog)[0]
    qtbot.waitUntil(wizard.isActiveWindow)
    wizard.hours.setFocus()
    press(qtbot, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(wizard.hours, "4")
    # 4 h of 20-minute levels with a break after the 6th: 12 levels to the target, and 2 more
    assert wizard.summary.text().startswith("14 levels of play")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not wizard.isVisible())
    levels = editor.config()["levels"]
    assert levels == wizard.levels and parse_config(editor.config()).play_level_count == 14
    assert editor.ok_button.isEnabled()


def test_the_structures_rows_count_the_levels_of_play(page: StartPage) -> None:
    model = LevelsModel([{"small_blind": 100, "big_blind": 200, "minutes": 20}, {"break_minutes": 10},
                         {"small_blind": 200, "big_blind": 400, "minutes": 20}], 0)
    assert [model.headerData(row, Qt.Orientation.Vertical) for row in range(3)] == ["1", "", "2"]


def test_a_template_is_saved_and_loaded(page: StartPage, qtbot: QtBot, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    page.structure.setCurrentIndex(page.structure.findData("regular"))
    editor = open_editor(qtbot, page)
    retype(qtbot, editor, "name", "Mardi rebuy")
    target = tmp_path / "templates" / "mardi.toml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), ""))
    press(qtbot, Qt.Key.Key_S, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(target.exists)
    saved = files.read_template(target)
    assert saved["name"] == "Mardi rebuy" and "rebuy" in saved and "add_on" in saved
    retype(qtbot, editor, "name", "something else")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(target), ""))
    press(qtbot, Qt.Key.Key_O, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: editor.config()["name"] == "Mardi rebuy")
    assert editor.config() == parse_config(saved).to_dict()


def test_every_shipped_structure_reads_back_from_the_template_it_saves(tmp_path: Path) -> None:
    from tourneydesk.ui.new_tournament import structure_configs

    for name, config in structure_configs().items():
        path = files.save_template(tmp_path / f"{name}.toml", config.to_dict())
        assert parse_config(files.read_template(path)) == config, name


def test_the_console_edits_the_tournament_open_rebuys_and_all(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_Comma, CTRL)
    editor = active_dialog(qtbot, window)
    assert isinstance(editor, TournamentEditor)
    assert editor.levels is None  # the levels under way are the structure editor's
    switch_on(qtbot, editor, "rebuy")
    retype(qtbot, editor, "rebuy.until_level", "6")
    retype(qtbot, editor, "bounty.cash_share_bp", "40")
    assert editor.ok_button.isEnabled(), editor.error.text()
    changed: dict[str, Any] = editor.changes()
    assert sorted(changed) == ["bounty", "rebuy"]
    editor.show_field("rebuy.until_level")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.dialog is None)
    assert demo_desk.config.rebuy is not None and demo_desk.config.rebuy.until_level == 6
    assert demo_desk.config.bounty.cash_share_bp == 4000


def test_the_pay_jumps_played_hand_for_hand_are_typed_as_places(page: StartPage, qtbot: QtBot,
                                                                 tmp_path: Path) -> None:
    editor = open_editor(qtbot, page)
    field = editor.fields["seating.hand_for_hand_pay_jumps"]
    retype(qtbot, editor, "seating.hand_for_hand_pay_jumps", "18; 9; 9")
    assert field.error.text() == "The pay jumps played hand-for-hand list place 9 twice"
    assert not editor.ok_button.isEnabled()
    retype(qtbot, editor, "seating.hand_for_hand_pay_jumps", "nine")
    assert field.error.text() == "Type the places as whole numbers, like 18; 9"
    retype(qtbot, editor, "seating.hand_for_hand_pay_jumps", "9; 18")
    assert field.error.isHidden() and editor.ok_button.isEnabled()
    editor.show_field("name")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.editor is None)
    assert page.create_tournament(tmp_path / "jumps.tdesk")
    with Desk.open(tmp_path / "jumps.tdesk") as desk:
        assert desk.config.seating.hand_for_hand_pay_jumps == (18, 9)


def test_a_mystery_bounty_tournament_is_set_up_in_the_editor(page: StartPage, qtbot: QtBot, tmp_path: Path) -> None:
    page.structure.setCurrentIndex(page.structure.findData("pko"))
    editor = open_editor(qtbot, page)
    for key, value in (("bounty.kind", "mystery"), ("bounty.mystery_from", "players"),
                       ("bounty.mystery_left_over", "final_table")):
        combo = editor.show_field(key).widget
        assert isinstance(combo, QComboBox)
        combo.setCurrentIndex(combo.findData(value))
    retype(qtbot, editor, "bounty.mystery_at", "40")
    assert editor.ok_button.isEnabled(), editor.error.text()
    editor.show_field("name")
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.editor is None)
    assert page.create_tournament(tmp_path / "mystery.tdesk")
    with Desk.open(tmp_path / "mystery.tdesk") as desk:
        bounty = desk.config.bounty
    assert (bounty.kind, bounty.mystery_from, bounty.mystery_at, bounty.mystery_left_over) == \
        ("mystery", "players", 40, "final_table")


def test_ctrl_tab_brings_the_next_page_with_the_keyboard_on_its_first_field(page: StartPage, qtbot: QtBot) -> None:
    editor = open_editor(qtbot, page)
    for _ in range(editor.tabs.count() - 1):
        before = editor.tabs.currentIndex()
        press(qtbot, Qt.Key.Key_Tab, CTRL)
        assert editor.tabs.currentIndex() == before + 1
        shown = editor.tabs.currentWidget()
        focused = QApplication.focusWidget()
        assert focused is not None and shown.isAncestorOf(focused) and focused.isVisible(), (
            editor.tabs.tabText(editor.tabs.currentIndex()), focused)
    press(qtbot, Qt.Key.Key_Tab, CTRL | Qt.KeyboardModifier.ShiftModifier)
    focused = QApplication.focusWidget()
    assert focused is not None and editor.tabs.currentWidget().isAncestorOf(focused)
