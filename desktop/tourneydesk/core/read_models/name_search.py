"""The players found by a piece of their name, as a device's search box shows them.

A phone asks after every letter typed, so only the players shown are looked at closely (their entries,
what is owed to each): the rest of a 10,000-strong field is passed over on its name alone. What is
returned is frozen and holds no part of the state, so the answer may cross to another thread.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from ..rules.cashier import owed_to
from ..state import ACTIVE, Player, State


@dataclass(frozen=True, slots=True)
class FoundEntry:
    id: str
    name: str
    number: int  # 1 for the first entry, 2 for the first re-entry...
    status: str
    table: int | None
    seat: int | None
    bounty: int
    rebuys: int
    add_ons: int
    owed: int  # what the cashier owes this entry now (`cashier.owed_to`)


@dataclass(frozen=True, slots=True)
class FoundPlayer:
    id: str
    name: str
    nickname: str | None
    out: str | None  # "disqualified" / "removed": no place, no re-entry
    entries: tuple[FoundEntry, ...]


def needle(query: str) -> str:
    """What a query is compared as: case folded, every run of spaces one."""
    return " ".join(query.split()).casefold()


def find_players(state: State, query: str, limit: int, now_ms: int, *,
                 in_play: bool = False) -> tuple[FoundPlayer, ...]:
    """The players whose name or nickname holds `query`, those whose name begins with it first, then by
    name; at most `limit`. `in_play` keeps only the players with an entry still in, and of their entries
    only those (whom the TD can bust). An empty query finds nobody."""
    wanted = needle(query)
    if not wanted:
        return ()
    entries = state.entries
    found: list[tuple[bool, str, int, Player]] = []
    for i, p in enumerate(state.players.values()):
        name = p.name.casefold()
        if wanted not in name and not (p.nickname and wanted in p.nickname.casefold()):
            continue
        if in_play:
            ids = p.entries  # the last entry is the one in play, nearly always: looked at first
            if not ids or (entries[ids[-1]].status != ACTIVE
                           and not any(entries[e].status == ACTIVE for e in ids[:-1])):
                continue
        found.append((not name.startswith(wanted), name, i, p))  # the position keeps equal names in order
    # The first `limit` only: a letter or two finds most of a big field, and none of it needs sorting.
    return tuple(_found(state, p, now_ms, in_play) for *_, p in heapq.nsmallest(limit, found))


def _found(state: State, player: Player, now_ms: int, in_play: bool) -> FoundPlayer:
    entries = (state.entries[e] for e in player.entries)
    return FoundPlayer(player.id, player.name, player.nickname, player.out, tuple(
        FoundEntry(e.id, player.name, e.number, e.status, e.table, e.seat, e.bounty, e.rebuys, e.add_ons,
                   owed_to(state, e.id, now_ms))
        for e in entries if not in_play or e.status == ACTIVE))
