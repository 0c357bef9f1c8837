"""The players' phone and the TV in headless Chromium: a remembered player's card saying their place and
what they won once out (English and French, the pool as "Dotation"), and the venue's logo above the TV's
clock, set and removed while the page is open; and the TV at 1920x1080 never needing to scroll."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.lan import Lan
from tests.helpers.selenium_browser import make_browser, needs_chromium, size, text, wait
from tourneydesk.core.rules.floor import ANNOUNCEMENT_MAX
from tourneydesk.desk import Desk
from tourneydesk.lan import logo

pytestmark = [needs_chromium, pytest.mark.slow]


def bust(lan: Lan, name: str) -> None:
    entry = lan.entry_of(name)

    def mate(desk: Desk) -> str:
        me = desk.state.entries[entry]
        table = desk.state.tables[me.table]
        others = [e for _, e in sorted(table.seats.items()) if e != entry]
        if others:
            return others[0]
        other = next(e for e in desk.state.entries.values() if e.status == "active" and e.id != entry)
        desk.execute({"type": "move", "entry": other.id, "table": me.table,
                      "seat": next(s for s in range(1, 7) if s not in table.seats)})
        return other.id

    lan.execute({"type": "bust", "entry": entry, "by": [lan.on_desk(mate)]})


@pytest.mark.parametrize(("language", "place", "prize", "pool"), [
    ("en-GB", "Out: place 3*", "Your prize: €", "PRIZE POOL"),
    ("fr-FR", "Classement : 3*", "Votre gain : ", "DOTATION")])
def test_a_remembered_players_card_says_the_place_and_the_prize_once_out(lan: Lan, language: str, place: str,
                                                                         prize: str, pool: str) -> None:
    driver = make_browser(language)
    try:
        driver.get(lan.url + "/")
        wait(lambda: text(driver, "#clock-level"), what="the page")
        assert text(driver, "#stats").splitlines()[4] == pool
        driver.execute_script("localStorage.setItem('tourneydesk.me', 'Chloé Durand')")  # "That's me" tapped before
        driver.refresh()
        wait(lambda: text(driver, "#me-seat").startswith("Table"), what="her seat")
        for name in ("Alice Martin", "Bruno Petit", "David Moreau", "Emma Laurent", "Farid Simon", "Gina Michel",
                     "Hugo Lefèvre", "Chloé Durand"):
            bust(lan, name)
        wait(lambda: text(driver, "#me-seat").replace("\u00a0", " ") == place, what="her place out")
        facts = text(driver, "#me-facts")
        won = lan.on_desk(lambda desk: next(e for e in desk.snapshot()["entries"] if e["name"] == "Chloé Durand"))
        assert facts.startswith(prize) and str(won["prize"] // 100) in facts
        assert text(driver, "#me-legend"), "a place not final yet says so"
    finally:
        driver.quit()


def png(colour: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + colour * 40 for _ in range(20))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 40, 20, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_the_tv_shows_the_venues_logo_above_the_clock_as_soon_as_it_is_set(lan: Lan, tmp_path: Path) -> None:
    """The logo set from another shell while the TV's page is open shows at once (the stream tells the page),
    not at the page's next look a minute later; removed, it goes as fast."""
    picture = tmp_path / "club.png"
    picture.write_bytes(png(b"\xff\x00\xff"))
    driver = make_browser()
    try:
        driver.get(lan.url + "/screen")
        wait(lambda: text(driver, "#clock-level"), what="the screen")
        assert driver.execute_script("return document.getElementById('venue-logo').hidden"), "no logo yet"
        logo.set_logo(tmp_path / "devices.json", picture)
        wait(lambda: driver.find_element("id", "venue-logo").is_displayed(), timeout=5, what="the logo, at once")
        width = driver.execute_script("return document.getElementById('venue-logo').naturalWidth")
        assert width == 40, "the picture itself, loaded"
        logo_box = driver.find_element("id", "venue-logo").rect
        clock_box = driver.find_element("id", "clock").rect
        assert logo_box["y"] + logo_box["height"] <= clock_box["y"], "above the clock"
        logo.remove_logo(tmp_path / "devices.json")
        wait(lambda: driver.execute_script("return document.getElementById('venue-logo').hidden"), timeout=5,
             what="no logo, at once")
    finally:
        driver.quit()


FITS = """const d = document.documentElement;
return [d.scrollHeight <= window.innerHeight, d.scrollWidth <= window.innerWidth];"""


