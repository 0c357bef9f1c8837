"""An event played over several days on the website: a flight's page says where it stops and when its chips
are bagged; the Day 2's pages show the event as a whole (its flights, total entries, qualifiers, the
combined prize pool and the chip-count leaderboard), in the venue's language, in a real browser too."""

from __future__ import annotations

from html import escape as html_escape
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.flights import (
    bag_all,
    bust_in_order,
    flight_config,
    past_registration,
    satellite_config,
    seat_named,
    stopped_flight,
)
from tests.helpers.website import SiteServer, push, wire
from tourneydesk.desk import Desk
from tourneydesk.event_files import make_day2
from tourneysite.databases import open_storage
from tourneysite.results import Results

NAMES = [f"Player {i}" for i in range(1, 25)]


@pytest.fixture
def event(tmp_path: Path, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str) -> dict[str, Any]:
    """Two flights of twelve, stopped at four left and bagged; the Day 2 made from them; all three pushed."""
    paths = []
    ids = {}
    for name, people in (("Day 1A", NAMES[:12]), ("Day 1B", NAMES[12:])):
        path = tmp_path / f"{name}.tdesk"
        with Desk.create(path, flight_config(name), now=clock, seed=1) as desk:
            stopped_flight(desk, clock, people)
            bag_all(desk)
            site_clock.t = clock.t
            push(http, token, desk.state.tournament_id, wire(desk))
            ids[name] = desk.state.tournament_id
        paths.append(path)
    with make_day2(tmp_path / "Day 2.tdesk", paths, now=clock, seed=2) as day2:
        push(http, token, day2.state.tournament_id, wire(day2))
        ids["Day 2"] = day2.state.tournament_id
        snap = day2.snapshot()
    return {"ids": ids, "day2": snap}


def test_the_day2_page_shows_the_event_as_a_whole(event: dict[str, Any], http: httpx.Client) -> None:
    shown = event["day2"]["event"]
    assert shown["entries"] == 24 and shown["qualifiers"] == 8
    for page in ("", "/results"):
        html = http.get(f"/t/{event['ids']['Day 2']}{page}").text
        assert "<h2>Spring Main Event</h2>" in html
        assert '<span class="k">Total entries</span><span class="v">24</span>' in html
        assert '<span class="k">Qualifiers</span><span class="v">8</span>' in html
        assert '<span class="k">Combined prize pool</span><span class="v">€1,920</span>' in html  # 24 × 80.00
        for name in ("Day 1A", "Day 1B"):
            assert f'<td class="name">{name}</td><td class="num">12</td><td class="num">4</td>' in html
        leaders = html.split('<table class="grid leaderboard">')[1].split("</table>")[0]
        for row in shown["leaderboard"]:
            assert f'<td class="name">{html_escape(row["name"])}</td><td class="num">{row["stack"]:,}</td>' in leaders


def test_a_flights_page_says_where_it_stopped_and_that_its_chips_are_bagged(
        event: dict[str, Any], http: httpx.Client) -> None:
    html = http.get(f"/t/{event['ids']['Day 1A']}").text
    assert "<h2>Spring Main Event · Day 1A</h2>" in html
    assert "stops at 4 players left · <strong>4 qualifiers, chips bagged</strong>" in html


def test_a_satellites_results_show_each_seat_as_a_seat_to_its_target_and_the_cash_apart(
        tmp_path: Path, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str) -> None:
    """Seen on the site: the three seat winners' prize read "€330" (the seat and their share of the leftover
    as one amount of cash), and the results' total counted the seats as money paid."""
    with Desk.create(tmp_path / "satellite.tdesk", satellite_config(leftover="seat_winners"), now=clock,
                     seed=1) as desk:
        entries = seat_named(desk, [f"Player {i}" for i in range(1, 12)])  # 990: three seats of 300, 90 left
        past_registration(desk, clock)
        bust_in_order(desk, list(reversed(entries)))
        site_clock.t = clock.t
        push(http, token, desk.state.tournament_id, wire(desk))
        tid = desk.state.tournament_id
    html = http.get(f"/t/{tid}/results").text
    for i in (1, 2, 3):
        assert f'<td class="name">Player {i}</td><td class="num">Seat to Main Event + €30</td>' in html
    assert "€330" not in html
    found = http.get(f"/t/{tid}", params={"q": "Player 2"}).text
    assert "Seat to Main Event + €30" in found


