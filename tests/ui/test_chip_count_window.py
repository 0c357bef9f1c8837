"""Chip counts as the TD enters them at the break: Ctrl+Shift+K, the stacks typed seat by seat, Enter;
the console then shows the stacks, the big blinds, the average and the chip leader, the projector the
chip leader."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from tests.helpers.keyboard import active_dialog, press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.console.chip_count_dialog import ChipCountDialog, typed_chips
from tourneydesk.ui.console.clock_panel import field_text
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.players_model import COLUMNS
from tourneydesk.ui.display.content import field_lines

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_count_is_typed_as_a_locale_writes_it() -> None:
    assert [typed_chips(t) for t in ("41200", "41,200", "41 200", "41\u202f200", "", "  ", "-500")] == \
        [41200, 41200, 41200, 41200, None, None, -500]
    with pytest.raises(ValueError):
        typed_chips("lots")


def seats_of(desk: Desk, table: int) -> list[tuple[int, str]]:
    """(seat, entry) of a table, in seat order."""
    return sorted((int(seat), entry) for t in desk.snapshot()["tables"] if t["number"] == table
                  for seat, entry in t["seats"].items())


def test_the_count_walks_the_table_in_seat_order_whoever_is_selected(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    """The TD selects a player in the middle of a table and counts it round from seat 1: every stack lands on
    the player in that seat, the last one too."""
    window = open_console(demo_desk)
    table = demo_desk.state.open_tables[0]
    seats = seats_of(demo_desk, table)
    middle = demo_desk.state.entry_name(seats[len(seats) // 2][1])
    press(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, middle)
    press(qtbot, Qt.Key.Key_Return)  # the player's row selected, the keyboard on the list
    assert window.selected_entry() is not None and window.selected_entry()["name"] == middle  # type: ignore[index]
    press(qtbot, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, ChipCountDialog) and dialog.table() == table
    first = dialog.boxes[seats[0][1]]
    assert QApplication.focusWidget() is first
    labels = [dialog.form.labelForField(box).text() for box in dialog.boxes.values()]  # type: ignore[union-attr]
    assert labels == [f"Seat {seat} · {demo_desk.state.entry_name(entry)}" for seat, entry in seats]
    stacks = [30_000 + 100 * seat for seat, _ in seats]
    for chips in stacks:
        type_text(qtbot, str(chips))
        press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    counted = {e["id"]: e["stack"] for e in demo_desk.snapshot()["entries"] if e["table"] == table}
    assert counted == {entry: 30_000 + 100 * seat for seat, entry in seats}


def test_a_box_that_holds_no_number_is_refused_by_its_seat(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, ChipCountDialog)
    seats = seats_of(demo_desk, dialog.table())  # type: ignore[arg-type]
    seq = demo_desk.seq
    for typed in ["41000", "abc", *["42000"] * (len(seats) - 2)]:
        type_text(qtbot, typed)
        press(qtbot, Qt.Key.Key_Return)
    seat, entry = seats[1]
    assert dialog.isVisible() and demo_desk.seq == seq
    assert dialog.error.text() == f"Seat {seat} · {demo_desk.state.entry_name(entry)}: “abc” is not a number of chips"
    assert QApplication.focusWidget() is dialog.boxes[entry]  # back where the mistake is, to type it again
    type_text(qtbot, "-500")
    dialog.submit()
    assert dialog.error.text().startswith(f"Seat {seat} · {demo_desk.state.entry_name(entry)}: ")
    assert "-1" not in dialog.error.text() and demo_desk.seq == seq
    type_text(qtbot, "43000")
    dialog.submit()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert demo_desk.snapshot()["chips"]["counted"] >= len(seats)


def test_the_td_counts_a_table_by_keys_and_the_console_shows_the_stacks(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    stack_column = COLUMNS.index("stack")
    assert window.players_panel.table.isColumnHidden(stack_column)  # nothing counted yet: no empty stack column
    press(qtbot, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, ChipCountDialog)
    table = dialog.table()
    seated = list(dialog.boxes)
    assert isinstance(QApplication.focusWidget(), QLineEdit)  # the first stack's box holds the keyboard
    stacks = [52_300 + 1_000 * i for i in range(len(seated))]
    for chips in stacks:
        type_text(qtbot, f"{chips:,}")  # with the thousands separator, as a TD reads a tower of chips
        press(qtbot, Qt.Key.Key_Return)  # on to the next seat; the last Enter sends the count
    qtbot.waitUntil(lambda: not dialog.isVisible())
    snap = demo_desk.snapshot()
    shown = {e["id"]: e["stack"] for e in snap["entries"] if e["stack"] is not None}
    assert shown == dict(zip(seated, stacks, strict=True))
    leader = snap["chips"]["leader"]
    assert leader["entry"] == seated[-1] and leader["stack"] == stacks[-1]
    assert not window.players_panel.table.isColumnHidden(stack_column)
    row = window.players_panel.players.row_of(seated[-1])
    big_blind = snap["clock"]["big_blind"]
    assert window.players_panel.players.index(row, stack_column).data() == f"{stacks[-1]:,}"
    assert window.players_panel.players.index(row, COLUMNS.index("in_bb")).data() == f"{stacks[-1] // big_blind:,}"
    assert f"chip leader {leader['name']} {stacks[-1]:,}" in window.clock_panel.field_label.text()
    assert f"({snap['chips']['average'] // big_blind}\u00a0BB)" in window.clock_panel.field_label.text()
    # One command: Ctrl+Z takes the whole table's count back.
    assert window.undo_action.text() == "&Undo: chip count · " + snap["entries"][
        next(i for i, e in enumerate(snap["entries"]) if e["id"] == seated[0])]["name"] + f" · {stacks[0]:,} chips"
    assert {demo_desk.state.entries[e].table for e in seated} == {table}


def test_a_miscount_is_refused_beside_the_boxes_and_nothing_is_written(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.open_chip_count()
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, ChipCountDialog)
    seq = demo_desk.seq
    in_play = demo_desk.snapshot()["chips"]["in_play"]
    type_text(qtbot, str(in_play * 10))
    dialog.submit()
    assert dialog.isVisible() and demo_desk.seq == seq
    first = next(iter(dialog.boxes))
    assert dialog.error.text() == f"Seat 1 · {demo_desk.state.entry_name(first)}: That is more chips than there " \
        "are in play"
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, "0")
    dialog.submit()
    assert "a player with no chips is out" in dialog.error.text() and demo_desk.seq == seq


def test_the_projector_names_the_chip_leader(demo_desk: Desk) -> None:
    table = demo_desk.state.open_tables[0]
    first = next(iter(demo_desk.state.tables[table].seats.values()))
    before = field_lines(demo_desk.snapshot(), QLocale("en_US"))
    assert before["chips_label"].text == "CHIPS IN PLAY"
    demo_desk.execute({"type": "chip_count", "entry": first, "chips": 87_650})
    lines = field_lines(demo_desk.snapshot(), QLocale("en_US"))
    assert lines["chips_label"].text == "CHIP LEADER · 87,650"
    assert lines["chips"].text == demo_desk.state.entry_name(first)
    assert "chip leader" in field_text(demo_desk.snapshot())


def test_a_french_room_reads_the_chip_leader_and_the_colour_up_in_french(demo_desk: Desk, qapp: QApplication) -> None:
    # In French the projector said "CHIP LEADER · 87 650" and the console "chip leader ...", the break
    # "Colour-up à cette pause".
    table = demo_desk.state.open_tables[0]
    first = next(iter(demo_desk.state.tables[table].seats.values()))
    demo_desk.execute({"type": "chip_count", "entry": first, "chips": 87_650})
    i18n.install(qapp, "fr")
    try:
        lines = field_lines(demo_desk.snapshot(), QLocale("fr_FR"))
        assert lines["chips_label"].text.replace("\u202f", " ") == "PLUS GROS TAPIS · 87 650"
        assert "plus gros tapis" in field_text(demo_desk.snapshot())
        for source in ("Colour-up at this break: the {chips} chips go", " Colour-up: the {chips} chips go."):
            assert "Changement de jetons" in QApplication.translate("Display", source)
        assert QApplication.translate("", "Colour-up: %1").startswith("Changement de jetons")
    finally:
        i18n.install(qapp, "en")
