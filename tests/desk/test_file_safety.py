"""The tournament file under faults: the chain over the log, refusals that change nothing, the lock,
a kill while creating, files that cannot be written.

Real files in tmp_path, real child processes for the second program and the kill; every refusal is
checked against the bytes of the file, its WAL and everything beside it before and after.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import T0, FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.file_bytes import folder_bytes, refused_untouched, rewrite
from tests.helpers.other_user import BECOME, run_as_user
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import FileRefused, TourneyError
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneydesk.store import load_migrations
from tourneydesk.store.chain import GENESIS, event_hash

REPO = Path(__file__).resolve().parents[2]


def a_tournament(path: Path, players: int = 6) -> Desk:
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    seat_players(desk, players)
    return desk


def crash_copy(desk: Desk, dest: Path) -> Path:
    """The file as a power cut would leave it: the main file and its WAL, the desk never closed."""
    desk._file.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    desk._file.connection.execute("PRAGMA wal_autocheckpoint = 0")
    desk.execute({"type": "register", "name": "Late Comer"})
    desk.execute({"type": "register", "name": "Later Still"})
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{desk.path}{suffix}", f"{dest}{suffix}")
    assert Path(f"{dest}-wal").stat().st_size > 0
    return dest



# ---------------------------------------------------------------------------- the chain


def test_every_event_carries_its_link_in_the_chain(tmp_path: Path) -> None:
    desk = a_tournament(tmp_path / "t.tdesk")
    try:
        stored = list(desk._file.events())
        prev = GENESIS
        for e in stored:
            row = desk._file.connection.execute("SELECT payload FROM events WHERE seq = ?", (e.seq,)).fetchone()
            prev = event_hash(prev, e.seq, e.command_seq, e.type, e.at, e.station, e.actor, row[0])
            assert e.hash == prev
            assert desk._file.hash_at(e.seq) == prev
        assert desk._file.hash_at(0) == GENESIS
        assert desk._file.hash_at(desk.seq + 1) is None
        assert desk._file.last_hash() == prev
    finally:
        desk.close()


def test_a_file_from_before_the_chain_gets_its_chain_when_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.tdesk"
    desk = a_tournament(tmp_path / "t.tdesk")
    rows = desk._file.connection.execute(
        "SELECT seq, command_seq, type, at, station, actor, payload, hash FROM events ORDER BY seq").fetchall()
    state = desk.state.to_dict()
    desk.close()
    conn = sqlite3.connect(path, isolation_level=None)  # a schema-1 file, as the previous version wrote it
    conn.executescript(load_migrations()[0][1])
    conn.execute("PRAGMA user_version = 1")
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [("app", "tourneydesk"), ("tournament_id", "x")])
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?)", [r[:7] for r in rows])
    conn.close()
    old = Desk.open(path)
    try:
        assert old._file.schema_version == len(load_migrations())
        assert [e.hash for e in old._file.events()] == [r[7] for r in rows]  # the same chain as written live
        assert old.state.to_dict() == state
    finally:
        old.close()
    assert any("before-schema" in p.name for p in (tmp_path / "old.backups").iterdir())


@pytest.mark.parametrize("column, value", [
    ("payload", '{"player":"p1","name":"Mallory"}'),  # another name, still valid JSON
    ("payload", '{"player":"p1","na'),                 # cut short: not JSON any more
    ("type", "busted"),
    ("at", 1.0),
    ("station", "elsewhere"),
    ("command_seq", 1),
])
def test_an_event_changed_on_disk_is_refused_naming_it(tmp_path: Path, column: str, value: Any) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    rewrite(path, f"UPDATE events SET {column} = ? WHERE seq = 2", value)
    error = refused_untouched(path, "LOG_DAMAGED")
    assert error.params["first_bad_seq"] == 2
    assert error.params["intact_events"] == 1
    assert "t.tdesk is damaged at event #2" in error.message
    assert "Restore a backup" in error.message and "open everything before the damage" in error.message
    assert error.params["backups"] == str(tmp_path / "t.backups")


def test_an_event_missing_from_the_log_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    rewrite(path, "DELETE FROM events WHERE seq = 5")
    error = refused_untouched(path, "LOG_DAMAGED")
    assert error.params["first_bad_seq"] == 5
    assert "missing" in error.message


def test_a_forged_event_whose_hash_matches_but_does_not_replay_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    desk = a_tournament(path)
    last, prev = desk.seq, desk._file.last_hash()
    desk.close()
    payload = '{"entry":"e404","by":"e405"}'
    forged = event_hash(prev, last + 1, last + 1, "busted", T0, None, None, payload)
    rewrite(path, "INSERT INTO events VALUES (?, ?, 'busted', ?, NULL, NULL, ?, ?)",
            last + 1, last + 1, T0, payload, forged)
    error = refused_untouched(path, "LOG_DAMAGED")
    assert error.params["first_bad_seq"] == last + 1
    assert "cannot be replayed" in error.message


def test_a_damaged_checkpoint_is_rebuilt_from_the_log(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    desk = a_tournament(path)
    expected = desk.state.to_dict()
    desk.close()  # writes a checkpoint of the folded state
    for damage in ('{"entries": {"e1": ', '{"tournament_id": 12}', "[]"):
        rewrite(path, "UPDATE checkpoint SET state = ?", damage)
        reopened = Desk.open(path)
        try:
            assert reopened.state.to_dict() == expected
        finally:
            reopened.close()


# ---------------------------------------------------------------------------- a refused open changes nothing


def test_a_refused_open_leaves_the_file_and_its_wal_byte_for_byte(tmp_path: Path) -> None:
    """The last commands of the evening, in the WAL only, must survive a refusal: the close on the error
    path used to fold the WAL into the damaged file and delete it."""
    live = a_tournament(tmp_path / "live.tdesk")
    path = crash_copy(live, tmp_path / "crashed.tdesk")
    live.close()
    # damage an event that lives in the main file, so the refusal comes after SQLite has read the WAL
    conn = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
    prev = conn.execute("SELECT hash FROM events WHERE seq = (SELECT max(seq) FROM events)").fetchone()[0]
    last = conn.execute("SELECT max(seq) FROM events").fetchone()[0]
    payload = '{"entry":"e404","by":"e405"}'
    conn.execute("INSERT INTO events VALUES (?, ?, 'busted', ?, NULL, NULL, ?, ?)",
                 (last + 1, last + 1, T0, payload,
                  event_hash(prev, last + 1, last + 1, "busted", T0, None, None, payload)))
    conn.commit()
    # keep that connection open while the copy is taken: the copy is a crash with a full WAL
    crashed = tmp_path / "refused"
    crashed.mkdir()
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{path}{suffix}", crashed / f"t.tdesk{suffix}")
    conn.close()
    target = crashed / "t.tdesk"
    assert Path(f"{target}-wal").stat().st_size > 0
    refused_untouched(target, "LOG_DAMAGED")
    assert Path(f"{target}-wal").stat().st_size > 0  # still there, with the evening's last commands


# ---------------------------------------------------------------------------- the lock


def test_a_second_open_of_an_open_file_is_refused_naming_the_holder(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    desk = a_tournament(path)
    try:
        error = refused_untouched(path, "FILE_IN_USE")
        assert error.params["holder"] == f"TourneyDesk (pid {os.getpid()})"
        assert f"t.tdesk is open in TourneyDesk (pid {os.getpid()})" in error.message
        with Desk.open(path, read_only=True) as look:  # reading it is still allowed
            assert look.seq == desk.seq
    finally:
        desk.close()
    Desk.open(path).close()  # and once closed, it opens
    assert not (tmp_path / "t.tdesk.lock").exists()


HOLDER = textwrap.dedent("""
    import sys, time
    from tourneydesk.desk import Desk
    desk = Desk.open(sys.argv[1])
    print("open", flush=True)
    time.sleep(60)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_another_program_holding_the_file_is_named_and_its_death_frees_it(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True,
                             cwd=REPO)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "open"
        error = refused_untouched(path, "FILE_IN_USE")
        assert error.params["pid"] == child.pid
        assert error.params["holder"] == f"TourneyDesk (pid {child.pid})"
    finally:
        child.kill()
        child.wait()
    with Desk.open(path) as desk:  # a lock left by a killed program is no lock
        assert desk.seq > 1


