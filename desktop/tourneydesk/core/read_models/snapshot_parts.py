"""The snapshot's parts that hold private facts, declared field by field the way payloads are
(`protocol/payload_fields.py`): an entry, the money, and a flight's, a Day 2's or a satellite's event.

`snapshot.public` keeps of each part only what is declared public here, so a field the snapshot gains
stays on the laptop until it is declared; a test holds every field the snapshot builds to a declaration
here, so none is added without saying which it is.
"""

from typing import Annotated, Any, NotRequired, TypedDict

from ..protocol.payload_fields import (
    MAX_INT,
    Chips,
    Count,
    Flag,
    Id,
    Money,
    Private,
    Public,
    Seat,
    Shape,
    Table,
    Text,
    items,
    shape,
    whole,
)
from ..protocol.payloads import DroppedStack, TournamentId

MANY = 100_000  # entries, draws, lines: more than any field holds
Instant = Annotated[int, whole()]  # POSIX milliseconds


class EntryPart(TypedDict):
    id: Id
    player: Id
    name: Text
    number: Count
    status: Text
    table: Table | None
    seat: Seat | None
    last_table: Table | None
    last_seat: Seat | None
    place: Count | None
    place_to: Count | None
    place_final: Flag
    prize: Money
    paid: Private[bool]  # what the cashier has handed over is the drawer's business
    owed: Private[int]
    bounty: Money
    bounty_won: Money
    chips_bought: Chips
    rebuys: Count
    add_ons: Count
    hand: Count | None
    waits: Text | None
    penalty: Private[dict[str, Any] | None]  # the floor's decision and its reason
    stack: Chips | None
    counted_ms: Instant | None
    counted_level: Count | None


class EnvelopeAmount(TypedDict):
    amount: Money
    count: Count


class EnvelopeShare(TypedDict):
    entry: Id
    cash: Money


class EnvelopeDraw(TypedDict):
    entry: Id | None  # None: the envelopes left at the finish
    amounts: Annotated[list[Money], items(MANY)]
    to: Annotated[list[Public[EnvelopeShare]], items(MANY)]


class Envelopes(TypedDict):
    fixed: Flag
    left: Annotated[list[Public[EnvelopeAmount]], items(MANY)]
    left_count: Count
    left_total: Money
    drawn_total: Money
    drawn: Annotated[list[Public[EnvelopeDraw]], items(MANY)]


class MoneyPart(TypedDict):
    collected: Private[int]  # every payment taken, the house's fee in it
    prize_parts: Money
    added: Money
    overlay: Money
    prize_pool: Money
    fees: Private[int]
    bounty_pool: Money
    bounty_paid: Money
    bounty_forfeited: Money
    paid_out: Private[int]
    drawer: Private[dict[str, int]]  # by payment method
    envelopes: NotRequired[Public[Envelopes]]  # a mystery-bounty event's only


class FlightPart(TypedDict):
    kind: Text
    event: Id
    event_name: Text
    name: Text
    target: Count | None
    stop_after_level: Count | None
    day1_pays: Flag
    stopped: Public[dict[str, Any]] | None  # when and at which level
    bagged: Flag
    tables_bagged: Annotated[list[Table], items(MANY)]
    chips_bagged: Chips
    bags: Count
    difference: Annotated[int, whole(-MAX_INT)]  # the bags against the chips in play
    paid_day1: Money


class FlightLine(TypedDict):
    tournament: TournamentId
    name: Text
    entries: Count
    players: Count
    new_players: NotRequired[Count]  # its players who played no earlier flight (not known to an older Day 2)
    qualified: Count
    carried: Count
    prize_parts: Money
    paid_day1: Money
    chips: Chips
    dropped: Annotated[list[Public[DroppedStack]], items(MANY)]


class Leader(TypedDict):
    entry: Id
    name: Text
    stack: Chips
    flight: Text | None


class Day2Part(TypedDict):
    kind: Text
    event: Id
    event_name: Text
    flights: Annotated[list[Public[FlightLine]], items(MANY)]
    entries: Count
    players: NotRequired[Count]  # the event's people, each once: who entered two flights is one (not known to
    # a Day 2 taken before they were counted: its flights' players are then added up)
    qualifiers: Count
    combined_pool: Money
    paid_day1: Money
    leaderboard: Annotated[list[Public[Leader]], items(MANY)]


class SatellitePart(TypedDict):
    kind: Text
    target: Text
    target_id: Text | None
    seat_value: Money
    seats: Count
    leftover: Money
    leftover_rule: Text
    step: Money | None
    holder_takes_cash: Flag
    holders: Private[list[str]]  # who holds a seat already (won elsewhere)
    ended: Public[dict[str, Any]] | None


ENTRY: Shape = shape(EntryPart)
MONEY: Shape = shape(MoneyPart)
EVENTS: dict[str, Shape] = {"flight": shape(FlightPart), "day2": shape(Day2Part), "satellite": shape(SatellitePart)}
