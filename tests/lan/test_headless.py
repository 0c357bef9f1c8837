"""The TD alone with a headless server: a tournament made without windows, the server under a service
(no terminal), devices paired, listed and revoked from another shell and from the TD's own phone, the
plan's question answered and a rebuy sold from the phones, and clear words where something is refused."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.lan import Lan, seed_tournament
from tests.helpers.waiting import wait_until
from tourneydesk.desk import Desk


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(home: Path) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"), "LANG": "C.UTF-8"}


def tourneydesk(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tourneydesk.cli", *args], capture_output=True, text=True,
                          env=environment(home), timeout=60, stdin=subprocess.DEVNULL)


class Headless:
    def __init__(self, home: Path, path: Path) -> None:
        self.home, self.path = home, path
        self.port = free_port()
        self.process = subprocess.Popen([sys.executable, "-m", "tourneydesk.cli", str(path), "--lan",
                                         f"127.0.0.1:{self.port}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        stdin=subprocess.DEVNULL, text=True, env=environment(home))
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        self.first_code = self.process.stdout.readline().split(": ")[1].split()[0]
        self.http = httpx.Client(base_url=self.url, timeout=10)

    def line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def pair(self, code: str, device: str, person: str) -> str:
        r = self.http.post("/api/pair", json={"code": code, "device": device, "person": person})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def send(self, token: str, cmd: dict[str, Any]) -> httpx.Response:
        return self.http.post("/api/command", json=cmd, headers={"Authorization": f"Bearer {token}"})

    def stop(self) -> tuple[int, str]:
        self.http.close()
        self.process.send_signal(2)
        _, err = self.process.communicate(timeout=30)
        return self.process.returncode, err


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Headless]:
    path = tmp_path / "friday.tdesk"
    made = tourneydesk(tmp_path, "new", str(path), "--template", "pko", "--name", "Friday PKO")
    assert made.returncode == 0 and made.stdout.strip() == str(path), made.stderr
    server = Headless(tmp_path, path)
    yield server
    if server.process.poll() is None:
        server.stop()


def test_devices_are_paired_listed_and_revoked_from_another_shell(served: Headless, tmp_path: Path) -> None:
    td = served.pair(served.first_code, "Marie's phone", "Marie")
    assert served.line().startswith("Paired: Marie's phone (td, Marie) [")
    asked = tourneydesk(tmp_path, str(served.path), "lan", "pair", "cashier")
    assert asked.returncode == 0, asked.stderr
    code = asked.stdout.split(": ")[1].split()[0]
    assert f"{served.url}/pair#code={code}" in asked.stdout, "the code comes with the running server's address"
    till = served.pair(code, "Bar till", "Sam")
    listed = tourneydesk(tmp_path, str(served.path), "lan", "devices").stdout
    assert "Marie's phone" in listed and "Bar till" in listed and "cashier" in listed
    assert served.send(till, {"type": "register", "name": "Zoé Blanc", "command_id": "t1"}).status_code == 200
    revoked = tourneydesk(tmp_path, str(served.path), "lan", "revoke", "bar TILL")
    assert revoked.returncode == 0 and "Revoked: Bar till" in revoked.stdout
    assert served.send(till, {"type": "register", "name": "Yann Noir", "command_id": "t2"}).status_code == 401
    assert served.send(td, {"type": "register", "name": "Yann Noir", "command_id": "t3"}).status_code == 200
    unknown = tourneydesk(tmp_path, str(served.path), "lan", "revoke", "Nobody")
    assert unknown.returncode == 2 and "no paired device" in unknown.stderr


def test_the_td_revokes_a_lost_phone_from_their_own(served: Headless) -> None:
    td = served.pair(served.first_code, "Marie's phone", "Marie")
    code = tourneydesk(served.home, str(served.path), "lan", "pair", "floor").stdout.split(": ")[1].split()[0]
    lost = served.pair(code, "Floor phone", "Nadia")
    auth = {"Authorization": f"Bearer {td}"}
    devices = served.http.get("/api/devices", headers=auth).json()["devices"]
    assert [(d["name"], d["me"]) for d in devices] == [("Marie's phone", True), ("Floor phone", False)]
    refused = served.http.get("/api/devices", headers={"Authorization": f"Bearer {lost}"})
    assert refused.status_code == 403, "only a TD manages the devices"
    floor_id = devices[1]["id"]
    assert served.http.post("/api/devices/revoke", json={"device": floor_id}, headers=auth).json()["ok"]
    assert served.http.get("/api/td", headers={"Authorization": f"Bearer {lost}"}).status_code == 401


def test_a_file_open_elsewhere_is_refused_in_a_sentence(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, FakeClock(time.time()))
    with Desk.open(path):
        done = tourneydesk(tmp_path, str(path), "--lan", f"127.0.0.1:{free_port()}")
    assert done.returncode == 2 and "close it there" in done.stderr
    assert "Traceback" not in done.stderr


def test_new_refuses_a_file_that_exists_and_a_structure_unknown(tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    assert tourneydesk(tmp_path, "new", str(path), "--template", "turbo").returncode == 0
    before = path.read_bytes()
    again = tourneydesk(tmp_path, "new", str(path), "--template", "pko")
    assert again.returncode == 2 and "exists already" in again.stderr and path.read_bytes() == before
    unknown = tourneydesk(tmp_path, "new", str(tmp_path / "x.tdesk"), "--template", "nope")
    assert unknown.returncode == 2 and "no structure 'nope'" in unknown.stderr
    assert not (tmp_path / "x.tdesk").exists()
    structure = tmp_path / "mine.toml"
    structure.write_text((Path(__file__).resolve().parents[2] / "resources" / "structures" / "turbo.toml")
                         .read_text(encoding="utf-8").replace('name = "', 'name = "Mine ', 1), encoding="utf-8")
    assert tourneydesk(tmp_path, "new", str(tmp_path / "mine.tdesk"), "--template", str(structure)).returncode == 0
    with Desk.open(tmp_path / "mine.tdesk") as desk:
        assert desk.config.name.startswith("Mine ")


def test_help_tells_of_the_venue_network() -> None:
    done = subprocess.run([sys.executable, "-m", "tourneydesk.cli", "--help"], capture_output=True, text=True,
                          timeout=60)
    assert "--lan" in done.stdout and "lan pair" in done.stdout and "new FILE.tdesk --template" in done.stdout


def test_the_plans_button_question_is_answered_from_the_remote(lan: Lan) -> None:
    td = lan.pair("td", "Marie's phone", "Marie")
    auth = {"Authorization": f"Bearer {td}"}
    # Bust players until the plan wants a move from a table whose button nobody set.
    for _ in range(12):
        plan = lan.http.get("/api/td", headers=auth).json()["plan"]
        if plan and plan["ask"]:
            break
        victim = lan.on_desk(lambda desk: min((e for e in desk.state.entries.values() if e.status == "active"),
                                              key=lambda e: (-(e.table or 0), e.seat or 0)))
        table, out = victim.table, victim.id
        by = lan.on_desk(lambda desk, table=table, out=out: next(
            e.id for e in desk.state.entries.values() if e.status == "active" and e.table == table and e.id != out))
        r = lan.send(td, {"type": "bust", "entry": victim.id, "by": [by], "command_id": f"b-{victim.id}"})
        assert r.status_code == 200, r.text
    assert plan and plan["ask"], plan
    assert plan["title"] == f"Where is the button at table {plan['ask']['table']}?"
    seat = plan["ask"]["seats"][0]
    r = lan.send(td, {"type": "set_button", "table": plan["ask"]["table"], "seat": seat["seat"], "command_id": "sb"})
    assert r.status_code == 200, r.text
    after = lan.http.get("/api/td", headers=auth).json()["plan"]
    assert after is None or after.get("ask") is None or after["ask"]["table"] != plan["ask"]["table"]


def test_a_rebuy_from_the_tablet_counts_the_chips(tmp_path: Path, lan_clock: FakeClock) -> None:
    path = tmp_path / "rebuy.tdesk"
    rebuys = config(seating={"seats_per_table": 6, "tables": 2},
                    rebuy={"price": {"prize": 2000, "fee": 0}, "chips": 10000, "until_level": 4, "max_stack": 10000})
    with Desk.create(path, rebuys, now=lan_clock) as desk:
        player = desk.execute({"type": "register", "name": "Alice Martin"})["player"]
        entry = desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"]
        other = desk.execute({"type": "register", "name": "Bruno Petit"})["player"]
        desk.execute({"type": "buy_in", "player": other, "payment": "cash", "present": True})
        desk.execute({"type": "clock", "action": "start"})
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    try:
        till = lan.pair("cashier", "Bar till", "Sam")
        auth = {"Authorization": f"Bearer {till}"}
        state = lan.http.get("/api/cashier", headers=auth).json()
        assert state["rebuy_max_stack"] == 10000 and state["prints"] is False
        sale = {"type": "rebuy", "entry": entry, "payment": "cash", "present": True, "command_id": "rb1"}
        refused = lan.http.post("/api/command", json=sale, headers={**auth, "Accept-Language": "fr-FR"})
        assert refused.status_code == 422 and refused.json()["code"] == "FIELD_INVALID"
        too_many = lan.send(till, {**sale, "stack": 12000, "command_id": "rb2"})
        assert too_many.json()["code"] == "REBUY_STACK_TOO_BIG"
        assert lan.send(till, {**sale, "stack": 4000, "command_id": "rb3"}).status_code == 200
        assert lan.on_desk(lambda desk: desk.state.entries[entry].rebuys) == 1
    finally:
        lan.close()


def test_the_night_ends_by_itself_when_registration_closes_with_one_player_left(tmp_path: Path,
                                                                                lan_clock: FakeClock) -> None:
    # No console, no scheduler: the last bust fell inside late registration, and the headless server ends
    # the night once registration has closed, as the app does at a level's end.
    path = tmp_path / "headless.tdesk"
    seed_tournament(path, lan_clock, players=3)
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    try:
        for name in ("Alice Martin", "Bruno Petit"):
            out = lan.entry_of(name)
            by = lan.entry_of("Chloé Durand")
            assert lan.execute({"type": "bust", "entry": out, "by": [by]})["out"][0]["final"] is False
        lan_clock.advance(minutes=20)  # the end of level 1: registration is still open
        time.sleep(2.5)  # two of the desk thread's idle rounds
        assert lan.on_desk(lambda desk: desk.status) == "running"
        lan_clock.advance(minutes=REGISTRATION_MINUTES - 20)
        wait_until(lambda: lan.on_desk(lambda desk: desk.status) == "finished")
        assert lan.on_desk(lambda desk: desk.name_of(desk.state.winner)) == "Chloé Durand"
    finally:
        lan.close()


def test_a_night_over_while_the_headless_server_was_down_ends_when_it_starts(tmp_path: Path,
                                                                            lan_clock: FakeClock) -> None:
    path = tmp_path / "slept.tdesk"
    seed_tournament(path, lan_clock, players=3)
    with Desk.open(path, now=lan_clock) as desk:
        survivor = next(e.id for e in desk.state.entries.values() if desk.state.entry_name(e.id) == "Chloé Durand")
        for e in [e.id for e in desk.state.entries.values() if e.id != survivor]:
            desk.execute({"type": "bust", "entry": e, "by": [survivor]})
        assert desk.status == "running"
    lan_clock.advance(minutes=REGISTRATION_MINUTES + 30)
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    try:
        assert lan.on_desk(lambda desk: desk.status) == "finished"
    finally:
        lan.close()


def test_the_td_ends_the_night_from_the_remote_while_registration_is_open(tmp_path: Path,
                                                                          lan_clock: FakeClock) -> None:
    path = tmp_path / "remote-end.tdesk"
    seed_tournament(path, lan_clock, players=3)
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    try:
        td, floor = lan.pair("td", "Marie's phone", "Marie"), lan.pair("floor", "Floor phone", "Nadia")
        auth = {"Authorization": f"Bearer {td}"}
        assert lan.http.get("/api/td", headers=auth).json()["finish"] is None  # three players in play
        for name in ("Alice Martin", "Bruno Petit"):
            lan.execute({"type": "bust", "entry": lan.entry_of(name), "by": [lan.entry_of("Chloé Durand")]})
        offer = lan.http.get("/api/td", headers=auth).json()["finish"]
        assert offer == {"winner": "Chloé Durand", "close_registration": True}
        end = {"type": "finish", "close_registration": True}
        refused = lan.send(floor, {**end, "command_id": "f1"})
        assert refused.status_code == 403 and refused.json()["code"] == "ROLE_FORBIDDEN"
        assert lan.send(td, {**end, "command_id": "f2"}).status_code == 200
        assert lan.on_desk(lambda desk: (desk.status, desk.name_of(desk.state.winner))) == ("finished",
                                                                                           "Chloé Durand")
        assert lan.http.get("/api/td", headers=auth).json()["finish"] is None
    finally:
        lan.close()
