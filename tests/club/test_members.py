"""Members in the club file: added, found however typed, edited, merged with their history, erased."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.helpers.club import club_refused, summary
from tourneydesk.club import ClubService
from tourneydesk.club.store import ClubFileRefused


def test_a_member_gets_a_stable_member_id_that_is_never_given_again(club):
    first = club.execute({"type": "add_member", "name": "Chloé  Lefèvre", "email": "chloe@example.org"})
    second = club.execute({"type": "add_member", "name": "Marc Martin"})
    # the club's own numbers: "TD-" and a number, never a bare number a member card or the cashier uses
    assert (first["member_id"], second["member_id"]) == ("TD-1", "TD-2")
    club.execute({"type": "add_member", "name": "Bruno Costa", "member_id": "7"})
    club.execute({"type": "merge_members", "member": "TD-2", "into": "TD-1"})
    club.execute({"type": "erase_member", "member": "TD-1"})
    assert club.execute({"type": "add_member", "name": "Ana Silva"})["member_id"] == "TD-3"
    member = club.member("TD-3")
    assert (member.name, member.joined, member.handle) == ("Ana Silva", "2025-12-29", "h0004")
    assert club.member("TD-2").member_id == "TD-1"  # a merged member id leads to the one kept


def test_a_member_is_found_by_any_part_accents_and_case_aside(club):
    club.execute({"type": "add_member", "name": "Chloé Lefèvre", "nickname": "La Chlo", "member_id": "1203"})
    club.execute({"type": "add_member", "name": "Marc Martin"})
    for typed in ("chloe", "LEFEVRE", "la chlo", "1203", "éfè"):
        assert [m.name for m in club.find(typed)] == ["Chloé Lefèvre"], typed
    assert [m.name for m in club.find("mar")] == ["Marc Martin"]
    assert len(club.find("")) == 2


def test_a_refused_member_changes_nothing(club):
    club.execute({"type": "add_member", "name": "Ana Silva", "member_id": "1203"})
    error = club_refused(club, {"type": "add_member", "name": "Bruno Costa", "member_id": "1203"}, "MEMBER_ID_TAKEN")
    assert error.message == "Member id 1203 is already Ana Silva's; a member id is never given twice"
    club_refused(club, {"type": "add_member", "name": "  "}, "NAME_INVALID")
    club_refused(club, {"type": "add_member", "name": "X", "joined": "yesterday"}, "FIELD_INVALID")
    club_refused(club, {"type": "add_member", "name": "X", "member_id": "12 03"}, "FIELD_INVALID")
    club_refused(club, {"type": "add_member", "name": "X", "colour": "red"}, "UNKNOWN_FIELD")
    club_refused(club, {"type": "edit_member", "member": "9999", "name": "X"}, "UNKNOWN_MEMBER")
    club_refused(club, {"type": "edit_member", "member": "1203", "member_id": "1"}, "FIELD_INVALID")
    club_refused(club, {"type": "edit_member", "member": "1203", "name": "Ana Silva"}, "NOTHING_TO_DO")
    club_refused(club, {"type": "fly"}, "UNKNOWN_COMMAND")


def test_an_edit_shows_in_the_history_too(club):
    club.execute({"type": "add_member", "name": "Chole", "member_id": "7"})
    club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-02", [("Chole", 1, 5000),
                                                                                     ("Marc", 2, 0)])})
    club.execute({"type": "edit_member", "member": "7", "name": "Chloé", "phone": "+33 6 11", "notes": "Plays PLO"})
    member = club.member("7")
    assert (member.name, member.phone, member.notes) == ("Chloé", "+33 6 11", "Plays PLO")
    assert [h["place"] for h in club.history("7")] == [1]
    assert club.file.rows("SELECT name FROM results WHERE member = ?", (member.id,))[0][0] == "Chloé"


def test_two_members_who_are_one_person_are_merged_and_the_history_follows(club):
    club.execute({"type": "add_member", "name": "Chloé Lefèvre", "member_id": "10"})
    club.execute({"type": "add_member", "name": "Chloe L.", "member_id": "11", "email": "c@example.org"})
    club.execute({"type": "record_tournament", "summary": summary(
        "t1", "2026-01-02", [("Chloé Lefèvre", 1, 5000), ("Marc", 2, 0)], member_ids={"Chloé Lefèvre": "10"})})
    club.execute({"type": "record_tournament", "summary": summary(
        "t2", "2026-01-09", [("Chloe L.", 2, 1000), ("Marc", 1, 4000)], member_ids={"Chloe L.": "11"})})
    result = club.execute({"type": "merge_members", "member": "11", "into": "10"})
    assert result == {"member_id": "10", "merged": "11", "results_moved": 1}
    assert [(h["tournament_id"], h["place"]) for h in club.history("10")] == [("t1", 1), ("t2", 2)]
    assert club.member("10").email == "c@example.org"  # what only the other had is kept
    assert [m.member_id for m in club.find("chlo")] == ["10"]
    club_refused(club, {"type": "merge_members", "member": "11", "into": "10"}, "MERGE_SAME")
    # A night recorded later with the old member id lands on the member kept.
    club.execute({"type": "record_tournament", "summary": summary(
        "t3", "2026-01-16", [("Chloe L.", 1, 3000), ("Marc", 2, 0)], member_ids={"Chloe L.": "11"})})
    assert [h["tournament_id"] for h in club.history("10")] == ["t1", "t2", "t3"]


def test_an_erased_member_is_erased_member_everywhere_in_the_club_file(club):
    club.execute({"type": "add_member", "name": "Zoé Durand", "member_id": "5", "email": "zoe@example.org",
                  "phone": "+33 6", "notes": "allergic to peanuts"})
    club.execute({"type": "record_tournament", "summary": summary(
        "t1", "2026-01-02", [("Zoé Durand", 1, 5000), ("Marc", 2, 0)], member_ids={"Zoé Durand": "5"})})
    club.execute({"type": "erase_member", "member": "5"})
    member = club.member("5")
    assert (member.name, member.email, member.phone, member.notes, member.erased) == \
        ("Erased member", None, None, None, True)
    assert club.find("zoe") == []
    club.close()
    # Nothing of her is left in the file's bytes: not in a row, not in the journal, not in a freed page.
    raw = Path(club.path).read_bytes()
    for word in ("Zoé Durand", "zoe@example.org", "peanuts", "zoe durand"):
        assert word.encode() not in raw, word


def test_a_file_that_is_not_a_club_file_is_refused_and_left_alone(tmp_path, make_desk):
    desk = make_desk()
    path = desk.path
    desk.close()
    before = path.read_bytes()
    with pytest.raises(ClubFileRefused) as info:
        ClubService.open(path)
    assert info.value.code == "CLUB_FILE_FOREIGN"
    assert path.read_bytes() == before
    text = tmp_path / "notes.tdclub"
    text.write_text("hello")
    with pytest.raises(ClubFileRefused):
        ClubService.open(text)
    with pytest.raises(ClubFileRefused) as missing:
        ClubService.open(tmp_path / "nowhere.tdclub")
    assert missing.value.code == "CLUB_FILE_MISSING"


def test_a_club_file_from_a_newer_program_is_refused(tmp_path):
    path = tmp_path / "club.tdclub"
    ClubService.create(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ClubFileRefused) as info:
        ClubService.open(path)
    assert info.value.code == "CLUB_FILE_NEWER"
    assert path.read_bytes() == before


@pytest.mark.durable
def test_the_club_file_is_written_durably(club):
    assert club.file.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert club.file.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_a_member_added_by_another_window_is_found_at_once(club):
    club.execute({"type": "add_member", "name": "Ana Silva"})
    assert [m.name for m in club.find("ana")] == ["Ana Silva"]
    other = ClubService.open(club.path)
    try:
        other.execute({"type": "add_member", "name": "Anaïs Roux"})
    finally:
        other.close()
    assert [m.name for m in club.find("ana")] == ["Ana Silva", "Anaïs Roux"]
