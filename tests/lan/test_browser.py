"""The pages in a real browser at a phone's size: the players' clock moving within a second, find my
seat, the connection lost and caught up, pairing a TD who busts a player from the phone (and ends the
night there), a cashier's buy-in with its seat card, and every page looked at as PNG at 360x780 and 1280x800."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.lan import Lan, seed_tournament
from tests.helpers.lan_pages import pair_in_browser
from tests.helpers.selenium_browser import (
    LAPTOP,
    PHONE,
    click,
    make_browser,
    needs_chromium,
    shot,
    size,
    text,
    type_into,
    wait,
)

pytestmark = [needs_chromium, pytest.mark.slow]


@pytest.fixture
def browser() -> Iterator[Any]:
    driver = make_browser()
    yield driver
    driver.quit()


def test_a_players_page_shows_a_level_change_within_a_second(lan: Lan, browser: Any) -> None:
    browser.get(lan.url + "/")
    wait(lambda: text(browser, "#clock-level") == "LEVEL 1", what="the clock")
    assert "100 / 200" in text(browser, "#clock-blinds")
    assert text(browser, "#stat-left") == "10 / 10"
    sent = time.monotonic()
    lan.execute({"type": "clock", "action": "next"})
    wait(lambda: text(browser, "#clock-level") == "LEVEL 2", timeout=1.0, what="level 2 within 1 s")
    assert time.monotonic() - sent < 1.0
    assert "200 / 400" in text(browser, "#clock-blinds") and "ANTE 400" in text(browser, "#clock-blinds").upper()


def test_find_my_seat_on_the_phone(lan: Lan, browser: Any) -> None:
    entry = lan.entry_of("Chloé Durand")
    where = lan.on_desk(lambda desk: (desk.state.entries[entry].table, desk.state.entries[entry].seat))
    browser.get(lan.url + "/")
    wait(lambda: text(browser, "#clock-level"), what="the page")
    type_into(browser, "#seat-query", "chlo")
    found = wait(lambda: text(browser, "#seat-found"), what="a seat")
    assert found.splitlines() == ["Chloé Durand", f"Table {where[0]}, seat {where[1]}", "That's me"]
    # "That's me": the phone remembers her, and the stream tells it her seat when the TD moves her.
    click(browser, "#seat-found button")
    wait(lambda: text(browser, "#me-seat") == f"Table {where[0]}, seat {where[1]}", what="my seat")
    free = lan.on_desk(lambda desk: next((t.number, s) for t in desk.state.tables.values() if t.number != where[0]
                                         for s in range(1, 7) if s not in t.seats))
    lan.execute({"type": "move", "entry": entry, "table": free[0], "seat": free[1]})
    wait(lambda: text(browser, "#moved-banner") == f"You move: Table {free[0]}, seat {free[1]}", what="the banner")
    assert text(browser, "#me-moved") == f"Just moved from table {where[0]}, seat {where[1]}"
    browser.refresh()  # remembered: no name typed again
    wait(lambda: text(browser, "#me-seat") == f"Table {free[0]}, seat {free[1]}", what="my seat after a reload")


def test_a_page_that_lost_the_connection_says_so_and_catches_up(lan: Lan, browser: Any) -> None:
    browser.get(lan.url + "/")
    wait(lambda: text(browser, "#clock-level") == "LEVEL 1", what="the clock")
    assert not browser.find_element("id", "conn").is_displayed()
    port = lan.server.port
    lan.server.stop()
    wait(lambda: browser.find_element("id", "conn").is_displayed(), what="the connection-lost banner")
    assert "Connection lost" in text(browser, "#conn")
    lan.execute({"type": "clock", "action": "next"})  # while the page was away
    from tourneydesk.lan.server import LanServer

    lan.server = LanServer(lan.runner, lan.pairing, host="127.0.0.1", port=port)
    lan.server.start()
    wait(lambda: text(browser, "#clock-level") == "LEVEL 2", what="the page caught up")
    assert not browser.find_element("id", "conn").is_displayed()


def test_a_td_pairs_and_busts_a_player_from_the_phone(lan: Lan, browser: Any) -> None:
    pair_in_browser(browser, lan, "td", "Marie's phone")
    wait(lambda: text(browser, "#clock-level") == "LEVEL 1", what="the remote's clock")
    alice, bruno = lan.entry_of("Alice Martin"), lan.entry_of("Bruno Petit")
    type_into(browser, "#bust-query", "alice")
    wait(lambda: browser.find_element("css selector", f"#bust-found button[data-entry='{alice}']")).click()
    type_into(browser, "#by-query", "bruno")
    wait(lambda: browser.find_element("css selector", f"#by-found button[data-entry='{bruno}']")).click()
    click(browser, "#bust-check")
    preview = wait(lambda: text(browser, "#bust-preview"), what="the dry run")
    assert preview.startswith("Alice Martin finishes 10, prize") and "bounty" in preview and "Bruno Petit" in preview
    assert lan.on_desk(lambda desk: desk.state.entries[alice].status) == "active", "the preview busts nobody"
    click(browser, "#bust-confirm")
    wait(lambda: lan.on_desk(lambda desk: desk.state.entries[alice].status) == "busted", what="the bust")
    last = lan.on_desk(lambda desk: desk.events()[-1])
    assert (last.station, last.actor) == ("Marie's phone", "Marie")
    wait(lambda: "Undo: bust · Alice Martin" in text(browser, "#undo-what"), what="what undo would take back")
    click(browser, "#undo")
    wait(lambda: lan.on_desk(lambda desk: desk.state.entries[alice].status) == "active", what="the undo")


def test_a_cashier_registers_and_buys_in_with_the_seat_card_on_the_device(lan: Lan, browser: Any) -> None:
    pair_in_browser(browser, lan, "cashier", "Bar till")
    type_into(browser, "#player-query", "Zoé Blanc")
    wait(lambda: browser.find_element("id", "register").is_displayed(), what="the register button")
    click(browser, "#register")
    buy = wait(lambda: [b for b in browser.find_elements("css selector", "#player-found button")
                        if b.text.startswith("Buy-in")], what="the buy-in button")
    buy[0].click()
    assert "fee €10" in text(browser, "#sale-split") and "bounty €20" in text(browser, "#sale-split")
    click(browser, "#sale-confirm")
    wait(lambda: "must be here in person to buy chips" in text(browser, "#answer"), what="the refusal without present")
    click(browser, "#present")
    click(browser, "#sale-confirm")
    card = wait(lambda: text(browser, "#seatcard-seat"), what="the seat card")
    player = lan.on_desk(lambda desk: next(p for p in desk.state.players.values() if p.name == "Zoé Blanc"))
    entry = lan.on_desk(lambda desk: desk.state.entries[player.entries[0]])
    assert card == f"Table {entry.table}, seat {entry.seat}"
    assert len(player.entries) == 1


def test_the_pages_in_french(lan: Lan) -> None:
    driver = make_browser("fr-FR")
    try:
        driver.get(lan.url + "/")
        wait(lambda: text(driver, "#clock-level") == "NIVEAU 1", what="the clock in French")
        assert "Blindes 100 / 200" in text(driver, "#clock-blinds")
        assert "Trouver ma place" in driver.page_source
        assert "€" in text(driver, "#stat-pool") and "," not in text(driver, "#stat-left")
    finally:
        driver.quit()


def test_every_page_at_a_phones_and_a_laptops_size(lan: Lan, browser: Any, tmp_path: Path) -> None:
    """Each page drawn whole at 360x780 and 1280x800, and no page wider than the phone (no sideways
    scrolling). LAN_SCREENSHOTS=folder keeps the PNGs to look at."""
    folder = Path(os.environ.get("LAN_SCREENSHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    lan.execute({"type": "bust", "entry": lan.entry_of("Jules Roux"), "by": [lan.entry_of("Inès Garcia")]})
    pages: list[tuple[str, str | None]] = [("/", None), ("/pair", None), ("/td", "td"), ("/cashier", "cashier"),
                                           ("/screen", "display")]
    for path, role in pages:
        if role is not None:
            pair_in_browser(browser, lan, role, f"{role} device")
        if role == "cashier":
            type_into(browser, "#player-query", "a")
            wait(lambda: text(browser, "#player-found"), what="players found")
        if path == "/td":
            type_into(browser, "#bust-query", "ali")
            wait(lambda: text(browser, "#bust-found"), what="entries found")
        if role is None:
            browser.get(lan.url + path)
        drawn = {"/pair": "#pair-code", "/cashier": "#player-found"}.get(path, "#clock-level")
        wait(lambda page=path, css=drawn: page == "/pair" or text(browser, css), what=f"{path} drawn")
        for viewport in (PHONE, LAPTOP):
            size(browser, viewport)
            time.sleep(0.2)
            name = (path.strip("/") or "players") + f"-{viewport[0]}x{viewport[1]}.png"
            shot(browser, folder / name)
            assert (folder / name).stat().st_size > 5000
            if viewport == PHONE:
                width = browser.execute_script("return document.documentElement.scrollWidth")
                assert width <= PHONE[0], f"{path} is {width} px wide on a phone"
        size(browser, PHONE)


def test_the_td_ends_the_night_from_the_phone_in_two_taps(tmp_path: Path, browser: Any) -> None:
    clock = FakeClock()
    path = tmp_path / "last-one.tdesk"
    seed_tournament(path, clock, players=3)
    lan = Lan(path, clock, tmp_path / "devices.json")
    try:
        survivor = lan.entry_of("Chloé Durand")
        for name in ("Alice Martin", "Bruno Petit"):
            lan.execute({"type": "bust", "entry": lan.entry_of(name), "by": [survivor]})
        pair_in_browser(browser, lan, "td", "Marie's phone")
        wait(lambda: text(browser, "#finish") == "End the tournament: Chloé Durand wins", what="the end's button")
        assert "still open" in text(browser, "#finish-closes")
        click(browser, "#finish")
        wait(lambda: text(browser, "#finish") == "Tap again to end it now", what="the second tap's question")
        assert lan.on_desk(lambda desk: desk.status) == "running", "one tap ends nothing"
        click(browser, "#finish")
        wait(lambda: lan.on_desk(lambda desk: desk.status) == "finished", what="the finish")
        wait(lambda: text(browser, "#answer") == "The tournament is over: Chloé Durand wins", what="the answer")
        wait(lambda: not browser.find_element("id", "finish-box").is_displayed(), what="the button gone")
        wait(lambda: not browser.find_element("id", "clock-box").is_displayed(), what="the clock's buttons gone")
    finally:
        lan.close()
