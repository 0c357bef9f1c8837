"""Seating a new entry: a random empty seat at the open table with the fewest players.

Tables open in `open_order` as the field grows: when every open table is full, the next one opens
(docs/rules.md: seating). Seats are never renumbered. A player who left an abandoned stack behind (PKR4U 6)
is never seated at that stack's table. Balancing, breaking and the final-table draw build on this.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Required, cast

from ..arithmetic import positions
from ..protocol import payloads
from ..protocol.commands import Common, Flag, Id, Number, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..read_models import news
from ..state import ABANDONED, State, Table
from .guards import get_entry, require_active, require_not_finished


def empty_seats(state: State, table: Table) -> list[int]:
    return [s for s in range(1, state.config.seating.seats_per_table + 1) if s not in table.seats]


def tables_barred_for(state: State, player_id: str) -> set[int]:
    """Tables where this player's own abandoned stack still sits (PKR4U 6)."""
    barred = set()
    for entry_id in state.players[player_id].entries:
        entry = state.entries[entry_id]
        if entry.status == ABANDONED and entry.table is not None:
            barred.add(entry.table)
    return barred


def next_table_to_open(state: State, barred: set[int] | frozenset[int] = frozenset()) -> int | None:
    opened = set(state.open_tables)
    for number in state.config.seating.open_order:
        if number not in opened and number not in barred:
            return number
    return None


def draw_seat(state: State, ctx: Context, barred: set[int]) -> tuple[int, int, bool]:
    """(table, seat, opens_table): the seat a new entry takes, drawn at random."""
    seats = state.config.seating.seats_per_table
    for count in range(seats):
        # Tables are kept by head count, so the draw costs the same at 3 tables as at 3,000.
        candidates = state.by_count.get(count)
        if candidates:
            eligible = sorted(candidates - barred if barred else candidates)
            if eligible:
                table = ctx.choice(eligible)
                return table, ctx.choice(empty_seats(state, state.tables[table])), False
    number = next_table_to_open(state, barred)
    if number is None:
        raise TourneyError(
            "NO_SEAT_AVAILABLE",
            "Every table is full: add tables in the settings (seating.tables) before seating anyone else",
        )
    return number, ctx.randbelow(seats) + 1, True


def seats_free(state: State, barred: set[int] | frozenset[int] = frozenset()) -> int:
    """The seats a new entry could take now: the empty seats of the open tables, and every seat of the
    tables not opened yet."""
    seats = state.config.seating.seats_per_table
    empty = sum((seats - count) * len(tables - barred) for count, tables in state.by_count.items() if count < seats)
    unopened = sum(1 for n in state.config.seating.tables if n not in state.tables and n not in barred)
    return empty + unopened * seats


def open_table(state: State, number: int) -> None:
    if number not in state.tables:  # state.tables holds the open tables only
        state.tables[number] = Table(number)
        state.open_tables.append(number)
        state.by_count.setdefault(0, set()).add(number)


def _recount(state: State, table: Table, before: int) -> None:
    state.by_count[before].discard(table.number)
    state.by_count.setdefault(len(table.seats), set()).add(table.number)


def seat_entry(state: State, entry_id: str, table: int, seat: int) -> None:
    entry = state.entries[entry_id]
    open_table(state, table)
    at = state.tables[table]
    before = len(at.seats)
    at.seats[seat] = entry_id
    _recount(state, at, before)
    entry.table, entry.seat = table, seat


def unseat_entry(state: State, entry_id: str) -> None:
    """The entry leaves its seat; the seat stays where it is, empty (UPPS 4.4)."""
    entry = state.entries[entry_id]
    if entry.table is not None and entry.seat is not None:
        table = state.tables[entry.table]
        if table.seats.get(entry.seat) == entry_id:
            before = len(table.seats)
            del table.seats[entry.seat]
            _recount(state, table, before)
    entry.last_table, entry.last_seat = entry.table, entry.seat
    entry.table, entry.seat = None, None


class MoveCommand(Common, total=False):
    """A player moved to another table."""

    type: Required[Literal["move"]]
    entry: Id
    table: Number
    seat: Number
    balance: Flag


@command(MoveCommand, devices=("td", "floor"))
def decide_move(state: State, cmd: MoveCommand, ctx: Context) -> Decision:
    """One player to an empty seat of another table (UPPS 4.4: never another seat of the same table)."""
    require_not_finished(state)
    entry = get_entry(state, cmd.get("entry"))
    require_active(state, entry)
    number, seat = open_table_named(state, cmd.get("table")).number, cmd.get("seat")
    if number == entry.table:
        raise TourneyError("SAME_TABLE", "A player is never moved to another seat of the same table (UPPS 4.4)",
                           table=number)
    if number in tables_barred_for(state, entry.player):
        raise TourneyError("TABLE_BARRED", f"{state.entry_name(entry.id)} left an abandoned stack at table "
                           f"{number} and cannot sit there (PKR4U 6)", table=number)
    seats = state.config.seating.seats_per_table
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
        raise TourneyError("FIELD_INVALID", f"seat must be from 1 to {seats}", field="seat")
    holder = state.tables[number].seats.get(seat)
    if holder is not None:
        raise TourneyError("SEAT_TAKEN", f"Table {number} seat {seat} is taken by {state.entry_name(holder)}",
                           table=number, seat=seat)
    table = state.tables[number]
    waits = None
    if table.button is not None and seat in positions.waiting_zone(table.seats, table.button, seats):
        waits = state.config.seating.moved_player_waits  # put on the button or small blind: dealt out
    d = Decision(result={"entry": entry.id, "table": number, "seat": seat, "waits": waits})
    # `balance`: the plan's balancing move, applied one at a time (the room is told, as for a balance).
    moved = payloads.Moved(entry=entry.id, table=number, seat=seat, from_table=entry.table, from_seat=entry.seat,
                           waits=waits)
    if cmd.get("balance") is True:
        moved["reason"] = "balance"
    d.add("moved", moved)
    return d


