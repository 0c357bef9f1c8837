"""Chip counts: the TD types the stacks of a table at the break, or one player's, and sends them as one
command (`table_count`): one undo takes the whole count back.

Every player of the table has a box, in seat order, Tab or Enter going to the next; a box left empty
keeps that player's last count. What the stacks add up to is shown beside the chips in play, so that a
miscounted stack is seen before it is sent.
"""

from __future__ import annotations

import re
from typing import Any

from .. import fmt
from ..bridge import DeskBridge
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
from .common import InlineError, send, tr

_GROUPING = re.compile(r"[\s\u00a0\u202f.,']")  # "41 200", "41,200", "41.200": the locales' groupings


def typed_chips(text: str) -> int | None:
    """A count as typed: digits, with any grouping; None when empty, -1 when it is not a number (the desk
    then says why)."""
    cleaned = _GROUPING.sub("", text.strip())
    if not cleaned:
        return None
    try:
        return int(cleaned)
    except ValueError:
        return -1


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
        for table in snap["tables"]:
            self.table_box.addItem(tr("Table {table}").format(table=table["number"]), table["number"])
        self.boxes: dict[str, QLineEdit] = {}
        self.form = QFormLayout()
        self.total = QLabel()
        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        hint = QLabel(tr("Type each stack (Tab or Enter: the next player). A box left empty keeps that "
                         "player's last count."))
        hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        top = QFormLayout()
        top.addRow(tr("&Table"), self.table_box)
        layout.addLayout(top)
        layout.addWidget(hint)
        layout.addLayout(self.form)
        layout.addWidget(self.total)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        start = entry.get("table") if entry else None
        at = self.table_box.findData(start) if start is not None else 0
        self.table_box.setCurrentIndex(max(at, 0))
        self.table_box.currentIndexChanged.connect(lambda _i: self._fill())
        self._fill()
        first = self.boxes.get(entry["id"]) if entry else None
        (first or next(iter(self.boxes.values()), self.table_box)).setFocus()

    def table(self) -> int | None:
        number = self.table_box.currentData()
        return int(number) if number is not None else None

    def _fill(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.boxes = {}
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
            self.form.addRow(tr("Seat {seat} · {name}").format(seat=seat, name=entry["name"]), box)
            self.boxes[entry_id] = box
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
        typed = {entry_id: typed_chips(box.text()) for entry_id, box in self.boxes.items()}
        return {entry_id: chips for entry_id, chips in typed.items() if chips is not None}

    def _update_total(self) -> None:
        stacks = self.stacks()
        self.total.setText(tr("Counted: {counted} · chips in play: {in_play}").format(
            counted=fmt.chips(sum(c for c in stacks.values() if c > 0)),
            in_play=fmt.chips(self._snap["chips"]["in_play"])) if stacks else "")

    def command(self) -> dict[str, Any]:
        return {"type": "table_count", "table": self.table(), "stacks": self.stacks()}

    def submit(self) -> None:
        if not self.stacks():
            self.error.setText(tr("Type at least one stack"))
            self.error.show()
            return
        if send(self._bridge, self.command(), self.error) is not None:
            self.accept()
