"""The snapshot (docs/protocol.md: the snapshot): the whole state at an instant, as plain JSON-able data.

The windows, the LAN and the website all read this one shape; the public variant (`public`) drops
what must never leave the laptop: contact details, payment methods, the drawer and cash details.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Any

from ..arithmetic import money, standings, windows
from ..arithmetic.clock import (
    ClockPosition,
    ms_until_index,
    next_break_index,
    play_level_number,
    registration_close_index,
)
from ..arithmetic.standings import all_places
from ..config import Level
from ..protocol import payloads
from ..protocol.payload_fields import keep_public, public_fields
from ..rules import alternates, chip_counts
from ..rules.eliminations import prize_of
from ..state import ACTIVE, Entry, Player, State, Table, named
from . import formats, news, snapshot_parts

# A player's part holds what registering and the corrections wrote of them: of that, only what the
# registration declares public leaves the laptop (`payloads.PlayerRegistered`), and the entries they
# bought. Any other fact of a player (a contact, a note) stays, whether or not this module knows of it.
PUBLIC_PLAYER = frozenset({"id", "entries"} | public_fields(payloads.PlayerRegistered) - {"player"})


def _seconds(ms: int) -> int:
    return -(-ms // 1000)  # whole seconds, rounded up: 0:00 shows only when the time is really out


def clock_part(state: State, now_ms: int) -> dict[str, Any]:
    """The parts of the snapshot that move with time alone: the clock, the players on the clock and
    the announcements. Cheap at any field size: a screen redrawing its clock every second reads this,
    not a whole snapshot."""
    clock = _clock(state, windows.clock_at(state, now_ms), now_ms)
    return {
        "clock": clock,
        "on_clock": [{"entry": e, "name": state.entry_name(e), "remaining_s": max(0, _seconds(until - now_ms))}
                     # soonest first: the order the TD calls them, and the same however the log was folded
                     for e, until in sorted(state.on_clock.items(), key=lambda item: (item[1], item[0]))
                     if state.entries[e].status == ACTIVE and until > now_ms],
        "announcements": _announcements(state, clock, now_ms),
    }


class Parts:
    """The entries', players' and tables' parts of the last snapshot, kept to be reused by the next one.

    A bust changes a handful of the 10,000 entries of a big field, yet every window redraws from a whole
    snapshot after it. Rebuilding only the parts that changed makes that snapshot many times cheaper, and
    an unchanged part is the very same dict as before, so a window finds what changed by identity
    (`is not`) instead of comparing values. The parts are shared: treat them as read-only.

    What changed is known two ways. The fields of entries, players and tables change only through
    events, and `touch(state, payload)` after each event marks every entry and player the event names
    (as a value or as a key, anywhere in its payload), every entry seated at a table it names (a button
    moving lets the players who waited there play) and the tables of every entry it marks. What follows
    from the whole field (places, prizes and whether they are final, a penalty's countdown, a table's
    ante) is compared on every snapshot for the entries and tables it concerns. An undo taken back in
    place is told as its events were (`touch`, then `taken_back` for what it took away); after one that
    folded the state anew, `rebase` looks at every part again, and `forget()` starts afresh.
    """

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []  # in the state's order, which only ever appends
        self.entry_keys: list[tuple[Any, ...]] = []  # what of the whole field each entry's part shows
        self.entry_at: dict[str, int] = {}
        self.special: set[str] = set()  # entries with a deal or a penalty: looked at on every snapshot
        # Entries showing something of the whole field (a place, a prize): looked at whenever the places
        # are counted afresh or what prizes come from changes, so that one whose place went away (a
        # re-entry) is rebuilt too.
        self.placed: set[str] = set()
        self._places_mark: standings.Mark | None = None
        self.players: list[dict[str, Any]] = []
        self.player_at: dict[str, int] = {}
        self.tables: dict[int, tuple[tuple[Any, ...], dict[str, Any]]] = {}
        self.touched_entries: set[str] = set()
        self.touched_players: set[str] = set()
        self.touched_tables: set[int] = set()
        self._field: tuple[Any, ...] = ()
        self.bounty_won = 0  # the bounty cash won, summed over the parts (`bounty.bounty_paid`)
        self._rebuilt: list[int] = []  # positions of the parts built again by the last `entry_parts`
        self._reshown: list[int] = []  # and of those that only show other figures of the whole field
        self._moved: list[int] = []  # and of those, the ones whose place alone moved (a late entry's 9,000)
        self._people: list[int] = []  # and of the people whose part changed
        # The entries whose place may have moved since the snapshot before (None: every one of them)
        self._recounted: list[str] | None = None
        self._payouts: tuple[tuple[int, ...], list[dict[str, Any]]] | None = None
        self._table_key: tuple[Any, ...] | None = None
        self._last: dict[str, Any] | None = None  # the last snapshot made with these parts
        self.changes: Changes | None = None  # between the last two

    def forget(self) -> None:
        self.__init__()  # type: ignore[misc]

    @property
    def afresh(self) -> bool:
        """Whether the next snapshot builds every part (none made yet, or all forgotten)."""
        return self._last is None

    def rebase(self, state: State) -> None:
        """The state was folded anew (an undo the desk could not take back in place): every part is looked
        at again, and those that show the same as before stay the very same objects, so the windows
        redraw only what the undo changed. Afresh when entries or players went away or came back in
        another place (the undo of a registration, a buy-in or an unregistration): a part is kept by its
        position in the list."""
        if not _same_order(state.entries, self.entries) or not _same_order(state.players, self.players):
            self.forget()
            return
        self.touched_entries = set(state.entries)
        self.touched_players = set(state.players)
        self.touched_tables = set(state.tables)
        self._places_mark = None
        self._field = ()

    def taken_back(self, gone: set[str]) -> None:
        """Entries or players went away (an undo took back the commands that added them, or a registration
        was withdrawn): when they are the last parts, those go, and every other part keeps its place;
        otherwise the parts are laid out afresh (a part is kept by its position)."""
        for parts, at in ((self.entries, self.entry_at), (self.players, self.player_at)):
            where = [at[key] for key in gone if key in at]
            if not where:
                continue
            cut = min(where)
            if any(part.get("id") not in gone for part in parts[cut:]):
                self.forget()
                return
            for part in parts[cut:]:
                at.pop(part["id"], None)
                self.bounty_won -= part.get("bounty_won", 0)
            del parts[cut:]
            if parts is self.entries:
                del self.entry_keys[cut:]
        self.placed -= gone
        self.special -= gone
        self.touched_entries -= gone
        self.touched_players -= gone

    def touch(self, state: State, payload: Any, found: tuple[set[str], set[int]] | None = None) -> None:
        """Mark what an event, already applied to `state`, may have changed. `found`: what `named` finds in
        the payload, when the caller has it already (its sets are the caller's to give: they are changed)."""
        gone = payload.get("player") if isinstance(payload, dict) else None
        if isinstance(gone, str) and gone in self.player_at and gone not in state.players:
            self.taken_back({gone})  # an unregistration, or a registration taken back
            return
        names, tables = found if found is not None else named(payload)
        entries: set[str] = set()
        for name in names:
            if name in state.entries:
                entries.add(name)
                self.touched_players.add(state.entries[name].player)
            elif name in state.players:
                self.touched_players.add(name)
                entries.update(state.players[name].entries)
        for number in tables:
            table = state.tables.get(number)
            if table is not None:
                entries.update(table.seats.values())
        for entry_id in entries:
            e = state.entries[entry_id]
            tables.update(n for n in (e.table, e.last_table) if n is not None)
        self.touched_entries |= entries
        self.touched_tables |= tables

    def entry_parts(self, state: State, places: dict[str, tuple[int, int, int]], final: bool,
                    now_ms: int) -> list[dict[str, Any]]:
        """Every entry's part: the one kept unless the entry was touched or what it shows of the whole
        field (its place, its prize and whether they are final, its penalty's countdown) differs."""
        parts, keys, at = self.entries, self.entry_keys, self.entry_at
        # Whatever a prize is worked out from besides the place. While it stands, only the entries whose
        # place was counted since the last snapshot can show another place or prize (the places of the
        # groups out earlier are kept, `standings.all_places`): at 9,000 people out, a bust looks at one.
        field = (money.payouts(state), final, state.deal)
        self._places_mark, recounted = standings.recounted_since(state, self._places_mark)
        self._recounted = recounted
        if field == self._field and recounted is not None:
            recheck = self.touched_entries | self.special | set(recounted)
        else:
            recheck = self.touched_entries | self.special | self.placed | places.keys()
        self._field = field
        rebuilt: list[int] = []
        reshown: list[int] = []
        moved: list[int] = []
        if len(parts) < len(state.entries):
            for e in itertools.islice(state.entries.values(), len(parts), None):
                at[e.id] = len(parts)
                parts.append({})
                keys.append(_NEW)
                recheck.add(e.id)
        paid_places = money.paid_places(state)
        # Bound once: at 9,000 entries rechecked (a late entry), the loop's own lookups are its cost.
        touched, placed, special = self.touched_entries, self.placed, self.special
        entries, place_of = state.entries, places.get
        for entry_id in recheck:
            found = entries.get(entry_id)
            if found is None:
                continue
            e, index = found, at[entry_id]
            place = place_of(entry_id)
            # Out of the money, no deal: nothing to work out (most of a big field, once it is out).
            deal = e.deal
            if (place is not None and deal is None and place[0] > paid_places and not e.penalty
                    and entry_id not in touched):
                # Out, unpaid, untouched, nothing timed (9,000 of them late in the evening): when only its
                # place moved (a late entry shifts them all by one), the part is the old one with its
                # place anew, and nothing of the loop below is needed.
                key = (place, 0, final, None)
                was = keys[index]
                if was is not key and was != key:
                    old = parts[index]
                    if old and was is not _PLAIN and was is not _NEW and was[1] == 0 and was[2] is final:
                        part = old.copy()
                        part["place"], part["place_to"] = place[0], place[1]
                        parts[index] = part
                        reshown.append(index)
                        moved.append(index)
                        keys[index] = key
                        placed.add(entry_id)
                        special.discard(entry_id)
                        continue
                else:
                    placed.add(entry_id)
                    special.discard(entry_id)
                    continue
            paid = deal is not None or (place is not None and place[0] <= paid_places)
            prize = prize_of(state, entry_id, place) if paid else 0
            penalty = e.penalty
            remaining = _seconds(penalty["until_ms"] - now_ms) if penalty and "until_ms" in penalty else None
            # An entry with no place and no prize shows nothing of the whole field, final or not.
            key = _PLAIN if place is None and prize == 0 and remaining is None else (place, prize, final, remaining)
            was_touched = entry_id in touched
            if was_touched or keys[index] != key:
                old = parts[index]
                if was_touched or not old or remaining is not None:
                    part = _entry(state, e, place, prize, final, now_ms)
                    # Touched but shown the same (a table mate): the old one stands.
                    if part != old:
                        parts[index] = part
                        rebuilt.append(index)
                        self.bounty_won += part["bounty_won"] - old.get("bounty_won", 0)
                else:  # only the field's facts it shows moved: a late entry shifts all 9,000 places out
                    parts[index] = _reshown(old, e, place, prize, final)
                    reshown.append(index)
                keys[index] = key
            if key is _PLAIN:
                placed.discard(entry_id)
            else:
                placed.add(entry_id)
            if deal is not None or penalty:
                special.add(entry_id)
            else:
                special.discard(entry_id)
        self.touched_entries.clear()
        rebuilt.sort()
        reshown.sort()
        moved.sort()
        self._rebuilt, self._reshown, self._moved = rebuilt, reshown, moved
        return list(parts)

    def player_parts(self, state: State) -> list[dict[str, Any]]:
        parts, at = self.players, self.player_at
        recheck = self.touched_players
        if len(parts) < len(state.players):
            for p in itertools.islice(state.players.values(), len(parts), None):
                at[p.id] = len(parts)
                parts.append({})
                recheck.add(p.id)
        people = []
        for player_id in recheck:
            if player_id in at:
                part = _player(state.players[player_id])
                if part != parts[at[player_id]]:
                    parts[at[player_id]] = part
                    people.append(at[player_id])
        recheck.clear()
        self._people = sorted(people)
        return list(parts)

    def table_parts(self, state: State, clock: dict[str, Any]) -> list[dict[str, Any]]:
        # A table's part changes with its seats and button (an event names the table), its being the
        # final table, and the ante its head count plays: while none of these moved, the last list stands.
        whole = (clock["ante"], clock["index"], state.final_table, len(state.open_tables))
        if not self.touched_tables and whole == self._table_key and self._last is not None:
            tables: list[dict[str, Any]] = self._last["tables"]
            return tables
        self._table_key = whole
        antes: dict[int, int] = {}  # by the number of players: the same at every table of that size
        out = []
        kept_parts, touched = self.tables, self.touched_tables
        for number in sorted(state.open_tables):
            table = state.tables[number]
            count = len(table.seats)
            ante = antes.get(count)
            if ante is None:
                ante = antes[count] = table_ante(state, count, clock["ante"], clock["index"])
            key = (count, table.button, state.final_table == number, ante)
            kept = kept_parts.get(number)
            if kept is None or number in touched or kept[0] != key:
                kept = kept_parts[number] = (key, _table(state, table, ante))
            out.append(kept[1])
        touched.clear()
        return out

    def payout_part(self, amounts: tuple[int, ...], places: dict[str, tuple[int, int, int]]) -> list[dict[str, Any]]:
        """The payouts: the very list of the snapshot before while no amount and no paid place moved, and
        otherwise the places a bust or an undo moved built again, every other place the object it was (at
        1,500 places paid, a bust in the money changes one: built afresh and compared with the last list,
        the payouts were two thirds of a bust's snapshot). All of them when every place or amount moved."""
        kept, recounted = self._payouts, self._recounted
        if kept is None or kept[0] != amounts or recounted is None:
            self._payouts = (amounts, _payouts(amounts, places))
            return self._payouts[1]
        rows = kept[1]
        moved = dict.fromkeys(recounted)  # in order, once each (a group counted again is listed again)
        changed = {p for entry_id in moved for p in _paid_range(places.get(entry_id), len(amounts))}
        # Where a moved entry was paid before: a place is held by one group's tie, all of it counted again.
        changed.update(row["place"] for row in rows if row["entries"] and not moved.keys().isdisjoint(row["entries"]))
        if not changed:
            return rows
        rows = list(rows)
        for p in changed:
            held = [e for e in rows[p - 1]["entries"] if e not in moved]
            held += [e for e in moved if p in _paid_range(places.get(e), len(amounts))]
            rows[p - 1] = {"place": p, "amount": amounts[p - 1], "entries": _in_tie_order(held, places)}
        self._payouts = (amounts, rows)
        return rows

    def changed(self, snap: dict[str, Any]) -> dict[str, Any]:
        """The snapshot just made, each part equal to the last snapshot's being that very object, and
        what differs noted (`changes`)."""
        last, self._last = self._last, snap
        if last is None:
            self.changes = None
            return snap
        for key in _SHARED:
            if key in snap and snap[key] is not last.get(key) and snap[key] == last.get(key):
                snap[key] = last[key]
        if not self._rebuilt and not self._reshown and len(snap["entries"]) == len(last["entries"]):
            snap["entries"] = last["entries"]
        if not self._people and len(snap["players"]) == len(last["players"]):
            snap["players"] = last["players"]
        self.changes = Changes(last, snap, tuple(self._rebuilt), tuple(self._reshown), tuple(self._people),
                               frozenset(key for key, value in snap.items() if value is not last.get(key)),
                               moved=tuple(self._moved))
        return snap


@dataclass(frozen=True, slots=True)
class Changes:
    """What differs between the last two snapshots made with the same parts (`Desk.changes`), the way a
    window redraws only that: which of the snapshot's parts are other objects, and among the entries
    and the people, at which positions. A part not named is the very object of the snapshot before."""

    before: dict[str, Any]
    after: dict[str, Any]
    entries: tuple[int, ...]  # the entries whose part was built again (the entry changed, or came)
    reshown: tuple[int, ...]  # those whose part shows other figures of the whole field only (place, prize, owed)
    players: tuple[int, ...]  # the people whose part changed, or came
    parts: frozenset[str]  # the snapshot's keys whose value is another object than before
    # Of `reshown`, those whose part differs from the one before in its place alone (`place`, `place_to`):
    # what it is owed, its prize and the rest are as they were (a late entry moves 9,000 places out).
    moved: tuple[int, ...] = ()

    def of(self, entries: list[dict[str, Any]]) -> bool:
        """Whether these changes lead from `entries` (the list a window read last) to the latest."""
        return self.before["entries"] is entries


# The parts of a snapshot that are built anew each time and kept as the last one's when equal.
_SHARED = ("tournament", "clock", "counts", "chips", "money", "payouts", "on_clock", "announcements", "deal",
           "event", "waiting")


def _same_order(ids: dict[str, Any], parts: list[dict[str, Any]]) -> bool:
    """Whether the parts are those of the first ids, in their order."""
    return list(itertools.islice(ids, len(parts))) == [part.get("id") for part in parts]


_PLAIN: tuple[Any, ...] = ("plain",)  # no place, no prize, no timed penalty
_NEW: tuple[Any, ...] = ("new",)  # not built yet


def snapshot(state: State, seq: int, now_ms: int, parts: Parts | None = None) -> dict[str, Any]:
    """The whole state at `now_ms`. With `parts` (kept from the previous call and told of every event
    since), the parts of the entries, players and tables that did not change are reused, and every other
    part equal to the previous snapshot's is that very object (`Parts.changes` says what differs)."""
    parts = parts if parts is not None else Parts()
    places = all_places(state)  # counted even where none is shown: the parts keep up with it
    if money.no_places(state):
        places = {}
    amounts = money.payouts(state)
    final = not windows.places_provisional(state, now_ms)
    timed = clock_part(state, now_ms)
    clock = timed["clock"]
    entries = parts.entry_parts(state, places, final, now_ms)
    snap = {
        "seq": seq,
        "tournament": {"id": state.tournament_id, "name": state.config.name,
                       "currency": state.config.currency, "status": state.status,
                       "started_ms": state.started_ms, "finished_ms": state.finished_ms,
                       **({"points_only": True} if state.config.points_only else {})},
        "clock": clock,
        "counts": dataclasses.asdict(counts(state)),
        "chips": _chips(state),
        "money": _money(state, parts.bounty_won),
        "payouts": parts.payout_part(amounts, places),
        "tables": parts.table_parts(state, clock),
        "entries": entries,
        "players": parts.player_parts(state),
        "on_clock": timed["on_clock"],
        "announcements": timed["announcements"],
        "deal": state.deal,
    }
    if state.waiting:  # only while someone waits: a night without alternates shows what it always showed
        snap["waiting"] = alternates.waiting_part(state)
    event = formats.event_part(state)
    if event is not None:  # a flight, a Day 2 or a satellite: an ordinary tournament's snapshot is as it was
        snap["event"] = event
    return parts.changed(snap)


@dataclass(frozen=True, slots=True)
class Counts:
    """The field in figures: the snapshot's `counts`."""

    players: int  # people with at least one entry: the places run from this number
    entries: int  # every entry, re-entries included, whatever became of them
    players_left: int
    reentries: int
    rebuys: int
    add_ons: int


def counts(state: State) -> Counts:
    return Counts(state.players_entered, state.entry_count, state.live, state.reentries, state.rebuys,
                  state.add_ons)


def _chips(state: State) -> dict[str, Any]:
    leader = chip_counts.chip_leader(state)
    return {"in_play": state.chips_in_play,
            "average": state.chips_in_play // state.live if state.live else 0,
            "leader": {"entry": leader, "name": state.entry_name(leader), "stack": chip_counts.stack_of(state, leader)}
            if leader is not None else None,
            "counted": sum(1 for e in state.counted if state.entries[e].status == ACTIVE)}


def public(snap: dict[str, Any]) -> dict[str, Any]:
    """The snapshot without private fields: what the website and the phones may know. Of the parts that
    hold private facts, only what `snapshot_parts` declares public is kept."""
    out = dict(snap)
    out["money"] = keep_public(snapshot_parts.MONEY, snap["money"])
    out["players"] = [{k: v for k, v in p.items() if k in PUBLIC_PLAYER} for p in snap["players"]]
    out["entries"] = [keep_public(snapshot_parts.ENTRY, e) for e in snap["entries"]]
    event = snap.get("event")
    if event:
        out["event"] = keep_public(snapshot_parts.EVENTS[event["kind"]], event)
    return out


def _clock(state: State, pos: ClockPosition, now_ms: int) -> dict[str, Any]:
    levels = state.config.levels
    level = levels[pos.index]
    blinds = _blinds_in_force(levels, pos.index)
    nxt = pos.index + 1 if not pos.overtime and pos.index + 1 < len(levels) else pos.index
    brk = next_break_index(levels, pos.index)
    reg = state.config.registration
    close = registration_close_index(levels, reg.until_level, reg.through_break)
    reg_open = windows.registration_open(state, now_ms)
    remaining = pos.remaining_ms if state.clock.started else level.duration_ms
    return {
        "index": pos.index,
        "level": play_level_number(levels, pos.index),
        "on_break": level.is_break,
        "running": state.clock.running and state.status != "finished",
        "started": state.clock.started,
        "remaining_s": _seconds(remaining),
        "elapsed_s": (pos.elapsed_ms if state.clock.started else 0) // 1000,
        "overtime": pos.overtime,
        "small_blind": blinds.small_blind,
        "big_blind": blinds.big_blind,
        "ante": blinds.ante,
        "ante_kind": blinds.ante_kind,
        "next": _level_view(levels, nxt),
        "break_in_s": _seconds(ms_until_index(levels, pos, brk) or 0) if brk is not None and not level.is_break
        else None,
        "registration_open": reg_open,
        "registration_closes_in_s": _seconds(ms_until_index(levels, pos, close) or 0) if reg_open
        and state.clock.started else None,
        "color_up": list(level.color_up),
        "add_on_open": windows.add_on_open(state, now_ms),
        "hand_for_hand": state.hand_for_hand,
        "hand": state.hand,
    }


def _blinds_in_force(levels: tuple[Level, ...], index: int) -> Level:
    """On a break, the blinds shown are those of the level that follows it."""
    for i in range(index, len(levels)):
        if not levels[i].is_break:
            return levels[i]
    return next(level for level in reversed(levels) if not level.is_break)


def _level_view(levels: tuple[Level, ...], index: int) -> dict[str, Any]:
    level = levels[index]
    return {"index": index, "level": play_level_number(levels, index), "is_break": level.is_break,
            "small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
            "ante_kind": level.ante_kind, "minutes": level.minutes, "color_up": list(level.color_up)}


def _money(state: State, bounty_paid: int) -> dict[str, Any]:
    m = state.money
    part = {
        "collected": m.collected,
        "prize_parts": m.prize_parts,
        "added": state.config.payouts.added,
        "overlay": money.overlay(state),
        "prize_pool": money.prize_pool(state),
        "fees": m.fees,
        "bounty_pool": money.mystery_pool(state),  # a Day 2's: every flight's bounty parts
        "bounty_paid": bounty_paid,
        "bounty_forfeited": m.bounty_forfeited,
        "paid_out": m.paid_out,
        "drawer": dict(sorted(m.drawer.items())),
    }
    if state.config.bounty.kind == "mystery":  # only there: every other file shows the money it always showed
        part["envelopes"] = _envelopes(state)
    return part


def _envelopes(state: State) -> dict[str, Any]:
    """Mystery bounties: the envelopes left by amount, and each draw (the entry knocked out, None for those
    left at the finish; who took what)."""
    left = state.envelopes or ()
    drawn = [{"entry": busted, "amounts": list(amounts), "to": [{"entry": to, "cash": cash} for to, cash in shares]}
             for busted, amounts, shares in state.envelope_draws]
    return {"fixed": state.envelopes is not None,
            "left": [{"amount": amount, "count": count} for amount, count in left],
            "left_count": sum(count for _, count in left),
            "left_total": sum(amount * count for amount, count in left),
            "drawn_total": sum(sum(amounts) for _, amounts, _ in state.envelope_draws),
            "drawn": drawn}


def _payouts(amounts: tuple[int, ...], places: dict[str, tuple[int, int, int]]) -> list[dict[str, Any]]:
    at_place: dict[int, list[str]] = {}
    paid = len(amounts)
    for entry_id, (place, place_to, _) in places.items():
        if place <= paid:
            for p in range(place, min(place_to, paid) + 1):
                at_place.setdefault(p, []).append(entry_id)
    return [{"place": i + 1, "amount": a, "entries": _in_tie_order(at_place.get(i + 1, []), places)}
            for i, a in enumerate(amounts)]


def _paid_range(place: tuple[int, int, int] | None, paid: int) -> range:
    """The paid places an entry's place covers (a tie covers several)."""
    return range(place[0], min(place[1], paid) + 1) if place is not None else range(0)


def _in_tie_order(entries: list[str], places: dict[str, tuple[int, int, int]]) -> list[str]:
    """The people sharing a place, in the order their tie ranks them: the same whichever order they were
    counted in (a group counted again keeps its first members where they were among the places)."""
    return sorted(entries, key=lambda e: places[e][2]) if len(entries) > 1 else entries


def table_ante(state: State, players: int, ante: int, index: int = 0) -> int:
    """PKR4U 16: full ante with 6 or more, half (rounded up to the smallest chip) with 3 to 5, none heads-up.

    The smallest chip is the smallest still in play at level `index`: denominations raced off at a
    colour-up up to then are gone.
    """
    if state.config.seating.short_handed_ante != "pkr4u" or players >= 6:
        return ante
    if players <= 2:
        return 0
    gone = {v for level in state.config.levels[: index + 1] for v in level.color_up}
    left = [c.value for c in state.config.chips if c.value not in gone]
    chip = left[0] if left else 1
    half = -(-ante // 2)
    return -(-half // chip) * chip


def _table(state: State, table: Table, ante: int) -> dict[str, Any]:
    return {"number": table.number, "button": table.button, "players": len(table.seats),
            "final": state.final_table == table.number, "ante": ante,
            "seats": {str(s): e for s, e in sorted(table.seats.items())}}


def _player(p: Player) -> dict[str, Any]:
    return {"id": p.id, "name": p.name, "nickname": p.nickname, "email": p.email, "phone": p.phone,
            "member_id": p.member_id, "entries": list(p.entries)}


def _entry(state: State, e: Entry, place: tuple[int, int, int] | None, prize: int, final: bool,
           now_ms: int) -> dict[str, Any]:
    owed = e.bounty_won + (prize if final else 0) - e.paid  # what `core.rules.cashier.owed_to` says
    penalty: dict[str, Any] | None = dict(e.penalty) if e.penalty else None  # the event's facts, and what remains
    if penalty and "until_ms" in penalty:
        penalty["remaining_s"] = max(0, _seconds(penalty["until_ms"] - now_ms))
    return {
        "id": e.id, "player": e.player, "name": state.players[e.player].name, "number": e.number,
        "status": e.status, "table": e.table, "seat": e.seat, "last_table": e.last_table,
        "last_seat": e.last_seat, "place": place[0] if place else None,
        "place_to": place[1] if place else None, "place_final": bool(place) and final,
        "prize": prize, "paid": owed <= 0, "owed": max(0, owed), "bounty": e.bounty, "bounty_won": e.bounty_won,
        "chips_bought": e.chips, "rebuys": e.rebuys, "add_ons": e.add_ons, "hand": e.hand,
        "waits": e.waits, "penalty": penalty,
        "stack": chip_counts.stack_of(state, e.id) if e.status == ACTIVE else None,
        "counted_ms": state.counted[e.id][2] if e.id in state.counted and e.status == ACTIVE else None,
        "counted_level": chip_counts.counted_at_level(state, e.id) if e.status == ACTIVE else None,
    }


def _reshown(old: dict[str, Any], e: Entry, place: tuple[int, int, int] | None, prize: int,
             final: bool) -> dict[str, Any]:
    """An untouched entry's part (nothing of its own changed) with its place, prize and what it is owed
    worked out again: `_entry`'s figures for these keys, the rest of the part as it was."""
    owed = e.bounty_won + (prize if final else 0) - e.paid  # what `core.rules.cashier.owed_to` says
    part = old.copy()  # a copy and six keys set: a third of the time of a dict built from `old` and them
    part["place"] = place[0] if place else None
    part["place_to"] = place[1] if place else None
    part["place_final"] = bool(place) and final
    part["prize"] = prize
    part["paid"] = owed <= 0
    part["owed"] = max(0, owed)
    return part


def news_text(item: dict[str, Any]) -> str:
    """The room's news in the core's English (each window words it again in the TD's language)."""
    if item["kind"] == "in_the_money":
        return "In the money"
    moves = ", ".join(f"{m['name']} → table {m['table']} seat {m['seat']}" for m in item["moves"])
    heads = {"break": f"Table {item['table']} breaks", "fill": f"Table {item['table']} opens",
             "final": f"Final table {item['table']}", "balance": "Balancing"}
    return f"{heads.get(item['how'], 'Moves')}: {moves}"


def _announcements(state: State, clock: dict[str, Any], now_ms: int) -> list[dict[str, Any]]:
    notes: list[dict[str, Any]] = []
    said = state.announcement
    if said is not None and (said["until_ms"] is None or now_ms < said["until_ms"]):
        notes.append({"kind": "message", "text": said["text"]})
    if state.status == "finished":
        return [{"kind": "finished", "text": f"{state.entry_name(state.winner)} wins"}] if state.winner else []
    closes = clock["registration_closes_in_s"]
    if closes is not None:
        notes.append({"kind": "registration_closes", "seconds": closes,
                      "text": f"Late registration closes in {max(1, closes // 60)} minutes"})
    if clock["on_break"] and clock["color_up"]:
        chips = ", ".join(str(v) for v in clock["color_up"])
        notes.append({"kind": "color_up", "chips": clock["color_up"], "text": f"Colour-up at this break: {chips}"})
    if clock["add_on_open"]:
        notes.append({"kind": "add_on_open", "text": "Add-on open"})
    for item in news.current(state, now_ms):
        notes.append({**item, "text": news_text(item)})
    if state.hand_for_hand:
        notes.append({"kind": "hand_for_hand", "hand": state.hand, "text": f"Hand-for-hand: hand {state.hand}"})
    # A change of blinds: the night's first level follows no other (UPPS 10.1 is about a level changing).
    if clock["started"] and not clock["on_break"] and clock["index"] > 0 and 0 <= clock["elapsed_s"] < 60:
        notes.append({"kind": "new_level", "text": "The new level applies from the next hand"})
    if (clock["started"] and 1 < state.live <= state.config.seating.final_table_size
            and len([t for t in state.tables.values() if t.seats]) == 1):
        notes.append({"kind": "final_table", "text": "Final table"})
    return notes
