"""The entries of the tournament as a table (name, status, table, seat, stack counted and in big blinds,
bounty, place, prize), and the
type-to-filter over it that stays fast with 10,000 entries: one precomputed search key per row, matched
in one pass, and the view asks only for the rows it shows."""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any, cast

from ...core.arithmetic.names import search_key
from ...core.read_models.seats import SeatPrize, seat_prizes
from .. import fmt
from ..changes import Changes, EntryIndex, runs
from ..namesakes import Namesakes, went_out_at
from ..qt import (
    QAbstractProxyModel,
    QAbstractTableModel,
    QColor,
    QFont,
    QModelIndex,
    QModelRoleData,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from .common import place_text, status_words, tr

_DISPLAY, _ALIGNMENT, _FOREGROUND, _FONT, _TOOLTIP = (int(role) for role in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.ToolTipRole))
_ROLES = frozenset({_DISPLAY, _ALIGNMENT, _FOREGROUND, _FONT, _TOOLTIP})
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_GREY = QColor("#7a7a7a")

COLUMNS = ("name", "number", "status", "table", "seat", "stack", "in_bb", "bounty", "bounty_won", "place", "prize")
COUNTED = (COLUMNS.index("stack"), COLUMNS.index("in_bb"))  # shown once the TD has counted a stack
BOUNTIES = (COLUMNS.index("bounty"), COLUMNS.index("bounty_won"))  # shown in a bounty event only
AnyIndex = QModelIndex | QPersistentModelIndex


