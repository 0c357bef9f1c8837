"""Fixtures for the sync tests: a played tournament file, a real site process, a faulty proxy."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.faulty_proxy import FaultyProxy
from tests.helpers.site_process import create_token
from tests.helpers.sync_site import SITE_NOW, Site
from tourneydesk.sim import run

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
