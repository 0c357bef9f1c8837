"""The two pure functions of the rules: `decide(state, command, ctx)` and `apply(state, event)`.

`decide` validates a command against the state and returns the events it becomes (with every draw
and every number recorded); `apply` folds one event into the state with no choice left to make.
Replaying the log is therefore always the same tournament.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from .arithmetic.payouts import parse_payout_table
from .config import parse_config
from .protocol import command_fields, payloads
from .protocol.errors import TourneyError
from .protocol.event_types import EVENT_TYPES, Apply, upcast
from .protocol.events import Context, Decision, Event
from .protocol.log import undone_commands
from .rules import (
    balancing,
    cashier,
    chip_counts,
    clock_control,
    editing,
    eliminations,
    entries,
    floor,
    players,
    seating,
)
from .state import State

# A rule's decision on its command. The command comes in as JSON (`Mapping[str, Any]`); once `decide`
# has checked its type and every field against `command_fields`, it is handed to its rule as that
# command's TypedDict (`commands.SHAPES`), which is how the rule reads it.
Decide = Callable[[State, Any, Context], Decision]

COMMON_FIELDS = frozenset({"type", "station", "actor", "command_id", "dry_run"})

# Each command: its decide function and the fields it may carry (anything else is refused).
COMMANDS: dict[str, tuple[Decide, frozenset[str]]] = {
    "register": (entries.decide_register, frozenset({"name", "nickname", "email", "phone", "member_id"})),
    "edit_player": (players.decide_edit_player, frozenset({"player", *players.EDITABLE})),
    "unregister": (players.decide_unregister, frozenset({"player"})),
    "buy_in": (entries.decide_buy_in, frozenset({"player", "payment", "present", "seat", "abandon",
                                                 "abandon_chips"})),
    "rebuy": (entries.decide_rebuy, frozenset({"entry", "payment", "present", "stack"})),
    "add_on": (entries.decide_add_on, frozenset({"entry", "payment", "present"})),
    "bust": (eliminations.decide_bust, frozenset({"entry", "by", "stack_at_hand_start", "busts"})),
    "disqualify": (eliminations.decide_remove, frozenset({"entry", "reason", "chips"})),
    "remove": (eliminations.decide_remove, frozenset({"entry", "reason", "chips"})),
    "finish": (eliminations.decide_finish, frozenset()),
    "deal": (eliminations.decide_deal, frozenset({"method", "stacks", "amounts", "play_for", "end", "order"})),
    "move": (seating.decide_move, frozenset({"entry", "table", "seat", "balance"})),
    "set_button": (seating.decide_set_button, frozenset({"table", "seat"})),
    "balance": (balancing.decide_balance, frozenset()),
    "break_table": (balancing.decide_break_table, frozenset({"table"})),
    "final_table": (balancing.decide_final_table, frozenset()),
    "clock": (clock_control.decide_clock, frozenset({"action", "seconds", "index"})),
    "hand_for_hand": (floor.decide_hand_for_hand, frozenset({"action"})),
    "penalty": (floor.decide_penalty, frozenset({"entry", "minutes", "hands", "reason"})),
    "player_clock": (floor.decide_player_clock, frozenset({"entry", "seconds"})),
    "announce": (floor.decide_announce, frozenset({"text", "minutes"})),
    "chip_count": (chip_counts.decide_chip_count, frozenset({"entry", "chips"})),
    "table_count": (chip_counts.decide_table_count, frozenset({"table", "stacks"})),
    "chips_removed": (editing.decide_chips_removed, frozenset({"amount", "reason"})),
    "edit_structure": (editing.decide_edit_structure, frozenset({"levels"})),
    "edit_payouts": (editing.decide_edit_payouts, frozenset({"places"})),
    "edit_config": (editing.decide_edit_config, frozenset({"set"})),
    "pay": (cashier.decide_pay, frozenset({"entry", "payment"})),
}

# How each event folds into the state: read off the declarations (`event_types`), where each event
# type is declared once. The first event of every file, `tournament_created`, starts the state instead.
APPLY: dict[str, Apply] = {name: t.apply for name, t in EVENT_TYPES.items() if t.apply is not None}


def decide(state: State, cmd: Mapping[str, Any], ctx: Context) -> Decision:
    if not isinstance(cmd, dict):
        raise TourneyError("COMMAND_INVALID", "A command is a JSON object with a type")
    kind = cmd.get("type")
    if kind == "undo":
        raise TourneyError("COMMAND_INVALID", "undo is answered by the desk, which reads the log")
    if not isinstance(kind, str) or kind not in COMMANDS:  # a list or an object is no type (unhashable)
        raise TourneyError("UNKNOWN_COMMAND", f"There is no command {kind!r}", command=kind)
    decide_fn, fields = COMMANDS[kind]
    unknown = sorted(set(cmd) - fields - COMMON_FIELDS)
    if unknown:
        raise TourneyError("UNKNOWN_FIELD", f"{kind} has no field {unknown[0]!r}", field=unknown[0], command=kind)
    command_fields.check(kind, cmd)
    return decide_fn(state, cmd, ctx)


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


def fold(events: Iterable[Event], state: State | None = None) -> State:
    """The state after `events` (from the start of the log, or after a checkpoint `state`).

    An undone command's events are skipped: undo is a new event, and the log keeps everything.
    """
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
