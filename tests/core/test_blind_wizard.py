"""The structure wizard: from a night's length, the field, the stack and the chip set, a structure a TD
could run as it is (the same rules the shipped structures keep, tests/core/test_structures.py)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourneydesk.core.arithmetic.blind_wizard import LEVELS_AFTER_TARGET, WizardRequest, build_levels
from tourneydesk.core.config import parse_config
from tourneydesk.core.protocol.errors import TourneyError

CHIP_SETS = [(25, 100, 500, 1000, 5000), (25, 100, 500, 1000, 5000, 25000), (5, 25, 100, 500), (100, 500, 1000),
             (1, 5, 25, 100)]


@st.composite
def requests(draw: st.DrawFn) -> WizardRequest:
    chips = draw(st.sampled_from(CHIP_SETS))
    return WizardRequest(
        target_minutes=draw(st.integers(60, 12 * 60)),
        players=draw(st.integers(2, 500)),
        starting_stack=chips[0] * draw(st.integers(100, 4000)),
        chips=chips,
        level_minutes=draw(st.sampled_from([10, 15, 20, 30, 40, 60])),
        break_every=draw(st.integers(0, 8)),
        break_minutes=draw(st.sampled_from([5, 10, 15, 30])),
        ante_kind=draw(st.sampled_from(["none", "classic", "big_blind"])),
        ante_from_level=draw(st.integers(1, 6)),
    )


def config_of(ask: WizardRequest, levels: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": "Wizard", "starting_stack": ask.starting_stack, "buy_in": {"prize": 1000},
            "levels": levels, "chips": [{"value": v, "color": f"c{v}"} for v in ask.chips]}


def play(levels: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [level for level in levels if "break_minutes" not in level]


@settings(max_examples=150, deadline=None)
@given(requests())
def test_a_built_structure_is_one_a_td_can_run(ask: WizardRequest) -> None:
    levels = build_levels(ask)
    config = parse_config(config_of(ask, levels))  # accepted as it is: a play level first and last
    plays = play(levels)
    assert all(b["big_blind"] > a["big_blind"] for a, b in pairwise(plays)), "the blinds always go up"
    assert all(level["big_blind"] == 2 * level["small_blind"] for level in plays)
    in_play = set(ask.chips)
    for level in config.levels:
        if level.is_break:
            raced = set(level.color_up)
            in_play -= raced
            assert in_play and (not raced or max(raced) < min(in_play)), "only the smallest chips are raced off"
            continue
        for amount in (level.small_blind, level.big_blind, level.ante):
            assert amount % min(in_play) == 0, f"{amount} needs a chip already raced off"


@settings(max_examples=150, deadline=None)
@given(requests())
def test_the_night_reaches_the_target_level_at_the_target_time(ask: WizardRequest) -> None:
    levels = build_levels(ask)
    target_level = len(play(levels)) - LEVELS_AFTER_TARGET
    minutes, played = 0, 0
    for level in levels:
        if played == target_level:
            break
        if "break_minutes" in level:
            minutes += level["break_minutes"]
        else:
            minutes += level["minutes"]
            played += 1
    assert minutes >= ask.target_minutes or target_level == 2
    assert minutes < ask.target_minutes + ask.level_minutes + ask.break_minutes or target_level == 2


def test_a_club_pko_of_fifty_starts_a_hundred_big_blinds_deep_and_ends_near_twenty_for_the_field() -> None:
    ask = WizardRequest(target_minutes=5 * 60, players=50, starting_stack=25_000,
                        chips=(25, 100, 500, 1000, 5000, 25_000))
    plays = play(build_levels(ask))
    assert plays[0]["big_blind"] == 250  # 25,000 chips: 100 big blinds
    assert plays[1]["ante_kind"] == "big_blind" and plays[0]["ante_kind"] == "none"
    at_target = plays[-1 - LEVELS_AFTER_TARGET]["big_blind"]
    field = 50 * 25_000
    assert 15 <= field // at_target <= 25


@pytest.mark.parametrize(("field", "value", "code"), [("chips", (), "CHIP_SET_EMPTY"),
                                                     ("starting_stack", 10_010, "STACK_NOT_IN_CHIPS"),
                                                     ("players", 1, "FIELD_INVALID")])
def test_what_cannot_make_a_structure_is_refused_by_name(field: str, value: Any, code: str) -> None:
    fields: dict[str, Any] = {"target_minutes": 240, "players": 20, "starting_stack": 10_000, "chips": (25, 100)}
    fields[field] = value
    with pytest.raises(TourneyError) as refused:
        build_levels(WizardRequest(**fields))
    assert refused.value.code == code and refused.value.params["field"] == field
