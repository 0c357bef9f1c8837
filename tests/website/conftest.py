"""A real tourneysite under uvicorn on 127.0.0.1 (a free port), its database in tmp_path, a token for it
and a client (the server and the way the desktop sync pushes to it are in tests/helpers/website.py)."""

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
