"""The Desk's command protocol (docs/protocol.md): what `execute` answers, one command = one
transaction, retries, dry runs, refusals that write nothing, subscribers, reopening, backups and the
shape of the snapshot. Every desk is on a real file in tmp_path."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import T0, FakeClock
from tests.helpers.configs import BASE_CONFIG, PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, seat_players, table_mate
from tests.helpers.desks import refused as refuse
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import FileRefused, TourneyError
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk

REGISTRATION_CLOSED_AFTER_MIN = 51  # BASE: levels 1, 2 and the break after level 2 (20 + 20 + 10 minutes)


# -- helpers ------------------------------------------------------------------------------------
def count_commits(desk: Desk, cmd: dict[str, Any]) -> tuple[dict[str, Any], int, int]:
    """Execute `cmd`; return its result, the COMMITs SQLite saw, and the store's transaction count delta."""
    statements: list[str] = []
    conn = desk._file.connection
    before = desk._file.transaction_count
    conn.set_trace_callback(statements.append)
    try:
        result = desk.execute(cmd)
    finally:
        conn.set_trace_callback(None)
    commits = sum(1 for s in statements if s.strip().upper().startswith("COMMIT"))
    return result, commits, desk._file.transaction_count - before


def events_in_file(path: Path, clock: FakeClock) -> int:
    desk = Desk.open(path, now=clock)
    try:
        return len(desk.events())
    finally:
        desk.close()


def started_pko(make_desk: Any, players: int = 6) -> tuple[Desk, list[str]]:
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, players)
    desk.execute({"type": "clock", "action": "start"})
    return desk, entries


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- what execute answers -----------------------------------------------------------------------
def test_register_answers_the_new_player_and_the_seq_of_its_event(make_desk):
    desk = make_desk()
    result = desk.execute({"type": "register", "name": "Ana Silva"})
    assert result == {"seq": desk.seq, "player": "p1"}
    assert desk.events()[-1].type == "player_registered"


def test_buy_in_answers_entry_table_seat_reentry_price_and_chips(make_desk):
    desk = make_desk(config(PKO_CONFIG))
    player = register(desk, "Ana Silva")
    result = buy_in(desk, player)
    assert set(result) >= {"seq", "entry", "table", "seat", "reentry", "price", "chips"}
    assert result["seq"] == desk.seq
    assert result["reentry"] is False
    assert result["price"] == {"prize": 8000, "bounty": 2000, "fee": 1000}
    assert result["chips"] == 20000
    entry = next(e for e in desk.snapshot()["entries"] if e["id"] == result["entry"])
    assert (entry["table"], entry["seat"]) == (result["table"], result["seat"])


def test_reentry_answers_reentry_true(make_desk):
    desk, entries = started_pko(make_desk, 3)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    result = buy_in(desk, "p1")
    assert result["reentry"] is True
    assert result["entry"] == "e4"


def test_bust_answers_place_prize_and_bounty_awards(make_desk):
    desk, entries = started_pko(make_desk, 6)
    winner = table_mate(desk, entries[0])
    result = desk.execute({"type": "bust", "entry": entries[0], "by": [winner]})
    assert result["seq"] == desk.seq
    [out] = result["out"]
    assert set(out) >= {"entry", "place", "place_to", "final", "prize", "bounty_awards"}
    assert out["entry"] == entries[0]
    assert (out["place"], out["place_to"]) == (6, 6)
    assert out["final"] is False  # late registration still open: the place is provisional
    assert out["prize"] == 0
    # progressive, half in cash: 2000 on the head -> 1000 cash, 1000 onto the winner's head
    assert out["bounty_awards"] == [{"to": winner, "cash": 1000, "to_head": 1000}]


# -- one command, one transaction ---------------------------------------------------------------
def test_a_register_is_one_transaction(make_desk):
    desk = make_desk()
    _, commits, counted = count_commits(desk, {"type": "register", "name": "Ana"})
    assert commits == 1
    assert counted == 1


def test_a_buy_in_that_opens_a_table_is_one_transaction(make_desk):
    desk = make_desk()
    seat_players(desk, 9)  # table 1 is full
    player = register(desk, "Tenth Player")
    seq = desk.seq
    result, commits, counted = count_commits(
        desk, {"type": "buy_in", "player": player, "payment": "cash", "present": True})
    assert [e.type for e in desk.events(seq)] == ["table_opened", "entry_bought"]
    assert result["seq"] == seq + 2
    assert result["table"] == 2
    assert commits == 1
    assert counted == 1


def test_a_bust_that_finishes_the_tournament_is_one_transaction(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=REGISTRATION_CLOSED_AFTER_MIN)
    seq = desk.seq
    result, commits, counted = count_commits(desk, {"type": "bust", "entry": entries[0], "by": [entries[1]]})
    assert [e.type for e in desk.events(seq)] == ["busted", "tournament_finished"]
    assert result["finished"] is True
    assert result["winner"] == entries[1]
    assert desk.snapshot()["tournament"]["status"] == "finished"
    assert commits == 1
    assert counted == 1


