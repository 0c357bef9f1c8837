"""The console's Club menu: the league table with counted and dropped results, printed to PDF; tonight's
settings saved as a template."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.club import summary
from tests.helpers.pdf import pdf_text
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.club import console_menu
from tourneydesk.ui.club.league_window import LeagueWindow
from tourneydesk.ui.start_page import StartPage

# The offscreen platform cannot resize a native window to a new size hint and says so; a real screen does not.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def make_club(path: Path) -> None:
    with ClubService.create(path) as club:
        for tid, date, people in (
            ("t1", "2026-01-02", [("Ana Silva", 1, 6000), ("Bruno Costa", 2, 3000), ("Chloé Lefèvre", 3, 0)]),
            ("t2", "2026-01-09", [("Chloé Lefèvre", 1, 6000), ("Ana Silva", 2, 3000), ("Bruno Costa", 3, 0)]),
            ("t3", "2026-01-16", [("Bruno Costa", 1, 6000), ("Ana Silva", 3, 0), ("Chloé Lefèvre", 2, 3000)]),
        ):
            club.execute({"type": "record_tournament", "summary": summary(tid, date, people)})
        club.execute({"type": "create_league", "name": "Winter", "formula": "entries - place + 1", "best": 2})


def test_the_league_table_shows_counted_and_dropped_results_and_prints(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "club.tdclub"
    make_club(path)
    window = LeagueWindow(path)
    qtbot.addWidget(window)
    window.show()
    table = window.standings
    rows = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    # best 2 of 3: Ana 3 + 2 (1 dropped), Chloé 3 + 2 (1 dropped), Bruno 3 + 2 (1 dropped): all 5;
    # one win each, best place 1 each, two cashes each: they share the lead
    assert [r[:3] for r in rows] == [["1", "Ana Silva", "5"], ["1", "Bruno Costa", "5"], ["1", "Chloé Lefèvre", "5"]]
    assert "The best 2 results of each player count" in window.rules.text()
    table.setCurrentCell(2, 1)
    details = window.details
    shown = [[details.item(r, c).text() for c in range(details.columnCount())] for r in range(details.rowCount())]
    assert shown == [["2026-01-02", "Friday PKO", "3", "1", "dropped"],
                     ["2026-01-09", "Friday PKO", "1", "3", "counted"],
                     ["2026-01-16", "Friday PKO", "2", "2", "counted"]]
    text = pdf_text(window.save_pdf(tmp_path / "winter.pdf"))
    for words in ("Winter", "Ana Silva", "Chloé Lefèvre", "entries - place + 1", "2026-01-02 (1)"):
        assert words in text


def test_a_missing_club_file_is_said_not_raised(qtbot: QtBot, tmp_path: Path) -> None:
    window = LeagueWindow(tmp_path / "nowhere.tdclub")
    qtbot.addWidget(window)
    assert "There is no club file" in window.message.text()
    assert window.standings.rowCount() == 0


def test_tonights_settings_are_saved_as_a_template(make_desk: Callable[..., Desk], open_console: Any,
                                                 console_settings: QSettings, tmp_path: Path) -> None:
    path = tmp_path / "club.tdclub"
    console_settings.setValue("club/path", str(path))
    desk = make_desk()
    window = open_console(desk)
    assert window.findChild(object, "actionLeague") is not None
    assert console_menu.save_template(window, "Friday  Deepstack") == "Template Friday Deepstack saved in the club file"
    with ClubService.open(path) as club:
        template = club.templates()["Friday Deepstack"]
        assert template["levels"] == desk.state.config.to_dict()["levels"]
        assert club.file.rows("SELECT template FROM made_from")[0][0] == "Friday Deepstack"



def test_the_start_page_makes_tonights_tournament_from_a_template_in_two_keystrokes(
        qtbot: QtBot, tmp_path: Path, user_folders: Path) -> None:
    path = tmp_path / "club.tdclub"
    settings = QSettings(str(tmp_path / "start.ini"), QSettings.Format.IniFormat)
    settings.setValue("club/path", str(path))
    desk = Desk.create(tmp_path / "friday.tdesk", "pko")
    config = desk.state.config.to_dict()
    desk.close()
    with ClubService.create(path) as club:
        club.execute({"type": "save_template", "name": "Friday PKO", "config": config})
    page = StartPage(settings)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow)
    qtbot.keyClick(QApplication.focusWidget() or page, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is page.templates.list
    with qtbot.waitSignal(page.chosen) as chosen:
        qtbot.keyClick(page.templates.list, Qt.Key.Key_Return)
    made = Path(chosen.args[0])
    today = time.strftime("%Y-%m-%d")
    assert made == user_folders / "Documents" / "TourneyDesk" / f"Friday PKO {today}.tdesk"
    with Desk.open(made) as night:
        assert night.state.config.name == f"Friday PKO {today}"
        assert night.state.config.to_dict()["levels"] == config["levels"]
        tournament_id = night.state.tournament_id
    with ClubService.open(path) as club:
        assert club.file.rows("SELECT template FROM made_from WHERE tournament_id = ?",
                              (tournament_id,))[0][0] == "Friday PKO"


def test_a_csv_is_previewed_corrected_and_imported_only_when_confirmed(qtbot: QtBot, tmp_path: Path) -> None:
    from tourneydesk.ui.club.members_window import MembersWindow

    path = tmp_path / "club.tdclub"
    data = tmp_path / "members.csv"
    data.write_text("No;Joueur;Pseudo\n12;Chloé Lefèvre;Chlo\n12;Marc Martin;\n13;Léa Roux;La Roux\n", encoding="utf-8")
    window = MembersWindow(path)
    qtbot.addWidget(window)
    dialog = window.import_file(data)
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert dialog.columns["name"].currentText() == "Joueur"
    assert dialog.columns["member_id"].currentText() == "No"
    assert [dialog.problems.item(i).text() for i in range(dialog.problems.count())] == \
        ["Row 3: two members have member id 12 (rows 2 and 3)"]
    assert dialog.import_button.text() == "Import 2 members"
    with ClubService.open(path) as club:
        assert club.members() == []  # nothing written before the TD confirms
    # The TD says the first column is not a member id after all: every row is good now.
    dialog.columns["member_id"].setCurrentIndex(0)
    assert dialog.problems.count() == 0 and dialog.import_button.text() == "Import 3 members"
    dialog.import_button.click()
    assert dialog.imported == {"added": 3, "updated": 0, "unchanged": 0}
    with ClubService.open(path) as club:
        assert sorted((m.name, m.nickname) for m in club.members()) == \
            [("Chloé Lefèvre", "Chlo"), ("Léa Roux", "La Roux"), ("Marc Martin", None)]
    window.find_box.setText("lefevre")
    assert window.table.rowCount() == 1 and window.table.item(0, 1).text() == "Chloé Lefèvre"


def test_members_are_merged_and_erased_from_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    from tourneydesk.ui.club.members_window import MembersWindow

    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "add_member", "name": "Chloé Lefèvre", "member_id": "10"})
        club.execute({"type": "add_member", "name": "Chloe L.", "member_id": "11"})
    window = MembersWindow(path)
    qtbot.addWidget(window)
    assert window.run({"type": "merge_members", "member": "11", "into": "10"})
    assert window.table.rowCount() == 1
    assert not window.run({"type": "merge_members", "member": "11", "into": "10"})
    assert "already that member" in window.message.text()
    assert window.run({"type": "erase_member", "member": "10"})
    assert window.table.rowCount() == 0
