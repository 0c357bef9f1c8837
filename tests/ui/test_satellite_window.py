"""A satellite in the console: the TD marks a player who already holds a seat to the target (Players menu),
so that they take the seat's value in cash; the target's console takes the satellite's seats from its file
as paid buy-ins."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import table_mate
from tests.helpers.flights import bust_in_order, past_registration, satellite_config, seat_named
from tests.helpers.keyboard import active_dialog, press, type_text
from tests.helpers.pdf import norm, pdf_text
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt, printing
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier.books import night_report
from tourneydesk.ui.console import flight_actions
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.players_model import COLUMNS
from tourneydesk.ui.console.results_dialog import ResultsDialog
from tourneydesk.ui.display.window import DisplayWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

NAMES = [f"Player {i}" for i in range(1, 12)]  # 11 x 90 = 990: three seats of 300, 90 left over


def select(qtbot: QtBot, window: ConsoleWindow, name: str) -> None:
    press(qtbot, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, name)
    press(qtbot, Qt.Key.Key_Return)
    assert window.selected_entry() is not None and window.selected_entry()["name"] == name  # type: ignore[index]


def test_a_seat_holder_is_marked_from_the_console_and_takes_cash(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(satellite_config())
    entries = seat_named(desk, NAMES)
    window = open_console(desk)
    select(qtbot, window, "Player 1")
    window.findChild(type(window.undo_action), "actionSeatHolder").trigger()
    assert window.status.text() == "Player 1 holds a seat to Main Event already"
    assert desk.snapshot()["event"]["holders"] == [desk.state.entries[entries[0]].player]
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    ended = desk.snapshot()["event"]["ended"]
    assert ended is not None and ended["cash_instead"] == [entries[0]]


def test_the_target_takes_the_satellites_seats_from_its_file(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        tmp_path: Path) -> None:
    satellite = make_desk(satellite_config(), name="satellite.tdesk")
    entries = seat_named(satellite, NAMES)
    past_registration(satellite, clock)
    bust_in_order(satellite, list(reversed(entries)))
    target = make_desk(config(name="Main Event", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}), name="main.tdesk")
    window = open_console(target)
    flight_actions.take_satellite_seats(window, tmp_path / "satellite.tdesk")
    assert window.status.text() == "3 seats taken as paid buy-ins"
    assert [(line["method"], line["amount"]) for line in target.ledger()] == [("satellite", 30000)] * 3
    flight_actions.take_satellite_seats(window, tmp_path / "satellite.tdesk")  # twice: refused, nothing written
    assert "taken" in window.error.text() and len(target.ledger()) == 3


def test_when_the_satellite_ends_the_console_says_every_survivor_won_a_seat_not_who_won_it(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(satellite_config())
    entries = seat_named(desk, NAMES)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries))[:7])  # four left for three seats: the seat bubble
    window = open_console(desk)
    last_out = desk.state.entry_name(entries[3])
    press(qtbot, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    active_dialog(qtbot, window)
    type_text(qtbot, last_out)
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, desk.state.entry_name(table_mate(desk, entries[3])))
    press(qtbot, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: isinstance(window.dialog, ResultsDialog))
    dialog = window.dialog
    assert isinstance(dialog, ResultsDialog)
    assert dialog.headline.text() == "Main Event Satellite is over: 3 seats to Main Event won by Player 1, Player 2, " \
        "Player 3"
    shown = " ".join(dialog.table.toPlainText().split())
    left_over = " ".join(fmt.money(9000, "EUR").split())
    for name in ("Player 1", "Player 2", "Player 3"):
        assert f"1–3 {name} seat to Main Event " in shown or shown.endswith(f"1–3 {name} seat to Main Event")
    assert norm(fmt.money(30000, "EUR")) not in shown  # a seat is not 300.00 of cash
    assert f"4 {last_out} {left_over}" in shown  # the pool left over, to the next place
    assert "wins" not in dialog.headline.text()


def test_a_club_message_is_said_beside_the_bust_it_follows_not_in_its_place(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow]) -> None:
    window = open_console(make_desk(satellite_config()))
    window.status.setText("Player 4 finishes 4 · prize 90.00 EUR")
    window.status.say_beside("Results recorded in the club file (11 players)")
    assert window.status.text() == "Player 4 finishes 4 · prize 90.00 EUR · Results recorded in the club file " \
        "(11 players)"
    window.status.clear()
    window.status.say_beside("Results recorded in the club file (11 players)")
    assert window.status.text() == "Results recorded in the club file (11 players)"


def test_a_seat_winner_entered_in_the_target_already_is_left_out_when_the_td_says_so(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        tmp_path: Path, qtbot: QtBot) -> None:
    satellite = make_desk(satellite_config(), name="satellite.tdesk")
    entries = seat_named(satellite, NAMES)
    past_registration(satellite, clock)
    bust_in_order(satellite, list(reversed(entries)))
    target = make_desk(config(name="Main Event", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}), name="main.tdesk")
    seat_named(target, ["Player 2"])  # bought in with cash before the satellite's seats came over
    window = open_console(target)
    asked: list[str] = []

    def answer(key: Qt.Key) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, lambda: answer(key))
            return
        asked.append(box.text())
        qtbot.keyClick(box, key)

    QTimer.singleShot(0, lambda: answer(Qt.Key.Key_Escape))  # first the TD says no: nothing is taken
    flight_actions.take_satellite_seats(window, tmp_path / "satellite.tdesk")
    assert asked == ["Player 2 entered this tournament already. Take the other seats and leave them out?"]
    assert len(target.ledger()) == 1
    QTimer.singleShot(0, lambda: answer(Qt.Key.Key_Return))  # then yes: the two others are bought in
    flight_actions.take_satellite_seats(window, tmp_path / "satellite.tdesk")
    assert window.status.text() == "2 seats taken as paid buy-ins"
    assert [(line["method"], line["amount"]) for line in target.ledger()] == [("cash", 30000)] + [
        ("satellite", 30000)] * 2


def prizes_listed(window: ConsoleWindow) -> dict[str, str]:
    """The console's player list as the TD reads it: each name's Prize column."""
    model = window.players_panel.players
    name, prize = COLUMNS.index("name"), COLUMNS.index("prize")
    return {model.index(row, name).data(): model.index(row, prize).data() for row in range(model.rowCount())}


def test_the_player_list_shows_a_seat_won_as_a_seat_to_the_target_not_as_cash(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    """Seen in the console: the three seat winners' Prize read "300 EUR", as if the cashier owed them 300."""
    desk = make_desk(satellite_config())
    entries = seat_named(desk, NAMES)
    window = open_console(desk)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    qtbot.waitUntil(lambda: prizes_listed(window)["Player 1"] != "")
    prizes = prizes_listed(window)
    assert [prizes[f"Player {i}"] for i in (1, 2, 3)] == ["Seat to Main Event"] * 3
    assert prizes["Player 4"] == fmt.money(9000, "EUR", cents=False)  # the leftover is cash, to the next place
    assert all(not prizes[f"Player {i}"] for i in range(5, 12))
    model = window.players_panel.players
    status = COLUMNS.index("status")
    assert [model.index(row, status).data() for row in range(3)] == ["seat won"] * 3  # nobody "wins" it
    prize = COLUMNS.index("prize")
    table = window.players_panel.table
    assert table.columnWidth(prize) >= table.fontMetrics().horizontalAdvance("Seat to Main Event")  # not "Seat t…"


