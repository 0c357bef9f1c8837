"""What the club tells the results website about its leagues, and the push that sends it.

The website folds each tournament from the public events the sync sends, so it already knows who
played, their places, prizes and bounties. What it cannot know is who those players are across
nights, and which nights a league counts. The club document says exactly that, and nothing more:

    {"version": 1,
     "leagues": [{"name", "formula", "best", "tie_break", "tournaments": [tournament ids],
                  "seasons"?: [{"name", "date_from", "date_to"}]}],
     "tournaments": [{"tournament_id", "date", "players": {player id: handle}, "buy_in"?}],
     "members": {handle: name, or null for a member erased on request}}

A player is named by their **handle**, the random id the club file keeps for each member: a member
id, an email, a phone or a note never leaves the laptop. The buy-in (fee included) goes only with the
nights of a league whose formula reads `buy_in`: the site never learns the house's fee otherwise.

A league's seasons go with it when it has any (each its own table on the site); a league without seasons
is sent as before, so a site older than seasons still takes it.

`PUT /api/v1/club` with the venue's token replaces the venue's document whole, so a correction (a
merge, an erasure, a league deleted) reaches the site with the next push.

A league counted in TD3's formula language stays on the laptop: its formula reads what the website never
learns (what each player paid, the house's fee, the rebuys' money), and its nights brought over from TD3
have no tournament log to send.
"""

from __future__ import annotations

from typing import Any

from ..core.protocol.errors import TourneyError
from . import formula
from .service import ClubService, club_file_failures

VERSION = 1
CLUB_PATH = "/api/v1/club"


def club_document(club: ClubService) -> dict[str, Any]:
    """The club's leagues, the finished nights it recorded and their players' handles."""
    with club_file_failures("read"):
        return _document(club)


def _document(club: ClubService) -> dict[str, Any]:
    leagues = []
    priced: set[str] = set()
    for info in club.leagues():
        if info["language"] != "tourneydesk":
            continue
        nights = [t["tournament_id"] for t in club.league_tournaments(info["name"])]
        sent: dict[str, Any] = {"name": info["name"], "formula": info["formula"], "best": info["best"],
                                "tie_break": info["tie_break"], "tournaments": nights}
        if info["seasons"]:
            sent["seasons"] = info["seasons"]
        leagues.append(sent)
        if "buy_in" in formula.parse(info["formula"]).names():
            priced.update(nights)
    players: dict[str, dict[str, str]] = {}
    members: dict[str, str | None] = {}
    for row in club.file.rows("SELECT t.tournament_id, r.player, m.handle, m.name, m.erased FROM results r "
                              "JOIN tournaments t ON t.id = r.tournament JOIN members m ON m.id = r.member "
                              "WHERE t.finished = 1 ORDER BY t.date, t.id, r.player"):
        players.setdefault(row["tournament_id"], {})[row["player"]] = row["handle"]
        members[row["handle"]] = None if row["erased"] else row["name"]
    tournaments = []
    for t in club.tournaments():
        if not t["finished"]:
            continue
        night: dict[str, Any] = {"tournament_id": t["tournament_id"], "date": t["date"],
                                 "players": players.get(t["tournament_id"], {})}
        if t["tournament_id"] in priced:
            night["buy_in"] = t["buy_in"]
        tournaments.append(night)
    return {"version": VERSION, "leagues": leagues, "tournaments": tournaments, "members": members}


def publish(club: ClubService, url: str, token: str, *, timeout: float = 15.0) -> dict[str, Any]:
    """The club document sent to the website at `url`; its answer, or a TourneyError saying why not."""
    return send(club_document(club), url, token, timeout=timeout)


def send(document: dict[str, Any], url: str, token: str, *, timeout: float = 15.0) -> dict[str, Any]:
    import httpx  # only the command that pushes needs it

    try:
        response = httpx.put(url.rstrip("/") + CLUB_PATH, json=document, timeout=timeout,
                             headers={"Authorization": f"Bearer {token}"})
    except httpx.HTTPError as exc:
        raise TourneyError("SITE_UNREACHABLE", f"The website {url} could not be reached: {exc}", url=url) from exc
    if response.status_code == 404:
        raise TourneyError("SITE_TOO_OLD", f"The website {url} does not take leagues yet: it needs a newer "
                           "tourneysite", url=url)
    if response.status_code != 200:
        try:
            detail = response.json().get("detail") or response.text
        except ValueError:
            detail = response.text
        raise TourneyError("SITE_REFUSED", f"The website refused the leagues ({response.status_code}): {detail}",
                           url=url, status=response.status_code)
    return dict(response.json())
