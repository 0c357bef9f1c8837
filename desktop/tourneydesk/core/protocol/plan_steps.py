"""The steps of the seating plan as `Desk.plan` lists them and `balance` answers them: one TypedDict for
each kind, named in docs/protocol.md (the plan).

Each step has its `kind`, its figures, `why` (a `code` and the figures a window words in its own
language: they differ with the code) and `reason` (the same in English). A step `balance` carried out
also says what it drew: the moves of a break or a new table, the seats and button of a final table.
"""

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from .payloads import BreakMove, DrawnSeat, FillMove

Why = dict[str, Any]  # {"code": ..., and the figures that code is worded with}


class SeatAt(TypedDict):
    table: int
    seat: int


class FinalTableStep(TypedDict):
    kind: Literal["final_table"]
    table: int
    players: int
    why: Why
    reason: str
    seats: NotRequired[list[DrawnSeat]]  # drawn by balance
    button: NotRequired[int]
    closed: NotRequired[list[int]]


class BreakTableStep(TypedDict):
    kind: Literal["break_table"]
    table: int
    why: Why
    reason: str
    moves: NotRequired[list[BreakMove]]  # drawn by balance


class OpenTableStep(TypedDict):
    kind: Literal["open_table"]
    table: int
    why: Why
    reason: str
    moves: NotRequired[list[FillMove]]  # drawn by balance


class NeedsButtonStep(TypedDict):
    kind: Literal["needs_button"]
    table: int
    why: Why
    reason: str


# `from` is a keyword: this one is spelled as a call.
MoveStep = TypedDict("MoveStep", {
    "kind": Literal["move"],
    "entry": str,
    "from": SeatAt,
    "to": SeatAt,
    "waits": str | None,  # big_blind or one_hand: moved onto the button or the small blind
    "why": Why,
    "reason": str,
})


class HandForHandStep(TypedDict):
    kind: Literal["hand_for_hand"]
    why: Why
    reason: str


Step = FinalTableStep | BreakTableStep | OpenTableStep | NeedsButtonStep | MoveStep | HandForHandStep

# Each kind's TypedDict: the test of the plan's steps reads it.
SHAPES: dict[str, type[Any]] = {
    "final_table": FinalTableStep,
    "break_table": BreakTableStep,
    "open_table": OpenTableStep,
    "needs_button": NeedsButtonStep,
    "move": MoveStep,
    "hand_for_hand": HandForHandStep,
}


def step_command(step: Mapping[str, Any]) -> dict[str, Any] | None:
    """The command that carries out one step, from the console or the TD's remote alike; None for a step
    that needs an answer first (where the button is). A move is the plan's balancing move (`balance`:
    the room is told, as for a balance)."""
    kind = step.get("kind")
    if kind == "final_table":
        return {"type": "final_table"}
    if kind == "break_table":
        return {"type": "break_table", "table": step["table"]}
    if kind == "move":
        return {"type": "move", "entry": step["entry"], "table": step["to"]["table"], "seat": step["to"]["seat"],
                "balance": True}
    if kind == "hand_for_hand":
        return {"type": "hand_for_hand", "action": "on"}
    if kind == "open_table":
        return {"type": "balance"}
    return None
