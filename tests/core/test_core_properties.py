"""Property tests of the pure rules: the clock, bounty splits and awards, and the ranking of a hand's busts."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.configs import PKO_CONFIG, config
from tourneydesk.core.arithmetic import bounty, standings
from tourneydesk.core.arithmetic.clock import ClockBase, base_at, position
from tourneydesk.core.config import Level, Price, parse_config
from tourneydesk.core.state import Entry, State

FAST = settings(max_examples=100, deadline=None)


# -- the clock -------------------------------------------------------------------------------------
@st.composite
def structures(draw: Any) -> tuple[Level, ...]:
    """Play levels and breaks; a structure starts and ends with a play level."""
    middle = draw(st.lists(st.tuples(st.booleans(), st.integers(1, 30)), max_size=6))
    levels = [Level(minutes=draw(st.integers(1, 30)), small_blind=100, big_blind=200)]
    for is_break, minutes in middle:
        levels.append(Level(minutes=minutes, is_break=is_break, small_blind=100, big_blind=200))
    levels.append(Level(minutes=draw(st.integers(1, 30)), small_blind=400, big_blind=800))
    return tuple(levels)


@st.composite
def running_clocks(draw: Any) -> tuple[tuple[Level, ...], ClockBase]:
    levels = draw(structures())
    index = draw(st.integers(0, len(levels) - 1))
    elapsed = draw(st.integers(0, levels[index].duration_ms - 1))
    overtime = draw(st.booleans()) if index == len(levels) - 1 else False
    at = draw(st.integers(0, 10**12))
    return levels, ClockBase(index, elapsed, at, running=True, started=True, overtime=overtime)


MINUTES_AHEAD = st.integers(0, 6 * 3600 * 1000)


def _absolute_ms(levels: tuple[Level, ...], index: int, elapsed: int) -> int:
    return sum(level.duration_ms for level in levels[:index]) + elapsed


@FAST
@given(running_clocks(), MINUTES_AHEAD, MINUTES_AHEAD)
def test_a_running_clock_never_goes_back_a_level_as_time_passes(clock: Any, a: int, b: int) -> None:
    levels, base = clock
    early, late = sorted((a, b))
    first, then = position(levels, base, base.at_ms + early), position(levels, base, base.at_ms + late)
    assert first.index <= then.index
    assert not first.overtime or then.overtime  # once the structure has run out, it stays run out
    if not then.overtime:  # before overtime the clock moves exactly as far as time did
        assert (_absolute_ms(levels, then.index, then.elapsed_ms) - _absolute_ms(levels, first.index, first.elapsed_ms)
                == late - early)


@FAST
@given(running_clocks(), MINUTES_AHEAD)
def test_the_time_left_in_a_level_is_never_zero_and_never_more_than_the_level(clock: Any, ahead: int) -> None:
    levels, base = clock
    pos = position(levels, base, base.at_ms + ahead)
    duration = levels[pos.index].duration_ms
    assert 0 < pos.remaining_ms <= duration
    assert pos.elapsed_ms + pos.remaining_ms == duration
    if pos.overtime:
        assert pos.index == len(levels) - 1 and not levels[pos.index].is_break  # the last play level repeats


@FAST
@given(running_clocks(), MINUTES_AHEAD, MINUTES_AHEAD)
def test_a_paused_clock_shows_the_same_time_however_long_the_pause(clock: Any, pause_at: int, later: int) -> None:
    levels, base = clock
    paused = base_at(levels, base, base.at_ms + pause_at)
    paused.running = False
    at_pause = position(levels, base, base.at_ms + pause_at)
    assert position(levels, paused, paused.at_ms) == at_pause
    assert position(levels, paused, paused.at_ms + later) == at_pause


@FAST
@given(running_clocks(), MINUTES_AHEAD, MINUTES_AHEAD)
def test_re_anchoring_the_clock_at_a_command_does_not_move_it(clock: Any, anchor: int, later: int) -> None:
    levels, base = clock
    anchored = base_at(levels, base, base.at_ms + anchor)
    now = base.at_ms + anchor + later
    assert position(levels, anchored, now) == position(levels, base, now)


# -- bounties --------------------------------------------------------------------------------------
@FAST
@given(st.integers(0, 10**9), st.integers(1, 9))
def test_a_shared_bounty_splits_to_the_cent_with_the_odd_units_to_the_first(amount: int, ways: int) -> None:
    shares = bounty.split_equally(amount, ways)
    assert len(shares) == ways and sum(shares) == amount
    assert max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)  # the odd minor units go to the first of `by`


def _bounty_state(kind: str, bp: int, heads: list[int]) -> State:
    cfg = parse_config(config(PKO_CONFIG, bounty={"kind": kind, "cash_share_bp": bp}))
    state = State(tournament_id="t", config=cfg, payout_table=None, payout_table_text=None, created_ms=0)
    for i, head in enumerate(heads, 1):
        state.entries[f"e{i}"] = Entry(id=f"e{i}", player=f"p{i}", number=1, price=Price(8000, 2000, 1000),
                                       chips=20000, bounty=head)
    return state


@FAST
@given(st.sampled_from(["fixed", "progressive"]), st.integers(0, 10_000), st.integers(1, 10**7),
       st.lists(st.integers(0, 10**6), min_size=2, max_size=5), st.data())
def test_every_bounty_award_adds_up_to_the_head_it_came_from(kind: str, bp: int, head: int, heads: list[int],
                                                              data: Any) -> None:
    state = _bounty_state(kind, bp, [head, *heads])
    by = data.draw(st.permutations([f"e{i}" for i in range(2, len(heads) + 2)]))[: data.draw(st.integers(1, 3))]
    heads_now: dict[str, int] = {}
    total_before = sum(e.bounty + e.bounty_won for e in state.entries.values())
    awards = bounty.awards_for(state, head, by, heads_now)
    assert [a["to"] for a in awards] == by
    assert sum(a["cash"] + a["to_head"] for a in awards) == head  # nothing made up, nothing lost
    for award, share in zip(awards, bounty.split_equally(head, len(by)), strict=True):
        assert award["cash"] + award["to_head"] == share and award["cash"] >= 0 and award["to_head"] >= 0
        if kind == "progressive":
            assert award["cash"] == share * bp // 10_000
        else:
            assert award["to_head"] == 0
        assert heads_now[award["to"]] == state.entries[award["to"]].bounty + award["to_head"]
    bounty.apply_awards(state, "e1", awards)
    assert state.entries["e1"].bounty == 0
    assert sum(e.bounty + e.bounty_won for e in state.entries.values()) == total_before


# -- the ranking of busts in one hand --------------------------------------------------------------
members_strategy = st.lists(
    st.tuples(st.sampled_from([1, 2, 3]), st.one_of(st.none(), st.sampled_from([1000, 5000, 5000, 20000]))),
    min_size=1, max_size=7,
).map(lambda rows: [{"entry": f"e{i}", "table": t, "stack": s} for i, (t, s) in enumerate(rows, 1)])


@FAST
@given(members_strategy, st.sampled_from(["split", "by_stack"]))
def test_busts_in_one_hand_fall_into_tiers_that_hold_each_player_once(members: list[dict[str, Any]],
                                                                       mode: str) -> None:
    tiers = standings.rank_group(members, mode)
    assert sum(len(tier) for tier in tiers) == len(members)
    assert sorted(m["entry"] for tier in tiers for m in tier) == sorted(m["entry"] for m in members)
    rank = {m["entry"]: i for i, tier in enumerate(tiers) for m in tier}
    for a in members:
        for b in members:
            stack_a, stack_b = a["stack"] or 0, b["stack"] or 0
            if a["table"] == b["table"] or mode == "by_stack":
                # UPPS 7.2: who started the hand with more chips takes the higher place
                if stack_a > stack_b:
                    assert rank[a["entry"]] < rank[b["entry"]]
                elif stack_a == stack_b:
                    assert rank[a["entry"]] == rank[b["entry"]]


@FAST
@given(members_strategy, st.sampled_from(["split", "by_stack"]), st.integers(0, 20), st.integers(0, 20))
def test_a_hands_busts_take_the_places_just_above_those_already_out(members: list[dict[str, Any]], mode: str,
                                                                   out_before: int, still_in: int) -> None:
    cfg = parse_config(config(PKO_CONFIG, payouts={"table": "standard", "same_hand_ties": mode}))
    state = State(tournament_id="t", config=cfg, payout_table=None, payout_table_text=None, created_ms=0)
    state.players_entered = out_before + len(members) + still_in
    places = standings.group_places(state, members, out_before)
    taken: list[int] = []
    for tier in standings.rank_group(members, mode):
        spans = {places[m["entry"]][:2] for m in tier}
        assert len(spans) == 1  # a tier shares its places...
        first, last = spans.pop()
        assert last - first + 1 == len(tier)  # ...exactly as many as it has people
        assert sorted(places[m["entry"]][2] for m in tier) == list(range(len(tier)))
        taken.extend(range(first, last + 1))
    n = state.players_entered
    assert taken == list(range(n - out_before - len(members) + 1, n - out_before + 1))
