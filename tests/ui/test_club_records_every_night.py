"""Every finished night reaches the club file: the first night makes the club's default file; a night that
finished without its club file is recorded when a club window makes it, or when the tournament is opened
again; and a member id typed at the cashier that is another member's is asked about, by keys."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES
from tests.helpers.desks import start, table_mate
from tests.helpers.keyboard import press
from tourneydesk.club import ClubService
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.club.console_menu import link_to_console
from tourneydesk.ui.club.link import ClubLink, club_link
from tourneydesk.ui.club.members_window import MembersWindow
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
PEOPLE = [("Marc Martin", "12"), ("Ana Silva", None), ("Bruno Costa", None)]


def play_to_the_end(desk: Desk, clock: FakeClock, people: list[tuple[str, str | None]] = PEOPLE) -> None:
    """Registered at the cashier (with the member id typed there, if any), bought in, busted down to one."""
    entries = []
    for name, member_id in people:
        cmd = {"type": "register", "name": name, **({"member_id": member_id} if member_id else {})}
        player = desk.execute(cmd)["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash",
                                     "present": True})["entry"])
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    for entry in entries[1:]:
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    assert desk.status == "finished"


@pytest.fixture
def console_on(qtbot: QtBot, tmp_path: Path) -> Iterator[Callable[[Desk, QSettings], ConsoleWindow]]:
    made: list[tuple[ConsoleWindow, ClubLink, DeskBridge]] = []

    def make(desk: Desk, settings: QSettings) -> ConsoleWindow:
        bridge = DeskBridge(desk)
        link = club_link(settings, bridge)
        console = ConsoleWindow(bridge, settings, club=link)
        link_to_console(console, link)
        qtbot.addWidget(console)
        console.show()
        qtbot.waitExposed(console)
        console.activateWindow()
        qtbot.waitUntil(console.isActiveWindow)
        made.append((console, link, bridge))
        return console

    yield make
    for console, link, bridge in made:
        console.close()
        link.shutdown()
        bridge.detach()


def nights(path: Path) -> list[tuple[str, str]]:
    with ClubService.open(path) as club:
        return [(r["name"], r["member"]) for r in club.file.rows(
            "SELECT r.name, m.member_id AS member FROM results r JOIN members m ON m.id = r.member ORDER BY r.name")]


def test_the_first_night_makes_the_clubs_default_file(make_desk: Callable[..., Desk], clock: FakeClock,
                                                      tmp_path: Path, qtbot: QtBot) -> None:
    path = tmp_path / "data" / "club.tdclub"  # where the program keeps it when the TD never chose a place
    desk = make_desk()
    bridge = DeskBridge(desk)
    link = ClubLink(path, bridge, create=True)
    try:
        with qtbot.waitSignal(link.recorded):
            play_to_the_end(desk, clock, [(name, None) for name, _ in PEOPLE])
        assert [name for name, _ in nights(path)] == ["Ana Silva", "Bruno Costa", "Marc Martin"]
    finally:
        link.shutdown()
        bridge.detach()


def test_a_club_file_the_td_put_elsewhere_is_never_made_but_waited_for(make_desk: Callable[..., Desk],
                                                                        clock: FakeClock, tmp_path: Path,
                                                                        qtbot: QtBot) -> None:
    stick = tmp_path / "stick"
    desk = make_desk()
    bridge = DeskBridge(desk)
    link = ClubLink(stick / "club.tdclub", bridge)
    link.RETRY_MS = 50
    problems: list[str] = []
    link.problem.connect(problems.append)
    try:
        play_to_the_end(desk, clock, [(name, None) for name, _ in PEOPLE])
        qtbot.waitUntil(lambda: bool(problems))
        assert "is not there: tonight's results are recorded when it is back" in problems[0]
        assert not stick.exists()
        stick.mkdir()  # the stick is plugged in again, with the club's file on it
        ClubService.create(stick / "club.tdclub").close()
        with qtbot.waitSignal(link.recorded, timeout=5000):
            pass
        assert len(nights(stick / "club.tdclub")) == 3
    finally:
        link.shutdown()
        bridge.detach()


def test_a_night_that_finished_without_a_club_file_goes_in_when_the_members_window_makes_it(
        make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path, console_on: Callable[..., ConsoleWindow],
        qtbot: QtBot) -> None:
    path = tmp_path / "club.tdclub"
    settings = QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat)
    settings.setValue("club/path", str(path))
    desk = make_desk()
    console = console_on(desk, settings)
    play_to_the_end(desk, clock, [(name, None) for name, _ in PEOPLE])
    qtbot.waitUntil(lambda: "is not there" in console.status.text())
    qtbot.waitUntil(lambda: console.dialog is not None and console.dialog.isActiveWindow())
    press(qtbot, Qt.Key.Key_Escape)  # the results the finish showed, read and closed
    qtbot.waitUntil(lambda: console.dialog is None)
    console.activateWindow()  # (the offscreen platform gives the keys back to no one by itself)
    qtbot.waitUntil(console.isActiveWindow)
    press(qtbot, Qt.Key.Key_U, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    members = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MembersWindow) and w.isVisible())
    assert path.is_file() and len(nights(path)) == 3
    # the night's people wait under "New tonight", to be confirmed as members
    shown = [members.new_table.item(r, 0).text() for r in range(members.new_table.rowCount())]
    assert sorted(shown) == ["Ana Silva", "Bruno Costa", "Marc Martin"]
    members.close()


def test_a_finished_night_opened_again_is_recorded_at_once(make_desk: Callable[..., Desk], clock: FakeClock,
                                                            tmp_path: Path, qtbot: QtBot) -> None:
    desk = make_desk()
    play_to_the_end(desk, clock, [(name, None) for name, _ in PEOPLE])
    path = tmp_path / "club.tdclub"
    ClubService.create(path).close()  # made after the night, from another computer's copy, say
    bridge = DeskBridge(desk)
    link = ClubLink(path, bridge)
    try:
        qtbot.waitUntil(lambda: len(nights(path)) == 3)
    finally:
        link.shutdown()
        bridge.detach()


@pytest.mark.parametrize(("keys", "chloe_nights"), [("new", 0), ("same", 1)])
def test_a_typed_member_id_of_another_name_is_asked_about_in_the_console(
        make_desk: Callable[..., Desk], clock: FakeClock, tmp_path: Path, console_on: Callable[..., ConsoleWindow],
        qtbot: QtBot, keys: str, chloe_nights: int) -> None:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "add_member", "name": "Chloé Lefèvre", "member_id": "12"})
    settings = QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat)
    settings.setValue("club/path", str(path))
    desk = make_desk()
    console = console_on(desk, settings)
    play_to_the_end(desk, clock)  # the cashier typed 12, the number on Marc's card, for Marc Martin
    qtbot.waitUntil(lambda: isinstance(QApplication.activeModalWidget(), QMessageBox)
                    and QApplication.activeModalWidget().objectName() == "member_id_question")
    box = QApplication.activeModalWidget()
    assert isinstance(box, QMessageBox)
    assert box.text() == ("At the cashier, Marc Martin was given member id 12. In the club, 12 is Chloé Lefèvre. "
                          "Is Marc Martin Chloé Lefèvre?")
    assert nights(path) == []  # nothing is recorded until the TD answers
    if keys == "new":
        press(qtbot, Qt.Key.Key_Return)  # Enter: someone new tonight, the safe answer
    else:
        press(qtbot, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)  # Alt+S: the same person
    qtbot.waitUntil(lambda: len(nights(path)) == 3)
    linked = dict(nights(path))
    assert ("Marc Martin" not in linked and linked["Chloé Lefèvre"] == "12") == bool(chloe_nights)
    with ClubService.open(path) as club:
        assert len(club.history("12")) == chloe_nights
    assert "Results recorded in the club file" in console.status.text()
