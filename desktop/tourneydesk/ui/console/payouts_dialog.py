"""The prize structure, altered while play goes on (UPPS 7.3): one more place paid, or a share moved
from first place down, without typing JSON.

Shares are typed in percent but kept as whole basis points (12.5 % is 1250 bp), read off the text and
never through a float: the desk takes nothing else, and a float would drift from what it pays. Every
edit is checked at once with a `dry_run` of `edit_payouts`, so a refusal shows under the table before
anything is written. The desk refuses only a tournament that is over and shares that do not make a
prize structure (each above 0, none above the place before it, 100 % in all); it locks no single place.
It works every prize out again from the shares in force, places already finished included, so the
dialog names who finished where and warns when a prize already paid would change.
"""

from __future__ import annotations

import re
from typing import Any

from ...core.arithmetic.payouts import WHOLE_POOL_BP
from ...core.protocol.errors import TourneyError
from .. import fmt
from ..bridge import DeskBridge
from ..qt import (
    QAbstractTableModel,
    QColor,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QKeySequence,
    QLabel,
    QLineEdit,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPushButton,
    QRegularExpression,
    QRegularExpressionValidator,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    Qt,
    QTableView,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .common import TEXT_SIZE, InlineError, preview, send, tr

AnyIndex = QModelIndex | QPersistentModelIndex
PLACE, SHARE, AMOUNT, FINISHED = range(4)
RED = "#c62828"
# What a share may look like while typed: up to 3 digits, then at most 2 decimals after "." or ","
# (the French decimal comma), an optional "%". Anything finer than a basis point cannot be paid.
_TYPED_SHARE = r"\s*\d{0,3}([.,]\d{0,2})?\s*%?\s*"
_SHARE = re.compile(r"(\d{0,3})(?:[.,](\d{0,2}))?")


def parse_share(text: str) -> int | None:
    """A share typed in percent as whole basis points ("12.5" -> 1250, "12,5 %" -> 1250), or None."""
    match = _SHARE.fullmatch(re.sub(r"[\s%]", "", text))
    if match is None or not (match.group(1) or match.group(2)):
        return None
    whole, cents = match.group(1) or "0", (match.group(2) or "").ljust(2, "0")
    return int(whole) * 100 + int(cents)


def share_text(bp: int, *, sign: bool = True) -> str:
    """Basis points as a percentage with two decimals, in the locale's decimal mark: 1250 -> "12.50 %"."""
    number = f"{bp // 100}{QLocale().decimalPoint()}{bp % 100:02d}"
    if not sign:
        return number
    # A share wrapped between its number and its sign reads as two things: the space never breaks.
    return tr("{share} %").format(share=number).replace(" ", "\u00a0")


class PlacesModel(QAbstractTableModel):
    """The paid places as the TD edits them: a share in basis points each, and what each would pay."""

    edited = Signal()

    def __init__(self, places: list[int], currency: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.places = list(places)
        self.currency = currency
        self.amounts: list[int | None] = [None] * len(self.places)
        self.finished: dict[int, str] = {}  # place -> who finished there, as the TD reads it
        self.paid: set[int] = set()  # places whose prize has been handed over already
        self.players = len(self.places)  # ranked players: places below them go unclaimed
        self.locked = False
        self.bad: int | None = None
        self._headers = (tr("Place"), tr("Share"), tr("Prize"), tr("Finished", "who finished at the place"))

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.places)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return self._headers[section] if 0 <= section < len(self._headers) else None

    def _text(self, row: int, column: int) -> str:
        place = row + 1
        if column == PLACE:
            return str(place)
        if column == SHARE:
            return share_text(self.places[row])
        if column == AMOUNT:
            amount = self.amounts[row] if row < len(self.amounts) else None
            return "—" if amount is None else fmt.money(amount, self.currency)
        return self.finished.get(place, "")

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.places):
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.EditRole:
            return share_text(self.places[row], sign=False) if column == SHARE else self._text(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column != FINISHED:
            across = Qt.AlignmentFlag.AlignHCenter if column == PLACE else Qt.AlignmentFlag.AlignRight
            return int(across | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.BackgroundRole:
            if self.bad == row:
                return QColor("#ffcdd2")
            if self.locked:
                return QColor("#eceff1")
            if row + 1 in self.paid:
                return QColor("#fff8e1")
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tip(row)
        return None

    def _tip(self, row: int) -> str | None:
        if self.locked:
            return tr("The desk takes no change to the prizes now")
        if row + 1 in self.paid:
            return tr("Already paid: a new share changes a prize the cashier has handed over")
        if row >= self.players:
            return tr("Only %n players can finish: first place takes this share", "", self.players)
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return base | Qt.ItemFlag.ItemIsEditable if index.column() == SHARE and not self.locked else base

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not self.flags(index) & Qt.ItemFlag.ItemIsEditable:
            return False
        bp = parse_share(str(value))
        if bp is None:  # an emptied cell keeps its share: there is no "no share" to send
            return False
        self.places[index.row()] = bp
        self.dataChanged.emit(index, index)
        self.edited.emit()
        return True

    def append(self, bp: int) -> None:
        row = len(self.places)
        self.beginInsertRows(QModelIndex(), row, row)
        self.places.append(bp)
        self.amounts.append(None)
        self.endInsertRows()
        self.edited.emit()

    def remove_last(self) -> None:
        if len(self.places) > 1:  # a prize structure pays at least first place
            row = len(self.places) - 1
            self.beginRemoveRows(QModelIndex(), row, row)
            del self.places[row]
            del self.amounts[row]
            self.endRemoveRows()
            self.edited.emit()

    def show_prizes(self, amounts: list[int | None], bad: int | None) -> None:
        """New prizes and the faulty row, if any: repaints every row, since one share moves them all."""
        self.amounts = amounts + [None] * (len(self.places) - len(amounts))
        self.bad = bad
        if self.places:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.places) - 1, len(self._headers) - 1))


