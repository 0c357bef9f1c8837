"""Someone on the venue's Wi-Fi attacks the server, over loopback: from many addresses (127.0.0.0/8 is all
this machine's), with silent sockets, crafted bodies and reused command ids; and a lost phone revoked on
one server of the laptop is refused by every other one."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import Lan, seed_tournament
from tourneydesk.lan import guard
from tourneydesk.lan.pairing import Pairing

ROOT = Path(__file__).resolve().parents[2]


def client_from(lan: Lan, address: str) -> httpx.Client:
    return httpx.Client(base_url=lan.url, timeout=10, transport=httpx.HTTPTransport(local_address=address))


def silent_socket(port: int, address: str) -> socket.socket:
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


@pytest.fixture
def second(tmp_path: Path, lan_clock: FakeClock) -> Iterator[Lan]:
    """Another tournament served on the same laptop, sharing the devices' store with `lan`."""
    path = tmp_path / "saturday.tdesk"
    seed_tournament(path, lan_clock, players=4)
    server = Lan(path, lan_clock, tmp_path / "devices.json")
    yield server
    server.close()


def test_a_phone_revoked_on_one_server_is_refused_by_the_other_and_after_a_restart(lan: Lan, second: Lan,
                                                                                tmp_path: Path) -> None:
    lost = lan.pair("td", "Lost phone")
    assert second.send(lost, {"type": "clock", "action": "pause", "command_id": "b1"}).status_code == 200
    assert second.send(lost, {"type": "clock", "action": "resume", "command_id": "b2"}).status_code == 200
    device = next(d for d in lan.pairing.devices() if d.name == "Lost phone")
    assert lan.pairing.revoke(device.id)
    assert second.send(lost, {"type": "clock", "action": "pause", "command_id": "b3"}).status_code == 401
    second.pair("cashier", "Bar till")  # B writes the store again: the revocation stays
    again = Pairing(tmp_path / "devices.json")  # A restarted
    assert again.device_for(f"Bearer {lost}", "127.0.0.1") is None
    assert lan.send(lost, {"type": "clock", "action": "pause", "command_id": "b4"}).status_code == 401
    assert second.on_desk(lambda desk: desk.state.clock.running) is True
    stored = json.loads((tmp_path / "devices.json").read_text())
    assert device.name not in json.dumps(stored["devices"]) and len(stored["revoked"]) == 1


def test_a_device_taken_out_of_the_store_by_hand_is_refused_at_once(lan: Lan, tmp_path: Path) -> None:
    token = lan.pair("cashier", "Old tablet")
    store = tmp_path / "devices.json"
    data = json.loads(store.read_text())
    data["devices"] = {}
    store.write_text(json.dumps(data))
    r = lan.send(token, {"type": "register", "name": "Zoé Blanc", "command_id": "h1"})
    assert r.status_code == 401


def test_forty_guessing_addresses_never_lock_the_td_out_of_pairing(lan: Lan) -> None:
    for host in range(40):
        with client_from(lan, f"127.0.3.{host + 1}") as attacker:
            statuses = {attacker.post("/api/pair", json={"code": f"{n:08d}", "device": "x"}).status_code
                        for n in range(15)}
            assert statuses == {403, 429}, "an address past five wrong codes a minute waits"
    code = lan.pairing.new_code("td").code
    with client_from(lan, "127.0.4.1") as td:
        r = td.post("/api/pair", json={"code": code, "device": "Marie's phone", "person": "Marie"})
    assert r.status_code == 200 and r.json()["role"] == "td"


