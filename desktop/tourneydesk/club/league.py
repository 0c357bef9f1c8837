"""A league: which tournaments count, how many points each result is worth, and who leads.

A league groups tournaments by the template they were made from, by a date range, or as picked (any
of these together: a tournament counts when it meets every rule given). Each result is worth the
points its formula gives, plus the adjustments given by hand for that night (TD3's per-night points
adjustments come over as such); with `best` N only a player's N best nights count, the others are shown
as dropped; an adjustment to the league as a whole always counts. Players level on points are told
apart by the league's tie-break, in its order (by default: more wins, then the better best place, then
more cashes); players level on all of it share the rank.

A league may count chosen members only: the others who played are its guests, ranked among them or left
out of the table (`guests`), and a formula reads who is a member (TD3's inLeague, numberOfLeagueMembers,
leagueRank).
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from ..core.protocol.errors import TourneyError
from .formula import Formula, FormulaError

TIE_BREAKS: dict[str, str] = {
    "wins": "more wins",
    "best_place": "the better best place",
    "cashes": "more cashes",
    "results": "more results played",
    "knockouts": "more knockouts",
}
DEFAULT_TIE_BREAK = ("wins", "best_place", "cashes")
GUESTS = ("ranked", "unranked")


def check_tie_break(value: Any) -> tuple[str, ...]:
    if value is None:
        return DEFAULT_TIE_BREAK
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        raise TourneyError("FIELD_INVALID", "tie_break lists rules by name", field="tie_break")
    unknown = [v for v in value if v not in TIE_BREAKS]
    if unknown:
        raise TourneyError("FIELD_INVALID", f"There is no tie-break {unknown[0]!r}; known: {', '.join(TIE_BREAKS)}",
                           field="tie_break")
    if len(set(value)) != len(value):
        raise TourneyError("FIELD_INVALID", "tie_break names a rule twice", field="tie_break")
    return tuple(value)


def describe_rules(best: int | None, tie_break: tuple[str, ...]) -> str:
    counted = f"The best {best} results of each player count" if best else "Every result counts"
    ties = ", then ".join(TIE_BREAKS[t] for t in tie_break)
    return f"{counted}; players level on points are ranked by {ties}." if ties else f"{counted}."


@dataclass(slots=True)
class Result:
    """One person's night, with its points: what a standings row is built from."""

    tournament_id: str
    tournament: str
    date: str
    place: int | None
    prize: int
    knockouts: int
    points: float  # the formula's and the night's adjustments together
    counted: bool = True
    adjustment: float = 0.0  # of `points`, what was given by hand

    def to_dict(self) -> dict[str, Any]:
        return {"tournament_id": self.tournament_id, "tournament": self.tournament, "date": self.date,
                "place": self.place, "prize": self.prize, "knockouts": self.knockouts,
                "points": round(self.points, 2), "adjustment": round(self.adjustment, 2), "counted": self.counted}


@dataclass(frozen=True, slots=True)
class Adjustment:
    """Points given (or taken, below 0) by hand: to one night's result, or to the league as a whole."""

    member: int | str
    points: float
    tournament_id: str | None = None
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"points": round(self.points, 2), "tournament_id": self.tournament_id, "reason": self.reason}


@dataclass(slots=True)
class Row:
    member: int | str  # the club file's own row id; on the website, the member's public handle
    name: str
    handle: str
    results: list[Result] = field(default_factory=list)
    rank: int = 0
    adjustments: list[Adjustment] = field(default_factory=list)  # to the league as a whole
    guest: bool = False

    @property
    def points(self) -> float:
        return round(sum(r.points for r in self.results if r.counted) + sum(a.points for a in self.adjustments), 6)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.results if r.place == 1)

    @property
    def best_place(self) -> int | None:
        places = [r.place for r in self.results if r.place is not None]
        return min(places) if places else None

    @property
    def cashes(self) -> int:
        return sum(1 for r in self.results if r.prize > 0)

    def tie_key(self, tie_break: tuple[str, ...]) -> tuple[Any, ...]:
        """Sorted ascending: the leader first."""
        parts: list[Any] = [-self.points]
        for rule in tie_break:
            if rule == "wins":
                parts.append(-self.wins)
            elif rule == "best_place":
                parts.append(self.best_place if self.best_place is not None else 10**9)
            elif rule == "cashes":
                parts.append(-self.cashes)
            elif rule == "results":
                parts.append(-len(self.results))
            elif rule == "knockouts":
                parts.append(-sum(r.knockouts for r in self.results))
        return tuple(parts)

    def to_dict(self) -> dict[str, Any]:
        return {"rank": self.rank, "name": self.name, "handle": self.handle, "points": round(self.points, 2),
                "wins": self.wins, "best_place": self.best_place, "cashes": self.cashes,
                "played": len(self.results), "guest": self.guest,
                "adjustments": [a.to_dict() for a in self.adjustments],
                "counted": [r.to_dict() for r in self.results if r.counted],
                "dropped": [r.to_dict() for r in self.results if not r.counted]}


def variables(tournament: dict[str, Any], result: dict[str, Any]) -> dict[str, float]:
    """The names a formula of ours may use, for one person's night; money in the currency's units."""
    return {"entries": tournament["entries"], "players": tournament["players"], "place": result["place"],
            "prize": result["prize"] / 100, "buy_in": tournament["buy_in"] / 100,
            "knockouts": result["knockouts"] + result.get("hits_adjustment", 0),
            "bounty_won": result["bounty_won"] / 100,
            "rebuys": result["rebuys"], "add_ons": result["add_ons"], "reentries": result["reentries"]}


