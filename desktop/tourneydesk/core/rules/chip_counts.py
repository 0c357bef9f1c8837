"""Chip counts: what the TD counted in front of a player, one stack or a whole table at the break.

A count is a record of the room, not a movement of chips: the chips in play are what was bought
less what colour-ups took out (`State.chips_in_play`), and a count changes neither. The chips move
from stack to stack in hands the desk never sees, so a count says what a stack was when counted;
the rebuys and add-ons the entry buys after it are added to it (they are known), a bust ends it.
A count is refused when it could not be true: no chips (a player with none is out: bust them), or
more than every chip in play, alone or with the rest of the table.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Required, cast

from ..arithmetic import clock
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Chips, Common, Id, Number, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import State
from .guards import get_entry, require_active, require_not_finished


class ChipCountCommand(Common, total=False):
    """One player's stack, counted."""

    type: Required[Literal["chip_count"]]
    entry: Id
    chips: Chips


@command(ChipCountCommand, devices=("td", "floor"))
def decide_chip_count(state: State, cmd: ChipCountCommand, ctx: Context) -> Decision:
    """One player's stack."""
    require_not_finished(state)
    entry = get_entry(state, cmd.get("entry"))
    require_active(state, entry)
    chips = _chips(state, cmd.get("chips"), entry.id)
    d = Decision(result={"counted": {entry.id: chips}})
    d.add("chips_counted", payloads.ChipsCounted(entry=entry.id, chips=chips))
    return d


class TableCountCommand(Common, total=False):
    """A table's stacks, counted at the break: entry -> chips."""

    type: Required[Literal["table_count"]]
    table: Number
    stacks: Annotated[dict[str, Any] | None, kinds.mapping(kinds.ENTRIES_MAX)]


@command(TableCountCommand, devices=("td",))
def decide_table_count(state: State, cmd: TableCountCommand, ctx: Context) -> Decision:
    """The stacks of a table, counted at the break: each player named sits at that table."""
    require_not_finished(state)
    number = cmd.get("table")
    if number is None:
        raise TourneyError("FIELD_MISSING", "Say which table: table is missing", field="table")
    if number not in state.open_tables:
        raise TourneyError("TABLE_CLOSED", f"Table {number} is not open", table=number)
    stacks = cmd.get("stacks")
    if not stacks:
        raise TourneyError("FIELD_MISSING", "Give the chips of at least one player: stacks is empty",
                           field="stacks")
    counted: dict[str, int] = {}
    for entry_id, chips in stacks.items():
        entry = get_entry(state, entry_id, "stacks")
        require_active(state, entry)
        if entry.table != number:
            raise TourneyError("NOT_AT_TABLE", f"{state.entry_name(entry.id)} does not sit at table {number}",
                               entry=entry.id, name=state.entry_name(entry.id), table=number)
        counted[entry.id] = _chips(state, chips, entry.id)
    total = sum(counted.values())
    if total > state.chips_in_play:
        raise TourneyError("CHIPS_ABSURD", f"The stacks add up to {total} chips, more than all "
                           f"{state.chips_in_play} in play", chips=total, in_play=state.chips_in_play,
                           field="stacks")
    d = Decision(result={"counted": counted, "table": number})
    for entry_id, chips in counted.items():
        d.add("chips_counted", payloads.ChipsCounted(entry=entry_id, chips=chips))
    return d


def _chips(state: State, chips: Any, entry_id: str) -> int:
    if isinstance(chips, bool) or not isinstance(chips, int):
        raise TourneyError("FIELD_INVALID", "A chip count is a whole number of chips", field="chips",
                           entry=entry_id)
    if chips < 1:
        raise TourneyError("CHIPS_INVALID", f"{chips} chips: a player with no chips is out (bust them)",
                           chips=chips, entry=entry_id, field="chips")
    if chips > state.chips_in_play:
        raise TourneyError("CHIPS_ABSURD", f"{chips} chips is more than all {state.chips_in_play} in play",
                           chips=chips, in_play=state.chips_in_play, entry=entry_id, field="chips")
    return chips


def apply_chips_counted(state: State, event: Event) -> None:
    p = cast(payloads.ChipsCounted, event.payload)
    entry = state.entries[p["entry"]]
    # What the entry had bought when counted: what it buys later is added to the count (`stack_of`).
    # The level then, for "counted at level 4": the clock's position at the event's own time.
    level = clock.position(state.config.levels, state.clock, event.at_ms).index
    state.counted[entry.id] = (p["chips"], entry.chips, event.at_ms, level)


def stack_of(state: State, entry_id: str) -> int | None:
    """The entry's stack as last counted, with the chips it bought since; None when never counted."""
    found = state.counted.get(entry_id)
    if found is None:
        return None
    chips, bought_then = found[0], found[1]
    return chips + state.entries[entry_id].chips - bought_then


def counted_at_level(state: State, entry_id: str) -> dict[str, Any] | None:
    """When the entry's stack was last counted, as the room says it: "level 4", or "the break after level 4"
    (`level` 0: a break before the first level). None when never counted, or counted before the level was kept."""
    found = state.counted.get(entry_id)
    if found is None or found[3] is None:
        return None
    levels = state.config.levels
    index = min(found[3], len(levels) - 1)
    played = sum(1 for level in levels[:index + 1] if not level.is_break)
    return {"level": played, "on_break": levels[index].is_break}


def chip_leader(state: State) -> str | None:
    """The entry in play with the biggest counted stack (the first counted, on a tie), once that stack is at
    least the average: a biggest count below the average is a count the night has left behind (a 99,999
    "leader" stayed on the projector all evening under a 117,153 average), and nobody is named then."""
    best: tuple[int, str] | None = None
    for entry_id in state.counted:
        if state.entries[entry_id].status != "active":
            continue
        stack = stack_of(state, entry_id)
        if stack is not None and (best is None or stack > best[0]):
            best = (stack, entry_id)
    if best is None or not state.live or best[0] < state.chips_in_play // state.live:
        return None
    return best[1]


def forget_count(state: State, entry_id: str) -> None:
    """An entry out of play has no stack: a count taken before its bust says nothing of it now."""
    state.counted.pop(entry_id, None)
