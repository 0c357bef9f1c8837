"""A real LAN server on 127.0.0.1 (a free port) over a real tournament file, its desk on its own thread.

`lan.on_desk(fn)` runs `fn(desk)` on the desk's thread, as the server does: a test reads the state or
sends a console command there. `lan.pair(role)` pairs a device through the HTTP API, as a phone does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tourneydesk.desk import Desk
from tourneydesk.lan.pairing import Pairing
from tourneydesk.lan.runner import DeskThread
from tourneydesk.lan.server import LanServer

NAMES = ["Alice Martin", "Bruno Petit", "Chloé Durand", "David Moreau", "Emma Laurent", "Farid Simon",
         "Gina Michel", "Hugo Lefèvre", "Inès Garcia", "Jules Roux", "Karim Fournier", "Léa Girard"]


def seed_tournament(path: Path, clock: FakeClock, players: int = 10, start: bool = True) -> None:
    """A PKO with `players` bought in (the first with an email and phone, paid by card) and the clock running."""
    with Desk.create(path, config(PKO_CONFIG, seating={"seats_per_table": 6, "tables": 4}), now=clock,
                     seed=3) as desk:
        for i, name in enumerate(NAMES[:players]):
            extra = {"email": "alice@example.org", "phone": "+33 6 12 34 56 78"} if i == 0 else {}
            player = desk.execute({"type": "register", "name": name, **extra})["player"]
            desk.execute({"type": "buy_in", "player": player, "payment": "card" if i == 0 else "cash",
                          "present": True})
        if start:
            desk.execute({"type": "clock", "action": "start"})


class Lan:
    def __init__(self, path: Path, clock: FakeClock, store: Path) -> None:
        self.path, self.clock = path, clock
        self.runner = DeskThread(lambda: Desk.open(path, now=clock, seed=5))
        self.runner.start()
        self.pairing = Pairing(store)
        self.server = LanServer(self.runner, self.pairing, host="127.0.0.1", port=0)
        self.server.start()
        self.http = httpx.Client(base_url=self.url, timeout=10)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def on_desk(self, fn: Callable[[Desk], Any]) -> Any:
        return self.runner.submit(fn).result(timeout=10)

    def execute(self, cmd: dict[str, Any]) -> dict[str, Any]:
        return self.on_desk(lambda desk: desk.execute(cmd))

    def pair(self, role: str, device: str = "Phone", person: str | None = None) -> str:
        code = self.pairing.new_code(role).code
        r = self.http.post("/api/pair", json={"code": code, "device": device, "person": person})
        assert r.status_code == 200, r.text
        return str(r.json()["token"])

    def send(self, token: str | None, cmd: dict[str, Any]) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return self.http.post("/api/command", json=cmd, headers=headers)

    def entry_of(self, name: str) -> str:
        return str(self.on_desk(lambda desk: next(e.id for e in desk.state.entries.values()
                                                   if desk.state.entry_name(e.id) == name)))

    def restart(self) -> None:
        """The server goes away (the laptop slept, the Wi-Fi dropped) and comes back on the same port."""
        port = self.server.port
        self.server.stop()
        self.server = LanServer(self.runner, self.pairing, host="127.0.0.1", port=port)
        self.server.start()

    def close(self) -> None:
        self.http.close()
        self.server.stop()
        self.runner.stop()
