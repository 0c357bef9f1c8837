"""The collector's full passes come between pushes: never while a push is being stored (unless none has
run for two minutes), once the pushes are quiet and enough has piled up, and the interpreter's own come
back when the site stops."""

from __future__ import annotations

import gc
from pathlib import Path

from tests.helpers.clock import FakeClock
from tests.helpers.website import SiteServer
from tourneysite import collector
from tourneysite.collector import Collector
from tourneysite.reader_pace import ReaderPace


def test_a_full_pass_waits_for_the_pushes_to_be_quiet() -> None:
    clock = FakeClock(1000.0)
    pace = ReaderPace(quiet_s=1.0, clock=clock)
    ran: list[float] = []
    passes = Collector(pace.paced, due=lambda: True, collect=lambda: ran.append(clock()), clock=clock,
                       min_gap_s=10.0, max_gap_s=120.0)
    clock.advance(5.0)
    assert not passes.tick()  # the last one was only five seconds ago
    with pace.pushing():
        for _ in range(100):  # a long push, batch after batch: no pass in the middle of it
            clock.advance(1.0)
            assert not passes.tick()
    clock.advance(0.5)
    assert not passes.tick()  # its next batch may be coming
    clock.advance(1.0)
    assert passes.tick() and ran == [clock()]
    clock.advance(3.0)
    assert not passes.tick()  # the next one not before ten seconds


def test_a_push_that_never_ends_still_gets_a_full_pass_every_two_minutes() -> None:
    clock = FakeClock(1000.0)
    pace = ReaderPace(quiet_s=1.0, clock=clock)
    passes = Collector(pace.paced, due=lambda: True, collect=lambda: None, clock=clock, min_gap_s=10.0,
                       max_gap_s=120.0)
    with pace.pushing():
        for _ in range(600):
            clock.advance(1.0)
            passes.tick()
    assert passes.passes == 5


def test_no_full_pass_while_nothing_has_piled_up() -> None:
    clock = FakeClock(1000.0)
    due = [False]
    passes = Collector(lambda: False, due=lambda: due[0], collect=lambda: None, clock=clock)
    clock.advance(600.0)
    assert not passes.tick()  # an idle site spends nothing on passes that would find nothing new
    due[0] = True
    assert passes.tick()


def test_the_site_takes_the_full_passes_over_while_it_serves_and_gives_them_back(tmp_path: Path) -> None:
    before = gc.get_threshold()
    site = SiteServer(tmp_path / "site.db", FakeClock())
    try:
        assert gc.get_threshold() == (before[0], before[1], collector.NEVER)
        give_back = collector.take_over()  # a second site in the same process
        give_back()
        give_back()  # given back twice: counted once
        assert gc.get_threshold()[2] == collector.NEVER  # the first site still serves
    finally:
        site.stop()
    assert gc.get_threshold() == before
