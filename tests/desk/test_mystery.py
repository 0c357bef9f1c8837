"""Mystery bounties: envelopes fixed from the bounty pool exactly, drawn by the knockouts from the point the
TD set, shared knockouts split, undrawn envelopes paid per the house's setting, and replay drawing the same."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import refused, reopened, seat_players, start, table_mate
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk

BUY_IN = {"prize": 8000, "bounty": 2000, "fee": 1000}


def mystery_config(players: int = 18, **bounty: Any) -> dict[str, Any]:
    return config(name="Mystery Friday", buy_in=BUY_IN, bounty={"kind": "mystery", **bounty},
                  seating={"seats_per_table": 9, "tables": -(-players // 9)},
                  payouts={"places": [5000, 3000, 2000], "rounding": 1})


def mystery_desk(make_desk: Any, clock: FakeClock, players: int = 18, name: str = "m.tdesk", **bounty: Any) -> Desk:
    """`players` seated, the clock started and late registration over: the bounty pool is final."""
    desk = make_desk(mystery_config(players, **bounty), name=name)
    seat_players(desk, players)
    start(desk)
    clock.advance(minutes=20 + 20 + 10 + 1)
    assert not desk.snapshot()["clock"]["registration_open"]
    return desk


def knock_out(desk: Desk, by: int = 1) -> dict[str, Any]:
    """An active player busted by `by` table mates; the bust's `out` line."""
    state = desk.state
    loser = next(e.id for e in state.entries.values() if e.status == "active"
                 and sum(state.entries[m].status == "active" for m in state.tables[e.table or 0].seats.values()) > by)
    mates = [e for e in state.tables[state.entries[loser].table or 0].seats.values()
             if e != loser and state.entries[e].status == "active"][:by]
    out: dict[str, Any] = desk.execute({"type": "bust", "entry": loser, "by": mates})["out"][0]
    return out


def envelopes(desk: Desk) -> dict[str, Any]:
    shown: dict[str, Any] = desk.snapshot()["money"]["envelopes"]
    return shown


def test_mystery_envelopes_are_fixed_from_the_bounty_pool_exactly(make_desk, clock):
    desk = mystery_desk(make_desk, clock)  # 18 x 20.00 = 360.00 in the pool
    short = refused(desk, {"type": "envelopes", "envelopes": [{"amount": 10000, "count": 1},
                                                              {"amount": 2000, "count": 12}]}, "ENVELOPES_NOT_POOL")
    assert short.params == {"total": 34000, "pool": 36000}
    result = desk.execute({"type": "envelopes", "envelopes": [{"amount": 2000, "count": 13},
                                                              {"amount": 10000, "count": 1}]})
    assert result["envelopes"] == [{"amount": 10000, "count": 1}, {"amount": 2000, "count": 13}]
    shown = envelopes(desk)
    assert shown["left"] == result["envelopes"] and shown["left_total"] == 36000 and shown["left_count"] == 14
    assert shown["drawn"] == [] and desk.snapshot()["money"]["bounty_pool"] == 36000
    assert all(e["bounty"] == 0 for e in desk.snapshot()["entries"])  # no head carries a bounty


def test_mystery_envelopes_wait_for_late_registration_to_close_and_only_in_a_mystery_event(make_desk, clock):
    desk = make_desk(mystery_config())
    seat_players(desk, 18)
    start(desk)
    refused(desk, {"type": "envelopes", "propose": True}, "REGISTRATION_OPEN")  # the pool may still grow
    pko = make_desk(PKO_CONFIG, name="pko.tdesk")
    seat_players(pko, 4)
    refused(pko, {"type": "envelopes", "propose": True}, "NOT_MYSTERY")
    clock.advance(minutes=51)
    refused(desk, {"type": "envelopes"}, "FIELD_INVALID")
    refused(desk, {"type": "envelopes", "shares": [{"share_bp": 5000, "count": 1}]}, "SHARES_NOT_WHOLE")


