"""Two players of one name (issue 28, item 3): the second Marc Martin is registered at the cashier without a
member id asked of the first, and the console's list, the bust-out and the projector's moves tell them apart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, key, type_text
from tests.helpers.desks import buy_in, register, seat_players, start
from tests.helpers.keyboard import active_dialog, press
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.bust_dialog import BustDialog
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.display.content import notices
from tourneydesk.ui.namesakes import Namesakes

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def marcs(desk: Desk) -> list[dict[str, Any]]:
    return [p for p in desk.snapshot()["players"] if p["name"] == "Marc Martin"]


def test_the_cashier_registers_a_second_marc_martin_without_touching_the_first(
        make_desk: Callable[..., Desk], open_cashier: Callable[[Desk], CashierWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    first = register(desk, "Marc Martin")
    buy_in(desk, first)
    window = open_cashier(desk)
    key(qtbot, Qt.Key.Key_N, CTRL)  # a new player...
    type_text(qtbot, "Marc Martin")
    key(qtbot, Qt.Key.Key_Return)
    form = window.find_panel.register_form
    assert "Is this Marc Martin?" in form.errors["name"].text() and form.namesake_button.isVisible()
    key(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # ...another person of that name
    qtbot.waitUntil(lambda: len(marcs(desk)) == 2)
    assert [p["member_id"] for p in marcs(desk)] == [None, None]
    assert window.sale.player == marcs(desk)[1]["id"]  # at the desk, the sale ready
    assert QApplication.focusWidget() is window.sale.present


def test_the_console_and_the_bust_out_tell_two_marc_martins_apart(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 6)
    for _ in range(2):
        buy_in(desk, desk.execute({"type": "register", "name": "Marc Martin", "namesake": True})["player"])
    start(desk)
    window = open_console(desk)
    seats = {e["id"]: (e["table"], e["seat"]) for e in desk.snapshot()["entries"] if e["name"] == "Marc Martin"}
    wanted = sorted(f"Marc Martin (table {t} · seat {s})" for t, s in seats.values())
    panel = window.players_panel
    shown = sorted(str(panel.filter.index(r, 0).data()) for r in range(panel.filter.rowCount())
                   if str(panel.filter.index(r, 0).data()).startswith("Marc Martin"))
    assert shown == wanted
    press(qtbot, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    dialog = active_dialog(qtbot, window)
    assert isinstance(dialog, BustDialog)
    qtbot.keyClicks(dialog.search, "marc")
    listed = sorted(str(dialog.victims.index(r, 0).data()) for r in range(dialog.victims.rowCount()))
    assert listed == wanted


def test_a_name_nobody_shares_is_shown_as_it_is(make_desk: Callable[..., Desk],
                                                open_console: Callable[[Desk], ConsoleWindow]) -> None:
    desk = make_desk()
    seat_players(desk, 4)
    window = open_console(desk)
    panel = window.players_panel
    assert sorted(str(panel.filter.index(r, 0).data()) for r in range(4)) == sorted(
        e["name"] for e in desk.snapshot()["entries"])


def test_the_projector_tells_two_marc_martins_moved_apart_by_the_seats_they_leave(
        make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    seat_players(desk, 10)  # two tables of nine
    marc = [desk.execute({"type": "register", "name": "Marc Martin", "namesake": True})["player"] for _ in range(2)]
    entries = [buy_in(desk, p)["entry"] for p in marc]
    start(desk)
    breaking = max(t["number"] for t in desk.snapshot()["tables"] if t["seats"])
    for entry in entries:  # both at the table about to break
        if desk.state.entries[entry].table != breaking:
            taken = {int(s) for t in desk.snapshot()["tables"] if t["number"] == breaking for s in t["seats"]}
            desk.execute({"type": "move", "entry": entry, "table": breaking, "seat": min(set(range(1, 10)) - taken)})
    while True:  # busts at the other table, until the breaking table's players fit there
        tables = {t["number"]: list(t["seats"].values()) for t in desk.snapshot()["tables"] if t["seats"]}
        other = next(number for number in tables if number != breaking)
        if len(tables[breaking]) <= 9 - len(tables[other]):
            break
        desk.execute({"type": "bust", "entry": tables[other][0], "by": [tables[other][1]]})
    before = {e: (desk.state.entries[e].table, desk.state.entries[e].seat) for e in entries}
    desk.execute({"type": "break_table", "table": breaking})
    snap = desk.snapshot()
    namesakes = Namesakes()
    namesakes.update(snap["players"])
    found = notices(snap["clock"], snap["announcements"], [], snap["tables"], {}, QLocale("en_US"), None, namesakes)
    text = " ".join(n.line.text for n in found if n.kind == "table_moves")
    for table, seat in before.values():
        assert f"Marc Martin (table {table} · seat {seat}) → table " in text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_button_for_another_person_of_that_name_reads_whole_at_1280x720(
        make_desk: Callable[..., Desk], open_cashier: Callable[[Desk], CashierWindow], qtbot: QtBot,
        qapp: QApplication, language: str) -> None:
    # In French at 1280x720 it read "Ine autre personne de ce nom (Alt+A", cut at both ends beside Annuler and
    # Inscrire: the key it names was half gone.
    desk = make_desk()
    buy_in(desk, register(desk, "Marc Martin"))
    i18n.install(qapp, language)
    try:
        window = open_cashier(desk)
        key(qtbot, Qt.Key.Key_N, CTRL)
        type_text(qtbot, "Marc Martin")
        key(qtbot, Qt.Key.Key_Return)
        button = window.find_panel.register_form.namesake_button
        qtbot.waitUntil(button.isVisible)
        assert button.width() >= button.sizeHint().width(), (button.text(), button.width(), button.sizeHint())
        assert button.text().endswith("(Alt+A)")
    finally:
        i18n.install(qapp, "en")


def test_two_windows_reading_one_snapshot_tell_the_same_marc_martins_apart_and_follow_a_rename_each(
        make_desk: Callable[..., Desk]) -> None:
    # The console's list and its table map read the same snapshot when a file opens: the second copies
    # what the first found. Each then follows the evening on its own, the one that reads a rename first
    # leaving the other to see it too.
    desk = make_desk()
    first = register(desk, "Marc Martin", nickname="Marco")
    second = desk.execute({"type": "register", "name": "Marc Martin", "namesake": True, "member_id": "1203"})["player"]
    alone = register(desk, "Anne Dupont")
    players = desk.snapshot()["players"]
    list_names, map_names, fresh = Namesakes(), Namesakes(), Namesakes()
    told = list_names.update(players)
    assert map_names.update(players) == told == {first, second}
    assert fresh.update(list(players)) == told  # the same people read afresh from another list
    for names in (list_names, map_names, fresh):
        assert names.label(first, "Marc Martin") == "Marc Martin (Marco)"
        assert names.label(second, "Marc Martin") == "Marc Martin (member 1203)"
        assert names.label(alone, "Anne Dupont") == "Anne Dupont"
    desk.execute({"type": "edit_player", "player": second, "name": "Anne Dupont", "namesake": True})
    renamed = desk.snapshot()["players"]
    assert list_names.update(renamed) == {first, second, alone}
    assert list_names.label(first, "Marc Martin") == "Marc Martin"
    assert map_names.label(first, "Marc Martin") == "Marc Martin (Marco)"  # it has not read the rename yet
    assert map_names.update(renamed) == {first, second, alone}
    assert map_names.label(first, "Marc Martin") == "Marc Martin"
    assert map_names.shared(alone) and not map_names.shared(first)
    assert map_names.label(second, "Anne Dupont") == "Anne Dupont (member 1203)"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cashiers_list_tells_two_marc_martins_apart_as_the_console_does(
        make_desk: Callable[..., Desk], open_cashier: Callable[[Desk], CashierWindow], qtbot: QtBot,
        qapp: QApplication, language: str) -> None:
    # The cashier showed two identical "Marc Martin" rows: only the Where column told them apart.
    desk = make_desk()
    seat_players(desk, 4)
    marc = [desk.execute({"type": "register", "name": "Marc Martin", "namesake": True})["player"] for _ in range(2)]
    for player in marc:
        buy_in(desk, player)
    desk.execute({"type": "register", "name": "Marc Martin", "namesake": True, "nickname": "Marco"})
    i18n.install(qapp, language)
    try:
        window = open_cashier(desk)
        key(qtbot, Qt.Key.Key_F, CTRL)
        type_text(qtbot, "marc")
        view = window.find_panel.player_view
        model = view.model()
        qtbot.waitUntil(lambda: model.rowCount() == 3)
        shown = sorted(str(model.index(r, 0).data()) for r in range(model.rowCount()))
        seat = "seat" if language == "en" else "siège"
        wanted = sorted([f"Marc Martin (table {e['table']} · {seat} {e['seat']})" for e in desk.snapshot()["entries"]
                         if e["name"] == "Marc Martin"] + ["Marc Martin (Marco)"])
        assert shown == wanted
        for r in range(model.rowCount()):  # read whole in the name column, not cut to "Marc Martin (tab…"
            text = str(model.index(r, 0).data())
            assert view.fontMetrics().horizontalAdvance(text) < view.columnWidth(0), (text, view.columnWidth(0))
    finally:
        i18n.install(qapp, "en")


def test_a_namesakes_name_at_the_cashier_follows_their_move(
        make_desk: Callable[..., Desk], open_cashier: Callable[[Desk], CashierWindow], qtbot: QtBot) -> None:
    desk = make_desk()
    seat_players(desk, 10)  # a table of nine, and a second table the two Marcs sit at
    marc = [desk.execute({"type": "register", "name": "Marc Martin", "namesake": True})["player"] for _ in range(2)]
    entry = buy_in(desk, marc[0])["entry"]
    buy_in(desk, marc[1])
    start(desk)
    here = desk.state.entries[entry].table
    other = next(t for t in desk.snapshot()["tables"] if t["seats"] and t["number"] != here)
    out, winner = list(other["seats"].values())[:2]
    free = next(int(seat) for seat, e in other["seats"].items() if e == out)
    desk.execute({"type": "bust", "entry": out, "by": [winner]})  # a seat comes free at the other table
    window = open_cashier(desk)
    model = window.find_panel.player_view.model()
    number = other["number"]
    window.bridge.execute({"type": "move", "entry": entry, "table": number, "seat": free})
    wanted = f"Marc Martin (table {number} · seat {free})"
    qtbot.waitUntil(lambda: wanted in [str(model.index(r, 0).data()) for r in range(model.rowCount())])


def test_the_first_look_keyed_at_once_tells_apart_whom_one_by_one_would_and_follows_a_rename() -> None:
    """A file opening keys all its people at once: the same people told apart as read one by one (accents,
    case and spacing aside), and what follows (a rename that leaves a name to one person) as before."""
    names = ["Marc Martin", "marc  martin", "Anne Dupont", "Zoé Roy", "Zoe Roy", "ZOÉ ROY", "Léa", "Paul"]
    people = [{"id": f"p{i}", "name": name, "nickname": None, "member_id": None} for i, name in enumerate(names)]
    at_once, one_by_one = Namesakes(), Namesakes()
    told = at_once.update(people)
    told_too: set[str] = set()
    for n in range(1, len(people) + 1):
        told_too |= one_by_one.update(people[:n])
    assert told == told_too == {"p0", "p1", "p3", "p4", "p5"}
    for found in (at_once, one_by_one):
        assert [found.shared(p["id"]) for p in people] == [True, True, False, True, True, True, False, False]
    renamed = [*people[:4], {**people[4], "name": "Zoe Roy-Leblanc"}, {**people[5], "name": "Zed"}, *people[6:]]
    assert at_once.update(renamed) == one_by_one.update(renamed) == {"p3", "p5"}  # those the renames left
    assert not at_once.shared("p3") and not at_once.shared("p4") and at_once.shared("p0")
