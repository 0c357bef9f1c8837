"""Two people of one name (accents, case and spacing aside): what tells them apart wherever names show.

The desk registers a second Marc Martin as a namesake without asking anything more of the first; every
list, dialog and screen that shows a name then adds what differs, in this order: the nickname, the member
id, else where the entry sits ("Marc Martin (Marco)", "Marc Martin (member 1203)", "Marc Martin (table 2 ·
seat 4)"). A name nobody shares is shown as it is.

`Namesakes` follows the snapshot's people by identity (`ui/changes.py`): a command that registers or
renames nobody costs one pass of reference comparisons, never a search key per person.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.arithmetic.names import search_key
from .changes import EntryIndex, Part
from .i18n import tr


class Namesakes:
    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self._people = EntryIndex()
        self._key: dict[str, str] = {}  # player id -> the search key of their name
        self._by_key: dict[str, set[str]] = {}  # search key -> the players of that name

    def update(self, players: list[Part]) -> set[str]:
        """Read the snapshot's people; the players whose label may have changed: those of a name shared by a
        newcomer or a rename, and those left alone with their name by a rename."""
        if len(players) < len(self._people.parts):  # an undo took someone away: read everyone afresh
            self._reset()
        touched: set[str] = set()
        for i in self._people.update(players):
            person = players[i]
            pid = str(person["id"])
            key = search_key(str(person["name"]))
            old = self._key.get(pid)
            if old is not None and old != key:
                self._by_key[old].discard(pid)
                touched |= self._by_key[old]
            self._key[pid] = key
            group = self._by_key.setdefault(key, set())
            group.add(pid)
            if len(group) > 1:
                touched |= group
        return touched

    def shared(self, player: str) -> bool:
        key = self._key.get(player)
        return key is not None and len(self._by_key.get(key, ())) > 1

    def label(self, player: str, name: str, table: int | None = None, seat: int | None = None) -> str:
        """`name`, with what tells this person apart from the others of that name."""
        return with_detail(name, self.detail(player, table, seat))

    def detail(self, player: str, table: int | None = None, seat: int | None = None, *,
               short: bool = False) -> str | None:
        """What tells this person apart from the others of their name ("Marco", "member 1203"), or None
        when nobody shares it: a window that must shorten the name keeps this whole. `short`: the member id
        without the word "member", for a seat of the table map."""
        if not self.shared(player):
            return None
        person = self._people.get(player) or {}
        return difference(person.get("nickname"), person.get("member_id"), table, seat, short=short)


def difference(nickname: str | None, member_id: str | None, table: int | None, seat: int | None, *,
               short: bool = False) -> str | None:
    if nickname:
        return nickname
    if member_id:
        return member_id if short else tr("member {member}").format(member=member_id)
    if table is not None and seat is not None:
        return tr("table {table} · seat {seat}").format(table=table, seat=seat)
    return None


def with_detail(name: str, detail: str | None) -> str:
    return tr("{name} ({detail})").format(name=name, detail=detail) if detail else name


def labels(players: Iterable[Part], entries: Iterable[Part]) -> dict[str, str]:
    """Each entry's name as a one-off window shows it (a dialog, a paper): told apart where names clash."""
    found = Namesakes()
    found.update(list(players))
    return {str(e["id"]): found.label(str(e["player"]), str(e["name"]), e.get("table"), e.get("seat"))
            for e in entries}


def moved_label(found: Namesakes, move: dict[str, Any]) -> str:
    """A player in a move: told apart by the seat they leave (the one they know), where names clash."""
    return found.label(str(move.get("player", "")), str(move["name"]), move.get("from_table"), move.get("from_seat"))
