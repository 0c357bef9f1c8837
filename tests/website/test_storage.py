"""The site's storage, the same tests on a SQLite file and on a real PostgreSQL server: migrations, venues
and tokens, the owner's commands and their log, pushes stored exactly once with their chain, replaced
histories kept aside, and two site processes sharing one database."""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.waiting import wait_until
from tests.helpers.website import batch_body, wire
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneysite import storage as storage_module
from tourneysite.databases import open_storage
from tourneysite.results import ApiError, Results, parse_batch
from tourneysite.storage import AdminError, StaleBatch, Storage, StoredBatch, VenueSettings, WireEvent


@pytest.fixture
def storage(db_url: str) -> Any:
    opened = open_storage(db_url)
    yield opened
    opened.close()


def ingest(results: Results, tid: str, events: list[dict[str, Any]], **extra: Any) -> int:
    venue = results.storage.venues()[0]
    acked = 0
    for i in range(0, len(events), 40):
        acked = results.ingest(tid, venue, parse_batch(batch_body(tid, events[i:i + 40], **extra))).acked_seq
    return acked


def public(desk: Desk) -> dict[str, Any]:
    return snapshot.public(desk.snapshot(now=desk.now_ms() / 1000))


def site_public(results: Results, tid: str, seq: int, now_ms: int) -> dict[str, Any]:
    with results._lock(tid):
        return snapshot.public(snapshot.snapshot(results._state(tid, seq), seq, now_ms))


def evening(desk: Desk, players: int = 8) -> Desk:
    entries = seat_players(desk, players)
    desk.execute({"type": "clock", "action": "start"})
    for entry in entries[:3]:
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    return desk


def test_a_new_database_is_migrated_and_opens_again_as_it_was(db_url: str) -> None:
    # two site processes starting at once on a new database: one migrates, the other finds it done
    opened: list[Storage] = []
    failures: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(open_storage(db_url))
        except BaseException as error:  # reported by the assertion below
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures and len(opened) == 2
    token = opened[0].create_token("Club A", 1.0)
    for one in opened:
        one.close()
    again = open_storage(db_url)
    try:
        venue = again.venue_for_token(token)
        assert venue is not None and venue.name == "Club A"
        assert [v.name for v in again.venues()] == ["Club A"]
    finally:
        again.close()


def test_a_site_opening_a_new_sqlite_file_waits_while_another_process_holds_its_write_lock(tmp_path: Path) -> None:
    """What the other site process does while it turns a new file to WAL: it holds the write lock for a moment.
    A site that asks for WAL meanwhile waits its turn (SQLite answers that request 'locked' at once, without
    the busy timeout, since both hold the file's read lock), instead of failing to start."""
    path = tmp_path / "site.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    opened: list[Storage] = []
    failures: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(open_storage(str(path)))
        except BaseException as error:  # reported by the assertion below
            failures.append(error)

    thread = threading.Thread(target=start)
    thread.start()
    thread.join(0.5)
    holder.execute("COMMIT")
    holder.close()
    thread.join(30)
    assert not failures and len(opened) == 1
    try:
        assert opened[0].venues() == []
        with contextlib.closing(sqlite3.connect(path)) as look:
            assert look.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        opened[0].close()


def test_a_venue_spelt_another_way_is_the_same_venue_and_its_tokens_are_listed_and_revoked(storage: Storage) -> None:
    first = storage.create_token("The Queen's Club", 100.0)
    second = storage.create_token("  the queen's   CLUB ", 200.0)
    assert [v.name for v in storage.venues()] == ["The Queen's Club"]
    assert storage.venue_for_token(second, 300.0) == storage.venue_for_token(first)
    listed = storage.tokens()
    assert [(t.created_at, t.last_used_at, t.revoked_at) for t in listed] == [(100.0, None, None),
                                                                               (200.0, 300.0, None)]
    storage.revoke_token(listed[0].id, 400.0)
    assert storage.venue_for_token(first) is None and storage.venue_for_token(second) is not None
    with pytest.raises(AdminError, match="no token in use"):
        storage.revoke_token(listed[0].id, 500.0)
    assert [action for _, action, _ in storage.admin_log()] == ["token_revoked"]


