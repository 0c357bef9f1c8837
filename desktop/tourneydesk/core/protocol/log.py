"""The log as commands: which events belong to one command, and which commands an undo took back.

Kept apart from `undo` (which decides an undo) so that the ledger and the fold can read the log
without depending on the event declarations that undo's conflicts are computed from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .events import Event


def undone_commands(events: Iterable[Event]) -> set[int]:
    """The command seqs that an `undone` event in `events` took back."""
    skipped: set[int] = set()
    for event in events:
        if event.type == "undone":
            skipped.update(event.payload["commands"])
    return skipped


def commands_in(log: Sequence[Event]) -> list[list[Event]]:
    """The log cut into commands, oldest first."""
    commands: list[list[Event]] = []
    for event in log:
        if commands and commands[-1][0].command_seq == event.command_seq:
            commands[-1].append(event)
        else:
            commands.append([event])
    return commands
