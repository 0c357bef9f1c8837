"""Satellites: prizes that are seats in a target event (docs/flights-and-satellites.md).

The pool buys whole seats (`arithmetic.satellite`); play ends when the players left equal the seats,
once late registration has closed, and every survivor wins one, the survivors sharing places 1 to the
number of seats. A winner who already holds a seat to the target takes its value in cash where the
house says so. Each seat won is paid out of the satellite's drawer to the target event (`seat_won`,
payment `satellite`); the target's file takes the seats as buy-ins paid by that method, the satellite
named in its ledger (`take_satellite_seats`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any, Literal, Required, cast

from ..arithmetic import bounty, standings, windows
from ..arithmetic.clock import base_at
from ..arithmetic.names import search_key
from ..arithmetic.standings import all_places
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Common, Flag, Id, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import ACTIVE, Player, State
from . import flights, planner
from .guards import get_player, require_not_finished

SEAT_PAYMENT = "satellite"  # the payment method of a seat: out of the satellite's drawer, into the target's


def maybe_end(state: State, ctx: Context, d: Decision, *, live_after: int, abandoned_after: int,
              entries_closed: bool) -> None:
    """The players left equal the seats (or one is left of a pool that buys none), no stack is left to blind
    off, and no entry can arrive: every survivor wins a seat."""
    config = state.config.satellite
    assert config is not None
    won = planner.satellite_seats(state)
    if live_after > max(won, 1) or abandoned_after > 0 or (
            not entries_closed and windows.places_provisional(state, ctx.now_ms)):
        return
    if state.hand_for_hand and any(kind == "busted" for kind, _ in d.events):
        return  # the seat bubble's hand is played at every table: it ends when the TD says the hand is over
    leaving = {p["entry"] for t, p in d.events if t in ("busted", "entry_removed")}
    winners = [e.id for e in state.entries.values() if e.status == ACTIVE and e.id not in leaving]
    # Out in the hand that ends it, or before: a place wholly among the seats wins one (of two out in one
    # hand, the bigger stack at its start, UPPS 7.2); a place shared across the line is paid in cash.
    out = [(o["place"], o["entry"]) for o in d.result.get("out", []) if o["place"] is not None
           and o["place_to"] <= won]
    out += [(place[0], e) for e, place in all_places(state).items()
            if place[1] <= won and state.entries[e].status != ACTIVE]
    winners += [entry_id for _, entry_id in sorted(out)]
    holders = set(state.formats.holders)
    cash = [e for e in winners if state.entries[e].player in holders] if config.holder_takes_cash and won else []
    d.add("satellite_ended", payloads.SatelliteEnded(seats=won, winners=winners, cash_instead=cash))
    if won:
        for entry_id in winners:
            if entry_id not in cash:
                d.add("seat_won", payloads.SeatWon(entry=entry_id, amount=config.seat_value, payment=SEAT_PAYMENT,
                                                   target=config.target))
    d.result.update(finished=True, seats=won, seat_winners=winners, cash_instead=cash)


def apply_satellite_ended(state: State, event: Event) -> None:
    p = cast(payloads.SatelliteEnded, event.payload)
    state.status = "finished"
    state.finished_ms = event.at_ms
    state.clock = base_at(state.config.levels, state.clock, event.at_ms)
    state.clock.running = False
    state.formats = replace(state.formats, ended={"seats": p["seats"], "winners": list(p["winners"]),
                                                  "cash_instead": list(p["cash_instead"])})
    # The survivors share places 1 to their number: one group, no stack to rank them by (a winner out in
    # the last hand has its place already).
    survivors = [e for e in p["winners"] if state.entries[e].status == ACTIVE]
    for i, entry_id in enumerate(survivors):
        bounty.collect_own(state, entry_id)
        standings.add(state, {"entry": entry_id, "table": None, "stack": None}, hand=None, join=i > 0)


def apply_seat_won(state: State, event: Event) -> None:
    p = cast(payloads.SeatWon, event.payload)
    value = state.config.satellite.seat_value if state.config.satellite else 0
    state.formats = replace(state.formats, seats={**state.formats.seats, p["entry"]: value})
    if "amount" not in p:
        return  # the website's copy: what was paid out, and how, stays on the laptop
    state.entries[p["entry"]].paid += p["amount"]
    m = state.money
    m.paid_out += p["amount"]
    m.drawer[p["payment"]] = m.drawer.get(p["payment"], 0) - p["amount"]


class HoldsSeatCommand(Common, total=False):
    """A player already holds a seat to the satellite's target (`held` false: they do not after all)."""

    type: Required[Literal["holds_seat"]]
    player: Id
    held: Flag


