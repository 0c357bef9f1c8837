"""A venue's pages in its own language, time zone and currency, with the facts clubs publish; and the
site owner's commands (venues, tokens, tournaments), run as a club would from a shell."""

from __future__ import annotations

import re
import shutil
import subprocess
from html import unescape
from pathlib import Path
from typing import Any, cast

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import BASE_CONFIG, PKO_CONFIG, config, rebuy_event
from tests.helpers.desks import play_down, table_mate
from tests.helpers.waiting import wait_until
from tests.helpers.website import ON_SQLITE_ONLY, SiteServer, push, wire
from tourneydesk.club import formula, league
from tourneydesk.core.arithmetic.currencies import minor_digits
from tourneysite import i18n, pages
from tourneysite.cli import main as site
from tourneysite.formats import Formats

TEMPLATES = Path(__file__).parents[2] / "website" / "tourneysite" / "templates"
PAGES = Path(__file__).parents[2] / "website" / "tourneysite" / "pages.py"

NAMES = ["Zoé Abadie", "Émile Martin", "ana Silva", "Bruno Costa", "Chloé Lefèvre", "Marc Dubois"]


def text(html: str) -> str:
    """A page's words as a reader sees them: tags out, entities and spaces made plain."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def run(*argv: str) -> int:
    return site(list(argv))


# -- money, numbers, dates ------------------------------------------------------------------------------
@pytest.mark.parametrize(("amount", "currency", "english", "french"), [
    (125050, "EUR", "€1,250.50", "1 250,50 €"),
    (10000, "EUR", "€100", "100 €"),
    (390000, "JPY", "¥390,000", "390 000 JPY"),
    (12345, "KWD", "KWD12.345", "12,345 KWD"),
    (1234567, "CLF", "CLF123.4567", "123,4567 CLF"),
    (-500, "GBP", "-£5", "-5 £GB"),
    (99, "USD", "$0.99", "0,99 $US"),
])
def test_every_currency_is_written_with_its_own_minor_unit_in_the_venues_language(
        amount: int, currency: str, english: str, french: str) -> None:
    assert Formats("en").money(amount, currency) == english
    # CLDR writes French groups with a narrow no-break space and the sign after a no-break space.
    assert Formats("fr").money(amount, currency).replace("\u202f", " ").replace("\xa0", " ") == french


def test_the_laptop_and_the_site_agree_on_the_minor_units() -> None:
    assert (minor_digits("JPY"), minor_digits("EUR"), minor_digits("KWD"), minor_digits("eur")) == (0, 2, 3, 2)


def test_counts_have_thousands_separators_and_dates_follow_the_time_zone() -> None:
    paris, tokyo = Formats("fr", "Europe/Paris"), Formats("en", "Asia/Tokyo")
    assert paris.count(12500).replace("\u202f", " ") == "12 500"
    assert tokyo.count(12500) == "12,500"
    at = 1_796_500_000  # 2026-12-05 19:46:40 UTC
    assert paris.time(at) == "20:46" and paris.date(at) == "5 déc. 2026"
    assert tokyo.time(at).replace("\u202f", " ") == "4:46 AM" and tokyo.date(at) == "Dec 6, 2026"


def test_names_sort_by_the_languages_rules_and_by_surname_when_the_club_wants() -> None:
    fmt = Formats("fr")
    assert sorted(NAMES, key=fmt.name_key) == ["ana Silva", "Bruno Costa", "Chloé Lefèvre", "Émile Martin",
                                               "Marc Dubois", "Zoé Abadie"]
    by_surname = sorted(NAMES, key=lambda n: fmt.name_key(n, surname_first=True))
    assert by_surname == ["Zoé Abadie", "Bruno Costa", "Marc Dubois", "Chloé Lefèvre", "Émile Martin", "ana Silva"]


def test_every_word_on_the_pages_has_its_french() -> None:
    used = set()
    for source in [*TEMPLATES.glob("*.html"), PAGES]:
        code = source.read_text(encoding="utf-8")
        for call in (r"\b_", r"\bwords"):
            used |= set(re.findall(call + r'\(\s*"([^"]+)"', code)) | set(re.findall(call + r"\(\s*'([^']+)'", code))
    # and the words chosen from a table rather than written in the call
    used |= {"Registration", "Live", "Finished", "Re-entries", "Rebuys", "Add-ons", "There is no such venue here.",
             "There is no such tournament here.", "{count} player matches", "{count} players match",
             "There is no such league here.", "There is no such player here.", *league.TIE_BREAKS.values(),
             *formula.MEANINGS.values()}
    assert len(used) > 50
    assert sorted(used - set(i18n.FRENCH)) == []


# -- a French club's pages ------------------------------------------------------------------------------
@pytest.fixture
def french_club(make_desk: Any, clock: FakeClock, site_clock: FakeClock, http: httpx.Client, token: str,
                db_url: str) -> dict[str, str]:
    assert run("venue", "set", "--db", db_url, "--venue", "the queen's club", "--language", "fr",
               "--time-zone", "Europe/Paris", "--sort", "surname") == 0
    finished = make_desk(PKO_CONFIG | {"name": "Vendredi PKO"}, name="vendredi.tdesk")
    play_down(finished, clock, NAMES, reentry=True)
    yen = make_desk(config(BASE_CONFIG, name="Tokyo Deepstack", currency="JPY",
                           buy_in={"prize": 30000, "bounty": 0, "fee": 3000}), name="tokyo.tdesk", seed=3)
    for name in NAMES[:4]:
        p = yen.execute({"type": "register", "name": name})["player"]
        yen.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})
    yen.execute({"type": "clock", "action": "start"})
    for desk in (finished, yen):
        push(http, token, desk.state.tournament_id, wire(desk))
    site_clock.t = clock.t
    return {"finished": finished.state.tournament_id, "yen": yen.state.tournament_id}


def test_a_french_venues_results_read_in_french_with_the_facts_of_the_night(
        french_club: dict[str, str], http: httpx.Client) -> None:
    snap = http.get(f"/api/v1/tournaments/{french_club['finished']}").json()
    started = snap["tournament"]["started_ms"] / 1000
    html = http.get(f"/t/{french_club['finished']}/results").text
    assert '<html lang="fr">' in html
    words = text(html).replace("\u202f", " ").replace("\xa0", " ")
    fmt = Formats("fr", "Europe/Paris")
    assert f"Date {fmt.date(started)}" in words and f"Début {fmt.time(started)}" in words
    hours, rest = divmod((snap["tournament"]["finished_ms"] - snap["tournament"]["started_ms"]) // 1000, 3600)
    assert f"Durée {hours} h {rest // 60:02d}" in words
    assert "Buy-in 80 € + 20 € de prime" in words  # the house's fee is not the site's to know
    assert "Re-entrées 1" in words and "Entrées 7" in words
    paid = sum(1 for p in snap["payouts"] if p["amount"])
    assert f"Places payées {paid}" in words
    pool = snap["money"]["prize_pool"]
    assert f"Dotation {fmt.money(pool, 'EUR')}".replace("\u202f", " ").replace("\xa0", " ") in words
    assert "Table finale" in words and "heure de Paris" in words
    assert "Results" not in words.replace("Résultats", "")  # no English left over


def test_a_rebuy_nights_facts_say_what_a_rebuy_and_an_add_on_cost(
        make_desk: Any, clock: FakeClock, http: httpx.Client, token: str) -> None:
    cfg = rebuy_event(name="Rebuy Tuesday", add_on={"at_break_after_level": 2, "chips": 30000,
                                                    "price": {"prize": 3000}})
    cfg["rebuy"]["price"] = {"prize": 2000, "fee": 500}
    desk = make_desk(cfg)
    entries = [desk.execute({"type": "buy_in", "payment": "cash", "present": True,
                             "player": desk.execute({"type": "register", "name": n})["player"]})["entry"]
               for n in NAMES[:4]]
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=5)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    desk.execute({"type": "rebuy", "present": True, "entry": entries[0], "payment": "cash"})
    clock.advance(minutes=40)  # the break after level 2: the add-on
    desk.execute({"type": "add_on", "present": True, "entry": entries[1], "payment": "cash"})
    push(http, token, desk.state.tournament_id, wire(desk))
    words = text(http.get(f"/t/{desk.state.tournament_id}").text)
    assert "Buy-in €80" in words  # the house's fee is not the site's to know, on a rebuy either
    assert "Rebuys 1 (at €20)" in words and "Add-ons 1 (at €30)" in words


def test_a_yen_pool_is_not_divided_by_a_hundred(french_club: dict[str, str], http: httpx.Client) -> None:
    words = text(http.get(f"/t/{french_club['yen']}").text).replace("\u202f", " ").replace("\xa0", " ")
    assert "Buy-in 30 000 JPY" in words
    pool = http.get(f"/api/v1/tournaments/{french_club['yen']}").json()["money"]["prize_pool"]
    assert pool == 4 * 30000
    assert "Dotation 120 000 JPY" in words


def test_a_french_venues_lists_sort_by_surname(french_club: dict[str, str], http: httpx.Client) -> None:
    html = http.get(f"/t/{french_club['yen']}").text
    still_in = html[html.index("Encore en jeu"):html.index("Éliminés")]
    shown = re.findall(r'<td class="name">([^<]+)</td>', still_in)
    assert shown == ["Zoé Abadie", "Bruno Costa", "Émile Martin", "ana Silva"]


def test_the_buy_in_reads_whole_when_the_venue_does_not_split_it(french_club: dict[str, str], http: httpx.Client,
                                                                 db_url: str) -> None:
    assert run("venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--buy-in-split", "no") == 0
    wait_until(lambda: "de prime" not in http.get(f"/t/{french_club['finished']}").text)
    words = text(http.get(f"/t/{french_club['finished']}").text).replace("\xa0", " ")
    assert "Buy-in 100 €" in words and "de prime" not in words


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("chromium") is None, reason="Debian's chromium is not installed (.ci/run installs it)")
@ON_SQLITE_ONLY
def test_chromium_draws_a_french_results_page_on_a_phone(french_club: dict[str, str], site: SiteServer,
                                                         tmp_path: Path) -> None:
    browser = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", "--window-size=390,844"]
    url = f"{site.url}/t/{french_club['finished']}/results"
    dom = subprocess.run([*browser, "--dump-dom", url], capture_output=True, text=True, timeout=120, check=True).stdout
    assert "Table finale" in dom and "Durée" in dom


# -- the site owner's commands --------------------------------------------------------------------------
def test_a_venue_typed_in_another_case_is_the_same_venue(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run("token", "create", "--db", db_url, "--venue", "Le Cercle Étoile") == 0
    assert run("token", "create", "--db", db_url, "--venue", "le  cercle etoile") == 0
    assert "A new token for Le Cercle Étoile" in capsys.readouterr().out
    assert run("venue", "list", "--db", db_url) == 0
    assert capsys.readouterr().out.count("Cercle") == 1


def test_tokens_are_listed_with_their_last_use_and_a_revoked_token_pushes_nothing(
        make_desk: Any, site: SiteServer, http: httpx.Client, token: str, db_url: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    desk = make_desk(PKO_CONFIG)
    push(http, token, desk.state.tournament_id, wire(desk))
    capsys.readouterr()
    assert run("token", "list", "--db", db_url) == 0
    listed = capsys.readouterr().out
    assert "The Queen's Club" in listed and "last used never" not in listed and "in use" in listed
    token_id = listed.split()[0]
    assert run("token", "revoke", "--db", db_url, token_id) == 0
    r = http.post(f"/api/v1/tournaments/{desk.state.tournament_id}/events", json={"events": []},
                  headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 401
    assert run("token", "revoke", "--db", db_url, token_id) == 1  # revoked already: nothing in use has that id
    assert "no token in use" in capsys.readouterr().err


def test_a_venue_is_renamed_and_two_venues_are_merged(make_desk: Any, site: SiteServer, http: httpx.Client,
                                                      token: str, db_url: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    desk = make_desk(PKO_CONFIG)
    push(http, token, desk.state.tournament_id, wire(desk))
    assert run("token", "create", "--db", db_url, "--venue", "Queens Club (old)") == 0
    assert run("venue", "rename", "--db", db_url, "--venue", "queens club (old)", "--to", "Queens Annex") == 0
    assert run("venue", "rename", "--db", db_url, "--venue", "Queens Annex", "--to", "the queen's club") == 1
    assert "merge the two instead" in capsys.readouterr().err
    assert run("venue", "merge", "--db", db_url, "The Queen's Club", "Queens Annex") == 0
    assert "1 tournament moved" in capsys.readouterr().out
    wait_until(lambda: "The Queen" not in http.get("/").text)
    assert "Queens Annex" in http.get("/").text
    # The merged venue's token still pushes, now for the venue that kept everything.
    assert push(http, token, desk.state.tournament_id, wire(desk))[-1]["duplicates"] == desk.seq


def test_a_tournament_pushed_by_mistake_is_hidden_then_deleted_and_the_deletion_is_logged(
        make_desk: Any, site: SiteServer, http: httpx.Client, token: str, db_url: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    desk = make_desk(PKO_CONFIG | {"name": "Test by mistake"})
    tid = desk.state.tournament_id
    push(http, token, tid, wire(desk))
    assert "Test by mistake" in http.get("/").text
    assert run("tournament", "hide", "--db", db_url, tid) == 0
    # on PostgreSQL the owner's command reaches the running site by its notification, a moment after it returns
    wait_until(lambda: "Test by mistake" not in http.get("/").text, timeout=10)
    assert http.get(f"/t/{tid}").status_code == 404 and http.get(f"/api/v1/tournaments/{tid}").status_code == 404
    assert run("tournament", "delete", "--db", db_url, tid) == 2  # not without --yes
    assert run("tournament", "delete", "--db", db_url, tid, "--yes") == 0
    assert run("tournament", "delete", "--db", db_url, tid, "--yes") == 1
    capsys.readouterr()
    assert run("log", "--db", db_url) == 0
    log = capsys.readouterr().out
    hidden, deleted = log.splitlines()
    assert f"tournament_hidden  tournament={tid}" in hidden
    assert "tournament_deleted" in deleted and f"tournament={tid}" in deleted and "name=Test by mistake" in deleted


def test_a_venue_setting_that_is_not_one_is_a_usage_error(db_url: str, token: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert run("venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--time-zone", "Europe/Parsi") == 2
    assert "'Europe/Parsi' is not a time zone" in capsys.readouterr().err
    assert run("venue", "set", "--db", db_url, "--venue", "The Queen's Club", "--language", "de") == 2
    assert run("venue", "set", "--db", db_url, "--venue", "Nowhere", "--language", "fr") == 1


def test_a_backup_taken_while_the_site_runs_serves_the_same_pages(
        make_desk: Any, site: SiteServer, http: httpx.Client, token: str, db_url: str, tmp_path: Path,
        site_clock: FakeClock, request: pytest.FixtureRequest) -> None:
    desk = make_desk(PKO_CONFIG | {"name": "Backed up"})
    push(http, token, desk.state.tournament_id, wire(desk))
    copy = tmp_path / "backup.db"
    assert run("backup", "--db", db_url, str(copy)) == 0
    assert run("backup", "--db", db_url, str(copy)) == 1  # never over a file
    if db_url.startswith("postgresql"):  # pg_dump's format: restored into an empty database
        restored_url = request.getfixturevalue("postgres").new_database()
        subprocess.run(["pg_restore", "--no-owner", "--dbname", restored_url, str(copy)], check=True, timeout=60)
    else:
        restored_url = str(copy)
    restored = SiteServer(restored_url, site_clock)
    try:
        with httpx.Client(base_url=restored.url, timeout=30) as other:
            assert other.get(f"/api/v1/tournaments/{desk.state.tournament_id}").json() == \
                http.get(f"/api/v1/tournaments/{desk.state.tournament_id}").json()
    finally:
        restored.stop()


# -- a crowd ---------------------------------------------------------------------------------------------
def test_pages_go_compressed_and_a_reader_who_has_one_is_told_it_has_not_changed(
        french_club: dict[str, str], http: httpx.Client) -> None:
    url = f"/t/{french_club['finished']}/results"
    plain = http.get(url, headers={"Accept-Encoding": "identity"})
    packed = http.get(url, headers={"Accept-Encoding": "gzip"})
    assert packed.headers["content-encoding"] == "gzip" and packed.text == plain.text
    assert int(packed.headers["content-length"]) < len(plain.content) / 2
    again = http.get(url, headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304 and again.content == b""


def test_the_results_are_paged_and_find_a_player_gives_place_and_prize(
        french_club: dict[str, str], http: httpx.Client, monkeypatch: pytest.MonkeyPatch) -> None:
    from tourneysite import pages
    monkeypatch.setattr(pages, "RESULTS_PER_PAGE", 2)
    url = f"/t/{french_club['finished']}/results"
    first = text(http.get(url).text)
    assert "Page 1 sur 3" in first and "Suivante" in first and "Précédente" not in first
    last = text(http.get(url, params={"page": "3"}).text)
    assert "Page 3 sur 3" in last and "Précédente" in last
    found = text(http.get(url, params={"q": "chloe"}).text)  # the accents are not the reader's to type
    listed = found[found.index("Chercher"):]
    assert "1 joueur trouvé" in listed and "Chloé Lefèvre" in listed and "Zoé Abadie" not in listed
    assert "Personne ici ne s’appelle xyz." in text(http.get(url, params={"q": "xyz"}).text)


def test_find_my_seat_on_the_live_page(french_club: dict[str, str], http: httpx.Client) -> None:
    snap = http.get(f"/api/v1/tournaments/{french_club['yen']}").json()
    emile = next(e for e in snap["entries"] if e["name"] == "Émile Martin")
    words = text(http.get(f"/t/{french_club['yen']}", params={"q": "EMILE"}).text)
    found = words[words.index("Chercher"):words.index("Encore en jeu")]
    assert "Émile Martin" in found and f"table {emile['table']}, siège {emile['seat']}" in found
    assert "Zoé" not in found


# -- deployment: a sub-path, and the widgets for the club's own site -------------------------------------
def test_a_site_under_a_sub_path_writes_every_link_under_it(french_club: dict[str, str], db_url: str,
                                                            site_clock: FakeClock) -> None:
    server = SiteServer(db_url, site_clock, root_path="/results")
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for url in ("/", f"/t/{french_club['yen']}", f"/t/{french_club['finished']}/results"):
                html = client.get(url).text
                links = re.findall(r'(?:href|src)="([^"]+)"', html)
                # the skip link ("#main") is a place on the page itself
                assert links and all(link.startswith(("/results/", "?", "#")) for link in links), (url, links)
            assert 'data-root="/results"' in client.get(f"/t/{french_club['yen']}").text
    finally:
        server.stop()


def test_the_page_of_a_tournament_that_cannot_be_shown_links_home_under_the_sub_path() -> None:
    """Its one link led to the club's own home page, outside the results' sub-path."""
    templates = Path(pages.__file__).parent / "templates"
    status, html = pages.Pages(cast(Any, None), templates, "/results")._unavailable()
    assert status == 503
    assert re.findall(r'href="([^"]+)"', html) == ["/results/static/site.css", "#main", "/results/", "/results/"]


def test_the_widgets_may_be_framed_by_the_clubs_site_and_the_pages_may_not(
        french_club: dict[str, str], http: httpx.Client) -> None:
    clock = http.get(f"/t/{french_club['yen']}/widget/clock")
    assert clock.status_code == 200 and "frame-ancestors *" in clock.headers["content-security-policy"]
    assert 'role="timer"' in clock.text and "/static/live.js" in clock.text and "<header" not in clock.text
    table = http.get(f"/t/{french_club['finished']}/widget/results", params={"rows": "3"})
    assert table.text.count('<td class="name">') == 3
    assert "frame-ancestors *" in table.headers["content-security-policy"]
    page = http.get(f"/t/{french_club['finished']}/results")
    assert "frame-ancestors 'self'" in page.headers["content-security-policy"]
