"""The cashier with the club's members: a regular's arrival by keys (find, Enter, payment, Enter); the
night's results recorded after it finishes and again after a change; and a tournament that goes on
when the club file is missing or pulled away."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, key, type_text
from tests.helpers.clock import FakeClock
from tests.helpers.desks import seat_players, start, table_mate
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.club.link import ClubLink

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def club_file(tmp_path: Path) -> Path:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "import_members", "rows": [
            {"name": "Chloé Lefèvre", "member_id": "1203", "nickname": "Chlo", "email": "chloe@example.org"},
            {"name": "Marc Martin", "member_id": "1204"},
            *({"name": f"Member {i:04d}", "member_id": str(2000 + i)} for i in range(200)),
        ]})
    return path


@pytest.fixture
def open_with_club(qtbot: QtBot, tmp_path: Path) -> Iterator[Callable[..., tuple[CashierWindow, ClubLink]]]:
    made: list[tuple[DeskBridge, ClubLink]] = []

    def make(desk: Desk, path: Path) -> tuple[CashierWindow, ClubLink]:
        bridge = DeskBridge(desk)
        link = ClubLink(path, bridge)
        made.append((bridge, link))
        window = CashierWindow(bridge, settings=QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat),
                               club=link)
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        qtbot.waitExposed(window)
        window.activateWindow()
        qtbot.waitUntil(window.isActiveWindow)
        return window, link

    yield make
    for bridge, link in made:
        link.shutdown()
        bridge.detach()


def test_the_second_of_two_namesake_members_is_found_by_member_id_once_the_first_is_here(
        make_desk: Callable[..., Desk], open_with_club: Any, tmp_path: Path, qtbot: QtBot) -> None:
    path = tmp_path / "namesakes.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "import_members", "rows": [{"name": "Marc Martin", "member_id": "1002"},
                                                         {"name": "Marc Martin", "member_id": "2077"}]})
    desk = make_desk()
    window, _ = open_with_club(desk, path)
    for member_id in ("1002", "2077"):
        type_text(qtbot, member_id)
        assert window.find_panel.players.rowCount() == 1, member_id
        key(qtbot, Qt.Key.Key_Return)  # the member registered tonight, not a new player named by the number
        key(qtbot, Qt.Key.Key_1, CTRL)
        key(qtbot, Qt.Key.Key_Return)
        key(qtbot, Qt.Key.Key_F, CTRL)
    assert sorted((p.name, p.member_id) for p in desk.state.players.values()) == [
        ("Marc Martin", "1002"), ("Marc Martin", "2077")]
    assert all(desk.state.last_entry(p) is not None for p in desk.state.players)


def test_a_regulars_arrival_is_find_enter_payment_enter(make_desk: Callable[..., Desk], open_with_club: Any,
                                                        club_file: Path, qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    window, _ = open_with_club(desk, club_file)
    assert QApplication.focusWidget() is window.find_panel.search
    type_text(qtbot, "chloe")
    assert window.find_panel.players.rowCount() == 1
    assert window.find_panel.players.data(window.find_panel.players.index(0, 0)) == "Chloé Lefèvre"
    key(qtbot, Qt.Key.Key_Return)  # Enter: registered tonight with her member id
    player = next(p for p in desk.state.players.values() if p.member_id == "1203")
    assert (player.name, player.nickname, player.email) == ("Chloé Lefèvre", "Chlo", "chloe@example.org")
    assert window.sale.player == player.id
    key(qtbot, Qt.Key.Key_2, CTRL)  # card
    key(qtbot, Qt.Key.Key_Return)  # Enter: paid, seated
    entry = desk.state.last_entry(player.id)
    assert entry is not None and entry.status == "active"
    assert desk.ledger()[-1]["method"] == "card"
    assert QApplication.focusWidget() is window.find_panel.search
    # Back at the desk later, she is tonight's player, not a member to register again.
    type_text(qtbot, "1203")
    assert window.find_panel.players.rowCount() == 1 and window.find_panel.players.tonight_rows == 1


def test_tonights_players_come_before_the_members(make_desk: Callable[..., Desk], open_with_club: Any,
                                                  club_file: Path, qtbot: QtBot) -> None:
    desk = make_desk()
    desk.execute({"type": "register", "name": "Marcel Dupont"})
    window, _ = open_with_club(desk, club_file)
    type_text(qtbot, "marc")
    players = window.find_panel.players
    names = [players.data(players.index(r, 0)) for r in range(players.rowCount())]
    assert names == ["Marcel Dupont", "Marc Martin"]
    assert window.find_panel.players.tonight_rows == 1


def test_the_desk_works_without_the_club_file(make_desk: Callable[..., Desk], open_with_club: Any,
                                              tmp_path: Path, qtbot: QtBot) -> None:
    desk = make_desk()
    window, link = open_with_club(desk, tmp_path / "nowhere" / "club.tdclub")
    type_text(qtbot, "Zoé Durand")
    assert window.find_panel.players.rowCount() == 0
    key(qtbot, Qt.Key.Key_Return)
    assert window.find_panel.find_stack.currentIndex() == 1  # a new player, as without a club
    key(qtbot, Qt.Key.Key_Return)
    assert [p.name for p in desk.state.players.values()] == ["Zoé Durand"]
    assert link.service() is None


def test_a_pulled_usb_stick_stops_nothing(make_desk: Callable[..., Desk], open_with_club: Any, club_file: Path,
                                          qtbot: QtBot, clock: FakeClock, tmp_path: Path) -> None:
    desk = make_desk()
    entries = seat_players(desk, 3)
    window, link = open_with_club(desk, club_file)
    type_text(qtbot, "marc")
    assert window.find_panel.players.rowCount() == 1
    away = tmp_path / "away.tdclub"
    club_file.rename(away)  # the stick is pulled
    window.find_panel.search.clear()
    type_text(qtbot, "marc")
    assert window.find_panel.players.rowCount() == 0
    problems: list[str] = []
    link.problem.connect(problems.append)
    start(desk)
    clock.advance(minutes=60)  # registration closed: the last bust finishes the night
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    assert desk.state.status == "finished"
    qtbot.waitUntil(lambda: bool(problems))
    assert "is not there" in problems[-1]
    away.rename(club_file)  # and put back
    assert link.record_now()
    with ClubService.open(club_file) as club:
        assert [t["entries"] for t in club.tournaments()] == [3]


def test_the_night_is_recorded_when_it_finishes_and_again_after_an_undo(
        make_desk: Callable[..., Desk], open_with_club: Any, club_file: Path, qtbot: QtBot, clock: FakeClock) -> None:
    desk = make_desk()
    entries = seat_players(desk, 3)
    _, link = open_with_club(desk, club_file)
    start(desk)
    clock.advance(minutes=60)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    with qtbot.waitSignal(link.recorded):
        desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    with ClubService.open(club_file) as club:
        (night,) = club.tournaments()
        assert (night["finished"], night["entries"]) == (1, 3)
        places = {r["name"]: r["place"] for r in club.file.rows("SELECT name, place FROM results")}
        assert sorted(places.values()) == [1, 2, 3]
        # the three players of the night are new tonight: members once the TD confirms them
        assert len(club.members()) == 202 and len(club.new_tonight()) == 3
    with qtbot.waitSignal(link.recorded):
        desk.execute({"type": "undo"})  # the last bust was a mistake: the night is not over
    with ClubService.open(club_file) as club:
        (night,) = club.tournaments()
        assert night["finished"] == 0
        assert len(club.file.rows("SELECT 1 FROM results WHERE place IS NOT NULL")) == 1


def test_a_member_id_typed_that_is_another_members_is_said_at_once_and_kept_only_when_asked(
        make_desk: Callable[..., Desk], open_with_club: Any, club_file: Path, qtbot: QtBot) -> None:
    # A second Marc Martin told apart by the number on a card: 1203 is Chloé's in the club.
    desk = make_desk()
    window, _ = open_with_club(desk, club_file)
    key(qtbot, Qt.Key.Key_N, CTRL)
    form = window.find_panel.register_form
    type_text(qtbot, "Marc Martin")
    form.edits["member_id"].setFocus()
    type_text(qtbot, "1203")
    seq = desk.seq
    key(qtbot, Qt.Key.Key_Return)
    assert desk.seq == seq, "nothing is written until the cashier says so"
    said = form.errors["member_id"]
    assert said.isVisible() and "1203" in said.text() and "Chloé Lefèvre" in said.text(), said.text()
    assert QApplication.focusWidget() is form.edits["member_id"]
    key(qtbot, Qt.Key.Key_Backspace)  # corrected: 1204 is a Marc Martin's own
    type_text(qtbot, "4")
    key(qtbot, Qt.Key.Key_Return)
    marc = next(p for p in desk.state.players.values() if p.name == "Marc Martin")
    assert marc.member_id == "1204"
    # Kept all the same when the cashier presses Enter again: the record asks the TD afterwards.
    key(qtbot, Qt.Key.Key_N, CTRL)
    type_text(qtbot, "Paul Durand")
    form.edits["member_id"].setFocus()
    type_text(qtbot, "1203")
    key(qtbot, Qt.Key.Key_Return)
    assert form.errors["member_id"].isVisible()
    key(qtbot, Qt.Key.Key_Return)
    assert next(p for p in desk.state.players.values() if p.name == "Paul Durand").member_id == "1203"
