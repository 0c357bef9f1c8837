"""The right-hand side of the cashier desk: what to pay now, and the drawer."""

from __future__ import annotations

import bisect
from collections import Counter

from ...core.errors import TourneyError
from .. import fmt, operations
from ..bridge import DeskBridge
from ..changes import EntryIndex
from ..messages import error_text
from ..printing import MethodLine, method_name
from ..qt import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QModelIndex,
    QPushButton,
    Qt,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .books import Ledger, Owed, owed_of, owed_order
from .models import OwedModel


def _shows(owed: Owed) -> list[str]:
    return [attr for attr in ("place", "prize", "paid_before") if getattr(owed, attr)]


class PayPanel(QWidget):
    """Prizes and bounties owed now; `paid(owed, method)` once the desk recorded the payment."""

    paid = Signal(object, str)

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.model = OwedModel(bridge.desk.state.config.currency, self)
        self._entries = EntryIndex(bridge.entry_changes)
        self._owed: dict[str, tuple[tuple[tuple[int, str], str], Owed]] = {}  # entry -> (its sort key, owed)
        self._keys: list[tuple[tuple[int, str], str]] = []  # the sort keys of the rows shown, in order
        self._showing: Counter[str] = Counter()  # how many rows have a place, a prize, a payment before
        title = QLabel(self.tr("To pay now"), self)
        title.setProperty("role", "heading")
        self.empty = QLabel(self.tr("Nothing is owed to anyone right now."), self)
        self.empty.setObjectName("pay_empty")
        self.view = QTableView(self)
        self.view.setObjectName("owed_view")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(OwedModel.NAME, QHeaderView.ResizeMode.Stretch)
        # Columns fitted to the first rows, not to thousands of them (bounties paid at the night's end).
        header.setResizeContentsPrecision(200)
        self.view.selectionModel().currentRowChanged.connect(self._update_button)
        self.view.doubleClicked.connect(lambda _index: self.pay())
        self.method = QComboBox(self)
        self.method.setObjectName("pay_method")
        for method in ("cash", "transfer", "card", "voucher"):
            self.method.addItem(method_name(method), method)
        method_label = QLabel(self.tr("Pa&y by"), self)
        method_label.setBuddy(self.method)
        self.button = QPushButton(self)
        self.button.setObjectName("pay_button")
        self.button.setProperty("role", "primary")
        self.button.clicked.connect(self.pay)
        self.error = QLabel(self)
        self.error.setObjectName("pay_error")
        self.error.setProperty("role", "error")
        self.error.setWordWrap(True)
        self.error.hide()
        row = QHBoxLayout()
        row.addWidget(method_label)
        row.addWidget(self.method)
        row.addStretch(1)
        row.addWidget(self.button)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.empty)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.error)
        layout.addLayout(row)
        self.refresh()

    def refresh(self) -> None:
        current = self.current()
        moved = self._follow_owed()
        # The rows came and went around the current one, which stays current; only when it was paid
        # (or there was none) does the first row become current.
        if self.model.rowCount() > 0 and (current is None or self.current() is None
                                          or self.current().entry != current.entry):  # type: ignore[union-attr]
            row = self.model.row_of(current.entry) if current else -1
            self.view.setCurrentIndex(self.model.index(max(row, 0), 0))
        self.empty.setVisible(self.model.rowCount() == 0)
        # Before the prizes are final only bounty cash is owed: no empty place and prize columns then.
        for column, attr in ((OwedModel.PLACE, "place"), (OwedModel.PRIZE, "prize"), (OwedModel.PAID, "paid_before")):
            self.view.setColumnHidden(column, not self._showing[attr])
        if moved:
            # F8 pays the current row: once rows came in above it, it must still be in sight (an evening
            # left it below the fold, the button saying "Paid 25.00 EUR" for a name nobody could see).
            # Scrolled once the view has laid out its new rows and scroll bars, or the fold moves again.
            QTimer.singleShot(0, self._current_in_sight)
        self._update_button()

    def _follow_owed(self) -> bool:
        """What is owed, followed through the entries that changed since the last refresh, each row
        taken out or put in where it belongs: a club that pays the bounties at the end of the night may
        owe thousands of them, and a bust changes one or two. True when a row came, went or changed."""
        parts = self.bridge.snapshot()["entries"]
        changed = self._entries.update(parts)
        state = self.bridge.desk.state
        if len(changed) == len(parts):  # the first look, or an undo folded everything again
            found = [o for o in (owed_of(state, part) for part in parts if part.get("owed")) if o is not None]
            self._owed = {o.entry: ((owed_order(o), o.entry), o) for o in found}
            ordered = sorted(self._owed.values(), key=lambda pair: pair[0])
            self._keys = [key for key, _ in ordered]
            self._showing = Counter(attr for o in found for attr in _shows(o))
            self.model.set_rows([o for _, o in ordered])
            return True
        moved = False
        for i in changed:
            entry = parts[i]["id"]
            owed = owed_of(state, parts[i])
            was = self._owed.get(entry)
            if was is not None and was[1] == owed:
                continue
            moved = True
            if was is not None:
                row = bisect.bisect_left(self._keys, was[0])
                del self._keys[row]
                del self._owed[entry]
                self.model.remove_at(row)
                self._showing.subtract(_shows(was[1]))
            if owed is not None:
                key = (owed_order(owed), entry)
                row = bisect.bisect_left(self._keys, key)
                self._keys.insert(row, key)
                self._owed[entry] = (key, owed)
                self.model.insert_at(row, owed)
                self._showing.update(_shows(owed))
        return moved

    def _current_in_sight(self) -> None:
        if self.view.currentIndex().isValid():
            self.view.scrollTo(self.view.currentIndex())

    def current(self) -> Owed | None:
        index = self.view.currentIndex()
        return self.model.owed(index.row()) if index.isValid() else None

    def _update_button(self, *_: QModelIndex) -> None:
        owed = self.current()
        if owed is None:
            self.button.setText(self.tr("Paid (F8)"))
            self.button.setEnabled(False)
            return
        self.button.setEnabled(True)
        self.button.setText(self.tr("Paid {amount} (F8)").format(amount=fmt.money(owed.amount, self.model.currency)))

    def pay(self) -> None:
        owed = self.current()
        if owed is None:
            return
        method = str(self.method.currentData())
        self.error.hide()
        try:
            result = operations.run(self.bridge, {"type": "pay", "entry": owed.entry, "payment": method},
                                    station=operations.CASHIER)
        except TourneyError as exc:
            self.error.setText(error_text(exc))
            self.error.show()
            return
        # The slip says what the desk actually handed over, which is what it recorded.
        self.paid.emit(Owed(owed.entry, owed.name, owed.place, owed.prize, owed.bounty, owed.paid_before,
                            int(result["amount"])), method)


