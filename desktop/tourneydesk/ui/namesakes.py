"""Two people of one name (accents, case and spacing aside): what tells them apart wherever names show.

The desk registers a second Marc Martin as a namesake without asking anything more of the first; every
list, dialog and screen that shows a name then adds what differs, in this order: the nickname, the member
id, else where the entry sits ("Marc Martin (Marco)", "Marc Martin (member 1203)", "Marc Martin (table 2 ·
seat 4)"), or, once out of play, the seat it went out from ("Marc Martin (out at table 2 · seat 4)"). A name
nobody shares is shown as it is.

`Namesakes` follows the snapshot's people by identity (`ui/changes.py`): a command that registers or
renames nobody costs one pass of reference comparisons, never a search key per person.
"""

from __future__ import annotations

import operator
import weakref
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from ..core.arithmetic.names import search_key
from .changes import EntryIndex, Part
from .i18n import tr


class Namesakes:
    def __init__(self) -> None:
        self._reads = 0  # how many times what it holds changed: a first look shared is valid until then
        self._reset()

    def _reset(self) -> None:
        self._people = EntryIndex()
        self._key: dict[str, str] = {}  # player id -> the search key of their name
        # Search key -> one player of that name; the players of a name shared, for those names alone: at
        # 10,000 people, a set per name was 10,000 objects more for the cycle collector to walk, and to copy.
        self._by_key: dict[str, str] = {}
        self._shared: dict[str, set[str]] = {}
        self._reads += 1

    def update(self, players: list[Part]) -> set[str]:
        """Read the snapshot's people; the players whose label may have changed: those of a name shared by a
        newcomer or a rename, and those left alone with their name by a rename."""
        if len(players) < len(self._people.parts):  # an undo took someone away: read everyone afresh
            self._reset()
        if not self._people.parts and players:
            return self._first_look(players)
        return self._follow(players)

    def _first_look(self, players: list[Part]) -> set[str]:
        """Everyone read afresh. The console's players list and table map (and the display) each look at
        the same 10,000 people when a file opens: the second looks copy what the first found, from the
        very same snapshot part, instead of keying every name again."""
        global _FIRST_LOOK
        shared = _FIRST_LOOK
        seen = shared[0]() if shared is not None else None
        if shared is not None and seen is not None and seen._reads == shared[1] and seen._people.parts is players:
            self._people.parts = players
            self._people._at = dict(seen._people._at)
            self._key = dict(seen._key)
            self._by_key = dict(seen._by_key)
            self._shared = {key: set(ids) for key, ids in seen._shared.items()}
            self._reads += 1
            return set(shared[2])
        touched = self._read_all(players)
        _FIRST_LOOK = (weakref.ref(self), self._reads, frozenset(touched))
        return touched

    def _read_all(self, players: list[Part]) -> set[str]:
        """Everyone keyed at once, as `_follow` would one by one (its loop was 15 ms at 10,000 people): each
        name's key, one player of each name, and the players of the names shared, who are told apart."""
        self._reads += 1
        self._people.update(players)
        ids = list(map(str, map(_ID, players)))
        keys = list(map(search_key, map(str, map(_NAME, players))))
        self._key = dict(zip(ids, keys, strict=True))
        self._by_key = dict(zip(keys, ids, strict=True))
        if len(self._by_key) == len(keys):  # nobody shares a name: most fields
            self._shared = {}
            return set()
        twice = {key for key, count in Counter(keys).items() if count > 1}
        self._shared = {}
        for key, pid in zip(keys, ids, strict=True):
            if key in twice:
                self._shared.setdefault(key, set()).add(pid)
        return set().union(*self._shared.values())

    def _follow(self, players: list[Part]) -> set[str]:
        if players is not self._people.parts:
            self._reads += 1
        touched: set[str] = set()
        for i in self._people.update(players):
            person = players[i]
            pid = str(person["id"])
            key = search_key(str(person["name"]))
            old = self._key.get(pid)
            if old is not None and old != key:
                touched |= self._leave(old, pid)
            self._key[pid] = key
            touched |= self._join(key, pid)
        return touched

    def _join(self, key: str, pid: str) -> set[str]:
        """`pid` is of the name `key`: the players of that name, when it is shared."""
        group = self._shared.get(key)
        if group is not None:
            group.add(pid)
            return group
        first = self._by_key.setdefault(key, pid)
        if first == pid:
            return set()
        group = self._shared[key] = {first, pid}
        return group

    def _leave(self, key: str, pid: str) -> set[str]:
        """`pid` is no longer of the name `key` (a rename): those who still bear it."""
        group = self._shared.get(key)
        if group is None:
            if self._by_key.get(key) == pid:
                del self._by_key[key]
            return set()
        group.discard(pid)
        left = set(group)
        if self._by_key.get(key) == pid:
            self._by_key[key] = next(iter(group))
        if len(group) == 1:
            del self._shared[key]
        return left

    def shared(self, player: str) -> bool:
        key = self._key.get(player)
        return key is not None and key in self._shared

    def label(self, player: str, name: str, table: int | None = None, seat: int | None = None, *,
              out_at: tuple[int, int] | None = None) -> str:
        """`name`, with what tells this person apart from the others of that name."""
        return with_detail(name, self.detail(player, table, seat, out_at=out_at))

    def detail(self, player: str, table: int | None = None, seat: int | None = None, *,
               short: bool = False, out_at: tuple[int, int] | None = None) -> str | None:
        """What tells this person apart from the others of their name ("Marco", "member 1203"), or None
        when nobody shares it: a window that must shorten the name keeps this whole. `short`: the member id
        without the word "member", for a seat of the table map. `out_at`: where an entry out of play went
        out from."""
        if not self.shared(player):
            return None
        person = self._people.get(player) or {}
        return difference(person.get("nickname"), person.get("member_id"), table, seat, short=short, out_at=out_at)


