"""A real tourneysite under uvicorn on 127.0.0.1 (a free port), its database in tmp_path, a token for it
and a client (the server and the way the desktop sync pushes to it are in tests/helpers/website.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.website import SiteServer, create_token


@pytest.fixture
def site_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def site_db(tmp_path: Path) -> Path:
    return tmp_path / "site.db"


@pytest.fixture
def site(site_db: Path, site_clock: FakeClock) -> Iterator[SiteServer]:
    server = SiteServer(site_db, site_clock)
    yield server
    server.stop()


@pytest.fixture
def token(site_db: Path, site: SiteServer, capsys: pytest.CaptureFixture[str]) -> str:
    return create_token(site_db, "The Queen's Club", capsys)


@pytest.fixture
def http(site: SiteServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=site.url, timeout=30) as client:
        yield client
