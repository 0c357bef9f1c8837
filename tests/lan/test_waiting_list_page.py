"""The alternates on the players' page, in a real browser at a phone's size: the waiting list in order
while every seat is taken, a name gone once seated, and in French the word that late registration has
closed on those still waiting."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.lan import Lan
from tests.helpers.selenium_browser import PHONE, make_browser, needs_chromium, size, text, wait
from tourneydesk.desk import Desk

pytestmark = [needs_chromium, pytest.mark.slow]


@pytest.fixture
def full_room(tmp_path: Path, lan_clock: FakeClock) -> Iterator[Lan]:
    """One table of three, full, and two players waiting: Ana first."""
    path = tmp_path / "full.tdesk"
    with Desk.create(path, config(name="Full house", seating={"seats_per_table": 3, "tables": 1,
                                                               "final_table_size": 3}), now=lan_clock) as desk:
        for name in ("Chloé Durand", "Marc Martin", "Lina Petit", "Ana Silva", "Ben Roux"):
            player = desk.execute({"type": "register", "name": name})["player"]
            kind = "buy_in" if len(desk.state.entries) < 3 else "add_alternate"
            desk.execute({"type": kind, "player": player, "present": True,
                          **({"payment": "cash"} if kind == "buy_in" else {})})
        desk.execute({"type": "clock", "action": "start"})
    server = Lan(path, lan_clock, tmp_path / "devices.json")
    yield server
    server.close()


def waiting_names(driver: Any) -> list[str]:
    box = driver.find_element("id", "waiting-box")
    return text(driver, "#waiting").splitlines() if box.is_displayed() else []


def test_the_players_page_lists_the_alternates_in_order(full_room: Lan, lan_clock: FakeClock) -> None:
    driver = make_browser()
    try:
        size(driver, PHONE)
        driver.get(full_room.url + "/")
        wait(lambda: waiting_names(driver) == ["Ana Silva", "Ben Roux"], what="the waiting list")
        assert text(driver, "#waiting-hint") == ("Every seat is taken: they are seated in this order as seats "
                                                 "free up.")
        out = full_room.entry_of("Lina Petit")
        mate = full_room.entry_of("Chloé Durand")
        full_room.execute({"type": "bust", "entry": out, "by": [mate]})
        ana = full_room.on_desk(lambda desk: desk.state.waiting[0])
        full_room.execute({"type": "buy_in", "player": ana, "payment": "cash", "present": True})
        wait(lambda: waiting_names(driver) == ["Ben Roux"], what="Ana seated, off the list")
        full_room.execute({"type": "remove_alternate", "player": full_room.on_desk(lambda d: d.state.waiting[0])})
        wait(lambda: not driver.find_element("id", "waiting-box").is_displayed(), what="the list gone")
    finally:
        driver.quit()


def test_in_french_the_page_says_late_registration_closed_on_those_waiting(full_room: Lan,
                                                                            lan_clock: FakeClock) -> None:
    lan_clock.advance(minutes=REGISTRATION_MINUTES + 1)
    full_room.execute({"type": "clock", "action": "pause"})  # a command: the page hears the clock has turned
    driver = make_browser("fr-FR")
    try:
        driver.get(full_room.url + "/")
        wait(lambda: waiting_names(driver) == ["Ana Silva", "Ben Roux"], what="the list in French")
        assert "Liste d’attente" in text(driver, "#waiting-box")
        closed = text(driver, "#waiting-closed").replace("\u00a0", " ")  # the page keeps the colon on its line
        assert closed == "L’inscription tardive est close : ils ne seront pas placés."
        assert not driver.find_element("id", "waiting-hint").is_displayed()
    finally:
        driver.quit()
