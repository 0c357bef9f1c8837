"""The floor's decisions on one player: a sit-out penalty (PKR4U 4, UPPS 10.7), the clock on a player
(UPPS 10.9) and disqualification (UPPS 10.8), each recorded with its reason, and the TD's private note
on them; and the panel that shows the penalties and player clocks running, with their countdowns."""

from __future__ import annotations

from typing import Any

from .. import fmt
from ..bridge import DeskBridge
from ..changes import EntryIndex
from ..qt import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QTimer,
    QVBoxLayout,
    QWidget,
)
from .common import TEXT_SIZE, InlineError, send, tr


class _EntryDialog(QDialog):
    """A small form about one entry; OK sends the command, a refusal stays inline and nothing is written."""

    def __init__(self, bridge: DeskBridge, entry: dict[str, Any], title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.entry = entry
        self.setWindowTitle(title)
        self.setMinimumWidth(460)
        self.form = QFormLayout()
        who = QLabel(tr("{name} — table {table}, seat {seat}").format(
            name=entry["name"], table=entry.get("table") or "–", seat=entry.get("seat") or "–"))
        who.setStyleSheet("font-weight: 600; font-size: 15px;")
        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(who)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def command(self) -> dict[str, Any]:
        """The command this form sends: each dialog below says its own (penalty, clock, disqualify, move)."""
        raise NotImplementedError(f"{type(self).__name__} must say which command it sends")

    def submit(self) -> None:
        if send(self._bridge, self.command(), self.error) is not None:
            self.accept()


class PenaltyDialog(_EntryDialog):
    def __init__(self, bridge: DeskBridge, entry: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(bridge, entry, tr("Penalty"), parent)
        self.amount = QSpinBox()
        self.amount.setRange(1, 120)
        self.amount.setValue(10)
        self.unit = QComboBox()
        self.unit.addItem(tr("minutes"), "minutes")
        self.unit.addItem(tr("hands"), "hands")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(tr("e.g. soft play, abusive language"))
        self.form.addRow(tr("Sit out"), self.amount)
        self.form.addRow(tr("Counted in"), self.unit)
        self.form.addRow(tr("Reason"), self.reason)

    def command(self) -> dict[str, Any]:
        return {"type": "penalty", "entry": self.entry["id"], str(self.unit.currentData()): self.amount.value(),
                "reason": self.reason.text()}


class PlayerClockDialog(_EntryDialog):
    def __init__(self, bridge: DeskBridge, entry: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(bridge, entry, tr("Clock on a player"), parent)
        self.seconds = QSpinBox()
        self.seconds.setRange(0, 600)
        self.seconds.setValue(60)
        self.seconds.setSuffix(tr(" s"))
        self.form.addRow(tr("Time to act (0 takes the clock off)"), self.seconds)

    def command(self) -> dict[str, Any]:
        return {"type": "player_clock", "entry": self.entry["id"], "seconds": self.seconds.value()}


class NoteDialog(_EntryDialog):
    """The TD's private note on the player (the cashier sees it too; it never leaves the laptop)."""

    def __init__(self, bridge: DeskBridge, entry: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(bridge, entry, tr("Note on a player"), parent)
        person = bridge.desk.person(entry["player"])
        self.note = QLineEdit((person.note if person is not None else None) or "")
        self.note.setMaxLength(500)
        self.note.setPlaceholderText(tr("Seen by the TD and the cashier only; empty takes the note off"))
        self.form.addRow(tr("Note"), self.note)
        self.note.setFocus()  # the TD opened it to type: the keys go into the note, not onto OK

    def command(self) -> dict[str, Any]:
        return {"type": "note_player", "player": self.entry["player"], "note": self.note.text()}


class DisqualifyDialog(_EntryDialog):
    def __init__(self, bridge: DeskBridge, entry: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(bridge, entry, tr("Disqualify or remove"), parent)
        self.kind = QComboBox()
        self.kind.addItem(tr("Disqualify (UPPS 10.8)"), "disqualify")
        self.kind.addItem(tr("Remove from the event (UPPS 8.3)"), "remove")
        self.chips = QSpinBox()
        self.chips.setRange(0, 2_000_000_000)
        self.chips.setGroupSeparatorShown(True)
        self.reason = QLineEdit()
        self.form.addRow(tr("Decision"), self.kind)
        self.form.addRow(tr("Chips taken out of play"), self.chips)
        self.form.addRow(tr("Reason"), self.reason)

    def command(self) -> dict[str, Any]:
        return {"type": str(self.kind.currentData()), "entry": self.entry["id"], "chips": self.chips.value(),
                "reason": self.reason.text()}


class MoveDialog(_EntryDialog):
    """A move by keyboard (the table map does it by drag and drop): to an empty seat of another table."""

    def __init__(self, bridge: DeskBridge, entry: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(bridge, entry, tr("Move a player"), parent)
        seating = bridge.desk.config.seating
        self.table = QSpinBox()
        self.table.setRange(min(seating.tables), max(seating.tables))
        self.seat = QSpinBox()
        self.seat.setRange(1, seating.seats_per_table)
        self.form.addRow(tr("To table"), self.table)
        self.form.addRow(tr("Seat"), self.seat)

    def command(self) -> dict[str, Any]:
        return {"type": "move", "entry": self.entry["id"], "table": self.table.value(), "seat": self.seat.value()}


class ChipsRemovedDialog(QDialog):
    """Chips leaving play at a colour-up (TDA 24): the odd small chips the race rounds away."""

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Chips removed at a colour-up"))
        self.setMinimumWidth(460)
        self.amount = QSpinBox()
        self.amount.setRange(1, 2_000_000_000)
        self.amount.setGroupSeparatorShown(True)
        self.reason = QLineEdit()
        colours = bridge.desk.snapshot()["clock"].get("color_up") or []
        if colours:
            self.reason.setText(tr("Colour-up of the {chips}").format(chips=", ".join(str(c) for c in colours)))
        form = QFormLayout()
        form.addRow(tr("Chips taken out of play"), self.amount)
        form.addRow(tr("Reason"), self.reason)
        self.error = InlineError()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def submit(self) -> None:
        command = {"type": "chips_removed", "amount": self.amount.value(), "reason": self.reason.text()}
        if send(self._bridge, command, self.error) is not None:
            self.accept()


class FloorPanel(QWidget):
    """Penalties and player clocks running now, counting down."""

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._penalties: list[dict[str, Any]] = []
        self._penalised: dict[str, dict[str, Any]] = {}
        self._entries = EntryIndex(bridge.changes, field=False)
        self.list = QListWidget()
        self.empty = QLabel(tr("No penalty and no player on the clock."))
        self.empty.setToolTip(tr("Penalties and player clocks"))
        self.empty.setStyleSheet(f"color: #52606d; {TEXT_SIZE}")
        self.empty.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.empty)
        layout.addWidget(self.list)
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.refresh)
        self._timer.start()

    def update_snapshot(self, snap: dict[str, Any]) -> None:
        parts = snap["entries"]
        changed = self._entries.update(parts)
        if len(changed) == len(parts):  # everything is new (an undo folded the state again)
            self._penalised.clear()
        for i in changed:
            part = parts[i]
            if part.get("penalty") and part["status"] == "active":
                self._penalised[part["id"]] = part
            else:
                self._penalised.pop(part["id"], None)
        self._penalties = list(self._penalised.values())  # in the order they were given
        self.refresh()

    def refresh(self) -> None:
        desk = self._bridge.desk
        now_ms = desk.now_ms()
        lines = []
        for shot in desk.clock_now()["on_clock"]:  # only those whose time is not out, soonest first
            lines.append(tr("⏱ {name}: on the clock, {time} left").format(
                name=shot["name"], time=fmt.clock(shot["remaining_s"])))
        for entry in self._penalties:
            penalty = entry["penalty"]
            if "until_ms" in penalty:
                left = (penalty["until_ms"] - now_ms + 999) // 1000
                if left <= 0:
                    continue
                text = tr("{name}: penalty, {time} left").format(name=entry["name"], time=fmt.clock(left))
            else:
                text = tr("{name}: penalty of {hands} hands").format(name=entry["name"], hands=penalty["hands"])
            lines.append(f"{text} — {penalty['reason']}")
        if [self.list.item(i).text() for i in range(self.list.count())] != lines:
            self.list.clear()
            self.list.addItems(lines)
        self.empty.setVisible(not lines)
        self.list.setVisible(bool(lines))
