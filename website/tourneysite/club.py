"""A venue's leagues and its players' history, from the club document and the public events the site holds.

The club file pushes one document per venue (`PUT /api/v1/club`, see tourneydesk/club/publish.py): its
leagues (formula, best N, tie-break, the tournaments each counts) and, for each finished night, which
player of the night is which member, by public handle. Everything else (places, prizes, bounties,
knockouts, entries) the site reads from the tournaments it folded itself, and the standings are counted
by the desktop's own league engine: the site's table and the laptop's cannot disagree on a night both
hold. A handle, a name, or nothing (a member erased on request) is all the site ever learns of a person.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tourneydesk.club import formula
from tourneydesk.club.league import Row, check_tie_break, standings
from tourneydesk.club.members import ERASED_NAME
from tourneydesk.core.protocol.errors import TourneyError

from .results import TOURNAMENT_ID, ApiError

HANDLE = re.compile(r"[A-Za-z0-9_-]{1,32}")  # matched whole, as every id (results.py)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MAX_LEAGUES = 100
MAX_TOURNAMENTS = 20_000
MAX_NAME = 200
DOCUMENT_FIELDS = frozenset({"version", "leagues", "tournaments", "members"})
LEAGUE_FIELDS = frozenset({"name", "formula", "best", "tie_break", "tournaments", "seasons"})
SEASON_FIELDS = frozenset({"name", "date_from", "date_to"})
MAX_SEASONS = 200
NIGHT_FIELDS = frozenset({"tournament_id", "date", "players", "buy_in"})

# One night as the site folded it (tourneydesk.club.results.summarize), or None when it holds no such
# tournament of this venue.
Nights = Callable[[str], dict[str, Any] | None]


def _date(value: Any, where: str) -> str:
    if not isinstance(value, str) or not DATE.fullmatch(value):
        raise _invalid(where, "must be a date like 2026-12-01")
    try:
        dt.date.fromisoformat(value)
    except ValueError as exc:
        raise _invalid(where, "must be a date like 2026-12-01") from exc
    return value


def _seasons(value: Any, where: str) -> None:
    """A league's seasons (optional): each a name and a span of dates, none overlapping another."""
    if not isinstance(value, list) or len(value) > MAX_SEASONS:
        raise _invalid(where, f"must list at most {MAX_SEASONS} seasons")
    names: set[str] = set()
    spans: list[tuple[str, str]] = []
    for i, raw in enumerate(value):
        season = _fields(raw, SEASON_FIELDS, f"{where}[{i}]")
        name = season.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 64 or name in names:
            raise _invalid(f"{where}[{i}].name", "must be a short name, each once")
        names.add(name)
        begins, ends = _date(season.get("date_from"), f"{where}[{i}].date_from"), \
            _date(season.get("date_to"), f"{where}[{i}].date_to")
        if begins > ends or any(begins <= other_end and ends >= other_begin for other_begin, other_end in spans):
            raise _invalid(f"{where}[{i}]", "must end after it begins and overlap no other season")
        spans.append((begins, ends))


def _invalid(where: str, detail: str) -> ApiError:
    return ApiError(422, "invalid_club", field=where, detail=f"{where}: {detail}")


