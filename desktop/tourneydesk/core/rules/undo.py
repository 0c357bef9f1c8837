"""Undo: a new event that names the command it takes back; the log keeps everything (docs/architecture.md: undo).

The last command can always be undone. An older one only when no later command stands on what it
wrote: what each event writes and reads is declared with its type (`event_types`), and a later command
that read or wrote anything the older one wrote was decided on top of it (`UNDO_CONFLICT`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, Required

from ..protocol import payloads
from ..protocol.commands import Common, Number, declare
from ..protocol.errors import TourneyError
from ..protocol.event_types import ANY_SEAT, EVENT_TYPES, UNKNOWN_SEAT, touched
from ..protocol.events import Decision, Event
from ..protocol.log import commands_in, undone_commands

__all__ = ["NOT_UNDOABLE", "commands_in", "decide_undo", "depends", "describe", "touches", "undone_commands"]

NOT_UNDOABLE = frozenset(name for name, t in EVENT_TYPES.items() if not t.undoable)


def touches(event: Event) -> set[str]:
    """What taking the event back would change: what it wrote and what it added to."""
    t = touched(event)
    keys = set(t.writes | t.adds)
    # A seat it sat someone in or freed belongs to a table that a later break or redraw may have closed.
    keys.update(f"seat:{key.split(':')[1]}:{ANY_SEAT}" for key in t.writes
                if key.startswith("seat:") and not key.startswith(f"seat:{UNKNOWN_SEAT}:"))
    return keys


def depends(event: Event) -> set[str]:
    """What a later event stands on: what it wrote and what it read."""
    t = touched(event)
    keys = set(t.writes | t.reads)
    # A seat it took matches a seat an older event of format 1 freed without saying which.
    for key in t.writes:
        if key.startswith("seat:"):
            keys.add(f"seat:{key.split(':')[1]}:{UNKNOWN_SEAT}")
            keys.add(f"seat:{UNKNOWN_SEAT}:{UNKNOWN_SEAT}")
    return keys


def describe(events: list[Event]) -> str:
    kinds = ", ".join(sorted({e.type for e in events}))
    return f"command #{events[0].command_seq} ({kinds})"


def live_commands(log: Sequence[Event]) -> list[list[Event]]:
    """The commands of `log` that an undo may still take back, oldest first."""
    skipped = undone_commands(log)
    return [c for c in commands_in(log) if c[0].command_seq not in skipped and c[0].type not in NOT_UNDOABLE]


class UndoCommand(Common, total=False):
    """A whole command taken back: the last one, or the one whose event `seq` names. The desk answers it,
    with the end of the log it needs (`Desk._decide`)."""

    type: Required[Literal["undo"]]
    seq: Number


declare(UndoCommand, devices=("td",))


def decide_undo(log: Sequence[Event], cmd: UndoCommand) -> Decision:
    live = live_commands(log)
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
    target_keys = _union(touches(e) for e in target)
    opened = {f"table:{e.payload['table']}" for e in target if e.type == "table_opened"}
    for later in live[live.index(target) + 1:]:
        clash = target_keys & _union(depends(e) for e in later)
        if clash and not _seated_at_opened(clash, opened, later):
            raise TourneyError("UNDO_CONFLICT", f"Cannot undo {describe(target)}: {describe(later)} came after "
                               f"it and touched {_shown(clash)}", seq=target[0].seq, later=later[0].seq)
    d = Decision(result={"undone": target[0].command_seq, "description": describe(target)})
    d.add("undone", payloads.Undone(commands=[target[0].command_seq], types=[e.type for e in target]))
    return d


def _seated_at_opened(clash: set[str], opened: set[str], later: list[Event]) -> bool:
    """A later buy-in seated at a table the older command opened (the first buy-in there, say) stands on the
    table only, never on that command's sale: the older sale can go and the table stays open for those seated
    since, as if their buy-in had opened it (a seat opens its table when the log is folded without the opening,
    `seating.seat_entry`). Anything else done at that table since (a move, a bust, a break) still refuses."""
    return bool(opened) and clash <= opened and all(
        e.type == "entry_bought" and f"table:{e.payload.get('table')}" in opened for e in later)


def _union(sets: Iterable[set[str]]) -> set[str]:
    out: set[str] = set()
    for keys in sets:
        out |= keys
    return out


def _shown(clash: set[str]) -> str:
    """The resource named in the refusal: a real one before a seat only matched by table."""
    precise = sorted(k for k in clash if ANY_SEAT not in k and UNKNOWN_SEAT not in k)
    return (precise or sorted(clash))[0]
