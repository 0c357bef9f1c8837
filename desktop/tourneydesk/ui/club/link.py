"""The tournament's link to the club file: the cashier's members, and the night's results recorded.

The tournament never needs the club: the link opens the club file when it is there and lets go of it
when it is not (moved, on a USB stick that was pulled), and every failure is said in a status line,
never raised into a window. Results are recorded after the window has answered the command that
finished the night (a zero-delay timer), and again after any later change (an undo, a corrected place).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from pathlib import Path

from ...club.members import Member
from ...club.results import summary_of
from ...club.service import ClubService, default_club_path
from ...core.protocol.errors import TourneyError
from ..bridge import DeskBridge
from ..qt import QObject, QSettings, QTimer, Signal

log = logging.getLogger(__name__)
SETTING = "club/path"


def club_path(settings: QSettings) -> Path:
    value = settings.value(SETTING, "")
    return Path(str(value)) if value else default_club_path()


class ClubLink(QObject):
    """`recorded(text)` after the night went into the club file; `problem(text)` when the club could not be
    reached or refused (the tournament goes on either way)."""

    recorded = Signal(str)
    problem = Signal(str)
    published = Signal(str)

    def __init__(self, path: Path, bridge: DeskBridge | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self._service: ClubService | None = None
        self._bridge = bridge
        self._recorded_seq: int | None = None
        self._pending = False
        if bridge is not None:
            bridge.changed.connect(self._after_command)
            self._recorded_seq = self._seq_in_club()

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

    def _after_command(self, _result: object) -> None:
        assert self._bridge is not None
        if (self._bridge.desk.status == "finished" or self._recorded_seq is not None) and not self._pending:
            self._pending = True
            QTimer.singleShot(0, self.record_now)  # after the window has answered the TD

    def record_now(self) -> bool:
        self._pending = False
        if self._bridge is None:
            return False
        desk = self._bridge.desk
        if desk.seq == self._recorded_seq:
            return True
        service = self.service()
        if service is None:
            self.problem.emit(self.tr("The club file {path} is not there: tonight's results are recorded when it "
                                      "is back").format(path=str(self.path)))
            return False
        try:
            events = desk.events()
            # The snapshot as the last event left it: the night's places and prizes as written.
            summary = summary_of(desk.snapshot(events[-1].at_ms / 1000), desk.config, events)
            result = service.execute({"type": "record_tournament", "summary": summary, "station": "console"})
        except (TourneyError, OSError) as exc:
            self._drop()
            self.problem.emit(_words(exc))
            return False
        self._recorded_seq = summary["seq"]
        self.recorded.emit(self.tr("Results recorded in the club file ({count} players)").format(
            count=result["results"]))
        return True


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
                self.problem.emit(self.tr("The leagues did not reach the website: {why}").format(why=exc.message))
                return
            self.published.emit(self.tr("Leagues published on the website (tournaments it holds: {count})").format(
                count=answer["held"]))

        worker = threading.Thread(target=push, name="tourneydesk-club-publish", daemon=True)
        worker.start()
        return worker


def _words(exc: Exception) -> str:
    return exc.message if isinstance(exc, TourneyError) else str(exc)
