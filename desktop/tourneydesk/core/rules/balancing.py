"""The commands that carry out the seating plan: `balance`, `break_table` and `final_table`.

Each draw the plan leaves to chance is made here, with the command's random source, and written into
the event (docs/architecture.md: randomness), so that replaying the file seats everyone exactly where they sat.
"""

from __future__ import annotations

from typing import Literal, Required

from ..protocol import payloads
from ..protocol.commands import Common, Number, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision
from ..protocol.plan_steps import BreakTableStep, FinalTableStep, OpenTableStep, Step
from ..state import State
from . import floor, planner
from .guards import require_not_finished
from .planner import Layout
from .seating import open_table_named

MAX_STEPS = 10_000  # a safety net: every step shrinks the imbalance, so the loop ends long before


class BalanceCommand(Common, total=False):
    """The plan carried out."""

    type: Required[Literal["balance"]]


@command(BalanceCommand, devices=("td", "floor"))
def decide_balance(state: State, cmd: BalanceCommand, ctx: Context) -> Decision:
    """Apply the plan's steps in order, planning again after each; stop before a `needs_button`."""
    require_not_finished(state)
    layout = Layout(state)
    d = Decision(result={"applied": [], "waiting": []})
    for _ in range(MAX_STEPS):
        steps = planner.next_steps(layout, ctx.now_ms)
        if not steps:
            break
        step = steps[0]
        if step["kind"] == "needs_button":
            if not d.events:  # every step is a needs_button then: one table or both of a move
                asked = [s["table"] for s in steps if s["kind"] == "needs_button"]
                tables = ", ".join(str(t) for t in asked)
                raise TourneyError("BUTTON_NEEDED", f"Which seat has the button at table {tables}? "
                                   "Set it before balancing", tables=asked)
            d.result["waiting"] = steps
            break
        d.result["applied"].append(_carry_out(layout, step, d, ctx))
    if not d.events:
        raise TourneyError("NOTHING_TO_DO", "The tables are balanced: nothing to do")
    return d


def _carry_out(layout: Layout, step: Step, d: Decision, ctx: Context) -> Step:
    if step["kind"] == "move":
        d.add("moved", payloads.Moved(entry=step["entry"], table=step["to"]["table"], seat=step["to"]["seat"],
                                      from_table=step["from"]["table"], from_seat=step["from"]["seat"],
                                      waits=step["waits"], reason="balance"))
        layout.place(step["entry"], step["to"]["table"], step["to"]["seat"])
        return step
    if step["kind"] == "break_table":
        moves = planner.draw_break(layout, step["table"], ctx.randbelow)
        d.add("table_broken", payloads.TableBroken(table=step["table"], moves=moves))
        broken: BreakTableStep = {**step, "moves": moves}
        return broken
    if step["kind"] == "final_table":
        drawn = planner.draw_final_table(layout, step["table"], ctx.randbelow)
        d.add("final_table_drawn", drawn)
        final: FinalTableStep = {**step, **drawn}
        return final
    if step["kind"] == "open_table":
        filled = planner.draw_fill(layout, step["table"], ctx.randbelow)
        d.add("table_filled", payloads.TableFilled(table=step["table"], moves=filled))
        opened: OpenTableStep = {**step, "moves": filled}
        return opened
    if step["kind"] == "hand_for_hand":
        floor.begin_hand_for_hand(layout.state, step["why"], d)
        layout.hand_for_hand = True
        return step
    raise AssertionError(step["kind"])  # pragma: no cover - the planner makes no other step


class BreakTableCommand(Common, total=False):
    """A table broken by the TD."""

    type: Required[Literal["break_table"]]
    table: Number


@command(BreakTableCommand, devices=("td", "floor"))
def decide_break_table(state: State, cmd: BreakTableCommand, ctx: Context) -> Decision:
    """The TD breaks a table of their choosing: its players drawn into the other tables' empty seats."""
    require_not_finished(state)
    table = open_table_named(state, cmd.get("table"))
    layout = Layout(state)
    if layout.open_count < 2:
        raise TourneyError("LAST_TABLE", f"Table {table.number} is the last table open: it cannot break",
                           table=table.number)
    room = (layout.open_count - 1) * layout.seats_per_table - (layout.seated() - layout.count(table.number))
    if layout.count(table.number) > room:
        raise TourneyError("NO_ROOM", f"The {layout.count(table.number)} players of table {table.number} do not "
                           f"fit in the {room} empty seats of the other tables", table=table.number, room=room)
    try:
        moves = planner.draw_break(layout, table.number, ctx.randbelow)
    except ValueError as exc:
        raise TourneyError("NO_ROOM", f"Table {table.number} cannot break: an abandoned stack and its owner "
                           "would have to share a table (PKR4U 6)", table=table.number) from exc
    d = Decision(result={"table": table.number, "moves": moves})
    d.add("table_broken", payloads.TableBroken(table=table.number, moves=moves))
    return d


class FinalTableCommand(Common, total=False):
    """The final-table redraw."""

    type: Required[Literal["final_table"]]


@command(FinalTableCommand, devices=("td", "floor"))
def decide_final_table(state: State, cmd: FinalTableCommand, ctx: Context) -> Decision:
    """The final-table redraw: every seat and the button drawn at random (UPPS 4.2)."""
    require_not_finished(state)
    if state.final_table is not None:
        raise TourneyError("FINAL_TABLE_DRAWN", f"The final table was drawn at table {state.final_table}",
                           table=state.final_table)
    layout = Layout(state)
    size = state.config.seating.final_table_size
    if layout.seated() > size:
        raise TourneyError("FINAL_TABLE_TOO_EARLY", f"{layout.seated()} players are left: the final table "
                           f"seats {size}", players=layout.seated(), size=size)
    if layout.open_count < 1 or layout.seated() < 1:  # tables open, nobody in them: nothing to draw
        raise TourneyError("NOT_STARTED", "Nobody is seated yet")
    drawn = planner.draw_final_table(layout, planner.final_table_number(layout), ctx.randbelow)
    d = Decision(result=dict(drawn))
    d.add("final_table_drawn", drawn)
    return d
