"""Issue 29, point 9: with no window, the seat card of a buy-in sold on a tablet is printed on the laptop
when its cashier paper is set (here its PDF folder, as a test can read it back), and the tablet says so
only then; a retried sale prints nothing twice, and a printer that fails leaves the sale standing."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import seed_tournament
from tests.helpers.pdf import pdf_text
from tourneydesk.desk import Desk
from tourneydesk.lan.pairing import Pairing
from tourneydesk.lan.runner import DeskThread
from tourneydesk.lan.server import LanServer


def environment(home: Path) -> dict[str, str]:
    import os

    return {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"), "LANG": "C.UTF-8", "QT_QPA_PLATFORM": ""}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """`tourneydesk FILE --lan` under a service (no terminal, no display), a cashier tablet paired."""

    def __init__(self, home: Path, path: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "tourneydesk.cli", str(path), "--lan",
                                         f"127.0.0.1:{free_port()}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        stdin=subprocess.DEVNULL, text=True, env=environment(home))
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        assert self.url.startswith("http"), self.process.stderr.read() if self.process.stderr else ""
        self.process.stdout.readline()  # the TD's code
        other = subprocess.run([sys.executable, "-m", "tourneydesk.cli", str(path), "lan", "pair", "cashier"],
                               capture_output=True, text=True, env=environment(home), timeout=60)
        code = other.stdout.split(": ")[1].split()[0]
        self.http = httpx.Client(base_url=self.url, timeout=20)
        pair = self.http.post("/api/pair", json={"code": code, "device": "Bar till", "person": "Sam"})
        assert pair.status_code == 200, pair.text
        self.auth = {"Authorization": f"Bearer {pair.json()['token']}"}

    def buy_in(self, name: str, command_id: str) -> tuple[str, dict[str, Any]]:
        player = self.http.post("/api/command", headers=self.auth, json={
            "type": "register", "name": name, "command_id": f"reg-{command_id}"}).json()["result"]["player"]
        return player, self.sell(player, command_id)

    def sell(self, player: str, command_id: str) -> dict[str, Any]:
        r = self.http.post("/api/command", headers=self.auth, json={
            "type": "buy_in", "player": player, "payment": "cash", "present": True, "command_id": command_id})
        assert r.status_code == 200, r.text
        return dict(r.json())

    def stop(self) -> None:
        self.http.close()
        self.process.send_signal(2)
        self.process.communicate(timeout=30)


@pytest.fixture
def friday(tmp_path: Path, lan_clock: FakeClock) -> Path:
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, lan_clock, players=3, start=False)  # the server runs on the real clock
    return path


def settings_file(home: Path, text: str) -> None:
    conf = home / "config" / "TourneyDesk" / "TourneyDesk.conf"
    conf.parent.mkdir(parents=True, exist_ok=True)
    conf.write_text(text, encoding="utf-8")


def test_with_the_cashiers_pdf_folder_set_the_card_is_printed_headless(friday: Path, tmp_path: Path) -> None:
    home, folder = tmp_path / "home", tmp_path / "cards"
    settings_file(home, f"[cashier]\npdf_folder={folder}\n")
    served = Served(home, friday)
    try:
        assert served.http.get("/api/cashier", headers=served.auth).json()["prints"] is True
        player, sold = served.buy_in("Zoé Blanc", "sale-1")
        assert sold["printed"] == "pdf"
        cards = sorted(folder.glob("seat-card-*.pdf"))
        assert len(cards) == 1
        text = pdf_text(cards[0])
        assert "Zoé Blanc" in text and str(sold["result"]["table"]) in text and "Friday PKO" in text
        # The tablet did not hear the answer and sends the sale again: told the same, no second card.
        again = served.sell(player, "sale-1")
        assert again["printed"] == "pdf" and again["result"] == sold["result"]
        assert len(sorted(folder.glob("seat-card-*.pdf"))) == 1
    finally:
        served.stop()


def test_with_no_cashier_paper_set_nothing_is_printed_and_the_tablet_says_nothing(friday: Path,
                                                                                  tmp_path: Path) -> None:
    home = tmp_path / "home"
    served = Served(home, friday)
    try:
        assert served.http.get("/api/cashier", headers=served.auth).json()["prints"] is False
        _, sold = served.buy_in("Zoé Blanc", "sale-1")
        assert sold["ok"] and sold["result"]["table"] and sold.get("printed") is None
        assert not (friday.parent / "friday prints").exists(), "no card saved anywhere"
    finally:
        served.stop()


@pytest.fixture
def lan_printing(friday: Path, lan_clock: FakeClock, tmp_path: Path) -> Iterator[tuple[LanServer, list[str]]]:
    """The server as the console runs it, its printer failing on the first card."""
    printed: list[str] = []

    def card(desk: Desk, result: dict[str, Any]) -> str | None:
        printed.append(result["entry"])
        if len(printed) == 1:
            raise OSError("the printer is out of paper")
        return "printer"

    runner = DeskThread(lambda: Desk.open(friday, now=lan_clock, seed=5))
    runner.start()
    server = LanServer(runner, Pairing(tmp_path / "devices.json"), host="127.0.0.1", port=0, seat_card=card)
    server.start()
    yield server, printed
    server.stop()
    runner.stop()


def test_a_printer_that_fails_leaves_the_sale_and_the_tablet_is_not_told_printed(
        lan_printing: tuple[LanServer, list[str]]) -> None:
    server, printed = lan_printing
    code = server.pairing.new_code("cashier").code
    with httpx.Client(base_url=f"http://127.0.0.1:{server.port}", timeout=10) as http:
        token = http.post("/api/pair", json={"code": code, "device": "Bar till"}).json()["token"]
        auth = {"Authorization": f"Bearer {token}"}

        def sell(name: str) -> dict[str, Any]:
            registered = http.post("/api/command", headers=auth, json={"type": "register", "name": name,
                                                                       "command_id": f"r-{name}"})
            player = registered.json()["result"]["player"]
            return dict(http.post("/api/command", headers=auth, json={
                "type": "buy_in", "player": player, "payment": "cash", "present": True,
                "command_id": f"b-{name}"}).json())

        first = sell("Zoé Blanc")
        assert first["ok"] and first["printed"] is None, "out of paper: not said to be printed"
        second = sell("Yann Brun")
        assert second["printed"] == "printer"
        assert len(printed) == 2
        player = http.post("/api/command", headers=auth, json={"type": "register", "name": "Xavier Gris",
                                                                "command_id": "r-x"}).json()["result"]["player"]
        dry = http.post("/api/command", headers=auth, json={"type": "buy_in", "player": player, "payment": "cash",
                                                             "present": True, "dry_run": True}).json()
        assert dry["ok"] and "printed" not in dry and len(printed) == 2, "a dry run prints nothing"
