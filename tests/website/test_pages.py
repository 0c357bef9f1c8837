"""The pages people read: a venue's tournaments, the live page and the results, in a real browser."""

from __future__ import annotations

import contextlib
import shutil
import struct
import subprocess
import zlib
from html import escape as html_escape
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import table_mate
from tests.helpers.website import ON_SQLITE_ONLY, SiteServer, push, wire
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk
from tourneysite import pages

SCRIPT_NAME = "<script>alert(1)</script>"
NAMES = [SCRIPT_NAME, "Ana Silva", "Bruno Costa", "Chen Wei", "Dara Okafor", "Émile Zola", "Fatima Haddad",
         "Gus Lindqvist", "Hana Sato", "Ines Moreau", "Jon Ólafsson", "Kai Nakamura"]


def play(desk: Desk, clock: FakeClock, *, to_the_end: bool) -> None:
    """Twelve players with a re-entry; then either a few busts (live) or down to the winner."""
    players = [desk.execute({"type": "register", "name": n})["player"] for n in NAMES]
    entries = [desk.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})["entry"]
               for p in players]
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=7)
    desk.execute({"type": "bust", "entry": entries[3], "by": [table_mate(desk, entries[3])]})
    desk.execute({"type": "buy_in", "player": players[3], "payment": "cash", "present": True})
    clock.advance(minutes=9)
    desk.execute({"type": "bust", "entry": entries[5], "by": [table_mate(desk, entries[5])]})
    if not to_the_end:
        clock.advance(minutes=2, seconds=17)
        return
    clock.advance(minutes=50)  # late registration over
    while desk.snapshot()["counts"]["players_left"] > 1:
        with contextlib.suppress(TourneyError):
            desk.execute({"type": "balance"})  # a table down to one player is broken or balanced
        state = desk.state
        entry = next(e for e in reversed(state.entries)
                     if state.entries[e].status == "active"
                     and len(state.tables[state.entries[e].table or 0].seats) > 1)
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
        clock.advance(minutes=4)


@pytest.fixture
def tournaments(make_desk: Any, clock: FakeClock, site_clock: FakeClock, http: httpx.Client,
                token: str) -> dict[str, str]:
    finished = make_desk(PKO_CONFIG | {"name": "Sunday PKO"}, name="sunday.tdesk")
    play(finished, clock, to_the_end=True)
    assert finished.snapshot()["tournament"]["status"] == "finished"
    live = make_desk(PKO_CONFIG | {"name": f"Monday {SCRIPT_NAME} PKO"}, name="monday.tdesk", seed=5)
    play(live, clock, to_the_end=False)
    site_clock.t = clock.t  # the site hears it all now: its news is fresh
    for desk in (finished, live):
        push(http, token, desk.state.tournament_id, wire(desk))
    return {"live": live.state.tournament_id, "finished": finished.state.tournament_id}


def page_urls(ids: dict[str, str]) -> list[str]:
    return ["/", "/venues/1", f"/t/{ids['live']}", f"/t/{ids['live']}/results", f"/t/{ids['finished']}",
            f"/t/{ids['finished']}/results"]


def test_a_players_or_tournaments_name_is_text_on_every_page(tournaments: dict[str, str], http: httpx.Client) -> None:
    for url in page_urls(tournaments):
        response = http.get(url)
        assert "default-src 'self'" in response.headers["content-security-policy"]  # no inline script runs
        html = response.text
        assert SCRIPT_NAME not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


def test_the_live_page_shows_the_clock_and_keeps_itself_up_to_date_without_reloading(
        tournaments: dict[str, str], http: httpx.Client) -> None:
    html = http.get(f"/t/{tournaments['live']}").text
    snap = http.get(f"/api/v1/tournaments/{tournaments['live']}").json()
    minutes, seconds = divmod(snap["clock"]["remaining_s"], 60)
    assert f"{minutes:02d}:{seconds:02d}" in html
    # No meta refresh (screen readers restart, focus is lost): the page's script follows a stream.
    assert 'http-equiv="refresh"' not in html and "/static/live.js" in html
    assert f"{snap['counts']['players_left']}<small> / {snap['counts']['players']}" in html
    assert "Ana Silva" in html


def test_the_results_list_every_place_with_prize_and_bounties(tournaments: dict[str, str],
                                                              http: httpx.Client) -> None:
    snap = http.get(f"/api/v1/tournaments/{tournaments['finished']}").json()
    html = http.get(f"/t/{tournaments['finished']}/results").text
    for entry in snap["entries"]:
        if entry["place"] is not None:
            assert f'<td class="num">{entry["place"]}</td><td class="name">{html_escape(entry["name"])}' in html
    assert "€" in html
    assert html.count("<tr") == 1 + snap["counts"]["players"]
    assert "provisional" not in html


