"""Every event type's payload as the desk writes it: the file format, one TypedDict for each, named in
docs/protocol.md and declared with its type in `event_types` (the `payload` facet).

A payload is read back from the file as a plain `dict`: each apply function reads it as its type says,
after the upcast has brought an older format up to today's. `NotRequired` marks a field that only
some events of a type carry (a rebuy back in after a bust, a move the plan made).

Each field says whether it may leave the laptop (`payload_fields`): `Private[...]` stays; every other
field has the kind the website holds it to (`Id`, `Money`, `Table`...). The website folds the public
part of the same events: the fields it does not receive are read with `.get` where an apply function
may meet such an event.
"""

from typing import Annotated, Any, NotRequired, TypedDict

from .payload_fields import (
    CONFIG,
    MAX_SEAT,
    MAX_TABLE,
    Added,
    Chips,
    Count,
    Flag,
    Id,
    Money,
    Private,
    Public,
    Seat,
    Table,
    Text,
    items,
    one_of,
    text,
    whole,
)

Word = Annotated[str, text(40)]  # a word of the program's (a waiting rule, a reason for a move)
Ids = Annotated[list[Id], items(100)]


class PriceFacts(TypedDict):
    """What a purchase cost, in minor units: its share of the prize pool, of the bounties, the fee."""

    prize: Money
    bounty: Money
    fee: Private[int]  # the house's


class TournamentCreated(TypedDict):
    tournament_id: Annotated[str, text(64)]
    config: Annotated[dict[str, Any], CONFIG]  # normalised, every default filled in; public without fees and [sync]
    payout_table_text: Added[Annotated[str, text(256 * 1024)] | None]
    app_version: Added[Annotated[str, text(40)]]


class PlayerRegistered(TypedDict):
    player: Id
    name: Text
    nickname: Added[Text | None]
    email: Private[str | None]
    phone: Private[str | None]
    member_id: Private[str | None]


class PlayerEdited(TypedDict):
    """Only the fields changed, each with its new value; `was` holds their old values, for the log."""

    player: Id
    name: NotRequired[Text]
    nickname: NotRequired[Text | None]
    email: NotRequired[Private[str | None]]
    phone: NotRequired[Private[str | None]]
    member_id: NotRequired[Private[str | None]]
    was: Private[dict[str, str | None]]


class PlayerUnregistered(TypedDict):
    player: Id
    name: Private[str]  # as it was, for the log


class PlayerNoted(TypedDict):
    """The TD's or the cashier's own note on a person: whose it is and what it says stay on the laptop."""

    player: Private[str]
    note: Private[str | None]  # None: the note taken off


class TableOpened(TypedDict):
    table: Table


class StackAbandoned(TypedDict):
    entry: Id
    stays: Flag  # a bounty event: the stack stays at its seat and is blinded off
    chips: Chips  # leaving play: 0 when it stays
    table: Added[Table | None]
    seat: Private[int | None]  # format 2; None in an event of format 1; the site's fold needs no seat freed


class SatelliteNamed(TypedDict):
    tournament: str
    name: str


class EntryBought(TypedDict):
    entry: Id
    player: Id
    number: Annotated[int, whole(1, 100_000)]  # the player's nth entry
    reentry: Added[Flag]
    payment: Private[str]
    price: Public[PriceFacts]
    chips: Chips
    bonus: Added[Chips]  # early-bird chips
    table: Added[Table]
    seat: Added[Seat]
    previous: Added[Id | None]  # the entry it re-enters after
    satellite: NotRequired[Private[SatelliteNamed]]  # paid with a seat won there (payment "satellite")


class Rebought(TypedDict):
    entry: Id
    payment: Private[str]
    price: Public[PriceFacts]
    chips: Chips
    back: NotRequired[Flag]  # back in after a bust, at a seat drawn like a new entry's
    table: NotRequired[Table]
    seat: NotRequired[Seat]


class AddedOn(TypedDict):
    entry: Id
    payment: Private[str]
    price: Public[PriceFacts]
    chips: Chips


class Award(TypedDict):
    """An eliminator's share of a bounty: the cash paid to them, the part that went onto their head."""

    to: Id
    cash: Money
    to_head: Money


class Busted(TypedDict):
    entry: Id
    by: Ids
    stack_at_hand_start: Added[Chips | None]
    hand: Added[Count | None]  # the hand-for-hand hand
    join: Added[Flag]  # joins the group of the same hand-for-hand hand
    placed: Added[Flag]  # False for an abandoned stack
    table: Added[Table | None]
    seat: Added[Seat | None]
    awards: Added[Annotated[list[Public[Award]], items(100)]]
    # Mystery bounties: the envelopes this knockout drew (their sum is in `awards`, split as a split pot)
    envelopes: NotRequired[Annotated[list[Money], items(10_000)]]


