""""New Day 2 from flights…" on the start page (Ctrl+Shift+N): the flights' files picked together, the
Day 2's file named beside them, made by the command and opened; a flight not bagged is refused by name and
no file is written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.flights import bag_all, flight_config, stopped_flight
from tourneydesk.desk import Desk
from tourneydesk.ui.day2_options import Day2Options
from tourneydesk.ui.recent import remember
from tourneydesk.ui.start_page import StartPage

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def flight(folder: Path, name: str, people: list[str], clock: FakeClock, *, bagged: bool = True) -> Path:
    path = folder / f"{name}.tdesk"
    with Desk.create(path, config(flight_config(name)), now=clock, seed=1) as desk:
        stopped_flight(desk, clock, people)
        if bagged:
            bag_all(desk)
    return path


@pytest.fixture
def page(tmp_path: Path, qtbot: QtBot) -> StartPage:
    page = StartPage(QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    page.activateWindow()
    return page


def picking(monkeypatch: pytest.MonkeyPatch, flights: list[Path], asked: list[str]) -> None:
    """The file dialogs as the TD answers them: these flights, then the Day 2's file where it is offered."""
    def open_names(_parent: Any, title: str, folder: str, *_args: Any) -> tuple[list[str], str]:
        asked.append(f"{title}: {folder}")
        return [str(p) for p in flights], ""

    def save_name(_parent: Any, title: str, offered: str, *_args: Any) -> tuple[str, str]:
        asked.append(f"{title}: {Path(offered).name}")
        return offered, ""

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(open_names))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_name))


def answering(qtbot: QtBot, keys: list[Qt.Key], seen: list[str]) -> None:
    """The Day 2's options as the TD answers them by keyboard once the dialog holds it (it runs its own loop)."""
    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, Day2Options) or not dialog.isActiveWindow():
            QTimer.singleShot(20, answer)
            return
        seen.append(dialog.windowTitle())
        for key in keys:
            target = QApplication.focusWidget() or dialog
            qtbot.keyClick(target, key)
    QTimer.singleShot(0, answer)


def test_the_day2_is_made_from_the_flights_chosen_and_opened(
        page: StartPage, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    flights = [flight(tmp_path, "Day 1A", [f"Player {i}" for i in range(1, 13)], clock),
               flight(tmp_path, "Day 1B", [f"Player {i}" for i in range(13, 25)], clock)]
    asked: list[str] = []
    picking(monkeypatch, flights, asked)
    answering(qtbot, [Qt.Key.Key_Return], asked)  # the usual: a random draw, the bigger stack
    with qtbot.waitSignal(page.chosen) as chosen:
        qtbot.keyClick(page, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert asked == ["The flights of the Day 2: ", "New Day 2", "New Day 2 file: Day 2.tdesk"]  # no file opened before
    assert chosen.args == [str(tmp_path / "Day 2.tdesk")]
    with Desk.open(tmp_path / "Day 2.tdesk", read_only=True) as day2:
        event = day2.snapshot()["event"]
    assert [f["name"] for f in event["flights"]] == ["Day 1A", "Day 1B"]
    assert event["qualifiers"] == 8 and event["entries"] == 24


def test_the_flights_are_looked_for_where_the_last_file_opened_is(
        tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    (tmp_path / "event").mkdir()
    bagged = flight(tmp_path / "event", "Day 1A", [f"Player {i}" for i in range(1, 13)], clock)
    settings = QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)
    remember(settings, bagged)
    page = StartPage(settings)
    qtbot.addWidget(page)
    asked: list[str] = []
    picking(monkeypatch, [bagged], asked)
    answering(qtbot, [Qt.Key.Key_Return], [])
    with qtbot.waitSignal(page.chosen):
        page.ask_day2()
    assert asked == [f"The flights of the Day 2: {tmp_path / 'event'}", "New Day 2 file: Day 2.tdesk"]


def test_the_td_chooses_the_day2_seating_by_chip_count_and_the_first_qualifying_stack(
        page: StartPage, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    flights = [flight(tmp_path, "Day 1A", [f"Player {i}" for i in range(1, 13)], clock),
               flight(tmp_path, "Day 1B", [f"Player {i}" for i in range(13, 25)], clock)]
    picking(monkeypatch, flights, [])
    answering(qtbot, [Qt.Key.Key_Down, Qt.Key.Key_Tab, Qt.Key.Key_Down, Qt.Key.Key_Return], [])
    with qtbot.waitSignal(page.chosen):
        page.ask_day2()
    with Desk.open(tmp_path / "Day 2.tdesk", read_only=True) as day2:
        assert (day2.config.day2.seating, day2.config.day2.two_stacks) == ("chip_count", "first")
        snap = day2.snapshot()
    stacks = sorted((e["stack"] or 0 for e in snap["entries"] if e["status"] == "active"), reverse=True)
    by_table: dict[int, list[int]] = {}
    for e in snap["entries"]:
        by_table.setdefault(e["table"], []).append(e["stack"] or 0)
    # by chip count: the biggest stacks dealt one a table, not two at the same one
    assert sorted((max(t) for t in by_table.values()), reverse=True) == stacks[:len(by_table)]


def test_the_day2_options_cancelled_write_no_file(
        page: StartPage, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    flights = [flight(tmp_path, "Day 1A", [f"Player {i}" for i in range(1, 13)], clock)]
    asked: list[str] = []
    picking(monkeypatch, flights, asked)
    answering(qtbot, [Qt.Key.Key_Escape], asked)
    page.ask_day2()
    assert asked == ["The flights of the Day 2: ", "New Day 2"]  # no file asked for, none written
    assert not (tmp_path / "Day 2.tdesk").exists()


def test_a_flight_not_bagged_is_refused_and_nothing_is_written(
        page: StartPage, tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    flights = [flight(tmp_path, "Day 1A", [f"Player {i}" for i in range(1, 13)], clock),
               flight(tmp_path, "Day 1B", [f"Player {i}" for i in range(13, 25)], clock, bagged=False)]
    picking(monkeypatch, flights, [])
    answering(qtbot, [Qt.Key.Key_Return], [])
    page.ask_day2()
    assert not page.error.isHidden()
    assert "Day 1B is not bagged yet" in page.error.text()
    assert not (tmp_path / "Day 2.tdesk").exists()