def test_a_template_of_shares_puts_what_rounding_leaves_into_the_largest_envelope(make_desk, clock):
    desk = mystery_desk(make_desk, clock, players=17)  # 340.00
    result = desk.execute({"type": "envelopes", "shares": [{"share_bp": 2500, "count": 1},
                                                           {"share_bp": 2500, "count": 3}]})
    assert result["envelopes"] == [{"amount": 8500, "count": 4}]
    odd = mystery_desk(make_desk, clock, players=13, name="odd.tdesk")  # 260.00 in three envelopes of a third
    result = odd.execute({"type": "envelopes", "shares": [{"share_bp": 3333, "count": 2},
                                                          {"share_bp": 3334, "count": 1}]})
    assert result["envelopes"] == [{"amount": 8670, "count": 1}, {"amount": 8665, "count": 2}]
    assert sum(g["amount"] * g["count"] for g in result["envelopes"]) == 26000


def test_the_program_proposes_an_envelope_for_each_knockout_from_the_point_the_bounties_start(make_desk, clock):
    desk = mystery_desk(make_desk, clock, mystery_from="players", mystery_at=12)
    result = desk.execute({"type": "envelopes", "propose": True})
    amounts = [g["amount"] for g in result["envelopes"] for _ in range(g["count"])]
    assert len(amounts) == 11  # 12 left when they start: 11 knockouts to the winner
    assert sum(amounts) == 36000 and amounts[0] == 7200  # a fifth of the pool in the largest
    assert all(a % 100 == 0 for a in amounts)  # whole euros: the rest 28.80 each is 29 and 28


def test_proposed_envelopes_are_whole_units_of_the_house_with_the_odd_cents_in_the_largest(make_desk, clock):
    desk = mystery_desk(make_desk, clock, players=8, mystery_from="players", mystery_at=8)  # 160.00, 7 envelopes
    seven = [g["amount"] for g in desk.execute({"type": "envelopes", "propose": True, "unit": 500,
                                                "dry_run": True})["envelopes"] for _ in range(g["count"])]
    assert seven == [2500] * 4 + [2000] * 3  # 160.00 / 7 = 22.86: fives, never 22.86
    desk.execute({"type": "edit_config", "set": {"payouts.rounding": 500}})
    house = desk.execute({"type": "envelopes", "propose": True, "dry_run": True})["envelopes"]
    assert [g["amount"] for g in house] == [2500, 2000]  # the prizes' rounding is the house's unit
    odd = make_desk(config(mystery_config(7, mystery_from="players", mystery_at=7),
                           buy_in={**BUY_IN, "bounty": 2003}), name="odd.tdesk")
    seat_players(odd, 7)
    start(odd)
    clock.advance(minutes=51)
    pool = odd.snapshot()["money"]["bounty_pool"]
    assert pool == 14021
    amounts = [g["amount"] for g in odd.execute({"type": "envelopes", "propose": True})["envelopes"]
               for _ in range(g["count"])]
    assert sum(amounts) == pool and all(a % 100 == 0 for a in amounts[1:])  # the odd cents in the largest
    refused(odd, {"type": "envelopes", "propose": True, "unit": 0}, "FIELD_INVALID")


def test_knockouts_before_the_point_win_nothing_and_each_one_after_it_draws_an_envelope(make_desk, clock):
    desk = mystery_desk(make_desk, clock, mystery_from="players", mystery_at=16)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 10000, "count": 1}, {"amount": 2000, "count": 13}]})
    early = knock_out(desk)
    assert early["bounty_awards"] == []  # 18 left: before the point
    knock_out(desk)
    drawn = knock_out(desk)  # 16 left: the first knockout that draws
    award = drawn["bounty_awards"]
    assert len(award) == 1 and award[0]["cash"] in (10000, 2000)
    shown = envelopes(desk)
    assert shown["left_count"] == 13 and shown["drawn_total"] == award[0]["cash"]
    assert shown["drawn"] == [{"entry": drawn["entry"], "amounts": [award[0]["cash"]],
                               "to": [{"entry": award[0]["to"], "cash": award[0]["cash"]}]}]
    winner = next(e for e in desk.snapshot()["entries"] if e["id"] == award[0]["to"])
    assert winner["bounty_won"] == award[0]["cash"] and winner["owed"] == award[0]["cash"]


