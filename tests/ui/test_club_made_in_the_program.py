"""The club made and changed in the program, by keys: a member added by hand and corrected; a league made
with its formula, changed, given seasons, and the club's own formulas kept by name."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialog, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import type_text as type_keys
from tests.helpers.club import summary
from tests.helpers.keyboard import press
from tourneydesk.club import ClubService
from tourneydesk.ui.club.league_editors import FormulasDialog, LeagueForm, SeasonsDialog
from tourneydesk.ui.club.league_window import LeagueWindow
from tourneydesk.ui.club.members_window import MemberForm, MembersWindow

W = TypeVar("W", bound=QDialog)
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
CTRL, ALT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier
NIGHTS = [("t1", "2026-01-09", [("Ana Silva", 1, 6000), ("Bruno Costa", 2, 3000), ("Chloé Lefèvre", 3, 0)]),
          ("t2", "2026-02-13", [("Chloé Lefèvre", 1, 6000), ("Ana Silva", 2, 3000), ("Bruno Costa", 3, 0)]),
          ("t3", "2026-04-10", [("Bruno Costa", 1, 6000), ("Chloé Lefèvre", 2, 3000), ("Ana Silva", 3, 0)])]


def shown(qtbot: QtBot, window: W) -> W:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def opened(qtbot: QtBot, kind: type[W]) -> W:
    """The dialog of `kind` just opened, once it has the keyboard."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), kind)
                    and QApplication.activeModalWidget().isActiveWindow())
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, kind)
    return dialog


def typed(qtbot: QtBot, text: str, then: Qt.Key = Qt.Key.Key_Tab) -> None:
    """Into the box with the keys (what was there chosen first and typed over), then the next key."""
    box = QApplication.focusWidget()
    if isinstance(box, QLineEdit | QSpinBox):
        box.selectAll()
    type_keys(qtbot, text)
    press(qtbot, then)


