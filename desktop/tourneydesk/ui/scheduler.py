"""Wakes the app at the clock's boundaries: level ends, one-minute warnings, backups.

apscheduler's QtScheduler with its `debug` executor runs each job on the Qt thread (docs/architecture.md: threads), so a
job may touch widgets. The scheduler holds no state: after every command and every wake-up the jobs
are planned again from the time left that the core computes. Jobs carry fixed ids with
`replace_existing` so re-planning replaces rather than piles up, and a generous misfire grace because
laptops sleep.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from typing import Any

from apscheduler.schedulers.qt import QtScheduler

from ..core.protocol.errors import TourneyError
from . import operations
from .bridge import DeskBridge
from .console.common import clock_view
from .qt import QObject, Signal

MISFIRE_GRACE_S = 3600
BACKUP_EVERY_S = 60
WARNING_BEFORE_S = 60


class ClockScheduler(QObject):
    """Signals `level_ended()` and `warning(seconds_left)`; runs `desk.tick()` (backups) every minute."""

    level_ended = Signal()
    warning = Signal(int)
    ticked = Signal(bool)

    def __init__(self, bridge: DeskBridge, parent: QObject | None = None,
                 wall_clock: Callable[[], dt.datetime] | None = None) -> None:
        super().__init__(parent)
        self._bridge = bridge
        self._wall_clock = wall_clock or (lambda: dt.datetime.now(dt.UTC))
        self._scheduler = QtScheduler(executors={"default": {"type": "debug"}}, timezone=dt.UTC,
                                      job_defaults={"misfire_grace_time": MISFIRE_GRACE_S, "coalesce": True})
        bridge.changed.connect(self._replan)

    def start(self) -> None:
        self._scheduler.start()
        self._scheduler.add_job(self._backup, "interval", seconds=BACKUP_EVERY_S, id="backup",
                                replace_existing=True)
        self._finish_if_due()  # registration may have closed while the program was not running
        self._replan()

    def shutdown(self) -> None:
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)

    def job_ids(self) -> list[str]:
        return sorted(job.id for job in self._scheduler.get_jobs())

    def _replan(self, _result: dict[str, Any] | None = None) -> None:
        if not self._scheduler.running:
            return
        clock = clock_view(self._bridge.desk)
        for job_id in ("level_end", "warning"):
            if self._scheduler.get_job(job_id):
                self._scheduler.remove_job(job_id)
        if not clock["running"]:
            return
        now = self._wall_clock()
        remaining = int(clock["remaining_s"])
        self._scheduler.add_job(self._level_end, "date", run_date=now + dt.timedelta(seconds=remaining),
                                id="level_end", replace_existing=True)
        if remaining > WARNING_BEFORE_S:
            self._scheduler.add_job(self._warning, "date",
                                    run_date=now + dt.timedelta(seconds=remaining - WARNING_BEFORE_S),
                                    id="warning", replace_existing=True)

    def _level_end(self) -> None:
        self._backup()
        self._finish_if_due()
        self.level_ended.emit()
        self._replan()

    def _finish_if_due(self) -> None:
        """The last bust fell inside late registration (or while a rebuy could bring someone back): the night
        ends by itself once that has closed, at a level's end, with one player left. The core refuses the
        finish while anyone may still come in, so a refusal here only means it is not time yet."""
        desk = self._bridge.desk
        if self._bridge.busy or desk.read_only or desk.status != "running" or desk.counts().players_left != 1:
            return
        with contextlib.suppress(TourneyError):
            operations.run(self._bridge, {"type": "finish"}, station=operations.TD)

    def _warning(self) -> None:
        self.warning.emit(WARNING_BEFORE_S)

    def _backup(self) -> None:
        if self._bridge.busy:
            return  # a worker has the desk (an undo); the next minute's tick sees the level change too
        self.ticked.emit(self._bridge.desk.tick())
