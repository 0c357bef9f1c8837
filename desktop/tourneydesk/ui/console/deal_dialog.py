"""A deal at the final table (docs/rules.md: payouts and deals): ICM, chip chop or the amounts the players agreed on.

The players agree with the figures in front of them, so every change is priced at once by a `dry_run`
of the very `deal` command OK will send: each player's amount and the total, or the desk's refusal
beside them with OK disabled. Nothing reaches the file before OK.

The desk knows the chips in play, not who holds them, so the stacks are counted at the table: each
starts at the player's last count (Ctrl+Shift+K, with what they bought since), and at 0 for a player
never counted, for whom the dialog waits rather than guess an even split.
Money is typed as text and read into whole minor units, because a spin box of floats rounds cents.
"""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

from ...core.arithmetic.deals import ICM_MAX_PLAYERS
from ...core.protocol.errors import TourneyError
from .. import fmt
from ..bridge import DeskBridge
from ..qt import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGuiApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QLocale,
    QRegularExpression,
    QRegularExpressionValidator,
    QScrollArea,
    QSize,
    QSpinBox,
    Qt,
    QVBoxLayout,
    QWidget,
)
from .common import TEXT_SIZE, InlineError, preview, send, tr

# A whole part as people type it: plain digits, or thousands grouped by a dot, a comma or an apostrophe
# (the spaces of a French grouping are dropped before).
_WHOLE = re.compile(r"[0-9]+|[0-9]{1,3}(?:[.,'][0-9]{3})+")
_SEPARATORS = ".,'"
_ROWS_ALWAYS_SHOWN = 4
_FRAME_ALLOWANCE = 40  # a window manager's title bar and borders, outside the dialog's own height


def minor_units(text: str, digits: int, decimal_point: str = ".") -> int | None:
    """Money typed by a person, in whole minor units ("1,234.5" -> 123450 with 2 digits); an empty
    field is 0, anything else that is not an amount is None.

    The last separator is the decimal one when the currency's minor digits can follow it; three
    digits after a separator other than the locale's decimal point are a thousands group instead, so
    "1,250" is 1250 in English and "1.250,50" reads as a German would mean it."""
    typed = "".join(ch for ch in text if not ch.isspace())
    if not typed:
        return 0
    whole, fraction = typed, ""
    cut = max(typed.rfind(sep) for sep in _SEPARATORS)
    if cut >= 0:
        after = typed[cut + 1:]
        if 0 < len(after) <= digits and (typed[cut] == decimal_point or len(after) != 3):
            whole, fraction = typed[:cut], after
    if not (_WHOLE.fullmatch(whole) or (whole == "" and fraction)) or not re.fullmatch(r"[0-9]*", fraction):
        return None
    major = int("".join(ch for ch in whole if ch.isdigit()) or "0")
    scale: int = 10**digits
    return major * scale + int(fraction.ljust(digits, "0") or "0")


def plain_money(minor: int, digits: int, locale: QLocale | None = None) -> str:
    """Minor units as they are typed back into a field: grouped by the locale, with no currency sign."""
    loc = locale or QLocale()
    whole, part = divmod(minor, 10**digits)
    text = loc.toString(whole)
    return f"{text}{loc.decimalPoint()}{str(part).zfill(digits)}" if digits else text


def left_over_words(rule: str) -> str:
    """The house's rule for the envelopes nobody drew, as the TD reads it in a sentence."""
    return {"winner": tr("to the winner"), "final_table": tr("to the final table, in equal shares"),
            "last_knockouts": tr("to the last knockouts")}.get(rule, rule)


def _methods() -> list[tuple[str, str, str]]:
    return [
        ("icm", tr("ICM"), tr("Each player gets what their stack is worth in prize money (Malmuth-Harville).")),
        ("chip_chop", tr("Chip chop"), tr("Everyone gets the next prize out; the rest is shared by chips.")),
        ("custom", tr("Custom amounts"), tr("Type the amounts agreed on; they must add up to the money left.")),
    ]


class _WholeGrid(QScrollArea):
    """A scroll area that asks for its whole grid (Qt's own caps its wish at 24 lines of text, so a final
    table of ten scrolled on a screen that had room for every row); the screen's height is the cap."""

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        inner = self.widget()
        if inner is None:
            return hint
        margins = self.contentsMargins()
        return QSize(hint.width(), inner.sizeHint().height() + margins.top() + margins.bottom())


class DealDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Deal"))
        self.setStyleSheet(
            f"QLabel, QSpinBox, QLineEdit, QComboBox, QCheckBox, QPushButton {{ {TEXT_SIZE} }}"
            "QLabel#dealHeader { font-size: 15px; font-weight: 600; }"
            "QLabel[role=\"column\"] { color: #52606d; font-weight: 600; }"
            "QLabel[role=\"total\"] { font-weight: 600; }"
            "QLabel#dealHelp, QLabel#dealNote { color: #52606d; }")
        snap = bridge.snapshot()
        self._currency: str = snap["tournament"]["currency"]
        self._digits = fmt.minor_digits(self._currency)
        self._locale = QLocale()
        self._in_play: int = snap["chips"]["in_play"]
        self.players = sorted((e for e in snap["entries"] if e["status"] == "active"),
                              key=lambda e: (e["table"] or 0, e["seat"] or 0))
        # The places already paid are gone: a deal shares what the places still to be taken pay.
        self.to_share = sum(p["amount"] for p in snap["payouts"][:len(self.players)])
        # The amounts of the last preview of what is on screen; empty while the desk refuses it.
        self.amounts: dict[str, int] = {}
        self.envelope_shares: dict[str, int] = {}  # who takes what of the envelopes left, in that preview

        header = QLabel(tr("%n players left share {money} of prize money still to be paid.", "",
                           len(self.players)).format(money=fmt.money(self.to_share, self._currency)))
        header.setObjectName("dealHeader")
        header.setWordWrap(True)

        self.method = QComboBox()
        self.method.setObjectName("deal_method")
        for value, text, _help in _methods():
            self.method.addItem(text, value)
        if len(self.players) > ICM_MAX_PLAYERS:  # exact ICM would take too long: the desk refuses it
            self.method.setCurrentIndex(self.method.findData("chip_chop"))
        self.method_help = QLabel()
        self.method_help.setObjectName("dealHelp")
        self.play_for = self._money_edit("deal_play_for")
        play_for_box = QWidget()
        play_for_row = QHBoxLayout(play_for_box)
        play_for_row.setContentsMargins(0, 0, 0, 0)
        play_for_row.addWidget(self.play_for)
        # The currency as the dialog's amounts write it: "€" in a French club, not "EUR" beside "760,00 €".
        self.play_for_unit = QLabel(fmt.currency_symbol(self._currency, self._locale))
        play_for_row.addWidget(self.play_for_unit)
        play_for_row.addStretch(1)
        self.end = QCheckBox(tr("&End the tournament here: the places go by deal amount, biggest first"))
        self.end.setObjectName("deal_end")
        # Mystery bounties: the envelopes nobody has drawn yet are part of what the players agree on.
        self._names = {e["id"]: e["name"] for e in snap["entries"]}
        envelopes = snap["money"].get("envelopes")
        self._envelopes_left = (envelopes["left_count"], envelopes["left_total"]) if envelopes else (0, 0)
        self.envelopes = QComboBox()
        self.envelopes.setObjectName("deal_envelopes")
        form = QFormLayout()
        form.addRow(tr("Method"), self.method)
        form.addRow("", self.method_help)
        form.addRow(tr("Keep back for the winner"), play_for_box)
        form.addRow("", self.end)
        if self._envelopes_left[0]:
            form.addRow(tr("Envelopes left"), self.envelopes)

        self.stacks: dict[str, QSpinBox] = {}
        self.amounts_shown: dict[str, QLabel] = {}
        self.amount_edits: dict[str, QLineEdit] = {}
        self.places_shown: dict[str, QLabel] = {}
        scroll = _WholeGrid()
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._players_grid())

        self.note = QLabel()
        self.note.setObjectName("dealNote")
        self.note.setWordWrap(True)
        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setObjectName("deal_ok")
        self.ok_button.setText(tr("Make the &deal"))  # Alt+D, Alt+C in French: no other key of the dialog's
        self.ok_button.setDefault(True)  # Enter in any field makes the deal, once the desk accepts it
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(header)
        layout.addLayout(form)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        # The scroll area asks for the whole grid up to about fourteen rows, and gives way first when
        # the window is short; a few rows always stay in sight.
        scroll.setMinimumHeight(_ROWS_ALWAYS_SHOWN * (self.play_for.sizeHint().height() + 8))
        self._set_tab_order()
        # No fixed minimum on the dialog itself: Qt then keeps it at least as big as its layout needs,
        # and it grows when a note or a refusal appears below the players.
        self.resize(max(self.sizeHint().width(), 700), min(self.sizeHint().height(), self._room()))

        self._place_column.hide()
        self.method.currentIndexChanged.connect(lambda _i: self._method_changed())
        self.end.toggled.connect(lambda _on: self._end_changed())
        self._envelope_choices()
        self.envelopes.currentIndexChanged.connect(lambda _i: self.refresh())
        self._method_changed()
        if self.players:
            self.stacks[self.players[0]["id"]].setFocus()

    # -- building ------------------------------------------------------------------------------
    def _players_grid(self) -> QWidget:
        box = QWidget()
        grid = QGridLayout(box)
        grid.setContentsMargins(0, 4, 8, 4)  # clear of the scroll bar at a big final table
        grid.setHorizontalSpacing(16)
        self._amount_column = self._column(tr("Deal amount"))
        self._place_column = self._column(tr("Place"))
        for col, label in enumerate((self._column(tr("Player")), self._column(tr("Table / seat")),
                                     self._column(tr("Chips")), self._amount_column, self._place_column)):
            grid.addWidget(label, 0, col, Qt.AlignmentFlag.AlignRight if col >= 2 else Qt.AlignmentFlag.AlignLeft)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for row, entry in enumerate(self.players, start=1):
            entry_id = entry["id"]
            stack = QSpinBox()
            stack.setObjectName(f"deal_stack_{entry_id}")
            # Nobody holds more than all the chips in play; 0 is "not counted yet".
            stack.setRange(0, max(self._in_play, 1))
            stack.setValue(entry["stack"] or 0)
            stack.setGroupSeparatorShown(True)
            stack.setAlignment(right)
            stack.setMinimumWidth(140)
            stack.valueChanged.connect(lambda _v: self.refresh())
            shown = QLabel("–")
            shown.setObjectName(f"deal_amount_{entry_id}")
            shown.setAlignment(right)
            shown.setMinimumWidth(130)
            edit = self._money_edit(f"deal_amount_edit_{entry_id}")
            place = QLabel()
            place.setObjectName(f"deal_place_{entry_id}")
            place.setAlignment(right)
            self.stacks[entry_id] = stack
            self.amounts_shown[entry_id] = shown
            self.amount_edits[entry_id] = edit
            self.places_shown[entry_id] = place
            grid.addWidget(QLabel(entry["name"]), row, 0)
            grid.addWidget(QLabel(tr("{table} / {seat}").format(table=entry["table"] or "–",
                                                                 seat=entry["seat"] or "–")), row, 1)
            grid.addWidget(stack, row, 2)
            grid.addWidget(shown, row, 3)
            grid.addWidget(edit, row, 3)
            grid.addWidget(place, row, 4)
        total_row = len(self.players) + 1
        total = QLabel(tr("Total"))
        total.setProperty("role", "total")
        self.total_chips = QLabel()
        self.total_chips.setObjectName("deal_total_chips")
        self.total_amount = QLabel()
        self.total_amount.setObjectName("deal_total")
        for label in (self.total_chips, self.total_amount):
            label.setProperty("role", "total")
            label.setAlignment(right)
        grid.addWidget(total, total_row, 0)
        grid.addWidget(self.total_chips, total_row, 2)
        grid.addWidget(self.total_amount, total_row, 3)
        grid.setColumnStretch(0, 1)
        grid.setRowStretch(total_row + 1, 1)
        return box

    @staticmethod
    def _column(text: str) -> QLabel:
        label = QLabel(text)
        label.setProperty("role", "column")
        return label

    def _money_edit(self, name: str) -> QLineEdit:
        edit = QLineEdit()
        edit.setObjectName(name)
        edit.setAlignment(Qt.AlignmentFlag.AlignRight)
        edit.setPlaceholderText(plain_money(0, self._digits, self._locale))
        edit.setMaximumWidth(160)
        edit.setValidator(QRegularExpressionValidator(QRegularExpression(r"[0-9.,'\s]*"), edit))
        edit.textChanged.connect(lambda _t: self.refresh())
        return edit

    def _set_tab_order(self) -> None:
        """Row by row, the chips then the agreed amount; the hidden fields are skipped by Qt."""
        chain: list[QWidget] = [self.method, self.play_for, self.end]
        if self._envelopes_left[0]:
            chain.append(self.envelopes)
        for entry in self.players:
            chain += [self.stacks[entry["id"]], self.amount_edits[entry["id"]]]
        chain += [self.ok_button, self.buttons.button(QDialogButtonBox.StandardButton.Cancel)]
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    # -- what the TD changes -------------------------------------------------------------------
    def _method_changed(self) -> None:
        custom = self.method_name() == "custom"
        if custom and self.amounts and not any(e.text().strip() for e in self.amount_edits.values()):
            # The figures just shown are where a negotiation starts from: the TD adjusts them.
            for entry_id, edit in self.amount_edits.items():
                edit.blockSignals(True)
                edit.setText(plain_money(self.amounts[entry_id], self._digits, self._locale))
                edit.blockSignals(False)
        for entry_id in self.stacks:
            self.amount_edits[entry_id].setVisible(custom)
            self.amounts_shown[entry_id].setVisible(not custom)
        unit = fmt.currency_symbol(self._currency, self._locale)
        self._amount_column.setText(tr("Deal amount ({currency})").format(currency=unit) if custom
                                    else tr("Deal amount"))
        self.method_help.setText(next(h for value, _t, h in _methods() if value == self.method_name()))
        self.refresh()

    def _end_changed(self) -> None:
        # Money kept back is played for by the players left: there is nobody left to play for it.
        self.play_for.setEnabled(not self.end.isChecked())
        self._place_column.setVisible(self.end.isChecked())
        self._envelope_choices()
        self.refresh()

    def _envelope_choices(self) -> None:
        """What may become of the envelopes left: drawn on while play goes on; when the deal ends it, the
        house's rule; shared by the deal's players either way."""
        rule = self._bridge.desk.config.bounty.mystery_left_over
        first = (("house_rule", tr("As the house says: {rule}").format(rule=left_over_words(rule)))
                 if self.end.isChecked() else ("drawn_on", tr("Drawn on by the knockouts after the deal")))
        self.envelopes.blockSignals(True)
        self.envelopes.clear()
        for value, text in (first, ("in_deal", tr("Shared now by the players in the deal"))):
            self.envelopes.addItem(text, value)
        self.envelopes.blockSignals(False)

    def method_name(self) -> str:
        return str(self.method.currentData())

    def _money(self, edit: QLineEdit, what: str) -> int:
        amount = minor_units(edit.text(), self._digits, self._locale.decimalPoint())
        if amount is None:
            raise TourneyError("MONEY_UNREADABLE", tr("{what}: “{text}” is not an amount of money").format(
                what=what, text=edit.text().strip()))
        return amount

    def order(self) -> list[str]:
        """First place first: by deal amount, then by chips, then as seated."""
        seated = [e["id"] for e in self.players]
        return sorted(seated, key=lambda e: (-self.amounts.get(e, 0), -self.stacks[e].value(), seated.index(e)))

    def command(self) -> dict[str, Any]:
        """The deal as on screen; raises TourneyError when a money field cannot be read."""
        method = self.method_name()
        cmd: dict[str, Any] = {"type": "deal", "method": method}
        if method == "custom":
            cmd["amounts"] = {e["id"]: self._money(self.amount_edits[e["id"]], e["name"]) for e in self.players}
        else:
            cmd["stacks"] = {entry_id: spin.value() for entry_id, spin in self.stacks.items()}
        if self._envelopes_left[0]:
            cmd["envelopes_left"] = str(self.envelopes.currentData())
        if self.end.isChecked():
            cmd.update(end=True, order=self.order())
        else:
            play_for = self._money(self.play_for, tr("Keep back for the winner"))
            if play_for:
                cmd["play_for"] = play_for
        return cmd

    # -- the preview ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Price what is on screen with a dry run; the places follow from the amounts it gives."""
        self.amounts = {}
        self.envelope_shares = {}
        try:
            answer = preview(self._bridge, self.command())
        except TourneyError as exc:
            self._show_refusal(exc)
        else:
            self.amounts = {entry_id: int(amount) for entry_id, amount in answer["amounts"].items()}
            self.envelope_shares = {s["to"]: int(s["cash"]) for s in answer.get("envelopes_left_paid", [])}
            self.error.show_error(None)
        self._show_figures()
        self.ok_button.setEnabled(bool(self.amounts))

    def _uncounted(self) -> bool:
        return any(spin.value() == 0 for spin in self.stacks.values())

    def _show_refusal(self, exc: TourneyError) -> None:
        """The desk's refusal, in money where the desk's own message counts minor units."""
        if exc.code == "DEAL_STACKS_INVALID" and self._uncounted():
            self.error.show_error(None)  # not a fault: the chips are still being counted
            return
        params = exc.params
        if exc.code == "DEAL_SUM_MISMATCH":
            gap = int(params["dealt"]) - int(params["total"])
            text = (tr("The amounts add up to {dealt}, {gap} more than the {total} to share") if gap > 0
                    else tr("The amounts add up to {dealt}, {gap} less than the {total} to share"))
            exc = TourneyError(exc.code, text.format(dealt=self._fmt(int(params["dealt"])),
                                                     gap=self._fmt(abs(gap)), total=self._fmt(int(params["total"]))))
        elif exc.code == "PLAY_FOR_INVALID":
            exc = TourneyError(exc.code, tr("At most {most} can be kept back for the winner (first prize less "
                                            "second prize)").format(most=self._fmt(int(params["most"]))))
        self.error.show_error(exc)

    def _fmt(self, minor: int) -> str:
        return fmt.money(minor, self._currency, self._locale)

    def _show_figures(self) -> None:
        places = {entry_id: place for place, entry_id in enumerate(self.order(), start=1)} if self.amounts else {}
        for entry_id, label in self.amounts_shown.items():
            label.setText(self._fmt(self.amounts[entry_id]) if self.amounts else "–")
            self.places_shown[entry_id].setText(str(places[entry_id]) if places else "–")
            self.places_shown[entry_id].setVisible(self.end.isChecked())
        counted = sum(spin.value() for spin in self.stacks.values())
        self.total_chips.setText(fmt.chips(counted, self._locale))
        self.total_amount.setText(self._total_text())
        self.note.setText("\n".join(self._notes(counted)))
        self.note.setVisible(bool(self.note.text()))
        self._grow_to_fit()

    def _grow_to_fit(self) -> None:
        """Taller when a note or a refusal appears below the players, so that the grid keeps every row in
        sight instead of scrolling (seen at 1280x720 with the mystery envelopes' note), as far as the screen
        allows; never shrunk under the TD, who may have made it bigger."""
        layout = self.layout()
        if layout is None:
            return
        layout.activate()
        height = min(self.sizeHint().height(), self._room())
        if height > self.height():
            self.resize(self.width(), height)

    def _room(self) -> int:
        """The most height the dialog may take: its screen's free area less a window manager's frame."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry().height() - _FRAME_ALLOWANCE if screen is not None else 10_000

    def _total_text(self) -> str:
        if self.method_name() == "custom":
            typed = (minor_units(e.text(), self._digits, self._locale.decimalPoint())
                     for e in self.amount_edits.values())
            return self._fmt(sum(a for a in typed if a is not None))
        return self._fmt(sum(self.amounts.values())) if self.amounts else "–"

    def _notes(self, counted: int) -> list[str]:
        notes = []
        if self._uncounted() and self.method_name() != "custom":
            notes.append(tr("Type in every player's chips: the deal is worked out from the stacks."))
        elif counted and counted != self._in_play:
            notes.append(tr("The stacks add up to {counted} chips, but {in_play} are in play: count again?").format(
                counted=fmt.chips(counted, self._locale), in_play=fmt.chips(self._in_play, self._locale)))
        if self.amounts and not self.end.isChecked():
            play_for = minor_units(self.play_for.text(), self._digits, self._locale.decimalPoint()) or 0
            if play_for:
                notes.append(tr("{money} is kept back: whoever wins the tournament takes it on top of their "
                                "deal.").format(money=self._fmt(play_for)))
        if self.amounts and self._envelopes_left[0]:
            notes.append(self._envelopes_note())
        return notes

    def envelopes_told(self) -> str:
        """What the deal made of the envelopes left, as the console confirms it ("" without any)."""
        return self._envelopes_note() if self._envelopes_left[0] and self.amounts else ""

    def _envelopes_note(self) -> str:
        count, total = self._envelopes_left
        left = tr("%n mystery envelope(s) left, {money}", "", count).format(money=self._fmt(total))
        if not self.envelope_shares:
            rule = left_over_words(self._bridge.desk.config.bounty.mystery_left_over)
            return tr("{left}: the knockouts after the deal draw them; at the finish, what is left goes {rule}."
                      ).format(left=left, rule=rule)
        shares = ", ".join(f"{self._names.get(to, to)} {self._fmt(cash)}" for to, cash in self.envelope_shares.items())
        return tr("{left}, paid with the deal: {shares}.").format(left=left, shares=shares)

    # -- OK ------------------------------------------------------------------------------------
    def submit(self) -> None:
        try:
            cmd = self.command()
        except TourneyError as exc:
            self.error.show_error(exc)
            return
        if send(self._bridge, cmd, self.error) is not None:
            self.accept()
        else:
            self.ok_button.setEnabled(False)
