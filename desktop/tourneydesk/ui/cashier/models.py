"""The two lists the cashier works from: the players (to find someone in the queue) and the entries owed money."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from ...core.arithmetic.names import search_key
from ...core.state import ACTIVE
from .. import fmt
from ..changes import Changes, EntryIndex, Part
from ..namesakes import Namesakes, went_out_at
from ..qt import QAbstractTableModel, QColor, QModelIndex, QObject, QPersistentModelIndex, Qt
from .books import Owed

Index = QModelIndex | QPersistentModelIndex
ID_ROLE = Qt.ItemDataRole.UserRole


Person = tuple[str, str, str, str]  # player id, name, nickname, member id
MEMBER_PREFIX = "member:"  # the ID_ROLE of a club member not registered tonight: "member:1203"


class PlayersModel(QAbstractTableModel):
    """One row per registered person, by name: nickname, member id and where their last entry stands.

    Built for 10,000 players at a busy desk, from the desk's snapshot: the rows are the people (which
    change only when someone registers or is corrected), and where each one stands is read from their
    last entry's part of the snapshot when a row is drawn, so a bust costs one signal and a repaint of
    the rows on screen. Which parts changed is found by identity (`ui/changes.py`). The model filters
    itself (type-to-search over name, nickname and member id): one substring test per person in plain
    Python per keystroke."""

    NAME, NICKNAME, MEMBER, ENTRIES, STATUS = range(5)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._players = EntryIndex()  # the people's parts of the last snapshot read, by id
        self._entries = EntryIndex()  # the entries' parts, by id: where each person's last entry stands
        self._raw: list[Person] = []  # in registration order, to notice a change cheaply
        self._people: list[Person] = []  # by name
        self._order: list[tuple[str, str]] = []  # what `_people` is sorted by, to put a newcomer in place
        self._keys: list[str] = []
        self._any_member = False
        self._here_ids: set[str] = set()  # the member ids of tonight's people
        self._here_names: set[str] = set()  # the names of those without one: a club member of that name is here
        self._shown: list[int] = []
        self._needle = ""
        self._members: list[Person] = []  # club members found, not registered tonight: after tonight's players
        self._namesakes = Namesakes()  # what tells two Marc Martins apart, as the console's list says it
        self._namesakes_here = False  # whether anybody shares a name (their name column moves with their seat)
        self.waiting: dict[str, int] = {}  # player -> their place on the waiting list for a seat

    def headers(self) -> list[str]:
        return [self.tr("Name"), self.tr("Nickname"), self.tr("Member id"), self.tr("Entries"), self.tr("Where")]

    def set_snapshot(self, players: list[Part], entries: list[Part], known: Changes | None = None) -> None:
        """Catch up with a snapshot's people and entries (`known`: what the desk says changed among the
        entries, `Desk.changes`). A bust changes no person: the rows on screen are repainted only.
        A registration puts each newcomer in its place, not 10,000 names sorted again per player."""
        self._entries.update(entries, known)
        changed = self._players.update(players)
        told_apart = self._namesakes.update(players)
        if told_apart:  # a name came to be shared, or stopped being: one pass over those it touched
            self._namesakes_here = any(self._namesakes.shared(str(p["id"])) for p in players)
        rows = {i: _person(players[i]) for i in changed}
        old = len(self._raw)
        if len(players) == old and all(i < old and row == self._raw[i] for i, row in rows.items()):
            if self._shown:  # the same people: only where they stand (and, for who bought in, how often) moved
                # One column repainted, not the whole list: a late entry moves every place out by one.
                # A namesake's name says where they sit: it moves with them.
                first = self.NAME if told_apart or self._namesakes_here else self.ENTRIES if changed else self.STATUS
                self.dataChanged.emit(self.index(0, first), self.index(len(self._shown) - 1, self.STATUS))
            return
        if old < len(players) and len(rows) < len(players) and all(i >= old or row == self._raw[i]
                                                                   for i, row in rows.items()):
            for i in sorted(i for i in rows if i >= old):
                row = rows[i]
                at = bisect.bisect_left(self._order, _order(row))
                self._order.insert(at, _order(row))
                self._people.insert(at, row)
                self._keys.insert(at, _key(row))
                self._raw.append(row)
                self._note_here(row)
        else:  # the first look, a correction, a registration taken back, an undo that folded all again
            raw = [_person(p) for p in players]
            if raw != self._raw:
                self._raw = raw
                self._people = sorted(raw, key=_order)
                self._order = [_order(r) for r in self._people]
                self._keys = [_key(r) for r in self._people]
                self._any_member = False
                self._here_ids, self._here_names = set(), set()
                for row in raw:
                    self._note_here(row)
        self.beginResetModel()
        self._shown = self._matching()
        self.endResetModel()

    def _note_here(self, row: Person) -> None:
        self._any_member = self._any_member or bool(row[3])
        if row[3]:
            self._here_ids.add(row[3])
        else:  # a name with a member id is that member: their namesake in the club is still to come
            self._here_names.add(search_key(row[1]))

    @property
    def any_member_id(self) -> bool:
        """Whether anybody registered gave a member id (the column is hidden otherwise)."""
        return self._any_member

    def set_needle(self, text: str) -> None:
        self.beginResetModel()
        self._needle = search_key(text)
        self._shown = self._matching()
        self.endResetModel()

    def _matching(self) -> list[int]:
        needle = self._needle
        if not needle:
            return list(range(len(self._people)))
        return [i for i, key in enumerate(self._keys) if needle in key]

    def _last_entry(self, player_id: str) -> Part | None:
        person = self._players.get(player_id)
        entries = person["entries"] if person is not None else []
        return self._entries.get(entries[-1]) if entries else None

    def _name(self, row: Person) -> str:
        """The name, with what tells this person apart from another of that name (nickname, member id, else
        the seat of their last entry in play), as the console's list shows it."""
        if not self._namesakes.shared(row[0]):
            return row[1]
        entry = self._last_entry(row[0])
        if entry is None or entry["status"] != ACTIVE:
            return self._namesakes.label(row[0], row[1], out_at=went_out_at(entry) if entry is not None else None)
        return self._namesakes.label(row[0], row[1], entry["table"], entry["seat"])

    def _where(self, player_id: str) -> str:
        entry = self._last_entry(player_id)
        if player_id in self.waiting:
            return self.tr("Waiting list #{position}").format(position=self.waiting[player_id])
        if entry is None:
            return self.tr("Not entered yet")
        status = str(entry["status"])
        if status == ACTIVE and entry["place"] == 1:  # the tournament is over: the one still in play won it
            return self.tr("Winner")
        if status == ACTIVE:
            return self.tr("Table {table} · seat {seat}").format(table=entry["table"], seat=entry["seat"])
        if status == "busted":
            place = entry["place"]
            return self.tr("Out, place {place}").format(place=place) if place is not None else self.tr("Out")
        return {"abandoned": self.tr("Stack abandoned"), "disqualified": self.tr("Disqualified"),
                "removed": self.tr("Removed")}.get(status, status)

    def longest_places(self, tables: int, seats: int) -> list[str]:
        """The longest texts the "Where" column shows in a room of `tables` tables of `seats` seats."""
        return [self.tr("Table {table} · seat {seat}").format(table=tables, seat=seats),
                self.tr("Out, place {place}").format(place=888), self.tr("Not entered yet"),
                self.tr("Waiting list #{position}").format(position=88)]

    def set_members(self, members: list[tuple[str, str, str]]) -> None:
        """The club's members matching the search, as (member id, name, nickname), listed after tonight's
        players; those already registered tonight (same member id, or same name without one) left out."""
        rows = [(MEMBER_PREFIX + member_id, name, nickname, member_id) for member_id, name, nickname in members
                if member_id not in self._here_ids and search_key(name) not in self._here_names]
        if rows == self._members:
            return
        self.beginResetModel()
        self._members = rows
        self.endResetModel()

    @property
    def tonight_rows(self) -> int:
        return len(self._shown)

    def row_of(self, player: str) -> int:
        return next((shown for shown, i in enumerate(self._shown) if self._people[i][0] == player), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own signature
        return 0 if parent.isValid() else len(self._shown) + len(self._members)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 5

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if index.row() >= len(self._shown):
            return self._member_data(self._members[index.row() - len(self._shown)], index.column(), role)
        row = self._people[self._shown[index.row()]]
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == self.ENTRIES:
                person = self._players.get(row[0])
                return str(len(person["entries"])) if person is not None else "0"
            if column == self.STATUS:
                return self._where(row[0])
            return self._name(row) if column == self.NAME else row[column + 1]
        if role == ID_ROLE:
            return row[0]
        if role == Qt.ItemDataRole.ToolTipRole:  # what a narrow list leaves out: the nickname, the member id
            return " · ".join(part for part in row[1:] if part)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == self.ENTRIES:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _member_data(self, row: Person, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.ENTRIES:
                return ""
            if column == self.STATUS:
                return self.tr("Club member")
            return row[column + 1]
        if role == ID_ROLE:
            return row[0]
        if role == Qt.ItemDataRole.ForegroundRole:
            return QColor("#3d5a80")
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal and 0 <= section < 5:
            return self.headers()[section]
        return super().headerData(section, orientation, role)


def _person(part: Part) -> Person:
    return (part["id"], part["name"], part["nickname"] or "", part["member_id"] or "")


def _order(row: Person) -> tuple[str, str]:
    """By name as the console's list sorts it, accents aside: "Élodie" among the E's, never after "Zoé"."""
    return (search_key(row[1]), row[0])


def _key(row: Person) -> str:
    """Name, nickname and member id in one text that "chloe" finds "Chloé" in."""
    return search_key(" ".join(row[1:]))


class OwedModel(QAbstractTableModel):
    """Entries the cashier owes money to now: place, prize, bounties, already paid, to pay."""

    NAME, PLACE, PRIZE, BOUNTY, PAID, OWED = range(6)

    def __init__(self, currency: str, place_now: Callable[[Owed], str] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.currency = currency
        self._rows: list[Owed] = []
        # Where a row's place is read: when only places moved (a late entry moves thousands of bounty rows'),
        # the rows stay as they were and show their entries' places as the snapshot has them now.
        self._place_now = place_now or (lambda owed: owed.place)

    def headers(self) -> list[str]:
        return [self.tr("Name"), self.tr("Place"), self.tr("Prize"), self.tr("Bounties"), self.tr("Paid before"),
                self.tr("To pay")]

    def set_rows(self, rows: list[Owed]) -> None:
        """The rows anew; when they are the same entries in the same order (a late entry moved every
        place by one), they are repainted where they are, and the list keeps its current row and scroll."""
        if [r.entry for r in rows] == [r.entry for r in self._rows]:
            self._rows = list(rows)
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, self.OWED))
            return
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def places_moved(self) -> None:
        """The entries' places moved (`place_now` says where they are): the place column is repainted."""
        if self._rows:
            self.dataChanged.emit(self.index(0, self.PLACE), self.index(len(self._rows) - 1, self.PLACE))

    def insert_at(self, row: int, owed: Owed) -> None:
        """One more row where it belongs: the row the cashier is on stays current."""
        self.beginInsertRows(QModelIndex(), row, row)
        self._rows.insert(row, owed)
        self.endInsertRows()

    def remove_at(self, row: int) -> None:
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self.endRemoveRows()

    def owed(self, row: int) -> Owed | None:
        """The row as the cashier reads it now, its place the entry's place now."""
        if not 0 <= row < len(self._rows):
            return None
        owed = self._rows[row]
        place = self._place_now(owed)
        return owed if place == owed.place else owed._replace(place=place)

    def row_of(self, entry: str) -> int:
        return next((i for i, r in enumerate(self._rows) if r.entry == entry), -1)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 6

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, column = self._rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.NAME:
                return row.name
            if column == self.PLACE:
                return self._place_now(row)
            amount = (row.prize, row.bounty, row.paid_before, row.amount)[column - self.PRIZE]
            return fmt.money(amount, self.currency) if amount or column == self.OWED else ""
        if role == ID_ROLE:
            return row.entry
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= self.PLACE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal and 0 <= section < 6:
            return self.headers()[section]
        return super().headerData(section, orientation, role)
