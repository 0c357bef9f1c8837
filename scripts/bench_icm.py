"""How many players ICM handles within a second on this machine, beside the exact program in the same run.

Run from the repository root: .venv/bin/python scripts/bench_icm.py [--most 24]

For each player count it times `deals.icm` (the shares as an integral, settled to the minor unit) on
three random final tables and prints the slowest, and, up to `deals.ICM_EXACT_PLAYERS` players, the
exact program on the same tables (the baseline: every set of players, in integers), and whether the
two pay every player the same amounts. The stacks are random multiples of 25 chips up to 5,000,000
and every place pays a different amount: the hardest realistic case for the exact program, since its
integers grow with the distinct chip totals it meets. Targets: 9 players within 20 ms (the deal dialog
works the deal out again on every key), 20 within a second; `deals.ICM_MAX_PLAYERS` should sit at or
below the largest count within a second.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from unittest import mock

from tourneydesk.core.arithmetic import deals

TABLES_PER_COUNT = 3
TIME_LIMIT_S = 1.0
TARGETS_S = {9: 0.020, 20: 1.0}


def exact(stacks: dict[str, int], prizes: list[int]) -> dict[str, int]:
    """The exact program, rounded by the deal's rule (what `deals.icm` must pay)."""
    chips = list(stacks.values())
    numerators, denominator = deals._icm_numerators(chips, prizes)
    return deals._round_shares(list(stacks), numerators, denominator, chips, sum(prizes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--most", type=int, default=24, help="the most players tried")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rng = random.Random(2024)
    within = 0
    with mock.patch.object(deals, "ICM_MAX_PLAYERS", 64):
        for players in range(2, args.most + 1):
            prizes = [1000 * (players - place) for place in range(players)]
            slowest, slowest_exact, agree = 0.0, 0.0, 0
            for _ in range(TABLES_PER_COUNT):
                stacks = {f"e{i}": 25 * rng.randint(1, 200_000) for i in range(players)}
                started = time.perf_counter()
                paid = deals.icm(stacks, prizes)
                slowest = max(slowest, time.perf_counter() - started)
                if players <= deals.ICM_EXACT_PLAYERS:
                    started = time.perf_counter()
                    agree += paid == exact(stacks, prizes)
                    slowest_exact = max(slowest_exact, time.perf_counter() - started)
            line = f"{players:2d} players: {slowest * 1000:8.1f} ms"
            if players <= deals.ICM_EXACT_PLAYERS:
                line += (f"   baseline, the exact program: {slowest_exact * 1000:8.1f} ms; "
                         f"the same amounts on {agree} of {TABLES_PER_COUNT} tables")
            target = TARGETS_S.get(players)
            if target is not None:
                line += f"   (target <= {target * 1000:.0f} ms: {'met' if slowest <= target else 'MISSED'})"
            print(line, flush=True)
            if slowest > TIME_LIMIT_S:
                break
            within = players
    print(f"ICM within {TIME_LIMIT_S:g} s: up to {within} players (deals.ICM_MAX_PLAYERS = {deals.ICM_MAX_PLAYERS})")


if __name__ == "__main__":
    main()