def test_silent_and_slow_sockets_are_closed_and_one_address_holds_only_a_few(
        lan: Lan, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "REQUEST_S", 1.0)
    silent = silent_socket(lan.server.port, "127.0.5.1")
    slow = silent_socket(lan.server.port, "127.0.5.2")
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    body = silent_socket(lan.server.port, "127.0.5.3")
    body.sendall(b"POST /api/pair HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{")
    started = time.monotonic()
    for sock in (silent, slow, body):
        assert closed_by_server(sock, 5.0)
        sock.close()
    assert time.monotonic() - started < 4.0
    # One address opens far more sockets than a phone needs: the server keeps only its share, and lets
    # the longest silent go for a newcomer from the same address.
    many = [silent_socket(lan.server.port, "127.0.6.1") for _ in range(guard.PER_ADDRESS + 20)]
    try:
        time.sleep(0.3)
        with client_from(lan, "127.0.6.1") as same, client_from(lan, "127.0.6.2") as other:
            assert same.get("/api/view").status_code == 200
            assert other.get("/api/view").status_code == 200
        assert sum(closed_by_server(s, 0.05) for s in many) >= 21
    finally:
        for sock in many:
            sock.close()


def test_out_of_descriptors_the_server_still_answers_and_says_so_once(tmp_path: Path) -> None:
    """A Raspberry Pi's limit (1,024 descriptors) and 1,100 silent sockets from 110 addresses."""
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, FakeClock())
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config"),
           "PYTHONPATH": str(ROOT / "desktop")}
    limit = "import resource; resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024)); "
    server = subprocess.Popen(
        [sys.executable, "-c", limit + "import sys; from tourneydesk.cli import main; sys.exit(main())",
         str(path), "--lan", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, env=env)
    sockets: list[socket.socket] = []
    try:
        assert server.stdout is not None
        url = server.stdout.readline().decode().strip()
        for i in range(1100):
            try:
                sockets.append(silent_socket(port, f"127.0.{7 + i // 250}.{i % 250 + 1}"))
            except OSError:
                break
        time.sleep(0.5)
        started = time.monotonic()
        with httpx.Client(timeout=5, transport=httpx.HTTPTransport(local_address="127.0.8.1")) as phone:
            r = phone.get(url + "/api/view")
        assert r.status_code == 200 and time.monotonic() - started < 2.0
    finally:
        for sock in sockets:
            sock.close()
        server.terminate()
        _, err = server.communicate(timeout=30)
    assert len(err) < 2000, err[-2000:]
    assert err.count(b"overloaded") <= 1 and b"Traceback" not in err


@pytest.mark.parametrize("body", [
    b'{"a":' * 20000 + b"1" + b"}" * 20000,  # nested 20,000 deep
    b'{"type": ["clock"], "command_id": "x"}',
    b'{"a": 1}',
    b'{"type": {"x": 1}, "command_id": "x"}',
    b"[1, 2]",
    b"\xff\xfe",
])
def test_crafted_bodies_are_refused_cleanly(lan: Lan, body: bytes, capfd: pytest.CaptureFixture[str]) -> None:
    token = lan.pair("td")
    seq = lan.on_desk(lambda desk: desk.seq)
    for route, headers in (("/api/pair", {}), ("/api/command", {"Authorization": f"Bearer {token}"})):
        r = lan.http.post(route, content=body, headers={**headers, "Content-Type": "application/json"})
        assert 400 <= r.status_code < 500, (route, r.status_code, r.text[:200])
        assert r.json()["ok"] is False and r.json()["code"]
    assert lan.on_desk(lambda desk: desk.seq) == seq
    assert "Traceback" not in capfd.readouterr().err


def test_a_reused_command_id_with_another_command_is_refused(lan: Lan) -> None:
    token = lan.pair("cashier", "Bar till")
    first = lan.on_desk(lambda desk: desk.execute({"type": "register", "name": "Zoé Blanc"})["player"])
    second = lan.on_desk(lambda desk: desk.execute({"type": "register", "name": "Yann Noir"})["player"])
    sale = {"type": "buy_in", "player": first, "payment": "cash", "present": True, "command_id": "sale-1"}
    assert lan.send(token, sale).status_code == 200
    again = lan.send(token, sale)
    assert again.status_code == 200 and again.json()["result"]["entry"]
    other = lan.send(token, {**sale, "player": second})
    assert other.status_code == 409 and other.json()["code"] == "COMMAND_ID_REUSED"
    sold = lan.on_desk(lambda desk: sorted(e.player for e in desk.state.entries.values()
                                           if e.player in (first, second)))
    assert sold == [first], "nothing sold to the second player, the first sold once"
