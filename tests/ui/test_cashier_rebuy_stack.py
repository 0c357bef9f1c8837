"""The rebuy's "chips now" box: a rebuy is sold only at or below the event's stack limit, on the chips the
player has now. Met on a real evening: the box said 0, so a rebuy went through for anyone, uncounted. It
starts blank and says to count; after a bust it is not asked (no chips left)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, find_and_choose, key, type_text
from tests.helpers.clock import FakeClock
from tests.helpers.configs import rebuy_event
from tests.helpers.desks import seat_players, start
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

PROMPT = {"en": "Count the player's chips and type them: a rebuy is sold at 20,000 chips or fewer.",
          "fr": "Comptez les jetons du joueur et tapez-les\u00a0: une recave se vend à 20\u202f000 jetons ou moins."}


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


def test_the_chips_now_start_blank_and_the_rebuy_waits_for_them(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot, language: str) -> None:
    desk = make_desk(rebuy_event())
    seat_players(desk, 3)
    start(desk)
    window = open_cashier(desk)
    find_and_choose(qtbot, window, "player 2")
    key(qtbot, Qt.Key.Key_F6)
    sale = window.sale
    assert sale.stack.isVisible() and sale.stack.text() == ("count them" if language == "en" else "à compter")
    assert sale.error.text().replace("\u00a0", " ") == PROMPT[language].replace("\u00a0", " ")
    assert not sale.confirm_button.isEnabled()
    key(qtbot, Qt.Key.Key_Space, CTRL | Qt.KeyboardModifier.ShiftModifier)  # present
    seq = desk.seq
    key(qtbot, Qt.Key.Key_Return, CTRL)  # nothing counted: nothing sold
    assert desk.seq == seq and desk.snapshot()["counts"]["rebuys"] == 0
    # "Player's &chips now", "&Jetons du joueur maintenant": the label's letter takes the keyboard there
    key(qtbot, Qt.Key.Key_C if language == "en" else Qt.Key.Key_J, Qt.KeyboardModifier.AltModifier)
    assert sale.stack.hasFocus()
    type_text(qtbot, "1500")
    assert not sale.error.isVisible() and sale.confirm_button.isEnabled()
    key(qtbot, Qt.Key.Key_Return, CTRL)
    assert desk.snapshot()["counts"]["rebuys"] == 1
    find_and_choose(qtbot, window, "player 3")  # the next player's box is blank again, not 1,500
    key(qtbot, Qt.Key.Key_F6)
    assert sale.stack.value() == sale.stack.minimum() and not sale.confirm_button.isEnabled()


def test_after_a_bust_in_the_rebuy_period_the_chips_are_not_asked(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot, clock: FakeClock) -> None:
    desk = make_desk(rebuy_event())
    entries = seat_players(desk, 3)
    start(desk)
    clock.advance(minutes=25)  # level 2: rebuys open, registration closed
    mate = next(e["id"] for e in desk.snapshot()["entries"] if e["id"] != entries[0]
                and e["table"] == desk.entry(entries[0]).table)
    desk.execute({"type": "bust", "entry": entries[0], "by": [mate]})
    window = open_cashier(desk)
    find_and_choose(qtbot, window, "player 1")
    key(qtbot, Qt.Key.Key_F6)
    sale = window.sale
    assert sale.stack.isHidden() and not sale.error.isVisible() and sale.confirm_button.isEnabled()
    key(qtbot, Qt.Key.Key_Space, CTRL | Qt.KeyboardModifier.ShiftModifier)
    key(qtbot, Qt.Key.Key_Return, CTRL)
    assert desk.snapshot()["counts"]["rebuys"] == 1
    assert next(e for e in desk.snapshot()["entries"] if e["id"] == entries[0])["status"] == "active"
