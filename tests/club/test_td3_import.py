"""A club's TD3 history brought over: a season's folder of saves, in any order and any version, each file
said; the same person, night, structure and league found again rather than added twice; the league's TD3
formula giving the points a tally kept here gives from the nights as they were played."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from tests.helpers.club import club_cli, club_refused, summary
from tests.helpers.td3_saves import Bust, Night, Person, td3_save
from tourneydesk.club import ClubService
from tourneydesk.club.td3 import read_td3
from tourneydesk.core.protocol.errors import TourneyError

PEOPLE = [Person(n) for n in ("Ana V", "Bruno K", "Chloé D", "Dario M", "Élise R", "Farid B", "Gaëlle T",
                              "Hugo P", "Inès L", "Jules F")]
# The club's formula, as a TD3 club writes one: the top third scores by the field and the money, the rest 1.
FORMULA = """assign("points", 1)
assign("top", round(n / 3))
assign("monies", totalBuyinsAmount + totalRebuysAmount + totalAddOnsAmount)
assign("avg", monies / buyins)
IF (r <= top, assign("points", round(10 * sqrt(n) / sqrt(r) * (1 + log(avg))) + nh * 5))"""


def season() -> list[tuple[Night, str]]:
    """Four finished nights of the 2025 season (each in another version of TD3) and one left unfinished."""
    rng = random.Random(7)
    nights = []
    for number, version in enumerate(("3.0", "3.4.3", "3.7.1", "3.7.2"), start=1):
        there = rng.sample(PEOPLE, 6 + number)
        names = [p.nickname for p in there]
        busts, minute = [], 10.0
        for victim in names[1:][::-1]:
            killer = rng.choice([n for n in names if n != victim and n not in [b.victim for b in busts if not b.again]])
            again = "rebuy" if minute < 40 and rng.random() < 0.4 else None
            busts.append(Bust(victim, (killer,), minute, again=again))
            if again:
                minute += 5
                busts.append(Bust(victim, (names[0],), minute))
            minute += 12
        nights.append((Night(f"Club Poker 2025-0{number}-07", f"2025-0{number}-07", there, busts,
                             formula=FORMULA, fee=20, rebuy_fee=20, add_ons={names[1]: 1},
                             add_on_fee=10), version))
    unfinished = Night("Club Poker 2025-05-07", "2025-05-07", PEOPLE[:5], [Bust("Ana V", ("Bruno K",), 15)],
                       formula=FORMULA, fee=20, finished=False)
    return [*nights, (unfinished, "3.7.2")]


def tally(nights: list[Night]) -> dict[str, float]:
    """The points the formula gives, worked out here from how each night went (not by the club's code)."""
    total: dict[str, float] = {}
    for night in nights:
        final_busts = [b for b in night.busts if not b.again]
        out = [b.victim for b in final_busts]
        ranked = [p.nickname for p in night.people if p.nickname not in out] + out[::-1]
        hits: dict[str, int] = {}
        for bust in night.busts:
            for killer in bust.by:
                hits[killer] = hits.get(killer, 0) + 1
        rebuys = sum(1 for b in night.busts if b.again)
        n, players = len(night.people) + rebuys, len(night.people)
        monies = night.fee * players + night.rebuy_fee * rebuys + night.add_on_fee * sum(night.add_ons.values())
        for r, name in enumerate(ranked, start=1):
            points = 1.0
            if r <= math.floor(n / 3 + 0.5):
                points = math.floor(10 * math.sqrt(n) / math.sqrt(r) * (1 + math.log(monies / players)) + 0.5) \
                    + hits.get(name, 0) * 5
            total[name] = total.get(name, 0.0) + points
    return total


def write_season(folder: Path) -> list[Night]:
    folder.mkdir()
    nights = season()
    for night, version in nights:
        (folder / f"{night.day}.tdt").write_bytes(td3_save(night, version))
    return [n for n, _ in nights if n.finished]


def points_table(club: ClubService, league: str) -> dict[str, float]:
    return {row["name"]: row["points"] for row in club.standings(league)["standings"]}


def test_a_seasons_folder_comes_over_in_one_go_with_a_report_per_file(tmp_path, capsys):
    nights = write_season(tmp_path / "2025")
    (tmp_path / "2025" / "notes.txt").write_text("not a save")
    path = tmp_path / "club.tdclub"
    assert club_cli(path, "td3", str(tmp_path / "2025"), "--leagues", "--currency", "SEK") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("2025-01-07.tdt (TD3 3.0): night Club Poker 2025-01-07 recorded; 7 members added")
    assert "template Club Poker; payout profile Club Poker 3 paid; league Club 2025" in out[0]
    assert out[1].startswith("2025-02-07.tdt (TD3 3.4.3): night Club Poker 2025-02-07 recorded")
    assert out[4].startswith("2025-05-07.tdt (TD3 3.7.2): no night; 0 members added")  # why: under Problems
    assert out[5] == "Not points formulas (event triggers and screen layouts), skipped: 4"
    assert out[-1] == "Imported: 5 files, 4 nights, 10 members added, 0 filled in, 1 template, 1 league"
    with ClubService.open(path) as club:
        assert len(club.members()) == 10
        assert [t["name"] for t in club.tournaments()] == [n.title for n in nights]
        assert {t["currency"] for t in club.tournaments()} == {"SEK"}
        assert points_table(club, "Club 2025") == pytest.approx(tally(nights))
        assert club.leagues_by_name()["Club 2025"]["language"] == "td3"


def test_a_dry_run_says_the_same_file_by_file_and_writes_nothing(tmp_path, capsys):
    write_season(tmp_path / "2025")
    path = tmp_path / "club.tdclub"
    assert club_cli(path, "td3", str(tmp_path / "2025"), "--dry-run") == 0
    dry = capsys.readouterr().out.splitlines()
    assert not path.exists()  # not even an empty club file
    assert club_cli(path, "members", "list") == 0
    capsys.readouterr()
    with ClubService.open(path) as club:
        club.file.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    assert club_cli(path, "td3", str(tmp_path / "2025"), "--dry-run") == 0
    assert capsys.readouterr().out.splitlines() == dry
    assert path.read_bytes() == before
    assert dry[0] == "Dry run: the club file is not changed."
    assert dry[-1].startswith("Would import: 5 files, 4 nights, 10 members added")
    assert club_cli(path, "td3", str(tmp_path / "2025")) == 0
    real = capsys.readouterr().out.splitlines()
    assert real[:-1] == dry[1:-1]


def test_saves_imported_again_or_one_by_one_add_nobody_twice(tmp_path, capsys):
    nights = write_season(tmp_path / "2025")
    files = sorted((tmp_path / "2025").iterdir())
    together, one_by_one = tmp_path / "together.tdclub", tmp_path / "one.tdclub"
    assert club_cli(together, "td3", *map(str, files), "--leagues") == 0
    assert club_cli(together, "td3", *map(str, files), "--leagues") == 0
    out = capsys.readouterr().out.splitlines()
    again = out[out.index(next(line for line in out if line.startswith("Imported:"))) + 1:]
    assert all(" recorded again; 0 members added, 0 filled in;" in line for line in again[:4])
    assert again[-1] == "Imported: 5 files, 4 nights, 0 members added, 0 filled in, 1 template, 1 league"
    random.Random(3).shuffle(files)
    for file in files:  # a season's saves brought one at a time, in any order
        assert club_cli(one_by_one, "td3", str(file), "--leagues") == 0
    with ClubService.open(together) as a, ClubService.open(one_by_one) as b:
        assert len(a.members()) == len(b.members()) == 10
        assert len(a.tournaments()) == len(b.tournaments()) == 4
        assert points_table(a, "Club 2025") == points_table(b, "Club 2025") == pytest.approx(tally(nights))
        assert [league["name"] for league in b.leagues()] == ["Club 2025"]
        assert list(b.templates()) == ["Club Poker"]


def test_a_person_is_found_by_td3s_uuid_then_by_name(tmp_path, capsys):
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "add_member", "name": "Chloé D", "email": "chloe@example.org"})
    two_chloes = [Person("Chloé D"), Person("Chloé D", uuid="another-chloe"), Person("Ana V")]
    first = Night("Night A", "2025-01-07", two_chloes[::2], [Bust("Ana V", ("Chloé D",), 30)])
    second = Night("Night B", "2025-01-14", two_chloes[1:], [Bust("Chloé D", ("Ana V",), 30)])
    for night in (first, second):
        (tmp_path / f"{night.title}.tdt").write_bytes(td3_save(night))
    assert club_cli(path, "td3", str(tmp_path / "Night A.tdt"), str(tmp_path / "Night B.tdt")) == 0
    assert "Night A recorded; 1 member added, 1 filled in" in capsys.readouterr().out
    with ClubService.open(path) as club:
        chloes = [m for m in club.members() if m.name == "Chloé D"]
        # The club's Chloé is TD3's first one (by name: she had no TD3 UUID yet); the second UUID is someone else.
        assert [(m.email, m.td3_uuid) for m in chloes] == [("chloe@example.org", two_chloes[0].uuid),
                                                            (None, "another-chloe")]
        assert [h["tournament"] for h in club.history(chloes[0].member_id)] == ["Night A"]


