"""Chip counts: the TD types the stacks of a table at the break, or one player's, and sends them as one
command (`table_count`): one undo takes the whole count back.

Every player of the table has a box, in seat order, each labelled with its seat and the player's name;
the keyboard starts at the first seat whoever was selected (stacks are read round the table), and Tab or
Enter goes to the next. A box left empty keeps that player's last count. What the stacks add up to is
shown beside the chips in play, so that a miscounted stack is seen before it is sent; a box that holds no
number, or a count the desk refuses, is named by its seat and its keyboard goes back there.
"""

from __future__ import annotations

import re
from typing import Any

from ...core.protocol.errors import TourneyError
from .. import fmt
from ..bridge import DeskBridge
from ..messages import error_text
from ..qt import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QEvent,
    QFormLayout,
    QKeyEvent,
    QLabel,
    QLineEdit,
    QObject,
    Qt,
    QVBoxLayout,
    QWidget,
)
from .common import InlineError, preview, send, tr

_GROUPING = re.compile(r"[\s\u00a0\u202f.,']")  # "41 200", "41,200", "41.200": the locales' groupings


def typed_chips(text: str) -> int | None:
    """A count as typed: digits, with any grouping; None when empty. ValueError when it is not a number."""
    cleaned = _GROUPING.sub("", text.strip())
    return int(cleaned) if cleaned else None


class ChipCountDialog(QDialog):
    def __init__(self, bridge: DeskBridge, snap: dict[str, Any], entry: dict[str, Any] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._snap = snap
        self._entries = {e["id"]: e for e in snap["entries"]}
        self.setWindowTitle(tr("Chip count"))
        self.setMinimumWidth(480)
        self.table_box = QComboBox()
        for number in self.tables_listed(snap):
            self.table_box.addItem(tr("Table {table}").format(table=number), number)
        self.boxes: dict[str, QLineEdit] = {}
        self._seats: dict[str, str] = {}  # each box's "Seat 3 · Marc Martin", to name it in a refusal
        self.form = QFormLayout()
        self.total = QLabel()
        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        self.hint = hint = QLabel(tr("Type each stack (Tab or Enter: the next player). A box left empty keeps "
                                     "that player's last count."))
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        top = QFormLayout()
        top.addRow(tr("&Table"), self.table_box)
        layout.addLayout(top)
        layout.addWidget(hint)
        layout.addLayout(self.form)
        layout.addWidget(self.total)
        self.extra = QVBoxLayout()  # what a kind of count asks besides the stacks
        layout.addLayout(self.extra)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        start = entry.get("table") if entry else None
        at = self.table_box.findData(start) if start is not None else 0
        self.table_box.setCurrentIndex(max(at, 0))
        self.table_box.currentIndexChanged.connect(lambda _i: self._fill())
        self._fill()
        next(iter(self.boxes.values()), self.table_box).setFocus()

    def tables_listed(self, snap: dict[str, Any]) -> list[int]:
        return [table["number"] for table in snap["tables"]]

    def table(self) -> int | None:
        number = self.table_box.currentData()
        return int(number) if number is not None else None

    def _fill(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.boxes = {}
        self._seats = {}
        table = next((t for t in self._snap["tables"] if t["number"] == self.table()), None)
        for seat, entry_id in sorted((table or {}).get("seats", {}).items(), key=lambda item: int(item[0])):
            entry = self._entries[entry_id]
            box = QLineEdit()
            box.setObjectName(f"count_{entry_id}")
            box.setAlignment(Qt.AlignmentFlag.AlignRight)
            if entry.get("stack") is not None:
                box.setPlaceholderText(tr("last count {chips}").format(chips=fmt.chips(entry["stack"])))
            box.textChanged.connect(lambda _t: self._update_total())
            box.installEventFilter(self)
            words = tr("Seat {seat} · {name}").format(seat=seat, name=entry["name"])
            label = QLabel(words.replace("&", "&&"))  # a buddy's label reads "&" as a mnemonic
            label.setBuddy(box)
            box.setAccessibleName(words)
            self.form.addRow(label, box)
            self.boxes[entry_id] = box
            self._seats[entry_id] = words
        self._update_total()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Enter in a box goes on to the next player's, as Tab does; in the last one it sends the count.
        if isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress \
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and watched in self.boxes.values():
            boxes = list(self.boxes.values())
            at = boxes.index(watched)  # type: ignore[arg-type]
            if at + 1 < len(boxes):
                boxes[at + 1].setFocus()
            else:
                self.submit()
            return True
        return super().eventFilter(watched, event)

    def stacks(self) -> dict[str, int]:
        """The counts typed so far (a box that holds no number is left out until it does)."""
        stacks = {}
        for entry_id, box in self.boxes.items():
            try:
                chips = typed_chips(box.text())
            except ValueError:
                continue
            if chips is not None:
                stacks[entry_id] = chips
        return stacks

    def _not_a_number(self) -> str | None:
        """The first box, in seat order, whose text is not a count."""
        for entry_id, box in self.boxes.items():
            try:
                typed_chips(box.text())
            except ValueError:
                return entry_id
        return None

    def _refuse_at(self, entry_id: str, text: str) -> None:
        self.error.setText(tr("{seat}: {problem}").format(seat=self._seats[entry_id], problem=text))
        self.error.show()
        box = self.boxes[entry_id]
        box.setFocus()
        box.selectAll()

    def _update_total(self) -> None:
        stacks = self.stacks()
        self.total.setText(tr("Counted: {counted} · chips in play: {in_play}").format(
            counted=fmt.chips(sum(c for c in stacks.values() if c > 0)),
            in_play=fmt.chips(self._snap["chips"]["in_play"])) if stacks else "")

    def command(self) -> dict[str, Any]:
        return {"type": "table_count", "table": self.table(), "stacks": self.stacks()}

    def submit(self) -> None:
        bad = self._not_a_number()
        if bad is not None:
            self._refuse_at(bad, tr("“{text}” is not a number of chips").format(text=self.boxes[bad].text().strip()))
            return
        if not self.stacks():
            self.error.setText(tr("Type at least one stack"))
            self.error.show()
            return
        try:
            preview(self._bridge, self.command())
        except TourneyError as exc:
            at = str(exc.params.get("entry") or "")
            if at in self.boxes:
                self._refuse_at(at, error_text(exc))
            else:
                self.error.show_error(exc)
            return
        if send(self._bridge, self.command(), self.error) is not None:
            self.accept()
