"""A points-only night in every window, driven as the TD and the cashier drive them: the cashier seats a
player with nothing to pay and no drawer beside, the console and the projector say "points only" where the
prize pool would be and the places where the payouts would be, the results and the end-of-night report
are the places alone, and the editor makes such a night from a structure with money."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import find_and_choose, key
from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import register, table_mate
from tests.helpers.pdf import norm, pdf_text
from tourneydesk.core.config import parse_config
from tourneydesk.desk import Desk
from tourneydesk.ui import printing
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier.books import night_report
from tourneydesk.ui.console.players_model import COLUMNS
from tourneydesk.ui.console.results_dialog import ResultsDialog
from tourneydesk.ui.display import DisplayWindow
from tourneydesk.ui.editor import TournamentEditor

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
NAMES = ("Ana Silva", "Ben Roux", "Chloé Durand")


def free_night() -> dict[str, Any]:
    cfg = config(name="Ligue du jeudi", points_only=True)
    del cfg["buy_in"]
    return cfg


def test_the_cashier_seats_a_player_with_nothing_to_pay(make_desk: Callable[..., Desk], open_cashier: Any,
                                                        qtbot: QtBot) -> None:
    desk = make_desk(free_night())
    ana = register(desk, "Ana Silva")
    window = open_cashier(desk)
    assert not window.right.isVisible()  # no payouts to make, no drawer to count
    assert window.header.header_counts.text().endswith("points only, no money")
    find_and_choose(qtbot, window, "ana")
    assert window.sale.free_note.isVisible()
    assert not any(b.isVisible() for b in window.sale.payment_buttons.values())
    assert not window.sale.split["total"].isVisible() and not window.sale.split["prize"].isVisible()
    assert window.sale.confirm_button.text() == "Seat the player (Enter)"
    key(qtbot, Qt.Key.Key_Space)
    with qtbot.waitSignal(window.printed):
        key(qtbot, Qt.Key.Key_Return)
    entry = next(e for e in desk.snapshot()["entries"] if e["player"] == ana)
    assert window.banner.seat_big.text() == f"Table {entry['table']} · Seat {entry['seat']}"
    assert desk.snapshot()["money"]["drawer"] == {} and desk.ledger()[-1]["amount"] == 0


def test_the_console_and_the_projector_say_points_only_and_show_the_places(
        make_desk: Callable[..., Desk], open_console: Any, qtbot: QtBot, clock: FakeClock,
        display_settings: QSettings, tmp_path: Path) -> None:
    desk = make_desk(free_night())
    entries = [desk.execute({"type": "buy_in", "player": register(desk, name), "present": True})["entry"]
               for name in NAMES]
    desk.execute({"type": "clock", "action": "start"})
    console = open_console(desk)
    assert console.clock_panel.pool_label.text() == "Points only: no money, the places give the league points"
    assert console.players_panel.table.isColumnHidden(COLUMNS.index("prize"))
    bridge = DeskBridge(desk)
    display = DisplayWindow(bridge, settings=display_settings, audio=False)
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.show()
    qtbot.waitExposed(display)
    try:
        assert (display.shown_text("pool_label"), display.shown_text("pool")) == ("NO MONEY IN PLAY", "POINTS ONLY")
        assert display.shown_text("payouts_title") == "PLACES · POINTS ONLY"
        clock.advance(minutes=REGISTRATION_MINUTES)
        for out in entries[:2]:
            desk.execute({"type": "bust", "entry": out, "by": [table_mate(desk, out)]})
        display.refresh()
        assert display.shown_text("payouts_title") == "RESULTS · POINTS ONLY"
        rows = [(display.shown_text(f"payout_left_{i}"), display.shown_text(f"payout_name_{i}"),
                 display.shown_text(f"payout_right_{i}")) for i in range(3)]
        assert rows == [("1", "Chloé Durand", ""), ("2", "Ben Roux", ""), ("3", "Ana Silva", "")]
    finally:
        bridge.detach()
    results = ResultsDialog(console.bridge, console)
    qtbot.addWidget(results)
    shown = results.table.toPlainText()
    assert "Points only: no money changed hands; the places give the league points." in shown
    assert "Prize" not in shown and "€" not in shown
    report = tmp_path / "report.pdf"
    printing.save_pdf(printing.report_html(night_report(desk)), report, printing.REPORT_PAGE)
    words = pdf_text(report)
    assert norm("Final standings") in words and norm("Chloé Durand") in words
    assert norm("drawer") not in words and "€" not in words


def test_the_editor_makes_a_points_only_night_of_a_structure_with_money(qtbot: QtBot, tmp_path: Path) -> None:
    editor = TournamentEditor(config(name="Friday PKO"), settings=QSettings(str(tmp_path / "e.ini"),
                                                                             QSettings.Format.IniFormat))
    qtbot.addWidget(editor)
    editor.fields["points_only"].widget.setChecked(True)
    made = parse_config(editor.config())
    assert made.points_only and made.buy_in.total == 0 and made.reentry is not None
    assert made.reentry.price.total == 0
    editor.fields["points_only"].widget.setChecked(False)
    assert "points_only" not in editor.config()
