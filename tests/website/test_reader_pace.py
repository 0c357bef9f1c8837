"""Pushes come first: while a venue's push is being stored, readers take turns (every one answered, none
waiting more than half a second), the push is stored whole, and from a second after it nobody waits. A
site process hears of another's push through the database and paces its readers too."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.waiting import wait_until
from tests.helpers.website import SiteServer, create_token, public_json, push, wire
from tourneydesk import sim
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneysite.reader_pace import ReaderPace


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_readers_wait_their_turn_only_while_a_push_is_being_stored() -> None:
    clock = Clock()
    pace = ReaderPace(turns_per_s=100, max_wait_s=0.5, quiet_s=1.0, clock=clock)
    assert [pace.wait_s() for _ in range(50)] == [0.0] * 50  # nobody pushes: nobody waits
    with pace.pushing():
        crowd = [pace.wait_s() for _ in range(200)]
    assert crowd[:3] == pytest.approx([0.0, 0.01, 0.02])  # one turn every hundredth of a second...
    assert max(crowd) == pytest.approx(0.5) and crowd[-1] == pytest.approx(0.5)  # ...none waits past half a second
    clock.t += 0.9
    # its next batch is coming: the readers still take turns
    assert pace.paced() and [pace.wait_s() for _ in range(3)] == pytest.approx([0.0, 0.01, 0.02])
    clock.t += 1.5
    assert pace.wait_s() == 0.0  # a second after the push's last batch
    pace.pushed_elsewhere()  # another site process stored a batch
    assert pace.paced()
    clock.t += 1.1
    assert not pace.paced()


@given(st.lists(st.floats(min_value=0.0, max_value=0.05), min_size=1, max_size=300))
def test_no_reader_waits_more_than_the_longest_wait_and_turns_keep_their_pace(gaps: list[float]) -> None:
    clock = Clock()
    pace = ReaderPace(turns_per_s=250, max_wait_s=0.5, clock=clock)
    turns = []
    with pace.pushing():
        for gap in gaps:
            clock.t += gap
            wait = pace.wait_s()
            assert 0.0 <= wait <= 0.5 + 1e-9
            turns.append((clock.t + wait, wait))
    for (one, _), (two, wait) in itertools.pairwise(turns):
        # the next turn is a 250th of a second after the one before, unless its reader would wait too long
        assert two - one >= 1 / 250 - 1e-9 or wait == pytest.approx(0.5)


@pytest.fixture
def field(tmp_path: Path, site_clock: FakeClock) -> Any:
    path = tmp_path / "sim.tdesk"
    sim.run(80, 5, "pko", path)
    desk = Desk.open(path, now=site_clock)
    yield desk
    desk.close()


def read_while(stop: threading.Event, url: str, paths: list[str], answers: list[tuple[int, str]]) -> None:
    with httpx.Client(base_url=url, timeout=30) as http:
        while not stop.is_set():
            for path in paths:
                r = http.get(path)
                answers.append((r.status_code, r.text))


def test_during_a_push_readers_take_turns_and_see_the_pages_and_the_push_is_stored_whole(
        db_url: str, site_clock: FakeClock, field: Desk, capsys: pytest.CaptureFixture[str]) -> None:
    pace = ReaderPace(quiet_s=0.3)
    site = SiteServer(db_url, site_clock, pace=pace)
    try:
        token = create_token(db_url, "The Queen's Club", capsys)
        events = wire(field)
        tid = field.state.tournament_id
        site_clock.t = events[-1]["at"] + 30
        with httpx.Client(base_url=site.url, timeout=30) as http:
            half = len(events) // 2
            push(http, token, tid, events[:half])
            name = field.state.config.name
            wait_until(lambda: not pace.paced())
            assert name in http.get(f"/t/{tid}").text
            assert pace.turns == 0  # nobody took turns: nothing was being pushed

            stop = threading.Event()
            answers: list[tuple[int, str]] = []
            readers = [threading.Thread(target=read_while, args=(stop, site.url, [f"/t/{tid}", f"/t/{tid}/results"],
                                                                 answers)) for _ in range(4)]
            for reader in readers:
                reader.start()
            try:
                push(http, token, tid, events[half:], batch=10)  # the rest, as a laptop back online sends it
            finally:
                stop.set()
                for reader in readers:
                    reader.join(60)
            assert pace.turns > 0  # the readers took turns meanwhile...
            assert answers and all(status == 200 and name in text for status, text in answers)  # ...and all had pages
            # the push is stored whole: the site's snapshot is the laptop's
            laptops = snapshot.public(field.snapshot(now=site_clock()))
            assert public_json(http.get(f"/api/v1/tournaments/{tid}")) == laptops

            wait_until(lambda: not pace.paced())
            turns = pace.turns
            for _ in range(20):
                assert http.get(f"/t/{tid}/results").status_code == 200
            assert pace.turns == turns  # after the push nobody waits
            # and the pages show the whole push (rendered again once their copy may be)
            winner = field.state.entry_name(field.state.winner)
            wait_until(lambda: winner in http.get(f"/t/{tid}/results").text, timeout=10)
    finally:
        site.stop()


def test_a_site_process_paces_its_readers_while_another_stores_a_push(
        db_url: str, site_clock: FakeClock, field: Desk, capsys: pytest.CaptureFixture[str]) -> None:
    readers_pace, pushers_pace = ReaderPace(quiet_s=5.0), ReaderPace()
    readers_site = SiteServer(db_url, site_clock, pace=readers_pace)
    pushers_site = SiteServer(db_url, site_clock, pace=pushers_pace)
    try:
        token = create_token(db_url, "The Queen's Club", capsys)
        events = wire(field)
        tid = field.state.tournament_id
        assert not readers_pace.paced()
        with httpx.Client(base_url=pushers_site.url, timeout=30) as http:
            push(http, token, tid, events[:40])
        # the database told the readers' process (PostgreSQL's NOTIFY; on SQLite its watching thread)
        wait_until(readers_pace.paced, timeout=10)
        with httpx.Client(base_url=readers_site.url, timeout=30) as http:
            assert http.get(f"/t/{tid}").status_code == 200
            assert readers_pace.turns == 1
    finally:
        readers_site.stop()
        pushers_site.stop()