def test_adjustments_from_td3_and_the_clubs_own_show_in_the_standings(tmp_path, capsys):
    path = tmp_path / "club.tdclub"
    people = PEOPLE[:4]
    night = Night("Club Poker 2025-03-07", "2025-03-07", people, [
        Bust("Dario M", ("Ana V",), 20), Bust("Chloé D", ("Ana V",), 40), Bust("Bruno K", ("Ana V",), 60)],
        formula='assign("points", n - r + 1)', points_adjustment={"Bruno K": 5})
    (tmp_path / "n.tdt").write_bytes(td3_save(night))
    assert club_cli(path, "td3", str(tmp_path / "n.tdt"), "--leagues") == 0
    with ClubService.open(path) as club:
        ids = {m.name: m.member_id for m in club.members()}
        tid = club.tournaments()[0]["tournament_id"]
    assert club_cli(path, "league", "adjust", "Club 2025", ids["Dario M"], "10", "--reason", "volunteered") == 0
    assert club_cli(path, "league", "adjust", "Club 2025", ids["Ana V"], "-2", "--night", tid) == 0
    capsys.readouterr()
    with ClubService.open(path) as club:
        rows = {row["name"]: row for row in club.standings("Club 2025")["standings"]}
        assert {name: row["points"] for name, row in rows.items()} == {
            "Ana V": 4 - 2, "Bruno K": 3 + 5, "Chloé D": 2, "Dario M": 1 + 10}
        assert rows["Bruno K"]["counted"][0]["adjustment"] == 5
        assert rows["Dario M"]["adjustments"] == [{"points": 10, "tournament_id": None, "reason": "volunteered"}]
        assert [row["name"] for row in club.standings("Club 2025")["standings"]] == \
               ["Dario M", "Bruno K", "Ana V", "Chloé D"]
        club_refused(club, {"type": "adjust", "league": "Club 2025", "member": ids["Ana V"], "points": 0},
                     "FIELD_INVALID")
        club_refused(club, {"type": "adjust", "league": "Club 2025", "member": ids["Ana V"], "points": 3,
                            "tournament_id": "td3:elsewhere"}, "FIELD_INVALID")
    assert club_cli(path, "td3", str(tmp_path / "n.tdt"), "--leagues") == 0  # the save again: TD3's +5 once
    assert club_cli(path, "league", "standings", "Club 2025") == 0
    table = capsys.readouterr().out
    assert "Dario M                            11       10" in table
    assert "Bruno K                             8        5" in table