class DrawerPanel(QWidget):
    """Money in and out by payment method, read off the ledger, and the cash the drawer should hold."""

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.currency = bridge.desk.state.config.currency
        title = QLabel(self.tr("The drawer"), self)
        title.setProperty("role", "heading")
        self.expected = QLabel(self)
        self.expected.setObjectName("drawer_expected")
        self.expected.setProperty("role", "total")
        self.expected.setWordWrap(True)
        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("drawer_table")
        self.table.setHorizontalHeaderLabels([self.tr("Method"), self.tr("In"), self.tr("Paid out"),
                                              self.tr("Net")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.report_button = QPushButton(self.tr("End-of-night report… (Ctrl+E)"), self)
        self.report_button.setObjectName("report_button")
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.expected)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.report_button)
        self.lines: tuple[MethodLine, ...] = ()
        self.ledger = Ledger(bridge.desk)
        self.refresh(force=True)

    def refresh(self, force: bool = False) -> None:
        if not self.ledger.read() and not force:
            return  # no money moved (a bust, a clock change): the drawer stands
        self.lines = self.ledger.methods()
        rows = [*self.lines, MethodLine("", sum(x.money_in for x in self.lines),
                                        sum(x.money_out for x in self.lines), 0)]
        self.table.setRowCount(len(rows))
        # Every method and the total always in view: a drawer count never scrolls.
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height()
                                    + len(rows) * self.table.verticalHeader().defaultSectionSize() + 4)
        for r, line in enumerate(rows):
            name = method_name(line.method) if line.method else self.tr("Total")
            cells = [name] + [fmt.money(v, self.currency) for v in (line.money_in, line.money_out, line.net)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if not line.method:
                    font = item.font()
                    font.setBold(True)
                    item.setFont(font)
                self.table.setItem(r, c, item)
        cash = next((x.net for x in self.lines if x.method == "cash"), 0)
        self.expected.setText(self.tr("Cash expected in the drawer: {amount}").format(
            amount=fmt.money(cash, self.currency)))
