"""The one place where the Desk's callbacks become Qt signals.

The desk knows nothing of Qt (docs/architecture.md): it calls back after every accepted command. Each window
holds the same `DeskBridge` and re-renders from `desk.snapshot()` when `changed` fires.
"""

from __future__ import annotations

import getpass
import threading
from typing import Any

from ..core.read_models.snapshot import Changes
from ..desk import Desk
from .qt import QObject, QSettings, Signal

OPERATOR_KEY = "operator"  # who works at this laptop tonight: written into the log with every command


def account_name() -> str:
    """The computer account's name ("" when there is none to be had, as in a container)."""
    try:
        return getpass.getuser()[:64]
    except (OSError, KeyError):
        return ""


def operator_name(settings: QSettings | None = None) -> str:
    """The name the log gives to whoever works at this laptop: the one set in the settings, else the
    computer account's (a club laptop's account is often the club's: the settings name the person)."""
    chosen = str((settings or QSettings()).value(OPERATOR_KEY, "", type=str)).strip()
    return chosen[:64] if chosen else account_name()


class DeskBridge(QObject):
    """Wraps one open Desk; `changed(result)` fires after every accepted command, on the Qt thread."""

    changed = Signal(dict)

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self.operator = operator_name()
        self._cached: tuple[tuple[int, int], dict[str, Any]] | None = None
        self._unsubscribe = desk.subscribe(self._on_result)
        # While a slow operation runs on a worker thread (`ui/operations.py`), the desk is that thread's:
        # the windows keep the snapshot they have, and what the desk says is passed on once it is done.
        self.busy = False
        self._gui_thread = threading.get_ident()
        self._held: list[dict[str, Any]] = []

    def _on_result(self, result: dict[str, Any]) -> None:
        if threading.get_ident() != self._gui_thread:
            self._held.append(result)  # told on the GUI thread by `release`, never from the worker
            return
        self.changed.emit(result)

    def hold(self) -> None:
        """A worker thread has the desk now: no window asks it anything until `release`."""
        self.busy = True

    def release(self) -> None:
        """On the GUI thread, once the worker is done: the windows hear what it did."""
        self.busy = False
        held, self._held = self._held, []
        for result in held:
            self.changed.emit(result)

    def execute(self, cmd: dict[str, Any]) -> dict[str, Any]:
        """Run a command on the desk. A refusal raises `TourneyError` (code, params, message) and
        writes nothing: the caller shows it beside the field that caused it. The log records who sent
        it: the person at this laptop, unless the command names someone."""
        if self.operator and not cmd.get("actor"):
            cmd = {**cmd, "actor": self.operator}
        return self.desk.execute(cmd)

    def snapshot(self) -> dict[str, Any]:
        """The desk's snapshot, shared by every window that redraws after the same command.

        At 10,000 entries a snapshot costs tens of milliseconds: the console, the cashier and the
        display must not each pay for it after every bust. It is reused while the log has not moved
        and the clock is in the same second (the per-second clocks read the core directly anyway).
        Treat it as read-only. While a worker has the desk (`busy`), the last one is kept."""
        if self.busy and self._cached is not None:
            return self._cached[1]
        key = (self.desk.seq, self.desk.now_ms() // 1000)
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self.desk.snapshot())
        return self._cached[1]

    def changes(self) -> Changes | None:
        """What differs between the desk's last two snapshots (`Desk.changes`): the windows redraw that."""
        return self.desk.changes()

    def detach(self) -> None:
        self._unsubscribe()
