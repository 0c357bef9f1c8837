"""`tourneydesk club --club FILE ...`: the same refusals as the windows, exit 0, 1 or 2."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from tests.helpers.club import club_cli, members_csv
from tourneydesk.club import ClubService
from tourneydesk.sim import run


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("nights") / "friday.tdesk"
    names = [f"Member {i:03d}" for i in range(1, 25)]
    assert run(len(names), 7, "pko", path, 80, names=names)["ok"]
    return path


def test_import_record_and_standings_from_a_shell(tmp_path, finished, capsys):
    club = tmp_path / "club.tdclub"
    data = tmp_path / "members.csv"
    data.write_text(members_csv(200), encoding="utf-8")
    assert club_cli(club, "members", "import", str(data)) == 0
    assert "200 members added" in capsys.readouterr().out
    before = finished.read_bytes()
    assert club_cli(club, "record", str(finished), "--template", "Friday PKO") == 0
    assert "24 results, 0 new tonight" in capsys.readouterr().out
    assert finished.read_bytes() == before  # the tournament's legal record is read, never written
    assert club_cli(club, "league", "create", "Winter", "--formula", "entries - place + 1", "--best", "10",
                    "--template", "Friday PKO") == 0
    assert "The best 10 results of each player count" in capsys.readouterr().out
    assert club_cli(club, "league", "standings", "Winter", "--json") == 0
    table = json.loads(capsys.readouterr().out)
    points = [r["points"] for r in table["standings"]]
    assert len(points) == 24 and points == sorted(points, reverse=True)
    winner = next(r for r in table["standings"] if r["rank"] == 1)
    entries = table["tournaments"][0]["entries"]
    assert winner["points"] == entries
    assert club_cli(club, "league", "standings", "Winter") == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].startswith("Winter — The best 10 results")
    assert winner["name"] in text


def test_a_refusal_exits_1_with_the_reason_and_a_usage_error_2(tmp_path, capsys):
    club = tmp_path / "club.tdclub"
    assert club_cli(club, "league", "create", "Bad", "--formula", "entries - plaec + 1") == 1
    assert capsys.readouterr().err.strip() == "tourneydesk club: unknown name 'plaec' at column 11"
    assert club_cli(club, "league", "standings", "Nope") == 1
    assert "There is no league 'Nope'" in capsys.readouterr().err
    assert club_cli(club, "record", str(tmp_path / "missing.tdesk")) == 2
    assert club_cli(club, "league", "create", "NoFormula") == 2
    assert club_cli(club, "fly") == 2


def test_a_csv_with_bad_rows_imports_nothing_unless_told(tmp_path, capsys):
    club = tmp_path / "club.tdclub"
    data = tmp_path / "members.csv"
    data.write_text("name,member id\nAna,1\nBruno,1\nChloé,2\n", encoding="utf-8")
    assert club_cli(club, "members", "import", str(data)) == 1
    out = capsys.readouterr()
    assert "row 3: two members have member id 1 (rows 2 and 3)" in out.out
    assert "nothing imported" in out.err
    with ClubService.open(club) as service:
        assert service.members() == []
    assert club_cli(club, "members", "import", str(data), "--skip-bad") == 0
    assert club_cli(club, "members", "import", str(data), "--column", "name=Nope") == 2
    export = tmp_path / "out.csv"
    assert club_cli(club, "members", "export", str(export)) == 0
    today = datetime.date.today().isoformat()
    assert export.read_text(encoding="utf-8").splitlines()[1:] == [f"1,Ana,,,,,{today}", f"2,Chloé,,,,,{today}"]


def test_a_template_is_saved_from_a_tournament(tmp_path, finished, capsys):
    club = tmp_path / "club.tdclub"
    assert club_cli(club, "template", "save", "Friday PKO", str(finished)) == 0
    with ClubService.open(club) as service:
        assert service.templates()["Friday PKO"]["name"] == "Club PKO"


def test_those_new_tonight_are_listed_and_confirmed_from_a_shell(tmp_path, finished, capsys):
    club = tmp_path / "club.tdclub"
    with ClubService.create(club) as service:
        service.execute({"type": "add_member", "name": "Member 001", "member_id": "500"})
    assert club_cli(club, "record", str(finished)) == 0
    assert "24 results, 23 new tonight" in capsys.readouterr().out
    assert club_cli(club, "members", "list") == 0
    assert capsys.readouterr().out.count("Member ") == 1  # the others are not members yet
    assert club_cli(club, "members", "new", "--json") == 0
    waiting = json.loads(capsys.readouterr().out)
    assert len(waiting) == 23 and all(w["nights"] for w in waiting)  # each with the night they played
    first, second = waiting[0]["member_id"], waiting[1]["member_id"]
    assert club_cli(club, "members", "confirm", first, "--name", "Member Zero Two") == 0
    assert "Member Zero Two is a member" in capsys.readouterr().out
    assert club_cli(club, "members", "confirm", first) == 1
    assert "a member already" in capsys.readouterr().err
    assert club_cli(club, "members", "confirm", second, "--same-as", "500") == 0
    assert "1 results moved" in capsys.readouterr().out
    assert club_cli(club, "members", "confirm", second, "--name", "X", "--same-as", "500") == 2
    with ClubService.open(club) as service:
        assert len(service.new_tonight()) == 21
        assert sorted(m.name for m in service.members()) == ["Member 001", "Member Zero Two"]
        assert len(service.history("500")) == 2


def test_publish_needs_a_site_and_a_token(tmp_path, capsys, monkeypatch):
    club = tmp_path / "club.tdclub"
    monkeypatch.delenv("TOURNEYDESK_SYNC_TOKEN", raising=False)
    assert club_cli(club, "publish", "--url", "http://127.0.0.1:9") == 2
    assert "no token" in capsys.readouterr().err
    assert club_cli(club, "publish", "--url", "http://results.example.org", "--token", "t") == 2
    assert "https://" in capsys.readouterr().err
    assert club_cli(club, "publish", "--url", "http://127.0.0.1:9", "--token", "t") == 1  # nobody listens there
    assert "could not be reached" in capsys.readouterr().err