def test_a_knockout_after_the_start_waits_for_the_envelopes(make_desk, clock):
    desk = mystery_desk(make_desk, clock, mystery_from="players", mystery_at=18)
    loser = next(iter(desk.state.entries))
    refused(desk, {"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]}, "ENVELOPES_NOT_FIXED")


def test_a_knockout_shared_by_two_players_splits_its_envelope_as_a_split_pot(make_desk, clock):
    desk = mystery_desk(make_desk, clock, players=11, mystery_from="players", mystery_at=11)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 2201, "count": 5}, {"amount": 2199, "count": 5}]})
    out = knock_out(desk, by=2)
    first, second = (a["cash"] for a in out["bounty_awards"])
    assert first == second + 1  # odd cents: the odd one to the first named
    assert envelopes(desk)["drawn"][0]["amounts"] == [first + second]


def test_envelopes_are_fixed_for_good_once_one_is_drawn(make_desk, clock):
    desk = mystery_desk(make_desk, clock, mystery_from="players", mystery_at=18)
    desk.execute({"type": "envelopes", "propose": True})
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 36000, "count": 1}]})  # changed before any draw
    knock_out(desk)
    refused(desk, {"type": "envelopes", "propose": True}, "ENVELOPES_DRAWN")


def test_the_envelopes_start_at_the_level_the_td_set(make_desk, clock):
    desk = mystery_desk(make_desk, clock, mystery_from="level", mystery_at=4)  # level 3 is on: 51 minutes in
    desk.execute({"type": "envelopes", "propose": True})
    assert knock_out(desk)["bounty_awards"] == []
    clock.advance(minutes=20)  # level 4
    assert len(knock_out(desk)["bounty_awards"]) == 1


def test_the_envelopes_start_in_the_money_by_default(make_desk, clock):
    desk = mystery_desk(make_desk, clock, players=5)  # three places paid
    desk.execute({"type": "envelopes", "propose": True})
    assert envelopes(desk)["left_count"] == 2  # 3 in the money: 2 knockouts to the winner
    assert knock_out(desk)["bounty_awards"] == []
    assert knock_out(desk)["bounty_awards"] == []  # the bubble: out of the money
    assert len(knock_out(desk)["bounty_awards"]) == 1  # 3rd place, in the money


@pytest.mark.parametrize("left_over", ["winner", "final_table", "last_knockouts"])
def test_the_envelopes_nobody_drew_are_paid_at_the_finish_as_the_house_says(make_desk, clock, left_over):
    desk = mystery_desk(make_desk, clock, players=9, mystery_from="players", mystery_at=4,
                        mystery_left_over=left_over)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 5000, "count": 1}, {"amount": 2000, "count": 4},
                                                     {"amount": 1000, "count": 5}]})  # 10 envelopes, 3 knockouts
    while desk.state.status != "finished":
        knock_out(desk)
    snap = desk.snapshot()
    shown = snap["money"]["envelopes"]
    assert shown["left_count"] == 0 and shown["drawn_total"] == 18000
    assert sum(e["bounty_won"] for e in snap["entries"]) == 18000
    winner = snap["tournament"] and desk.state.winner
    left_paid = [d for d in shown["drawn"] if d["entry"] is None]
    if left_over == "last_knockouts":
        assert left_paid == [] and [len(d["amounts"]) for d in shown["drawn"]] == [4, 3, 3]
    elif left_over == "winner":
        assert [s["entry"] for s in left_paid[0]["to"]] == [winner]
        assert len(left_paid[0]["amounts"]) == 7
    else:
        takers = [s["entry"] for s in left_paid[0]["to"]]
        assert takers[0] == winner and len(takers) == 9  # the final table of 9: the winner and places 2 to 9
        cash = [s["cash"] for s in left_paid[0]["to"]]
        assert max(cash) - min(cash) <= 1 and sum(cash) == sum(left_paid[0]["amounts"])


def test_replay_draws_the_same_envelopes_and_an_undo_puts_the_envelope_back(make_desk, clock):
    desk = mystery_desk(make_desk, clock, mystery_from="players", mystery_at=18)
    desk.execute({"type": "envelopes", "propose": True})
    for _ in range(5):
        knock_out(desk)
    assert reopened(desk)["money"]["envelopes"] == envelopes(desk)  # the draws are in the log, not redone
    before = envelopes(desk)
    knock_out(desk)
    desk.execute({"type": "undo"})
    assert envelopes(desk) == before


