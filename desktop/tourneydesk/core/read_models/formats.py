"""What a flight, a Day 2 and a satellite show of themselves (docs/flights-and-satellites.md).

The snapshot's `event` part (the event as a whole: a flight's target and bags, a Day 2's flights, total
entries, combined pool and chip-count leaderboard; a satellite's seats and leftover), and what another
file reads of this one through its desk: a flight's result for its Day 2 (`flight_result`), its people
for the event's other flights (`flight_people`), a satellite's seats for its target (`satellite_seats`).
Plain data, built from the state and never the state's own objects.
"""

from __future__ import annotations

from typing import Any

from ..arithmetic import money, satellite
from ..arithmetic.standings import all_places
from ..protocol.errors import TourneyError
from ..rules import chip_counts, flights
from ..rules.eliminations import prize_of
from ..state import ACTIVE, BUSTED, State

LEADERBOARD = 20  # the Day 2's chip-count leaderboard: its top stacks


def event_part(state: State) -> dict[str, Any] | None:
    """The snapshot's `event`: None for a tournament that is neither a flight, a Day 2 nor a satellite."""
    config = state.config
    formats = state.formats
    if config.flight is not None:
        flight = config.flight
        return {"kind": "flight", "event": flight.event, "event_name": flight.event_name, "name": flight.name,
                "target": flights.target(state), "stop_after_level": flight.stop_after_level,
                "day1_pays": flight.day1_pays, "stopped": formats.stopped, "bagged": formats.bagged,
                "tables_bagged": list(formats.bagged_tables), "chips_bagged": sum(formats.bags.values()),
                "bags": len(formats.bags), "difference": formats.bag_difference,
                "paid_day1": paid_day1(state)}
    if config.day2 is not None:
        day2 = config.day2
        return {"kind": "day2", "event": day2.event, "event_name": day2.event_name,
                "flights": [{**{key: f[key] for key in ("tournament", "name", "entries", "players", "qualified",
                                                        "carried", "prize_parts", "paid_day1", "chips", "dropped")},
                             **({"new_players": f["new_players"]} if "new_players" in f else {})}
                            for f in formats.flights],
                # the event's people, each once (a Day 2 taken before they were counted does not know them)
                **({"players": sum(f["new_players"] for f in formats.flights)}
                   if all("new_players" in f for f in formats.flights) else {}),
                "entries": formats.event_entries, "qualifiers": len(formats.carried),
                "combined_pool": formats.combined_pool + config.payouts.added + money.overlay(state),
                "paid_day1": formats.paid_day1, "leaderboard": leaderboard(state)}
    if config.satellite is not None:
        sat = config.satellite
        pool = money.prize_pool(state)
        ended = formats.ended
        return {"kind": "satellite", "target": sat.target, "target_id": sat.target_id, "seat_value": sat.seat_value,
                "seats": satellite.seats(pool, sat), "leftover": satellite.leftover(pool, sat),
                "leftover_rule": sat.leftover, "step": sat.step, "holder_takes_cash": sat.holder_takes_cash,
                "holders": list(formats.holders), "ended": dict(ended) if ended else None}
    return None


def leaderboard(state: State) -> list[dict[str, Any]]:
    """The Day 2's biggest stacks in play, as last counted (the bags until then), with the flight of each."""
    names = {f["tournament"]: f["name"] for f in state.formats.flights}
    stacks = [(chip_counts.stack_of(state, e.id), e.id) for e in state.entries.values() if e.status == ACTIVE]
    ranked = sorted(((s, e) for s, e in stacks if s is not None), key=lambda item: (-item[0], item[1]))
    return [{"entry": e, "name": state.entry_name(e), "stack": s,
             "flight": names.get(state.formats.carried.get(e, {}).get("flight", ""))}
            for s, e in ranked[:LEADERBOARD]]


def paid_day1(state: State) -> int:
    """What a flight pays on Day 1: the prizes of its busts in its own money."""
    if money.no_places(state) or state.config.flight is None:
        return 0
    paid = money.paid_places(state)
    return sum(prize_of(state, e, place) for e, place in all_places(state).items()
               if place[0] <= paid and state.entries[e].status == BUSTED)


def flight_result(state: State, seq: int, last_hash: str) -> dict[str, Any]:
    """What a Day 2 takes of this flight (`take_flights`): refused until the flight has stopped and every
    table is bagged."""
    flight = state.config.flight
    if flight is None:
        raise TourneyError("NOT_A_FLIGHT", f"{state.config.name} is not a flight of an event",
                           name=state.config.name)
    if not state.formats.bagged or state.formats.stopped is None:
        raise TourneyError("FLIGHT_NOT_BAGGED", f"{flight.name} is not bagged yet: its Day 2 takes it once every "
                           "table is bagged", flight=flight.name)
    qualifiers = []
    # Who played, for the Day 2 to count each person once over the flights; only a count of them goes on its log.
    people = [{"name": p.name, "member_id": p.member_id} for p in state.players.values() if p.entries]
    for entry_id, chips in state.formats.bags.items():
        player = state.players[state.entries[entry_id].player]
        qualifiers.append({"entry": entry_id, "name": player.name, "nickname": player.nickname,
                           "member_id": player.member_id, "chips": chips})
    return {"tournament": state.tournament_id, "event": flight.event, "name": flight.name,
            "entries": state.entry_count, "players": state.players_entered,
            "prize_parts": state.money.prize_parts, "bounty_parts": state.money.bounty_parts,
            "paid_day1": paid_day1(state),
            "chips": sum(state.formats.bags.values()), "seq": seq, "hash": last_hash,
            "stopped_ms": state.formats.stopped["at_ms"], "level": state.formats.stopped["level"],
            "qualifiers": qualifiers, "people": people}


def flight_people(state: State) -> dict[str, Any]:
    """What the event's other flights need of this one (`flights_known`): who qualified, who still plays."""
    flight = state.config.flight
    if flight is None:
        raise TourneyError("NOT_A_FLIGHT", f"{state.config.name} is not a flight of an event",
                           name=state.config.name)

    def person(entry_id: str) -> dict[str, Any]:
        player = state.players[state.entries[entry_id].player]
        return {"name": player.name, "member_id": player.member_id}

    live = [e.id for e in state.entries.values() if e.status == ACTIVE]
    stopped = state.formats.stopped is not None
    return {"tournament": state.tournament_id, "event": flight.event, "name": flight.name,
            "qualified": [person(e) for e in live] if stopped else [],
            "playing": [] if stopped else [person(e) for e in live]}


def satellite_seats(state: State, seq: int, last_hash: str) -> dict[str, Any]:
    """The seats a satellite gave, for its target's file (`take_satellite_seats`): refused until it has ended."""
    sat = state.config.satellite
    if sat is None:
        raise TourneyError("NOT_A_SATELLITE", "This tournament is not a satellite")
    ended = state.formats.ended
    if ended is None:
        raise TourneyError("SATELLITE_NOT_ENDED", "The satellite plays on: its seats are known once it has ended")
    seats = []
    for entry_id in ended["winners"]:
        if entry_id in ended["cash_instead"]:
            continue
        player = state.players[state.entries[entry_id].player]
        seats.append({"entry": entry_id, "name": player.name, "nickname": player.nickname,
                      "member_id": player.member_id})
    return {"tournament": state.tournament_id, "name": state.config.name, "target": sat.target,
            "target_id": sat.target_id, "seat_value": sat.seat_value, "seats": seats, "seq": seq, "hash": last_hash}