def test_a_refused_command_opens_no_transaction(make_desk):
    desk = make_desk()
    statements: list[str] = []
    desk._file.connection.set_trace_callback(statements.append)
    try:
        with pytest.raises(TourneyError):
            desk.execute({"type": "buy_in", "player": "p9", "payment": "cash", "present": True})
    finally:
        desk._file.connection.set_trace_callback(None)
    assert not [s for s in statements if s.strip().upper().startswith(("BEGIN", "INSERT", "COMMIT"))]


# -- retries: command_id ------------------------------------------------------------------------
def test_a_repeated_command_id_does_not_charge_a_buy_in_twice(make_desk):
    desk = make_desk()
    player = register(desk, "Ana Silva")
    cmd = {"type": "buy_in", "player": player, "payment": "card", "present": True, "command_id": "cashier-1-17"}
    first = desk.execute(cmd)
    seq, snap = desk.seq, desk.snapshot()
    again = desk.execute(dict(cmd))
    assert again == first
    assert desk.seq == seq
    assert desk.snapshot() == snap
    assert snap["money"]["collected"] == 9000
    assert snap["money"]["drawer"] == {"card": 9000}
    assert snap["counts"]["entries"] == 1


def test_a_repeated_command_id_is_recognised_after_reopening(make_desk, tmp_path, clock):
    desk = make_desk()
    cmd = {"type": "register", "name": "Ana Silva", "command_id": "lan-42"}
    first = desk.execute(cmd)
    desk.close()
    reopened = Desk.open(tmp_path / "t.tdesk", now=clock)
    try:
        seq = reopened.seq
        assert reopened.execute(cmd) == first
        assert reopened.seq == seq
        assert len(reopened.snapshot()["players"]) == 1
    finally:
        reopened.close()


def test_a_refused_command_id_can_be_retried_once_corrected(make_desk):
    desk = make_desk()
    player = register(desk, "Ana Silva")
    cmd = {"type": "buy_in", "player": player, "payment": "bitcoin", "present": True, "command_id": "c-1"}
    refuse(desk, cmd, "PAYMENT_INVALID")
    result = desk.execute({**cmd, "payment": "cash"})
    assert result["entry"] == "e1"


# -- dry runs -----------------------------------------------------------------------------------
def test_a_dry_run_bust_tells_place_prize_and_bounty_and_writes_nothing(make_desk):
    desk, entries = started_pko(make_desk, 6)
    winner = table_mate(desk, entries[0])
    cmd = {"type": "bust", "entry": entries[0], "by": [winner]}
    seq, snap = desk.seq, desk.snapshot()
    preview = desk.execute({**cmd, "dry_run": True})
    assert desk.seq == seq
    assert desk.snapshot() == snap
    assert preview["dry_run"] is True
    assert preview["seq"] == seq
    real = desk.execute(cmd)
    assert preview["out"] == real["out"]
    assert real["out"][0]["bounty_awards"] == [{"to": winner, "cash": 1000, "to_head": 1000}]


def test_a_dry_run_of_the_finishing_bust_tells_the_winner_and_writes_nothing(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=REGISTRATION_CLOSED_AFTER_MIN)
    cmd = {"type": "bust", "entry": entries[0], "by": [entries[1]]}
    seq, snap = desk.seq, desk.snapshot()
    preview = desk.execute({**cmd, "dry_run": True})
    assert (desk.seq, desk.snapshot()) == (seq, snap)
    assert snap["tournament"]["status"] == "running"
    real = desk.execute(cmd)
    assert {k: v for k, v in preview.items() if k not in ("seq", "dry_run")} == \
        {k: v for k, v in real.items() if k != "seq"}
    assert real["out"][0]["place"] == 2
    assert real["out"][0]["final"] is True
    assert real["out"][0]["prize"] > 0


def test_a_dry_run_buy_in_promises_the_seat_the_real_buy_in_gets(make_desk):
    desk = make_desk()
    seat_players(desk, 4)
    player = register(desk, "Walk In")
    cmd = {"type": "buy_in", "player": player, "payment": "cash", "present": True}
    seq, snap = desk.seq, desk.snapshot()
    preview = desk.execute({**cmd, "dry_run": True})
    assert (desk.seq, desk.snapshot()) == (seq, snap)
    real = desk.execute(cmd)
    assert (preview["entry"], preview["table"], preview["seat"]) == (real["entry"], real["table"], real["seat"])


def test_a_dry_run_that_would_be_refused_is_refused(make_desk):
    desk = make_desk()
    refuse(desk, {"type": "buy_in", "player": "p1", "payment": "cash", "present": True, "dry_run": True},
           "UNKNOWN_PLAYER")


