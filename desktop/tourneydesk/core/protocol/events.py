"""Events, the context a decision is made in, and what a decision returns.

An event records what was decided with its numbers (the price paid, the seat drawn), so replaying
it needs no clock, no random source and no config default that may since have changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Unpack, overload

from . import payloads


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

    # Each event type with its payload's TypedDict (`payloads`, the `payload` facet of its declaration in
    # `event_types`), so mypy checks every event a rule decides against the file format. A test keeps this
    # list the declarations' own: a new event type without its line here fails it.
    @overload
    def add(self, type_: Literal["tournament_created"], /, **payload: Unpack[payloads.TournamentCreated]) -> None: ...
    @overload
    def add(self, type_: Literal["player_registered"], /, **payload: Unpack[payloads.PlayerRegistered]) -> None: ...
    @overload
    def add(self, type_: Literal["player_edited"], /, **payload: Unpack[payloads.PlayerEdited]) -> None: ...
    @overload
    def add(self, type_: Literal["player_unregistered"], /, **payload: Unpack[payloads.PlayerUnregistered]) -> None: ...
    @overload
    def add(self, type_: Literal["table_opened"], /, **payload: Unpack[payloads.TableOpened]) -> None: ...
    @overload
    def add(self, type_: Literal["stack_abandoned"], /, **payload: Unpack[payloads.StackAbandoned]) -> None: ...
    @overload
    def add(self, type_: Literal["entry_bought"], /, **payload: Unpack[payloads.EntryBought]) -> None: ...
    @overload
    def add(self, type_: Literal["rebought"], /, **payload: Unpack[payloads.Rebought]) -> None: ...
    @overload
    def add(self, type_: Literal["added_on"], /, **payload: Unpack[payloads.AddedOn]) -> None: ...
    @overload
    def add(self, type_: Literal["busted"], /, **payload: Unpack[payloads.Busted]) -> None: ...
    @overload
    def add(self, type_: Literal["tournament_finished"], /, **payload: Unpack[payloads.TournamentFinished]) -> None: ...
    @overload
    def add(self, type_: Literal["entry_removed"], /, **payload: Unpack[payloads.EntryRemoved]) -> None: ...
    @overload
    def add(self, type_: Literal["deal_made"], /, **payload: Unpack[payloads.DealMade]) -> None: ...
    @overload
    def add(self, type_: Literal["moved"], /, **payload: Unpack[payloads.Moved]) -> None: ...
    @overload
    def add(self, type_: Literal["button_set"], /, **payload: Unpack[payloads.ButtonSet]) -> None: ...
    @overload
    def add(self, type_: Literal["table_broken"], /, **payload: Unpack[payloads.TableBroken]) -> None: ...
    @overload
    def add(self, type_: Literal["table_filled"], /, **payload: Unpack[payloads.TableFilled]) -> None: ...
    @overload
    def add(self, type_: Literal["final_table_drawn"], /, **payload: Unpack[payloads.FinalTableDrawn]) -> None: ...
    @overload
    def add(self, type_: Literal["clock_set"], /, **payload: Unpack[payloads.ClockSet]) -> None: ...
    @overload
    def add(self, type_: Literal["hand_for_hand"], /, **payload: Unpack[payloads.HandForHand]) -> None: ...
    @overload
    def add(self, type_: Literal["penalty_given"], /, **payload: Unpack[payloads.PenaltyGiven]) -> None: ...
    @overload
    def add(self, type_: Literal["player_clock"], /, **payload: Unpack[payloads.PlayerClock]) -> None: ...
    @overload
    def add(self, type_: Literal["announced"], /, **payload: Unpack[payloads.Announced]) -> None: ...
    @overload
    def add(self, type_: Literal["chips_counted"], /, **payload: Unpack[payloads.ChipsCounted]) -> None: ...
    @overload
    def add(self, type_: Literal["chips_removed"], /, **payload: Unpack[payloads.ChipsRemoved]) -> None: ...
    @overload
    def add(self, type_: Literal["config_changed"], /, **payload: Unpack[payloads.ConfigChanged]) -> None: ...
    @overload
    def add(self, type_: Literal["payouts_edited"], /, **payload: Unpack[payloads.PayoutsEdited]) -> None: ...
    @overload
    def add(self, type_: Literal["paid"], /, **payload: Unpack[payloads.Paid]) -> None: ...
    @overload
    def add(self, type_: Literal["undone"], /, **payload: Unpack[payloads.Undone]) -> None: ...
    def add(self, type_: str, /, **payload: Any) -> None:
        self.events.append((type_, payload))
