"""The right-hand side of the cashier desk: what to pay now, and the drawer."""

from __future__ import annotations

import bisect
import html
import operator
from collections import Counter
from collections.abc import Callable
from typing import Any

from ...core.config import PAYMENT_METHODS
from ...core.protocol.errors import TourneyError
from .. import fmt, operations
from ..bridge import DeskBridge
from ..changes import EntryIndex
from ..long_list import LongList
from ..messages import error_text
from ..printing import MethodLine, method_name
from ..qt import (
    QAbstractItemView,
    QComboBox,
    QEvent,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QModelIndex,
    QObject,
    QPushButton,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .books import Owed, drawer_lines, owed_of, owed_order, part_place
from .columns import amount_room, name_room, text_room
from .models import OwedModel


def _shows(owed: Owed) -> list[str]:
    return [attr for attr in ("place", "prize", "bounty", "paid_before") if getattr(owed, attr)]


# The columns beside the name and the amount to pay, the most needed first: each is shown when a row has
# something in it and it fits.
_OPTIONAL_COLUMNS = ((OwedModel.BOUNTY, "bounty"), (OwedModel.PRIZE, "prize"), (OwedModel.PLACE, "place"),
                     (OwedModel.PAID, "paid_before"))


# What an owed row is made of besides its place: while these stand, so does every sum in the row (what
# the cashier paid it before too, which the owed sum is worked out from).
_same_sum = operator.itemgetter("name", "owed", "bounty_won", "prize", "place_final")


def _same_row(owed: Owed, part: dict[str, Any]) -> bool:
    """Whether an entry whose part only shows other figures of the whole field (`Changes.reshown`: its name,
    its bounties and what it was paid before cannot have moved) is still owed what its row says."""
    return bool(part["owed"] == owed.amount)


_ONE_BY_ONE = 64  # rows changed at once up to which each is moved to its place; beyond, all are sorted again
_UNPLACED = 10**9  # `owed_order`'s place for a row with none: after every placed one


class PayPanel(QWidget):
    """Prizes and bounties owed now; `paid(owed, method)` once the desk recorded the payment."""

    paid = Signal(object, str)

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self._entries = EntryIndex(bridge.changes)
        self.model = OwedModel(bridge.desk.currency, self._place_now, self)
        self._owed: dict[str, tuple[tuple[tuple[int, str], str], Owed]] = {}  # entry -> (its sort key, owed)
        self._keys: list[tuple[tuple[int, str], str]] = []  # the sort keys of the rows shown, in order
        self._showing: Counter[str] = Counter()  # how many rows have a place, a prize, a payment before
        self._stale_keys = False  # whether places moved since the rows' keys were made (`_fresh_keys`)
        # The cash the drawer should hold now (the window wires it to the drawer), to warn before paying more.
        self.drawer_cash: Callable[[], int] | None = None
        self.warning: QMessageBox | None = None  # the short-drawer warning while it is open
        title = QLabel(self.tr("To pay now"), self)
        title.setProperty("role", "heading")
        self.empty = QLabel(self.tr("Nothing is owed to anyone right now."), self)
        self.empty.setObjectName("pay_empty")
        self.view = LongList(self)
        self.view.setObjectName("owed_view")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(OwedModel.NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        currency = self.model.currency
        titles = self.model.headers()
        # Kept here: a hidden column's width reads as 0 in the header.
        self._widths = {column: amount_room(self.view, currency, titles[column])
                        for column in (OwedModel.PRIZE, OwedModel.BOUNTY, OwedModel.PAID, OwedModel.OWED)}
        self._widths[OwedModel.PLACE] = max(text_room(self.view, "888"),
                                            text_room(self.view, titles[OwedModel.PLACE], bold=True))
        for column, width in self._widths.items():
            header.resizeSection(column, width)
        self.view.viewport().installEventFilter(self)
        # The current row is kept in sight until the cashier scrolls: the list's range changes a moment
        # after its rows do (the panel lays itself out again), and the row must still be in sight then.
        self._follow_current = False
        bar = self.view.verticalScrollBar()
        bar.rangeChanged.connect(lambda *_: self._current_in_sight() if self._follow_current else None)
        bar.actionTriggered.connect(lambda *_: setattr(self, "_follow_current", False))
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
        # The current row in full, in words: what the narrow list leaves out, and what the cashier reads out.
        self.detail = QLabel(self)
        self.detail.setObjectName("pay_detail")
        self.detail.setWordWrap(True)
        self.error = QLabel(self)
        self.error.setObjectName("pay_error")
        self.error.setProperty("role", "error")
        self.error.setWordWrap(True)
        self.error.hide()
        row = QHBoxLayout()
        row.addWidget(method_label)
        row.addWidget(self.method)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.empty)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.detail)
        layout.addWidget(self.error)
        layout.addLayout(row)
        # A row of its own, the panel's whole width: beside the method a four-figure amount was cut at both ends.
        layout.addWidget(self.button)
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
        self._lay_columns()
        if moved:
            # F8 pays the current row: once rows came in above it, it must still be in sight (an evening
            # left it below the fold, the button saying "Paid 25.00 EUR" for a name nobody could see).
            # Scrolled once the view has laid out its new rows and scroll bars, or the fold moves again.
            self._follow_current = True
            QTimer.singleShot(0, self._current_in_sight)
        self._update_button()

    def _lay_columns(self) -> None:
        """The columns that have something to show and fit beside a whole name, in the order the cashier
        needs them; before the prizes are final only bounty cash is owed, so no empty place and prize
        columns then. Laid out again only when the list's width or what it holds changes."""
        room = self.view.viewport().width() - name_room(self.view) - self._widths[OwedModel.OWED]
        for column, attr in _OPTIONAL_COLUMNS:
            fits = bool(self._showing[attr]) and self._widths[column] <= room
            if fits:
                room -= self._widths[column]
            self.view.setColumnHidden(column, not fits)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self._lay_columns()
        return super().eventFilter(watched, event)

    def _follow_owed(self) -> bool:
        """What is owed, followed through the entries that changed since the last refresh, each row
        taken out or put in where it belongs: a club that pays the bounties at the end of the night may
        owe thousands of them, and a bust changes one or two. True when a row came, went or changed."""
        parts = self.bridge.snapshot()["entries"]
        before = self._entries.parts
        changed = self._entries.update(parts)
        desk = self.bridge.desk
        if len(changed) == len(parts):  # the first look, or an undo folded everything again
            found = [o for o in (owed_of(desk, part) for part in parts if part.get("owed")) if o is not None]
            self._owed = {o.entry: ((owed_order(o), o.entry), o) for o in found}
            ordered = sorted(self._owed.values(), key=lambda pair: pair[0])
            self._keys = [key for key, _ in ordered]
            self._showing = Counter(attr for o in found for attr in _shows(o))
            self.model.set_rows([o for _, o in ordered])
            self._stale_keys = False
            return True
        Row = tuple[tuple[tuple[int, str], str], Owed]  # (its key in the list's order, the row)
        updates: list[tuple[str, Row | None, Owed | None]] = []
        shifted: list[tuple[str, Row, Row]] = []  # the same row at another place (its key already made)
        told = set(self._entries.reshown)  # only places, prizes and sums moved there
        look, places_moved = self._to_look_at(changed, parts, told, set(self._entries.moved))
        for i in look:
            part = parts[i]
            entry = part["id"]
            was = self._owed.get(entry)
            if was is None and not part.get("owed"):
                continue  # owed nothing before, nothing now: most of a big field out
            if was is not None and i in told and _same_row(was[1], part):
                places_moved = True  # its place is read as the part has it; its key, when one is needed
                continue
            old = before[i] if i < len(before) else None
            if was is not None and old is not None and _same_sum(old) == _same_sum(part):
                # The same sums owed, only the place moved: the row as it was, put where its new place goes.
                order = (part["place"] if part["place"] is not None else _UNPLACED, was[0][0][1])
                if order != was[0][0]:
                    shifted.append((entry, was, ((order, entry), was[1])))
                continue
            owed = owed_of(desk, part)
            if was is None or was[1] != owed:
                updates.append((entry, was, owed))
        if places_moved:
            # A late entry moves every place out by one, the rows' order with them: the rows stand, their
            # places are repainted, and their keys follow only when a row must be put in its place.
            self._stale_keys = True
            self.model.places_moved()
        if (updates or shifted) and self._stale_keys:
            self._fresh_keys()
        if len(updates) + len(shifted) > _ONE_BY_ONE:
            # A late entry moves every place out by one: thousands of bounty rows change at once, put in
            # order together (one sort, one reset of the list) rather than each taken out and put back.
            for entry, _, moved in shifted:
                self._owed[entry] = moved
            for entry, maybe, owed in updates:
                if maybe is not None:
                    del self._owed[entry]
                    self._showing.subtract(_shows(maybe[1]))
                if owed is not None:
                    self._owed[entry] = ((owed_order(owed), entry), owed)
                    self._showing.update(_shows(owed))
            # In the order the list had (the rows moved together keep theirs), new rows after: sorted in
            # one pass over what is nearly in order already.
            rows = self._owed
            kept = [rows[entry] for _, entry in self._keys if entry in rows]
            known = {entry for _, entry in self._keys}
            kept += [row for entry, row in rows.items() if entry not in known]
            kept.sort(key=operator.itemgetter(0))
            self._keys = [key for key, _ in kept]
            self.model.set_rows([o for _, o in kept])
            return True
        keyed = {entry: moved[0] for entry, _, moved in shifted}  # a moved row's key is its new place's
        updates += [(entry, was, moved[1]) for entry, was, moved in shifted]
        for entry, _, owed in updates:
            # The row as the list holds it now: `_fresh_keys` above may have given it its new place's key.
            was = self._owed.get(entry)
            if was is not None:
                row = bisect.bisect_left(self._keys, was[0])
                del self._keys[row]
                del self._owed[entry]
                self.model.remove_at(row)
                self._showing.subtract(_shows(was[1]))
            if owed is not None:
                key = keyed.get(entry) or (owed_order(owed), entry)
                row = bisect.bisect_left(self._keys, key)
                self._keys.insert(row, key)
                self._owed[entry] = (key, owed)
                self.model.insert_at(row, owed)
                self._showing.update(_shows(owed))
        return bool(updates) or places_moved

    def _fresh_keys(self) -> None:
        """Each row's key from its entry's place now (the name's part of it stands), and the rows in that order."""
        rows, get = self._owed, self._entries.get
        for entry, (key, owed) in rows.items():
            part = get(entry)
            place = part["place"] if part is not None and part["place"] is not None else _UNPLACED
            if place != key[0][0]:
                rows[entry] = (((place, key[0][1]), entry), owed)
        ordered = sorted(rows.values(), key=operator.itemgetter(0))
        self._keys = [key for key, _ in ordered]
        self.model.set_rows([owed for _, owed in ordered])
        self._stale_keys = False

    def _to_look_at(self, changed: list[int], parts: list[dict[str, Any]], told: set[int],
                    moved: set[int]) -> tuple[list[int], bool]:
        """The positions that may change a row: where the desk says only places, prizes and sums moved (a
        late entry: 9,000 of them), those of the rows owed before and those owed now; every other one. Where
        it says the place alone moved (`Changes.moved`), what is owed is as it was: a row there stands, its
        place repainted, and no row comes. With whether any row's place moved so."""
        if not told:
            return changed, False
        look = [i for i in changed if i not in told]
        rows = [p for p in map(self._entries.position, self._owed) if p is not None and p in told]
        look += [p for p in rows if p not in moved]
        look += [i for i in self._entries.reshown
                 if i not in moved and parts[i]["owed"] and parts[i]["id"] not in self._owed]
        return look, bool(moved) and any(p in moved for p in rows)

    def _place_now(self, owed: Owed) -> str:
        """A row's place as its entry's part has it now (a row is not made again when only its place moved)."""
        part = self._entries.get(owed.entry)
        return part_place(part) if part is not None else owed.place

    def _current_in_sight(self) -> None:
        if self.view.currentIndex().isValid():
            self.view.scrollTo(self.view.currentIndex())

    def current(self) -> Owed | None:
        index = self.view.currentIndex()
        return self.model.owed(index.row()) if index.isValid() else None

    def _update_button(self, *_: QModelIndex) -> None:
        owed = self.current()
        self.detail.setText(self._detail(owed))
        if owed is None:
            self.button.setText(self.tr("Paid (F8)"))
            self.button.setEnabled(False)
            return
        self.button.setEnabled(True)
        self.button.setText(self.tr("Paid {amount} (F8)").format(amount=fmt.money(owed.amount, self.model.currency)))

    def _detail(self, owed: Owed | None) -> str:
        if owed is None:
            return ""
        currency = self.model.currency
        bits = [self.tr("Place {place}").format(place=owed.place)] if owed.place else []
        for amount, text in ((owed.prize, self.tr("prize {amount}")), (owed.bounty, self.tr("bounties {amount}")),
                             (owed.paid_before, self.tr("paid before {amount}"))):
            if amount:
                bits.append(text.format(amount=fmt.money(amount, currency)))
        return f"<b>{html.escape(owed.name)}</b>: " + " · ".join(bits) if bits else html.escape(owed.name)

    def pay(self) -> None:
        """Pay the current row by the method chosen; in cash beyond what the drawer should hold, only once
        the cashier has read the warning and said yes (the money may come from elsewhere: a safe, a float)."""
        owed = self.current()
        if owed is None:
            return
        method = str(self.method.currentData())
        cash = self.drawer_cash() if self.drawer_cash is not None else None
        if method == "cash" and cash is not None and owed.amount > cash:
            self._warn_short_drawer(owed, cash)
            return
        self._pay(owed, method)

    def _warn_short_drawer(self, owed: Owed, cash: int) -> None:
        currency = self.model.currency
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Not enough cash in the drawer"), self.tr(
            "The drawer should hold {cash} in cash, and {name} is owed {amount}: {short} more than that. "
            "Pay {amount} in cash anyway?").format(cash=fmt.money(cash, currency), name=owed.name,
                                                   amount=fmt.money(owed.amount, currency),
                                                   short=fmt.money(owed.amount - cash, currency)),
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setDefaultButton(QMessageBox.StandardButton.No)  # Enter by habit pays nothing
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.warning = box
        box.finished.connect(lambda answer: self._after_warning(box, owed, answer))
        box.open()

    def _after_warning(self, box: QMessageBox, owed: Owed, answer: int) -> None:
        if self.warning is box:
            self.warning = None
        if answer == QMessageBox.StandardButton.Yes:
            self._pay(owed, "cash")
        self.window().activateWindow()  # the keys come back to the desk, on the row still owed (if any)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _pay(self, owed: Owed, method: str) -> None:
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
        self.currency = bridge.desk.currency
        title = QLabel(self.tr("The drawer"), self)
        title.setProperty("role", "heading")
        self.expected = QLabel(self)
        self.expected.setObjectName("drawer_expected")
        self.expected.setProperty("role", "total")
        self.expected.setWordWrap(True)
        # Its height as wrapped at its width, asked of the layout: a window's minimum counts a wrapping label
        # as one line, and at 1280x720 the second line ("caisse : 180,00 €") pushed the table's Total row
        # under the report button.
        self.expected.installEventFilter(self)
        self.table = QTableWidget(0, 4, self)
        self.table.setObjectName("drawer_table")
        titles = [self.tr("Method"), self.tr("In"), self.tr("Paid out"), self.tr("Net")]
        self.table.setHorizontalHeaderLabels(titles)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self._widths = {column: amount_room(self.table, self.currency, titles[column], bold=True)
                        for column in (1, 2, 3)}
        for column, width in self._widths.items():
            header.resizeSection(column, width)
        self.table.viewport().installEventFilter(self)
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
        self.refresh(force=True)

    def refresh(self, force: bool = False) -> None:
        lines = drawer_lines(self.bridge.desk)
        if lines == self.lines and not force:
            return  # no money moved (a bust, a clock change): the drawer stands
        self.lines = lines
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
        self._lay_columns()
        cash = next((x.net for x in self.lines if x.method == "cash"), 0)
        self.expected.setText(self.tr("Cash expected in the drawer: {amount}").format(
            amount=fmt.money(cash, self.currency)))
        self._hold_expected()

    def _hold_expected(self) -> None:
        label = self.expected
        if label.width() > 0:
            label.setMinimumHeight(label.heightForWidth(label.width()))

    def _lay_columns(self) -> None:
        """The net by method always; money in and paid out beside it when they fit without cutting a
        method's name or an amount (they are in the end-of-night report either way)."""
        widest = max(text_room(self.table, text, bold=True) for text in (*map(method_name, PAYMENT_METHODS),
                                                                           self.tr("Total"), self.tr("Method")))
        room = self.table.viewport().width() - widest - self._widths[3]
        for column in (1, 2):
            fits = self._widths[column] <= room
            if fits:
                room -= self._widths[column]
            self.table.setColumnHidden(column, not fits)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._lay_columns()
        elif watched is self.expected and event.type() == QEvent.Type.Resize:
            self._hold_expected()
        return super().eventFilter(watched, event)

    def cash(self) -> int:
        """The cash the drawer should hold now, by the books (the ledger read up to the last command)."""
        self.refresh()
        return next((x.net for x in self.lines if x.method == "cash"), 0)
