"""Flights and their Day 2 (docs/flights-and-satellites.md).

A flight stops at its target: the players left reach a number or a percentage of its entries once late
registration has closed, or the named level ends; its survivors bag their chips a table at a time, the
bags adding up to the chips in play. A Day 2 takes every flight's qualifiers with their bags, once: a
person who qualified twice carries one stack (`day2.two_stacks`), and the seats are drawn at random or
dealt by chip count (`day2.seating`), the draw recorded. A flight's cashier checks, by what the other
flights of the event said (`flights_known`), that a person may enter it (`flight.other_flights`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Annotated, Any, Literal, Required, cast

from ..arithmetic import windows
from ..arithmetic.clock import base_at, index_of_play_level
from ..arithmetic.names import search_key
from ..config import Price
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Common, Flag, Number, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import ACTIVE, Entry, Player, State
from . import seating
from .guards import get_entry

# -- the stop ---------------------------------------------------------------------------------------


def target(state: State) -> int | None:
    """The players left at which the flight stops: a number, or its percentage of the entries rounded up."""
    flight = state.config.flight
    if flight is None:
        return None
    if flight.stop_players_left is not None:
        return flight.stop_players_left
    if flight.stop_percent is not None:
        return max(1, -(-state.entry_count * flight.stop_percent // 100))
    return None


def level_over(state: State, now_ms: int) -> bool:
    """The level the flight stops after has ended."""
    flight = state.config.flight
    if flight is None or flight.stop_after_level is None or not state.clock.started:
        return False
    pos = windows.clock_at(state, now_ms)
    return pos.overtime or pos.index > index_of_play_level(state.config.levels, flight.stop_after_level)


def stop_due(state: State, now_ms: int, live: int, *, entries_closed: bool = False) -> str | None:
    """Why the flight stops now with `live` players left ("players_left", "level"), or None."""
    if state.config.flight is None or state.formats.stopped is not None or not state.clock.started:
        return None
    if level_over(state, now_ms):
        return "level"
    if not entries_closed and windows.places_provisional(state, now_ms):
        return None
    goal = target(state)
    if live <= 1 or (goal is not None and live <= goal):
        return "players_left"
    return None


def add_stop(state: State, ctx: Context, d: Decision, reason: str, live: int) -> None:
    """The stop, written in the decision of the command that reaches it (a bust, or `stop_flight`)."""
    flight = state.config.flight
    assert flight is not None
    if reason == "level" and flight.stop_after_level is not None:
        level = flight.stop_after_level
    else:
        level = windows.current_play_level(state, windows.clock_at(state, ctx.now_ms))
    d.add("flight_stopped", payloads.FlightStopped(reason=reason, players_left=live, target=target(state),
                                                   level=level))
    d.result.update(stopped=True, players_left=live)


class StopFlightCommand(Common, total=False):
    """The flight stops: its target is reached, its level is over, or the TD stops it before
    (`before_target`: a curfew)."""

    type: Required[Literal["stop_flight"]]
    before_target: Flag


@command(StopFlightCommand)
def decide_stop_flight(state: State, cmd: StopFlightCommand, ctx: Context) -> Decision:
    require_flight(state)
    if state.formats.stopped is not None:
        raise TourneyError("FLIGHT_STOPPED", "The flight has stopped already")
    if not state.clock.started:
        raise TourneyError("NOT_STARTED", "The flight has not started")
    d = Decision()
    reason = stop_due(state, ctx.now_ms, state.live)
    if reason is None and cmd.get("before_target"):
        reason = "td"
    if reason is None:
        raise TourneyError("FLIGHT_NOT_DUE", f"{state.live} players are left and the flight stops at "
                           f"{target(state)}", players_left=state.live, target=target(state),
                           level=state.config.flight.stop_after_level if state.config.flight else None)
    add_stop(state, ctx, d, reason, state.live)
    return d


def apply_flight_stopped(state: State, event: Event) -> None:
    p = cast(payloads.FlightStopped, event.payload)
    state.formats = replace(state.formats, stopped={"reason": p["reason"], "players_left": p["players_left"],
                                                    "target": p["target"], "level": p["level"], "at_ms": event.at_ms})
    # Nobody buys in, busts or moves any more: the flight is over but for its bags; the clock stands still.
    state.status = "finished"
    state.finished_ms = event.at_ms
    state.clock = base_at(state.config.levels, state.clock, event.at_ms)
    state.clock.running = False


def require_flight(state: State) -> None:
    if state.config.flight is None:
        raise TourneyError("NOT_A_FLIGHT", f"{state.config.name} is not a flight of an event",
                           name=state.config.name)


# -- the bags ---------------------------------------------------------------------------------------
class BagCommand(Common, total=False):
    """One table's bags once the flight has stopped: every player seated there, with their chips
    (`accept_difference`: the last table's bags need not add up to the chips in play; the difference
    is recorded)."""

    type: Required[Literal["bag"]]
    table: Number
    stacks: Annotated[dict[str, Any] | None, kinds.mapping(kinds.ENTRIES_MAX)]
    accept_difference: Flag


@command(BagCommand)
def decide_bag(state: State, cmd: BagCommand, ctx: Context) -> Decision:
    require_flight(state)
    formats = state.formats
    if formats.stopped is None:
        raise TourneyError("FLIGHT_NOT_STOPPED", "The flight plays on: its chips are bagged once it has stopped")
    if formats.bagged:
        raise TourneyError("FLIGHT_BAGGED", "Every table of the flight is bagged")
    number = cmd.get("table")
    if number is None:
        raise TourneyError("FIELD_MISSING", "Say which table: table is missing", field="table")
    if number in formats.bagged_tables:
        raise TourneyError("TABLE_BAGGED", f"Table {number} is bagged already", table=number)
    seated = survivors_at(state, number)
    if not seated:
        raise TourneyError("TABLE_CLOSED", f"Nobody is left at table {number}", table=number)
    stacks = cmd.get("stacks") or {}
    bags: dict[str, int] = {}
    for entry_id, chips in stacks.items():
        entry = get_entry(state, entry_id, "stacks")
        if entry.id not in seated:
            raise TourneyError("NOT_AT_TABLE", f"{state.entry_name(entry.id)} does not sit at table {number}",
                               entry=entry.id, name=state.entry_name(entry.id), table=number)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 1:
            raise TourneyError("CHIPS_INVALID", f"{state.entry_name(entry.id)}'s bag must hold 1 chip or more",
                               entry=entry.id, field="stacks")
        bags[entry.id] = chips
    missing = [e for e in seated if e not in bags]
    if missing:
        names = [state.entry_name(e) for e in missing]
        raise TourneyError("BAG_MISSING", f"Give every bag of table {number}: {', '.join(names)} missing",
                           table=number, entries=missing, names=names, field="stacks")
    before = sum(formats.bags.values())
    total = before + sum(bags.values())
    in_play = state.chips_in_play
    if total > in_play:
        raise TourneyError("BAGS_OVER", f"With table {number} the bags add up to {total} chips, more than the "
                           f"{in_play} in play: count it again", table=number, chips=total, in_play=in_play,
                           field="stacks")
    last = len(formats.bags) + len(bags) == state.live
    if last and total != in_play and not cmd.get("accept_difference"):
        raise TourneyError("BAGS_SHORT", f"The bags add up to {total} chips, {in_play - total} short of the "
                           f"{in_play} in play: count again, or accept the difference", table=number,
                           chips=total, in_play=in_play, missing=in_play - total)
    d = Decision(result={"table": number, "chips": sum(bags.values()), "bagged": total})
    d.add("chips_bagged", payloads.ChipsBagged(table=number, stacks=bags))
    if last:
        d.add("flight_bagged", payloads.FlightBagged(qualified=state.live, chips=total, difference=in_play - total))
        d.result["done"] = True
    return d


def survivors_at(state: State, number: Any) -> list[str]:
    """The entries still in play seated at a table, by seat."""
    table = state.tables.get(number) if isinstance(number, int) and not isinstance(number, bool) else None
    if table is None:
        return []
    return [e for _, e in sorted(table.seats.items()) if state.entries[e].status == ACTIVE]


def apply_chips_bagged(state: State, event: Event) -> None:
    p = cast(payloads.ChipsBagged, event.payload)
    # In the entries' order (e2 before e11), whatever order the payload's keys came in: the file stores them
    # sorted as text, and a reopened file must name the same chip leader on a tie (the first counted) as the
    # desk that wrote it.
    stacks = sorted(p["stacks"].items(), key=lambda item: (len(item[0]), item[0]))
    formats = state.formats
    state.formats = replace(formats, bags={**formats.bags, **dict(stacks)},
                            bagged_tables=[*formats.bagged_tables, p["table"]])
    # A bag is the stack's last count: the chip leader and the room's counts read it so.
    level = windows.clock_at(state, event.at_ms).index
    for entry_id, chips in stacks:
        state.counted[entry_id] = (chips, state.entries[entry_id].chips, event.at_ms, level)


def apply_flight_bagged(state: State, event: Event) -> None:
    p = cast(payloads.FlightBagged, event.payload)
    state.formats = replace(state.formats, bagged=True, bag_difference=p["difference"])


# -- the people of the other flights ----------------------------------------------------------------
def same_person(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The same member id when both have one; otherwise the same name, accents, case and spacing aside."""
    if a.get("member_id") and b.get("member_id"):
        return bool(a["member_id"] == b["member_id"])
    return search_key(str(a["name"])) == search_key(str(b["name"]))