def night_facts(tournament: dict[str, Any], result: dict[str, Any], *, members_there: int, in_league: bool,
                league_rank: int) -> dict[str, float]:
    """Everything else a night holds (formula.NIGHT_FACTS), which TD3's formulas read."""
    cost = result.get("buy_in_cost", 0) + result.get("rebuy_cost", 0) + result.get("add_on_cost", 0)
    winnings = result["prize"] + result["bounty_won"]
    fee = tournament.get("fee", 0)
    return {
        "all_entries": tournament["entries"] + tournament.get("rebuys", 0),
        "total_rebuys": tournament.get("rebuys", 0), "total_add_ons": tournament.get("add_ons", 0),
        "buy_ins_amount": tournament.get("buy_ins_amount", 0) / 100,
        "rebuys_amount": tournament.get("rebuys_amount", 0) / 100,
        "add_ons_amount": tournament.get("add_ons_amount", 0) / 100,
        "prize_pool": tournament["prize_pool"] / 100, "paid_places": tournament.get("paid_places", 0),
        "league_members": members_there, "buy_in_net": (tournament["buy_in"] - fee) / 100, "house_fee": fee / 100,
        "position": tournament["players"] - result["place"] + 1,
        "buy_in_cost": result.get("buy_in_cost", 0) / 100, "rebuy_cost": result.get("rebuy_cost", 0) / 100,
        "add_on_cost": result.get("add_on_cost", 0) / 100, "cost": cost / 100, "winnings": winnings / 100,
        "take": (winnings - cost) / 100, "in_the_money": float(result["prize"] > 0),
        "final_table": float(bool(result.get("final_table"))), "in_league": float(in_league),
        "league_rank": league_rank,
    }


def standings(formula: Formula, best: int | None, tie_break: tuple[str, ...],
              tournaments: list[dict[str, Any]], results: list[dict[str, Any]], *,
              adjustments: Sequence[Adjustment] = (), members: Set[int | str] | None = None,
              guests: str = "ranked") -> list[Row]:
    """`results` rows carry `tournament_id`, `member`, `name`, `handle` and the night's figures; a result
    without a place (a player removed) earns nothing and is left out. `members`: the league's chosen members
    (None: everyone who plays is one); with `guests="unranked"` the others are left out of the table. The
    website calls this too, on the nights it folded from the public events: one engine, so both tables
    agree."""
    nights = {t["tournament_id"]: t for t in tournaments}
    placed = [r for r in results if r["place"] is not None and r["tournament_id"] in nights]
    league_places: dict[str, list[int]] = {}  # night -> the league members' places, for TD3's leagueRank
    for r in placed:
        if members is None or r["member"] in members:
            league_places.setdefault(r["tournament_id"], []).append(r["place"])
    by_night = {(a.tournament_id, a.member): 0.0 for a in adjustments if a.tournament_id is not None}
    for a in adjustments:
        if a.tournament_id is not None:
            by_night[(a.tournament_id, a.member)] += a.points
    rows: dict[int | str, Row] = {}
    for r in placed:
        night = nights[r["tournament_id"]]
        values = variables(night, r)
        if formula.language == "td3":
            mine = sorted(league_places.get(r["tournament_id"], []))
            member = members is None or r["member"] in members
            values |= night_facts(night, r, members_there=len(mine), in_league=member,
                                  league_rank=mine.index(r["place"]) + 1 if member else 0)
        try:
            points = formula.evaluate(values)
        except FormulaError as exc:
            raise TourneyError("FORMULA_FAILED", f"The formula gives no points for {r['name']} in {night['name']} "
                               f"({night['date']}): {exc.message}", tournament=night["tournament_id"],
                               problem=exc.message, problem_code=exc.code,
                               problem_params={k: v for k, v in exc.params.items() if k != "problem"},
                               name=r["name"], night=night["name"], date=night["date"]) from exc
        adjustment = by_night.get((r["tournament_id"], r["member"]), 0.0)
        row = rows.setdefault(r["member"], Row(r["member"], r["name"], r["handle"],
                                               guest=members is not None and r["member"] not in members))
        row.results.append(Result(night["tournament_id"], night["name"], night["date"], r["place"], r["prize"],
                                  r["knockouts"] + r.get("hits_adjustment", 0), points + adjustment,
                                  adjustment=adjustment))
    for a in adjustments:
        if a.tournament_id is None and a.member in rows:
            rows[a.member].adjustments.append(a)
    for row in rows.values():
        row.results.sort(key=lambda x: (x.date, x.tournament_id))
        if best is not None:
            kept = sorted(row.results, key=lambda x: (-x.points, x.date))[:best]
            for result in row.results:
                result.counted = any(result is k for k in kept)
    table = [row for row in rows.values() if not (row.guest and guests == "unranked")]
    # Level on all of it: by name, then by handle, so that the laptop and the website list them alike.
    ordered = sorted(table, key=lambda row: (row.tie_key(tie_break), row.name.casefold(), row.handle))
    previous: tuple[Any, ...] | None = None
    for number, row in enumerate(ordered, start=1):
        key = row.tie_key(tie_break)
        row.rank = ordered[number - 2].rank if key == previous else number
        previous = key
    return ordered
