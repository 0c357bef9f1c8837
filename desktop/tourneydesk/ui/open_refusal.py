"""What the TD is offered when a file is refused but there is a way to look at it, or to play on.

A file that cannot be written (a locked card, a read-only share, a file marked unchangeable or one
the TD may not write to, or a disk too full to read its last commands where they are) can still be
opened read-only. A file that holds fewer commands than were
recorded in it can be restored from a backup that holds more, or opened as it is once the TD knows
what is missing. Any other refusal is only said: the app shows it and opens nothing.
"""

from __future__ import annotations

from pathlib import Path

from ..core.protocol.errors import TourneyError
from .i18n import tr
from .messages import error_text
from .qt import QMessageBox, QWidget

READ_ONLY_WAY_OUT = frozenset({"FILE_READ_ONLY", "FILE_IMMUTABLE", "FILE_NO_PERMISSION", "DISK_FULL"})
"""Refusals of a file that cannot be written (or not now: a full disk): it can be looked at read-only."""

READ_ONLY, AS_IT_IS, RESTORE = "read_only", "as_it_is", "restore"


def ways_out(error: TourneyError, *, read_only: bool = False, backups: bool = False) -> list[str]:
    """The ways out of `error` the TD can be offered, in the order the buttons show them."""
    if error.code in READ_ONLY_WAY_OUT and not read_only:
        return [READ_ONLY]
    if error.code == "COMMANDS_MISSING":
        return ([RESTORE] if backups else []) + [AS_IT_IS]
    return []


class RefusalBox(QMessageBox):
    """The refusal in words, with one button per way out and Cancel; `choice` is the button pressed."""

    def __init__(self, path: Path, error: TourneyError, ways: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("refusalBox")
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle(tr("Cannot open the file as it is") if error.code == "COMMANDS_MISSING"
                            else tr("Cannot write to the file"))
        self.setText(f"{path}\n\n{error_text(error)}")
        if error.code == "COMMANDS_MISSING":
            self.setInformativeText(tr("Opened as it is, the file goes on from what it holds; the damaged "
                                       "write-ahead log is kept aside beside it."))
        words = {READ_ONLY: tr("Open read-only"), AS_IT_IS: tr("Open as it is"),
                 RESTORE: tr("Restore from a backup…")}
        self._buttons: dict[object, str] = {}  # button -> its way out
        for way in ways:
            button = self.addButton(words[way], QMessageBox.ButtonRole.AcceptRole)
            button.setObjectName(way)
            self._buttons[button] = way
        cancel = self.addButton(QMessageBox.StandardButton.Cancel)
        self.setDefaultButton(cancel)
        self.setEscapeButton(cancel)

    def choice(self) -> str | None:
        """The way out pressed, or None (Cancel, Escape, closed)."""
        clicked = self.clickedButton()
        return self._buttons.get(clicked) if clicked is not None else None
