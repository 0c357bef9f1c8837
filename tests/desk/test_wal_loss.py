"""A write-ahead log cut short or damaged: SQLite drops what it cannot read without a word; we do not.

Each test leaves a real file as a crash leaves it (the evening's last commands in its `-wal` only, the
note of what was acknowledged beside it), damages the `-wal` the way a failing card does, and opens it.
The open is refused, naming how many commands are missing and the way out, and changes no byte of the
file, its WAL or the note; or, once the TD accepts, opens as it is with the damaged WAL kept aside.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.helpers.broken_evenings import crashed_evening
from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.file_bytes import folder_bytes, refused_untouched
from tourneydesk.desk import Desk
from tourneydesk.store.acked import Acked, AckNote, ack_path, read_ack


def frames(path: Path) -> int:
    """Frames in the WAL (each one page plus its 24-byte header, after the 32-byte header)."""
    size = Path(f"{path}-wal").stat().st_size
    return (size - 32) // (4096 + 24)


def test_the_crash_copy_itself_opens_whole_so_what_follows_is_the_damage(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    acked = read_ack(path)
    assert acked is not None and acked.seq == seqs[-1]
    with Desk.open(path, now=FakeClock()) as desk:
        assert desk.seq == seqs[-1]
        assert {p.name for p in desk.state.players.values()} >= {"Ann", "Bob", "Cy", "Di"}


def test_a_wal_cut_short_is_refused_naming_the_commands_missing(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])  # the last frame cut: Di's registration, its commit frame
    error = refused_untouched(path, "COMMANDS_MISSING")
    assert error.params["acknowledged_seq"] == seqs[-1]
    assert error.params["found_seq"] == seqs[-2]
    assert error.params["missing_commands"] == 1
    assert error.message.startswith(f"friday.tdesk holds {seqs[-2]} events, but {seqs[-1]} were recorded in it: "
                                    "the last 1 commands (1 events) are missing")
    assert "No backup holds more: open the file as it is" in error.message


def test_a_byte_flipped_in_an_early_frame_loses_every_later_command_and_says_so(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    wal = Path(f"{path}-wal")
    data = bytearray(wal.read_bytes())
    data[32 + 24 + 2000] ^= 0x10  # inside the page of the first frame: SQLite stops reading there
    wal.write_bytes(bytes(data))
    error = refused_untouched(path, "COMMANDS_MISSING")
    assert error.params["found_seq"] < seqs[0]
    assert error.params["missing_commands"] == 4


def test_a_wal_whose_header_is_damaged_is_not_taken_for_an_empty_one(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    wal = Path(f"{path}-wal")
    data = bytearray(wal.read_bytes())
    data[17] ^= 0x01  # the salt: SQLite ignores the whole log
    wal.write_bytes(bytes(data))
    error = refused_untouched(path, "COMMANDS_MISSING")
    assert error.params["missing_commands"] == 4


def test_the_refusal_names_a_backup_that_holds_more_than_the_file(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path, backup_before=True)
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:32 + 4120 // 2])  # the first frame cut: all four lost
    error = refused_untouched(path, "COMMANDS_MISSING")
    assert error.params["backup_seq"] == seqs[1]
    assert Path(error.params["backup"]).parent == path.parent / "friday.backups"
    assert f"holds {seqs[1]} events: restore it" in error.message


def test_an_older_copy_put_in_place_of_the_file_is_refused_too(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    clock = FakeClock()
    with Desk.create(path, config(), now=clock, seed=3) as desk:
        seat_players(desk, 2)
    shutil.copyfile(path, tmp_path / "copy-of-friday.tdesk")
    with Desk.open(path, now=clock) as desk:
        player = desk.execute({"type": "register", "name": "Late Larry"})["player"]
        desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        acknowledged = desk.seq
    shutil.copyfile(tmp_path / "copy-of-friday.tdesk", path)
    error = refused_untouched(path, "COMMANDS_MISSING")
    assert error.params["acknowledged_seq"] == acknowledged
    assert error.params["missing_commands"] == 2  # a registration and a buy-in


def test_opened_as_it_is_the_damaged_wal_is_kept_aside_and_the_next_open_does_not_refuse(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])
    damaged_wal = wal.read_bytes()
    clock = FakeClock()
    with Desk.open(path, now=clock, accept_missing=True) as desk:
        assert desk.seq == seqs[-2]
        desk.execute({"type": "register", "name": "Di"})  # entered again, as the message asks
        assert desk.seq == seqs[-1]
    kept = [p for p in path.parent.iterdir() if p.name.startswith("friday.tdesk-wal.kept-")]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged_wal
    with Desk.open(path, now=clock) as desk:
        assert desk.seq == seqs[-1]


def test_read_only_the_loss_is_said_too_and_accepted_nothing_is_written(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])
    refused_untouched(path, "COMMANDS_MISSING", lambda: Desk.open(path, read_only=True))
    before = folder_bytes(path.parent)
    with Desk.open(path, read_only=True, accept_missing=True) as desk:
        assert desk.seq == seqs[-2]
    assert folder_bytes(path.parent) == before


def test_a_note_of_another_tournament_or_a_damaged_note_says_nothing(tmp_path: Path) -> None:
    path, seqs = crashed_evening(tmp_path)
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])
    note = ack_path(path)
    text = note.read_bytes()
    note.write_bytes(text.replace(b'"seq":', b'"seq":9'))  # its own checksum no longer matches
    with Desk.open(path, now=FakeClock()) as desk:  # no claim to check against: opens as SQLite reads it
        assert desk.seq == seqs[-2]
    other = tmp_path / "other.tdesk"
    Desk.create(other, config(), now=FakeClock(), seed=1).close()
    shutil.copyfile(ack_path(other), note)
    with Desk.open(path, now=FakeClock()) as desk:
        assert desk.seq == seqs[-2]


def test_a_note_behind_the_file_is_no_loss_and_is_brought_up_to_date(tmp_path: Path) -> None:
    """A power cut may leave the note behind the file (it is flushed rarely), never ahead of it."""
    path, seqs = crashed_evening(tmp_path)
    acked = read_ack(path)
    assert acked is not None
    note = AckNote(path)
    note.write(Acked(acked.tournament_id, seqs[0], acked.commands - 3, "0" * 64))
    note.close()
    with Desk.open(path, now=FakeClock()) as desk:
        assert desk.seq == seqs[-1]
    assert read_ack(path) == acked  # the close wrote what the file holds
