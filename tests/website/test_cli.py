"""`tourneysite` as a club runs it: the token command and the server, each in its own process."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players
from tests.helpers.site_process import TOURNEYSITE, reserved_port
from tests.helpers.website import push, wire
from tourneysite.databases import open_storage


def test_the_served_site_takes_a_push_with_a_token_from_the_command(tmp_path: Path, make_desk: Any) -> None:
    db = f"sqlite:///{tmp_path / 'site.db'}"
    created = subprocess.run([*TOURNEYSITE, "token", "create", "--venue", "Club A", "--db", db],
                             capture_output=True, text=True, check=True, timeout=60)
    token = created.stdout.split()[-1]
    reservation = reserved_port()
    port = int(reservation.getsockname()[1])
    server = subprocess.Popen([*TOURNEYSITE, "serve", "--db", db, "--host", "127.0.0.1", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            deadline = time.monotonic() + 30
            while True:
                try:
                    http.get("/")
                    break
                except httpx.TransportError:
                    assert time.monotonic() < deadline and server.poll() is None, "tourneysite serve did not start"
                    time.sleep(0.1)
            desk = make_desk(PKO_CONFIG)
            seat_players(desk, 4)
            assert push(http, token, desk.state.tournament_id, wire(desk))[-1]["acked_seq"] == desk.seq
            assert http.get(f"/api/v1/tournaments/{desk.state.tournament_id}").json()["counts"]["entries"] == 4
    finally:
        server.terminate()
        server.wait(timeout=30)
        reservation.close()


def test_a_token_is_refused_for_an_empty_venue_and_an_unreachable_postgres_is_named(tmp_path: Path) -> None:
    empty = subprocess.run([*TOURNEYSITE, "token", "create", "--venue", " ", "--db", str(tmp_path / "s.db")],
                           capture_output=True, text=True, timeout=60)
    assert empty.returncode == 2 and "venue name" in empty.stderr
    with reserved_port() as sock:  # bound, never listening: nothing answers there
        port = sock.getsockname()[1]
        listed = subprocess.run([*TOURNEYSITE, "venue", "list", "--db",
                                 f"postgresql://club@127.0.0.1:{port}/results?connect_timeout=5"],
                                capture_output=True, text=True, timeout=60)
    assert listed.returncode == 2 and "cannot reach the PostgreSQL database" in listed.stderr, listed.stderr
    with pytest.raises(ValueError, match="unknown database URL"):
        open_storage("mysql://club@localhost/results")


def test_a_database_url_and_a_plain_path_name_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "site.db"
    first = open_storage(f"sqlite:///{path}")
    token = first.create_token("Club A", 1.0)
    first.close()
    second = open_storage(str(path))
    try:
        venue = second.venue_for_token(token)
        assert venue is not None and venue.name == "Club A"
    finally:
        second.close()
