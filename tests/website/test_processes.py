"""Several site processes on one database, as behind the club's reverse proxy: each takes pushes and
serves pages, a batch sent to both is stored once, and a live page open on one process follows the
pushes the other takes."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.event_stream import Stream
from tests.helpers.site_process import TOURNEYSITE, reserved_port
from tests.helpers.website import batch_body, push, wire
from tourneysite.live import HEARTBEAT_S
from tourneysite.server import SHUTDOWN_S


class Process:
    """`tourneysite serve` in its own process on a port kept for it."""

    def __init__(self, db_url: str, log: Path) -> None:
        self._reservation = reserved_port()
        self.port = int(self._reservation.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = log.open("w")
        self.process = subprocess.Popen([*TOURNEYSITE, "serve", "--db", db_url, "--port", str(self.port)],
                                        stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(self.url + "/", timeout=5)
                return
            except httpx.TransportError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"tourneysite serve did not start: {log.read_text()}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        self._reservation.close()
        self._log.close()


@pytest.fixture
def two_processes(db_url: str, tmp_path: Path) -> Any:
    started: list[Process] = []
    try:
        started.append(Process(db_url, tmp_path / "a.log"))
        started.append(Process(db_url, tmp_path / "b.log"))
        yield started
    finally:
        for process in started:
            process.stop()


def test_two_processes_take_pushes_in_turn_serve_the_same_pages_and_stream_each_others_pushes(
        db_url: str, two_processes: list[Process], make_desk: Any, clock: FakeClock) -> None:
    made = subprocess.run([*TOURNEYSITE, "token", "create", "--venue", "Festival", "--db", db_url],
                          capture_output=True, text=True, check=True, timeout=60)
    token = made.stdout.split()[-1]
    auth = {"Authorization": f"Bearer {token}"}
    a, b = (httpx.Client(base_url=p.url, timeout=30) for p in two_processes)
    try:
        desk = make_desk(PKO_CONFIG | {"name": "Festival Main"})
        entries = seat_players(desk, 16)
        desk.execute({"type": "clock", "action": "start"})
        tid = desk.state.tournament_id
        events = wire(desk)
        # the batches go to A and B in turn; each is sent to the other process again (a retry through
        # another upstream): stored once, answered as duplicates
        for n, i in enumerate(range(0, len(events), 10)):
            first, second = (a, b) if n % 2 == 0 else (b, a)
            body = batch_body(tid, events[i:i + 10])
            stored = first.post(f"/api/v1/tournaments/{tid}/events", json=body, headers=auth)
            again = second.post(f"/api/v1/tournaments/{tid}/events", json=body, headers=auth)
            assert stored.status_code == again.status_code == 200, (stored.text, again.text)
            assert stored.json()["stored"] == len(body["events"]) and again.json()["stored"] == 0
            assert again.json()["duplicates"] == len(body["events"])
        for http in (a, b):
            assert http.get(f"/api/v1/tournaments/{tid}/acked", headers=auth).json()["acked_seq"] == desk.seq
            assert http.get(f"/api/v1/tournaments/{tid}").json()["counts"]["entries"] == 16
            assert "Festival Main" in http.get(f"/t/{tid}").text

        stream = Stream(a, f"/t/{tid}/stream")
        try:
            kind, _, model = stream.next()
            assert kind == "model" and model["stats"]["players_left"] == "16"
            seq = desk.seq
            busted = entries[3]
            desk.execute({"type": "bust", "entry": busted, "by": [table_mate(desk, busted)]})
            sent = time.monotonic()
            push(b, token, tid, wire(desk, seq))  # through B; the page is open on A
            kind, ident, patch = stream.next()
            took = time.monotonic() - sent
            assert kind == "patch" and ident == desk.seq and patch["stats"]["players_left"] == "15"
            assert busted in [row[0] for row in patch["out"]["rows"]]
            # PostgreSQL tells A at once; on SQLite A's watcher finds the new seq within its few seconds
            assert took < (2.0 if db_url.startswith("postgresql") else 6.0), took
        finally:
            stream.close()
        # A's cached live page follows B's push too (keyed on the stored seq, not on what A took itself),
        # as soon as a page may be rendered again (a second, or ten times what its last render took)
        deadline = time.monotonic() + 20
        while {_players_left(http.get(f"/t/{tid}").text) for http in (a, b)} != {"15"}:
            assert time.monotonic() < deadline, "a process's live page never showed the push"
            time.sleep(0.2)
    finally:
        a.close()
        b.close()


def _players_left(html: str) -> str:
    start = html.find('data-bind="stats.left">')
    assert start >= 0, "the live page shows how many players are left"
    return html[start + 23:html.find("<small>", start)]


def test_a_site_told_to_stop_with_a_readers_stream_open_stops_within_its_grace(
        db_url: str, tmp_path: Path, make_desk: Any, clock: FakeClock) -> None:
    """systemd stops the site with SIGTERM while phones watch a live page: the stream, which would otherwise
    wait for its next heartbeat, is ended after the grace period and the process exits."""
    made = subprocess.run([*TOURNEYSITE, "token", "create", "--venue", "Festival", "--db", db_url],
                          capture_output=True, text=True, check=True, timeout=60)
    token = made.stdout.split()[-1]
    site = Process(db_url, tmp_path / "site.log")
    http = httpx.Client(base_url=site.url, timeout=30)
    try:
        desk = make_desk(PKO_CONFIG)
        seat_players(desk, 4)
        tid = desk.state.tournament_id
        push(http, token, tid, wire(desk))
        stream = Stream(http, f"/t/{tid}/stream")
        assert stream.next()[0] == "model"
        told = time.monotonic()
        site.process.terminate()
        site.process.wait(timeout=SHUTDOWN_S + HEARTBEAT_S)
        assert time.monotonic() - told < SHUTDOWN_S + 5, "the stop waited for the stream's heartbeat"
        with pytest.raises((AssertionError, httpx.TransportError)):  # the stream ended with the site
            stream.next()
        stream.close()
    finally:
        http.close()
        site.stop()
