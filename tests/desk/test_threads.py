"""The desk belongs to one thread at a time (docs/architecture.md: threads): the windows lend it to a worker
for a slow undo or open, and anything the GUI thread asks meanwhile waits its turn instead of racing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players, start
from tourneydesk.core.read_models import ledger
from tourneydesk.desk import Desk


def on_a_worker(work: Callable[[], Any]) -> Any:
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(work()))
    worker.start()
    worker.join()
    return out[0]


def test_a_desk_opened_on_a_worker_serves_the_thread_that_asked_for_it(tmp_path: Path, clock: FakeClock) -> None:
    Desk.create(tmp_path / "t.tdesk", config(), now=clock).close()
    desk: Desk = on_a_worker(lambda: Desk.open(tmp_path / "t.tdesk", now=clock))
    try:
        seat_players(desk, 3)  # written from this thread, on the connection the worker opened
        start(desk)
        assert desk.snapshot()["counts"]["entries"] == 3
    finally:
        desk.close()
    with Desk.open(tmp_path / "t.tdesk", now=clock, read_only=True) as again:
        assert again.snapshot()["counts"]["entries"] == 3


def test_reads_on_one_thread_wait_for_the_commands_and_undos_of_another(
        make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    problems: list[BaseException] = []

    def busy_worker() -> None:
        try:
            for n in range(60):
                player = desk.execute({"type": "register", "name": f"Late {n}"})["player"]
                desk.execute({"type": "buy_in", "player": player, "payment": "card", "present": True})
                if n % 3 == 0:
                    desk.execute({"type": "undo"})  # folds the state again, on this thread
        except BaseException as error:
            problems.append(error)

    worker = threading.Thread(target=busy_worker)
    worker.start()
    seen = 0
    while worker.is_alive():
        snap = desk.snapshot()  # whole: never a state half folded
        assert {e["player"] for e in snap["entries"]} <= {p["id"] for p in snap["players"]}
        assert all(m.money_in >= 0 and m.money_out >= 0 and m.count >= 0 for m in desk.drawer())
        desk.ledger()
        desk.undo_target()
        seen += 1
    worker.join()
    assert problems == [] and seen > 0
    assert desk.ledger() == ledger.ledger(desk.events())
    with Desk.open(desk.path, now=clock, read_only=True) as again:
        assert {k: v for k, v in again.snapshot().items() if k != "seq"} == \
            {k: v for k, v in desk.snapshot().items() if k != "seq"}


def test_a_read_waits_while_another_thread_is_inside_a_command(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    inside, go_on = threading.Event(), threading.Event()
    worker_id: list[int] = []

    def slow_listener(_result: dict[str, Any]) -> None:
        if worker_id and threading.get_ident() == worker_id[0]:
            inside.set()
            go_on.wait(5)  # the command is written; its thread still has the desk

    desk.subscribe(slow_listener)

    def command() -> None:
        worker_id.append(threading.get_ident())
        desk.execute({"type": "clock", "action": "start"})

    worker = threading.Thread(target=command)
    worker.start()
    assert inside.wait(5)
    read: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: read.append(desk.snapshot()))
    reader.start()
    reader.join(0.3)
    assert reader.is_alive() and read == []  # waiting its turn, not reading beside the command
    go_on.set()
    reader.join(5)
    worker.join(5)
    assert read and read[0]["clock"]["started"] is True
