"""Every event type's payload as the desk writes it: the file format, one TypedDict for each, named in
docs/protocol.md and declared with its type in `event_types` (the `payload` facet).

A payload is read back from the file as a plain `dict`: each apply function reads it as its type says,
after the upcast has brought an older format up to today's. `NotRequired` marks a field that only
some events of a type carry (a rebuy back in after a bust, a move the plan made). The website folds
the public part of the same events (`public` in the declarations): the fields it does not receive
are read with `.get` where an apply function may meet such an event.
"""

from typing import Any, NotRequired, TypedDict


class PriceFacts(TypedDict):
    """What a purchase cost, in minor units: its share of the prize pool, of the bounties, the fee."""

    prize: int
    bounty: int
    fee: int


class TournamentCreated(TypedDict):
    tournament_id: str
    config: dict[str, Any]  # the normalised config, every default filled in
    payout_table_text: str | None
    app_version: str


class PlayerRegistered(TypedDict):
    player: str
    name: str
    nickname: str | None
    email: str | None
    phone: str | None
    member_id: str | None


class PlayerEdited(TypedDict):
    """Only the fields changed, each with its new value; `was` holds their old values, for the log."""

    player: str
    name: NotRequired[str]
    nickname: NotRequired[str | None]
    email: NotRequired[str | None]
    phone: NotRequired[str | None]
    member_id: NotRequired[str | None]
    was: dict[str, str | None]


class PlayerUnregistered(TypedDict):
    player: str
    name: str  # as it was, for the log


class TableOpened(TypedDict):
    table: int


class StackAbandoned(TypedDict):
    entry: str
    stays: bool  # a bounty event: the stack stays at its seat and is blinded off
    chips: int  # leaving play: 0 when it stays
    table: int | None
    seat: int | None  # format 2; None in an event of format 1


class EntryBought(TypedDict):
    entry: str
    player: str
    number: int  # the player's nth entry
    reentry: bool
    payment: str
    price: PriceFacts
    chips: int
    bonus: int  # early-bird chips
    table: int
    seat: int
    previous: str | None  # the entry it re-enters after


class Rebought(TypedDict):
    entry: str
    payment: str
    price: PriceFacts
    chips: int
    back: NotRequired[bool]  # back in after a bust, at a seat drawn like a new entry's
    table: NotRequired[int]
    seat: NotRequired[int]


class AddedOn(TypedDict):
    entry: str
    payment: str
    price: PriceFacts
    chips: int


class Award(TypedDict):
    """An eliminator's share of a bounty: the cash paid to them, the part that went onto their head."""

    to: str
    cash: int
    to_head: int


class Busted(TypedDict):
    entry: str
    by: list[str]
    stack_at_hand_start: int | None
    hand: int | None  # the hand-for-hand hand
    join: bool  # joins the group of the same hand-for-hand hand
    placed: bool  # False for an abandoned stack
    table: int | None
    seat: int | None
    awards: list[Award]


class TournamentFinished(TypedDict):
    winner: str


class EntryRemoved(TypedDict):
    entry: str
    kind: str  # disqualified or removed
    reason: str
    chips: int  # taken out of play
    table: int | None  # format 2; None in an event of format 1
    seat: int | None


class DealMade(TypedDict):
    method: str  # icm, chip_chop or custom
    inputs: dict[str, int]  # the stacks or amounts given, by entry
    play_for: int
    amounts: dict[str, int]  # minor units, by entry
    end: bool
    order: list[str] | None  # with `end`, first place first


class Moved(TypedDict):
    entry: str
    table: int
    seat: int
    from_table: int | None
    from_seat: int | None
    waits: str | None  # big_blind or one_hand
    reason: NotRequired[str]  # "balance" when the plan made the move


class ButtonSet(TypedDict):
    table: int
    seat: int


class BreakMove(TypedDict):
    entry: str
    from_seat: int
    table: int
    seat: int
    waits: str | None


class TableBroken(TypedDict):
    table: int
    moves: list[BreakMove]


class FillMove(TypedDict):
    entry: str
    from_table: int
    from_seat: int
    seat: int


class TableFilled(TypedDict):
    table: int
    moves: list[FillMove]


class DrawnSeat(TypedDict):
    entry: str
    seat: int


class FinalTableDrawn(TypedDict):
    table: int
    seats: list[DrawnSeat]
    button: int
    closed: list[int]


class ClockSet(TypedDict):
    action: str  # the clock command's action
    index: int  # into the levels
    elapsed_ms: int  # in that level, at the event's instant
    running: bool
    overtime: bool


class HandForHand(TypedDict):
    on: bool
    hand: int | None
    until_money: NotRequired[bool]  # with the first hand: it ends by itself once the bubble bursts
    in_the_money: NotRequired[bool]  # it ended by itself, the bubble burst


class PenaltyFacts(TypedDict):
    reason: str
    given_ms: int
    minutes: NotRequired[int]
    until_ms: NotRequired[int]
    hands: NotRequired[int]


class PenaltyGiven(TypedDict):
    entry: str
    penalty: PenaltyFacts


class PlayerClock(TypedDict):
    entry: str
    until_ms: int | None  # None: off the clock


class Announced(TypedDict):
    text: str  # "": the announcement taken down
    until_ms: int | None  # None: until taken down


class ChipsCounted(TypedDict):
    entry: str
    chips: int  # the stack as counted: a record of the room, never a movement of chips


class ChipsRemoved(TypedDict):
    amount: int
    reason: str


class ConfigChanged(TypedDict):
    what: str  # structure or config
    config: dict[str, Any]  # the whole normalised config after the change


class PayoutsEdited(TypedDict):
    places: list[int]  # basis points, first place first


class Paid(TypedDict):
    entry: str
    amount: int
    payment: str


class Undone(TypedDict):
    commands: list[int]  # the command_seq of the command taken back
    types: list[str]  # its events' types, in order
