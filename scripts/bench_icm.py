"""How many players the exact ICM handles within a second on this machine.

Run from the repository root: PYTHONPATH=desktop .venv/bin/python scripts/bench_icm.py

For each player count it times `icm` on three random final tables and prints the slowest. The
stacks are random multiples of 25 chips up to 5,000,000 and every place pays a different amount:
the hardest realistic case, since exact arithmetic grows with the distinct chip totals it meets.
`deals.ICM_MAX_PLAYERS` should sit a little below the largest count printed as within a second.
"""

from __future__ import annotations

import random
import time
from unittest import mock

from tourneydesk.core.arithmetic import deals

TABLES_PER_COUNT = 3
TIME_LIMIT_S = 1.0


def slowest_seconds(players: int, rng: random.Random) -> float:
    prizes = [1000 * (players - place) for place in range(players)]
    slowest = 0.0
    for _ in range(TABLES_PER_COUNT):
        stacks = {f"e{i}": 25 * rng.randint(1, 200_000) for i in range(players)}
        started = time.perf_counter()
        deals.icm(stacks, prizes)
        slowest = max(slowest, time.perf_counter() - started)
    return slowest


def main() -> None:
    rng = random.Random(2024)
    within = 0
    with mock.patch.object(deals, "ICM_MAX_PLAYERS", 64):
        for players in range(2, 20):
            seconds = slowest_seconds(players, rng)
            print(f"{players:2d} players: {seconds:7.3f} s", flush=True)
            if seconds > TIME_LIMIT_S:
                break
            within = players
    print(f"exact ICM within {TIME_LIMIT_S:g} s: up to {within} players "
          f"(deals.ICM_MAX_PLAYERS = {deals.ICM_MAX_PLAYERS})")


if __name__ == "__main__":
    main()
