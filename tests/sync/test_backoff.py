"""When the pusher tries again: full jitter under a doubling ceiling, five minutes at most, Retry-After honoured."""

from __future__ import annotations

import random
import threading
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

from tests.helpers.clock import FakeClock
from tests.helpers.faulty_proxy import FaultyProxy
from tests.helpers.site_process import free_port
from tests.helpers.sync_site import Site, last_seq
from tests.helpers.waiting import wait_until
from tourneydesk.sync.backoff import Backoff, parse_retry_after
from tourneydesk.sync.pusher import HEARTBEAT_S, Pusher


def highest(low: float, high: float) -> float:
    return high


def test_the_ceiling_doubles_from_one_second_and_stops_at_five_minutes() -> None:
    backoff = Backoff()
    assert [backoff.ceiling(n) for n in range(10)] == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300]
    assert backoff.ceiling(10_000) == 300


def test_every_wait_lies_between_zero_and_the_ceiling_and_they_are_spread() -> None:
    backoff = Backoff(uniform=random.Random(5).uniform)
    for attempt in (0, 3, 8, 20):
        waits = [backoff.delay(attempt) for _ in range(400)]
        assert all(0 <= w <= backoff.ceiling(attempt) for w in waits)
        # full jitter: the waits cover the whole range, not a narrow band near the ceiling
        assert min(waits) < backoff.ceiling(attempt) * 0.1
        assert max(waits) > backoff.ceiling(attempt) * 0.9


def test_retry_after_is_a_floor_under_the_jitter() -> None:
    backoff = Backoff(uniform=lambda low, high: low)
    assert backoff.delay(0, retry_after=120) == 120
    assert Backoff(uniform=highest).delay(9, retry_after=5) == 300


def test_retry_after_reads_seconds_and_http_dates() -> None:
    now = datetime(2026, 1, 2, 12, 0, 0, tzinfo=UTC).timestamp()
    assert parse_retry_after("120", now) == 120
    assert parse_retry_after(format_datetime(datetime(2026, 1, 2, 12, 1, 30, tzinfo=UTC), usegmt=True), now) == 90
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now) == 0
    assert parse_retry_after("soon", now) is None
    assert parse_retry_after(None, now) is None


def test_the_worker_waits_as_the_site_asks_then_backs_off_then_rests_once_synced(
        tournament: Path, site: Site, proxy: FaultyProxy) -> None:
    proxy.retry_after = 120
    proxy.plan("429", "500", "500")
    clock = FakeClock()
    waits: list[float | None] = []

    def wait(kick: threading.Event, seconds: float | None) -> bool:
        waits.append(seconds)
        if pusher.status.state == "synced":  # synced: it sleeps until woken or the heartbeat; end the test there
            pusher.stop()
            return True
        assert seconds is not None
        clock.advance(seconds)
        return False

    pusher = Pusher(tournament, proxy.url, site.token, now=clock, wait=wait, backoff=Backoff(uniform=highest))
    pusher.run()
    assert waits == [120.0, 2.0, 4.0, HEARTBEAT_S]
    assert pusher.status.state == "synced"
    assert pusher.status.acked_seq == last_seq(tournament)


def test_a_server_error_shows_the_next_try_and_keeps_the_events_waiting(
        tournament: Path, site: Site, proxy: FaultyProxy) -> None:
    proxy.plan("500")
    clock = FakeClock()
    pusher = Pusher(tournament, proxy.url, site.token, now=clock, backoff=Backoff(uniform=highest))
    status = pusher.step()
    pusher.close()
    assert status.state == "retrying"
    assert status.error == "The website answered 500 Internal Server Error"
    assert status.retry_at == clock.t + 1
    assert status.waiting == last_seq(tournament)


def test_a_refusal_is_not_retried_by_the_worker_until_the_settings_change(
        tournament: Path, site: Site, proxy: FaultyProxy) -> None:
    rounds: list[float | None] = []

    def wait(kick: threading.Event, seconds: float | None) -> bool:
        rounds.append(seconds)  # the worker finished a round and goes back to waiting
        return kick.wait(seconds)

    pusher = Pusher(tournament, proxy.url, "wrong", wait=wait, backoff=Backoff(uniform=highest))
    worker = threading.Thread(target=pusher.run, daemon=True)
    worker.start()
    try:
        wait_until(lambda: pusher.status.state == "stopped" and len(rounds) == 1)
        asked = len(proxy.seen)
        pusher.online_now()
        wait_until(lambda: len(rounds) == 2)
        pusher.wake()
        wait_until(lambda: len(rounds) == 3)
        assert rounds == [None, None, None], "a refusal waits for the TD, not for a timer"
        assert len(proxy.seen) == asked
        assert pusher.status.state == "stopped" and "401" in (pusher.status.error or "")

        pusher.configure(proxy.url, site.token)
        wait_until(lambda: pusher.status.state == "synced")
    finally:
        pusher.stop()
        worker.join(timeout=30)


def test_coming_online_sends_at_once_instead_of_waiting_out_the_backoff(tournament: Path, tmp_path: Path) -> None:
    site = Site(tmp_path / "late.db", 0.0, port=free_port())
    from tests.helpers.site_process import create_token

    token = create_token(site.db, "Casino Test")
    # every failure waits the full ceiling, and the first ceiling is already five minutes
    pusher = Pusher(tournament, site.url, token, backoff=Backoff(base=600, uniform=highest))
    worker = threading.Thread(target=pusher.run, daemon=True)
    worker.start()
    try:
        wait_until(lambda: pusher.status.state == "offline")
        offline = pusher.status
        assert offline.offline_since is not None and offline.retry_at == offline.offline_since + 300
        site.start()
        pusher.online_now()
        wait_until(lambda: pusher.status.state == "synced", timeout=60)
    finally:
        pusher.stop()
        worker.join(timeout=30)
        site.stop()
