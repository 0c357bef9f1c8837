"""The log read beside the program that has the file open (what the sync reads): its own connection, the
events and their chain as the file holds them, and the sync's bookkeeping in the one `sync_state` row
the desk's file reads too. Real files on disk."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tourneydesk.store import NewEvent, TournamentFile
from tourneydesk.store.log_reader import LogReader, LogUnreadable

T0 = 1_760_000_000.0


@pytest.fixture
def tf(tmp_path: Path) -> Iterator[TournamentFile]:
    f = TournamentFile.create(tmp_path / "friday.tdesk", tournament_id="t-1", created_at=T0, app_version="0.1.0")
    f.append([NewEvent("tournament_created", T0, {"config": {"name": "Friday", "sync": {"url": "https://a"}}})])
    for i in range(6):
        f.append([NewEvent("player_registered", T0 + i, {"player": f"p{i}", "name": f"Player {i}"},
                           station="cashier", actor="ana")])
    yield f
    f.close(backup=False)


def test_it_reads_the_log_while_the_desk_has_the_file_open_and_writes_on(tf: TournamentFile) -> None:
    with LogReader(tf.path) as log:
        assert log.tournament_id == "t-1"
        assert log.last_seq() == 7
        read = log.events(2, 3)
        assert [e.seq for e in read] == [3, 4, 5]
        assert [(e.type, e.station, e.actor, e.payload["name"]) for e in read[:1]] == [
            ("player_registered", "cashier", "ana", "Player 1")]
        assert {e.seq: e.hash for e in read} == log.hashes(3, 5) == {s: tf.hash_at(s) for s in (3, 4, 5)}
        tf.append([NewEvent("player_registered", T0 + 9, {"player": "p9", "name": "Late"})])
        assert log.last_seq() == 8  # no snapshot held open: the desk's next event is seen at once
        assert log.hash_at(8) == tf.last_hash()
        assert log.newest_payload(("tournament_created", "config_changed"), "config") == {
            "config": {"name": "Friday", "sync": {"url": "https://a"}}}


def test_an_older_file_without_stored_hashes_gets_the_same_chain_computed(tf: TournamentFile) -> None:
    expected = {s: str(tf.hash_at(s)) for s in range(1, 8)}
    tf.connection.execute("UPDATE events SET hash = NULL")  # as a file of schema 1 holds its log
    with LogReader(tf.path) as log:
        assert log.hashes(1, 7) == expected
        assert log.hash_at(0) == "0" * 64


def test_events_damaged_since_the_desk_opened_the_file_are_never_handed_to_the_sync(tf: TournamentFile) -> None:
    tf.connection.execute("UPDATE events SET payload = replace(payload, 'Player 4', 'Player 9') WHERE seq = 6")
    with LogReader(tf.path) as log:
        assert [e.seq for e in log.events(0, 5)] == [1, 2, 3, 4, 5]
        for after in (0, 5):
            with pytest.raises(LogUnreadable, match="damaged at event #6"):
                log.events(after, 500)


def test_what_the_site_acknowledged_is_the_row_the_desks_file_reads(tf: TournamentFile) -> None:
    with LogReader(tf.path) as log:
        assert log.acked("https://a") == 0
        log.record_error("https://a", "offline")
        assert (log.acked("https://a"), log.last_error("https://a")) == (0, "offline")
        log.record_acked("https://a", 5, T0 + 60)
        assert (log.acked("https://a"), log.last_error("https://a")) == (5, None)  # an answer clears the error
        assert tf.sync_acked("https://a") == 5
        tf.set_sync_error("https://a", "HTTP 502")
        assert (log.acked("https://a"), log.last_error("https://a")) == (5, "HTTP 502")
        log.record_acked("https://a", 2, T0 + 120)  # the site lost data: kept as it said, not max'ed
        assert tf.sync_acked("https://a") == 2
        assert log.acked("https://b") == 0


def test_a_read_only_reader_writes_nothing(tf: TournamentFile) -> None:
    tf.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = tf.path.read_bytes()
    with LogReader(tf.path, read_only=True) as log:
        with pytest.raises(LogUnreadable):
            log.record_acked("https://a", 3, T0)
        assert log.acked("https://a") == 0
    assert tf.path.read_bytes() == before


def test_a_missing_or_foreign_file_is_said_so(tmp_path: Path) -> None:
    with pytest.raises(LogUnreadable):
        LogReader(tmp_path / "gone.tdesk")
    assert not (tmp_path / "gone.tdesk").exists()  # looked for, never created
    other = tmp_path / "other.sqlite"
    sqlite3.connect(other).executescript("CREATE TABLE meta (key TEXT, value TEXT); CREATE TABLE events (seq INT);")
    with pytest.raises(ValueError, match="no tournament id"):
        LogReader(other)
    (tmp_path / "notes.tdesk").write_text("not a database at all, just words" * 100)
    with pytest.raises(LogUnreadable):
        LogReader(tmp_path / "notes.tdesk")
