"""The suite's fixtures: the user's folders kept apart, the files written non-durable but for the durability
tests, a clock the test moves by hand, and desks on real files in tmp_path. The helpers the tests share
are in `tests/helpers` (a module named for what it holds); this file holds only fixtures and hooks."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import events_written, stale_parts, written_unlike_its_type
from tourneydesk.club import store as club_store
from tourneydesk.desk import Desk
from tourneydesk.store import tdfile


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
    desks: list[tuple[Desk, Path]] = []
    stale: list[str] = []

    def make(cfg: dict[str, Any] | None = None, *, seed: int = 1, name: str = "t.tdesk") -> Desk:
        desk = Desk.create(tmp_path / name, cfg if cfg is not None else config(), now=clock, seed=seed)
        desks.append((desk, tmp_path / name))
        desk.subscribe(lambda result: stale.extend(stale_parts(desk, result)))
        return desk

    yield make
    unlike: list[str] = []
    for desk, path in desks:
        unlike += [f"#{e.seq} {e.type}{problem}" for e in events_written(desk, path)
                   for problem in written_unlike_its_type(e)]
        desk.close()
    assert not stale, f"the desk's snapshot went stale: {stale[:3]}"
    assert not unlike, f"an event is written unlike its payload's type: {unlike[:3]}"
