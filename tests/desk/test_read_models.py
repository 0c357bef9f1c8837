"""What the Desk serves the windows besides its snapshot: the command Ctrl+Z takes back, the ledger and
the drawer kept up to date as the log grows, names by id. Each is decided in the desk once, and must
always agree with what a command does and with the whole log read again."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.configs import BASE_CONFIG, PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, seat_players, start, table_mate
from tourneydesk.core.arithmetic.windows import OpenNow
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.protocol.log import undone_commands
from tourneydesk.core.read_models import ledger
from tourneydesk.desk import Desk


def books_from_scratch(desk: Desk) -> tuple[list[dict[str, Any]], tuple[ledger.MethodTotals, ...]]:
    lines = ledger.ledger(desk.events())
    return lines, ledger.drawer_of(lines)


def test_nothing_to_undo_has_no_target(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    assert desk.undo_target() is None
    register(desk, "Ana")
    desk.execute({"type": "undo"})
    assert desk.undo_target() is None


def test_the_undo_target_is_the_command_an_undo_takes_back(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 4)
    start(desk)
    bust = desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    target = desk.undo_target()
    assert target is not None and target.type == "busted" and target.command_seq == bust["seq"]
    assert desk.execute({"type": "undo"})["undone"] == bust["seq"]
    target = desk.undo_target()  # then the clock's start, which came before it
    assert target is not None and target.type == "clock_set"
    assert desk.execute({"type": "undo", "dry_run": True})["undone"] == target.command_seq


ACTIONS = st.lists(st.sampled_from(["register", "buy_in", "pause", "undo", "undo_older"]), min_size=1, max_size=25)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_the_undo_target_always_names_what_undo_undoes_and_the_books_equal_the_log(
        make_desk: Callable[..., Desk], actions: list[str]) -> None:
    desk = make_desk(config(PKO_CONFIG), name=f"p{abs(hash(tuple(actions)))}.tdesk")
    players: list[str] = []
    for n, action in enumerate(actions):
        try:
            if action == "register":
                players.append(register(desk, f"Player {n}"))
            elif action == "buy_in" and players:
                buy_in(desk, players[n % len(players)], payment=("cash", "card", "voucher")[n % 3])
            elif action == "pause":
                desk.execute({"type": "clock", "action": "start" if not desk.snapshot()["clock"]["started"]
                              else "pause"})
            elif action == "undo_older" and desk.seq > 3:
                desk.execute({"type": "undo", "seq": 2 + n % (desk.seq - 2)})
        except TourneyError:
            pass  # a refusal writes nothing; what matters is what the desk serves after it
        target = desk.undo_target()
        if action == "undo" or target is None:
            try:
                undone = desk.execute({"type": "undo"})["undone"]
            except TourneyError as error:
                assert target is None and error.code == "NOTHING_TO_UNDO"
            else:
                assert target is not None and undone == target.command_seq
        assert (desk.ledger(), desk.drawer()) == books_from_scratch(desk)
        assert desk.undone_commands() == undone_commands(desk.events())  # kept as undos are written


def test_the_commands_undone_are_read_off_the_file_once_and_after_a_reopening(tmp_path: Path, clock: Any) -> None:
    """The event log strikes through what was undone: the desk says which commands, not the window."""
    path = tmp_path / "undone.tdesk"
    desk = Desk.create(path, config(PKO_CONFIG), now=clock, seed=1)
    try:
        buy_in(desk, register(desk, "Ana"))
        register(desk, "Bea")
        last = desk.execute({"type": "undo"})["undone"]  # the last command
        cleo = desk.execute({"type": "register", "name": "Cleo"})["seq"]
        register(desk, "Dan")
        older = desk.execute({"type": "undo", "seq": cleo})["undone"]  # an older one, nothing on it
        served = desk.undone_commands()  # asked for the first time now: read off the file
        assert served == {last, older} == undone_commands(desk.events())
    finally:
        desk.close()
    again = Desk.open(path, read_only=True)
    try:
        assert again.undone_commands() == served
    finally:
        again.close()


def test_the_drawer_kept_by_method_equals_the_books_after_sales_payouts_and_an_undo(
        make_desk: Callable[..., Desk]) -> None:
    desk = make_desk(PKO_CONFIG)
    entries = seat_players(desk, 3)
    for method in ("card", "transfer", "voucher"):
        buy_in(desk, register(desk, f"Paid by {method}"), payment=method)
    start(desk)
    assert desk.drawer() == books_from_scratch(desk)[1]
    winner = table_mate(desk, entries[0])
    desk.execute({"type": "bust", "entry": entries[0], "by": [winner]})
    desk.execute({"type": "pay", "entry": winner, "payment": "cash"})
    assert (desk.ledger(), desk.drawer()) == books_from_scratch(desk)
    desk.execute({"type": "undo"})  # the payout is struck out
    assert (desk.ledger(), desk.drawer()) == books_from_scratch(desk)
    assert next(m for m in desk.drawer() if m.method == "cash").money_out == 0
    assert {m.method for m in desk.drawer()} >= {"cash", "card", "transfer", "voucher", "comp"}  # a zero shown too


def test_a_ledger_line_changed_by_a_window_changes_nothing_in_the_desk(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    seat_players(desk, 2)
    desk.ledger()[0]["amount"] = 0
    assert desk.ledger() == books_from_scratch(desk)[0]


def test_names_by_id(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    ana = register(desk, "Ana")
    entry = buy_in(desk, ana)["entry"]
    assert desk.name_of(ana) == "Ana" and desk.name_of(entry) == "Ana"
    assert desk.name_of("e999") is None


def test_the_clock_now_is_the_snapshots_clock_at_the_same_instant(make_desk: Callable[..., Desk], clock: Any) -> None:
    desk = make_desk(config(PKO_CONFIG))
    seat_players(desk, 3)
    for step in range(4):
        now, snap = desk.clock_now(), desk.snapshot()
        assert {k: now[k] for k in ("clock", "on_clock", "announcements")} == \
            {k: snap[k] for k in ("clock", "on_clock", "announcements")}
        assert now["status"] == snap["tournament"]["status"] and 0 < now["next_second_ms"] <= 1000
        if step == 0:
            start(desk)
        clock.advance(seconds=61.4)


def test_the_tournament_facts_are_those_of_its_snapshot(make_desk: Callable[..., Desk], clock: Any) -> None:
    desk = make_desk(config(PKO_CONFIG, name="Facts Night"))
    entries = seat_players(desk, 2)
    snap = desk.snapshot()
    assert (desk.tournament_id, desk.config.name, desk.status) == (snap["tournament"]["id"], "Facts Night", "setup")
    assert dataclasses.asdict(desk.counts()) == snap["counts"] == {
        "players": 2, "entries": 2, "players_left": 2, "reentries": 0, "rebuys": 0, "add_ons": 0}
    assert desk.winner() is None
    start(desk)
    clock.advance(seconds=50 * 60 + 1)  # late registration closed: the last bust finishes it
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    assert desk.status == desk.snapshot()["tournament"]["status"] == "finished"
    assert desk.winner() == entries[1] and desk.counts().players_left == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        desk.counts().entries = 0  # type: ignore[misc]


def test_the_clock_now_gives_the_levels_time_left_to_the_millisecond(make_desk: Callable[..., Desk],
                                                                     clock: Any) -> None:
    desk = make_desk(config(PKO_CONFIG))
    seat_players(desk, 2)
    assert desk.clock_now()["remaining_ms"] == 20 * 60_000  # not started: the whole first level
    start(desk)
    clock.advance(seconds=61.4)
    now = desk.clock_now()
    assert now["remaining_ms"] == 20 * 60_000 - 61_400
    assert now["clock"]["remaining_s"] == 1139  # 1,138.6 s: the snapshot rounds it up to the second
    later = desk.clock_now(desk.now_ms() / 1000 + 0.25)
    assert later["remaining_ms"] == now["remaining_ms"] - 250


def test_what_is_open_now_follows_the_clock(make_desk: Callable[..., Desk], clock: Any) -> None:
    desk = make_desk(config(BASE_CONFIG, rebuy={"until_level": 1, "max": 3}, add_on={"at_break_after_level": 2}))
    seat_players(desk, 2)
    assert desk.open_now() == OpenNow(registration=True, rebuy=True, add_on=False, on_break=False)
    start(desk)
    clock.advance(seconds=40 * 60 + 1)  # two levels of 20 minutes: the break
    assert desk.open_now() == OpenNow(registration=True, rebuy=False, add_on=True, on_break=True)
    assert desk.clock_now()["clock"]["add_on_open"] is True and desk.snapshot()["clock"]["registration_open"] is True
    clock.advance(seconds=10 * 60)
    assert desk.open_now() == OpenNow(registration=False, rebuy=False, add_on=False, on_break=False)


def test_a_search_finds_by_name_or_nickname_with_what_is_owed(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk(config(PKO_CONFIG))
    alice = register(desk, "Alice Martin")
    malik = register(desk, "Malik Ali", nickname="The Wall")
    register(desk, "Bruno Petit")
    first = buy_in(desk, alice)["entry"]
    rival = buy_in(desk, malik)["entry"]
    start(desk)
    desk.execute({"type": "bust", "entry": first, "by": [rival]})
    again = desk.execute({"type": "buy_in", "player": alice, "payment": "cash", "present": True})["entry"]
    found = desk.find_players("  ALI ", 12)
    assert [p.name for p in found] == ["Alice Martin", "Malik Ali"]  # the names beginning with it first
    assert [(e.id, e.number, e.status) for e in found[0].entries] == [(first, 1, "busted"), (again, 2, "active")]
    owed = desk.execute({"type": "pay", "entry": rival, "dry_run": True})["amount"]
    assert owed > 0 and found[1].entries[0].owed == owed  # the bounty won, as the cashier would pay it
    assert [p.name for p in desk.find_players("wall", 12)] == ["Malik Ali"]
    in_play = desk.find_players("ali", 12, in_play=True)
    assert [[e.id for e in p.entries] for p in in_play] == [[again], [rival]]  # the busted entry is not bustable
    assert desk.find_players("ali", 1) == found[:1] and desk.find_players("   ", 12) == ()
    with pytest.raises(dataclasses.FrozenInstanceError):
        found[0].name = "Someone"  # type: ignore[misc]


NAMES = st.text(alphabet="abAB éÉ", min_size=1, max_size=6)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(NAMES, min_size=1, max_size=12), query=NAMES, limit=st.integers(1, 5))
def test_a_search_is_the_snapshots_players_filtered_sorted_and_cut(
        make_desk: Callable[..., Desk], names: list[str], query: str, limit: int) -> None:
    desk = make_desk(name=f"s{abs(hash((tuple(names), query, limit)))}.tdesk")
    for n, name in enumerate(names):
        register(desk, f"{name} {n}")  # numbered: never the same person twice
    needle = " ".join(query.split()).casefold()
    players = desk.snapshot()["players"]
    expected = sorted((p for p in players if needle and needle in p["name"].casefold()),
                      key=lambda p: (not p["name"].casefold().startswith(needle), p["name"].casefold()))
    assert [p.id for p in desk.find_players(query, limit)] == [p["id"] for p in expected[:limit]]
def test_a_person_is_read_as_frozen_facts_that_follow_the_desk(make_desk: Callable[..., Desk], clock: Any) -> None:
    desk = make_desk(config(reentry={"max": 2, "seat": "same_allowed"}))
    ana = register(desk, "Ana", member_id="M-7")
    facts = desk.person(ana)
    assert facts is not None and facts.name == "Ana" and facts.member_id == "M-7"
    assert facts.entries == () and facts.last is None and facts.keep_seat is None and not facts.may_abandon
    first = buy_in(desk, ana)["entry"]
    others = seat_players(desk, 3)
    start(desk)
    assert facts.last is None  # what a window read before stays what it was: a copy, not the state
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.name = "Bob"  # type: ignore[misc]
    now = desk.person(ana)
    assert now is not None and now.entries == (first,) and now.last is not None
    assert now.last.playing and now.last.number == 1 and now.keep_seat is None
    seat = (now.last.table, now.last.seat)
    desk.execute({"type": "bust", "entry": first, "by": [table_mate(desk, first)]})
    out = desk.person(ana)
    assert out is not None and out.last is not None and not out.last.playing
    assert out.keep_seat == seat  # the re-entry may sit down where the bust left a seat free
    assert desk.person("p999") is None and desk.entry("e999") is None
    clock.advance(minutes=41)  # the break after level 2: a live stack may be given up for a re-entry
    playing = desk.person(desk.entry(others[0]).player)  # type: ignore[union-attr]
    assert playing is not None and playing.may_abandon and not out.may_abandon


def test_an_entry_says_what_the_cashier_paid_it(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 4)
    start(desk)
    winner = table_mate(desk, entries[0])
    desk.execute({"type": "bust", "entry": entries[0], "by": [winner]})
    assert desk.entry(winner).paid == 0  # type: ignore[union-attr]
    paid = desk.execute({"type": "pay", "entry": winner, "payment": "cash"})["amount"]
    facts = desk.entry(winner)
    assert facts is not None and facts.paid == paid > 0
    assert desk.config.currency == "EUR" and desk.config.name == "Friday PKO"


FILE_NUMBERS = itertools.count()  # hypothesis runs an example more than once: a new file each time
SHARES = st.lists(st.integers(min_value=1, max_value=5000), min_size=1, max_size=8).map(
    lambda raw: sorted(raw, reverse=True)).filter(lambda raw: sum(raw) <= 10_000).map(
    lambda raw: [raw[0] + 10_000 - sum(raw), *raw[1:]])


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(min_value=1, max_value=9), shares=SHARES)
def test_the_prizes_a_dialog_shows_are_the_prizes_paid(make_desk: Callable[..., Desk], players: int,
                                                       shares: list[int]) -> None:
    # The prize-structure dialog shows `prizes(shares)` while the TD types: once the shares are sent,
    # the snapshot's places must pay exactly those amounts, fitted the same way to the players.
    desk = make_desk(config(payouts={"places": [6000, 4000], "rounding": 100}),
                     name=f"prizes{next(FILE_NUMBERS)}.tdesk")
    seat_players(desk, players)
    now = desk.prizes()
    assert now.amounts == tuple(row["amount"] for row in desk.snapshot()["payouts"])
    assert now.ranked_players == players and now.rounding == 100 and sum(now.places_bp) == 10_000
    would = desk.prizes(tuple(shares))
    desk.execute({"type": "edit_payouts", "places": shares})
    assert would.amounts == tuple(row["amount"] for row in desk.snapshot()["payouts"])
    assert desk.prizes() == would and len(would.places_bp) == min(len(shares), players)


def test_the_config_served_is_the_one_in_force_after_an_edit(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk()
    before = desk.config
    desk.execute({"type": "edit_config", "set": {"seating.seats_per_table": 10, "name": "Saturday"}})
    assert (desk.config.seating.seats_per_table, desk.config.name) == (10, "Saturday")
    assert (before.seating.seats_per_table, before.name) == (9, "Friday Test")  # a window may keep the one it read


def test_the_winner_is_known_only_once_the_tournament_is_finished(make_desk: Callable[..., Desk],
                                                                  clock: Any) -> None:
    desk = make_desk()
    entries = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=55)  # late registration is over: the last bust ends the tournament
    assert desk.winner() is None
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    assert desk.winner() == entries[1] and desk.name_of(entries[1]) == desk.snapshot()["entries"][1]["name"]
