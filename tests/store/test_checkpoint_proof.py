"""The checkpoint is proven by the chain, never trusted; a long log opens from it, the rest checked after.

A checkpoint (the folded state as of an event, stored beside the log) once opened as the truth: one digit
changed in it and the reopened file showed 950,000 chips in play where its log held 150,000. Now a
checkpoint is used only when its seal holds over its state and the chain's hash at its event; any other is
folded from the log. The events after it are checked before the file opens; when more than
`log_check.CHECKED_AT_OPEN` come before it, those are checked once the file is open, and nothing is written
(nor read from before the checkpoint) until they are. Real files in tmp_path; damage is done with sqlite3,
as a bad disk or another program would. `TOURNEYDESK_CHECKPOINT_TRIALS=300` runs more damaged checkpoints.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.file_bytes import folder_bytes, refused_untouched, rewrite
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import FileRefused
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneydesk.store import log_check

pytestmark = pytest.mark.durable
TRIALS = settings(max_examples=int(os.environ.get("TOURNEYDESK_CHECKPOINT_TRIALS", "100")))


def a_closed_tournament(path: Path, players: int = 8) -> dict[str, Any]:
    """A tournament played and closed (closing writes a checkpoint at its last event); the state as its log
    folds, which every reopen must show."""
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    seat_players(desk, players)
    desk.execute({"type": "clock", "action": "start"})
    desk.close()
    return folded(path)


def folded(path: Path) -> dict[str, Any]:
    """The state the log alone gives, read without the checkpoint."""
    with Desk.open(path, read_only=True) as desk:
        return engine.fold(desk.events()).to_dict()


def checkpoint_row(path: Path) -> dict[str, Any]:
    conn = sqlite3.connect(path)
    try:
        row = conn.execute("SELECT seq, hash, commands, state, seal FROM checkpoint").fetchone()
        return dict(zip(("seq", "hash", "commands", "state", "seal"), row, strict=True))
    finally:
        conn.close()



def reopened_state(path: Path) -> dict[str, Any]:
    with Desk.open(path) as desk:
        return desk.state.to_dict()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    path = tmp_path_factory.mktemp("played") / "t.tdesk"
    return path, a_closed_tournament(path)


def copy_of(played: tuple[Path, dict[str, Any]], folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for leftover in folder.iterdir():
        if leftover.is_dir():
            shutil.rmtree(leftover)
        else:
            leftover.unlink()
    target = folder / played[0].name
    shutil.copyfile(played[0], target)
    return target


def test_a_checkpoint_changed_to_show_more_chips_opens_with_the_chips_the_log_holds(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    truth = a_closed_tournament(path)
    state = checkpoint_row(path)["state"]
    assert '"chips_bought":160000' in state
    rewrite(path, "UPDATE checkpoint SET state = ?", state.replace('"chips_bought":160000', '"chips_bought":960000'))
    with Desk.open(path) as desk:
        assert desk.snapshot()["chips"]["in_play"] == 160_000
        assert desk.state.to_dict() == truth


@TRIALS
@given(st.data())
def test_whatever_digit_of_the_checkpoint_is_changed_the_file_opens_as_its_log_says(
        played: tuple[Path, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    path = copy_of(played, tmp_path_factory.getbasetemp() / "digit")
    state = checkpoint_row(path)["state"]
    digits = [m.start() for m in re.finditer(r"\d", state)]
    at = data.draw(st.sampled_from(digits), label="digit at")
    new = data.draw(st.sampled_from([d for d in "0123456789" if d != state[at]]), label="new digit")
    rewrite(path, "UPDATE checkpoint SET state = ?", state[:at] + new + state[at + 1:])
    assert reopened_state(path) == played[1]


@TRIALS
@given(st.data())
def test_whatever_bit_of_the_checkpoint_row_flips_the_file_opens_as_its_log_says(
        played: tuple[Path, dict[str, Any]], tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    path = copy_of(played, tmp_path_factory.getbasetemp() / "bit")
    row = checkpoint_row(path)
    column = data.draw(st.sampled_from(sorted(row)), label="column")
    if isinstance(row[column], int):
        rewrite(path, f"UPDATE checkpoint SET {column} = ?", row[column] ^ 1 << data.draw(st.integers(0, 6)))
    else:
        raw = bytearray(row[column].encode())
        at = data.draw(st.integers(0, len(raw) - 1), label="byte")
        raw[at] ^= 1 << data.draw(st.integers(0, 6), label="bit")
        rewrite(path, f"UPDATE checkpoint SET {column} = ?", raw.decode("utf-8", "replace"))
    assert reopened_state(path) == played[1]


def test_a_checkpoint_written_by_an_older_version_is_folded_from_the_log(tmp_path: Path) -> None:
    """A file from before the seals keeps its checkpoint unsealed: it is not used, and the next is sealed."""
    path = tmp_path / "t.tdesk"
    truth = a_closed_tournament(path)
    state = checkpoint_row(path)["state"]
    rewrite(path, "UPDATE checkpoint SET state = ?, seal = NULL, hash = NULL",
            state.replace('"chips_bought":160000', '"chips_bought":960000'))
    assert reopened_state(path) == truth
    assert checkpoint_row(path)["seal"] is not None  # closed again: a sealed checkpoint


# ---------------------------------------------------------------------------- a long log: the rest after the open


@pytest.fixture
def long_log(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every log counts as long: the events before its checkpoint are checked once the file is open."""
    monkeypatch.setattr(log_check, "CHECKED_AT_OPEN", 0)


