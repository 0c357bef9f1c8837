"""The tournament's link to the club file: the cashier's members, and the night's results recorded.

The tournament never needs the club: the link opens the club file when it is there and lets go of it
when it is not (moved, on a USB stick that was pulled), and every failure is said in a status line,
never raised into a window. Results are recorded after the window has answered the command that
finished the night (a zero-delay timer), and again after any later change (an undo, a corrected place).
A finished night is recorded whenever a club file is there: when the file is opened after the finish,
when the club file is made (at the finish itself, where the club file is the default one; or from the
Club menu), or when it comes back (a stick plugged in again: looked for every few seconds meanwhile).
A member id typed at the cashier that is another member's in the club is asked about
(`ask_member_ids`), never taken silently.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from pathlib import Path

from ...club.members import Member
from ...club.results import event_beside, summary_of
from ...club.service import ClubService, default_club_path
from ...core.protocol.errors import TourneyError
from ..bridge import DeskBridge
from ..messages import error_text
from ..qt import QObject, QSettings, QTimer, Signal

log = logging.getLogger(__name__)
SETTING = "club/path"


def club_path(settings: QSettings) -> Path:
    value = settings.value(SETTING, "")
    return Path(str(value)) if value else default_club_path()


def club_link(settings: QSettings, bridge: DeskBridge | None = None) -> ClubLink:
    """The link to the club file the settings name; the default club file is made for the first night that
    finishes without one."""
    return ClubLink(club_path(settings), bridge, create=not settings.value(SETTING, ""))


class ClubLink(QObject):
    """`recorded(text)` after the night went into the club file; `problem(text)` when the club could not be
    reached or refused (the tournament goes on either way). `ask_member_ids(clashes)`, set by the window that
    can ask the TD, is called when member ids typed at the cashier are other members' in the club; the
    window then calls `answer` (or `answer_later`). Without it the night waits, said as a problem.

    `create`: the club file may be made here when the night finishes and there is none (the default club
    file in the user data folder; never a club file the TD put elsewhere, which may be on a stick)."""

    recorded = Signal(str)
    problem = Signal(str)
    published = Signal(str)

    RETRY_MS = 5000

    def __init__(self, path: Path, bridge: DeskBridge | None = None, parent: QObject | None = None, *,
                 create: bool = False) -> None:
        super().__init__(parent)
        self.path = path
        self._create = create
        self._service: ClubService | None = None
        self._bridge = bridge
        self._recorded_seq: int | None = None
        self._pending = False
        self.ask_member_ids: Callable[[list[dict[str, str]]], object] | None = None
        self._answers: dict[str, str] = {}  # member id typed -> "same" / "new", as the TD answered
        self._asking = False
        self._retry = QTimer(self)
        self._retry.setInterval(self.RETRY_MS)
        self._retry.timeout.connect(self._look_again)
        if bridge is not None:
            bridge.changed.connect(self._after_command)
            self._recorded_seq = self._seq_in_club()
            if self.due():
                QTimer.singleShot(0, self.record_now)  # finished before the club file had it

    # -- the club file, while it is there ---------------------------------------------------------
    def service(self) -> ClubService | None:
        if self._service is not None and not self.path.is_file():
            self._drop()  # the file went away under us: let go of it
        if self._service is None and self.path.is_file():
            try:
                self._service = ClubService.open(self.path)
            except (TourneyError, OSError) as exc:
                self.problem.emit(_words(exc))
                return None
        return self._service

    def _drop(self) -> None:
        service, self._service = self._service, None
        if service is not None:
            with contextlib.suppress(TourneyError, OSError):
                service.close()

    def find(self, text: str, limit: int = 30) -> list[Member]:
        service = self.service()
        if service is None:
            return []
        try:
            return service.find(text, limit)
        except (TourneyError, OSError) as exc:
            self._drop()
            self.problem.emit(_words(exc))
            return []

    def shutdown(self) -> None:
        self._retry.stop()
        self._drop()

    # -- the night's results ---------------------------------------------------------------------
    def _seq_in_club(self) -> int | None:
        service = self.service()
        if service is None or self._bridge is None:
            return None
        try:
            return service.recorded_seq(self._bridge.desk.tournament_id)
        except TourneyError:
            return None

    def due(self) -> bool:
        """Whether the club file lacks what it should hold of tonight: the night finished (or recorded once,
        and changed since) and not recorded as it is now."""
        if self._bridge is None or self._bridge.desk is None:
            return False
        desk = self._bridge.desk
        if desk.config.flight is not None:
            return False  # one event, one night: recorded from its Day 2, with every flight's players
        return (desk.status == "finished" or self._recorded_seq is not None) and desk.seq != self._recorded_seq

    def _after_command(self, _result: object) -> None:
        if self.due() and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.record_now)  # after the window has answered the TD

    def _look_again(self) -> None:
        """While a night waits for its club file: recorded as soon as the file is there again."""
        if not self.due():
            self._retry.stop()
        elif self.path.is_file():
            self.record_now()

    def club_file_made(self) -> None:
        """A window of this program made or opened the club file (Club → Members, say): the night that waits
        for it is recorded now."""
        if self.due():
            self.record_now()

    def answer(self, answers: dict[str, str]) -> bool:
        """The TD's answers about member ids typed at the cashier (member id -> "same" or "new"): the night
        is recorded with them."""
        self._asking = False
        self._answers.update(answers)
        return self.record_now()

    def answer_later(self) -> None:
        """The TD put the question off: the night waits, and is asked about again with the next change."""
        self._asking = False
        self.problem.emit(self.tr("Tonight's results wait: a member id typed at the cashier is to be answered"))

    def record_now(self) -> bool:
        self._pending = False
        if self._bridge is None or self._bridge.desk is None:
            return False
        desk = self._bridge.desk
        if not self.due():
            return True
        if self._asking:
            return False  # the TD is being asked about member ids: recorded once they answer
        service = self.service()
        if service is None and self._create and not self.path.exists():
            service = self._made()
        if service is None:
            self._retry.start()
            self.problem.emit(self.tr("The club file {path} is not there: tonight's results are recorded when it "
                                      "is back").format(path=str(self.path)))
            return False
        try:
            events = desk.events()
            # The snapshot as the last event left it: the night's places and prizes as written.
            summary = event_beside(desk.path, summary_of(desk.snapshot(events[-1].at_ms / 1000), desk.config,
                                                         events))
            cmd = {"type": "record_tournament", "summary": summary, "station": "console"}
            if self._answers:
                cmd["member_ids"] = dict(self._answers)
            result = service.execute(cmd)
        except TourneyError as exc:
            if exc.code == "MEMBER_ID_CLASH" and self.ask_member_ids is not None:
                self._asking = True
                self.ask_member_ids(list(exc.params["clashes"]))
                return False
            self._drop()
            self.problem.emit(_words(exc))
            return False
        except OSError as exc:
            self._drop()
            self.problem.emit(_words(exc))
            return False
        self._retry.stop()
        self._recorded_seq = summary["seq"]
        said = self.tr("Results recorded in the club file ({count} players)").format(count=result["results"])
        if "flights" in summary:
            said = self.tr("The event's results recorded in the club file, its Day 2 and its flights as one night "
                           "({count} players)").format(count=result["results"])
            if summary["flights_missing"]:
                said += " " + self.tr("{flights}: not found beside the Day 2, their players who did not qualify are "
                                      "not in").format(flights=", ".join(summary["flights_missing"]))
        self.recorded.emit(said)
        return True

    def _made(self) -> ClubService | None:
        """The club's first file, made where the program keeps it by default, for its first night."""
        try:
            self._service = ClubService.create(self.path)
        except (TourneyError, OSError) as exc:
            self.problem.emit(_words(exc))
            return None
        return self._service


    # -- the leagues on the website ----------------------------------------------------------------
    def publish(self, url: str, token: str) -> threading.Thread | None:
        """The club's leagues sent to the results website, off the TD's keystrokes: the document is read
        here (the club file's connection is this thread's), sent by a worker; `published` or `problem` says
        how it went."""
        from ...club.publish import club_document, send

        service = self.service()
        if service is None:
            return None
        try:
            document = club_document(service)
        except TourneyError as exc:
            self.problem.emit(_words(exc))
            return None

        def push() -> None:
            try:
                answer = send(document, url, token)
            except TourneyError as exc:
                self.problem.emit(self.tr("The leagues did not reach the website: {why}").format(why=error_text(exc)))
                return
            self.published.emit(self.tr("Leagues published on the website (tournaments it holds: {count})").format(
                count=answer["held"]))

        worker = threading.Thread(target=push, name="tourneydesk-club-publish", daemon=True)
        worker.start()
        return worker


def _words(exc: Exception) -> str:
    return error_text(exc) if isinstance(exc, TourneyError) else str(exc)
