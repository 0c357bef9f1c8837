"""The console's list of entries, with its find box: the TD types part of a name anywhere on the list.

Keyboard first: a letter typed on the list goes to the find box (never to a shortcut or the list's own
search), Escape goes back to the list, and in an empty find box Space is the clock's, as on the list.
"""

from __future__ import annotations

from typing import Any

from ..changes import Changes
from ..long_list import LongList
from ..qt import (
    QEvent,
    QHBoxLayout,
    QHeaderView,
    QKeyEvent,
    QKeySequence,
    QLabel,
    QLineEdit,
    QObject,
    Qt,
    QTableView,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .common import tr
from .players_model import BOUNTIES, COLUMNS, COUNTED, PlayersFilter, PlayersModel

# Each column's widest likely value, beside its title: whatever the columns leave goes to the names.
SAMPLES = ("", "88", "disqualified", "888", "88", "888,888", "888", "888.88 EUR", "888.88 EUR", "888–888*",
           "88,888 EUR")


def typed_text(event: QKeyEvent) -> bool:
    """A key that starts a name (a letter, a digit): not Space, +, - or a shortcut, which stay the clock's."""
    text = event.text()
    plain = not event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
                                     | Qt.KeyboardModifier.MetaModifier)
    return plain and len(text) == 1 and text.isprintable() and (text.isalnum() or text in "'.")


class PlayersPanel(QWidget):
    """`opened()`: a row double-clicked (the console opens the bust-out dialog on it)."""

    opened = Signal()

    def __init__(self, parent: QWidget) -> None:
        # A child of the window from the start, so that it has the window's larger type when its columns are
        # measured below (a parentless list measured in the smaller default type cut "162.50 EUR").
        super().__init__(parent)
        self.players = PlayersModel(self)
        self.filter = PlayersFilter(self.players, parent=self)
        self.search = QLineEdit(self)
        self.search.setObjectName("playerSearch")
        self.search.setPlaceholderText(tr("Find a player (Ctrl+F): type part of the name"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter_changed)
        self.search.returnPressed.connect(self.focus_table)
        self.search.installEventFilter(self)
        self.found = QLabel(self)
        table = self.table = LongList(self)
        table.setObjectName("playersTable")
        table.setModel(self.filter)
        table.setSortingEnabled(True)
        table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        table.setAlternatingRowColors(True)
        table.verticalHeader().hide()
        table.verticalHeader().setDefaultSectionSize(24)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Each column as wide as its title or its widest likely value, in the table's own font, plus the cell's
        # margins.
        metrics = table.fontMetrics()
        for column, sample in enumerate(SAMPLES):
            if column:
                title = str(self.players.headerData(column, Qt.Orientation.Horizontal))
                table.setColumnWidth(column, max(metrics.horizontalAdvance(t) for t in (title, sample)) + 12)
        table.doubleClicked.connect(lambda _i: self.opened.emit())
        table.installEventFilter(self)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.found)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(search_row)
        layout.addWidget(self.table, 1)

    def update_snapshot(self, snap: dict[str, Any], changes: Changes | None, *, bounties: bool) -> None:
        """The rows the snapshot changed; the bounty columns in a bounty event only (with mystery bounties, the
        one that says what each player drew), the stacks once counted."""
        self.players.update(snap, changes)
        for column in BOUNTIES:
            self.table.setColumnHidden(column, not bounties or (self.players.mystery and column != BOUNTIES[0]))
        for column in COUNTED:
            self.table.setColumnHidden(column, snap["chips"]["leader"] is None)
        # A points-only night pays no prize: its column would be empty all night.
        self.table.setColumnHidden(COLUMNS.index("prize"), bool(snap["tournament"].get("points_only")))
        seats = self.players.seat_prizes_shown()
        if seats:  # a satellite's seats are words, wider than any amount: the column takes the widest whole
            prize = COLUMNS.index("prize")
            wanted = max(self.table.fontMetrics().horizontalAdvance(text) for text in seats) + 12
            if self.table.columnWidth(prize) < wanted:
                self.table.setColumnWidth(prize, wanted)
        self._update_found()

    def selected_entry(self) -> dict[str, Any] | None:
        """The entry of the highlighted row, or the only one the find box leaves."""
        index = self.table.currentIndex()
        if not index.isValid():
            if self.filter.rowCount() != 1:
                return None
            index = self.filter.index(0, 0)
        entry_id = self.filter.entry_id(index.row())
        return self.players.part(entry_id) if entry_id else None

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def focus_table(self) -> None:
        if self.filter.rowCount():
            self.table.setFocus()
            self.table.setCurrentIndex(self.filter.index(0, 0))

    def names_cut(self) -> bool:
        """Whether the list shows some player's name cut short ("Chl…"), or so narrow that its columns
        run past its edge (the names whole, the rest of the row out of sight)."""
        if self.table.horizontalHeader().length() > self.table.viewport().width() + 1:
            return True
        metrics = self.table.fontMetrics()
        room = self.table.columnWidth(0) - 12  # the cell's own margins
        # Only a name longer than the room holds of its widest letter can be cut: at 10,000 entries, measuring
        # every name was a sixth of the time the console took to open.
        names = [str(entry["name"]) for entry in self.players.entries]
        widest = max((metrics.horizontalAdvance(c) for c in set("".join(names))), default=1)
        fewest = room // max(1, widest)
        return any(metrics.horizontalAdvance(name) > room for name in names if len(name) > fewest)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        # Ctrl+Z in the find field undoes the last command, not the typing: the TD's undo is one key.
        if watched is self.search and event.type() == QEvent.Type.ShortcutOverride \
                and event.matches(QKeySequence.StandardKey.Undo):
            return True
        if watched is self.search and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Escape:
            self.table.setFocus()  # back to the list, where Space is the clock's again
            return True
        if watched is self.search and event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) \
                and event.key() == Qt.Key.Key_Space and not event.modifiers() and not self.search.text():
            # No name starts with a space: in an empty find box Space is the clock's, as on the list (the
            # find box keeps no override, so the Space shortcut starts or pauses the clock).
            return True
        if watched is self.table and event.type() == QEvent.Type.KeyPress and typed_text(event):
            # A name typed on the list goes to the find box, never to a shortcut or the list's own search.
            self.search.setFocus()
            self.search.insert(event.text())
            return True
        return super().eventFilter(watched, event)

    def _filter_changed(self, text: str) -> None:
        self.filter.set_query(text)
        self._update_found()

    def _update_found(self) -> None:
        self.found.setText(tr("{shown} of {total}").format(shown=self.filter.rowCount(),
                                                           total=self.players.rowCount()))
