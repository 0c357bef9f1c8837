"""Property tests of the seating: random fields from 10 to 3,000 players busted in a random order, the
plan carried out after every bust as a TD would (the buttons where the cards fell, now and then a
dead button on an empty seat), on a real file.

After every command: no two entries in one seat, no table over its seats. After the plan is carried
out: the spread within the tolerance; no table at the floor or below unless nothing can lift it;
the final table formed exactly when the survivors fit it; no more tables open than the players need.
Every balance: nobody moved twice, a broken table's players all seated elsewhere, and no more moves
than the imbalance requires. At the end, replaying the file reproduces every seat.
"""

from __future__ import annotations

import math
import os
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import BASE_CONFIG, config
from tourneydesk.core.rules import planner
from tourneydesk.desk import Desk

EXAMPLES = int(os.environ.get("TOURNEYDESK_PROPERTY_EXAMPLES", "8"))
FIELDS = [10, 11, 17, 28, 45, 90, 200, 600]  # and 3,000 in an explicit example below
POLICIES = {
    "tda": "tda",
    "pkr4u": "pkr4u",
    "loose_then_tight": {"tolerance": 3, "floor": 4, "tighten": {"tables_at_most": 4, "tolerance": 1}},
}


def make_config(players: int, seats: int, policy: str, final_short: bool, waits: str) -> dict[str, Any]:
    cfg = config(BASE_CONFIG, registration={"until_level": 1, "through_break": False},
                 seating={"seats_per_table": seats, "tables": math.ceil(players / seats) + 2,
                          "final_table_size": seats - 1 if final_short else seats,
                          "balance": POLICIES[policy], "moved_player_waits": waits})
    del cfg["reentry"]
    return cfg


class Run:
    def __init__(self, desk: Desk, rng: random.Random) -> None:
        self.desk, self.rng = desk, rng

    @property
    def state(self) -> Any:
        return self.desk.state

    def counts(self) -> dict[int, int]:
        return {t: len(self.state.tables[t].seats) for t in self.state.open_tables}

    def check_seats(self) -> None:
        state = self.state
        seen: set[tuple[int, int]] = set()
        for entry in state.entries.values():
            if entry.status != "active":
                assert entry.table is None
                continue
            key = (entry.table, entry.seat)
            assert key not in seen, f"two entries in table {key[0]} seat {key[1]}"
            seen.add(key)
            assert state.tables[entry.table].seats[entry.seat] == entry.id
        seats = state.config.seating.seats_per_table
        assert all(0 < c <= seats or len(state.open_tables) == 1 for c in self.counts().values())
        assert sum(self.counts().values()) == state.live

    def follow_plan(self) -> None:
        for _ in range(50):
            steps = self.desk.plan()
            if not steps:
                break
            if steps[0]["kind"] == "needs_button":
                for step in (s for s in steps if s["kind"] == "needs_button"):
                    taken = sorted(self.state.tables[step["table"]].seats)
                    dead = [n for n in range(1, self.state.config.seating.seats_per_table + 1)
                            if n not in taken] if len(taken) > 2 else []
                    seat = self.rng.choice(dead) if dead and self.rng.random() < 0.2 else self.rng.choice(taken)
                    self.desk.execute({"type": "set_button", "table": step["table"], "seat": seat})
                continue
            before = self.counts()
            result = self.desk.execute({"type": "balance"})
            self.check_balance(before, result)
            self.check_seats()
        else:
            raise AssertionError("the plan never settles")
        self.check_settled()

    def check_balance(self, before: dict[int, int], result: dict[str, Any]) -> None:
        applied = result["applied"]
        moved = [s["entry"] for s in applied if s["kind"] == "move"]
        assert len(moved) == len(set(moved)), "a player moved twice in one balance"
        for step in applied:
            if step["kind"] == "break_table":
                assert step["table"] not in self.state.tables
                assert all(self.state.entries[m["entry"]].table == m["table"] for m in step["moves"])
        if applied and all(s["kind"] == "move" for s in applied) and not result["waiting"]:
            assert len(moved) == fewest_moves(self.state, before), (before, len(moved))

    def check_settled(self) -> None:
        state, counts = self.state, self.counts()
        seating = state.config.seating
        seated = sum(counts.values())
        if len(counts) >= 2:
            assert seated > seating.final_table_size, "the survivors fit the final table, yet it is not formed"
            if len(counts) >= 3:
                assert seated > (len(counts) - 1) * seating.seats_per_table, "a table should have broken"
            spread = max(counts.values()) - min(counts.values())
            tolerance = planner.tolerance(state, len(counts))
            assert tolerance is None or spread <= tolerance, counts
            if seating.seats_per_table > 6:
                assert min(counts.values()) > seating.balance.floor or spread < 2, counts
        elif seated <= seating.final_table_size and state.status == "running" and state.open_tables:
            assert state.final_table is not None or len(state.open_tables) == 1