# ---------------------------------------------------------------------------- killed while creating

KILLED_WHILE_CREATING = textwrap.dedent("""
    import os, sys
    from tourneydesk.desk import Desk
    from tourneydesk.store import tdfile
    from tests.helpers.configs import config
    def killed(temp, path):
        os.kill(os.getpid(), 9)
    tdfile._claim = killed
    Desk.create(sys.argv[1], config())
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kill_while_creating_leaves_the_name_free(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    child = subprocess.run([sys.executable, "-c", KILLED_WHILE_CREATING, str(path)], cwd=REPO, check=False)
    assert child.returncode == -signal.SIGKILL
    assert not path.exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".friday.tdesk.creating-")]
    desk = Desk.create(path, config(), now=FakeClock())  # the name is free, and the leftover goes
    try:
        assert desk.seq == 1
        assert not [p for p in tmp_path.iterdir() if ".creating-" in p.name]
    finally:
        desk.close()
    with Desk.open(path) as again:
        assert again.state.config.name == "Friday Test"


def test_create_refuses_a_name_taken_and_writes_nothing_there(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    path.write_bytes(b"my notes")
    with pytest.raises(FileRefused) as caught:
        Desk.create(path, config())
    assert caught.value.code == "FILE_EXISTS"
    assert path.read_bytes() == b"my notes"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.tdesk"]


# ---------------------------------------------------------------------------- what cannot be written


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "pipe.tdesk"
    os.mkfifo(path)
    outcome: list[BaseException] = []

    def try_open() -> None:
        try:
            Desk.open(path)
        except BaseException as error:  # handed to the test thread
            outcome.append(error)

    opener = threading.Thread(target=try_open, daemon=True)
    opener.start()
    opener.join(5)
    if opener.is_alive():  # unblock it before failing, so the suite does not hang
        with contextlib.suppress(OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("opening a named pipe hangs")
    assert isinstance(outcome[0], FileRefused) and outcome[0].code == "FILE_NOT_A_FILE"
    assert outcome[0].message == "pipe.tdesk is a named pipe, not a file: choose the tournament file itself"


def test_read_only_mode_shows_the_file_and_refuses_every_write(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    before = folder_bytes(tmp_path)
    desk = Desk.open(path, read_only=True, now=FakeClock())
    try:
        assert desk.read_only and len(desk.state.entries) == 6
        seq, shown = desk.seq, desk.snapshot()
        with pytest.raises(TourneyError) as caught:
            desk.execute({"type": "register", "name": "Someone"})
        assert caught.value.code == "FILE_OPENED_READ_ONLY"
        assert desk.seq == seq and desk.snapshot() == shown
        assert desk.execute({"type": "register", "name": "Someone", "dry_run": True})["dry_run"] is True
        assert desk.tick() is False
    finally:
        desk.close()
    assert folder_bytes(tmp_path) == before


def _chattr(flag: str, path: Path) -> bool:
    try:
        return subprocess.run(["chattr", flag, str(path)], capture_output=True, check=False).returncode == 0
    except OSError:
        return False


def test_an_immutable_file_is_refused_as_such_and_opens_read_only(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    if not _chattr("+i", path):
        pytest.skip("chattr +i is not available here (needs root and a filesystem with the flag)")
    try:
        error = refused_untouched(path, "FILE_IMMUTABLE")
        assert "marked as unchangeable" in error.message
        with Desk.open(path, read_only=True) as desk:
            assert len(desk.state.entries) == 6
    finally:
        _chattr("-i", path)


def test_a_fresh_open_replays_to_the_same_state_as_the_checkpointed_one(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path, players=12).close()
    with Desk.open(path) as desk:
        replayed = engine.fold(e for e in desk.events())
        assert snapshot.snapshot(replayed, desk.seq, 0) == snapshot.snapshot(desk.state, desk.seq, 0)


# ---------------------------------------------------------------------------- a real small disk


def fill(disk: Path) -> Path:
    """Take every free byte of `disk`."""
    filler = disk / "filler.bin"
    with filler.open("wb", buffering=0) as out:
        for size in (65536, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    out.write(b"\0" * size)
    return filler


def test_a_full_disk_refuses_the_command_keeps_the_window_reading_and_lets_close_succeed(small_disk: Path) -> None:
    path = small_disk / "t.tdesk"
    clock = FakeClock()
    desk = Desk.create(path, config(), now=clock, seed=3)
    seat_players(desk, 4)
    desk._file.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    filler = fill(small_disk)
    seq, shown = desk.seq, desk.snapshot()
    for cmd in ({"type": "register", "name": "Too Late"}, {"type": "clock", "action": "start"}):
        with pytest.raises(TourneyError) as caught:
            desk.execute(cmd)
        assert caught.value.code == "DISK_FULL"
        assert caught.value.message.startswith("The disk is full: free some space, nothing was lost")
        assert desk.seq == seq and desk.snapshot() == shown  # reads go on as before
        assert len(desk.ledger()) > 0 and desk.plan() is not None
    filler.unlink()  # the TD frees some space: the same command now goes through
    desk.execute({"type": "register", "name": "Too Late"})
    acknowledged = desk.seq
    filler = fill(small_disk)
    try:
        desk.close()  # the closing backup does not fit: the file is closed all the same
    except TourneyError as error:
        assert error.code == "DISK_FULL"
    assert desk._file is None
    filler.unlink()
    with Desk.open(path) as again:
        assert again.seq == acknowledged  # nothing acknowledged was lost


def test_a_file_on_read_only_media_is_refused_as_read_only_and_opens_read_only(small_disk: Path) -> None:
    path = small_disk / "t.tdesk"
    a_tournament(path).close()
    remount = subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True, text=True,
                             check=False)
    if remount.returncode != 0:
        pytest.skip(f"cannot remount read-only here: {remount.stderr.strip()}")
    error = refused_untouched(path, "FILE_READ_ONLY")
    assert "open it read-only" in error.message
    before = folder_bytes(small_disk)
    with Desk.open(path, read_only=True) as desk:
        assert len(desk.state.entries) == 6
        with pytest.raises(TourneyError) as caught:
            desk.execute({"type": "register", "name": "Someone"})
        assert caught.value.code == "FILE_OPENED_READ_ONLY"
    assert folder_bytes(small_disk) == before


_LOOK = textwrap.dedent("""
    import json, os, sys
    from tourneydesk.core.protocol.errors import FileRefused
    from tourneydesk.desk import Desk
""") + BECOME + textwrap.dedent("""
    try:
        Desk.open(sys.argv[1]).close()
        refusal = None
    except FileRefused as error:
        refusal = [error.code, error.message]
    with Desk.open(sys.argv[1], read_only=True) as desk:
        try:
            desk.execute({"type": "register", "name": "Someone"})
            written = "written"
        except FileRefused as error:
            written = error.code
        except Exception as error:
            written = getattr(error, "code", type(error).__name__)
        print(json.dumps({"refusal": refusal, "entries": len(desk.state.entries), "write": written}))
""")


def test_a_file_the_user_may_not_write_is_refused_and_opens_read_only(folder_for_others: Path) -> None:
    """chmod a-w on the file and its folder, opened by an ordinary user: root may write anything, so
    under root (as CI runs) the program is run as `nobody`."""
    folder = folder_for_others
    path = folder / "t.tdesk"
    a_tournament(path).close()
    path.chmod(0o444)
    for side in folder.iterdir():
        side.chmod(0o755 if side.is_dir() else 0o444)
    folder.chmod(0o555)
    before = folder_bytes(folder)
    run = run_as_user(_LOOK, str(path), cwd=folder, home=folder)
    assert run.returncode == 0, run.stderr
    said = json.loads(run.stdout)
    assert said["refusal"][0] == "FILE_NO_PERMISSION"
    assert said["refusal"][1] == "You may not write to t.tdesk: ask for the right to, or open it read-only"
    assert said["entries"] == 6 and said["write"] == "FILE_OPENED_READ_ONLY"
    assert folder_bytes(folder) == before

