"""The tournament settings (the config of docs/config.md) that a TD changes during an evening.

Each field is checked as soon as the TD leaves it, with a `dry_run` of `edit_config` on that one key:
a refusal appears beside the field and OK stays disabled. OK sends every changed key in one command.
The app's language is kept with the app's settings, not in the tournament.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.protocol.errors import TourneyError
from .. import fmt, i18n
from ..bridge import OPERATOR_KEY, DeskBridge, account_name, operator_name
from ..qt import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSettings,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)
from .common import InlineError, preview, send, tr


def _get(config: dict[str, Any], key: str) -> Any:
    value: Any = config
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


class _Field:
    """One setting: its widget, how to read a value off it, and the inline error beside it."""

    def __init__(self, key: str, widget: QWidget, read: Callable[[], Any], initial: Any) -> None:
        self.key = key
        self.widget = widget
        self.read = read
        self.initial = initial
        self.error = InlineError()


class SettingsDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._settings = settings or QSettings()
        self.setWindowTitle(tr("Tournament settings"))
        self.setMinimumWidth(640)
        config = bridge.desk.config.to_dict()
        self._digits = fmt.minor_digits(config["currency"])
        self.fields: dict[str, _Field] = {}
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self._form = form

        self._text("name", tr("Name"), config)
        self._int("registration.until_level", tr("Late registration until level"), config, 1, 200)
        self._bool("registration.through_break", tr("…and through the break after it"), config)
        if config.get("reentry"):
            self._int("reentry.max", tr("Re-entries per player (0: unlimited)"), config, 0, 99, none_at=0)
        self._int("seating.seats_per_table", tr("Seats per table"), config, 2, 12)
        self._int("seating.final_table_size", tr("Final table size"), config, 2, 12)
        self._int("seating.balance.tolerance", tr("Balance tolerance (0: only the floor acts)"), config, 0, 9,
                  none_at=0)
        self._int("seating.balance.floor", tr("A table stops at (players)"), config, 0, 9)
        self._choice("seating.moved_player_waits", tr("A moved player waits for"), config,
                     [("big_blind", tr("the big blind")), ("one_hand", tr("one hand"))])
        self._choice("seating.short_handed_ante", tr("Ante at short tables"), config,
                     [("none", tr("full ante")), ("pkr4u", tr("PKR4U 16: half with 3 to 5, none heads-up"))])
        self._bool("seating.hand_for_hand_before_final", tr("Hand-for-hand before the final table too"), config)
        if config["bounty"]["kind"] == "progressive":
            self._int("bounty.cash_share_bp", tr("Bounty paid in cash (%)"), config, 0, 100, scale=100)
        self._int("payouts.added", tr("Added money"), config, 0, 10_000_000, scale=10**self._digits,
                  suffix=" " + config["currency"])
        self._int("payouts.guarantee", tr("Guaranteed prize pool"), config, 0, 100_000_000,
                  scale=10**self._digits, suffix=" " + config["currency"])

        self.language = QComboBox()
        self.language.addItem(tr("System language"), "")
        for code, name in i18n.LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(self._settings.value(i18n.SETTING, "",
                                                                                         type=str))))
        form.addRow(tr("Language (after a restart)"), self.language)
        self.operator = QLineEdit(str(self._settings.value(OPERATOR_KEY, "", type=str)))
        self.operator.setMaxLength(64)
        self.operator.setPlaceholderText(tr("empty: the computer account's name ({name})").format(
            name=account_name()))
        form.addRow(tr("Your name in the event log"), self.operator)

        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    # -- building the form ---------------------------------------------------------------------
    def _row(self, field: _Field, label: str) -> None:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(field.widget, 1)
        row.addWidget(field.error, 1)
        self._form.addRow(QLabel(label), box)
        self.fields[field.key] = field

    def _text(self, key: str, label: str, config: dict[str, Any]) -> None:
        edit = QLineEdit(str(_get(config, key) or ""))
        field = _Field(key, edit, edit.text, edit.text())
        edit.editingFinished.connect(lambda: self.check(key))
        self._row(field, label)

    def _int(self, key: str, label: str, config: dict[str, Any], low: int, high: int, *, none_at: int | None = None,
             scale: int = 1, suffix: str = "") -> None:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setSuffix(suffix)
        spin.setGroupSeparatorShown(True)
        value = _get(config, key)
        spin.setValue(none_at if value is None and none_at is not None else int(value or 0) // scale)

        def read() -> Any:
            if none_at is not None and spin.value() == none_at:
                return None
            return spin.value() * scale

        field = _Field(key, spin, read, read())
        spin.editingFinished.connect(lambda: self.check(key))
        spin.valueChanged.connect(lambda _v: self.check(key))
        self._row(field, label)

    def _bool(self, key: str, label: str, config: dict[str, Any]) -> None:
        box = QCheckBox()
        box.setChecked(bool(_get(config, key)))
        field = _Field(key, box, box.isChecked, box.isChecked())
        box.toggled.connect(lambda _v: self.check(key))
        self._row(field, label)

    def _choice(self, key: str, label: str, config: dict[str, Any], options: list[tuple[str, str]]) -> None:
        combo = QComboBox()
        for value, text in options:
            combo.addItem(text, value)
        combo.setCurrentIndex(max(0, combo.findData(_get(config, key))))
        field = _Field(key, combo, combo.currentData, combo.currentData())
        combo.currentIndexChanged.connect(lambda _i: self.check(key))
        self._row(field, label)

    # -- checking and sending ------------------------------------------------------------------
    def changes(self) -> dict[str, Any]:
        return {key: f.read() for key, f in self.fields.items() if f.read() != f.initial}

    def check(self, key: str) -> bool:
        field = self.fields[key]
        ok = True
        if field.read() != field.initial:
            try:
                preview(self._bridge, {"type": "edit_config", "set": {key: field.read()}})
            except TourneyError as exc:
                field.error.show_error(exc)
                ok = False
        if ok:
            field.error.show_error(None)
        self.ok_button.setEnabled(not any(not f.error.isHidden() for f in self.fields.values()))
        return ok

    def submit(self) -> None:
        self._settings.setValue(i18n.SETTING, self.language.currentData())
        self._settings.setValue(OPERATOR_KEY, self.operator.text().strip())
        self._bridge.operator = operator_name(self._settings)  # the next command is signed with it
        changes = self.changes()
        if not changes or send(self._bridge, {"type": "edit_config", "set": changes}, self.error) is not None:
            self.accept()