def test_a_day2s_pages_and_its_card_count_every_entry_of_every_flight_not_the_qualifiers(
        event: dict[str, Any], http: httpx.Client) -> None:
    """Seen on the site: the Day 2 of two flights of twelve said "Entries 8" (its qualifiers) in its figures,
    on its live page, its results and in the venue's list of nights, beside a combined pool of 24 entries."""
    day2 = event["ids"]["Day 2"]
    results = http.get(f"/t/{day2}/results").text
    assert '<span class="k">Entries</span><span class="v">24</span>' in results
    assert '<span class="k">Players</span><span class="v">24</span>' in results
    live = http.get(f"/t/{day2}").text
    assert '<span class="v" data-bind="stats.entries">24</span>' in live
    assert http.get(f"/t/{day2}/live.json").json()["stats"]["entries"] == "24"
    venue = http.get("/venues/1").text
    card = venue.split(f'href="/t/{day2}')[1].split("</li>")[0]
    assert "24 players · 24 entries" in card


def test_a_day2_of_mystery_bounties_from_day2_is_taken_by_the_site_with_every_flights_bounty_pool(
        tmp_path: Path, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str) -> None:
    paths = []
    for name, people in (("Day 1A", NAMES[:12]), ("Day 1B", NAMES[12:])):
        cfg = flight_config(name)
        cfg.update(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000},
                   bounty={"kind": "mystery", "mystery_from": "day2"})
        path = tmp_path / f"{name}.tdesk"
        with Desk.create(path, cfg, now=clock, seed=1) as desk:
            stopped_flight(desk, clock, people)
            bag_all(desk)
            site_clock.t = clock.t
            push(http, token, desk.state.tournament_id, wire(desk))
        paths.append(path)
    with make_day2(tmp_path / "Day 2.tdesk", paths, now=clock, seed=2) as day2:
        day2.execute({"type": "envelopes", "propose": True})
        push(http, token, day2.state.tournament_id, wire(day2))
        tid = day2.state.tournament_id
    html = http.get(f"/t/{tid}").text
    assert "€480" in html  # 24 entries × €20.00 of bounty parts, from both flights


def test_a_person_who_entered_two_flights_is_one_player_of_the_day2_on_the_site(
        tmp_path: Path, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str) -> None:
    """Seen on the site: three people busted in Day 1A and played Day 1B; the Day 2 said "24 players" for 21
    people (its 24 entries are right). The people are told apart as the flights tell them apart (member id,
    else name), on the desk; the site reads the count the Day 2 took."""
    paths = []
    for name, people in (("Day 1A", NAMES[:12]), ("Day 1B", NAMES[12:21] + NAMES[9:12])):
        path = tmp_path / f"{name}.tdesk"
        with Desk.create(path, flight_config(name), now=clock, seed=1) as desk:
            stopped_flight(desk, clock, people)
            bag_all(desk)
            site_clock.t = clock.t
            push(http, token, desk.state.tournament_id, wire(desk))
        paths.append(path)
    with make_day2(tmp_path / "Day 2.tdesk", paths, now=clock, seed=2) as day2:
        push(http, token, day2.state.tournament_id, wire(day2))
        day2_id = day2.state.tournament_id
        assert day2.snapshot()["event"]["players"] == 21
    results = http.get(f"/t/{day2_id}/results").text
    assert '<span class="k">Entries</span><span class="v">24</span>' in results
    assert '<span class="k">Players</span><span class="v">21</span>' in results
    card = http.get("/venues/1").text.split(f'href="/t/{day2_id}')[1].split("</li>")[0]
    assert "21 players · 24 entries" in card


def test_a_day2s_summary_stored_by_an_older_site_is_counted_again_when_the_site_starts(
        event: dict[str, Any], site: SiteServer, db_url: str, site_clock: FakeClock) -> None:
    """Seen on the site: a Day 2 pushed before the site counted every flight's entries kept "8 players · 8
    entries" in the venue's list until the laptop pushed it again. The next start counts it again from its
    events, once: a second start changes nothing."""
    day2 = event["ids"]["Day 2"]
    storage = open_storage(db_url)
    try:
        known = storage.tournament(day2)
        assert known is not None and known.summary["entries"] == 24
        older = {key: value for key, value in known.summary.items() if key != "version"}
        assert storage.refresh_summary(day2, known.acked_seq, {**older, "players": 8, "entries": 8})
    finally:
        storage.close()
    site.restart()
    with httpx.Client(base_url=site.url, timeout=30) as http:
        card = http.get("/venues/1").text.split(f'href="/t/{day2}')[1].split("</li>")[0]
    assert "24 players · 24 entries" in card
    again = Results(open_storage(db_url), site_clock)
    try:
        assert again.refresh_summaries() == 0
    finally:
        again.storage.close()
