"""The tournament config (docs/config.md): every refusal names the field a TD has to fix, and the
normalised dict that goes into the log reads back to the same tournament."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tourneydesk.core.config import Config, parse_config, parse_toml, set_dotted
from tourneydesk.core.protocol.errors import ConfigError


def valid_config() -> dict[str, Any]:
    """The smallest config the desk accepts, with a break at index 2 so that levels[3] is a play level."""
    return {
        "name": "Friday Freezeout",
        "currency": "EUR",
        "starting_stack": 20_000,
        "buy_in": {"prize": 4500, "fee": 500},
        "levels": [
            {"small_blind": 100, "big_blind": 200, "minutes": 20},
            {"small_blind": 150, "big_blind": 300, "minutes": 20},
            {"break_minutes": 10, "color_up": [25]},
            {"small_blind": 200, "big_blind": 400, "ante": 400, "ante_kind": "big_blind", "minutes": 20},
            {"small_blind": 300, "big_blind": 600, "ante": 600, "ante_kind": "big_blind", "minutes": 20},
        ],
        "chips": [
            {"value": 25, "color": "green"},
            {"value": 100, "color": "black"},
            {"value": 500, "color": "purple"},
        ],
    }


def pko_config() -> dict[str, Any]:
    config = valid_config()
    config["buy_in"] = {"prize": 5000, "bounty": 5000, "fee": 1000}
    config["bounty"] = {"kind": "progressive", "cash_share_bp": 5000}
    return config


def every_option_config() -> dict[str, Any]:
    """A config that sets every optional table, for the round trip."""
    config = pko_config()
    config.update(
        {
            "registration": {"until_level": 3, "through_break": True},
            "reentry": {
                "max": 2,
                "price": {"prize": 5000, "bounty": 5000, "fee": 1000},
                "seat": "same_allowed",
            },
            "rebuy": {"price": {"prize": 2000}, "chips": 10_000, "max": 3, "until_level": 2, "max_stack": 0},
            "add_on": {"price": {"prize": 2000, "fee": 200}, "chips": 30_000, "at_break_after_level": 2},
            "early_bird": {"chips": 5000},
            "seating": {
                "seats_per_table": 8,
                "tables": [4, 2, 9],
                "open_order": [9],
                "break_order": [2, 4, 9],
                "final_table_size": 6,
                "balance": {"tolerance": None, "floor": 4, "tighten": {"tables_at_most": 4, "tolerance": 1}},
                "hand_for_hand_before_final": True,
                "moved_player_waits": "one_hand",
                "short_handed_ante": "pkr4u",
            },
            "payouts": {"places": [5000, 3000, 2000], "rounding": 500, "guarantee": 100_000, "added": 0},
            "display": {"logo": "club.png"},
            "sync": {"url": "https://results.example-club.org"},
        }
    )
    return config


def refusal(config: dict[str, Any]) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse_config(config)
    return caught.value


def assert_refused_at(config: dict[str, Any], field: str) -> ConfigError:
    error = refusal(config)
    assert error.params["field"] == field, error.message
    assert error.code == "CONFIG_INVALID"
    assert error.message.startswith(f"{field} "), "the message a TD reads starts with the field"
    return error


def test_minimal_config_is_accepted() -> None:
    config = parse_config(valid_config())
    assert isinstance(config, Config)
    assert config.play_level_count == 4
    assert not config.is_bounty_event


# --- each refusal names its field ---


def test_config_without_a_name_is_refused() -> None:
    config = valid_config()
    del config["name"]
    assert_refused_at(config, "name")


def test_currency_written_as_a_word_is_refused() -> None:
    config = valid_config()
    config["currency"] = "euro"
    assert_refused_at(config, "currency")


@pytest.mark.parametrize("stack", [0, -5, 1.5, "20000", True], ids=repr)
def test_starting_stack_must_be_a_positive_whole_number(stack: object) -> None:
    config = valid_config()
    config["starting_stack"] = stack
    assert_refused_at(config, "starting_stack")


def test_config_without_a_buy_in_is_refused() -> None:
    config = valid_config()
    del config["buy_in"]
    assert_refused_at(config, "buy_in")


def test_buy_in_that_costs_nothing_is_refused() -> None:
    config = valid_config()
    config["buy_in"] = {"prize": 0, "bounty": 0, "fee": 0}
    assert_refused_at(config, "buy_in")


@pytest.mark.parametrize("levels", [[], None], ids=["empty", "missing"])
def test_structure_without_levels_is_refused(levels: list[Any] | None) -> None:
    config = valid_config()
    if levels is None:
        del config["levels"]
    else:
        config["levels"] = levels
    assert_refused_at(config, "levels")


@pytest.mark.parametrize("big_blind", [200, 150], ids=["equal", "smaller"])
def test_big_blind_not_above_small_blind_is_refused_with_its_level(big_blind: int) -> None:
    config = valid_config()
    config["levels"][3]["big_blind"] = big_blind
    error = assert_refused_at(config, "levels[3].big_blind")
    assert error.message == "levels[3].big_blind must be greater than small_blind"


def test_tournament_cannot_open_with_a_break() -> None:
    config = valid_config()
    config["levels"].insert(0, {"break_minutes": 10})
    assert_refused_at(config, "levels[0]")


def test_ante_with_ante_kind_none_is_refused() -> None:
    config = valid_config()
    config["levels"][0].update({"ante": 25, "ante_kind": "none"})
    assert_refused_at(config, "levels[0].ante")


def test_big_blind_ante_of_zero_is_refused() -> None:
    config = valid_config()
    config["levels"][3]["ante"] = 0
    assert_refused_at(config, "levels[3].ante")


def test_unknown_top_level_setting_is_refused() -> None:
    config = valid_config()
    config["late_registration"] = 6
    assert_refused_at(config, "late_registration")


def test_typo_inside_a_table_is_refused_with_its_dotted_name() -> None:
    config = valid_config()
    config["seating"] = {"seats_per_tabel": 8}
    assert_refused_at(config, "seating.seats_per_tabel")


def test_typo_inside_a_level_is_refused_with_its_index() -> None:
    config = valid_config()
    config["levels"][1]["minuts"] = 20
    assert_refused_at(config, "levels[1].minuts")


def test_bounty_part_in_an_event_without_bounties_is_refused() -> None:
    config = valid_config()
    config["buy_in"] = {"prize": 4000, "bounty": 500, "fee": 500}
    config["bounty"] = {"kind": "none"}
    assert_refused_at(config, "bounty.kind")


@pytest.mark.parametrize("kind", ["fixed", "progressive"])
def test_bounty_event_without_a_bounty_part_is_refused(kind: str) -> None:
    config = valid_config()
    config["bounty"] = {"kind": kind}
    assert_refused_at(config, "buy_in.bounty")


def test_buy_in_with_a_bounty_part_is_a_fixed_bounty_event_by_default() -> None:
    config = valid_config()
    config["buy_in"] = {"prize": 4000, "bounty": 500, "fee": 500}
    parsed = parse_config(config)
    assert parsed.bounty.kind == "fixed"
    assert parsed.is_bounty_event


def test_late_registration_past_the_last_play_level_is_refused() -> None:
    config = valid_config()
    config["registration"] = {"until_level": 5}  # four play levels; the break has no number
    error = assert_refused_at(config, "registration.until_level")
    assert "4 play levels" in error.message


def test_late_registration_until_the_last_play_level_is_accepted() -> None:
    config = valid_config()
    config["registration"] = {"until_level": 4}
    assert parse_config(config).registration.until_level == 4


def test_add_on_at_a_level_no_break_follows_is_refused() -> None:
    config = valid_config()
    config["add_on"] = {"price": {"prize": 2000}, "chips": 20_000, "at_break_after_level": 3}
    assert_refused_at(config, "add_on.at_break_after_level")


def test_add_on_at_the_break_after_level_two_is_accepted() -> None:
    config = valid_config()
    config["add_on"] = {"price": {"prize": 2000}, "chips": 20_000, "at_break_after_level": 2}
    add_on = parse_config(config).add_on
    assert add_on is not None
    assert add_on.at_break_after_level == 2
    assert add_on.max == 1


def test_payout_places_not_summing_to_the_whole_pool_are_refused() -> None:
    config = valid_config()
    config["payouts"] = {"places": [5000, 3000, 1000]}
    error = assert_refused_at(config, "payouts.places")
    assert "9000" in error.message


def test_payout_places_paying_a_lower_place_more_are_refused() -> None:
    config = valid_config()
    config["payouts"] = {"places": [4000, 2000, 4000]}
    assert_refused_at(config, "payouts.places")


def test_payout_places_and_table_together_are_refused() -> None:
    config = valid_config()
    config["payouts"] = {"places": [10_000], "table": "standard"}
    assert_refused_at(config, "payouts.table")


def test_colour_up_of_a_chip_not_in_the_set_is_refused() -> None:
    config = valid_config()
    config["levels"][2]["color_up"] = [50]
    error = assert_refused_at(config, "levels[2].color_up[0]")
    assert "50" in error.message


@pytest.mark.parametrize("make", [valid_config, pko_config], ids=["plain", "pko"])
def test_rebuy_price_with_a_bounty_part_is_refused(make: Any) -> None:
    config = make()
    config["rebuy"] = {"price": {"prize": 2000, "bounty": 500}, "chips": 20_000}
    assert_refused_at(config, "rebuy.price.bounty")


def test_reentry_without_a_bounty_part_in_a_bounty_event_is_refused() -> None:
    config = pko_config()
    config["reentry"] = {"price": {"prize": 10_000, "fee": 1000}}
    assert_refused_at(config, "reentry.price.bounty")


def test_toml_that_does_not_parse_is_refused_as_a_whole() -> None:
    with pytest.raises(ConfigError) as caught:
        parse_toml('name = "Friday\nstarting_stack = ')
    assert caught.value.params["field"] == "config"


def test_toml_text_reads_like_the_same_dict() -> None:
    text = """
