"""Selling chips to one player: a buy-in (or re-entry), a rebuy or an add-on.

Before anything is written the panel asks the desk for a dry run of the very command it would send, so
the cashier sees the price split, the chips and the seat the desk will draw, or the reason the rules
refuse it, while the player is still at the desk. Confirming sends the same command for real.
"""

from __future__ import annotations

import re
from typing import Any

from ...core.config import PAYMENT_METHODS
from ...core.protocol.errors import TourneyError
from ...core.read_models.people import PersonFacts
from .. import fmt, operations
from ..bridge import DeskBridge
from ..messages import error_text
from ..printing import method_name
from ..qt import (
    QButtonGroup,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)

KINDS = ("buy_in", "rebuy", "add_on")
NOT_COUNTED = -1  # the rebuy's "chips now" before the cashier types them: shown blank, never sent


# A buy-in refused for want of a seat: the player may wait for one instead (the alternates).
ROOM_FULL = ("NO_SEAT_AVAILABLE", "ALTERNATES_WAITING")


class SalePanel(QWidget):
    """`sold(report)` after the desk accepted a sale: {"kind", "player", "payment", "result"};
    `listed(report)` after the player was put on the waiting list or taken off it: {"player", "result"}."""

    sold = Signal(dict)
    listed = Signal(dict)

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.player: str | None = None
        self.refusal: TourneyError | None = None
        config = bridge.desk.config
        self.currency = config.currency
        # The dearest sale of the night: the room the price split's total needs.
        sales = [config.buy_in, *(x.price for x in (config.reentry, config.rebuy, config.add_on) if x is not None)]
        self._largest = max(p.prize + p.bounty + p.fee for p in sales)

        self.title = QLabel(self.tr("No player selected"), self)
        self.title.setObjectName("sale_title")
        self.title.setProperty("role", "title")
        self.title.setWordWrap(True)  # the player's whole name, on two lines if it must
        self.status = QLabel(self.tr("Find a player on the left (Ctrl+F) or register a new one (Ctrl+N)."), self)
        self.status.setObjectName("sale_status")
        self.status.setWordWrap(True)
        self.note = QLabel(self)  # the TD's or the cashier's note on the player: for the desk's eyes only
        self.note.setObjectName("sale_note")
        self.note.setWordWrap(True)
        self.note.hide()

        self.kind_group = QButtonGroup(self)
        self.kind_buttons: dict[str, QRadioButton] = {}
        kinds = QHBoxLayout()
        labels = {"buy_in": self.tr("Buy-in (F5)"), "rebuy": self.tr("Rebuy (F6)"), "add_on": self.tr("Add-on (F7)")}
        for kind in KINDS:
            button = QRadioButton(labels[kind], self)
            button.setObjectName(f"kind_{kind}")
            self.kind_group.addButton(button)
            self.kind_buttons[kind] = button
            kinds.addWidget(button)
        # With nobody chosen no kind is offered (each needs a player): this says what comes first.
        self.kinds_hint = QLabel(self.tr("Choose a player first"), self)
        self.kinds_hint.setObjectName("kinds_hint")
        self.kinds_hint.setProperty("role", "heading")
        kinds.addWidget(self.kinds_hint)
        kinds.addStretch(1)
        self._has_rebuy, self._has_add_on = config.rebuy is not None, config.add_on is not None
        self.kind_buttons["rebuy"].setVisible(config.rebuy is not None)
        self.kind_buttons["add_on"].setVisible(config.add_on is not None)
        self.kind_buttons["buy_in"].setChecked(True)

        self.same_seat = QCheckBox(self.tr("&Keep the same seat"), self)
        self.same_seat.setObjectName("same_seat")
        self.abandon = QCheckBox(self.tr("&Give up the live stack (PKR4U 5)"), self)
        self.abandon.setObjectName("abandon")
        self.abandon_chips = self._chips_box("abandon_chips")
        self.abandon_chips_label = QLabel(self.tr("Chips given &up:"), self)
        self.abandon_chips_label.setBuddy(self.abandon_chips)
        # A rebuy is sold only at or below the event's stack limit, on the chips the player has now: the
        # box starts blank, never at 0 (a 0 passed the limit for anyone, uncounted). Not the last count
        # either: it can be a level old, and the chips never leave the table, so the cashier asks for them.
        self.stack = self._chips_box("stack")
        self.stack.setMinimum(NOT_COUNTED)
        self.stack.setSpecialValueText(self.tr("count them"))
        self.stack_label = QLabel(self.tr("Player's &chips now:"), self)
        self.stack_label.setBuddy(self.stack)
        for box in (self.same_seat, self.abandon):
            box.toggled.connect(self._option_changed)
        options = QGridLayout()
        options.addWidget(self.same_seat, 0, 0, 1, 2)
        options.addWidget(self.abandon, 1, 0, 1, 2)
        options.addWidget(self.abandon_chips_label, 2, 0)
        options.addWidget(self.abandon_chips, 2, 1)
        options.addWidget(self.stack_label, 3, 0)
        options.addWidget(self.stack, 3, 1)
        options.setColumnStretch(2, 1)

        self.split = {key: QLabel("—", self) for key in ("prize", "bounty", "fee", "total", "chips", "seat")}
        self.split_names: dict[str, QLabel] = {}
        split = QGridLayout()
        names = {"prize": self.tr("Prize pool"), "bounty": self.tr("Bounty"), "fee": self.tr("Fee"),
                 "total": self.tr("Total to take"), "chips": self.tr("Chips"), "seat": self.tr("Seat")}
        for row, key in enumerate(("prize", "bounty", "fee", "total", "chips", "seat")):
            label = self.split[key]
            label.setObjectName(f"split_{key}")
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            name = QLabel(names[key], self)
            name.setObjectName(f"split_{key}_name")
            self.split_names[key] = name
            if key == "total":
                label.setProperty("role", "total")
                name.setProperty("role", "total")
            split.addWidget(name, row, 0)
            split.addWidget(label, row, 1)
        split.setColumnStretch(1, 1)
        price_frame = QFrame(self)
        price_frame.setObjectName("price_frame")
        price_frame.setFrameShape(QFrame.Shape.StyledPanel)
        price_frame.setLayout(split)
        # No bounty line at all in an event without bounties: "Bounty" beside nothing read as a sum forgotten.
        self.split["bounty"].setVisible(config.is_bounty_event)
        self.split_names["bounty"].setVisible(config.is_bounty_event)
        # A points-only night sells nothing: no price, no payment, the chips and the seat only.
        self.points_only = config.points_only
        for key in ("prize", "fee", "total") if self.points_only else ():
            self.split[key].hide()
            self.split_names[key].hide()
        self.free_note = QLabel(self.tr("Points only: nothing to pay, the places give the league points"), self)
        self.free_note.setObjectName("free_note")
        self.free_note.setWordWrap(True)
        self.free_note.setVisible(self.points_only)

        self.payment_group = QButtonGroup(self)
        self.payment_buttons: dict[str, QRadioButton] = {}
        payments = QGridLayout()
        for number, method in enumerate(PAYMENT_METHODS, start=1):
            button = QRadioButton(f"{method_name(method)} (Ctrl+{number})", self)
            button.setObjectName(f"payment_{method}")
            self.payment_group.addButton(button)
            self.payment_buttons[method] = button
            payments.addWidget(button, (number - 1) // 2, (number - 1) % 2)
        payments.setColumnStretch(2, 1)
        self.payment_buttons["cash"].setChecked(True)

        self.present = QCheckBox(self.tr("The player is present in p&erson (PKR4U 14)"), self)
        self.present.setObjectName("present")
        self.error = QLabel(self)
        self.error.setObjectName("sale_error")
        self.error.setProperty("role", "error")
        self.error.setWordWrap(True)
        self.error.hide()
        self.confirm_button = QPushButton(self.tr("Seat the player (Enter)") if self.points_only
                                          else self.tr("Take payment (Enter)"), self)
        self.confirm_button.setObjectName("sale_confirm")
        self.confirm_button.setProperty("role", "primary")
        self.confirm_button.clicked.connect(self.confirm)
        # Every seat taken: the player waits for one, and pays when seated (docs/rules.md: alternates).
        self.wait_button = QPushButton(self.tr("Put on the waiting list (F9)"), self)
        self.wait_button.setObjectName("wait_button")
        self.wait_button.clicked.connect(self.toggle_waiting)
        self.leave_button = QPushButton(self.tr("Take off the waiting list (F9)"), self)
        self.leave_button.setObjectName("leave_button")
        self.leave_button.clicked.connect(self.toggle_waiting)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.status)
        layout.addWidget(self.note)
        layout.addLayout(kinds)
        layout.addLayout(options)
        layout.addWidget(price_frame)
        layout.addWidget(self.free_note)
        pay_label = QLabel(self.tr("Payment"), self)
        pay_label.setProperty("role", "heading")
        pay_label.setVisible(not self.points_only)
        for button in self.payment_buttons.values():
            button.setVisible(not self.points_only)
        layout.addWidget(pay_label)
        layout.addLayout(payments)
        layout.addWidget(self.present)
        layout.addWidget(self.error)
        layout.addWidget(self.confirm_button)
        layout.addWidget(self.wait_button)
        layout.addWidget(self.leave_button)
        layout.addStretch(1)
        for button in self.kind_buttons.values():
            button.toggled.connect(self._option_changed)
        self.set_player(None)

    def _chips_box(self, name: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setObjectName(name)
        box.setRange(0, 1_000_000_000)
        box.setGroupSeparatorShown(True)
        box.valueChanged.connect(self._option_changed)
        return box

    # -- what is being sold ------------------------------------------------------------------
    @property
    def kind(self) -> str:
        return next(k for k, b in self.kind_buttons.items() if b.isChecked())

    @property
    def payment(self) -> str:
        return next(m for m, b in self.payment_buttons.items() if b.isChecked())

    def set_kind(self, kind: str) -> None:
        button = self.kind_buttons[kind]
        if not button.isHidden():
            button.setChecked(True)

    def set_payment(self, method: str) -> None:
        self.payment_buttons[method].setChecked(True)

    def set_player(self, player: str | None) -> None:
        """A new player at the desk: the confirmation of presence is asked again."""
        self.player = player
        self.present.setChecked(False)
        self.same_seat.setChecked(False)
        self.abandon.setChecked(False)
        self.stack.setValue(NOT_COUNTED)
        self.abandon_chips.setValue(0)
        self.kind_buttons["buy_in"].setChecked(True)
        self.payment_buttons["cash"].setChecked(True)
        self.refresh()

    def _person(self) -> PersonFacts | None:
        """The player at the desk as the desk knows them now (None when nobody is chosen, or they left)."""
        return self.bridge.desk.person(self.player) if self.player is not None else None

    def command(self, *, dry_run: bool = False) -> dict[str, Any]:
        """The command this panel would send now."""
        person = self._person()
        last = person.last if person is not None else None
        # The dry run shows the sale as it will be once the player is confirmed present; the sale itself
        # carries what the cashier ticked, and the desk refuses it unticked (a buy-in, a rebuy, an add-on).
        cmd: dict[str, Any] = {"type": self.kind, "present": True if dry_run else self.present.isChecked()}
        if not self.points_only:
            cmd["payment"] = self.payment
        if self.kind == "buy_in":
            cmd["player"] = self.player
            if self.same_seat.isChecked() and not self.same_seat.isHidden():
                cmd["seat"] = "same"
            if self.abandon.isChecked() and not self.abandon.isHidden() and last is not None:
                cmd["abandon"] = last.id
                if not self.bridge.desk.config.is_bounty_event:
                    cmd["abandon_chips"] = self.abandon_chips.value()
        else:
            cmd["entry"] = last.id if last is not None else None
            if self.kind == "rebuy" and not self._rebuy_after_bust(person) and self.stack.value() != NOT_COUNTED:
                cmd["stack"] = self.stack.value()  # after a bust the desk knows: no chips left
        if dry_run:
            cmd["dry_run"] = True
        return cmd

    # -- the preview ---------------------------------------------------------------------------
    def _option_changed(self, *_: object) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Re-read the player's situation and dry-run the sale (after every change at any desk)."""
        person = self._person()
        has_player = person is not None
        self._show_kinds(has_player)
        enabled: list[QWidget] = [*self.kind_buttons.values(), *self.payment_buttons.values(), self.present,
                                  self.confirm_button]
        for widget in enabled:
            widget.setEnabled(has_player)
        if not has_player:
            self.player = None
            self.note.hide()
            self.title.setText(self.tr("No player selected"))
            self.status.setText(self.tr("Find a player on the left (Ctrl+F) or register a new one (Ctrl+N)."))
            hidden: list[QWidget] = [self.same_seat, self.abandon, self.abandon_chips, self.abandon_chips_label,
                                     self.stack, self.stack_label]
            for widget in hidden:
                widget.hide()
            self._show_split(None)
            self.error.hide()
            self.wait_button.hide()
            self.leave_button.hide()
            return
        assert person is not None
        self.title.setText(person.name)
        self.status.setText(self._situation(person))
        self.note.setText(self.tr("Note: {note}").format(note=person.note or ""))
        self.note.setVisible(person.note is not None)
        self.kind_buttons["buy_in"].setText(self.tr("Re-entry (F5)") if person.last is not None
                                            else self.tr("Buy-in (F5)"))
        can_keep_seat = self.kind == "buy_in" and person.keep_seat is not None
        self.same_seat.setVisible(can_keep_seat)
        if person.keep_seat is not None and can_keep_seat:
            table, seat = person.keep_seat
            self.same_seat.setText(self.tr("&Keep the same seat (table {table}, seat {seat})").format(
                table=table, seat=seat))
        can_abandon = self.kind == "buy_in" and person.may_abandon
        self.abandon.setVisible(can_abandon)
        chips_given = can_abandon and self.abandon.isChecked() and not self.bridge.desk.config.is_bounty_event
        self.abandon_chips.setVisible(chips_given)
        self.abandon_chips_label.setVisible(chips_given)
        asks_stack = self.kind == "rebuy" and not self._rebuy_after_bust(person)
        self.stack.setVisible(asks_stack)
        self.stack_label.setVisible(asks_stack)
        self._preview()
        room_full = self.kind == "buy_in" and self.refusal is not None and self.refusal.code in ROOM_FULL
        self.wait_button.setVisible(room_full and person.waiting is None)
        self.leave_button.setVisible(person.waiting is not None)

    @staticmethod
    def _rebuy_after_bust(person: PersonFacts | None) -> bool:
        return person is not None and person.last is not None and person.last.status == "busted"

    def _show_kinds(self, has_player: bool) -> None:
        """The kinds of sale for the player chosen (those the event has); with nobody chosen, what to do first."""
        shown = {"buy_in": has_player, "rebuy": has_player and self._has_rebuy,
                 "add_on": has_player and self._has_add_on}
        for kind, button in self.kind_buttons.items():
            button.setVisible(shown[kind])
        self.kinds_hint.setVisible(not has_player)

    def _situation(self, person: PersonFacts) -> str:
        last = person.last
        bits = [self.tr("Member id {id}").format(id=person.member_id)] if person.member_id else []
        if last is None:
            bits.append(self.tr("No entry yet"))
        elif last.playing:
            # The file's own id for an entry ("e41") means nothing at the desk: where they sit does.
            bits.append(self.tr("Playing at table {table}, seat {seat}").format(table=last.table, seat=last.seat))
        else:
            bits.append({"abandoned": self.tr("Stack abandoned"), "disqualified": self.tr("Disqualified"),
                         "removed": self.tr("Removed")}.get(last.status, self.tr("Out")))
        if len(person.entries) > 1:
            bits.append(self.tr("%n entries so far", "", len(person.entries)))
        if person.waiting is not None:
            bits.append(self.tr("Waiting for a seat: number {position} on the list").format(position=person.waiting))
        return " · ".join(bits)

    def _preview(self) -> None:
        person = self._person()
        self.refusal = None
        if self.kind != "buy_in" and (person is None or person.last is None):
            self._refuse_text(self.tr("This player has no entry yet: sell a buy-in first."))
            return
        rebuy = self.bridge.desk.config.rebuy
        if self.kind == "rebuy" and rebuy is not None and not self.stack.isHidden() \
                and self.stack.value() == NOT_COUNTED:
            self._refuse_text(self.tr("Count the player's chips and type them: a rebuy is sold at {max_stack} "
                                      "chips or fewer.").format(max_stack=fmt.chips(rebuy.max_stack)))
            return
        try:
            result = operations.preview(self.bridge, self.command(dry_run=True), station=operations.CASHIER)
        except TourneyError as exc:
            self.refusal = exc
            self._refuse_text(error_text(exc))
            return
        self.refusal = None
        self.error.hide()
        self.confirm_button.setEnabled(True)
        self._show_split(result)

    def _refuse_text(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()
        self._show_split(None)
        self.confirm_button.setEnabled(False)

    def _show_split(self, result: dict[str, Any] | None) -> None:
        if result is None:
            for label in self.split.values():
                label.setText("—")
            return
        price = result["price"]
        for key in ("prize", "bounty", "fee"):
            self.split[key].setText(fmt.money(price[key], self.currency))
        self.split["total"].setText(fmt.money(price["prize"] + price["bounty"] + price["fee"], self.currency))
        self.split["chips"].setText(fmt.chips(result["chips"]))
        if "table" in result:
            self.split["seat"].setText(self.tr("table {table}, seat {seat}").format(
                table=result["table"], seat=result["seat"]))
        else:
            self.split["seat"].setText(self.tr("stays where it is"))

    def total_words(self) -> str:
        return self.tr("Total to take")

    def widest_amount(self) -> str:
        """The dearest sale of the night with each digit an 8 (the widest): the room the total needs."""
        return re.sub(r"\d", "8", fmt.money(self._largest, self.currency))

    # -- the sale ------------------------------------------------------------------------------
    def confirm(self) -> None:
        if self.player is None:
            return
        if not self.confirm_button.isEnabled() and self.error.isVisible():
            return  # why the sale cannot go yet is said already (count the chips first): Enter keeps it said
        cmd = self.command()
        try:
            result = operations.run(self.bridge, cmd, station=operations.CASHIER)
        except TourneyError as exc:
            self.refusal = exc
            self.error.setText(error_text(exc))
            self.error.show()
            return
        self.sold.emit({"kind": self.kind, "player": self.player, "payment": cmd.get("payment"), "result": result})

    def toggle_waiting(self) -> None:
        """The player at the desk put on the waiting list (present, as for a buy-in), or taken off it."""
        person = self._person()
        if person is None:
            return
        if person.waiting is not None:
            cmd: dict[str, Any] = {"type": "remove_alternate", "player": person.id}
        else:
            cmd = {"type": "add_alternate", "player": person.id, "present": self.present.isChecked()}
        try:
            result = operations.run(self.bridge, cmd, station=operations.CASHIER)
        except TourneyError as exc:
            self.error.setText(error_text(exc))
            self.error.show()
            return
        self.listed.emit({"player": person.id, "result": result})

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
            return
        super().keyPressEvent(event)
