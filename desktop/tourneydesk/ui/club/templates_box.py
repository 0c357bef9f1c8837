"""The start page's templates: tonight's tournament from a saved one in two keystrokes (Ctrl+T, Enter),
named with the date ("Friday PKO 2026-12-04") and saved in the documents folder."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from ...club.service import ClubService
from ...core.config import set_dotted
from ...core.protocol.errors import TourneyError
from ...desk import Desk
from ..i18n import tr
from ..qt import (
    QGroupBox,
    QKeySequence,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSettings,
    QShortcut,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .forms import said
from .link import club_path

log = logging.getLogger(__name__)


def tournaments_folder() -> Path:
    from platformdirs import user_documents_path

    return user_documents_path() / "TourneyDesk"


def free_path(folder: Path, stem: str) -> Path:
    path = folder / f"{stem}.tdesk"
    number = 2
    while path.exists():
        path = folder / f"{stem} ({number}).tdesk"
        number += 1
    return path


class TemplatesBox(QGroupBox):
    """`chosen(path)` once the new tournament file is made; `failed(text)` when it could not be."""

    chosen = Signal(str)
    failed = Signal(str)

    def __init__(self, settings: QSettings, parent: QWidget | None = None, *,
                 today: Callable[[], str] = lambda: time.strftime("%Y-%m-%d"),
                 folder: Callable[[], Path] = tournaments_folder) -> None:
        super().__init__(tr("From a template (Ctrl+T)"), parent)
        self.settings = settings
        self._today = today
        self._folder = folder
        self.list = QListWidget(self)
        self.list.setObjectName("templates")
        self.list.itemActivated.connect(lambda item: self.make_tournament(str(item.data(Qt.ItemDataRole.UserRole))))
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.hint)
        QShortcut(QKeySequence("Ctrl+T"), parent or self).activated.connect(self.focus_list)
        self.templates: dict[str, dict[str, object]] = {}
        self.load()

    def load(self) -> None:
        path = club_path(self.settings)
        self.templates = {}
        if path.is_file():
            try:
                with ClubService.open(path) as club:
                    self.templates = club.templates()
            except (TourneyError, OSError):
                self.templates = {}
        self.list.clear()
        for name in self.templates:
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, name)
            self.list.addItem(item)
        if self.templates:
            self.list.setCurrentRow(0)
            self.hint.setText(tr("Enter makes tonight's tournament, named with the date."))
        else:
            self.hint.setText(tr("No template yet: in the console, Club → Save tonight's settings as a template."))

    def focus_list(self) -> None:
        self.list.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)

    def make_tournament(self, name: str) -> Path | None:
        config = self.templates.get(name)
        if config is None:
            return None
        stem = f"{name} {self._today()}"
        try:
            folder = self._folder()
            folder.mkdir(parents=True, exist_ok=True)
            path = free_path(folder, stem)
            desk = Desk.create(path, set_dotted(dict(config), {"name": stem}))
            tournament_id = desk.tournament_id
            desk.close()
        except (TourneyError, OSError) as exc:
            self.failed.emit(said(exc))
            return None
        try:  # the league by template counts it; the night is made even if the club file went away
            with ClubService.open(club_path(self.settings)) as club:
                club.execute({"type": "made_from", "tournament_id": tournament_id, "template": name,
                              "station": "start_page"})
        except (TourneyError, OSError):
            log.warning("The club file did not note which template made %s", path, exc_info=True)
        self.chosen.emit(str(path))
        return path
