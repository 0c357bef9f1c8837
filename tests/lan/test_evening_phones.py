"""A whole evening from phones alone, as a TD alone with a headless server would run it, in English and
in French: the tournament made without windows, the server started, the TD's phone paired from its
first code, a cashier's tablet paired from a code asked for in another shell; players registered and
sold in from the tablet, the clock started from the phone, a rebuy sold on the counted chips, busts
with their preview, the plan's question (where the button is) answered and its move applied, an
announcement on the TV and the players' phones, an undo, and the tablet revoked as lost from the TD's
phone. Each device is its own browser at its own size (a phone 390x844, the TV 1920x1080).
LAN_SCREENSHOTS=folder keeps the PNGs to look at."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.selenium_browser import click, make_browser, needs_chromium, shot, size, text, type_into, wait

pytestmark = [needs_chromium, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PHONE = (390, 844)
TV = (1920, 1080)
PLAYERS = ["Alice Martin", "Bruno Petit", "Chloé Durand", "David Moreau", "Emma Laurent", "Farid Simon",
           "Gina Michel", "Hugo Lefèvre"]
# What each language's pages say at the steps the evening waits for (as WebDriver reads a text: a
# no-break space as a space; the page's own characters are checked with textContent).
SAYS = {
    "en-GB": {"level1": "LEVEL 1", "buy_in": "Buy-in", "rebuy": "Rebuy", "done": "Done: ", "start": "Start",
              "pause": "Pause", "finishes": "finishes", "undone": "Undone: ", "button": "Button: seat",
              "revoked": "is revoked", "revoke": "Revoke", "not_paired": "not paired", "me": "That's me",
              "table": "Table"},
    "fr-FR": {"level1": "NIVEAU 1", "buy_in": "Entrée", "rebuy": "Recave", "done": "Fait : ",
              "start": "Démarrer", "pause": "Pause", "finishes": "termine", "undone": "Annulé : ",
              "button": "Bouton : siège", "revoked": "est révoqué", "revoke": "Révoquer",
              "not_paired": "pas associé",
              "me": "C\u2019est moi", "table": "Table"},
}


def environment(home: Path, lang: str) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"),
            "XDG_DATA_HOME": str(home / "data"), "LANG": "fr_FR.UTF-8" if lang == "fr-FR" else "C.UTF-8"}


def cli(home: Path, lang: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "tourneydesk.cli", *args], capture_output=True, text=True,
                          env=environment(home, lang), timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(params=["en-GB", "fr-FR"])
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def evening(tmp_path: Path, lang: str) -> Iterator[tuple[Path, str, str]]:
    """(the tournament file, the server's address, the TD's first pairing code)."""
    structure = tmp_path / "friday.toml"
    structure.write_text((ROOT / "resources" / "structures" / "regular.toml").read_text(encoding="utf-8")
                         .replace("seats_per_table = 9", "seats_per_table = 6\ntables = 3"), encoding="utf-8")
    path = tmp_path / "friday.tdesk"
    cli(tmp_path, lang, "new", str(path), "--template", str(structure), "--name", "Friday Rebuy")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "tourneydesk.cli", str(path), "--lan", f"127.0.0.1:{port}"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                              env=environment(tmp_path, lang))
    assert server.stdout is not None
    url = server.stdout.readline().strip()
    code = server.stdout.readline().split(": ")[1].split()[0]
    yield path, url, code
    server.send_signal(2)
    _, err = server.communicate(timeout=30)
    assert server.returncode == 0 and "Traceback" not in err, err


@pytest.fixture
def devices(lang: str) -> Iterator[dict[str, Any]]:
    made: dict[str, Any] = {}
    yield made
    for driver in made.values():
        driver.quit()


def pair(driver: Any, url: str, code: str, device: str, person: str) -> None:
    driver.get(f"{url}/pair#code={code}")
    wait(lambda: driver.find_element("id", "pair-code").get_attribute("value") == code, what="the code from the QR")
    type_into(driver, "#pair-device", device)
    type_into(driver, "#pair-actor", person)
    click(driver, "#pair-button")
    wait(lambda: not driver.current_url.endswith("/pair"), what="the device's page")


# Found and clicked in one turn of the page's own script: a list the page redraws (each answer to a
# search, each change of the room) can never swap the button between the finding and the tap, which it
# did between WebDriver's two requests under load (a stale element, found again and swapped again).
TAP = """const [css, start] = arguments;
const button = [...document.querySelectorAll(css)].find(
    b => b.innerText.replace(/\u00a0/g, " ").trim().startsWith(start) && b.offsetParent !== null && !b.disabled);
