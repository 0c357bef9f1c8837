"""The public site as a club and its players see it: French typography that never leaves a mark alone at
the start of a line, a wrong address answered in the venue's language, the footer's time zone, the deal,
"find a player" once it is over, and in Chromium on a phone: the find box, the clock's lines, the keyboard
(a skip link, a visible focus) and the live region that reads only what is new."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers import webdriver
from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import play_down, table_mate
from tests.helpers.waiting import wait_until
from tests.helpers.website import ON_SQLITE_ONLY, SiteServer, push, wire
from tourneydesk.desk import Desk
from tourneysite.cli import main as site_cli
from tourneysite.formats import Formats
from tourneysite.i18n import french_typography
from tourneysite.pages import place_label

# A plain space before : ; ! ? or », or after «: where a browser may break a French line.
BREAKABLE = re.compile(r"[ \n\t](?=[:;!?»])|«[ \n\t]")
CHROMIUM = pytest.mark.skipif(not webdriver.available(),
                              reason="Debian's chromium and chromedriver (.ci/run installs them)")


NAMES = ["Zoé Abadie", "Émile Martin", "ana Silva", "Bruno Costa", "Chloé Lefèvre", "Marc Dubois"]


def run(*argv: str) -> int:
    return site_cli(list(argv))


def text(html: str) -> str:
    """A page's words as a reader sees them: tags out, entities and spaces made plain."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def words_of(html: str) -> str:
    """The page's text with its no-break spaces kept (unlike `text`, which makes them plain)."""
    return unescape(re.sub(r"<[^>]+>", "", re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)))


@pytest.fixture
def cercle(make_desk: Any, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str,
           db_url: str) -> dict[str, str]:
    """A French venue on Paris time: a night finished with a deal, and one running."""
    assert run("venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--language", "fr",
               "--time-zone", "Europe/Paris") == 0
    dealt = make_desk(PKO_CONFIG | {"name": "Vendredi PKO"}, name="vendredi.tdesk")
    players = [dealt.execute({"type": "register", "name": n})["player"] for n in NAMES]
    entries = [dealt.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})["entry"]
               for p in players]
    dealt.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=70)
    for entry in entries[:3]:
        dealt.execute({"type": "bust", "entry": entry, "by": [table_mate(dealt, entry)]})
        clock.advance(minutes=5)
    live = [e["id"] for e in dealt.snapshot()["entries"] if e["status"] == "active"]
    dealt.execute({"type": "deal", "method": "icm", "stacks": {e: 30000 + 10000 * i for i, e in enumerate(live)},
                   "end": True, "order": live})
    deep = [{"small_blind": 25000, "big_blind": 50000, "minutes": 20},  # six-figure blinds: long lines on a phone
            {"small_blind": 50000, "big_blind": 100000, "ante": 100000, "ante_kind": "big_blind", "minutes": 20},
            {"break_minutes": 10}, {"small_blind": 60000, "big_blind": 120000, "minutes": 20}]
    running = make_desk(PKO_CONFIG | {"name": "Samedi PKO", "starting_stack": 2_000_000, "levels": deep,
                                      "chips": [{"value": 25000, "color": "green"}]}, name="samedi.tdesk", seed=5)
    for name in NAMES:
        p = running.execute({"type": "register", "name": name})["player"]
        running.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})
    running.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=25)  # level 2: an ante, and the break 15 minutes off
    site_clock.t = clock.t  # the venue's news is fresh: the clock runs
    for desk in (dealt, running):
        push(http, token, desk.state.tournament_id, wire(desk))
    return {"dealt": dealt.state.tournament_id, "running": running.state.tournament_id}


# -- French typography ------------------------------------------------------------------------------------
def test_french_punctuation_keeps_its_space_unbreakable() -> None:
    assert french_typography("Ensuite : le niveau 2 ; pause ? oui ! « Main » x") == \
        "Ensuite\u00a0: le niveau 2\u202f; pause\u202f? oui\u202f! «\u00a0Main\u00a0» x"
    assert french_typography("08:30 and a:b") == "08:30 and a:b"  # no space before, nothing to keep


