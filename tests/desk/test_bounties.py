"""Bounties through the Desk: fixed and progressive knockouts (docs/rules.md: bounties).

Invariant the cashier relies on: sum of bounty_won + sum of bounty on heads + forfeited = bounty pool.
"""

from __future__ import annotations

from typing import Any

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import entry_view, refused, seat_players, start
from tourneydesk.desk import Desk

REGISTRATION_MINUTES = 50


def bust(desk: Desk, entry: str, *by: str) -> dict[str, Any]:
    return desk.execute({"type": "bust", "entry": entry, "by": list(by)})


def fixed(bounty: int) -> dict[str, Any]:
    return config(PKO_CONFIG, buy_in={"prize": 8000, "bounty": bounty, "fee": 1000},
                  bounty={"kind": "fixed"})


def progressive(bounty: int) -> dict[str, Any]:
    return config(PKO_CONFIG, buy_in={"prize": 8000, "bounty": bounty, "fee": 1000},
                  bounty={"kind": "progressive", "cash_share_bp": 5000})


def assert_bounties_add_up(desk: Desk) -> None:
    snap = desk.snapshot()
    won = sum(e["bounty_won"] for e in snap["entries"])
    on_heads = sum(e["bounty"] for e in snap["entries"])
    assert won + on_heads + snap["money"]["bounty_forfeited"] == snap["money"]["bounty_pool"]
    assert snap["money"]["bounty_paid"] == won


# -- fixed bounties ------------------------------------------------------------------------------
def test_fixed_bounty_goes_whole_to_the_eliminator(make_desk):
    desk = make_desk(fixed(2000))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    [out] = bust(desk, e1, e2)["out"]
    assert out["bounty_awards"] == [{"to": e2, "cash": 2000, "to_head": 0}]
    assert entry_view(desk, e2)["bounty_won"] == 2000
    assert entry_view(desk, e2)["bounty"] == 2000  # a fixed bounty on their own head does not grow
    assert entry_view(desk, e1)["bounty"] == 0
    assert_bounties_add_up(desk)


def test_split_pot_shares_a_fixed_bounty_with_the_odd_cent_to_the_first_named(make_desk):
    desk = make_desk(fixed(2001))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    [out] = bust(desk, e1, e3, e2)["out"]
    assert out["bounty_awards"] == [{"to": e3, "cash": 1001, "to_head": 0}, {"to": e2, "cash": 1000, "to_head": 0}]
    assert (entry_view(desk, e3)["bounty_won"], entry_view(desk, e2)["bounty_won"]) == (1001, 1000)
    assert_bounties_add_up(desk)


# -- progressive knockout (docs/rules.md, reference figures: the Stake example in cents) ---------------------
def test_progressive_bounty_pays_half_in_cash_and_puts_half_on_the_eliminators_head(make_desk):
    desk = make_desk(progressive(1000))
    p1, p2, p3 = seat_players(desk, 3)
    start(desk)
    [out] = bust(desk, p2, p1)["out"]
    assert out["bounty_awards"] == [{"to": p1, "cash": 500, "to_head": 500}]
    assert (entry_view(desk, p1)["bounty_won"], entry_view(desk, p1)["bounty"]) == (500, 1500)
    [out] = bust(desk, p1, p3)["out"]
    assert out["bounty_awards"] == [{"to": p3, "cash": 750, "to_head": 750}]
    assert (entry_view(desk, p3)["bounty_won"], entry_view(desk, p3)["bounty"]) == (750, 1750)
    assert entry_view(desk, p1)["bounty_won"] == 500  # what P1 won stays P1's
    assert_bounties_add_up(desk)


def test_progressive_split_pot_shares_the_head_then_halves_each_share(make_desk):
    desk = make_desk(progressive(1001))
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    [out] = bust(desk, e1, e2, e3)["out"]
    # 1001 shared as 501 and 500; each share pays half (rounded down) in cash, the rest onto the head.
    assert out["bounty_awards"] == [{"to": e2, "cash": 250, "to_head": 251}, {"to": e3, "cash": 250, "to_head": 250}]
    assert (entry_view(desk, e2)["bounty"], entry_view(desk, e3)["bounty"]) == (1252, 1251)
    assert_bounties_add_up(desk)


