"""Undo: a new event that names the command it takes back; the log keeps everything (docs/architecture.md: undo).

The last command can always be undone. An older one only when no later command touched its entries,
seats, money or clock, since those later decisions were made on top of it (`UNDO_CONFLICT`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .errors import TourneyError
from .events import Decision, Event

NOT_UNDOABLE = frozenset({"tournament_created", "undone"})


def undone_commands(events: Iterable[Event]) -> set[int]:
    skipped: set[int] = set()
    for event in events:
        if event.type == "undone":
            skipped.update(event.payload["commands"])
    return skipped


def touches(event: Event) -> set[str]:
    """What an event changes, as keys: `entry:e7`, `seat:3:5`, `table:3`, `clock`..."""
    p = event.payload
    keys: set[str] = set()
    for field in ("entry", "player", "winner"):
        if isinstance(p.get(field), str):
            keys.add(f"{'player' if field == 'player' else 'entry'}:{p[field]}")
    for winner in p.get("by") or []:
        keys.add(f"entry:{winner}")
    for award in p.get("awards") or []:
        keys.add(f"entry:{award['to']}")
    for entry_id in (p.get("amounts") or {}) if event.type == "deal_made" else ():
        keys.add(f"entry:{entry_id}")
    if p.get("table") is not None and p.get("seat") is not None:
        keys.add(f"seat:{p['table']}:{p['seat']}")
    if p.get("from_table") is not None and p.get("from_seat") is not None:
        keys.add(f"seat:{p['from_table']}:{p['from_seat']}")
    keys |= _GLOBAL.get(event.type, set())
    if event.type in ("table_opened", "table_broken", "table_filled", "final_table_drawn", "button_set"):
        keys.add(f"table:{p['table']}")
    for move in p.get("moves") or p.get("seats") or []:
        keys.add(f"entry:{move['entry']}")
        keys.add(f"seat:{move.get('table', p.get('table'))}:{move['seat']}")
        if move.get("from_seat") is not None:
            keys.add(f"seat:{move.get('from_table', p.get('table'))}:{move['from_seat']}")
    for number in p.get("closed") or []:
        keys.add(f"table:{number}")
    if event.type in ADDS_CHIPS:
        keys.add(CHIPS_ADDED)
    return keys


# Chips bought add up in any order, so two buy-ins never clash; but a removal was decided against the
# chips in play, so it depends on every purchase before it.
CHIPS_ADDED = "+chips"
ADDS_CHIPS = frozenset({"entry_bought", "rebought", "added_on"})
READS_CHIPS = frozenset({"chips_removed", "entry_removed", "stack_abandoned"})
# A prize paid or a finish needs registration closed, which the clock decided.
READS_CLOCK = frozenset({"paid", "tournament_finished"})


_GLOBAL: dict[str, set[str]] = {
    "clock_set": {"clock"},
    "config_changed": {"config", "clock"},  # a structure edit re-anchors the clock
    "payouts_edited": {"payouts"},
    "hand_for_hand": {"hand_for_hand"},
    "chips_removed": {"chips"},
    "deal_made": {"deal"},
    "tournament_finished": {"finish"},
}


def depends(event: Event) -> set[str]:
    """What an event relies on: what it touches, and the table it sits someone at."""
    keys = touches(event) - {CHIPS_ADDED}
    if event.type in READS_CHIPS:
        keys.add(CHIPS_ADDED)
    if event.type in READS_CLOCK:
        keys.add("clock")
    if event.payload.get("previous"):  # a re-entry stands on its previous entry being out
        keys.add(f"entry:{event.payload['previous']}")
    if event.payload.get("table") is not None:
        keys.add(f"table:{event.payload['table']}")
    if event.type == "busted" and event.payload.get("hand") is not None:
        keys.add("hand_for_hand")
    return keys


def commands_in(log: Sequence[Event]) -> list[list[Event]]:
    """The log cut into commands, oldest first."""
    commands: list[list[Event]] = []
    for event in log:
        if commands and commands[-1][0].command_seq == event.command_seq:
            commands[-1].append(event)
        else:
            commands.append([event])
    return commands


def describe(events: list[Event]) -> str:
    kinds = ", ".join(sorted({e.type for e in events}))
    return f"command #{events[0].command_seq} ({kinds})"


def decide_undo(log: Sequence[Event], cmd: dict[str, Any]) -> Decision:
    skipped = undone_commands(log)
    live = [c for c in commands_in(log)
            if c[0].command_seq not in skipped and c[0].type not in NOT_UNDOABLE]
    seq = cmd.get("seq")
    if not live and seq is None:
        raise TourneyError("NOTHING_TO_UNDO", "There is nothing to undo")
    if seq is None:
        target = live[-1]
    else:
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise TourneyError("FIELD_INVALID", "seq must be the number of an event", field="seq")
        matches = [c for c in live if any(e.seq == seq for e in c)]
        if not matches:
            raise TourneyError("UNDO_UNKNOWN", f"Event #{seq} is not part of a command that can be undone",
                               seq=seq)
        target = matches[0]
    target_keys = set().union(*(touches(e) for e in target))
    for later in live[live.index(target) + 1:]:
        later_keys = set().union(*(depends(e) for e in later))
        clash = target_keys & later_keys
        if clash:
            raise TourneyError("UNDO_CONFLICT", f"Cannot undo {describe(target)}: {describe(later)} came after "
                               f"it and touched {sorted(clash)[0]}", seq=target[0].seq, later=later[0].seq)
    d = Decision(result={"undone": target[0].command_seq, "description": describe(target)})
    d.add("undone", commands=[target[0].command_seq], types=[e.type for e in target])
    return d