def _fields(value: Any, allowed: frozenset[str], where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _invalid(where, "must be an object")
    unknown = sorted(set(value) - allowed)
    if unknown:  # a field the site does not know is refused, never stored: no email can slip in
        raise _invalid(f"{where}.{unknown[0]}", "is not a field this site knows")
    return value


def parse_club(body: Any) -> dict[str, Any]:
    """The club document, checked whole; an ApiError 422 naming the first thing wrong."""
    doc = _fields(body, DOCUMENT_FIELDS, "club")
    if doc.get("version") != 1:
        raise _invalid("version", "this site reads club documents of version 1")
    members = doc.get("members")
    if not isinstance(members, dict):
        raise _invalid("members", "must map each handle to a name (null for a member erased on request)")
    for handle, name in members.items():
        if not HANDLE.fullmatch(handle):
            raise _invalid("members", f"{handle[:40]!r} is not a handle")
        if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME):
            raise _invalid(f"members.{handle}", "must be a name or null")
    nights = doc.get("tournaments")
    if not isinstance(nights, list) or len(nights) > MAX_TOURNAMENTS:
        raise _invalid("tournaments", f"must list at most {MAX_TOURNAMENTS} tournaments")
    seen: set[str] = set()
    for i, raw in enumerate(nights):
        where = f"tournaments[{i}]"
        night = _fields(raw, NIGHT_FIELDS, where)
        tid = night.get("tournament_id")
        if not isinstance(tid, str) or not TOURNAMENT_ID.fullmatch(tid) or tid in seen:
            raise _invalid(f"{where}.tournament_id", "must be a tournament id, each once")
        seen.add(tid)
        _date(night.get("date"), f"{where}.date")
        buy_in = night.get("buy_in")
        if buy_in is not None and (isinstance(buy_in, bool) or not isinstance(buy_in, int) or not 0 <= buy_in < 2**53):
            raise _invalid(f"{where}.buy_in", "must be an amount in minor units")
        players = night.get("players")
        if not isinstance(players, dict):
            raise _invalid(f"{where}.players", "must map each player of the night to a handle")
        for player, handle in players.items():
            if not isinstance(handle, str) or handle not in members or len(player) > 64:
                raise _invalid(f"{where}.players", f"{player[:40]!r} must name a handle the members list")
    leagues = doc.get("leagues")
    if not isinstance(leagues, list) or len(leagues) > MAX_LEAGUES:
        raise _invalid("leagues", f"must list at most {MAX_LEAGUES} leagues")
    names: set[str] = set()
    for i, raw in enumerate(leagues):
        where = f"leagues[{i}]"
        info = _fields(raw, LEAGUE_FIELDS, where)
        name = info.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 64 or name in names:
            raise _invalid(f"{where}.name", "must be a short name, each once")
        names.add(name)
        try:
            formula.check(info.get("formula"))  # type: ignore[arg-type]
            check_tie_break(info.get("tie_break"))
        except TourneyError as exc:
            raise _invalid(where, exc.message) from exc
        best = info.get("best")
        if best is not None and (isinstance(best, bool) or not isinstance(best, int) or not 1 <= best <= 10_000):
            raise _invalid(f"{where}.best", "must be a whole number of 1 or more, or null")
        picked = info.get("tournaments")
        if not isinstance(picked, list) or not all(isinstance(t, str) and t in seen for t in picked):
            raise _invalid(f"{where}.tournaments", "must list tournaments the document names")
        if "seasons" in info:
            _seasons(info["seasons"], f"{where}.seasons")
    return doc


def _free_slug(name: str, taken: set[str]) -> str:
    """The name's slug, numbered when another of the same list has it already ("hiver-2026-2")."""
    base = name_slug = slug(name)
    number = 2
    while name_slug in taken:
        name_slug, number = f"{base}-{number}", number + 1
    taken.add(name_slug)
    return name_slug


def slug(name: str) -> str:
    """A league's name as a path: "Hiver 2026 — PKO" is hiver-2026-pko."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain.casefold()).strip("-") or "league"


@dataclass(frozen=True, slots=True)
class Season:
    """A span of a league's dates with its own table (the club's `season add`)."""

    name: str
    slug: str
    date_from: str
    date_to: str


@dataclass(frozen=True, slots=True)
class League:
    name: str
    slug: str
    formula: str
    best: int | None
    tie_break: tuple[str, ...]
    tournaments: tuple[str, ...]
    seasons: tuple[Season, ...] = ()

    def season(self, name_slug: str) -> Season | None:
        return next((one for one in self.seasons if one.slug == name_slug), None)

    @property
    def preset(self) -> str | None:
        return next((key for key, text in formula.PRESETS.items() if text == self.formula), None)

    @property
    def names(self) -> list[str]:
        """The variables its formula reads, in the order the formula language lists them."""
        used = formula.parse(self.formula).names()
        return [name for name in formula.VARIABLES if name in used]


@dataclass(frozen=True, slots=True)
class Table:
    """A league's standings as the site counts them, and the nights it could not count (not sent yet)."""

    league: League
    nights: list[dict[str, Any]]
    rows: list[Row]
    missing: int
    season: Season | None = None


