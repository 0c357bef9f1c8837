"""The desk's own thread: where every LAN request's command and read is run.

The Desk is not thread-safe and its SQLite connection belongs to the thread that opened it. The LAN
server therefore never touches it: it submits a function and awaits the future. In the desktop app the
functions run on the Qt thread, between the windows' own commands (`ui.lan_link.QtRunner`); without
windows (`tourneydesk FILE --lan`) one `DeskThread` opens the file and runs them in order.
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Protocol, TypeVar

from ..core.protocol.errors import TourneyError
from ..desk import Desk

T = TypeVar("T")


class DeskRunner(Protocol):
    def submit(self, fn: Callable[[Desk], T]) -> Future[T]:
        """Run `fn(desk)` on the desk's thread; the future holds its value or its exception."""
        ...


def run_into(future: Future[Any], fn: Callable[[Desk], Any], desk: Desk) -> None:
    if not future.set_running_or_notify_cancel():
        return
    try:
        future.set_result(fn(desk))
    except BaseException as exc:  # the caller sees the refusal (TourneyError) or the failure
        future.set_exception(exc)


class DeskThread:
    """One thread that opens the desk and runs every submitted function, one at a time, in order."""

    def __init__(self, open_desk: Callable[[], Desk], housekeeping_s: float = 1.0) -> None:
        self._open = open_desk
        self._jobs: queue.Queue[tuple[Future[Any], Callable[[Desk], Any]] | None] = queue.Queue()
        self._housekeeping_s = housekeeping_s
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="desk", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait()
        if self._error is not None:
            raise self._error

    def submit(self, fn: Callable[[Desk], T]) -> Future[T]:
        future: Future[T] = Future()
        self._jobs.put((future, fn))
        return future

    def stop(self) -> None:
        """Run what is queued, then close the desk (with its backup) and end the thread."""
        self._jobs.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        try:
            desk = self._open()
        except BaseException as exc:
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        try:
            finish_if_due(desk)
            due = time.monotonic() + self._housekeeping_s
            while True:
                try:
                    job = self._jobs.get(timeout=max(0.0, due - time.monotonic()))
                except queue.Empty:
                    pass
                else:
                    if job is None:
                        return
                    run_into(job[0], job[1], desk)
                # The app's timer does this between commands; here the desk's thread does, also while phones
                # keep it busy (a stream of reads never leaves it idle for a second).
                if time.monotonic() >= due:
                    if desk.tick():
                        finish_if_due(desk)
                    due = time.monotonic() + self._housekeeping_s
        finally:
            desk.close()


def finish_if_due(desk: Desk) -> None:
    """With no window's scheduler to do it: the last bust fell inside late registration (or while a rebuy
    could bring someone back), and the night ends by itself at the level's end that closes it, or when
    the file opens after it closed. The core refuses the finish while anyone may still come in, so a
    refusal here only means it is not time yet."""
    if desk.read_only or desk.status != "running" or desk.counts().players_left != 1:
        return
    with contextlib.suppress(TourneyError):
        desk.execute({"type": "finish", "station": "td"})