class FlightsKnownCommand(Common, total=False):
    """What the event's other flights say of their people: who qualified there and who still plays."""

    type: Required[Literal["flights_known"]]
    flights: Annotated[list[Any] | None, kinds.listing(kinds.ENTRIES_MAX)]


@command(FlightsKnownCommand)
def decide_flights_known(state: State, cmd: FlightsKnownCommand, ctx: Context) -> Decision:
    require_flight(state)
    given = cmd.get("flights")
    if not isinstance(given, list):
        raise TourneyError("FIELD_MISSING", "List the other flights: flights is missing", field="flights")
    known: list[payloads.OtherFlight] = []
    for item in given:
        if not isinstance(item, dict) or not isinstance(item.get("tournament"), str) \
                or not isinstance(item.get("name"), str):
            raise TourneyError("FIELD_INVALID", "Each flight gives its tournament, name, qualified and playing",
                               field="flights")
        if item["tournament"] == state.tournament_id:
            raise TourneyError("FIELD_INVALID", "A flight is not another flight of itself", field="flights")
        known.append(payloads.OtherFlight(tournament=item["tournament"], name=item["name"],
                                          qualified=_people(item.get("qualified")),
                                          playing=_people(item.get("playing"))))
    changed = [f for f in known if state.formats.other_flights.get(f["tournament"]) != f]
    d = Decision(result={"flights": len(changed)})
    if changed:
        d.add("flights_known", payloads.FlightsKnown(flights=changed))
    return d


