"""Events, the context a decision is made in, and what a decision returns.

An event records what was decided with its numbers (the price paid, the seat drawn), so replaying
it needs no clock, no random source and no config default that may since have changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    type: str
    payload: dict[str, Any]
    seq: int = 0
    command_seq: int = 0
    at_ms: int = 0
    station: str | None = None
    actor: str | None = None
    version: int = 1  # the format its payload was written in (`event_types` brings it up to date)


# Where a stored payload says which format version wrote it. A payload without it is of version 1:
# every event written before versions existed.
VERSION_KEY = "v"


@dataclass(frozen=True, slots=True)
class Context:
    """The outside world as one decision sees it: the instant, and a source of random draws."""

    now_ms: int
    randbelow: Callable[[int], int]
    station: str | None = None
    actor: str | None = None

    def choice(self, options: list[Any]) -> Any:
        return options[self.randbelow(len(options))]


@dataclass(slots=True)
class Decision:
    """The events a command becomes, in order, and what the command answers."""

    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)

    def add(self, type_: str, payload: Mapping[str, Any], /) -> None:
        """One more event, its payload built as its TypedDict (`payloads.ChipsCounted(entry=..., chips=...)`):
        mypy checks the payload against the file format, a test that the type is the one declared."""
        self.events.append((type_, dict(payload)))