def test_a_league_of_chosen_members_ranks_its_guests_or_leaves_them_out(tmp_path, capsys):
    path = tmp_path / "club.tdclub"
    night = Night("Club Poker 2025-03-07", "2025-03-07", PEOPLE[:4], [
        Bust("Dario M", ("Ana V",), 20), Bust("Chloé D", ("Ana V",), 40), Bust("Bruno K", ("Ana V",), 60)])
    (tmp_path / "n.tdt").write_bytes(td3_save(night))
    assert club_cli(path, "td3", str(tmp_path / "n.tdt")) == 0
    with ClubService.open(path) as club:
        ids = {m.name: m.member_id for m in club.members()}
    # TD3's league variables: a member's rank among the members there, and how many there were.
    assert club_cli(path, "league", "create", "Members", "--language", "td3", "--formula",
                    "if(inLeague, nm - leagueRank + 1, 0)", "--members", f"{ids['Ana V']},{ids['Chloé D']}",
                    "--guests", "unranked") == 0
    with ClubService.open(path) as club:
        assert points_table(club, "Members") == {"Ana V": 2, "Chloé D": 1}
    assert club_cli(path, "league", "members", "Members", "--add", ids["Dario M"], "--guests", "ranked") == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Members counts 3 chosen members; guests ranked"
    with ClubService.open(path) as club:
        rows = club.standings("Members")["standings"]
        assert [(r["name"], r["points"], r["guest"]) for r in rows] == [
            ("Ana V", 3, False), ("Chloé D", 2, False), ("Dario M", 1, False), ("Bruno K", 0, True)]


