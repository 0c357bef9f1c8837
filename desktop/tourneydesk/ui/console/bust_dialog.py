"""A bust-out in three keystrokes: type part of a name, Enter, pick the eliminator(s), Enter.

Before the last Enter the dialog shows what the bust will give (a `dry_run` of it): the place, the
prize and the bounty awarded to each eliminator. Ctrl+Space ticks several eliminators for a split pot
(a plain space belongs to the name being typed). Ctrl+O marks a table mate as out in the same hand: the
desk then needs each one's chips at the start of the hand, since the bigger stack takes the higher place
(UPPS 7.2), and the bust goes as one command.
"""

from __future__ import annotations

import itertools
from typing import Any

from ...core.arithmetic.names import search_key
from ...core.protocol.errors import TourneyError
from .. import fmt
from ..bridge import DeskBridge
from ..qt import (
    QDialog,
    QDialogButtonBox,
    QEvent,
    QFormLayout,
    QKeyEvent,
    QLabel,
    QLineEdit,
    QListView,
    QModelIndex,
    QObject,
    QPushButton,
    QSize,
    QSpinBox,
    QStandardItem,
    QStandardItemModel,
    Qt,
    QVBoxLayout,
    QWidget,
)
from .common import InlineError, place_text, preview, send, tr
from .players_model import PlayersFilter, PlayersModel

_NAV_KEYS = (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown)


