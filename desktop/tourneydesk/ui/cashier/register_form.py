"""A new player: name, nickname, email, phone, member id; a refusal shown beside the field at fault."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QFormLayout, QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from ...core.errors import TourneyError
from ..bridge import DeskBridge
from ..messages import error_text

FIELDS = ("name", "nickname", "email", "phone", "member_id")


class RegisterForm(QWidget):
    """Registers a person on Enter; `registered(player_id)` after the desk accepted it."""

    registered = Signal(str)
    cancelled = Signal()

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, QLabel] = {}
        labels = {"name": self.tr("&Name"), "nickname": self.tr("Nic&kname"), "email": self.tr("E&mail"),
                  "phone": self.tr("P&hone"), "member_id": self.tr("Mem&ber id")}
        form = QFormLayout()
        for key in FIELDS:
            edit = QLineEdit(self)
            edit.setObjectName(f"register_{key}")
            edit.returnPressed.connect(self.submit)
            error = QLabel(self)
            error.setObjectName(f"register_{key}_error")
            error.setProperty("role", "error")
            error.setWordWrap(True)
            error.hide()
            edit.textEdited.connect(error.hide)
            cell = QVBoxLayout()
            cell.setSpacing(2)
            cell.addWidget(edit)
            cell.addWidget(error)
            label = QLabel(labels[key], self)
            label.setBuddy(edit)
            form.addRow(label, cell)
            self.edits[key], self.errors[key] = edit, error
        self.edits["name"].setPlaceholderText(self.tr("First and last name"))
        self.edits["member_id"].setPlaceholderText(self.tr("Tells two people of the same name apart"))
        self.submit_button = QPushButton(self.tr("Register (Enter)"), self)
        self.submit_button.setObjectName("register_submit")
        self.submit_button.clicked.connect(self.submit)
        cancel = QPushButton(self.tr("Cancel (Esc)"), self)
        cancel.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.submit_button)
        title = QLabel(self.tr("New player"), self)
        title.setProperty("role", "title")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def start(self, name: str = "") -> None:
        for key in FIELDS:
            self.edits[key].clear()
            self.errors[key].hide()
        self.edits["name"].setText(name.strip())
        self.edits["name"].setFocus(Qt.FocusReason.ShortcutFocusReason)

    def cancel(self) -> None:
        self.cancelled.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return
        super().keyPressEvent(event)

    def submit(self) -> None:
        cmd: dict[str, object] = {"type": "register", "station": "cashier"}
        for key in FIELDS:
            text = self.edits[key].text().strip()
            if text or key == "name":
                cmd[key] = text
        for error in self.errors.values():
            error.hide()
        try:
            result = self.bridge.execute(cmd)
        except TourneyError as exc:
            field = str(exc.params.get("field") or "name")
            label = self.errors.get(field, self.errors["name"])
            text = error_text(exc)
            if exc.code == "NAME_TAKEN":
                text += "\n" + self.tr("Another person of that name? Give both a member id.")
            label.setText(text)
            label.show()
            self.edits.get(field, self.edits["name"]).setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.registered.emit(result["player"])
