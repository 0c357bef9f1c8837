"""The two pure functions of the rules: `decide(state, command, ctx)` and `apply(state, event)`.

`decide` validates a command against the state and returns the events it becomes (with every draw
and every number recorded); `apply` folds one event into the state with no choice left to make.
Replaying the log is therefore always the same tournament.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any, cast

from . import rules
from .arithmetic.payouts import parse_payout_table
from .config import parse_config
from .protocol import commands, payloads
from .protocol.errors import TourneyError
from .protocol.event_types import EVENT_TYPES, Apply, upcast
from .protocol.events import Context, Decision, Event
from .protocol.log import undone_commands
from .rules import (  # noqa: F401  (each declares its commands as it is imported)
    balancing,
    cashier,
    chip_counts,
    clock_control,
    editing,
    eliminations,
    entries,
    flights,
    floor,
    mystery,
    players,
    satellites,
    seating,
    undo,
)
from .state import State

# Every command, as each rule module imported above declares it beside its decide function
# (`commands.command`); a rule module the engine does not import has no command.
COMMANDS: dict[str, commands.CommandType] = commands.declared_in(rules)

# How each event folds into the state: read off the declarations (`event_types`), where each event
# type is declared once. The first event of every file, `tournament_created`, starts the state instead.
APPLY: dict[str, Apply] = {name: t.apply for name, t in EVENT_TYPES.items() if t.apply is not None}


def decide(state: State, cmd: Mapping[str, Any], ctx: Context) -> Decision:
    """The events `cmd` becomes, once its every field is of its kind; the desk answers undo itself."""
    if isinstance(cmd, dict) and cmd.get("type") == "undo":
        raise TourneyError("COMMAND_INVALID", "undo is answered by the desk, which reads the log")
    declared = commands.check(cmd)
    assert declared.decide is not None  # only undo has none
    return declared.decide(state, cmd, ctx)


def apply(state: State, event: Event) -> None:
    """Fold one event into `state`, brought up to today's format first."""
    if event.type in UPCAST:
        event = upcast(event)
    APPLY[event.type](state, event)


# The event types whose format changed since version 1: only these need an upcast before apply.
UPCAST = frozenset(name for name, t in EVENT_TYPES.items() if t.version > 1)


def new_state(event: Event) -> State:
    """The state that the first event of every file, `tournament_created`, describes."""
    p = cast(payloads.TournamentCreated, event.payload)
    text = p.get("payout_table_text")
    return State(
        tournament_id=p["tournament_id"],
        config=parse_config(p["config"]),
        payout_table=parse_payout_table(text) if text else None,
        payout_table_text=text,
        created_ms=event.at_ms,
    )


def fold(events: Iterable[Event], state: State | None = None, skipped: Collection[int] | None = None) -> State:
    """The state after `events` (from the start of the log, or after a checkpoint `state`).

    An undone command's events are skipped: undo is a new event, and the log keeps everything. With
    `skipped` (the commands undone, which the file can say without reading the rest) the events are
    folded as they come, never all held at once: a 25,000-player evening's log is 100 MB in memory.
    """
    if skipped is None:
        events = list(events)
        skipped = undone_commands(events)
    for event in events:
        if event.command_seq in skipped:
            continue
        if event.type == "tournament_created":
            state = new_state(event)
            continue
        if state is None:
            raise TourneyError("LOG_INVALID", "The log does not start with tournament_created")
        apply(state, event)
    if state is None:
        raise TourneyError("LOG_INVALID", "The log is empty")
    return state
