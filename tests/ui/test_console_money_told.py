"""The bubble bursting at a single table (no hand-for-hand) is said in the console's words as it is on the
projector, and never as "hand-for-hand is over"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES
from tests.helpers.desks import bust_down_to, seat_players, start
from tourneydesk.desk import Desk
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def test_the_money_reached_at_one_table_is_said_in_the_console(
        make_desk: Callable[..., Desk], clock: FakeClock, open_console: Callable[[Desk], ConsoleWindow],
        qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 9)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    paid = len(desk.snapshot()["payouts"])
    bust_down_to(desk, paid + 1)
    window = open_console(desk)
    clock.advance(seconds=5)
    bust_down_to(desk, paid)
    qtbot.waitUntil(lambda: window.status.text() == "In the money")