def test_the_owners_commands_change_what_they_say_and_are_logged(storage: Storage) -> None:
    storage.create_token("Queens Club", 1.0)
    storage.create_token("Annex", 2.0)
    queens, annex = (storage.find_venue(n) for n in ("queens club", "ANNEX"))
    assert queens is not None and annex is not None
    storage.rename_venue(queens.id, "The Queen's Club", 3.0)
    with pytest.raises(AdminError, match="merge the two"):
        storage.rename_venue(annex.id, "the queen's club", 4.0)
    storage.set_venue_settings(queens.id, VenueSettings("fr", "Europe/Paris", False, True))
    assert storage.venue_settings(queens.id) == VenueSettings("fr", "Europe/Paris", False, True)
    storage.set_venue_settings(queens.id, VenueSettings("en", "UTC", True, False))  # a second time: replaced
    assert storage.venue_settings(queens.id) == VenueSettings()
    store_fake(storage, "t-1", annex.id, 3)
    before = storage.generation()
    assert storage.merge_venues(annex.id, queens.id, 5.0) == 1
    assert [v.name for v in storage.venues()] == ["The Queen's Club"]
    known = storage.tournament("t-1")
    assert known is not None and known.venue_name == "The Queen's Club"
    storage.hide_tournament("t-1", True, 6.0)
    assert storage.tournaments() == [] and [t.id for t in storage.tournaments(hidden=True)] == ["t-1"]
    assert storage.generation() != before
    assert storage.delete_tournament("t-1", 7.0) == 3
    assert storage.tournament("t-1") is None and storage.events("t-1") == []
    with pytest.raises(AdminError, match="no tournament"):
        storage.hide_tournament("t-1", False, 8.0)
    log = storage.admin_log()
    assert [action for _, action, _ in log] == ["venue_renamed", "venue_settings", "venue_settings", "venues_merged",
                                                "tournament_hidden", "tournament_deleted"]
    assert log[-1][2] == {"tournament": "t-1", "name": "fake", "venue": "The Queen's Club", "events": 3}


def fake_events(first: int, last: int, tag: str = "a") -> list[WireEvent]:
    return [WireEvent(seq, "note", 1000.0 + seq, None, f'{{"n":{seq},"tag":"{tag}"}}', f"{tag}{seq:063d}")
            for seq in range(first, last + 1)]


def store_fake(storage: Storage, tid: str, venue_id: int, upto: int, **extra: Any) -> None:
    storage.store_batch(StoredBatch(tid, venue_id, 0, fake_events(1, upto), "fake", "running", 1.5,
                                    {"players": 1}, 10.0, **extra))


def test_a_batch_is_stored_once_and_a_stale_one_changes_nothing(storage: Storage) -> None:
    storage.create_token("Club", 1.0)
    venue = storage.venues()[0]
    store_fake(storage, "t-1", venue.id, 5, checkpoint=(5, {"state": "at five"}))
    again = StoredBatch("t-1", venue.id, 0, fake_events(1, 5), "fake", "running", 1.5, {}, 11.0)
    with pytest.raises(StaleBatch):
        storage.store_batch(again)  # another writer got there first: the batch began from 0
    storage.store_batch(StoredBatch("t-1", venue.id, 5, fake_events(6, 8), "fake", "finished", 1.5,
                                    {"players": 2}, 12.0, clock_skew=-0.5))
    with pytest.raises(StaleBatch):
        storage.store_batch(StoredBatch("t-1", venue.id, 5, fake_events(6, 7), "x", "x", 1.5, {}, 13.0))
    known = storage.tournament("t-1")
    assert known is not None
    assert (known.acked_seq, known.status, known.summary["players"], known.clock_skew) == (8, "finished", 2, -0.5)
    assert [e.seq for e in storage.events("t-1")] == list(range(1, 9))
    assert storage.events("t-1", 2, 4) == fake_events(3, 4)
    assert storage.hash_at("t-1", 7) == fake_events(7, 7)[0].hash and storage.hash_at("t-1", 9) is None
    assert storage.checkpoint("t-1") == (5, {"state": "at five"})
    storage.heard("t-1", 99.0, 2.0)
    heard = storage.tournament("t-1")
    assert heard is not None and (heard.news_at, heard.clock_skew) == (99.0, 2.0)


