"""The club between nights, done as a TD does it: a club made, 200 members imported from a CSV, three
nights played from one template by the sim, each recorded in the club and synced to a real site on
127.0.0.1, a league made, the club's leagues published; then the site's table is the console's, no
member id, email or phone is on any page or in the site's database, and an erasure reaches the site."""

from __future__ import annotations

import json
import os
import random
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.waiting import wait_until
from tests.helpers.webdriver import Browser, available
from tests.helpers.website import ON_SQLITE_ONLY, SiteServer, create_token, every_byte
from tourneydesk.cli import main as tourneydesk
from tourneydesk.club import ClubService
from tourneydesk.club.publish import club_document
from tourneydesk.club.results import read_tournament
from tourneydesk.sim import build_config, run
from tourneysite.cli import main as tourneysite

FIRST = ["Ana", "Bruno", "Chloé", "Dario", "Élise", "Farid", "Gaëlle", "Hugo", "Inès", "Jules", "Kenza", "Luc",
         "Maëlle", "Nils", "Oriane", "Pablo", "Quentin", "Rania", "Sacha", "Tiago"]
LAST = ["Amarel", "Brisac", "Corvin", "Dulac", "Estran", "Forlan", "Garnier", "Hélary", "Ivanec", "Joubert"]
MEMBERS = [(f"{first} {last}", f"M-{7301 + i}", f"{first[:2].lower()}{i}@mail.example", f"+33 6 55 {i:02d} {i:03d}")
           for i, (first, last) in enumerate((f, la) for f in FIRST for la in LAST)]  # 200 invented people
NEWCOMER = "Zéphyrin Quarante"
LEAGUE = "Hiver 2026"


def club_cli(club: Path, *args: str) -> int:
    return tourneydesk(["club", "--club", str(club), *args])


