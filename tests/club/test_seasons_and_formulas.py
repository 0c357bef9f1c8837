"""A league's rules changed after it began, its seasons (each a span of dates with its own table), and the
club's own formulas: from the service and from a shell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.club import club_cli, club_refused, summary
from tourneydesk.club import ClubService

NIGHTS = [("t1", "2026-01-09", [("Ana Silva", 1, 6000), ("Bruno Costa", 2, 3000), ("Chloé Lefèvre", 3, 0)]),
          ("t2", "2026-02-13", [("Chloé Lefèvre", 1, 6000), ("Ana Silva", 2, 3000), ("Bruno Costa", 3, 0)]),
          ("t3", "2026-04-10", [("Bruno Costa", 1, 6000), ("Chloé Lefèvre", 2, 3000), ("Ana Silva", 3, 0)])]


@pytest.fixture
def season(club: ClubService) -> ClubService:
    for tid, date, people in NIGHTS:
        club.execute({"type": "record_tournament", "summary": summary(tid, date, people)})
    club.execute({"type": "create_league", "name": "Friday", "formula": "linear"})
    return club


def points(club: ClubService, league: str, season: str | None = None) -> dict[str, float]:
    return {r["name"]: r["points"] for r in club.standings(league, season)["standings"]}


def test_a_league_changed_counts_every_night_the_new_way(season: ClubService) -> None:
    assert points(season, "Friday") == {"Ana Silva": 6, "Bruno Costa": 6, "Chloé Lefèvre": 6}
    result = season.execute({"type": "edit_league", "name": "Friday", "formula": "if(place == 1, 10, 0)",
                             "best": 1, "new_name": "Friday league"})
    assert result == {"league": "Friday league", "changed": ["best", "formula", "name"]}
    assert points(season, "Friday league") == {"Ana Silva": 10, "Bruno Costa": 10, "Chloé Lefèvre": 10}
    season.execute({"type": "edit_league", "name": "Friday league", "best": None, "date_to": "2026-03-31"})
    info = season.leagues_by_name()["Friday league"]
    assert (info["best"], info["date_to"], info["rules"].split(";")[0]) == (None, "2026-03-31", "Every result counts")
    club_refused(season, {"type": "edit_league", "name": "Friday league", "best": None}, "NOTHING_TO_DO")
    club_refused(season, {"type": "edit_league", "name": "Friday league", "formula": "place +"}, "FORMULA_INVALID")
    club_refused(season, {"type": "edit_league", "name": "Friday league", "date_from": "2026-04-01"}, "FIELD_INVALID")
    club_refused(season, {"type": "edit_league", "name": "Nope", "best": 2}, "UNKNOWN_LEAGUE")


def test_each_season_has_its_own_table(season: ClubService) -> None:
    season.execute({"type": "create_season", "league": "Friday", "name": "Winter", "date_from": "2026-01-01",
                    "date_to": "2026-03-31"})
    season.execute({"type": "create_season", "league": "Friday", "name": "Spring", "date_from": "01/04/2026",
                    "date_to": "2026-06-30"})
    assert points(season, "Friday", "Winter") == {"Ana Silva": 5, "Chloé Lefèvre": 4, "Bruno Costa": 3}
    assert points(season, "Friday", "Spring") == {"Bruno Costa": 3, "Chloé Lefèvre": 2, "Ana Silva": 1}
    assert [s["name"] for s in season.leagues_by_name()["Friday"]["seasons"]] == ["Winter", "Spring"]
    error = club_refused(season, {"type": "create_season", "league": "Friday", "name": "Easter",
                                  "date_from": "2026-03-30", "date_to": "2026-04-12"}, "SEASON_OVERLAPS")
    assert error.message.startswith("The season overlaps Winter (2026-01-01 to 2026-03-31)")
    club_refused(season, {"type": "create_season", "league": "Friday", "name": "Winter", "date_from": "2027-01-01",
                          "date_to": "2027-03-31"}, "SEASON_EXISTS")
    club_refused(season, {"type": "create_season", "league": "Friday", "name": "Autumn", "date_from": "2026-10-01"},
                 "FIELD_MISSING")
    season.execute({"type": "edit_season", "league": "Friday", "name": "Winter", "new_name": "Winter 2026",
                    "date_to": "2026-01-31"})
    assert points(season, "Friday", "Winter 2026") == {"Ana Silva": 3, "Bruno Costa": 2, "Chloé Lefèvre": 1}
    club_refused(season, {"type": "delete_season", "league": "Friday", "name": "Winter"}, "UNKNOWN_SEASON")
    season.execute({"type": "delete_season", "league": "Friday", "name": "Spring"})
    assert [s["name"] for s in season.leagues_by_name()["Friday"]["seasons"]] == ["Winter 2026"]


def test_the_clubs_own_formulas_are_kept_by_name_for_its_leagues(season: ClubService) -> None:
    assert season.execute({"type": "save_formula", "name": "Winner takes ten", "text": "if(place == 1, 10, 1)"}) \
        == {"formula": "Winner takes ten", "replaced": False}
    season.execute({"type": "create_league", "name": "Ten", "formula": "Winner takes ten"})
    assert season.leagues_by_name()["Ten"]["formula"] == "if(place == 1, 10, 1)"
    assert points(season, "Ten") == {"Ana Silva": 12, "Bruno Costa": 12, "Chloé Lefèvre": 12}
    assert season.execute({"type": "save_formula", "name": "Winner takes ten", "text": "if(place == 1, 10, 0)"})[
        "replaced"]
    assert season.formulas() == {"Winner takes ten": "if(place == 1, 10, 0)"}
    club_refused(season, {"type": "save_formula", "name": "linear", "text": "1"}, "NAME_INVALID")
    club_refused(season, {"type": "save_formula", "name": "Bad", "text": "1 / (place - 3)"}, "FORMULA_INVALID")
    season.execute({"type": "delete_formula", "name": "Winner takes ten"})
    assert season.leagues_by_name()["Ten"]["formula"] == "if(place == 1, 10, 1)"  # the league keeps its own
    club_refused(season, {"type": "delete_formula", "name": "Winner takes ten"}, "UNKNOWN_FORMULA")


def test_leagues_seasons_and_formulas_from_a_shell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        for tid, date, people in NIGHTS:
            club.execute({"type": "record_tournament", "summary": summary(tid, date, people)})
    assert club_cli(path, "formula", "save", "Podium", "if(place <= 3, 4 - place, 0)") == 0
    assert club_cli(path, "league", "create", "Friday", "--formula", "Podium", "--best", "2") == 0
    assert club_cli(path, "season", "add", "Friday", "Winter", "--from", "2026-01-01", "--to", "2026-03-31") == 0
    assert club_cli(path, "league", "edit", "Friday", "--every-result", "--rename", "Friday league") == 0
    out = capsys.readouterr().out
    assert "Formula Podium saved" in out and "Season Winter of Friday added" in out
    assert "League Friday league changed (best, name): Every result counts" in out
    assert club_cli(path, "league", "standings", "Friday league", "--season", "Winter", "--json") == 0
    table = json.loads(capsys.readouterr().out)
    assert table["season"] == "Winter" and len(table["tournaments"]) == 2
    assert {r["name"]: r["points"] for r in table["standings"]} == {"Ana Silva": 5, "Chloé Lefèvre": 4,
                                                                     "Bruno Costa": 3}
    assert club_cli(path, "league", "list") == 0
    assert "    season Winter: 2026-01-01 to 2026-03-31" in capsys.readouterr().out
    assert club_cli(path, "formula", "list") == 0
    listed = capsys.readouterr().out
    assert "linear" in listed and "Podium           if(place <= 3, 4 - place, 0)" in listed
    assert club_cli(path, "season", "add", "Friday league", "Late", "--from", "2026-03-01", "--to",
                    "2026-05-01") == 1
    assert "overlaps Winter" in capsys.readouterr().err
    assert club_cli(path, "league", "delete", "Friday league") == 0
    with ClubService.open(path) as club:
        assert club.leagues() == [] and len(club.tournaments()) == 3
