"""Deals at the end and paying at the cash desk (docs/rules.md: entries, deals).

Payouts are fixed at three places of 50/30/20% so the numbers are easy to follow; late registration
closes 50 minutes after the start.
"""

from __future__ import annotations

from typing import Any

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import entry_view, refused, seat_players, start
from tests.helpers.icm import harville_by_every_finishing_order
from tourneydesk.desk import Desk

REGISTRATION_MINUTES = 50
THREE_PAID = {"places": [5000, 3000, 2000], "rounding": 1}


def bust(desk: Desk, entry: str, *by: str) -> dict[str, Any]:
    return desk.execute({"type": "bust", "entry": entry, "by": list(by)})


def pay(desk: Desk, entry: str, payment: str = "cash") -> int:
    return desk.execute({"type": "pay", "entry": entry, "payment": payment})["amount"]


def three_left(make_desk, clock, players: int = 5, base: dict[str, Any] | None = None) -> tuple[Desk, list[str]]:
    """`players` bought in, registration closed, busted down to the last three (places 1-3 unpaid)."""
    desk = make_desk(config(base, payouts=THREE_PAID))
    entries = seat_players(desk, players)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    left = entries[-3:]
    for loser in entries[:-3]:
        bust(desk, loser, left[0])
    return desk, left