def _people(value: Any) -> list[payloads.PersonFacts]:
    if not isinstance(value, list):
        raise TourneyError("FIELD_INVALID", "qualified and playing list {name, member_id}", field="flights")
    people: list[payloads.PersonFacts] = []
    for person in value:
        if not isinstance(person, dict) or not isinstance(person.get("name"), str) \
                or not isinstance(person.get("member_id"), str | None):
            raise TourneyError("FIELD_INVALID", "qualified and playing list {name, member_id}", field="flights")
        people.append(payloads.PersonFacts(name=person["name"], member_id=person.get("member_id")))
    return people


def apply_flights_known(state: State, event: Event) -> None:
    p = cast(payloads.FlightsKnown, event.payload)
    known = {flight["tournament"]: dict(flight) for flight in p.get("flights") or []}  # the website's: none
    state.formats = replace(state.formats, other_flights={**state.formats.other_flights, **known})


def check_may_enter(state: State, player: Player) -> None:
    """`flight.other_flights`: a person still playing another flight may not enter this one; one who
    qualified in another may, unless the house says never after qualifying."""
    flight = state.config.flight
    if flight is None:
        return
    me = {"name": player.name, "member_id": player.member_id}
    for other in state.formats.other_flights.values():
        if any(same_person(me, p) for p in other["playing"]):
            raise TourneyError("PLAYS_IN_OTHER_FLIGHT", f"{player.name} still plays in {other['name']}: they may "
                               "enter another flight once busted", player=player.id, flight=other["name"])
        if flight.other_flights == "never_after_qualifying" and any(same_person(me, p) for p in other["qualified"]):
            raise TourneyError("QUALIFIED_IN_OTHER_FLIGHT", f"{player.name} qualified in {other['name']}: this "
                               "event allows no other flight after qualifying", player=player.id,
                               flight=other["name"])


