"""The shipped blind structures: each one loads, the published ones match their sources exactly, and
every one is a structure a TD could run (blinds that never go down, colour-ups that only remove chips
nobody needs any more)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from tourneydesk.core.config import Config, Level, parse_config, parse_toml

STRUCTURES = Path(__file__).resolve().parents[2] / "resources" / "structures"
SHIPPED = ("deepstack", "mystery", "pko", "points-only", "regular", "turbo", "wpt-toc-2018", "wsop-main-2019")
CLUB = ("deepstack", "mystery", "pko", "points-only", "regular", "turbo")

# docs/rules.md, reference figures: WSOP Main Event 2019, (small blind, big blind, big-blind ante).
WSOP_2019_LEVELS_1_TO_6 = [
    (100, 200, 0),
    (100, 200, 200),
    (200, 300, 300),
    (200, 400, 400),
    (300, 500, 500),
    (300, 600, 600),
]

# docs/rules.md, reference figures: WPT Tournament of Champions 2018, (small blind, big blind, ante).
WPT_TOC_2018_LEVELS = [
    (75, 150, 25),  # 1
    (100, 200, 25),
    (150, 300, 50),
    (200, 400, 50),
    (250, 500, 75),  # 5
    (300, 600, 75),
    (400, 800, 100),
    (500, 1_000, 100),
    (600, 1_200, 200),
    (800, 1_600, 200),  # 10
    (1_000, 2_000, 300),
    (1_200, 2_400, 400),
    (1_500, 3_000, 500),
    (2_000, 4_000, 500),
    (2_500, 5_000, 500),  # 15
    (3_000, 6_000, 1_000),
    (4_000, 8_000, 1_000),
    (5_000, 10_000, 1_000),
    (6_000, 12_000, 2_000),
    (8_000, 16_000, 2_000),  # 20
    (10_000, 20_000, 3_000),
    (12_000, 24_000, 4_000),
    (15_000, 30_000, 5_000),
    (20_000, 40_000, 5_000),
    (25_000, 50_000, 5_000),  # 25
    (30_000, 60_000, 10_000),
    (40_000, 80_000, 10_000),
    (50_000, 100_000, 15_000),  # 28
]

# Table B's breaks: after play level -> (minutes, colour-up). The end of day 1 after level 10 has no
# published length: the file models it as a break, so only its place and its empty colour-up are
# checked.
WPT_TOC_2018_BREAKS: dict[int, tuple[int | None, tuple[int, ...]]] = {
    4: (15, ()),
    6: (75, (25,)),
    10: (None, ()),
    12: (15, (100,)),
    16: (75, (500,)),
    22: (15, (1000,)),
}


def load(name: str) -> Config:
    return parse_toml((STRUCTURES / f"{name}.toml").read_text(encoding="utf-8"))


def play_levels(config: Config) -> list[Level]:
    return [level for level in config.levels if not level.is_break]


def breaks_by_level_before(config: Config) -> dict[int, Level]:
    """Each break, keyed by the number of the play level it follows."""
    found: dict[int, Level] = {}
    number = 0
    for level in config.levels:
        if level.is_break:
            found[number] = level
        else:
            number += 1
    return found


def test_every_shipped_structure_is_there() -> None:
    assert sorted(path.stem for path in STRUCTURES.glob("*.toml")) == sorted(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_structure_loads_as_a_tournament_config(name: str) -> None:
    config = load(name)
    assert config.name
    assert config.play_level_count > 0
    assert config.chips, "a structure names its chip set, so colour-ups can be checked"


@pytest.mark.parametrize("name", SHIPPED)
def test_structure_file_says_what_it_is_for_and_where_its_numbers_come_from(name: str) -> None:
    header = (STRUCTURES / f"{name}.toml").read_text(encoding="utf-8").split("\n\n", 1)[0]
    lines = header.splitlines()
    assert all(line.startswith("#") for line in lines)
    assert any(line.startswith("# Use: ") for line in lines)
    assert any(line.startswith("# Source: ") for line in lines)


@pytest.mark.parametrize("name", SHIPPED)
def test_structure_reads_back_the_same_from_its_recorded_dict(name: str) -> None:
    config = load(name)
    assert parse_config(config.to_dict()) == config


@pytest.mark.parametrize("name", SHIPPED)
def test_blinds_never_go_down(name: str) -> None:
    levels = play_levels(load(name))
    for number, (before, after) in enumerate(pairwise(levels), start=2):
        assert after.small_blind >= before.small_blind, f"level {number} small blind goes down"
        assert after.big_blind >= before.big_blind, f"level {number} big blind goes down"


@pytest.mark.parametrize("name", SHIPPED)
def test_structure_opens_and_ends_on_a_play_level(name: str) -> None:
    # The last level is what repeats in overtime: a break there would never end.
    config = load(name)
    assert not config.levels[0].is_break
    assert not config.levels[-1].is_break


@pytest.mark.parametrize("name", SHIPPED)
def test_every_blind_and_ante_can_be_paid_with_the_chips_in_play(name: str) -> None:
    config = load(name)
    in_play = {chip.value for chip in config.chips}
    assert config.starting_stack % min(in_play) == 0
    number = 0
    for level in config.levels:
        if level.is_break:
            in_play -= set(level.color_up)
            continue
        number += 1
        smallest = min(in_play)
        for what, amount in (
            ("small blind", level.small_blind),
            ("big blind", level.big_blind),
            ("ante", level.ante),
        ):
            assert amount % smallest == 0, f"level {number} {what} {amount} needs chips below {smallest}"


@pytest.mark.parametrize("name", SHIPPED)
def test_colour_up_races_off_only_the_smallest_chips_nobody_needs_any_more(name: str) -> None:
    config = load(name)
    in_play = {chip.value for chip in config.chips}
    for i, level in enumerate(config.levels):
        if not level.color_up:
            continue
        raced = set(level.color_up)
        assert raced <= in_play, f"levels[{i}] races off chips already gone"
        in_play -= raced
        assert in_play, f"levels[{i}] races off every chip"
        assert max(raced) < min(in_play), f"levels[{i}] races off a chip while a smaller one stays"
        for later in config.levels[i + 1 :]:
            if not later.is_break:
                assert max(raced) < later.small_blind


@pytest.mark.parametrize("name", CLUB)
def test_club_structure_has_enough_levels_to_finish(name: str) -> None:
    assert load(name).play_level_count >= 25


@pytest.mark.parametrize("name", CLUB)
def test_club_structure_is_in_euros_with_a_break_at_least_every_six_levels(name: str) -> None:
    config = load(name)
    assert config.currency == "EUR"
    breaks = sorted(breaks_by_level_before(config))
    assert breaks, "a club structure has breaks"
    gaps = [later - earlier for earlier, later in zip([0, *breaks], breaks, strict=False)]
    assert all(4 <= gap <= 6 for gap in gaps[1:]), gaps
    assert gaps[0] <= 6, gaps


# --- WSOP Main Event 2019 (table A) ---


def test_wsop_2019_has_exactly_the_six_published_levels() -> None:
    config = load("wsop-main-2019")
    assert config.starting_stack == 60_000
    assert config.currency == "USD"
    levels = play_levels(config)
    assert [(lv.small_blind, lv.big_blind, lv.ante) for lv in levels] == WSOP_2019_LEVELS_1_TO_6
    assert all(lv.minutes == 120 for lv in levels)


def test_wsop_2019_plays_a_big_blind_ante_from_level_two() -> None:
    levels = play_levels(load("wsop-main-2019"))
    # Level 1 has no ante at all, which the config writes as ante_kind "none".
    assert levels[0].ante_kind == "none"
    assert all(lv.ante_kind == "big_blind" for lv in levels[1:])


def test_wsop_2019_is_a_ten_thousand_dollar_freezeout() -> None:
    config = load("wsop-main-2019")
    assert config.buy_in.total == 1_000_000
    assert config.buy_in.bounty == 0
    assert config.reentry is None
    assert config.rebuy is None
    assert config.seating.seats_per_table == 9


# --- WPT Tournament of Champions 2018 (table B) ---


def test_wpt_toc_2018_plays_all_28_published_levels() -> None:
    config = load("wpt-toc-2018")
    levels = play_levels(config)
    assert [(lv.small_blind, lv.big_blind, lv.ante) for lv in levels] == WPT_TOC_2018_LEVELS
    assert all(lv.minutes == 60 for lv in levels)
    assert all(lv.ante_kind == "classic" for lv in levels)


def test_wpt_toc_2018_is_fifty_thousand_chips_eight_handed() -> None:
    config = load("wpt-toc-2018")
    assert config.starting_stack == 50_000
    assert config.seating.seats_per_table == 8


def test_wpt_toc_2018_breaks_where_published_with_their_colour_ups() -> None:
    breaks = breaks_by_level_before(load("wpt-toc-2018"))
    assert sorted(breaks) == sorted(WPT_TOC_2018_BREAKS)
    for after, (minutes, color_up) in WPT_TOC_2018_BREAKS.items():
        if minutes is not None:
            assert breaks[after].minutes == minutes, f"break after level {after}"
        assert breaks[after].color_up == color_up, f"break after level {after}"


def test_wpt_toc_2018_registration_closes_at_the_start_of_level_five() -> None:
    config = load("wpt-toc-2018")
    assert config.registration.until_level == 4
    # A break follows level 4: closing "at the start of level 5" means not staying open through it.
    assert config.registration.through_break is False
    assert config.reentry is None


def test_wpt_toc_2018_chip_set_covers_every_colour_up_and_the_late_levels() -> None:
    values = {chip.value for chip in load("wpt-toc-2018").chips}
    assert {25, 100, 500, 1000, 5000} <= values


# --- the club structures' own features ---


def test_turbo_is_ten_minute_levels_ten_thousand_chips_with_reentry() -> None:
    config = load("turbo")
    assert config.starting_stack == 10_000
    assert {lv.minutes for lv in play_levels(config)} == {10}
    assert config.reentry is not None


def test_regular_sells_rebuys_early_and_an_add_on_at_the_first_break() -> None:
    config = load("regular")
    assert config.starting_stack == 20_000
    assert {lv.minutes for lv in play_levels(config)} == {20}
    assert config.rebuy is not None and config.add_on is not None
    first_break = min(breaks_by_level_before(config))
    assert config.add_on.at_break_after_level == first_break
    assert config.rebuy.until_level <= first_break


def test_deepstack_is_thirty_minute_levels_and_forty_thousand_chips_or_more() -> None:
    config = load("deepstack")
    assert config.starting_stack >= 40_000
    assert {lv.minutes for lv in play_levels(config)} == {30}


def test_pko_pays_half_of_each_bounty_in_cash_and_allows_reentry() -> None:
    config = load("pko")
    assert config.bounty.kind == "progressive"
    assert config.bounty.cash_share_bp == 5000
    assert config.buy_in.bounty > 0
    assert config.reentry is not None
    assert config.reentry.price.bounty == config.buy_in.bounty


def test_the_mystery_structure_sends_every_bounty_part_to_envelopes_won_in_the_money() -> None:
    config = load("mystery")
    assert (config.bounty.kind, config.bounty.mystery_from, config.bounty.mystery_left_over) == \
        ("mystery", "money", "winner")
    assert config.levels == load("pko").levels and config.buy_in == load("pko").buy_in
