"""The club file keeps what it is given: a cut write-ahead log or an older copy is refused with the way out,
a byte changed on the disk is found on open, a refused open writes nothing, every refusal says what is wrong
in words, and backups are kept beside it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.club import club_cli, summary
from tourneydesk.club import ClubService
from tourneydesk.club.store import ClubFileRefused, check, migrations


def files(path: Path) -> dict[str, bytes]:
    """The club file and what lies beside it (its write-ahead log, its note), byte for byte; not SQLite's
    index of the log (`-shm`), which any reader rebuilds from the log."""
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir()) if p.is_file()
            and not p.name.endswith("-shm")}


def refused(path: Path, code: str, **open_kw: Any) -> ClubFileRefused:
    before = files(path)
    with pytest.raises(ClubFileRefused) as info:
        ClubService.open(path, **open_kw)
    assert info.value.code == code, info.value.message
    assert files(path) == before  # a refused open writes nothing
    return info.value


def add(club: ClubService, first: int, last: int) -> None:
    for n in range(first, last):
        club.execute({"type": "add_member", "name": f"Member {n:03d}", "email": f"m{n}@example.org"})


def as_after_a_power_cut(club: ClubService, folder: Path) -> Path:
    """The club file, its write-ahead log and its note as a power cut would leave them: copied while open."""
    folder.mkdir()
    for part in club.path.parent.iterdir():
        if part.name.startswith(club.path.name) and part.is_file():
            shutil.copy(part, folder / part.name)
        elif part.is_dir() and part.name.endswith(".backups"):
            shutil.copytree(part, folder / part.name)
    return folder / club.path.name


def test_a_cut_write_ahead_log_is_refused_with_the_way_out(tmp_path):
    club = ClubService.create(tmp_path / "live" / "club.tdclub")
    club.file.conn.execute("PRAGMA wal_autocheckpoint = 0")  # every change waits in the write-ahead log
    add(club, 0, 40)
    copy = as_after_a_power_cut(club, tmp_path / "cut")
    club.close()
    wal = Path(f"{copy}-wal")
    wal.write_bytes(wal.read_bytes()[: wal.stat().st_size * 2 // 3])  # the end of the log lost
    error = refused(copy, "CLUB_CHANGES_MISSING")
    assert error.params["acknowledged"] == 40 and 0 < error.params["missing"] < 40
    assert "open the club file as it is (--open-as-is)" in error.message
    # Told, the club opens it as it is: what is left of the log is kept aside first, and it is not refused again.
    with ClubService.open(copy, accept_missing=True) as opened:
        assert len(opened.members()) == 40 - error.params["missing"]
    assert [p.name for p in copy.parent.iterdir() if ".kept-" in p.name]
    ClubService.open(copy).close()


def test_an_older_copy_put_in_its_place_is_refused_and_the_backup_put_back(tmp_path, capsys):
    path = tmp_path / "club.tdclub"
    club = ClubService.create(path)
    add(club, 0, 5)
    club.close()
    old = tmp_path / "old.tdclub"
    shutil.copy(path, old)
    with ClubService.open(path) as club:
        add(club, 5, 20)  # closed: a backup holding the 20 changes
    shutil.copy(old, path)  # the stick's older copy put back over the club file
    error = refused(path, "CLUB_CHANGES_MISSING")
    assert error.message.startswith("club.tdclub holds 5 changes, but 20 were made in it: the last 15 are missing")
    assert error.params["backup"].endswith("-close-s20.tdclub")
    assert club_cli(path, "members", "list") == 1
    assert "restore" in capsys.readouterr().err
    assert club_cli(path, "restore", error.params["backup"]) == 0
    assert capsys.readouterr().out.endswith(f"put back as {path} (20 members, 0 nights)\n")
    assert [p.name for p in tmp_path.iterdir() if ".replaced-" in p.name]  # the one it replaced, kept aside
    with ClubService.open(path) as club:
        assert len(club.members()) == 20


def test_a_byte_changed_on_the_disk_is_found_and_named(tmp_path):
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        add(club, 0, 30)
    data = bytearray(path.read_bytes())
    at = data.index(b"m17@example.org")
    data[at] ^= 0x02  # "o17@...": one bit
    path.write_bytes(bytes(data))
    error = refused(path, "CLUB_FILE_DAMAGED")
    assert "its table members does not hold what was written: a byte changed on the disk" in error.message
    assert "its backups are in" in error.message and "restore BACKUP" in error.message


@pytest.mark.parametrize(("damage", "code", "words"), [
    (lambda c: c.execute("PRAGMA user_version = 0"), "CLUB_FILE_DAMAGED", "it has no schema version"),
    (lambda c: c.execute("CREATE TRIGGER rewrite AFTER INSERT ON members BEGIN UPDATE members SET email = 'x'; END"),
     "CLUB_FILE_DAMAGED", "it holds a trigger named rewrite, which TourneyDesk did not make"),
    (lambda c: c.execute("UPDATE members SET phone = '+1 555' WHERE id = 3"), "CLUB_FILE_DAMAGED",
     "its table members does not hold what was written"),
    (lambda c: c.execute("DELETE FROM journal"), "CLUB_FILE_DAMAGED", "its table journal does not hold"),
    (lambda c: c.execute("PRAGMA user_version = 99"), "CLUB_FILE_NEWER", "written by a newer TourneyDesk"),
    (lambda c: c.execute("UPDATE meta SET value = 'another-app' WHERE key = 'app'"), "CLUB_FILE_FOREIGN",
     "is not a club file"),
])
def test_a_file_changed_by_another_program_is_refused_in_words(tmp_path, damage, code, words):
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        add(club, 0, 5)
    conn = sqlite3.connect(path)
    damage(conn)
    conn.commit()
    conn.close()
    assert words in refused(path, code).message


@pytest.mark.parametrize(("make", "code", "words"), [
    (lambda p: p.mkdir(), "CLUB_FILE_NOT_A_FILE", "is not a file"),
    (lambda p: p.write_bytes(b""), "CLUB_FILE_FOREIGN", "is empty"),
    (lambda p: p.write_bytes(b"name;email\nAna;ana@example.org\n"), "CLUB_FILE_FOREIGN", "not an SQLite database"),
])
def test_what_is_no_club_file_at_all_is_refused_in_words(tmp_path, make, code, words):
    path = tmp_path / "club.tdclub"
    make(path)
    with pytest.raises(ClubFileRefused) as info:
        ClubService.open(path)
    assert info.value.code == code and words in info.value.message


def test_a_damaged_page_or_a_file_cut_short_is_refused_not_a_raw_error(tmp_path):
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        add(club, 0, 200)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    assert "it is cut short" in refused(path, "CLUB_FILE_DAMAGED").message
    page = 4096
    path.write_bytes(whole[:page * 3] + b"\xff" * page + whole[page * 4:])
    assert refused(path, "CLUB_FILE_DAMAGED").message.startswith(f"{path} is damaged and was not opened")


def test_backups_are_kept_beside_the_club_file(tmp_path):
    path = tmp_path / "club.tdclub"
    folder = tmp_path / "club.backups"
    ClubService.create(path).close()
    for night in range(12):
        with ClubService.open(path) as club:
            add(club, night, night + 1)
    with ClubService.open(path) as club:
        club.members()  # read, not changed: no backup
    kept = sorted(folder.iterdir(), key=lambda p: int(p.stem.rsplit("-s", 1)[1]))
    assert len(kept) == 10
    assert kept[-1].name.endswith("-close-s12.tdclub")
    assert check(kept[-1])[2] == 12  # the newest holds every change, and opens whole


def test_a_club_file_of_an_older_program_is_backed_up_before_it_is_brought_up_to_date(tmp_path):
    path = tmp_path / "club.tdclub"
    conn = sqlite3.connect(path, isolation_level=None)
    for number, sql in migrations()[:3]:
        conn.executescript(sql)
        conn.execute(f"PRAGMA user_version = {number}")
    conn.execute("INSERT INTO meta (key, value) VALUES ('app', 'tourneydesk-club')")
    conn.execute("INSERT INTO members (member_id, name, handle, key) VALUES ('1', 'Ana V', 'h1', 'ana v 1')")
    conn.close()
    with ClubService.open(path) as club:
        assert [m.name for m in club.members()] == ["Ana V"]
        assert club.file.conn.execute("PRAGMA user_version").fetchone()[0] == len(migrations())
    assert f"before-schema-{len(migrations())}-s0.tdclub" in [p.name.split("-", 3)[3]
                                                               for p in (tmp_path / "club.backups").iterdir()]
    ClubService.open(path).close()  # its digest, worked out when it was brought up to date, holds


COMMANDS = st.lists(st.sampled_from(["add", "edit", "erase", "merge", "template", "league", "night", "delete"]),
                    min_size=1, max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(COMMANDS)
def test_whatever_the_club_does_its_file_opens_whole_again(tmp_path_factory, commands):
    path = tmp_path_factory.mktemp("club") / "club.tdclub"
    with ClubService.create(path) as club:
        add(club, 0, 4)
        for number, kind in enumerate(commands):
            ids = [m.member_id for m in club.members()] or ["1"]
            cmd = {"add": {"type": "add_member", "name": f"New {number}"},
                   "edit": {"type": "edit_member", "member": ids[0], "phone": f"+33 {number}"},
                   "erase": {"type": "erase_member", "member": ids[-1]},
                   "merge": {"type": "merge_members", "member": ids[-1], "into": ids[0]},
                   "template": {"type": "save_template", "name": "Friday", "config": {
                       "name": "Friday", "starting_stack": 1000 + number, "buy_in": {"prize": 1000, "bounty": 0},
                       "levels": [{"small_blind": 10, "big_blind": 20, "minutes": 20}]}},
                   "league": {"type": "create_league", "name": f"L{number}", "formula": "linear"},
                   "night": {"type": "record_tournament", "summary": summary(
                       f"t{number % 3}", "2026-01-09", [("Member 000", 1, 100), (f"Guest {number}", 2, 0)])},
                   "delete": {"type": "delete_template", "name": "Friday"}}[kind]
            try:
                club.execute(cmd)
            except Exception as exc:  # a refusal (nothing to erase, no such template): the file is unchanged
                assert getattr(exc, "code", None), exc
    ClubService.open(path).close()
