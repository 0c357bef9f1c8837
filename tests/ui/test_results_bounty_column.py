"""A night without bounties shows no bounty column: the results the console opens at the finish and the
end-of-night report (its PDF) list place, name and prize, with no "Bounties won" column left empty all
the way down and no "Bounty parts: 0.00" among the books; a night with bounties keeps both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPageSize, QPdfWriter
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import BASE_CONFIG, PKO_CONFIG, REGISTRATION_MINUTES, config
from tests.helpers.desks import bust_down_to, seat_players, start
from tests.helpers.keyboard import active_dialog, press
from tests.helpers.pdf import pdf_text
from tourneydesk.desk import Desk
from tourneydesk.ui.cashier.books import night_report
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.results_dialog import ResultsDialog
from tourneydesk.ui.printing import document, report_html

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def report_pdf(desk: Desk, path: Path) -> str:
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    document(report_html(night_report(desk))).print_(writer)
    del writer
    return pdf_text(path)


@pytest.mark.parametrize(("base", "bounties"), [(BASE_CONFIG, False), (PKO_CONFIG, True)], ids=["freezeout", "pko"])
def test_the_results_and_the_report_show_a_bounty_column_only_on_a_night_with_bounties(
        base: dict[str, object], bounties: bool, make_desk: Callable[..., Desk], clock: FakeClock,
        open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot, tmp_path: Path) -> None:
    desk = make_desk(config(base))
    seat_players(desk, 6)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust_down_to(desk, 2)
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_E, CTRL_SHIFT)  # the results so far, as the TD opens them
    results = active_dialog(qtbot, window)
    assert isinstance(results, ResultsDialog)
    assert ("Bounties won" in results.table.toPlainText()) is bounties
    assert "Prize" in results.table.toPlainText()
    text = report_pdf(desk, tmp_path / "report.pdf")
    assert ("Bounties won" in text) is bounties
    assert ("Bounty parts" in text) is bounties
    assert "Final standings" in text and "Prize pool" in text
