"""The application: Qt set up once, the language installed, and a tournament file opened in its window.

`tourneydesk` opens the last file (or the start page), `tourneydesk FILE` that file; `--cashier` and
`--display` open the cashier desk or the projector display on it instead of the TD console. Each
window remembers its layout; the desk is closed cleanly (with its backup) when the app quits.
"""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import resources
from ..core.protocol.errors import TourneyError
from ..desk import Desk
from . import i18n, operations
from .bridge import DeskBridge
from .i18n import tr
from .messages import error_text
from .open_refusal import AS_IT_IS, READ_ONLY, RESTORE, RefusalBox, ways_out
from .qt import QApplication, QIcon, QMessageBox, QSettings, QTimer, QWidget
from .recent import recent_files, remember
from .screen_fit import show_first_time
from .start_page import StartPage

MODES = ("console", "cashier", "display")


def make_app(argv: list[str] | None = None) -> QApplication:
    """The one QApplication, named so QSettings finds the same place every run, in the chosen language."""
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(argv or sys.argv[:1])
    app.setOrganizationName("TourneyDesk")
    app.setApplicationName("TourneyDesk")
    app.setWindowIcon(app_icon())
    i18n.install(app)
    return app


def app_icon() -> QIcon:
    """The chip-and-clock icon at every size shipped, so each window and task bar picks a sharp one."""
    icon = QIcon()
    for png in sorted(resources.resource_folder("icons").glob("tourneydesk_*.png")):
        icon.addFile(str(png))
    return icon


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


