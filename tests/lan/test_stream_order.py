"""The phones' stream at a busy room: a device's command is answered before its change goes to the hundreds
of pages (never held long), and the view is made public again only where the desk's parts changed."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.helpers.clock import FakeClock
from tests.helpers.lan import seed_tournament
from tourneydesk.core.read_models import snapshot as snapshots
from tourneydesk.desk import Desk
from tourneydesk.lan.stream import HOLD_AT_MOST_S, Hub, Update
from tourneydesk.lan.view import ViewBuilder


def update(version: int) -> Update:
    return Update(version, {"stats": {"v": version}}, [], 0, 0.0, f"id: {version}\n\n".encode(), frozenset())


def test_a_change_reaches_the_pages_once_the_command_that_made_it_is_answered() -> None:
    async def run() -> list[str]:
        hub = Hub()
        page: asyncio.Queue[bytes | None] = asyncio.Queue()
        hub.clients.add(page)
        seen: list[str] = []
        with hub.answering():
            hub.take(update(1))  # the publisher has the change out before the desk's answer is back
            await asyncio.sleep(0.01)
            assert page.empty() and hub.version == 1  # the view is there for whoever asks, the pages wait
            seen.append("answer")
        await asyncio.sleep(0)
        while not page.empty():
            seen.append((await page.get() or b"").decode().split()[1])
        return seen

    assert asyncio.run(run()) == ["answer", "1"]


def test_a_command_that_takes_its_time_does_not_hold_the_room() -> None:
    async def run() -> float:
        hub = Hub()
        page: asyncio.Queue[bytes | None] = asyncio.Queue()
        hub.clients.add(page)
        loop = asyncio.get_running_loop()
        with hub.answering():
            hub.take(update(1))
            started = loop.time()
            await page.get()
            return loop.time() - started

    assert asyncio.run(run()) < HOLD_AT_MOST_S + 0.5


def test_the_view_made_public_part_by_part_is_the_public_snapshot(tmp_path: Path) -> None:
    clock = FakeClock()
    seed_tournament(tmp_path / "t.tdesk", clock)
    builder = ViewBuilder()
    with Desk.open(tmp_path / "t.tdesk", now=clock) as desk:
        out, winner = list(desk.state.entries)[:2]
        for command in ({"type": "clock", "action": "adjust", "seconds": -60},
                        {"type": "bust", "entry": out, "by": [winner]}):
            before = desk.snapshot()
            assert builder._public(before) == snapshots.public(before)
            desk.execute(command)
            after = desk.snapshot()
            assert builder._public(after) == snapshots.public(after)
