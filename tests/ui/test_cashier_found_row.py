"""What a Friday night at the cashier met: a name found in the find box is the one F2 and F5 act on, never
the player who stood at the desk before; and the desk never speaks of the file's own id for an entry
("entry e4")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, find_and_choose, key, type_text
from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, REGISTRATION_MINUTES, config
from tests.helpers.desks import buy_in, register, seat_players, start, table_mate
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def two_players(make_desk: Callable[..., Desk]) -> tuple[Desk, str, str]:
    desk = make_desk(PKO_CONFIG)
    chloe = register(desk, "Chloé Lefèvre")
    jerome = register(desk, "Jérome Bonet")
    for player in (chloe, jerome):
        buy_in(desk, player)
    start(desk)
    return desk, chloe, jerome


def test_f2_corrects_the_player_just_found_not_the_one_at_the_desk(make_desk: Callable[..., Desk],
                                                                   open_cashier: Any, qtbot: QtBot) -> None:
    desk, chloe, jerome = two_players(make_desk)
    window = open_cashier(desk)
    find_and_choose(qtbot, window, "chloe")
    assert window.sale.player == chloe
    # The cashier looks up the next person: the list shows only him, highlighted; F2 is for him.
    key(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, "jerome")
    key(qtbot, Qt.Key.Key_F2)
    assert window.find_panel.register_form.title.text() == "Correct Jérome Bonet"
    assert QApplication.focusWidget() is window.find_panel.register_form.edits["name"]
    type_text(qtbot, "Jérôme Bonnet")
    key(qtbot, Qt.Key.Key_Return)
    assert desk.state.players[jerome].name == "Jérôme Bonnet"
    assert desk.state.players[chloe].name == "Chloé Lefèvre"


def test_f5_sells_to_the_player_just_found(make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    desk, chloe, jerome = two_players(make_desk)
    entry = desk.state.players[jerome].entries[-1]
    desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    window = open_cashier(desk)
    find_and_choose(qtbot, window, "chloe")
    key(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, "bonet")
    key(qtbot, Qt.Key.Key_F5)
    assert window.sale.player == jerome
    assert window.sale.title.text() == "Jérome Bonet"
    seq = desk.seq
    key(qtbot, Qt.Key.Key_Space)  # present, in person
    key(qtbot, Qt.Key.Key_Return)
    assert desk.seq > seq
    assert len(desk.state.players[jerome].entries) == 2 and len(desk.state.players[chloe].entries) == 1


def test_f2_right_after_a_sale_does_not_pick_the_first_name_of_the_list(make_desk: Callable[..., Desk],
                                                                        open_cashier: Any, qtbot: QtBot) -> None:
    desk, chloe, jerome = two_players(make_desk)
    window = open_cashier(desk)
    # A new player, registered and bought in by keys: find (nobody), Enter, Enter, F5, Space, Enter.
    key(qtbot, Qt.Key.Key_F, CTRL)
    type_text(qtbot, "Pascal Noël")
    key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_Return)
    key(qtbot, Qt.Key.Key_F5)
    key(qtbot, Qt.Key.Key_Space)
    key(qtbot, Qt.Key.Key_Return)
    assert len(desk.state.entries) == 3
    assert window.sale.player is None and QApplication.focusWidget() is window.find_panel.search
    key(qtbot, Qt.Key.Key_F2)
    assert window.find_panel.find_stack.currentIndex() == 0, "F2 opened someone nobody chose"
    assert "Choose the player" in window.statusBar().currentMessage()


def test_the_desk_names_a_players_entry_by_its_number_not_the_files_id(make_desk: Callable[..., Desk],
                                                                       open_cashier: Any, qtbot: QtBot) -> None:
    desk, chloe, jerome = two_players(make_desk)
    window = open_cashier(desk)
    find_and_choose(qtbot, window, "chloe")
    seated = desk.state.entries[desk.state.players[chloe].entries[-1]]
    assert window.sale.status.text() == f"Playing at table {seated.table}, seat {seated.seat}"
    entry = desk.state.players[jerome].entries[-1]
    desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    find_and_choose(qtbot, window, "jerome")
    assert window.sale.status.text() == "Out"
    assert entry not in window.sale.status.text()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_paid_button_shows_a_four_figure_amount_whole_at_1280x720(
        make_desk: Callable[..., Desk], open_cashier: Any, clock: FakeClock, qtbot: QtBot, language: str) -> None:
    """The winner's 1,237.99 EUR read "'aid 1,237.99 EUR (F8" on a Friday night: the button shared its row
    with the payment method and was squeezed."""
    desk = make_desk(config(PKO_CONFIG, buy_in={"prize": 100000, "bounty": 5000, "fee": 1000}))
    entries = seat_players(desk, 4)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    while desk.state.live > 1:
        victim = next(e for e in entries if desk.state.entries[e].status == "active")
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    assert desk.state.status == "finished"
    qapp = QApplication.instance()
    assert isinstance(qapp, QApplication)
    i18n.install(qapp, language)
    try:
        window = open_cashier(desk)
        key(qtbot, Qt.Key.Key_L, CTRL)
        qtbot.wait(50)
        button = window.pay.button
        winner = next(e for e in desk.snapshot()["entries"] if e["place"] == 1)
        assert winner["prize"] >= 100000 and button.text().endswith("(F8)")  # four figures before the cents
        assert button.width() >= button.sizeHint().width(), (button.text(), button.width(), button.sizeHint())
    finally:
        i18n.install(qapp, "en")