def test_no_french_page_has_a_mark_that_can_start_a_line(cercle: dict[str, str], http: httpx.Client) -> None:
    pages = [f"/t/{cercle['dealt']}/results", f"/t/{cercle['dealt']}", f"/t/{cercle['running']}",
             f"/t/{cercle['running']}?q=zo", f"/t/{cercle['running']}/results?q=nobody", "/venues/1",
             "/venues/1/no-such-page"]
    for path in pages:
        html = http.get(path).text
        assert '<html lang="fr">' in html, path
        found = [words_of(html)[max(0, m.start() - 30):m.end() + 5] for m in BREAKABLE.finditer(words_of(html))]
        assert found == [], (path, found)
    model = http.get(f"/t/{cercle['running']}/live.json").json()
    for said in (model["clock"]["next"], *model["words"].values()):
        assert not BREAKABLE.search(said), said
    # and a countdown stays with its words: "fin dans" + no-break space + "25:00"
    assert model["words"]["break_in"] == "pause dans\u00a0{time}"
    assert model["words"]["closes_in"] == "Inscriptions tardives ouvertes\u00a0: fin dans\u00a0{time}"


# -- a wrong address --------------------------------------------------------------------------------------
def test_a_wrong_address_is_a_page_in_the_language_of_the_venue_it_names(cercle: dict[str, str],
                                                                       http: httpx.Client, db_url: str) -> None:
    for path in ("/venues/1/typo", f"/t/{cercle['dealt']}/resultats", f"/t/{cercle['dealt']}/results/x"):
        r = http.get(path)
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
        assert '<html lang="fr">' in r.text and "Cette page n’existe pas." in text(r.text)
        assert 'href="/"' in r.text  # a way back home
    r = http.get("/no/such/page")
    assert r.status_code == 404 and '<html lang="en">' in r.text and "There is no such page here." in text(r.text)
    api = http.get("/api/v1/no-such-thing")
    assert api.status_code == 404 and api.json()["error"] == "not_found"
    # A tournament the owner hid: "not found", in its venue's language, not the site's English.
    assert run("tournament", "hide", "--db", db_url, cercle["dealt"]) == 0
    wait_until(lambda: http.get(f"/t/{cercle['dealt']}/results").status_code == 404)
    hidden = http.get(f"/t/{cercle['dealt']}/results")
    assert hidden.status_code == 404 and '<html lang="fr">' in hidden.text
    assert "Ce tournoi n’existe pas ici." in text(hidden.text)


# -- the footer's time zone ---------------------------------------------------------------------------------
def test_the_footer_names_the_venues_clock_and_the_list_claims_no_one_zone(cercle: dict[str, str],
                                                                           http: httpx.Client, db_url: str) -> None:
    assert "heure de Paris" in text(http.get(f"/t/{cercle['dealt']}/results").text)
    index = text(http.get("/").text)
    assert "UTC" not in index and "times are the venue's own" in index
    # (an owner's change reaches every site process a moment after the command returns: on PostgreSQL, by NOTIFY)
    results = f"/t/{cercle['dealt']}/results"
    assert run("venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--language", "en",
               "--time-zone", "Europe/London") == 0
    wait_until(lambda: "times are London time" in text(http.get(results).text))
    assert run("venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--time-zone", "UTC") == 0
    wait_until(lambda: "times in UTC" in text(http.get(results).text))


# -- the deal, and "find a player" once it is over ----------------------------------------------------------
def test_the_deal_is_published_with_its_method_and_what_each_player_took(cercle: dict[str, str],
                                                                        http: httpx.Client) -> None:
    snap = http.get(f"/api/v1/tournaments/{cercle['dealt']}").json()
    names = {e["id"]: e["name"] for e in snap["entries"]}
    words = text(http.get(f"/t/{cercle['dealt']}/results").text).replace("\u202f", " ").replace("\xa0", " ")
    assert "Deal ICM, 3 joueurs" in words  # among the facts of the night
    assert "un deal (ICM)" in words and "(icm)" not in words
    # Once it is over, the live page names no next level and counts down to no break.
    over = http.get(f"/t/{cercle['dealt']}").text
    assert "Terminé" in text(over) and re.search(r'<div class="next" data-hide="finished" hidden>', over)
    fmt = Formats("fr", "Europe/Paris")
    for entry, amount in snap["deal"]["amounts"].items():
        assert f"{names[entry]} {fmt.money(amount, 'EUR')}".replace("\u202f", " ").replace("\xa0", " ") in words


