"""The prize structure dialog: the house pays one more place, or moves a share, mid-evening (UPPS 7.3).

Driven with the keys a TD presses; what counts is what reaches the desk and the file. Every edit is a
dry run of `edit_payouts` first, so a refusal shows in the dialog and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.helpers.clock import T0, FakeClock
from tests.helpers.desks import buy_in, register, started, table_mate
from tests.helpers.keyboard import press, type_text
from tourneydesk.core.arithmetic.money import paid_places_bp
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.console.payouts_dialog import AMOUNT, SHARE, PayoutsDialog, parse_share

CTRL = Qt.KeyboardModifier.ControlModifier
NBSP = "\u00a0"
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

MakeDesk = Callable[..., Desk]


@pytest.fixture
def open_dialog(open_dialog_on: Callable[..., Any]) -> Callable[[Desk], PayoutsDialog]:
    """open_dialog(desk) -> the dialog shown over the desk, with the keyboard."""
    return lambda desk: open_dialog_on(PayoutsDialog, desk)  # type: ignore[no-any-return]


def payouts_in_file(desk: Desk) -> list[dict[str, Any]]:
    other = Desk.open(desk.path, now=lambda: T0, read_only=True)
    try:
        return list(other.snapshot()["payouts"])
    finally:
        other.close()


def type_share(qtbot: QtBot, dialog: PayoutsDialog, row: int, text: str) -> None:
    """Arrow keys to the place's share, then type over it and Enter, as in a spreadsheet."""
    assert row < dialog.model.rowCount()
    dialog.view.setFocus()
    while dialog.view.currentIndex().row() > row:
        press(qtbot, Qt.Key.Key_Up)
    while dialog.view.currentIndex().row() < row:
        press(qtbot, Qt.Key.Key_Down)
    assert dialog.view.currentIndex().column() == SHARE
    type_text(qtbot, text[0])  # the first key opens the cell's editor, the rest goes into it
    type_text(qtbot, text[1:])
    press(qtbot, Qt.Key.Key_Return)  # the cell is committed on the next turn of the event loop
    qtbot.waitUntil(lambda: dialog.model.places[row] == parse_share(text))


def shortcut(qtbot: QtBot, dialog: PayoutsDialog, key: Qt.Key, places: int) -> None:
    """A button's shortcut, which clicks it the way a mouse would (after a short press)."""
    press(qtbot, key, CTRL)
    qtbot.waitUntil(lambda: len(dialog.model.places) == places)


def prizes_shown(dialog: PayoutsDialog) -> list[str]:
    return [dialog.model.data(dialog.model.index(row, AMOUNT)) for row in range(dialog.model.rowCount())]


def percent(text: str) -> str:
    return text.replace(" %", NBSP + "%")


def test_the_dialog_opens_with_the_places_paid_and_their_prizes(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtmodeltester: Any) -> None:
    desk, _ = started(make_desk, players=7)
    snap = desk.snapshot()
    pool = snap["money"]["prize_pool"]
    dialog = open_dialog(desk)
    qtmodeltester.check(dialog.model)
    assert dialog.model.places == list(paid_places_bp(desk.state)) == [5000, 3000, 2000]
    assert prizes_shown(dialog) == [fmt.money(p["amount"], "EUR") for p in snap["payouts"]]
    assert sum(a or 0 for a in dialog.model.amounts) == pool
    assert fmt.money(pool, "EUR") in dialog.pool_label.text()
    assert dialog.total_label.text() == percent("Total: 100.00 %")
    assert "#c62828" not in dialog.total_label.styleSheet()
    assert dialog.error.isHidden() and dialog.warning.isHidden() and dialog.ok_button.isEnabled()


def test_one_more_place_paid_with_a_point_from_first_place_reaches_the_file(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=7)
    dialog = open_dialog(desk)
    shortcut(qtbot, dialog, Qt.Key.Key_N, 4)
    assert dialog.model.places == [5000, 3000, 2000, 2000]  # level with the last place, never above it
    assert dialog.view.currentIndex().row() == 3
    assert not dialog.ok_button.isEnabled() and "#c62828" in dialog.total_label.styleSheet()

    type_share(qtbot, dialog, 3, "1")
    assert dialog.total_label.text() == percent("Total: 101.00 %")
    assert percent("take 1.00 % off") in dialog.error.text() and not dialog.ok_button.isEnabled()
    type_share(qtbot, dialog, 0, "49")
    qtbot.waitUntil(dialog.error.isHidden)
    assert dialog.model.places == [4900, 3000, 2000, 100]
    assert dialog.total_label.text() == percent("Total: 100.00 %")
    assert "#c62828" not in dialog.total_label.styleSheet()
    shown, amounts = prizes_shown(dialog), list(dialog.model.amounts)

    press(qtbot, Qt.Key.Key_Return)  # Enter is OK once the desk takes the shares
    assert dialog.result() == PayoutsDialog.DialogCode.Accepted
    payouts = desk.snapshot()["payouts"]
    assert [p["amount"] for p in payouts] == amounts
    assert [fmt.money(p["amount"], "EUR") for p in payouts] == shown
    assert payouts_in_file(desk) == payouts


