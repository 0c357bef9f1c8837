"""Deals (docs/rules.md: deals): exact ICM and chip chop, rounded to whole minor units
that add up to what the places pay, and custom deals that must add up."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.icm import harville_by_every_finishing_order
from tourneydesk.core.arithmetic.deals import ICM_MAX_PLAYERS, chip_chop, custom, deal, icm, icm_equity
from tourneydesk.core.protocol.errors import TourneyError


# -- ICM -----------------------------------------------------------------------------------------
def test_icm_three_players_by_hand() -> None:
    stacks = {"ana": 5000, "ben": 3000, "cleo": 2000}
    first = {"ana": Fraction(5, 10), "ben": Fraction(3, 10), "cleo": Fraction(2, 10)}
    second = {  # the first place went to someone else, then this player won among the rest
        "ana": first["ben"] * Fraction(5, 7) + first["cleo"] * Fraction(5, 8),
        "ben": first["ana"] * Fraction(3, 5) + first["cleo"] * Fraction(3, 8),
        "cleo": first["ana"] * Fraction(2, 5) + first["ben"] * Fraction(2, 7),
    }
    assert second == {"ana": Fraction(19, 56), "ben": Fraction(3, 8), "cleo": Fraction(2, 7)}
    third = {p: 1 - first[p] - second[p] for p in stacks}
    expected = {p: 50 * first[p] + 30 * second[p] + 20 * third[p] for p in stacks}
    assert expected == {"ana": Fraction(1075, 28), "ben": Fraction(131, 4), "cleo": Fraction(202, 7)}

    assert icm_equity(stacks, [50, 30, 20]) == expected
    # 38.39 / 32.75 / 28.86: floors 38 + 32 + 28 = 98; the 2 left go to the largest fractions
    # (cleo .86, ben .75), not to the chip leader
    assert icm(stacks, [50, 30, 20]) == {"ana": 38, "ben": 33, "cleo": 29}


def test_icm_pays_fewer_places_than_players() -> None:
    stacks = {"a": 1, "b": 1, "c": 2}
    assert icm_equity(stacks, [100]) == {"a": 25, "b": 25, "c": 50}
    assert icm(stacks, []) == {"a": 0, "b": 0, "c": 0}


def test_equal_leftovers_go_in_the_order_given_between_equal_stacks() -> None:
    assert icm({"a": 10, "b": 10, "c": 10}, [100]) == {"a": 34, "b": 33, "c": 33}
    assert icm({"c": 10, "b": 10, "a": 10}, [100]) == {"c": 34, "b": 33, "a": 33}


def stacks_of(players: int) -> st.SearchStrategy[dict[str, int]]:
    return st.lists(st.integers(min_value=1, max_value=10**7), min_size=players, max_size=players).map(
        lambda chips: {f"e{i}": c for i, c in enumerate(chips)}
    )


@st.composite
def tables(draw: st.DrawFn, most_players: int = 6) -> tuple[dict[str, int], list[int]]:
    players = draw(st.integers(min_value=1, max_value=most_players))
    stacks = draw(stacks_of(players))
    places = draw(st.integers(min_value=0, max_value=players))
    prizes = sorted(draw(st.lists(st.integers(0, 10**8), min_size=places, max_size=places)), reverse=True)
    return stacks, prizes


@given(tables(most_players=5))
def test_icm_is_exactly_harville(table: tuple[dict[str, int], list[int]]) -> None:
    stacks, prizes = table
    assert icm_equity(stacks, prizes) == harville_by_every_finishing_order(stacks, prizes)


@given(tables())
def test_icm_adds_up_and_bigger_stacks_never_get_less(table: tuple[dict[str, int], list[int]]) -> None:
    stacks, prizes = table
    amounts = icm(stacks, prizes)
    exact = icm_equity(stacks, prizes)
    assert sum(amounts.values()) == sum(prizes)
    assert all(abs(amounts[p] - exact[p]) < 1 for p in stacks)
    by_stack = sorted(stacks, key=lambda p: stacks[p])
    for smaller, bigger in pairwise(by_stack):
        assert amounts[bigger] >= amounts[smaller] or stacks[bigger] == stacks[smaller]
        if stacks[bigger] == stacks[smaller]:
            assert abs(amounts[bigger] - amounts[smaller]) <= 1


def exactly_rounded(stacks: dict[str, int], prizes: list[int]) -> dict[str, int]:
    """The deal's rounding rule applied to the exact shares: each rounded down, the units left over one
    each to the largest fractional parts, the bigger stack first on a tie, then the order given."""
    exact = icm_equity(stacks, prizes)
    amounts = {p: math.floor(share) for p, share in exact.items()}
    order = sorted(stacks, key=lambda p: (-(exact[p] - amounts[p]), -stacks[p], list(stacks).index(p)))
    for p in order[:sum(prizes) - sum(amounts.values())]:
        amounts[p] += 1
    return amounts


@settings(max_examples=60, deadline=None)
@given(tables(most_players=9), st.sampled_from([1, 25, 1000]))
def test_icm_pays_to_the_minor_unit_what_the_exact_shares_round_to(table: tuple[dict[str, int], list[int]],
                                                                   unit: int) -> None:
    """The shares worked out as an integral, rounded by the rule, are the exact ones rounded: round stacks
    (a few multiples of 25 or 1,000 chips, many of them equal), whose shares fall on whole units or tie,
    among them."""
    stacks, prizes = table
    stacks = {p: c if unit == 1 else unit * (1 + c % 40) for p, c in stacks.items()}
    assert icm(stacks, prizes) == exactly_rounded(stacks, prizes)


def test_icm_handles_the_most_players_it_promises() -> None:
    stacks = {f"e{i}": 25 * (1000 + 37 * i * i) for i in range(ICM_MAX_PLAYERS)}
    prizes = [1000 * (ICM_MAX_PLAYERS - place) for place in range(ICM_MAX_PLAYERS)]
    amounts = icm(stacks, prizes)
    assert sum(amounts.values()) == sum(prizes)
    assert all(a <= b for a, b in pairwise(amounts.values()))  # the stacks grow with i


def test_icm_refuses_more_players_than_it_can_compute_in_a_second() -> None:
    players = ICM_MAX_PLAYERS + 1
    with pytest.raises(TourneyError) as refused:
        icm({f"e{i}": 1000 for i in range(players)}, [100] * players)
    assert refused.value.code == "ICM_TOO_MANY_PLAYERS"
    assert f"at most {ICM_MAX_PLAYERS} players" in refused.value.message
    assert f"{players} are left" in refused.value.message
    assert refused.value.params == {"players": players, "max_players": ICM_MAX_PLAYERS}


# -- chip chop -----------------------------------------------------------------------------------
def test_chip_chop_is_the_published_formula() -> None:
    # NP = 20,000 (third place, the next out), R = 100,000, n = 3: 40,000 shared by chips
    stacks = {"ana": 500_000, "ben": 300_000, "cleo": 200_000}
    assert chip_chop(stacks, [50_000, 30_000, 20_000]) == {"ana": 40_000, "ben": 32_000, "cleo": 28_000}


def test_chip_chop_adds_up_where_rounding_each_share_would_not() -> None:
    # each exact share is 33.33...: rounding each alone would hand out 99 of 100
    assert chip_chop({"a": 7, "b": 7, "c": 7}, [50, 30, 20]) == {"a": 34, "b": 33, "c": 33}


def test_equal_leftovers_go_to_the_bigger_stack_first() -> None:
    # one place left for two players: shares 0.5 and 1.5, one unit left over for two equal fractions
    assert chip_chop({"small": 1, "big": 3}, [2]) == {"small": 0, "big": 2}


@given(tables(most_players=9))
def test_chip_chop_adds_up_and_stays_within_a_unit(table: tuple[dict[str, int], list[int]]) -> None:
    stacks, prizes = table
    amounts = chip_chop(stacks, prizes)
    assert sum(amounts.values()) == sum(prizes)
    players, total, chips = len(stacks), sum(prizes), sum(stacks.values())
    next_out = prizes[-1] if len(prizes) == players else 0
    for p, c in stacks.items():
        exact = next_out + Fraction((total - players * next_out) * c, chips)
        assert abs(amounts[p] - exact) < 1


# -- custom and play-for -------------------------------------------------------------------------
def test_custom_amounts_that_add_up_stand() -> None:
    assert custom({"a": 600, "b": 400}, [700, 300]) == {"a": 600, "b": 400}


def test_custom_amounts_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(TourneyError) as refused:
        custom({"a": 600, "b": 500}, [700, 300])
    assert refused.value.code == "DEAL_SUM_MISMATCH"
    assert "1,100" in refused.value.message and "1,000" in refused.value.message
    assert refused.value.params == {"dealt": 1100, "total": 1000}


def test_negative_custom_amounts_are_refused() -> None:
    with pytest.raises(TourneyError) as refused:
        custom({"a": 1100, "b": -100}, [700, 300])
    assert refused.value.code == "DEAL_AMOUNT_INVALID"


def test_play_for_is_kept_back_from_first_prize() -> None:
    stacks = {"ana": 5000, "ben": 3000, "cleo": 2000}
    dealt = deal("icm", stacks, [5000, 3000, 2000], play_for=1000)
    assert dealt == icm(stacks, [4000, 3000, 2000])
    assert sum(dealt.values()) == 9000
    assert deal("chip_chop", stacks, [5000, 3000, 2000], play_for=2000) == chip_chop(stacks, [3000, 3000, 2000])
    assert deal("custom", {"ana": 4000, "ben": 3000, "cleo": 2500}, [5000, 3000, 2000], play_for=500) == {
        "ana": 4000,
        "ben": 3000,
        "cleo": 2500,
    }


@pytest.mark.parametrize("play_for", [-1, 2001, 10.0, True])
def test_play_for_may_not_leave_first_paying_less_than_second(play_for: int) -> None:
    with pytest.raises(TourneyError) as refused:
        deal("icm", {"a": 1, "b": 1, "c": 1}, [5000, 3000, 2000], play_for=play_for)
    assert refused.value.code == "PLAY_FOR_INVALID"


def test_a_deal_by_an_unknown_method_is_refused() -> None:
    with pytest.raises(TourneyError) as refused:
        deal("coin_flip", {"a": 1, "b": 1}, [10, 5])
    assert refused.value.code == "DEAL_METHOD_UNKNOWN"


@pytest.mark.parametrize(
    ("stacks", "prizes", "code"),
    [
        ({}, [], "DEAL_STACKS_INVALID"),
        ({"a": 0, "b": 10}, [10], "DEAL_STACKS_INVALID"),
        ({"a": 5, "b": 2.5}, [10], "DEAL_STACKS_INVALID"),
        ({"a": 5, "b": 5}, [10, 5, 1], "DEAL_PRIZES_INVALID"),
        ({"a": 5, "b": 5}, [5, 10], "DEAL_PRIZES_INVALID"),
        ({"a": 5, "b": 5}, [10, -1], "DEAL_PRIZES_INVALID"),
    ],
)
@pytest.mark.parametrize("method", ["icm", "chip_chop"])
def test_bad_stacks_and_prizes_are_refused(
    method: str, stacks: dict[str, int], prizes: list[int], code: str
) -> None:
    with pytest.raises(TourneyError) as refused:
        deal(method, stacks, prizes)
    assert refused.value.code == code
