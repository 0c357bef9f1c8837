"""The console's club link and an event in flights: a flight that stopped is not recorded as a night; its
Day 2, finished, is recorded as the event's one night with every flight's players, and the status line
says so."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from tourneydesk import sim_formats
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.club.link import ClubLink


def test_a_flight_waits_for_its_day2_which_records_the_whole_event(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "Main Event"
    folder.mkdir()
    report = sim_formats.run_flights(60, 8, folder)
    club = tmp_path / "club.tdclub"
    ClubService.create(club).close()
    flight = Desk.open(folder / "Day 1A.tdesk")
    bridge = DeskBridge(flight)
    link = ClubLink(club, bridge)
    try:
        assert flight.status == "finished"  # stopped at its target, bagged
        assert not link.due() and link.record_now()
    finally:
        link.shutdown()
        bridge.detach()
        flight.close()
    with ClubService.open(club) as service:
        assert service.tournaments() == []
    day2 = Desk.open(folder / "Day 2.tdesk")
    bridge = DeskBridge(day2)
    said: list[str] = []
    try:
        link = ClubLink(club, bridge)
        link.recorded.connect(said.append)
        qtbot.waitUntil(lambda: bool(said))
        link.shutdown()
    finally:
        bridge.detach()
        day2.close()
    with ClubService.open(club) as service:
        nights = service.tournaments()
    assert [(n["name"], n["entries"]) for n in nights] == [("Sim Main Event", report["summary"]["entries"])]
    assert said[0].startswith("The event's results recorded in the club file, its Day 2 and its flights as one night")
