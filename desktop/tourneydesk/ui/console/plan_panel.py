"""What to do now: the seating plan's steps (docs/protocol.md: the plan, `Desk.plan`), each with a one-click apply.

The panel computes nothing: it lists what the desk's plan says, in order, with the reason a TD reads
aloud, and turns a click into the command for that step. A button prompt (`needs_button`) asks for the
seat of the button at that table; hand-for-hand gets its "next hand" and "off" controls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...core.protocol.plan_steps import step_command
from .. import waiting
from ..bridge import DeskBridge
from ..changes import EntryIndex
from ..qt import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QPushButton,
    QResizeEvent,
    QScrollArea,
    QSpinBox,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .common import TEXT_SIZE, InlineError, send, tr


def step_title(step: Mapping[str, Any], names: dict[str, str]) -> str:
    kind = step.get("kind")
    if kind == "final_table":
        return tr("Draw the final table")
    if kind == "break_table":
        return tr("Break table {table}").format(table=step["table"])
    if kind == "open_table":
        return tr("Open table {table}").format(table=step["table"])
    if kind == "move":
        return tr("Move {name}: table {t1} seat {s1} → table {t2} seat {s2}").format(
            name=names.get(step["entry"], step["entry"]), t1=step["from"]["table"], s1=step["from"]["seat"],
            t2=step["to"]["table"], s2=step["to"]["seat"])
    if kind == "needs_button":
        return tr("Where is the button at table {table}?").format(table=step["table"])
    if kind == "hand_for_hand":
        code = (step.get("why") or {}).get("code")
        if code == "pay_jump":
            return tr("Go hand-for-hand: the next bust reaches a pay jump")
        if code == "final_table_next":
            return tr("Go hand-for-hand: the next bust forms the final table")
        return tr("Go hand-for-hand: the next bust is the bubble")
    return str(kind)


def players_text(n: int) -> str:
    return tr("%n players", "", n)


def step_reason(step: Mapping[str, Any]) -> str:
    """Why the plan asks for this step, in the TD's language: built from the step's `why`; the core's
    English `reason` only for a step this version does not know."""
    why = step.get("why") or {}
    code = why.get("code")
    if code == "final_table":
        return tr("Final table: {players} left fit at one table of {size}; redraw every seat at table {table}, "
                  "with the button").format(players=players_text(why["players"]), size=why["size"], table=why["table"])
    if code == "table_empty":
        return tr("Table {table} is empty: close it").format(table=why["table"])
    if code == "table_breaks":
        return tr("Table {table} breaks: {players} fit on {tables} tables").format(
            table=why["table"], players=players_text(why["players"]), tables=why["tables"])
    if code == "table_opens":
        return tr("Table {table} opens with {players}: bring players from the fullest tables").format(
            table=why["table"], players=players_text(why["players"]))
    if code == "which_button":
        return tr("Which seat has the button at table {table}?").format(table=why["table"])
    if code in ("move_floor", "move_spread"):
        balance = (tr("table {to_table} is down to {players}").format(to_table=why["to_table"],
                                                                      players=players_text(why["to_players"]))
                   if code == "move_floor" else
                   tr("table {from_table} has {high} and table {to_table} has {low}").format(
                       from_table=why["from_table"], high=why["from_players"], to_table=why["to_table"],
                       low=why["to_players"]))
        return tr("Balance: {why}; {name} (big blind next) moves from table {t1} seat {s1} to table {t2} "
                  "seat {s2}").format(why=balance, name=why["name"], t1=why["from_table"], s1=why["from_seat"],
                                      t2=why["to_table"], s2=why["to_seat"])
    if code == "bubble":
        return tr("The next bust is the bubble: {players} left, {paid} paid: play hand-for-hand").format(
            players=players_text(why["players"]), paid=why["paid"])
    if code == "pay_jump":
        return tr("The next bust reaches the pay jump to {jump} places: {players} left: play hand-for-hand"
                  ).format(jump=why["jump"], players=players_text(why["players"]))
    if code == "final_table_next":
        return tr("The next bust forms the final table: {players} left: play hand-for-hand").format(
            players=players_text(why["players"]))
    return str(step.get("reason") or "")


def _shape(step: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What a step's row is made of besides its words: its kind and whether it gives a reason. None for a
    button question, whose row holds its table's answer (made again for another step)."""
    if step.get("kind") == "needs_button":
        return None
    return (step.get("kind"), bool(step_reason(step)))


