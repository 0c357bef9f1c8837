"""A night's result stays with the right person: a member id typed at the cashier that is another member's in
the club is never taken silently, and the club's own numbers never meet the ones people type."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.club import club_cli, club_refused, summary
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.sim import run

NIGHT = [("Marc Martin", 1, 6000), ("Marc Martin", 2, 3000), ("Ana Silva", 3, 0)]


def league_nights(club: ClubService, name: str) -> int:
    return len(club.history(next(m.member_id for m in club.members(hidden=True) if m.name == name)))


def test_a_typed_member_id_of_another_name_is_asked_about_then_kept_apart(club: ClubService) -> None:
    # The club gave Chloé a number on an earlier night; at the cashier two Marc Martins were told apart by
    # the numbers on their cards.
    club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-02", [("Chloé Lefèvre", 1, 0)])})
    (chloe,) = [w["member"] for w in club.new_tonight()]
    assert chloe.member_id == "TD-1"  # never a bare "1", which the cashier types for the first Marc
    club.execute({"type": "confirm_member", "member": chloe.member_id})
    club.execute({"type": "add_member", "name": "Bruno Costa", "member_id": "12"})
    night = summary("t2", "2026-01-09", NIGHT, member_ids={})
    night["results"][0]["member_id"], night["results"][1]["member_id"] = "12", "1"
    error = club_refused(club, {"type": "record_tournament", "summary": night}, "MEMBER_ID_CLASH")
    assert error.message == ("member id 12 was typed for Marc Martin, but in the club it is Bruno Costa's: say "
                             "whether each is that member or someone new tonight")
    assert error.params["clashes"] == [{"member_id": "12", "name": "Marc Martin", "member_name": "Bruno Costa"}]
    # the TD says that player is someone new: the first Marc is new tonight with a number of the club's
    # own, the second keeps the number typed for him; Bruno's history is his alone
    result = club.execute({"type": "record_tournament", "summary": night, "member_ids": {"12": "new"}})
    assert result["members_added"] == 3
    waiting = sorted((w["member"].name, w["member"].member_id) for w in club.new_tonight())
    assert waiting == [("Ana Silva", "TD-3"), ("Marc Martin", "1"), ("Marc Martin", "TD-2")]
    assert league_nights(club, "Bruno Costa") == 0 and league_nights(club, "Chloé Lefèvre") == 1
    # recorded again (an undo at the console, say), each keeps the member they were given: no question twice
    night["seq"] = 11
    assert club.execute({"type": "record_tournament", "summary": night})["members_added"] == 0
    assert len(club.new_tonight()) == 3


def test_a_typed_member_id_said_to_be_that_member_links_them(club: ClubService) -> None:
    club.execute({"type": "add_member", "name": "Chloé Lefèvre", "nickname": "Chlo", "member_id": "12"})
    club.execute({"type": "add_member", "name": "Zoé Durand", "member_id": "13"})
    night = summary("t1", "2026-01-09", [("Chlo", 1, 6000), ("chloe lefevre", 2, 0), ("Zoé Martin", 3, 0)])
    for person, member_id in zip(night["results"], ("12", "12", "13"), strict=True):
        person["member_id"] = member_id
    # her nickname and her name without accents are hers; Zoé, married since, is asked about
    club_refused(club, {"type": "record_tournament", "summary": night}, "MEMBER_ID_CLASH")
    club.execute({"type": "record_tournament", "summary": night, "member_ids": {"13": "same"}})
    assert league_nights(club, "Zoé Durand") == 1 and club.new_tonight() == []
    club_refused(club, {"type": "record_tournament", "summary": night, "member_ids": {"13": "maybe"}},
                 "FIELD_INVALID")


@pytest.fixture(scope="module")
def two_marcs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("nights") / "friday.tdesk"
    assert run(6, 3, "pko", path, 60, names=["Marc Martin", "Chloé Lefèvre", "Ana Silva", "Bruno Costa",
                                              "Dario Dulac", "Élise Estran"])["ok"]
    return path


def test_the_shell_refuses_naming_both_and_takes_the_answer(tmp_path: Path, two_marcs: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    desk = Desk.open(two_marcs)
    player = next(p["id"] for p in desk.snapshot()["players"] if p["name"] == "Marc Martin")
    desk.execute({"type": "edit_player", "player": player, "member_id": "1"})  # typed at the cashier
    desk.close()
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "add_member", "name": "Chloé Lefèvre", "member_id": "1"})
    assert club_cli(path, "record", str(two_marcs)) == 1
    err = capsys.readouterr().err
    assert "member id 1 was typed for Marc Martin, but in the club it is Chloé Lefèvre's" in err
    assert "--new MEMBER_ID: someone new tonight" in err
    assert club_cli(path, "record", str(two_marcs), "--new", "1") == 0
    with ClubService.open(path) as club:
        assert league_nights(club, "Chloé Lefèvre") == 1  # her own night only: she played too
        assert [w["member"].member_id for w in club.new_tonight() if w["member"].name == "Marc Martin"] != ["1"]


def test_two_namesakes_tonight_are_never_both_given_the_one_member_of_that_name(club: ClubService) -> None:
    # Marc Martin has played before; tonight two Marc Martins played, neither picked from the club's list at
    # the cashier: the club cannot tell which (if either) is the member, so neither result lands on him.
    club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-02", [("Marc Martin", 1, 0)])})
    club.execute({"type": "create_league", "name": "Winter", "formula": "entries - place + 1"})
    night = summary("t2", "2026-01-09", NIGHT)
    club.execute({"type": "record_tournament", "summary": night})
    table = club.standings("Winter")
    marcs = [row for row in table["standings"] if row["name"] == "Marc Martin"]
    assert sorted(row["played"] for row in marcs) == [1, 1, 1]  # three people, a night each: none with two
    assert len({table["member_ids"][row["handle"]] for row in marcs}) == 3  # told apart by the club's numbers