def test_a_replaced_history_is_kept_aside_whole(storage: Storage) -> None:
    storage.create_token("Club", 1.0)
    venue = storage.venues()[0]
    store_fake(storage, "t-1", venue.id, 6, checkpoint=(6, {"at": 6}))
    storage.store_batch(StoredBatch("t-1", venue.id, 3, fake_events(4, 5, "b"), "fake", "running", 1.5, {}, 20.0,
                                    replaced_by="Anna (TD)", replaced_upto=6))
    assert storage.events("t-1") == fake_events(1, 3) + fake_events(4, 5, "b")
    assert storage.checkpoint("t-1") is None  # it held the history replaced
    [kept] = storage.replacements("t-1")
    assert (kept.from_seq, kept.upto_seq, kept.by, kept.at, kept.venue_id) == (4, 6, "Anna (TD)", 20.0, venue.id)
    assert storage.delete_tournament("t-1", 30.0) == 5 and storage.replacements("t-1") == []


def test_a_pushed_evening_folds_the_same_on_either_database(storage: Storage, make_desk: Any,
                                                            clock: FakeClock) -> None:
    storage.create_token("Club", clock())
    results = Results(storage, clock)
    desk = evening(make_desk(PKO_CONFIG))
    tid = desk.state.tournament_id
    events = wire(desk)
    assert ingest(results, tid, events) == desk.seq
    repeat = results.ingest(tid, storage.venues()[0], parse_batch(batch_body(tid, events[:10])))
    assert (repeat.acked_seq, repeat.stored, repeat.duplicates) == (desk.seq, 0, 10)
    assert [e.seq for e in storage.events(tid)] == list(range(1, desk.seq + 1))
    results._forget(tid)  # a restart: folded again from the database
    assert site_public(results, tid, desk.seq, desk.now_ms()) == public(desk)


