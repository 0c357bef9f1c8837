"""The stacks the TD counted, on the public live page: the chip leader, and beside each player still in
their last counted stack and the level it was counted at, in the venue's way of writing numbers. A
player never counted shows nothing; nothing private shows."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path

import httpx
import pytest

from tests.helpers import webdriver
from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players
from tests.helpers.waiting import wait_until
from tests.helpers.website import ON_SQLITE_ONLY, SiteServer, push, wire
from tourneydesk.desk import Desk
from tourneysite.cli import main as site_cli


def cells(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u202f", " ").replace("\xa0", " ").split())


@pytest.fixture
def counted(make_desk: Callable[..., Desk], clock: FakeClock, site_clock: FakeClock, http: httpx.Client,
            token: str) -> tuple[Desk, list[str]]:
    desk = make_desk(PKO_CONFIG | {"name": "Counted PKO"})
    entries = seat_players(desk, 12)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=5)
    desk.execute({"type": "chip_count", "entry": entries[0], "chips": 31_500})
    clock.advance(minutes=36)  # the break after level 2
    table = desk.state.entries[entries[1]].table
    desk.execute({"type": "table_count", "table": table,
                  "stacks": {entries[1]: 123_400, entries[2]: 18_250}})
    site_clock.t = clock.t
    push(http, token, desk.state.tournament_id, wire(desk))
    return desk, entries


def test_the_live_page_shows_the_chip_leader_and_each_counted_stack_with_its_level(
        counted: tuple[Desk, list[str]], http: httpx.Client, db_url: str) -> None:
    desk, entries = counted
    tid, name = desk.state.tournament_id, desk.state.entry_name
    html = http.get(f"/t/{tid}").text
    text = cells(html)
    assert f"Chip leader 123,400 {name(entries[1])}" in text
    assert f"{name(entries[0])} " in text and "31,500 counted at level 1" in text
    assert "123,400 counted after level 2" in text and "18,250 counted after level 2" in text
    never = re.search(rf'<tr data-key="{entries[5]}">(.*?)</tr>', html)
    assert never and '<td class="num stack"></td>' in never.group(1)  # never counted: nothing, not 0
    model = http.get(f"/t/{tid}/live.json").json()
    assert model["stats"]["leader"] == name(entries[1]) and model["in_play"]["stacks"] is True
    assert "owed" not in json.dumps(model) and "email" not in json.dumps(model)

    assert site_cli(["venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--language", "fr"]) == 0
    # on PostgreSQL the owner's command reaches the running site by its notification, a moment after it returns
    wait_until(lambda: "compté au niveau 1" in cells(http.get(f"/t/{tid}").text), timeout=10)
    text = cells(http.get(f"/t/{tid}").text)
    assert f"Chip leader 123 400 {name(entries[1])}" in text
    assert "31 500 compté au niveau 1" in text and "123 400 compté après le niveau 2" in text


def test_no_stack_column_before_the_first_count(make_desk: Callable[..., Desk], site: SiteServer, http: httpx.Client,
                                                 token: str) -> None:
    desk = make_desk(PKO_CONFIG)
    seat_players(desk, 6)
    push(http, token, desk.state.tournament_id, wire(desk))
    html = http.get(f"/t/{desk.state.tournament_id}").text
    assert 'class="grid no-stacks"' in html and "Chip leader" in html  # the box is there, hidden
    assert re.search(r'class="leader"[^>]*hidden', html)


@pytest.mark.slow
@pytest.mark.skipif(not webdriver.available(), reason="Debian's chromium and chromium-driver are not installed")
@pytest.mark.parametrize("language", ["en", "fr"])
@ON_SQLITE_ONLY
def test_in_chromium_a_new_count_moves_the_chip_leader_without_a_reload(
        counted: tuple[Desk, list[str]], site: SiteServer, http: httpx.Client, token: str, db_url: str,
        tmp_path: Path, language: str) -> None:
    desk, entries = counted
    tid, name = desk.state.tournament_id, desk.state.entry_name
    if language == "fr":
        assert site_cli(["venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--language", "fr"]) == 0
    leader_css = 'document.querySelector(".stats .leader")'
    for size in ((1280, 900), (390, 844)):
        browser = webdriver.Browser(tmp_path / f"profile-{size[0]}", size)
        try:
            browser.viewport(*size)
            browser.open(f"{site.url}/t/{tid}")
            browser.run("window.__same_document = true; return 1;")
            shown = browser.run(f"return {leader_css}.innerText;").replace("\u202f", " ").replace("\xa0", " ")
            assert name(entries[1]) in shown and ("123,400" if language == "en" else "123 400") in shown
            # No overlay here: its line under the prize pool stays hidden (a rule's display once showed it bare).
            assert browser.run('return document.querySelector("[data-show=\'stats.overlay\']").offsetHeight;') == 0
            browser.run('document.querySelector(".stats").scrollIntoView(); return 1;')
            browser.screenshot(tmp_path / f"leader-{language}-{size[0]}x{size[1]}.png")
            browser.run('document.getElementById("still-in").scrollIntoView(); return 1;')
            browser.screenshot(tmp_path / f"stacks-{language}-{size[0]}x{size[1]}.png")
            # The stack column fits: on a phone too, the table is no wider than the screen.
            assert browser.run("return document.documentElement.scrollWidth;") <= size[0]
            if size[0] == 390:
                seq = desk.seq
                desk.execute({"type": "chip_count", "entry": entries[3], "chips": 150_000})
                push(http, token, tid, wire(desk, seq))
                browser.wait_for(f"return {leader_css}.innerText.includes({json.dumps(name(entries[3]))});",
                                 timeout=5)
                row = browser.run(f'return document.querySelector(\'tr[data-key="{entries[3]}"] .stack\').innerText;')
                level = "counted after level 2" if language == "en" else "compté après le niveau 2"
                assert level in row.replace("\n", " ")
                # When it was counted takes two lines at most in the phone's stack column, in French too
                # ("compté à la pause après le niveau 2" took three).
                lines = browser.run(f'var s = document.querySelector(\'tr[data-key="{entries[3]}"] .stack small\'); '
                                    "return s.getBoundingClientRect().height "
                                    "/ parseFloat(getComputedStyle(s).lineHeight);")
                assert lines <= 2.1, lines
                assert browser.run("return window.__same_document === true;")  # patched in place, never reloaded
                browser.screenshot(tmp_path / f"stacks-{language}-after-{size[0]}x{size[1]}.png")
        finally:
            browser.close()
