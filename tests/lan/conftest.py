"""A real LAN server on 127.0.0.1 (a free port) over a real tournament file, its desk on its own thread.

`lan.on_desk(fn)` runs `fn(desk)` on the desk's thread, as the server does: a test reads the state or
sends a console command there. `lan.pair(role)` pairs a device through the HTTP API, as a phone does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import Lan, seed_tournament


@pytest.fixture
def lan_clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def lan(tmp_path: Path, lan_clock: FakeClock) -> Iterator[Lan]:
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, lan_clock)
    server = Lan(path, lan_clock, tmp_path / "devices.json")
    yield server
    server.close()