@command(HoldsSeatCommand, devices=("td", "cashier"))
def decide_holds_seat(state: State, cmd: HoldsSeatCommand, ctx: Context) -> Decision:
    if state.config.satellite is None:
        raise TourneyError("NOT_A_SATELLITE", "This tournament is not a satellite")
    require_not_finished(state)
    player = get_player(state, cmd)
    held = cmd.get("held", True) is not False
    d = Decision(result={"player": player.id, "held": held})
    if held != (player.id in state.formats.holders):
        d.add("seat_held", payloads.SeatHeld(player=player.id, held=held))
    return d


def apply_seat_held(state: State, event: Event) -> None:
    p = cast(payloads.SeatHeld, event.payload)
    if "player" not in p:
        return  # the website's copy: who holds a seat stays on the laptop
    holders = [h for h in state.formats.holders if h != p["player"]] + ([p["player"]] if p["held"] else [])
    state.formats = replace(state.formats, holders=holders)


# -- the target's side ---------------------------------------------------------------------------------
class TakeSatelliteSeatsCommand(Common, total=False):
    """The seats a satellite gave, taken as paid buy-ins (`satellite`: its seats as its desk reads them,
    `satellite_seats`; `skip`: the satellite's entries left out)."""

    type: Required[Literal["take_satellite_seats"]]
    satellite: Annotated[dict[str, Any] | None, kinds.mapping(kinds.ENTRIES_MAX)]
    skip: Annotated[list[Any] | None, kinds.listing(kinds.ENTRIES_MAX)]


