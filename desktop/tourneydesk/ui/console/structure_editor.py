"""The structure editor: levels, breaks and antes, changed while the clock runs (UPPS 7.3).

Every edit is checked at once with a `dry_run` of `edit_structure`: the desk's answer shows under the
table and the faulty cell turns red; nothing is written until Apply. Levels already played are shown
but locked, since the desk keeps them as they were. The table is the tournament editor's
(`ui/editor/levels.py`): before the clock starts the levels may be built by the wizard or loaded from a
structure file, and saved to one at any time.
"""

from __future__ import annotations

from typing import Any

from ...core.protocol.errors import TourneyError
from ..bridge import DeskBridge
from ..editor.levels import LevelsEditor
from ..qt import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .common import clock_view, preview, send, tr


class StructureEditor(QDialog):
    applied = Signal()

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Structure"))
        self.resize(820, 620)
        desk = bridge.desk
        levels = [level.to_dict() for level in desk.config.levels]
        clock = clock_view(desk)
        current = clock["index"] if clock["started"] else 0
        self.levels = LevelsEditor(levels, current, lambda: [chip.value for chip in desk.config.chips],
                                   lambda: desk.config.starting_stack, max(desk.counts().entries, 2), self)
        self.model = self.levels.model
        self.view = self.levels.view
        self.error = self.levels.error
        self.model.edited.connect(self.check)
        note = QLabel(tr("Levels already played are locked; the running level keeps its elapsed time. "
                         "Type on a cell to change it; F2 picks the ante kind."))
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Close)
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        assert self.apply_button is not None
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        for button in self.buttons.findChildren(QPushButton):  # Enter commits a cell, never closes the editor
            button.setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.levels, 1)
        layout.addWidget(self.buttons)
        self.apply_button.setEnabled(False)

    def add_level(self) -> None:
        self.levels.add_level()

    def add_break(self) -> None:
        self.levels.add_break()

    def command(self) -> dict[str, Any]:
        return {"type": "edit_structure", "levels": self.model.levels}

    def check(self) -> bool:
        try:
            preview(self._bridge, self.command())
        except TourneyError as exc:
            self.levels.show_refusal(exc)
            self.apply_button.setEnabled(False)
            return False
        self.levels.show_refusal(None)
        self.apply_button.setEnabled(True)
        return True

    def apply(self) -> None:
        if self.check() and send(self._bridge, self.command(), self.error) is not None:
            self.apply_button.setEnabled(False)
            self.applied.emit()