def event_column(path: Path, seq: int | None, column: str) -> Any:
    """One column of event `seq`, or every row of the log (`seq` None)."""
    conn = sqlite3.connect(path)
    try:
        if seq is None:
            return conn.execute(f"SELECT {column} FROM events ORDER BY seq").fetchall()
        return conn.execute(f"SELECT {column} FROM events WHERE seq = ?", (seq,)).fetchone()[0]
    finally:
        conn.close()


def test_a_long_log_opens_from_its_checkpoint_as_its_log_folds(tmp_path: Path, long_log: None) -> None:
    path = tmp_path / "t.tdesk"
    truth = a_closed_tournament(path, players=12)
    with Desk.open(path) as desk:
        assert desk.state.to_dict() == truth
        assert snapshot.snapshot(desk.state, desk.seq, 0) == snapshot.snapshot(
            engine.fold(desk.events()), desk.seq, 0)
        desk.execute({"type": "register", "name": "Late Comer"})  # the check done, the evening goes on
    assert reopened_state(path)["player_count"] == truth["player_count"] + 1


def test_a_long_log_damaged_before_its_checkpoint_is_written_to_by_nothing_and_refused_at_the_next_open(
        tmp_path: Path, long_log: None) -> None:
    path = tmp_path / "t.tdesk"
    truth = a_closed_tournament(path)
    payload = event_column(path, 2, "payload")
    rewrite(path, "UPDATE events SET payload = ? WHERE seq = 2", payload.replace("Player", "Plyer"))
    events_before = event_column(path, None, "*")
    with Desk.open(path) as desk:
        assert desk.state.to_dict() == truth  # the proven checkpoint and the checked tail: the truth
        seq = desk.seq
        with pytest.raises(FileRefused) as caught:
            desk.execute({"type": "register", "name": "Someone"})
        assert caught.value.code == "LOG_DAMAGED"
        assert caught.value.params["first_bad_seq"] == 2 and caught.value.params["intact_events"] == 1
        assert desk.seq == seq
        with pytest.raises(FileRefused):
            desk.events()  # the part before the checkpoint is never read as if it were whole
    assert event_column(path, None, "*") == events_before
    assert refused_untouched(path, "LOG_DAMAGED").params["first_bad_seq"] == 2  # with its ways out


def test_a_long_log_damaged_after_its_checkpoint_is_refused_at_open_naming_the_first_bad_event(
        tmp_path: Path, long_log: None) -> None:
    path = tmp_path / "t.tdesk"
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    seat_players(desk, 6)
    desk._file.save_checkpoint(desk.seq, desk.state.to_dict())
    checkpoint_seq = desk.seq
    for name in ("Late One", "Late Two", "Late Three"):
        desk.execute({"type": "register", "name": name})
    desk._file.abandon()  # as a crash leaves it: the checkpoint behind the end of the log
    rewrite(path, "UPDATE events SET at = at + 1 WHERE seq = ?", checkpoint_seq + 2)
    error = refused_untouched(path, "LOG_DAMAGED")
    assert error.params["first_bad_seq"] == checkpoint_seq + 2


def test_a_long_log_read_before_its_checkpoint_waits_for_the_check_and_reads_the_log(
        tmp_path: Path, long_log: None) -> None:
    path = tmp_path / "t.tdesk"
    a_closed_tournament(path)
    with Desk.open(path, read_only=True) as desk:
        assert [e.seq for e in desk.events()] == list(range(1, desk.seq + 1))
        assert desk.ledger()  # the cashier's books, read off the whole log


def test_a_long_log_closed_at_once_leaves_nothing_running_and_nothing_changed(tmp_path: Path, long_log: None) -> None:
    path = tmp_path / "t.tdesk"
    a_closed_tournament(path)
    before = folder_bytes(tmp_path)
    Desk.open(path, read_only=True).close()
    assert folder_bytes(tmp_path) == before
    assert not [t for t in threading.enumerate() if t.name == "tourneydesk-chain-check"]


def test_a_checkpoint_that_does_not_hold_is_never_read_back_by_an_undo(tmp_path: Path) -> None:
    """An undo folds the state again from the checkpoint: the stored one, proven again, or the log."""
    path = tmp_path / "t.tdesk"
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    try:
        seat_players(desk, 4)
        desk._file.save_checkpoint(desk.seq, desk.state.to_dict())
        desk._file.connection.execute("UPDATE checkpoint SET state = replace(state, '\"chips_bought\":80000',"
                                      " '\"chips_bought\":980000')")
        desk.execute({"type": "register", "name": "Late Comer"})
        desk.execute({"type": "undo"})
        assert desk.state.chips_bought == 80_000
        assert desk.state.to_dict() == engine.fold(desk.events()).to_dict()
    finally:
        desk.close()
