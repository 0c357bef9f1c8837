"""The one way a window sends a command to the Desk.

Every command a window sends goes through here, so that each is handled the same way:

* it is stamped with the station it comes from (`TD`, `CASHIER`): the log says who did what, and the
  window cannot forget it or write another's;
* a preview is the same command with `dry_run`, which the desk answers without writing anything;
* a refusal is a `TourneyError` (its code, params and message): `send` shows it in the window's error
  line and returns None, `run` and `preview` raise it for a window that shows it beside a field;
* a fault inside the desk (a bug, not a refusal) is logged and becomes a `TourneyError` with the code
  `INTERNAL`, shown like a refusal: the desk wrote nothing (one transaction per command), and a TD in
  mid-evening must not lose a window to a traceback.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from ..core.errors import TourneyError
from .bridge import DeskBridge
from .qt import QCoreApplication

log = logging.getLogger(__name__)

TD = "td"  # the TD console and everything opened from it
CASHIER = "cashier"  # the cashier desk


class ShowsRefusals(Protocol):
    """Where a window says why a command was refused (the console's `InlineError`): None clears it."""

    def show_error(self, exc: TourneyError | None) -> None: ...


def stamped(cmd: dict[str, Any], station: str) -> dict[str, Any]:
    """The command as the desk receives it from `station`."""
    return {**cmd, "station": station}


def run(bridge: DeskBridge, cmd: dict[str, Any], *, station: str) -> dict[str, Any]:
    """Execute `cmd` from `station` and return the desk's answer; a refusal or a fault raises TourneyError."""
    try:
        return bridge.execute(stamped(cmd, station))
    except TourneyError:
        raise
    except Exception as exc:
        log.exception("The desk failed on %r", cmd.get("type"))
        # the console's words, under the context lupdate gave them there
        words = QCoreApplication.translate("", "The desk could not do that ({error}); nothing was written")
        raise TourneyError("INTERNAL", words.format(error=type(exc).__name__)) from exc


def preview(bridge: DeskBridge, cmd: dict[str, Any], *, station: str) -> dict[str, Any]:
    """What `cmd` would do, answered by the desk with nothing written (a dry run); raises as `run` does."""
    return run(bridge, {**cmd, "dry_run": True}, station=station)


def send(bridge: DeskBridge, cmd: dict[str, Any], error: ShowsRefusals | None = None, *,
         station: str) -> dict[str, Any] | None:
    """Execute `cmd` from `station`. A refusal or a fault is shown in `error` (nothing was written) and
    None returned; an accepted command clears `error`. Without `error` the TourneyError is raised."""
    try:
        result = run(bridge, cmd, station=station)
    except TourneyError as exc:
        if error is None:
            raise
        error.show_error(exc)
        return None
    if error is not None:
        error.show_error(None)
    return result