def open_session(path: Path, mode: str = "console", settings: QSettings | None = None, *,
                 read_only: bool = False, accept_missing: bool = False) -> Session:
    """Open `path` in the window for `mode`; a refused file raises TourneyError and opens nothing.

    `read_only` and `accept_missing` are the ways out the TD chose after a refusal (`Desk.open`)."""
    settings = settings or QSettings()
    # Opening folds the log from its checkpoint: a second at a large field, so off the GUI thread.
    desk = operations.in_background(lambda: Desk.open(path, read_only=read_only, accept_missing=accept_missing),
                                    label=tr("Opening {file}…").format(file=path.name))
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
    from .club.link import club_link
    from .club.questions import ask_member_ids

    # The club file is never required: a missing one gives a link that finds nobody and records later.
    club = club_link(settings, bridge)
    if mode == "cashier":
        from .cashier import CashierWindow

        cashier = CashierWindow(bridge, settings=settings, club=club)
        club.recorded.connect(lambda text: cashier.statusBar().showMessage(text, 8000))
        club.ask_member_ids = lambda clashes: ask_member_ids(cashier, club, clashes)
        return cashier, [club]
    from .club.console_menu import link_to_console
    from .console.main_window import ConsoleWindow
    from .lan_link import LanLink
    from .scheduler import ClockScheduler

    console = ConsoleWindow(bridge, settings, club=club)
    link_to_console(console, club)

    def publish_leagues(_text: str) -> None:
        # A night recorded: the club's leagues follow it to the website this tournament syncs to, if any.
        link = getattr(getattr(console, "sync_label", None), "link", None)
        if link is not None and link.configured and link.url and link.token:
            club.publish(link.url, link.token)

    club.recorded.connect(publish_leagues)
    scheduler = ClockScheduler(bridge, console)
    scheduler.warning.connect(console.warn_last_minute)
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
        self.start_page: StartPage | None = None
        app.aboutToQuit.connect(self.close_all)

    def open(self, path: Path, mode: str = "console", *, read_only: bool = False,
             accept_missing: bool = False) -> bool:
        """Open `path` in the window for `mode`; a file already open gets that window on its own desk.

        A refusal with a way out (open read-only, restore, open as it is) asks the TD which to take."""
        existing = next((s for s in self.sessions if s.desk.path.resolve() == path.resolve()), None)
        if existing is not None:
            bring_forward(self._window_on(existing, mode))
            return True
        try:
            session = open_session(path, mode, self.settings, read_only=read_only, accept_missing=accept_missing)
        except TourneyError as exc:
            if exc.code == "LOG_DAMAGED" or (exc.code == "FILE_CORRUPT" and _has_backups(path)):
                return self.restore(path, exc, mode)  # the way out: a backup, or the part before the damage
            ways = ways_out(exc, read_only=read_only, backups=_has_backups(path))
            if not ways:
                QMessageBox.critical(None, tr("Cannot open the file"), f"{path}\n\n{error_text(exc)}")
                return False
            box = RefusalBox(path, exc, ways)
            box.exec()
            choice = box.choice()
            if choice == READ_ONLY:
                return self.open(path, mode, read_only=True, accept_missing=accept_missing)
            if choice == AS_IT_IS:
                return self.open(path, mode, read_only=read_only, accept_missing=True)
            if choice == RESTORE:
                return self.restore(path, exc, mode)
            return False
        self.sessions.append(session)
        if mode != "display":
            if self.settings.contains(_GEOMETRY_KEYS.get(mode, "")):
                session.window.show()  # where and as big as the user left it
            else:
                show_first_time(session.window)
            bring_forward(session.window)
        from .console.main_window import ConsoleWindow

        if isinstance(session.window, ConsoleWindow):
            console = session.window
            console.restore_requested.connect(lambda: self._restore_open(session))
            console.new_requested.connect(self.show_new_tournament)
            console.open_requested.connect(lambda target: self.open(Path(target)))
            console.start_page_requested.connect(lambda: self._back_to_start_page(session))
            console.reopen_side_windows()  # the cashier and the projector, if they were open last time
        if self.start_page is not None:
            self.start_page.close()
            self.start_page = None
        return True

    def restore(self, path: Path, damage: TourneyError | None = None, mode: str = "console") -> bool:
        """Show the backups of `path` (closed); open what the TD restores, if anything."""
        from .restore_dialog import RestoreDialog

        dialog = RestoreDialog(path, damage)
        chosen: list[str] = []
        dialog.restored.connect(chosen.append)
        dialog.exec()
        if not chosen:
            return False
        return self.open(Path(chosen[-1]), mode)

    def _restore_open(self, session: Session) -> None:
        """From the console's File menu: the file must be closed before a backup replaces it."""
        path = session.desk.path
        if session in self.sessions:
            self.sessions.remove(session)
        session.window.close()
        session.close()
        if not self.restore(path):
            self.open(path)

    def _back_to_start_page(self, session: Session) -> None:
        """From the console's File menu (after the demo, say): this file closed, its windows with it."""
        if session in self.sessions:
            self.sessions.remove(session)
        session.window.close()
        session.close()
        self.show_start_page()

    def show_new_tournament(self) -> None:
        """File > New tournament in a console: the start page, its form ready to type in."""
        if self.start_page is None:
            self.show_start_page()
        if self.start_page is not None:
            self.start_page.focus_form()

    def _window_on(self, session: Session, mode: str) -> QWidget:
        """The session's window for `mode`: the one open, else a new one on the same desk."""
        from .cashier import CashierWindow
        from .console.main_window import ConsoleWindow
        from .display import DisplayWindow

        kinds: dict[str, type[QWidget]] = {"console": ConsoleWindow, "cashier": CashierWindow,
                                           "display": DisplayWindow}
        side = list(getattr(session.window, "side_windows", []))
        for window in [session.window, *session.extras, *side]:
            if isinstance(window, kinds[mode]) and _alive(window) and not window.isHidden():
                return window
        if isinstance(session.window, ConsoleWindow) and mode in ("cashier", "display"):
            # The console's own menu entries, so the window is the console's (closed with it).
            session.window.open_cashier() if mode == "cashier" else session.window.open_display()
            return session.window.side_windows[-1] if session.window.side_windows else session.window
        window, extras = _window(session.bridge, mode, self.settings)
        session.extras.extend([window, *extras])
        if mode != "display":
            window.show() if self.settings.contains(_GEOMETRY_KEYS[mode]) else show_first_time(window)
        return window

    def handle_request(self, path: Path | None, mode: str) -> None:
        """What another copy of the program handed over: open it here (or show what is open)."""
        if mode not in MODES:
            mode = "console"
        if path is not None:
            self.open(path, mode)
            return
        for window in [s.window for s in self.sessions] + ([self.start_page] if self.start_page else []):
            bring_forward(window)
            return
        self.show_start_page()

    def show_start_page(self) -> None:
        if self.start_page is not None:
            self.start_page.show()
            bring_forward(self.start_page)
            return
        page = StartPage(self.settings)
        page.chosen.connect(lambda path: self.open(Path(path)))
        page.chosen_read_only.connect(lambda path: self.open(Path(path), read_only=True))
        page.show()
        self.start_page = page

    def close_all(self) -> None:
        while self.sessions:
            self.sessions.pop().close()


