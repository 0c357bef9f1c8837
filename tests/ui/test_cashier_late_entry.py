"""A late entry in a big evening: one more place below everyone out moves every owed bounty row to a new
place at once. Met at 10,000 entries (9,000 out): the cashier took half a second to follow it, each row
taken out and put back; now the rows are put in order together (scripts/bench_cashier.py times it). The
list must still say exactly what the desk owes, in its order, with the row the cashier is on kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, seat_players, start
from tourneydesk.desk import Desk
from tourneydesk.ui.cashier.books import owed_now

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def at_one_table(desk: Desk, count: int) -> list[str]:
    snap = desk.snapshot()
    for table in sorted({e["table"] for e in snap["entries"] if e["status"] == "active"}):
        seated = [e["id"] for e in snap["entries"] if e["table"] == table and e["status"] == "active"]
        if len(seated) >= count:
            return seated
    raise AssertionError("no table that full")


def test_a_late_entry_moves_every_owed_row_and_the_list_stays_the_desks(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    desk = make_desk(config(PKO_CONFIG, registration={"until_level": 4, "through_break": False},
                            seating={"seats_per_table": 10, "tables": 30}))
    seat_players(desk, 220)
    start(desk)
    for _ in range(80):  # a busts b, then c busts a: a is out, owed the bounty cash it won
        a, b, c = at_one_table(desk, 3)[:3]
        desk.execute({"type": "bust", "entry": b, "by": [a]})
        desk.execute({"type": "bust", "entry": a, "by": [c]})
    window = open_cashier(desk)
    model = window.pay.model
    shown = [model.owed(row) for row in range(model.rowCount())]
    assert shown == owed_now(desk)
    placed = [o for o in shown if o is not None and o.place]
    assert len(placed) > 64  # more than are moved one by one: the rows are put in order together
    window.pay.view.setCurrentIndex(model.index(40, 0))
    on = window.pay.current()
    buy_in(desk, register(desk, "Late Comer"))
    shown = [model.owed(row) for row in range(model.rowCount())]
    assert shown == owed_now(desk)
    moved = {o.entry: o.place for o in shown if o is not None}
    assert all(int(moved[o.entry]) == int(o.place) + 1 for o in placed if o is not None)
    current = window.pay.current()
    assert on is not None and current is not None and current.entry == on.entry  # the cashier's row kept


def test_a_row_owed_after_a_late_entry_goes_where_the_places_are_now(
        make_desk: Callable[..., Desk], open_cashier: Any, qtbot: QtBot) -> None:
    """The late entry's moved places are shown as they are, the rows not made again; a row owed after it
    (a bounty won by someone now out) still goes in its place among them, and the list is the desk's."""
    desk = make_desk(config(PKO_CONFIG, registration={"until_level": 4, "through_break": False},
                            seating={"seats_per_table": 10, "tables": 30}))
    seat_players(desk, 220)
    start(desk)
    for _ in range(80):
        a, b, c = at_one_table(desk, 3)[:3]
        desk.execute({"type": "bust", "entry": b, "by": [a]})
        desk.execute({"type": "bust", "entry": a, "by": [c]})
    window = open_cashier(desk)
    model = window.pay.model
    for number in range(3):  # the places move three times
        buy_in(desk, register(desk, f"Late Comer {number}"))
    a, b, c = at_one_table(desk, 3)[:3]
    desk.execute({"type": "bust", "entry": b, "by": [a]})
    desk.execute({"type": "bust", "entry": a, "by": [c]})
    assert [model.owed(row) for row in range(model.rowCount())] == owed_now(desk)
