"""Small pieces every console window shares: the inline error, sending a command, words for statuses."""

from __future__ import annotations

from typing import Any

from ...core.protocol.errors import TourneyError
from ...desk import Desk
from .. import operations
from ..bridge import DeskBridge
from ..i18n import tr as tr  # the console's modules take their words from here
from ..messages import error_text
from ..qt import QLabel, QWidget

# The console reads at arm's length: 11 points. A widget with its own style sheet no longer inherits its
# window's font, so each such sheet says the size again.
TEXT_POINTS = 11.0
TEXT_SIZE = "font-size: 11pt;"


class InlineError(QLabel):
    """A refusal shown beside the field that caused it, in red; hidden while there is nothing to say."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inlineError")
        self.setStyleSheet(f"color: #c62828; font-weight: 600; {TEXT_SIZE}")
        self.setWordWrap(True)
        self.hide()

    def show_error(self, exc: TourneyError | None) -> None:
        if exc is None:
            self.clear()
            self.hide()
        else:
            self.setText(error_text(exc))
            self.show()


def send(bridge: DeskBridge, cmd: dict[str, Any], error: InlineError | None = None) -> dict[str, Any] | None:
    """Run a command from the TD's station; on a refusal show it inline (nothing was written) and return None."""
    return operations.send(bridge, cmd, error, station=operations.TD)


def send_slow(bridge: DeskBridge, cmd: dict[str, Any], error: InlineError | None, parent: QWidget | None,
              label: str) -> dict[str, Any] | None:
    """`send`, for a command that may take a while (an undo folds the state again): run off the GUI thread,
    the windows repainting and, if it lasts, a progress dialog saying `label`."""
    return operations.send_in_background(bridge, cmd, error, station=operations.TD, label=label, parent=parent)


def preview(bridge: DeskBridge, cmd: dict[str, Any]) -> dict[str, Any]:
    """What a command from the TD's station would do (a dry run): raises its refusal as a TourneyError."""
    return operations.preview(bridge, cmd, station=operations.TD)


def clock_view(desk: Desk) -> dict[str, Any]:
    """The clock part of the snapshot, computed by the core at this instant without folding every entry:
    the console re-reads it every second, and a whole snapshot of 10,000 entries is too slow for that."""
    clock: dict[str, Any] = desk.clock_now()["clock"]
    return clock


def status_words() -> dict[str, str]:
    return {"active": tr("playing"), "busted": tr("out"), "abandoned": tr("abandoned stack"),
            "disqualified": tr("disqualified"), "removed": tr("removed")}


def place_text(entry: dict[str, Any]) -> str:
    place, place_to = entry.get("place"), entry.get("place_to")
    if place is None:
        return ""
    text = f"{place}" if place_to in (None, place) else f"{place}–{place_to}"
    return text if entry.get("place_final") else f"{text}*"
