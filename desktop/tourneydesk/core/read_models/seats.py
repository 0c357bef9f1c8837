"""A satellite's seats as every list of its prizes tells them (docs/flights-and-satellites.md): a seat won
is a seat to the named target event, never an amount of cash, and the cash a winner takes on top of it
(the pool's leftover shared by the seat winners) is told apart from it. Read from a snapshot, the
laptop's or the public one (both carry the `event` part and the entries' prizes), so the console, the
results, the paper and the website tell a seat alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SeatPrize:
    target: str  # the event the seat is in
    value: int  # what the seat is worth, in minor units (its part of the prize)
    cash: int  # what the winner takes in cash besides the seat


def seat_prizes(snap: dict[str, Any]) -> dict[str, SeatPrize]:
    """Each entry that won a seat in a satellite that has ended, and what it won; {} for any other tournament
    (and for the winners who held a seat already and took its value in cash: theirs is cash)."""
    event = snap.get("event") or {}
    ended = event.get("ended") if event.get("kind") == "satellite" else None
    if not ended:
        return {}
    value = int(event["seat_value"])
    prizes = {e["id"]: int(e["prize"]) for e in snap["entries"]}
    cash_instead = set(ended["cash_instead"])
    return {entry: SeatPrize(str(event["target"]), value, max(0, prizes.get(entry, value) - value))
            for entry in ended["winners"] if entry not in cash_instead}