# -- refused commands write nothing -------------------------------------------------------------
@pytest.fixture
def floor_desk(make_desk: Any) -> Desk:
    """A PKO table in level 1: e1..e6 at table 1 (players p1..p6), e1 busted by e2, and p7 registered
    but not bought in."""
    desk, entries = started_pko(make_desk, 6)
    desk.execute({"type": "bust", "entry": "e1", "by": ["e2"]})
    register(desk, "Walk In")
    assert desk.state.entries["e2"].table == desk.state.entries["e3"].table == desk.state.entries["e6"].table
    return desk


def _amount_commands() -> list[Any]:
    """Every amount a command carries, given a negative, fractional, boolean, absurd or text value."""
    fields = {
        "chips_removed.amount": lambda v: {"type": "chips_removed", "amount": v, "reason": "colour-up"},
        "penalty.minutes": lambda v: {"type": "penalty", "entry": "e3", "minutes": v, "reason": "swearing"},
        "penalty.hands": lambda v: {"type": "penalty", "entry": "e3", "hands": v, "reason": "swearing"},
        "clock.adjust.seconds": lambda v: {"type": "clock", "action": "adjust", "seconds": v},
        "clock.set.seconds": lambda v: {"type": "clock", "action": "set", "seconds": v},
        "disqualify.chips": lambda v: {"type": "disqualify", "entry": "e3", "reason": "collusion", "chips": v},
        "bust.stack_at_hand_start": lambda v: {"type": "bust", "entry": "e3", "by": ["e4"],
                                               "stack_at_hand_start": v},
        "player_clock.seconds": lambda v: {"type": "player_clock", "entry": "e3", "seconds": v},
    }
    values = {"negative": -100, "fractional": 1.5, "boolean": True, "absurd": 10**15, "text": "100"}
    cases = []
    for field, make in fields.items():
        for kind, value in values.items():
            if field == "clock.adjust.seconds" and kind == "negative":
                continue  # adjust is signed: -100 takes 100 seconds off, legitimately
            cases.append(pytest.param(make(value), "FIELD_INVALID", id=f"{field}-{kind}"))
    return cases


def _buy(player: str, **extra: Any) -> dict[str, Any]:
    return {"type": "buy_in", "player": player, "payment": "cash", "present": True, **extra}


