"""Recovery from the backups beside the file, and from a log damaged past a point.

Real files: a tournament played across levels (a backup at each), then damaged on disk the way a bad
disk does it, then restored or cut short; the damaged file is checked to be kept, byte for byte.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.broken_evenings import an_evening, damage
from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.file_bytes import rewrite
from tourneydesk.core.protocol.errors import FileRefused, TourneyError
from tourneydesk.desk import Desk
from tourneydesk.recovery import list_backups, open_before_damage, restore


def test_the_backups_are_listed_newest_first_with_their_level_and_players_left(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    an_evening(path, FakeClock())
    backups = list_backups(path)
    assert [b.reason for b in backups] == ["close", "level2", "level1"]
    assert [b.level for b in backups] == ["Break", "Break", "Level 2"]  # at 42 and 21 minutes
    assert [b.players_left for b in backups] == [6, 6, 7]
    assert all(b.problem is None for b in backups)
    assert backups[0].taken_at >= backups[1].taken_at > backups[2].taken_at


def test_a_damaged_file_is_restored_from_a_backup_and_kept_aside_untouched(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    clock = FakeClock()
    seqs = an_evening(path, clock)
    damage(path, seqs[0] - 1)
    with pytest.raises(FileRefused) as refused:
        Desk.open(path)
    assert refused.value.code == "LOG_DAMAGED"
    damaged = path.read_bytes()
    chosen = next(b for b in list_backups(path) if b.reason == "level1")
    with Desk.open(chosen.path, read_only=True) as preview:  # what the TD is shown before restoring
        assert preview.seq == seqs[0]
    aside = restore(path, chosen.path, now=clock())
    assert aside.name.startswith("friday.replaced-") and aside.read_bytes() == damaged
    assert chosen.path.exists()  # the backup stays among the backups
    with Desk.open(path, now=clock) as desk:
        assert desk.seq == seqs[0]
        desk.execute({"type": "register", "name": "Plays On"})  # and the evening goes on
    second = restore(path, chosen.path, now=clock())  # a second restore never overwrites the first aside
    assert second != aside and aside.read_bytes() == damaged


def test_a_file_open_in_a_program_is_not_restored_under_it(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    clock = FakeClock()
    an_evening(path, clock)
    backup = list_backups(path)[-1].path
    with Desk.open(path, now=clock):
        before = path.read_bytes()
        with pytest.raises(FileRefused) as refused:
            restore(path, backup, now=clock())
        assert refused.value.code == "FILE_IN_USE"
        assert path.read_bytes() == before


def test_everything_before_the_first_bad_event_opens_as_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    clock = FakeClock()
    seqs = an_evening(path, clock)
    with Desk.open(path) as intact:
        hashes = {e.seq: e.hash for e in intact._file.events()}
        bad = intact._file.command_seq_of(seqs[1])  # the second bust's first event
        assert bad is not None
        kept_commands = {e.command_seq for e in intact._file.events() if e.seq < bad}
        command_of_bad = intact._file.command_seq_of(bad)
    damage(path, bad)
    damaged = path.read_bytes()
    cut = open_before_damage(path)
    assert cut.name == f"friday-before-event-{bad}.tdesk"
    assert path.read_bytes() == damaged
    with Desk.open(cut, now=clock) as desk:
        events = list(desk._file.events())
        assert {e.command_seq for e in events} == kept_commands - {command_of_bad}
        assert all(e.hash == hashes[e.seq] for e in events)  # the same history, the same chain
        assert sum(1 for e in desk.state.entries.values() if e.status == "active") == 7


def test_a_command_retried_after_cutting_before_the_damage_is_answered_not_applied_twice(tmp_path: Path) -> None:
    """The cashier's tablet sends a buy-in, the answer is lost, the file is damaged later and cut before
    the damage: the tablet's retry, with the same command id, must not sell a second buy-in."""
    path = tmp_path / "friday.tdesk"
    clock = FakeClock()
    desk = Desk.create(path, config(), now=clock, seed=5)
    seat_players(desk, 3)
    player = desk.execute({"type": "register", "name": "Late Larry", "command_id": "tablet-7-register"})["player"]
    sale = {"type": "buy_in", "player": player, "payment": "cash", "present": True, "command_id": "tablet-7-buy"}
    first_answer = desk.execute(sale)
    for name in ("Mo", "Ann"):
        desk.execute({"type": "register", "name": name})
    bad = desk.seq  # the last registration, damaged on disk below
    desk.close()
    damage(path, bad)
    cut = open_before_damage(path)
    with Desk.open(cut, now=clock) as recovered:
        seq, entries = recovered.seq, len(recovered.state.entries)
        assert recovered.execute(dict(sale)) == first_answer
        assert (recovered.seq, len(recovered.state.entries)) == (seq, entries)
        again = recovered.execute({"type": "register", "name": "Late Larry", "command_id": "tablet-7-register"})
        assert again["player"] == player
        assert recovered.seq == seq
        # a command id of no kept command is new: it is applied
        recovered.execute({"type": "register", "name": "Nina New", "command_id": "tablet-7-other"})
        assert recovered.seq == seq + 1


def test_a_command_whose_answer_was_damaged_too_is_refused_when_retried_after_the_cut_never_applied_twice(
        tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    desk = Desk.create(path, config(), now=FakeClock(), seed=5)
    seat_players(desk, 3)
    player = desk.execute({"type": "register", "name": "Late Larry"})["player"]
    sale = {"type": "buy_in", "player": player, "payment": "cash", "present": True, "command_id": "tablet-7-buy"}
    desk.execute(sale)
    desk.execute({"type": "register", "name": "Mo"})
    bad = desk.seq
    desk.close()
    damage(path, bad)
    rewrite(path, "UPDATE commands SET result = replace(result, '20000', '90000') WHERE command_id = 'tablet-7-buy'")
    with Desk.open(open_before_damage(path)) as recovered:
        seq = recovered.seq
        with pytest.raises(TourneyError) as caught:
            recovered.execute(dict(sale))
        assert caught.value.code == "ANSWER_DAMAGED"
        assert recovered.seq == seq
