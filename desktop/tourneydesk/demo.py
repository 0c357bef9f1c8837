"""The demo tournament: a club PKO caught in the middle of its evening.

Sixty players bought in, the clock started about forty minutes ago, a dozen busts with their bounties
(some re-entered), so that every window has something real to show. It is played through the Desk like
any tournament, on a clock set in the past, then reopened on the real clock: the level and the second
shown are exactly where the history left them.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from pathlib import Path

from . import resources
from .core.config import parse_config, parse_toml, set_dotted
from .desk import Desk

FIRST_NAMES = ("Ana", "Bruno", "Chloé", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules", "Karim",
               "Léa", "Marc", "Nina", "Omar", "Paula", "Quentin", "Rosa", "Sami", "Théo", "Ugo", "Valérie",
               "Wassim", "Xavier", "Yasmine", "Zoé")
LAST_NAMES = ("Silva", "Martin", "Bernard", "Dubois", "Durand", "Lefebvre", "Moreau", "Laurent", "Simon",
              "Michel", "Garcia", "Roux", "Fournier", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine")


@dataclass
class _PastClock:
    t: float

    def __call__(self) -> float:
        return self.t


def demo_names(count: int, rng: random.Random) -> list[str]:
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < count:
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        if name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    return names


DEMO_NAME = "Friday PKO (demo)"


def demo_config(name: str = DEMO_NAME, players: int = 60) -> dict[str, object]:
    """The shipped PKO with tables enough for `players` (ten at least)."""
    raw = parse_toml(resources.structure_path("pko").read_text(encoding="utf-8")).to_dict()
    seats = parse_config(raw).seating.seats_per_table
    raw = set_dotted(raw, {"name": name, "seating.tables": max(10, -(-players // seats)), "seating.open_order": [],
                                "seating.break_order": []})
    return parse_config(raw).to_dict()


def make_demo(path: str | Path, *, players: int = 60, busts: int = 12, minutes_ago: int = 41,
              seed: int = 7, now: float | None = None, name: str = DEMO_NAME) -> Desk:
    """Create the demo tournament at `path` (replacing any file there) and return it open on the real
    clock (or on `now`, fixed, for screenshots and tests). `name` is the tournament's, in the app's language
    (the windows pass it translated: this module runs without Qt)."""
    path = Path(path)
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    real_now = time.time() if now is None else now
    clock = _PastClock(real_now - minutes_ago * 60 - 15 * 60)
    rng = random.Random(seed)
    desk = Desk.create(path, demo_config(name, players), now=clock, seed=seed)
    payments = ("cash", "cash", "cash", "card", "card", "transfer")
    ids = []
    for i, name in enumerate(demo_names(players, rng)):
        ids.append(desk.execute({"type": "register", "name": name, "station": "cashier",
                                 "email": f"player{i + 1}@example.org"})["player"])
    for player in ids:
        clock.t += rng.uniform(5, 15)
        desk.execute({"type": "buy_in", "player": player, "payment": rng.choice(payments), "present": True,
                      "station": "cashier"})
    clock.t = real_now - minutes_ago * 60
    desk.execute({"type": "clock", "action": "start", "station": "td"})
    step = minutes_ago * 60 / (busts + 1)
    for _ in range(busts):
        clock.t += step * rng.uniform(0.7, 1.0)
        state = desk.state
        tables = [t for t in state.open_tables
                  if sum(state.entries[e].status == "active" for e in state.tables[t].seats.values()) >= 2]
        table = rng.choice(tables)
        mates = [e for e in state.tables[table].seats.values() if state.entries[e].status == "active"]
        loser, winner = rng.sample(mates, 2)
        desk.execute({"type": "bust", "entry": loser, "by": [winner], "station": "td"})
        if rng.random() < 0.4:
            desk.execute({"type": "buy_in", "player": state.entries[loser].player, "payment": "cash",
                          "present": True, "station": "cashier"})
    desk.close()
    if now is None:
        return Desk.open(path)
    fixed = now
    return Desk.open(path, now=lambda: fixed)


def demo_path() -> Path:
    """Where `tourneydesk demo` keeps its tournament: the user data folder."""
    from platformdirs import user_data_path

    folder = user_data_path("TourneyDesk", appauthor=False)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "demo.tdesk"