def _moves_from(state: State, moved: Sequence[Mapping[str, Any]], table: int | None = None) -> list[dict[str, Any]]:
    """Each move with the seat it leaves, read before the seats change (for the room's news)."""
    return [{"entry": m["entry"], "from_table": state.entries[m["entry"]].table,
             "from_seat": state.entries[m["entry"]].seat, "table": m.get("table", table), "seat": m["seat"]}
            for m in moved]


def apply_moved(state: State, event: Event) -> None:
    p = cast(payloads.Moved, event.payload)
    if p.get("reason") == "balance":  # a move the TD chose alone is the TD's to say
        news.moves(state, event.at_ms, "balance", p.get("from_table"), _moves_from(state, [p]))
    else:  # ... but the room is no longer sent to the seat a balance gave before
        news.seat_changed(state, {p["entry"]})
    unseat_entry(state, p["entry"])
    seat_entry(state, p["entry"], p["table"], p["seat"])
    state.entries[p["entry"]].waits = p.get("waits")


def set_fresh(state: State, table: Table, fresh: bool) -> None:
    table.fresh = fresh
    if fresh:
        state.fresh_tables.add(table.number)
    else:
        state.fresh_tables.discard(table.number)


def close_table(state: State, number: int) -> None:
    table = state.tables.pop(number)
    state.open_tables.remove(number)
    state.fresh_tables.discard(number)
    state.by_count[len(table.seats)].discard(number)


# -- the button ------------------------------------------------------------------------------------
class SetButtonCommand(Common, total=False):
    """Where the button is at a table."""

    type: Required[Literal["set_button"]]
    table: Number
    seat: Number


@command(SetButtonCommand, devices=("td", "floor"))
def decide_set_button(state: State, cmd: SetButtonCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    table = open_table_named(state, cmd.get("table"))
    seat = cmd.get("seat")
    seats = state.config.seating.seats_per_table
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= seats:
        raise TourneyError("FIELD_INVALID", f"seat must be from 1 to {seats}", field="seat")
    # TDA's dead button: the button may stay on the empty seat of a player who went out. Heads-up it
    # never does, the player on the button posting the small blind (UPPS general rule 3).
    if seat not in table.seats and len(table.seats) <= 2:
        raise TourneyError("SEAT_EMPTY", f"Table {table.number} seat {seat} is empty: with {len(table.seats)} "
                           "players the button goes to a player", table=table.number, seat=seat,
                           players=len(table.seats))
    d = Decision(result={"table": table.number, "seat": seat})
    d.add("button_set", payloads.ButtonSet(table=table.number, seat=seat))
    return d


def apply_button_set(state: State, event: Event) -> None:
    """The button of the next hand. A player who was waiting is dealt in once the blinds reach them:
    after one hand (`one_hand`), or when they are no longer on the button or small blind (`big_blind`)."""
    p = cast(payloads.ButtonSet, event.payload)
    table = state.tables[p["table"]]
    table.button = p["seat"]
    set_fresh(state, table, False)  # a button means hands are being dealt there
    seats = state.config.seating.seats_per_table
    blind_seats = positions.blinds(table.seats, table.button, seats)
    small = blind_seats[0] if blind_seats else None
    for seat, entry_id in table.seats.items():
        entry = state.entries[entry_id]
        if entry.waits == "one_hand" or (entry.waits == "big_blind" and seat not in (table.button, small)):
            entry.waits = None


def open_table_named(state: State, number: Any) -> Table:
    if isinstance(number, bool) or not isinstance(number, int):
        raise TourneyError("FIELD_INVALID", "table must be a table number", field="table")
    if number not in state.tables:
        known = number in state.config.seating.tables
        raise TourneyError("TABLE_CLOSED" if known else "TABLE_UNKNOWN",
                           f"Table {number} is not open" if known else f"There is no table {number}",
                           table=number)
    return state.tables[number]


# -- what the plan's steps write ----------------------------------------------------------------------
def apply_table_broken(state: State, event: Event) -> None:
    p = cast(payloads.TableBroken, event.payload)
    news.moves(state, event.at_ms, "break", p["table"], _moves_from(state, p["moves"]))
    for move in p["moves"]:
        unseat_entry(state, move["entry"])
    close_table(state, p["table"])
    for move in p["moves"]:
        seat_entry(state, move["entry"], move["table"], move["seat"])
        state.entries[move["entry"]].waits = move.get("waits")


def apply_table_filled(state: State, event: Event) -> None:
    p = cast(payloads.TableFilled, event.payload)
    news.moves(state, event.at_ms, "fill", p["table"], _moves_from(state, p["moves"], p["table"]))
    for move in p["moves"]:
        unseat_entry(state, move["entry"])
        seat_entry(state, move["entry"], p["table"], move["seat"])
        state.entries[move["entry"]].waits = None
    set_fresh(state, state.tables[p["table"]], False)


def apply_final_table_drawn(state: State, event: Event) -> None:
    p = cast(payloads.FinalTableDrawn, event.payload)
    news.moves(state, event.at_ms, "final", p["table"], _moves_from(state, p["seats"], p["table"]))
    for drawn in p["seats"]:
        unseat_entry(state, drawn["entry"])
    for number in p["closed"]:
        close_table(state, number)
    for drawn in p["seats"]:
        seat_entry(state, drawn["entry"], p["table"], drawn["seat"])
        state.entries[drawn["entry"]].waits = None
    table = state.tables[p["table"]]
    table.button = p["button"]
    set_fresh(state, table, False)
    state.final_table = p["table"]