# -- the money, whatever happens ------------------------------------------------------------------
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(4, 9), start_at=st.integers(2, 9), shared=st.lists(st.booleans(), min_size=14,
                                                                                 max_size=14),
       left_over=st.sampled_from(["winner", "final_table", "last_knockouts"]), template=st.booleans(),
       seed=st.integers(0, 10_000))
def test_envelopes_drawn_and_left_always_hold_the_pool_to_the_cent(tmp_path_factory, players, start_at, shared,
                                                                    left_over, template, seed):
    clock = FakeClock()
    path = tmp_path_factory.mktemp("mystery") / "m.tdesk"
    desk = Desk.create(path, mystery_config(players, mystery_from="players", mystery_at=start_at,
                                            mystery_left_over=left_over), now=clock, seed=seed)
    try:
        seat_players(desk, players)
        start(desk)
        clock.advance(minutes=51)
        pool = players * 2000
        if template:
            desk.execute({"type": "envelopes", "shares": [{"share_bp": 3000, "count": 1},
                                                          {"share_bp": 1000, "count": 7}]})
        else:
            desk.execute({"type": "envelopes", "propose": True})
        turn = 0
        while desk.state.status != "finished":
            knock_out(desk, by=2 if shared[turn] and desk.state.live >= 3 else 1)
            turn += 1
            shown = envelopes(desk)
            won = sum(e["bounty_won"] for e in desk.snapshot()["entries"])
            assert shown["drawn_total"] + shown["left_total"] == pool
            assert won == shown["drawn_total"]
        assert desk.snapshot()["money"]["envelopes"]["left_total"] == 0
        assert reopened(desk)["money"]["envelopes"] == envelopes(desk)
    finally:
        desk.close()


def test_mystery_bounties_are_not_switched_on_or_off_once_entries_are_bought(make_desk, clock):
    desk = mystery_desk(make_desk, clock, players=4)
    refused(desk, {"type": "edit_config", "set": {"bounty.kind": "fixed"}}, "BOUNTY_KIND_FIXED")
    desk.execute({"type": "edit_config", "set": {"bounty.mystery_left_over": "final_table"}})
    pko = make_desk(PKO_CONFIG, name="pko.tdesk")
    seat_players(pko, 2)
    refused(pko, {"type": "edit_config", "set": {"bounty.kind": "mystery"}}, "BOUNTY_KIND_FIXED")


def test_a_mystery_setting_is_refused_where_it_does_not_fit():
    from tourneydesk.core.config import parse_config
    with pytest.raises(TourneyError) as caught:
        parse_config(mystery_config(mystery_from="level", mystery_at=9))
    assert caught.value.params["field"] == "bounty.mystery_at"
    with pytest.raises(TourneyError) as caught:
        parse_config(mystery_config(mystery_at=9))
    assert caught.value.params["field"] == "bounty.mystery_at"
    with pytest.raises(TourneyError) as caught:
        parse_config(config(buy_in=BUY_IN, bounty={"kind": "fixed", "mystery_from": "money"}))
    assert caught.value.params["field"] == "bounty.mystery_from"


# -- a deal with envelopes left --------------------------------------------------------------------
def _to_three(make_desk: Any, clock: FakeClock, left_over: str) -> Desk:
    """Nine players and 180.00 in ten envelopes of odd amounts, drawn from 5 left: knocked out to the last
    three, two envelopes drawn and eight left."""
    desk = mystery_desk(make_desk, clock, players=9, mystery_from="players", mystery_at=5,
                        mystery_left_over=left_over)
    desk.execute({"type": "envelopes", "envelopes": [{"amount": 2001, "count": 4}, {"amount": 1666, "count": 6}]})
    while desk.state.live > 3:
        knock_out(desk)
    return desk


def _deal(desk: Desk, **fields: Any) -> dict[str, Any]:
    live = sorted(e.id for e in desk.state.entries.values() if e.status == "active")
    cmd = {"type": "deal", "method": "chip_chop", "stacks": dict(zip(live, (90000, 60000, 30000), strict=True)),
           **fields}
    if fields.get("end"):
        cmd["order"] = live
    result: dict[str, Any] = desk.execute(cmd)
    return result


def _conserved(desk: Desk) -> None:
    snap = desk.snapshot()
    shown = snap["money"]["envelopes"]
    assert shown["drawn_total"] + shown["left_total"] == snap["money"]["bounty_pool"] == 18000
    assert sum(e["bounty_won"] for e in snap["entries"]) == shown["drawn_total"]