def test_shares_short_of_the_whole_pool_are_refused_and_nothing_is_written(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=7)
    seq, before = desk.seq, desk.snapshot()["payouts"]
    dialog = open_dialog(desk)
    type_share(qtbot, dialog, 0, "45")
    assert not dialog.error.isHidden()
    assert dialog.error.text() == percent("The shares make 95.00 %: 5.00 % is left to give to the places.")
    assert dialog.total_label.text() == percent("Total: 95.00 %")
    assert "#c62828" in dialog.total_label.styleSheet()
    assert not dialog.ok_button.isEnabled()
    assert prizes_shown(dialog) == ["—"] * 3  # no prize the desk would not pay

    press(qtbot, Qt.Key.Key_Return)
    assert dialog.isVisible() and desk.seq == seq
    press(qtbot, Qt.Key.Key_Escape)
    assert dialog.result() == PayoutsDialog.DialogCode.Rejected
    assert desk.seq == seq and desk.snapshot()["payouts"] == before == payouts_in_file(desk)


def test_tab_leaves_the_table_for_the_buttons_and_escape_cancels(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=7)
    dialog = open_dialog(desk)
    assert dialog.focusWidget() is dialog.view
    visited = []
    for _ in range(3):
        press(qtbot, Qt.Key.Key_Tab)
        visited.append(dialog.focusWidget())
    assert visited == [dialog.add_button, dialog.remove_button, dialog.ok_button]
    press(qtbot, Qt.Key.Key_Escape)
    assert dialog.result() == PayoutsDialog.DialogCode.Rejected and not dialog.isVisible()


@pytest.mark.parametrize(("row", "typed", "words", "bad_row"), [
    (2, "0", "Place 3 needs a share above 0.00 %.", 2),
    (2, "35", "Place 3 (35.00 %) cannot pay more than place 2 (30.00 %).", 2),
    (0, "51,5", "The shares make 101.50 %: take 1.50 % off the places.", None),
])
def test_shares_that_make_no_prize_structure_are_explained_on_the_place_at_fault(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot,
        row: int, typed: str, words: str, bad_row: int | None) -> None:
    desk, _ = started(make_desk, players=7)
    seq = desk.seq
    dialog = open_dialog(desk)
    type_share(qtbot, dialog, row, typed)
    assert dialog.refusal is not None and dialog.refusal.code == "PAYOUTS_INVALID"  # the desk's own refusal
    assert dialog.error.text() == percent(words)
    assert dialog.model.bad == bad_row and not dialog.ok_button.isEnabled()
    assert desk.seq == seq