def test_find_a_player_on_a_finished_night_gives_the_winner_a_place_not_a_seat(
        make_desk: Any, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str) -> None:
    desk = make_desk(PKO_CONFIG | {"name": "Friday PKO"})
    play_down(desk, clock, NAMES)
    push(http, token, desk.state.tournament_id, wire(desk))
    site_clock.t = clock.t
    winner = next(e for e in desk.snapshot()["entries"] if e["place"] == 1)
    found = text(http.get(f"/t/{desk.state.tournament_id}", params={"q": winner["name"]}).text)
    assert f"{winner['name']} · the winner" in found and "seat" not in found


def test_places_past_a_thousand_have_the_languages_separator() -> None:
    assert place_label(1234, None, Formats("en")) == "1,234"
    assert place_label(1234, 1236, Formats("fr")) == "1\u202f234–1\u202f236"
    assert place_label(7, None, Formats("fr")) == "7"


# -- in Chromium, on a phone ---------------------------------------------------------------------------
@pytest.mark.slow
@CHROMIUM
@ON_SQLITE_ONLY
def test_on_a_phone_the_find_box_and_the_clock_read_on_whole_lines(cercle: dict[str, str], site: SiteServer,
                                                                    tmp_path: Path) -> None:
    browser = webdriver.Browser(tmp_path / "profile", (390, 844))
    try:
        browser.viewport(390, 844)
        for language_path in (f"/t/{cercle['running']}", f"/t/{cercle['dealt']}/results"):
            browser.open(site.url + language_path)
            box = browser.run("var i = document.getElementById('q').getBoundingClientRect(), "
                              "b = document.querySelector('.find button').getBoundingClientRect(); "
                              "return [i.top, b.top, i.right, b.left, b.right];")
            browser.screenshot(tmp_path / f"phone-{language_path.rsplit('/', 1)[-1]}.png")
            assert abs(box[0] - box[1]) < 4 and box[2] <= box[3] and box[4] <= 390  # the box and its button, one row
            wide = browser.run("return Array.prototype.filter.call(document.querySelectorAll('body *'), "
                               "function (e) { return e.getBoundingClientRect().right > 390.5; })"
                               ".map(function (e) { return e.tagName + ' ' + e.textContent.slice(0, 30); });")
            assert wide == [], wide
        browser.open(f"{site.url}/t/{cercle['running']}")
        # "50 000 / 100 000", "· ante 100 000" and "· pause dans 15:00" are never cut inside
        for css in (".clock .blinds strong", '.clock .blinds [data-show="clock.ante"]', ".clock .break-in"):
            rects = browser.run(f"return Array.prototype.map.call(document.querySelector('{css}').getClientRects(), "
                                "function (r) { return [r.top, r.left, r.width, r.height]; });")
            browser.screenshot(tmp_path / "clock.png")
            assert len({round(r[0]) for r in rects if r[2] > 0}) == 1, (css, rects)  # one line
    finally:
        browser.close()


@pytest.mark.slow
@CHROMIUM
@ON_SQLITE_ONLY
def test_the_keyboard_finds_a_skip_link_first_and_always_sees_where_it_is(cercle: dict[str, str], site: SiteServer,
                                                                          tmp_path: Path) -> None:
    browser = webdriver.Browser(tmp_path / "profile", (1280, 900))
    try:
        browser.open(f"{site.url}/t/{cercle['running']}")
        skip = 'document.querySelector("a.skip")'
        assert browser.run(f"return {skip}.getBoundingClientRect().bottom;") <= 0  # out of sight until needed
        browser._call("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": "\ue004"}, {"type": "keyUp", "value": "\ue004"}]}]})  # Tab
        assert browser.run("return document.activeElement.className;") == "skip"
        assert browser.run(f"return {skip}.getBoundingClientRect().top;") >= 0
        assert browser.run(f"return {skip}.innerText;") == "Aller au contenu"
        assert browser.run("return getComputedStyle(document.activeElement).outlineStyle;") != "none"
        browser.screenshot(tmp_path / "skip-link.png")
        browser._call("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": "\ue007"}, {"type": "keyUp", "value": "\ue007"}]}]})  # Enter
        assert browser.wait_for("return document.activeElement.id === 'main';")
        for _ in range(3):  # the next stops: the brand, the venue, the tabs: each drawn with its outline
            browser._call("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": [
                {"type": "keyDown", "value": "\ue004"}, {"type": "keyUp", "value": "\ue004"}]}]})
            style = browser.run("var s = getComputedStyle(document.activeElement); "
                                "return [s.outlineStyle, s.outlineWidth];")
            assert style[0] != "none" and style[1] != "0px", style
    finally:
        browser.close()


