"""What the fold keeps of a flight, a Day 2 and a satellite (docs/flights-and-satellites.md).

Plain data beside the rest of the state, empty in an ordinary tournament, saved whole with the
checkpoint. The rules that fill it are `rules/flights.py` and `rules/satellites.py`. An apply function
never changes it in place: it puts a new one in its stead (`dataclasses.replace`), so that an undo puts
the one before back as it was (`rewind.PLAIN`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Formats:
    # A flight: where it stopped ({"reason", "players_left", "target", "at_ms"}), each survivor's bag
    # (entry -> chips), the tables bagged in order, the difference the TD accepted on the last table,
    # and what the other flights of the event said of their people (tournament id -> their facts).
    stopped: dict[str, Any] | None = None
    bags: dict[str, int] = field(default_factory=dict)
    bagged_tables: list[int] = field(default_factory=list)
    bagged: bool = False
    bag_difference: int = 0
    other_flights: dict[str, dict[str, Any]] = field(default_factory=dict)
    # A Day 2: each flight as it was taken (the `flight_taken` payloads, in order), and where each of
    # its entries comes from (entry -> {"flight", "flight_entry"}).
    flights: list[dict[str, Any]] = field(default_factory=list)
    carried: dict[str, dict[str, Any]] = field(default_factory=dict)
    # A satellite: the players who already hold a seat to its target, how it ended ({"seats",
    # "winners", "cash_instead"}) and the seats paid out (entry -> the seat's value).
    holders: list[str] = field(default_factory=list)
    ended: dict[str, Any] | None = None
    seats: dict[str, int] = field(default_factory=dict)
    # Any tournament: the satellites whose seats it took (satellite's tournament id -> {"name", "entries"}).
    satellites: dict[str, dict[str, Any]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {name: copy.deepcopy(getattr(self, name)) for name in FIELDS}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Formats:
        """A checkpoint written before these formats existed has none of it: an empty part."""
        return cls(**{name: copy.deepcopy(value) for name, value in (data or {}).items() if name in FIELDS})

    # -- a Day 2's figures of the whole event -----------------------------------------------------
    @property
    def event_entries(self) -> int:
        return sum(f["entries"] for f in self.flights)

    @property
    def combined_pool(self) -> int:
        return sum(f["prize_parts"] for f in self.flights)

    @property
    def paid_day1(self) -> int:
        return sum(f["paid_day1"] for f in self.flights)


FIELDS = tuple(Formats.__dataclass_fields__)
