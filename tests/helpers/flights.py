"""Flights, their Day 2 and satellites as the tests play them: configs, a flight played to its stop, its
tables bagged, a satellite played to its end."""

from __future__ import annotations

from typing import Any

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import table_mate
from tourneydesk.desk import Desk

EVENT = {"event": "spring-main", "event_name": "Spring Main Event"}


def flight_config(name: str = "Day 1A", **flight: Any) -> dict[str, Any]:
    """BASE_CONFIG as a flight of the Spring Main Event (stopping at 4 left unless told otherwise)."""
    settings = {**EVENT, "name": name, **(flight or {"stop_players_left": 4})}
    return config(name=f"Spring Main {name}", flight=settings)


def satellite_config(**satellite: Any) -> dict[str, Any]:
    """A freezeout satellite to the Main Event: 90 of each 100 bought go to the pool; a seat is worth 300."""
    cfg = config(name="Main Event Satellite", buy_in={"prize": 9000, "bounty": 0, "fee": 1000},
                 satellite={"target": "Main Event", "seat_value": 30000, **satellite})
    cfg.pop("reentry")
    return cfg


def seat_named(desk: Desk, names: list[str]) -> list[str]:
    """Register and buy in these people; their entries, in that order."""
    entries = []
    for name in names:
        player = desk.execute({"type": "register", "name": name})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash",
                                     "present": True})["entry"])
    return entries


def past_registration(desk: Desk, clock: FakeClock) -> None:
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=REGISTRATION_MINUTES)


def follow_plan(desk: Desk) -> None:
    """What the seating plan asks, done as the floor would (the button on the lowest seat when asked)."""
    while desk.status != "finished" and desk.plan():
        step = desk.plan()[0]
        if step["kind"] == "needs_button":
            desk.execute({"type": "set_button", "table": step["table"],
                          "seat": min(desk.state.tables[step["table"]].seats)})
        else:
            desk.execute({"type": "balance"})


def bust_in_order(desk: Desk, order: list[str]) -> list[dict[str, Any]]:
    """Bust these entries one by one, each by a table mate, the plan followed after each, while the
    tournament goes on."""
    results = []
    for entry in order:
        if desk.status == "finished":
            break
        results.append(desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]}))
        follow_plan(desk)
    return results


def bags_of(desk: Desk) -> dict[int, dict[str, int]]:
    """Each table's survivors with an even share of the chips in play (the first one takes what is left)."""
    state = desk.state
    left = [e.id for e in state.entries.values() if e.status == "active"]
    share = state.chips_in_play // len(left)
    stacks = {e: share for e in left}
    stacks[left[0]] += state.chips_in_play - share * len(left)
    return {t: {e: stacks[e] for e in state.tables[t].seats.values() if e in stacks}
            for t in sorted(state.open_tables) if state.tables[t].seats}


def bag_all(desk: Desk) -> dict[str, int]:
    every: dict[str, int] = {}
    for table, stacks in bags_of(desk).items():
        desk.execute({"type": "bag", "table": table, "stacks": stacks})
        every.update(stacks)
    return every


def stopped_flight(desk: Desk, clock: FakeClock, names: list[str]) -> list[str]:
    """`names` bought in, registration over, busts down to the flight's stop; the entries, in buy-in order."""
    entries = seat_named(desk, names)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    return entries