def test_a_seat_winners_share_of_the_leftover_is_told_apart_from_the_seat_on_screen_and_on_paper(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot, tmp_path: Path) -> None:
    """The leftover shared by the seat winners: 90 over three seats is 30 each, in cash, besides the seat."""
    desk = make_desk(satellite_config(leftover="seat_winners"))
    entries = seat_named(desk, NAMES)
    window = open_console(desk)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    cash = fmt.money(3000, "EUR", cents=False)
    qtbot.waitUntil(lambda: prizes_listed(window)["Player 1"] != "")
    assert [prizes_listed(window)[f"Player {i}"] for i in (1, 2, 3)] == [f"Seat to Main Event + {cash}"] * 3
    results = ResultsDialog(window.bridge, window)
    qtbot.addWidget(results)
    shown = " ".join(results.table.toPlainText().split())
    plus = " ".join(fmt.money(3000, "EUR").split())
    for name in ("Player 1", "Player 2", "Player 3"):
        assert f"1–3 {name} seat to Main Event, plus {plus} in cash" in shown
    report = printing.save_pdf(printing.report_html(night_report(desk)), tmp_path / "report.pdf",
                               printing.REPORT_PAGE)
    text = pdf_text(report)
    assert text.count(f"seat to Main Event, plus {plus} in cash") == 3
    assert norm(fmt.money(33000, "EUR")) not in text  # the seat and its cash are never one amount of cash


def test_the_projector_says_the_seats_won_when_a_satellite_ends_not_a_winner(
        make_desk: Callable[..., Desk], clock: FakeClock, qtbot: QtBot, tmp_path: Path) -> None:
    """Seen on the projector: "THE WINNER Player 1 · 300 EUR" once the three seats were won."""
    desk = make_desk(satellite_config())
    entries = seat_named(desk, NAMES)
    past_registration(desk, clock)
    bust_in_order(desk, list(reversed(entries)))
    window = DisplayWindow(DeskBridge(desk), settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.refresh_clock()
    assert [window.lines[k].text for k in ("level", "time", "state", "blinds")] == [
        "SEATS WON", "3", "FINISHED", "TO Main Event"]