def test_the_winner_also_collects_their_own_bounty(make_desk, clock):
    desk = make_desk(progressive(1000))
    p1, p2, p3 = seat_players(desk, 3)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust(desk, p2, p1)
    result = bust(desk, p1, p3)
    assert result["finished"] is True
    assert result["winner_bounty"] == 1750
    view = entry_view(desk, p3)
    assert (view["bounty"], view["bounty_won"]) == (0, 750 + 1750)
    assert sum(e["bounty"] for e in desk.snapshot()["entries"]) == 0
    assert_bounties_add_up(desk)


def test_the_winner_of_a_fixed_bounty_event_collects_their_own_bounty(make_desk, clock):
    desk = make_desk(fixed(2000))
    e1, e2 = seat_players(desk, 2)
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust(desk, e1, e2)
    assert entry_view(desk, e2)["bounty_won"] == 4000
    assert desk.snapshot()["money"]["bounty_paid"] == desk.snapshot()["money"]["bounty_pool"] == 4000


# -- who may win a bounty ----------------------------------------------------------------------
def test_a_bust_in_a_bounty_event_must_name_who_won_the_pot(make_desk):
    desk = make_desk(PKO_CONFIG)
    e1, *_ = seat_players(desk, 3)
    start(desk)
    refused(desk, {"type": "bust", "entry": e1, "by": []}, "BY_REQUIRED")
    refused(desk, {"type": "bust", "entry": e1}, "BY_REQUIRED")


def test_a_bust_in_a_plain_event_needs_nobody_named(make_desk):
    desk = make_desk()
    e1, *_ = seat_players(desk, 3)
    start(desk)
    [out] = desk.execute({"type": "bust", "entry": e1})["out"]
    assert out["place"] == 3 and out["bounty_awards"] == []


def test_the_eliminator_must_sit_at_the_same_table(make_desk):
    desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 3, "tables": 2}))
    entries = seat_players(desk, 4)
    start(desk)
    one = [e for e in entries if desk.state.entries[e].table == 1]
    two = [e for e in entries if desk.state.entries[e].table == 2]
    error = refused(desk, {"type": "bust", "entry": one[0], "by": [two[0]]}, "NOT_AT_SAME_TABLE")
    assert error.params["entry"] == two[0]


def test_a_player_out_already_cannot_win_a_bounty(make_desk):
    desk = make_desk(PKO_CONFIG)
    e1, e2, e3 = seat_players(desk, 3)
    start(desk)
    bust(desk, e1, e2)
    refused(desk, {"type": "bust", "entry": e2, "by": [e1]}, "BY_INVALID")


# -- the invariant over a small game -------------------------------------------------------------
def test_bounty_money_always_adds_up_over_a_small_game(make_desk, clock):
    desk = make_desk(progressive(2001))
    e = seat_players(desk, 6)
    start(desk)
    steps = [
        lambda: bust(desk, e[0], e[1]),
        lambda: bust(desk, e[2], e[1], e[3]),
        lambda: desk.execute({"type": "buy_in", "player": desk.state.entries[e[0]].player, "payment": "card",
                              "present": True}),
        lambda: desk.execute({"type": "disqualify", "entry": e[4], "reason": "Abuse", "chips": 20000}),
        lambda: clock.advance(minutes=REGISTRATION_MINUTES),
        lambda: bust(desk, e[1], e[3]),
        lambda: bust(desk, "e7", e[3]),
        lambda: bust(desk, e[5], e[3]),
    ]
    for step in steps:
        step()
        assert_bounties_add_up(desk)
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert snap["money"]["bounty_pool"] == 7 * 2001
    assert snap["money"]["bounty_forfeited"] == 2001
    assert snap["money"]["bounty_paid"] == 6 * 2001