# Where each window keeps its place; a window without one opens maximised on its screen.
_GEOMETRY_KEYS = {"console": "console/geometry", "cashier": "cashier/geometry"}


def bring_forward(window: QWidget | None) -> None:
    if window is None:
        return
    if window.isMinimized():
        window.showNormal()
    window.raise_()
    window.activateWindow()


def _alive(window: QWidget) -> bool:
    try:
        window.isHidden()
    except RuntimeError:  # closed with WA_DeleteOnClose: the C++ side is gone
        return False
    return True


def report_unexpected(kind: type[BaseException], error: BaseException, trace: Any) -> None:
    """An error no code path expected: said in a dialog, its details in the log, never a traceback window."""
    import logging
    import traceback

    logging.getLogger("tourneydesk").error("Unexpected error", exc_info=(kind, error, trace))
    print("".join(traceback.format_exception(kind, error, trace)), file=sys.stderr)
    if isinstance(error, TourneyError):
        text = error.message
    else:
        text = tr("Something unexpected went wrong: {error}. The tournament file is safe: every accepted change "
                  "was saved when it was made.").format(error=f"{kind.__name__}: {error}")
    # Under EXIT_WHEN_READY no one is there to close the dialog: the error and the exit code say it.
    if QApplication.instance() is not None and not os.environ.get(EXIT_WHEN_READY_ENV):
        QMessageBox.critical(None, tr("TourneyDesk"), text)


def _has_backups(path: Path) -> bool:
    from ..recovery import backups_folder

    folder = backups_folder(path)
    return folder.is_dir() and any(folder.glob(f"{path.stem}-*.tdesk"))


def run(path: Path | None = None, mode: str = "console") -> int:
    """The GUI: `path`, else the last file opened, else the start page.

    When TourneyDesk already runs for this user, the request goes to it (it opens the file or the window
    asked for, or brings it forward) and this copy stops: one program per file, never two."""
    try:
        app = make_app()
    except TourneyError as exc:  # a broken install: the file it lacks, named in a dialog
        QMessageBox.critical(None, "TourneyDesk", exc.message)
        return 1
    from .single_instance import InstanceChannel, hand_over

    answer = hand_over(path, mode)
    if answer is not None:
        where = f"{path} " if path is not None else ""
        print(f"tourneydesk: TourneyDesk is already running; {where}was handed to it"
              + ("" if answer.get("ok") else f" ({answer.get('message')})"), file=sys.stderr)
        return 0 if answer.get("ok") else 1
    sys.excepthook = report_unexpected
    settings = QSettings()
    launcher = Launcher(app, settings)
    channel = InstanceChannel(app)
    channel.requested.connect(launcher.handle_request)
    channel.listen()
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
    if os.environ.get(EXIT_WHEN_READY_ENV):
        QTimer.singleShot(0, lambda: _exit_when_ready(app, launcher))
    return app.exec()


# Set, the program quits as soon as its window is on screen and painted, saying "ready" on stderr:
# how installers/build.py tries the frozen program's real window and scripts/bench_bundle.py times
# the start of a usable console.
EXIT_WHEN_READY_ENV = "TOURNEYDESK_EXIT_WHEN_READY"


def _exit_when_ready(app: QApplication, launcher: Launcher) -> None:
    windows = [s.window for s in launcher.sessions] + ([launcher.start_page] if launcher.start_page else [])
    for window in windows:
        window.repaint()  # painted now, not on some later turn of the loop
    app.processEvents()
    shown = [type(w).__name__ for w in windows if w.isVisible()]
    print(f"tourneydesk: ready ({', '.join(shown) or 'no window'}, {QApplication.platformName()})",
          file=sys.stderr, flush=True)
    app.exit(0 if shown else 1)