@pytest.mark.slow
@CHROMIUM
@ON_SQLITE_ONLY
def test_the_live_region_is_told_only_the_new_announcement(make_desk: Any, clock: FakeClock, site_clock: FakeClock,
                                                           site: SiteServer, http: httpx.Client, token: str,
                                                           tmp_path: Path) -> None:
    desk: Desk = make_desk(PKO_CONFIG | {"name": "Hand for hand"})
    for name in NAMES:
        p = desk.execute({"type": "register", "name": name})["player"]
        desk.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=65)  # late registration over
    entry = next(e["id"] for e in desk.snapshot()["entries"] if e["status"] == "active")
    desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    site_clock.t = clock.t
    tid = desk.state.tournament_id
    push(http, token, tid, wire(desk))
    browser = webdriver.Browser(tmp_path / "profile", (1280, 900))
    try:
        browser.open(f"{site.url}/t/{tid}")
        notes = 'document.querySelector("ul.notes")'
        assert browser.run(f"return {notes}.getAttribute('aria-live');") == "polite"
        before = browser.run(f"var l = {notes}.children; for (var i = 0; i < l.length; i++) l[i].__old = true; "
                             "return l.length;")
        seq = desk.seq
        desk.execute({"type": "hand_for_hand", "action": "on"})
        push(http, token, tid, wire(desk, seq))
        browser.wait_for(f"return {notes}.innerText.includes('Hand-for-hand');")
        kept = browser.run(f"return Array.prototype.map.call({notes}.children, function (li) "
                           "{ return [li.textContent, li.__old === true]; });")
        new = [t for t, old in kept if not old]
        assert new == [t for t, _ in kept if "Hand-for-hand" in t]  # only the new one was added to the region
        assert sum(1 for _, old in kept if old) == before
    finally:
        browser.close()


# -- contrast -------------------------------------------------------------------------------------------
STYLE = Path(__file__).parents[2] / "website" / "tourneysite" / "static" / "site.css"


def luminance(rgb: tuple[float, float, float]) -> float:
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in rgb)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def test_the_style_sheet_keeps_text_readable() -> None:
    """WCAG AA: 4.5:1 for text, 3:1 for large text, on every background the colour sits on."""
    css = STYLE.read_text(encoding="utf-8")
    var = {name: rgb(value) for name, value in re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", css)}
    backgrounds = [var["bg"], var["card"], rgb("#fafbf8"), rgb("#fbfcfa")]  # the page, cards, table heads, rows
    assert min(contrast(var["muted"], bg) for bg in backgrounds) >= 4.5
    prov = re.search(r"\.prov \{ color: (#[0-9a-fA-F]{6})", css)
    assert prov and min(contrast(rgb(prov.group(1)), bg) for bg in backgrounds) >= 4.5
    # the paused clock's figures, faded, still read as large text on the brightest green of the clock
    paused = re.search(r"\.clock\.paused \.time \{ opacity: ([0-9.]+)", css)
    assert paused
    opacity, green = float(paused.group(1)), rgb("#17804f")
    r, g, b = (opacity * 255 + (1 - opacity) * c for c in green)
    assert contrast((r, g, b), green) >= 3


def test_how_long_it_lasted_reads_as_one(cercle: dict[str, str], http: httpx.Client) -> None:
    """"3 h 40" never breaks into "3 h" and "40" on two lines."""
    assert re.search(r"Durée</dt><dd>\d+\u00a0h\u00a0\d\d</dd>", http.get(f"/t/{cercle['dealt']}/results").text)


def test_a_results_tables_amounts_are_written_alike_so_the_column_lines_up(cercle: dict[str, str],
                                                                          http: httpx.Client) -> None:
    """"381 €" above "83,70 €" does not line up: once one amount of a table has cents, every amount has."""
    page = http.get(f"/t/{cercle['dealt']}/results").text
    table = page[page.index('<table class="grid results">'):page.index("</table>")]
    amounts = re.findall(r'<td class="num[^"]*">([^<]*€)</td>', table)
    assert len(amounts) >= 6
    assert any(re.search(r",\d\d\W*€$", a) for a in amounts)  # a deal's ICM shares have cents
    assert all(re.search(r",\d\d\W*€$", a) for a in amounts), amounts
    shares = re.findall(r'<li><span class="name">[^<]*</span> <strong>([^<]*)</strong></li>', page)
    assert len(shares) == 3 and all(re.search(r",\d\d\W*€$", a) for a in shares), shares  # the deal's list too
