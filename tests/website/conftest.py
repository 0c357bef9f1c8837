"""A real tourneysite under uvicorn on 127.0.0.1 (a free port), its database in tmp_path, and helpers
to push a desk's log to it the way the desktop sync does."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from tests.conftest import FakeClock
from tourneydesk.core.public import wire_event
from tourneydesk.desk import Desk
from tourneysite.app import create_app
from tourneysite.cli import main as tourneysite_main


class SiteServer:
    """uvicorn in a thread; `restart()` stops it and serves the same database again (a new process's view)."""

    def __init__(self, db: Path, now: Callable[[], float], root_path: str = "") -> None:
        self.db = db
        self.now = now
        self.root_path = root_path
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port = 0
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", self.port))
        self.port = sock.getsockname()[1]
        app = create_app(f"sqlite:///{self.db}", now=self.now, root_path=self.root_path)
        config = uvicorn.Config(app, log_level="warning", lifespan="on")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("tourneysite did not start")
            time.sleep(0.02)
        self._server, self._thread, self._sock = server, thread, sock

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=20)
            self._sock.close()
            self._server = self._thread = None

    def restart(self) -> None:
        self.stop()
        self.start()


def create_token(db: Path, venue: str, capsys: pytest.CaptureFixture[str]) -> str:
    """`tourneysite token create`: the token is the last word it prints."""
    capsys.readouterr()
    assert tourneysite_main(["token", "create", "--venue", venue, "--db", f"sqlite:///{db}"]) == 0
    return capsys.readouterr().out.split()[-1]


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


def wire(desk: Desk, after: int = 0) -> list[dict[str, Any]]:
    return [wire_event(e) for e in desk.events(after)]


def push(http: httpx.Client, token: str, tournament_id: str, events: list[dict[str, Any]],
         batch: int = 500) -> list[dict[str, Any]]:
    """Every event, in batches, each acknowledged; returns the receipts."""
    receipts = []
    for i in range(0, len(events), batch):
        r = http.post(f"/api/v1/tournaments/{tournament_id}/events", json={"events": events[i:i + batch]},
                      headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        receipts.append(r.json())
    return receipts
