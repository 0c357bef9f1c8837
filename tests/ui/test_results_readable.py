"""The results at the finish, as the TD reads them in the console: the deal's names and amounts with room
between them (on a Friday night the dialog read "Karim Durand357.65 EUR"), and in the TD's language."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor, QTextTable
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, REGISTRATION_MINUTES, config
from tests.helpers.desks import bust_down_to, seat_players, start, table_mate
from tests.helpers.keyboard import active_dialog, press
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.cashier.books import night_report
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.moves_dialog import MovesDialog
from tourneydesk.ui.console.results_dialog import ResultsDialog
from tourneydesk.ui.printing import Move, moves_sheet_html, report_html, results_html, seating_sheet_html
from tourneydesk.ui.results import DealLine, Standing

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
ROOM_PX = 6  # at least this much white between a name and the amount beside it


def gaps_in_first_table(dialog: ResultsDialog) -> list[tuple[str, int]]:
    """Each row of the first table in the results (the deal): its name, and the pixels between the end of
    the name and the start of the amount, as the dialog lays them out."""
    view = dialog.table
    table = next(f for f in view.document().rootFrame().childFrames() if isinstance(f, QTextTable))
    gaps = []
    for row in range(table.rows()):
        name_end, amount_start = QTextCursor(table.cellAt(row, 0).lastCursorPosition()), \
            QTextCursor(table.cellAt(row, 1).firstCursorPosition())
        name_end.movePosition(QTextCursor.MoveOperation.EndOfBlock)
        amount_start.movePosition(QTextCursor.MoveOperation.StartOfBlock)
        name = table.cellAt(row, 0).firstCursorPosition().block().text()
        gaps.append((name, view.cursorRect(amount_start).left() - view.cursorRect(name_end).left()))
    return gaps


def test_the_deal_in_the_results_has_room_between_a_name_and_its_amount(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(config(PKO_CONFIG))
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust_down_to(desk, 3)
    window = open_console(desk)
    desk.execute({"type": "final_table"})
    moves = active_dialog(qtbot, window)
    assert isinstance(moves, MovesDialog)
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.dialog is None)
    left = [e.id for e in desk.state.entries.values() if e.status == "active"]
    desk.execute({"type": "deal", "method": "chip_chop", "stacks": dict(zip(left, (120000, 80000, 40000),
                                                                          strict=True))})
    while desk.state.live > 1:
        victim = next(e.id for e in desk.state.entries.values() if e.status == "active")
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    results = active_dialog(qtbot, window)
    assert isinstance(results, ResultsDialog)
    gaps = gaps_in_first_table(results)
    assert len(gaps) == 3
    assert all(gap >= ROOM_PX for _, gap in gaps), gaps


def test_the_results_and_their_paper_speak_french(qapp: QApplication) -> None:
    # A French night's results read "The deal", "Final standings", "Prize" in English until these words
    # reached the catalogue.
    standings = [Standing(1, 1, "Karim Durand", 35765, 0, True), Standing(2, 2, "Léa Girard", 21000, 500, True)]
    deal = [DealLine("Karim Durand", 35765), DealLine("Léa Girard", 21000)]
    i18n.install(qapp, "fr")
    try:
        page = results_html(standings, deal, 1000, str)
        sheets = (seating_sheet_html("Vendredi", [("Léa Girard", 1, 3)], 0)
                  + moves_sheet_html("Vendredi", "Déplacements", [Move("Léa Girard", 2, 4, 1, 3)], 0))
    finally:
        i18n.install(qapp, "en")
    for french in ("Classement final", "L’accord", "Gain", "Primes gagnées", "Réservé au vainqueur"):
        assert french in page, french
    for english in ("Final standings", "The deal", "Prize", "Kept back"):
        assert english not in page, english
    # The seating sheet and the slips cut for each player moved, on the same paper.
    assert "Placement" in sheets and "Votre nouvelle place" in sheets and "Seat" not in sheets


def test_the_french_end_of_night_report_sets_a_space_before_each_colon(
        make_desk: Callable[..., Desk], qapp: QApplication) -> None:
    desk = make_desk()
    seat_players(desk, 2)
    i18n.install(qapp, "fr")
    try:
        html = report_html(night_report(desk))
    finally:
        i18n.install(qapp, "en")
    for label in ("Rapport de fin de soirée", "Espèces attendues dans la caisse", "Compté par", "Vérifié par"):
        assert f"{label}\u00a0: " in html, label
