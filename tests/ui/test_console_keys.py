"""The console's keyboard as a TD meets it on a busy night: focus where the window really puts it, keys
typed one by one, and no key that changes the room by accident."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QSpinBox
from pytestqt.qtbot import QtBot

from tests.helpers.desks import entry_named, reopened, seat_players, start
from tests.helpers.keyboard import press
from tests.helpers.keyboard import type_keys as type_text
from tourneydesk.desk import Desk
from tourneydesk.ui.console.bust_dialog import BustDialog
from tourneydesk.ui.console.main_window import ConsoleWindow

CTRL = Qt.KeyboardModifier.ControlModifier
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def clock_of(desk: Desk) -> dict[str, Any]:
    clock: dict[str, Any] = reopened(desk)["clock"]
    return clock


def test_a_name_typed_on_the_list_goes_to_the_find_box_and_never_moves_the_blinds(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = clock_of(demo_desk)
    type_text(qtbot, "nina")  # where the focus is after opening: N and P are letters of names, not levels
    assert clock_of(demo_desk)["index"] == before["index"]
    press(qtbot, Qt.Key.Key_Escape)
    table = window.players_panel.table
    rect = table.visualRect(window.players_panel.filter.index(2, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())  # a row clicked
    assert QApplication.focusWidget() is window.players_panel.table
    window.players_panel.search.clear()
    type_text(qtbot, "nina")
    after = clock_of(demo_desk)
    assert (after["index"], after["running"]) == (before["index"], before["running"])
    assert QApplication.focusWidget() is window.players_panel.search and window.players_panel.search.text() == "nina"
    names = {window.players_panel.filter.index(r, 0).data() for r in range(window.players_panel.filter.rowCount())}
    assert names and all("Nina" in n for n in names)
    type_text(qtbot, "pn")
    assert clock_of(demo_desk)["index"] == before["index"]


def test_the_next_and_previous_level_keys_need_ctrl(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = clock_of(demo_desk)
    press(qtbot, Qt.Key.Key_Right, CTRL)
    assert clock_of(demo_desk)["index"] == before["index"] + 1
    assert window.clock_panel.level_label.text() == f"Level {before['level'] + 1}"
    press(qtbot, Qt.Key.Key_Left, CTRL)
    assert clock_of(demo_desk)["index"] == before["index"]


def test_space_pauses_as_soon_as_the_file_opens_and_types_a_space_in_the_find_box(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    assert clock_of(demo_desk)["running"]
    press(qtbot, Qt.Key.Key_Space)
    assert clock_of(demo_desk)["running"] is False
    assert window.clock_panel.state_label.text() == "PAUSED"
    press(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, "marc m")  # inside a text field Space types
    assert window.players_panel.search.text() == "marc m" and clock_of(demo_desk)["running"] is False
    press(qtbot, Qt.Key.Key_Escape)  # back to the list, the name still found
    assert QApplication.focusWidget() is window.players_panel.table
    press(qtbot, Qt.Key.Key_Space)
    assert clock_of(demo_desk)["running"] is True


def test_ctrl_b_on_a_selected_row_still_asks_who_is_out_and_names_no_eliminator_until_typed(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_Return)  # to the list, Marc Martin's row selected
    assert QApplication.focusWidget() is window.players_panel.table
    press(qtbot, Qt.Key.Key_B, CTRL)
    dialog = window.dialog
    assert isinstance(dialog, BustDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.search)
    assert dialog.prompt.text().startswith("Who is out?")  # the row only filled the name in
    assert dialog.search.text() == "Marc Martin"
    press(qtbot, Qt.Key.Key_Return)
    assert "Marc Martin (table" in dialog.prompt.text()
    assert dialog.eliminators() == []
    mates = [dialog.winners.item(r).text() for r in range(dialog.winners.rowCount())]
    assert not any(m.split(": ", 1)[1] in dialog.preview.text() for m in mates)
    assert dialog.error.isHidden()  # nobody named yet is no mistake
    type_text(qtbot, "quent")
    assert "Quentin Moreau wins" in dialog.preview.text()
    for _ in range(len("quent")):
        press(qtbot, Qt.Key.Key_Backspace)
    assert "Quentin Moreau" not in dialog.preview.text()
    seq = demo_desk.seq
    press(qtbot, Qt.Key.Key_Return)  # Enter with nobody named: refused, nothing written
    assert window.dialog is dialog and demo_desk.seq == seq


def test_the_button_question_is_answered_by_keys_after_f2_says_what_it_waits_for(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 18)
    start(desk)
    first = list(desk.state.tables[1].seats.values())
    for loser in first[:3]:  # table 1 down to 6, table 2 full: the plan asks where the buttons are
        desk.execute({"type": "bust", "entry": loser, "by": [first[5]]})
    window = open_console(desk)
    for _ in range(2):
        step = window.plan_panel.steps[0]
        assert step["kind"] == "needs_button"
        press(qtbot, Qt.Key.Key_F2)
        assert window.status.text() == (f"Table {step['table']} waits for its button: type the seat of the "
                                        "button, then Enter")
        focus = QApplication.focusWidget()
        assert isinstance(focus, QSpinBox) or isinstance(focus.parent(), QSpinBox)
        seat = min(desk.state.tables[step["table"]].seats)
        type_text(qtbot, str(seat))
        press(qtbot, Qt.Key.Key_Return)
        assert next(t for t in reopened(desk)["tables"] if t["number"] == step["table"])["button"] == seat
    assert window.plan_panel.steps[0]["kind"] == "move"
    assert QApplication.focusWidget() is window.players_panel.table  # the keyboard is back where Space and F2 work
    moving = window.plan_panel.steps[0]
    press(qtbot, Qt.Key.Key_F2)
    moved = next(e for e in reopened(desk)["entries"] if e["id"] == moving["entry"])
    assert (moved["table"], moved["seat"]) == (moving["to"]["table"], moving["to"]["seat"])


def test_two_out_in_one_hand_by_keys_alone(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = demo_desk.snapshot()
    marc, nina = entry_named(before, "Marc Martin"), entry_named(before, "Nina Girard")
    press(qtbot, Qt.Key.Key_B, CTRL)
    dialog = window.dialog
    assert isinstance(dialog, BustDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.search)
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, "nina")
    press(qtbot, Qt.Key.Key_O, CTRL)
    for _ in range(len("nina")):
        press(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, "quent")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "18000")
    press(qtbot, Qt.Key.Key_Tab)
    type_text(qtbot, "31000")
    preview = dialog.preview
    assert "Nina Girard finishes 53" in preview.text() and "Marc Martin finishes 54" in preview.text()
    # The preview fits in the dialog: every line of it is inside the window, none cut off.
    bottom = preview.mapTo(dialog, preview.rect().bottomLeft()).y()
    assert preview.height() >= preview.heightForWidth(preview.width()) and bottom <= dialog.height()
    press(qtbot, Qt.Key.Key_Return)
    assert window.dialog is None
    after = {e["id"]: e for e in reopened(demo_desk)["entries"]}
    assert (after[marc["id"]]["place"], after[nina["id"]]["place"]) == (54, 53)


def test_back_from_the_cashier_with_the_find_box_empty_space_starts_the_clock(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    """Met by the scripted evening on a loaded machine: the cashier opened before the console was drawn,
    and back at the console the keyboard sat in the empty find box, so Space typed a space."""
    desk = make_desk()
    seat_players(desk, 4)
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_F, CTRL)  # in the find box, nothing typed
    assert QApplication.focusWidget() is window.players_panel.search
    press(qtbot, Qt.Key.Key_C, CTRL | Qt.KeyboardModifier.ShiftModifier)  # the cashier beside the console
    cashier = window.side_windows[-1]
    cashier.activateWindow()
    qtbot.waitUntil(cashier.isActiveWindow)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.players_panel.table)
    press(qtbot, Qt.Key.Key_Space)
    assert clock_of(desk)["running"] is True
    # A find box with a name in it keeps the keyboard: the TD was typing there.
    press(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, "player")
    cashier.activateWindow()
    qtbot.waitUntil(cashier.isActiveWindow)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.wait(20)
    assert QApplication.focusWidget() is window.players_panel.search


def test_space_in_the_empty_find_box_is_the_clocks(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    """No name starts with a space: wherever the keyboard landed, Space in an empty find box starts the
    clock (the scripted evening on a loaded machine pressed it there before the console had moved it)."""
    desk = make_desk()
    seat_players(desk, 4)
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_F, CTRL)
    assert QApplication.focusWidget() is window.players_panel.search
    press(qtbot, Qt.Key.Key_Space)
    assert clock_of(desk)["running"] is True and window.players_panel.search.text() == ""
    type_text(qtbot, "player 2")  # with a name begun, Space types
    assert window.players_panel.search.text() == "player 2" and clock_of(desk)["running"] is True
