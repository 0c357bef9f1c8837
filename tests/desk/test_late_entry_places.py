"""A late entry adds a place below everyone out: every place out moves by one, ties and all. The desk
moves the places it counted instead of ranking thousands of hands again, and keeps the parts of the
snapshot it did not need to build from nothing: what it serves must equal the log folded afresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, seat_players, start
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk

STEPS = st.lists(st.sampled_from(["bust", "two_out", "late_entry", "reentry"]), min_size=1, max_size=30)


def afresh(desk: Desk) -> list[dict[str, Any]]:
    """The entries as a fold of the whole log from nothing would show them (no place kept from before)."""
    return snapshot.snapshot(engine.fold(iter(desk.events())), desk.seq, desk.now_ms())["entries"]


def live_pair(desk: Desk, n: int) -> list[str]:
    """Two players at one table (the n-th such table), the first of them out, the second the winner."""
    snap = desk.snapshot()
    tables = sorted({e["table"] for e in snap["entries"] if e["status"] == "active"})
    for table in tables[n % len(tables):] + tables[:n % len(tables)]:
        seated = [e["id"] for e in snap["entries"] if e["table"] == table and e["status"] == "active"]
        if len(seated) >= 3:
            return seated
    return []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_places_after_late_entries_equal_the_log_folded_afresh(make_desk: Callable[..., Desk],
                                                               steps: list[str]) -> None:
    desk = make_desk(config(PKO_CONFIG, registration={"until_level": 4, "through_break": False},
                            reentry={"max": 3}), name=f"late{abs(hash(tuple(steps)))}.tdesk")
    seat_players(desk, 14)
    start(desk)
    for n, step in enumerate(steps):
        try:
            if step == "late_entry":
                buy_in(desk, register(desk, f"Late {n}"))
            elif step == "reentry":
                out = [e for e in desk.snapshot()["entries"] if e["status"] == "busted"]
                if out:
                    buy_in(desk, out[n % len(out)]["player"])
            else:
                seated = live_pair(desk, n)
                if not seated:
                    continue
                if step == "bust":
                    desk.execute({"type": "bust", "entry": seated[0], "by": [seated[-1]]})
                else:  # two out in one hand, from different stacks or the same: a tie or two places
                    desk.execute({"type": "bust", "busts": [
                        {"entry": seated[0], "by": [seated[-1]], "stack_at_hand_start": 1000 * (n % 2 + 1)},
                        {"entry": seated[1], "by": [seated[-1]], "stack_at_hand_start": 1000}]})
        except TourneyError:
            pass  # refused (the plan may ask for a button first): nothing written, nothing to compare
        assert desk.snapshot()["entries"] == afresh(desk)


def test_a_late_entry_moves_every_place_out_by_one(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk(config(PKO_CONFIG, registration={"until_level": 4, "through_break": False}))
    entries = seat_players(desk, 12)
    start(desk)
    for loser in entries[:6]:
        mate = next(e["id"] for e in desk.snapshot()["entries"]
                    if e["status"] == "active" and e["id"] != loser and e["table"] == desk.entry(loser).table)
        desk.execute({"type": "bust", "entry": loser, "by": [mate]})
    before = {e["id"]: e["place"] for e in desk.snapshot()["entries"] if e["place"] is not None}
    buy_in(desk, register(desk, "Late Comer"))
    after = {e["id"]: e["place"] for e in desk.snapshot()["entries"] if e["place"] is not None}
    assert after == {entry: place + 1 for entry, place in before.items()}
    assert desk.snapshot()["entries"] == afresh(desk)
