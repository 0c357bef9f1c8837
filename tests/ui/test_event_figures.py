"""The event as a whole where the room and the TD read it: the console's clock panel and the projector show a
flight's target and bags, a Day 2's flights, qualifiers, total entries and combined pool, a satellite's seats."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.flights import (
    bag_all,
    bust_in_order,
    flight_config,
    past_registration,
    satellite_config,
    seat_named,
    stopped_flight,
)
from tourneydesk import event_files
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.cashier.books import owed_now
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.display.content import field_lines

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_a_flight_says_where_it_stops_then_what_is_bagged(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk(config(flight_config("Day 1A")))
    window = open_console(desk)
    label = window.clock_panel.event_label
    assert label.text() == "Spring Main Event · Day 1A: stops at 4 left" and label.isVisible()
    stopped_flight(desk, clock, [f"Player {i}" for i in range(1, 13)])
    qtbot.waitUntil(lambda: "stopped" in label.text())
    assert label.text() == "Spring Main Event · Day 1A: stopped: bag the chips (Ctrl+Shift+G) · 0 tables bagged"
    panel = window.clock_panel
    qtbot.waitUntil(lambda: panel.time_label.text() == "Stopped")  # not "Finished": no result before Day 2
    assert panel.level_label.text() == "Bag the chips: Ctrl+Shift+G"
    bag_all(desk)
    qtbot.waitUntil(lambda: "bagged" in label.text() and "stopped" not in label.text())
    assert label.text() == f"Spring Main Event · Day 1A: 4 qualifiers bagged · " \
        f"{fmt.chips(desk.snapshot()['chips']['in_play'])} chips"
    qtbot.waitUntil(lambda: panel.level_label.text() == "Bagged")


def day1_paid_flight(path: Path, clock: FakeClock) -> Desk:
    """A flight of the Spring Main that pays its Day 1 places and stops at 3 left: 30 entries pay 7 places."""
    cfg = config(flight_config("Day 1A", stop_players_left=3, day1_pays=True),
                 seating={"seats_per_table": 9, "tables": 4})
    return Desk.create(path, cfg, now=clock, seed=1)


def play_into_the_money(flight: Desk, clock: FakeClock) -> list[int]:
    """30 in, busted to the stop; each bust's prize."""
    entries = seat_named(flight, [f"Player {i}" for i in range(1, 31)])
    past_registration(flight, clock)
    return [o["out"][0]["prize"] for o in bust_in_order(flight, list(reversed(entries)))]


def test_a_flight_that_plays_into_the_money_pays_its_day1_places_tonight(
        tmp_path: Path, clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    with day1_paid_flight(tmp_path / "Day 1A.tdesk", clock) as flight:
        window = open_console(flight)
        label = window.clock_panel.event_label
        assert label.text() == f"Spring Main Event · Day 1A: stops at 3 left · pays its places on Day 1 (paid so " \
            f"far {fmt.money(0, 'EUR', cents=False)})"
        prizes = play_into_the_money(flight, clock)
        assert [p > 0 for p in prizes] == [False] * 23 + [True] * 4  # places 7 to 4 are paid tonight
        qtbot.waitUntil(lambda: "stopped" in label.text())
        paid = fmt.money(sum(prizes), "EUR", cents=False)
        assert label.text().endswith(f"pays its places on Day 1 (paid so far {paid})")
        owed = {o.name: o.amount for o in owed_now(flight)}
        assert sorted(owed.values()) == sorted(p for p in prizes if p)  # the cashier pays them tonight


def test_the_day2_of_a_flight_that_paid_day1_places_pays_what_is_left_and_says_so(
        tmp_path: Path, clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow]) -> None:
    path = tmp_path / "Day 1A.tdesk"
    with day1_paid_flight(path, clock) as flight:
        paid = sum(play_into_the_money(flight, clock))
        bag_all(flight)
    day2 = event_files.make_day2(tmp_path / "Day 2.tdesk", [path], now=clock, seed=2)
    try:
        snap = day2.snapshot()
        assert snap["event"]["paid_day1"] == paid
        assert sum(p["amount"] for p in snap["payouts"]) == snap["event"]["combined_pool"] - paid
        window = open_console(day2)
        assert window.clock_panel.event_label.text().endswith(f"{fmt.money(paid, 'EUR', cents=False)} paid on Day 1")
    finally:
        day2.close()


def test_the_day2_shows_the_whole_event_on_the_console_and_the_projector(
        tmp_path: Path, clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow]) -> None:
    paths = []
    for name, people in (("Day 1A", range(1, 13)), ("Day 1B", range(13, 31))):
        path = tmp_path / f"{name}.tdesk"
        with Desk.create(path, config(flight_config(name)), now=clock, seed=1) as flight:
            stopped_flight(flight, clock, [f"Player {i}" for i in people])
            bag_all(flight)
        paths.append(path)
    day2 = event_files.make_day2(tmp_path / "Day 2.tdesk", paths, now=clock, seed=2)
    try:
        snap = day2.snapshot()
        pool = snap["event"]["combined_pool"]
        assert pool == 30 * config()["buy_in"]["prize"]  # every entry's prize part, of both flights
        window = open_console(day2)
        assert window.clock_panel.event_label.text() == "Spring Main Event · 2 flights · 8 qualifiers · 30 entries · " \
            f"combined pool {fmt.money(pool, 'EUR', cents=False)}"
        lines = field_lines(snap, QLocale(QLocale.Language.English))
        assert lines["players"].text == "8 / 30"
        assert (lines["pool_label"].text, lines["reentries_label"].text, lines["reentries"].text) == \
            ("COMBINED PRIZE POOL", "FLIGHTS · QUALIFIERS", "2 · 8")
    finally:
        day2.close()


def test_a_satellite_shows_its_seats(make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow]) \
        -> None:
    desk = make_desk(satellite_config())
    seat_named(desk, [f"Player {i}" for i in range(1, 12)])  # 11 x 90 = 990: three seats of 300, 90 left over
    window = open_console(desk)
    seat, left = fmt.money(30000, "EUR", cents=False), fmt.money(9000, "EUR", cents=False)
    assert window.clock_panel.event_label.text() == f"3 seats to Main Event · {seat} each · left over {left}"
    lines = field_lines(desk.snapshot(), QLocale(QLocale.Language.English))
    assert lines["reentries_label"].text.startswith("SEATS") and lines["reentries"].text.startswith("3")
