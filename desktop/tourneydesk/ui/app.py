"""The application: Qt set up once, the language installed, and a tournament file opened in its window.

`tourneydesk` opens the last file (or the start page), `tourneydesk FILE` that file; `--cashier` and
`--display` open the cashier desk or the projector display on it instead of the TD console. Each
window remembers its layout; the desk is closed cleanly (with its backup) when the app quits.
"""

from __future__ import annotations

import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ..core.errors import TourneyError
from ..desk import Desk
from . import i18n
from .bridge import DeskBridge

RECENT_KEY = "recent_files"
RECENT_MAX = 8
MODES = ("console", "cashier", "display")


def tr(text: str) -> str:
    # lupdate files a bare tr("...") under the empty context: look it up there.
    return QCoreApplication.translate("", text)


def make_app(argv: list[str] | None = None) -> QApplication:
    """The one QApplication, named so QSettings finds the same place every run, in the chosen language."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv or sys.argv[:1])
    app.setOrganizationName("TourneyDesk")
    app.setApplicationName("TourneyDesk")
    i18n.install(app)
    return app


def recent_files(settings: QSettings) -> list[Path]:
    value = settings.value(RECENT_KEY, [])
    names = [value] if isinstance(value, str) else list(value) if isinstance(value, list | tuple) else []
    return [Path(n) for n in names if n]


def remember(settings: QSettings, path: Path) -> None:
    names = [str(path.resolve())] + [str(p) for p in recent_files(settings) if p != path.resolve()]
    settings.setValue(RECENT_KEY, names[:RECENT_MAX])


@dataclass
class Session:
    """One open tournament: the desk, its bridge, the window on it and the scheduler that wakes it."""

    desk: Desk
    bridge: DeskBridge
    window: QWidget
    extras: list[Any] = field(default_factory=list)

    def close(self) -> None:
        for extra in self.extras:
            shutdown = getattr(extra, "shutdown", None)
            if callable(shutdown):
                shutdown()
        self.bridge.detach()
        self.desk.close()


def open_session(path: Path, mode: str = "console", settings: QSettings | None = None) -> Session:
    """Open `path` in the window for `mode`; a refused file raises TourneyError and opens nothing."""
    settings = settings or QSettings()
    desk = Desk.open(path)
    bridge = DeskBridge(desk)
    try:
        window, extras = _window(bridge, mode, settings)
    except Exception:
        bridge.detach()
        desk.close()
        raise
    remember(settings, path)
    return Session(desk, bridge, window, extras)


def _window(bridge: DeskBridge, mode: str, settings: QSettings) -> tuple[QWidget, list[Any]]:
    if mode == "display":
        from .display import open_display

        return open_display(bridge), []
    from .club.link import ClubLink, club_path

    # The club file is never required: a missing one gives a link that finds nobody and records later.
    club = ClubLink(club_path(settings), bridge)
    if mode == "cashier":
        from .cashier import CashierWindow

        cashier = CashierWindow(bridge, settings=settings, club=club)
        club.recorded.connect(lambda text: cashier.statusBar().showMessage(text, 8000))
        return cashier, [club]
    from .console.main_window import ConsoleWindow
    from .lan_link import LanLink
    from .scheduler import ClockScheduler

    console = ConsoleWindow(bridge, settings)
    club.recorded.connect(console.status.setText)
    club.problem.connect(console.status.setText)
    scheduler = ClockScheduler(bridge, console)
    scheduler.warning.connect(lambda s: console.status.setText(tr("One minute left in this level")))
    scheduler.level_ended.connect(console.refresh)
    scheduler.start()
    # The venue network stays off until the TD switches it on from the console's menu.
    return console, [scheduler, club, LanLink(bridge, console, settings)]


class Launcher:
    """Keeps the sessions open while the app runs and closes them (desk and backup) when it quits."""

    def __init__(self, app: QApplication, settings: QSettings) -> None:
        self.app = app
        self.settings = settings
        self.sessions: list[Session] = []
        self.start_page: QWidget | None = None
        app.aboutToQuit.connect(self.close_all)

    def open(self, path: Path, mode: str = "console") -> bool:
        try:
            session = open_session(path, mode, self.settings)
        except TourneyError as exc:
            QMessageBox.critical(None, tr("Cannot open the file"), f"{path}\n\n{exc.message}")
            return False
        self.sessions.append(session)
        if mode != "display":
            session.window.show()
        if self.start_page is not None:
            self.start_page.close()
            self.start_page = None
        return True

    def show_start_page(self) -> None:
        from .start_page import StartPage

        page = StartPage(self.settings)
        page.chosen.connect(lambda path: self.open(Path(path)))
        page.show()
        self.start_page = page

    def close_all(self) -> None:
        while self.sessions:
            self.sessions.pop().close()


def run(path: Path | None = None, mode: str = "console") -> int:
    """The GUI: `path`, else the last file opened, else the start page."""
    app = make_app()
    settings = QSettings()
    launcher = Launcher(app, settings)
    if path is None and mode == "console":
        last = next((p for p in recent_files(settings) if p.is_file()), None)
        if last is None or not launcher.open(last):
            launcher.show_start_page()
    elif path is None or not launcher.open(path, mode):
        return 1
    # Ctrl+C in the terminal quits cleanly (the desk closes with its backup): Python sees the signal only
    # when it runs, so a timer lets it run a few times a second.
    signal.signal(signal.SIGINT, lambda *_: app.quit())
    wake = QTimer()
    wake.timeout.connect(lambda: None)
    wake.start(250)
    return app.exec()
