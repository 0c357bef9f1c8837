"""The one place where the Desk's callbacks become Qt signals.

The desk knows nothing of Qt (DESIGN.md 2.6): it calls back after every accepted command. Each window
holds the same `DeskBridge` and re-renders from `desk.snapshot()` when `changed` fires.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Signal

from ..desk import Desk


class DeskBridge(QObject):
    """Wraps one open Desk; `changed(result)` fires after every accepted command, on the Qt thread."""

    changed = Signal(dict)

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._unsubscribe = desk.subscribe(self._on_result)

    def _on_result(self, result: dict[str, Any]) -> None:
        self.changed.emit(result)

    def execute(self, cmd: dict[str, Any]) -> dict[str, Any]:
        """Run a command on the desk. A refusal raises `TourneyError` (code, params, message) and
        writes nothing: the caller shows it beside the field that caused it."""
        return self.desk.execute(cmd)

    def snapshot(self) -> dict[str, Any]:
        return self.desk.snapshot()

    def detach(self) -> None:
        self._unsubscribe()
