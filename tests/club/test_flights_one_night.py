"""An event played in flights is one night of the club (docs/club.md, "An event in flights"): three flights
into a Day 2, played by the sim, recorded once from the Day 2, with every flight's entries, the combined
pool and places that count everyone who played; a flight alone is never a night, and a flight the club
recorded on its own before is replaced by its event."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.club import club_cli
from tourneydesk import sim_formats
from tourneydesk.club import ClubService
from tourneydesk.club.results import read_tournament

FLIGHTS = ("Day 1A", "Day 1B", "Day 1C")


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("event")
    report = sim_formats.run_flights(90, 5, folder)
    assert all(all(checks.values()) for checks in report["invariants"].values()), report["invariants"]
    return {"folder": folder, "summary": report["summary"]}


def copy_of(event: dict[str, Any], tmp_path: Path, *, without: str | None = None) -> Path:
    folder = tmp_path / "Main Event"
    shutil.copytree(event["folder"], folder)
    if without is not None:
        (folder / f"{without}.tdesk").unlink()
    return folder


def people_of_the_flights(folder: Path) -> set[str]:
    return {r["name"] for name in FLIGHTS for r in read_tournament(folder / f"{name}.tdesk")["results"]}


def test_the_event_is_one_night_with_every_flights_players(event: dict[str, Any], tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = copy_of(event, tmp_path)
    club = tmp_path / "club.tdclub"
    for name in FLIGHTS:
        assert club_cli(club, "record", str(folder / f"{name}.tdesk")) == 1
        assert (f"{name} is a flight of Sim Main Event: the club records the event once, from its Day 2"
                in capsys.readouterr().err)
    assert club_cli(club, "record", str(folder / "Day 2.tdesk")) == 0
    assert "One night for the event: its Day 2 and 3 flights" in capsys.readouterr().out
    with ClubService.open(club) as service:
        nights = service.tournaments()
        assert len(nights) == 1
        night = nights[0]
        results = service.file.rows("SELECT * FROM results WHERE tournament = ?", (night["id"],))
    summary = event["summary"]
    assert (night["name"], night["entries"], night["prize_pool"]) == ("Sim Main Event", summary["entries"],
                                                                    summary["combined_pool"])
    everyone = people_of_the_flights(folder)
    assert sorted(r["name"] for r in results) == sorted(everyone)  # each person once, whatever they played
    assert night["players"] == len(everyone)
    assert sum(r["prize"] for r in results) == summary["combined_pool"]  # Day 1's prizes and Day 2's
    assert sum(r["reentries"] + 1 for r in results) == summary["entries"]  # every flight entry, none twice
    places = sorted(r["place"] for r in results)
    assert None not in places and places[0] == 1 and places[-1] <= len(everyone)
    day2 = read_tournament(folder / "Day 2.tdesk")
    kept = {r["name"]: r["place"] for r in day2["results"]}
    assert {r["name"]: r["place"] for r in results if r["name"] in kept} == kept  # the Day 2's places stand
    # Those who did not qualify come after everyone who played the Day 2.
    assert min(r["place"] for r in results if r["name"] not in kept) == len(kept) + 1
    winner = next(r for r in results if r["place"] == 1)
    assert winner["name"] == summary["winner"]


def test_a_league_counts_the_event_once_for_each_player(event: dict[str, Any], tmp_path: Path) -> None:
    folder = copy_of(event, tmp_path)
    club = tmp_path / "club.tdclub"
    assert club_cli(club, "league", "create", "Festival", "--formula", "linear") == 0
    assert club_cli(club, "record", str(folder / "Day 2.tdesk")) == 0
    with ClubService.open(club) as service:
        table = service.standings("Festival")
    assert len(table["tournaments"]) == 1
    assert all(row["played"] == 1 for row in table["standings"])
    entries = event["summary"]["entries"]
    top = table["standings"][0]
    assert (top["name"], top["points"]) == (event["summary"]["winner"], entries)  # linear: entries - 1 + 1


def test_flights_recorded_on_their_own_before_give_way_to_their_event(event: dict[str, Any], tmp_path: Path) -> None:
    """A club file from before: each stopped flight was recorded as a night, so a qualifier counted twice."""
    folder = copy_of(event, tmp_path)
    club = tmp_path / "club.tdclub"
    with ClubService.create(club) as service:
        for name in FLIGHTS:
            summary = read_tournament(folder / f"{name}.tdesk")
            del summary["flight"]  # as an older TourneyDesk read it
            service.execute({"type": "record_tournament", "summary": summary})
        assert len(service.tournaments()) == 3
    assert club_cli(club, "record", str(folder / "Day 2.tdesk")) == 0
    with ClubService.open(club) as service:
        assert [t["name"] for t in service.tournaments()] == ["Sim Main Event"]
        assert service.file.rows("SELECT COUNT(*) FROM results")[0][0] == len(people_of_the_flights(folder))


def test_a_flight_not_beside_its_day2_is_said_and_its_players_who_went_out_are_missing(
        event: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = copy_of(event, tmp_path, without="Day 1B")
    club = tmp_path / "club.tdclub"
    assert club_cli(club, "record", str(folder / "Day 2.tdesk")) == 0
    said = capsys.readouterr().out
    assert ("its Day 2 and 2 flights; Day 1B was not found beside the Day 2: its players who did not qualify are "
            "not in") in said
    with ClubService.open(club) as service:
        night = service.tournaments()[0]
    missing = read_tournament(event["folder"] / "Day 1B.tdesk")
    assert night["entries"] == event["summary"]["entries"] - missing["entries"]
