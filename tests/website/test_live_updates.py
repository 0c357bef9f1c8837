"""The live page follows the tournament without reloading: a stream of what changed, countdowns that tick
in the browser, an announcement region screen readers follow."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import webdriver
from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.event_stream import Stream
from tests.helpers.website import ON_SQLITE_ONLY, SiteServer, push, wire
from tourneydesk.desk import Desk
from tourneysite.live import _list_diff, apply_list, diff, patch_size


def model(**sections: Any) -> dict[str, Any]:
    return {"v": 1, "at": 0.0, **sections}


def test_a_change_sends_only_the_sections_and_rows_it_changed() -> None:
    before = model(clock={"label": "Level 3"}, out={"more": None, "rows": [["e2", "11", "Bo", "", True]]},
                   in_play={"count": "3", "more": None, "rows": [["e1", "Al", 1, 2, ""], ["e3", "Cy", 1, 4, ""],
                                                                 ["e4", "Di", 1, 6, ""]]})
    after = model(clock={"label": "Level 3"}, out={"more": None, "rows": [["e3", "10", "Cy", "", True],
                                                                          ["e2", "11", "Bo", "", True]]},
                  in_play={"count": "2", "more": None, "rows": [["e1", "Al", 1, 2, ""], ["e4", "Di", 1, 6, ""]]})
    after["v"] = 2
    patch = diff(before, after)
    assert "clock" not in patch
    assert patch["in_play"] == {"count": "2", "edits": [["d", 1, 1]], "rows": []}
    assert patch["out"] == {"edits": [["i", 0, ["e3"]]], "rows": [["e3", "10", "Cy", "", True]]}
    assert patch["v"] == 2
    assert diff(after, after) == {}
    for key in ("in_play", "out"):
        assert apply_list(before[key], patch[key]) == after[key]


@given(st.lists(st.sampled_from("abcdefghij"), unique=True), st.lists(st.sampled_from("abcdefghij"), unique=True),
       st.sets(st.sampled_from("abcdefghij")))
def test_the_edits_turn_any_list_into_any_other(old: list[str], new: list[str], changed: set[str]) -> None:
    before = {"count": len(old), "rows": [[k, "old"] for k in old]}
    after = {"count": len(new), "rows": [[k, "new" if k in changed else "old"] for k in new]}
    assert apply_list(before, _list_diff(before, after)) == after


def test_a_clock_that_only_ran_on_is_no_change() -> None:
    clock = {"label": "Level 3", "running": True, "remaining_s": 600, "break_in_s": 1800,
             "registration_closes_in_s": None}
    later = {**clock, "remaining_s": 590, "break_in_s": 1790}
    assert diff(model(clock=clock), {**model(clock=later), "at": 10.0}) == {}
    paused = {**clock, "running": False, "remaining_s": 590, "break_in_s": 1790}
    assert "clock" in diff(model(clock=clock), {**model(clock=paused), "at": 10.0})


@pytest.fixture
def evening(make_desk: Any, clock: FakeClock, site_clock: FakeClock, http: httpx.Client,
            token: str) -> tuple[Desk, list[str]]:
    desk = make_desk(PKO_CONFIG | {"name": "Streamed PKO"})
    entries = seat_players(desk, 12)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=3)
    push(http, token, desk.state.tournament_id, wire(desk))
    site_clock.t = clock.t
    return desk, entries


def test_a_page_is_sent_the_model_then_each_bust_as_a_few_hundred_bytes(
        evening: tuple[Desk, list[str]], http: httpx.Client, token: str) -> None:
    desk, entries = evening
    tid = desk.state.tournament_id
    stream = Stream(http, f"/t/{tid}/stream")
    try:
        assert stream.response.headers["content-type"].startswith("text/event-stream")
        kind, ident, first = stream.next()
        assert kind == "model" and ident == desk.seq == first["v"]
        assert first["stats"]["players_left"] == "12" and len(first["in_play"]["rows"]) == 12
        seq = desk.seq
        busted = entries[4]
        winner = table_mate(desk, busted)
        desk.execute({"type": "bust", "entry": busted, "by": [winner]})
        sent = time.monotonic()
        push(http, token, tid, wire(desk, seq))
        kind, ident, patch = stream.next()
        assert time.monotonic() - sent < 2.0
        assert kind == "patch" and ident == desk.seq
        assert patch["stats"]["players_left"] == "11"
        # Of those still in, only the eliminator's row changed (half the bounty went on their head).
        assert [r[0] for r in patch["in_play"]["rows"]] == [winner]
        assert apply_list(first["in_play"], patch["in_play"])["rows"][0][0] != busted
        assert [row[0] for row in patch["out"]["rows"]] == [busted]
        assert patch_size(patch) < 800  # not the page again: what changed
        assert busted not in [r[0] for r in apply_list(first["in_play"], patch["in_play"])["rows"]]
    finally:
        stream.close()


def test_a_page_that_reconnects_holding_the_latest_version_is_not_sent_the_model_again(
        evening: tuple[Desk, list[str]], http: httpx.Client, token: str) -> None:
    desk, entries = evening
    tid = desk.state.tournament_id
    stream = Stream(http, f"/t/{tid}/stream", {"Last-Event-ID": str(desk.seq)})
    try:
        stream.opened()  # a push before the site has the page's model would make it the model's news
        seq = desk.seq
        desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
        push(http, token, tid, wire(desk, seq))
        kind, _, _ = stream.next()
        assert kind == "patch"  # straight to what changed since the version it holds
    finally:
        stream.close()
    stale = Stream(http, f"/t/{tid}/stream", {"Last-Event-ID": str(seq)})
    try:
        kind, ident, _ = stale.next()
        assert kind == "model" and ident == desk.seq  # it missed a push: the whole model, caught up
    finally:
        stale.close()


def test_the_live_json_is_the_streams_model(evening: tuple[Desk, list[str]], http: httpx.Client) -> None:
    desk, _ = evening
    data = http.get(f"/t/{desk.state.tournament_id}/live.json").json()
    assert data["v"] == desk.seq and data["clock"]["running"] is True
    assert http.get("/t/nope/live.json").status_code == 404
    assert http.get("/t/nope/stream").status_code == 404


@pytest.mark.slow
@pytest.mark.skipif(not webdriver.available(), reason="Debian's chromium and chromium-driver are not installed")
@ON_SQLITE_ONLY
def test_the_page_in_chromium_follows_a_bust_and_ticks_without_reloading(
        evening: tuple[Desk, list[str]], site: SiteServer, http: httpx.Client, token: str, tmp_path: Path) -> None:
    desk, entries = evening
    tid = desk.state.tournament_id
    browser = webdriver.Browser(tmp_path / "profile", (390, 844))
    try:
        browser.open(f"{site.url}/t/{tid}")
        browser.run("window.__same_document = true; return 1;")
        first = browser.run('return document.querySelector(".clock .time").textContent.trim();')
        browser.wait_for('return document.querySelector(".clock .time").textContent.trim() !== '
                         + json.dumps(first) + ";", timeout=5)  # the clock ticks in the page
        seq = desk.seq
        busted = entries[7]
        name = desk.state.entry_name(busted)
        desk.execute({"type": "bust", "entry": busted, "by": [table_mate(desk, busted)]})
        push(http, token, tid, wire(desk, seq))
        browser.wait_for('return document.querySelector("[data-list=out]").textContent.includes('
                         + json.dumps(name) + ");", timeout=3)
        assert browser.run('return document.querySelector("[data-bind=\\"stats.left\\"]").textContent;') == "11 / 12"
        assert browser.run("return window.__same_document === true;")  # updated in place, never reloaded
        assert browser.run('return document.querySelector(".notes").getAttribute("aria-live");') == "polite"
        browser.screenshot(tmp_path / "live-390x844.png")
        assert (tmp_path / "live-390x844.png").stat().st_size > 10_000
    finally:
        browser.close()
