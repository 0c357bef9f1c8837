"""Keys at the cashier desk and the console: one Alt+letter per thing in a window, Alt+P the Paper menu, and
a cash payout bigger than the drawer stopped by a warning until the cashier says yes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, key
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start, table_mate
from tests.helpers.mnemonics import menu_mnemonics, window_mnemonics
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt, i18n
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")
ALT = Qt.KeyboardModifier.AltModifier
REBUY_ADD_ON = config(PKO_CONFIG, rebuy={"chips": 20000, "max": 2, "until_level": 2, "max_stack": 20000},
                      add_on={"chips": 10000, "at_break_after_level": 2})


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


@pytest.fixture
def both_windows(make_desk: Callable[..., Desk], tmp_path: Path, qtbot: QtBot) -> Iterator[list[QMainWindow]]:
    """The cashier desk and the console of a PKO with rebuys and an add-on, in the language in force."""
    desk = make_desk(REBUY_ADD_ON)
    bridge = DeskBridge(desk)
    windows: list[QMainWindow] = [
        CashierWindow(bridge, settings=QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat)),
        ConsoleWindow(bridge, QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat))]
    for window in windows:
        qtbot.addWidget(window)
    yield windows
    for window in windows:
        window.close()
    bridge.detach()


def test_no_two_things_in_a_window_share_an_alt_letter(language: str, both_windows: list[QMainWindow]) -> None:
    for window in both_windows:
        clashes = {letter: texts for letter, texts in window_mnemonics(window).items() if len(texts) > 1}
        assert clashes == {}, f"{type(window).__name__} in {language}"
        for menu, letters in menu_mnemonics(window).items():
            clashes = {letter: texts for letter, texts in letters.items() if len(texts) > 1}
            assert clashes == {}, f"{type(window).__name__}, menu {menu!r} in {language}"


@pytest.mark.qt_log_ignore("This plugin does not support (raise|grabbing|propagateSizeHints)")
def test_alt_p_opens_the_paper_menu(make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    desk = make_desk(PKO_CONFIG)
    seat_players(desk, 2)
    window: CashierWindow = open_cashier(desk)
    key(qtbot, Qt.Key.Key_P, ALT)
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu) and menu.title() == "&Paper"
    assert not window.sale.present.isChecked()  # Alt+P no longer ticks "present"
    menu.close()


def bounty_owed_beyond_the_drawer(make_desk: Callable[..., Desk]) -> tuple[Desk, str]:
    """Three players who paid by card, one busted: the winner is owed a bounty in a drawer with no cash."""
    desk = make_desk(PKO_CONFIG)
    entries = seat_players(desk, 3, payment="card")
    start(desk)
    winner = table_mate(desk, entries[0])
    desk.execute({"type": "bust", "entry": entries[0], "by": [winner]})
    return desk, winner


def test_a_cash_payout_beyond_the_drawer_warns_first(make_desk: Callable[..., Desk], open_cashier: Any,
                                                     qtbot: QtBot) -> None:
    desk, winner = bounty_owed_beyond_the_drawer(make_desk)
    window: CashierWindow = open_cashier(desk)
    seq = desk.seq
    key(qtbot, Qt.Key.Key_L, CTRL)
    key(qtbot, Qt.Key.Key_F8)  # in cash, the method shown first
    qtbot.waitUntil(lambda: window.pay.warning is not None and window.pay.warning.isVisible())
    box = window.pay.warning
    assert isinstance(box, QMessageBox)
    assert box.text() == (f"The drawer should hold {fmt.money(0, 'EUR')} in cash, and {desk.state.entry_name(winner)} "
                          f"is owed {fmt.money(1000, 'EUR')}: {fmt.money(1000, 'EUR')} more than that. "
                          f"Pay {fmt.money(1000, 'EUR')} in cash anyway?")
    qtbot.waitUntil(box.isActiveWindow)
    key(qtbot, Qt.Key.Key_Return)  # Enter by habit: No, nothing paid
    qtbot.waitUntil(lambda: window.pay.warning is None and QApplication.focusWidget() is window.pay.view)
    assert desk.seq == seq and window.pay.model.rowCount() == 1

    key(qtbot, Qt.Key.Key_F8)
    qtbot.waitUntil(lambda: window.pay.warning is not None and window.pay.warning.isActiveWindow())
    with qtbot.waitSignal(window.printed):
        key(qtbot, Qt.Key.Key_Y)  # yes: the money comes from the safe
    assert desk.ledger()[-1]["kind"] == "payout" and desk.ledger()[-1]["method"] == "cash"
    assert window.pay.model.rowCount() == 0


def test_a_payout_the_drawer_covers_or_by_transfer_goes_straight_through(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    desk, _ = bounty_owed_beyond_the_drawer(make_desk)
    window: CashierWindow = open_cashier(desk)
    window.pay.method.setCurrentIndex(window.pay.method.findData("transfer"))
    key(qtbot, Qt.Key.Key_L, CTRL)
    with qtbot.waitSignal(window.printed):
        key(qtbot, Qt.Key.Key_F8)
    assert window.pay.warning is None and desk.ledger()[-1]["method"] == "transfer"

    desk2 = make_desk(PKO_CONFIG, name="cash.tdesk")
    entries = seat_players(desk2, 3)  # paid in cash: the drawer holds 330 EUR
    start(desk2)
    desk2.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk2, entries[0])]})
    window2: CashierWindow = open_cashier(desk2)
    key(qtbot, Qt.Key.Key_L, CTRL)
    with qtbot.waitSignal(window2.printed):
        key(qtbot, Qt.Key.Key_F8)
    assert window2.pay.warning is None and desk2.ledger()[-1]["kind"] == "payout"
