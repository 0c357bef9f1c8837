"""The tournament editor's fields: each one a widget bound to a dotted setting (`rebuy.price.fee`), how to
read a value off it and write one in, and the refusal shown beside it.

Money is typed as text in the currency's units ("12.50", "12,50") and kept as whole minor units, read
without a float; shares of the prize pool are typed in percent and kept as basis points.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import fmt
from ..console.common import InlineError, tr
from ..console.deal_dialog import minor_units, plain_money
from ..console.payouts_dialog import parse_share, share_text
from ..qt import QCheckBox, QComboBox, QLineEdit, QLocale, QSpinBox, Qt, QWidget


class Unreadable(ValueError):
    """What was typed cannot be read as the field's kind: said beside the field, nothing else is checked."""


class Field:
    """One setting: `read()` the value on screen (raises `Unreadable`), `write(value)` puts one there;
    `changed` is called whenever the TD changes it."""

    def __init__(self, key: str, widget: QWidget, read: Callable[[], Any], write: Callable[[Any], None]) -> None:
        self.key = key
        self.widget = widget
        self.read = read
        self.write = write
        self.error = InlineError()


def text_field(key: str, changed: Callable[[], object], *, max_length: int = 100) -> Field:
    edit = QLineEdit()
    edit.setMaxLength(max_length)
    edit.editingFinished.connect(changed)
    return Field(key, edit, lambda: edit.text().strip(), lambda value: edit.setText(str(value or "")))


def number_field(key: str, changed: Callable[[], object], low: int, high: int, *, none_at: int | None = None,
                 scale: int = 1, suffix: str = "", step: int = 1) -> Field:
    """A whole number; `none_at`: the value that means "none" (0: no limit); `scale`: shown divided by it
    (a share in basis points shown in percent)."""
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setSuffix(suffix)
    spin.setSingleStep(step)
    spin.setGroupSeparatorShown(True)
    spin.valueChanged.connect(lambda _v: changed())

    def read() -> Any:
        if none_at is not None and spin.value() == none_at:
            return None
        return spin.value() * scale

    def write(value: Any) -> None:
        spin.setValue(none_at if value is None and none_at is not None else int(value or 0) // scale)

    return Field(key, spin, read, write)


def money_field(key: str, changed: Callable[[], object], currency: str) -> Field:
    edit = QLineEdit()
    edit.setAlignment(Qt.AlignmentFlag.AlignRight)
    edit.setMaximumWidth(160)
    digits = fmt.minor_digits(currency)
    edit.setPlaceholderText(plain_money(0, digits))
    edit.editingFinished.connect(changed)

    def read() -> int:
        amount = minor_units(edit.text(), digits, QLocale().decimalPoint())
        if amount is None:
            raise Unreadable(tr("“{text}” is not an amount of money").format(text=edit.text().strip()))
        return amount

    return Field(key, edit, read, lambda value: edit.setText(plain_money(int(value or 0), digits)))


def flag_field(key: str, changed: Callable[[], object], text: str) -> Field:
    box = QCheckBox(text)
    box.toggled.connect(lambda _on: changed())
    return Field(key, box, box.isChecked, lambda value: box.setChecked(bool(value)))


def choice_field(key: str, changed: Callable[[], object], options: list[tuple[Any, str]]) -> Field:
    combo = QComboBox()
    for value, text in options:
        combo.addItem(text, value)
    combo.currentIndexChanged.connect(lambda _i: changed())
    return Field(key, combo, combo.currentData, lambda value: combo.setCurrentIndex(max(0, combo.findData(value))))


def shares_field(key: str, changed: Callable[[], object]) -> Field:
    """The fixed prize structure, typed in percent first place first ("50; 30; 20"); empty: none (the
    payout table decides by the number of entries)."""
    edit = QLineEdit()
    edit.setPlaceholderText(tr("empty: the payout table, by the number of entries"))
    edit.editingFinished.connect(changed)

    def read() -> list[int] | None:
        parts = [part for part in edit.text().split(";") if part.strip()]
        if not parts:
            return None
        shares = [parse_share(part) for part in parts]
        if any(share is None for share in shares):
            raise Unreadable(tr("Type each place's share in percent, first place first: 50; 30; 20"))
        return [share for share in shares if share is not None]

    def write(value: Any) -> None:
        edit.setText("; ".join(share_text(bp, sign=False) for bp in value) if value else "")

    return Field(key, edit, read, write)


def places_field(key: str, changed: Callable[[], object]) -> Field:
    """Places in the money, typed as whole numbers ("18; 9"); empty: none."""
    edit = QLineEdit()
    edit.setPlaceholderText(tr("empty: none; or places, like 18; 9"))
    edit.editingFinished.connect(changed)

    def read() -> list[int] | None:
        parts = [part.strip() for part in edit.text().split(";") if part.strip()]
        if not all(part.isdigit() for part in parts):
            raise Unreadable(tr("Type the places as whole numbers, like 18; 9"))
        return [int(part) for part in parts] or None

    return Field(key, edit, read, lambda value: edit.setText("; ".join(str(place) for place in value or ())))


def share_field(key: str, changed: Callable[[], object]) -> Field:
    """A share of something in percent, kept in basis points ("50" -> 5000, "12,5" -> 1250)."""
    edit = QLineEdit()
    edit.setAlignment(Qt.AlignmentFlag.AlignRight)
    edit.setMaximumWidth(160)
    edit.editingFinished.connect(changed)

    def read() -> int:
        share = parse_share(edit.text())
        if share is None:
            raise Unreadable(tr("“{text}” is not a share in percent").format(text=edit.text().strip()))
        return share

    return Field(key, edit, read, lambda value: edit.setText(share_text(int(value or 0), sign=False)))