class ShareDelegate(QStyledItemDelegate):
    """A share editor that lets only a percentage in, to the basis point."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: AnyIndex) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("shareEditor")
        editor.setAlignment(Qt.AlignmentFlag.AlignRight)
        editor.setValidator(QRegularExpressionValidator(QRegularExpression(_TYPED_SHARE), editor))
        return editor


class PayoutsDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Prize structure"))
        self.resize(760, 560)
        self._initial = list(bridge.desk.prizes().places_bp)
        self.model = PlacesModel(self._initial, bridge.desk.currency, self)
        self.model.edited.connect(self.check)

        self.pool_label = QLabel()
        self.pool_label.setObjectName("payoutsPool")
        self.pool_label.setStyleSheet(f"{TEXT_SIZE} font-weight: 600;")
        note = QLabel(tr("Each place's share of the prize pool, first place first: no place pays more than "
                         "the place above it, and together the shares make the whole pool. Type on a share to "
                         "change it. Places already finished get the new prizes too."))
        note.setWordWrap(True)
        self.view = self._places_view()

        self.add_button = QPushButton(tr("Add a place (Ctrl+N)"))
        self.add_button.setObjectName("addPlace")
        self.add_button.setShortcut(QKeySequence("Ctrl+N"))
        self.add_button.clicked.connect(self.add_place)
        self.remove_button = QPushButton(tr("Remove the last place (Ctrl+Del)"))
        self.remove_button.setObjectName("removePlace")
        self.remove_button.setShortcut(QKeySequence("Ctrl+Del"))
        self.remove_button.clicked.connect(self.remove_place)
        self.total_label = QLabel()
        self.total_label.setObjectName("payoutsTotal")
        tools = QHBoxLayout()
        tools.addWidget(self.add_button)
        tools.addWidget(self.remove_button)
        tools.addStretch(1)
        tools.addWidget(self.total_label)

        self.error = InlineError()
        self.error.setObjectName("payoutsError")
        self.warning = QLabel()
        self.warning.setObjectName("payoutsWarning")
        self.warning.setStyleSheet(f"color: #8d5a00; {TEXT_SIZE}")
        self.warning.setWordWrap(True)
        self.warning.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert ok_button is not None
        self.ok_button = ok_button
        self.ok_button.setObjectName("payoutsOk")
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        # Enter inside a share commits it (the editor takes it); Enter anywhere else is OK, once valid.
        for button in (self.add_button, self.remove_button, *self.buttons.findChildren(QPushButton)):
            button.setAutoDefault(False)
        self.ok_button.setDefault(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self.pool_label)
        layout.addWidget(note)
        layout.addWidget(self.view, 1)
        layout.addLayout(tools)
        layout.addWidget(self.error)
        layout.addWidget(self.warning)
        layout.addWidget(self.buttons)
        self.setTabOrder(self.view, self.add_button)
        self.setTabOrder(self.add_button, self.remove_button)
        self.setTabOrder(self.remove_button, self.ok_button)

        self._snap: dict[str, Any] = {}
        self.refusal: TourneyError | None = None
        self._read_desk()
        self._check_or_lock()
        self.view.setCurrentIndex(self.model.index(0, SHARE))
        self.view.setFocus()
        bridge.changed.connect(self._desk_changed)

    def _places_view(self) -> QTableView:
        view = QTableView()
        view.setObjectName("payoutsTable")
        view.setModel(self.model)
        view.setItemDelegateForColumn(SHARE, ShareDelegate(view))
        view.verticalHeader().hide()  # the place column numbers the rows already
        header = view.horizontalHeader()
        for column in (PLACE, SHARE, AMOUNT):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(FINISHED, QHeaderView.ResizeMode.Stretch)
        header.setMinimumSectionSize(96)
        # Typing on a share replaces it, as in a spreadsheet. Tab leaves the table for the buttons, so
        # the whole dialog is reachable from the keyboard; the arrows move between places.
        view.setEditTriggers(QTableView.EditTrigger.AnyKeyPressed | QTableView.EditTrigger.EditKeyPressed
                             | QTableView.EditTrigger.DoubleClicked)
        view.setTabKeyNavigation(False)
        view.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        return view

    # -- what the desk says -------------------------------------------------------------------------
    def _read_desk(self) -> None:
        """The pool, the players and who finished where, as they are now: a late entry or a bust while
        the dialog is open moves the prizes the TD is looking at."""
        snap = self._bridge.snapshot()
        self._snap = snap
        prizes = self._bridge.desk.prizes()
        self.model.players = prizes.ranked_players
        pool = snap["money"]["prize_pool"]
        rounding = prizes.rounding
        words = {"pool": fmt.money(pool, self.model.currency), "unit": fmt.money(rounding, self.model.currency)}
        self.pool_label.setText(
            tr("Prize pool: {pool}").format(**words) if rounding == 1 else
            tr("Prize pool: {pool}. Prizes are paid in multiples of {unit}; first place takes what the "
               "rounding leaves.").format(**words))
        entries = {e["id"]: e for e in snap["entries"]}
        self.model.finished = {}
        self.model.paid = set()
        for row in snap["payouts"]:
            names = []
            for entry_id in row["entries"]:
                entry = entries[entry_id]
                paid = entry["place_final"] and entry["prize"] > 0 and entry["paid"]
                names.append(tr("{name} (paid)").format(name=entry["name"]) if paid else entry["name"])
                if paid:
                    self.model.paid.add(row["place"])
            self.model.finished[row["place"]] = ", ".join(names)

    def _desk_changed(self, _result: dict[str, Any]) -> None:
        if not self.isVisible():
            return  # closed but not yet deleted: a snapshot and a dry run per command would be wasted
        self._read_desk()
        self._check_or_lock()

    def _check_or_lock(self) -> None:
        # A refusal that is not about the shares (the tournament is over) holds for any shares: then the
        # table is locked and says why, rather than refusing every keystroke.
        if self.check() or self.refusal is None or self.refusal.code == "PAYOUTS_INVALID":
            return
        self.model.locked = True
        self.add_button.setEnabled(False)
        self.remove_button.setEnabled(False)
        self.model.show_prizes([None] * len(self.model.places), None)

    # -- editing ------------------------------------------------------------------------------------
    def add_place(self) -> None:
        # The new place starts level with the last one: a lower place never pays more, and the total
        # then says how much to take from the places above.
        self.model.append(self.model.places[-1])
        self._go_to(len(self.model.places) - 1)

    def remove_place(self) -> None:
        self.model.remove_last()
        self._go_to(min(self.view.currentIndex().row(), len(self.model.places) - 1))

    def _go_to(self, row: int) -> None:
        index = self.model.index(max(row, 0), SHARE)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        self.view.setFocus()

    def command(self) -> dict[str, Any]:
        return {"type": "edit_payouts", "places": list(self.model.places)}

    def check(self) -> bool:
        places = self.model.places
        total = sum(places)
        self.total_label.setText(tr("Total: {share}").format(share=share_text(total)))
        colour = "" if total == WHOLE_POOL_BP else f" color: {RED};"
        self.total_label.setStyleSheet(f"{TEXT_SIZE} font-weight: 600;{colour}")
        self.remove_button.setEnabled(not self.model.locked and len(places) > 1)
        try:
            preview(self._bridge, self.command())
        except TourneyError as exc:
            self.refusal = exc
            fault = _fault(places) if exc.code == "PAYOUTS_INVALID" else None
            self.error.show_error(exc)
            if fault is not None:
                self.error.setText(fault[1])
            self.model.show_prizes([None] * len(places), fault[0] if fault else None)
            self.warning.hide()
            self.ok_button.setEnabled(False)
            return False
        self.refusal = None
        self.error.show_error(None)
        amounts = self._amounts()
        self.model.show_prizes(amounts, None)
        self._warn_of_paid_prizes(amounts)
        self.ok_button.setEnabled(not self.model.locked)
        return True

    def _amounts(self) -> list[int | None]:
        """What each place would pay, worked out as the desk does (`core.arithmetic.money.payouts`): more places than
        players ranked leave the lowest unclaimed, and their shares go to first place."""
        amounts: list[int | None] = list(self._bridge.desk.prizes(tuple(self.model.places)).amounts)
        return amounts

    def _warn_of_paid_prizes(self, amounts: list[int | None]) -> None:
        """The desk lets a paid place change (UPPS 7.3 leaves it to the house), so say it before OK."""
        now = {row["place"]: row["amount"] for row in self._snap["payouts"]}
        lines = []
        for place in sorted(self.model.paid):
            after = amounts[place - 1] if place <= len(amounts) else None
            if after != now.get(place):
                lines.append(tr("Place {place} has been paid already ({amount}); it would now pay {after}.").format(
                    place=place, amount=fmt.money(now.get(place, 0), self.model.currency),
                    after=fmt.money(after or 0, self.model.currency)))
        self.warning.setText("\n".join(lines))
        self.warning.setVisible(bool(lines))

    def submit(self) -> None:
        if not self.check():
            return
        if self.model.places == self._initial:
            self.accept()  # nothing changed: an identical edit would only add a line to the log
            return
        if send(self._bridge, self.command(), self.error) is not None:
            self.accept()


def _fault(places: list[int]) -> tuple[int | None, str] | None:
    """Which place makes the desk refuse the shares, and how to put it right, in the TD's words (the
    desk's own message counts in basis points). The same order as the desk: each share, then each pair
    of places, then the total."""
    for row, bp in enumerate(places):
        if bp <= 0:
            return row, tr("Place {place} needs a share above {zero}.").format(place=row + 1, zero=share_text(0))
    for row in range(1, len(places)):
        if places[row] > places[row - 1]:
            return row, tr("Place {place} ({share}) cannot pay more than place {above} ({above_share}).").format(
                place=row + 1, share=share_text(places[row]), above=row, above_share=share_text(places[row - 1]))
    total = sum(places)
    if total > WHOLE_POOL_BP:
        return None, tr("The shares make {total}: take {gap} off the places.").format(
            total=share_text(total), gap=share_text(total - WHOLE_POOL_BP))
    if total < WHOLE_POOL_BP:
        return None, tr("The shares make {total}: {gap} is left to give to the places.").format(
            total=share_text(total), gap=share_text(WHOLE_POOL_BP - total))
    return None
