"""A club's TD3 saves brought over from the console's Club menu: a season's folder tried first, each file
saying what it brings (its night or "not finished", its members, template, payout table, buy-ins, league,
problems), a damaged save named and left out while the others come, nothing written before Import; then
imported, and the same folder again adds nobody twice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.td3_saves import Bust, Night, Person, td3_save
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.app import Launcher
from tourneydesk.ui.club.td3_window import Td3ImportDialog
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")
PEOPLE = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D", "Dario M", "Élise R")]
FORMULA = 'assign("points", n - r + 1)'


def season_folder(folder: Path) -> Path:
    """Two finished nights, one still playing, and a save cut short by a pulled USB stick."""
    folder.mkdir()
    for day, there in (("2025-03-07", PEOPLE[:4]), ("2025-04-04", PEOPLE[1:])):
        names = [p.nickname for p in there]
        busts = [Bust(names[3], (names[0],), 20), Bust(names[2], (names[1],), 40), Bust(names[1], (names[0],), 60)]
        (folder / f"{day}.tdt").write_bytes(td3_save(Night(f"Club Poker {day}", day, there, busts, formula=FORMULA)))
    playing = Night("Club Poker 2025-05-02", "2025-05-02", PEOPLE, [Bust("Ana V", ("Bruno K",), 15)],
                    formula=FORMULA, finished=False)
    (folder / "2025-05-02.tdt").write_bytes(td3_save(playing))
    whole = td3_save(Night("Club Poker 2025-06-06", "2025-06-06", PEOPLE[:3], [], formula=FORMULA))
    (folder / "2025-06-06.tdt").write_bytes(whole[: len(whole) // 2])
    return folder


def rows(table: QTableWidget) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_a_season_folder_is_tried_file_by_file_then_imported_once(qtbot: QtBot, tmp_path: Path) -> None:
    club_path = tmp_path / "club.tdclub"
    folder = season_folder(tmp_path / "Saves 2025")
    dialog = Td3ImportDialog(club_path)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.add_paths([folder])
    shown = rows(dialog.report)
    assert [r[0] for r in shown] == ["2025-03-07.tdt (TD3 3.7.2)", "2025-04-04.tdt (TD3 3.7.2)",
                                     "2025-05-02.tdt (TD3 3.7.2)", "2025-06-06.tdt"]
    assert [r[1] for r in shown] == ["Club Poker 2025-03-07", "Club Poker 2025-04-04", "not finished: no night",
                                     "cannot be read: left out"]
    assert [r[2] for r in shown[:3]] == ["4 new, 0 filled in", "1 new, 0 filled in", "0 new, 0 filled in"]
    assert shown[0][3].startswith("template Club Poker; payout table Club Poker 3 paid; buy-ins ")
    assert "league" not in shown[0][3]
    assert shown[3][4].startswith("This is not a Tournament Director file we can read: expected")
    assert dialog.summary.text() == ("Would import: 2 nights, 5 new members, 0 filled in, 1 template, 0 leagues. "
                                     "1 file cannot be read and is left out.")
    assert not club_path.exists()  # the dry run wrote nothing, not even a club file

    dialog.leagues.setChecked(True)
    shown = rows(dialog.report)
    assert shown[0][3].endswith("league Club 2025") and shown[1][3].endswith("league Club 2025")
    assert dialog.import_button.text() == "&Import 3 saves"
    assert not club_path.exists()

    dialog.import_button.click()
    assert dialog.summary.text().startswith("Imported: 2 nights, 5 new members, 0 filled in, 1 template, 1 league.")
    assert not dialog.import_button.isEnabled() and dialog.close_button.text() == "Close"
    with ClubService.open(club_path) as club:
        assert sorted(m.name for m in club.members()) == sorted(p.nickname for p in PEOPLE)
        assert [t["name"] for t in club.tournaments()] == ["Club Poker 2025-03-07", "Club Poker 2025-04-04"]
        table = club.standings("Club 2025")
    assert [(row["name"], row["points"]) for row in table["standings"]] == [
        ("Bruno K", 7), ("Chloé D", 5), ("Ana V", 4), ("Dario M", 3), ("Élise R", 1)]

    again = Td3ImportDialog(club_path)
    qtbot.addWidget(again)
    again.add_paths([folder / "2025-03-07.tdt", folder / "2025-04-04.tdt"])
    assert [r[1:3] for r in rows(again.report)] == [
        ["Club Poker 2025-03-07 (recorded before: replaced)", "0 new, 0 filled in"],
        ["Club Poker 2025-04-04 (recorded before: replaced)", "0 new, 0 filled in"]]


def test_a_folder_without_saves_and_a_file_that_is_no_save_are_said_in_words(qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "notes.tdt").write_text("Friday: bring the chips", encoding="utf-8")
    dialog = Td3ImportDialog(tmp_path / "club.tdclub")
    qtbot.addWidget(dialog)
    dialog.add_paths([tmp_path / "empty"])
    assert dialog.summary.text() == f"There is no TD3 save (.tdt) in {tmp_path / 'empty'}"
    dialog.add_paths([tmp_path / "notes.tdt"])
    assert rows(dialog.report)[0][:2] == ["notes.tdt", "cannot be read: left out"]
    assert dialog.summary.text() == "No save can be read: nothing to import"
    assert not dialog.import_button.isEnabled()


@pytest.fixture
def console(qapp: QApplication, tmp_path: Path) -> Iterator[ConsoleWindow]:
    settings = QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)
    settings.setValue("club/path", str(tmp_path / "club.tdclub"))
    path = tmp_path / "friday.tdesk"
    desk = Desk.create(path, config(), seed=1)
    seat_players(desk, 3)
    desk.close()
    launcher = Launcher(qapp, settings)
    assert launcher.open(path, "console")
    window = launcher.sessions[0].window
    assert isinstance(window, ConsoleWindow)
    yield window
    launcher.close_all()


def test_the_club_menu_opens_the_import_on_its_shortcut(qtbot: QtBot, console: ConsoleWindow, tmp_path: Path) -> None:
    action = next(a for a in console.actions() if a.objectName() == "actionTd3Import")
    assert action.shortcut().toString() == "Ctrl+Shift+J"
    assert action.text() == "&Import TD3 saves…"
    action.trigger()
    dialog = console.findChild(Td3ImportDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.currency.text() == console.bridge.desk.currency
    dialog.add_paths([season_folder(tmp_path / "saves")])
    dialog.import_button.click()
    with ClubService.open(tmp_path / "club.tdclub") as club:
        assert len(club.tournaments()) == 2
    dialog.close()