if (button) button.click();
return Boolean(button);"""


def tap(driver: Any, css: str, start: str) -> None:
    """Tap the button that says `start` once the page shows one."""
    wait(lambda: driver.execute_script(TAP, css, start), timeout=30, what=f"a button {start!r} to tap")


def test_a_whole_evening_from_phones_alone(evening: tuple[Path, str, str], devices: dict[str, Any], lang: str,
                                           tmp_path: Path) -> None:
    path, url, td_code = evening
    says = SAYS[lang]
    folder = Path(os.environ.get("LAN_SCREENSHOTS", tmp_path / "shots")) / lang
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("td", "tablet", "player", "tv"):
        devices[name] = make_browser(lang)
    td, tablet, player, tv = devices["td"], devices["tablet"], devices["player"], devices["tv"]
    for driver in (td, tablet, player):
        size(driver, PHONE)
    size(tv, TV)

    pair(td, url, td_code, "Marie's phone", "Marie")
    wait(lambda: td.current_url.endswith("/td"), what="the TD's remote")
    cashier_code = cli(tmp_path, lang, str(path), "lan", "pair", "cashier").split(": ")[1].split()[0]
    pair(tablet, url, cashier_code, "Bar till", "Sam")
    wait(lambda: tablet.current_url.endswith("/cashier"), what="the cashier's page")

    # The tablet registers and sells the field in; the phone starts the clock.
    for name in PLAYERS:
        type_into(tablet, "#player-query", name)
        wait(lambda: tablet.find_element("id", "register").is_displayed(), what="register")
        click(tablet, "#register")
        tap(tablet, "#player-found button", says["buy_in"])
        click(tablet, "#present")
        click(tablet, "#sale-confirm")
        wait(lambda person=name: text(tablet, "#seatcard-name") == person, what="the seat card")
    assert not tablet.find_element("id", "seatcard-printed").is_displayed(), "nothing is printed headless"
    shot(tablet, folder / "tablet-seat-card.png")
    click(td, "#clock-toggle")
    wait(lambda: text(td, "#clock-toggle") == says["pause"], what="the clock running")
    wait(lambda: text(td, "#clock-level") == says["level1"], what="level 1 on the remote")

    # A rebuy on the counted chips.
    type_into(tablet, "#player-query", "Emma")
    wait(lambda: text(tablet, "#player-found").startswith("Emma Laurent"), what="Emma found")
    tap(tablet, "#player-found button", says["rebuy"])
    click(tablet, "#present")
    click(tablet, "#sale-confirm")
    wait(lambda: tablet.find_element("id", "answer").get_attribute("class") == "answer error", what="count first")
    type_into(tablet, "#stack", "4500")
    shot(tablet, folder / "tablet-rebuy.png")
    click(tablet, "#sale-confirm")
    wait(lambda: text(tablet, "#answer").startswith(says["done"]) or "error" not in
         tablet.find_element("id", "answer").get_attribute("class"), what="the rebuy answered")
    assert text(tablet, "#answer").startswith(says["done"]), text(tablet, "#answer")
    if lang == "fr-FR":  # French as it is printed: never a colon alone at the start of a line
        assert tablet.execute_script("return document.getElementById('answer').textContent").startswith("Fait\u00a0:")

    click(tablet, "#drawer-box summary")
    wait(lambda: len(tablet.find_elements("css selector", "#drawer tbody tr")) == 1, what="the drawer: cash only")
    shot(tablet, folder / "tablet-drawer.png")

    # The player's phone: find my seat, "That's me".
    player.get(url + "/")
    type_into(player, "#seat-query", "hugo")
    tap(player, "#seat-found button", says["me"])
    wait(lambda: text(player, "#me-seat").startswith(says["table"]), what="my seat")

    # Busts from the phone until the plan asks where a button is, the question answered and applied.
    for busts in range(5):
        if busts and td.find_elements("css selector", "#plan-ask button"):
            break
        victim, winner = _two_at_a_table(td, url)
        type_into(td, "#bust-query", victim)
        tap(td, "#bust-found button", victim)
        type_into(td, "#by-query", winner)
        tap(td, "#by-found button", winner)
        click(td, "#bust-check")
        preview = wait(lambda: text(td, "#bust-preview"), what="the preview")
        assert says["finishes"] in preview and victim in preview, preview
        click(td, "#bust-confirm")
        wait(lambda name=victim: text(td, "#answer") == says["done"] + name, what="the bust")
        time.sleep(0.5)
    wait(lambda: text(player, "#stat-left").startswith(f"{len(PLAYERS) - busts} "), what="the busts on the phone")
    shot(td, folder / "td-plan-question.png")
    for _ in range(3):  # a move between two tables may ask for both buttons
        if td.find_element("id", "plan-apply").is_displayed():
            break
        asked = text(td, "#plan-title")
        tap(td, "#plan-ask button", says["button"])
        wait(lambda before=asked: text(td, "#plan-title") != before, what="the next step")
    wait(lambda: td.find_element("id", "plan-apply").is_displayed(), what="the move to apply")
    shot(td, folder / "td-plan-move.png")
    click(td, "#plan-apply")
    wait(lambda: text(td, "#answer").startswith(says["done"]), what="the move applied, said what it was")

    # One player: their chips counted (the player's phone shows them), a penalty with its reason.
    type_into(td, "#who-query", "Hugo")
    tap(td, "#who-found button", "Hugo Lefèvre")
    type_into(td, "#count-chips", "21000")
    click(td, "#count-record")
    wait(lambda: text(td, "#answer").startswith(says["done"] + "Hugo Lefèvre"), what="the count recorded")
    wait(lambda: "21" in text(player, "#me-facts"), what="the count on the player's phone")
    click(td, "#penalty-give")
    wait(lambda: td.find_element("id", "answer").get_attribute("class") == "answer error", what="a reason asked")
    type_into(td, "#penalty-reason", "Phone at the table")
    click(td, "#penalty-give")
    wait(lambda: text(td, "#answer").startswith(says["done"] + "Hugo Lefèvre"), what="the penalty given")

    # An announcement on the TV and the phones.
    tv.get(url + "/screen")
    type_into(td, "#announce-text", "Dinner is served at the bar")
    click(td, "#announce-send")
    wait(lambda: "Dinner is served at the bar" in text(tv, "#notes"), what="the announcement on the TV")
    wait(lambda: "Dinner is served at the bar" in text(player, "#notes"), what="the announcement on the phone")
    shot(tv, folder / "tv-announcement.png")
    shot(player, folder / "player-phone.png")
    click(player, "#schedule-box summary")
    wait(lambda: player.find_elements("css selector", "#schedule tr.now"), what="the level played, marked")
    shot(player, folder / "player-schedule.png")
    size(player, TV)
    shot(player, folder / "players-1920x1080.png")
    size(player, PHONE)

    # Undo the last command from the phone.
    wait(lambda: not td.find_element("id", "undo").get_attribute("disabled"), what="something to undo")
    click(td, "#undo")
    wait(lambda: text(td, "#answer").startswith(says["undone"]), what="the undo said done")
    wait(lambda: "Dinner" not in text(tv, "#notes"), what="the announcement undone")

    # The tablet is lost: the TD revokes it from the phone, and the tablet's next request is refused.
    wait(lambda: td.find_elements("css selector", "#devices button"), what="the devices")
    shot(td, folder / "td-devices.png")
    click(td, "#devices button")
    wait(lambda: text(td, "#devices button") != says["revoke"], what="the remote asking again")
    shot(td, folder / "td-revoke-asks.png")
    click(td, "#devices button")
    wait(lambda: says["revoked"] in text(td, "#answer"), what="revoked")
    tablet.refresh()
    wait(lambda: says["not_paired"] in text(tablet, "#unpaired-text"), what="the tablet refused")
    shot(tablet, folder / "tablet-revoked.png")
    shot(td, folder / "td-remote.png")


def _two_at_a_table(td: Any, url: str) -> tuple[str, str]:
    """Two players at the fullest table, as the TD's phone finds them (its own key, its own requests)."""
    token = json.loads(td.execute_script("return localStorage.getItem('tourneydesk.pairing')"))["token"]
    tables: dict[int, list[str]] = {}
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=10) as http:
        for name in PLAYERS:
            for e in http.get("/api/td/find", params={"q": name}).json()["found"]:
                if e["name"] == name and e["table"]:
                    tables.setdefault(e["table"], []).append(name)
    biggest = max(tables.values(), key=len)
    return biggest[0], biggest[1]
