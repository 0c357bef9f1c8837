"""What the club's forms share: one change written through the club file's own door (`ClubService.execute`),
a refusal said under the fields in the TD's words with nothing written, and the club file let go of at
once (it may live on a USB stick)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...club.service import ClubService, club_file_failures
from ...core.protocol.errors import TourneyError
from ..messages import error_text
from ..qt import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget


def said(exc: Exception) -> str:
    return error_text(exc) if isinstance(exc, TourneyError) else str(exc)


def run(club_path: Path, cmd: dict[str, Any]) -> dict[str, Any]:
    """One change to the club file, from the console; a refusal raises TourneyError (nothing written)."""
    try:
        with ClubService.open_or_create(club_path) as club:
            return club.execute({**cmd, "station": "console"})
    except OSError as exc:
        raise TourneyError("CLUB_FILE_FAILED", f"The club file could not be written: {exc}", rule="written",
                           why=str(exc)) from exc


def read(club_path: Path, what: Callable[[ClubService], Any]) -> Any:
    """What the club file says, asked of its door; a failure of the file itself is the club's refusal."""
    with ClubService.open_or_create(club_path) as club, club_file_failures("read"):
        return what(club)


class ClubForm(QDialog):
    """A form of the club's: Save (or Enter in a box) writes `command()` and closes with `saved` holding the
    club's answer; a refusal is said under the fields and nothing is written; Cancel changes nothing."""

    def __init__(self, club_path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.club_path = club_path
        self.saved: dict[str, Any] | None = None
        self.error = QLabel(self)
        self.error.setObjectName("form_error")
        self.error.setProperty("role", "error")
        self.error.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)

    def command(self) -> dict[str, Any]:
        raise NotImplementedError

    def laid_out(self, *parts: QWidget | Any) -> None:
        """The form's parts (widgets or layouts), top to bottom, then the refusal line and the buttons."""
        layout = QVBoxLayout(self)
        for part in parts:
            if isinstance(part, QWidget):
                layout.addWidget(part)
            else:
                layout.addLayout(part)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)

    def save(self) -> None:
        try:
            self.saved = run(self.club_path, self.command())
        except TourneyError as exc:
            self.error.setText(said(exc))
            return
        self.accept()