class PlayersModel(QAbstractTableModel):
    """One row per entry, in the snapshot's order; `update(snapshot)` changes only the rows that changed."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[dict[str, Any]] = []
        self._keys: list[str] = []
        self._status: list[str] = []
        self._index = EntryIndex()
        self._namesakes = Namesakes()  # what tells two Marc Martins apart in the name column
        self._currency = "EUR"
        self._big_blind = 0
        self._statuses = status_words()
        self._italic: QFont | None = None  # a provisional place's
        self._headers = (tr("Name"), tr("Entry"), tr("Status"), tr("Table"), tr("Seat"), tr("Stack"),
                         tr("Big blinds"), tr("Bounty"), tr("Bounties won"), tr("Place"), tr("Prize"))
        self.mystery = False  # mystery bounties: no head carries one; the bounty column says what each drew
        self._seats: dict[str, SeatPrize] = {}  # a satellite that has ended: who won a seat to what

    # -- the Qt model interface ------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(COLUMNS):
            if self.mystery and COLUMNS[section] == "bounty":
                return tr("Mystery won")
            return self._headers[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role not in _ROLES or not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self.cell(index.row(), index.column(), role)

    def cell(self, number: int, column_number: int, role: int) -> Any:
        """One cell's value for a role; the filter calls it directly, without building a source index."""
        return self.cell_roles(number, column_number).get(role)

    def cell_roles(self, number: int, column_number: int) -> dict[int, Any]:
        """Every role a cell answers, worked out once: the delegate asks seven for each cell it paints."""
        row = self._rows[number]
        column = COLUMNS[column_number]
        roles: dict[int, Any] = {_DISPLAY: self._display(row, column)}
        if column not in ("name", "status"):
            roles[_ALIGNMENT] = _RIGHT
        if row["status"] != "active":
            roles[_FOREGROUND] = _GREY
        if column == "place" and row.get("place") and not row["place_final"]:
            if self._italic is None:
                self._italic = QFont()
                self._italic.setItalic(True)
            roles[_FONT] = self._italic
            roles[_TOOLTIP] = tr("Provisional: the player may still re-enter")
        return roles

    def _display(self, row: dict[str, Any], column: str) -> str:
        if column == "name":
            return self._namesakes.label(row["player"], str(row["name"]), row.get("table"), row.get("seat"),
                                         out_at=went_out_at(row))
        if column == "number":
            return str(row.get("number") or "")
        if column == "status":
            text = str(self._statuses.get(row["status"], row["status"]))
            if row["status"] == "active" and row["id"] in self._seats:
                text = tr("seat won")  # a satellite's survivors: nobody wins it, each won a seat
            elif row["status"] == "active" and row.get("place") == 1:
                text = tr("winner")  # the tournament is over: the last one in plays no more
            if row.get("penalty"):
                text += " · " + tr("penalty")
            return text
        if column in ("table", "seat"):
            value = row.get(column)
            return "" if value is None else str(value)
        if column == "place":
            return place_text(row)
        if column in ("stack", "in_bb"):
            stack = row.get("stack")
            if stack is None:
                return ""
            if column == "stack":
                return fmt.chips(stack)
            return fmt.chips(stack // self._big_blind) if self._big_blind else ""
        if column == "bounty" and self.mystery:
            won = int(row.get("bounty_won") or 0)
            return fmt.money(won, self._currency, cents=False) if won else "—"
        if column == "prize" and row["id"] in self._seats:  # a seat won is a seat, not cash
            seat = self._seats[row["id"]]
            if seat.cash:
                return tr("Seat to {target} + {cash}").format(
                    target=seat.target, cash=fmt.money(seat.cash, self._currency, cents=False))
            return tr("Seat to {target}").format(target=seat.target)
        amount = int(row.get(column) or 0)
        return fmt.money(amount, self._currency, cents=False) if amount else ""

    # -- reading the desk ------------------------------------------------------------------------
    def update(self, snap: dict[str, Any], known: Changes | None = None) -> None:
        """Follow a snapshot: the rows whose entry changed are repainted, new entries appended; the rest
        of a 10,000-entry field is not even looked at (its parts are the same objects as before)."""
        self._currency = snap["tournament"]["currency"]
        mystery = "envelopes" in snap["money"]
        if mystery != self.mystery:  # a file of the other kind opened in the same window
            self.mystery = mystery
            column = COLUMNS.index("bounty")
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, column, column)
            if self._rows:
                self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))
        seats = seat_prizes(snap)
        if seats != self._seats:  # the satellite ended (or its end was undone): the winners' prizes are seats
            self._seats = seats
            if self._rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, len(COLUMNS) - 1))
        big_blind = snap["clock"]["big_blind"]
        if big_blind != self._big_blind:  # the blinds went up: every stack is fewer big blinds
            self._big_blind = big_blind
            column = COLUMNS.index("in_bb")
            if self._rows:
                self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))
        entries: list[dict[str, Any]] = snap["entries"]
        old = len(self._rows)
        changed = self._index.update(entries, known)
        told_apart = self._namesakes.update(snap["players"])
        if told_apart:  # a second Marc Martin: the first one's rows now say what tells him apart too
            for i, row in enumerate(self._rows):
                if row["player"] in told_apart:
                    self.dataChanged.emit(self.index(i, 0), self.index(i, 0))
        if not changed:
            return
        # Only a place and a prize moved there (a late entry moves every place out): one repaint of those
        # columns over the rows; the view draws the few on screen. Elsewhere the entry itself changed.
        reshown = self._index.reshown
        within = [i for i in (sorted(set(changed) - set(reshown)) if reshown else changed) if i < old]
        if len(entries) < old or any(entries[i]["id"] != self._rows[i]["id"] for i in within):
            self.beginResetModel()
            self._rows = entries
            self._keys = [self._key(e) for e in entries]
            self._status = [e["status"] for e in entries]
            self.endResetModel()
            return
        mine = [i for i in within if entries[i] != self._rows[i]]  # found by identity, some may be equal
        self._rows = entries[:old] if len(entries) > old else entries  # read-only, as every part
        for i in mine:
            self._keys[i] = self._key(entries[i])
            self._status[i] = entries[i]["status"]
        for first, last in runs(mine):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))
        if reshown:
            self.dataChanged.emit(self.index(reshown[0], COLUMNS.index("place")),
                                  self.index(reshown[-1], COLUMNS.index("prize")))
        if len(entries) > old:
            self.beginInsertRows(QModelIndex(), old, len(entries) - 1)
            self._rows = entries
            self._keys.extend(self._key(e) for e in entries[old:])
            self._status.extend(e["status"] for e in entries[old:])
            self.endInsertRows()

    def seat_prizes_shown(self) -> list[str]:
        """What the Prize column says of each seat a satellite gave ("Seat to Main Event + 30 EUR")."""
        # Found through the index: keying the 10,000 rows by id on every command cost a bust 3-5 ms.
        return [self._display(part, "prize") for entry in self._seats if (part := self._index.get(entry)) is not None]

    def _key(self, entry: dict[str, Any]) -> str:
        # The name's key as the state's index made it when the file opened (`search_key` keeps it), then the id.
        return f"{search_key(entry['name'])} {search_key(entry['id'])}"

    @property
    def keys(self) -> list[str]:
        return self._keys

    @property
    def statuses(self) -> list[str]:
        return self._status

    def sort_value(self, row: int, column: int) -> Any:
        """What a column sorts by: the name without accents, the status in words, numbers as numbers
        (empty ones last)."""
        entry = self._rows[row]
        field = COLUMNS[column]
        if field == "name":
            return (0, self._keys[row])
        if field == "status":
            return (0, self._statuses.get(entry["status"], entry["status"]))
        shown = {"in_bb": "stack", "bounty": "bounty_won" if self.mystery else "bounty"}
        value = entry.get(shown.get(field, field))
        return (0, value) if isinstance(value, int) else (1, 0)

    def entry(self, row: int) -> dict[str, Any]:
        return self._rows[row]

    @property
    def entries(self) -> list[dict[str, Any]]:
        """Every row's entry, in the model's order (read-only, as every part of a snapshot)."""
        return self._rows

    def row_of(self, entry_id: str) -> int:
        return next((i for i, e in enumerate(self._rows) if e["id"] == entry_id), -1)

    def part(self, entry_id: str) -> dict[str, Any] | None:
        """The entry's part of the snapshot last read."""
        return self._index.get(entry_id)