BAD_COMMANDS = [
    # shape
    pytest.param({"type": "shuffle_up"}, "UNKNOWN_COMMAND", id="unknown-command-type"),
    pytest.param({"name": "Ana"}, "UNKNOWN_COMMAND", id="no-type"),
    pytest.param(["register", "Ana"], "COMMAND_INVALID", id="not-an-object"),
    pytest.param({"type": "register", "name": "Ana", "colour": "red"}, "UNKNOWN_FIELD", id="unknown-field"),
    pytest.param({"type": "bust", "entry": "e3", "by": ["e4"], "chips": 5}, "UNKNOWN_FIELD",
                 id="unknown-field-on-bust"),
    pytest.param({"type": "undo", "entry": "e3"}, "UNKNOWN_FIELD", id="unknown-field-on-undo"),
    pytest.param({"type": "register", "name": "Ana", "station": 7}, "FIELD_INVALID", id="station-not-text"),
    pytest.param({"type": "register", "name": "Ana", "command_id": 7}, "FIELD_INVALID",
                 id="command-id-not-text"),
    # missing fields
    pytest.param({"type": "register"}, "NAME_INVALID", id="register-without-name"),
    pytest.param({"type": "buy_in", "player": "p7", "present": True}, "PAYMENT_INVALID",
                 id="buy-in-without-payment"),
    pytest.param({"type": "buy_in", "payment": "cash", "present": True}, "FIELD_MISSING",
                 id="buy-in-without-player"),
    pytest.param({"type": "bust", "by": ["e3"]}, "FIELD_MISSING", id="bust-without-entry"),
    pytest.param({"type": "bust", "entry": "e3"}, "BY_REQUIRED", id="bust-without-winner-in-pko"),
    pytest.param({"type": "clock"}, "FIELD_INVALID", id="clock-without-action"),
    pytest.param({"type": "disqualify", "entry": "e3", "chips": 0}, "REASON_REQUIRED",
                 id="disqualify-without-reason"),
    # unknown ids
    pytest.param(_buy("p99"), "UNKNOWN_PLAYER", id="unknown-player"),
    pytest.param({"type": "bust", "entry": "e99", "by": ["e3"]}, "UNKNOWN_ENTRY", id="bust-unknown-entry"),
    pytest.param({"type": "bust", "entry": "e3", "by": ["e99"]}, "UNKNOWN_ENTRY", id="bust-by-unknown-entry"),
    pytest.param({"type": "pay", "entry": "e99"}, "UNKNOWN_ENTRY", id="pay-unknown-entry"),
    pytest.param({"type": "penalty", "entry": "e99", "minutes": 5, "reason": "x"}, "UNKNOWN_ENTRY",
                 id="penalty-unknown-entry"),
    # states
    pytest.param({"type": "bust", "entry": "e1", "by": ["e2"]}, "ENTRY_NOT_ACTIVE", id="bust-busted-entry"),
    pytest.param({"type": "bust", "entry": "e3", "by": ["e1"]}, "BY_INVALID", id="bust-by-busted-entry"),
    pytest.param(_buy("p3"), "ALREADY_ACTIVE", id="buy-in-with-a-live-entry"),
    pytest.param(_buy("p3", abandon="e3"), "NOT_ON_BREAK", id="abandon-outside-a-break"),
    pytest.param({"type": "clock", "action": "start"}, "CLOCK_STARTED", id="clock-started-twice"),
    pytest.param({"type": "clock", "action": "resume"}, "CLOCK_RUNNING", id="resume-a-running-clock"),
    pytest.param({"type": "rebuy", "present": True, "entry": "e3", "payment": "cash", "stack": 0}, "REBUY_NOT_ALLOWED",
                 id="rebuy-without-rebuys"),
    pytest.param({"type": "pay", "entry": "e3"}, "NOTHING_OWED", id="pay-nothing-owed"),
    pytest.param({"type": "busts", "busts": []}, "UNKNOWN_COMMAND", id="misspelt-type"),
    pytest.param({"type": "bust", "busts": [{"entry": "e3", "by": ["e4"]}, {"entry": "e5", "by": ["e4"]}]},
                 "STACK_REQUIRED", id="two-busts-in-one-hand-without-stacks"),
    pytest.param({"type": "bust", "busts": [{"entry": "e3", "by": ["e4"], "stack_at_hand_start": 5000},
                                            {"entry": "e5", "by": ["e4"]}]},
                 "STACK_REQUIRED", id="two-busts-in-one-hand-one-stack-missing"),
    # presence and payment
    pytest.param({"type": "buy_in", "player": "p7", "payment": "cash"}, "NOT_PRESENT", id="buy-in-not-present"),
    pytest.param(_buy("p7", present=False), "NOT_PRESENT", id="buy-in-present-false"),
    pytest.param(_buy("p7", present="yes"), "NOT_PRESENT", id="buy-in-present-text"),
    pytest.param(_buy("p7", present=1), "NOT_PRESENT", id="buy-in-present-one"),
    pytest.param(_buy("p7", payment="bitcoin"), "PAYMENT_INVALID", id="buy-in-bitcoin"),
    pytest.param(_buy("p7", payment="CASH"), "PAYMENT_INVALID", id="buy-in-payment-wrong-case"),
    pytest.param({"type": "pay", "entry": "e2", "payment": "bitcoin"}, "PAYMENT_INVALID", id="pay-bitcoin"),
    # names
    pytest.param({"type": "register", "name": ""}, "NAME_INVALID", id="name-empty"),
    pytest.param({"type": "register", "name": "   \t "}, "NAME_INVALID", id="name-whitespace"),
    pytest.param({"type": "register", "name": "x" * 300}, "NAME_INVALID", id="name-300-characters"),
    pytest.param({"type": "register", "name": "x" * 65}, "NAME_INVALID", id="name-65-characters"),
    pytest.param({"type": "register", "name": "Ana\x07"}, "NAME_INVALID", id="name-bell"),
    pytest.param({"type": "register", "name": "Ana\nSilva"}, "NAME_INVALID", id="name-newline"),
    pytest.param({"type": "register", "name": "Ana\u200bSilva"}, "NAME_INVALID", id="name-zero-width-space"),
    pytest.param({"type": "register", "name": 42}, "NAME_INVALID", id="name-number"),
    pytest.param({"type": "register", "name": "PLAYER 3"}, "NAME_TAKEN", id="name-taken-ignoring-case"),
    pytest.param({"type": "register", "name": "  player 3 "}, "NAME_TAKEN", id="name-taken-once-trimmed"),
    pytest.param({"type": "register", "name": "Ana", "nickname": "A\x07"}, "NAME_INVALID",
                 id="nickname-bell"),
    *_amount_commands(),
]


@pytest.mark.parametrize(("cmd", "code"), BAD_COMMANDS)
def test_a_bad_command_is_refused_with_its_code_and_writes_nothing(floor_desk, cmd, code, tmp_path, clock):
    seq = floor_desk.seq
    refuse(floor_desk, cmd, code)
    snap = floor_desk.snapshot()
    floor_desk.close()
    assert events_in_file(tmp_path / "t.tdesk", clock) == seq
    reopened = Desk.open(tmp_path / "t.tdesk", now=clock)
    try:
        assert reopened.snapshot() == snap
    finally:
        reopened.close()


