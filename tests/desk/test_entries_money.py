"""Entries and money through the Desk, as the cashier and the TD see them (docs/rules.md: entries, re-entries, seating).

BASE_CONFIG: play levels of 20 minutes (level 1, level 2, a 10-minute break, level 3...); late
registration and re-entry close at the end of the break after level 2, 50 minutes after the start.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.configs import BASE_CONFIG, PKO_CONFIG, config
from tests.helpers.desks import buy_in, entry_view, refused, register, seat_players, start, table_mate
from tourneydesk.desk import Desk

REGISTRATION_MINUTES = 50  # levels 1 and 2 and the break after them


def bust(desk: Desk, entry: str, by: str | None = None) -> dict[str, Any]:
    return desk.execute({"type": "bust", "entry": entry, "by": [by or table_mate(desk, entry)]})


def player_of(desk: Desk, entry: str) -> str:
    return desk.state.entries[entry].player


def without(base: dict[str, Any], key: str, **changes: Any) -> dict[str, Any]:
    out = config(base, **changes)
    del out[key]
    return out


# -- the buy-in and the drawer ------------------------------------------------------------------
def test_buy_in_is_split_into_prize_bounty_and_fee(make_desk):
    desk = make_desk(PKO_CONFIG)
    result = buy_in(desk, register(desk, "Ana Silva"))
    assert result["price"] == {"prize": 8000, "bounty": 2000, "fee": 1000}
    assert result["chips"] == 20000
    assert result["reentry"] is False
    money = desk.snapshot()["money"]
    assert money["collected"] == 11000
    assert money["prize_parts"] == 8000
    assert money["bounty_pool"] == 2000
    assert money["fees"] == 1000
    assert money["prize_pool"] == 8000
    assert entry_view(desk, result["entry"])["bounty"] == 2000


def test_buy_ins_land_in_the_drawer_by_payment_method(make_desk):
    desk = make_desk(PKO_CONFIG)
    for name, method in [("Ana", "cash"), ("Ben", "card"), ("Cid", "cash"), ("Dee", "voucher")]:
        buy_in(desk, register(desk, name), method)
    money = desk.snapshot()["money"]
    assert money["drawer"] == {"card": 11000, "cash": 22000, "voucher": 11000}
    assert sum(money["drawer"].values()) == money["collected"] == 44000
    assert money["collected"] == money["prize_parts"] + money["fees"] + money["bounty_pool"]


def test_every_buy_in_is_a_ledger_line_with_its_split_and_method(make_desk):
    desk = make_desk(PKO_CONFIG)
    entry = buy_in(desk, register(desk, "Ana"), "card", station="cashier-1")["entry"]
    [line] = desk.ledger()
    assert line["kind"] == "buy_in"
    assert line["entry"] == entry
    assert (line["amount"], line["prize"], line["bounty"], line["fee"]) == (11000, 8000, 2000, 1000)
    assert line["method"] == "card"
    assert line["station"] == "cashier-1"


def test_buy_in_for_an_absent_player_is_refused(make_desk):
    desk = make_desk()
    player = register(desk, "Ana")
    refused(desk, {"type": "buy_in", "player": player, "payment": "cash"}, "NOT_PRESENT")


# -- re-entry -------------------------------------------------------------------------------
REENTRY_CONFIG = config(reentry={"max": 1, "price": {"prize": 5000, "bounty": 0, "fee": 500}, "chips": 15000})


def test_reentry_pays_the_reentry_price_gets_its_chips_and_is_counted(make_desk):
    desk = make_desk(REENTRY_CONFIG)
    e1, e2, _ = seat_players(desk, 3)
    start(desk)
    bust(desk, e1)
    chips_before = desk.snapshot()["chips"]["in_play"]
    result = buy_in(desk, player_of(desk, e1), "card")
    assert result["reentry"] is True
    assert result["price"] == {"prize": 5000, "bounty": 0, "fee": 500}
    assert result["chips"] == 15000
    snap = desk.snapshot()
    assert snap["counts"]["reentries"] == 1
    assert snap["counts"]["entries"] == 4
    assert snap["counts"]["players"] == 3
    assert snap["counts"]["players_left"] == 3
    assert snap["chips"]["in_play"] == chips_before + 15000
    assert snap["money"]["prize_parts"] == 3 * 8000 + 5000
    assert snap["money"]["fees"] == 3 * 1000 + 500
    assert snap["money"]["drawer"] == {"card": 5500, "cash": 27000}
    assert desk.ledger()[-1]["kind"] == "reentry"


def test_reentry_beyond_the_limit_is_refused(make_desk):
    desk = make_desk(REENTRY_CONFIG)
    e1, *_ = seat_players(desk, 3)
    start(desk)
    bust(desk, e1)
    e1b = buy_in(desk, player_of(desk, e1))["entry"]
    bust(desk, e1b)
    error = refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True},
                    "REENTRY_LIMIT")
    assert error.params["max"] == 1


def test_freezeout_refuses_reentry(make_desk):
    desk = make_desk(without(BASE_CONFIG, "reentry"))
    e1, *_ = seat_players(desk, 3)
    start(desk)
    bust(desk, e1)
    refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True},
            "REENTRY_NOT_ALLOWED")


def test_reentry_while_the_last_entry_is_still_live_is_refused(make_desk):
    desk = make_desk()
    e1, *_ = seat_players(desk, 3)
    error = refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True},
                    "ALREADY_ACTIVE")
    assert error.params["entry"] == e1


def test_reentry_after_late_registration_is_refused(make_desk, clock):
    desk = make_desk()
    e1, *_ = seat_players(desk, 3)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES - 1)
    bust(desk, e1)
    clock.advance(minutes=1)
    refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True},
            "REGISTRATION_CLOSED")


# -- early bird (PKR4U 18) -------------------------------------------------------------------
def test_early_bird_bonus_chips_only_until_its_level_ends(make_desk, clock):
    desk = make_desk(config(early_bird={"chips": 5000, "until_level": 1}))
    first = seat_players(desk, 2)
    assert [desk.state.entries[e].chips for e in first] == [25000, 25000]
    start(desk)
    clock.advance(minutes=19)
    assert buy_in(desk, register(desk, "On time"))["chips"] == 25000
    clock.advance(minutes=1)  # level 2 has begun
    late = buy_in(desk, register(desk, "Late"))
    assert late["chips"] == 20000
    assert desk.snapshot()["chips"]["in_play"] == 3 * 25000 + 20000


# -- rebuys ----------------------------------------------------------------------------------
REBUY_CONFIG = config(rebuy={"chips": 20000, "max": 2, "until_level": 1, "max_stack": 20000})


def rebuy(entry: str, stack: int, payment: str = "cash") -> dict[str, Any]:
    return {"type": "rebuy", "present": True, "entry": entry, "payment": payment, "stack": stack}


def test_rebuy_with_a_stack_above_the_maximum_is_refused(make_desk):
    desk = make_desk(REBUY_CONFIG)
    e1, _ = seat_players(desk, 2)
    start(desk)
    error = refused(desk, rebuy(e1, 20001), "REBUY_STACK_TOO_BIG")
    assert error.params == {"stack": 20001, "max_stack": 20000}


def test_rebuy_within_the_window_adds_chips_and_money(make_desk, clock):
    desk = make_desk(REBUY_CONFIG)
    e1, _ = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=10)
    result = desk.execute(rebuy(e1, 20000, "card"))
    assert result["chips"] == 20000
    assert result["price"] == {"prize": 8000, "bounty": 0, "fee": 1000}  # the buy-in without a bounty part
    snap = desk.snapshot()
    assert snap["counts"]["rebuys"] == 1
    assert snap["chips"]["in_play"] == 60000
    assert snap["money"]["prize_parts"] == 24000
    assert snap["money"]["drawer"] == {"card": 9000, "cash": 18000}
    assert desk.ledger()[-1]["kind"] == "rebuy"


def test_rebuys_stop_at_their_limit(make_desk):
    desk = make_desk(REBUY_CONFIG)
    e1, _ = seat_players(desk, 2)
    start(desk)
    desk.execute(rebuy(e1, 0))
    desk.execute(rebuy(e1, 500))
    error = refused(desk, rebuy(e1, 0), "REBUY_LIMIT")
    assert error.params["max"] == 2


def test_rebuy_after_its_level_is_refused(make_desk, clock):
    desk = make_desk(REBUY_CONFIG)
    e1, _ = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=20)
    refused(desk, rebuy(e1, 0), "REBUY_CLOSED")


# -- add-on ----------------------------------------------------------------------------------
ADD_ON_CONFIG = config(add_on={"chips": 10000, "at_break_after_level": 2})


def add_on(entry: str, payment: str = "cash") -> dict[str, Any]:
    return {"type": "add_on", "present": True, "entry": entry, "payment": payment}


def test_rebuys_and_add_ons_are_sold_to_the_player_in_person(make_desk, clock):
    desk = make_desk(config(rebuy={"chips": 20000, "max": 2, "until_level": 2, "max_stack": 20000},
                            add_on={"chips": 10000, "at_break_after_level": 2}))
    e1, _ = seat_players(desk, 2)
    start(desk)
    for absent in (False, None, "yes", 1):
        cmd = {**rebuy(e1, 0), "present": absent}
        error = refused(desk, cmd if absent is not None else {k: v for k, v in cmd.items() if k != "present"},
                        "NOT_PRESENT")
        assert error.params == {"player": desk.state.entries[e1].player, "sale": "rebuy"}
    desk.execute(rebuy(e1, 0))
    clock.advance(minutes=40)  # the break after level 2
    error = refused(desk, {**add_on(e1), "present": False}, "NOT_PRESENT")
    assert "in person to take the add-on" in error.message
    assert desk.execute(add_on(e1))["chips"] == 10000


def test_add_on_only_during_the_break_after_its_level_and_once(make_desk, clock):
    desk = make_desk(ADD_ON_CONFIG)
    e1, e2 = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=39)
    refused(desk, add_on(e1), "ADD_ON_CLOSED")
    clock.advance(minutes=1)  # the break after level 2
    assert desk.snapshot()["clock"]["add_on_open"] is True
    assert desk.execute(add_on(e1, "card"))["chips"] == 10000
    refused(desk, add_on(e1), "ADD_ON_LIMIT")
    snap = desk.snapshot()
    assert snap["counts"]["add_ons"] == 1
    assert snap["chips"]["in_play"] == 50000
    assert snap["money"]["drawer"] == {"card": 9000, "cash": 18000}
    clock.advance(minutes=10)  # level 3: the break is over
    refused(desk, add_on(e2), "ADD_ON_CLOSED")


# -- guarantee, overlay, added money ----------------------------------------------------------
def test_guarantee_tops_the_prize_pool_up_and_shows_the_overlay_apart(make_desk):
    desk = make_desk(config(payouts={"table": "standard", "rounding": 1, "guarantee": 50000}))
    seat_players(desk, 3)
    snap = desk.snapshot()
    money = snap["money"]
    assert money["prize_parts"] == 24000
    assert money["overlay"] == 26000
    assert money["prize_pool"] == 50000
    assert money["collected"] == 27000  # the overlay is the house's money, not the drawer's
    assert money["drawer"] == {"cash": 27000}
    assert sum(p["amount"] for p in snap["payouts"]) == 50000


def test_overlay_shrinks_as_entries_come_and_vanishes_past_the_guarantee(make_desk):
    desk = make_desk(config(payouts={"table": "standard", "rounding": 1, "guarantee": 20000}))
    seat_players(desk, 2)
    assert desk.snapshot()["money"]["overlay"] == 4000
    buy_in(desk, register(desk, "Third"))
    money = desk.snapshot()["money"]
    assert money["overlay"] == 0
    assert money["prize_pool"] == 24000


def test_added_money_joins_the_prize_pool_and_counts_towards_the_guarantee(make_desk):
    desk = make_desk(config(payouts={"table": "standard", "rounding": 1, "added": 10000, "guarantee": 50000}))
    seat_players(desk, 3)
    snap = desk.snapshot()
    assert snap["money"]["added"] == 10000
    assert snap["money"]["overlay"] == 50000 - 24000 - 10000
    assert snap["money"]["prize_pool"] == 50000
    assert sum(p["amount"] for p in snap["payouts"]) == 50000


def test_added_money_without_guarantee_has_no_overlay(make_desk):
    desk = make_desk(config(payouts={"table": "standard", "rounding": 1, "added": 10000}))
    seat_players(desk, 3)
    money = desk.snapshot()["money"]
    assert (money["overlay"], money["prize_pool"]) == (0, 34000)


# -- the seat draw (docs/rules.md: seating) -------------------------------------------------------------
SMALL_TABLES = {"seats_per_table": 3, "tables": 3, "open_order": [3, 1, 2]}


def players_at(desk: Desk) -> dict[int, int]:
    return {t["number"]: t["players"] for t in desk.snapshot()["tables"]}


def test_tables_open_in_open_order_only_when_every_open_one_is_full(make_desk):
    desk = make_desk(config(seating=SMALL_TABLES))
    seat_players(desk, 3)
    assert players_at(desk) == {3: 3}
    seat_players_named(desk, ["Fourth"])
    assert players_at(desk) == {1: 1, 3: 3}
    seat_players_named(desk, ["Fifth", "Sixth"])
    assert players_at(desk) == {1: 3, 3: 3}
    seat_players_named(desk, ["Seventh"])
    assert players_at(desk) == {1: 3, 2: 1, 3: 3}


def test_a_late_entry_goes_to_the_table_with_the_fewest_players(make_desk):
    desk = make_desk(config(seating=SMALL_TABLES))
    entries = seat_players(desk, 4)  # table 3 full, table 1 with one
    start(desk)
    at_three = [e for e in entries if desk.state.entries[e].table == 3]
    bust(desk, at_three[0])  # table 3: 2, table 1: 1
    assert players_at(desk) == {1: 1, 3: 2}
    result = buy_in(desk, register(desk, "Late"))
    assert result["table"] == 1
    assert players_at(desk) == {1: 2, 3: 2}


def seat_players_named(desk: Desk, names: list[str]) -> list[str]:
    return [buy_in(desk, register(desk, name))["entry"] for name in names]


# -- re-entry at the same seat (PKR4U 29A) ------------------------------------------------------
SAME_SEAT_CONFIG = config(reentry={"max": 2, "seat": "same_allowed"}, seating=SMALL_TABLES)


def test_reentry_may_keep_the_busted_seat_when_the_house_allows_it(make_desk):
    desk = make_desk(SAME_SEAT_CONFIG)
    e1, *_ = seat_players(desk, 3)
    start(desk)
    table, seat = desk.state.entries[e1].table, desk.state.entries[e1].seat
    bust(desk, e1)
    result = buy_in(desk, player_of(desk, e1), seat="same")
    assert (result["table"], result["seat"]) == (table, seat)
    assert desk.snapshot()["tables"][0]["seats"][str(seat)] == result["entry"]


def test_same_seat_reentry_is_refused_where_the_house_draws_every_seat(make_desk):
    desk = make_desk(config(seating=SMALL_TABLES))
    e1, *_ = seat_players(desk, 3)
    start(desk)
    bust(desk, e1)
    refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True,
                   "seat": "same"}, "SAME_SEAT_NOT_ALLOWED")


def test_same_seat_reentry_is_refused_once_someone_sits_there(make_desk):
    desk = make_desk(SAME_SEAT_CONFIG)
    entries = seat_players(desk, 4)  # table 3 full, table 1 with one
    start(desk)
    e1 = next(e for e in entries if desk.state.entries[e].table == 3)
    loner = next(e for e in entries if desk.state.entries[e].table == 1)
    seat = desk.state.entries[e1].seat
    bust(desk, e1)
    desk.execute({"type": "move", "entry": loner, "table": 3, "seat": seat})
    refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True,
                   "seat": "same"}, "SEAT_TAKEN")


# -- abandoning a stack for a re-entry (PKR4U 5 and 6) -----------------------------------------
def to_break(desk: Desk, clock) -> None:
    clock.advance(minutes=40)
    assert desk.snapshot()["clock"]["on_break"] is True


def test_abandoned_stack_leaves_play_in_a_plain_event_and_the_new_entry_is_seated(make_desk, clock):
    desk = make_desk()
    e1, *_ = seat_players(desk, 4)
    start(desk)
    to_break(desk, clock)
    before = desk.snapshot()
    result = buy_in(desk, player_of(desk, e1), abandon=e1, abandon_chips=12000)
    snap = desk.snapshot()
    assert snap["chips"]["in_play"] == before["chips"]["in_play"] - 12000 + 20000
    old = entry_view(desk, e1)
    assert old["status"] == "abandoned"
    assert old["table"] is None and old["place"] is None
    new = entry_view(desk, result["entry"])
    assert new["status"] == "active" and new["table"] is not None
    assert result["reentry"] is True
    assert snap["counts"]["players_left"] == 4
    assert snap["counts"]["reentries"] == 1


def test_abandoning_a_stack_outside_a_break_is_refused(make_desk):
    desk = make_desk()
    e1, *_ = seat_players(desk, 4)
    start(desk)
    refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True,
                   "abandon": e1, "abandon_chips": 12000}, "NOT_ON_BREAK")


def test_abandoning_a_stack_in_a_plain_event_needs_its_chips(make_desk, clock):
    desk = make_desk()
    e1, *_ = seat_players(desk, 4)
    start(desk)
    to_break(desk, clock)
    refused(desk, {"type": "buy_in", "player": player_of(desk, e1), "payment": "cash", "present": True,
                   "abandon": e1}, "FIELD_INVALID")


PKO_TWO_TABLES = config(PKO_CONFIG, seating={"seats_per_table": 5, "tables": 3})


def pko_two_tables_of_four(desk: Desk) -> list[str]:
    """Ten players on two tables of five, one busted at each: two tables of four, clock running."""
    entries = seat_players(desk, 10)
    start(desk)
    for table in (1, 2):
        at = [e for e in entries if desk.state.entries[e].table == table]
        bust(desk, at[0], at[1])
    assert players_at(desk) == {1: 4, 2: 4}
    return [e for e in entries if desk.state.entries[e].status == "active"]


def abandon_at_table_two(desk: Desk, clock) -> tuple[str, dict[str, Any]]:
    # One with only their own bounty on their head (not the one who busted a player at table 2).
    owner_entry = next(e for e in desk.state.tables[2].seats.values() if desk.state.entries[e].bounty == 2000)
    to_break(desk, clock)
    result = buy_in(desk, player_of(desk, owner_entry), abandon=owner_entry)
    return owner_entry, result


def test_abandoned_stack_stays_at_its_seat_in_a_bounty_event_with_its_bounty(make_desk, clock):
    desk = make_desk(PKO_TWO_TABLES)
    pko_two_tables_of_four(desk)
    left_before = desk.snapshot()["counts"]["players_left"]
    abandoned, result = abandon_at_table_two(desk, clock)
    view = entry_view(desk, abandoned)
    assert view["status"] == "abandoned"
    assert view["table"] == 2 and view["seat"] is not None
    assert view["bounty"] == 2000
    assert view["place"] is None
    snap = desk.snapshot()
    assert snap["counts"]["players_left"] == left_before  # the stack is not a player left; the new entry is
    assert str(view["seat"]) in next(t for t in snap["tables"] if t["number"] == 2)["seats"]
    assert result["table"] != 2


def test_abandoned_stack_in_a_bounty_event_needs_no_chip_count(make_desk, clock):
    desk = make_desk(PKO_TWO_TABLES)
    pko_two_tables_of_four(desk)
    owner_entry = next(e for e in desk.state.tables[2].seats.values())
    to_break(desk, clock)
    refused(desk, {"type": "buy_in", "player": player_of(desk, owner_entry), "payment": "cash", "present": True,
                   "abandon": owner_entry, "abandon_chips": 100}, "FIELD_INVALID")


@pytest.mark.parametrize("seed", range(1, 9))
def test_owner_of_an_abandoned_stack_is_never_seated_at_its_table(make_desk, clock, seed):
    # Both tables have four players, so without the rule the draw would pick table 2 about half the time.
    desk = make_desk(PKO_TWO_TABLES, seed=seed)
    pko_two_tables_of_four(desk)
    _, result = abandon_at_table_two(desk, clock)
    assert result["table"] == 1


def test_owner_cannot_be_moved_to_the_table_of_their_abandoned_stack(make_desk, clock):
    desk = make_desk(PKO_TWO_TABLES)
    pko_two_tables_of_four(desk)
    _, result = abandon_at_table_two(desk, clock)
    seat = next(s for s in range(1, 6) if s not in desk.state.tables[2].seats)
    refused(desk, {"type": "move", "entry": result["entry"], "table": 2, "seat": seat}, "TABLE_BARRED")


def test_owner_can_never_win_the_bounty_of_their_abandoned_stack(make_desk, clock):
    desk = make_desk(PKO_TWO_TABLES)
    pko_two_tables_of_four(desk)
    abandoned, result = abandon_at_table_two(desk, clock)
    clock.advance(minutes=10)
    refused(desk, {"type": "bust", "entry": abandoned, "by": [result["entry"]]}, "OWN_ABANDONED_BOUNTY")


def test_abandoned_stack_bust_pays_its_bounty_to_the_pot_winner_and_gives_no_place(make_desk, clock):
    desk = make_desk(PKO_TWO_TABLES)
    pko_two_tables_of_four(desk)
    abandoned, _ = abandon_at_table_two(desk, clock)
    clock.advance(minutes=10)
    winner = table_mate(desk, abandoned)
    won_before = entry_view(desk, winner)["bounty_won"]
    head_before = entry_view(desk, winner)["bounty"]
    left_before = desk.snapshot()["counts"]["players_left"]
    result = desk.execute({"type": "bust", "entry": abandoned, "by": [winner]})
    [out] = result["out"]
    assert out["place"] is None and out["prize"] == 0
    assert out["bounty_awards"] == [{"to": winner, "cash": 1000, "to_head": 1000}]
    assert entry_view(desk, winner)["bounty_won"] == won_before + 1000
    assert entry_view(desk, winner)["bounty"] == head_before + 1000
    view = entry_view(desk, abandoned)
    assert view["bounty"] == 0 and view["place"] is None and view["table"] is None
    snap = desk.snapshot()
    assert snap["counts"]["players_left"] == left_before
    assert sorted(snap["tables"][1]["seats"]) == sorted(str(s) for s in desk.state.tables[2].seats)
    assert str(view["last_seat"]) not in snap["tables"][1]["seats"]

