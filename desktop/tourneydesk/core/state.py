"""The tournament state: what the fold of the event log builds, and nothing it could not rebuild.

Mutable dataclasses, changed in place by the `apply_*` functions, because a 10,000-entry field must
fold an event in microseconds. `State.to_dict()`/`State.from_dict()` give the checkpoint that the
store keeps so that opening a large file does not replay every event.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

from .arithmetic.clock import ClockBase
from .arithmetic.names import search_key
from .arithmetic.payouts import PayoutTable, parse_payout_table
from .config import Config, Price, parse_config
from .formats import Formats
from .protocol import payloads

ACTIVE = "active"
BUSTED = "busted"
ABANDONED = "abandoned"
DISQUALIFIED = "disqualified"
REMOVED = "removed"


@dataclass(slots=True)
class Player:
    id: str
    name: str
    nickname: str | None = None
    email: str | None = None
    phone: str | None = None
    member_id: str | None = None
    note: str | None = None  # the TD's or the cashier's own, never shown beyond the laptop's windows
    entries: list[str] = field(default_factory=list)
    out: str | None = None  # "disqualified" / "removed": the person gets no place and cannot re-enter


@dataclass(slots=True)
class Entry:
    id: str
    player: str
    number: int  # 1 for the first entry, 2 for the first re-entry...
    price: Price
    chips: int  # every chip this entry bought: stack, bonus, rebuys, add-ons
    status: str = ACTIVE
    table: int | None = None
    seat: int | None = None
    last_table: int | None = None
    last_seat: int | None = None
    bounty: int = 0
    bounty_won: int = 0
    rebuys: int = 0
    add_ons: int = 0
    early_bird: bool = False
    hand: int | None = None
    paid: int = 0
    deal: int | None = None
    waits: str | None = None
    penalty: payloads.PenaltyFacts | None = None
    reason: str | None = None


@dataclass(slots=True)
class Table:
    number: int
    seats: dict[int, str] = field(default_factory=dict)
    button: int | None = None  # the button of the next hand, when the TD has said where it is
    fresh: bool = False  # opened as the field grew and not yet filled from the other tables


@dataclass(slots=True, eq=False)
class OutGroup:
    """Entries out in one hand: they are ranked among themselves by `same_hand_ties` (UPPS 7.2).

    Compared by identity: a re-entry takes its member out of the very group it sits in."""

    hand: int | None
    members: list[dict[str, Any]]  # {"entry", "table", "stack"}
    out_before: int = 0  # people out before this group: its places are counted from there


@dataclass(slots=True)
class Money:
    collected: int = 0
    prize_parts: int = 0
    fees: int = 0
    bounty_parts: int = 0
    bounty_forfeited: int = 0
    paid_out: int = 0
    drawer: dict[str, int] = field(default_factory=dict)


@dataclass
class State:
    tournament_id: str
    config: Config
    payout_table: PayoutTable | None
    payout_table_text: str | None
    created_ms: int
    status: str = "setup"
    clock: ClockBase = field(default_factory=ClockBase)
    players: dict[str, Player] = field(default_factory=dict)
    names: dict[str, list[str]] = field(default_factory=dict)  # name's search key -> player ids (derived)
    entries: dict[str, Entry] = field(default_factory=dict)
    tables: dict[int, Table] = field(default_factory=dict)
    open_tables: list[int] = field(default_factory=list)
    by_count: dict[int, set[int]] = field(default_factory=dict)  # players at a table -> open tables (derived)
    fresh_tables: set[int] = field(default_factory=set)  # tables with `fresh` set (derived)
    player_count: int = 0  # ids handed out
    entry_count: int = 0
    money: Money = field(default_factory=Money)
    chips_bought: int = 0
    chips_removed: int = 0
    reentries: int = 0
    rebuys: int = 0
    add_ons: int = 0
    live: int = 0  # entries with status active
    abandoned_live: int = 0  # abandoned stacks still at a table (bounty events)
    out_groups: list[OutGroup] = field(default_factory=list)
    out_of: dict[str, OutGroup] = field(default_factory=dict)  # entry -> its group (derived)
    out_total: int = 0
    out_dirty: bool = False  # an undo put groups back: the `out_before` counts need a recount
    players_entered: int = 0  # people with at least one entry: the places run from this number
    players_out_unranked: int = 0  # disqualified or removed persons: they take no place
    hand_for_hand: bool = False
    hand: int | None = None
    hand_for_hand_until_money: bool = False  # begun on the bubble: ends by itself in the money
    hand_for_hand_until_players: int | None = None  # begun at a pay jump: ends by itself once this many are left
    custom_places: tuple[int, ...] | None = None
    deal: dict[str, Any] | None = None
    # Mystery bounties: the envelopes left, (amount, how many) largest first, None until the TD fixes them;
    # and each draw, (the entry knocked out, None for those left at the finish; the amounts; who took what)
    envelopes: tuple[tuple[int, int], ...] | None = None
    envelope_draws: tuple[tuple[str | None, tuple[int, ...], tuple[tuple[str, int], ...]], ...] = ()
    on_clock: dict[str, int] = field(default_factory=dict)  # entry -> until_ms
    announcement: dict[str, Any] | None = None  # the TD's words to the room: text, until_ms (None: until taken down)
    # entry -> (chips counted, chips the entry had bought then, when, the clock's level index then, None in a
    # checkpoint from before it was kept): the last count of each stack in play
    counted: dict[str, tuple[int, int, int, int | None]] = field(default_factory=dict)
    started_ms: int | None = None  # when the clock first started: the start of play
    finished_ms: int | None = None
    winner: str | None = None
    final_table: int | None = None  # the final table, once its seats are drawn
    news: list[dict[str, Any]] = field(default_factory=list)  # told to the room for a minute (`news`)
    formats: Formats = field(default_factory=Formats)  # a flight's, a Day 2's, a satellite's own facts
    waiting: tuple[str, ...] = ()  # the alternates: players waiting for a seat, first come first seated
    roster_rev: int = 0  # bumped when a person is renamed or unregistered (derived)
    out_rev: int = 0  # bumped when a group already out changes other than by growing (derived)
    # What the rule modules work out from the state and keep until it changes (the places of everyone
    # out, the paid places): never part of the state's meaning, never compared, never saved.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # -- derived helpers used by several rule modules --------------------------------------
    @property
    def chips_in_play(self) -> int:
        return self.chips_bought - self.chips_removed

    def entry_name(self, entry_id: str) -> str:
        return self.players[self.entries[entry_id].player].name

    def last_entry(self, player_id: str) -> Entry | None:
        ids = self.players[player_id].entries
        return self.entries[ids[-1]] if ids else None

    # -- the checkpoint -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "tournament_id": self.tournament_id,
            "config": self.config.to_dict(),
            "payout_table_text": self.payout_table_text,
            "created_ms": self.created_ms,
            "status": self.status,
            "clock": _fields(self.clock),
            # Rows rather than dicts: a 10,000-entry checkpoint reads back several times faster, and is a
            # third the size to seal and parse.
            "players": {"fields": PLAYER_FIELDS, "rows": [list(_PLAYER_VALUES(p)) for p in self.players.values()]},
            "entries": {"fields": ENTRY_FIELDS,
                        "rows": [_entry_row(e) for e in self.entries.values()]},
            "tables": [{"number": t.number, "seats": list(t.seats.items()), "button": t.button, "fresh": t.fresh}
                       for t in self.tables.values()],
            "open_tables": self.open_tables,
            "player_count": self.player_count,
            "entry_count": self.entry_count,
            "money": _fields(self.money),
            "chips_bought": self.chips_bought,
            "chips_removed": self.chips_removed,
            "reentries": self.reentries,
            "rebuys": self.rebuys,
            "add_ons": self.add_ons,
            "out_groups": [[g.hand, [[m["entry"], m["table"], m["stack"]] for m in g.members]]
                           for g in self.out_groups],
            "players_out_unranked": self.players_out_unranked,
            "hand_for_hand": self.hand_for_hand,
            "hand": self.hand,
            "hand_for_hand_until_money": self.hand_for_hand_until_money,
            "hand_for_hand_until_players": self.hand_for_hand_until_players,
            "custom_places": list(self.custom_places) if self.custom_places is not None else None,
            "deal": self.deal,
            "envelopes": [list(group) for group in self.envelopes] if self.envelopes is not None else None,
            "envelope_draws": [[busted, list(amounts), [list(share) for share in shares]]
                               for busted, amounts, shares in self.envelope_draws],
            "on_clock": self.on_clock,
            "announcement": self.announcement,
            "counted": [[entry_id, *count] for entry_id, count in self.counted.items()],
            "started_ms": self.started_ms,
            "finished_ms": self.finished_ms,
            "winner": self.winner,
            "final_table": self.final_table,
            "news": self.news,
            "formats": self.formats.to_dict(),
            "waiting": list(self.waiting),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        text = d["payout_table_text"]
        state = cls(
            tournament_id=d["tournament_id"],
            config=parse_config(d["config"]),
            payout_table=parse_payout_table(text) if text else None,
            payout_table_text=text,
            created_ms=d["created_ms"],
        )
        state.status = d["status"]
        state.clock = ClockBase(**d["clock"])
        players, entries = d["players"], d["entries"]
        if not isinstance(players, dict) or players["fields"] != PLAYER_FIELDS or entries["fields"] != ENTRY_FIELDS:
            raise ValueError("a checkpoint written by another version")
        price_at = ENTRY_FIELDS.index("price")
        prices: dict[tuple[int, ...], Price] = {}  # a field bought in at a handful of prices: one object each
        for row in entries["rows"]:
            paid = tuple(row[price_at])
            price = prices.get(paid)
            if price is None:
                price = prices[paid] = Price(*paid)
            row[price_at] = price
            entry = Entry(*row)
            state.entries[entry.id] = entry
        names = state.names
        for row in players["rows"]:
            player = Player(*row)
            state.players[player.id] = player
            names.setdefault(search_key(player.name), []).append(player.id)
        for t in d["tables"]:
            table = Table(t["number"], {int(s): e for s, e in t["seats"]}, t["button"], t["fresh"])
            state.tables[table.number] = table
            state.by_count.setdefault(len(table.seats), set()).add(table.number)
            if table.fresh:
                state.fresh_tables.add(table.number)
        state.money = Money(**d["money"])
        out_of = state.out_of
        for hand, rows in d["out_groups"]:
            group = OutGroup(hand, [{"entry": e, "table": t, "stack": s} for e, t, s in rows], state.out_total)
            state.out_groups.append(group)
            state.out_total += len(rows)
            for e, _, _ in rows:
                out_of[e] = group
        state.players_entered = sum(1 for p in state.players.values() if p.entries)
        places = d["custom_places"]
        state.custom_places = tuple(places) if places is not None else None
        for key in ("open_tables", "player_count", "entry_count", "chips_bought", "chips_removed",
                    "reentries", "rebuys", "add_ons", "players_out_unranked", "hand_for_hand", "hand",
                    "hand_for_hand_until_money", "deal", "on_clock", "finished_ms", "winner", "final_table"):
            setattr(state, key, d[key])
        if "started_ms" not in d and state.clock.started:
            raise ValueError("a checkpoint from before the start of play was kept: fold the log")
        state.started_ms = d.get("started_ms")
        state.hand_for_hand_until_players = d.get("hand_for_hand_until_players")
        envelopes = d.get("envelopes")
        state.envelopes = tuple((amount, count) for amount, count in envelopes) if envelopes is not None else None
        state.envelope_draws = tuple((busted, tuple(amounts), tuple((to, cash) for to, cash in shares))
                                     for busted, amounts, shares in d.get("envelope_draws") or ())
        state.news = list(d.get("news") or [])
        state.formats = Formats.from_dict(d.get("formats"))
        state.waiting = tuple(d.get("waiting") or ())
        state.announcement = d.get("announcement")
        state.counted = {row[0]: (row[1], row[2], row[3], row[4] if len(row) > 4 else None)
                         for row in d.get("counted") or []}
        state.live = sum(1 for e in state.entries.values() if e.status == ACTIVE)
        state.abandoned_live = sum(1 for e in state.entries.values() if e.status == ABANDONED and e.table)
        return state


ENTRY_FIELDS = list(Entry.__dataclass_fields__)
PLAYER_FIELDS = list(Player.__dataclass_fields__)


def named(payload: Any) -> tuple[set[str], set[int]]:
    """Every text (the ids of entries and players among them) and every table number in an event's
    payload, however nested, as a value or as a key: where an apply function finds what it changes."""
    values, keys, tables = named_apart(payload)
    return values | keys, tables


def named_apart(payload: Any) -> tuple[set[str], set[str], set[int]]:
    """`named`, the texts given as values (where a new id or a new name is written) apart from those
    that are keys."""
    values: set[str] = set()
    keys: set[str] = set()
    tables: set[int] = set()
    _named(payload, values, keys, tables)
    return values, keys, tables


def _named(value: Any, values: set[str], keys: set[str], tables: set[int]) -> None:
    if isinstance(value, str):
        values.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str):
                keys.add(key)
            if key in ("table", "last_table") and isinstance(item, int):
                tables.add(item)
            elif key in ("tables", "closed") and isinstance(item, list):
                tables.update(n for n in item if isinstance(n, int))
            else:
                _named(item, values, keys, tables)
    elif isinstance(value, list | tuple):
        for item in value:
            _named(item, values, keys, tables)


def entry_values(e: Entry) -> tuple[Any, ...]:
    """An entry's fields in the order of ENTRY_FIELDS (a test holds the two together). Written out: the undo
    record of a table broken at 25,000 entries copies some 140 entries, and `operator.attrgetter` over 21
    names looks each name up anew, three times slower."""
    return (e.id, e.player, e.number, e.price, e.chips, e.status, e.table, e.seat, e.last_table, e.last_seat,
            e.bounty, e.bounty_won, e.rebuys, e.add_ons, e.early_bird, e.hand, e.paid, e.deal, e.waits, e.penalty,
            e.reason)


_PLAYER_VALUES = operator.attrgetter(*PLAYER_FIELDS)
_PRICE_AT = ENTRY_FIELDS.index("price")


def _entry_row(entry: Entry) -> list[Any]:
    row = list(entry_values(entry))
    price = row[_PRICE_AT]
    row[_PRICE_AT] = [price.prize, price.bounty, price.fee]
    return row


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}