class BustDialog(QDialog):
    def __init__(self, bridge: DeskBridge, players: PlayersModel, parent: QWidget | None = None,
                 prefill: str | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Bust-out"))
        self.setMinimumWidth(640)
        self.setStyleSheet("QListView { font-size: 15px; } QLineEdit { font-size: 17px; padding: 4px; }"
                           "QLabel#bustPrompt { font-size: 15px; font-weight: 600; }")
        self._bridge = bridge
        self._snap = bridge.snapshot()
        self._names = {e["id"]: e for e in self._snap["entries"]}
        self._victim: str | None = None
        self._also_out: list[str] = []
        self._stacks: dict[str, QSpinBox] = {}
        self.result_out: list[dict[str, Any]] = []

        self.prompt = QLabel(tr("Who is out? Type part of the name, then Enter."))
        self.prompt.setObjectName("bustPrompt")
        self.prompt.setWordWrap(True)
        self.search = QLineEdit()
        self.search.setObjectName("bustSearch")
        self.search.setPlaceholderText(tr("Name"))
        self.victims = PlayersFilter(players, active_only=True, parent=self)
        self.victim_list = QListView()
        self.victim_list.setModel(self.victims)
        self.victim_list.setModelColumn(0)
        self.victim_list.setUniformItemSizes(True)

        self.winners = QStandardItemModel(self)
        self.winner_list = QListView()
        self.winner_list.setModel(self.winners)
        self.winner_list.hide()
        self.preview = QLabel()
        self.preview.setObjectName("bustPreview")
        self.preview.setWordWrap(True)
        self.preview.setStyleSheet("font-size: 15px; padding: 6px; background: #f3f6fb; border-radius: 4px;")
        self.preview.hide()
        self.stacks_box = QWidget()
        stacks = QVBoxLayout(self.stacks_box)
        stacks.setContentsMargins(0, 0, 0, 0)
        stacks_hint = QLabel(tr("Tab goes to each player's chips at the start of the hand; Enter confirms."))
        stacks_hint.setWordWrap(True)
        self.stacks_form = QFormLayout()
        stacks.addWidget(stacks_hint)
        stacks.addLayout(self.stacks_form)
        self.stacks_box.hide()
        self.error = InlineError()
        self.buttons = buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.rejected.connect(self.reject)
        for button in buttons.findChildren(QPushButton):
            button.setAutoDefault(False)

        layout = QVBoxLayout(self)
        for widget in (self.prompt, self.search, self.victim_list, self.winner_list, self.stacks_box, self.preview,
                       self.error, buttons):
            layout.addWidget(widget)

        self.search.textChanged.connect(self._filter)
        self.search.installEventFilter(self)
        self.search.setFocus()
        self.winners.itemChanged.connect(lambda _item: self._update_preview())
        self.winner_list.selectionModel().currentChanged.connect(lambda *_: self._update_preview())
        self.victim_list.doubleClicked.connect(lambda _i: self.advance())
        self.winner_list.doubleClicked.connect(lambda _i: self.advance())
        if prefill is not None and prefill in self._names:
            # The row selected in the console only fills in the name: Enter still says "yes, this one".
            self.search.setText(self._names[prefill]["name"])
            self.search.selectAll()
            rows = [r for r in range(self.victims.rowCount()) if self.victims.entry_id(r) == prefill]
            if rows:
                self.victim_list.setCurrentIndex(self.victims.index(rows[0], 0))

    # -- keys: the line edit keeps the focus, arrows move in the list below it ------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.search and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            view = self.winner_list if self._victim else self.victim_list
            if key in _NAV_KEYS:
                view.keyPressEvent(event)
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.advance()
                return True
            control = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
            if key == Qt.Key.Key_Space and control and self._victim:
                self._toggle_current()
                return True
            if key == Qt.Key.Key_O and control and self._victim:
                self._toggle_also_out()
                return True
        return super().eventFilter(watched, event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.advance()
            return
        super().keyPressEvent(event)

    def _filter(self, text: str) -> None:
        # Nobody is chosen until a name is typed (or picked with the arrows): an empty box names no one.
        typed = bool(text.strip())
        if self._victim is None:
            self.victims.set_query(text)
            if typed:
                self._select_first(self.victim_list)
            else:
                self.victim_list.setCurrentIndex(QModelIndex())
        else:
            wanted = search_key(text.strip())
            first = -1
            for row in range(self.winners.rowCount()):
                hidden = wanted not in search_key(self.winners.item(row).text())
                self.winner_list.setRowHidden(row, hidden)
                if not hidden and first < 0:
                    first = row
            self.winner_list.setCurrentIndex(self.winners.index(first, 0) if typed and first >= 0
                                             else QModelIndex())

    @staticmethod
    def _select_first(view: QListView) -> None:
        model = view.model()
        if model.rowCount() > 0:
            view.setCurrentIndex(model.index(0, 0))

    def advance(self) -> None:
        """Enter: the player out is chosen, then the bust is confirmed."""
        if self._victim is None:
            current = self.victim_list.currentIndex()
            entry = self.victims.entry_id(current.row()) if current.isValid() else None
            if entry is not None:
                self._choose_victim(entry)
        else:
            self._confirm()

    # -- step 2: the eliminators at that table --------------------------------------------------
    def _choose_victim(self, entry: str) -> None:
        self._victim = entry
        victim = self._names[entry]
        self.prompt.setText(tr("{name} (table {table}, seat {seat}) is out. Who won the pot? "
                               "Ctrl+Space ticks several; Ctrl+O: also out in this hand; Enter confirms.")
                            .format(name=victim["name"], table=victim["table"], seat=victim["seat"]))
        self.victim_list.hide()
        self.search.clear()
        self.search.setPlaceholderText(tr("Eliminator"))
        table = next((t for t in self._snap["tables"] if t["number"] == victim["table"]), None)
        seats = sorted(((int(s), e) for s, e in (table or {"seats": {}})["seats"].items()), key=lambda p: p[0])
        for seat, mate in seats:
            other = self._names[mate]
            if mate == entry or other["status"] != "active":
                continue
            item = QStandardItem(tr("Seat {seat}: {name}").format(seat=seat, name=other["name"]))
            item.setData(mate, Qt.ItemDataRole.UserRole)
            item.setCheckable(True)
            item.setEditable(False)
            self.winners.appendRow(item)
        self.winner_list.show()
        self.preview.show()
        self.winner_list.setCurrentIndex(QModelIndex())  # the eliminator is typed, never assumed
        self.search.setFocus()
        self._update_preview()

    def _toggle_current(self) -> None:
        item = self.winners.itemFromIndex(self.winner_list.currentIndex())
        if item is not None:
            checked = item.checkState() == Qt.CheckState.Checked
            item.setCheckState(Qt.CheckState.Unchecked if checked else Qt.CheckState.Checked)

    def _toggle_also_out(self) -> None:
        item = self.winners.itemFromIndex(self.winner_list.currentIndex())
        if item is None:
            return
        mate = str(item.data(Qt.ItemDataRole.UserRole))
        name = self._names[mate]["name"]
        seat = self._names[mate]["seat"]
        if mate in self._also_out:
            self._also_out.remove(mate)
            item.setText(tr("Seat {seat}: {name}").format(seat=seat, name=name))
            item.setCheckable(True)
        else:
            self._also_out.append(mate)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setCheckable(False)
            item.setText(tr("Seat {seat}: {name} — also out in this hand").format(seat=seat, name=name))
        self._rebuild_stacks()
        self._update_preview()

    def _rebuild_stacks(self) -> None:
        """One field per player out in this hand: their chips when the hand began (UPPS 7.2)."""
        while self.stacks_form.rowCount():
            self.stacks_form.removeRow(0)
        self._stacks = {}
        if self._also_out and self._victim is not None:
            for entry in (self._victim, *self._also_out):
                spin = QSpinBox()
                spin.setRange(0, 2_000_000_000)
                spin.setGroupSeparatorShown(True)
                spin.valueChanged.connect(lambda _v: self._update_preview())
                self._stacks[entry] = spin
                self.stacks_form.addRow(tr("{name}: chips at the start of the hand").format(
                    name=self._names[entry]["name"]), spin)
            # Tab from the name goes through the chip boxes in order, then to Cancel.
            chain: list[QWidget] = [self.search, *self._stacks.values(), *self.buttons.buttons()]
            for first, second in itertools.pairwise(chain):
                QWidget.setTabOrder(first, second)
        self.stacks_box.setVisible(bool(self._stacks))
        self._fit()

    def _fit(self) -> None:
        """Grow to show the whole preview and every chip box (never shrink under the TD's hands)."""
        layout = self.layout()
        if layout is not None:
            layout.activate()
        hint = self.sizeHint()
        self.resize(QSize(max(self.width(), hint.width()), max(self.height(), hint.height())))

    def set_stack(self, entry: str, chips: int) -> None:
        self._stacks[entry].setValue(chips)

    def eliminators(self) -> list[str]:
        rows = [self.winners.item(r) for r in range(self.winners.rowCount())]
        ticked = [str(i.data(Qt.ItemDataRole.UserRole)) for i in rows if i.checkState() == Qt.CheckState.Checked]
        if ticked:
            return ticked
        current: QModelIndex = self.winner_list.currentIndex()
        if current.isValid() and not self.winner_list.isRowHidden(current.row()):
            chosen = str(current.data(Qt.ItemDataRole.UserRole))
            return [] if chosen in self._also_out else [chosen]
        return []

    def command(self) -> dict[str, Any]:
        if not self._also_out:
            return {"type": "bust", "entry": self._victim, "by": self.eliminators()}
        by = self.eliminators()
        return {"type": "bust", "busts": [{"entry": entry, "by": by, "stack_at_hand_start": spin.value() or None}
                                          for entry, spin in self._stacks.items()]}

    def _update_preview(self) -> None:
        if self._victim is None:
            return
        try:
            answer = preview(self._bridge, self.command())
        except TourneyError as exc:
            if not self.eliminators():  # not a mistake yet: the TD has not named the winner of the pot
                self.error.show_error(None)
                self.preview.setText(tr("Nobody chosen yet: type the name of who won the pot."))
            else:
                self.preview.setText("")
                self.error.show_error(exc)
            self._fit()
            return
        self.error.show_error(None)
        self.preview.setText(self.describe(answer["out"]))
        self._fit()

    def describe(self, out: list[dict[str, Any]]) -> str:
        currency = self._snap["tournament"]["currency"]
        lines = []
        for bust in out:
            name = self._names[bust["entry"]]["name"]
            # The place is final here or provisional (the player may still re-enter): said in words.
            place = place_text({"place": bust["place"], "place_to": bust.get("place_to"), "place_final": True})
            line = tr("{name} finishes {place}").format(name=name, place=place) if place \
                else tr("{name} is out").format(name=name)
            back = bust.get("comes_back")
            if back == "rebuy":
                line += " " + tr("(for now: rebuys are open, the player can rebuy)")
            elif back == "reentry":
                line += " " + tr("(for now: may still re-enter)")
            elif place and not bust["final"]:
                line += " " + tr("(for now: late registration is open)")
            if bust["prize"]:
                line += " · " + tr("prize {amount}").format(amount=fmt.money(bust["prize"], currency))
            lines.append(line)
            for award in bust["bounty_awards"]:
                to = self._names[award["to"]]["name"]
                text = tr("{name} wins {cash} in bounty").format(name=to, cash=fmt.money(award["cash"], currency))
                if award.get("to_head"):
                    text += " " + tr("(+{head} on their head)").format(head=fmt.money(award["to_head"], currency))
                lines.append(text)
        return "\n".join(lines)

    # -- step 3: Enter confirms -----------------------------------------------------------------
    def _confirm(self) -> None:
        result = send(self._bridge, self.command(), self.error)
        if result is not None:
            self.result_out = result.get("out", [])
            self.accept()