class Club:
    """One venue's club document, read against what the site holds of each of its tournaments."""

    def __init__(self, doc: dict[str, Any], nights: Nights) -> None:
        self._doc = doc
        self._nights = nights
        self.members: dict[str, str | None] = doc["members"]
        self._players: dict[str, dict[str, str]] = {t["tournament_id"]: t["players"] for t in doc["tournaments"]}
        self._meta = {t["tournament_id"]: t for t in doc["tournaments"]}
        self.leagues: list[League] = []
        taken: set[str] = set()
        for info in doc["leagues"]:
            name_slug = _free_slug(info["name"], taken)
            seasons: set[str] = set()
            self.leagues.append(League(info["name"], name_slug, info["formula"], info["best"],
                                       check_tie_break(info["tie_break"]), tuple(info["tournaments"]),
                                       tuple(Season(s["name"], _free_slug(s["name"], seasons), s["date_from"],
                                                    s["date_to"]) for s in info.get("seasons", []))))

    def league(self, name_slug: str) -> League | None:
        return next((one for one in self.leagues if one.slug == name_slug), None)

    def name(self, handle: str) -> str:
        """The member's name; "Erased member" for one erased on request (the page says it in its language)."""
        return self.members.get(handle) or ERASED_NAME

    def erased_players(self, tournament_id: str) -> set[str]:
        """The players of that night who are members erased on request: every page of the night hides their name."""
        handles = self._players.get(tournament_id, {})
        return {player for player, handle in handles.items() if handle in self.members and self.members[handle] is None}

    def night(self, tournament_id: str) -> dict[str, Any] | None:
        """The night as the site folded it, with the club's date and (for a formula that reads it) buy-in."""
        folded = self._nights(tournament_id)
        if folded is None or not folded["finished"]:
            return None
        meta = self._meta.get(tournament_id, {})
        return {**folded, "date": meta.get("date", folded["date"]), "buy_in": meta.get("buy_in", folded["buy_in"])}

    def results(self, tournament_id: str, night: dict[str, Any]) -> list[dict[str, Any]]:
        """Each person of the night who is a member, as the league engine reads a result."""
        handles = self._players.get(tournament_id, {})
        out = []
        for person in night["results"]:
            handle = handles.get(person["player"])
            if handle is not None:
                out.append({**person, "tournament_id": tournament_id, "member": handle, "handle": handle,
                            "name": self.name(handle)})
        return out

    def table(self, one: League, season: Season | None = None) -> Table:
        """The league's standings, or its season's: the nights of the season's dates only."""
        nights, results, missing = [], [], 0
        for tid in one.tournaments:
            date = self._meta[tid]["date"]
            if season is not None and not season.date_from <= date <= season.date_to:
                continue
            night = self.night(tid)
            if night is None:
                missing += 1
                continue
            nights.append(night)
            results.extend(self.results(tid, night))
        rows = standings(formula.parse(one.formula), one.best, one.tie_break, nights, results)
        return Table(one, nights, rows, missing, season)

    def history(self, handle: str) -> list[dict[str, Any]]:
        """Every night of the venue this member played that the site holds, the newest first."""
        out = []
        for tid, handles in self._players.items():
            if handle not in handles.values():
                continue
            night = self.night(tid)
            if night is None:
                continue
            for person in self.results(tid, night):
                if person["handle"] == handle:
                    out.append({**person, "tournament": night["name"], "date": night["date"],
                                "entries": night["entries"], "currency": night["currency"]})
        out.sort(key=lambda r: (r["date"], r["tournament_id"]), reverse=True)
        return out


def standings_json(table: Table) -> list[dict[str, Any]]:
    """The standings as `tourneydesk club league standings --json` lists them."""
    return [row.to_dict() for row in table.rows]


def without_names(value: Any, names: set[str], replacement: str) -> Any:
    """`value` (a public snapshot) with every mention of `names` replaced, in any text, at any depth.

    Names are replaced in the text too, not only in the name fields: the room's news ("Table 4 breaks:
    Marc Martin → table 1 seat 2") and the deal are written with names. Longest names first, so that
    "Marc Martin-Dubois" is not half replaced by "Marc Martin"."""
    ordered = sorted(names, key=len, reverse=True)

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            for name in ordered:
                if name in item:
                    item = item.replace(name, replacement)
            return item
        if isinstance(item, dict):
            return {key: walk(one) for key, one in item.items()}
        if isinstance(item, list):
            return [walk(one) for one in item]
        return item

    return walk(value)
