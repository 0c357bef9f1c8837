"""Leagues: the tournaments they count, the points of each result, best N, the tie-break, shared ranks."""

from __future__ import annotations

import pytest

from tests.helpers.club import club_refused, summary


def record(club, tid, date, people, **kw):
    club.execute({"type": "record_tournament", "summary": summary(tid, date, people, **kw)})


def table(club, name):
    return [(r["rank"], r["name"], r["points"]) for r in club.standings(name)["standings"]]


def test_points_by_formula_over_every_result(club):
    record(club, "t1", "2026-01-02", [("Ana", 1, 6000), ("Bruno", 2, 3000), ("Chloé", 3, 0)])
    record(club, "t2", "2026-01-09", [("Chloé", 1, 6000), ("Ana", 2, 3000), ("Dan", 3, 0), ("Bruno", 4, 0)])
    club.execute({"type": "create_league", "name": "Winter", "formula": "entries - place + 1"})
    # Ana 3 + 3, Chloé 1 + 4, Bruno 2 + 1, Dan 2
    assert table(club, "Winter") == [(1, "Ana", 6), (2, "Chloé", 5), (3, "Bruno", 3), (4, "Dan", 2)]
    ana = club.standings("Winter")["standings"][0]
    assert [r["points"] for r in ana["counted"]] == [3, 3] and ana["dropped"] == []


def test_best_n_drops_the_worst_results_and_shows_them(club):
    record(club, "t1", "2026-01-02", [("Ana", 4, 0), ("Bruno", 1, 1), ("Chloé", 2, 0), ("Dan", 3, 0)])
    record(club, "t2", "2026-01-09", [("Ana", 1, 1), ("Bruno", 4, 0), ("Chloé", 2, 0), ("Dan", 3, 0)])
    record(club, "t3", "2026-01-16", [("Ana", 1, 1), ("Bruno", 2, 0), ("Chloé", 4, 0), ("Dan", 3, 0)])
    club.execute({"type": "create_league", "name": "Best2", "formula": "linear", "best": 2})
    rows = {r["name"]: r for r in club.standings("Best2")["standings"]}
    assert rows["Ana"]["points"] == 8 and [d["tournament_id"] for d in rows["Ana"]["dropped"]] == ["t1"]
    assert rows["Bruno"]["points"] == 7 and [d["points"] for d in rows["Bruno"]["dropped"]] == [1]
    assert club.leagues_by_name()["Best2"]["rules"].startswith("The best 2 results of each player count")


def test_level_on_points_the_tie_break_decides_and_says_how(club):
    # Ana and Bruno both 6 points; Ana has a win.
    record(club, "t1", "2026-01-02", [("Ana", 1, 100), ("Bruno", 2, 50), ("Chloé", 3, 0)])
    record(club, "t2", "2026-01-09", [("Bruno", 2, 50), ("Chloé", 1, 100), ("Ana", 3, 0)])
    record(club, "t3", "2026-01-16", [("Bruno", 2, 50), ("Chloé", 3, 0), ("Ana", 2, 0)], name="Side event")
    club.execute({"type": "create_league", "name": "Jan", "formula": "4 - place", "date_to": "2026-01-10"})
    # Same points (Ana 3 + 1 = 4, Bruno 2 + 2 = 4, Chloé 1 + 3 = 4): wins then best place then cashes.
    assert table(club, "Jan") == [(1, "Ana", 4), (1, "Chloé", 4), (3, "Bruno", 4)]
    club.execute({"type": "create_league", "name": "Cash first", "formula": "4 - place", "date_to": "2026-01-10",
                  "tie_break": ["cashes"]})
    assert table(club, "Cash first") == [(1, "Bruno", 4), (2, "Ana", 4), (2, "Chloé", 4)]
    assert club.leagues_by_name()["Jan"]["rules"].endswith(
        "ranked by more wins, then the better best place, then more cashes.")


def test_a_league_counts_by_template_date_range_or_pick(club):
    record(club, "a", "2026-01-02", [("Ana", 1, 100), ("Bruno", 2, 0)])
    record(club, "b", "2026-02-06", [("Bruno", 1, 100), ("Ana", 2, 0)])
    club.execute({"type": "record_tournament", "summary": summary("c", "2026-02-13", [("Ana", 1, 100),
                                                                                     ("Bruno", 2, 0)]),
                  "template": "Friday PKO"})
    club.execute({"type": "create_league", "name": "Feb", "formula": "linear", "date_from": "2026-02-01"})
    club.execute({"type": "create_league", "name": "PKO", "formula": "linear", "template": "Friday PKO"})
    club.execute({"type": "create_league", "name": "Picked", "formula": "linear", "tournaments": ["a", "b"]})
    assert [t["tournament_id"] for t in club.standings("Feb")["tournaments"]] == ["b", "c"]
    assert [t["tournament_id"] for t in club.standings("PKO")["tournaments"]] == ["c"]
    assert [t["tournament_id"] for t in club.standings("Picked")["tournaments"]] == ["a", "b"]


def test_a_night_recorded_again_after_a_correction_replaces_the_first(club):
    record(club, "t1", "2026-01-02", [("Ana", 1, 100), ("Bruno", 2, 0)])
    club.execute({"type": "create_league", "name": "L", "formula": "linear"})
    assert table(club, "L") == [(1, "Ana", 2), (2, "Bruno", 1)]
    result = club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-02",
                                                                           [("Ana", 2, 0), ("Bruno", 1, 100)])})
    assert result["recorded_again"] is True
    assert table(club, "L") == [(1, "Bruno", 2), (2, "Ana", 1)]
    assert len(club.tournaments()) == 1


@pytest.mark.parametrize(("cmd", "code", "words"), [
    ({"formula": "entries - plaec + 1"}, "FORMULA_INVALID", "unknown name 'plaec' at column 11"),
    ({"formula": "linear", "best": 0}, "FIELD_INVALID", "best counts"),
    ({"formula": "linear", "tie_break": ["luck"]}, "FIELD_INVALID", "There is no tie-break 'luck'"),
    ({"formula": "linear", "date_from": "2026-03-01", "date_to": "2026-02-01"}, "FIELD_INVALID", "before it begins"),
    ({"formula": "100 / (place - 3)"}, "FORMULA_INVALID", "division by zero"),
])
def test_a_league_that_could_not_give_points_is_refused_when_written(club, cmd, code, words):
    error = club_refused(club, {"type": "create_league", "name": "Bad", **cmd}, code)
    assert words in error.message


def test_unknown_and_duplicate_leagues_are_refused(club):
    club.execute({"type": "create_league", "name": "Winter", "formula": "linear"})
    club_refused(club, {"type": "create_league", "name": "Winter", "formula": "linear"}, "LEAGUE_EXISTS")
    from tourneydesk.core.protocol.errors import TourneyError

    with pytest.raises(TourneyError) as info:
        club.standings("Summer")
    assert info.value.message == "There is no league 'Summer'; there are: Winter"
