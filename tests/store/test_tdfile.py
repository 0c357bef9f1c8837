"""The tournament file: the log, its transactions, refusals, migrations, backups.

Real files on disk (tmp_path), because what matters here is what lands on disk: WAL, one COMMIT
per command, refused files left byte-for-byte alone.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tourneydesk.core.protocol.errors import FileRefused, TourneyError
from tourneydesk.store import NewEvent, StoredEvent, TournamentFile, load_migrations, migrations_dir

pytestmark = pytest.mark.durable  # the store's own tests: the file as the app writes it

T0 = 1_760_000_000.0  # an instant in October 2025, POSIX seconds UTC
REPO_MIGRATIONS = Path(__file__).resolve().parents[2] / "db" / "migrations"
LATEST = len(load_migrations(REPO_MIGRATIONS))  # the schema this program writes


def new_file(path: Path, **kwargs: Any) -> TournamentFile:
    return TournamentFile.create(path, tournament_id="t-1", created_at=T0, app_version="0.1.0", **kwargs)


@pytest.fixture
def tf(tmp_path: Path) -> Iterator[TournamentFile]:
    f = new_file(tmp_path / "friday.tdesk")
    yield f
    f.close(backup=False)


def some_events(n: int, *, at: float = T0) -> list[NewEvent]:
    return [
        NewEvent("register", at + i, {"player": f"p{i}", "name": f"Player {i}"}, station="td", actor="ana")
        for i in range(n)
    ]


class Trace:
    """Counts the transaction statements SQLite actually runs on a connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.statements: list[str] = []
        conn.set_trace_callback(self.statements.append)

    def count(self, keyword: str) -> int:
        return sum(1 for s in self.statements if s.strip().upper().startswith(keyword))


