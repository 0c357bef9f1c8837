"""Member lists as clubs really have them: imported twice, in French with the first name apart, saved by
Excel as "Unicode text", with old Mac line ends, or not a CSV at all; and the export read back by a
spreadsheet, which must never run a cell, and by the club, which must never bring back an erased member."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.helpers.club import club_cli, members_csv, summary
from tourneydesk.club import ClubService
from tourneydesk.core.protocol.errors import TourneyError

WITHOUT_IDS = "Name;Email\nChloé Lefèvre;chloe@example.org\nMarc Martin;\nAna Silva;ana@example.org\n"


def imported(club: ClubService, data: bytes | str) -> dict[str, int]:
    preview = club.preview_csv(data)
    assert preview.problems == []
    return club.execute({"type": "import_members", "rows": preview.rows})


def test_a_list_imported_twice_adds_nobody_and_the_next_night_finds_them(club: ClubService) -> None:
    assert imported(club, WITHOUT_IDS) == {"added": 3, "updated": 0, "unchanged": 0}
    assert imported(club, WITHOUT_IDS) == {"added": 0, "updated": 0, "unchanged": 3}
    # the same list with a phone given fills in that member, and only that one
    again = WITHOUT_IDS.replace("Marc Martin;", "Marc Martin;marc@example.org")
    assert imported(club, again) == {"added": 0, "updated": 1, "unchanged": 2}
    assert [m.name for m in club.members()] == ["Ana Silva", "Chloé Lefèvre", "Marc Martin"]
    assert club.find("marc")[0].email == "marc@example.org"
    # a night with them: each is the member they are, nobody waits as someone new
    club.execute({"type": "record_tournament", "summary": summary(
        "t1", "2026-01-09", [("Chloé Lefèvre", 1, 5000), ("Marc Martin", 2, 0), ("Ana Silva", 3, 0)])})
    assert club.new_tonight() == []
    # someone new tonight who is then on the club's list becomes that member, not a second one
    club.execute({"type": "record_tournament", "summary": summary(
        "t2", "2026-01-16", [("Bruno Costa", 1, 5000), ("Ana Silva", 2, 0)])})
    assert [w["member"].name for w in club.new_tonight()] == ["Bruno Costa"]
    assert imported(club, "Name\nBruno Costa\n") == {"added": 0, "updated": 1, "unchanged": 0}
    assert club.new_tonight() == [] and len(club.members()) == 4


def test_a_name_two_members_share_is_refused_without_a_member_id(club: ClubService) -> None:
    club.execute({"type": "add_member", "name": "Marc Martin", "member_id": "1"})
    club.execute({"type": "add_member", "name": "Marc Martin", "member_id": "2"})
    with pytest.raises(TourneyError) as refused:
        club.execute({"type": "import_members", "rows": [{"row": 2, "name": "Marc Martin", "email": "m@x.org"}]})
    assert refused.value.message == ("row 2: Marc Martin is 2 members already (1, 2): give the row the member id of "
                                     "the one it is")


def test_a_french_list_puts_the_first_name_before_the_family_name(club: ClubService) -> None:
    preview = club.preview_csv("Nom;Prénom;Courriel\nLefèvre;Chloé;c@example.org\nMartin;Marc;\n".encode("cp1252"))
    assert preview.mapping["name"] == [1, 0]
    assert [r["name"] for r in preview.rows] == ["Chloé Lefèvre", "Marc Martin"]
    # a full name beside a first name stays the name
    preview = club.preview_csv("Nom complet;Prénom\nChloé Lefèvre;Chloé\n")
    assert preview.mapping["name"] == 0


def test_excels_unicode_text_and_an_old_macs_line_ends_are_read(club: ClubService) -> None:
    unicode_text = "Name\tPhone\r\nSøren Ødegård\t+45 12\r\nŁukasz Żak\t\r\n".encode("utf-16")  # BOM, tabs
    assert [r["name"] for r in club.preview_csv(unicode_text).rows] == ["Søren Ødegård", "Łukasz Żak"]
    no_mark = "Name;Phone\nChloé;1\n".encode("utf-16-le")
    assert [r["name"] for r in club.preview_csv(no_mark).rows] == ["Chloé"]
    mac = b"Name;Email\rChlo\xe9 Lef\xe8vre;c@example.org\rMarc Martin;\r"
    assert [r["name"] for r in club.preview_csv(mac).rows] == ["Chloé Lefèvre", "Marc Martin"]


@pytest.mark.parametrize(("data", "words"), [
    (b"Name;Notes\nChlo\xc3\xa9;\"" + b"x" * 200_000 + b"\"\n", "row 2: a cell of 128 KB or more"),
    (b"Name;Notes\nChlo\xc3\xa9;\"" + b"x" * 20_000 + b"\"\n", "row 2: a cell of 19 KB or more"),
    (b"PK\x03\x04\x14\x00\x06\x00" + bytes(range(256)) * 4, "a spreadsheet's own file (.xlsx, .ods or .xls)"),
    (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "The file is not text"),
    (b"\xff\xfeN\x00a\x00m\x00e\x00\n\x00\x00\xd8", "The file begins as UTF-16 text but is not"),
])
def test_a_file_that_is_no_member_list_is_refused_naming_the_problem(club: ClubService, data: bytes,
                                                                     words: str) -> None:
    with pytest.raises(TourneyError) as refused:
        club.preview_csv(data)
    assert words in refused.value.message


def test_the_shell_refuses_a_binary_file_in_words_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                                               ) -> None:
    picture = tmp_path / "members.csv"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    assert club_cli(tmp_path / "club.tdclub", "members", "import", str(picture)) == 1
    err = capsys.readouterr().err
    assert err.startswith("tourneydesk club: The file is not text") and "Traceback" not in err


FORMULAS = ['=HYPERLINK("http://evil.example","click")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "=1+2"]


def test_the_export_never_hands_a_spreadsheet_a_formula_and_reads_back_the_same(club: ClubService,
                                                                                tmp_path: Path) -> None:
    club.execute({"type": "add_member", "name": FORMULAS[0], "member_id": "1", "nickname": FORMULAS[1]})
    club.execute({"type": "add_member", "name": "Chloé Lefèvre", "member_id": "2", "notes": FORMULAS[2],
                  "phone": "+33 6 12 34 56 78"})
    club.execute({"type": "add_member", "name": "Marc Martin", "member_id": "3", "notes": FORMULAS[3],
                  "email": "'=quoted@example.org"})
    exported = club.export_csv()
    cells = [cell for row in csv.reader(io.StringIO(exported.text)) for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@")]
    assert f"'{FORMULAS[0]}" in cells and "'+33 6 12 34 56 78" in cells and "''=quoted@example.org" in cells
    assert exported.escaped == 6 and exported.members == 3
    other = ClubService.create(tmp_path / "other.tdclub")
    try:
        assert imported(other, exported.text) == {"added": 3, "updated": 0, "unchanged": 0}
        assert [m.to_dict() | {"handle": None} for m in other.members()] == \
            [m.to_dict() | {"handle": None} for m in club.members()]
    finally:
        other.close()


def test_the_export_leaves_out_the_erased_and_counts_its_rows(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    path, data, out = tmp_path / "club.tdclub", tmp_path / "members.csv", tmp_path / "out.csv"
    data.write_text(members_csv(20), encoding="utf-8")
    assert club_cli(path, "members", "import", str(data)) == 0
    with ClubService.open(path) as club:
        club.execute({"type": "erase_member", "member": "1003"})
        club.execute({"type": "merge_members", "member": "1004", "into": "1005"})
        club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-09", [("Newcomer", 1, 0)])})
    capsys.readouterr()
    assert club_cli(path, "members", "export", str(out)) == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert capsys.readouterr().out.startswith(f"{len(rows)} members written to {out}")
    assert len(rows) == 18
    assert {"Erased member", "Member 003", "Member 004", "Newcomer"}.isdisjoint(r["name"] for r in rows)
    # an unchanged list read back changes nothing, and says so
    assert club_cli(path, "members", "import", str(out)) == 0
    assert "0 members added, 0 updated, 18 already as written" in capsys.readouterr().out
    with ClubService.open(path) as club:
        assert club.member("1003").erased and len(club.members()) == 18


def test_a_member_is_added_corrected_merged_and_erased_from_a_shell(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.tdclub"
    assert club_cli(path, "members", "add", "Chloé Lefèvre", "--email", "c@example.org") == 0
    assert club_cli(path, "members", "add", "Chloe L.", "--member-id", "77", "--phone", "+33 6 11") == 0
    assert capsys.readouterr().out.splitlines() == ["Chloé Lefèvre added: member TD-1", "Chloe L. added: member 77"]
    assert club_cli(path, "members", "edit", "TD-1", "--nickname", "Chlo", "--email", "") == 0
    assert capsys.readouterr().out.strip() == "Chloé Lefèvre (TD-1) corrected: email, nickname"
    assert club_cli(path, "members", "merge", "77", "--into", "TD-1") == 0
    assert "77 merged into TD-1" in capsys.readouterr().out
    with ClubService.open(path) as club:
        kept = club.member("77")
        assert (kept.member_id, kept.nickname, kept.email, kept.phone) == ("TD-1", "Chlo", None, "+33 6 11")
    assert club_cli(path, "members", "erase", "TD-1") == 2  # it cannot be undone: the shell asks for --yes
    assert "add --yes" in capsys.readouterr().err
    assert club_cli(path, "members", "erase", "TD-1", "--yes") == 0
    with ClubService.open(path) as club:
        assert club.member("TD-1").erased and club.members() == []
    assert club_cli(path, "members", "merge", "TD-1", "--into", "TD-1") == 1
    assert club_cli(path, "members", "erase", "404", "--yes") == 1
    assert capsys.readouterr().err.splitlines()[-1] == "tourneydesk club: There is no member 404"
