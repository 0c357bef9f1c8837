"""Payout tables and prize amounts (docs/rules.md: payouts and deals): the standard table pays what the published table
pays up to 175 entries and about 15% of bigger fields; amounts sum to the pool to the cent and never
pay a lower place more than a higher one."""

from __future__ import annotations

from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tourneydesk.core.arithmetic.payouts import (
    parse_payout_table,
    payout_amounts,
    places_bp,
    split_tie,
    validate_places,
)
from tourneydesk.core.protocol.errors import TourneyError

STANDARD_TOML = Path(__file__).resolve().parents[2] / "resources" / "payouts" / "standard.toml"
STANDARD = parse_payout_table(STANDARD_TOML.read_text(encoding="utf-8"), "standard")

# docs/rules.md, reference figures (the payout table): percent of the pool per place, as published (fabulouspoker.com).
PUBLISHED_C = {
    (1, 12): ["50", "30", "20"],
    (13, 18): ["40", "30", "20", "10"],
    (19, 27): ["40", "23", "16", "12", "9"],
    (28, 36): ["33", "20", "15", "11", "8", "7", "6"],
    (37, 50): ["29", "18", "13", "10", "8", "7", "6", "5", "4"],
    (51, 66): ["26", "16.5", "12", "9.5", "8", "6.5", "5", "4", "3.5"] + ["3"] * 3,
    (67, 83): ["25.5", "16", "11.5", "9", "7.5", "6", "4.5", "3.5", "3"] + ["2.5"] * 3 + ["2"] * 3,
    (84, 117): ["25", "15.5", "11", "8.5", "7", "5.5", "4", "3", "2.5"] + ["2.2"] * 3 + ["2"] * 3 + ["1.8"] * 3,
    (118, 175): ["23", "14", "10.5", "8", "6", "4.5", "3.5", "2.9", "2.4"]
    + ["2.0"] * 3 + ["1.7"] * 3 + ["1.4"] * 3 + ["1.1"] * 9,
}


def as_bp(percents: list[str]) -> list[int]:
    return [int(Decimal(p) * 100) for p in percents]


def assert_sane(places: list[int]) -> None:
    assert sum(places) == 10_000
    assert all(bp > 0 for bp in places)
    assert all(a >= b for a, b in pairwise(places))


# -- the standard table --------------------------------------------------------------------------
def test_standard_table_is_named_and_open_ended() -> None:
    assert STANDARD.name == "Standard"
    assert STANDARD.bands[0].min_entries == 2
    assert STANDARD.bands[-1].max_entries is None