def test_two_site_processes_on_one_database_store_every_batch_once(db_url: str, make_desk: Any,
                                                                  clock: FakeClock) -> None:
    """Each Results has its own storage (its own connections) as two site processes do; the pusher sends
    every batch to both at once, the way a retry through another upstream of the proxy would."""
    sites = [Results(open_storage(db_url), clock) for _ in range(2)]
    try:
        sites[0].storage.create_token("Club", clock())
        venue = sites[1].storage.venues()[0]
        desk = evening(make_desk(PKO_CONFIG), 12)
        tid = desk.state.tournament_id
        events = wire(desk)
        receipts: list[list[tuple[int, int, int]]] = [[], []]
        errors: list[BaseException] = []
        for i in range(0, len(events), 25):
            batch = parse_batch(batch_body(tid, events[i:i + 25]))

            def send(n: int, batch: Any = batch) -> None:
                try:
                    r = sites[n].ingest(tid, venue, batch)
                    receipts[n].append((r.acked_seq, r.stored, r.duplicates))
                except (ApiError, StaleBatch) as error:
                    errors.append(error)

            threads = [threading.Thread(target=send, args=(n,)) for n in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(60)
        assert errors == []
        sizes = [len(events[i:i + 25]) for i in range(0, len(events), 25)]
        for k, size in enumerate(sizes):
            pair = sorted((receipts[0][k][1:], receipts[1][k][1:]))
            assert pair == [(0, size), (size, 0)], "exactly one process stored each batch"
        assert [e.seq for e in sites[0].storage.events(tid)] == list(range(1, desk.seq + 1))
        for site in sites:  # both fold what either stored, to the laptop's own snapshot
            assert site_public(site, tid, desk.seq, desk.now_ms()) == public(desk)
    finally:
        for site in sites:
            site.storage.close()


def test_a_process_that_folded_a_history_another_replaced_folds_the_new_one(db_url: str, make_desk: Any,
                                                                             clock: FakeClock,
                                                                             tmp_path: Path) -> None:
    one, two = Results(open_storage(db_url), clock), Results(open_storage(db_url), clock)
    try:
        one.storage.create_token("Club", clock())
        desk = make_desk(PKO_CONFIG)
        entries = seat_players(desk, 6)
        desk.execute({"type": "clock", "action": "start"})
        tid, fork, path = desk.state.tournament_id, desk.seq, desk.path
        desk.close()
        shutil.copy(path, tmp_path / "copy.tdesk")
        original, copy = Desk.open(path, now=clock), Desk.open(tmp_path / "copy.tdesk", now=clock)
        try:
            original.execute({"type": "bust", "entry": entries[0], "by": [table_mate(original, entries[0])]})
            original.execute({"type": "bust", "entry": entries[1], "by": [table_mate(original, entries[1])]})
            assert ingest(one, tid, wire(original)) == original.seq
            assert site_public(two, tid, original.seq, original.now_ms()) == public(original)  # two holds it
            copy.execute({"type": "bust", "entry": entries[2], "by": [table_mate(copy, entries[2])]})
            replaced = wire(copy, fork)
            venue = one.storage.venues()[0]
            receipt = one.ingest(tid, venue, parse_batch(batch_body(tid, replaced, replace={"by": "Anna"})))
            assert receipt.acked_seq == copy.seq
            assert site_public(two, tid, copy.seq, copy.now_ms()) == public(copy)
            assert [(r.from_seq, r.upto_seq, r.by) for r in two.storage.replacements(tid)] == \
                [(fork + 1, original.seq, "Anna")]
        finally:
            original.close()
            copy.close()
    finally:
        one.storage.close()
        two.storage.close()


def test_a_backup_taken_while_serving_restores_to_the_same_site(db_url: str, tmp_path: Path,
                                                                request: pytest.FixtureRequest) -> None:
    storage = open_storage(db_url)
    try:
        token = storage.create_token("Club", 1.0)
        store_fake(storage, "t-1", storage.venues()[0].id, 4)
        target = tmp_path / "site-backup"
        storage.backup(target)
        with pytest.raises(AdminError, match="never overwrites"):
            storage.backup(target)
    finally:
        storage.close()
    if db_url.startswith("postgresql"):  # pg_dump's format: restored into an empty database
        restored_url = request.getfixturevalue("postgres").new_database()
        subprocess.run(["pg_restore", "--no-owner", "--dbname", restored_url, str(target)], check=True, timeout=60)
    else:
        restored_url = str(target)
    restored = open_storage(restored_url)
    try:
        venue = restored.venue_for_token(token)
        assert venue is not None and venue.name == "Club"
        assert restored.events("t-1") == fake_events(1, 4)
    finally:
        restored.close()


def test_a_venues_club_document_is_replaced_whole_and_goes_with_a_merge(storage: Storage) -> None:
    storage.create_token("The Queen's Club", 100.0)
    storage.create_token("Queens Annex", 100.0)
    queens, annex = (v.id for v in sorted(storage.venues(), key=lambda v: v.name, reverse=True))
    assert storage.club(queens) is None
    before = storage.generation()
    storage.store_club(queens, {"version": 1, "members": {"a1": "Ana"}}, 200.0)
    storage.store_club(queens, {"version": 1, "members": {"b2": None}}, 200.0)  # same second: still newer
    assert storage.club(queens) == {"version": 1, "members": {"b2": None}}
    assert storage.generation() != before
    storage.store_club(annex, {"version": 1, "members": {}}, 300.0)
    storage.merge_venues(annex, queens, 400.0)
    assert storage.club(annex) is None and storage.club(queens) == {"version": 1, "members": {"b2": None}}


def test_what_the_pages_ask_on_every_request_follows_another_processs_writes(db_url: str) -> None:
    """The site's generation and a tournament's stored seq, asked of one process while another writes:
    each write shows (on PostgreSQL by its notification, a moment after the commit; on SQLite at once).
    The reader hears of the other's pushes (its live pages and its readers' pace follow them); a process
    never hears of its own."""
    reader, writer = open_storage(db_url), open_storage(db_url)
    heard: list[str] = []
    own: list[str] = []
    stop = reader.listen(heard.append)
    stop_writer = writer.listen(own.append)
    try:
        writer.create_token("Club", 1.0)
        venue = writer.venues()[0]
        assert reader.stored_seq("t-1") is None
        before = reader.generation()
        store_fake(writer, "t-1", venue.id, 4)
        wait_until(lambda: reader.stored_seq("t-1") == 4)
        assert reader.generation() != before
        owner = reader.generation()
        writer.hide_tournament("t-1", True, 20.0)  # an owner's change: every answer is asked again
        wait_until(lambda: reader.generation() != owner)
        assert reader.stored_seq("t-1") == 4
        writer.store_batch(StoredBatch("t-1", venue.id, 4, fake_events(5, 6), "fake", "running", 1.5, {}, 30.0))
        wait_until(lambda: reader.stored_seq("t-1") == 6)
        wait_until(lambda: "t-1" in heard)  # the live pages' watchers are woken too
        told = heard.count("t-1")
        writer.heard("t-1", 40.0, None)  # a heartbeat: news too
        wait_until(lambda: heard.count("t-1") > told)
        time.sleep(0.5)  # the writer has looked at its own writes meanwhile, several times
        assert own == []
    finally:
        stop()
        stop_writer()
        reader.close()
        writer.close()


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
def test_on_postgresql_the_answers_come_from_memory_only_while_the_process_listens(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reader, writer = open_storage(db_url), open_storage(db_url)
    writer.create_token("Club", 1.0)
    venue = writer.venues()[0]
    store_fake(writer, "t-1", venue.id, 4)
    reads: list[str] = []
    real_one = reader._one  # type: ignore[attr-defined]

    def counted(sql: str, params: tuple[Any, ...]) -> Any:
        reads.append(sql)
        return real_one(sql, params)

    monkeypatch.setattr(reader, "_one", counted)
    stop = reader.listen(lambda tournament_id: None)
    try:
        wait_until(lambda: reader._versions._listening == 1)  # type: ignore[attr-defined]  # the thread is up
        assert reader.stored_seq("t-1") == 4 and reader.generation()
        asked = len(reads)
        assert asked <= 3  # the first asks read the database (the seq, the two halves of the generation)...
        for _ in range(1000):  # ...and a crowd's next thousand cost it nothing
            assert reader.stored_seq("t-1") == 4 and reader.generation()
        assert len(reads) == asked
        store_fake(writer, "t-2", venue.id, 2)
        wait_until(lambda: reader.stored_seq("t-2") == 2)
        # the listener's connection lost (a restart of the database): nothing held is trusted until it is back
        with psycopg.connect(db_url, autocommit=True) as admin:
            killed = admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                   " WHERE query LIKE 'LISTEN%' AND datname = current_database()").fetchall()
        assert killed == [(True,)]
        wait_until(lambda: reader._versions._listening == 0)  # type: ignore[attr-defined]
        writer.store_batch(StoredBatch("t-1", venue.id, 4, fake_events(5, 9), "fake", "running", 1.5, {}, 30.0))
        assert reader.stored_seq("t-1") == 9  # nobody to hear of the write: asked of the database
        wait_until(lambda: reader._versions._listening == 1)  # type: ignore[attr-defined]  # listening again
        store_fake(writer, "t-3", venue.id, 3)
        wait_until(lambda: reader.stored_seq("t-3") == 3)

        def from_memory() -> bool:
            reader.stored_seq("t-3")
            asked = len(reads)
            return reader.stored_seq("t-3") == 3 and len(reads) == asked

        wait_until(from_memory)  # and from memory again (once the write's own notification is heard)
    finally:
        stop()
        reader.close()
        writer.close()


JSON_LEAVES = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5)
JSON_KEYS = st.text(max_size=3) | st.integers(-5, 5) | st.booleans() | st.none()


@given(st.recursive(JSON_LEAVES, lambda inner: st.lists(inner, max_size=7)
                    | st.dictionaries(JSON_KEYS, inner, max_size=7), max_leaves=60))
def test_a_checkpoint_made_piece_by_piece_is_the_same_json_as_made_at_once(value: Any) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(storage_module, "PIECE", 2)  # pieces of two: every long list and dict is cut
        assert storage_module.checkpoint_json(value) == json.dumps(value, separators=(",", ":"))
