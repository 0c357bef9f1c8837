"""A season end to end: 90 members, 12 nights played by the sim with people coming and going, each night
recorded in the club file, and the league table checked against a tally this test keeps itself from
the tournament files."""

from __future__ import annotations

import random
from pathlib import Path

from tourneydesk.club import ClubService
from tourneydesk.club.results import read_tournament
from tourneydesk.desk import Desk
from tourneydesk.sim import run

FIRST = ["Ana", "Bruno", "Chloé", "Dario", "Élise", "Farid", "Gaëlle", "Hugo", "Inès", "Jules"]
LAST = ["Amarel", "Brisac", "Corvin", "Dulac", "Estran", "Forlan", "Garnier", "Hélary", "Ivanec"]
POOL = [f"{f} {last}" for f in FIRST for last in LAST]  # 90 invented people
BEST = 8


def own_tally(paths: list[Path]) -> dict[str, tuple[int, list[int], int, int]]:
    """name -> (points counted, places, wins, cashes), read from each tournament file as the TD would."""
    nights: dict[str, list[tuple[int, int]]] = {}
    for path in paths:
        desk = Desk.open(path)
        try:
            snap = desk.snapshot()
        finally:
            desk.close()
        entries = snap["counts"]["entries"]
        last_entry = {}
        for e in snap["entries"]:
            last_entry[e["player"]] = e  # in order: the last one wins
        prizes: dict[str, int] = {}
        for e in snap["entries"]:
            prizes[e["player"]] = prizes.get(e["player"], 0) + e["prize"]
        for p in snap["players"]:
            e = last_entry.get(p["id"])
            if e is not None and e["place"] is not None:
                nights.setdefault(p["name"], []).append((entries - e["place"] + 1, e["place"], prizes[p["id"]]))
    out = {}
    for name, results in nights.items():
        points = sum(sorted((r[0] for r in results), reverse=True)[:BEST])
        out[name] = (points, [r[1] for r in results], sum(1 for r in results if r[1] == 1),
                     sum(1 for r in results if r[2] > 0))
    return out


def test_a_season_of_twelve_nights(tmp_path: Path) -> None:
    rng = random.Random(2026)
    club = ClubService.create(tmp_path / "club.tdclub")
    try:
        club.execute({"type": "import_members", "rows": [{"name": n, "member_id": str(100 + i)}
                                                         for i, n in enumerate(POOL)]})
        club.execute({"type": "create_league", "name": "Season", "formula": "entries - place + 1", "best": BEST,
                      "template": "Friday"})
        paths = []
        for night in range(12):
            tonight = rng.sample(POOL, rng.randint(14, 30))  # people come and go
            path = tmp_path / f"night{night + 1:02d}.tdesk"
            report = run(len(tonight), 100 + night, "pko", path, 80, names=tonight)
            assert report["ok"], report["invariants"]
            summary = read_tournament(path)
            result = club.execute({"type": "record_tournament", "summary": summary, "template": "Friday"})
            assert result["members_added"] == 0  # every regular linked by name to their member
            paths.append(path)
        tally = own_tally(paths)
        table = club.standings("Season")
        assert len(table["tournaments"]) == 12
        rows = table["standings"]
        assert {r["name"]: r["points"] for r in rows} == {name: t[0] for name, t in tally.items()}
        # ranked by points, then more wins, then better best place, then more cashes
        expected = sorted(tally, key=lambda n: (-tally[n][0], -tally[n][2], min(tally[n][1]), -tally[n][3]))
        keys = [(-tally[n][0], -tally[n][2], min(tally[n][1]), -tally[n][3]) for n in expected]
        assert [(-r["points"], -r["wins"], r["best_place"], -r["cashes"]) for r in rows] == keys
        for row in rows:
            assert len(row["counted"]) == min(BEST, len(tally[row["name"]][1]))
            assert len(row["counted"]) + len(row["dropped"]) == len(tally[row["name"]][1])
            assert all(d["points"] <= min(c["points"] for c in row["counted"]) for d in row["dropped"])
        ranks = [r["rank"] for r in rows]
        assert ranks[0] == 1
        for number in range(1, len(rows)):  # shared by the level, else its own position
            level = keys[number] == keys[number - 1]
            assert ranks[number] == (ranks[number - 1] if level else number + 1)
        # A member's history is every night they played.
        someone = rows[0]["name"]
        member = next(m for m in club.members() if m.name == someone)
        assert len(club.history(member.member_id)) == len(tally[someone][1])
    finally:
        club.close()