def test_structures_payout_tables_and_fee_profiles_are_listed_with_their_levels(tmp_path, capsys):
    path = tmp_path / "club.tdclub"
    base = Night("Club Poker 20250307", "2025-03-07", PEOPLE[:3], [Bust("Chloé D", ("Ana V",), 20),
                                                                    Bust("Bruno K", ("Ana V",), 40)], rake=20)
    turbo = Night("Club Poker 20250314", "2025-03-14", PEOPLE[:3], base.busts, rake=20,
                  levels=[(50, 100, 0), (100, 200, 0), "break", (200, 400, 200)])
    for night in (base, turbo, Night("Club Poker 20250321", "2025-03-21", PEOPLE[:3], base.busts, rake=20)):
        (tmp_path / f"{night.day}.tdt").write_bytes(td3_save(night))
    assert club_cli(path, "td3", str(tmp_path / "2025-03-07.tdt"), str(tmp_path / "2025-03-14.tdt"),
                    str(tmp_path / "2025-03-21.tdt")) == 0
    capsys.readouterr()
    assert club_cli(path, "template", "list", "--json") == 0
    listing = json.loads(capsys.readouterr().out)
    assert [t["name"] for t in listing["templates"]] == ["Club Poker", "Club Poker (2)"]
    assert listing["templates"][1]["levels"] == [
        {"small_blind": 50, "big_blind": 100, "ante": 0, "ante_kind": "none", "minutes": 20},
        {"small_blind": 100, "big_blind": 200, "ante": 0, "ante_kind": "none", "minutes": 20},
        {"break_minutes": 10, "color_up": []},
        {"small_blind": 200, "big_blind": 400, "ante": 200, "ante_kind": "classic", "minutes": 20}]
    assert listing["templates"][0]["buy_in"] == {"prize": 20000, "bounty": 0, "fee": 2000}
    assert listing["payout_profiles"] == [{"name": "Club Poker 3 paid", "places": [5000, 3000, 2000]}]
    assert [b["name"] for b in listing["buy_ins"]] == ["Master", "Late", "Standard", "Double"]
    assert club_cli(path, "template", "list") == 0
    assert capsys.readouterr().out.splitlines()[0] == \
        "Club Poker: 9 levels from 25/50 to 1000/2000, 2 breaks, 10000 chips, buy-in 220 EUR"
    with ClubService.open(path) as club:
        made_from = {t["name"]: t["template"] for t in club.tournaments()}
    assert made_from == {"Club Poker 20250307": "Club Poker", "Club Poker 20250314": "Club Poker (2)",
                         "Club Poker 20250321": "Club Poker"}  # a league by template counts each


def test_an_erased_member_stays_erased_when_the_saves_come_again(tmp_path):
    write_season(tmp_path / "2025")
    path = tmp_path / "club.tdclub"
    assert club_cli(path, "td3", str(tmp_path / "2025")) == 0
    with ClubService.open(path) as club:
        ana = next(m for m in club.members() if m.name == "Ana V")
        club.execute({"type": "erase_member", "member": ana.member_id})
    assert club_cli(path, "td3", str(tmp_path / "2025")) == 0
    with ClubService.open(path) as club:
        assert "Ana V" not in [m.name for m in club.members(hidden=True)]
        assert len(club.members()) == 9
        rows = club.file.rows("SELECT DISTINCT name FROM results WHERE member = ?", (ana.id,))
        assert [r["name"] for r in rows] == ["Erased member"]