name = "Friday Freezeout"
starting_stack = 20000
buy_in = { prize = 4500, fee = 500 }

[[levels]]
small_blind = 100
big_blind = 200
minutes = 20
"""
    config = parse_toml(text)
    assert config.name == "Friday Freezeout"
    assert config.currency == "EUR"
    assert config.buy_in.total == 5000


# --- the normalised dict ---


@pytest.mark.parametrize(
    "make", [valid_config, pko_config, every_option_config], ids=["minimal", "pko", "full"]
)
def test_recorded_config_reads_back_to_the_same_tournament(make: Any) -> None:
    config = parse_config(make())
    again = parse_config(config.to_dict())
    assert again == config
    assert again.to_dict() == config.to_dict()


def test_parsing_leaves_the_given_dict_untouched() -> None:
    given = every_option_config()
    before = copy.deepcopy(given)
    parse_config(given)
    assert given == before


def test_defaults_are_written_into_the_recorded_config() -> None:
    recorded = parse_config(valid_config()).to_dict()
    seating = recorded["seating"]
    assert seating["seats_per_table"] == 9
    assert seating["tables"] == list(range(1, 13))
    assert seating["open_order"] == list(range(1, 13)), "tables open lowest number first"
    assert seating["break_order"] == list(range(12, 0, -1)), "tables break highest number first"
    assert seating["final_table_size"] == 9
    assert seating["balance"] == {"tolerance": 1, "floor": 4}
    assert recorded["registration"] == {"until_level": 4, "through_break": False}
    assert recorded["bounty"] == {"kind": "none", "cash_share_bp": 5000}
    assert recorded["payouts"]["table"] == "standard"
    assert recorded["levels"][0] == {
        "small_blind": 100,
        "big_blind": 200,
        "ante": 0,
        "ante_kind": "none",
        "minutes": 20,
    }


def test_table_count_numbers_the_tables_from_one() -> None:
    config = valid_config()
    config["seating"] = {"tables": 3}
    seating = parse_config(config).seating
    assert seating.tables == (1, 2, 3)
    assert seating.open_order == (1, 2, 3)
    assert seating.break_order == (3, 2, 1)


def test_partial_orders_are_completed_with_the_other_tables() -> None:
    config = valid_config()
    config["seating"] = {"tables": 4, "open_order": [3], "break_order": [1]}
    seating = parse_config(config).seating
    assert seating.open_order == (3, 1, 2, 4)
    assert seating.break_order == (1, 4, 3, 2)


def test_balance_tolerance_null_keeps_only_the_floor() -> None:
    config = valid_config()
    config["seating"] = {"balance": {"tolerance": None}}
    balance = parse_config(config).seating.balance
    assert balance.tolerance is None
    assert balance.floor == 4


def test_tables_listed_out_of_order_still_open_lowest_first_and_break_highest_first() -> None:
    config = valid_config()
    config["seating"] = {"tables": [5, 3, 7]}
    seating = parse_config(config).seating
    assert seating.open_order == (3, 5, 7)
    assert seating.break_order == (7, 5, 3)


def test_changing_the_recorded_dict_does_not_change_the_config() -> None:
    config = parse_config(valid_config())
    config.to_dict()["name"] = "Changed"
    assert config.to_dict()["name"] == "Friday Freezeout"


@pytest.mark.parametrize(
    "extra",
    [{"rebuy": {}}, {"add_on": {"at_break_after_level": 2}}],
    ids=["rebuy", "add_on"],
)
def test_rebuy_or_add_on_without_a_price_in_a_bounty_event_costs_the_buy_in_without_its_bounty(
    extra: dict[str, Any],
) -> None:
    config = pko_config()
    config.update(extra)
    parsed = parse_config(config)
    bought = parsed.rebuy or parsed.add_on
    assert bought is not None
    assert (bought.price.prize, bought.price.bounty, bought.price.fee) == (5000, 0, 1000)


# --- set_dotted ---


def test_set_dotted_changes_one_nested_setting_and_leaves_the_original() -> None:
    recorded = parse_config(valid_config()).to_dict()
    changed = set_dotted(recorded, {"seating.balance.floor": 5, "name": "Saturday"})
    assert changed["seating"]["balance"]["floor"] == 5
    assert changed["name"] == "Saturday"
    assert recorded["seating"]["balance"]["floor"] == 4
    assert recorded["name"] == "Friday Freezeout"
    parsed = parse_config(changed)
    assert parsed.seating.balance.floor == 5


def test_set_dotted_creates_a_missing_table() -> None:
    changed = set_dotted(valid_config(), {"registration.until_level": 2})
    assert parse_config(changed).registration.until_level == 2


def test_set_dotted_with_none_removes_the_setting_back_to_its_default() -> None:
    config = valid_config()
    config["seating"] = {"seats_per_table": 6}
    changed = set_dotted(config, {"seating.seats_per_table": None})
    assert parse_config(changed).seating.seats_per_table == 9


def test_set_dotted_places_replace_the_payout_table_and_back() -> None:
    recorded = parse_config(valid_config()).to_dict()
    with_places = set_dotted(recorded, {"payouts.places": [6000, 4000]})
    assert "table" not in with_places["payouts"]
    assert parse_config(with_places).payouts.places == (6000, 4000)
    with_table = set_dotted(with_places, {"payouts.table": "standard"})
    assert "places" not in with_table["payouts"]
    assert parse_config(with_table).payouts.table == "standard"


def test_set_dotted_through_a_value_that_is_not_a_table_is_refused() -> None:
    with pytest.raises(ConfigError) as caught:
        set_dotted(valid_config(), {"name.first": "x"})
    assert caught.value.params["field"] == "name.first"


def test_set_dotted_typo_is_caught_when_the_result_is_parsed() -> None:
    changed = set_dotted(parse_config(valid_config()).to_dict(), {"seating.seats_per_tabel": 8})
    assert_refused_at(changed, "seating.seats_per_tabel")


def test_the_nights_date_is_kept_as_the_venue_writes_it() -> None:
    config = valid_config()
    assert parse_config(config).date is None and "date" not in parse_config(config).to_dict()
    config["date"] = "2028-02-29"  # a leap day
    parsed = parse_config(config)
    assert parsed.date == "2028-02-29" and parse_config(parsed.to_dict()) == parsed


@pytest.mark.parametrize("day", ["2026-02-29", "2026-13-01", "2026-04-31", "4/12/2026", "2026-12-4", 20261204,
                                 "2026-00-10"], ids=repr)
def test_a_date_that_is_no_day_of_the_calendar_is_refused(day: object) -> None:
    config = valid_config()
    config["date"] = day
    assert_refused_at(config, "date")