# -- the Day 2 --------------------------------------------------------------------------------------
class TakeFlightsCommand(Common, total=False):
    """The Day 2 takes its flights: each one's result as its desk reads it (`flight_result`)."""

    type: Required[Literal["take_flights"]]
    flights: Annotated[list[Any] | None, kinds.listing(kinds.ENTRIES_MAX)]


FLIGHT_FIGURES = ("entries", "players", "prize_parts", "paid_day1", "chips", "seq", "stopped_ms")


@command(TakeFlightsCommand)
def decide_take_flights(state: State, cmd: TakeFlightsCommand, ctx: Context) -> Decision:
    day2 = state.config.day2
    if day2 is None:
        raise TourneyError("NOT_A_DAY2", "This tournament is not the Day 2 of an event")
    if state.formats.flights:
        raise TourneyError("FLIGHTS_TAKEN", "The Day 2 has taken its flights already")
    if state.players or state.clock.started:
        raise TourneyError("DAY2_STARTED", "The Day 2 takes its flights before anyone is registered")
    given = cmd.get("flights")
    if not isinstance(given, list) or not given:
        raise TourneyError("FIELD_MISSING", "Give the flights: flights is empty", field="flights")
    flights = sorted((_flight_result(state, item) for item in given), key=lambda f: (f["stopped_ms"], f["name"]))
    ids = [f["tournament"] for f in flights]
    if len(set(ids)) != len(ids):
        twice = next(f["name"] for f in flights if ids.count(f["tournament"]) > 1)
        raise TourneyError("FLIGHT_TWICE", f"{twice} is given twice", flight=twice)
    kept, dropped = _one_stack_each(flights, day2.two_stacks)
    _count_new_players(flights)
    seats = _day2_seats(state, ctx, kept, day2.seating)
    d = Decision(result={"qualifiers": len(kept), "tables": sorted({s[0] for s in seats}),
                         "dropped": sum(len(v) for v in dropped.values())})
    for flight in flights:
        mine = [q for q in kept if q["flight"] == flight["tournament"]]
        d.add("flight_taken", payloads.FlightTaken(
            tournament=flight["tournament"], name=flight["name"], entries=flight["entries"],
            players=flight["players"], prize_parts=flight["prize_parts"], paid_day1=flight["paid_day1"],
            chips=flight["chips"], qualified=len(flight["qualifiers"]), carried=len(mine),
            dropped=dropped.get(flight["tournament"], []), seq=flight["seq"], hash=flight["hash"]))
        if flight["bounty_parts"]:  # only then: a flight without mystery bounties is taken as it always was
            d.events[-1][1]["bounty_parts"] = flight["bounty_parts"]
        if flight["new_players"] is not None:
            d.events[-1][1]["new_players"] = flight["new_players"]
    for number in sorted({table for table, _ in seats}, key=state.config.seating.open_order.index):
        d.add("table_opened", payloads.TableOpened(table=number))
    for i, (qualifier, (table, seat)) in enumerate(zip(kept, seats, strict=True)):
        player, entry = f"p{i + 1}", f"e{i + 1}"
        d.add("player_registered", payloads.PlayerRegistered(
            player=player, name=qualifier["name"], nickname=qualifier["nickname"], email=None, phone=None,
            member_id=qualifier["member_id"]))
        d.add("qualifier_seated", payloads.QualifierSeated(
            entry=entry, player=player, chips=qualifier["chips"], flight=qualifier["flight"],
            flight_entry=qualifier["entry"], table=table, seat=seat))
    return d


