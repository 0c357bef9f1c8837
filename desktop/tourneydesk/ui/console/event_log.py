"""The event log: every event with its time, station and who, and what undo will take back.

The log is the audit trail a cash dispute needs (docs/architecture.md: undo); an undone command stays listed,
struck through. Which fields of an event name whom and what it concerns is declared with its type
(`event_types`); what each event is called is one catalogue with the phones' (`event_words`).
"""

from __future__ import annotations

from typing import Any, Protocol

from ...core.arithmetic.names import search_key
from ...core.protocol.event_types import LogWords, declared
from ...core.protocol.events import Event
from ...desk import Desk
from ...event_words import ACTIONS, CONTEXT, EVENTS
from .. import fmt
from ..bridge import DeskBridge
from ..qt import (
    QAbstractTableModel,
    QCoreApplication,
    QDateTime,
    QDialog,
    QFont,
    QHeaderView,
    QKeySequence,
    QLineEdit,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPushButton,
    QShortcut,
    QSortFilterProxyModel,
    Qt,
    QTableView,
    QVBoxLayout,
    QWidget,
)
from .common import InlineError, send_slow, tr

AnyIndex = QModelIndex | QPersistentModelIndex


def event_words() -> dict[str, str]:
    """Each event type's words, and a variant's (`type:flag`, see `LogWords.variant`), in the app's language."""
    return {key: QCoreApplication.translate(CONTEXT, text) for key, text in EVENTS.items()}


def action_words() -> dict[str, str]:
    """The values an event's `action` field holds (the clock's actions, a removal's kind, a deal's method)."""
    return {key: QCoreApplication.translate(CONTEXT, text) for key, text in ACTIONS.items()}


def payment_words() -> dict[str, str]:
    return {"cash": tr("cash"), "card": tr("card"), "transfer": tr("transfer"), "voucher": tr("voucher"),
            "comp": tr("comp")}


def station_words() -> dict[str, str]:
    """The windows' stations (a paired device's station is its own name, shown as it is)."""
    return {"td": tr("TD console"), "cashier": tr("cashier desk"), "console": tr("TD console"),
            "start_page": tr("start page"), "display": tr("screen"), "shell": tr("command line")}


def who_words() -> dict[str, str]:
    """A paired device that names nobody is its role (the people at the laptop are named by the bridge)."""
    return {"td": tr("TD"), "cashier": tr("cashier"), "display": tr("screen")}


def _amount(value: Any) -> int | None:
    if isinstance(value, dict):  # a price: what the player paid, its parts together
        parts = [v for v in value.values() if isinstance(v, int)]
        return sum(parts) if parts else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def describe_event(event: Event, names: Names, currency: str = "") -> str:
    """One line a TD understands: the kind of event, whom it concerns and what it moved, as its type
    declares them; amounts in `currency` as the locale writes money."""
    p = event.payload
    declaration = declared(event.type)
    words = declaration.log if declaration is not None else UNDECLARED
    all_words = event_words()
    kind = all_words.get(event.type, event.type)
    if words.variant is not None and p.get(words.variant):
        kind = all_words.get(f"{event.type}:{words.variant}", kind)
    who = [names.get(p[k], p[k]) for k in words.who if isinstance(p.get(k), str)]
    details = []
    if words.name is not None and p.get(words.name):
        who = [str(p[words.name])]
    if words.action is not None and p.get(words.action) is not None:
        details.append(action_words().get(str(p[words.action]), str(p[words.action])))
    if words.by is not None and p.get(words.by):
        details.append(tr("by {names}").format(names=", ".join(names.get(b, b) for b in p[words.by])))
    amount = _amount(p.get(words.money)) if words.money is not None else None
    if amount is not None:
        paid = fmt.money(amount, currency) if currency else fmt.chips(amount)
        if words.payment and p.get("payment"):
            paid = f"{paid} {payment_words().get(str(p['payment']), str(p['payment']))}"
        details.append(paid)
    chips = p.get(words.chips) if words.chips is not None else None
    if isinstance(chips, int) and not isinstance(chips, bool) and chips > 0:
        details.append(tr("{chips} chips").format(chips=fmt.chips(chips)))
    if words.seat and p.get("table") is not None and p.get("seat") is not None:
        if p.get("from_table") is not None and p.get("from_seat") is not None:
            details.append(tr("table {from_table} seat {from_seat} → table {table} seat {seat}").format(
                from_table=p["from_table"], from_seat=p["from_seat"], table=p["table"], seat=p["seat"]))
        else:
            details.append(tr("table {table} seat {seat}").format(table=p["table"], seat=p["seat"]))
    if words.moves:
        moved = p.get("moves") if isinstance(p.get("moves"), list) else p.get("seats")
        details.append(tr("table {table}").format(table=p.get("table")))
        if isinstance(moved, list):
            details.append(tr("%n players moved", "", len(moved)) if event.type != "final_table_drawn"
                           else tr("%n players seated", "", len(moved)))
    if words.hand and p.get("hand") is not None:
        details.append(tr("hand {hand}").format(hand=p["hand"]))
    if words.undoes:
        # One command is undone at a time; `types` are the kinds of the events it wrote.
        kinds = list(dict.fromkeys(all_words.get(t, t) for t in p.get("types", [])))
        numbers = ", ".join(f"#{c}" for c in p.get("commands", []))
        details.append(tr("takes back {what}").format(what=f"{' + '.join(kinds)} ({numbers})" if kinds else numbers))
    if words.reason and p.get("reason"):
        details.append(str(p["reason"]))
    return " · ".join([kind, *who[:1], *details])


