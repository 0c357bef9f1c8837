"""The one way a window sends a command to the Desk.

Every command a window sends goes through here, so that each is handled the same way:

* it is stamped with the station it comes from (`TD`, `CASHIER`): the log says who did what, and the
  window cannot forget it or write another's;
* a preview is the same command with `dry_run`, which the desk answers without writing anything;
* a refusal is a `TourneyError` (its code, params and message): `send` shows it in the window's error
  line and returns None, `run` and `preview` raise it for a window that shows it beside a field;
* a fault inside the desk (a bug, not a refusal) is logged and becomes a `TourneyError` with the code
  `INTERNAL`, shown like a refusal: the desk wrote nothing (one transaction per command), and a TD in
  mid-evening must not lose a window to a traceback;
* a slow one (an undo, which folds the state again; opening a file; restoring a backup) runs on a worker
  thread (`in_background`) while the windows keep repainting, with a progress dialog once it has taken
  longer than a glance. The desk is the worker's meanwhile (docs/architecture.md: threads).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ..core.protocol.errors import TourneyError
from .bridge import DeskBridge
from .qt import QCoreApplication, QEventLoop, QObject, QProgressDialog, Qt, QThreadPool, QTimer, QWidget, Signal

log = logging.getLogger(__name__)

T = TypeVar("T")
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
    return _shown(lambda: run(bridge, cmd, station=station), error)


def _shown(call: Callable[[], dict[str, Any]], error: ShowsRefusals | None) -> dict[str, Any] | None:
    """`call`'s answer, its refusal shown in `error` (and None returned), or raised when there is no `error`."""
    try:
        result = call()
    except TourneyError as exc:
        if error is None:
            raise
        error.show_error(exc)
        return None
    if error is not None:
        error.show_error(None)
    return result


# A slow operation shows its progress dialog after this long: an undo at forty players takes a few
# milliseconds, and a dialog flashing by would only startle.
PROGRESS_AFTER_MS = 250
QUICK_S = 0.05  # waited for on the GUI thread before its event loop takes over


class _Done(QObject):
    """Made on the GUI thread; emitted from the worker, so the waiting loop hears it on the GUI thread."""

    finished = Signal()


def in_background(work: Callable[[], T], *, label: str, parent: QWidget | None = None,
                  bridge: DeskBridge | None = None) -> T:
    """Run `work` on a worker thread and wait for it without freezing the windows: the GUI thread keeps
    handling its events (the clocks go on, the windows repaint), and after `PROGRESS_AFTER_MS` a modal
    progress dialog says `label` and keeps the TD's keys out until it is done. Returns what `work`
    returns, or raises what it raised.

    With `bridge`, the desk is the worker's meanwhile: the bridge is held (the windows keep their last
    snapshot, and what the desk tells is passed on once the worker is done), and anything on the GUI
    thread that asks the desk itself waits for the desk's lock."""
    outcome: dict[str, Any] = {}
    done = _Done()
    loop = QEventLoop()
    done.finished.connect(loop.quit, Qt.ConnectionType.QueuedConnection)
    # Set once the worker has finished touching `done`: only then may the GUI thread let it go (a sender
    # destroyed while its emit is still returning on the worker would crash the program).
    let_go = threading.Event()

    def job() -> None:
        try:
            outcome["value"] = work()
        except BaseException as exc:  # carried back to the GUI thread and raised there
            outcome["error"] = exc
        finally:
            done.finished.emit()
            let_go.set()

    shown: list[QProgressDialog] = []

    def show_progress() -> None:
        dialog = QProgressDialog(label, "", 0, 0, parent)
        dialog.setObjectName("operation_progress")
        dialog.setWindowTitle("TourneyDesk")
        dialog.setCancelButton(None)
        dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
        dialog.setMinimumDuration(0)
        dialog.show()
        shown.append(dialog)

    timer = QTimer()
    timer.setSingleShot(True)
    timer.timeout.connect(show_progress)
    if bridge is not None:
        bridge.hold()
    try:
        timer.start(PROGRESS_AFTER_MS)
        QThreadPool.globalInstance().start(job)
        # Most undos take a few milliseconds: those finish here without a nested event loop, so nothing
        # else the windows have queued runs in the middle of them.
        if not let_go.wait(QUICK_S):
            loop.exec()
    finally:
        let_go.wait()
        timer.stop()
        for dialog in shown:
            dialog.close()
            dialog.deleteLater()
        if bridge is not None:
            bridge.release()
    if "error" in outcome:
        raise outcome["error"]
    value: T = outcome["value"]
    return value


def send_in_background(bridge: DeskBridge, cmd: dict[str, Any], error: ShowsRefusals | None = None, *,
                       station: str, label: str, parent: QWidget | None = None) -> dict[str, Any] | None:
    """`send`, for a command that may take a while (an undo at a large field), run by `in_background`."""
    return _shown(lambda: in_background(lambda: run(bridge, cmd, station=station), label=label, parent=parent,
                                        bridge=bridge), error)