@command(TakeSatelliteSeatsCommand)
def decide_take_satellite_seats(state: State, cmd: TakeSatelliteSeatsCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    flights.require_not_day2(state)
    given = _seats_given(cmd.get("satellite"))
    if given["tournament"] == state.tournament_id:
        raise TourneyError("FIELD_INVALID", "A satellite gives seats in another tournament", field="satellite")
    if given["tournament"] in state.formats.satellites:
        raise TourneyError("SATELLITE_TAKEN", f"The seats of {given['name']} are taken already",
                           satellite=given["name"])
    ours = {state.tournament_id} | ({state.config.flight.event} if state.config.flight else set())
    if given["target_id"] is not None and given["target_id"] not in ours:
        raise TourneyError("SEAT_FOR_ANOTHER_EVENT", f"{given['name']} gives seats in another event",
                           satellite=given["name"])
    price = state.config.buy_in
    if given["seat_value"] != price.total:
        raise TourneyError("SEAT_VALUE_DIFFERS", f"A seat of {given['name']} is worth {given['seat_value']}; a "
                           f"buy-in here costs {price.total}", seat_value=given["seat_value"], buy_in=price.total)
    if not windows.registration_open(state, ctx.now_ms):
        raise TourneyError("REGISTRATION_CLOSED", "Late registration is closed")
    skip = cmd.get("skip") or []
    seats = [s for s in given["seats"] if s["entry"] not in skip]
    if not seats:
        raise TourneyError("FIELD_MISSING", f"{given['name']} has no seat left to take", field="satellite")
    d = Decision()
    people: list[tuple[dict[str, Any], Player | None]] = [(s, _found(state, s)) for s in seats]
    entered = [s["name"] for s, player in people if player is not None and (player.entries or player.out)]
    if entered:
        raise TourneyError("SEAT_HOLDER_ENTERED", f"{', '.join(entered)} entered already: leave them out",
                           names=entered, entries=[s["entry"] for s, p in people if s["name"] in entered])
    for _, player in people:
        if player is not None:
            flights.check_may_enter(state, player)
    drawn = _draw_seats(state, ctx, len(people))
    opened = [table for table, _, opens in drawn if opens]
    for table in opened:
        d.add("table_opened", payloads.TableOpened(table=table))
    new_ids: set[str] = set()
    bought: list[str] = []
    for (seat_won, player), (table, seat, _) in zip(people, drawn, strict=True):
        if player is None:
            player_id = _new_id("p", state.player_count, state.players, new_ids)
            d.add("player_registered", payloads.PlayerRegistered(
                player=player_id, name=seat_won["name"], nickname=seat_won["nickname"], email=None, phone=None,
                member_id=seat_won["member_id"]))
        else:
            player_id = player.id
        entry_id = _new_id("e", state.entry_count, state.entries, new_ids)
        d.add("entry_bought", payloads.EntryBought(
            entry=entry_id, player=player_id, number=1, reentry=False, payment=SEAT_PAYMENT, price=price.to_dict(),
            chips=state.config.starting_stack, bonus=0, table=table, seat=seat, previous=None,
            satellite=payloads.SatelliteNamed(tournament=given["tournament"], name=given["name"])))
        bought.append(entry_id)
    d.add("satellite_seats_taken", payloads.SatelliteSeatsTaken(satellite=given["tournament"], name=given["name"],
                                                                entries=bought))
    d.result.update(entries=bought)
    return d


def _seats_given(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TourneyError("FIELD_MISSING", "Give the satellite's seats: satellite is missing", field="satellite")
    for key in ("tournament", "name"):
        if not isinstance(value.get(key), str) or not value[key]:
            raise TourneyError("FIELD_INVALID", f"The satellite's {key} is missing", field="satellite")
    seat_value = value.get("seat_value")
    if isinstance(seat_value, bool) or not isinstance(seat_value, int) or seat_value < 1:
        raise TourneyError("FIELD_INVALID", "The satellite's seat_value is a whole amount", field="satellite")
    if not isinstance(value.get("target_id"), str | None) or not isinstance(value.get("seats"), list):
        raise TourneyError("FIELD_INVALID", "The satellite gives its target_id and its seats", field="satellite")
    seats = []
    for s in value["seats"]:
        if not isinstance(s, dict) or not isinstance(s.get("entry"), str) or not isinstance(s.get("name"), str) \
                or not all(isinstance(s.get(k), str | None) for k in ("nickname", "member_id")):
            raise TourneyError("FIELD_INVALID", "Each seat gives its entry, name, nickname and member_id",
                               field="satellite")
        seats.append({"entry": s["entry"], "name": s["name"], "nickname": s.get("nickname"),
                      "member_id": s.get("member_id")})
    return {"tournament": value["tournament"], "name": value["name"], "target_id": value.get("target_id"),
            "seat_value": seat_value, "seats": seats}


def _found(state: State, seat: dict[str, Any]) -> Player | None:
    """The registered person a seat winner is: by member id, or by name where either has none."""
    for player_id in state.names.get(search_key(seat["name"]), []):
        player = state.players[player_id]
        if flights.same_person({"name": player.name, "member_id": player.member_id}, seat):
            return player
    if seat["member_id"]:
        return next((p for p in state.players.values() if p.member_id == seat["member_id"]), None)
    return None


def _new_id(prefix: str, count: int, taken: dict[str, Any], new: set[str]) -> str:
    """The next id after `count` that neither the state nor this decision has handed out (`entries.next_id`,
    for several at once)."""
    number = count + 1
    while f"{prefix}{number}" in taken or f"{prefix}{number}" in new:
        number += 1
    new.add(f"{prefix}{number}")
    return f"{prefix}{number}"


def _draw_seats(state: State, ctx: Context, count: int) -> list[tuple[int, int, bool]]:
    """(table, seat, opens) for `count` new entries in turn, as a buy-in draws each one's: a random seat at
    a table with the fewest players, the next table opening when every open one is full."""
    per_table = state.config.seating.seats_per_table
    taken = {number: set(state.tables[number].seats) for number in state.open_tables}
    drawn: list[tuple[int, int, bool]] = []
    for _ in range(count):
        room = [t for t, seats in taken.items() if len(seats) < per_table]
        opens = not room
        if opens:
            table = next((t for t in state.config.seating.open_order if t not in taken), None)
            if table is None:
                raise TourneyError("NO_SEAT_AVAILABLE", "Every table is full: add tables in the settings "
                                   "(seating.tables) before seating anyone else")
            taken[table] = set()
        else:
            fewest = min(len(taken[t]) for t in room)
            table = ctx.choice(sorted(t for t in room if len(taken[t]) == fewest))
        seat = ctx.choice([s for s in range(1, per_table + 1) if s not in taken[table]])
        taken[table].add(seat)
        drawn.append((table, seat, opens))
    return drawn


def apply_satellite_seats_taken(state: State, event: Event) -> None:
    p = cast(payloads.SatelliteSeatsTaken, event.payload)
    taken = {"name": p["name"], "entries": list(p["entries"])}
    state.formats = replace(state.formats, satellites={**state.formats.satellites, p["satellite"]: taken})