def test_a_member_is_added_by_hand_and_corrected(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "club.tdclub"
    window = shown(qtbot, MembersWindow(path))
    press(qtbot, Qt.Key.Key_N, CTRL)
    form = opened(qtbot, MemberForm)
    typed(qtbot, "Chloe Lefevre")  # name
    typed(qtbot, "Chlo")  # nickname
    press(qtbot, Qt.Key.Key_Tab)  # member id: empty, the club gives one
    typed(qtbot, "chloe@example.org", Qt.Key.Key_Return)  # email, and Enter saves
    qtbot.waitUntil(lambda: not form.isVisible())
    assert window.message.text() == "Chloe Lefevre added: member TD-1"
    with ClubService.open(path) as club:
        (member,) = club.members()
        assert (member.name, member.nickname, member.email, member.member_id) == (
            "Chloe Lefevre", "Chlo", "chloe@example.org", "TD-1")
    # F2 on the member: the name spelled right, a phone; the member id cannot change
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert QApplication.focusWidget() is window.table
    press(qtbot, Qt.Key.Key_F2)
    form = opened(qtbot, MemberForm)
    assert form.boxes["member_id"].isReadOnly() and form.boxes["member_id"].text() == "TD-1"
    typed(qtbot, "Chloé Lefèvre")
    press(qtbot, Qt.Key.Key_P, ALT)
    typed(qtbot, "+33 6 12 34 56 78", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())
    with ClubService.open(path) as club:
        (member,) = club.members()
        assert (member.name, member.phone, member.email) == ("Chloé Lefèvre", "+33 6 12 34 56 78", "chloe@example.org")
    # a refusal is said in the form, and nothing is written
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    press(qtbot, Qt.Key.Key_N, CTRL)
    form = opened(qtbot, MemberForm)
    typed(qtbot, "Marc Martin")
    press(qtbot, Qt.Key.Key_Tab)
    typed(qtbot, "TD-1", Qt.Key.Key_Return)  # a member id already given
    assert form.isVisible() and "TD-1 is already" in form.error.text()
    press(qtbot, Qt.Key.Key_Escape)
    with ClubService.open(path) as club:
        assert len(club.members()) == 1


@pytest.fixture
def club_path(tmp_path: Path) -> Path:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        for tid, date, people in NIGHTS:
            club.execute({"type": "record_tournament", "summary": summary(tid, date, people)})
    return path


def table(window: LeagueWindow) -> list[tuple[str, str]]:
    view = window.standings
    return [(view.item(r, 1).text(), view.item(r, 2).text()) for r in range(view.rowCount())]


def test_a_league_is_made_changed_and_given_seasons_by_keys(qtbot: QtBot, club_path: Path) -> None:
    window = shown(qtbot, LeagueWindow(club_path))
    assert "The club has no league yet: Ctrl+N makes one" in window.message.text()
    press(qtbot, Qt.Key.Key_N, CTRL)
    form = opened(qtbot, LeagueForm)
    typed(qtbot, "Friday league")
    press(qtbot, Qt.Key.Key_P, ALT)  # the formula, tried as it is typed
    type_keys(qtbot, "entries - plaec + 1")
    assert form.formula.points.text() == "unknown name 'plaec' at column 11"
    typed(qtbot, "entries - place + 1", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())
    assert table(window) == [("Ana Silva", "6"), ("Bruno Costa", "6"), ("Chloé Lefèvre", "6")]
    # F2: the same league counts each player's best 2, the winner's ten points
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    press(qtbot, Qt.Key.Key_F2)
    form = opened(qtbot, LeagueForm)
    assert form.name.text() == "Friday league" and form.formula.text.text() == "entries - place + 1"
    press(qtbot, Qt.Key.Key_P, ALT)
    type_keys(qtbot, "if(place == 1, 10, ")
    assert "column" in form.formula.points.text()  # not finished yet: said, not saved
    typed(qtbot, "if(place == 1, 10, 4 - place)")
    assert form.formula.points.text() == ("On a night of 24 entries: place 1: 10, place 2: 2, place 3: 1, "
                                          "place 10: -6, place 24: -20")
    press(qtbot, Qt.Key.Key_B, ALT)
    typed(qtbot, "2", Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())
    assert table(window) == [("Ana Silva", "12"), ("Bruno Costa", "12"), ("Chloé Lefèvre", "12")]
    assert "The best 2 results of each player count" in window.rules.text()
    # Ctrl+E: two seasons, each with its own table
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    press(qtbot, Qt.Key.Key_E, CTRL)
    seasons = opened(qtbot, SeasonsDialog)
    typed(qtbot, "Winter")
    typed(qtbot, "2026-01-01")
    typed(qtbot, "31/03/2026", Qt.Key.Key_Return)
    assert seasons.table.rowCount() == 1 and seasons.table.item(0, 2).text() == "2026-03-31"
    press(qtbot, Qt.Key.Key_N, CTRL)
    typed(qtbot, "Spring")
    typed(qtbot, "2026-03-15")
    typed(qtbot, "2026-06-30", Qt.Key.Key_Return)
    assert "The season overlaps Winter" in seasons.error.text() and seasons.table.rowCount() == 1
    press(qtbot, Qt.Key.Key_F, ALT)
    typed(qtbot, "2026-04-01", Qt.Key.Key_Return)
    assert seasons.table.rowCount() == 2
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not seasons.isVisible())
    choice: QComboBox = window.season
    assert [choice.itemText(i) for i in range(choice.count())] == [
        "The whole league", "Winter (2026-01-01 to 2026-03-31)", "Spring (2026-04-01 to 2026-06-30)"]
    choice.setCurrentIndex(1)
    assert table(window) == [("Ana Silva", "12"), ("Chloé Lefèvre", "11"), ("Bruno Costa", "3")]
    assert "2 tournaments counted" in window.rules.text()


def test_the_clubs_formulas_are_kept_and_offered_to_a_league(qtbot: QtBot, club_path: Path) -> None:
    window = shown(qtbot, LeagueWindow(club_path))
    press(qtbot, Qt.Key.Key_R, CTRL)
    formulas = opened(qtbot, FormulasDialog)
    typed(qtbot, "Podium")
    type_keys(qtbot, "if(place <= 3, 4 - place, 0)")
    assert formulas.points.text().startswith("On a night of 24 entries: place 1: 3, place 2: 2, place 3: 1")
    press(qtbot, Qt.Key.Key_Return)
    assert formulas.table.rowCount() == 1 and formulas.table.item(0, 0).text() == "Podium"
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not formulas.isVisible())
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    press(qtbot, Qt.Key.Key_N, CTRL)
    form = opened(qtbot, LeagueForm)
    typed(qtbot, "Podium league")
    start = form.formula.start
    assert start.findText("Podium: if(place <= 3, 4 - place, 0)") > 0
    start.setFocus()
    start.setCurrentIndex(start.findText("Podium: if(place <= 3, 4 - place, 0)"))
    start.activated.emit(start.currentIndex())
    assert form.formula.text.text() == "if(place <= 3, 4 - place, 0)"
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not form.isVisible())
    assert table(window) == [("Ana Silva", "6"), ("Bruno Costa", "6"), ("Chloé Lefèvre", "6")]