def fewest_moves(state: Any, counts: dict[int, int]) -> int:
    """The fewest moves that satisfy the policy, counted from the head counts alone."""
    seating = state.config.seating
    values = sorted(counts.values(), reverse=True)
    tables, total = len(values), sum(values)
    tolerance = planner.tolerance(state, tables)
    need_floor = 0
    if seating.seats_per_table > 6:
        need_floor = sum(max(0, seating.balance.floor + 1 - c) for c in values)
    if tolerance == 1:
        q, r = divmod(total, tables)
        return sum(max(0, c - (q + 1 if i < r else q)) for i, c in enumerate(values))
    if tolerance is None:
        return need_floor
    # A wider tolerance: take from the biggest to the smallest until within it, and above the floor.
    values = list(values)
    moves = 0
    while values[0] - values[-1] > tolerance or (seating.seats_per_table > 6 and values[-1] <= seating.balance.floor
                                                  and values[0] - values[-1] >= 2):
        values[0] -= 1
        values[-1] += 1
        values.sort(reverse=True)
        moves += 1
    return moves


def play(players: int, seats: int, policy: str, final_short: bool, waits: str, seed: int) -> None:
    rng = random.Random(seed)
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "seating.tdesk"
        desk = Desk.create(path, make_config(players, seats, policy, final_short, waits), now=clock, seed=seed)
        run = Run(desk, rng)
        for i in range(players):
            player = desk.execute({"type": "register", "name": f"P{i}"})["player"]
            desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        run.check_seats()
        run.follow_plan()
        desk.execute({"type": "clock", "action": "start"})
        clock.advance(minutes=21)  # late registration closed: every bust is final
        while desk.state.status != "finished":
            state = desk.state
            tables = [t for t in state.open_tables
                      if sum(state.entries[e].status == "active" for e in state.tables[t].seats.values()) >= 2]
            table = rng.choice(tables)
            mates = [e for _, e in sorted(state.tables[table].seats.items())]
            loser, winner = rng.sample(mates, 2)
            desk.execute({"type": "bust", "entry": loser, "by": [winner]})
            run.check_seats()
            if desk.state.status == "finished":
                break
            if desk.state.hand_for_hand:
                desk.execute({"type": "hand_for_hand", "action": "next"})
            run.follow_plan()
        snap = desk.snapshot()
        desk.close()
        again = Desk.open(path, now=clock)
        try:
            assert again.snapshot() == snap
            again.rebuild()
            assert again.snapshot() == snap
        finally:
            again.close()


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(players=st.sampled_from(FIELDS), seats=st.sampled_from([9, 9, 10, 6]),
       policy=st.sampled_from(sorted(POLICIES)), final_short=st.booleans(),
       waits=st.sampled_from(["big_blind", "one_hand"]), seed=st.integers(0, 2**32 - 1))
@example(players=600, seats=9, policy="pkr4u", final_short=True, waits="one_hand", seed=5)
def test_random_bust_orders_keep_every_seating_rule(players: int, seats: int, policy: str, final_short: bool,
                                                     waits: str, seed: int) -> None:
    play(players, seats, policy, final_short, waits, seed)


@pytest.mark.slow
def test_a_field_of_3000_keeps_every_seating_rule() -> None:
    play(3000, 9, "tda", False, "big_blind", 2)
