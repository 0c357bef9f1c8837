"""A night whose last bust falls inside late registration: it ends by itself when registration closes with
one player left, and is recorded in the club file; the TD can end it by hand before (Ctrl+Shift+F)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import seat_players, start, table_mate
from tests.helpers.keyboard import press
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.club.link import ClubLink
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.results_dialog import ResultsDialog
from tourneydesk.ui.results import winner
from tourneydesk.ui.scheduler import ClockScheduler

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def evening(make_desk: Callable[..., Desk], tmp_path: Path, qtbot: QtBot
            ) -> Iterator[tuple[Desk, ConsoleWindow, ClockScheduler, Path]]:
    """Three players, two of them out in level 1 while late registration is open; the console, its club
    link and its scheduler on the desk."""
    club = tmp_path / "club.tdclub"
    ClubService.create(club).close()
    desk = make_desk(config(payouts={"places": [7000, 3000], "rounding": 1}))
    first, second, _ = seat_players(desk, 3)
    bridge = DeskBridge(desk)
    link = ClubLink(club, bridge)
    console = ConsoleWindow(bridge, QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat), club=link)
    qtbot.addWidget(console)
    console.show()
    qtbot.waitExposed(console)
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)
    scheduler = ClockScheduler(bridge, console, wall_clock=lambda: dt.datetime(2026, 1, 9, 20, tzinfo=dt.UTC))
    scheduler.start()
    start(desk)
    for entry in (first, second):
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    yield desk, console, scheduler, club
    scheduler.shutdown()
    console.close()
    link.shutdown()
    bridge.detach()


def recorded(club: Path) -> list[tuple[str, int | None]]:
    with ClubService.open(club) as service:
        return sorted((r["name"], r["place"]) for r in service.file.rows(
            "SELECT r.name, r.place FROM results r JOIN tournaments t ON t.id = r.tournament WHERE t.finished = 1"))


def test_the_night_ends_when_registration_closes_and_is_recorded(evening: tuple[Desk, ConsoleWindow,
                                                                 ClockScheduler, Path],
                                                                 clock: FakeClock, qtbot: QtBot) -> None:
    desk, console, scheduler, club = evening
    assert desk.status == "running"  # late registration is open: someone may still come in
    clock.advance(minutes=20)
    scheduler._level_end()  # the end of level 1: registration is still open
    assert desk.status == "running"
    clock.advance(minutes=REGISTRATION_MINUTES - 20)
    scheduler._level_end()  # the break after level 2 is over: registration has closed
    assert desk.status == "finished"
    qtbot.waitUntil(lambda: isinstance(console.dialog, ResultsDialog))  # the TD sees the results
    # The status line no longer says the last bust's place is "for now": it says who won.
    first = winner(desk.snapshot())
    assert first is not None
    assert console.status.text() == f"{first.name} wins {desk.snapshot()['tournament']['name']}"
    qtbot.waitUntil(lambda: len(recorded(club)) == 3)
    assert sorted(place for _, place in recorded(club)) == [1, 2, 3]


def test_a_night_finished_while_the_program_was_closed_ends_when_it_opens(
        make_desk: Callable[..., Desk], clock: FakeClock, qtbot: QtBot) -> None:
    desk = make_desk()
    first, second, _ = seat_players(desk, 3)
    start(desk)
    for entry in (first, second):
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    clock.advance(minutes=REGISTRATION_MINUTES + 90)  # the laptop slept through the close of registration
    bridge = DeskBridge(desk)
    scheduler = ClockScheduler(bridge, wall_clock=lambda: dt.datetime(2026, 1, 9, 23, tzinfo=dt.UTC))
    try:
        scheduler.start()
        assert desk.status == "finished"
    finally:
        scheduler.shutdown()
        bridge.detach()


def test_the_td_ends_it_by_hand_while_registration_is_open(evening: tuple[Desk, ConsoleWindow, ClockScheduler,
                                                                     Path], qtbot: QtBot) -> None:
    desk, console, _, club = evening
    press(qtbot, Qt.Key.Key_F, CTRL_SHIFT)
    qtbot.waitUntil(lambda: isinstance(console.dialog, QMessageBox) and console.dialog.isActiveWindow())
    box = console.dialog
    assert isinstance(box, QMessageBox)
    assert "late registration (or a rebuy) is still open" in box.text()
    press(qtbot, Qt.Key.Key_Return)  # yes: no one else comes tonight
    assert desk.status == "finished"
    assert console.status.text().endswith(f" wins {desk.snapshot()['tournament']['name']}")
    qtbot.waitUntil(lambda: len(recorded(club)) == 3)


def test_ending_by_hand_with_two_players_left_is_refused_in_words(make_desk: Callable[..., Desk], open_console: object,
                                                                  qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 3)
    start(desk)
    console = open_console(desk)  # type: ignore[operator]
    press(qtbot, Qt.Key.Key_F, CTRL_SHIFT)
    assert desk.status == "running" and console.dialog is None
    assert "more than one player is left (3)" in console.error.text()
    assert QApplication.activeModalWidget() is None
