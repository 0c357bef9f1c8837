"""Taking events back without folding the evening again (docs/architecture.md: undo).

Folding 40,000 events anew to undo one bust keeps a TD waiting most of a second at 10,000 entries. So
before the desk applies an event it keeps, with `keep`, what the event may change as it was: the state's
plain fields and small parts whole, and of its big parts (entries, players, tables, places) only the
members the event names, which is where an apply function finds what it changes: the entries and the
people it names, the entries of those people and their people, the tables where the entries named sit
or sat, and the entries seated at those tables (not their people). `put_back` restores
that, newest event first, and the state is what it was before them, to the last field and in the same
order (a dict's order shows: the players' list, the first counted stack of a tie).

`seal`, after the event is applied, checks that its change stayed within what was kept (nothing added
or taken away that the payload does not name; no key taken out of an ordered part whose place was not
noted). An event whose change it cannot vouch for is marked `whole = False`, and the desk folds the log
afresh to take it back, as it always did. Tests compare the state after every undo with the log folded
from nothing, so an apply function that reaches further than its payload names fails the suite.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .arithmetic import standings
from .arithmetic.clock import ClockBase
from .arithmetic.names import search_key
from .state import ENTRY_FIELDS, Money, OutGroup, Player, State, Table, entry_values, named_apart

# The fields of the state that are values (or objects replaced whole, never changed in place): kept
# as they are. Every other field is one of the parts `keep` copies as it must (a test holds the two
# lists to the state's fields).
PLAIN = ("tournament_id", "config", "payout_table", "payout_table_text", "created_ms", "status", "player_count",
         "entry_count", "chips_bought", "chips_removed", "reentries", "rebuys", "add_ons", "live", "abandoned_live",
         "out_total", "players_entered", "players_out_unranked", "hand_for_hand", "hand",
         "hand_for_hand_until_money", "hand_for_hand_until_players", "custom_places", "deal", "envelopes",
         "envelope_draws", "started_ms", "finished_ms", "winner", "final_table", "roster_rev", "out_rev",
         "announcement", "formats", "waiting")
PARTS = ("clock", "players", "names", "entries", "tables", "open_tables", "by_count", "fresh_tables", "money",
         "out_groups", "out_of", "out_dirty", "on_clock", "counted", "news", "memo")

_plain = operator.attrgetter(*PLAIN)
_PLAYER_FIELDS = tuple(Player.__dataclass_fields__)
_player_values = operator.attrgetter(*_PLAYER_FIELDS)
_ENTRIES_AT = _PLAYER_FIELDS.index("entries")
_NAME_AT = _PLAYER_FIELDS.index("name")
_out_before = operator.attrgetter("out_before")
Member = dict[str, Any]


@dataclass(slots=True)
class Kept:
    """One event's change, as the state was before it."""

    plain: tuple[Any, ...]
    clock: ClockBase
    money: Money
    news: list[dict[str, Any]]
    on_clock: dict[str, int]
    open_tables: list[int] | None  # None once `seal` found them unchanged, or when `open_count` says it
    open_count: int | None  # an event that closes no table: how many were open (it may only add some)
    entries: dict[str, tuple[Any, ...] | None]  # None: the entry did not exist
    players: dict[str, tuple[Any, ...] | None]
    tables: dict[int, tuple[int | None, bool, dict[int, str]] | None]
    table_order: tuple[int, ...] | None  # the tables' order, while a table closed by the event must go back
    names: dict[str, list[str] | None]
    out_of: dict[str, OutGroup | None]
    counted: dict[str, tuple[int, int, int, int | None] | None]
    counted_order: tuple[str, ...] | None
    group_count: int
    # (group, its members, the people out before it): the last group, which a bust may join, and the
    # groups of the entries kept, which a re-entry may leave (and empty: the group goes from the list)
    members: list[tuple[OutGroup, list[Member], int]]
    sizes: tuple[int, int, int, int, int]  # entries, players, tables, people out, stacks counted
    whole: bool = True  # False: the change went beyond what was kept; only a fold takes it back


# The events that may close a table: only they can take a number out of the open tables (and the
# tables' order), which are then kept whole. Every other event can only open tables, at the end of both:
# taking it back takes the tables it opened off the end, whatever the size of the field.
CLOSES_TABLES = frozenset({"table_broken", "final_table_drawn"})


