"""Evenings left on disk as a crash or a bad disk leaves them: the last commands in the write-ahead log
only (the program never closed), or a file with a level's backups whose log is then damaged."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tourneydesk.desk import Desk

SIDE = ("", "-wal", ".ack")  # what a crash leaves: the file, its write-ahead log, the note beside it


def crashed_evening(tmp_path: Path, *, backup_before: bool = False) -> tuple[Path, list[int]]:
    """Six players seated (folded into the file), then four registrations in the WAL only, the program
    never closed; returns the copy and the seq after each WAL command."""
    clock = FakeClock()
    desk = Desk.create(tmp_path / "live.tdesk", config(), now=clock, seed=3)
    seat_players(desk, 6)
    desk._file.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    desk._file.connection.execute("PRAGMA wal_autocheckpoint = 0")
    seqs = []
    for name in ("Ann", "Bob", "Cy", "Di"):
        clock.advance(minutes=1)
        desk.execute({"type": "register", "name": name})
        seqs.append(desk.seq)
        if backup_before and name == "Bob":
            desk._file.backup("level2", clock())
    folder = tmp_path / "crashed"
    folder.mkdir()
    for suffix in SIDE:
        shutil.copyfile(f"{desk.path}{suffix}", folder / f"friday.tdesk{suffix}")
    if backup_before:
        backups = folder / "friday.backups"
        backups.mkdir()
        for copy in (tmp_path / "live.backups").iterdir():
            shutil.copyfile(copy, backups / copy.name.replace("live-", "friday-"))
    desk.close()
    return folder / "friday.tdesk", seqs


def an_evening(path: Path, clock: FakeClock) -> list[int]:
    """Eight players, two levels played with a bust in each; the seq at each level's backup."""
    desk = Desk.create(path, config(), now=clock, seed=5)
    entries = seat_players(desk, 8)
    desk.execute({"type": "clock", "action": "start"})
    seqs = []
    for bust in range(2):
        clock.advance(minutes=10)
        victim = entries[2 * bust]
        mate = next(e for e in desk.state.tables[desk.state.entries[victim].table].seats.values() if e != victim)
        desk.execute({"type": "bust", "entry": victim, "by": [mate]})
        clock.advance(minutes=11)
        assert desk.tick()  # a new level: a backup
        seqs.append(desk.seq)
    desk.close()
    return seqs


def damage(path: Path, seq: int) -> None:
    """Event `seq`'s payload no longer JSON (its quotes turned to apostrophes), as a bad disk leaves it."""
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET payload = replace(payload, '\"', '''') WHERE seq = ?", (seq,))
    conn.commit()
    conn.close()
