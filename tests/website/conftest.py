"""A real tourneysite under uvicorn on 127.0.0.1 (a free port), a token for it and a client (the server and
the way the desktop sync pushes to it are in tests/helpers/website.py). Its database is a SQLite file in
tmp_path, then a fresh database on the session's PostgreSQL server: each site test runs on both."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.postgres import PostgresServer, binaries
from tests.helpers.website import SiteServer, create_token


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """One real PostgreSQL server for this test process; each test that wants one gets its own database."""
    bindir = binaries()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (Debian's postgresql package: .ci/run installs it)")
    server = PostgresServer(bindir)
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> Iterator[str]:
    url = postgres.new_database()
    yield url
    postgres.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The site's database URL: the same test on a SQLite file and on a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'site.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def site_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def site_db(tmp_path: Path) -> Path:
    """The site's SQLite file (db_url's, when it is SQLite): for the tests ON_SQLITE_ONLY."""
    return tmp_path / "site.db"


@pytest.fixture
def site(db_url: str, site_clock: FakeClock) -> Iterator[SiteServer]:
    server = SiteServer(db_url, site_clock)
    yield server
    server.stop()


@pytest.fixture
def token(db_url: str, site: SiteServer, capsys: pytest.CaptureFixture[str]) -> str:
    return create_token(db_url, "The Queen's Club", capsys)


@pytest.fixture
def http(site: SiteServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=site.url, timeout=30) as client:
        yield client