def keep(state: State, payload: Any, kind: str | None = None,
         found: tuple[set[str], set[str], set[int]] | None = None) -> Kept:
    """What applying an event of `payload` (of type `kind`; None: any) to `state` may change, as it is now.
    `found`: what `named_apart` finds in the payload, when the caller has it already (its sets are changed)."""
    values, keys, numbers = found if found is not None else named_apart(payload)
    entries, players, tables = state.entries, state.players, state.tables
    entry_ids: set[str] = set()
    player_ids: set[str] = set()
    unknown: set[str] = set()  # values that name nothing yet: the ids an event creates, the names it writes
    for text in values | keys:
        if text in entries:
            entry_ids.add(text)
        elif text in players:
            player_ids.add(text)
            entry_ids.update(players[text].entries)
        elif text in values:
            unknown.add(text)
    for entry_id in entry_ids:  # a named entry's seat and its person (a removal marks the person out)
        e = entries[entry_id]
        player_ids.add(e.player)
        numbers.update(n for n in (e.table, e.last_table) if n is not None)
    for number in numbers:  # a button that moves deals in the players who waited at the table
        table = tables.get(number)
        if table is not None:
            entry_ids.update(table.seats.values())
    # A name can change only where the payload writes one: the names of the people it names are kept then.
    name_keys = {search_key(players[p].name) for p in player_ids} | {search_key(t) for t in unknown} \
        if unknown else set()
    out_of, counted, groups = state.out_of, state.counted, state.out_groups
    closes = kind is None or kind in CLOSES_TABLES
    out = [e for e in entry_ids if e in out_of]
    if out:  # a group emptied by the event goes back where its count of people before it says
        standings.recount(state)
    counted_kept = [e for e in entry_ids if e in counted]
    members: dict[int, tuple[OutGroup, list[Member], int]] = {}
    for group in [out_of[e] for e in out] + groups[-1:]:
        members[id(group)] = (group, list(group.members), group.out_before)
    kept = Kept(
        plain=_plain(state),
        clock=ClockBase(**{name: getattr(state.clock, name) for name in ClockBase.__dataclass_fields__}),
        money=Money(**{name: getattr(state.money, name) for name in Money.__dataclass_fields__}),
        news=list(state.news),
        on_clock=dict(state.on_clock),
        open_tables=list(state.open_tables) if closes else None,
        open_count=None if closes else len(state.open_tables),
        entries={e: entry_values(entries[e]) for e in entry_ids} | dict.fromkeys(unknown),
        players={p: _player(players[p]) for p in player_ids} | dict.fromkeys(unknown),
        tables={n: _table(tables[n]) if n in tables else None for n in numbers},
        table_order=tuple(tables) if closes and any(n in tables for n in numbers) else None,
        names={k: list(state.names[k]) if k in state.names else None for k in name_keys},
        out_of={e: out_of.get(e) for e in entry_ids} | dict.fromkeys(unknown),
        counted={e: counted.get(e) for e in entry_ids} | dict.fromkeys(unknown),
        counted_order=tuple(counted) if counted_kept else None,
        group_count=len(groups),
        members=list(members.values()),
        sizes=_sizes(state),
    )
    kept.money.drawer = dict(state.money.drawer)
    return kept


def seal(kept: Kept, state: State) -> None:
    """After the event was applied: drop what it left unchanged, and say whether `put_back` can undo it."""
    if kept.open_count is not None:
        # Nothing closed: the tables open before are still there, in their order, and those the event
        # opened (numbers it names that were not open) follow them. Anything else goes to a fold.
        opened = state.open_tables[kept.open_count:]
        if len(state.tables) != len(state.open_tables) or not all(kept.tables.get(n, 0) is None for n in opened) \
                or any(n not in state.tables for n, t in kept.tables.items() if t is not None):
            kept.whole = False
    elif kept.open_tables == state.open_tables:
        kept.open_tables = None
    if kept.table_order is not None and all(n in state.tables for n, t in kept.tables.items() if t is not None):
        kept.table_order = None
    if kept.counted_order is not None and all(e in state.counted for e, c in kept.counted.items() if c is not None):
        kept.counted_order = None
    # Only the kept keys may have come or gone; and an entry or a player that went would come back last.
    grown = (_grown(kept.entries, state.entries), _grown(kept.players, state.players),
             _grown(kept.tables, state.tables), _grown(kept.out_of, state.out_of), _grown(kept.counted, state.counted))
    went = any(key not in live for part, live in ((kept.entries, state.entries), (kept.players, state.players))
               for key, values in part.items() if values is not None)
    renamed = [(values, state.players[p].name) for p, values in kept.players.items()
               if p in state.players and (values is None or values[_NAME_AT] != state.players[p].name)]
    name_keys = {search_key(name) for _, name in renamed} | {search_key(v[_NAME_AT]) for v, _ in renamed if v}
    if went or not name_keys <= kept.names.keys() \
            or any(b + g != a for b, g, a in zip(kept.sizes, grown, _sizes(state), strict=True)):
        kept.whole = False