class PlayersFilter(QAbstractProxyModel):
    """Type-to-filter on the name (accents and case ignored), optionally only the entries still playing,
    and sorting by any column.

    A QSortFilterProxyModel asks the Python model for every row's key on each keystroke: 200 to 400 ms
    for 10,000 entries. Here the keys are matched in one pass over a Python list (a few ms) and the view
    asks only for the rows it shows.
    """

    def __init__(self, source: PlayersModel, *, active_only: bool = False, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._players = source
        self._active_only = active_only
        self._query = ""
        self._sort_column = -1
        self._sort_order = Qt.SortOrder.AscendingOrder
        self._rows: list[int] = []
        self._positions: dict[int, int] | None = {}  # made when first asked, after the rows change
        self.setSourceModel(source)
        source.modelReset.connect(self._reset)
        source.rowsInserted.connect(self._source_inserted)
        source.dataChanged.connect(self._source_changed)
        self._set_rows(self._matching())

    # -- which rows, in which order ----------------------------------------------------------------
    def _wanted(self, row: int) -> bool:
        return self._query in self._players.keys[row] and (not self._active_only
                                                            or self._players.statuses[row] == "active")

    def _matching(self, within: list[int] | None = None, *, statuses: bool = False) -> list[int]:
        """The rows shown, in order. `within`: only these rows are looked at, in their order: those shown now,
        when the query grew by what was typed (the rows shown next are among them), or new ones (`statuses`:
        their status is looked at too)."""
        keys, status = self._players.keys, self._players.statuses
        wanted = self._query
        if within is not None:
            if statuses and self._active_only:
                return [i for i in within if wanted in keys[i] and status[i] == "active"]
            return [i for i in within if wanted in keys[i]]
        if self._active_only:
            rows = [i for i, key in enumerate(keys) if wanted in key and status[i] == "active"]
        else:
            rows = [i for i, key in enumerate(keys) if wanted in key]
        if self._sort_column >= 0:
            column = self._sort_column
            rows.sort(key=lambda row: self._players.sort_value(row, column),
                      reverse=self._sort_order == Qt.SortOrder.DescendingOrder)
        return rows

    def _set_rows(self, rows: list[int]) -> None:
        self._rows = rows
        self._positions = None

    @property
    def _position(self) -> dict[int, int]:
        """Where each source row shown is shown: made when asked (each keystroke changes the rows, and the
        view asks for none of it while the TD types), kept until the rows change."""
        if self._positions is None:
            self._positions = {row: i for i, row in enumerate(self._rows)}
        return self._positions

    def _reset(self, within: list[int] | None = None) -> None:
        self.beginResetModel()
        self._set_rows(self._matching(within))
        self.endResetModel()

    def _source_inserted(self, _parent: QModelIndex, first: int, last: int) -> None:
        """New entries (always at the end of the source): shown at the end too, unless the list is
        sorted, when they are put in order with the rest."""
        if self._sort_column >= 0:
            self._reset()
            return
        came = self._matching(list(range(first, last + 1)), statuses=True)  # 10,000 of them when a file opens
        if came:
            self.beginInsertRows(QModelIndex(), len(self._rows), len(self._rows) + len(came) - 1)
            self._set_rows(self._rows + came)
            self.endInsertRows()

    def _source_changed(self, top: QModelIndex, bottom: QModelIndex, *_args: Any) -> None:
        """Some source rows changed. When the same rows stay shown in the same order, only those are
        repainted; a row that leaves (a bust, in a list of the players still in) is removed, so the
        current row and the scroll position stay where the TD left them."""
        changed = range(top.row(), bottom.row() + 1)
        columns = range(top.column(), bottom.column() + 1)
        # Neither the name nor the status changed (a late entry moved the places): the same rows are shown.
        kept = not {COLUMNS.index("name"), COLUMNS.index("status")} & set(columns)
        if self._sort_column not in columns and (kept or all(self._wanted(r) == (r in self._position)
                                                             for r in changed)):
            if self._sort_column < 0:  # shown in the source's order: the first and last of them, by halves
                rows = self._rows
                first, last = bisect.bisect_left(rows, changed[0]), bisect.bisect_right(rows, changed[-1]) - 1
            else:
                shown = [p for r in changed if (p := self._position.get(r)) is not None]
                first, last = (min(shown), max(shown)) if shown else (0, -1)
            if first <= last:  # one signal: the view repaints the rows of it on screen
                self.dataChanged.emit(self.index(first, columns[0]), self.index(last, columns[-1]))
            return
        rows = self._matching()
        if rows == self._rows:
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, self.columnCount() - 1))
            return
        keep = set(rows)
        gone = [i for i, r in enumerate(self._rows) if r not in keep]
        if [r for r in self._rows if r in keep] != rows:
            self._reset()  # rows came in, or the order moved: start the view afresh
            return
        for first, last in reversed(runs(gone)):
            self.beginRemoveRows(QModelIndex(), first, last)
            self._set_rows(self._rows[:first] + self._rows[last + 1:])
            self.endRemoveRows()

    def set_query(self, text: str) -> None:
        query = search_key(text.strip())
        if query != self._query:
            # A letter typed on: what it shows is found among the rows shown, not the whole field.
            within = self._rows if self._query in query else None
            self._query = query
            self._reset(within)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self._sort_column, self._sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        sources = [(self._rows[i.row()], i.column()) for i in old]
        self._set_rows(self._matching())
        position = self._position
        self.changePersistentIndexList(old, [self.index(position[r], c) if r in position else QModelIndex()
                                             for r, c in sources])
        self.layoutChanged.emit()

    # -- the proxy interface -------------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not (0 <= row < len(self._rows) and 0 <= column < len(COLUMNS)):
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, child: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        return QModelIndex()

    def mapToSource(self, proxy: AnyIndex) -> QModelIndex:
        if not proxy.isValid() or not 0 <= proxy.row() < len(self._rows):
            return QModelIndex()
        return self._players.index(self._rows[proxy.row()], proxy.column())

    def mapFromSource(self, source: AnyIndex) -> QModelIndex:
        if not source.isValid():
            return QModelIndex()
        p = self._position.get(source.row())
        return QModelIndex() if p is None else self.index(p, source.column())

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal:
            return self._players.headerData(section, orientation, role)
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        return self._players.cell(self._rows[index.row()], index.column(), role)

    def multiData(self, index: AnyIndex, span: QModelRoleDataSpan | QModelRoleData) -> None:
        """Every role of a cell in one call: the delegate asks for seven roles per cell it paints, and a
        call from Qt into Python costs more than the answer."""
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return
        values = self._players.cell_roles(self._rows[index.row()], index.column())
        # PySide iterates a span (its stubs do not say so); a lone QModelRoleData is a span of one. Every role
        # is set, those the cell does not answer to nothing: the delegate hands the same span from cell to cell.
        roles = [span] if isinstance(span, QModelRoleData) else cast("Iterable[QModelRoleData]", span)
        for role_data in roles:
            role_data.setData(values.get(role_data.role()))

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _FLAGS

    def entry_id(self, row: int) -> str | None:
        if not 0 <= row < len(self._rows):
            return None
        return str(self._players.entry(self._rows[row])["id"])