_ID, _NAME = operator.itemgetter("id"), operator.itemgetter("name")

# The last first look (`Namesakes._first_look`): who made it, how many reads it had made then, and what
# it returned. Held weakly: a closed window's names are not kept alive by it.
_FIRST_LOOK: tuple[Callable[[], Namesakes | None], int, frozenset[str]] | None = None


def difference(nickname: str | None, member_id: str | None, table: int | None, seat: int | None, *,
               short: bool = False, out_at: tuple[int, int] | None = None) -> str | None:
    """`out_at`: the table and seat an entry out of play left, which tells two busted namesakes apart."""
    if nickname:
        return nickname
    if member_id:
        return member_id if short else tr("member {member}").format(member=member_id)
    if table is not None and seat is not None:
        return tr("table {table} · seat {seat}").format(table=table, seat=seat)
    if out_at is not None:
        return tr("out at table {table} · seat {seat}").format(table=out_at[0], seat=out_at[1])
    return None


def with_detail(name: str, detail: str | None) -> str:
    return tr("{name} ({detail})").format(name=name, detail=detail) if detail else name


def labels(players: Iterable[Part], entries: Iterable[Part]) -> dict[str, str]:
    """Each entry's name as a one-off window shows it (a dialog, a paper): told apart where names clash, an
    entry out of play by the seat it went out from (two busted Marc Martins in the results)."""
    found = Namesakes()
    found.update(list(players))
    return {str(e["id"]): found.label(str(e["player"]), str(e["name"]), e.get("table"), e.get("seat"),
                                      out_at=went_out_at(e)) for e in entries}


def went_out_at(entry: Part) -> tuple[int, int] | None:
    """The table and seat an entry out of play left; None for one still seated (or never seated)."""
    if entry.get("table") is not None or entry.get("last_table") is None or entry.get("last_seat") is None:
        return None
    return int(entry["last_table"]), int(entry["last_seat"])


def moved_label(found: Namesakes, move: dict[str, Any]) -> str:
    """A player in a move: told apart by the seat they leave (the one they know), where names clash."""
    return found.label(str(move.get("player", "")), str(move["name"]), move.get("from_table"), move.get("from_seat"))


def member_names(table: Part) -> list[str]:
    """Each name of a league's table, with the member id where two members share that name: the club's two
    Marc Martins read "Marc Martin (member TD-2)" and "Marc Martin (member 1203)"."""
    rows, member_ids = list(table["standings"]), table.get("member_ids") or {}
    counts = Counter(search_key(str(row["name"])) for row in rows)
    return [with_detail(str(row["name"]), difference(None, member_ids.get(row["handle"]), None, None))
            if counts[search_key(str(row["name"]))] > 1 else str(row["name"]) for row in rows]
