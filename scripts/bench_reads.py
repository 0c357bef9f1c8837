"""What the venue network's reads cost at 10,000 entries, beside the snapshot they would otherwise need.

A phone's search box asks after every letter, on the desk's thread (the GUI thread in the app), so a read
must cost far less than a frame. This builds a tournament of `--players` entries (the file written
non-durable: only the reads are measured), then times, in the same run:

* the baseline: a snapshot after one command (what every window pays anyway), and the same search done
  over that snapshot's players;
* the read models the devices use: `find_players` (a query found by a few, by most, by nobody; with and
  without `in_play`), `open_now`, `counts`, `clock_now`.

    .venv/bin/python scripts/bench_reads.py [--players 10000] [--repeat 50]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "desktop"))

from tourneydesk.desk import Desk  # noqa: E402
from tourneydesk.store import tdfile  # noqa: E402

CONFIG: dict[str, Any] = {
    "name": "Bench reads", "currency": "EUR", "starting_stack": 20000,
    "buy_in": {"prize": 8000, "bounty": 2000, "fee": 1000},
    "bounty": {"kind": "progressive", "cash_share_bp": 5000},
    "registration": {"until_level": 6, "through_break": True},
    "payouts": {"table": "standard", "rounding": 1},
    "levels": [{"small_blind": 100 * (i + 1), "big_blind": 200 * (i + 1), "minutes": 60} for i in range(8)],
    "chips": [{"value": 100, "color": "black"}, {"value": 500, "color": "purple"}],
}


def build(path: Path, players: int) -> Desk:
    cfg = {**CONFIG, "seating": {"seats_per_table": 10, "tables": players // 10 + 10}}
    desk = Desk.create(path, cfg)
    for i in range(players):
        player = desk.execute({"type": "register", "name": f"Player {i + 1:05d}"})["player"]
        desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    desk.execute({"type": "clock", "action": "start"})
    return desk


def timed_ms(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median and worst of `repeat` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def search_over_snapshot(desk: Desk, query: str) -> list[str]:
    needle = " ".join(query.split()).casefold()
    found = [p for p in desk.snapshot()["players"] if needle in p["name"].casefold()]
    found.sort(key=lambda p: (not p["name"].casefold().startswith(needle), p["name"].casefold()))
    return [p["id"] for p in found[:12]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    tdfile.SYNCHRONOUS = "OFF"  # the reads are measured, not the disk
    with tempfile.TemporaryDirectory() as tmp:
        desk = build(Path(tmp) / "reads.tdesk", args.players)
        try:
            desk.snapshot()  # the parts built once, as the windows have them
            one = desk.find_players("Player 00001", 1)[0].entries[0].id
            rows: list[tuple[str, Callable[[], Any]]] = [
                ("baseline: snapshot after a command",
                 lambda: (desk.execute({"type": "chip_count", "entry": one, "chips": 20000 + desk.seq}),
                          desk.snapshot())),
                ("baseline: search over the snapshot, a few", lambda: search_over_snapshot(desk, "player 0001")),
                ("baseline: search over the snapshot, most", lambda: search_over_snapshot(desk, "player")),
                ("find_players, a few found", lambda: desk.find_players("player 0001", 12)),
                ("find_players, most found", lambda: desk.find_players("player", 12)),
                ("find_players, nobody found", lambda: desk.find_players("zzz", 12)),
                ("find_players in play, most found", lambda: desk.find_players("player", 12, in_play=True)),
                ("open_now", desk.open_now),
                ("counts", desk.counts),
                ("clock_now", desk.clock_now),
            ]
            print(f"{args.players} entries, {args.repeat} calls each: median / worst (ms)")
            for label, fn in rows:
                median, worst = timed_ms(fn, args.repeat)
                print(f"  {label:<42} {median:8.3f} / {worst:8.3f}")
        finally:
            desk.close()


if __name__ == "__main__":
    main()
