"""The Wi-Fi dropping mid-command: a proxy between the device and the server cuts the connection
before or after the server saw the command. The device sends it again with the same command_id; the
desk runs it once."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.faulty_proxy import FaultyProxy
from tests.helpers.lan import Lan, seed_tournament


class CommandProxy(FaultyProxy):
    """The sync tests' faulty proxy, aimed at the LAN's commands instead of the site's batches."""

    def _next_fault(self, line: str) -> str:
        if not line.startswith("POST /api/command"):
            return "pass"
        with self._lock:
            return self.faults.pop(0) if self.faults else "pass"


def send_until_answered(url: str, token: str, cmd: dict[str, object], tries: int = 5) -> tuple[int, dict[str, object]]:
    """What the page's script does: the same command, the same command_id, until an answer comes."""
    for attempt in range(1, tries + 1):
        try:
            with httpx.Client(base_url=url, timeout=5) as client:
                r = client.post("/api/command", json=cmd, headers={"Authorization": f"Bearer {token}"})
            return attempt, r.json()
        except httpx.TransportError:
            time.sleep(0.05)
    raise AssertionError("never answered")


@pytest.mark.parametrize("fault", ["drop", "drop_after"])
def test_a_buy_in_cut_mid_command_is_charged_once(lan: Lan, fault: str) -> None:
    token = lan.pair("cashier")
    player = lan.execute({"type": "register", "name": "Zoé Blanc"})["player"]
    collected = lan.on_desk(lambda desk: desk.state.money.collected)
    proxy = CommandProxy(lan.server.port)
    try:
        proxy.plan(fault)
        attempts, answer = send_until_answered(proxy.url, token, {"type": "buy_in", "player": player, "payment": "cash",
                                                                  "present": True, "command_id": "sale-77"})
        proxy.wait_idle(10)
    finally:
        proxy.close()
    assert attempts == 2 and answer["ok"]
    assert [what for _, what in proxy.seen if what != "pass"] == [fault]
    price = lan.on_desk(lambda desk: desk.state.config.buy_in.total)
    entries = lan.on_desk(lambda desk: [e for e in desk.state.entries.values() if e.player == player])
    assert len(entries) == 1, "the buy-in was lost or doubled"
    assert lan.on_desk(lambda desk: desk.state.money.collected) == collected + price


def test_a_page_follows_the_server_through_a_restart(lan: Lan) -> None:
    from tests.lan.sse import StreamReader

    stream = StreamReader(lan.url)
    _, seen, _ = stream.wait_for(lambda m: m["full"])
    lan.restart()  # the laptop slept: every stream is cut
    lan.execute({"type": "clock", "action": "next"})
    again = StreamReader(lan.url, last_event_id=seen)
    _, _, message = again.wait_for(lambda m: m["full"])
    stream.close()
    again.close()
    assert message["sections"]["clock"]["level"] == 2


def test_tourneydesk_file_lan_serves_without_windows_and_prints_its_address_first(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, FakeClock(time.time()))
    with httpx.Client() as probe:
        port = _free_port()
        # The paired devices are kept in the user's data folder: a temporary one, never the real one.
        env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
        process = subprocess.Popen([sys.executable, "-m", "tourneydesk.cli", str(path), "--lan", f"127.0.0.1:{port}"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            assert process.stdout is not None
            first = process.stdout.readline().strip()
            second = process.stdout.readline()
            assert first == f"http://127.0.0.1:{port}"
            assert "Pairing code for a td device" in second
            code = second.split(": ")[1].split()[0]
            view = probe.get(f"{first}/api/view").json()
            assert view["sections"]["stats"]["players_left"] == 10
            token = probe.post(f"{first}/api/pair", json={"code": code, "device": "Pi"}).json()["token"]
            r = probe.post(f"{first}/api/command", json={"type": "clock", "action": "pause", "command_id": "x"},
                           headers={"Authorization": f"Bearer {token}"})
            assert r.json()["ok"]
        finally:
            process.send_signal(2)
            process.wait(timeout=30)
    assert process.returncode == 0
    assert (tmp_path / "config" / "TourneyDesk" / "lan_devices.json").is_file()
    from tourneydesk.desk import Desk

    with Desk.open(path) as desk:
        assert desk.state.clock.running is False, "the command went into the file"
        assert desk.events()[-1].station == "Pi"


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