def test_unknown_pages_are_404(site: SiteServer, http: httpx.Client) -> None:
    assert http.get("/t/nope").status_code == 404
    assert http.get("/t/nope/results").status_code == 404
    assert http.get("/venues/99").status_code == 404
    assert http.get("/api/v1/tournaments/nope").status_code == 404


def png_size_and_colours(path: Path) -> tuple[int, int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed (.ci/run installs it)")
@pytest.mark.parametrize(("page", "size"), [("live", (1280, 900)), ("results", (1280, 900)), ("live", (390, 844)),
                                          ("results", (390, 844))])
@ON_SQLITE_ONLY
def test_chromium_loads_and_draws_the_page(tournaments: dict[str, str], site: SiteServer, tmp_path: Path,
                                           page: str, size: tuple[int, int]) -> None:
    """On a desktop screen and on a phone; the screenshots stay in the test's tmp_path."""
    ids = tournaments
    url = site.url + (f"/t/{ids['live']}" if page == "live" else f"/t/{ids['finished']}/results")
    browser = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={size[0]},{size[1]}"]
    dom = subprocess.run([*browser, "--dump-dom", url], capture_output=True, text=True, timeout=120, check=True).stdout
    assert "Ana Silva" in dom and "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    shot = tmp_path / f"{page}-{size[0]}x{size[1]}.png"
    subprocess.run([*browser, f"--screenshot={shot}", url], capture_output=True, timeout=120, check=True)
    width, height, colours = png_size_and_colours(shot)
    assert (width, height) == size
    assert colours > 50  # a drawn page, not a blank one


def test_the_venues_list_shows_each_tournaments_progress(tournaments: dict[str, str], http: httpx.Client) -> None:
    html = http.get("/venues/1").text
    finished = http.get(f"/api/v1/tournaments/{tournaments['finished']}").json()
    winner = next(e["name"] for e in finished["entries"] if e["place"] == 1)
    assert f"Won by {html_escape(winner)}" in html
    live = http.get(f"/api/v1/tournaments/{tournaments['live']}").json()
    assert f"{live['counts']['players_left']} left" in html
    assert "The Queen&#39;s Club" in html


def test_a_big_fields_live_page_lists_the_first_rows_and_counts_the_rest(
        tournaments: dict[str, str], http: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pages, "LIVE_ROWS", 4)
    snap = http.get(f"/api/v1/tournaments/{tournaments['live']}").json()
    html = http.get(f"/t/{tournaments['live']}").text
    in_play = snap["counts"]["players_left"]
    assert f"Still in <span class=\"muted\">({in_play})</span>" in html
    assert f"… and {in_play - 4} more." in html


def test_the_results_of_a_mystery_bounty_event_list_each_envelope_drawn_and_who_won_it(
        make_desk: Any, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str) -> None:
    cfg = PKO_CONFIG | {"name": "Mystery Sunday", "bounty": {"kind": "mystery", "mystery_from": "players",
                                                             "mystery_at": 4, "mystery_left_over": "winner"}}
    desk = make_desk(cfg, name="mystery.tdesk")
    entries = [desk.execute({"type": "buy_in", "payment": "cash", "present": True,
                             "player": desk.execute({"type": "register", "name": name})["player"]})["entry"]
               for name in NAMES[1:7]]  # six players, 20.00 each in the pool
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=51)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 5000, "count": 1}, {"amount": 1750, "count": 4}]})
    while desk.state.status != "finished":
        state = desk.state
        loser = next(e for e in entries if state.entries[e].status == "active"
                     and len(state.tables[state.entries[e].table or 0].seats) > 1)
        desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    site_clock.t = clock.t
    push(http, token, desk.state.tournament_id, wire(desk))
    drawn = desk.snapshot()["money"]["envelopes"]["drawn"]
    assert [d["entry"] is None for d in drawn] == [False, False, False, True]  # 3 knockouts, then the winner's
    html = http.get(f"/t/{desk.state.tournament_id}/results").text
    assert "Mystery envelopes drawn" in html
    names = {e["id"]: e["name"] for e in desk.snapshot()["entries"]}
    rows = html.split('<table class="grid envelopes">')[1].split("</table>")[0].split("<tr>")[2:]
    assert len(rows) == 4
    for row, draw in zip(rows, drawn, strict=True):
        knocked = names[draw["entry"]] if draw["entry"] else "the envelopes nobody drew"
        assert f'<td class="name">{knocked}' in row or f'<span class="muted">{knocked}</span>' in row
        for share in draw["to"]:
            assert f'<span class="name">{names[share["entry"]]}</span> <strong>€' in row
        amounts = [f"€{a // 100:,}" + (f".{a % 100:02}" if any(x % 100 for x in [5000, 1750]) else "")
                   for a in draw["amounts"]]
        assert " + ".join(amounts) in row