# -- deals -------------------------------------------------------------------------------------
def test_icm_deal_shares_exactly_what_the_last_three_places_pay(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    places = [p["amount"] for p in desk.snapshot()["payouts"]]
    assert places == [20000, 12000, 8000]
    stacks = {a: 50000, b: 30000, c: 20000}
    amounts = desk.execute({"type": "deal", "method": "icm", "stacks": stacks})["amounts"]
    assert sum(amounts.values()) == sum(places)
    assert amounts[a] > amounts[b] > amounts[c] > places[2]
    assert all(places[2] <= amount <= places[0] for amount in amounts.values())
    assert desk.snapshot()["deal"]["method"] == "icm"
    assert [entry_view(desk, e)["prize"] for e in (a, b, c)] == [amounts[a], amounts[b], amounts[c]]


def test_icm_deal_is_within_a_cent_of_the_exact_equity(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    stacks = {a: 47000, b: 31000, c: 22000}
    amounts = desk.execute({"type": "deal", "method": "icm", "stacks": stacks})["amounts"]
    for entry, exact in harville_by_every_finishing_order(stacks, [20000, 12000, 8000]).items():
        assert abs(amounts[entry] - exact) < 1


def test_icm_deal_with_more_players_than_paid_places_shares_the_paid_ones(make_desk, clock):
    desk = make_desk(config(payouts=THREE_PAID))
    entries = seat_players(desk, 5)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust(desk, entries[0], entries[1])
    stacks = dict(zip(entries[1:], [40000, 30000, 20000, 10000], strict=True))
    amounts = desk.execute({"type": "deal", "method": "icm", "stacks": stacks})["amounts"]
    assert sum(amounts.values()) == 40000
    for entry, exact in harville_by_every_finishing_order(stacks, [20000, 12000, 8000]).items():
        assert abs(amounts[entry] - exact) < 1


def test_after_a_deal_the_players_take_their_deal_money_whatever_their_place(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    amounts = desk.execute({"type": "deal", "method": "icm", "stacks": {a: 50000, b: 30000, c: 20000}})["amounts"]
    assert bust(desk, a, b)["out"][0]["prize"] == amounts[a]  # the chip leader went out third
    result = bust(desk, c, b)
    assert result["finished"] is True and result["winner_prize"] == amounts[b]
    assert [entry_view(desk, e)["place"] for e in (a, b, c)] == [3, 1, 2]
    assert [entry_view(desk, e)["prize"] for e in (a, b, c)] == [amounts[a], amounts[b], amounts[c]]


def test_chip_chop_gives_everyone_at_least_the_next_places_money(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    amounts = desk.execute({"type": "deal", "method": "chip_chop", "stacks": {a: 80000, b: 15000, c: 5000}}
                           )["amounts"]
    assert sum(amounts.values()) == 40000
    assert min(amounts.values()) >= 8000
    # NP + (R - n NP) c / TC = 8000 + 16000 * c / 100000
    assert amounts == {a: 8000 + 12800, b: 8000 + 2400, c: 8000 + 800}


def test_custom_deal_must_add_up_to_the_prizes_left(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    error = refused(desk, {"type": "deal", "method": "custom", "amounts": {a: 15000, b: 15000, c: 9000}},
                    "DEAL_SUM_MISMATCH")
    assert (error.params["dealt"], error.params["total"]) == (39000, 40000)
    amounts = desk.execute({"type": "deal", "method": "custom", "amounts": {a: 15000, b: 15000, c: 10000}}
                           )["amounts"]
    assert amounts == {a: 15000, b: 15000, c: 10000}


def test_a_deal_must_name_every_player_left(make_desk, clock):
    desk, (a, b, _) = three_left(make_desk, clock)
    refused(desk, {"type": "deal", "method": "icm", "stacks": {a: 50000, b: 50000}}, "DEAL_PLAYERS_MISMATCH")


def test_a_deal_while_registration_is_open_is_refused(make_desk):
    desk = make_desk(config(payouts=THREE_PAID))
    a, b, c = seat_players(desk, 3)
    start(desk)
    refused(desk, {"type": "deal", "method": "icm", "stacks": {a: 20000, b: 20000, c: 20000}}, "DEAL_TOO_EARLY")


def test_a_deal_that_ends_play_sets_places_by_the_order_and_finishes(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock, base=PKO_CONFIG)
    heads = {e: entry_view(desk, e)["bounty"] for e in (a, b, c)}
    won = {e: entry_view(desk, e)["bounty_won"] for e in (a, b, c)}
    amounts = desk.execute({"type": "deal", "method": "custom", "amounts": {a: 14000, b: 14000, c: 12000},
                            "end": True, "order": [b, a, c]})["amounts"]
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert snap["clock"]["running"] is False
    assert [entry_view(desk, e)["place"] for e in (b, a, c)] == [1, 2, 3]
    for e in (a, b, c):
        view = entry_view(desk, e)
        assert view["prize"] == amounts[e] and view["place_final"] is True
        assert view["bounty"] == 0
        assert view["bounty_won"] == won[e] + heads[e]  # each remaining entry collects its own bounty
    assert snap["money"]["bounty_paid"] == snap["money"]["bounty_pool"]


def test_a_deal_that_ends_play_needs_the_full_order(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    refused(desk, {"type": "deal", "method": "custom", "amounts": {a: 14000, b: 14000, c: 12000},
                   "end": True, "order": [b, a]}, "FIELD_INVALID")


def test_money_played_for_is_kept_back_for_the_winner(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    amounts = desk.execute({"type": "deal", "method": "icm", "stacks": {a: 40000, b: 40000, c: 20000},
                            "play_for": 2000})["amounts"]
    assert sum(amounts.values()) == 40000 - 2000
    bust(desk, c, a)
    result = bust(desk, b, a)
    assert result["winner_prize"] == amounts[a] + 2000
    assert entry_view(desk, a)["prize"] == amounts[a] + 2000
    assert entry_view(desk, b)["prize"] == amounts[b]
    assert sum(e["prize"] for e in desk.snapshot()["entries"]) == 40000


def test_more_played_for_than_first_prize_over_second_is_refused(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    refused(desk, {"type": "deal", "method": "icm", "stacks": {a: 40000, b: 40000, c: 20000},
                   "play_for": 8001}, "PLAY_FOR_INVALID")


# -- paying ----------------------------------------------------------------------------------
def test_bounty_cash_is_paid_at_once_while_the_place_is_still_provisional(make_desk):
    desk = make_desk(config(PKO_CONFIG, payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    bust(desk, e1, e2)
    assert entry_view(desk, e2)["paid"] is False
    assert pay(desk, e2) == 1000
    assert entry_view(desk, e2)["paid"] is True
    refused(desk, {"type": "pay", "entry": e2}, "NOTHING_OWED")


def test_a_prize_is_paid_once_the_place_is_final(make_desk, clock):
    desk = make_desk(config(payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    bust(desk, e1, e3)
    assert entry_view(desk, e1)["prize"] == 4800
    refused(desk, {"type": "pay", "entry": e1}, "NOTHING_OWED")  # third place, but provisional
    clock.advance(minutes=REGISTRATION_MINUTES)
    assert entry_view(desk, e1)["paid"] is False
    assert pay(desk, e1, "transfer") == 4800
    view = entry_view(desk, e1)
    assert view["paid"] is True
    refused(desk, {"type": "pay", "entry": e1}, "NOTHING_OWED")
    assert desk.snapshot()["money"]["paid_out"] == 4800


def test_nothing_is_owed_to_a_player_out_of_the_money(make_desk, clock):
    desk, (a, _, _) = three_left(make_desk, clock)
    first_out = desk.snapshot()["entries"][0]["id"]
    assert entry_view(desk, first_out)["place"] == 5
    assert entry_view(desk, first_out)["paid"] is True
    refused(desk, {"type": "pay", "entry": first_out}, "NOTHING_OWED")


def test_prize_and_bounty_are_paid_together_and_only_once(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG, payouts=THREE_PAID))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust(desk, e1, e3)
    bust(desk, e2, e3)
    # e3 won: first prize, 1000 cash from each head busted, and their own head (2000 + 1000 + 1000).
    view = entry_view(desk, e3)
    owed = view["prize"] + view["bounty_won"]
    assert view["prize"] == 12000
    assert view["bounty_won"] == 1000 + 1000 + 4000
    assert pay(desk, e3) == owed
    assert entry_view(desk, e3)["paid"] is True
    refused(desk, {"type": "pay", "entry": e3}, "NOTHING_OWED")


def test_deal_money_is_paid_at_the_deal_that_ends_play(make_desk, clock):
    desk, (a, b, c) = three_left(make_desk, clock)
    desk.execute({"type": "deal", "method": "custom", "amounts": {a: 14000, b: 14000, c: 12000},
                  "end": True, "order": [a, b, c]})
    assert [pay(desk, e) for e in (a, b, c)] == [14000, 14000, 12000]


def test_the_drawer_by_method_is_money_in_less_money_out(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG, payouts=THREE_PAID))
    entries = []
    for i, method in enumerate(["cash", "cash", "card", "card"]):
        player = desk.execute({"type": "register", "name": f"P{i}"})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": method,
                                     "present": True})["entry"])
    e1, e2, e3, e4 = entries
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust(desk, e1, e4)
    bust(desk, e2, e4)
    bust(desk, e3, e4)
    paid_cash = pay(desk, e4, "cash")
    paid_transfer = pay(desk, e3, "transfer")
    money = desk.snapshot()["money"]
    assert money["drawer"] == {"card": 22000 - 0, "cash": 22000 - paid_cash, "transfer": -paid_transfer}
    assert money["paid_out"] == paid_cash + paid_transfer
    assert sum(money["drawer"].values()) == money["collected"] - money["paid_out"]


def test_the_ledger_has_a_line_for_every_movement_of_money(make_desk, clock):
    desk = make_desk(config(PKO_CONFIG, payouts=THREE_PAID, rebuy={"chips": 20000}))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    desk.execute({"type": "rebuy", "present": True, "entry": e1, "payment": "card", "stack": 100})
    bust(desk, e1, e2)
    desk.execute({"type": "buy_in", "player": desk.state.entries[e1].player, "payment": "voucher",
                  "present": True})
    pay(desk, e2)
    ledger = desk.ledger()
    assert [(line["kind"], line["method"]) for line in ledger] == [
        ("buy_in", "cash"), ("buy_in", "cash"), ("buy_in", "cash"), ("rebuy", "card"), ("reentry", "voucher"),
        ("payout", "cash")]
    assert ledger[-1]["entry"] == e2 and ledger[-1]["amount"] == -1000
    money = desk.snapshot()["money"]
    assert sum(line["amount"] for line in ledger) == money["collected"] - money["paid_out"]
    assert sum(line["amount"] for line in ledger if line["amount"] > 0) == money["collected"]
    for method, amount in money["drawer"].items():
        assert sum(line["amount"] for line in ledger if line["method"] == method) == amount