def _flight_result(state: State, item: Any) -> dict[str, Any]:
    """One flight's result, checked: of this event, with figures that are whole numbers and bags adding up."""
    day2 = state.config.day2
    assert day2 is not None
    if not isinstance(item, dict):
        raise TourneyError("FIELD_INVALID", "Each flight is its result, as its desk reads it", field="flights")
    for key in ("tournament", "event", "name", "hash"):
        if not isinstance(item.get(key), str) or not item[key]:
            raise TourneyError("FIELD_INVALID", f"A flight's {key} is missing", field="flights", key=key)
    for key in FLIGHT_FIGURES:
        value = item.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TourneyError("FIELD_INVALID", f"{item['name']}'s {key} must be a whole number", field="flights",
                               key=key)
    if item["event"] != day2.event:
        raise TourneyError("FLIGHT_OF_ANOTHER_EVENT", f"{item['name']} is a flight of another event",
                           flight=item["name"], event=item["event"])
    qualifiers = item.get("qualifiers")
    if not isinstance(qualifiers, list) or len(qualifiers) > item["entries"]:
        raise TourneyError("FIELD_INVALID", f"{item['name']}'s qualifiers must list at most its entries",
                           field="flights")
    checked = [_qualifier(item, q) for q in qualifiers]
    if sum(q["chips"] for q in checked) != item["chips"]:
        raise TourneyError("FLIGHT_BAGS_DIFFER", f"{item['name']}'s bags do not add up to its {item['chips']} chips",
                           flight=item["name"], chips=item["chips"])
    bounty_parts = item.get("bounty_parts", 0)  # mystery bounties won from Day 2: the pool the flight collected
    if isinstance(bounty_parts, bool) or not isinstance(bounty_parts, int) or bounty_parts < 0:
        raise TourneyError("FIELD_INVALID", f"{item['name']}'s bounty_parts must be a whole number", field="flights",
                           key="bounty_parts")
    people = item.get("people")  # who played there (an older desk's result lists nobody: its players count)
    return {**{key: item[key] for key in ("tournament", "name", "hash", *FLIGHT_FIGURES)},
            "bounty_parts": bounty_parts, "qualifiers": checked,
            "people": _people(people) if people is not None else None}


def _count_new_players(flights: Sequence[dict[str, Any]]) -> None:
    """Each flight's `new_players`: its people who played no earlier flight (`same_person`: the member id when
    both have one, else the name), so that the event counts a person who entered two flights once. None for
    every flight when one does not list its people: the flights' players are then added up, as before."""
    if any(f["people"] is None for f in flights):
        for flight in flights:
            flight["new_players"] = None
        return
    ids: set[str] = set()
    names_without_id: set[str] = set()
    names: set[str] = set()
    for flight in flights:  # in the order they stopped
        new = 0  # a flight's players are people apart already (two of one name have their member ids)
        for person in flight["people"]:
            member_id, name = person.get("member_id"), search_key(str(person["name"]))
            new += not ((member_id in ids or name in names_without_id) if member_id else name in names)
        for person in flight["people"]:
            member_id, name = person.get("member_id"), search_key(str(person["name"]))
            names.add(name)
            if member_id:
                ids.add(member_id)
            else:
                names_without_id.add(name)
        flight["new_players"] = new


def _qualifier(flight: dict[str, Any], q: Any) -> dict[str, Any]:
    if not isinstance(q, dict) or not isinstance(q.get("entry"), str) or not isinstance(q.get("name"), str) \
            or isinstance(q.get("chips"), bool) or not isinstance(q.get("chips"), int) or q["chips"] < 1:
        raise TourneyError("FIELD_INVALID", f"{flight['name']}'s qualifiers each give their entry, name and chips",
                           field="flights")
    for key in ("nickname", "member_id"):
        if not isinstance(q.get(key), str | None):
            raise TourneyError("FIELD_INVALID", f"A qualifier's {key} is text", field="flights")
    return {"entry": q["entry"], "name": q["name"], "nickname": q.get("nickname"), "member_id": q.get("member_id"),
            "chips": q["chips"], "flight": flight["tournament"], "stopped_ms": flight["stopped_ms"]}