def put_back(state: State, kept: Kept) -> set[str]:
    """Restore what one event changed (the newest event first, when a command wrote several). Returns
    the entries and players it had added, gone again."""
    gone = {key for key, values in kept.entries.items() if values is None and key in state.entries}
    gone.update(key for key, values in kept.players.items() if values is None and key in state.players)
    for name, value in zip(PLAIN, kept.plain, strict=True):
        setattr(state, name, value)
    state.clock, state.money, state.news = kept.clock, kept.money, kept.news
    state.on_clock.clear()
    state.on_clock.update(kept.on_clock)
    if kept.open_tables is not None:
        state.open_tables[:] = kept.open_tables
    elif kept.open_count is not None:
        del state.open_tables[kept.open_count:]
    entries = state.entries
    for entry_id, values in kept.entries.items():
        if values is None:
            entries.pop(entry_id, None)
        else:
            live = entries[entry_id]
            for name, value in zip(ENTRY_FIELDS, values, strict=True):
                setattr(live, name, value)
    _put_players(state, kept)
    _put_tables(state, kept)
    for key, ids in kept.names.items():
        if ids is None:
            state.names.pop(key, None)
        else:
            state.names[key] = ids
    _put_keyed(state.out_of, kept.out_of)
    _put_keyed(state.counted, kept.counted)
    if kept.counted_order is not None:
        _reorder(state.counted, kept.counted_order)
    groups = state.out_groups
    emptied = [(group, out_before) for group, _, out_before in kept.members if not group.members]
    del groups[kept.group_count - len(emptied):]  # the groups the event began
    for group, out_before in emptied:  # counted when kept: the groups' counts of people before them rise
        groups.insert(bisect.bisect_left(groups, out_before, key=_out_before), group)
    for group, members, out_before in kept.members:
        group.members[:] = members
        group.out_before = out_before
    # Counted again before the places are read: a recount since may have moved the groups' counts.
    state.out_dirty = True
    standings.taken_back(state, [e for e, g in kept.out_of.items() if g is None])
    return gone


def _put_players(state: State, kept: Kept) -> None:
    players = state.players
    for player_id, values in kept.players.items():
        if values is None:
            players.pop(player_id, None)
            continue
        live = players[player_id]
        for name, value in zip(_PLAYER_FIELDS, values, strict=True):
            setattr(live, name, list(value) if name == "entries" else value)


def _put_tables(state: State, kept: Kept) -> None:
    tables = state.tables
    for number, values in kept.tables.items():
        for heads in state.by_count.values():
            heads.discard(number)
        state.fresh_tables.discard(number)
        if values is None:
            tables.pop(number, None)
            continue
        button, fresh, seats = values
        table = tables.get(number)
        if table is None:
            table = tables[number] = Table(number)
        table.button, table.fresh, table.seats = button, fresh, dict(seats)
        state.by_count.setdefault(len(seats), set()).add(number)
        if fresh:
            state.fresh_tables.add(number)
    if kept.table_order is not None:
        _reorder(tables, kept.table_order)


def _put_keyed(live: dict[str, Any], kept: dict[str, Any]) -> None:
    for key, value in kept.items():
        if value is None:
            live.pop(key, None)
        else:
            live[key] = value


def _reorder(live: dict[Any, Any], order: Iterable[Any]) -> None:
    """Put `live` back in `order` (every key it holds is in it), in place."""
    items = [(key, live[key]) for key in order if key in live]
    live.clear()
    live.update(items)


def _grown(kept: dict[Any, Any], live: dict[Any, Any]) -> int:
    """How many more of the kept keys the live part holds than before (a kept value None: it held none)."""
    return sum(1 for key in kept if key in live) - sum(1 for values in kept.values() if values is not None)


def _player(p: Player) -> tuple[Any, ...]:
    values = list(_player_values(p))
    values[_ENTRIES_AT] = list(p.entries)
    return tuple(values)


def _table(t: Table) -> tuple[int | None, bool, dict[int, str]]:
    return t.button, t.fresh, dict(t.seats)


def _sizes(state: State) -> tuple[int, int, int, int, int]:
    return len(state.entries), len(state.players), len(state.tables), len(state.out_of), len(state.counted)
