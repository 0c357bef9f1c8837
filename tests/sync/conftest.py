"""Fixtures for the sync tests: a played tournament file, a real site process, a faulty proxy."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tourneydesk.sim import run

from .proxy import FaultyProxy
from .site import SiteProcess, create_token

SITE_NOW = 1_767_050_000.0  # the instant both sides compute the clock at, so their JSON can be compared
SIM_PLAYERS = 300  # about 1,600 events: four batches


@pytest.fixture(scope="session")
def played_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole PKO tournament played by the sim (registrations, buy-ins, re-entries, busts, payouts)."""
    path = tmp_path_factory.mktemp("sim") / "played.tdesk"
    report = run(SIM_PLAYERS, 11, "pko", path)
    assert report["ok"]
    return path


@pytest.fixture
def tournament(played_file: Path, tmp_path: Path) -> Path:
    """A fresh copy of the played tournament for one test (nothing acknowledged yet)."""
    copy = tmp_path / "friday.tdesk"
    shutil.copyfile(played_file, copy)
    return copy


def tournament_id(path: Path) -> str:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return str(conn.execute("SELECT value FROM meta WHERE key = 'tournament_id'").fetchone()[0])
    finally:
        conn.close()


def last_seq(path: Path) -> int:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT MAX(seq) FROM events").fetchone()[0])
    finally:
        conn.close()


class Site(SiteProcess):
    token: str


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    db = tmp_path / "site.db"
    server = Site(db, SITE_NOW)
    server.token = create_token(db, "Casino Test")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def proxy(site: Site) -> Iterator[FaultyProxy]:
    faulty = FaultyProxy(site.port, stall_s=2.0, retry_after=1)
    faulty.on_restart = site.restart
    yield faulty
    faulty.close()
