"""Shared fixtures: a clock the test moves by hand, configs, and desks on real files in tmp_path."""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tourneydesk.club import store as club_store
from tourneydesk.core import snapshot
from tourneydesk.core.errors import TourneyError
from tourneydesk.desk import Desk
from tourneydesk.store import tdfile

T0 = 1_767_000_000.0  # an instant in 2025, in POSIX seconds


class FakeClock:
    """The only clock a test desk reads; it moves when the test says so."""

    def __init__(self, t: float = T0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float = 0, *, minutes: float = 0) -> None:
        self.t += seconds + minutes * 60


BASE_CONFIG: dict[str, Any] = {
    "name": "Friday Test",
    "currency": "EUR",
    "starting_stack": 20000,
    "buy_in": {"prize": 8000, "bounty": 0, "fee": 1000},
    "registration": {"until_level": 2, "through_break": True},
    "reentry": {"max": 2},
    "seating": {"seats_per_table": 9, "tables": 6},
    "payouts": {"table": "standard", "rounding": 1},
    "levels": [
        {"small_blind": 100, "big_blind": 200, "minutes": 20},
        {"small_blind": 200, "big_blind": 400, "ante": 400, "ante_kind": "big_blind", "minutes": 20},
        {"break_minutes": 10, "color_up": [25]},
        {"small_blind": 300, "big_blind": 600, "ante": 600, "ante_kind": "big_blind", "minutes": 20},
        {"small_blind": 400, "big_blind": 800, "ante": 800, "ante_kind": "big_blind", "minutes": 20},
    ],
    "chips": [{"value": 25, "color": "green"}, {"value": 100, "color": "black"},
              {"value": 500, "color": "purple"}, {"value": 1000, "color": "yellow"}],
}

PKO_CONFIG: dict[str, Any] = {
    **copy.deepcopy(BASE_CONFIG),
    "name": "Friday PKO",
    "buy_in": {"prize": 8000, "bounty": 2000, "fee": 1000},
    "bounty": {"kind": "progressive", "cash_share_bp": 5000},
}


def config(base: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    """A copy of BASE_CONFIG (or `base`) with top-level keys replaced."""
    out = copy.deepcopy(base if base is not None else BASE_CONFIG)
    out.update(copy.deepcopy(changes))
    return out


def stale_parts(desk: Desk, result: dict[str, Any]) -> list[str]:
    """The desk reuses the parts of its previous snapshot that a command left alone. After every command
    of every desk test, its snapshot must equal one built from nothing: the parts that differ, named."""
    kept = desk.snapshot()
    fresh = snapshot.snapshot(desk.state, desk.seq, desk.now_ms())
    if kept == fresh:
        return []
    wrong = [f"{key} after #{result.get('seq')}" for key in fresh if kept.get(key) != fresh[key]]
    wrong += [f"entry {e['id']}: {e} != {f}" for e, f in zip(kept["entries"], fresh["entries"], strict=False) if e != f]
    return wrong


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data and documents folders (the club file, new tournaments) in a temporary folder: a test
    never reads or writes the real ones."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(root / "data"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(root / "Documents"))
    return root


DURABLE = {"tournament": tdfile.SYNCHRONOUS, "club": club_store.SYNCHRONOUS}  # as the program writes


def pytest_configure(config: pytest.Config) -> None:
    """A test of the rules needs a real file, not one that waits for the disk at every commit (two thirds
    of the slowest tests' time was fsync): from here on, every file the suite writes in this process is
    written with synchronous=OFF, session fixtures' files included. The tests of durability are marked
    `durable` and get the program's own setting back (`durable_files`)."""
    tdfile.SYNCHRONOUS = "OFF"
    club_store.SYNCHRONOUS = "OFF"


@pytest.fixture(autouse=True)
def durable_files(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test marked `durable` writes its files as the program does (FULL), and asserts it."""
    if request.node.get_closest_marker("durable") is not None:
        monkeypatch.setattr(tdfile, "SYNCHRONOUS", DURABLE["tournament"])
        monkeypatch.setattr(club_store, "SYNCHRONOUS", DURABLE["club"])


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_desk(tmp_path: Path, clock: FakeClock) -> Iterator[Callable[..., Desk]]:
    """make_desk(config=None, seed=1, name="t.tdesk") -> a Desk on a real file, closed after the test."""
    desks: list[Desk] = []
    stale: list[str] = []

    def make(cfg: dict[str, Any] | None = None, *, seed: int = 1, name: str = "t.tdesk") -> Desk:
        desk = Desk.create(tmp_path / name, cfg if cfg is not None else config(), now=clock, seed=seed)
        desks.append(desk)
        desk.subscribe(lambda result: stale.extend(stale_parts(desk, result)))
        return desk

    yield make
    for desk in desks:
        desk.close()
    assert not stale, f"the desk's snapshot went stale: {stale[:3]}"


def seat_players(desk: Desk, count: int, *, payment: str = "cash") -> list[str]:
    """Register and buy in `count` players; returns their entry ids in order."""
    entries = []
    for i in range(count):
        player = desk.execute({"type": "register", "name": f"Player {i + 1}"})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": payment,
                                     "present": True})["entry"])
    return entries


def table_mate(desk: Desk, entry: str) -> str:
    """Another active entry at the same table (an eliminator for a bust)."""
    state = desk.state
    table = state.entries[entry].table
    assert table is not None
    return next(e for e in state.tables[table].seats.values()
                if e != entry and state.entries[e].status == "active")


def refused(desk: Desk, cmd: Any, code: str) -> TourneyError:
    """`cmd` is refused with `code`, and nothing is written: same seq, same snapshot."""
    seq, before = desk.seq, desk.snapshot()
    with pytest.raises(TourneyError) as info:
        desk.execute(cmd)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert desk.seq == seq
    assert desk.snapshot() == before
    return info.value


def start(desk: Desk) -> None:
    desk.execute({"type": "clock", "action": "start"})


def register(desk: Desk, name: str, **extra: Any) -> str:
    return desk.execute({"type": "register", "name": name, **extra})["player"]


def buy_in(desk: Desk, player: str, payment: str = "cash", **extra: Any) -> dict[str, Any]:
    return desk.execute({"type": "buy_in", "player": player, "payment": payment, "present": True, **extra})


def entry_view(desk: Desk, entry: str) -> dict[str, Any]:
    return next(e for e in desk.snapshot()["entries"] if e["id"] == entry)


def started(make_desk: Callable[..., Desk], cfg: dict[str, Any] | None = None,
            players: int = 3) -> tuple[Desk, list[str]]:
    """A desk with `players` seated and the clock started."""
    desk = make_desk(cfg)
    entries = seat_players(desk, players)
    start(desk)
    return desk, entries
