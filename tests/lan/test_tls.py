"""HTTPS on an untrusted Wi-Fi: the laptop's own certificate, kept and reused, its fingerprint the one
the QR code carries."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import seed_tournament
from tests.helpers.selenium_browser import make_browser, needs_chromium, text, wait
from tourneydesk.desk import Desk
from tourneydesk.lan.pairing import Pairing
from tourneydesk.lan.runner import DeskThread
from tourneydesk.lan.server import LanServer
from tourneydesk.lan.tls import certificate, fingerprint


def test_the_certificate_is_made_once_and_made_anew_for_another_address(tmp_path: Path) -> None:
    first = certificate(tmp_path, ["192.168.1.20"])
    assert certificate(tmp_path, ["192.168.1.20"]).fingerprint == first.fingerprint
    assert (tmp_path / "lan-key.pem").stat().st_mode & 0o077 == 0, "the key is the user's alone"
    moved = certificate(tmp_path, ["10.0.0.7"])
    assert moved.fingerprint != first.fingerprint
    assert len(first.fingerprint.split(":")) == 32


@pytest.fixture
def https_server(tmp_path: Path) -> Iterator[LanServer]:
    path = tmp_path / "friday.tdesk"
    clock = FakeClock()
    seed_tournament(path, clock)
    runner = DeskThread(lambda: Desk.open(path, now=clock))
    runner.start()
    server = LanServer(runner, Pairing(tmp_path / "devices.json"), host="127.0.0.1", port=0,
                       tls=certificate(tmp_path, ["127.0.0.1"]))
    server.start()
    yield server
    server.stop()
    runner.stop()


def test_the_server_speaks_https_with_the_certificate_whose_fingerprint_the_qr_code_carries(
        https_server: LanServer) -> None:
    assert https_server.url.startswith("https://127.0.0.1:")
    pem = ssl.get_server_certificate(("127.0.0.1", https_server.port))
    served = fingerprint(ssl.PEM_cert_to_DER_cert(pem))
    assert https_server.tls is not None and served == https_server.tls.fingerprint
    assert https_server.players_url().endswith(f"/#sha256={served}")
    assert https_server.pairing_url("123456").endswith(f"/pair#code=123456&sha256={served}")
    with httpx.Client(verify=False, timeout=10) as client:  # the phone that accepted the warning
        r = client.get(f"{https_server.url}/api/view")
    assert r.json()["sections"]["stats"]["players_left"] == 10
    assert r.headers["Strict-Transport-Security"] == "max-age=31536000"
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"http://127.0.0.1:{https_server.port}/api/view", timeout=5)


@pytest.mark.slow
@needs_chromium
def test_a_phone_that_accepted_the_certificate_follows_the_clock(https_server: LanServer) -> None:
    driver = make_browser(extra=["--ignore-certificate-errors"])
    try:
        driver.get(https_server.players_url())
        wait(lambda: text(driver, "#clock-level") == "LEVEL 1", what="the clock over HTTPS")
        https_server.runner.submit(lambda desk: desk.execute({"type": "clock", "action": "next"})).result(10)
        wait(lambda: text(driver, "#clock-level") == "LEVEL 2", timeout=2, what="the change over HTTPS")
    finally:
        driver.quit()
