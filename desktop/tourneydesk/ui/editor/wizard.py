"""The structure wizard's questions: how long the night lasts, how many entries are expected, the length
of a level and of a break, the antes. The levels it builds (`core/arithmetic/blind_wizard.py`) replace the
structure's, shown before OK, and stay editable in the table like any other."""

from __future__ import annotations

from typing import Any

from ...core.arithmetic.blind_wizard import WizardRequest, build_levels
from ...core.protocol.errors import TourneyError
from .. import fmt
from ..console.common import InlineError, tr
from ..qt import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget, Signal
from ..setting_words import ante_kind_words


class WizardDialog(QDialog):
    """`built(levels)` on OK: the levels as the config writes them."""

    built = Signal(list)

    def __init__(self, chips: list[int], stack: int, players: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Build the levels"))
        self._chips, self._stack = chips, stack
        self.hours = self._spin(1, 24, 5, tr(" h"))
        self.minutes = self._spin(0, 55, 0, tr(" min"), step=5)
        self.players = self._spin(2, 10_000, max(players, 2))
        self.level_minutes = self._spin(5, 120, 20, tr(" min"), step=5)
        self.break_every = self._spin(0, 20, 6)
        self.break_every.setSpecialValueText(tr("no breaks"))
        self.break_minutes = self._spin(5, 90, 10, tr(" min"), step=5)
        self.ante = QComboBox()
        for kind, words in ante_kind_words().items():
            self.ante.addItem(words, kind)
        self.ante.setCurrentIndex(self.ante.findData("big_blind"))
        self.ante_from = self._spin(1, 50, 2)
        self.summary = QLabel()
        self.summary.setObjectName("wizardSummary")
        self.summary.setWordWrap(True)
        self.error = InlineError()
        form = QFormLayout()
        for label, widget in ((tr("The night lasts"), self.hours), (tr("and"), self.minutes),
                              (tr("Entries expected"), self.players), (tr("A level lasts"), self.level_minutes),
                              (tr("A break after every"), self.break_every), (tr("A break lasts"), self.break_minutes),
                              (tr("Antes"), self.ante), (tr("Antes from level"), self.ante_from)):
            form.addRow(label, widget)
        chips_text = ", ".join(fmt.chips(c) for c in sorted(chips)) or tr("none: add the chip set first")
        facts = QLabel(tr("Starting stack {stack} · chips {chips}").format(stack=fmt.chips(stack), chips=chips_text))
        facts.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(tr("Use these levels"))
        self.buttons.accepted.connect(self.submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(facts)
        layout.addLayout(form)
        layout.addWidget(self.summary)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.levels: list[dict[str, Any]] = []
        self.refresh()

    def _spin(self, low: int, high: int, value: int, suffix: str = "", *, step: int = 1) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        spin.setValue(value)
        spin.setSuffix(suffix)
        spin.setSingleStep(step)
        spin.setGroupSeparatorShown(True)
        spin.valueChanged.connect(lambda _v: self.refresh())
        return spin

    def request(self) -> WizardRequest:
        return WizardRequest(
            target_minutes=self.hours.value() * 60 + self.minutes.value(), players=self.players.value(),
            starting_stack=self._stack, chips=tuple(self._chips), level_minutes=self.level_minutes.value(),
            break_every=self.break_every.value(), break_minutes=self.break_minutes.value(),
            ante_kind=str(self.ante.currentData()), ante_from_level=self.ante_from.value())

    def refresh(self) -> None:
        """What the answers build, said before OK: how many levels, from which blinds to which."""
        try:
            self.levels = build_levels(self.request())
        except TourneyError as exc:
            self.levels = []
            self.error.show_error(exc)
            self.summary.clear()
            self.ok_button.setEnabled(False)
            return
        self.error.show_error(None)
        play = [level for level in self.levels if "break_minutes" not in level]
        self.summary.setText(tr("%n levels of play, from {first} to {last}", "", len(play)).format(
            first=f"{fmt.chips(play[0]['small_blind'])}/{fmt.chips(play[0]['big_blind'])}",
            last=f"{fmt.chips(play[-1]['small_blind'])}/{fmt.chips(play[-1]['big_blind'])}"))
        self.ok_button.setEnabled(True)

    def submit(self) -> None:
        if self.levels:
            self.built.emit(self.levels)
            self.accept()
