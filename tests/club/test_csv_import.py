"""Members from a spreadsheet: the columns guessed and shown, each bad row reported, nothing written
before the TD confirms; and back out to CSV."""

from __future__ import annotations

from tests.helpers.club import club_refused, members_csv
from tourneydesk.club import csv_import


def test_two_hundred_members_are_previewed_then_imported(club):
    preview = club.preview_csv(members_csv(200).encode("utf-8"))
    assert preview.mapping == {"name": 1, "nickname": 2, "member_id": 0, "email": 3, "phone": 4, "joined": 5}
    assert len(preview.rows) == 200 and preview.problems == []
    assert club.members() == []  # a preview writes nothing
    assert club.execute({"type": "import_members", "rows": preview.rows}) == {"added": 200, "updated": 0,
                                                                              "unchanged": 0}
    member = club.member("1014")
    assert (member.name, member.email, member.joined) == ("Member 014", "m14@example.org", "2025-09-01")
    assert [m.member_id for m in club.find("member 014")] == ["1014"]


def test_each_bad_row_is_reported_by_its_spreadsheet_row_number(club):
    club.execute({"type": "add_member", "name": "Ana Silva", "member_id": "77"})
    text = "\n".join([
        "name,member id,email,joined",
        "Chloé Lefèvre,1203,c@example.org,2025-01-05",  # row 2
        ",1204,,",  # row 3: no name
        "Marc Martin,1203,,",  # row 4: the same member id as row 2
        "Zoé Durand,1205,,last year",  # row 5: not a date
        "Bruno Costa,77,,",  # row 6: Ana's member id
        "Ana Silva,77,ana@example.org,",  # row 7: Ana herself: her email is added
        "",
        "Léa Roux,1206,,",  # row 9
    ])
    preview = club.preview_csv(text)
    assert preview.problems == [
        "row 3: The name is empty",
        "row 4: two members have member id 1203 (rows 2 and 4)",
        "row 5: The joined must be a date like 2026-12-01, not 'last year'",
        "row 6: member id 77 is already Ana Silva's",
    ]
    assert [r["row"] for r in preview.rows] == [2, 7, 9]
    assert club.execute({"type": "import_members", "rows": preview.rows}) == {"added": 2, "updated": 1, "unchanged": 0}
    assert club.member("77").email == "ana@example.org"


def test_the_mapping_is_the_tds_to_correct(club):
    text = "Prénom,Nom de famille,No\nChloé,Lefèvre,12\nMarc,Martin,13\n"
    preview = club.preview_csv(text)
    assert preview.mapping["name"] == [0, 1]
    assert [r["name"] for r in preview.rows] == ["Chloé Lefèvre", "Marc Martin"]
    # The TD says the third column is a nickname, not the member id.
    corrected = club.preview_csv(text, {"name": [0, 1], "nickname": 2})
    assert [(r["name"], r.get("nickname"), r.get("member_id")) for r in corrected.rows] == \
        [("Chloé Lefèvre", "12", None), ("Marc Martin", "13", None)]
    club_refused(club, {"type": "import_members", "rows": []}, "FIELD_INVALID")


def test_a_windows_1252_file_from_an_old_spreadsheet_is_read(club):
    data = "Nom;Numéro\nCéline Dumas;1\nGaëlle Roux;2\n".encode("cp1252")
    preview = club.preview_csv(data)
    assert [r["name"] for r in preview.rows] == ["Céline Dumas", "Gaëlle Roux"]


def test_a_refused_row_in_a_confirmed_import_refuses_all_of_it(club):
    rows = [{"row": 2, "name": "A", "member_id": "1"}, {"row": 3, "name": "B", "member_id": "1"}]
    error = club_refused(club, {"type": "import_members", "rows": rows}, "MEMBER_ID_TAKEN")
    assert error.message.startswith("row 3: Member id 1 is already A's")
    assert club.members() == []


def test_the_members_go_out_to_csv_and_back_in_to_another_club(club, tmp_path):
    from tourneydesk.club import ClubService

    club.execute({"type": "add_member", "name": "Chloé Lefèvre", "nickname": "Chlo", "member_id": "12",
                  "email": "c@example.org", "notes": "left-handed, plays \"fast\"; often late"})
    club.execute({"type": "add_member", "name": "Marc Martin"})
    text = club.export_csv().text
    assert text.splitlines()[0] == "member_id,name,nickname,email,phone,notes,joined"
    other = ClubService.create(tmp_path / "other.tdclub")
    try:
        preview = other.preview_csv(text)
        assert preview.problems == []
        other.execute({"type": "import_members", "rows": preview.rows})
        assert [m.to_dict() | {"handle": None} for m in other.members()] == \
            [m.to_dict() | {"handle": None} for m in club.members()]
    finally:
        other.close()


def test_an_empty_file_is_refused():
    import pytest

    from tourneydesk.core.protocol.errors import TourneyError

    with pytest.raises(TourneyError) as info:
        csv_import.preview(b"")
    assert info.value.code == "CSV_INVALID"
    with pytest.raises(TourneyError) as mapping:
        csv_import.preview("colour,size\nred,3\n")
    assert mapping.value.code == "CSV_MAPPING_INVALID"
