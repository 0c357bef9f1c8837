"""Tournament configs for the tests: a freezeout with re-entries, a PKO, a rebuy event, and a copy with keys
replaced."""

from __future__ import annotations

import copy
from typing import Any

BASE_CONFIG: dict[str, Any] = {
    "name": "Friday Test",
    "currency": "EUR",
    "starting_stack": 20000,
    "buy_in": {"prize": 8000, "bounty": 0, "fee": 1000},
    "registration": {"until_level": 2, "through_break": True},
    "reentry": {"max": 2},
    "seating": {"seats_per_table": 9, "tables": 6},
    "payouts": {"table": "standard", "rounding": 1},
    "levels": [
        {"small_blind": 100, "big_blind": 200, "minutes": 20},
        {"small_blind": 200, "big_blind": 400, "ante": 400, "ante_kind": "big_blind", "minutes": 20},
        {"break_minutes": 10, "color_up": [25]},
        {"small_blind": 300, "big_blind": 600, "ante": 600, "ante_kind": "big_blind", "minutes": 20},
        {"small_blind": 400, "big_blind": 800, "ante": 800, "ante_kind": "big_blind", "minutes": 20},
    ],
    "chips": [{"value": 25, "color": "green"}, {"value": 100, "color": "black"},
              {"value": 500, "color": "purple"}, {"value": 1000, "color": "yellow"}],
}

# When BASE_CONFIG's late registration has closed: levels 1 and 2 and the break after them, 20 + 20 + 10
# minutes, and one more.
REGISTRATION_MINUTES = 51

PKO_CONFIG: dict[str, Any] = {
    **copy.deepcopy(BASE_CONFIG),
    "name": "Friday PKO",
    "buy_in": {"prize": 8000, "bounty": 2000, "fee": 1000},
    "bounty": {"kind": "progressive", "cash_share_bp": 5000},
}


def config(base: dict[str, Any] | None = None, **changes: Any) -> dict[str, Any]:
    """A copy of BASE_CONFIG (or `base`) with top-level keys replaced."""
    out = copy.deepcopy(base if base is not None else BASE_CONFIG)
    out.update(copy.deepcopy(changes))
    return out


def rebuy_event(**changes: Any) -> dict[str, Any]:
    """A rebuy event: registration until level 1, rebuys (20,000 chips, two at most) until level 2."""
    cfg = config(registration={"until_level": 1, "through_break": False},
                 rebuy={"chips": 20000, "max": 2, "until_level": 2, "max_stack": 20000}, **changes)
    cfg.pop("reentry")  # no re-entry: a rebuy event's way back is the rebuy
    return cfg
