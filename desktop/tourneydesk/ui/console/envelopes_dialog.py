"""The mystery envelopes (Ctrl+Shift+V): the TD types them, how many of each amount ("1 × 500; 4 × 100;
20 × 50"), or asks for the program's proposal in the cash the cashier hands out (whole euros, fives: the
"round to" field) and changes it, and sees beside them whether they hold the bounty pool exactly. One
command, `envelopes`; a refusal is said under the field and changes nothing."""

from __future__ import annotations

import re

from ...core.protocol.errors import TourneyError
from ...core.rules.mystery import house_unit
from .. import fmt
from ..bridge import DeskBridge
from ..qt import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QLocale,
    QPushButton,
    QVBoxLayout,
    QWidget,
)
from .common import InlineError, preview, send, tr
from .deal_dialog import minor_units, plain_money

_GROUP = re.compile(r"^\s*(\d+)\s*[x×*]\s*(.+?)\s*$", re.IGNORECASE)


def read_envelopes(text: str, digits: int, decimal_point: str) -> list[dict[str, int]] | None:
    """"1 × 500; 4 × 100" as `[{amount, count}]` in minor units; None when a part cannot be read."""
    groups = []
    for part in (p for p in text.split(";") if p.strip()):
        found = _GROUP.match(part)
        amount = minor_units(found.group(2), digits, decimal_point) if found else None
        if found is None or amount is None or int(found.group(1)) < 1:
            return None
        groups.append({"amount": amount, "count": int(found.group(1))})
    return groups


def envelopes_text(groups: list[dict[str, int]], digits: int, locale: QLocale) -> str:
    return "; ".join(f"{g['count']} × {plain_money(g['amount'], digits, locale)}" for g in groups)


class EnvelopesDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        snap = bridge.snapshot()
        self._currency = snap["tournament"]["currency"]
        self._digits = fmt.minor_digits(self._currency)
        self._pool = snap["money"]["bounty_pool"]
        self.setWindowTitle(tr("Mystery envelopes"))
        self.setMinimumWidth(640)
        self.text = QLineEdit()
        self.text.setObjectName("envelopes")
        self.text.setPlaceholderText(tr("how many × what amount, e.g. 1 × 500; 4 × 100; 20 × 50"))
        envelopes = snap["money"].get("envelopes") or {}
        self.text.setText(envelopes_text(envelopes.get("left", []), self._digits, QLocale()))
        self.total = QLabel()
        self.total.setObjectName("envelopesTotal")
        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(tr("Fix the envelopes"))
        self.propose = QPushButton(tr("&Propose"))
        self.propose.setObjectName("proposeEnvelopes")
        self.propose.setAutoDefault(False)
        self.buttons.addButton(self.propose, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self._send)
        self.buttons.rejected.connect(self.reject)
        self.propose.clicked.connect(self._propose)
        self.text.textChanged.connect(self._count)
        self.unit = QLineEdit(plain_money(house_unit(bridge.desk.config), self._digits, QLocale()))
        self.unit.setObjectName("envelopesUnit")
        self.unit.setMaximumWidth(160)
        unit_row = QFormLayout()
        unit_row.addRow(tr("Propose in multiples of ({currency})").format(currency=self._currency), self.unit)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addLayout(unit_row)
        layout.addWidget(self.total)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self._count()

    def groups(self) -> list[dict[str, int]] | None:
        return read_envelopes(self.text.text(), self._digits, QLocale().decimalPoint())

    def _count(self) -> None:
        groups = self.groups()
        pool = fmt.money(self._pool, self._currency)
        if groups is None:
            self.total.setText(tr("Type each group as how many × what amount, separated by ;"))
            self.ok_button.setEnabled(False)
            return
        total = sum(g["amount"] * g["count"] for g in groups)
        count = sum(g["count"] for g in groups)
        self.total.setText(tr("%n envelope(s) holding {total} of a pool of {pool}", "", count).format(
            total=fmt.money(total, self._currency), pool=pool))
        self.ok_button.setEnabled(bool(groups) and total == self._pool)

    def _propose(self) -> None:
        self.error.show_error(None)
        unit = minor_units(self.unit.text(), self._digits, QLocale().decimalPoint())
        if not unit:
            self.error.show_error(TourneyError("FIELD_INVALID", tr("Propose in multiples of: “{text}” is not an "
                                                                   "amount of money").format(text=self.unit.text())))
            return
        try:
            proposed = preview(self._bridge, {"type": "envelopes", "propose": True, "unit": unit})
        except TourneyError as exc:
            self.error.show_error(exc)
            return
        self.text.setText(envelopes_text(proposed["envelopes"], self._digits, QLocale()))

    def _send(self) -> None:
        groups = self.groups()
        if groups and send(self._bridge, {"type": "envelopes", "envelopes": groups}, self.error) is not None:
            self.accept()