def _named_entries(step: Mapping[str, Any]) -> list[str]:
    return [step["entry"]] if isinstance(step.get("entry"), str) else []


class ButtonSeat(QSpinBox):
    """The seat of the button, typed then Enter: the answer to "where is the button?" needs no mouse."""

    def __init__(self, seats: int, answer: Callable[[int], object]) -> None:
        super().__init__()
        self.setRange(1, seats)
        self.setPrefix(tr("seat "))
        self._answer = answer

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.interpretText()
            self._answer(self.value())
            return
        super().keyPressEvent(event)


class PlanPanel(QWidget):
    # A button answered by keys: the keyboard goes back to the console (or to the next button question).
    keyboard_done = Signal()

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.steps: Sequence[Mapping[str, Any]] = []
        self.rows: list[QWidget] = []  # one per step, in the plan's order
        # Each row's title and reason (None when it has none), and the shape it was made for (`_shape`).
        self._texts: list[tuple[QLabel, QLabel | None, tuple[Any, ...]]] = []
        self.button_seats: dict[int, ButtonSeat] = {}  # table -> the seat box of its button question
        self._entries = EntryIndex(bridge.changes, field=False)
        self._shown: tuple[Sequence[Mapping[str, Any]], dict[str, str]] | None = None
        self.error = InlineError()
        self._list = QVBoxLayout()
        self._list.setSpacing(6)
        inner = QWidget()
        inner.setLayout(self._list)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        self._scroll = scroll

        # Stacked, never side by side: the panel must not grow wider when hand-for-hand starts, or the
        # players' names in the list beside it are squeezed (and the squeezed layout saved).
        self.hand_box = QFrame()
        hand = QVBoxLayout(self.hand_box)
        hand.setContentsMargins(0, 0, 0, 0)
        self.hand_label = QLabel()
        self.hand_label.setWordWrap(True)
        self.hand_label.setStyleSheet(f"font-weight: 600; color: #b45309; {TEXT_SIZE}")
        self.next_hand = QPushButton(tr("Next hand (F3)"))
        self.next_hand.clicked.connect(lambda: self._send({"type": "hand_for_hand", "action": "next"}))
        self.hand_off = QPushButton(tr("End hand-for-hand"))
        self.hand_off.clicked.connect(lambda: self._send({"type": "hand_for_hand", "action": "off"}))
        hand.addWidget(self.hand_label)
        hand.addWidget(self.next_hand)
        hand.addWidget(self.hand_off)

        self.apply_all = QPushButton(tr("Apply every step (Shift+F2)"))
        self.apply_all.clicked.connect(self.balance)
        # The house holds tables from breaking during late registration: the plan says why none breaks.
        self.held = QLabel(tr("No table breaks while late registration is open (the tournament's setting): "
                              "the tables are balanced instead."))
        self.held.setObjectName("tablesHeld")
        self.held.setWordWrap(True)
        self.held.setStyleSheet(f"color: #52606d; {TEXT_SIZE}")
        self.held.hide()
        # The alternates: who waits for a seat, in order, and whom to call when one frees.
        self.waiting_box = QFrame()
        self.waiting_box.setObjectName("waitingList")
        self.waiting_box.setStyleSheet("#waitingList { background: #eef4ff; border: 1px solid #9db7e0; "
                                       f"border-radius: 4px; }} QLabel, QPushButton {{ {TEXT_SIZE} }}")
        box = QVBoxLayout(self.waiting_box)
        self.waiting_title = QLabel()
        self.waiting_title.setStyleSheet("font-weight: 600;")
        self.waiting_names = QLabel()
        self.waiting_names.setWordWrap(True)
        self.waiting_next = QLabel()
        self.waiting_next.setWordWrap(True)
        self.clear_waiting = QPushButton(tr("Take everyone off the waiting list (Ctrl+Shift+Q)"))
        self.clear_waiting.clicked.connect(self.take_off_waiting)
        for widget in (self.waiting_title, self.waiting_names, self.waiting_next, self.clear_waiting):
            box.addWidget(widget)
        self.waiting_box.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.hand_box)
        layout.addWidget(self.held)
        layout.addWidget(self.waiting_box)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.apply_all)
        layout.addWidget(self.error)

    def update_snapshot(self, snap: dict[str, Any]) -> None:
        clock = snap["clock"]
        self.hand_box.setVisible(bool(clock.get("hand_for_hand")))
        self.hand_label.setText(tr("Hand-for-hand: hand {hand}").format(hand=clock.get("hand")))
        self.held.setVisible(bool(self._bridge.desk.config.seating.hold_tables_during_registration
                                  and clock.get("registration_open")))
        self._show_waiting(snap.get("waiting"), bool(clock.get("registration_open")))
        self._entries.update(snap["entries"])
        steps = self._bridge.desk.plan()
        names = {e: self._entries.name(e) for step in steps for e in _named_entries(step)}
        if (steps, names) == self._shown and self.rows:
            return  # the same steps for the same players: the rows stand (and keep the focus)
        self._shown = (steps, names)
        self.steps = steps
        if self._reworded(steps, names):
            self._keep_first_step_whole()
            return
        self._clear()
        self._texts = []
        self.button_seats = {}
        if not self.steps:
            done = QLabel(tr("Nothing to do: the tables are balanced."))
            done.setStyleSheet(f"color: #2e7d32; {TEXT_SIZE}")
            done.setWordWrap(True)  # on one line it ran past the panel, behind a horizontal scroll bar
            self._list.addWidget(done)
        self.rows = [self._step_row(number, step, names) for number, step in enumerate(self.steps)]
        for row in self.rows:
            self._list.addWidget(row)
        self._list.addStretch(1)
        self.apply_all.setEnabled(bool(self.steps))
        self._keep_first_step_whole()

    def _reworded(self, steps: Sequence[Mapping[str, Any]], names: dict[str, str]) -> bool:
        """Steps of the same shapes as the rows shown (a bust changes who moves, not how many steps nor their
        kinds): each row says its step in place, and no row is made again, nor styled and laid out anew (most
        of what a bust cost the console to draw). Not while the keyboard is on the panel: a new step never
        takes over the button the TD is on."""
        if not steps or len(steps) != len(self._texts) or len(self.rows) != len(steps):
            return False
        focus = QApplication.focusWidget()
        if focus is not None and self.isAncestorOf(focus):
            return False
        shapes = [_shape(step) for step in steps]
        if any(shape is None for shape in shapes) or [t[2] for t in self._texts] != shapes:
            return False
        for (title, reason, _), step in zip(self._texts, steps, strict=True):
            title.setText(step_title(step, names))
            if reason is not None:
                reason.setText(step_reason(step))
        return True

    def _show_waiting(self, listed: dict[str, Any] | None, registration_open: bool) -> None:
        self.waiting_box.setVisible(bool(listed))
        if not listed:
            return
        self.waiting_title.setText(tr("Waiting list: %n player(s)", "", len(listed["players"])))
        self.waiting_names.setText(waiting.names(listed, limit=None))
        self.waiting_next.setText(waiting.next_step(listed, registration_open))
        self.clear_waiting.setVisible(not registration_open)
        self._fit_waiting()

    def _fit_waiting(self) -> None:
        """The waiting list reads whole, its lines wrapped at the panel's width: at 1280x720 the dock squeezed
        it to two clipped lines, the names cut through."""
        box = self.waiting_box.layout()
        if box is not None and box.hasHeightForWidth() and self.waiting_box.isVisible():
            self.waiting_box.setMinimumHeight(box.totalHeightForWidth(max(1, self.width() - 8)))

    def take_off_waiting(self) -> bool:
        """Late registration has closed: those still waiting are taken off the list together."""
        return self._send({"type": "remove_alternate"})

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_waiting()
        self._keep_first_step_whole()

    def _keep_first_step_whole(self) -> None:
        """The step F2 applies reads whole, its button included, never below the scroll: met at 1280x720,
        where a balance move's reason pushed "Apply (F2)" out of sight. The panel asks for its height, so
        the console gives it that room (from the tables beside it); the steps after it may scroll."""
        if not self.rows:
            self._scroll.setMinimumHeight(0)
            return
        row = self.rows[0]
        # As wide as the steps are laid out when the scroll bar shows: the conservative width.
        width = max(1, self._scroll.width() - self._scroll.verticalScrollBar().sizeHint().width())
        height = row.heightForWidth(width) if row.hasHeightForWidth() else row.sizeHint().height()
        margins = self._list.contentsMargins()
        self._scroll.setMinimumHeight(height + margins.top() + margins.bottom() + 2)

    def _clear(self) -> None:
        while self._list.count():
            item = self._list.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()

    def _step_row(self, number: int, step: Mapping[str, Any], names: dict[str, str]) -> QWidget:
        row = QFrame()
        row.setObjectName("planStep")
        row.setStyleSheet("#planStep { background: #fff8e1; border: 1px solid #f0c36d; border-radius: 4px; }"
                          f"QLabel, QPushButton, QSpinBox {{ {TEXT_SIZE} }}")
        layout = QVBoxLayout(row)
        title = QLabel(step_title(step, names))
        title.setWordWrap(True)
        title.setStyleSheet("font-weight: 600;")
        layout.addWidget(title)
        text = step_reason(step)
        reason = None
        if text:
            reason = QLabel(text)
            reason.setWordWrap(True)
            layout.addWidget(reason)
        self._texts.append((title, reason, _shape(step) or ()))
        controls = QHBoxLayout()
        if step.get("kind") == "needs_button":
            table = step["table"]
            seat = ButtonSeat(self._bridge.desk.config.seating.seats_per_table,
                              lambda value: self._answer_button(table, value))
            seat.setToolTip(tr("Type the seat, then Enter"))
            self.button_seats[table] = seat
            set_button = QPushButton(tr("Set the button"))
            set_button.clicked.connect(
                lambda: self._send({"type": "set_button", "table": step["table"], "seat": seat.value()}))
            # One under the other: side by side they were wider than the panel at 1280 px, behind a
            # horizontal scroll bar.
            answer = QVBoxLayout()
            answer.addWidget(seat)
            answer.addWidget(set_button)
            controls.addLayout(answer)
        else:
            apply = QPushButton(tr("Apply (F2)") if number == 0 else tr("Apply"))
            apply.clicked.connect(lambda: self.apply_step(number))
            controls.addWidget(apply)
        controls.addStretch(1)
        layout.addLayout(controls)
        return row

    def _answer_button(self, table: int, seat: int) -> None:
        if not self._send({"type": "set_button", "table": table, "seat": seat}):
            return
        nxt = self.steps[0] if self.steps else {}
        if nxt.get("kind") == "needs_button" and nxt.get("table") in self.button_seats:
            self.apply_step(0)  # the next table's question takes the keyboard
        else:
            self.keyboard_done.emit()

    def waiting_for(self) -> str | None:
        """What the next step waits for before F2 can apply it, in the TD's words; None when nothing."""
        if self.steps and self.steps[0].get("kind") == "needs_button":
            return tr("Table {table} waits for its button: type the seat of the button, then Enter").format(
                table=self.steps[0]["table"])
        return None

    def apply_step(self, number: int = 0) -> bool:
        if not 0 <= number < len(self.steps):
            return False
        step = self.steps[number]
        cmd = step_command(step)
        if cmd is None:
            seat = self.button_seats.get(step.get("table", -1))
            if seat is not None:  # F2 on the button question: the keyboard goes to its answer
                seat.setFocus()
                seat.selectAll()
            return False
        return self._send(cmd)

    def balance(self) -> bool:
        return self._send({"type": "balance"})

    def next_hand_for_hand(self) -> bool:
        return self._send({"type": "hand_for_hand", "action": "next"})

    def _send(self, cmd: dict[str, Any]) -> bool:
        return send(self._bridge, cmd, self.error) is not None