class TournamentFinished(TypedDict):
    winner: Id


class Envelopes(TypedDict):
    """Mystery envelopes of one amount: how many."""

    amount: Money
    count: Count


class EnvelopesFixed(TypedDict):
    """The mystery envelopes, fixed from the bounty pool exactly, largest first."""

    envelopes: Annotated[list[Public[Envelopes]], items(10_000)]
    pool: Money


class EnvelopeShare(TypedDict):
    to: Id
    cash: Money


class EnvelopesLeftPaid(TypedDict):
    """At the finish, the envelopes nobody drew (`bounty.mystery_left_over`), and who takes what of them; or
    at a deal, shared by its players (`at_deal`)."""

    envelopes: Annotated[list[Money], items(10_000)]
    shares: Annotated[list[Public[EnvelopeShare]], items(100)]
    at_deal: NotRequired[Flag]


class EntryRemoved(TypedDict):
    entry: Id
    kind: Annotated[str, one_of("disqualified", "removed")]
    reason: Private[str]
    chips: Chips  # taken out of play
    table: Private[int | None]  # format 2; None in an event of format 1; the site's fold needs no seat freed
    seat: Private[int | None]


class DealMade(TypedDict):
    method: Annotated[str, one_of("icm", "chip_chop", "custom")]
    inputs: Added[Annotated[dict[str, Chips], items(100)]]  # the stacks (or the amounts) given, by entry
    play_for: Added[Money]
    amounts: Annotated[dict[str, Money], items(100)]  # minor units, by entry
    end: Flag
    order: Added[Annotated[list[Id], items(100)] | None]  # with `end`, first place first


class Moved(TypedDict):
    entry: Id
    table: Table
    seat: Seat
    from_table: Added[Table | None]
    from_seat: Added[Seat | None]
    waits: Added[Word | None]  # big_blind or one_hand
    reason: NotRequired[Word]  # "balance" when the plan made the move


class ButtonSet(TypedDict):
    table: Table
    seat: Seat


class BreakMove(TypedDict):
    entry: Id
    from_seat: Seat
    table: Table
    seat: Seat
    waits: Word | None


class TableBroken(TypedDict):
    table: Table
    moves: Annotated[list[Public[BreakMove]], items(100)]


class FillMove(TypedDict):
    entry: Id
    from_table: Table
    from_seat: Seat
    seat: Seat


class TableFilled(TypedDict):
    table: Table
    moves: Annotated[list[Public[FillMove]], items(100)]


class DrawnSeat(TypedDict):
    entry: Id
    seat: Seat


class FinalTableDrawn(TypedDict):
    table: Table
    seats: Annotated[list[Public[DrawnSeat]], items(MAX_SEAT)]
    button: Added[Seat]
    closed: Added[Annotated[list[Table], items(MAX_TABLE)]]


class ClockSet(TypedDict):
    action: Annotated[str, text(20)]  # the clock command's action
    index: Annotated[int, whole(0, 10_000)]  # into the levels
    elapsed_ms: Annotated[int, whole(0, 10**12)]  # in that level, at the event's instant
    running: Flag
    overtime: Added[Flag]


class HandForHand(TypedDict):
    on: Flag
    hand: Added[Count | None]
    until_money: NotRequired[Flag]  # with the first hand: it ends by itself once the bubble bursts
    until_players: NotRequired[Count]  # with the first hand: begun at a pay jump, it ends once this many are left
    in_the_money: NotRequired[Private[bool]]  # it ended by itself, the bubble burst (the site's news counts it)


class PenaltyFacts(TypedDict):
    reason: str
    given_ms: int
    minutes: NotRequired[int]
    until_ms: NotRequired[int]
    hands: NotRequired[int]


class PenaltyGiven(TypedDict):
    """Who got a penalty, and why, stays in the room: the website learns only that one was given."""

    entry: Private[str]
    penalty: Private[PenaltyFacts]


class PlayerClock(TypedDict):
    entry: Id
    until_ms: Added[Annotated[int, whole(0, 10**14)] | None]  # None: off the clock


class Announced(TypedDict):
    """The TD's words to the room: every screen, phone and the website show them."""

    text: Annotated[str, text(200)]  # "": the announcement taken down
    until_ms: Annotated[int, whole(0, 10**14)] | None  # None: until taken down