def test_a_night_played_here_counts_in_a_td3_league_as_well(club):
    club.execute({"type": "record_tournament", "summary": {
        **summary("t1", "2026-01-09", [("Ana V", 1, 6000), ("Bruno K", 2, 3000), ("Chloé D", 3, 0)]),
        "rebuys": 2, "buy_ins_amount": 5400, "rebuys_amount": 3600, "fee": 200}})
    club.execute({"type": "create_league", "name": "Kept", "language": "td3",
                  "formula": 'assign("points", n - r + 1)\nassign("points", points + totalRebuysAmount / 36)'})
    # n counts the entries and the rebuys: 3 + 2; the rebuys put 36.00 into the pool
    assert points_table(club, "Kept") == {"Ana V": 6, "Bruno K": 5, "Chloé D": 4}
    club_refused(club, {"type": "create_league", "name": "Live", "language": "td3",
                        "formula": "isRound and (ante = 25)"}, "FORMULA_NOT_POINTS")


def test_a_league_in_td3s_language_stays_on_the_laptop_when_the_leagues_are_published(club):
    from tourneydesk.club.publish import club_document

    club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-09", [("Ana V", 1, 6000)])})
    club.execute({"type": "create_league", "name": "Ours", "formula": "linear"})
    club.execute({"type": "create_league", "name": "From TD3", "language": "td3", "formula": "totalCost - take"})
    assert [league["name"] for league in club_document(club)["leagues"]] == ["Ours"]


def test_a_dry_run_lists_file_by_file_what_could_not_come_over_in_a_problems_section(tmp_path, capsys):
    folder = tmp_path / "2025"
    folder.mkdir()
    people = PEOPLE[:3]
    busts = [Bust("Chloé D", ("Ana V",), 20), Bust("Bruno K", ("Ana V",), 40)]
    (folder / "a.tdt").write_bytes(td3_save(Night("Club 2025-03-07", "2025-03-07", people, busts,
                                                  formula="n * bonus(r)")))
    (folder / "b.tdt").write_bytes(td3_save(Night("Club 2025-04-04", "2025-04-04", people, busts[:1],
                                                  finished=False)))
    (folder / "c.tdt").write_bytes(td3_save(Night("Club 2025-05-02", "2025-05-02", people, busts, high_hand=50,
                                                  bounty_chip=5, prizes=[60, 40])))
    (folder / "d.tdt").write_bytes(td3_save(Night("Club 2025-06-06", "2025-06-06", people, busts)))
    assert club_cli(tmp_path / "club.tdclub", "td3", str(folder), "--dry-run") == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index("Problems: what could not come over (4)")
    assert out[start + 1:start + 5] == [
        "    a.tdt: The points formula is not brought over: there is no function 'bonus' at column 5",
        "    b.tdt: No night is recorded: the tournament is not finished (2 players still in)",
        "    c.tdt: Prizes not for a place (a high hand, a bonus) are not brought over (1): a payout profile pays "
        "places only",
        "    c.tdt: The bounties won are not brought over: TD3 keeps bounty chips, not the money each player won; "
        "they count as 0"]
    assert out[start + 5].startswith("Would import: 4 files, 3 nights")  # d.tdt came whole: nothing to say
    assert not (tmp_path / "club.tdclub").exists()


def test_names_that_are_not_texts_with_title_and_count_are_refused_and_nothing_is_written(tmp_path):
    night = Night("Club 2025-03-07", "2025-03-07", PEOPLE[:2], [Bust("Bruno K", ("Ana V",), 20)])
    saves = [{**read_td3(td3_save(night)).to_dict(), "file": "a.tdt"}]
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        for names in ({"payout_profile": "{title} {places}"}, {"colour": "x"}, {"league": ""}):
            with pytest.raises(TourneyError) as refused:
                club.execute({"type": "import_td3", "saves": saves, "names": names})
            assert refused.value.params["field"] == "names"
        assert club.members() == [] and club.payout_profiles() == []
