"""A full disk of 1 KiB blocks (what mke2fs makes of a small disk, a USB stick) is an answer, never a signal.

SQLite grows the write-ahead log's index (`-shm`, mapped into memory) a region at a time and gives each 4 KiB
page one disk block; on 1 KiB blocks the rest of the page stays a hole, and when the log grows into a new
region on a full disk the write through the mapping is answered with SIGBUS: the program died (2 runs of 5)
where the command should have been refused with DISK_FULL. The program runs here in a child process on a real
ext2 image of the test's own, loop-mounted; the disk is filled just as the log nears a region's end.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers.file_bytes import refused_untouched
from tourneydesk.desk import Desk

REPO = Path(__file__).resolve().parents[2]

# Plays until the write-ahead log is `before` frames from the end of the index's first region (4,062
# frames), takes every free block but `free_kib` KiB, then goes on: the log then grows into the second region.
_PLAY_TO_THE_EDGE = textwrap.dedent("""
    import contextlib, json, os, sys
    from pathlib import Path
    from tests.helpers.clock import FakeClock
    from tests.helpers.configs import config
    from tourneydesk.core.protocol.errors import TourneyError
    from tourneydesk.desk import Desk
    from tourneydesk.store import tdfile
    tdfile.SYNCHRONOUS = "OFF"  # a rule's test needs no flush to the disk, and the edge comes 4,000 frames on
    disk, free_kib, before = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    path = disk / "t.tdesk"
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    wal = Path(f"{path}-wal")
    def frames():
        return max(0, wal.stat().st_size - 32) // (4096 + 24)
    played = 0
    while frames() < 4062 - before:
        desk.execute({"type": "register", "name": f"Player {played}"})
        played += 1
    with (disk / "filler.bin").open("wb", buffering=0) as out:
        for size in (65536, 4096, 1024, 1):
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"\\0" * size)
    os.truncate(disk / "filler.bin", max(0, (disk / "filler.bin").stat().st_size - free_kib * 1024))
    answers = {}
    for late in range(40):
        try:
            desk.execute({"type": "register", "name": f"Late {late}"})
            answers["ok"] = answers.get("ok", 0) + 1
        except TourneyError as error:
            answers[error.code] = answers.get(error.code, 0) + 1
    print(json.dumps({"answers": answers, "seq": desk.seq, "frames": frames()}), flush=True)
    os.unlink(disk / "filler.bin")
    desk.close()
""")


@pytest.mark.parametrize(("free_kib", "before"), [(40, 6), (48, 4), (60, 8)])
def test_a_full_disk_of_small_blocks_refuses_the_command_instead_of_killing_the_program(
        small_block_disk: Path, free_kib: int, before: int) -> None:
    run = subprocess.run([sys.executable, "-c", _PLAY_TO_THE_EDGE, str(small_block_disk), str(free_kib), str(before)],
                         capture_output=True, text=True, check=False, cwd=REPO, timeout=600)
    assert run.returncode != -signal.SIGBUS, "the program died of SIGBUS on the full disk"
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    assert said["answers"].get("DISK_FULL", 0) > 0 and set(said["answers"]) <= {"ok", "DISK_FULL"}
    with Desk.open(small_block_disk / "t.tdesk") as desk:  # every command answered "ok" is in the file
        assert desk.seq == said["seq"]


_CRASH_THEN_FILL = textwrap.dedent("""
    import contextlib, os, sys
    from pathlib import Path
    from tests.helpers.clock import FakeClock
    from tests.helpers.configs import config
    from tests.helpers.desks import seat_players
    from tourneydesk.desk import Desk
    disk = Path(sys.argv[1])
    desk = Desk.create(disk / "t.tdesk", config(), now=FakeClock(), seed=3)
    desk._file.connection.execute("PRAGMA wal_autocheckpoint = 0")
    seat_players(desk, 30)
    with (disk / "filler.bin").open("wb", buffering=0) as out:
        for size in (65536, 4096, 1024, 1):
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"\\0" * size)
    print(desk.seq, flush=True)
    os.kill(os.getpid(), 9)  # the laptop's power cut: the last commands in the write-ahead log alone
""")


def test_a_crash_left_on_a_full_disk_of_small_blocks_is_refused_as_full_and_opens_read_only(
        small_block_disk: Path) -> None:
    run = subprocess.run([sys.executable, "-c", _CRASH_THEN_FILL, str(small_block_disk)], capture_output=True,
                         text=True, check=False, cwd=REPO, timeout=600)
    assert run.returncode == -signal.SIGKILL, run.stderr
    acknowledged = int(run.stdout)
    path = small_block_disk / "t.tdesk"
    Path(f"{path}.lock").unlink()  # the dead program's note of who had the file: the next open's to rewrite
    Path(f"{path}-shm").unlink()  # the index left with the laptop: SQLite must build it again from the log
    with (small_block_disk / "filler.bin").open("ab", buffering=0) as out, contextlib.suppress(OSError):
        while True:  # and the stick is full again
            out.write(b"\0" * 1024)
    error = refused_untouched(path, "DISK_FULL")
    assert error.message.startswith("The disk is full: free some space, then open t.tdesk again")
    with Desk.open(path, read_only=True) as desk:  # looked at through a copy elsewhere, all of it
        assert desk.seq == acknowledged
    (small_block_disk / "filler.bin").unlink()
    with Desk.open(path) as desk:
        assert desk.seq == acknowledged
    shutil.rmtree(small_block_disk / "t.backups", ignore_errors=True)
