"""The money of flights, Day 2 and satellites, as properties: a satellite's seats and leftover add up to its
pool under every house rule; a Day 2's pool is every flight's prize parts less what Day 1 paid, and its
places pay all of it; the settings of the formats are refused where they cannot hold."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.flights import flight_config
from tourneydesk.core import engine
from tourneydesk.core.arithmetic import money, satellite
from tourneydesk.core.arithmetic.money import _scaled_to_players
from tourneydesk.core.config import LEFTOVER_RULES, Satellite, parse_config
from tourneydesk.core.protocol.errors import ConfigError
from tourneydesk.core.protocol.events import Event
from tourneydesk.resources import payout_table_text

FAST = settings(max_examples=200, deadline=None)


@st.composite
def satellites(draw: Any) -> tuple[int, Satellite]:
    value = draw(st.integers(1, 10**7))
    rule = draw(st.sampled_from(LEFTOVER_RULES))
    step = draw(st.integers(-(-value // 100), value)) if rule == "steps" else None  # as the settings allow
    # A pool of up to a thousand seats: a pool of 10^9 for seats of 1 would list 10^9 places.
    return draw(st.integers(0, value * 1000)), Satellite("Main", None, value, rule, step, True)


@FAST
@given(satellites())
def test_a_satellites_seats_and_leftover_make_its_pool(case: tuple[int, Satellite]) -> None:
    pool, sat = case
    amounts = satellite.amounts(pool, sat)
    seats, left = satellite.seats(pool, sat), satellite.leftover(pool, sat)
    assert sum(amounts) == pool == seats * sat.seat_value + left
    assert 0 <= left < sat.seat_value
    assert all(a >= b for a, b in itertools.pairwise(amounts))  # never more for a lower place
    assert all(a > 0 for a in amounts)
    assert all(a >= sat.seat_value for a in amounts[:seats])  # each seat's place is worth a seat at least
    cash = amounts[seats:]
    if sat.leftover == "next_place":
        assert cash == ((left,) if left else ())
    elif sat.leftover == "steps" and sat.step:
        assert all(c == sat.step for c in cash[:-1]) and (not cash or cash[-1] <= sat.step)
    elif seats:
        assert cash == () and max(amounts) - min(amounts) <= 1  # shared equally, to the cent


@st.composite
def shares(draw: Any) -> tuple[int, ...]:
    cuts = sorted(draw(st.lists(st.integers(1, 9_999), max_size=30, unique=True)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, 10_000], strict=True)]
    return tuple(sorted(parts, reverse=True))


@FAST
@given(shares(), st.integers(1, 40))
def test_a_day2_pays_its_places_the_whole_pool_in_the_tables_proportions(bps: tuple[int, ...], players: int) -> None:
    scaled = _scaled_to_players(bps, players)
    assert sum(scaled) == 10_000
    assert len(scaled) == min(len(bps), players)
    assert all(a >= b for a, b in itertools.pairwise(scaled))


def day2_state(flights: list[tuple[int, int, int]], qualifiers: int) -> Any:
    """A Day 2's state made of these flights ((entries, prize parts, paid on Day 1)) and seated qualifiers."""
    raw = config(name="Day 2", day2={"event": "e", "event_name": "E"}, seating={"seats_per_table": 9, "tables": 400})
    raw.pop("reentry")
    state = engine.new_state(Event("tournament_created", {"tournament_id": "d2", "config": parse_config(raw).to_dict(),
                                                          "payout_table_text": payout_table_text("standard")}))
    for n, (entries, parts, day1) in enumerate(flights):
        engine.apply(state, Event("flight_taken", {
            "tournament": f"f{n}", "name": f"Day 1{n}", "entries": entries, "players": entries, "prize_parts": parts,
            "paid_day1": day1, "chips": 0, "qualified": 0, "carried": 0, "dropped": [], "seq": 1, "hash": "h"}))
    for i in range(qualifiers):
        engine.apply(state, Event("player_registered", {"player": f"p{i + 1}", "name": f"P{i + 1}", "nickname": None,
                                                        "email": None, "phone": None, "member_id": None}))
        engine.apply(state, Event("qualifier_seated", {"entry": f"e{i + 1}", "player": f"p{i + 1}", "chips": 100,
                                                       "flight": "f0", "flight_entry": "e1", "table": 1 + i // 9,
                                                       "seat": 1 + i % 9}))
    return state


@st.composite
def events(draw: Any) -> tuple[list[tuple[int, int, int]], int]:
    flights = []
    for _ in range(draw(st.integers(1, 4))):
        entries = draw(st.integers(2, 500))
        parts = entries * draw(st.integers(100, 100_000))
        flights.append((entries, parts, draw(st.integers(0, parts // 4))))
    return flights, draw(st.integers(2, min(300, sum(f[0] for f in flights))))


@FAST
@given(events())
def test_one_event_one_pool_paid_whole_on_day2(case: tuple[list[tuple[int, int, int]], int]) -> None:
    flights, qualifiers = case
    state = day2_state(flights, qualifiers)
    combined = sum(parts for _, parts, _ in flights)
    paid_day1 = sum(day1 for _, _, day1 in flights)
    assert state.formats.combined_pool == combined
    assert money.prize_pool(state) == combined - paid_day1
    amounts = money.payouts(state)
    assert sum(amounts) == money.prize_pool(state)
    assert len(amounts) <= qualifiers
    assert money.event_entries(state) == sum(entries for entries, _, _ in flights)


@pytest.mark.parametrize(("changes", "field"), [
    ({"flight": {"event": "e", "event_name": "E", "name": "1A"}}, "flight"),  # no stop
    ({"flight": {"event": "e", "event_name": "E", "name": "1A", "stop_players_left": 9, "stop_percent": 10}},
     "flight.stop_percent"),
    ({"flight": {"event": "e e", "event_name": "E", "name": "1A", "stop_percent": 10}}, "flight.event"),
    ({"satellite": {"target": "Main", "seat_value": 100, "leftover": "steps"}}, "satellite.step"),
    ({"satellite": {"target": "Main", "seat_value": 100, "step": 10}}, "satellite.step"),
    ({"satellite": {"target": "Main", "seat_value": 30000, "leftover": "steps", "step": 299}}, "satellite.step"),
    ({"day2": {"event": "e", "event_name": "E"}}, "reentry"),  # a Day 2 sells nothing
    ({"day2": {"event": "e", "event_name": "E"}, "satellite": {"target": "M", "seat_value": 1}}, "satellite"),
])
def test_a_format_setting_that_cannot_hold_is_refused_by_name(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(ConfigError) as refusal:
        parse_config(config(**changes))
    assert refusal.value.params["field"] == field


def test_a_flight_carries_chips_not_bounties_nor_the_events_guarantee() -> None:
    with pytest.raises(ConfigError) as bounty:
        parse_config({**PKO_CONFIG, "flight": flight_config()["flight"]})
    assert bounty.value.params["field"] == "bounty.kind"
    with pytest.raises(ConfigError) as guarantee:
        parse_config(flight_config() | {"payouts": {"guarantee": 100000}})
    assert guarantee.value.params["field"] == "payouts.guarantee"


def test_the_formats_settings_read_back_as_written() -> None:
    cfg = parse_config(flight_config(stop_percent=15, stop_after_level=2, day1_pays=True))
    assert parse_config(cfg.to_dict()) == cfg
    assert cfg.to_dict()["flight"] == {"event": "spring-main", "event_name": "Spring Main Event", "name": "Day 1A",
                                       "stop_percent": 15, "stop_after_level": 2, "day1_pays": True,
                                       "other_flights": "once_busted"}
