"""A real tourneysite under uvicorn on 127.0.0.1 in a thread (`SiteServer`), and the desktop sync's way to push a
desk's log to it: the events on the wire, each batch's body, the receipts."""

from __future__ import annotations

import socket
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from tourneydesk.core.protocol.public import wire_event
from tourneydesk.desk import Desk
from tourneydesk.store.chain import GENESIS
from tourneydesk.sync.outbox import Outbox
from tourneysite.app import create_app
from tourneysite.cli import main as tourneysite_main
from tourneysite.server import config as server_config

# A test that is about SQLite's file itself (its bytes on disk, a row written by hand in it) or about what
# no database changes (how Chromium draws a page) runs on SQLite only; every other site test runs on both.
ON_SQLITE_ONLY = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def url_of(db: str | Path) -> str:
    return db if isinstance(db, str) else f"sqlite:///{db}"


def query(db: str | Path, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """One statement on the site's database behind the site's back (`?` placeholders), committed; its rows."""
    url = url_of(db)
    if url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            cursor = conn.execute(sql.replace("?", "%s"), params)  # type: ignore[arg-type]  # tests' own SQL
            return [tuple(row) for row in cursor.fetchall()] if cursor.description else []
    conn = sqlite3.connect(url.removeprefix("sqlite:///"))
    try:
        with conn:
            return [tuple(row) for row in conn.execute(sql, params).fetchall()]
    finally:
        conn.close()


def every_byte(db_url: str, site_db: Path) -> bytes:
    """All the site's database holds: SQLite's files on disk (the database, its write-ahead log and shared
    memory), or everything PostgreSQL would dump of it."""
    if db_url.startswith("postgresql"):
        return subprocess.run(["pg_dump", "--dbname", db_url], capture_output=True, check=True, timeout=60).stdout
    return b"".join(p.read_bytes() for p in site_db.parent.iterdir() if p.name.startswith(site_db.name))


class SiteServer:
    """uvicorn in a thread; `restart()` stops it and serves the same database again (a new process's view).
    `db`: the database's URL, or a SQLite file's path."""

    def __init__(self, db: str | Path, now: Callable[[], float], server: dict[str, Any] | None = None,
                 **options: Any) -> None:
        self.db_url = url_of(db)
        self.db = Path(self.db_url.removeprefix("sqlite:///"))  # the file, when it is SQLite
        self.now = now
        self.options = options  # create_app's: the root path, the news policy, the body timeout
        self.server_options = server or {}  # server.config's: the header timeout, the connection cap
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
        config = server_config(self.make_app(), log_level="warning", lifespan="on", **self.server_options)
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("tourneysite did not start")
            time.sleep(0.02)
        self._server, self._thread, self._sock = server, thread, sock

    def make_app(self) -> Any:
        return create_app(self.db_url, now=self.now, **self.options)

    def stop(self) -> None:
        if self._server is not None and self._thread is not None:
            self._server.should_exit = True
            self._thread.join(timeout=20)
            self._sock.close()
            self._server = self._thread = None

    def restart(self) -> None:
        self.stop()
        self.start()


def create_token(db: str | Path, venue: str, capsys: pytest.CaptureFixture[str]) -> str:
    """`tourneysite token create`: the token is the last word it prints."""
    capsys.readouterr()
    assert tourneysite_main(["token", "create", "--venue", venue, "--db", url_of(db)]) == 0
    return capsys.readouterr().out.split()[-1]


# The chain as the pusher sends it: (tournament id, seq) -> the hash after that event.
CHAIN: dict[tuple[str, int], str] = {}


def wire(desk: Desk, after: int = 0) -> list[dict[str, Any]]:
    """The desk's events after `after` as the sync sends them, each with its hash in the chain."""
    with Outbox(desk.path, "test") as outbox:
        hashes = outbox.hashes(1, desk.seq) if desk.seq else {}
    tid = desk.state.tournament_id
    CHAIN.update({(tid, seq): h for seq, h in hashes.items()})
    return [{**wire_event(e), "hash": hashes[e.seq]} for e in desk.events(after)]


def batch_body(tournament_id: str, events: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A POST body for `events` (from wire()): where they start and the hash of the event before."""
    after = events[0]["seq"] - 1 if events else extra.pop("after")
    return {"after": after, "prev": GENESIS if after == 0 else CHAIN[(tournament_id, after)], "events": events,
            **extra}


def public_json(response: httpx.Response) -> dict[str, Any]:
    """The site's JSON of a tournament without its news (how old it is): what the laptop's public snapshot holds."""
    assert response.status_code == 200, response.text
    data = dict(response.json())
    data.pop("news")
    return data


def push(http: httpx.Client, token: str, tournament_id: str, events: list[dict[str, Any]],
         batch: int = 500) -> list[dict[str, Any]]:
    """Every event, in batches, each acknowledged; returns the receipts."""
    receipts = []
    for i in range(0, len(events), batch):
        r = http.post(f"/api/v1/tournaments/{tournament_id}/events",
                      json=batch_body(tournament_id, events[i:i + batch]),
                      headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        receipts.append(r.json())
    return receipts
