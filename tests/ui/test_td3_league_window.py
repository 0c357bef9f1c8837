"""A league brought over from TD3 in the club's window: its one-line formula, its guests marked, the points
given by hand beside the nights they were given to, and the league's own adjustments with their reasons."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from tests.helpers.club import club_cli
from tests.helpers.td3_saves import Bust, Night, Person, td3_save
from tourneydesk.club import ClubService
from tourneydesk.ui.club.league_window import LeagueWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_td3_league_shows_its_guests_and_its_points_given_by_hand(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "club.tdclub"
    people = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D")]
    night = Night("Club Poker 2025-03-07", "2025-03-07", people, [Bust("Chloé D", ("Ana V",), 20),
                                                                   Bust("Bruno K", ("Ana V",), 40)],
                  formula='assign("points", 1)\nassign("points", n - r + 1)', points_adjustment={"Bruno K": 5})
    (tmp_path / "n.tdt").write_bytes(td3_save(night))
    assert club_cli(path, "td3", str(tmp_path / "n.tdt"), "--leagues") == 0
    with ClubService.open(path) as club:
        ids = {m.name: m.member_id for m in club.members()}
    assert club_cli(path, "league", "members", "Club 2025", "--add", ids["Ana V"], ids["Bruno K"]) == 0
    assert club_cli(path, "league", "adjust", "Club 2025", ids["Ana V"], "10", "--reason", "volunteered") == 0
    window = LeagueWindow(path)
    qtbot.addWidget(window)
    window.show()
    assert 'Points: assign("points", 1); assign("points", n - r + 1).' in window.rules.text()
    table = window.standings
    rows = [[table.item(r, c).text() for c in range(3)] for r in range(table.rowCount())]
    assert rows == [["1", "Ana V", "13"], ["2", "Bruno K", "7"], ["3", "Chloé D (guest)", "1"]]
    details = window.details
    shown = [[details.item(r, c).text() for c in range(details.columnCount())] for r in range(details.rowCount())]
    assert shown == [["2025-03-07", "Club Poker 2025-03-07", "1", "3", "counted"],
                     ["", "Given by hand: volunteered", "", "+10", "counted"]]
    table.setCurrentCell(1, 1)
    shown = [[details.item(r, c).text() for c in range(details.columnCount())] for r in range(details.rowCount())]
    assert shown == [["2025-03-07", "Club Poker 2025-03-07", "2", "7 (+5 by hand)", "counted"]]