def _one_stack_each(flights: Sequence[dict[str, Any]], rule: str
                    ) -> tuple[list[dict[str, Any]], dict[str, list[payloads.DroppedStack]]]:
    """The qualifiers carried, one stack per person (`best`: the biggest, the earlier flight's on a tie;
    `first`: the earlier flight's), and the other qualifying entries of each flight."""
    people: list[list[dict[str, Any]]] = []
    for flight in flights:  # in the order they stopped: the first qualifying entry comes first
        for q in flight["qualifiers"]:
            same = next((group for group in people if same_person(group[0], q)), None)
            if same is None:
                people.append([q])
            else:
                same.append(q)
    kept: list[dict[str, Any]] = []
    dropped: dict[str, list[payloads.DroppedStack]] = {}
    for group in people:
        keep = max(group, key=lambda q: q["chips"]) if rule == "best" else group[0]
        kept.append(keep)
        for q in group:
            if q is not keep:
                dropped.setdefault(q["flight"], []).append(payloads.DroppedStack(
                    entry=q["entry"], name=q["name"], chips=q["chips"], kept=keep["flight"]))
    return kept, dropped


def _day2_seats(state: State, ctx: Context, qualifiers: list[dict[str, Any]], how: str) -> list[tuple[int, int]]:
    """Each qualifier's table and seat: as few tables as hold them all, in the opening order, within one
    player of each other; dealt in a random order (`draw`), or biggest stack first, up the tables and back
    down (`chip_count`: each table gets its share of the big stacks); each table's seats drawn."""
    seats_per_table = state.config.seating.seats_per_table
    count = -(-len(qualifiers) // seats_per_table)
    tables = list(state.config.seating.open_order[:count])
    if len(tables) < count:
        raise TourneyError("NO_SEAT_AVAILABLE", f"{len(qualifiers)} qualifiers need {count} tables; the settings "
                           f"have {len(tables)} (seating.tables)", tables=count)
    order = list(range(len(qualifiers)))
    if how == "draw":
        for i in range(len(order) - 1, 0, -1):  # Fisher-Yates, each swap drawn and so recorded in the seats
            j = ctx.randbelow(i + 1)
            order[i], order[j] = order[j], order[i]
    else:
        order.sort(key=lambda i: (-qualifiers[i]["chips"], search_key(qualifiers[i]["name"])))
    at: dict[int, list[int]] = {t: [] for t in tables}
    for position, i in enumerate(order):
        lap, step = divmod(position, count)
        table = tables[step if how == "draw" or lap % 2 == 0 else count - 1 - step]
        at[table].append(i)
    placed: list[tuple[int, int]] = [(0, 0)] * len(qualifiers)
    for table, members in at.items():
        free = list(range(1, seats_per_table + 1))
        for i in members:
            placed[i] = (table, free.pop(ctx.randbelow(len(free))))
    return placed


def apply_flight_taken(state: State, event: Event) -> None:
    state.formats = replace(state.formats, flights=[*state.formats.flights, dict(event.payload)])


def apply_qualifier_seated(state: State, event: Event) -> None:
    p = cast(payloads.QualifierSeated, event.payload)
    entry = Entry(id=p["entry"], player=p["player"], number=1, price=Price(0, 0, 0), chips=p["chips"])
    state.entries[entry.id] = entry
    state.entry_count += 1
    state.players[entry.player].entries.append(entry.id)
    state.players_entered += 1
    state.live += 1
    state.chips_bought += entry.chips
    seating.seat_entry(state, entry.id, p["table"], p["seat"])
    carried = {"flight": p["flight"], "flight_entry": p["flight_entry"]}
    state.formats = replace(state.formats, carried={**state.formats.carried, entry.id: carried})
    # The bag is the stack's count until the chips are counted again on Day 2: the leaderboard's first figures.
    state.counted[entry.id] = (p["chips"], entry.chips, event.at_ms, first_index(state))


def first_index(state: State) -> int:
    """The level index a clock starts at: a Day 2's first level, or the first."""
    day2 = state.config.day2
    return index_of_play_level(state.config.levels, day2.first_level) if day2 is not None else 0


def require_not_day2(state: State) -> None:
    """A Day 2 sells nothing: its players are the flights' qualifiers."""
    if state.config.day2 is not None:
        raise TourneyError("DAY2_NO_ENTRIES", "The Day 2's players come from its flights: nobody buys in here")
