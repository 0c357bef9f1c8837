"""Slow and hostile clients against a real tourneysite on 127.0.0.1: slow headers and bodies are cut off,
connections are capped, wrong tokens meet a rate limit, a hostile venue's crafted events break nothing
for another venue, and every response carries the security headers. Every loop is bounded."""

from __future__ import annotations

import copy
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players
from tests.helpers.website import SiteServer, batch_body, create_token, push, wire
from tourneysite import app as site_app
from tourneysite.guard import SECURITY_HEADERS

HEADER_TIMEOUT_S = 1.0
BODY_TIMEOUT_S = 1.0
MAX_CONNECTIONS = 40


@pytest.fixture
def guarded(site_db: Path, site_clock: FakeClock) -> Iterator[SiteServer]:
    """A site with short limits, on SQLite: what is guarded here is the HTTP server's, whatever the database."""
    server = SiteServer(site_db, site_clock, server={"header_timeout_s": HEADER_TIMEOUT_S,
                                                     "max_connections": MAX_CONNECTIONS},
                        body_timeout_s=BODY_TIMEOUT_S)
    yield server
    server.stop()


def raw(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        while True:
            data = sock.recv(4096)
            if not data:
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_slow_headers_are_dropped_and_normal_requests_still_answer(guarded: SiteServer) -> None:
    slow = [raw(guarded.port) for _ in range(25)]
    for sock in slow:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and then, never the end of the headers
    with httpx.Client(base_url=guarded.url, timeout=10) as http:
        assert http.get("/").status_code == 200
    started = time.monotonic()
    assert all(closed_by_server(sock, within=HEADER_TIMEOUT_S + 4) for sock in slow)
    assert time.monotonic() - started < HEADER_TIMEOUT_S + 4
    for sock in slow:
        sock.close()


def test_connections_beyond_the_cap_are_closed_at_once(guarded: SiteServer) -> None:
    idle = [raw(guarded.port) for _ in range(MAX_CONNECTIONS + 15)]
    time.sleep(0.3)
    dropped = sum(closed_by_server(sock, within=0.2) for sock in idle)
    assert dropped >= 15  # the surplus, closed without waiting for the header deadline
    for sock in idle:
        sock.close()
    deadline = time.monotonic() + HEADER_TIMEOUT_S + 5
    with httpx.Client(base_url=guarded.url, timeout=10) as http:
        while time.monotonic() < deadline:  # the idle ones are gone within the header deadline
            try:
                if http.get("/").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            pytest.fail("the site did not answer again once the idle connections were gone")


def test_a_body_that_trickles_in_is_answered_408(guarded: SiteServer, site_db: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    token = create_token(site_db, "Slow Club", capsys)
    sock = raw(guarded.port)
    sock.sendall(b"POST /api/v1/tournaments/t-1/events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Authorization: Bearer " + token.encode() + b"\r\nContent-Length: 1000\r\n\r\n{\"events\"")
    sock.settimeout(BODY_TIMEOUT_S + 5)
    answer = sock.recv(4096)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert b"frame-ancestors 'self'" in answer


def test_wrong_tokens_meet_a_limit_per_address_and_per_venue(
        guarded: SiteServer, site_db: Path, site_clock: FakeClock, make_desk: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    token = create_token(site_db, "The Queen's Club", capsys)
    desk = make_desk(PKO_CONFIG)
    seat_players(desk, 4)
    tid = desk.state.tournament_id
    with httpx.Client(base_url=guarded.url, timeout=10) as http:
        push(http, token, tid, wire(desk))
        answers = [http.get(f"/api/v1/tournaments/{tid}/acked", headers={"Authorization": f"Bearer guess-{i}"})
                   for i in range(site_app.FAILED_TOKENS_PER_ADDRESS + 5)]
    codes = [a.status_code for a in answers]
    assert codes[:site_app.FAILED_TOKENS_PER_ADDRESS] == [401] * site_app.FAILED_TOKENS_PER_ADDRESS
    assert codes[site_app.FAILED_TOKENS_PER_ADDRESS:] == [429] * 5
    assert 0 < int(answers[-1].headers["Retry-After"]) <= site_app.FAILED_TOKENS_WINDOW_S
    # The venue's laptop behind the same router (one address for the whole room) syncs on meanwhile,
    # and the guesses from there are still refused.
    sent = desk.seq
    desk.execute({"type": "register", "name": "Late Lou"})
    with httpx.Client(base_url=guarded.url, timeout=10) as http:
        assert push(http, token, tid, wire(desk, after=sent))[-1]["acked_seq"] == desk.seq
        assert http.get(f"/api/v1/tournaments/{tid}/acked", headers={"Authorization": f"Bearer {token}"}) \
            .json()["acked_seq"] == desk.seq
        assert http.get(f"/api/v1/tournaments/{tid}/acked", headers={"Authorization": "Bearer guess"}) \
            .status_code == 429
    site_clock.advance(seconds=site_app.FAILED_TOKENS_WINDOW_S + 1)  # a minute later this address may try again
    with httpx.Client(base_url=guarded.url, timeout=10) as http:
        assert http.get(f"/api/v1/tournaments/{tid}/acked", headers={"Authorization": "Bearer guess"}) \
            .status_code == 401

    # from many addresses at once (127.0.0.2, .3, ...): the venue's own limit
    codes = []
    for i in range(site_app.FAILED_TOKENS_PER_VENUE + 10):
        transport = httpx.HTTPTransport(local_address=f"127.0.0.{2 + i // 10}")
        with httpx.Client(base_url=guarded.url, timeout=10, transport=transport) as http:
            codes.append(http.get(f"/api/v1/tournaments/{tid}/acked",
                                  headers={"Authorization": "Bearer guess"}).status_code)
    assert codes[-10:] == [429] * 10
    with httpx.Client(base_url=guarded.url, timeout=10,
                      transport=httpx.HTTPTransport(local_address="127.0.0.250")) as http:  # its laptop syncs on
        assert http.get(f"/api/v1/tournaments/{tid}/acked", headers={"Authorization": f"Bearer {token}"}) \
            .status_code == 200


def test_every_response_carries_the_security_headers(site: SiteServer, token: str, make_desk: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    desk = make_desk(PKO_CONFIG)
    seat_players(desk, 4)
    tid = desk.state.tournament_id
    with httpx.Client(base_url=site.url, timeout=10) as http:
        push(http, token, tid, wire(desk))
        responses = {
            "page": http.get("/"), "live": http.get(f"/t/{tid}"), "api": http.get(f"/api/v1/tournaments/{tid}"),
            "static": http.get("/static/site.css"), "404": http.get("/no/such/page"),
            "401": http.post(f"/api/v1/tournaments/{tid}/events", json={}),
            "405": http.delete("/"),
        }

        def broken(*_: object, **__: object) -> None:
            raise RuntimeError("a bug")

        monkeypatch.setattr(site_app.Results, "public_snapshot", broken)
        responses["500"] = http.get(f"/api/v1/tournaments/{tid}")
    assert responses["500"].status_code == 500 and responses["404"].status_code == 404
    for name, response in responses.items():
        for header, value in SECURITY_HEADERS.items():
            assert response.headers.get(header) == value, (name, header)


def test_a_hostile_venue_breaks_nothing_for_another_venue(
        site: SiteServer, db_url: str, make_desk: Any, capsys: pytest.CaptureFixture[str]) -> None:
    good_token = create_token(db_url, "Good Club", capsys)
    bad_token = create_token(db_url, "Hostile Club", capsys)
    good = make_desk(PKO_CONFIG, name="good.tdesk")
    seat_players(good, 6)
    hostile = make_desk(PKO_CONFIG, name="hostile.tdesk")
    seat_players(hostile, 6)
    gid, hid = good.state.tournament_id, hostile.state.tournament_id
    with httpx.Client(base_url=site.url, timeout=10) as http:
        push(http, good_token, gid, wire(good))
        push(http, bad_token, hid, wire(hostile)[:3])
    events = wire(hostile)
    mine = wire(good)

    def crafted() -> Iterator[tuple[str, dict[str, Any]]]:
        def changed(i: int, change: Any) -> list[dict[str, Any]]:
            out = copy.deepcopy(events[3:])
            change(out[i - 3]["payload"])
            return out
        bought = next(i for i, e in enumerate(events) if e["type"] == "entry_bought" and i >= 3)
        yield hid, batch_body(hid, changed(bought, lambda p: p["price"].update(prize=80.5)))
        yield hid, batch_body(hid, changed(bought, lambda p: p.update(chips=2**80)))
        yield hid, batch_body(hid, changed(bought, lambda p: p.update(comment="x")))
        yield hid, batch_body(hid, changed(bought, lambda p: p.update(player="p999")))  # does not fold: nobody
        yield hid, batch_body(hid, [{**events[3], "payload": {"table": 99, "seats": 9}}])
        yield gid, batch_body(gid, mine[3:4], after=3)  # another venue's tournament
        yield hid, {"after": 3, "prev": "0" * 64, "events": []}  # a chain that is not its own

    stop = threading.Event()
    statuses: list[int] = []

    def reader() -> None:
        with httpx.Client(base_url=site.url, timeout=10) as http:
            for _ in range(200):  # bounded: at most 200 rounds of the good venue's pages
                if stop.is_set():
                    return
                for path in ("/", "/venues/1", f"/t/{gid}", f"/t/{gid}/results", f"/api/v1/tournaments/{gid}"):
                    statuses.append(http.get(path).status_code)

    thread = threading.Thread(target=reader)
    thread.start()
    refusals = []
    try:
        with httpx.Client(base_url=site.url, timeout=10) as http:
            for _ in range(3):
                for target, body in crafted():
                    r = http.post(f"/api/v1/tournaments/{target}/events", json=body,
                                  headers={"Authorization": f"Bearer {bad_token}"})
                    refusals.append(r.status_code)
    finally:
        stop.set()
        thread.join(timeout=60)
    assert set(refusals) <= {409, 422, 403} and 422 in refusals and 403 in refusals and 409 in refusals
    assert statuses and set(statuses) == {200}
    with httpx.Client(base_url=site.url, timeout=10) as http:
        assert http.get(f"/api/v1/tournaments/{hid}").json()["seq"] == 3  # nothing crafted was stored
        assert http.get(f"/api/v1/tournaments/{gid}").json()["seq"] == good.seq