def snapshot_dir(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of a folder with its bytes and mtime: what 'left untouched' means."""
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir()) if p.is_file()}


def assert_refused_untouched(
    path: Path, code: str, opener: Callable[[], object] | None = None
) -> FileRefused:
    before = snapshot_dir(path.parent)
    with pytest.raises(FileRefused) as caught:
        (opener or (lambda: TournamentFile.open(path)))()
    assert caught.value.code == code, caught.value.message
    assert snapshot_dir(path.parent) == before  # same files, same bytes, same mtimes, nothing new
    assert isinstance(caught.value, TourneyError)
    assert caught.value.params["path"] == str(path)
    return caught.value


# ---------------------------------------------------------------------------- round trip


def test_create_then_open_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    f = new_file(path)
    assert f.path == path
    assert f.tournament_id == "t-1"
    assert f.schema_version == LATEST
    assert f.meta == {
        "app": "tourneydesk",
        "tournament_id": "t-1",
        "created_at": repr(T0),
        "app_version": "0.1.0",
    }
    assert f.last_seq() == 0
    assert list(f.events()) == []

    written = [*some_events(2), NewEvent("clock", T0 + 9.25, {"action": "start", "note": "déjà vu ♠"})]
    assert f.append(written[:2]) == (1, 2)
    assert f.append(written[2:]) == (3, 3)
    assert f.last_seq() == 3
    f.close(backup=False)

    g = TournamentFile.open(path)
    try:
        assert g.last_seq() == 3
        assert g.tournament_id == "t-1"
        stored = list(g.events())
        assert [(e.type, e.at, e.payload, e.station, e.actor) for e in stored] == [
            (e.type, e.at, e.payload, e.station, e.actor) for e in written
        ]
        assert [(e.seq, e.command_seq) for e in stored] == [(1, 1), (2, 1), (3, 3)]
        assert all(isinstance(e, StoredEvent) for e in stored)
        assert [e.seq for e in g.events(after=2)] == [3]
        assert list(g.events(after=3)) == []
        assert g.append(some_events(1)) == (4, 4)
    finally:
        g.close(backup=False)


def test_payload_is_stored_as_compact_sorted_json(tf: TournamentFile) -> None:
    tf.append([NewEvent("x", T0, {"b": 1, "a": ["é", 2]})])
    raw = tf.connection.execute("SELECT payload FROM events").fetchone()[0]
    assert raw == '{"a":["é",2],"b":1}'


def test_events_are_read_in_pages_without_losing_order(tf: TournamentFile) -> None:
    tf.append(some_events(2500))
    seqs = [e.seq for e in tf.events()]
    assert seqs == list(range(1, 2501))
    assert [e.seq for e in tf.events(after=999)][:2] == [1000, 1001]
    # an abandoned iteration leaves no statement open: the WAL can still be checkpointed fully
    iterator = tf.events()
    next(iterator)
    busy, _, _ = tf.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    assert busy == 0


def test_new_event_is_validated_before_any_transaction() -> None:
    with pytest.raises(ValueError):
        NewEvent("", T0, {})
    with pytest.raises(ValueError):
        NewEvent("x", float("nan"), {})
    with pytest.raises(ValueError):
        NewEvent("x", True, {})
    with pytest.raises(ValueError):
        NewEvent("x", T0, ["not", "a", "dict"])  # type: ignore[arg-type]


def test_append_of_nothing_is_refused(tf: TournamentFile) -> None:
    with pytest.raises(ValueError):
        tf.append([])


# ---------------------------------------------------------------------------- transactions


def test_one_append_is_one_transaction(tf: TournamentFile) -> None:
    trace = Trace(tf.connection)
    before = tf.transaction_count
    tf.append(some_events(5), command_id="cmd-1", result_fn=lambda a, b: {"seq": b})
    assert tf.transaction_count == before + 1
    assert trace.count("BEGIN") == 1
    assert trace.count("COMMIT") == 1
    assert trace.count("ROLLBACK") == 0


def test_a_payload_that_is_not_json_writes_nothing(tf: TournamentFile) -> None:
    tf.append(some_events(1))
    trace = Trace(tf.connection)
    bad = [NewEvent("ok", T0, {"a": 1}), NewEvent("bad", T0, {"when": object()})]
    with pytest.raises(TypeError):
        tf.append(bad, command_id="cmd-bad")
    assert tf.last_seq() == 1
    assert tf.connection.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    assert tf.command_result("cmd-bad") is None
    assert trace.count("COMMIT") == 0
    assert tf.append(some_events(1)) == (2, 2)  # the cached seq was not advanced


def test_nan_in_a_payload_is_refused_not_written(tf: TournamentFile) -> None:
    with pytest.raises(ValueError):
        tf.append([NewEvent("x", T0, {"ratio": float("nan")})])
    assert tf.last_seq() == 0


def test_a_failure_inside_the_transaction_rolls_it_all_back(tf: TournamentFile) -> None:
    tf.append(some_events(1), command_id="cmd-1")
    trace = Trace(tf.connection)
    count = tf.transaction_count
    # the events insert fine, then the commands row hits its primary key: all of it must go
    with pytest.raises(sqlite3.IntegrityError):
        tf.append(some_events(3), command_id="cmd-1")
    assert trace.count("ROLLBACK") == 1
    assert trace.count("COMMIT") == 0
    assert tf.transaction_count == count
    assert tf.last_seq() == 1
    assert tf.connection.execute("SELECT count(*) FROM events").fetchone()[0] == 1
    assert not tf.connection.in_transaction


def test_a_failing_result_fn_writes_nothing(tf: TournamentFile) -> None:
    def boom(first: int, last: int) -> dict[str, Any]:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        tf.append(some_events(2), command_id="cmd-x", result_fn=boom)
    assert tf.last_seq() == 0
    assert tf.command_result("cmd-x") is None


def test_another_writer_makes_append_fail_instead_of_interleaving(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    try:
        f.append(some_events(1))
        intruder = sqlite3.connect(path, isolation_level=None)
        intruder.execute(
            "INSERT INTO events (seq, command_seq, type, at, payload) VALUES (2, 2, 'x', 0, '{}')"
        )
        intruder.close()
        with pytest.raises(sqlite3.IntegrityError):
            f.append(some_events(1))
        assert [row[:2] for row in f.connection.execute("SELECT seq, type FROM events")] == [(1, "register"), (2, "x")]
        assert [e.seq for e in f.events()] == [1]  # what this object wrote, never what it did not check
    finally:
        f.close(backup=False)


def test_the_write_ahead_log_is_folded_then_written_over_never_grown_again(tf: TournamentFile) -> None:
    """A fold keeps the log's blocks: the commits after it write over them, so their flush changes no file's
    size (which would cost a journal commit of the file system at every command)."""
    for _ in range(60):
        tf.append(some_events(1))
    wal = Path(f"{tf.path}-wal")
    assert tf.wal_pages() >= 60
    size = wal.stat().st_size
    tf.checkpoint_wal()
    assert tf.wal_pages() == 0
    for _ in range(10):
        tf.append(some_events(1))
    assert 10 <= tf.wal_pages() < 60
    assert wal.stat().st_size == size
    assert [e.seq for e in tf.events()] == list(range(1, 71))


def test_pragmas(tf: TournamentFile) -> None:
    conn = tf.connection
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_pragmas_after_reopen(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    new_file(path).close(backup=False)
    with TournamentFile.open(path) as f:
        assert f.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert f.connection.execute("PRAGMA synchronous").fetchone()[0] == 2


def test_the_connection_may_be_handed_to_another_thread(tf: TournamentFile) -> None:
    # The desk opens a file on a worker and hands it to the GUI thread, or lends it to a worker for a
    # slow undo; the Desk's lock (tests/desk/test_threads.py) lets one thread in at a time.
    errors: list[BaseException] = []

    def elsewhere() -> None:
        try:
            tf.append(some_events(1))
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert errors == [] and tf.last_seq() == 1
    tf.append(some_events(1))  # and back on this one
    assert tf.last_seq() == 2


# ---------------------------------------------------------------------------- idempotency


def test_command_results_are_stored_with_their_events(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    seen: list[tuple[int, int]] = []

    def result(first: int, last: int) -> dict[str, Any]:
        seen.append((first, last))
        return {"seq": last, "entry": "e1", "price": {"prize": 8000}}

    assert f.append(some_events(3), command_id="buy-42", result_fn=result) == (1, 3)
    assert seen == [(1, 3)]
    assert f.command_result("buy-42") == {"seq": 3, "entry": "e1", "price": {"prize": 8000}}
    assert f.command_result("never") is None
    f.append(some_events(1), command_id="plain")
    assert f.command_result("plain") == {"seq": 4}  # the default result
    f.append(some_events(1), result_fn=result)  # no command_id: nothing stored, result_fn unused
    assert seen == [(1, 3)]
    f.close(backup=False)
    with TournamentFile.open(path) as g:
        assert g.command_result("buy-42") == {"seq": 3, "entry": "e1", "price": {"prize": 8000}}
        row = g.connection.execute("SELECT first_seq, last_seq FROM commands WHERE command_id = 'buy-42'")
        assert row.fetchone() == (1, 3)


# ---------------------------------------------------------------------------- refusals


def test_missing_path(tmp_path: Path) -> None:
    with pytest.raises(FileRefused) as caught:
        TournamentFile.open(tmp_path / "nope.tdesk")
    assert caught.value.code == "FILE_MISSING"
    assert "nope.tdesk" in caught.value.message
    assert list(tmp_path.iterdir()) == []  # not created by looking


def test_create_refuses_an_existing_path(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    path.write_bytes(b"anything")
    assert_refused_untouched(path, "FILE_EXISTS", lambda: new_file(path))
    dangling = tmp_path / "link.tdesk"
    dangling.symlink_to(tmp_path / "nowhere.tdesk")
    with pytest.raises(FileRefused) as caught:
        new_file(dangling)
    assert caught.value.code == "FILE_EXISTS"
    assert not (tmp_path / "nowhere.tdesk").exists()
    existing = tmp_path / "real.tdesk"
    new_file(existing).close(backup=False)
    assert_refused_untouched(existing, "FILE_EXISTS", lambda: new_file(existing))


def test_a_text_file_renamed_tdesk_is_foreign(tmp_path: Path) -> None:
    path = tmp_path / "notes.tdesk"
    path.write_text("Friday PKO: 42 players\n" * 200, encoding="utf-8")
    error = assert_refused_untouched(path, "FILE_FOREIGN")
    assert "not an SQLite database" in error.message


def test_an_empty_file_is_foreign(tmp_path: Path) -> None:
    path = tmp_path / "empty.tdesk"
    path.write_bytes(b"")
    assert_refused_untouched(path, "FILE_FOREIGN")


def test_a_folder_is_not_a_file(tmp_path: Path) -> None:
    path = tmp_path / "folder.tdesk"
    path.mkdir()
    with pytest.raises(FileRefused) as caught:
        TournamentFile.open(path)
    assert caught.value.code == "FILE_NOT_A_FILE"
    assert caught.value.message == "folder.tdesk is a folder, not a file: choose the tournament file itself"


def _sqlite_file(path: Path, *statements: str, wal: bool = False) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    for statement in statements:
        conn.execute(statement)
    conn.close()


@pytest.mark.parametrize("wal", [False, True])
def test_an_sqlite_file_without_our_meta_is_foreign(tmp_path: Path, wal: bool) -> None:
    path = tmp_path / "other.tdesk"
    _sqlite_file(path, "CREATE TABLE songs (title TEXT)", "INSERT INTO songs VALUES ('x')", wal=wal)
    error = assert_refused_untouched(path, "FILE_FOREIGN")
    assert "another program" in error.message


def test_a_meta_table_of_another_program_is_foreign(tmp_path: Path) -> None:
    a = tmp_path / "a.tdesk"
    _sqlite_file(
        a, "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)", "INSERT INTO meta VALUES ('app', 'x')"
    )
    assert_refused_untouched(a, "FILE_FOREIGN")
    b = tmp_path / "b.tdesk"
    _sqlite_file(b, "CREATE TABLE meta (name TEXT, data BLOB)")
    assert_refused_untouched(b, "FILE_FOREIGN")


def test_a_newer_file_is_refused_naming_both_versions(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    new_file(path).close(backup=False)
    _sqlite_file(path, "PRAGMA user_version = 99")
    error = assert_refused_untouched(path, "FILE_NEWER")
    assert error.message == (
        f"This file was written by a newer TourneyDesk (schema 99); this version reads up to schema {LATEST}"
    )
    assert error.params["file_schema"] == 99
    assert error.params["known_schema"] == LATEST


def test_a_newer_file_still_in_use_is_read_through_its_wal_and_left_alone(tmp_path: Path) -> None:
    """A -wal with data (a crash, or another program has it open) must be read, not ignored."""
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    f.close(backup=False)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("PRAGMA wal_autocheckpoint = 0")
        other.execute("PRAGMA user_version = 7")
        assert Path(f"{path}-wal").stat().st_size > 0
        main_before = (path.read_bytes(), path.stat().st_mtime_ns)
        with pytest.raises(FileRefused) as caught:
            TournamentFile.open(path)
        assert caught.value.code == "FILE_NEWER"
        assert "schema 7" in caught.value.message
        assert (path.read_bytes(), path.stat().st_mtime_ns) == main_before
    finally:
        other.close()


def _garble(path: Path, offset: int, length: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset : offset + length] = bytes((i * 37 + 11) % 256 for i in range(length))
    path.write_bytes(bytes(data))


def _filled_file(path: Path) -> None:
    f = new_file(path)
    f.append([NewEvent("note", T0 + i, {"text": "x" * 300, "i": i}) for i in range(200)])
    f.close(backup=False)


def test_a_truncated_file_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    _filled_file(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    error = assert_refused_untouched(path, "FILE_CORRUPT")
    assert "cut short" in error.message


def test_a_file_cut_inside_its_header_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    _filled_file(path)
    path.write_bytes(path.read_bytes()[:60])
    assert_refused_untouched(path, "FILE_CORRUPT")


def test_garbled_pages_are_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    _filled_file(path)
    page_size = 4096
    size = path.stat().st_size
    _garble(path, size - 3 * page_size, 2 * page_size)  # inside the events table
    error = assert_refused_untouched(path, "FILE_CORRUPT")
    assert "damaged" in error.message


def test_a_garbled_header_is_foreign(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    _filled_file(path)
    _garble(path, 0, 16)
    assert_refused_untouched(path, "FILE_FOREIGN")


def test_corrupt_message_points_to_the_backups(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    _filled_file(path)
    with TournamentFile.open(path) as f:
        f.backup("level", T0)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    error = assert_refused_untouched(path, "FILE_CORRUPT")
    assert "t.backups" in error.message


def test_a_missing_table_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    new_file(path).close(backup=False)
    _sqlite_file(path, "DROP TABLE sync_state")
    error = assert_refused_untouched(path, "FILE_CORRUPT")
    assert "sync_state" in error.message


def test_a_missing_column_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    new_file(path).close(backup=False)
    _sqlite_file(path, "ALTER TABLE events DROP COLUMN actor")
    error = assert_refused_untouched(path, "FILE_CORRUPT")
    assert "actor" in error.message


# ---------------------------------------------------------------------------- migrations


def test_migrations_dir_is_found_from_the_repo_and_overridden_by_the_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TOURNEYDESK_MIGRATIONS", raising=False)
    assert migrations_dir() == REPO_MIGRATIONS
    assert [n for n, _ in load_migrations()] == list(range(1, LATEST + 1))
    monkeypatch.setenv("TOURNEYDESK_MIGRATIONS", str(tmp_path))
    assert migrations_dir() == tmp_path


def _extended_migrations(folder: Path, *extra: str) -> Path:
    folder.mkdir()
    for migration in REPO_MIGRATIONS.glob("*.sql"):
        shutil.copy(migration, folder / migration.name)
    for number, sql in enumerate(extra, start=LATEST + 1):
        (folder / f"{number:03d}_extra.sql").write_text(sql, encoding="utf-8")
    (folder / "README.md").write_text("not a migration", encoding="utf-8")
    return folder


def test_pending_migrations_are_applied_in_order_one_transaction_each(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    f.append(some_events(2))
    f.close(backup=False)
    folder = _extended_migrations(
        tmp_path / "mig",
        "CREATE TABLE seats_view (entry TEXT PRIMARY KEY, tbl INTEGER);\n-- ends with a comment",
        "ALTER TABLE seats_view ADD COLUMN seat INTEGER;\nINSERT INTO seats_view VALUES ('e1', 1, 2);",
    )
    g = TournamentFile.open(path, migrations=folder, now=T0)
    try:
        assert g.schema_version == LATEST + 2
        assert g.connection.execute("PRAGMA user_version").fetchone()[0] == LATEST + 2
        assert g.db["seats_view"].columns_dict.keys() == {"entry", "tbl", "seat"}
        assert g.connection.execute("SELECT * FROM seats_view").fetchall() == [("e1", 1, 2)]
        assert g.transaction_count == 2
        assert g.last_seq() == 2
        backups = sorted((tmp_path / "t.backups").iterdir())
        assert [b.name for b in backups] == [f"t-20251009-085320-before-schema-{LATEST + 2}-s2.tdesk"]
    finally:
        g.close(backup=False)
    # the pre-migration copy is still a file of this program's schema, which it reads
    with TournamentFile.open(backups[0], migrations=REPO_MIGRATIONS) as old:
        assert old.schema_version == LATEST
    # and a program that knows only that schema refuses the migrated file
    assert_refused_untouched(
        path, "FILE_NEWER", lambda: TournamentFile.open(path, migrations=REPO_MIGRATIONS)
    )


def test_a_failing_migration_rolls_back_only_itself(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    new_file(path).close(backup=False)
    folder = _extended_migrations(
        tmp_path / "mig", "CREATE TABLE a (x);", "CREATE TABLE b (y); THIS IS NOT SQL;"
    )
    with pytest.raises(sqlite3.OperationalError):
        TournamentFile.open(path, migrations=folder, now=T0)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST + 1
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "a" in tables and "b" not in tables
    finally:
        conn.close()


def test_create_applies_every_migration_in_one_transaction(tmp_path: Path) -> None:
    folder = _extended_migrations(tmp_path / "mig", "CREATE TABLE a (x);", "CREATE TABLE b (y);")
    trace_target = tmp_path / "t.tdesk"
    f = new_file(trace_target, migrations=folder)
    try:
        assert f.schema_version == LATEST + 2
        assert f.transaction_count == 1
        assert f.meta["app"] == "tourneydesk"
    finally:
        f.close(backup=False)


def test_a_failing_create_leaves_nothing_behind(tmp_path: Path) -> None:
    folder = _extended_migrations(tmp_path / "mig", "CREATE TABLE a (x); NOT SQL;")
    path = tmp_path / "t.tdesk"
    with pytest.raises(sqlite3.OperationalError):
        new_file(path, migrations=folder)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mig"]
    new_file(path).close(backup=False)  # the name is free for a retry


def test_a_file_left_empty_by_a_crash_while_creating_is_foreign(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    _sqlite_file(path, wal=True)  # what a power cut before the one COMMIT of create leaves
    assert_refused_untouched(path, "FILE_FOREIGN")


def test_a_gap_in_the_migrations_is_a_packaging_error(tmp_path: Path) -> None:
    folder = _extended_migrations(tmp_path / "mig", "CREATE TABLE a (x);")
    (folder / f"{LATEST + 1:03d}_extra.sql").rename(folder / f"{LATEST + 2:03d}_extra.sql")
    with pytest.raises(ValueError, match="without a gap"):
        load_migrations(folder)


# ---------------------------------------------------------------------------- backups


def test_backup_is_a_consistent_openable_copy_including_the_wal(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    f = new_file(path)
    try:
        f.connection.execute("PRAGMA wal_autocheckpoint = 0")  # keep every event in the -wal only
        f.append(some_events(3), command_id="c1")
        copy = f.backup("level-2", T0)
        assert copy == tmp_path / "friday.backups" / "friday-20251009-085320-level-2-s3.tdesk"
        assert not list(copy.parent.glob("*.partial"))
    finally:
        f.close(backup=False)
    with TournamentFile.open(copy) as b:
        assert b.last_seq() == 3
        assert b.command_result("c1") == {"seq": 3}
        assert b.tournament_id == "t-1"


def test_backups_keep_the_newest_ten(tf: TournamentFile) -> None:
    written = []
    for i in range(13):
        tf.append(some_events(1))
        written.append(tf.backup("level", T0 + 60 * i))
    folder = written[0].parent
    (folder / "keep-me.txt").write_text("not ours", encoding="utf-8")
    tf.backup("level", T0 + 60 * 13)
    kept = sorted(p.name for p in folder.glob("*.tdesk"))
    assert len(kept) == 10
    assert written[0].name not in kept and written[3].name not in kept
    assert written[4].name in kept
    assert (folder / "keep-me.txt").exists()


def test_backup_names_are_unique_within_a_second(tf: TournamentFile) -> None:
    a = tf.backup("close", T0)
    b = tf.backup("close", T0)
    c = tf.backup("close", T0 + 0.5)
    assert len({a, b, c}) == 3
    assert all(p.exists() for p in (a, b, c))
    assert b.name.endswith("-2.tdesk")


def test_the_backup_just_written_survives_a_clock_that_went_back(tf: TournamentFile) -> None:
    for i in range(3):
        tf.backup("level", T0 + 3600 + i)
    late = tf.backup("level", T0, keep=3)
    assert late.exists()
    assert len(list(late.parent.glob("*.tdesk"))) == 3


def test_backup_reason_is_made_safe_for_a_file_name(tf: TournamentFile) -> None:
    path = tf.backup("../level 3/break?", T0)
    assert path.parent == tf.path.parent / "friday.backups"
    assert "level_3_break" in path.name


def test_close_writes_a_final_backup_and_folds_the_wal(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    f.append(some_events(2))
    f.close(now=T0)
    f.close(now=T0)  # idempotent
    assert [p.name for p in (tmp_path / "t.backups").iterdir()] == ["t-20251009-085320-close-s2.tdesk"]
    assert not Path(f"{path}-wal").exists()
    with pytest.raises(RuntimeError):
        f.append(some_events(1))
    with pytest.raises(RuntimeError):
        list(f.events())


def test_close_without_backup(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    new_file(path).close(backup=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.tdesk", "t.tdesk.ack"]


# ---------------------------------------------------------------------------- checkpoint and sync


def test_checkpoint_save_load_drop(tmp_path: Path) -> None:
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    assert f.load_checkpoint() is None
    f.append(some_events(4))
    count = f.transaction_count
    f.save_checkpoint(3, {"seq": 3, "entries": [{"id": "e1", "chips": 20000}]})
    assert f.transaction_count == count + 1
    f.save_checkpoint(4, {"seq": 4})
    assert f.load_checkpoint() == (4, {"seq": 4})
    with pytest.raises(ValueError):
        f.save_checkpoint(5, {})
    f.close(backup=False)
    g = TournamentFile.open(path)
    try:
        assert g.load_checkpoint() == (4, {"seq": 4})
        g.drop_checkpoint()
        assert g.load_checkpoint() is None
    finally:
        g.close(backup=False)


def test_sync_state(tf: TournamentFile) -> None:
    tf.append(some_events(5))
    assert tf.sync_acked("site") == 0
    tf.set_sync_error("site", "no network")
    assert tf.sync_acked("site") == 0
    tf.set_sync_acked("site", 4, T0)
    assert tf.sync_acked("site") == 4
    row = tf.connection.execute("SELECT acked_seq, updated_at, last_error FROM sync_state").fetchone()
    assert row == (4, T0, None)
    tf.set_sync_error("site", "HTTP 502")
    assert tf.connection.execute("SELECT last_error FROM sync_state").fetchone()[0] == "HTTP 502"
    assert tf.sync_acked("site") == 4
    tf.set_sync_error("site", None)
    assert tf.connection.execute("SELECT last_error FROM sync_state").fetchone()[0] is None
    with pytest.raises(ValueError):
        tf.set_sync_acked("site", 6, T0)


# ---------------------------------------------------------------------------- properties

JSON_LEAVES = st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=20)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    payloads=st.lists(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=5), min_size=1, max_size=4)
)
def test_payloads_round_trip(tf: TournamentFile, payloads: list[dict[str, Any]]) -> None:
    start = tf.last_seq()
    first, last = tf.append([NewEvent("x", T0, p) for p in payloads])
    assert (first, last) == (start + 1, start + len(payloads))
    assert [e.payload for e in tf.events(after=start)] == payloads


def test_nothing_but_the_file_is_left_beside_it(tmp_path: Path) -> None:
    """No stray -wal/-shm or temp files after a normal life cycle: the file and its acknowledgement note."""
    path = tmp_path / "t.tdesk"
    f = new_file(path)
    f.append(some_events(1))
    f.close(backup=False)
    with TournamentFile.open(path) as g:
        g.append(some_events(1))
        g.close(backup=False)
    assert sorted(os.listdir(tmp_path)) == ["t.tdesk", "t.tdesk.ack"]
