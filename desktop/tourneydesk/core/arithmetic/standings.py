"""Places: who finished where, kept as the order in which people went out.

Each person finishes once, with their last entry; places run from the number of players (less the
disqualified and removed) down to 1, and a place is provisional while an entry may still arrive.
People out in one hand form a group, ranked among themselves: at one table the bigger stack at the
start of the hand takes the higher place (UPPS 7.2); in the same hand-for-hand hand at different
tables they share the places and split the money (`same_hand_ties = "split"`, UPPS 7.2, WSOP
practice) or rank by starting stack (`"by_stack"`).

A group remembers how many people went out before it, so one place is found without counting the
whole field; a re-entry (which gives a provisional place back) lowers the counts of the groups after
its own, and an undo that puts groups back marks them for a recount.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from ..state import OutGroup, State
from . import money

Member = dict[str, Any]
Place = tuple[int, int, int]  # (place, place_to, index within the tie)


def add(state: State, member: Member, *, hand: int | None, join: bool) -> None:
    if join and state.out_groups:
        group = state.out_groups[-1]
        group.members.append(member)
    else:
        group = OutGroup(hand, [member], state.out_total)
        state.out_groups.append(group)
    state.out_of[member["entry"]] = group
    state.out_total += 1


def leave(state: State, entry_id: str) -> None:
    """A person who re-enters is no longer out: their provisional place is given back."""
    group = state.out_of.pop(entry_id, None)
    if group is None:
        return
    group.members[:] = [m for m in group.members if m["entry"] != entry_id]
    state.out_total -= 1
    state.out_rev += 1
    groups = state.out_groups
    # Found from the end, where a re-entry's last bust usually is; the groups after it count one
    # person fewer before them. Kept exact as it goes, so that the next re-entry, bust or undo does not
    # recount every group of a field of 25,000 (unless an undo left the counts to recount anyway).
    at = next(i for i in range(len(groups) - 1, -1, -1) if groups[i] is group)
    if not state.out_dirty:
        for later in itertools.islice(groups, at + 1, None):
            later.out_before -= 1
    if not group.members:
        del groups[at]


def recount(state: State) -> None:
    if not state.out_dirty:
        return
    out_before = 0
    for group in state.out_groups:
        group.out_before = out_before
        out_before += len(group.members)
    state.out_dirty = False


def rank_group(members: list[Member], mode: str) -> list[list[Member]]:
    """The people out in one hand, in tiers, best place first; a tier shares its places."""
    tables = {m["table"] for m in members}
    if mode == "by_stack" or len(tables) <= 1:
        return _tiers(members, key=lambda m: m.get("stack") or 0)
    # Split: at each table the bigger starting stack still ranks higher; across tables, the n-th best
    # of each table share their places.
    rank: dict[str, int] = {}
    for table in tables:
        at_table = [m for m in members if m["table"] == table]
        for i, tier in enumerate(_tiers(at_table, key=lambda m: m.get("stack") or 0)):
            for m in tier:
                rank[m["entry"]] = i
    return _tiers(members, key=lambda m: -rank[m["entry"]])


def _tiers(members: list[Member], key: Any) -> list[list[Member]]:
    ordered = sorted(members, key=key, reverse=True)
    tiers: list[list[Member]] = []
    for m in ordered:
        if tiers and key(tiers[-1][0]) == key(m):
            tiers[-1].append(m)
        else:
            tiers.append([m])
    return tiers


def group_places(state: State, members: list[Member], out_before: int) -> dict[str, Place]:
    """entry -> (place, place_to, index within its tie) for a group after `out_before` people out."""
    top = money.ranked_players(state) - out_before - len(members) + 1
    places: dict[str, Place] = {}
    for tier in rank_group(members, state.config.payouts.same_hand_ties):
        for i, m in enumerate(tier):
            places[m["entry"]] = (top, top + len(tier) - 1, i)
        top += len(tier)
    return places


def place_of(state: State, entry_id: str) -> Place | None:
    if entry_id not in state.out_of:
        return None
    return all_places(state)[entry_id]


@dataclass(slots=True)
class _Counted:
    key: tuple[Any, ...]  # what every group's places depend on besides its members
    groups: int  # the groups counted, from the first
    last_size: int  # the members of the last one counted, when it was
    places: dict[str, Place]
    counted: list[str]  # every entry counted, in the order it was: `recounted_since` reads it


def all_places(state: State) -> dict[str, Place]:
    """entry -> its place, for everyone out. Shared and kept up to date from call to call (read-only).

    At 9,000 people out, counting every group again after each bust would take longer than the bust
    itself. A group's places depend only on its members, the people out before it and the number of
    players; so only the groups added since the last call are counted (and the last one again if a
    player joined it in the same hand), unless the number of players changed or a re-entry took
    someone out of a group (`out_rev`): then all of them.
    """
    recount(state)
    groups = state.out_groups
    key = (money.ranked_players(state), state.config.payouts.same_hand_ties, state.out_rev)
    counted: _Counted | None = state.memo.get("places")
    if counted is not None and counted.key != key and counted.key[1:] == key[1:] \
            and counted.groups <= len(groups):
        # Only the number of players changed (a late entry: one more place below everyone out). A group's
        # places run from the players less those out before it, so each moves by the same step, ties and
        # all: 9,000 places shifted, not 9,000 groups ranked again.
        step = key[0] - counted.key[0]
        shifted = {entry: (place + step, place_to + step, tie) for entry, (place, place_to, tie)
                   in counted.places.items()}
        counted = state.memo["places"] = _Counted(key, counted.groups, counted.last_size, shifted, list(shifted))
    elif counted is None or counted.key != key or counted.groups > len(groups):
        counted = state.memo["places"] = _Counted(key, 0, 0, {}, [])
    start = counted.groups
    if start and len(groups[start - 1].members) != counted.last_size:
        start -= 1
    for group in groups[start:]:
        found = group_places(state, group.members, group.out_before)
        counted.places.update(found)
        counted.counted.extend(found)
    counted.groups = len(groups)
    counted.last_size = len(groups[-1].members) if groups else 0
    return counted.places


def taken_back(state: State, entries: list[str]) -> None:
    """An undo put the groups back as they were before its command (`core.rewind`), these entries among
    the players again: the places kept by `all_places` forget them, and the last group is counted again
    (it may have lost a member), so that no group is counted afresh for it."""
    counted: _Counted | None = state.memo.get("places")
    if counted is None:
        return
    for entry_id in entries:
        if counted.places.pop(entry_id, None) is not None:
            counted.counted.append(entry_id)  # its place went: `recounted_since` says so
    if counted.groups >= len(state.out_groups):
        counted.groups = len(state.out_groups)
        counted.last_size = -1


Mark = tuple[object, int]


def recounted_since(state: State, mark: Mark | None) -> tuple[Mark, list[str] | None]:
    """After `all_places`: the entries whose place may differ from what they were at `mark` (None:
    all of them, when the places were counted afresh since), and the mark of now."""
    counted: _Counted = state.memo["places"]
    now = (counted, len(counted.counted))
    if mark is None or mark[0] is not counted:
        return now, None
    return now, counted.counted[mark[1]:]
