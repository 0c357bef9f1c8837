"""F2 on a break tells the TD and the room who goes where, and prints the slips (issue 15, items 9, 10)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.desks import reopened
from tests.helpers.keyboard import active_dialog, press
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.moves_dialog import MovesDialog
from tourneydesk.ui.display import DisplayWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_f2_on_a_break_lists_the_moves_prints_their_slips_and_the_projector_says_them(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], console_settings: QSettings,
        qtbot: QtBot, tmp_path: Path) -> None:
    console_settings.setValue("cashier/pdf_folder", str(tmp_path / "prints"))
    window = open_console(demo_desk)
    step = window.plan_panel.steps[0]
    assert step["kind"] == "break_table"
    broken = step["table"]
    leaving = {e: demo_desk.state.entries[e] for e in demo_desk.state.tables[broken].seats.values()}
    before = {e: (entry.table, entry.seat) for e, entry in leaving.items()}
    press(qtbot, Qt.Key.Key_F2)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, MovesDialog)
    after = {e["id"]: e for e in reopened(demo_desk)["entries"]}
    lines = dialog.lines()
    assert len(lines) == len(before)
    for entry, (table, seat) in before.items():
        now = after[entry]
        assert (f"{now['name']}: table {table} seat {seat} → table {now['table']} seat {now['seat']}") in lines
    assert window.status.text().startswith(f"Table {broken} breaks: ")

    dialog.print_button.click()
    slips = list((tmp_path / "prints").glob("moves*.pdf"))
    assert slips and slips[0].stat().st_size > 1000
    assert str(slips[0]) in dialog.where.text()
    press(qtbot, Qt.Key.Key_Return)  # read aloud: Enter closes
    qtbot.waitUntil(lambda: window.dialog is None)

    bridge = DeskBridge(demo_desk)
    display = DisplayWindow(bridge, settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                            audio=False)
    qtbot.addWidget(display)
    try:
        display.resize(1920, 1080)
        shown = display.shown_text("notice_0")
        first = sorted(before, key=lambda e: after[e]["name"])[0]
        assert shown.startswith(f"Table {broken} breaks: ")
        assert " → table " in shown and " seat " in shown
        told = next(n for n in demo_desk.snapshot()["announcements"] if n["kind"] == "table_moves")
        assert {m["entry"] for m in told["moves"]} == set(before) and first in before
    finally:
        bridge.detach()


def test_ctrl_p_prints_the_seating_sheet(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow],
                                         console_settings: QSettings, qtbot: QtBot, tmp_path: Path) -> None:
    console_settings.setValue("cashier/pdf_folder", str(tmp_path / "prints"))
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    sheets = list((tmp_path / "prints").glob("seating*.pdf"))
    assert sheets and window.status.text() == f"Seating sheet: {sheets[0]}"


@pytest.mark.parametrize(("language", "said"), [("en", "Table {table} breaks: {n} to move"),
                                                ("fr", "La table {table} est cassée\u00a0: {n} à déplacer")])
def test_the_status_line_says_the_break_in_the_tds_language_and_fits(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot, language: str,
        said: str) -> None:
    """Met on a real evening: in French the status line said "Table 7 breaks: Hugo Martin → table 6 seat
    6, ..." in English, the list running past the window's edge. The names are in the list beside it."""
    from PySide6.QtWidgets import QApplication

    from tourneydesk.ui import i18n

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, language)
    try:
        window = open_console(demo_desk)
        broken = window.plan_panel.steps[0]["table"]
        leaving = len(demo_desk.snapshot()["tables"][[t["number"] for t in demo_desk.snapshot()["tables"]]
                                                     .index(broken)]["seats"])
        press(qtbot, Qt.Key.Key_F2)
        dialog = active_dialog(qtbot, window)
        assert isinstance(dialog, MovesDialog) and len(dialog.lines()) == leaving
        assert window.status.text() == said.format(table=broken, n=leaving)
        assert window.status.fontMetrics().horizontalAdvance(window.status.text()) <= window.status.width()
        dialog.close()
    finally:
        i18n.install(app, "en")


def _seat_freed(desk: Desk, away_from: int, keep: list[str]) -> tuple[int, int]:
    """A seat at another table than `away_from`, freed by a bust there (of nobody in `keep`)."""
    for table in desk.snapshot()["tables"]:
        out = [e for e in table["seats"].values() if e not in keep]
        if table["number"] != away_from and len(out) >= 2:
            seat = next(int(s) for s, e in table["seats"].items() if e == out[0])
            desk.execute({"type": "bust", "entry": out[0], "by": [out[1]], "station": "td"})
            return table["number"], seat
    raise AssertionError("no table to free a seat at")


def test_the_moves_read_aloud_are_never_read_twice(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    """After a break, the TD moves two of its players again: the break's moves are not read out a second time
    (the room is no longer told the seats they left), and the balancing move alone is."""
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_F2)  # the table breaks
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, MovesDialog) and len(dialog.lines()) > 2
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.dialog is None)
    moved = [m["entry"] for n in demo_desk.snapshot()["announcements"] if n["kind"] == "table_moves"
             for m in n["moves"]]
    by_hand, balanced = moved[0], moved[1]
    table, seat = _seat_freed(demo_desk, demo_desk.state.entries[by_hand].table, moved)  # type: ignore[arg-type]
    window.bridge.desk.execute({"type": "move", "entry": by_hand, "table": table, "seat": seat, "station": "td"})
    QApplication.processEvents()
    assert window.dialog is None, "the break's moves were read out again"
    table, seat = _seat_freed(demo_desk, demo_desk.state.entries[balanced].table, moved)  # type: ignore[arg-type]
    QApplication.processEvents()
    assert window.dialog is None
    window.bridge.desk.execute({"type": "move", "entry": balanced, "table": table, "seat": seat, "balance": True,
                                "station": "td"})
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, MovesDialog)
    name = demo_desk.state.entry_name(balanced)
    assert len(dialog.lines()) == 1 and dialog.lines()[0].startswith(f"{name}: ")
    assert dialog.lines()[0].endswith(f"→ table {table} seat {seat}")
