"""Jump to a level: the clock is set there, with the whole level to play."""

from __future__ import annotations

from ..bridge import DeskBridge
from ..qt import QComboBox, QDialog, QDialogButtonBox, QVBoxLayout, QWidget
from .clock_panel import blinds_text
from .common import InlineError, clock_view, send, tr


class JumpDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Jump to a level"))
        self.levels = QComboBox()
        play = 0
        for index, level in enumerate(bridge.desk.config.levels):
            if level.is_break:
                text = tr("Break, {minutes} min").format(minutes=level.minutes)
            else:
                play += 1
                text = tr("Level {number}: {blinds}").format(number=play, blinds=blinds_text(level.to_dict()))
            self.levels.addItem(text, index)
        self.levels.setCurrentIndex(clock_view(bridge.desk)["index"])
        self.error = InlineError()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.submit)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.levels)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def submit(self) -> None:
        if send(self._bridge, {"type": "clock", "action": "set", "index": self.levels.currentData()},
                self.error) is not None:
            self.accept()
