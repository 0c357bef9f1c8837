"""After a deal and at the finish, the room, the console and the papers show the same amounts: the
deal's, and the results with names, prizes and bounties (issue 15, items 12 and 18)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, REGISTRATION_MINUTES, config
from tests.helpers.desks import bust_down_to, seat_players, start, table_mate
from tests.helpers.keyboard import active_dialog, press
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.cashier.books import night_report
from tourneydesk.ui.console.deal_dialog import DealDialog
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.moves_dialog import MovesDialog
from tourneydesk.ui.console.results_dialog import ResultsDialog
from tourneydesk.ui.display import DisplayWindow
from tourneydesk.ui.display.content import payout_rows
from tourneydesk.ui.printing import report_html
from tourneydesk.ui.results import deal_lines, standings

CTRL = Qt.KeyboardModifier.ControlModifier
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def final_three(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    desk = make_desk(config(PKO_CONFIG))
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust_down_to(desk, 3)
    return desk


def show_display(qtbot: QtBot, desk: Desk, tmp_path: Path) -> tuple[DisplayWindow, DeskBridge]:
    bridge = DeskBridge(desk)
    window = DisplayWindow(bridge, settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    return window, bridge


def money_panel(window: DisplayWindow) -> list[str]:
    rows = window.layout_.payout_rows
    return [" · ".join(text for text in (window.shown_text(f"payout_name_{i}"), window.shown_text(f"payout_right_{i}"))
                       if text) for i in range(rows) if window.shown_text(f"payout_right_{i}")]


def test_after_a_deal_the_projector_shows_each_players_deal_amount(
        final_three: Desk, qtbot: QtBot, tmp_path: Path) -> None:
    desk = final_three
    left = [e.id for e in desk.state.entries.values() if e.status == "active"]
    prizes = [p["amount"] for p in desk.snapshot()["payouts"][:3]]
    deal = dict(zip(left, [sum(prizes) // 3, sum(prizes) // 3, sum(prizes) - 2 * (sum(prizes) // 3)], strict=True))
    desk.execute({"type": "deal", "method": "custom", "amounts": deal})
    window, bridge = show_display(qtbot, desk, tmp_path)
    try:
        assert window.shown_text("payouts_title") == "DEAL"
        shown = money_panel(window)
        for entry, amount in deal.items():
            line = f"{desk.state.entry_name(entry)} · {fmt.money(amount, 'EUR', window.number_locale, cents=False)}"
            assert line in shown
        # The table's prizes for the places dealt are shown no more, nor highlighted.
        assert fmt.money(prizes[0], "EUR", window.number_locale, cents=False) not in shown
    finally:
        bridge.detach()


def test_the_finished_tournament_shows_the_winner_and_the_results_everywhere(
        final_three: Desk, qtbot: QtBot, tmp_path: Path, open_console: Callable[[Desk], ConsoleWindow]) -> None:
    desk = final_three
    window = open_console(desk)
    desk.execute({"type": "final_table"})
    moves = active_dialog(qtbot, window)  # the draw is read aloud first
    assert isinstance(moves, MovesDialog)
    press(qtbot, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: window.dialog is None)
    while desk.state.live > 1:
        victim = next(e.id for e in desk.state.entries.values() if e.status == "active")
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    snap = desk.snapshot()
    first = next(e for e in snap["entries"] if e["place"] == 1)
    second = next(e for e in snap["entries"] if e["place"] == 2)

    results = active_dialog(qtbot, window)  # the results open by themselves at the finish
    assert isinstance(results, ResultsDialog)
    assert results.headline.text() == f"{first['name']} wins Friday PKO"
    page = results.table.toPlainText()
    assert first["name"] in page and second["name"] in page
    assert fmt.money(second["prize"], "EUR").replace("\u00a0", " ") in page.replace("\u00a0", " ")
    press(qtbot, Qt.Key.Key_Escape)
    rows = window.players_panel.filter
    row = next(r for r in range(rows.rowCount()) if rows.index(r, 0).data() == first["name"])
    assert rows.index(row, 2).data() == "winner"
    assert window.clock_panel.blinds_label.text() == f"{first['name']} wins"
    assert "break" not in window.clock_panel.break_label.text().lower() and window.clock_panel.next_label.text() == ""

    display, bridge = show_display(qtbot, desk, tmp_path)
    try:
        assert display.shown_text("time") == first["name"]
        assert display.shown_text("payouts_title") == "RESULTS"
        assert display.shown_text("next") == "" and display.shown_text("break_in") == ""
        prize = fmt.money(second["prize"], "EUR", display.number_locale, cents=False)
        assert f"{second['name']} · {prize}" in money_panel(display)
    finally:
        bridge.detach()

    report = report_html(night_report(desk))
    assert "Final standings" in report and first["name"] in report
    assert "Started " in report and "ended " in report and "levels played" in report


def test_a_deal_made_in_the_console_is_confirmed_there_and_printed_in_the_report(
        final_three: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = final_three
    window = open_console(desk)
    press(qtbot, Qt.Key.Key_D, CTRL)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, DealDialog)
    players = [e["id"] for e in dialog.players]
    dialog.method.setCurrentIndex(dialog.method.findData("chip_chop"))
    for entry, chips in zip(players, (120000, 80000, 40000), strict=True):
        dialog.stacks[entry].setValue(chips)
    dialog.submit()
    deal = desk.snapshot()["deal"]
    assert deal is not None
    for entry in players:
        assert f"{desk.state.entry_name(entry)} {fmt.money(deal['amounts'][entry], 'EUR')}" in window.status.text()
    assert window.status.text().startswith("Deal made: ")
    report = report_html(night_report(desk))
    assert "The deal" in report
    for entry in players:
        assert fmt.money(deal["amounts"][entry], "EUR").replace("\u00a0", "&nbsp;") in report \
            or fmt.money(deal["amounts"][entry], "EUR") in report


def two_marc_martins_heads_up(desk: Desk, clock: FakeClock) -> list[str]:
    """Two club members named Marc Martin (members 1002 and 2077) left heads-up, past registration: their entries."""
    marcs = []
    for member in ("1002", "2077"):
        player = desk.execute({"type": "register", "name": "Marc Martin", "member_id": member})["player"]
        marcs.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"])
    others = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    for victim in others:
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    return marcs


def test_two_players_of_one_name_are_told_apart_in_the_results_and_the_deal(
        make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(config(PKO_CONFIG))
    marcs = two_marc_martins_heads_up(desk, clock)
    desk.execute({"type": "deal", "method": "chip_chop", "stacks": dict(zip(marcs, (50000, 30000), strict=True)),
                  "end": True, "order": marcs})
    snap = desk.snapshot()
    told = ["Marc Martin (member 1002)", "Marc Martin (member 2077)"]
    assert [s.name for s in standings(snap)[:2]] == told
    assert [line.name for line in deal_lines(snap)[0]] == told
    for entry in marcs:  # their prizes paid: the payouts' list names each as the standings do
        desk.execute({"type": "pay", "entry": entry, "payment": "cash"})
    html = report_html(night_report(desk))
    assert all(html.count(name) == 3 for name in told), html


def test_the_projector_tells_two_players_of_one_name_apart_in_the_results(
        make_desk: Callable[..., Desk], clock: FakeClock) -> None:
    desk = make_desk(config(PKO_CONFIG))
    marcs = two_marc_martins_heads_up(desk, clock)
    desk.execute({"type": "deal", "method": "chip_chop", "stacks": dict(zip(marcs, (50000, 30000), strict=True))})
    told = ["Marc Martin (member 1002)", "Marc Martin (member 2077)"]
    assert [row[1] for row in payout_rows(desk.snapshot(), QLocale("en_GB"))[2][:2]] == told
    desk.execute({"type": "bust", "entry": marcs[1], "by": [marcs[0]]})
    assert [row[1] for row in payout_rows(desk.snapshot(), QLocale("en_GB"))[2][:2]] == told


def test_the_results_and_the_end_of_night_report_list_each_mystery_envelope_drawn(
        make_desk: Callable[..., Desk], clock: FakeClock, qtbot: QtBot) -> None:
    desk = make_desk(config(PKO_CONFIG, bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 4,
                                                "mystery_left_over": "winner"}))
    seat_players(desk, 6)  # 120.00 in the pool
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 5000, "count": 1}, {"amount": 1750, "count": 4}]})
    bust_down_to(desk, 1)
    snap = desk.snapshot()
    names = {e["id"]: e["name"] for e in snap["entries"]}
    drawn = snap["money"]["envelopes"]["drawn"]
    assert len(drawn) == 4 and drawn[-1]["entry"] is None  # three knockouts drew; the winner took the rest
    lines = []
    for i, draw in enumerate(drawn, start=1):
        knocked = names[draw["entry"]] if draw["entry"] else "the envelopes nobody drew"
        amounts = " + ".join(fmt.money(a, "EUR") for a in draw["amounts"])
        winners = ", ".join(f"{names[s['entry']]} {fmt.money(s['cash'], 'EUR')}" for s in draw["to"])
        lines.append(f"{i} {knocked} {amounts} {winners}")
    dialog = ResultsDialog(DeskBridge(desk))  # what the console opens at the finish
    qtbot.addWidget(dialog)
    shown = dialog.table.toPlainText()
    assert "Mystery envelopes drawn" in shown
    assert all(line in " ".join(shown.split()) for line in (" ".join(x.split()) for x in lines)), shown
    report = report_html(night_report(desk))
    assert "Mystery envelopes drawn" in report and report.count("<td>the envelopes nobody drew</td>") == 1
