"""The start page: a new tournament (a form: the structure described, tonight's settings), a club template,
open a file, a recent file, or the demo.

It only creates or finds a `.tdesk` file and says which (`chosen`); the app opens it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .. import event_files
from ..core.protocol.errors import TourneyError
from ..demo import demo_path, make_demo
from ..desk import Desk
from .console.common import TEXT_POINTS, InlineError
from .day2_options import Day2Options
from .i18n import tr
from .messages import error_text
from .new_tournament import NewTournamentForm
from .qt import (
    QDialog,
    QEvent,
    QFileDialog,
    QFont,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QKeyEvent,
    QKeySequence,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QListWidgetItem,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPushButton,
    QSettings,
    QShortcut,
    QSize,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .recent import recent_files


class _AsWideAsTheList(QStyledItemDelegate):
    """A row never wider than the list shows it: a long path is cut (in its middle, as the list says),
    never scrolled sideways."""

    def __init__(self, view: QListView) -> None:
        super().__init__(view)
        self._view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(min(size.width(), self._view.viewport().width()), size.height())


def demo_name() -> str:
    """The demo tournament's name in the app's language ("PKO du vendredi (démo)" in a French club)."""
    return tr("Friday PKO (demo)")


class StartPage(QWidget):
    chosen = Signal(str)
    chosen_read_only = Signal(str)
    """A file to look at without changing it (a card locked against writing, a copy of last week's)."""

    def __init__(self, settings: QSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self.setWindowTitle(tr("TourneyDesk"))
        self.resize(900, 560)
        base = self.font()
        base.setPointSizeF(max(base.pointSizeF(), TEXT_POINTS))
        self.setFont(base)
        title = QLabel(tr("TourneyDesk"))
        font = QFont()
        font.setPointSize(24)
        font.setBold(True)
        title.setFont(font)

        # A new tournament as a form: the structure described, tonight's settings filled from it.
        self.form = NewTournamentForm(self)
        self.structure = self.form.structure
        self.name = self.form.name
        self.create_button = QPushButton(tr("&Create… (Ctrl+Enter)"), self.form)
        self.create_button.setObjectName("createTournament")
        self.create_button.clicked.connect(self.ask_create)
        self.edit_button = QPushButton(tr("Every setting… (Ctrl+E)"), self.form)
        self.edit_button.setObjectName("editTournament")
        self.edit_button.clicked.connect(self.open_editor)
        form_layout = self.form.layout()
        if isinstance(form_layout, QFormLayout):
            form_layout.addRow(self.edit_button)
            form_layout.addRow(self.create_button)
        new_box = self.form

        self.recent = QListWidget()
        self.recent.setObjectName("recentFiles")
        # A long folder is cut in its middle, the file's name and the start of its folder kept, never
        # scrolled sideways; the whole path is the item's tooltip.
        self.recent.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.recent.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.recent.setResizeMode(QListView.ResizeMode.Adjust)
        self.recent.setItemDelegate(_AsWideAsTheList(self.recent))
        for path in recent_files(settings):
            if path.is_file():
                item = QListWidgetItem(f"{path.stem}  —  {path}")
                item.setData(Qt.ItemDataRole.UserRole, str(path))
                item.setToolTip(str(path))
                self.recent.addItem(item)
        self.recent.itemActivated.connect(self._recent_chosen)
        # With no recent file, what to do instead, wrapped to the column's width (as a list item it ran
        # past the column's edge, half of it under the scroll bar at 1280x720).
        self.recent_hint = QLabel(tr("No tournament opened yet: create one, open a file, or try the demo."))
        self.recent_hint.setObjectName("recentHint")
        self.recent_hint.setWordWrap(True)
        if self.recent.count():
            self.recent.setCurrentRow(0)
            self.recent_hint.hide()
        else:
            self.recent.hide()
        open_button = QPushButton(tr("Open a file… (Ctrl+O)"))
        open_button.clicked.connect(self.ask_open)
        read_only = QPushButton(tr("Open read-only…"))
        read_only.setObjectName("openReadOnly")
        read_only.clicked.connect(self.ask_open_read_only)
        demo = QPushButton(tr("Open the demo tournament (Ctrl+D)"))
        demo.clicked.connect(self.open_demo)
        restore = QPushButton(tr("Restore from a backup…"))
        restore.setObjectName("restoreBackup")
        restore.clicked.connect(self.ask_restore)
        day2 = QPushButton(tr("New Day 2 from flights… (Ctrl+Shift+N)"))
        day2.setObjectName("newDay2")
        day2.clicked.connect(self.ask_day2)
        open_box = QGroupBox(tr("Recent tournaments"))
        open_layout = QVBoxLayout(open_box)
        open_layout.addWidget(self.recent)
        open_layout.addWidget(self.recent_hint)
        if not self.recent.count():
            open_layout.addStretch(1)  # the hint at the top, the buttons at the bottom, as with a list
        # One under the other: side by side their French words made the page wider than a 1280 px screen.
        for button in (open_button, read_only, demo, restore, day2):
            open_layout.addWidget(button)

        self.error = InlineError()
        columns = QHBoxLayout()
        columns.addWidget(new_box, 1)
        from .club.templates_box import TemplatesBox

        self.templates = TemplatesBox(settings, self)
        self.templates.chosen.connect(self.chosen)
        self.templates.failed.connect(self._template_failed)
        columns.addWidget(self.templates, 1)
        columns.addWidget(open_box, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addLayout(columns, 1)
        layout.addWidget(self.error)
        self.editor: QDialog | None = None  # the tournament editor open now, for tests and screenshots
        self._keys: list[QKeySequence] = []
        for keys, slot in (("Ctrl+N", self.focus_form), ("Ctrl+E", self.open_editor), ("Ctrl+Return", self.ask_create),
                           ("Ctrl+Enter", self.ask_create), ("Ctrl+O", self.ask_open), ("Ctrl+D", self.open_demo),
                           ("Ctrl+Shift+N", self.ask_day2)):
            self._keys.append(QKeySequence(keys))
            QShortcut(self._keys[-1], self).activated.connect(slot)
        # On X11 a text field claims Ctrl+E (end of line) before the page's shortcut sees it, and the name
        # field is where the TD has just typed: the page's own keys go to the page from every field.
        for field in self.findChildren(QLineEdit):
            field.installEventFilter(self)
        self.focus_form()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            pressed = QKeySequence(event.keyCombination())
            if any(pressed.matches(keys) == QKeySequence.SequenceMatch.ExactMatch for keys in self._keys):
                event.ignore()
                return True
        return super().eventFilter(watched, event)

    def focus_form(self) -> None:
        """Ctrl+N: the keys go to the new tournament's name, the rest of the form a Tab away."""
        self.form.name.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.form.name.selectAll()

    def open_editor(self) -> None:
        """Every setting of the form's tournament (re-entries, rebuys, the add-on, bounties, seating, payouts,
        the levels); OK makes it the form's structure, ready to create."""
        from .editor import TournamentEditor

        try:
            config = self.form.config()
        except TourneyError as exc:
            self._template_failed(error_text(exc))
            return
        editor = TournamentEditor(config, self)
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.accepted.connect(lambda: self.form.use(editor.config()))
        editor.finished.connect(lambda _r: setattr(self, "editor", None))
        self.editor = editor
        editor.open()

    def _template_failed(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def _recent_chosen(self, item: QListWidgetItem) -> None:
        path = item.data(Qt.ItemDataRole.UserRole)
        if path:
            self.chosen.emit(str(path))

    def ask_create(self) -> None:
        """The save dialog opens in the documents folder, the file named after the tournament and its date."""
        from .club.templates_box import free_path, tournaments_folder

        folder = tournaments_folder()
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            folder = Path.home()
        target, _ = QFileDialog.getSaveFileName(self, tr("New tournament file"),
                                                str(free_path(folder, self.form.file_stem())),
                                                tr("Tournaments (*.tdesk)"))
        if target:
            self.create_tournament(Path(target))

    def create_tournament(self, path: Path) -> bool:
        """A new file from the chosen structure with tonight's settings; a refusal shows here, by name."""
        return self._made(path, lambda at: Desk.create(at, self.form.config()).close())

    def _made(self, path: Path, make: Callable[[Path], None]) -> bool:
        """A new `.tdesk` file at `path` made by `make`, then opened; a refusal shows here, by name."""
        if path.suffix != ".tdesk":
            path = path.with_suffix(".tdesk")
        try:
            make(path)
        except (TourneyError, OSError) as exc:
            self.error.setText(error_text(exc) if isinstance(exc, TourneyError) else str(exc))
            self.error.show()
            return False
        self.chosen.emit(str(path))
        return True

    def ask_day2(self) -> None:
        """The flights' files chosen together (from the folder of the last file opened, where a flight just
        bagged is), then where the Day 2's file goes (beside them, "Day 2")."""
        from .club.templates_box import free_path

        folder = next((str(path.parent) for path in recent_files(self._settings) if path.is_file()), "")
        chosen, _ = QFileDialog.getOpenFileNames(self, tr("The flights of the Day 2"), folder,
                                                 tr("Tournaments (*.tdesk)"))
        if not chosen:
            return
        flights = [Path(path) for path in chosen]
        options = Day2Options(len(flights), self)
        if options.exec() != QDialog.DialogCode.Accepted:
            return
        target, _ = QFileDialog.getSaveFileName(self, tr("New Day 2 file"),
                                                str(free_path(flights[0].parent, tr("Day 2"))),
                                                tr("Tournaments (*.tdesk)"))
        if target:
            self.create_day2(Path(target), flights, **options.choices())

    def create_day2(self, path: Path, flights: list[Path], *, seating: str = "draw", two_stacks: str = "best") -> bool:
        """The Day 2 made from its flights (each must be bagged), seated and carrying the stacks as the TD
        chose; a refusal shows here and writes nothing."""
        return self._made(path, lambda at: event_files.make_day2(at, flights, seating=seating, two_stacks=two_stacks,
                                                                 station="start_page").close())

    def ask_open(self) -> None:
        target, _ = QFileDialog.getOpenFileName(self, tr("Open a tournament"), "", tr("Tournaments (*.tdesk)"))
        if target:
            self.chosen.emit(target)

    def ask_open_read_only(self) -> None:
        target, _ = QFileDialog.getOpenFileName(self, tr("Open a tournament read-only"), "",
                                                tr("Tournaments (*.tdesk)"))
        if target:
            self.chosen_read_only.emit(target)

    def ask_restore(self) -> None:
        target, _ = QFileDialog.getOpenFileName(self, tr("The tournament to restore"), "", tr("Tournaments (*.tdesk)"))
        if target:
            self.restore_dialog(Path(target)).exec()

    def restore_dialog(self, path: Path) -> QDialog:
        """The backups of `path`; the file restored (or cut before its damage) is then opened."""
        from .restore_dialog import RestoreDialog

        dialog = RestoreDialog(path, parent=self)
        dialog.restored.connect(self.chosen.emit)
        return dialog

    def open_demo(self) -> None:
        path = demo_path()
        make_demo(path, name=demo_name()).close()
        self.chosen.emit(str(path))