def test_the_refusal_names_the_field_at_fault(floor_desk):
    error = refuse(floor_desk, {"type": "register", "name": "Ana", "colour": "red"}, "UNKNOWN_FIELD")
    assert error.params["field"] == "colour"
    error = refuse(floor_desk, {"type": "chips_removed", "amount": 1.5, "reason": "x"}, "FIELD_INVALID")
    assert error.params["field"] == "amount"
    assert error.message  # a sentence for the TD


def test_reentry_after_late_registration_closed_is_refused(make_desk, clock):
    desk = make_desk()
    entries = seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    clock.advance(minutes=REGISTRATION_CLOSED_AFTER_MIN - 2)  # on the break after level 2: still open
    assert desk.execute({"type": "buy_in", "player": "p1", "payment": "cash", "present": True,
                         "dry_run": True})["reentry"] is True
    clock.advance(minutes=2)
    refuse(desk, _buy("p1"), "REGISTRATION_CLOSED")
    newcomer = register(desk, "Late Larry")
    refuse(desk, _buy(newcomer), "REGISTRATION_CLOSED")


def test_reentry_over_the_limit_is_refused(make_desk):
    desk = make_desk()  # BASE: two re-entries per player
    seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    for _ in range(2):
        entry = desk.state.last_entry("p1").id
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
        assert buy_in(desk, "p1")["reentry"] is True
    entry = desk.state.last_entry("p1").id
    desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    error = refuse(desk, _buy("p1"), "REENTRY_LIMIT")
    assert error.params["max"] == 2


def test_reentry_in_a_freezeout_is_refused(make_desk):
    cfg = config()
    del cfg["reentry"]
    desk = make_desk(cfg)
    entries = seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    refuse(desk, _buy("p1"), "REENTRY_NOT_ALLOWED")


def test_rebuy_outside_its_window_is_refused(make_desk, clock):
    desk = make_desk(config(rebuy={"until_level": 1, "chips": 20000, "max_stack": 20000}))
    entries = seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    rebuy = {"type": "rebuy", "present": True, "entry": entries[0], "payment": "cash", "stack": 5000}
    assert desk.execute(rebuy)["chips"] == 20000
    clock.advance(minutes=21)  # level 2
    refuse(desk, rebuy, "REBUY_CLOSED")


def test_rebuy_above_the_stack_limit_is_refused(make_desk):
    desk = make_desk(config(rebuy={"until_level": 1, "chips": 20000, "max_stack": 20000}))
    entries = seat_players(desk, 3)
    refuse(desk, {"type": "rebuy", "present": True, "entry": entries[0], "payment": "cash", "stack": 20001},
           "REBUY_STACK_TOO_BIG")


def test_a_name_is_trimmed_and_taken_ignoring_case_and_accent_form(make_desk):
    desk = make_desk()
    player = register(desk, "  Zo\u00e9 Martin  ")
    assert desk.snapshot()["players"][0]["name"] == "Zo\u00e9 Martin"
    refuse(desk, {"type": "register", "name": "ZOE\u0301 MARTIN"}, "NAME_TAKEN")  # decomposed é, upper case
    assert player == "p1"


def test_a_64_character_name_is_accepted(make_desk):
    desk = make_desk()
    register(desk, "x" * 64)
    assert desk.snapshot()["players"][0]["name"] == "x" * 64


def test_two_people_of_the_same_name_are_told_apart_by_their_member_ids(make_desk):
    desk = make_desk()
    first = register(desk, "Ana Silva", member_id="M-100")
    refuse(desk, {"type": "register", "name": "ana silva"}, "NAME_TAKEN")
    refuse(desk, {"type": "register", "name": "ana silva", "member_id": "M-100"}, "NAME_TAKEN")
    second = register(desk, "ana silva", member_id="M-200")
    assert first != second
    assert [p["member_id"] for p in desk.snapshot()["players"]] == ["M-100", "M-200"]


def test_a_name_taken_by_someone_without_member_id_is_refused_even_with_one(make_desk):
    desk = make_desk()
    register(desk, "Ana Silva")
    refuse(desk, {"type": "register", "name": "Ana Silva", "member_id": "M-200"}, "NAME_TAKEN")


def test_the_clock_does_not_start_with_fewer_than_two_players(make_desk):
    desk = make_desk()
    refuse(desk, {"type": "clock", "action": "start"}, "TOO_FEW_PLAYERS")
    seat_players(desk, 1)
    error = refuse(desk, {"type": "clock", "action": "start"}, "TOO_FEW_PLAYERS")
    assert error.params["players"] == 1


def test_no_bust_before_the_clock_starts(make_desk):
    desk = make_desk()
    entries = seat_players(desk, 3)
    refuse(desk, {"type": "bust", "entry": entries[0], "by": [entries[1]]}, "NOT_STARTED")


def test_a_finished_tournament_refuses_buy_ins_and_clock_changes(make_desk, clock):
    desk = make_desk()
    entries = seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=REGISTRATION_CLOSED_AFTER_MIN)
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    refuse(desk, {"type": "clock", "action": "pause"}, "TOURNAMENT_FINISHED")
    refuse(desk, _buy(register(desk, "Too Late")), "TOURNAMENT_FINISHED")


