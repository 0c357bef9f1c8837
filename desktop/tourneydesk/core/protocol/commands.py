"""Every command as the Desk receives it: one TypedDict for each, its fields as `command_fields` declares
them (text, whole numbers, flags, lists, objects), named in docs/protocol.md.

A command arrives as JSON from a window, a client or a script, so it is a `Mapping[str, Any]` until the
engine has checked it: its type known, no field it does not have, every field of the kind declared
(`command_fields.check`). From there on it is one of these, and each rule reads its command by this
type. Every field but `type` may be left out, and a field given as null counts as left out: hence
`| None`. What a value means (whose entry, which seat) is the rules' to check, not the type's.
"""

from collections.abc import Mapping
from typing import Any, Literal, Required, TypedDict


class _Common(TypedDict, total=False):
    """The fields every command may carry: where it came from, its idempotency key, a dry run."""

    station: str | None
    actor: str | None
    command_id: str | None
    dry_run: bool | None


class RegisterCommand(_Common, total=False):
    """A person registered."""

    type: Required[Literal["register"]]
    name: str | None
    nickname: str | None
    email: str | None
    phone: str | None
    member_id: str | None


class EditPlayerCommand(_Common, total=False):
    """A registered person corrected."""

    type: Required[Literal["edit_player"]]
    player: str | None
    name: str | None
    nickname: str | None
    email: str | None
    phone: str | None
    member_id: str | None


class UnregisterCommand(_Common, total=False):
    """A registration taken back."""

    type: Required[Literal["unregister"]]
    player: str | None


class BuyInCommand(_Common, total=False):
    """A first entry or a re-entry (`present` must be true; `seat` may be "same")."""

    type: Required[Literal["buy_in"]]
    player: str | None
    payment: str | None
    present: Any
    seat: Any
    abandon: str | None
    abandon_chips: int | None


class RebuyCommand(_Common, total=False):
    """Chips bought for a live entry, or back in after a bust (`present` must be true)."""

    type: Required[Literal["rebuy"]]
    entry: str | None
    payment: str | None
    present: Any
    stack: int | None


class AddOnCommand(_Common, total=False):
    """Chips bought at the add-on break (`present` must be true)."""

    type: Required[Literal["add_on"]]
    entry: str | None
    payment: str | None
    present: Any


class BustCommand(_Common, total=False):
    """A player out (`by`: entry ids; `busts`: several out in one hand)."""

    type: Required[Literal["bust"]]
    entry: str | None
    by: list[Any] | None
    stack_at_hand_start: int | None
    busts: list[Any] | None


class DisqualifyCommand(_Common, total=False):
    """A player disqualified."""

    type: Required[Literal["disqualify"]]
    entry: str | None
    reason: str | None
    chips: int | None


class RemoveCommand(_Common, total=False):
    """A player removed from the event."""

    type: Required[Literal["remove"]]
    entry: str | None
    reason: str | None
    chips: int | None


class FinishCommand(_Common, total=False):
    """The tournament ended."""

    type: Required[Literal["finish"]]


class DealCommand(_Common, total=False):
    """A deal among the players left (`stacks` or `amounts`: entry id -> figure)."""

    type: Required[Literal["deal"]]
    method: str | None
    stacks: dict[str, Any] | None
    amounts: dict[str, Any] | None
    play_for: int | None
    end: bool | None
    order: list[Any] | None


class MoveCommand(_Common, total=False):
    """A player moved to another table."""

    type: Required[Literal["move"]]
    entry: str | None
    table: int | None
    seat: int | None
    balance: bool | None


class SetButtonCommand(_Common, total=False):
    """Where the button is at a table."""

    type: Required[Literal["set_button"]]
    table: int | None
    seat: int | None


class BalanceCommand(_Common, total=False):
    """The plan carried out."""

    type: Required[Literal["balance"]]


class BreakTableCommand(_Common, total=False):
    """A table broken by the TD."""

    type: Required[Literal["break_table"]]
    table: int | None


class FinalTableCommand(_Common, total=False):
    """The final-table redraw."""

    type: Required[Literal["final_table"]]


class ClockCommand(_Common, total=False):
    """The TD's hands on the clock."""

    type: Required[Literal["clock"]]
    action: str | None
    seconds: int | None
    index: int | None


