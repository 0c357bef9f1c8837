"""The file's edge cases: what another program changed in it or planted there, a read-only desk beside the
one that writes, read-only media with the last commands in the write-ahead log, a file nobody may read.

Real files in tmp_path, changed with sqlite3 as another program would; real child processes for another
user; a real read-only mount where the machine allows it. Every refusal leaves every byte as it was.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.file_bytes import folder_bytes, refused_untouched, rewrite
from tests.helpers.other_user import BECOME, run_as_user
from tourneydesk import desk as desk_module
from tourneydesk.core.protocol.errors import FileRefused, TourneyError
from tourneydesk.desk import Desk

REPO = Path(__file__).resolve().parents[2]


def change(path: Path, *statements: str) -> None:
    """Another program's changes to a closed file."""
    for sql in statements:
        rewrite(path, sql)


def a_tournament(path: Path, players: int = 4) -> Desk:
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    seat_players(desk, players)
    return desk



# ---------------------------------------------------------------------------- a changed answer


def test_a_retried_command_whose_stored_answer_was_changed_is_refused_and_nothing_is_done_twice(
        tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    desk = a_tournament(path)
    player = desk.execute({"type": "register", "name": "Ana Paid", "command_id": "reg-ana"})["player"]
    sale = {"type": "buy_in", "player": player, "payment": "cash", "present": True, "command_id": "sale-ana"}
    first = desk.execute(sale)
    assert desk.execute(sale) == first  # a retry gets the first answer, and nothing is sold twice
    desk.close()
    assert first["chips"] == 20_000
    change(path, "UPDATE commands SET result = replace(result, '20000', '90000') WHERE command_id = 'sale-ana'",
           f"UPDATE commands SET result = replace(result, '{player}', 'p9') WHERE command_id = 'reg-ana'")
    with Desk.open(path) as desk:
        seq = desk.seq
        for command, command_id in ((sale, "sale-ana"), ({"type": "register", "name": "Ana Paid",
                                                            "command_id": "reg-ana"}, "reg-ana")):
            with pytest.raises(TourneyError) as caught:
                desk.execute(command)
            assert caught.value.code == "ANSWER_DAMAGED"
            assert caught.value.params["command_id"] == command_id
            assert "nothing was done again" in caught.value.message
        assert desk.seq == seq


def test_answers_stored_before_the_seals_are_sealed_by_the_upgrade_and_still_given(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    desk = a_tournament(path)
    answer = desk.execute({"type": "register", "name": "Ana", "command_id": "reg-ana"})
    desk.close()
    change(path, "PRAGMA user_version = 2", "DROP TABLE checkpoint",
           "CREATE TABLE checkpoint (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, state TEXT NOT NULL)",
           "ALTER TABLE commands DROP COLUMN seal")
    with Desk.open(path) as desk:  # schema 2, as the last version wrote it: migrated
        assert desk._file.schema_version == 3
        assert desk.execute({"type": "register", "name": "Ana", "command_id": "reg-ana"}) == answer


# ---------------------------------------------------------------------------- what another program made


def test_a_schema_version_set_back_on_a_chained_file_is_refused_as_changed(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    change(path, "PRAGMA user_version = 1")
    for opener in (lambda: Desk.open(path), lambda: Desk.open(path, read_only=True)):
        error = refused_untouched(path, "FILE_CORRUPT", opener)
        assert "does not make at schema 1" in error.message and "a column hash in events" in error.message


@pytest.mark.parametrize(("planted", "named"), [
    ("CREATE TRIGGER rewrite AFTER INSERT ON events BEGIN"
     " UPDATE events SET payload = '{\"name\":\"Mallory\"}' WHERE seq = 2; END", "a trigger named rewrite"),
    ("CREATE TRIGGER keep BEFORE DELETE ON checkpoint BEGIN SELECT RAISE(IGNORE); END", "a trigger named keep"),
    ("CREATE VIEW everyone AS SELECT * FROM events", "a view named everyone"),
    ("CREATE INDEX by_type ON events (type)", "an index named by_type"),
    ("CREATE TABLE notes (text)", "a table named notes"),
    ("ALTER TABLE events ADD COLUMN note TEXT", "a column note in events"),
])
def test_a_file_holding_what_the_program_did_not_make_is_refused_untouched(
        tmp_path: Path, planted: str, named: str) -> None:
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    change(path, planted)
    for opener in (lambda: Desk.open(path), lambda: Desk.open(path, read_only=True)):
        error = refused_untouched(path, "FILE_CORRUPT", opener)
        assert named in error.message
        assert "another program changed it" in error.message


def test_a_planted_trigger_never_rewrites_an_event(tmp_path: Path) -> None:
    """What the trigger did before it was refused: the next command rewrote event #2 behind the chain."""
    path = tmp_path / "t.tdesk"
    a_tournament(path).close()
    change(path, "CREATE TRIGGER rewrite AFTER INSERT ON events BEGIN"
                 " UPDATE events SET payload = '{}' WHERE seq = 2; END")
    with pytest.raises(FileRefused):
        Desk.open(path).execute({"type": "register", "name": "Someone"})
    change(path, "DROP TRIGGER rewrite")  # the way out for someone who knows: take it away
    with Desk.open(path) as desk:
        desk.execute({"type": "register", "name": "Someone"})
        assert desk.events()[1].payload["name"] == "Player 1"


# ---------------------------------------------------------------------------- a read-only desk beside a writer


def test_a_read_only_desk_opened_while_the_writer_goes_on_shows_exactly_its_seq(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The writer's command lands between the read-only open's check of the log and its fold."""
    path = tmp_path / "t.tdesk"
    writer = a_tournament(path)
    fold = desk_module._load_state

    def writer_goes_on(file: Any) -> Any:
        writer.execute({"type": "register", "name": "Came In Meanwhile"})
        return fold(file)

    monkeypatch.setattr(desk_module, "_load_state", writer_goes_on)
    try:
        with Desk.open(path, read_only=True) as look:
            assert writer.seq == look.seq + 1
            assert len(look.state.players) == 4
            assert [e.seq for e in look.events()] == list(range(1, look.seq + 1))
            assert look.events(look.seq) == []
    finally:
        writer.close()


def test_read_only_desks_opened_beside_a_busy_writer_each_hold_what_their_seq_says(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    writer = a_tournament(path, players=2)
    done = threading.Event()

    def keep_registering() -> None:
        for i in range(400):
            if done.is_set():
                return
            writer.execute({"type": "register", "name": f"Walk In {i}"})

    thread = threading.Thread(target=keep_registering)
    thread.start()
    try:
        for _ in range(15):
            with Desk.open(path, read_only=True) as look:
                registered = sum(1 for e in look.events() if e.type == "player_registered")
                assert len(look.state.players) == registered
                assert look.events()[-1].seq == look.seq
    finally:
        done.set()
        thread.join()
        writer.close()


# ---------------------------------------------------------------------------- read-only media, a hot WAL


def test_read_only_media_with_the_last_commands_in_the_wal_and_no_index_opens_read_only_whole(
        small_disk: Path, tmp_path: Path) -> None:
    live = a_tournament(tmp_path / "t.tdesk")
    live._file.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    live._file.connection.execute("PRAGMA wal_autocheckpoint = 0")
    live.execute({"type": "register", "name": "Late Comer"})
    live.execute({"type": "register", "name": "Later Still"})
    acknowledged = live.seq
    path = small_disk / "t.tdesk"
    for suffix in ("", "-wal", ".ack"):  # the card as the laptop left it: no -shm
        shutil.copyfile(f"{live.path}{suffix}", f"{path}{suffix}")
    live.close()
    remount = subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], capture_output=True, text=True,
                             check=False)
    if remount.returncode != 0:
        pytest.skip(f"cannot remount read-only here: {remount.stderr.strip()}")
    assert "open it read-only" in refused_untouched(path, "FILE_READ_ONLY").message
    before, copies = folder_bytes(small_disk), set(Path(tempfile.gettempdir()).glob("tourneydesk-read-only-*"))
    with Desk.open(path, read_only=True) as desk:
        assert desk.seq == acknowledged  # the last commands too, read from the WAL
        assert {p.name for p in desk.state.players.values()} >= {"Late Comer", "Later Still"}
        with pytest.raises(TourneyError) as caught:
            desk.execute({"type": "register", "name": "Someone"})
        assert caught.value.code == "FILE_OPENED_READ_ONLY"
    assert folder_bytes(small_disk) == before
    assert set(Path(tempfile.gettempdir()).glob("tourneydesk-read-only-*")) == copies  # the copy is gone


# ---------------------------------------------------------------------------- a file nobody may read

_TRY = textwrap.dedent("""
    import json, sys
    from tourneydesk.core.protocol.errors import FileRefused
    from tourneydesk.desk import Desk
""") + BECOME + textwrap.dedent("""
    said = []
    for read_only in (False, True):
        try:
            Desk.open(sys.argv[1], read_only=read_only).close()
            said.append(None)
        except FileRefused as error:
            said.append([error.code, error.message])
    print(json.dumps(said))
""")


def test_a_file_nobody_may_read_is_refused_as_unreadable_both_ways(folder_for_others: Path) -> None:
    folder = folder_for_others
    folder.chmod(0o777)
    path = folder / "t.tdesk"
    a_tournament(path).close()
    path.chmod(0o000)
    before = {p.name: p.stat().st_mode for p in folder.iterdir()}
    run = run_as_user(_TRY, str(path), cwd=REPO, home=folder)
    assert run.returncode == 0, run.stderr
    writable, read_only = json.loads(run.stdout)
    for refusal in (writable, read_only):
        assert refusal[0] == "FILE_UNREADABLE"
        assert refusal[1] == "You may not read t.tdesk: ask for the right to read it (its owner or an " \
                             "administrator can give it)"
    assert {p.name: p.stat().st_mode for p in folder.iterdir()} == before