# -- subscribers --------------------------------------------------------------------------------
def test_subscribers_hear_once_per_accepted_command_only(make_desk):
    desk = make_desk()
    heard: list[dict[str, Any]] = []
    unsubscribe = desk.subscribe(heard.append)
    result = desk.execute({"type": "register", "name": "Ana", "command_id": "r-1"})
    assert heard == [result]
    with pytest.raises(TourneyError):
        desk.execute({"type": "register", "name": "ANA"})
    desk.execute({"type": "register", "name": "Bea", "dry_run": True})
    desk.execute({"type": "register", "name": "Ana", "command_id": "r-1"})  # a retry changes nothing
    assert heard == [result]
    second = desk.execute({"type": "buy_in", "player": "p1", "payment": "cash", "present": True})
    assert heard == [result, second]
    unsubscribe()
    desk.execute({"type": "register", "name": "Bea"})
    assert len(heard) == 2


def test_every_subscriber_is_called_and_sees_the_new_state(make_desk):
    desk = make_desk()
    seen: list[tuple[str, int]] = []
    desk.subscribe(lambda r: seen.append(("a", desk.snapshot()["seq"])))
    desk.subscribe(lambda r: seen.append(("b", r["seq"])))
    result = desk.execute({"type": "register", "name": "Ana"})
    assert seen == [("a", result["seq"]), ("b", result["seq"])]


# -- reopening ----------------------------------------------------------------------------------
def play_a_while(desk: Desk, clock: FakeClock) -> None:
    """A PKO evening: buy-ins on two tables, busts, a re-entry, a payout, a penalty, a pause."""
    entries = seat_players(desk, 12, payment="cash")
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=7)
    winner = table_mate(desk, entries[0])
    desk.execute({"type": "bust", "entry": entries[0], "by": [winner]})
    buy_in(desk, "p1", payment="card")
    desk.execute({"type": "pay", "entry": winner, "payment": "cash"})
    clock.advance(minutes=9)
    loser = entries[5]
    desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)], "station": "td",
                  "actor": "Marta"})
    desk.execute({"type": "penalty", "entry": entries[7], "minutes": 10, "reason": "soft play"})
    desk.execute({"type": "player_clock", "entry": entries[8], "seconds": 60})
    desk.execute({"type": "clock", "action": "pause"})
    clock.advance(minutes=3)


def test_a_reopened_file_gives_the_same_snapshot(make_desk, tmp_path, clock):
    desk = make_desk(config(PKO_CONFIG))
    play_a_while(desk, clock)
    before, ledger = desk.snapshot(), desk.ledger()
    desk.close()
    reopened = Desk.open(tmp_path / "t.tdesk", now=clock)
    try:
        assert reopened.snapshot() == before
        assert reopened.ledger() == ledger
    finally:
        reopened.close()


def test_rebuild_from_the_whole_log_gives_the_same_snapshot(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG))
    play_a_while(desk, clock)
    before = desk.snapshot()
    desk.rebuild()
    assert desk.snapshot() == before
    assert desk._file.load_checkpoint() is None


def test_a_checkpoint_older_than_the_log_plus_its_tail_gives_the_same_snapshot(make_desk, tmp_path, clock):
    path = tmp_path / "t.tdesk"
    desk = make_desk(config(PKO_CONFIG))
    play_a_while(desk, clock)
    desk.close()  # writes a checkpoint at the end of the log
    desk = Desk.open(path, now=clock)
    desk.execute({"type": "clock", "action": "resume"})
    clock.advance(minutes=4)
    entry = next(e for e in desk.state.entries.values() if e.status == "active").id
    desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    buy_in(desk, desk.state.entries[entry].player, payment="transfer")
    before = desk.snapshot()
    # The laptop dies: the connection goes away without the desk's clean close (no new checkpoint).
    desk._file.close(backup=False)
    reopened = Desk.open(path, now=clock)
    try:
        checkpoint = reopened._file.load_checkpoint()
        assert checkpoint is not None and checkpoint[0] < reopened.seq  # the scenario we mean
        assert reopened.snapshot() == before
        reopened.rebuild()
        assert reopened.snapshot() == before
    finally:
        reopened.close()


def test_a_reopened_desk_carries_on_where_it_stopped(make_desk, tmp_path, clock):
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 3)
    desk.close()
    reopened = Desk.open(tmp_path / "t.tdesk", now=clock, seed=5)
    try:
        player = register(reopened, "Fourth")
        assert player == "p4"
        result = buy_in(reopened, player)
        assert result["entry"] == "e4"
        assert result["entry"] not in entries
    finally:
        reopened.close()


