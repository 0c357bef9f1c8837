"""The site holds the laptop's history or refuses it: a restored backup and a copied file, end to end with
a real site and the real `tourneydesk sync`, and the TD's explicit way out."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.desks import seat_players, start
from tests.helpers.site_process import site_env
from tests.helpers.sync_site import SITE_NOW, Site, desktop_public, site_json
from tourneydesk import cli
from tourneydesk.desk import Desk


def sync(path: Path, site: Site, *extra: str) -> subprocess.CompletedProcess[str]:
    """`tourneydesk sync`, as a TD types it: its own process, its exit code, what it prints."""
    return subprocess.run([sys.executable, "-m", "tourneydesk.cli", "sync", str(path), "--url", site.url,
                           f"--token={site.token}", *extra],
                          env=site_env(), capture_output=True, text=True, timeout=120)


def bust(desk: Desk, count: int) -> None:
    for _ in range(count):
        live = [e for e in desk.snapshot()["entries"] if e["status"] == "active"]
        victim, killer = live[0], next(e for e in live[1:] if e["table"] == live[0]["table"])
        desk.execute({"type": "bust", "entry": victim["id"], "by": [killer["id"]]})


@pytest.fixture
def evening(make_desk: Callable[..., Desk]) -> Desk:
    desk = make_desk(name="friday.tdesk")
    seat_players(desk, 14)
    start(desk)
    return desk


def site_rows(site: Site, sql: str) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(f"{site.db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()


def test_a_restored_backup_played_on_is_refused_until_the_td_publishes_it(evening: Desk, site: Site,
                                                                            tmp_path: Path) -> None:
    file, tid = evening.path, evening.state.tournament_id
    assert sync(file, site).returncode == 0
    backup = tmp_path / "backup.tdesk"
    evening.close()
    shutil.copyfile(file, backup)  # the backup beside the file, taken now
    parted = _seq(backup) + 1

    with Desk.open(file) as desk:  # bust three players, sync: the site holds this history
        bust(desk, 3)
    assert sync(file, site).returncode == 0
    true_before = site_json(site, tid)
    assert true_before == desktop_public(file, tid)

    with Desk.open(backup) as desk:  # the laptop died; the TD restored the backup and plays on, past the site
        bust(desk, 5)
    assert _seq(backup) > _seq(file)
    done = sync(backup, site)
    assert done.returncode == 1
    assert (f"The website holds another history of this tournament from event #{parted}: this file was "
            "restored from a backup, or copied") in done.stderr
    assert site_json(site, tid) == true_before  # nothing of the other history was taken

    done = sync(backup, site, "--replace-history", "--by", "Marie (TD)")
    assert done.returncode == 0, done.stderr
    assert site_json(site, tid) == desktop_public(backup, tid)
    assert site_rows(site, "SELECT from_seq, upto_seq, by, at FROM replacements") == \
        [(parted, _seq(file), "Marie (TD)", SITE_NOW)]
    kept = site_rows(site, "SELECT seq FROM replaced_events ORDER BY seq")
    assert [seq for (seq,) in kept] == list(range(parted, _seq(file) + 1))  # the replaced history, kept whole
    assert sync(backup, site).returncode == 0  # and from now on this file's history is the site's


def test_a_copied_file_is_told_apart_by_the_chain_and_the_original_syncs_on(
        evening: Desk, site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file, tid = evening.path, evening.state.tournament_id
    evening.close()
    copy = tmp_path / "saturday.tdesk"
    shutil.copyfile(file, copy)  # a file copied as a template for the next evening
    with Desk.open(copy) as desk:
        bust(desk, 2)
    assert cli.main(["sync", str(copy), "--url", site.url, f"--token={site.token}"]) == 0
    with Desk.open(file) as desk:
        bust(desk, 1)
    assert cli.main(["sync", str(file), "--url", site.url, f"--token={site.token}"]) == 1
    err = capsys.readouterr().err
    assert "another history of this tournament from event #" in err
    assert site_json(site, tid) == desktop_public(copy, tid)


def test_a_backup_behind_the_site_with_the_same_history_is_called_an_older_copy(
        evening: Desk, site: Site, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = evening.path
    evening.close()
    backup = tmp_path / "older.tdesk"
    shutil.copyfile(file, backup)
    with Desk.open(file) as desk:
        bust(desk, 2)
    assert cli.main(["sync", str(file), "--url", site.url, f"--token={site.token}"]) == 0
    assert cli.main(["sync", str(backup), "--url", site.url, f"--token={site.token}"]) == 1
    assert "is this an older copy of the tournament file?" in capsys.readouterr().err


def test_plain_http_to_another_computer_is_refused_unless_insecure(
        evening: Desk, capsys: pytest.CaptureFixture[str]) -> None:
    file = evening.path
    evening.close()
    assert cli.main(["sync", str(file), "--url", "http://results.example-club.org", "--token", "t"]) == 2
    assert "plain http" in capsys.readouterr().err
    # with --insecure it goes on (here to the next check: no token, so nothing leaves this computer)
    assert cli.main(["sync", str(file), "--url", "http://results.example-club.org", "--insecure"]) == 2
    err = capsys.readouterr().err
    assert "plain http" not in err and "no token" in err


def _seq(path: Path) -> int:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT MAX(seq) FROM events").fetchone()[0])
    finally:
        conn.close()