class ChipsCounted(TypedDict):
    """Counts are told to the room (the chip leader on the screen): the website may show them too."""

    entry: Id
    chips: Chips  # the stack as counted: a record of the room, never a movement of chips


class ChipsRemoved(TypedDict):
    amount: Chips
    reason: Private[str]


class ConfigChanged(TypedDict):
    what: Annotated[str, text(20)]  # structure or config
    config: Annotated[dict[str, Any], CONFIG]  # the whole normalised config after the change


class PayoutsEdited(TypedDict):
    places: Annotated[list[Annotated[int, whole(0, 10_000)]], items(10_000)]  # basis points, first place first


class Paid(TypedDict):
    entry: Private[str]
    amount: Private[int]
    payment: Private[str]


class Undone(TypedDict):
    commands: Annotated[list[Annotated[int, whole(1)]], items(10_000)]  # the command_seq of the command taken back
    types: Annotated[list[Annotated[str, text(40)]], items(10_000)]  # its events' types, in order


# -- flights, Day 2 and satellites (docs/flights-and-satellites.md) ----------------------------------
TournamentId = Annotated[str, text(64)]
Entries = Annotated[list[Id], items(100_000)]


class FlightStopped(TypedDict):
    reason: Annotated[str, one_of("players_left", "level", "td")]  # the target reached, its level's end, the TD
    players_left: Count
    target: Count | None  # the players-left target when it stopped, None with a level alone
    level: Annotated[int, whole(1, 10_000)]  # the play level it stopped at (or after)


class ChipsBagged(TypedDict):
    table: Table
    stacks: Annotated[dict[str, Chips], items(MAX_SEAT)]  # entry -> the chips in its bag


class FlightBagged(TypedDict):
    qualified: Count  # the entries bagged
    chips: Chips  # every bag added up
    # the chips in play less the bags, which the TD accepted on the last table
    difference: Annotated[int, whole(-(2**53), 2**53)]


class PersonFacts(TypedDict):
    name: str
    member_id: str | None


class OtherFlight(TypedDict):
    tournament: str
    name: str
    qualified: list[PersonFacts]
    playing: list[PersonFacts]


class FlightsKnown(TypedDict):
    flights: Private[list[OtherFlight]]  # who plays or qualified elsewhere: the people's member ids


class DroppedStack(TypedDict):
    entry: Id  # the flight's entry, which did not make Day 2
    name: Text
    chips: Chips
    kept: TournamentId  # the flight whose stack the person carries


class FlightTaken(TypedDict):
    tournament: TournamentId
    name: Text
    entries: Count
    players: Count
    prize_parts: Money
    bounty_parts: NotRequired[Money]  # mystery bounties won from Day 2: what the flight collected for them
    new_players: NotRequired[Count]  # its players who played no earlier flight: the event counts each person once
    paid_day1: Money
    chips: Chips  # the flight's bags added up
    qualified: Count
    carried: Count  # its qualifiers seated on Day 2
    dropped: Annotated[list[Public[DroppedStack]], items(100_000)]
    seq: Annotated[int, whole(1)]  # where the flight's log stood when it was read, and that event's hash
    hash: Annotated[str, text(128)]


class QualifierSeated(TypedDict):
    entry: Id
    player: Id
    chips: Chips  # the bag carried
    flight: TournamentId
    flight_entry: Id  # the entry there
    table: Table
    seat: Seat


class SeatHeld(TypedDict):
    player: Private[str]
    held: Private[bool]


class SatelliteEnded(TypedDict):
    seats: Count
    winners: Entries  # entries winning a seat, best place first
    cash_instead: Entries  # those of them who take the seat's value in cash


class SeatWon(TypedDict):
    entry: Id
    amount: Private[int]  # the seat's value, paid out to the target event
    payment: Private[str]  # "satellite"
    target: Text


class SatelliteSeatsTaken(TypedDict):
    satellite: TournamentId
    name: Text
    entries: Entries  # the entries its seats bought here


class AlternateAdded(TypedDict):
    """A player put on the waiting list for a seat (the alternates), last in line."""

    player: Id
    previous: Id | None  # their last entry, out, when they wait to enter again


class AlternatesRemoved(TypedDict):
    """Players taken off the waiting list unseated: one who left, or all of them when late registration
    closed. Nothing was taken from them: an alternate pays when seated."""

    players: Annotated[list[Id], items(10_000)]
    reason: Annotated[str, one_of("left", "closed")]
