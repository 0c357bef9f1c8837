"""The TD console driven as a TD drives it (keys and clicks), each flow checked in the file afterwards."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton, QScrollArea, QSpinBox
from pytestqt.qtbot import QtBot

from tests.helpers.clock import T0
from tests.helpers.desks import entry_named, reopened, seat_players, start
from tests.helpers.keyboard import press, type_text
from tourneydesk.desk import Desk
from tourneydesk.ui.console.bust_dialog import BustDialog
from tourneydesk.ui.console.common import send
from tourneydesk.ui.console.main_window import ConsoleWindow

CTRL = Qt.KeyboardModifier.ControlModifier
# The offscreen platform says so whenever a window has a minimum size; it is no fault of the console.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def open_bust(qtbot: QtBot, window: ConsoleWindow) -> BustDialog:
    press(qtbot, Qt.Key.Key_B, CTRL)
    dialog = window.dialog
    assert isinstance(dialog, BustDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.search)
    return dialog


def test_bust_in_three_keystrokes_awards_the_eliminator_his_bounty(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = demo_desk.snapshot()
    victim = entry_named(before, "Marc Martin")  # table 1, seat 8, with a bounty of 75 EUR on his head
    table = next(t for t in before["tables"] if t["number"] == victim["table"])
    winner = next(entry_named(before, n) for n in ("Quentin Moreau",) if n)
    assert winner["id"] in table["seats"].values()

    dialog = open_bust(qtbot, window)
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, "quent")
    assert "Quentin Moreau wins 37.50\u00a0EUR in bounty" in dialog.preview.text()
    assert "Marc Martin finishes 54 (for now: may still re-enter)" in dialog.preview.text()
    press(qtbot, Qt.Key.Key_Return)
    assert window.dialog is None

    after = reopened(demo_desk)
    out = next(e for e in after["entries"] if e["id"] == victim["id"])
    won = next(e for e in after["entries"] if e["id"] == winner["id"])
    assert out["status"] == "busted" and out["place"] == 54
    assert won["bounty_won"] == winner["bounty_won"] + victim["bounty"] // 2
    assert won["bounty"] == winner["bounty"] + victim["bounty"] // 2
    assert "Marc Martin" in window.status.text()


def test_a_split_pot_shares_the_bounty_between_the_eliminators(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = demo_desk.snapshot()
    victim = entry_named(before, "Marc Martin")
    open_bust(qtbot, window)
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, "quent")
    press(qtbot, Qt.Key.Key_Space, CTRL)
    for _ in range(len("quent")):
        press(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, "nina gir")
    press(qtbot, Qt.Key.Key_Space, CTRL)
    press(qtbot, Qt.Key.Key_Return)
    assert window.dialog is None
    after = reopened(demo_desk)
    awards = {e["name"]: e["bounty_won"] - entry_named(before, e["name"])["bounty_won"]
              for e in after["entries"] if e["name"] in ("Quentin Moreau", "Nina Girard") and e["status"] == "active"}
    assert awards == {"Quentin Moreau": victim["bounty"] // 4, "Nina Girard": victim["bounty"] // 4}


def test_a_bust_with_nobody_to_credit_is_refused_inline_and_writes_nothing(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    seq = demo_desk.seq
    dialog = open_bust(qtbot, window)
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, "nobody at this table")
    press(qtbot, Qt.Key.Key_Return)
    assert window.dialog is dialog and not dialog.error.isHidden()
    assert demo_desk.seq == seq and reopened(demo_desk)["seq"] == seq


def test_undo_says_what_it_will_undo_then_does_it(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    snap = demo_desk.snapshot()
    victim, winner = entry_named(snap, "Marc Martin"), entry_named(snap, "Quentin Moreau")
    demo_desk.execute({"type": "bust", "entry": victim["id"], "by": [winner["id"]], "station": "td"})
    assert "Marc Martin" in window.undo_action.text()

    press(qtbot, Qt.Key.Key_Z, CTRL)
    box = window.dialog
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isActiveWindow)
    assert "bust" in box.text() and "Marc Martin" in box.text() and "Quentin Moreau" in box.text()
    press(qtbot, Qt.Key.Key_Return)

    after = reopened(demo_desk)
    assert next(e for e in after["entries"] if e["id"] == victim["id"])["status"] == "active"
    assert next(e for e in after["entries"] if e["id"] == winner["id"])["bounty_won"] == winner["bounty_won"]
    assert "Undone" in window.status.text()


def test_undo_can_be_declined(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    seq = demo_desk.seq
    press(qtbot, Qt.Key.Key_Z, CTRL)
    box = window.dialog
    assert isinstance(box, QMessageBox)
    qtbot.waitUntil(box.isActiveWindow)
    press(qtbot, Qt.Key.Key_Escape)
    assert demo_desk.seq == seq


def test_typing_part_of_a_name_filters_the_players(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    total = window.players_panel.filter.rowCount()
    press(qtbot, Qt.Key.Key_F, CTRL)
    assert QApplication.focusWidget() is window.players_panel.search
    type_text(qtbot, "chloe")  # no accent typed: Chloé is found all the same
    names = {window.players_panel.filter.index(r, 0).data() for r in range(window.players_panel.filter.rowCount())}
    assert names and all(n.startswith("Chloé") for n in names)
    assert window.players_panel.found.text() == f"{len(names)} of {total}"
    press(qtbot, Qt.Key.Key_Return)
    assert QApplication.focusWidget() is window.players_panel.table
    assert window.selected_entry() is not None and window.selected_entry()["name"].startswith("Chloé")  # type: ignore[index]


def test_the_clock_keys_pause_advance_and_add_a_minute(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.players_panel.table.setFocus()
    start = demo_desk.snapshot()["clock"]
    assert start["running"]
    press(qtbot, Qt.Key.Key_Space)
    assert reopened(demo_desk)["clock"]["running"] is False
    assert window.clock_panel.state_label.text() == "PAUSED"
    press(qtbot, Qt.Key.Key_Plus)
    assert reopened(demo_desk)["clock"]["remaining_s"] == start["remaining_s"] + 60
    press(qtbot, Qt.Key.Key_Right, CTRL)
    clock = reopened(demo_desk)["clock"]
    assert clock["index"] == start["index"] + 1 and clock["level"] == start["level"] + 1
    assert window.clock_panel.level_label.text() == f"Level {start['level'] + 1}"
    press(qtbot, Qt.Key.Key_Space)
    assert reopened(demo_desk)["clock"]["running"] is True


def test_f2_applies_the_first_step_of_the_seating_plan(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    steps = window.plan_panel.steps
    assert steps and steps[0]["kind"] == "break_table"  # 54 players fit on 6 tables: the 7th breaks
    broken = steps[0]["table"]
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_F2)
    after = reopened(demo_desk)
    assert all(not t["seats"] for t in after["tables"] if t["number"] == broken)
    assert sum(len(t["seats"]) for t in after["tables"]) == after["counts"]["players_left"]
    assert window.plan_panel.steps != steps


def test_the_plan_asks_for_the_buttons_then_f2_applies_its_move(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 18)
    start(desk)
    first = list(desk.state.tables[1].seats.values())
    for loser in first[:3]:  # table 1 down to 6 players, table 2 full: one player must move
        desk.execute({"type": "bust", "entry": loser, "by": [first[5]]})
    window = open_console(desk)
    panel = window.plan_panel
    for _ in range(2):
        step = panel.steps[0]
        assert step["kind"] == "needs_button"
        seat = min(desk.state.tables[step["table"]].seats)  # the button sits in front of a player
        row = panel.rows[0]
        spin = row.findChild(QSpinBox)
        assert spin is not None
        spin.setFocus()
        spin.selectAll()
        type_text(qtbot, str(seat))
        qtbot.mouseClick(next(b for b in row.findChildren(QPushButton) if b.text() == "Set the button"),
                         Qt.MouseButton.LeftButton)
        assert next(t for t in reopened(desk)["tables"] if t["number"] == step["table"])["button"] == seat
    move = panel.steps[0]
    assert move["kind"] == "move" and move["from"]["table"] == 2 and move["to"]["table"] == 1
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_F2)
    moved = next(e for e in reopened(desk)["entries"] if e["id"] == move["entry"])
    assert (moved["table"], moved["seat"]) == (move["to"]["table"], move["to"]["seat"])
    assert all(s["kind"] != "move" or s["entry"] != move["entry"] for s in panel.steps)


def test_dropping_a_player_on_an_empty_seat_moves_him(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.tables_dock.raise_()
    snap = demo_desk.snapshot()
    mover = entry_named(snap, "Marc Martin")
    target = next(t for t in snap["tables"] if t["number"] != mover["table"] and len(t["seats"]) < 9)
    seat = next(s for s in range(1, 10) if str(s) not in target["seats"])
    canvas = window.table_map.canvas
    point = canvas.seat_center(target["number"], seat)
    mime = canvas.mime_for(mover["id"])  # kept alive: the event does not own it
    drop = QDropEvent(QPointF(point), Qt.DropAction.MoveAction, mime,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    canvas.dropEvent(drop)  # what Qt calls when the drag ends over that seat
    moved = next(e for e in reopened(demo_desk)["entries"] if e["id"] == mover["id"])
    assert (moved["table"], moved["seat"]) == (target["number"], seat)
    assert canvas.spot_at(point).entry == mover["id"]  # type: ignore[union-attr]


def test_a_drop_on_the_same_table_is_refused_beside_the_map(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow]) -> None:
    window = open_console(demo_desk)
    snap = demo_desk.snapshot()
    table = next(t for t in snap["tables"] if len(t["seats"]) < 9)
    mover = table["seats"][next(iter(table["seats"]))]
    seat = next(s for s in range(1, 10) if str(s) not in table["seats"])
    seq = demo_desk.seq
    window.table_map.canvas.moved.emit(mover, table["number"], seat)
    assert demo_desk.seq == seq
    assert not window.table_map.error.isHidden() and window.table_map.error.text()


def test_the_window_layout_is_remembered(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow],
                                         qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.tables_dock.hide()
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, window.plan_dock)
    window.close()
    again = ConsoleWindow(window.bridge, window.settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.tables_dock.isHidden() and not again.plan_dock.isHidden()
    assert again.dockWidgetArea(again.plan_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.settings.value("console/geometry") is not None
    again.close()


def test_every_menu_action_has_a_shortcut(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow]) -> None:
    window = open_console(demo_desk)
    actions = [a for menu in window.menuBar().findChildren(type(window.menuBar().addMenu("x")))
               for a in menu.actions() if a.text() and not a.isSeparator() and a.objectName().startswith("action")]
    assert len(actions) >= 18
    missing = [a.text() for a in actions if a.shortcut().isEmpty()]
    assert missing == []


def test_the_models_pass_the_model_tester(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow],
                                          qtmodeltester: Any) -> None:
    window = open_console(demo_desk)
    qtmodeltester.check(window.players_panel.players)
    qtmodeltester.check(window.players_panel.filter)
    window.open_event_log()
    qtmodeltester.check(window.dialog.model)  # type: ignore[union-attr]
    window.dialog.close()  # type: ignore[union-attr]
    window.open_structure()
    qtmodeltester.check(window.dialog.model)  # type: ignore[union-attr]


def test_the_players_model_follows_a_bust_and_a_new_entry(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtmodeltester: Any) -> None:
    window = open_console(demo_desk)
    rows = window.players_panel.players.rowCount()
    snap = demo_desk.snapshot()
    victim, winner = entry_named(snap, "Marc Martin"), entry_named(snap, "Quentin Moreau")
    qtmodeltester.check(window.players_panel.players)
    demo_desk.execute({"type": "bust", "entry": victim["id"], "by": [winner["id"]]})
    demo_desk.execute({"type": "buy_in", "player": victim["player"], "payment": "cash", "present": True})
    assert window.players_panel.players.rowCount() == rows + 1
    row = window.players_panel.players.row_of(victim["id"])
    assert window.players_panel.players.index(row, 2).data() == "out"
    assert window.players_panel.players.index(rows, 0).data() == "Marc Martin"


def test_the_event_log_lists_every_event_with_its_station(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_L, CTRL)
    log = window.dialog
    assert log is not None
    assert log.model.rowCount() == demo_desk.seq  # type: ignore[union-attr]
    last = log.model.rowCount() - 1  # type: ignore[union-attr]
    assert log.model.index(last, 2).data() == "cashier desk"  # type: ignore[union-attr]
    demo_desk.execute({"type": "undo", "station": "td"})
    assert log.model.rowCount() == demo_desk.seq  # type: ignore[union-attr]
    assert log.model.index(last, 4).data(Qt.ItemDataRole.FontRole).strikeOut()  # type: ignore[union-attr]


def test_the_event_log_says_who_sent_each_command_and_from_which_window(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    from tourneydesk.ui.console.event_log import EventLogModel
    from tourneydesk.ui.editor import TournamentEditor

    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_Comma, CTRL)  # the settings: who works at this laptop tonight
    dialog = window.dialog
    assert isinstance(dialog, TournamentEditor)
    dialog.tabs.setCurrentIndex(dialog.tabs.count() - 1)  # This computer
    dialog.operator.setFocus()
    qtbot.keyClicks(dialog.operator, "Marc (floor)")
    dialog.submit()
    entry = next(e for e in demo_desk.snapshot()["entries"] if e["status"] == "active")
    send(window.bridge, {"type": "player_clock", "entry": entry["id"], "seconds": 60})
    model = EventLogModel(demo_desk)
    last = model.rowCount() - 1
    assert [model.index(last, c).data() for c in (2, 3)] == ["TD console", "Marc (floor)"]
    assert model.index(last, 4).data() == f"player on the clock · {entry['name']}"


def test_the_console_screenshots_at_both_sizes(tmp_path: Path, qtbot: QtBot) -> None:
    from PySide6.QtGui import QImage

    from tourneydesk.ui.screenshots import render_all

    out = tmp_path / "shots"
    written = render_all(None, out, windows=("console",))
    for size in ("1920x1080", "1280x720"):
        image = QImage(str(out / f"console-{size}.png"))
        assert f"{image.width()}x{image.height()}" == size
        assert (out / f"bust-dialog-{size}.png") in written


def test_the_cashier_desk_and_the_display_open_from_the_console_on_the_same_file(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    from tourneydesk.ui.cashier import CashierWindow
    from tourneydesk.ui.display.window import DisplayWindow

    window = open_console(demo_desk)
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_C, CTRL | Qt.KeyboardModifier.ShiftModifier)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.players_panel.table.setFocus()
    press(qtbot, Qt.Key.Key_D, CTRL | Qt.KeyboardModifier.ShiftModifier)
    cashier, display = window.side_windows
    assert isinstance(cashier, CashierWindow) and cashier.bridge is window.bridge
    assert isinstance(display, DisplayWindow)
    window.close()
    assert not cashier.isVisible() and not display.isVisible()


def test_screenshots_of_a_file_leave_the_file_untouched(tmp_path: Path, qtbot: QtBot) -> None:
    from tourneydesk.demo import make_demo
    from tourneydesk.ui.screenshots import render_all

    path = tmp_path / "friday.tdesk"
    make_demo(path, now=T0).close()
    files = sorted(p.name for p in tmp_path.rglob("*"))
    before = path.read_bytes()
    written = render_all(path, tmp_path / "shots", windows=("console",))
    assert len(written) == 14 and all(p.parent == tmp_path / "shots" for p in written)  # 7 images, 2 sizes
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.rglob("*") if "shots" not in p.parts) == files


def test_the_break_shows_its_colour_up(demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow],
                                       qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    window.open_jump()
    dialog = window.dialog
    assert dialog is not None
    dialog.levels.setCurrentIndex(6)  # type: ignore[attr-defined]  # the first break: the 25s are raced off
    dialog.submit()  # type: ignore[attr-defined]
    assert window.clock_panel.level_label.text() == "Break"
    assert window.clock_panel.break_label.text() == "Colour-up: 25"


def test_two_out_in_one_hand_the_bigger_stack_takes_the_higher_place(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    before = demo_desk.snapshot()
    marc, nina = entry_named(before, "Marc Martin"), entry_named(before, "Nina Girard")
    winner = entry_named(before, "Quentin Moreau")
    dialog = open_bust(qtbot, window)
    type_text(qtbot, "marc mart")
    press(qtbot, Qt.Key.Key_Return)
    type_text(qtbot, "nina")
    press(qtbot, Qt.Key.Key_O, CTRL)
    for _ in range(len("nina")):
        press(qtbot, Qt.Key.Key_Backspace)
    type_text(qtbot, "quent")
    press(qtbot, Qt.Key.Key_Return)  # no stacks given yet: refused beside the list, nothing written
    assert window.dialog is dialog and not dialog.error.isHidden()
    dialog.set_stack(marc["id"], 18000)
    dialog.set_stack(nina["id"], 31000)
    assert "Nina Girard finishes 53" in dialog.preview.text() and "Marc Martin finishes 54" in dialog.preview.text()
    dialog.search.setFocus()
    press(qtbot, Qt.Key.Key_Return)
    assert window.dialog is None
    after = {e["id"]: e for e in reopened(demo_desk)["entries"]}
    assert (after[marc["id"]]["place"], after[nina["id"]]["place"]) == (54, 53)
    assert after[winner["id"]]["bounty_won"] == winner["bounty_won"] + (marc["bounty"] + nina["bounty"]) // 2


def test_an_older_command_is_undone_from_the_event_log_unless_a_later_one_depends_on_it(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    window = open_console(demo_desk)
    snap = demo_desk.snapshot()
    marc, quentin = entry_named(snap, "Marc Martin"), entry_named(snap, "Quentin Moreau")
    bust_seq = demo_desk.execute({"type": "bust", "entry": marc["id"], "by": [quentin["id"]]})["seq"]
    demo_desk.execute({"type": "clock", "action": "pause"})
    window.open_event_log()
    log = window.dialog
    assert log is not None
    qtbot.waitUntil(log.isActiveWindow)
    type_text(qtbot, "marc martin")
    rows = [r for r in range(log.filter.rowCount()) if log.filter.index(r, 0).data() == str(bust_seq)]  # type: ignore[attr-defined]
    log.view.setCurrentIndex(log.filter.index(rows[0], 0))  # type: ignore[attr-defined]
    log.view.setFocus()  # type: ignore[attr-defined]
    press(qtbot, Qt.Key.Key_Delete)
    after = reopened(demo_desk)
    assert next(e for e in after["entries"] if e["id"] == marc["id"])["status"] == "active"
    assert after["clock"]["running"] is False  # the pause after it stays
    assert log.model.index(bust_seq - 1, 4).data(Qt.ItemDataRole.FontRole).strikeOut()  # type: ignore[attr-defined]

    seq = demo_desk.seq
    first_buy_in = next(r for r in range(log.model.rowCount())  # type: ignore[attr-defined]
                        if log.model.index(r, 4).data().startswith("buy-in"))  # type: ignore[attr-defined]
    log.search.clear()  # type: ignore[attr-defined]
    log.view.setCurrentIndex(log.filter.mapFromSource(log.model.index(first_buy_in, 0)))  # type: ignore[attr-defined]
    log.view.setFocus()  # type: ignore[attr-defined]
    press(qtbot, Qt.Key.Key_Delete)  # later busts and moves stand on that buy-in: refused, nothing written
    assert demo_desk.seq == seq and not log.error.isHidden()  # type: ignore[attr-defined]


def test_a_layout_saved_on_a_wide_screen_leaves_the_names_readable_on_a_small_one(
        demo_desk: Desk, qtbot: QtBot, console_settings: Any) -> None:
    from tourneydesk.ui.bridge import DeskBridge

    bridge = DeskBridge(demo_desk)
    wide = ConsoleWindow(bridge, console_settings)
    qtbot.addWidget(wide)
    wide.resize(1920, 1080)
    wide.show()
    qtbot.waitExposed(wide)
    wide.close()  # the layout is saved for a 1920-pixel window
    small = ConsoleWindow(bridge, console_settings)
    qtbot.addWidget(small)
    small.resize(1280, 720)
    small.show()
    qtbot.waitExposed(small)
    needed = small.players_panel.table.fontMetrics().horizontalAdvance("Chloé Fontaine")
    qtbot.waitUntil(lambda: small.players_panel.table.horizontalHeader().sectionSize(0) >= needed, timeout=3000)
    small.close()
    bridge.detach()


def test_ctrl_d_opens_the_deal_dialog_on_the_players_still_in(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    from tourneydesk.ui.console.deal_dialog import DealDialog

    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_D, CTRL)
    dialog = window.dialog
    assert isinstance(dialog, DealDialog)
    live = {e["id"] for e in demo_desk.snapshot()["entries"] if e["status"] == "active"}
    assert set(dialog.stacks) == live
    # The demo is mid-evening: late registration is open, so the deal is refused beside the form.
    assert not dialog.ok_button.isEnabled()
    dialog.close()


def test_ctrl_shift_m_opens_the_prize_structure_with_the_places_paid_now(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    from tourneydesk.ui.console.payouts_dialog import PayoutsDialog

    window = open_console(demo_desk)
    press(qtbot, Qt.Key.Key_M, CTRL | Qt.KeyboardModifier.ShiftModifier)
    dialog = window.dialog
    assert isinstance(dialog, PayoutsDialog)
    assert len(dialog.model.places) == len(demo_desk.snapshot()["payouts"])
    dialog.close()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_not_started_says_to_press_space_in_whole_words_at_1280(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot,
        language: str) -> None:
    """Met on a real evening: a new tournament's console read "Pas commencé : appuye" (and "Not started:
    press Spac"), the one thing to do cut off under the clock."""
    from tourneydesk.ui import i18n

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, language)
    try:
        window = open_console(make_desk())
        label = window.clock_panel.state_label
        assert label.text().startswith("Pas commencé" if language == "fr" else "Not started")
        width = label.contentsRect().width()
        fits_on_one_line = label.fontMetrics().horizontalAdvance(label.text()) <= width
        assert fits_on_one_line or (label.wordWrap() and label.height() >= label.heightForWidth(label.width()))
        # ... and "Nothing to do: the tables are balanced." is read whole, not behind a scroll bar.
        qtbot.wait(50)
        assert not window.plan_panel.findChild(QScrollArea).horizontalScrollBar().isVisible()
    finally:
        i18n.install(app, "en")