# -- backups ------------------------------------------------------------------------------------
def backups(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "t.backups"
    return sorted(folder.glob("*.tdesk")) if folder.is_dir() else []


def test_closing_writes_a_backup_that_opens_to_the_same_tournament(make_desk, tmp_path, clock):
    desk = make_desk(config(PKO_CONFIG))
    seat_players(desk, 4)
    before = desk.snapshot()
    desk.close()
    [copy] = backups(tmp_path)
    assert "close" in copy.name
    elsewhere = tmp_path / "restore"
    elsewhere.mkdir()
    restored_path = elsewhere / "restored.tdesk"
    restored_path.write_bytes(copy.read_bytes())
    restored = Desk.open(restored_path, now=clock)
    try:
        assert restored.snapshot() == before
    finally:
        restored.close()


def test_tick_writes_a_backup_when_the_level_changes_and_only_then(make_desk, tmp_path, clock):
    desk = make_desk()
    seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    desk.tick()  # the clock's start may count as a level change; what follows may not
    count = len(backups(tmp_path))
    clock.advance(minutes=5)
    assert desk.tick() is False
    assert len(backups(tmp_path)) == count
    clock.advance(minutes=16)  # into level 2
    assert desk.tick() is True
    assert len(backups(tmp_path)) == count + 1
    assert desk.tick() is False
    clock.advance(minutes=5)
    assert desk.tick() is False
    assert len(backups(tmp_path)) == count + 1


def test_tick_after_reopening_waits_for_the_next_level(make_desk, tmp_path, clock):
    desk = make_desk()
    seat_players(desk, 3)
    desk.execute({"type": "clock", "action": "start"})
    desk.close()
    clock.advance(minutes=3)
    reopened = Desk.open(tmp_path / "t.tdesk", now=clock)
    try:
        assert reopened.tick() is False
        clock.advance(minutes=20)
        assert reopened.tick() is True
    finally:
        reopened.close()


def test_at_most_ten_backups_are_kept_the_newest(make_desk, tmp_path, clock):
    desk = make_desk()
    seat_players(desk, 2)
    desk.close()
    for i in range(12):
        clock.advance(minutes=1)
        again = Desk.open(tmp_path / "t.tdesk", now=clock)
        register(again, f"Late {i}")
        again.close()
    kept = backups(tmp_path)
    assert len(kept) == 10
    seqs = sorted(int(p.stem.rsplit("-s", 1)[1]) for p in kept)
    assert seqs == list(range(seqs[-1] - 9, seqs[-1] + 1))  # the ten newest, one per close


# -- files the desk refuses ---------------------------------------------------------------------
def test_open_refuses_a_missing_file_and_creates_nothing(tmp_path, clock):
    path = tmp_path / "nothing.tdesk"
    with pytest.raises(FileRefused) as info:
        Desk.open(path, now=clock)
    assert info.value.code == "FILE_MISSING"
    assert not path.exists()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind", ["text", "other-sqlite"])
def test_open_refuses_a_foreign_file_and_leaves_it_untouched(tmp_path, clock, kind):
    path = tmp_path / "club.tdesk"
    if kind == "text":
        path.write_text("name,chips\nAna,20000\n", encoding="utf-8")
    else:
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
        conn.execute("INSERT INTO meta VALUES ('app', 'someone-else')")
        conn.commit()
        conn.close()
    digest = file_digest(path)
    with pytest.raises(FileRefused) as info:
        Desk.open(path, now=clock)
    assert info.value.code == "FILE_FOREIGN"
    assert file_digest(path) == digest
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.tdesk"]


def test_open_refuses_a_file_from_a_newer_version_and_leaves_it_untouched(make_desk, tmp_path, clock):
    desk = make_desk()
    seat_players(desk, 2)
    desk.close()
    path = tmp_path / "t.tdesk"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    digest = file_digest(path)
    listing = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(FileRefused) as info:
        Desk.open(path, now=clock)
    assert info.value.code == "FILE_NEWER"
    assert isinstance(info.value, TourneyError)
    assert file_digest(path) == digest
    assert sorted(p.name for p in tmp_path.iterdir()) == listing


def test_create_refuses_to_overwrite_an_existing_file(make_desk, tmp_path, clock):
    desk = make_desk()
    seat_players(desk, 2)
    desk.close()
    path = tmp_path / "t.tdesk"
    digest = file_digest(path)
    with pytest.raises(FileRefused) as info:
        Desk.create(path, config(), now=clock)
    assert info.value.code == "FILE_EXISTS"
    assert file_digest(path) == digest


# -- the snapshot's shape -----------------------------------------------------------------------
SNAPSHOT_KEYS = {"seq", "tournament", "clock", "counts", "chips", "money", "payouts", "tables", "entries",
                 "players", "on_clock", "announcements"}
TOURNAMENT_KEYS = {"id", "name", "currency", "status"}
CLOCK_KEYS = {"index", "level", "on_break", "running", "remaining_s", "overtime", "small_blind", "big_blind",
              "ante", "ante_kind", "next", "break_in_s", "registration_open", "registration_closes_in_s",
              "color_up", "add_on_open", "hand_for_hand", "hand"}
COUNTS_KEYS = {"players", "entries", "players_left", "reentries", "rebuys", "add_ons"}
CHIPS_KEYS = {"in_play", "average"}
MONEY_KEYS = {"collected", "prize_parts", "added", "overlay", "prize_pool", "fees", "bounty_pool", "bounty_paid",
              "bounty_forfeited", "paid_out", "drawer"}
PAYOUT_KEYS = {"place", "amount", "entries"}
TABLE_KEYS = {"number", "button", "players", "ante", "seats"}
ENTRY_KEYS = {"id", "player", "name", "status", "table", "seat", "last_table", "last_seat", "place",
              "place_final", "prize", "paid", "bounty", "bounty_won", "waits", "penalty"}
PLAYER_KEYS = {"id", "name", "entries"}


def _floats(value: Any, where: str = "snapshot") -> list[str]:
    if isinstance(value, float):
        return [where]
    if isinstance(value, dict):
        return [f for k, v in value.items() for f in _floats(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [f for i, v in enumerate(value) for f in _floats(v, f"{where}[{i}]")]
    return []


def test_the_snapshot_has_every_key_of_the_protocol(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG))
    play_a_while(desk, clock)
    snap = desk.snapshot()
    assert set(snap) >= SNAPSHOT_KEYS
    assert set(snap["tournament"]) >= TOURNAMENT_KEYS
    assert set(snap["clock"]) >= CLOCK_KEYS
    assert set(snap["counts"]) >= COUNTS_KEYS
    assert set(snap["chips"]) >= CHIPS_KEYS
    assert set(snap["money"]) >= MONEY_KEYS
    assert set(snap["money"]["drawer"]) == {"cash", "card"}
    assert snap["payouts"] and all(set(p) >= PAYOUT_KEYS for p in snap["payouts"])
    assert len(snap["tables"]) == 2 and all(set(t) >= TABLE_KEYS for t in snap["tables"])
    assert len(snap["entries"]) == 13 and all(set(e) >= ENTRY_KEYS for e in snap["entries"])
    assert len(snap["players"]) == 12 and all(set(p) >= PLAYER_KEYS for p in snap["players"])
    assert isinstance(snap["on_clock"], list)
    assert isinstance(snap["announcements"], list)
    assert snap["seq"] == desk.seq
    assert snap["tournament"]["status"] in ("setup", "running", "finished")


def test_the_snapshot_is_plain_json_without_floats(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG))
    play_a_while(desk, clock)
    snap = desk.snapshot()
    assert json.loads(json.dumps(snap)) == snap
    assert _floats(snap) == []


def test_a_busted_entry_keeps_its_last_seat(make_desk):
    desk, entries = started_pko(make_desk, 4)
    seat = (desk.state.entries[entries[0]].table, desk.state.entries[entries[0]].seat)
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    entry = next(e for e in desk.snapshot()["entries"] if e["id"] == entries[0])
    assert (entry["table"], entry["seat"]) == (None, None)
    assert (entry["last_table"], entry["last_seat"]) == seat
    assert entry["status"] == "busted"


def test_the_snapshot_at_a_given_instant_reads_the_clock_then(make_desk, clock):
    desk = make_desk()
    seat_players(desk, 2)
    desk.execute({"type": "clock", "action": "start"})
    assert desk.snapshot(now=T0 + 300)["clock"]["remaining_s"] == 15 * 60
    assert desk.snapshot()["clock"]["remaining_s"] == 20 * 60


assert BASE_CONFIG["registration"] == {"until_level": 2, "through_break": True}  # REGISTRATION_CLOSED_AFTER_MIN


@pytest.mark.parametrize("behind", [False, True], ids=["after the checkpoint", "behind the checkpoint"])
def test_an_undo_on_a_reopened_file_gives_what_the_whole_log_gives(make_desk, tmp_path, clock, behind):
    """Undo folds the checkpoint plus the events after it when every command undone is among those
    events, and the whole log when the undo reaches behind the checkpoint."""
    path = tmp_path / "t.tdesk"
    desk = make_desk(config(PKO_CONFIG))
    play_a_while(desk, clock)
    entry = next(e for e in desk.state.entries.values() if e.status == "active").id
    if behind:
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
    desk.close()  # a checkpoint at the end of the log
    desk = Desk.open(path, now=clock)
    try:
        if not behind:
            desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
        assert desk.state.entries[entry].status == "busted"
        undone = desk.execute({"type": "undo"})
        assert desk.state.entries[entry].status == "active"
        assert (undone["undone"] <= desk._file.load_checkpoint()[0]) is behind  # the scenario we mean
        assert desk.snapshot() == snapshot.snapshot(engine.fold(desk.events()), desk.seq, desk.now_ms())
    finally:
        desk.close()
