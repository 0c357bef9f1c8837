"""A message for the room (Ctrl+Shift+A): the TD types it ("the bar closes at 1", "next event Friday"),
and the projector runs it along the bottom of every screen, and the phones show it, until it is replaced
or taken down. One command, `announce`; an undo takes it back like any other."""

from __future__ import annotations

from ...core.rules.floor import ANNOUNCEMENT_MAX
from ..bridge import DeskBridge
from ..qt import QDialog, QDialogButtonBox, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget
from .common import InlineError, send, tr


class MessageDialog(QDialog):
    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self.setWindowTitle(tr("Message to the room"))
        self.setMinimumWidth(560)
        now = next((n["text"] for n in bridge.desk.clock_now()["announcements"] if n["kind"] == "message"), "")
        self.text = QLineEdit(now)
        self.text.setObjectName("roomMessage")
        self.text.setMaxLength(ANNOUNCEMENT_MAX)
        self.text.setPlaceholderText(tr("e.g. The bar closes at 1 · next event Friday 20:00"))
        self.text.selectAll()
        hint = QLabel(tr("On the projector, along the bottom of every screen, and on the phones, until you change "
                         "it or take it down."))
        hint.setWordWrap(True)
        self.error = InlineError()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(tr("Show it"))
        self.take_down = QPushButton(tr("Take it down"))
        self.take_down.setObjectName("takeDownMessage")
        self.take_down.setAutoDefault(False)
        self.take_down.setEnabled(bool(now))
        self.buttons.addButton(self.take_down, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(lambda: self._send(self.text.text()))
        self.buttons.rejected.connect(self.reject)
        self.take_down.clicked.connect(lambda: self._send(""))
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(hint)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def _send(self, text: str) -> None:
        if send(self._bridge, {"type": "announce", "text": text}, self.error) is not None:
            self.accept()
