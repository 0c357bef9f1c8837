"""Two players of one name out of play (issue 28, the second trial): both busted, neither with a nickname nor a
member id, they read "Marc Martin" twice in the Results window; recorded, the club's league table listed two
identical rows (or one member with both nights). Each is told apart: by the seat he went out from in the
tournament's windows, by the member id the club gave him in the league's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.club import summary
from tests.helpers.configs import REGISTRATION_MINUTES
from tests.helpers.desks import buy_in, seat_players, start, table_mate
from tests.helpers.keyboard import active_dialog, press
from tests.helpers.pdf import pdf_text
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.club.league_window import LeagueWindow
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.results_dialog import ResultsDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_two_busted_marc_martins_read_apart_in_the_results_window_by_the_seat_they_left(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot,
        clock: FakeClock) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    marcs = [buy_in(desk, desk.execute({"type": "register", "name": "Marc Martin", "namesake": True})["player"])
             ["entry"] for _ in range(2)]
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    seats = {}
    for entry in marcs:
        seats[entry] = (desk.state.entries[entry].table, desk.state.entries[entry].seat)
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, ResultsDialog)
    text = dialog.table.toPlainText()
    told = [f"Marc Martin (out at table {table} · seat {seat})" for table, seat in seats.values()]
    assert len(set(told)) == 2 and all(name in text for name in told), text
    # the console's list says it too, where the row no longer has a table and a seat
    panel = window.players_panel
    listed = sorted(str(panel.filter.index(r, 0).data()) for r in range(panel.filter.rowCount())
                    if str(panel.filter.index(r, 0).data()).startswith("Marc Martin"))
    assert listed == sorted(told)


def test_the_league_table_tells_two_members_of_one_name_apart_by_their_member_ids(
        qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "record_tournament", "summary": summary(
            "t1", "2026-01-09", [("Marc Martin", 1, 6000), ("Marc Martin", 2, 3000), ("Ana Silva", 3, 0)])})
        club.execute({"type": "create_league", "name": "Winter", "formula": "entries - place + 1"})
        ids = sorted(m.member_id for m in club.members(hidden=True) if m.name == "Marc Martin")
    window = LeagueWindow(path)
    qtbot.addWidget(window)
    window.show()
    table = window.standings
    names = sorted(table.item(r, 1).text() for r in range(table.rowCount()))
    assert names == sorted(["Ana Silva", *(f"Marc Martin (member {i})" for i in ids)])
    text = pdf_text(window.save_pdf(tmp_path / "winter.pdf"))
    assert all(f"Marc Martin (member {i})" in text for i in ids)
