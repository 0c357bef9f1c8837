"""The tournament's results as every window and paper tells them: the places with names, prizes and
bounties won, and the deal when there was one. Read from the snapshot, so the console, the projector
and the end-of-night report can never disagree on an amount."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.read_models.seats import seat_prizes
from .namesakes import labels


@dataclass(frozen=True)
class Standing:
    place: int
    place_to: int
    name: str
    prize: int
    bounty: int  # bounties this player won
    final: bool
    seat: str = ""  # a satellite's: the target this place won a seat to (its value is part of the prize)
    seat_value: int = 0  # what that seat is worth: the prize less the cash taken besides it

    @property
    def cash(self) -> int:
        """What the place pays in cash: the prize, less the seat a satellite's winner takes."""
        return self.prize - self.seat_value

    @property
    def place_text(self) -> str:
        return str(self.place) if self.place_to == self.place else f"{self.place}–{self.place_to}"


@dataclass(frozen=True)
class DealLine:
    name: str
    amount: int


def standings(snap: dict[str, Any]) -> list[Standing]:
    """Everyone with a place, the best first: after a deal the prize is the deal's amount (the core's); a
    satellite's seat winners with the seat they won (those who held one already take its value in cash).
    Two people of one name are told apart (issue 28: two Marc Martins at the final table)."""
    names = labels(snap["players"], snap["entries"])
    placed = [e for e in snap["entries"] if e.get("place") is not None]
    placed.sort(key=lambda e: (e["place"], names[e["id"]].casefold()))
    seats = seat_prizes(snap)
    return [Standing(e["place"], e.get("place_to") or e["place"], names[e["id"]], e["prize"], e["bounty_won"],
                     bool(e.get("place_final")), seats[e["id"]].target if e["id"] in seats else "",
                     seats[e["id"]].value if e["id"] in seats else 0) for e in placed]


def seat_winners(snap: dict[str, Any]) -> tuple[str, list[str]]:
    """A satellite that has ended: its target, and the entries that won a seat there (not those who took its
    value in cash), best place first; ("", []) for any other tournament."""
    event = snap.get("event") or {}
    ended = event.get("ended") if event.get("kind") == "satellite" else None
    if not ended:
        return "", []
    return event["target"], [e for e in ended["winners"] if e not in ended["cash_instead"]]


def deal_lines(snap: dict[str, Any]) -> tuple[list[DealLine], int]:
    """Each dealing player's amount, the biggest first, and what was kept back for the winner."""
    deal = snap.get("deal")
    if not deal:
        return [], 0
    names = labels(snap["players"], snap["entries"])
    lines = [DealLine(names.get(entry, entry), amount) for entry, amount in deal["amounts"].items()]
    lines.sort(key=lambda line: (-line.amount, line.name.casefold()))
    return lines, int(deal.get("play_for") or 0)


def winner(snap: dict[str, Any]) -> Standing | None:
    if snap["tournament"]["status"] != "finished":
        return None
    return next((s for s in standings(snap) if s.place == 1), None)
