"""The console's dialogs: structure, settings, penalties, player clock, disqualification, jump to a level.

Each one checks the TD's entry with the desk as it is typed (a dry run) and shows a refusal beside the
field; nothing reaches the file until the TD confirms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QPushButton
from pytestqt.qtbot import QtBot

from tests.helpers.clock import T0
from tests.helpers.keyboard import active_dialog, press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.console.floor import (
    ChipsRemovedDialog,
    DisqualifyDialog,
    MoveDialog,
    NoteDialog,
    PenaltyDialog,
    PlayerClockDialog,
)
from tourneydesk.ui.console.jump_dialog import JumpDialog
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.structure_editor import StructureEditor
from tourneydesk.ui.editor import TournamentEditor

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def reopened(desk: Desk) -> dict[str, Any]:
    other = Desk.open(desk.path, now=lambda: T0, read_only=True)
    try:
        return other.snapshot()
    finally:
        other.close()


def levels_in_file(desk: Desk) -> list[dict[str, Any]]:
    other = Desk.open(desk.path, now=lambda: T0, read_only=True)
    try:
        return [level.to_dict() for level in other.state.config.levels]
    finally:
        other.close()


def type_cell(qtbot: QtBot, text: str) -> None:
    """Typing on a cell: the first key opens the cell's editor, the rest goes into it."""
    type_text(qtbot, text[0])
    type_text(qtbot, text[1:])


def select_player(qtbot: QtBot, window: ConsoleWindow, name: str) -> dict[str, Any]:
    press(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, name)
    press(qtbot, Qt.Key.Key_Return)
    entry = window.selected_entry()
    assert entry is not None and entry["name"] == name
    return entry


