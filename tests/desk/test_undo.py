"""Undo (docs/architecture.md: undo; docs/protocol.md): a new event that takes back a whole command; the log keeps all.

The last command can always be undone; an older one only when no later command touched its entries,
seats or money (UNDO_CONFLICT otherwise). Every desk is on a real file in tmp_path.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import entry_view, seat_players, table_mate
from tests.helpers.desks import refused as refuse
from tourneydesk.desk import Desk

REGISTRATION_CLOSED_AFTER_MIN = 51  # BASE and PKO: levels 1, 2 and the break after level 2


def without_seq(snap: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snap.items() if k != "seq"}


def undo(desk: Desk, **fields: Any) -> dict[str, Any]:
    return desk.execute({"type": "undo", **fields})


def buy_in(desk: Desk, player: str, payment: str = "cash") -> dict[str, Any]:
    return desk.execute({"type": "buy_in", "player": player, "payment": payment, "present": True})


@pytest.fixture
def pko(make_desk: Any) -> tuple[Desk, list[str]]:
    """A running PKO: six entries at table 1, the clock started."""
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 6)
    desk.execute({"type": "clock", "action": "start"})
    return desk, entries


# -- the last command --------------------------------------------------------------------------
# Each case: what happens first (prepare), then the command that is undone. Both get the desk, its
# six entries and the clock; the command is returned as a dict so that the test runs it.
Prepare = Callable[[Desk, list[str], FakeClock], None]
Last = Callable[[Desk, list[str]], dict[str, Any]]


def _nothing(desk: Desk, entries: list[str], clock: FakeClock) -> None:
    """The command undone is the first one after the clock started."""


def _late_player(desk: Desk, entries: list[str], clock: FakeClock) -> None:
    desk.execute({"type": "register", "name": "Late Larry"})


def _one_bust(desk: Desk, entries: list[str], clock: FakeClock) -> None:
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})


def _down_to_two(desk: Desk, entries: list[str], clock: FakeClock) -> None:
    clock.advance(minutes=REGISTRATION_CLOSED_AFTER_MIN)
    for loser in entries[:-2]:
        desk.execute({"type": "bust", "entry": loser, "by": [entries[-1]]})


def _four_minutes(desk: Desk, entries: list[str], clock: FakeClock) -> None:
    clock.advance(minutes=4)


CASES: dict[str, tuple[Prepare, Last]] = {
    "register": (_nothing, lambda d, e: {"type": "register", "name": "Late Larry", "email": "l@example.org"}),
    "buy_in": (_late_player, lambda d, e: {"type": "buy_in", "player": "p7", "payment": "card", "present": True}),
    "reentry": (_one_bust, lambda d, e: {"type": "buy_in", "player": "p1", "payment": "cash", "present": True}),
    "bust": (_nothing, lambda d, e: {"type": "bust", "entry": e[0], "by": [e[1]]}),
    "two-busts-in-one-hand": (_nothing, lambda d, e: {"type": "bust", "busts": [
        {"entry": e[0], "by": [e[1]], "stack_at_hand_start": 9000},
        {"entry": e[2], "by": [e[1]], "stack_at_hand_start": 4000}]}),
    "bust-that-finishes": (_down_to_two, lambda d, e: {"type": "bust", "entry": e[-2], "by": [e[-1]]}),
    "clock-pause": (_four_minutes, lambda d, e: {"type": "clock", "action": "pause"}),
    "clock-next": (_four_minutes, lambda d, e: {"type": "clock", "action": "next"}),
    "pay": (_one_bust, lambda d, e: {"type": "pay", "entry": e[1], "payment": "cash"}),
    "penalty": (_nothing, lambda d, e: {"type": "penalty", "entry": e[3], "minutes": 5, "reason": "swearing"}),
    "announce": (_nothing, lambda d, e: {"type": "announce", "text": "Dinner is served at the bar", "minutes": 30}),
    "disqualify": (_nothing, lambda d, e: {"type": "disqualify", "entry": e[3], "reason": "collusion",
                                          "chips": 20000}),
}


@pytest.mark.parametrize("name", list(CASES))
def test_undo_of_the_last_command_returns_the_snapshot_to_before_it(pko, clock, name):
    desk, entries = pko
    prepare, last = CASES[name]
    prepare(desk, entries, clock)
    before = desk.snapshot()
    result = desk.execute(last(desk, entries))
    assert desk.snapshot() != before
    undone = undo(desk)
    assert undone["seq"] == desk.seq == result["seq"] + 1  # the undo is one new event
    assert without_seq(desk.snapshot()) == without_seq(before)
    # and the state is exactly the fold of the log without that command
    desk.rebuild()
    assert without_seq(desk.snapshot()) == without_seq(before)


def test_undo_of_a_buy_in_takes_the_money_out_of_the_drawer_and_empties_the_seat(pko):
    desk, _ = pko
    player = desk.execute({"type": "register", "name": "Late Larry"})["player"]
    money = desk.snapshot()["money"]
    result = buy_in(desk, player, payment="card")
    table, seat = result["table"], result["seat"]
    assert desk.snapshot()["money"]["drawer"]["card"] == 11000
    undo(desk)
    snap = desk.snapshot()
    assert snap["money"] == money
    assert "card" not in snap["money"]["drawer"] or snap["money"]["drawer"]["card"] == 0
    assert str(seat) not in next(t for t in snap["tables"] if t["number"] == table)["seats"]
    assert result["entry"] not in [e["id"] for e in snap["entries"]]
    assert [line for line in desk.ledger() if line.get("entry") == result["entry"]] == []
    # the player is still registered and may buy in again
    assert buy_in(desk, player)["reentry"] is False


def test_undo_of_a_buy_in_that_opened_a_table_closes_it_again(make_desk):
    desk = make_desk()
    seat_players(desk, 9)
    player = desk.execute({"type": "register", "name": "Tenth"})["player"]
    result = buy_in(desk, player)
    assert result["table"] == 2
    undo(desk)
    assert [t["number"] for t in desk.snapshot()["tables"]] == [1]


def test_undo_of_a_bust_puts_the_entry_back_with_its_bounty_and_the_places(pko):
    desk, entries = pko
    loser, winner = entries[0], entries[1]
    desk.execute({"type": "bust", "entry": entries[5], "by": [winner]})  # place 6 is taken
    result = desk.execute({"type": "bust", "entry": loser, "by": [winner]})
    assert result["out"][0]["place"] == 5
    assert entry_view(desk, winner)["bounty"] == 2000 + 1000 + 1000
    undo(desk)
    back = entry_view(desk, loser)
    assert back["status"] == "active"
    assert back["table"] is not None and back["seat"] is not None
    assert back["bounty"] == 2000
    assert back["place"] is None
    assert entry_view(desk, winner)["bounty"] == 2000 + 1000
    assert entry_view(desk, winner)["bounty_won"] == 1000
    assert desk.snapshot()["counts"]["players_left"] == 5
    assert desk.snapshot()["money"]["bounty_paid"] == 1000
    # the next bust takes place 5 again
    assert desk.execute({"type": "bust", "entry": entries[2], "by": [winner]})["out"][0]["place"] == 5


def test_undo_of_the_finishing_bust_reopens_the_tournament(pko, clock):
    desk, entries = pko
    _down_to_two(desk, entries, clock)
    result = desk.execute({"type": "bust", "entry": entries[-2], "by": [entries[-1]]})
    assert result["finished"] is True
    undo(desk)
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "running"
    assert snap["counts"]["players_left"] == 2
    assert entry_view(desk, entries[-1])["place"] is None


def test_undo_of_a_register_forgets_the_player_and_frees_the_name(make_desk):
    desk = make_desk()
    desk.execute({"type": "register", "name": "Ana Silva"})
    undo(desk)
    assert desk.snapshot()["players"] == []
    assert desk.execute({"type": "register", "name": "ana silva"})["player"]


def test_undo_of_a_pause_sets_the_clock_running_again(pko, clock):
    desk, _ = pko
    clock.advance(minutes=4)
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=3)
    assert desk.snapshot()["clock"]["remaining_s"] == 16 * 60
    undo(desk)
    c = desk.snapshot()["clock"]
    assert c["running"] is True
    assert c["remaining_s"] == 13 * 60  # as if never paused


def test_undo_of_a_payout_puts_the_money_back_in_the_drawer(pko):
    desk, entries = pko
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    drawer = desk.snapshot()["money"]["drawer"]
    assert desk.execute({"type": "pay", "entry": entries[1]})["amount"] == 1000
    assert desk.snapshot()["money"]["drawer"]["cash"] == drawer["cash"] - 1000
    undo(desk)
    money = desk.snapshot()["money"]
    assert money["drawer"] == drawer
    assert money["paid_out"] == 0
    assert entry_view(desk, entries[1])["paid"] is False
    assert desk.execute({"type": "pay", "entry": entries[1]})["amount"] == 1000


# -- several undos, older commands ------------------------------------------------------------
def test_undo_twice_undoes_two_commands(make_desk):
    desk = make_desk()
    desk.execute({"type": "register", "name": "Ana"})
    before = desk.snapshot()
    desk.execute({"type": "register", "name": "Bea"})
    desk.execute({"type": "buy_in", "player": "p2", "payment": "cash", "present": True})
    undo(desk)
    undo(desk)
    assert without_seq(desk.snapshot()) == without_seq(before)
    undo(desk)
    assert desk.snapshot()["players"] == []


def test_undo_of_an_older_command_that_nothing_later_touched(make_desk):
    desk = make_desk()
    ana = desk.execute({"type": "register", "name": "Ana"})
    desk.execute({"type": "register", "name": "Bea"})
    result = undo(desk, seq=ana["seq"])
    assert result["undone"] == ana["seq"]
    assert [p["name"] for p in desk.snapshot()["players"]] == ["Bea"]


def test_a_player_registered_after_an_older_undo_does_not_replace_anyone(make_desk):
    desk = make_desk()
    ana = desk.execute({"type": "register", "name": "Ana"})
    bea = desk.execute({"type": "register", "name": "Bea"})["player"]
    undo(desk, seq=ana["seq"])
    cid = desk.execute({"type": "register", "name": "Cid"})["player"]
    assert cid != bea
    players = {p["id"]: p["name"] for p in desk.snapshot()["players"]}
    assert players[bea] == "Bea"
    assert players[cid] == "Cid"
    assert len(players) == 2


def test_an_entry_bought_after_an_older_undo_does_not_replace_anyone(make_desk):
    desk = make_desk()
    seat_players(desk, 10)  # nine at table 1, the tenth opens table 2
    desk.execute({"type": "clock", "action": "start"})
    desk.execute({"type": "bust", "entry": "e1", "by": [table_mate(desk, "e1")]})
    older = buy_in(desk, "p1")  # to table 2, the shorter
    newcomer = desk.execute({"type": "register", "name": "Newcomer"})["player"]
    kept = buy_in(desk, newcomer)
    assert older["table"] == kept["table"] == 2
    undo(desk, seq=older["seq"])  # nothing later touched that entry or its seat
    late = desk.execute({"type": "register", "name": "Latecomer"})["player"]
    fresh = buy_in(desk, late)
    assert fresh["entry"] != kept["entry"]
    snap = desk.snapshot()
    by_id = {e["id"]: e for e in snap["entries"]}
    assert by_id[kept["entry"]]["player"] == newcomer
    assert (by_id[kept["entry"]]["table"], by_id[kept["entry"]]["seat"]) == (kept["table"], kept["seat"])
    assert by_id[fresh["entry"]]["player"] == late
    assert snap["counts"]["entries"] == len(snap["entries"]) == 12
    assert snap["money"]["collected"] == 12 * 9000
    seated = [e for t in snap["tables"] for e in t["seats"].values()]
    assert sorted(seated) == sorted(e["id"] for e in snap["entries"] if e["status"] == "active")


def test_undo_of_an_older_buy_in_that_a_later_bust_relied_on_is_refused(make_desk):
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    bought = next(e for e in desk.events() if e.type == "entry_bought" and e.payload["entry"] == "e1")
    desk.execute({"type": "bust", "entry": entries[1], "by": [entries[0]]})
    error = refuse(desk, {"type": "undo", "seq": bought.seq}, "UNDO_CONFLICT")
    assert error.params["seq"] == bought.command_seq  # the whole command: table_opened + entry_bought
    assert error.message


def test_undo_of_an_older_bust_after_a_later_bust_by_the_same_winner_is_refused(pko):
    desk, entries = pko
    first = desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    desk.execute({"type": "bust", "entry": entries[2], "by": [entries[1]]})  # its bounty grew on the first
    refuse(desk, {"type": "undo", "seq": first["seq"]}, "UNDO_CONFLICT")


def test_nothing_to_undo(make_desk):
    desk = make_desk()
    refuse(desk, {"type": "undo"}, "NOTHING_TO_UNDO")
    desk.execute({"type": "register", "name": "Ana"})
    undo(desk)
    refuse(desk, {"type": "undo"}, "NOTHING_TO_UNDO")


@pytest.mark.parametrize(("seq", "code"), [
    (1, "UNDO_UNKNOWN"),  # the tournament's creation
    (999, "UNDO_UNKNOWN"),
    ("2", "FIELD_INVALID"),
    (True, "FIELD_INVALID"),
    (2.0, "FIELD_INVALID"),
])
def test_undo_of_a_seq_that_is_not_an_undoable_command_is_refused(make_desk, seq, code):
    desk = make_desk()
    desk.execute({"type": "register", "name": "Ana"})
    refuse(desk, {"type": "undo", "seq": seq}, code)


def test_an_undone_command_cannot_be_undone_again(make_desk):
    desk = make_desk()
    desk.execute({"type": "register", "name": "Ana"})
    bea = desk.execute({"type": "register", "name": "Bea"})
    undo(desk)
    refuse(desk, {"type": "undo", "seq": bea["seq"]}, "UNDO_UNKNOWN")


def test_a_dry_run_undo_writes_nothing(make_desk):
    desk = make_desk()
    ana = desk.execute({"type": "register", "name": "Ana"})
    seq, snap = desk.seq, desk.snapshot()
    preview = desk.execute({"type": "undo", "dry_run": True})
    assert preview["undone"] == ana["seq"]
    assert (desk.seq, desk.snapshot()) == (seq, snap)


def test_subscribers_hear_an_undo(make_desk):
    desk = make_desk()
    heard: list[dict[str, Any]] = []
    desk.execute({"type": "register", "name": "Ana"})
    desk.subscribe(heard.append)
    result = undo(desk)
    assert heard == [result]


# -- undo and the file -------------------------------------------------------------------------
def test_an_undo_survives_reopening_and_the_log_keeps_every_event(pko, tmp_path, clock):
    desk, entries = pko
    bust = desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    events_before = [(e.seq, e.type, e.payload) for e in desk.events()]
    undo(desk)
    snap = desk.snapshot()
    desk.close()
    reopened = Desk.open(tmp_path / "t.tdesk", now=clock)
    try:
        assert reopened.snapshot() == snap
        assert entry_view(reopened, entries[0])["status"] == "active"
        log = reopened.events()
        assert [(e.seq, e.type, e.payload) for e in log[:-1]] == events_before  # nothing deleted
        assert log[-1].type == "undone"
        assert log[-1].payload["commands"] == [bust["seq"]]
        reopened.rebuild()
        assert reopened.snapshot() == snap
    finally:
        reopened.close()


def test_an_undo_of_a_command_behind_the_checkpoint_survives_a_crash(pko, tmp_path, clock):
    desk, entries = pko
    path = tmp_path / "t.tdesk"
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    desk.close()  # the checkpoint now includes the bust
    desk = Desk.open(path, now=clock)
    undo(desk)
    snap = desk.snapshot()
    desk._file.close(backup=False)  # the laptop dies: no new checkpoint
    reopened = Desk.open(path, now=clock)
    try:
        assert reopened.snapshot() == snap
        assert entry_view(reopened, entries[0])["status"] == "active"
    finally:
        reopened.close()
    again = Desk.open(path, now=clock)  # after a clean close, with a checkpoint taken after the undo
    try:
        assert again.snapshot() == snap
    finally:
        again.close()


# -- what a later command was decided on -----------------------------------------------------------
def test_two_buy_ins_never_clash_but_a_colour_up_after_a_buy_in_does(make_desk):
    """Chips bought add up in any order; chips raced off at a colour-up were counted against them."""
    desk = make_desk()
    first, second = seat_players(desk, 2)  # the first buy-in opened table 1: the second is a plain one
    buy_seq = next(e.seq for e in desk.events() if e.type == "entry_bought" and e.payload["entry"] == second)
    third = seat_players_named(desk, "Cleo")
    desk.execute({"type": "chips_removed", "amount": 500, "reason": "colour-up of the 25s"})
    refuse(desk, {"type": "undo", "seq": buy_seq}, "UNDO_CONFLICT")
    assert desk.snapshot()["chips"]["in_play"] == 3 * 20000 - 500
    desk.execute({"type": "undo"})  # the colour-up itself can go
    undo(desk, seq=buy_seq)  # and then the buy-in, with nothing read off it any more
    snap = desk.snapshot()
    assert snap["chips"]["in_play"] == 2 * 20000
    assert {e["id"] for e in snap["entries"]} == {first, third}


def seat_players_named(desk: Desk, name: str) -> str:
    player = desk.execute({"type": "register", "name": name})["player"]
    return buy_in(desk, player)["entry"]


def test_a_clock_command_cannot_be_undone_once_a_prize_was_paid_on_it(make_desk, clock):
    """Paying a prize needs registration closed, which the clock decided: undoing that clock move
    would make a paid place provisional again."""
    desk = make_desk(config(payouts={"places": [10000]}))
    a, b = seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    jump = desk.execute({"type": "clock", "action": "next"})
    desk.execute({"type": "clock", "action": "next"})
    desk.execute({"type": "clock", "action": "next"})  # past the break after level 2: registration closed
    out = desk.execute({"type": "bust", "entry": a, "by": [b]})
    assert out["finished"]
    desk.execute({"type": "pay", "entry": b})
    refuse(desk, {"type": "undo", "seq": jump["seq"]}, "UNDO_CONFLICT")


def test_a_bust_cannot_be_undone_once_the_player_has_re_entered_on_it(make_desk, clock):
    """The re-entry stood on the bust: undoing the bust alone would give one person two live stacks."""
    desk = make_desk()
    a, b, _c = seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    bust_seq = desk.execute({"type": "bust", "entry": a, "by": [table_mate(desk, a)]})["seq"]
    player = desk.state.entries[a].player
    desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    refuse(desk, {"type": "undo", "seq": bust_seq}, "UNDO_CONFLICT")
    desk.execute({"type": "undo"})  # the re-entry first, then the bust
    undo(desk, seq=bust_seq)
    assert entry_view(desk, a)["status"] == "active"
    assert desk.snapshot()["counts"]["players_left"] == 3
