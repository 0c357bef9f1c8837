"""The cashier's left panel: find a player in the queue (tonight's and the club's members), or register one.

The find box filters the list as it is typed; Up and Down walk the list without leaving the box, Enter
takes the row (a club member is registered on the spot) or, when nobody matches, opens the new-player
form with the name typed. The form replaces the list in the same panel while it is open.
"""

from __future__ import annotations

from typing import Any

from ..bridge import DeskBridge
from ..club.link import ClubLink
from ..long_list import LongList
from ..qt import (
    QAbstractItemView,
    QEvent,
    QHeaderView,
    QKeyEvent,
    QLabel,
    QLineEdit,
    QObject,
    QPushButton,
    QStackedWidget,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .columns import name_room, text_room
from .models import ID_ROLE, MEMBER_PREFIX, PlayersModel
from .register_form import RegisterForm

# How far each key in the find box moves the list's highlight.
STEPS = {Qt.Key.Key_Down: 1, Qt.Key.Key_Up: -1, Qt.Key.Key_PageDown: 10, Qt.Key.Key_PageUp: -10}


class FindPanel(QWidget):
    """`chosen(player)`: a player of tonight taken from the list; `member_chosen(member_id)`: a club member
    not registered tonight. The register form's own signals say what the form did."""

    chosen = Signal(str)
    member_chosen = Signal(str)

    def __init__(self, bridge: DeskBridge, club: ClubLink | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.club = club
        self.search = QLineEdit(self)
        self.search.setObjectName("search")
        self.search.setPlaceholderText(self.tr("Find a player: name, nickname or member id (Ctrl+F)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._filter)
        self.search.returnPressed.connect(self._choose_from_search)
        self.search.installEventFilter(self)
        self.players = PlayersModel(self)
        view = self.player_view = LongList(self)
        view.setObjectName("player_view")
        view.setModel(self.players)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        view.verticalHeader().hide()
        view.setAlternatingRowColors(True)
        header = view.horizontalHeader()
        # Widths from the font the list is drawn in, not from the contents: measuring 10,000 rows after
        # every bust is too slow, and a column fitted to its rows re-lays the window after each sale.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(PlayersModel.NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        titles = self.players.headers()
        self.widths = {  # kept here: a hidden column's width reads as 0 in the header
            PlayersModel.MEMBER: max(text_room(view, "M-000000"),
                                     text_room(view, titles[PlayersModel.MEMBER], bold=True)),
            PlayersModel.ENTRIES: max(text_room(view, "88"), text_room(view, titles[PlayersModel.ENTRIES], bold=True)),
        }
        # As wide as this room's longest "Table 12 · seat 9", so that the name keeps every other pixel.
        seating = bridge.desk.config.seating
        self.widths[PlayersModel.STATUS] = max(text_room(view, text) for text in self.players.longest_places(
            max(seating.tables), seating.seats_per_table))
        for column, width in self.widths.items():
            header.resizeSection(column, width)
        self._member_column = False
        view.viewport().installEventFilter(self)
        view.setTextElideMode(Qt.TextElideMode.ElideRight)
        view.setColumnHidden(PlayersModel.NICKNAME, True)
        view.activated.connect(self._choose_index)
        view.clicked.connect(self._choose_index)
        self.new_button = QPushButton(self.tr("New player (Ctrl+N)"), self)
        self.new_button.setObjectName("new_player")
        self.new_button.clicked.connect(self.new_player)
        list_page = QWidget(self)
        list_layout = QVBoxLayout(list_page)
        list_layout.setContentsMargins(0, 0, 0, 0)
        list_layout.addWidget(view, 1)
        list_layout.addWidget(self.new_button)
        self.register_form = RegisterForm(bridge, self)
        self.register_form.cancelled.connect(self.show_list)
        self.find_stack = QStackedWidget(self)
        self.find_stack.addWidget(list_page)
        self.find_stack.addWidget(self.register_form)
        title = QLabel(self.tr("Players"), self)
        title.setProperty("role", "heading")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addWidget(self.search)
        layout.addWidget(self.find_stack, 1)

    def narrowest_width(self, scroll: int) -> int:
        """A whole long name beside where each player stands, and the list's scroll bar and frame."""
        return name_room(self.player_view) + self.widths[PlayersModel.STATUS] + scroll

    # -- keeping up with the desk --------------------------------------------------------------
    def update_snapshot(self, snap: dict[str, Any]) -> None:
        """The list from the snapshot, the same row kept highlighted."""
        current = self.current_player()
        listed = snap.get("waiting") or {"players": []}
        self.players.waiting = {p["player"]: n for n, p in enumerate(listed["players"], start=1)}
        self.players.set_snapshot(snap["players"], snap["entries"], self.bridge.changes())
        self._member_column = self.players.any_member_id
        self.lay_columns()
        self.select_player(current)

    # -- the list and the form --------------------------------------------------------------------
    def show_list(self) -> None:
        """Back to the list, the keyboard in the find box with what it holds selected."""
        self.find_stack.setCurrentIndex(0)
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def new_player(self) -> None:
        self.find_stack.setCurrentIndex(1)
        self.register_form.start(self.search.text())

    def edit_player(self, player: str) -> None:
        self.find_stack.setCurrentIndex(1)
        self.register_form.start_edit(player)

    def back_to_list(self) -> None:
        """The form done with: the list again, the find box empty (what was typed found the old spelling)."""
        self.find_stack.setCurrentIndex(0)
        self.search.clear()

    def current_player(self) -> str | None:
        index = self.player_view.currentIndex()
        value = self.players.data(index, ID_ROLE) if index.isValid() else None
        return str(value) if value else None

    def found_player(self) -> str | None:
        """The name just found (the find box holds text, or the list has the keyboard), if any. A row is never
        taken only because the list highlights its first name."""
        row = self.current_player()
        looking = bool(self.search.text().strip()) or self.player_view.hasFocus()
        return row if row is not None and not row.startswith(MEMBER_PREFIX) and looking else None

    def select_player(self, player: str | None) -> None:
        if player is None:
            return
        row = self.players.row_of(player)
        if row >= 0:
            index = self.players.index(row, 0)
            self.player_view.setCurrentIndex(index)
            self.player_view.scrollTo(index)

    def _filter(self, text: str) -> None:
        self.players.set_needle(text)
        found = self.club.find(text) if self.club is not None and text.strip() else []
        self.players.set_members([(m.member_id, m.name, m.nickname or "") for m in found])
        # The club's members carry member ids: the column tells two Chloés apart.
        self._member_column = bool(self.players.any_member_id or found)
        self.lay_columns()
        if self.players.rowCount() > 0:
            self.player_view.setCurrentIndex(self.players.index(0, 0))

    def lay_columns(self) -> None:
        """Where each player stands always, beside a whole name; the member id (when anyone has one) and
        the number of entries when they fit too (the sale panel says both for the player chosen)."""
        view = self.player_view
        room = view.viewport().width() - name_room(view) - self.widths[PlayersModel.STATUS]
        for column, wanted in ((PlayersModel.MEMBER, self._member_column), (PlayersModel.ENTRIES, True)):
            fits = wanted and self.widths[column] <= room
            if fits:
                room -= self.widths[column]
            view.setColumnHidden(column, not fits)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Up and Down in the search box walk the list, so the hands never leave the keys."""
        if watched is self.player_view.viewport() and event.type() == QEvent.Type.Resize:
            self.lay_columns()
        if watched is self.search and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if event.key() in STEPS:
                count = self.players.rowCount()
                if count:
                    row = self.player_view.currentIndex().row() + STEPS[Qt.Key(event.key())]
                    row = min(max(row, 0), count - 1)
                    self.player_view.setCurrentIndex(self.players.index(row, 0))
                return True
            if event.key() == Qt.Key.Key_Escape:
                self.search.clear()
                return True
        return super().eventFilter(watched, event)

    def _choose_from_search(self) -> None:
        index = self.player_view.currentIndex()
        if index.isValid() and self.search.text().strip():
            self._choose_index(index)
        elif self.search.text().strip():
            self.new_player()

    def _choose_index(self, index: Any) -> None:
        player = self.players.data(index, ID_ROLE)
        if player and str(player).startswith(MEMBER_PREFIX):
            self.member_chosen.emit(str(player)[len(MEMBER_PREFIX):])
        elif player:
            self.chosen.emit(str(player))
