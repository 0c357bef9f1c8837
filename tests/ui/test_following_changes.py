"""The windows follow each command by updating only what it changed, and never show anything stale.

After a bust in a 10,000-entry field the console, the cashier and the display each look at the handful
of entries the desk rebuilt (`ui/changes.py`). What a TD notices: the row they were on stays current,
the bust dialog's list loses the busted player without jumping, the projector's biggest bounties move.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPersistentModelIndex, QSettings, Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start, table_mate
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.changes import Changes, EntryIndex, runs
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.plan_panel import PlanPanel, step_title
from tourneydesk.ui.console.players_model import COLUMNS, PlayersFilter, PlayersModel
from tourneydesk.ui.display.window import DisplayWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


def part(entry_id: str, **fields: Any) -> dict[str, Any]:
    return {"id": entry_id, "name": entry_id.upper(), **fields}


# -- the index, without Qt ---------------------------------------------------------------------------
def test_the_index_names_the_entries_that_are_new_objects_and_the_appended_ones() -> None:
    a, b, c = part("a"), part("b"), part("c")
    index = EntryIndex()
    assert index.update([a, b, c]) == [0, 1, 2]
    b2, d = part("b", status="busted"), part("d")
    assert index.update([a, b2, c, d]) == [1, 3]
    assert index.get("b") is b2 and index.name("d") == "D" and index.name(None) == ""


def test_the_index_takes_the_desks_word_only_when_it_leads_from_what_was_read() -> None:
    a, b = part("a"), part("b")
    index = EntryIndex()
    first = [a, b]
    index.update(first)
    second = [a, part("b", status="busted")]
    assert index.update(second, told(first, second, [1])) == [1]
    # A word about other lists (a snapshot this window never read) is not taken: it compares instead.
    third = [part("a", status="busted"), second[1]]
    assert index.update(third, told(first, third, [1])) == [0]


def told(before: list[dict[str, Any]], after: list[dict[str, Any]], rebuilt: list[int]) -> Changes:
    """What the desk would say of two snapshots whose entries are these."""
    return Changes({"entries": before}, {"entries": after}, tuple(rebuilt), (), (), frozenset({"entries"}))


def test_an_entry_taken_away_by_an_undo_starts_the_index_afresh() -> None:
    index = EntryIndex()
    index.update([part("a"), part("b")])
    assert index.update([part("a")]) == [0]
    assert index.get("b") is None


def test_runs_group_consecutive_rows() -> None:
    assert runs([1, 2, 3, 7, 9, 10]) == [(1, 3), (7, 7), (9, 10)]
    assert runs([]) == []


# -- the console ---------------------------------------------------------------------------------------
@pytest.fixture
def pko(make_desk: Callable[..., Desk]) -> tuple[Desk, list[str]]:
    desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 30)
    start(desk)
    return desk, entries


def test_the_row_the_td_is_on_stays_current_when_someone_else_busts(
        pko: tuple[Desk, list[str]], qtbot: QtBot, tmp_path: Path) -> None:
    desk, entries = pko
    window = ConsoleWindow(DeskBridge(desk), QSettings(str(tmp_path / "c.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    on = entries[20]
    panel = window.players_panel
    panel.table.setCurrentIndex(panel.filter.index(panel.players.row_of(on), 0))
    loser = entries[0]
    desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    assert window.selected_entry() is not None and window.selected_entry()["id"] == on  # type: ignore[index]
    row = window.players_panel.players.row_of(loser)
    assert window.players_panel.filter.index(row, 2).data() == "out"


def test_the_bust_dialogs_list_loses_the_busted_player_and_keeps_its_current_row(
        pko: tuple[Desk, list[str]], qtmodeltester: Any) -> None:
    desk, entries = pko
    bridge = DeskBridge(desk)
    players = PlayersModel()
    players.update(bridge.snapshot())
    victims = PlayersFilter(players, active_only=True)
    qtmodeltester.check(victims)  # and it keeps checking every signal the filter sends from here on
    current = victims.index(10, 0)
    kept = victims.entry_id(10)
    resets: list[bool] = []
    victims.modelReset.connect(lambda: resets.append(True))
    pinned = QPersistentModelIndex(current)
    for loser in entries[:3]:
        desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
        players.update(bridge.snapshot(), bridge.changes())
    assert victims.rowCount() == 27 and resets == []
    assert victims.entry_id(pinned.row()) == kept
    assert all(victims.entry_id(r) not in entries[:3] for r in range(victims.rowCount()))


# -- the display --------------------------------------------------------------------------------------
def test_the_biggest_bounties_follow_the_busts(pko: tuple[Desk, list[str]], qtbot: QtBot, tmp_path: Path) -> None:
    desk, entries = pko
    window = DisplayWindow(DeskBridge(desk), settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    names = {e["id"]: e["name"] for e in desk.snapshot()["entries"]}
    loser = entries[0]
    winner = table_mate(desk, loser)
    desk.execute({"type": "bust", "entry": loser, "by": [winner]})
    # Progressive: half the busted head goes onto the winner's: now the biggest bounty in the room.
    assert window.shown_text("bounty_left_0") == names[winner]
    bigger = next(e["bounty"] for e in desk.snapshot()["entries"] if e["id"] == winner)
    assert window.shown_text("bounty_right_0") == fmt.money(bigger, "EUR", window.number_locale, cents=False)
    desk.execute({"type": "bust", "entry": winner, "by": [table_mate(desk, winner)]})
    shown = {window.shown_text(f"bounty_left_{i}") for i in range(window.layout_.bounty_rows)}
    assert names[winner] not in shown and names[loser] not in shown


def test_the_projector_shows_the_mystery_envelopes_left_by_amount(make_desk: Callable[..., Desk], clock: FakeClock,
                                                                  qtbot: QtBot, tmp_path: Path) -> None:
    desk = make_desk(config(buy_in={"prize": 8000, "bounty": 2000, "fee": 1000}, seating={"seats_per_table": 9,
                            "tables": 2}, bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 10}))
    seat_players(desk, 10)
    start(desk)
    clock.advance(minutes=51)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 11000, "count": 1}, {"amount": 1000, "count": 9}]})
    window = DisplayWindow(DeskBridge(desk), settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    assert window.shown_text("bounties_title") == "MYSTERY ENVELOPES LEFT"
    assert [window.shown_text(f"bounty_{side}_{i}") for i in (0, 1) for side in ("left", "right")] == \
        [fmt.money(11000, "EUR", window.number_locale, cents=False), "1 envelope",
         fmt.money(1000, "EUR", window.number_locale, cents=False), "9 envelopes"]
    loser = next(iter(desk.state.entries))
    drawn = desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})["out"][0]
    left = ["1 envelope", "8 envelopes"] if drawn["bounty_awards"][0]["cash"] == 1000 else ["9 envelopes"]
    assert [window.shown_text(f"bounty_right_{i}") for i in range(len(left))] == left


# -- the cashier ---------------------------------------------------------------------------------------
def test_the_cashiers_list_of_what_is_owed_follows_busts_payments_and_an_undo(
        pko: tuple[Desk, list[str]], qtbot: QtBot, tmp_path: Path, qtmodeltester: Any) -> None:
    from tourneydesk.ui.cashier import CashierWindow
    from tourneydesk.ui.cashier.books import owed_now

    desk, entries = pko
    cashier = CashierWindow(DeskBridge(desk), settings=QSettings(str(tmp_path / "k.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(cashier)
    cashier.show()
    pay = cashier.pay
    qtmodeltester.check(pay.model)  # and every insert and removal from here on

    def shown() -> list[Any]:
        return [pay.model.owed(r) for r in range(pay.model.rowCount())]

    for loser in entries[:4]:
        desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
        assert shown() == owed_now(desk)
    on = pay.current()
    assert on is not None
    other = next(o for o in shown() if o.entry != on.entry)
    desk.execute({"type": "pay", "entry": other.entry, "payment": "cash"})
    assert shown() == owed_now(desk) and other.entry not in {o.entry for o in shown()}
    assert pay.current() == on  # the row the cashier was on stays current
    desk.execute({"type": "undo"})
    assert shown() == owed_now(desk) and other.entry in {o.entry for o in shown()}


def test_a_newcomer_appears_at_the_end_of_the_filtered_list_without_resetting_it(
        pko: tuple[Desk, list[str]], qtmodeltester: Any) -> None:
    desk, _entries = pko
    bridge = DeskBridge(desk)
    players = PlayersModel()
    players.update(bridge.snapshot())
    found = PlayersFilter(players)
    found.set_query("player 1")  # Player 1, Player 10..19
    qtmodeltester.check(found)
    resets: list[bool] = []
    found.modelReset.connect(lambda: resets.append(True))
    shown = found.rowCount()
    for name in ("Player 100", "Someone Else"):
        player = desk.execute({"type": "register", "name": name})["player"]
        desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        players.update(bridge.snapshot(), bridge.changes())
    assert found.rowCount() == shown + 1 and resets == []
    assert found.index(shown, 0).data() == "Player 100"


@pytest.mark.parametrize(("active_only", "sort_column"), [(False, -1), (True, -1), (False, COLUMNS.index("name"))])
def test_typing_on_finds_among_the_rows_shown_exactly_what_the_whole_field_gives(
        pko: tuple[Desk, list[str]], active_only: bool, sort_column: int) -> None:
    """Each letter typed on is looked for among the rows the find box shows (the query only grew); a bust
    in between, a letter taken back, the list sorted or only the players still in: the same rows, in the
    same order, as the whole field matched afresh."""
    desk, entries = pko
    bridge = DeskBridge(desk)
    players = PlayersModel()
    players.update(bridge.snapshot())
    found = PlayersFilter(players, active_only=active_only)
    if sort_column >= 0:
        found.sort(sort_column, Qt.SortOrder.DescendingOrder)

    def shown() -> list[str]:
        return [str(found.index(row, 0).data()) for row in range(found.rowCount())]

    def afresh(typed: str) -> list[str]:
        whole = PlayersFilter(players, active_only=active_only)
        if sort_column >= 0:
            whole.sort(sort_column, Qt.SortOrder.DescendingOrder)
        whole.set_query(typed)
        return [str(whole.index(row, 0).data()) for row in range(whole.rowCount())]

    for typed in ("p", "pl", "pla", "play", "player", "player ", "player 1"):
        found.set_query(typed)
        assert shown() == afresh(typed)
        if typed == "play":
            desk.execute({"type": "bust", "entry": entries[11], "by": [table_mate(desk, entries[11])]})
            players.update(bridge.snapshot(), bridge.changes())
            assert shown() == afresh(typed)
    for typed in ("player 2", "player", ""):  # a letter taken back, another typed: the whole field again
        found.set_query(typed)
        assert shown() == afresh(typed)
    assert len(shown()) == (29 if active_only else 30)


def test_the_plans_rows_say_each_new_step_and_a_new_step_never_takes_the_button_the_td_is_on(
        pko: tuple[Desk, list[str]], qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bust that changes who moves but not the plan's shape: the rows stand and each says its new step (they
    were made, styled and laid out again). With the keyboard on the panel, the rows are made afresh, as before."""
    desk, entries = pko
    bridge = DeskBridge(desk)
    panel = PlanPanel(bridge)
    qtbot.addWidget(panel)
    panel.show()
    table = desk.state.tables[desk.state.entries[entries[0]].table]
    for loser in sorted(table.seats.values())[:2]:  # two out at one table: a player moves to it
        desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    while any(step["kind"] == "needs_button" for step in desk.plan()):  # the buttons where the cards fell
        step = next(step for step in desk.plan() if step["kind"] == "needs_button")
        seats = desk.state.tables[step["table"]].seats
        desk.execute({"type": "set_button", "table": step["table"], "seat": min(seats)})
    panel.update_snapshot(bridge.snapshot())
    steps = desk.plan()
    assert steps and all(step["kind"] == "move" for step in steps)
    rows = list(panel.rows)
    mover = steps[0]["entry"]
    other = next(e for e in entries if desk.state.entries[e].status == "active" and e != mover)
    monkeypatch.setattr(desk, "plan", lambda now=None: [{**steps[0], "entry": other}, *steps[1:]])
    panel.update_snapshot(bridge.snapshot())
    shown = [label.text() for label in rows[0].findChildren(QLabel)]
    assert panel.rows == rows and shown[0] == step_title({**steps[0], "entry": other}, {other: desk.name_of(other)})
    panel.activateWindow()
    rows[0].findChildren(QPushButton)[-1].setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is rows[0].findChildren(QPushButton)[-1])
    monkeypatch.setattr(desk, "plan", lambda now=None: steps)
    panel.update_snapshot(bridge.snapshot())
    assert panel.rows != rows and panel.rows[0] is not rows[0]
    assert panel.rows[0].findChildren(QLabel)[0].text() == step_title(steps[0], {mover: desk.name_of(mover)})


def test_a_name_reads_upright_and_from_the_left_after_a_provisional_place_was_painted(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    """The delegate hands one set of roles from cell to cell: a role a cell does not answer must be cleared,
    or the italic and right-aligned place of a player who may still re-enter spills onto the next names."""
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 6)
    start(desk)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    window = open_console(desk)
    view = window.players_panel.table
    model, delegate = view.model(), view.itemDelegate()
    out = next(row for row in range(model.rowCount()) if model.index(row, 0).data() == desk.name_of(entries[0]))
    place = QStyleOptionViewItem()
    delegate.initStyleOption(place, model.index(out, COLUMNS.index("place")))
    assert place.font.italic()  # provisional: late registration is open
    name = QStyleOptionViewItem()
    delegate.initStyleOption(name, model.index(out, 0))
    assert not name.font.italic()
    assert name.displayAlignment & Qt.AlignmentFlag.AlignLeft
