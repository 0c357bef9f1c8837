"""The cashier's tablet and the TD's remote in headless Chromium, over a real server on loopback: a refund
shown, confirmed and taken back through the desk; a points-only night's player seated with no money and
the right word, in English and French; the waiting list shown and managed from the TD's remote; the
remote saying what a button did."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.lan import Lan, seed_tournament
from tests.helpers.lan_pages import pair_in_browser
from tests.helpers.selenium_browser import click, make_browser, needs_chromium, text, type_into, wait
from tourneydesk.desk import Desk

pytestmark = [needs_chromium, pytest.mark.slow]


def buttons(driver: Any, css: str, starting: str) -> list[Any]:
    return [b for b in driver.find_elements("css selector", css) if b.text.startswith(starting)]


def test_the_tablet_refunds_a_buy_in_after_saying_what(tmp_path: Path, lan_clock: FakeClock) -> None:
    path = tmp_path / "friday.tdesk"
    seed_tournament(path, lan_clock, players=3, start=False)
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    driver = make_browser()
    try:
        pair_in_browser(driver, lan, "cashier", "Bar till")
        type_into(driver, "#player-query", "Zoé Blanc")
        wait(lambda: driver.find_element("id", "register").is_displayed(), what="the register button")
        click(driver, "#register")
        wait(lambda: buttons(driver, "#player-found button", "Buy-in"), what="the buy-in button")[0].click()
        click(driver, "#present")
        click(driver, "#sale-confirm")
        wait(lambda: text(driver, "#seatcard-seat"), what="the seat card")
        zoe = lan.on_desk(lambda desk: next(p for p in desk.state.players.values() if p.name == "Zoé Blanc"))
        wait(lambda: buttons(driver, "#player-found button", "Refund"), what="the refund button")[0].click()
        asked = wait(lambda: text(driver, "#refund-what"), what="what the refund takes back")
        assert asked == "Refund Zoé Blanc's buy-in: €110 (Cash)?"
        assert lan.on_desk(lambda desk: desk.state.entries[zoe.entries[0]].status) == "active", "asking refunds nothing"
        assert text(driver, "#refund-confirm") == "Yes, refund €110"
        click(driver, "#refund-confirm")
        wait(lambda: text(driver, "#answer") == "Refunded: Zoé Blanc's buy-in, €110 (Cash)", what="the refund's answer")
        assert lan.on_desk(lambda desk: list(desk.state.players[zoe.id].entries)) == []
        last = lan.on_desk(lambda desk: desk.events()[-1])
        assert (last.type, last.station) == ("undone", "Bar till")
    finally:
        driver.quit()
        lan.close()


@pytest.fixture
def league(tmp_path: Path, lan_clock: FakeClock) -> Iterator[Lan]:
    path = tmp_path / "league.tdesk"
    cfg = config(name="Ligue du jeudi", points_only=True, seating={"seats_per_table": 6, "tables": 2})
    del cfg["buy_in"]
    with Desk.create(path, cfg, now=lan_clock) as desk:
        desk.execute({"type": "register", "name": "Ana Silva"})
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    yield lan
    lan.close()


@pytest.mark.parametrize(("language", "word", "free", "back"), [
    ("en-GB", "Seat the player", "Points only: nothing to pay", "Take back"),
    ("fr-FR", "Placer le joueur", "Aux points : rien à payer", "Reprendre")])  # Selenium: a no-break space is one
def test_a_points_only_player_is_seated_from_the_tablet_with_no_money(league: Lan, language: str, word: str,
                                                                       free: str, back: str) -> None:
    driver = make_browser(language)
    try:
        pair_in_browser(driver, league, "cashier", "Bar till")
        type_into(driver, "#player-query", "Ana")
        wait(lambda: buttons(driver, "#player-found button", word), what=f"{word!r}")[0].click()
        assert text(driver, "#sale-confirm") == word and text(driver, "#sale-split").startswith(free)
        assert not driver.find_element("id", "payment").is_displayed(), "no payment to choose"
        assert not driver.find_element("id", "drawer-box").is_displayed(), "no drawer on a night with no money"
        assert "€" not in text(driver, "#sale")
        click(driver, "#present")
        click(driver, "#sale-confirm")
        wait(lambda: text(driver, "#seatcard-seat"), what="the seat card")
        entry = league.on_desk(lambda desk: desk.state.entries[desk.state.players[
            next(p for p in desk.state.players if desk.state.players[p].name == "Ana Silva")].entries[0]])
        assert entry.status == "active" and entry.table is not None
        assert league.on_desk(lambda desk: sum(t.money_in for t in desk.drawer())) == 0, "no money taken"
        # Seated by mistake: taken back, with no money to give back and no word of a refund.
        # The list is drawn again after the sale: the button tapped once it stands still.
        # Exactly "Take back": the list drawn before the sale holds "Take back the registration", which a
        # button merely starting with the word would tap (it did, 1 run in 3).
        wait(lambda: next(b for b in buttons(driver, "#player-found button", back) if b.text == back).click() is None,
             what=f"{back!r}")
        asked = wait(lambda: text(driver, "#refund-what"), what="what is taken back")
        assert "Ana Silva" in asked and "€" not in asked and "0" not in asked
        click(driver, "#refund-confirm")
        wait(lambda: league.on_desk(lambda desk: entry.id not in desk.state.entries), what="the seat taken back")
        assert text(driver, "#answer").startswith(("Taken back: Ana Silva", "Repris à Ana Silva"))
    finally:
        driver.quit()


@pytest.fixture
def full_room(tmp_path: Path, lan_clock: FakeClock) -> Iterator[Lan]:
    """One table of three, full; Ana and Ben waiting, Cléo registered, not waiting."""
    path = tmp_path / "full.tdesk"
    with Desk.create(path, config(name="Full house", seating={"seats_per_table": 3, "tables": 1,
                                                               "final_table_size": 3}), now=lan_clock) as desk:
        for name in ("Chloé Durand", "Marc Martin", "Lina Petit", "Ana Silva", "Ben Roux", "Cléo Noir"):
            player = desk.execute({"type": "register", "name": name})["player"]
            if name == "Cléo Noir":
                continue
            kind = "buy_in" if len(desk.state.entries) < 3 else "add_alternate"
            desk.execute({"type": kind, "player": player, "present": True,
                          **({"payment": "cash"} if kind == "buy_in" else {})})
        desk.execute({"type": "clock", "action": "start"})
    server = Lan(path, lan_clock, tmp_path / "devices.json")
    yield server
    server.close()


def waiting(driver: Any) -> list[str]:
    return [li.find_element("css selector", "div").text for li in driver.find_elements("css selector", "#waiting li")]


def test_the_td_manages_the_waiting_list_from_the_remote(full_room: Lan, lan_clock: FakeClock) -> None:
    driver = make_browser()
    try:
        pair_in_browser(driver, full_room, "td", "Marie's phone")
        wait(lambda: waiting(driver) == ["1. Ana Silva", "2. Ben Roux"], what="the list on the remote")
        type_into(driver, "#waiting-query", "cléo")
        wait(lambda: driver.find_element("css selector", "#waiting-found button")).click()
        wait(lambda: waiting(driver) == ["1. Ana Silva", "2. Ben Roux", "3. Cléo Noir"], what="Cléo added")
        assert text(driver, "#answer") == "Cléo Noir is number 3 on the waiting list"
        ana = full_room.on_desk(lambda desk: desk.state.waiting[0])
        click(driver, f"#waiting button[data-player='{ana}']")
        wait(lambda: waiting(driver) == ["1. Ben Roux", "2. Cléo Noir"], what="Ana off the list")
        assert full_room.on_desk(lambda desk: len(desk.state.waiting)) == 2
        assert not driver.find_element("id", "waiting-clear").is_displayed(), "one by one while registration is open"
        lan_clock.advance(minutes=REGISTRATION_MINUTES + 1)
        full_room.execute({"type": "clock", "action": "pause"})
        wait(lambda: driver.find_element("id", "waiting-clear").is_displayed(), what="everyone off, once closed")
        assert "will not be seated" in text(driver, "#waiting-closed")
        click(driver, "#waiting-clear")
        wait(lambda: full_room.on_desk(lambda desk: desk.state.waiting) == (), what="the list emptied")
        wait(lambda: text(driver, "#waiting-none") == "Nobody is waiting for a seat.", what="the empty list")
    finally:
        driver.quit()


def test_the_tablet_puts_a_player_on_the_waiting_list_when_every_seat_is_taken(full_room: Lan) -> None:
    driver = make_browser("fr-FR")
    try:
        pair_in_browser(driver, full_room, "cashier", "Bar till")
        type_into(driver, "#player-query", "Cléo")
        wait(lambda: buttons(driver, "#player-found button", "Entrée"), what="the buy-in button")[0].click()
        assert driver.find_element("id", "sale-wait").is_displayed()
        click(driver, "#present")
        click(driver, "#sale-wait")
        wait(lambda: text(driver, "#answer") == "Cléo Noir est numéro 3 sur la liste d’attente", what="the answer")
        wait(lambda: "Numéro 3 sur la liste d’attente" in text(driver, "#player-found"), what="the player's number")
    finally:
        driver.quit()


@pytest.mark.parametrize(("language", "done", "undo"),
                         [("en-GB", "Done: ", "Undo: "), ("fr-FR", "Fait : ", "Annuler : ")])
def test_the_remote_says_what_a_button_did_never_a_bare_done(lan: Lan, language: str, done: str, undo: str) -> None:
    """The clock's buttons (and the plan's move) have no words of their own: the answer names what the
    desk did, as the undo button then names it."""
    driver = make_browser(language)
    try:
        pair_in_browser(driver, lan, "td", "Marie's phone")
        wait(lambda: text(driver, "#clock-level"), what="the remote's clock")
        click(driver, "#clock-next-level")
        said = wait(lambda: text(driver, "#answer") if text(driver, "#answer").startswith(done) else "",
                    what=f"the answer starting {done!r}")
        wait(lambda: text(driver, "#undo-what").startswith(undo), what="the undo naming it")
        assert said[len(done):] == text(driver, "#undo-what")[len(undo):], (said, text(driver, "#undo-what"))
    finally:
        driver.quit()


def test_the_tablet_numbers_a_players_entries_only_once_there_are_two(lan: Lan) -> None:
    """"#1 · in play" on every player told the cashier nothing: a first entry is not numbered, a re-entry is
    (#1 out, #2 in play)."""
    bruno = lan.entry_of("Bruno Petit")
    others = lan.on_desk(lambda desk: [e for _, e in sorted(desk.state.tables[desk.state.entries[bruno].table]
                                                            .seats.items()) if e != bruno])
    lan.execute({"type": "bust", "entry": bruno, "by": [others[0]]})
    lan.execute({"type": "buy_in", "player": lan.on_desk(lambda desk: desk.state.entries[bruno].player),
                 "payment": "cash", "present": True})
    driver = make_browser("en-GB")
    try:
        pair_in_browser(driver, lan, "cashier", "Bar till")
        type_into(driver, "#player-query", "Alice Martin")
        wait(lambda: text(driver, "#player-found").startswith("Alice Martin"), what="Alice found")
        line = text(driver, "#player-found .muted")
        assert line.startswith("in play · Table "), line
        type_into(driver, "#player-query", "Bruno Petit")
        wait(lambda: text(driver, "#player-found").startswith("Bruno Petit"), what="Bruno found")
        wait(lambda: len(driver.find_elements("css selector", "#player-found .muted")) == 2, what="his two entries")
        lines = [n.text for n in driver.find_elements("css selector", "#player-found .muted")]
        assert lines[0].startswith("#1 · out") and lines[1].startswith("#2 · in play · Table "), lines
    finally:
        driver.quit()


@pytest.mark.parametrize(("language", "again"), [("en-GB", "Tap again to revoke Bar till"),
                                                 ("fr-FR", "Touchez encore pour révoquer Bar till")])
def test_a_stray_tap_on_revoke_does_not_cut_off_the_cashier(lan: Lan, language: str, again: str) -> None:
    """Revoke sits among the remote's buttons: the first tap asks again, naming the device; only the second
    revokes it (the tablet's key refused from then on)."""
    tablet = lan.pair("cashier", device="Bar till", person="Sam")

    def tablet_answer() -> int:
        return lan.http.get("/api/cashier", headers={"Authorization": f"Bearer {tablet}"}).status_code

    driver = make_browser(language)
    try:
        pair_in_browser(driver, lan, "td", "Marie's phone")
        wait(lambda: driver.find_elements("css selector", "#devices button"), what="the devices")
        click(driver, "#devices button")
        wait(lambda: text(driver, "#devices button") == again, what="the button asking again")
        assert tablet_answer() == 200, "one tap revokes nothing"
        # The evening goes on meanwhile: the remote reads its state again, but the button under the TD's
        # finger stays the one they tapped (it was drawn anew on every change, so a second tap could land
        # on nothing).
        asking = driver.find_element("css selector", "#devices button")
        before = text(driver, "#undo-what")
        lan.execute({"type": "clock", "action": "next"})
        wait(lambda: text(driver, "#undo-what") != before, what="the remote reading its state again")
        time.sleep(1)  # the devices are read in the same breath: drawn anew, the button would be gone by now
        assert asking.text == again  # a button drawn anew: StaleElementReferenceException
        asking.click()
        wait(lambda: tablet_answer() == 401, what="the tablet refused after the second tap")
    finally:
        driver.quit()


@pytest.fixture
def freezeout(tmp_path: Path, lan_clock: FakeClock) -> Iterator[Lan]:
    path = tmp_path / "freezeout.tdesk"
    with Desk.create(path, config(seating={"seats_per_table": 6, "tables": 2}), now=lan_clock) as desk:
        desk.execute({"type": "register", "name": "Ana Silva"})
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    yield lan
    lan.close()


@pytest.mark.parametrize(("language", "word", "split"), [("en-GB", "Buy-in", "prize €80 · fee €10"),
                                                         ("fr-FR", "Entrée", "dotation 80 € · frais 10 €")])
def test_a_sale_on_a_night_without_bounties_says_nothing_of_a_bounty(freezeout: Lan, language: str, word: str,
                                                                     split: str) -> None:
    driver = make_browser(language)
    try:
        pair_in_browser(driver, freezeout, "cashier", "Bar till")
        type_into(driver, "#player-query", "Ana")
        wait(lambda: buttons(driver, "#player-found button", word), what=f"{word!r}")[0].click()
        shown = wait(lambda: text(driver, "#sale-split"), what="the price's parts")
        assert shown.replace("\u00a0", " ").replace("\u202f", " ") == split
    finally:
        driver.quit()