# An event of a type this version does not know (a newer file's): whatever it names, shown plainly.
UNDECLARED = LogWords(who=("entry", "player"), seat=True, reason=True)


class Names(Protocol):
    """Who an entry or a player id is, in the log's words; `default` (the id itself) when nobody is named.
    A plain dict of names is one; so is the desk, asked one id at a time (`DeskNames`)."""

    def get(self, key: str, default: str, /) -> str: ...


class DeskNames:
    """Entry and player ids to names, asked of the desk one at a time (a field of 10,000 is not copied to
    describe one event)."""

    def __init__(self, desk: Desk) -> None:
        self._desk = desk
        self.currency = desk.currency  # the log's amounts are in the tournament's currency

    def get(self, key: str, default: str, /) -> str:
        name = self._desk.name_of(key)
        return default if name is None else name


def names_of(desk: Desk) -> DeskNames:
    return DeskNames(desk)


def undo_description(desk: Desk) -> str | None:
    """What Ctrl+Z will take back, in the log's words; None when nothing can be. The desk says which
    command that is (`Desk.undo_target`), the very one an undo takes back."""
    target = desk.undo_target()
    if target is None:
        return None
    names = names_of(desk)
    return describe_event(target, names, names.currency)


class EventLogModel(QAbstractTableModel):
    """Every event of the file, oldest first; `refresh()` appends what came since."""

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._desk = desk
        self._events: list[Event] = []
        self._text: dict[int, str] = {}  # described when first shown: a big evening has 20,000 events
        self._undone: frozenset[int] = frozenset()
        self._headers = (tr("#"), tr("Time"), tr("Station"), tr("Who"), tr("Event"))
        self.refresh()

    def refresh(self) -> None:
        after = self._events[-1].seq if self._events else 0
        new = self._desk.events(after)
        if not new:
            return
        self.beginInsertRows(QModelIndex(), len(self._events), len(self._events) + len(new) - 1)
        self._events.extend(new)
        self.endInsertRows()
        undone = self._desk.undone_commands()
        if undone != self._undone:
            self._undone = undone
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._events) - 1, len(self._headers) - 1))

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._events)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(self._headers):
            return self._headers[section]
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._events):
            return None
        event = self._events[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole + 1):
            if column == 0:
                return str(event.seq)
            if column == 1:
                moment = QDateTime.fromMSecsSinceEpoch(event.at_ms).toLocalTime()
                return QLocale().toString(moment, "yyyy-MM-dd HH:mm:ss")  # to the second, as a dispute needs
            if column == 2:
                return station_words().get(event.station or "", event.station or "")
            if column == 3:
                return who_words().get(event.actor or "", event.actor or "")
            text = self._text.get(index.row())
            if text is None:
                names = names_of(self._desk)
                text = self._text[index.row()] = describe_event(event, names, names.currency)
            return search_key(text) if role != Qt.ItemDataRole.DisplayRole else text
        if role == Qt.ItemDataRole.FontRole and event.command_seq in self._undone:
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole and event.command_seq in self._undone:
            return tr("Undone")
        return None


class EventLogWindow(QDialog):
    """The log, filterable; Delete on a row undoes that command (an older one only when nothing later
    depends on it: the desk says so beside the button, and writes nothing)."""

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Event log"))
        self.resize(900, 600)
        self.model = EventLogModel(bridge.desk, self)
        self.filter = QSortFilterProxyModel(self)
        self.filter.setSourceModel(self.model)
        self.filter.setFilterKeyColumn(4)
        self.filter.setFilterRole(Qt.ItemDataRole.UserRole + 1)
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Filter the log (name, kind of event)"))
        self.search.textChanged.connect(lambda text: self.filter.setFilterFixedString(search_key(text.strip())))
        self.view = QTableView()
        self.view.setModel(self.filter)
        self.view.verticalHeader().hide()
        self.view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.view.horizontalHeader().setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.view.setColumnWidth(0, 60)
        self.view.setColumnWidth(1, 190)
        self.undo_button = QPushButton(tr("Undo the selected command (Del)"))
        self.undo_button.setAutoDefault(False)
        self.undo_button.clicked.connect(self.undo_selected)
        QShortcut(QKeySequence(Qt.Key.Key_Delete), self.view).activated.connect(self.undo_selected)
        self.error = InlineError()
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.view)
        layout.addWidget(self.undo_button)
        layout.addWidget(self.error)
        bridge.changed.connect(self._on_changed)  # a bound method: Qt disconnects it when the window goes
        self._refresh()

    def _on_changed(self, _result: dict[str, Any]) -> None:
        self._refresh()

    def _refresh(self) -> None:
        self.model.refresh()
        self.view.scrollToBottom()

    def selected_seq(self) -> int | None:
        index = self.view.currentIndex()
        if not index.isValid():
            return None
        return int(self.filter.index(index.row(), 0).data())

    def undo_selected(self) -> None:
        seq = self.selected_seq()
        if seq is not None:
            send_slow(self._bridge, {"type": "undo", "seq": seq}, self.error, self, tr("Undoing…"))
