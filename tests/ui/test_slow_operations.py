"""A slow operation (an undo that folds a large field again, opening a long file, restoring a backup) runs
off the GUI thread: the windows go on handling their events, and a progress dialog says what is going on.

The fold is made slow by holding it until the GUI thread has shown the progress dialog and gone on
ticking with it up: what is tested is what the TD sees meanwhile, not how fast the fold is, and no count
of timer ticks in a stretch of wall time (under load a free GUI thread may tick only a few times in half
a second). A fold run on the GUI thread would hold it, and the wait would end unanswered."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog
from pytestqt.qtbot import QtBot

from tests.helpers.desks import seat_players, start
from tests.helpers.keyboard import press
from tourneydesk import desk as desk_module
from tourneydesk.core import rewind
from tourneydesk.desk import Desk
from tourneydesk.ui import app, operations
from tourneydesk.ui.console.main_window import ConsoleWindow

CTRL = Qt.KeyboardModifier.ControlModifier
TICKS_SHOWN = 5  # the GUI thread's own timer, fired with the progress dialog up while the work waits
UNANSWERED_S = 30.0
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


class Watch:
    """What the GUI thread did while a slow operation ran: the progress dialog's words each time a 20 ms
    timer of its own fired with one up; `alive` is set once it has fired `TICKS_SHOWN` times so."""

    def __init__(self) -> None:
        self.progress: list[str] = []
        self.alive = threading.Event()
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QProgressDialog) and widget.isVisible():
                self.progress.append(widget.labelText())
        if len(self.progress) >= TICKS_SHOWN:
            self.alive.set()


def slowed(real: Callable[..., Any], thread_ids: list[int], watch: Watch) -> Callable[..., Any]:
    """`real`, held until the GUI thread has shown the progress dialog and gone on ticking meanwhile."""

    def slow(*args: Any, **kwargs: Any) -> Any:
        thread_ids.append(threading.get_ident())
        watch.alive.wait(UNANSWERED_S)
        return real(*args, **kwargs)

    return slow


def test_a_slow_undo_keeps_the_console_alive_and_shows_its_progress(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot,
        monkeypatch: pytest.MonkeyPatch) -> None:
    desk = make_desk()
    seat_players(desk, 6)
    start(desk)
    window = open_console(desk)
    before = desk.snapshot()
    press(qtbot, Qt.Key.Key_Space)  # a pause, then taken back
    assert desk.snapshot()["clock"]["running"] is False
    undone: list[int] = []  # the threads that put back what the pause changed
    watch = Watch()
    monkeypatch.setattr(rewind, "put_back", slowed(rewind.put_back, undone, watch))
    watch.timer.start()
    press(qtbot, Qt.Key.Key_Z, CTRL)
    box = window.dialog
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isActiveWindow)
    press(qtbot, Qt.Key.Key_Return)  # returns once the undo is done
    watch.timer.stop()

    assert undone and undone[0] != threading.get_ident(), "the undo ran on the GUI thread"
    assert watch.alive.is_set(), "the GUI thread stood still while the undo ran"
    assert watch.progress and watch.progress[0].startswith("Undoing: ")
    assert not any(isinstance(w, QProgressDialog) and w.isVisible() for w in QApplication.topLevelWidgets())
    assert desk.snapshot()["clock"]["running"] is True
    assert window.clock_panel.state_label.text() != "PAUSED"  # the console heard the undo
    assert {k: v for k, v in desk.snapshot().items() if k != "seq"} == {k: v for k, v in before.items()
                                                                         if k != "seq"}


def test_a_quick_undo_shows_no_progress_dialog(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    start(desk)
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_Space)
    watch = Watch()
    watch.timer.start()
    press(qtbot, Qt.Key.Key_Z, CTRL)
    box = window.dialog
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isActiveWindow)
    press(qtbot, Qt.Key.Key_Return)
    watch.timer.stop()
    assert watch.progress == [] and desk.snapshot()["clock"]["running"] is True


def test_a_slow_open_shows_its_progress_and_the_desk_then_serves_the_gui_thread(
        make_desk: Callable[..., Desk], tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    desk = make_desk(name="friday.tdesk")
    seat_players(desk, 4)
    path = desk.path
    desk.close()
    opened: list[int] = []
    watch = Watch()
    monkeypatch.setattr(desk_module, "_load_state", slowed(desk_module._load_state, opened, watch))
    watch.timer.start()
    session = app.open_session(path, "console", QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    watch.timer.stop()
    try:
        assert opened and opened[0] != threading.get_ident()
        assert watch.alive.is_set() and watch.progress[0] == "Opening friday.tdesk…"
        # opened on a worker, the file is the GUI thread's now: commands and reads work here
        session.desk.execute({"type": "clock", "action": "start"})
        assert session.desk.snapshot()["clock"]["started"] is True
    finally:
        session.window.close()
        session.close()


def test_a_fault_or_a_refusal_in_a_slow_operation_comes_back_to_the_gui_thread(
        make_desk: Callable[..., Desk], qtbot: QtBot) -> None:
    from tourneydesk.core.protocol.errors import TourneyError
    from tourneydesk.ui.bridge import DeskBridge
    from tourneydesk.ui.console.common import InlineError

    desk = make_desk()
    bridge = DeskBridge(desk)
    error = InlineError()
    qtbot.addWidget(error)
    try:
        with pytest.raises(ZeroDivisionError):
            operations.in_background(lambda: 1 // 0, label="x", bridge=bridge)
        assert not bridge.busy  # the windows read the desk again
        seq = desk.seq
        assert operations.send_in_background(bridge, {"type": "undo"}, error, station=operations.TD,
                                             label="x") is None
        assert error.text() == "There is nothing to undo" and desk.seq == seq
        with pytest.raises(TourneyError) as refused:
            operations.send_in_background(bridge, {"type": "undo"}, station=operations.TD, label="x")
        assert refused.value.code == "NOTHING_TO_UNDO"
    finally:
        bridge.detach()