@pytest.fixture
def season(tmp_path: Path, site: SiteServer, token: str, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    club = tmp_path / "club.tdclub"
    csv = tmp_path / "members.csv"
    csv.write_text("Nom;Numéro;Email;Téléphone\n" + "".join(f"{n};{m};{e};{p}\n" for n, m, e, p in MEMBERS),
                   encoding="utf-8")
    assert club_cli(club, "members", "import", str(csv)) == 0
    assert "200 members added" in capsys.readouterr().out
    with ClubService.open(club) as service:
        service.execute({"type": "save_template", "name": "Friday PKO",
                         "config": {**build_config("pko", 40), "name": "Friday PKO"}})
        template = service.templates()["Friday PKO"]
    assert club_cli(club, "league", "create", LEAGUE, "--formula", "sqrt", "--best", "2",
                    "--template", "Friday PKO") == 0
    rng = random.Random(16)
    names = [m[0] for m in MEMBERS]
    paths = []
    for night in range(3):
        tonight = rng.sample(names, 24 + 4 * night) + ([NEWCOMER] if night == 1 else [])
        path = tmp_path / f"Friday PKO 2026-01-{9 + 7 * night:02d}.tdesk"
        report = run(len(tonight), 300 + night, {**template, "name": path.stem}, path, 80, names=tonight)
        assert report["ok"], report["invariants"]
        assert club_cli(club, "record", str(path), "--template", "Friday PKO") == 0
        assert tourneydesk(["sync", str(path), "--url", site.url, "--token", token]) == 0
        paths.append(path)
    capsys.readouterr()
    assert club_cli(club, "publish", "--url", site.url, "--token", token) == 0
    assert "1 leagues, 3 tournaments (3 on the site)" in capsys.readouterr().out
    return {"club": club, "paths": paths}


def desktop_standings(club: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    capsys.readouterr()
    assert club_cli(club, "league", "standings", LEAGUE, "--json") == 0
    return dict(json.loads(capsys.readouterr().out))


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("\xa0", " ").split())


def league_url(http: httpx.Client) -> str:
    venue = http.get("/venues/1")
    assert venue.status_code == 200
    link = re.search(r'href="(/venues/1/leagues/[^"]+)"', venue.text)
    assert link is not None, "the venue's page links to its league"
    return link.group(1)


def test_the_sites_league_table_is_the_consoles(season: dict[str, Any], http: httpx.Client,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    desk = desktop_standings(season["club"], capsys)
    assert len(desk["tournaments"]) == 3 and len(desk["standings"]) > 40
    url = league_url(http)
    assert url == "/venues/1/leagues/hiver-2026"
    site = http.get(f"{url}/standings.json").json()
    assert site["missing"] == 0
    assert site["standings"] == desk["standings"]
    assert [t["tournament_id"] for t in site["tournaments"]] == [t["tournament_id"] for t in desk["tournaments"]]
    # The page shows the same table, in the same order, with the rules in words.
    page = text(http.get(url).text)
    assert "round(10 * sqrt(entries) / sqrt(place)) - 9" in page and "entries: entries that night" not in page
    assert "The best 2 results of each player count." in page
    assert "ranked by more wins, then the better best place, then more cashes" in page
    order = [page.index(f" {row['name']} ") for row in desk["standings"][:10]]
    assert order == sorted(order)
    leader = desk["standings"][0]
    assert re.search(rf"1=? {re.escape(leader['name'])} {leader['points']:g} ", page)


def test_a_players_page_has_their_nights_and_their_league_position(season: dict[str, Any], http: httpx.Client,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    desk = desktop_standings(season["club"], capsys)
    regular = max(desk["standings"], key=lambda r: (r["played"], -r["rank"]))
    page = http.get(f"/venues/1/players/{regular['handle']}")
    assert page.status_code == 200
    words = text(page.text)
    assert regular["name"] in words
    assert f"{LEAGUE} : {regular['rank']} of {len(desk['standings'])}, {regular['points']:g} points" in words
    with ClubService.open(season["club"]) as club:
        member = next(m for m in club.members() if m.handle == regular["handle"])
        history = club.history(member.member_id)
    assert len(history) == regular["played"] == words.count("Friday PKO 2026-01-")
    for night in history:
        assert f"{night['place']} of {night['entries']}" in words
    # The newcomer of the second night waits to be confirmed as a member; their night counts all the same,
    # on the laptop and on the site.
    with ClubService.open(season["club"]) as club:
        assert [w["member"].name for w in club.new_tonight()] == [NEWCOMER]
    newcomer = next(r for r in desk["standings"] if r["name"] == NEWCOMER)
    assert NEWCOMER in text(http.get(f"/venues/1/players/{newcomer['handle']}").text)


def test_no_member_id_email_or_phone_reaches_a_page_or_the_sites_database(
        season: dict[str, Any], http: httpx.Client, site: SiteServer, capsys: pytest.CaptureFixture[str]) -> None:
    desk = desktop_standings(season["club"], capsys)
    pages = [http.get("/").text, http.get("/venues/1").text, http.get(league_url(http)).text,
             http.get(f"{league_url(http)}/standings.json").text]
    pages += [http.get(f"/venues/1/players/{row['handle']}").text for row in desk["standings"]]
    site.stop()  # the site's database as it rests (SQLite's files on disk, or what PostgreSQL would dump)
    stored = every_byte(site.db_url, site.db).decode("utf-8", "replace")
    for _name, member_id, email, phone in MEMBERS:
        for secret in (member_id, email, phone):
            assert all(secret not in page for page in pages), secret
            assert secret not in stored, secret
    site.start()


def test_an_erased_member_shows_as_erased_on_the_site(season: dict[str, Any], http: httpx.Client, site: SiteServer,
                                                      token: str, capsys: pytest.CaptureFixture[str]) -> None:
    leader = desktop_standings(season["club"], capsys)["standings"][0]
    nights = [t["tournament_id"] for t in desktop_standings(season["club"], capsys)["tournaments"]]
    night_pages = [f"/t/{tid}{page}" for tid in nights for page in ("", "/results", "/widget/results", "/live.json")]
    assert any(leader["name"] in http.get(url).text for url in night_pages)  # shown (and cached) before
    with ClubService.open(season["club"]) as club:
        member = next(m for m in club.members() if m.handle == leader["handle"])
        club.execute({"type": "erase_member", "member": member.member_id})
    assert club_cli(season["club"], "publish", "--url", site.url, "--token", token) == 0
    # Every page of the nights they played hides the name too, in any text (news, the deal), cached or not.
    shown = {url: http.get(url).text for url in night_pages}
    assert not [url for url, page in shown.items() if leader["name"] in page]
    assert any("Erased member" in page for url, page in shown.items() if url.endswith("/results"))
    desk = desktop_standings(season["club"], capsys)
    assert desk["standings"][0]["name"] == "Erased member"
    assert http.get(f"{league_url(http)}/standings.json").json()["standings"] == desk["standings"]
    league_page = text(http.get(league_url(http)).text)
    player_page = text(http.get(f"/venues/1/players/{leader['handle']}").text)
    assert leader["name"] not in league_page and leader["name"] not in player_page
    assert "Erased member" in league_page and "Erased member" in player_page


def test_the_club_push_is_refused_without_the_venues_token_or_with_a_private_field(
        season: dict[str, Any], http: httpx.Client, site: SiteServer, db_url: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    with ClubService.open(season["club"]) as club:
        doc = club_document(club)
    assert http.put("/api/v1/club", json=doc).status_code == 401
    other = create_token(db_url, "Another Club", capsys)
    sneaky = json.loads(json.dumps(doc))
    sneaky["tournaments"][0]["email"] = MEMBERS[0][2]
    refused = http.put("/api/v1/club", json=sneaky, headers={"Authorization": f"Bearer {other}"})
    assert refused.status_code == 422 and "tournaments[0].email" in refused.json()["detail"]
    bad = {**doc, "leagues": [{**doc["leagues"][0], "formula": "entries - plaec"}]}
    refused = http.put("/api/v1/club", json=bad, headers={"Authorization": f"Bearer {other}"})
    assert refused.status_code == 422 and "unknown name 'plaec' at column 11" in refused.json()["detail"]
    # Another venue's document cannot count this venue's tournaments: its league page counts none of them.
    assert http.put("/api/v1/club", json=doc, headers={"Authorization": f"Bearer {other}"}).json()["held"] == 0
    assert http.get("/venues/2/leagues/hiver-2026/standings.json").json()["standings"] == []
    assert http.get("/venues/1/leagues/nothing-here").status_code == 404
    assert http.get("/venues/1/players/nobody").status_code == 404


def test_a_french_venues_league_reads_in_french(season: dict[str, Any], http: httpx.Client, db_url: str) -> None:
    assert tourneysite(["venue", "set", "--db", db_url, "--venue", "The Queen's Club",
                        "--language", "fr", "--time-zone", "Europe/Paris"]) == 0
    wait_until(lambda: "Le règlement" in http.get(league_url(http)).text)
    page = text(http.get(league_url(http)).text)
    assert "Le règlement" in page and "Les 2 meilleurs résultats de chaque joueur comptent." in page
    assert "À égalité de points, on départage par le plus de victoires, puis la meilleure place" in page
    assert "Les tournois comptés" in page and "déc. 2025" in page


@pytest.mark.skipif(not available(), reason="Debian's chromium and chromedriver are not installed (.ci/run does)")
@pytest.mark.parametrize("language", ["en", "fr"])
@ON_SQLITE_ONLY
def test_chromium_draws_the_league_and_a_player_on_a_laptop_and_a_phone(
        season: dict[str, Any], site: SiteServer, db_url: str, tmp_path: Path, language: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert tourneysite(["venue", "set", "--db", db_url, "--venue", "The Queen's Club",
                        "--language", language, "--time-zone", "Europe/Paris"]) == 0
    leader = desktop_standings(season["club"], capsys)["standings"][0]
    shots = Path(tmp_path / "shots")
    shots.mkdir()
    keep = os.environ.get("TOURNEYDESK_SCREENSHOTS")  # a folder to copy them to, for a person to look at
    for width, height in ((1280, 900), (390, 844)):
        browser = Browser(tmp_path / f"profile-{width}", (width, height))
        try:
            browser.viewport(width, height)
            for page, path in (("league", "/venues/1/leagues/hiver-2026"),
                               ("player", f"/venues/1/players/{leader['handle']}")):
                browser.open(site.url + path)
                browser.screenshot(shots / f"{page}-{language}-{width}x{height}.png")
                if keep:
                    shutil.copy(shots / f"{page}-{language}-{width}x{height}.png", keep)
                # Nothing wider than the window: no sideways scrolling on a phone.
                assert browser.run("return document.documentElement.scrollWidth") <= width
                assert leader["name"] in browser.run("return document.body.innerText")
        finally:
            browser.close()
    assert len(list(shots.iterdir())) == 4


def test_an_erased_winner_is_not_named_on_the_home_page_or_the_venues(season: dict[str, Any], http: httpx.Client,
                                                                      site: SiteServer, token: str) -> None:
    with ClubService.open(season["club"]) as club:
        (winner,) = club.file.rows("SELECT m.member_id, m.name FROM results r JOIN members m ON m.id = r.member "
                                   "JOIN tournaments t ON t.id = r.tournament WHERE r.place = 1 "
                                   "ORDER BY t.date LIMIT 1")
    lists = ("/", "/venues/1")
    assert all(f"Won by {winner['name']}" in text(http.get(url).text) for url in lists)  # shown (and cached) before
    with ClubService.open(season["club"]) as club:
        club.execute({"type": "erase_member", "member": winner["member_id"]})
    assert club_cli(season["club"], "publish", "--url", site.url, "--token", token) == 0
    for url in lists:
        page = text(http.get(url).text)
        assert winner["name"] not in page, url
        assert "Won by Erased member" in page, url


def with_seasons(season: dict[str, Any], site: SiteServer, token: str) -> None:
    """The league given two seasons, "Début" (the first night) and "Suite" (the two others), and published."""
    # The sim plays every night on one day: each is recorded again on the Friday its name says.
    days = ["2026-01-09", "2026-01-16", "2026-01-23"]
    with ClubService.open(season["club"]) as club:
        for path, day in zip(season["paths"], days, strict=True):
            summary = read_tournament(path)
            club.execute({"type": "record_tournament", "summary": {**summary, "date": day},
                          "template": "Friday PKO"})
        assert sorted(t["date"] for t in club.tournaments()) == days
    assert club_cli(season["club"], "season", "add", LEAGUE, "Début", "--from", days[0], "--to", days[0]) == 0
    assert club_cli(season["club"], "season", "add", LEAGUE, "Suite", "--from", days[1], "--to", "2027-06-30") == 0
    assert club_cli(season["club"], "publish", "--url", site.url, "--token", token) == 0


def test_a_leagues_seasons_are_published_each_with_its_own_table(season: dict[str, Any], http: httpx.Client,
                                                                 token: str, site: SiteServer,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with_seasons(season, site, token)
    venue = text(http.get("/venues/1").text).replace(" ,", ",")
    assert f"{LEAGUE} · Seasons: Suite, Début" in venue
    url = league_url(http)
    for name, slug, nights in (("Début", "debut", 1), ("Suite", "suite", 2)):
        capsys.readouterr()
        assert club_cli(season["club"], "league", "standings", LEAGUE, "--season", name, "--json") == 0
        desk = json.loads(capsys.readouterr().out)
        site_table = http.get(f"{url}/standings.json", params={"season": slug}).json()
        assert site_table["season"] == name and len(site_table["tournaments"]) == nights
        assert site_table["standings"] == desk["standings"]
        page = text(http.get(f"{url}/seasons/{slug}").text)
        assert f"Season {name}" in page and f"Standings of the season {name}" in page
        leader = desk["standings"][0]
        assert re.search(rf"1=? {re.escape(leader['name'])} {leader['points']:g} ", page)
        assert page.count("Friday PKO 2026-01-") == nights  # the season's nights only
    whole = text(http.get(url).text)
    assert "Seasons The whole league Suite" in whole and whole.count("Friday PKO 2026-01-") == 3
    assert http.get(f"{url}/seasons/printemps").status_code == 404
    assert http.get(f"{url}/standings.json", params={"season": "printemps"}).status_code == 404


@pytest.mark.slow
@pytest.mark.skipif(not available(), reason="Debian's chromium and chromedriver are not installed (.ci/run does)")
@pytest.mark.parametrize("language", ["en", "fr"])
@ON_SQLITE_ONLY
def test_chromium_draws_a_season_on_a_laptop_and_a_phone(season: dict[str, Any], site: SiteServer, db_url: str,
                                                         token: str, tmp_path: Path, language: str) -> None:
    with_seasons(season, site, token)
    assert tourneysite(["venue", "set", "--db", db_url, "--venue", "The Queen's Club",
                        "--language", language, "--time-zone", "Europe/Paris"]) == 0
    keep = os.environ.get("TOURNEYDESK_SCREENSHOTS")  # a folder to copy them to, for a person to look at
    for width, height in ((1280, 900), (390, 844)):
        browser = Browser(tmp_path / f"profile-{width}", (width, height))
        try:
            browser.viewport(width, height)
            for page, path in (("venue-seasons", "/venues/1"),
                               ("season", "/venues/1/leagues/hiver-2026/seasons/debut")):
                browser.open(site.url + path)
                shot = tmp_path / f"{page}-{language}-{width}x{height}.png"
                browser.screenshot(shot)
                if keep:
                    shutil.copy(shot, keep)
                assert browser.run("return document.documentElement.scrollWidth") <= width
                shown = browser.run("return document.body.innerText")
                assert "Suite" in shown and "Début" in shown
            current = browser.run("return document.querySelector('nav.seasons [aria-current=page]').innerText")
            assert current == "Début"
        finally:
            browser.close()
