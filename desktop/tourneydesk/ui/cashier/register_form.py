"""A new player, or a correction to one: name, nickname, email, phone, member id; a refusal shown beside
the field at fault. A name that is someone already here (accents, case and spacing aside) asks "is this
X?" first: Enter again says yes and takes that person to the sale; Alt+A says it is another person of
that name (registered as a namesake: nothing is asked of the first one, and every window tells the two
apart). Correcting a player who never bought in may also take the registration back (a name typed by
mistake)."""

from __future__ import annotations

from collections.abc import Callable

from ...core.protocol.errors import TourneyError
from .. import operations
from ..bridge import DeskBridge
from ..messages import error_text
from ..qt import (
    QAction,
    QFormLayout,
    QHBoxLayout,
    QKeyEvent,
    QKeySequence,
    QLabel,
    QLineEdit,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)

FIELDS = ("name", "nickname", "email", "phone", "member_id")


class RegisterForm(QWidget):
    """Registers a person on Enter; `registered(player_id)` after the desk accepted it, `existing(player_id)`
    when the cashier said the name was someone already registered. In correction mode (`start_edit`),
    `edited(player_id)` and `unregistered(name)`."""

    registered = Signal(str)
    existing = Signal(str)
    edited = Signal(str)
    unregistered = Signal(str)
    cancelled = Signal()

    def __init__(self, bridge: DeskBridge, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bridge = bridge
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, QLabel] = {}
        labels = {"name": self.tr("&Name"), "nickname": self.tr("N&ickname"), "email": self.tr("E&mail"),
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
            edit.textEdited.connect(self._forget_question)
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
        self.submit_button.clicked.connect(lambda: self.submit())
        # Alt+U: a text field keeps Ctrl+Del for itself (delete the next word), and Alt+T is the French
        # "&Téléphone".
        self.unregister_button = QPushButton(self.tr("Take back this registration (Alt+U)"), self)
        self.unregister_button.setObjectName("register_unregister")
        self.unregister_button.clicked.connect(self.unregister)
        self.unregister_button.hide()
        self.namesake_button = QPushButton(self.tr("Another person of that name (Alt+A)"), self)
        self.namesake_button.setObjectName("register_namesake")
        self.namesake_button.clicked.connect(self.register_namesake)
        self.namesake_button.hide()
        for keys, slot in (("Alt+U", self.unregister), ("Alt+A", self.register_namesake)):
            act = QAction(self)
            act.setShortcut(QKeySequence(keys))
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(slot)
            self.addAction(act)
        cancel = QPushButton(self.tr("Cancel (Esc)"), self)
        cancel.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.unregister_button)
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.submit_button)
        self.player: str | None = None  # the player corrected; None when registering someone new
        self.same_as: str | None = None  # the person the name asked about ("is this X?")
        # The club's member who has a member id, when the name typed is not theirs (set by the window that
        # has the club file), and the id the cashier was told of and keeps all the same with Enter again.
        self.holder_of: Callable[[str, str], str | None] | None = None
        self.kept_member_id: str | None = None
        title = QLabel(self.tr("New player"), self)
        self.title = title
        title.setProperty("role", "title")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(title)
        layout.addLayout(form)
        # On a line of its own, above Cancel and Register: beside them it was cut at both ends at 1280x720
        # ("Ine autre personne de ce nom (Alt+A"), the key it names half gone.
        layout.addWidget(self.namesake_button)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def start(self, name: str = "") -> None:
        self.player = None
        self.title.setText(self.tr("New player"))
        self.submit_button.setText(self.tr("Register (Enter)"))
        self.unregister_button.hide()
        self._fill({"name": name.strip()})

    def start_edit(self, player_id: str) -> None:
        """Correct a registered person: every field as written now, the name selected to be retyped."""
        player = self.bridge.desk.person(player_id)
        if player is None:
            return
        self.player = player_id
        self.title.setText(self.tr("Correct {name}").format(name=player.name))
        self.submit_button.setText(self.tr("Save (Enter)"))
        self.unregister_button.setVisible(not player.entries)
        self._fill({key: getattr(player, key) or "" for key in FIELDS})
        self.edits["name"].selectAll()

    def _fill(self, values: dict[str, str]) -> None:
        self._forget_question()
        for key in FIELDS:
            self.edits[key].setText(values.get(key, ""))
            self.errors[key].hide()
        self.edits["name"].setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _forget_question(self) -> None:
        self.same_as = None
        self.kept_member_id = None
        self.namesake_button.hide()

    def _member_id_of_another(self, cmd: dict[str, object]) -> bool:
        """A member id typed that is another member's in the club: said beside the field, nothing written;
        Enter again (nothing retyped) keeps it, and the night's record asks the TD about it."""
        member_id, name = str(cmd.get("member_id") or ""), str(cmd.get("name") or "")
        if not member_id or self.holder_of is None or self.kept_member_id == member_id:
            return False
        holder = self.holder_of(member_id, name)
        if holder is None:
            return False
        self.kept_member_id = member_id
        self.errors["member_id"].setText(self.tr("Member id {id} is {member}'s in the club. Correct it, or Enter "
                                                 "again to keep it for {name}.").format(id=member_id, member=holder,
                                                                                       name=name))
        self.errors["member_id"].show()
        self.edits["member_id"].setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def cancel(self) -> None:
        self.cancelled.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return
        super().keyPressEvent(event)

    def submit(self, *, namesake: bool = False) -> None:
        if not namesake and self.same_as is not None and self.bridge.desk.person(self.same_as) is not None:
            self.existing.emit(self.same_as)  # Enter again, nothing retyped: yes, it is that person
            return
        if self.player is not None:
            cmd: dict[str, object] = {"type": "edit_player", "player": self.player}
            cmd.update((key, self.edits[key].text().strip()) for key in FIELDS)
        else:
            cmd = {"type": "register"}
            for key in FIELDS:
                text = self.edits[key].text().strip()
                if text or key == "name":
                    cmd[key] = text
        if namesake:
            cmd["namesake"] = True
        for error in self.errors.values():
            error.hide()
        if self._member_id_of_another(cmd):
            return
        try:
            result = operations.run(self.bridge, cmd, station=operations.CASHIER)
        except TourneyError as exc:
            if exc.code == "NOTHING_TO_DO" and self.player is not None:
                self.edited.emit(self.player)  # saved as it was: nothing to correct
                return
            field = str(exc.params.get("field") or "name")
            label = self.errors.get(field, self.errors["name"])
            text = error_text(exc)
            if exc.code == "NAME_TAKEN":
                other = str(exc.params.get("other") or exc.params.get("name") or "")
                if self.player is None and exc.params.get("player"):
                    self.same_as = str(exc.params["player"])
                    text += "\n" + self.tr("Is this {name}? Enter: yes, it is. Another person of that name: "
                                            "Alt+A.").format(name=other)
                else:
                    text += "\n" + self.tr("Another person of that name? Alt+A saves it as a namesake.")
                self.namesake_button.show()
            label.setText(text)
            label.show()
            self.edits.get(field, self.edits["name"]).setFocus(Qt.FocusReason.OtherFocusReason)
            return
        if self.player is not None:
            self.edited.emit(self.player)
        else:
            self.registered.emit(result["player"])

    def register_namesake(self) -> None:
        """Alt+A after "is this X?": another person of that name, registered (or the correction saved) as such."""
        if self.namesake_button.isVisible():
            self.submit(namesake=True)

    def unregister(self) -> None:
        """A registration made by mistake (a ghost "celine" beside Céline) taken back; refused once bought in."""
        if self.player is None or not self.unregister_button.isVisible():
            return
        name = self.bridge.desk.name_of(self.player) or ""
        try:
            operations.run(self.bridge, {"type": "unregister", "player": self.player}, station=operations.CASHIER)
        except TourneyError as exc:
            self.errors["name"].setText(error_text(exc))
            self.errors["name"].show()
            return
        self.player = None
        self.unregistered.emit(name)