def test_a_wrong_blind_is_refused_beside_the_table_then_a_good_edit_is_applied(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = levels_in_file(demo_desk)
    press(qtbot, Qt.Key.Key_S, CTRL | SHIFT)
    editor = active_dialog(qtbot, window)
    assert isinstance(editor, StructureEditor)
    row = 5  # a level still to come
    big_blind = editor.model.index(row, 2)
    assert editor.model.flags(editor.model.index(0, 2)) & Qt.ItemFlag.ItemIsEditable == Qt.ItemFlag.NoItemFlags

    editor.view.setCurrentIndex(big_blind)
    editor.view.setFocus()
    type_cell(qtbot, "10")
    press(qtbot, Qt.Key.Key_Return)  # the cell is committed on the next turn of the event loop
    qtbot.waitUntil(lambda: not editor.error.isHidden())
    # In the TD's words, naming the level as the clock counts it: never the file's `levels[5].big_blind`.
    assert editor.error.text() == "Level 6: the big blind (10) must be more than the small blind (400)"
    assert editor.model.index(row, 0).data() == "Level 6"
    assert not editor.apply_button.isEnabled()
    assert levels_in_file(demo_desk) == before

    editor.view.setFocus()
    type_cell(qtbot, str(before[row]["small_blind"] * 2 + 100))
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(editor.error.isHidden)
    assert editor.apply_button.isEnabled()
    qtbot.mouseClick(editor.apply_button, Qt.MouseButton.LeftButton)
    after = levels_in_file(demo_desk)
    assert after[row]["big_blind"] == before[row]["small_blind"] * 2 + 100
    assert after[:row] == before[:row]


def test_a_break_added_in_the_structure_editor_reaches_the_file(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = levels_in_file(demo_desk)
    window.open_structure()
    editor = active_dialog(qtbot, window)
    assert isinstance(editor, StructureEditor)
    editor.view.setCurrentIndex(editor.model.index(4, 1))
    add_break = next(b for b in editor.findChildren(QPushButton) if b.text().startswith("Add a break"))
    qtbot.mouseClick(add_break, Qt.MouseButton.LeftButton)
    assert editor.model.levels[5] == {"break_minutes": 10, "color_up": []}
    qtbot.mouseClick(editor.apply_button, Qt.MouseButton.LeftButton)
    after = levels_in_file(demo_desk)
    assert len(after) == len(before) + 1 and after[5] == {"break_minutes": 10, "color_up": []}


def test_settings_are_checked_field_by_field_and_sent_together(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.open_settings()
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, TournamentEditor)
    final = dialog.show_field("seating.final_table_size")
    seats = dialog.fields["seating.seats_per_table"]
    final.widget.selectAll()  # type: ignore[attr-defined]
    type_text(qtbot, "12")  # more than the 9 seats of a table
    press(qtbot, Qt.Key.Key_Tab)
    assert not final.error.isHidden() and final.error.text() == "The final table's size can be 9 at most"
    assert not dialog.ok_button.isEnabled()

    dialog.show_field("seating.final_table_size")
    final.widget.selectAll()  # type: ignore[attr-defined]
    type_text(qtbot, "8")
    name = dialog.show_field("name")
    name.widget.selectAll()  # type: ignore[attr-defined]
    type_text(qtbot, "Friday PKO, final night")
    press(qtbot, Qt.Key.Key_Tab)
    assert final.error.isHidden() and seats.error.isHidden() and dialog.ok_button.isEnabled()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    other = Desk.open(demo_desk.path, now=lambda: T0, read_only=True)
    try:
        assert other.state.config.name == "Friday PKO, final night"
        assert other.state.config.seating.final_table_size == 8
    finally:
        other.close()


def test_a_penalty_needs_a_reason_then_counts_down_on_the_console(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    entry = select_player(qtbot, window, "Marc Martin")
    press(qtbot, Qt.Key.Key_P, CTRL | SHIFT)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, PenaltyDialog)
    seq = demo_desk.seq
    qtbot.mouseClick(dialog.buttons.buttons()[0], Qt.MouseButton.LeftButton)  # OK with no reason
    assert window.dialog is dialog and not dialog.error.isHidden() and demo_desk.seq == seq
    dialog.reason.setFocus()
    type_text(qtbot, "abusive language")
    press(qtbot, Qt.Key.Key_Return)
    penalty = next(e for e in reopened(demo_desk)["entries"] if e["id"] == entry["id"])["penalty"]
    assert penalty["minutes"] == 10 and penalty["reason"] == "abusive language"
    lines = [window.floor_panel.list.item(i).text() for i in range(window.floor_panel.list.count())]
    assert lines == ["Marc Martin: penalty, 10:00 left — abusive language"]


def test_the_td_writes_a_note_on_a_player_with_ctrl_shift_n_and_finds_it_there_again(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    entry = select_player(qtbot, window, "Marc Martin")
    press(qtbot, Qt.Key.Key_N, CTRL | SHIFT)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, NoteDialog) and dialog.note.text() == ""
    assert QApplication.focusWidget() is dialog.note  # typed straight away: a space on OK would send it empty
    type_text(qtbot, "Leaves at midnight")
    press(qtbot, Qt.Key.Key_Return)
    with Desk.open(demo_desk.path, read_only=True) as other:
        assert other.person(entry["player"]).note == "Leaves at midnight"
    assert NoteDialog(window.bridge, entry, window).note.text() == "Leaves at midnight"  # shown when opened again


def test_a_player_on_the_clock_shows_a_countdown(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    select_player(qtbot, window, "Nina Girard")
    press(qtbot, Qt.Key.Key_K, CTRL)
    assert isinstance(active_dialog(qtbot, window), PlayerClockDialog)
    press(qtbot, Qt.Key.Key_Return)
    assert [c["name"] for c in reopened(demo_desk)["on_clock"]] == ["Nina Girard"]
    assert window.floor_panel.list.item(0).text() == "⏱ Nina Girard: on the clock, 01:00 left"


def test_a_disqualification_takes_the_chips_out_with_its_reason(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    entry = select_player(qtbot, window, "Sami Martin")
    chips = demo_desk.snapshot()["chips"]["in_play"]
    press(qtbot, Qt.Key.Key_X, CTRL | SHIFT)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, DisqualifyDialog)
    dialog.chips.setValue(12000)
    dialog.reason.setFocus()
    type_text(qtbot, "collusion")
    press(qtbot, Qt.Key.Key_Return)
    after = reopened(demo_desk)
    assert next(e for e in after["entries"] if e["id"] == entry["id"])["status"] == "disqualified"
    assert after["chips"]["in_play"] == chips - 12000


def test_a_floor_action_without_a_player_selected_says_so(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, "nobody has this name")
    press(qtbot, Qt.Key.Key_P, CTRL | SHIFT)
    assert window.dialog is None and "Select a player first" in window.status.text()


def test_jump_to_a_level(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_J, CTRL)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, JumpDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.levels)
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Down)
    press(qtbot, Qt.Key.Key_Return)
    clock = reopened(demo_desk)["clock"]
    assert clock["index"] == 4 and clock["elapsed_s"] == 0


def test_a_player_moves_by_keyboard_and_hand_for_hand_toggles_on_f4(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    entry = select_player(qtbot, window, "Marc Martin")
    snap = demo_desk.snapshot()
    target = next(t for t in snap["tables"] if t["number"] != entry["table"] and len(t["seats"]) < 9)
    seat = next(s for s in range(1, 10) if str(s) not in target["seats"])
    press(qtbot, Qt.Key.Key_M, CTRL)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, MoveDialog)
    dialog.table.setValue(target["number"])
    dialog.seat.setValue(seat)
    press(qtbot, Qt.Key.Key_Return)
    moved = next(e for e in reopened(demo_desk)["entries"] if e["id"] == entry["id"])
    assert (moved["table"], moved["seat"]) == (target["number"], seat)
    window.activateWindow()  # the dialog has closed: the console has the keyboard again
    qtbot.waitUntil(window.isActiveWindow)
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_F4)
    assert reopened(demo_desk)["clock"]["hand_for_hand"] is True
    assert not window.plan_panel.hand_box.isHidden()
    press(qtbot, Qt.Key.Key_F3)
    assert reopened(demo_desk)["clock"]["hand"] == 2
    press(qtbot, Qt.Key.Key_F4)
    assert reopened(demo_desk)["clock"]["hand_for_hand"] is False


