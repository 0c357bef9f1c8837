"""The pages people read: the tournaments, a live page and the final results, all from the public
snapshot (so they show exactly what the JSON says). Jinja2 with autoescaping: a player's name is
always text, never markup.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import jinja2

from .results import Results, Unavailable
from .storage import Tournament

LIVE_REFRESH_S = 15
LIVE_ROWS = 300  # a big field's live page lists this many in play and out; the results list everyone
CURRENCY_SIGNS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF ", "JPY": "¥"}


def money(amount: int | None, currency: str) -> str:
    """Minor units as a price: 125050 EUR -> "€1,250.50"; whole amounts without the cents."""
    if amount is None:
        return ""
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    prefix = CURRENCY_SIGNS.get(currency, f"{currency} ")
    return f"{sign}{prefix}{whole:,}" + (f".{cents:02d}" if cents else "")


def chips(value: int | None) -> str:
    return "" if value is None else f"{value:,}"


def duration(seconds: int | None) -> str:
    if seconds is None:
        return ""
    seconds = max(0, seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"


def when(at: float) -> str:
    return dt.datetime.fromtimestamp(at, dt.UTC).strftime("%d %b %Y, %H:%M UTC")


def place_label(place: int | None, place_to: int | None) -> str:
    if place is None:
        return ""
    return f"{place}–{place_to}" if place_to and place_to != place else str(place)


class Pages:
    def __init__(self, results: Results, templates: Path) -> None:
        self._results = results
        self._env = jinja2.Environment(loader=jinja2.FileSystemLoader(templates), autoescape=True,
                                       undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
        self._env.filters.update(chips=chips, duration=duration, when=when, money=money)

    def _render(self, name: str, http_status: int = 200, **context: Any) -> tuple[int, str]:
        return http_status, self._env.get_template(name).render(**context)

    def _not_found(self, what: str) -> tuple[int, str]:
        return self._render("not_found.html", http_status=404, title="Not found", what=what)

    def _unavailable(self) -> tuple[int, str]:
        return self._render("unavailable.html", http_status=503, title="Not available")

    # -- the lists -------------------------------------------------------------------------------------
    def index(self) -> tuple[int, str]:
        storage = self._results.storage
        venues = [(v, storage.tournaments(v.id)) for v in storage.venues()]
        return self._render("index.html", title="Results", venues=[(v, ts) for v, ts in venues if ts],
                            status_label=status_label)

    def venue(self, venue_id: int) -> tuple[int, str]:
        storage = self._results.storage
        venue = storage.venue(venue_id)
        if venue is None:
            return self._not_found("venue")
        return self._render("venue.html", title=venue.name, venue=venue, tournaments=storage.tournaments(venue.id),
                            status_label=status_label)

    # -- one tournament ----------------------------------------------------------------------------------
    def live(self, tournament_id: str) -> tuple[int, str]:
        try:
            found = self._tournament(tournament_id)
        except Unavailable:
            return self._unavailable()
        if found is None:
            return self._not_found("tournament")
        known, snap = found
        return self._render("live.html", title=snap["tournament"]["name"], t=known, page="live",
                            refresh=LIVE_REFRESH_S, **live_view(snap))

    def results(self, tournament_id: str) -> tuple[int, str]:
        try:
            found = self._tournament(tournament_id)
        except Unavailable:
            return self._unavailable()
        if found is None:
            return self._not_found("tournament")
        known, snap = found
        return self._render("results.html", title=f"{snap['tournament']['name']}: results", t=known,
                            page="results",
                            **results_view(snap))

    def _tournament(self, tournament_id: str) -> tuple[Tournament, dict[str, Any]] | None:
        snap = self._results.public_snapshot(tournament_id, whole_second=True)
        known = self._results.storage.tournament(tournament_id)
        return None if snap is None or known is None else (known, snap)


def status_label(status: str) -> str:
    return {"setup": "Registration", "running": "Live", "finished": "Finished"}.get(status, status)


def _names(snap: dict[str, Any]) -> dict[str, str]:
    return {e["id"]: e["name"] for e in snap["entries"]}


def _headline(snap: dict[str, Any]) -> dict[str, Any]:
    currency = snap["tournament"]["currency"]
    m = snap["money"]
    return {
        "tournament": snap["tournament"],
        "status": status_label(snap["tournament"]["status"]),
        "finished": snap["tournament"]["status"] == "finished",
        "prize_pool": money(m["prize_pool"], currency),
        "overlay": money(m["overlay"], currency) if m["overlay"] else None,
        "bounty_pool": money(m["bounty_pool"], currency) if m["bounty_pool"] else None,
        "counts": snap["counts"],
        "seq": snap["seq"],
    }


def live_view(snap: dict[str, Any]) -> dict[str, Any]:
    currency = snap["tournament"]["currency"]
    clock = snap["clock"]
    names = _names(snap)
    nxt = clock["next"]
    payouts = [{"place": p["place"], "amount": money(p["amount"], currency),
                "names": [names[e] for e in p["entries"] if e in names]} for p in snap["payouts"]]
    in_play = sorted((e for e in snap["entries"] if e["status"] == "active"),
                     key=lambda e: (e["name"].casefold(), e["id"]))
    out = sorted((e for e in snap["entries"] if e["place"] is not None),
                 key=lambda e: (e["place"], e["name"].casefold()))
    return {
        **_headline(snap),
        "clock": {
            "label": "Break" if clock["on_break"] else f"Level {clock['level']}",
            "blinds": f"{chips(clock['small_blind'])} / {chips(clock['big_blind'])}",
            "ante": chips(clock["ante"]) if clock["ante"] else None,
            "remaining_s": clock["remaining_s"],
            "running": clock["running"],
            "started": clock["started"],
            "overtime": clock["overtime"],
            "next": ("the last level again" if clock["overtime"] else "Break" if nxt["is_break"] else
                     f"Level {nxt['level']}: {chips(nxt['small_blind'])} / {chips(nxt['big_blind'])}"
                     + (f" ante {chips(nxt['ante'])}" if nxt["ante"] else "")),
            "break_in_s": clock["break_in_s"],
            "registration_open": clock["registration_open"],
            "registration_closes_in_s": clock["registration_closes_in_s"],
            "hand_for_hand": clock["hand_for_hand"],
        },
        "average": chips(snap["chips"]["average"]),
        "payouts": payouts,
        "in_play": [{"name": e["name"], "table": e["table"], "seat": e["seat"],
                     "bounty": money(e["bounty"], currency) if e["bounty"] else ""} for e in in_play[:LIVE_ROWS]],
        "in_play_more": max(0, len(in_play) - LIVE_ROWS),
        "out": [{"place": place_label(e["place"], e["place_to"]), "name": e["name"],
                 "prize": money(e["prize"], currency) if e["prize"] else "",
                 "final": e["place_final"]} for e in out[:LIVE_ROWS]],
        "out_more": max(0, len(out) - LIVE_ROWS),
        "in_play_count": len(in_play),
        # The clock panel already counts down to the end of late registration.
        "announcements": [a["text"] for a in snap["announcements"] if a["kind"] != "registration_closes"],
        "has_bounties": bool(snap["money"]["bounty_pool"]),
    }


def results_view(snap: dict[str, Any]) -> dict[str, Any]:
    """One line per person with a place: the prize of that place, and every bounty they won."""
    currency = snap["tournament"]["currency"]
    by_player: dict[str, list[dict[str, Any]]] = {}
    for e in snap["entries"]:
        by_player.setdefault(e["player"], []).append(e)
    rows = []
    for entries in by_player.values():
        placed = [e for e in entries if e["place"] is not None]
        if not placed:
            continue
        last = placed[-1]
        bounties = sum(e["bounty_won"] for e in entries)
        rows.append({"place": last["place"], "label": place_label(last["place"], last["place_to"]),
                     "name": last["name"], "entries": len(entries), "final": last["place_final"],
                     "prize": money(last["prize"], currency) if last["prize"] else "",
                     "bounties": money(bounties, currency) if bounties else "",
                     "total": money(last["prize"] + bounties, currency) if last["prize"] + bounties else ""})
    rows.sort(key=lambda r: (r["place"], r["name"].casefold()))
    return {**_headline(snap), "rows": rows, "has_bounties": bool(snap["money"]["bounty_pool"]),
            "provisional": any(not r["final"] for r in rows) or snap["tournament"]["status"] != "finished",
            "deal": snap.get("deal")}