def test_removing_the_last_place_leaves_its_share_to_give_back(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=7)
    dialog = open_dialog(desk)
    shortcut(qtbot, dialog, Qt.Key.Key_Delete, 2)
    assert dialog.model.places == [5000, 3000] and not dialog.ok_button.isEnabled()
    type_share(qtbot, dialog, 0, "70")
    qtbot.waitUntil(dialog.ok_button.isEnabled)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    pool = desk.snapshot()["money"]["prize_pool"]
    assert [p["amount"] for p in payouts_in_file(desk)] == [pool * 7 // 10, pool * 3 // 10]


def test_first_place_is_never_removed(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=7)
    dialog = open_dialog(desk)
    shortcut(qtbot, dialog, Qt.Key.Key_Delete, 2)
    shortcut(qtbot, dialog, Qt.Key.Key_Delete, 1)
    assert dialog.model.places == [5000] and not dialog.remove_button.isEnabled()
    press(qtbot, Qt.Key.Key_Delete, CTRL)
    qtbot.wait(300)  # longer than a button's click takes
    assert dialog.model.places == [5000]


def test_a_place_no_player_can_reach_shows_no_prize_and_first_place_takes_its_share(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=2)
    dialog = open_dialog(desk)
    assert dialog.model.places == [7000, 3000]
    shortcut(qtbot, dialog, Qt.Key.Key_N, 3)
    type_share(qtbot, dialog, 2, "10")
    type_share(qtbot, dialog, 0, "60")
    qtbot.waitUntil(dialog.ok_button.isEnabled)
    pool = desk.snapshot()["money"]["prize_pool"]
    assert dialog.model.amounts == [pool * 7 // 10, pool * 3 // 10, None]
    assert prizes_shown(dialog)[2] == "—"
    press(qtbot, Qt.Key.Key_Return)
    assert [p["amount"] for p in payouts_in_file(desk)] == [pool * 7 // 10, pool * 3 // 10]


def test_the_prizes_follow_a_late_entry_made_while_the_dialog_is_open(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot) -> None:
    desk, _ = started(make_desk, players=7)
    dialog = open_dialog(desk)
    type_share(qtbot, dialog, 0, "49")  # an edit under way stays as typed
    buy_in(desk, register(desk, "Late Lou"))  # the cashier sells a late entry meanwhile
    pool = desk.snapshot()["money"]["prize_pool"]
    assert pool == 8 * 8000
    assert fmt.money(pool, "EUR") in dialog.pool_label.text()
    assert dialog.model.places[0] == 4900 and not dialog.ok_button.isEnabled()
    type_share(qtbot, dialog, 2, "21")
    qtbot.waitUntil(dialog.ok_button.isEnabled)
    assert sum(a or 0 for a in dialog.model.amounts) == pool


def test_a_finished_tournament_shows_its_prizes_locked(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot,
        clock: FakeClock) -> None:
    desk, (a, b) = started(make_desk, players=2)
    clock.advance(minutes=55)  # late registration is over: the last bust ends the tournament
    desk.execute({"type": "bust", "entry": a, "by": [b]})
    seq = desk.seq
    dialog = open_dialog(desk)
    assert not dialog.error.isHidden() and "The tournament is over" in dialog.error.text()
    assert dialog.model.locked and not dialog.model.flags(dialog.model.index(0, SHARE)) & Qt.ItemFlag.ItemIsEditable
    assert not (dialog.ok_button.isEnabled() or dialog.add_button.isEnabled() or dialog.remove_button.isEnabled())
    dialog.view.setFocus()
    type_text(qtbot, "5")
    press(qtbot, Qt.Key.Key_N, CTRL)
    qtbot.wait(300)  # longer than a button's click takes
    assert dialog.model.places == [7000, 3000] and desk.seq == seq
    finished = dialog.model.finished
    assert "Player 1" in finished[2] and "Player 2" in finished[1]


def test_a_place_already_paid_is_marked_and_a_change_to_its_prize_is_warned(
        make_desk: MakeDesk, open_dialog: Callable[[Desk], PayoutsDialog], qtbot: QtBot,
        clock: FakeClock) -> None:
    desk, entries = started(make_desk, players=3)
    clock.advance(minutes=55)  # the places are final: the third can be paid
    third = entries[0]
    desk.execute({"type": "bust", "entry": third, "by": [table_mate(desk, third)]})
    paid = desk.execute({"type": "pay", "entry": third})["amount"]
    dialog = open_dialog(desk)
    assert dialog.model.paid == {3} and dialog.model.finished[3] == "Player 1 (paid)"
    assert dialog.warning.isHidden()

    type_share(qtbot, dialog, 2, "15")
    type_share(qtbot, dialog, 0, "55")
    qtbot.waitUntil(dialog.ok_button.isEnabled)
    pool = desk.snapshot()["money"]["prize_pool"]
    assert not dialog.warning.isHidden()
    assert dialog.warning.text() == (f"Place 3 has been paid already ({fmt.money(paid, 'EUR')}); "
                                     f"it would now pay {fmt.money(pool * 15 // 100, 'EUR')}.")
    press(qtbot, Qt.Key.Key_Return)  # the desk lets the house change it: the TD was told
    assert [p["amount"] for p in payouts_in_file(desk)][2] == pool * 15 // 100


@pytest.mark.parametrize(("text", "bp"), [
    ("12.5", 1250), ("12,5 %", 1250), ("7", 700), ("0.25", 25), (".5", 50), ("100", 10000), ("12.", 1200),
    ("", None), ("abc", None), ("12.345", None), ("-5", None), ("1e2", None), (".", None),
])
def test_a_typed_share_is_read_as_whole_basis_points(text: str, bp: int | None) -> None:
    assert parse_share(text) == bp
