"""The pages people read: the tournaments, a live page and the final results, all from the public
snapshot (so they show exactly what the JSON says). Jinja2 with autoescaping: a player's name is
always text, never markup.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import jinja2

from tourneydesk.club import formula, league
from tourneydesk.core.read_models.draws import envelope_draws
from tourneydesk.core.read_models.seats import SeatPrize, seat_prizes

from .club import Club, League, Table, standings_json, without_names
from .formats import Formats
from .i18n import NBSP, Words
from .results import TOURNAMENT_ID, Results, Unavailable
from .storage import Tournament, Venue, VenueSettings

ENGLISH = VenueSettings()

LIVE_ROWS = 300  # a big field's live page lists this many in play and out (and finds the rest by name)
RESULTS_PER_PAGE = 500  # the results list everyone, this many to a page
FOUND_AT_MOST = 50  # "find a player" shows this many of those whose name matches


def duration(seconds: int | None) -> str:
    if seconds is None:
        return ""
    seconds = max(0, seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def place_label(place: int | None, place_to: int | None, fmt: Formats | None = None) -> str:
    """"7", "1,234" ("1 234" in French) or a shared place "5–6"."""
    if place is None:
        return ""
    count = fmt.count if fmt else str
    return f"{count(place)}–{count(place_to)}" if place_to and place_to != place else count(place)


@dataclass(frozen=True)
class Opened:
    known: Tournament
    snap: dict[str, Any]
    facts: dict[str, Any]
    voice: Voice


@dataclass(frozen=True)
class Voice:
    """How one venue's pages read: its words, and its way of writing money, numbers, dates and names."""

    words: Words
    fmt: Formats
    settings: VenueSettings

    @classmethod
    def of(cls, settings: VenueSettings) -> Voice:
        return cls(Words(settings.language), Formats(settings.language, settings.time_zone), settings)

    def status(self, status: str) -> str:
        return self.words({"setup": "Registration", "running": "Live", "finished": "Finished",
                           "interrupted": "Interrupted"}.get(status, status))


@dataclass(frozen=True)
class ClubOpened:
    venue: Venue
    voice: Voice
    club: Club