@pytest.mark.parametrize(("low", "high"), [band for band in PUBLISHED_C if band != (1, 12)])
def test_standard_table_pays_the_published_table_up_to_175_entries(
    low: int, high: int
) -> None:
    expected = as_bp(PUBLISHED_C[(low, high)])
    for entries in (low, (low + high) // 2, high):
        assert places_bp(STANDARD, entries) == expected


def test_published_figures_literally() -> None:
    assert places_bp(STANDARD, 70)[:3] == [2550, 1600, 1150]  # 25.5%, 16%, 11.5%
    assert places_bp(STANDARD, 150)[-1] == 110  # 1.1% for places 19-27
    assert len(places_bp(STANDARD, 175)) == 27


def test_three_to_twelve_entries_pay_fifty_thirty_twenty() -> None:
    for entries in range(3, 13):
        assert places_bp(STANDARD, entries) == as_bp(PUBLISHED_C[(1, 12)])


def test_two_entries_give_the_missing_third_place_to_first() -> None:
    assert places_bp(STANDARD, 2) == [5000 + 2000, 3000]


@pytest.mark.parametrize("entries", [0, 1])
def test_a_lone_entrant_takes_the_whole_pool(entries: int) -> None:
    assert places_bp(STANDARD, entries) == [10_000]


@pytest.mark.parametrize("entries", [2, 13, 175, 1_000, 10_000])
def test_standard_table_sums_to_the_whole_pool(entries: int) -> None:
    assert_sane(places_bp(STANDARD, entries))


@pytest.mark.parametrize("entries", [176, 250, 251, 500, 1_000, 1_001, 2_200, 5_000, 7_500, 10_000, 10_001])
def test_big_fields_pay_about_fifteen_percent(entries: int) -> None:
    places = places_bp(STANDARD, entries)
    assert_sane(places)
    assert 0.10 * entries <= len(places) <= 0.20 * entries


def test_fields_above_ten_thousand_keep_the_last_band() -> None:
    assert len(places_bp(STANDARD, 10_001)) == 1502
    assert places_bp(STANDARD, 50_000) == places_bp(STANDARD, 10_001)


def test_every_band_is_sane_and_big_fields_pay_in_flat_runs() -> None:
    for band in STANDARD.bands:
        assert_sane(list(band.places))
        assert len(band.places) <= band.min_entries
        if band.min_entries > 175:
            places = band.places
            assert places[9] == places[10] and places[11] == places[12]  # 10-11, 12-13
            assert len(set(places[13:17])) == 1 and len(set(places[17:26])) == 1  # 14-17, 18-26
            assert all(len(set(places[p : p + 9])) == 1 for p in range(26, len(places), 9))


# -- reading a table -----------------------------------------------------------------------------
SMALL = """
name = "Small"
[[band]]
entries = [2, 5]
places = [7000, 3000]
[[band]]
entries = [6]
places = [5000, 3000, {from = 3, to = 4, each = 1000}]
"""


def test_a_run_of_places_stands_for_equal_places() -> None:
    table = parse_payout_table(SMALL)
    assert table.name == "Small"
    assert places_bp(table, 6) == [5000, 3000, 1000, 1000]
    assert places_bp(table, 5) == [7000, 3000]


def test_the_name_given_is_used_when_the_file_has_none() -> None:
    assert parse_payout_table(SMALL.replace('name = "Small"', ""), "club").name == "club"


@pytest.mark.parametrize(
    ("text", "band", "words"),
    [
        (SMALL.replace("[6]", "[7]"), "7+", "must start at 6"),
        (SMALL.replace("[6]", "[6, 99]"), "6-99", "last band"),
        (SMALL.replace("[2, 5]", "[2]"), "2+", "not the last band"),
        (SMALL.replace("[2, 5]", "[3, 5]"), "3-5", "start at 1 or 2"),
        (SMALL.replace("[7000, 3000]", "[7000, 2000]"), "2-5", "9,000 bp (90.00%)"),
        (SMALL.replace("[7000, 3000]", "[3000, 7000]"), "2-5", "place 2"),
        (SMALL.replace("[7000, 3000]", "[7000, 3000, 0]"), "2-5", "place 3"),
        (SMALL.replace("[2, 5]", "[1, 5]"), "1-5", "pays 2 places but starts at a field of 1"),
        (SMALL.replace("from = 3", "from = 4"), "6+", "start at place 3"),
        (SMALL.replace("[2, 5]", "[5, 2]"), "5-2", "ends before it starts"),
        (SMALL.replace("places = [7000", "place = [7000"), "number 1", "unknown keys: place"),
    ],
)
def test_a_broken_table_is_refused_naming_the_band(text: str, band: str, words: str) -> None:
    with pytest.raises(TourneyError) as refused:
        parse_payout_table(text)
    assert refused.value.code == "PAYOUT_TABLE_INVALID"
    assert refused.value.params["band"] == band
    assert words in refused.value.message


def test_text_that_is_not_toml_is_refused() -> None:
    with pytest.raises(TourneyError) as refused:
        parse_payout_table("[[band]\n", "club")
    assert refused.value.code == "PAYOUT_TABLE_INVALID"
    assert "club" in refused.value.message


# -- custom places -------------------------------------------------------------------------------
def test_valid_custom_places_pass() -> None:
    validate_places([6000, 2500, 1500])
    validate_places([10_000])


@pytest.mark.parametrize(
    ("places", "words"),
    [
        ([], "at least one place"),
        ([6000, 2500, 1400], "9,900 bp (99.00%)"),
        ([2500, 6000, 1500], "place 2 (6000 bp) more than place 1"),
        ([10_000, 0], "place 2 0 bp"),
        ([5000, 2500.0, 2500], "place 2 2500.0 bp"),
        ([10_000, -1, 1], "place 2 -1 bp"),
        ("10000", "at least one place"),
    ],
)
def test_broken_custom_places_are_refused(places: list[int], words: str) -> None:
    with pytest.raises(TourneyError) as refused:
        validate_places(places)
    assert refused.value.code == "PAYOUTS_INVALID"
    assert words in refused.value.message


# -- amounts -------------------------------------------------------------------------------------
def test_amounts_round_down_and_first_place_takes_the_remainder() -> None:
    # exact shares 50,001.5 / 30,000.9 / 20,000.6 -> 50,000 / 30,000 / 20,000, and 3 left over
    assert payout_amounts(100_003, [5000, 3000, 2000], rounding=500) == [50_003, 30_000, 20_000]
    assert payout_amounts(100_003, [5000, 3000, 2000]) == [50_003, 30_000, 20_000]
    # 49,999.5 / 29,999.7 / 19,999.8 -> 49,000 / 29,000 / 19,000, and 2,999 left over
    assert payout_amounts(99_999, [5000, 3000, 2000], rounding=1000) == [51_999, 29_000, 19_000]


def test_an_empty_pool_pays_nothing() -> None:
    assert payout_amounts(0, [5000, 3000, 2000], rounding=500) == [0, 0, 0]


def test_bad_pool_and_rounding_are_refused() -> None:
    with pytest.raises(TourneyError) as refused:
        payout_amounts(-1, [10_000])
    assert refused.value.code == "PRIZE_POOL_INVALID"
    with pytest.raises(TourneyError) as refused:
        payout_amounts(100, [10_000], rounding=0)
    assert refused.value.code == "PAYOUT_ROUNDING_INVALID"


def places_from_cuts(cuts: list[int]) -> list[int]:
    edges = [0, *sorted(cuts), 10_000]
    return sorted((b - a for a, b in pairwise(edges)), reverse=True)


standard_entries = st.integers(min_value=0, max_value=20_000)
valid_places = st.one_of(
    st.lists(st.integers(min_value=1, max_value=9_999), unique=True, max_size=60).map(places_from_cuts),
    standard_entries.map(lambda entries: places_bp(STANDARD, entries)),
)


@given(
    pool=st.integers(min_value=0, max_value=10**9),
    places=valid_places,
    rounding=st.sampled_from([1, 5, 100, 500]),
)
def test_amounts_sum_to_the_pool_and_never_pay_a_lower_place_more(
    pool: int, places: list[int], rounding: int
) -> None:
    amounts = payout_amounts(pool, places, rounding)
    assert len(amounts) == len(places)
    assert sum(amounts) == pool
    assert all(a >= 0 for a in amounts)
    assert all(a >= b for a, b in pairwise(amounts))
    assert all(a % rounding == 0 for a in amounts[1:])
    for i, j in pairwise(range(1, len(places))):
        if places[i] == places[j]:
            assert amounts[i] == amounts[j]


# -- ties ----------------------------------------------------------------------------------------
def test_players_out_in_the_same_hand_split_their_places_prizes() -> None:
    assert split_tie([300, 200, 101]) == [201, 200, 200]
    assert split_tie([500, 400]) == [450, 450]
    assert split_tie([7]) == [7]
    assert split_tie([]) == []


@given(st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=12))
def test_a_split_keeps_the_money_and_differs_by_at_most_one_unit(amounts: list[int]) -> None:
    shares = split_tie(amounts)
    assert sum(shares) == sum(amounts)
    assert max(shares) - min(shares) <= 1
    assert all(a >= b for a, b in pairwise(shares))