class HandForHandCommand(_Common, total=False):
    """Hand-for-hand play on, next hand, off."""

    type: Required[Literal["hand_for_hand"]]
    action: str | None


class PenaltyCommand(_Common, total=False):
    """A sit-out penalty."""

    type: Required[Literal["penalty"]]
    entry: str | None
    minutes: int | None
    hands: int | None
    reason: str | None


class PlayerClockCommand(_Common, total=False):
    """A player put on the clock."""

    type: Required[Literal["player_clock"]]
    entry: str | None
    seconds: int | None


class ChipCountCommand(_Common, total=False):
    """One player's stack, counted."""

    type: Required[Literal["chip_count"]]
    entry: str | None
    chips: int | None


class TableCountCommand(_Common, total=False):
    """A table's stacks, counted at the break: entry -> chips."""

    type: Required[Literal["table_count"]]
    table: int | None
    stacks: dict[str, Any] | None


class AnnounceCommand(_Common, total=False):
    """Words the TD types for every screen and phone (an empty text takes them down)."""

    type: Required[Literal["announce"]]
    text: str | None
    minutes: int | None


class ChipsRemovedCommand(_Common, total=False):
    """Chips leaving play at a colour-up."""

    type: Required[Literal["chips_removed"]]
    amount: int | None
    reason: str | None


class EditStructureCommand(_Common, total=False):
    """The blinds altered (`levels` as in the config)."""

    type: Required[Literal["edit_structure"]]
    levels: list[Any] | None


class EditPayoutsCommand(_Common, total=False):
    """The prize structure altered (basis points)."""

    type: Required[Literal["edit_payouts"]]
    places: list[Any] | None


class EditConfigCommand(_Common, total=False):
    """Any setting changed (`set`: dotted key -> value)."""

    type: Required[Literal["edit_config"]]
    set: dict[str, Any] | None


class PayCommand(_Common, total=False):
    """Everything owed to an entry handed over."""

    type: Required[Literal["pay"]]
    entry: str | None
    payment: str | None


class UndoCommand(_Common, total=False):
    """A whole command taken back (answered by the desk)."""

    type: Required[Literal["undo"]]
    seq: int | None


Command = (
    RegisterCommand
    | EditPlayerCommand
    | UnregisterCommand
    | BuyInCommand
    | RebuyCommand
    | AddOnCommand
    | BustCommand
    | DisqualifyCommand
    | RemoveCommand
    | FinishCommand
    | DealCommand
    | MoveCommand
    | SetButtonCommand
    | BalanceCommand
    | BreakTableCommand
    | FinalTableCommand
    | ClockCommand
    | HandForHandCommand
    | PenaltyCommand
    | PlayerClockCommand
    | ChipCountCommand
    | TableCountCommand
    | ChipsRemovedCommand
    | AnnounceCommand
    | EditStructureCommand
    | EditPayoutsCommand
    | EditConfigCommand
    | PayCommand
    | UndoCommand
)

# Each command's TypedDict, by its type: the test of the declarations reads it.
SHAPES: dict[str, type[Mapping[str, Any]]] = {
    "register": RegisterCommand,
    "edit_player": EditPlayerCommand,
    "unregister": UnregisterCommand,
    "buy_in": BuyInCommand,
    "rebuy": RebuyCommand,
    "add_on": AddOnCommand,
    "bust": BustCommand,
    "disqualify": DisqualifyCommand,
    "remove": RemoveCommand,
    "finish": FinishCommand,
    "deal": DealCommand,
    "move": MoveCommand,
    "set_button": SetButtonCommand,
    "balance": BalanceCommand,
    "break_table": BreakTableCommand,
    "final_table": FinalTableCommand,
    "clock": ClockCommand,
    "hand_for_hand": HandForHandCommand,
    "penalty": PenaltyCommand,
    "player_clock": PlayerClockCommand,
    "announce": AnnounceCommand,
    "chip_count": ChipCountCommand,
    "table_count": TableCountCommand,
    "chips_removed": ChipsRemovedCommand,
    "edit_structure": EditStructureCommand,
    "edit_payouts": EditPayoutsCommand,
    "edit_config": EditConfigCommand,
    "pay": PayCommand,
    "undo": UndoCommand,
}
