"""The site is honest about time: it says how old its news is, stops its clock when the venue goes quiet,
calls a tournament whose laptop never came back interrupted, and corrects the laptop's clock error.
Every clock is injected: the laptop's (the desk's) and the site's."""

from __future__ import annotations

from typing import Any

import httpx

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players
from tests.helpers.website import batch_body, push, wire
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneysite.pages import Voice, news_view
from tourneysite.storage import VenueSettings


def running(make_desk: Any, clock: FakeClock) -> Desk:
    desk: Desk = make_desk(PKO_CONFIG)
    seat_players(desk, 6)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=3)
    return desk


def shown(http: httpx.Client, tid: str) -> dict[str, Any]:
    r = http.get(f"/api/v1/tournaments/{tid}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def send(http: httpx.Client, token: str, desk: Desk, laptop_now: float, after: int = 0) -> None:
    events = wire(desk, after)
    tid = desk.state.tournament_id
    body = batch_body(tid, events, after=after, sent_at=laptop_now) if not events else \
        batch_body(tid, events, sent_at=laptop_now)
    r = http.post(f"/api/v1/tournaments/{tid}/events", json=body, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text


def test_a_laptop_seven_minutes_slow_shows_the_rooms_time_left(make_desk: Any, clock: FakeClock,
                                                               site_clock: FakeClock, http: httpx.Client,
                                                               token: str) -> None:
    desk = running(make_desk, clock)
    site_clock.t = clock.t + 7 * 60  # the site's clock is right; the laptop's is seven minutes behind
    send(http, token, desk, clock())
    site_clock.advance(seconds=30)
    clock.advance(seconds=30)
    snap = shown(http, desk.state.tournament_id)
    room = snapshot.public(desk.snapshot(now=clock()))
    assert snap["clock"]["remaining_s"] == room["clock"]["remaining_s"]
    assert round(snap["news"]["clock_error_s"]) == 7 * 60
    # without the correction the site would show seven minutes less than the room has
    uncorrected = snapshot.public(desk.snapshot(now=site_clock()))
    assert uncorrected["clock"]["remaining_s"] == room["clock"]["remaining_s"] - 7 * 60


def test_no_news_for_five_minutes_stops_the_clock_and_says_so(make_desk: Any, clock: FakeClock,
                                                               site_clock: FakeClock, http: httpx.Client,
                                                               token: str) -> None:
    desk = running(make_desk, clock)
    tid = desk.state.tournament_id
    site_clock.t = clock.t
    push(http, token, tid, wire(desk))
    site_clock.advance(minutes=4)
    fresh = shown(http, tid)
    assert fresh["clock"]["running"] and not fresh["news"]["stale"] and fresh["news"]["age_s"] == 240
    site_clock.advance(minutes=2)  # six minutes without news: the room may have paused, the laptop gone
    stale = shown(http, tid)
    assert stale["news"]["stale"] and not stale["clock"]["running"]
    at_last_news = snapshot.public(desk.snapshot(now=clock()))
    assert stale["clock"]["remaining_s"] == at_last_news["clock"]["remaining_s"]  # stopped where it was heard
    page = http.get(f"/t/{tid}").text
    assert "Last news from the venue" in page and "6\u00a0min ago" in page
    assert "the clock is stopped where the venue last left it" in page and "Clock stopped" in page
    site_clock.advance(minutes=20)
    assert shown(http, tid)["clock"]["remaining_s"] == at_last_news["clock"]["remaining_s"]  # no running on

    clock.advance(minutes=26)  # the laptop is back: a heartbeat (nothing new) is news enough
    send(http, token, desk, clock(), after=desk.seq)
    back = shown(http, tid)
    assert not back["news"]["stale"] and back["clock"]["running"]
    assert back["clock"]["remaining_s"] == snapshot.public(desk.snapshot(now=clock()))["clock"]["remaining_s"]


def test_a_tournament_whose_laptop_never_returns_is_interrupted_not_live(make_desk: Any, clock: FakeClock,
                                                                         site_clock: FakeClock, http: httpx.Client,
                                                                         token: str) -> None:
    desk = running(make_desk, clock)
    tid = desk.state.tournament_id
    site_clock.t = clock.t
    push(http, token, tid, wire(desk))
    assert "Live" in http.get("/").text
    site_clock.advance(minutes=5 * 60)
    snap = shown(http, tid)
    assert snap["tournament"]["status"] == "interrupted" and snap["news"]["interrupted"]
    home = http.get("/").text
    assert ">Interrupted<" in home and ">Live<" not in home
    assert "Interrupted" in http.get(f"/t/{tid}").text


def test_how_old_the_news_is_never_breaks_between_a_figure_and_its_unit() -> None:
    """On a phone, "1 h 21 min ago" must not end a line on "1 h" and start the next with "21 min"."""
    for language, ago in (("en", "1\u00a0h\u00a021\u00a0min ago"), ("fr", "il y a 1\u00a0h\u00a021\u00a0min")):
        voice = Voice.of(VenueSettings(language=language, time_zone="Europe/Paris"))
        line = news_view({"at": 1_764_600_000.0, "age_s": 4_860, "stale": True, "interrupted": False},
                         voice, 300)["line"]
        assert line.endswith(ago), line