def test_a_deal_that_goes_on_leaves_the_envelopes_to_be_drawn_on_by_the_knockouts_after_it(make_desk, clock):
    desk = _to_three(make_desk, clock, "winner")
    left = envelopes(desk)
    result = _deal(desk)
    assert result["envelopes_left"] == {"how": "drawn_on", "count": 8,
                                        "total": left["left_total"], "rule": "winner"}
    assert "envelopes_left_paid" not in result and envelopes(desk) == left
    drawn = knock_out(desk)
    assert len(drawn["bounty_awards"]) == 1  # the knockout after the deal still draws
    _conserved(desk)


def test_a_deal_can_share_the_envelopes_left_among_its_players_to_the_cent(make_desk, clock):
    desk = _to_three(make_desk, clock, "winner")
    total = envelopes(desk)["left_total"]
    before = {e["id"]: e["bounty_won"] for e in desk.snapshot()["entries"]}
    result = _deal(desk, envelopes_left="in_deal")
    shares = result["envelopes_left_paid"]
    assert len(shares) == 3 and sum(s["cash"] for s in shares) == total
    assert max(s["cash"] for s in shares) - min(s["cash"] for s in shares) <= 1
    biggest = max(result["amounts"], key=lambda e: result["amounts"][e])
    assert shares[0]["to"] == biggest  # the odd cent to the biggest deal
    after = {e["id"]: e["bounty_won"] for e in desk.snapshot()["entries"]}
    assert all(after[s["to"]] == before[s["to"]] + s["cash"] for s in shares)
    assert envelopes(desk)["left_count"] == 0
    assert knock_out(desk)["bounty_awards"] == []  # nothing left to draw
    _conserved(desk)
    desk.execute({"type": "undo"})
    desk.execute({"type": "undo"})
    assert envelopes(desk)["left_total"] == total  # the deal undone puts them back
    _conserved(desk)


@pytest.mark.parametrize("left_over", ["winner", "final_table", "last_knockouts"])
def test_a_deal_that_ends_the_tournament_pays_the_envelopes_left_as_the_house_says(make_desk, clock, left_over):
    desk = _to_three(make_desk, clock, left_over)
    total = envelopes(desk)["left_total"]
    result = _deal(desk, end=True)
    assert result["envelopes_left"]["how"] == "house_rule"
    takers = [s["to"] for s in result["envelopes_left_paid"]]
    order = sorted(result["amounts"])
    if left_over == "winner":
        assert takers == order[:1]
    elif left_over == "final_table":
        assert takers[:3] == order and len(takers) == 9  # the three in the deal, then places 4 to 9
    else:
        assert takers == order  # no knockout is left: the players of the deal stand in for them
    assert sum(s["cash"] for s in result["envelopes_left_paid"]) == total
    assert desk.state.status == "finished" and envelopes(desk)["left_count"] == 0
    _conserved(desk)
    assert reopened(desk)["money"]["envelopes"] == envelopes(desk)


def test_a_deal_refuses_a_way_of_sharing_the_envelopes_that_cannot_be(make_desk, clock):
    desk = _to_three(make_desk, clock, "winner")
    live = sorted(e.id for e in desk.state.entries.values() if e.status == "active")
    stacks = dict(zip(live, (90000, 60000, 30000), strict=True))
    deal = {"type": "deal", "method": "chip_chop", "stacks": stacks}
    refused(desk, {**deal, "end": True, "order": live, "envelopes_left": "drawn_on"}, "ENVELOPES_NOBODY_TO_DRAW")
    refused(desk, {**deal, "envelopes_left": "house_rule"}, "ENVELOPES_HOUSE_RULE_AT_FINISH")
    refused(desk, {**deal, "envelopes_left": "later"}, "FIELD_INVALID")
    pko = make_desk(PKO_CONFIG, name="pko.tdesk")
    entries = seat_players(pko, 3)
    start(pko)
    clock.advance(minutes=51)
    refused(pko, {"type": "deal", "method": "chip_chop", "stacks": {e: 20000 for e in entries},
                  "envelopes_left": "in_deal"}, "NOT_MYSTERY")