class Pages:
    def __init__(self, results: Results, templates: Path, root_path: str = "") -> None:
        self._results = results
        self._root = root_path.rstrip("/")  # the site served under a sub-path: every link starts with it
        self._models: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self._env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates), autoescape=True,
                                       undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        self._env.filters.update(duration=duration)

    def _render(self, name: str, voice: Voice, http_status: int = 200, **context: Any) -> tuple[int, str]:
        context.setdefault("zone", voice.fmt.zone_label)
        return http_status, self._env.get_template(name).render(
            _=voice.words, fmt=voice.fmt, lang=voice.words.language, root=self._root, status_label=voice.status,
            **context)

    def _not_found(self, what: str, voice: Voice | None = None) -> tuple[int, str]:
        voice = voice or Voice.of(ENGLISH)
        return self._render("not_found.html", voice, http_status=404, title=voice.words("Not found"),
                            message=voice.words(f"There is no such {what} here."))

    def missing(self, path: str) -> tuple[int, str]:
        """A wrong address: the page that says so, in the language of the venue or tournament it names
        (`/t/ID/typo` at a French venue reads in French), else in English."""
        parts = path.strip("/").split("/")
        storage, voice = self._results.storage, None
        if len(parts) >= 2 and parts[0] == "venues" and parts[1].isdigit() and len(parts[1]) < 10:
            voice = self._voice(int(parts[1])) if storage.venue(int(parts[1])) else None
        elif len(parts) >= 2 and parts[0] == "t" and TOURNAMENT_ID.fullmatch(parts[1]):
            voice = self._tournament_voice(parts[1])
        return self._not_found("page", voice)

    def _tournament_voice(self, tournament_id: str) -> Voice | None:
        """The voice of a tournament's venue, even one the owner hid (its page says "not found" in French)."""
        known = self._results.storage.tournament(tournament_id)
        return self._voice(known.venue_id) if known else None

    def _voice(self, venue_id: int) -> Voice:
        return Voice.of(self._results.storage.venue_settings(venue_id))

    def _unavailable(self) -> tuple[int, str]:
        voice = Voice.of(ENGLISH)
        return self._render("unavailable.html", voice, http_status=503, title=voice.words("Not available"))

    # -- the lists -------------------------------------------------------------------------------------
    def index(self) -> tuple[int, str]:
        storage = self._results.storage
        venues = [(v, self._cards(v.id, ts, voice), voice) for v in storage.venues()
                  if (ts := storage.tournaments(v.id)) for voice in [self._voice(v.id)]]
        # each venue's cards are written on its own clock: the footer names no one time zone
        return self._render("index.html", Voice.of(ENGLISH), title="Results", venues=venues, zone=None)

    def venue(self, venue_id: int) -> tuple[int, str]:
        storage = self._results.storage
        venue = storage.venue(venue_id)
        if venue is None:
            return self._not_found("venue")
        voice = self._voice(venue_id)
        club = self._club(venue_id)
        leagues = [{"name": one.name, "slug": one.slug, "seasons": seasons_view(one, voice)}
                   for one in club.leagues] if club else []
        return self._render("venue.html", voice, title=venue.name, venue=venue, leagues=leagues,
                            cards=self._cards(venue.id, storage.tournaments(venue.id), voice))

    # -- the club's leagues and its players ----------------------------------------------------------
    def _club(self, venue_id: int) -> Club | None:
        doc = self._results.storage.club(venue_id)
        return None if doc is None else Club(doc, lambda tid: self._results.night(tid, venue_id))

    def league_table(self, venue_id: int, league: str, season: str = "") -> dict[str, Any] | None:
        """A league's standings (a season's, when `season` names one) as JSON, in the shape `tourneydesk club
        league standings --json` gives."""
        club = self._club(venue_id)
        one = club.league(league) if club else None
        chosen = one.season(season) if one is not None and season else None
        if club is None or one is None or (season and chosen is None):
            return None
        table = club.table(one, chosen)
        return {"league": {"name": one.name, "formula": one.formula, "best": one.best,
                           "tie_break": list(one.tie_break)}, "season": chosen.name if chosen else None,
                "tournaments": [{k: t[k] for k in ("tournament_id", "name", "date", "entries", "prize_pool",
                                                   "currency")} for t in table.nights],
                "missing": table.missing, "standings": standings_json(table)}

    def _venue_club(self, venue_id: int, what: str) -> ClubOpened | tuple[int, str]:
        """The venue, its voice and its club's document; or the page that says there is no such `what`."""
        venue = self._results.storage.venue(venue_id)
        if venue is None:
            return self._not_found("venue")
        voice = self._voice(venue_id)
        club = self._club(venue_id)
        return ClubOpened(venue, voice, club) if club is not None else self._not_found(what, voice)

    def league(self, venue_id: int, league: str, season: str | None = None) -> tuple[int, str]:
        """A league's page: its rules, its seasons, and the standings of the whole league or of one season."""
        found = self._venue_club(venue_id, "league")
        if isinstance(found, tuple):
            return found
        venue, voice, club = found.venue, found.voice, found.club
        one = club.league(league)
        if one is None:
            return self._not_found("league", voice)
        chosen = one.season(season) if season is not None else None
        if season is not None and chosen is None:
            return self._not_found("season", voice)
        table = club.table(one, chosen)
        title = f"{one.name} — {chosen.name}" if chosen else one.name
        return self._render("league.html", voice, title=f"{title} — {venue.name}", venue=venue,
                            league=one.name, slug=one.slug, rules=league_rules(one, voice),
                            seasons=seasons_view(one, voice), season=chosen.name if chosen else None,
                            season_slug=chosen.slug if chosen else None,
                            missing=table.missing, **league_view(table, club, voice))

    def season(self, venue_id: int, league: str, season: str) -> tuple[int, str]:
        return self.league(venue_id, league, season)

    def player(self, venue_id: int, handle: str) -> tuple[int, str]:
        found = self._venue_club(venue_id, "player")
        if isinstance(found, tuple):
            return found
        venue, voice, club = found.venue, found.voice, found.club
        if handle not in club.members:
            return self._not_found("player", voice)
        name = display_name(club, handle, voice)
        return self._render("player.html", voice, title=f"{name} — {venue.name}", venue=venue, player=name,
                            **player_view(club, handle, voice))

    def _cards(self, venue_id: int, tournaments: list[Tournament], voice: Voice) -> list[dict[str, Any]]:
        """The venue's tournaments as its lists show them, a winner erased on request without a name."""
        club = self._club(venue_id)
        return [self._card(self._winner_shown(t, club, voice) if club is not None else t, voice) for t in tournaments]

    def _winner_shown(self, t: Tournament, club: Club, voice: Voice) -> Tournament:
        erased = club.erased_players(t.id) if t.status == "finished" and t.summary.get("winner") else set()
        night = self._results.night(t.id, t.venue_id) if erased else None
        won = next((p["player"] for p in night["results"] if p["place"] == 1), None) if night else None
        return replace(t, summary={**t.summary, "winner": voice.words("Erased member")}) if won in erased else t

    def _card(self, t: Tournament, voice: Voice) -> dict[str, Any]:
        # a tournament whose venue has been silent for hours is not shown as live (news.py)
        interrupted = self._results.news(t).interrupted
        return card(replace(t, status="interrupted") if interrupted else t, voice)

    # -- one tournament ----------------------------------------------------------------------------------
    def _open(self, tournament_id: str) -> Opened | tuple[int, str]:
        """The tournament a page shows, with the venue's voice; or the page that says why there is none."""
        try:
            found = self._tournament(tournament_id)
        except Unavailable:
            return self._unavailable()
        if found is None:
            return self._not_found("tournament", self._tournament_voice(tournament_id))
        known, snap, facts = found
        return Opened(known, snap, facts, self._voice(known.venue_id))

    def live(self, tournament_id: str, q: str = "") -> tuple[int, str]:
        opened = self._open(tournament_id)
        if isinstance(opened, tuple):
            return opened
        known, snap, facts, voice = opened.known, opened.snap, opened.facts, opened.voice
        view = live_view(snap, voice)
        news = news_view(snap["news"], voice, self._results.policy.stale_after_s)
        return self._render("live.html", voice, title=snap["tournament"]["name"], t=known, page="live",
                            **view, facts=facts_view(snap, facts, voice), news=news, event=event_view(snap, voice),
                            state=clock_state(view, voice, news), found=find(snap, q, voice), q=q)

    # -- the widgets a club puts on its own website (in an iframe) -------------------------------------
    def widget_clock(self, tournament_id: str) -> tuple[int, str]:
        opened = self._open(tournament_id)
        if isinstance(opened, tuple):
            return opened
        known, snap, _facts, voice = opened.known, opened.snap, opened.facts, opened.voice
        return self._render("widget_clock.html", voice, title=snap["tournament"]["name"], t=known, page="live",
                            **live_view(snap, voice))

    def widget_results(self, tournament_id: str, rows: str = "") -> tuple[int, str]:
        opened = self._open(tournament_id)
        if isinstance(opened, tuple):
            return opened
        known, snap, facts, voice = opened.known, opened.snap, opened.facts, opened.voice
        view = results_view(snap, voice, facts)
        count = int(rows) if rows.isdigit() and 0 < int(rows) <= 100 else 10
        view["rows"] = view["rows"][:count]
        return self._render("widget_results.html", voice, title=snap["tournament"]["name"], t=known,
                            page="results", **view)

    def live_model(self, tournament_id: str) -> dict[str, Any] | None:
        """What the live page shows, as the data its script keeps up to date (`live.py`)."""
        try:
            found = self._tournament(tournament_id)
        except Unavailable:
            return None
        if found is None:
            return None
        known, snap, _facts = found
        now = self._results.now()
        # Pages that connect in the same second share one model (two hundred phones opening the page at a
        # level change cost one, not two hundred folds of a big field).
        generation = self._results.storage.generation()
        key = (snap["seq"], int(now), generation[2], generation[3])  # the owner's changes, the club's erasures
        held = self._models.get(tournament_id)
        if held is not None and held[0] == key:
            return held[1]
        voice = self._voice(known.venue_id)
        news = news_view(snap["news"], voice, self._results.policy.stale_after_s)
        model = {**live_model(live_view(snap, voice), snap["seq"], voice, now, news), "news": news}
        self._models[tournament_id] = (key, model)
        if len(self._models) > 256:
            self._models.pop(next(iter(self._models)))
        return model

    def results(self, tournament_id: str, q: str = "", page: int = 1) -> tuple[int, str]:
        opened = self._open(tournament_id)
        if isinstance(opened, tuple):
            return opened
        known, snap, facts, voice = opened.known, opened.snap, opened.facts, opened.voice
        name = snap["tournament"]["name"]
        view = results_view(snap, voice, facts)
        rows = view["rows"]
        if q:
            key = voice.fmt.name_key(q)[0]
            rows = [r for r in rows if key in voice.fmt.name_key(r["name"])[0]]
        pages = max(1, -(-len(rows) // RESULTS_PER_PAGE))
        page = min(max(1, page), pages)
        view["rows"] = rows[(page - 1) * RESULTS_PER_PAGE:page * RESULTS_PER_PAGE]
        return self._render("results.html", voice, title=f"{name}: {voice.words('Results')}", t=known,
                            page="results", **view, facts=facts_view(snap, facts, voice), q=q,
                            event=event_view(snap, voice),
                            paging={"page": page, "pages": pages,
                                    "matches": voice.words("{count} player matches" if len(rows) == 1 else
                                                           "{count} players match", count=voice.fmt.count(len(rows)))})

    def _tournament(self, tournament_id: str) -> tuple[Tournament, dict[str, Any], dict[str, Any]] | None:
        snap = self._results.public_snapshot(tournament_id, whole_second=True)
        known = self._results.storage.tournament(tournament_id)
        facts = self._results.facts(tournament_id)
        if snap is None or known is None or facts is None:
            return None
        return known, self._erased(known, snap), facts

    def _erased(self, known: Tournament, snap: dict[str, Any]) -> dict[str, Any]:
        """The night's snapshot with the names of members erased on request hidden (the laptop's file keeps
        the legal record; the site shows "Erased member", as on the league and player pages)."""
        club = self._club(known.venue_id)
        erased = club.erased_players(known.id) if club is not None else set()
        if not erased:
            return snap
        names = {e["name"] for e in snap["entries"] if e["player"] in erased and e["name"]}
        return without_names(snap, names, self._voice(known.venue_id).words("Erased member")) if names else snap


def display_name(club: Club, handle: str, voice: Voice) -> str:
    name = club.members.get(handle)
    return name if name else voice.words("Erased member")


def league_rules(one: League, voice: Voice) -> dict[str, Any]:
    """The league's rules in the venue's words: its formula and what each name in it means, how many
    results count, and how players level on points are told apart."""
    words = voice.words
    return {
        "formula": one.formula,
        "preset": words("the “{name}” preset", name=one.preset) if one.preset else None,
        "names": [(name, words(formula.MEANINGS[name])) for name in one.names],
        "counted": (words("The best {best} results of each player count.", best=voice.fmt.count(one.best))
                    if one.best else words("Every result counts.")),
        "ties": [words(league.TIE_BREAKS[rule]) for rule in one.tie_break],
    }


def seasons_view(one: League, voice: Voice) -> list[dict[str, str]]:
    """The league's seasons, the latest first, each with its dates in the venue's words."""
    return [{"name": s.name, "slug": s.slug, "dates": voice.words("{first} to {last}", first=voice.fmt.day(s.date_from),
                                                                   last=voice.fmt.day(s.date_to))}
            for s in sorted(one.seasons, key=lambda s: s.date_from, reverse=True)]


def league_view(table: Table, club: Club, voice: Voice) -> dict[str, Any]:
    fmt = voice.fmt
    rows = [{"rank": row.rank, "handle": row.handle, "name": display_name(club, str(row.handle), voice),
             "points": fmt.points(row.points), "wins": fmt.count(row.wins),
             "best": fmt.count(row.best_place) if row.best_place is not None else "–",
             "cashes": fmt.count(row.cashes), "played": fmt.count(len(row.results)),
             "counted": fmt.count(sum(1 for r in row.results if r.counted)),
             "shared": sum(1 for other in table.rows if other.rank == row.rank) > 1} for row in table.rows]
    nights = [{"id": t["tournament_id"], "name": t["name"], "date": fmt.day(t["date"]),
               "entries": fmt.count(t["entries"]), "prize_pool": fmt.money(t["prize_pool"], t["currency"])}
              for t in sorted(table.nights, key=lambda t: (t["date"], t["tournament_id"]), reverse=True)]
    return {"rows": rows, "nights": nights}


def player_view(club: Club, handle: str, voice: Voice) -> dict[str, Any]:
    """Their nights at the venue (place, prize, bounties, knockouts) and where they stand in each league."""
    fmt = voice.fmt
    history = club.history(handle)
    nights = [{"id": r["tournament_id"], "name": r["tournament"], "date": fmt.day(r["date"]),
               "place": fmt.count(r["place"]) if r["place"] is not None else "",
               "of": fmt.count(r["entries"]),
               "prize": fmt.money(r["prize"], r["currency"]) if r["prize"] else "",
               "bounties": fmt.money(r["bounty_won"], r["currency"]) if r["bounty_won"] else "",
               "knockouts": fmt.count(r["knockouts"]) if r["knockouts"] else "",
               "entries": r["reentries"] + 1} for r in history]
    currencies = {r["currency"] for r in history}
    totals = None
    if len(currencies) == 1:
        currency = currencies.pop()
        totals = {"played": fmt.count(len(history)),
                  "wins": fmt.count(sum(1 for r in history if r["place"] == 1)),
                  "cashes": fmt.count(sum(1 for r in history if r["prize"])),
                  "prizes": fmt.money(sum(r["prize"] for r in history), currency),
                  "bounties": fmt.money(sum(r["bounty_won"] for r in history), currency)}
    positions = []
    for one in club.leagues:
        table = club.table(one)
        row = next((r for r in table.rows if r.handle == handle), None)
        if row is not None:
            positions.append({"name": one.name, "slug": one.slug, "rank": fmt.count(row.rank),
                              "of": fmt.count(len(table.rows)), "points": fmt.points(row.points)})
    return {"nights": nights, "totals": totals, "positions": positions}


def find(snap: dict[str, Any], q: str, voice: Voice) -> list[dict[str, Any]] | None:
    """"Find a player": everyone whose name holds `q` (accents and case aside), with their table and seat
    while they play, or their place and prize once out. None when nothing was asked."""
    q = " ".join(q.split())[:60]
    if not q:
        return None
    key, fmt = voice.fmt.name_key(q)[0], voice.fmt
    currency = snap["tournament"]["currency"]
    matches = [e for e in snap["entries"] if key in fmt.name_key(e["name"])[0]
               and (e["status"] == "active" or e["place"] is not None)]
    # the winner stays "active" once it is over: they play no more, they have their place
    matches.sort(key=lambda e: (e["place"] is not None, fmt.name_key(e["name"]), e["id"]))
    seats = seat_prizes(snap)
    return [{"name": e["name"], "playing": e["place"] is None, "won": e["place"] == 1 and e["status"] == "active",
             "table": e["table"], "seat": e["seat"],
             "place": place_label(e["place"], e["place_to"], fmt),
             "prize": prize_words(e, seats, lambda amount: fmt.money(amount, currency), voice)}
            for e in matches[:FOUND_AT_MOST]]


def prize_words(entry: dict[str, Any], seats: dict[str, SeatPrize], money: Any, voice: Voice) -> str:
    """An entry's prize as a list shows it: a satellite's seat as the seat to its target (and the cash taken
    besides it, if any), never as an amount of cash; "" for no prize."""
    seat = seats.get(entry["id"])
    if seat is None:
        return str(money(entry["prize"])) if entry["prize"] else ""
    if seat.cash:
        return voice.words("Seat to {target} + {cash}", target=seat.target, cash=money(seat.cash))
    return voice.words("Seat to {target}", target=seat.target)


def card(t: Tournament, voice: Voice) -> dict[str, Any]:
    """A tournament in a list: its name, when it was played, and the figures of the night."""
    s, words, fmt = t.summary, voice.words, voice.fmt
    started = s.get("started_ms")
    return {
        "id": t.id, "status": t.status, "name": t.name, "status_label": voice.status(t.status),
        "when": fmt.when(started / 1000 if started else t.started_at),
        "figures": " · ".join([words("{players} players", players=fmt.count(s["players"])),
                               words("{entries} entries", entries=fmt.count(s["entries"])),
                               words("prize pool {amount}", amount=fmt.money(s["prize_pool"], s["currency"]))]),
        "outcome": (words("Won by {name}", name=s["winner"]) if t.status == "finished" and s.get("winner") else
                    words("{count} left", count=fmt.count(s["players_left"])) if t.status == "running" else None),
    }


def news_view(news: dict[str, Any], voice: Voice, stale_after_s: float) -> dict[str, Any]:
    """"Last news from the venue 20:41, 18 min ago", and what a stale clock means (news.py)."""
    words, age = voice.words, int(news["age_s"])
    if news["at"] is None:  # stored before the site kept the time of its news
        return {"line": "", "stale": False, "stopped": "", "interrupted": False}
    if age < 60:
        ago = words("just now")
    elif age < 3600:
        ago = words("{minutes} min ago", minutes=age // 60)
    else:
        ago = words("{hours} h {minutes} min ago", hours=age // 3600, minutes=age % 3600 // 60)
    return {
        "line": words("Last news from the venue {time}, {ago}", time=voice.fmt.time(news["at"]), ago=ago),
        "stale": news["stale"],
        "stopped": words("No news for more than {minutes} min: the clock is stopped where the venue last left it",
                         minutes=max(1, round(stale_after_s / 60))),
        "interrupted": news["interrupted"],
    }


def _names(snap: dict[str, Any]) -> dict[str, str]:
    return {e["id"]: e["name"] for e in snap["entries"]}


def _headline(snap: dict[str, Any], voice: Voice) -> dict[str, Any]:
    currency = snap["tournament"]["currency"]
    m, fmt = snap["money"], voice.fmt
    return {
        "tournament": snap["tournament"],
        "status": voice.status(snap["tournament"]["status"]),
        "finished": snap["tournament"]["status"] == "finished",
        "prize_pool": fmt.money(m["prize_pool"], currency),
        "points_only": bool(snap["tournament"].get("points_only")),  # no money at all: the places only
        "overlay": fmt.money(m["overlay"], currency) if m["overlay"] else None,
        "bounty_pool": fmt.money(m["bounty_pool"], currency) if m["bounty_pool"] else None,
        "counts": {key: fmt.count(value) for key, value in event_counts(snap).items()},
        "seq": snap["seq"],
    }


def event_counts(snap: dict[str, Any]) -> dict[str, int]:
    """The night's counts as its pages give them. A Day 2's are the event's: every entry of every flight
    (its own entries are only the qualifiers carried over), its players (a person who entered two flights is
    one, as the Day 2 counted them: `new_players`), the flights' re-entries; the players left are the Day 2's."""
    counts: dict[str, int] = dict(snap["counts"])
    event = snap.get("event") or {}
    if event.get("kind") == "day2" and event.get("flights"):
        flights = event["flights"]
        counts["entries"] = int(event["entries"])
        counts["players"] = sum(int(f.get("new_players", f["players"])) for f in flights)
        counts["reentries"] = sum(int(f["entries"]) - int(f["players"]) for f in flights)
    return counts


def facts_view(snap: dict[str, Any], facts: dict[str, Any], voice: Voice) -> list[tuple[str, str]]:
    """What clubs publish of a night, in the venue's words: when, how long, the buy-in, the counts."""
    words, fmt = voice.words, voice.fmt
    currency = snap["tournament"]["currency"]
    started, finished = snap["tournament"].get("started_ms"), snap["tournament"].get("finished_ms")
    counts = event_counts(snap)
    out: list[tuple[str, str]] = []
    if started:
        out += [(words("Date"), fmt.date(started / 1000)), (words("Start"), fmt.time(started / 1000))]
        if finished:
            out.append((words("Duration"), _hours_minutes((finished - started) // 1000)))
    prize, bounty = facts["buy_in"]["prize"], facts["buy_in"]["bounty"]
    buy_in = (words("{prize} + {bounty} bounty", prize=fmt.money(prize, currency), bounty=fmt.money(bounty, currency))
              if bounty and voice.settings.buy_in_split else fmt.money(prize + bounty, currency))
    if snap["tournament"].get("points_only"):
        buy_in = words("Free: points only")
    out.append((words("Buy-in"), buy_in))
    prices = facts.get("prices", {})
    for key, label in (("reentries", "Re-entries"), ("rebuys", "Rebuys"), ("add_ons", "Add-ons")):
        if counts.get(key) or facts["allows"].get(key):
            count, price = fmt.count(counts.get(key, 0)), prices.get(key)
            # "Rebuys 12 (at €20)"; a re-entry at the buy-in's own price needs no saying
            if price and not (key == "reentries" and price == prize + bounty):
                count = words("{count} (at {price})", count=count, price=fmt.money(price, currency))
            out.append((words(label), count))
    paid = sum(1 for p in snap["payouts"] if p["amount"])
    if paid:
        out.append((words("Places paid"), fmt.count(paid)))
    deal = snap.get("deal")
    if deal:
        players = len(deal.get("amounts", {}))
        out.append((words("Deal"), words("{method}, {count} players", method=deal_method(deal, voice),
                                         count=fmt.count(players))))
    return out


def _hours_minutes(seconds: int) -> str:
    hours, rest = divmod(max(0, seconds), 3600)
    return f"{hours}{NBSP}h{NBSP}{rest // 60:02d}"  # "3 h 40", never broken


def live_view(snap: dict[str, Any], voice: Voice) -> dict[str, Any]:
    currency = snap["tournament"]["currency"]
    words, fmt = voice.words, voice.fmt
    clock = snap["clock"]
    names = _names(snap)
    nxt = clock["next"]
    leader = snap["chips"].get("leader")

    def blinds(level: dict[str, Any]) -> str:
        return f"{fmt.count(level['small_blind'])} / {fmt.count(level['big_blind'])}"

    payout = fmt.money_column((p["amount"] for p in snap["payouts"]), currency)
    payouts = [{"place": fmt.count(p["place"]), "amount": payout(p["amount"]),
                "names": [names[e] for e in p["entries"] if e in names]} for p in snap["payouts"]]
    surname_first = voice.settings.surname_first
    in_play = sorted((e for e in snap["entries"] if e["status"] == "active"),
                     key=lambda e: (fmt.name_key(e["name"], surname_first=surname_first), e["id"]))
    out = sorted((e for e in snap["entries"] if e["place"] is not None),
                 key=lambda e: (e["place"], fmt.name_key(e["name"], surname_first=surname_first)))
    bounty = fmt.money_column((e["bounty"] for e in in_play), currency)
    seats = seat_prizes(snap)
    prize = fmt.money_column([seats[e["id"]].cash if e["id"] in seats else e["prize"] for e in out], currency)
    return {
        **_headline(snap, voice),
        "clock": {
            "label": words("Break") if clock["on_break"] else words("Level {level}", level=clock["level"]),
            "blinds": blinds(clock),
            "ante": fmt.count(clock["ante"]) if clock["ante"] else None,
            "remaining_s": clock["remaining_s"],
            "running": clock["running"],
            "started": clock["started"],
            "overtime": clock["overtime"],
            "next": (words("the last level again") if clock["overtime"] else words("Break") if nxt["is_break"] else
                     words("Level {level}: {blinds}", level=nxt["level"], blinds=blinds(nxt))
                     + (f" {words('ante')} {fmt.count(nxt['ante'])}" if nxt["ante"] else "")),
            "break_in_s": clock["break_in_s"],
            "registration_open": clock["registration_open"],
            "registration_closes_in_s": clock["registration_closes_in_s"],
            "hand_for_hand": clock["hand_for_hand"],
        },
        "average": fmt.count(snap["chips"]["average"]),
        # the chip leader and the stacks: shown once the TD has counted one (chips_counted is public)
        "leader": {"name": leader["name"], "stack": fmt.count(leader["stack"])} if leader else None,
        "has_stacks": bool(snap["chips"].get("counted")),
        "payouts": payouts,
        "in_play": [{"id": e["id"], "name": e["name"], "table": e["table"], "seat": e["seat"],
                     "bounty": bounty(e["bounty"]) if e["bounty"] else "",
                     "stack": fmt.count(e.get("stack")), "counted": counted_when(e.get("counted_level"), voice)}
                    for e in in_play[:LIVE_ROWS]],
        "in_play_more": fmt.count(max(0, len(in_play) - LIVE_ROWS)) if len(in_play) > LIVE_ROWS else None,
        "out": [{"id": e["id"], "place": place_label(e["place"], e["place_to"], fmt), "name": e["name"],
                 "prize": prize_words(e, seats, prize, voice),
                 "final": e["place_final"]} for e in out[:LIVE_ROWS]],
        "out_more": fmt.count(max(0, len(out) - LIVE_ROWS)) if len(out) > LIVE_ROWS else None,
        "in_play_count": fmt.count(len(in_play)),
        # The clock panel already counts down to the end of late registration.
        "announcements": [announcement(a, snap, voice) for a in snap["announcements"]
                          if a["kind"] != "registration_closes"],
        "has_bounties": bool(snap["money"]["bounty_pool"]),
    }


def counted_when(level: dict[str, Any] | None, voice: Voice) -> str:
    """Beside a stack: "counted at level 4", or "counted after level 4" for a count at the break that follows it
    (short enough for two lines in a phone's stack column, in French too); nothing when never counted."""
    if not level:
        return ""
    if level["on_break"]:
        return (voice.words("counted after level {level}", level=level["level"]) if level["level"]
                else voice.words("counted at the break"))
    return voice.words("counted at level {level}", level=level["level"])


def clock_state(view: dict[str, Any], voice: Voice, news: dict[str, Any] | None = None) -> str:
    """The word under the clock: finished, interrupted, stopped for want of news, not started, paused."""
    words, clock = voice.words, view["clock"]
    news = news or {}
    return (words("Finished") if view["finished"] else words("Interrupted") if news.get("interrupted") else
            words("Clock stopped") if news.get("stale") else words("Not started") if not clock["started"] else
            words("Paused") if not clock["running"] else "")


def live_model(view: dict[str, Any], seq: int, voice: Voice, now: float,
               news: dict[str, Any] | None = None) -> dict[str, Any]:
    """The live page's figures as plain data: the page's script patches the page from it. Lists are rows
    of values, each led by its key (an entry, a place), so that a change sends only the rows it changed."""
    words, clock, counts = voice.words, view["clock"], view["counts"]
    state = clock_state(view, voice, news)
    return {
        "v": seq,
        "at": now,
        "finished": view["finished"],
        "status": view["status"],
        "clock": {"label": clock["label"], "overtime": clock["overtime"], "remaining_s": clock["remaining_s"],
                  "running": clock["running"] and not view["finished"], "state": state, "blinds": clock["blinds"],
                  "ante": clock["ante"], "next": clock["next"], "break_in_s": clock["break_in_s"],
                  "registration_open": clock["registration_open"],
                  "registration_closes_in_s": clock["registration_closes_in_s"]},
        "stats": {"players_left": counts["players_left"], "players": counts["players"], "entries": counts["entries"],
                  "average": view["average"], "prize_pool": view["prize_pool"], "overlay": view["overlay"],
                  "bounty_pool": view["bounty_pool"],
                  "leader": view["leader"]["name"] if view["leader"] else None,
                  "leader_stack": view["leader"]["stack"] if view["leader"] else None},
        "notes": view["announcements"],
        "payouts": {"rows": [[p["place"], p["amount"], ", ".join(p["names"])] for p in view["payouts"]]},
        "in_play": {"count": view["in_play_count"], "more": view["in_play_more"], "stacks": view["has_stacks"],
                    "rows": [[e["id"], e["name"], e["table"] or "", e["seat"] or "", e["bounty"], e["stack"],
                              e["counted"]] for e in view["in_play"]]},
        "out": {"more": view["out_more"],
                "rows": [[e["id"], e["place"], e["name"], e["prize"], e["final"]] for e in view["out"]]},
        # How the script words what it counts down, in the venue's language.
        "words": {"break_in": words("break in {time}", time="{time}"),
                  "closes_in": words("Late registration open: {closes}",
                                     closes=words("closes in {time}", time="{time}")),
                  "more": words("… and {count} more.", count="{count}"),
                  "more_out": words("… and {count} more on the results.", count="{count}"),
                  "provisional": words("provisional")},
    }


def announcement(note: dict[str, Any], snap: dict[str, Any], voice: Voice) -> str:
    """What the room is told, in the venue's words; the laptop's English for a kind the site does not know."""
    words, fmt, kind = voice.words, voice.fmt, note["kind"]
    if kind == "finished":
        winner = next((e["name"] for e in snap["entries"] if e["place"] == 1), None)
        return words("{name} wins", name=winner) if winner else str(note["text"])
    if kind == "color_up":
        return words("Colour-up at this break: {chips}", chips=", ".join(fmt.count(c) for c in note["chips"]))
    if kind == "hand_for_hand":
        return words("Hand-for-hand: hand {hand}", hand=note["hand"])
    simple = {"add_on_open": "Add-on open", "new_level": "The new level applies from the next hand",
              "final_table": "Final table"}
    return words(simple[kind]) if kind in simple else str(note["text"])


def results_view(snap: dict[str, Any], voice: Voice, facts: dict[str, Any]) -> dict[str, Any]:
    """One line per person with a place: the prize of that place, and every bounty they won."""
    currency = snap["tournament"]["currency"]
    fmt = voice.fmt
    by_player: dict[str, list[dict[str, Any]]] = {}
    for e in snap["entries"]:
        by_player.setdefault(e["player"], []).append(e)
    rows = []
    seats = seat_prizes(snap)
    for entries in by_player.values():
        placed = [e for e in entries if e["place"] is not None]
        if not placed:
            continue
        last = placed[-1]
        bounties = sum(e["bounty_won"] for e in entries)
        seat = seats.get(last["id"])
        cash = seat.cash if seat else last["prize"]  # a seat won is no cash: the total counts what is paid
        rows.append({"place": last["place"], "label": place_label(last["place"], last["place_to"], fmt),
                     "name": last["name"], "entries": len(entries), "final": last["place_final"],
                     "prize": cash, "bounties": bounties, "total": cash + bounties, "seat": seat})
    # the three money columns are written alike, on every page of the list
    money = fmt.money_column((r[column] for r in rows for column in ("prize", "bounties", "total")), currency)
    for r in rows:
        seat = r.pop("seat")
        r.update({column: money(r[column]) if r[column] else "" for column in ("prize", "bounties", "total")})
        if seat is not None:
            r["prize"] = (voice.words("Seat to {target} + {cash}", target=seat.target, cash=money(seat.cash))
                          if seat.cash else voice.words("Seat to {target}", target=seat.target))
    surname_first = voice.settings.surname_first
    rows.sort(key=lambda r: (r["place"], fmt.name_key(r["name"], surname_first=surname_first)))
    return {**_headline(snap, voice), "rows": rows, "has_bounties": bool(snap["money"]["bounty_pool"]),
            "provisional": any(not r["final"] for r in rows) or snap["tournament"]["status"] != "finished",
            "deal": deal_view(snap, voice), "envelopes": envelopes_view(snap, voice),
            "final_table": [r for r in rows if r["place"] <= facts["final_table_size"]]}


def event_view(snap: dict[str, Any], voice: Voice) -> dict[str, Any] | None:
    """An event played over several days, as a whole: a flight's stop and bags; a Day 2's flights, total
    entries, qualifiers, combined prize pool and chip-count leaderboard; a satellite's seats."""
    event = snap.get("event")
    if not event:
        return None
    currency, fmt = snap["tournament"]["currency"], voice.fmt
    if event["kind"] == "flight":
        target = (voice.words("stops at {count} players left", count=fmt.count(event["target"]))
                  if event["target"] else voice.words("stops at the end of level {level}",
                                                      level=fmt.count(event["stop_after_level"])))
        state = (voice.words("{count} qualifiers, chips bagged", count=fmt.count(event["bags"])) if event["bagged"]
                 else voice.words("Stopped: the chips are being bagged") if event["stopped"] else None)
        return {"kind": "flight", "title": f"{event['event_name']} · {event['name']}", "target": target,
                "state": state}
    if event["kind"] == "day2":
        flights = event["flights"]
        money = fmt.money_column([f["prize_parts"] for f in flights] + [event["combined_pool"]], currency)
        return {"kind": "day2", "title": event["event_name"],
                "flights": [{"name": f["name"], "entries": fmt.count(f["entries"]),
                             "qualified": fmt.count(f["qualified"]), "prize_parts": money(f["prize_parts"])}
                            for f in flights],
                "entries": fmt.count(event["entries"]), "qualifiers": fmt.count(event["qualifiers"]),
                "combined_pool": money(event["combined_pool"]),
                "leaderboard": [{"rank": fmt.count(i), "name": row["name"], "stack": fmt.count(row["stack"]),
                                 "flight": row["flight"] or ""} for i, row in enumerate(event["leaderboard"], start=1)]}
    if event["kind"] == "satellite":
        return {"kind": "satellite", "title": voice.words("Satellite to {target}", target=event["target"]),
                "seats": fmt.count(event["seats"]), "seat_value": fmt.money(event["seat_value"], currency),
                "leftover": fmt.money(event["leftover"], currency) if event["leftover"] else None}
    return None


def envelopes_view(snap: dict[str, Any], voice: Voice) -> list[dict[str, Any]]:
    """Mystery bounties: each envelope drawn, for whose knockout, who won it and how much."""
    draws = envelope_draws(snap)
    currency, fmt = snap["tournament"]["currency"], voice.fmt
    money = fmt.money_column([amount for d in draws for amount in d["amounts"]]
                             + [s["cash"] for d in draws for s in d["won_by"]], currency)
    return [{"number": fmt.count(i), "knocked_out": d["knocked_out"],
             "amounts": " + ".join(money(amount) for amount in d["amounts"]),
             "won_by": [{"name": s["name"], "cash": money(s["cash"])} for s in d["won_by"]]}
            for i, d in enumerate(draws, start=1)]


DEAL_METHODS = {"icm": "ICM", "chip_chop": "chip chop", "custom": "custom"}


def deal_method(deal: dict[str, Any], voice: Voice) -> str:
    method = str(deal.get("method", ""))
    return voice.words(DEAL_METHODS.get(method, method.replace("_", " ")))


def deal_view(snap: dict[str, Any], voice: Voice) -> dict[str, Any] | None:
    """The deal as the room heard it: how it was made, what each player took, what was left to play for."""
    deal = snap.get("deal")
    if not deal:
        return None
    currency, fmt, names = snap["tournament"]["currency"], voice.fmt, _names(snap)
    amounts = sorted(deal.get("amounts", {}).items(), key=lambda item: (-item[1], names.get(item[0], "")))
    money = fmt.money_column([amount for _, amount in amounts] + [deal.get("play_for")], currency)
    return {"method": deal_method(deal, voice),
            "shares": [{"name": names.get(entry, ""), "amount": money(amount)} for entry, amount in amounts],
            "play_for": money(deal["play_for"]) if deal.get("play_for") else None}