def test_the_ante_kind_is_picked_from_a_list(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.open_structure()
    editor = active_dialog(qtbot, window)
    assert isinstance(editor, StructureEditor)
    cell = editor.model.index(5, 4)
    assert cell.data() == "big blind ante"  # in the TD's words, never the file's code
    editor.view.setCurrentIndex(cell)
    editor.view.setFocus()
    press(qtbot, Qt.Key.Key_F2)
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QComboBox))
    press(qtbot, Qt.Key.Key_Up)  # big_blind -> classic
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: editor.model.levels[5]["ante_kind"] == "classic")
    assert cell.data() == "every player"
    assert editor.model.index(5, 2).data() == fmt.chips(editor.model.levels[5]["big_blind"])
    assert editor.error.isHidden() and editor.apply_button.isEnabled()
    qtbot.mouseClick(editor.apply_button, Qt.MouseButton.LeftButton)
    assert levels_in_file(demo_desk)[5]["ante_kind"] == "classic"


def test_chips_removed_at_a_colour_up_leave_play_with_their_reason(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    demo_desk.execute({"type": "clock", "action": "set", "index": 6})  # the break where the 25s are raced off
    in_play = demo_desk.snapshot()["chips"]["in_play"]
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_R, CTRL | SHIFT)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, ChipsRemovedDialog)
    assert dialog.reason.text() == "Colour-up of the 25"
    dialog.amount.setFocus()
    dialog.amount.selectAll()
    type_text(qtbot, "475")
    press(qtbot, Qt.Key.Key_Return)
    assert reopened(demo_desk)["chips"]["in_play"] == in_play - 475
