"""Restore from a backup: the copies kept beside a tournament file, looked at read-only, one put back.

Shown from the start page, from the console's File menu, and when a file is refused as damaged. The
file in place is never overwritten: it is kept aside under a new name. For a log damaged past a point,
"Open everything before the damage" writes the intact part into a new file beside it instead.
"""

from __future__ import annotations

import time
from datetime import datetime
from pathlib import Path

from .. import recovery
from ..core.protocol.errors import TourneyError
from ..desk import Desk
from . import operations
from .console.common import InlineError
from .i18n import tr
from .messages import error_text
from .qt import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)


def level_words(level: str | None) -> str:
    """The level as `recovery` names it, in the user's language."""
    if level is None:
        return tr("does not open")
    if level.startswith("Level "):
        return tr("Level {number}").format(number=level.removeprefix("Level "))
    return {"Break": tr("Break"), "Not started": tr("Not started"), "Finished": tr("Finished")}.get(level, level)


def reason_words(reason: str) -> str:
    """Why the copy was taken, from its name."""
    if reason == "close":
        return tr("when closed")
    if reason.startswith("level"):
        return tr("at a new level")
    if reason.startswith("before-schema"):
        return tr("before an upgrade")
    return reason


class RestoreDialog(QDialog):
    restored = Signal(str)
    """The file to open now: the restored one, or the part before the damage."""

    def __init__(self, path: Path, damage: TourneyError | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.kept_aside: Path | None = None
        self.setWindowTitle(tr("Restore from a backup"))
        self.resize(760, 460)
        intro = QLabel(tr("Backups of {name}, newest first. Choose one to see what it holds. The file in place "
                          "is kept aside under a new name, never overwritten.").format(name=self.path.name))
        intro.setWordWrap(True)
        self.damage = QLabel(error_text(damage) if damage is not None else "")
        self.damage.setWordWrap(True)
        self.damage.setVisible(damage is not None)
        self.backups = QListWidget()
        self.backups.setObjectName("backups")
        self.preview = QLabel()
        self.preview.setObjectName("backupPreview")
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error = InlineError()
        self.restore_button = QPushButton(tr("Restore this backup"))
        self.restore_button.setDefault(True)
        self.restore_button.clicked.connect(self.restore_chosen)
        self.before_button = QPushButton(tr("Open everything before the damage"))
        self.before_button.clicked.connect(self.open_before_damage)
        self.before_button.setVisible(damage is not None and damage.code == "LOG_DAMAGED")
        cancel = QPushButton(tr("Cancel"))
        cancel.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.before_button)
        buttons.addStretch(1)
        buttons.addWidget(cancel)
        buttons.addWidget(self.restore_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.damage)
        layout.addWidget(self.backups, 1)
        layout.addWidget(self.preview)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.backups.currentRowChanged.connect(self._show_chosen)
        self._fill()

    def _fill(self) -> None:
        self._found = recovery.list_backups(self.path)
        for backup in self._found:
            when = datetime.fromtimestamp(backup.taken_at).strftime("%Y-%m-%d %H:%M")
            if backup.problem is None:
                text = tr("{when} ({why})  ·  {level}  ·  {players}  ·  {events}").format(
                    when=when, why=reason_words(backup.reason), level=level_words(backup.level),
                    players=tr("%Ln players left", "", backup.players_left or 0),
                    events=tr("%Ln events", "", backup.seq))
            else:
                text = tr("{when}  ·  damaged too, cannot be restored").format(when=when)
            item = QListWidgetItem(text)
            if backup.problem is not None:
                item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.backups.addItem(item)
        usable = [i for i, b in enumerate(self._found) if b.problem is None]
        if usable:
            self.backups.setCurrentRow(usable[0])
        else:
            self.preview.setText(tr("There is no backup of this file to restore."))
        self.restore_button.setEnabled(bool(usable))

    def chosen(self) -> recovery.Backup | None:
        row = self.backups.currentRow()
        return self._found[row] if 0 <= row < len(self._found) and self._found[row].problem is None else None

    def _show_chosen(self, _row: int) -> None:
        backup = self.chosen()
        if backup is None:
            return
        try:  # read-only: looking at a backup changes nothing, in it or beside it
            with Desk.open(backup.path, read_only=True) as desk:
                name, entries = desk.config.name, desk.counts().entries
                last = desk.events(max(0, desk.seq - 1))
        except TourneyError as exc:
            self.preview.setText(error_text(exc))
            return
        last_at = datetime.fromtimestamp(last[-1].at_ms / 1000).strftime("%H:%M:%S") if last else "—"
        self.preview.setText(tr("{name}: {events}, {entries}, {players}, {level}. Last recorded at {time}.").format(
            name=name, events=tr("%Ln events", "", backup.seq), entries=tr("%Ln entries", "", entries),
            players=tr("%Ln players left", "", backup.players_left or 0), level=level_words(backup.level),
            time=last_at))

    def restore_chosen(self) -> bool:
        backup = self.chosen()
        if backup is None:
            return False
        try:
            self.kept_aside = operations.in_background(
                lambda: recovery.restore(self.path, backup.path, now=time.time()),
                label=tr("Restoring the backup…"), parent=self)
        except (TourneyError, OSError) as exc:
            self.error.setText(error_text(exc) if isinstance(exc, TourneyError) else str(exc))
            self.error.show()
            return False
        self.restored.emit(str(self.path))
        self.accept()
        return True

    def open_before_damage(self) -> bool:
        try:
            target = recovery.open_before_damage(self.path)
        except (TourneyError, OSError) as exc:
            self.error.setText(error_text(exc) if isinstance(exc, TourneyError) else str(exc))
            self.error.show()
            return False
        self.restored.emit(str(target))
        self.accept()
        return True
