"""A league: which tournaments count, how many points each result is worth, and who leads.

A league groups tournaments by the template they were made from, by a date range, or as picked (any
of these together: a tournament counts when it meets every rule given). Each result is worth the
points its formula gives; with `best` N only a player's N best results count, the others are shown
as dropped. Players level on points are told apart by the league's tie-break, in its order (by
default: more wins, then the better best place, then more cashes); players level on all of it
share the rank.
"""

from __future__ import annotations

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
    points: float
    counted: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"tournament_id": self.tournament_id, "tournament": self.tournament, "date": self.date,
                "place": self.place, "prize": self.prize, "knockouts": self.knockouts,
                "points": round(self.points, 2), "counted": self.counted}


@dataclass(slots=True)
class Row:
    member: int | str  # the club file's own row id; on the website, the member's public handle
    name: str
    handle: str
    results: list[Result] = field(default_factory=list)
    rank: int = 0

    @property
    def points(self) -> float:
        return round(sum(r.points for r in self.results if r.counted), 6)

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
                "played": len(self.results),
                "counted": [r.to_dict() for r in self.results if r.counted],
                "dropped": [r.to_dict() for r in self.results if not r.counted]}


def variables(tournament: dict[str, Any], result: dict[str, Any]) -> dict[str, float]:
    """The names a formula may use, for one person's night; money in the currency's units."""
    return {"entries": tournament["entries"], "players": tournament["players"], "place": result["place"],
            "prize": result["prize"] / 100, "buy_in": tournament["buy_in"] / 100,
            "knockouts": result["knockouts"], "bounty_won": result["bounty_won"] / 100,
            "rebuys": result["rebuys"], "add_ons": result["add_ons"], "reentries": result["reentries"]}


def standings(formula: Formula, best: int | None, tie_break: tuple[str, ...],
              tournaments: list[dict[str, Any]], results: list[dict[str, Any]]) -> list[Row]:
    """`results` rows carry `tournament_id`, `member`, `name`, `handle` and the night's figures; a result
    without a place (a player removed) earns nothing and is left out. The website calls this too, on the
    nights it folded from the public events: one engine, so both tables agree."""
    nights = {t["tournament_id"]: t for t in tournaments}
    rows: dict[int, Row] = {}
    for r in results:
        night = nights.get(r["tournament_id"])
        if night is None or r["place"] is None:
            continue
        try:
            points = formula.evaluate(variables(night, r))
        except FormulaError as exc:
            raise TourneyError("FORMULA_FAILED", f"The formula gives no points for {r['name']} in {night['name']} "
                               f"({night['date']}): {exc.message}", tournament=night["tournament_id"],
                               problem=exc.message) from exc
        row = rows.setdefault(r["member"], Row(r["member"], r["name"], r["handle"]))
        row.results.append(Result(night["tournament_id"], night["name"], night["date"], r["place"], r["prize"],
                                  r["knockouts"], points))
    for row in rows.values():
        row.results.sort(key=lambda x: (x.date, x.tournament_id))
        if best is not None:
            kept = sorted(row.results, key=lambda x: (-x.points, x.date))[:best]
            for result in row.results:
                result.counted = any(result is k for k in kept)
    # Level on all of it: by name, then by handle, so that the laptop and the website list them alike.
    ordered = sorted(rows.values(), key=lambda row: (row.tie_key(tie_break), row.name.casefold(), row.handle))
    previous: tuple[Any, ...] | None = None
    for number, row in enumerate(ordered, start=1):
        key = row.tie_key(tie_break)
        row.rank = ordered[number - 2].rank if key == previous else number
        previous = key
    return ordered