def test_a_tv_at_1920x1080_shows_everything_without_scrolling(lan: Lan, tmp_path: Path) -> None:
    """A TV cannot scroll: with the logo, an announcement and late registration, the turn's table
    shows the rows that fit above the footer and none under the screen's edge, payouts and levels alike."""
    picture = tmp_path / "club.png"
    picture.write_bytes(png(b"\x00\x80\x00"))
    logo.set_logo(tmp_path / "devices.json", picture)
    lan.execute({"type": "announce", "text": "Dinner is served at the bar"})
    driver = make_browser("fr-FR")
    try:
        size(driver, (1920, 1080))
        driver.get(lan.url + "/screen")
        wait(lambda: "Dinner" in text(driver, "#notes"), what="the announcement")
        wait(lambda: driver.find_element("id", "venue-logo").is_displayed(), what="the logo")
        for turn in ("payouts", "schedule"):
            wait(lambda t=turn: driver.find_element("id", f"turn-{t}").is_displayed(), timeout=20, what=turn)
            wait(lambda: driver.execute_script(FITS) == [True, True], timeout=3,
                 what=f"the {turn} turn within 1920x1080")
            shown = [r for r in driver.find_elements("css selector", f"#{turn} tbody tr") if r.is_displayed()]
            assert shown, f"at least the first row of the {turn}"
            footer = driver.find_element("css selector", "footer.site").rect
            assert footer["y"] + footer["height"] <= 1080, "the footer on the screen"
    finally:
        driver.quit()


LONGEST = ("Le dîner est servi au bar : commandez avant 21 h, les plats arrivent à la table ; la pause de 22 h dure "
           "vingt minutes, le tirage de la table finale se fera au bar après la pause. Merci à tous !")


@pytest.mark.parametrize("viewport", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("language", ["fr-FR", "en-GB"])
def test_an_announcement_takes_no_payout_row_off_the_tv(tmp_path: Path, lan_clock: FakeClock, language: str,
                                                         viewport: tuple[int, int]) -> None:
    """40 players, 9 places paid, the logo and the longest announcement the TD can type: the TV shows all nine
    payouts (and every coming level) and the whole announcement, none of it past the screen's edge (the
    payouts read 1 of 9 with an announcement before)."""
    path = tmp_path / "friday.tdesk"
    with Desk.create(path, config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 6}), now=lan_clock,
                     seed=3) as desk:
        for i in range(40):
            player = desk.execute({"type": "register", "name": f"Joueur {i + 1}"})["player"]
            desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        desk.execute({"type": "clock", "action": "start"})
        desk.execute({"type": "announce", "text": LONGEST[:ANNOUNCEMENT_MAX]})
    picture = tmp_path / "club.png"
    picture.write_bytes(png(b"\x00\x80\x00"))
    logo.set_logo(tmp_path / "devices.json", picture)
    lan = Lan(path, lan_clock, tmp_path / "devices.json")
    driver = make_browser(language)
    try:
        size(driver, viewport)
        driver.get(lan.url + "/screen")
        wait(lambda: "dîner" in text(driver, "#notes"), what="the announcement")
        wait(lambda: driver.find_element("id", "venue-logo").is_displayed(), what="the logo")
        width, height = viewport
        for turn, rows in (("payouts", 9), ("schedule", 4)):
            wait(lambda t=turn: driver.find_element("id", f"turn-{t}").is_displayed(), timeout=20, what=turn)
            wait(lambda: driver.execute_script(FITS) == [True, True], timeout=3, what=f"the {turn} within the screen")
            shown = wait(lambda t=turn, n=rows: [r for r in driver.find_elements("css selector", f"#{t} tbody tr")
                                                 if r.is_displayed()] if len(driver.find_elements(
                                                     "css selector", f"#{t} tbody tr")) == n else None,
                         what=f"the {turn}' rows")
            hidden = [r.get_attribute("textContent") for r in driver.find_elements("css selector", f"#{turn} tbody tr")
                      if not r.is_displayed()]
            assert len(shown) == rows, f"{turn}: {len(shown)} of {rows} rows shown, hidden: {hidden}"
            for element in [*shown, driver.find_element("css selector", "#notes li.message")]:
                box = element.rect
                assert box["y"] >= 0 and box["y"] + box["height"] <= height and box["x"] + box["width"] <= width
            size_px = driver.execute_script("return parseFloat(getComputedStyle("
                                            "document.querySelector('#notes li.message')).fontSize)")
            assert size_px >= height * 0.022, "the announcement still read from across the room"
    finally:
        driver.quit()
        lan.close()
