"""The cost of checking the chain over the log when a tournament file opens, beside a baseline measured
in the same run.

Run from the repository root: .venv/bin/python scripts/bench_open.py [--players 10000] [--db FILE]

Plays (or takes, with --db) a file as `tourneydesk sim --players N --db FILE` leaves it, then opens it
several times: as the program does (every event's hash checked against the one before, its commands
counted for the acknowledgement note), and, as the baseline, with that check left out, everything else
the same. Target: the open at 10,000
players still at most 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from tourneydesk.desk import Desk
from tourneydesk.sim import run
from tourneydesk.store import tdfile


def open_seconds(path: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        desk = Desk.open(path)
        times.append(time.perf_counter() - start)
        desk._file.abandon()  # closed without a backup or a checkpoint: the next run opens the same file
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--db", type=Path, help="a file made by `tourneydesk sim` (default: play one now)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db
        if path is None:
            path = Path(tmp) / "sim.tdesk"
            print(f"playing a {args.players}-player tournament (not timed)...", flush=True)
            run(args.players, 1, "pko", path, 80)
        with Desk.open(path) as desk:
            events = desk.seq
        checked = open_seconds(path, args.runs)
        verify = tdfile._verify_log
        # The baseline: the last event's seq and hash read as stored, nothing checked nor counted.
        tdfile._verify_log = lambda path, ro, version: (
            *ro.execute("SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1").fetchone(), 0)
        try:
            unchecked = open_seconds(path, args.runs)
        finally:
            tdfile._verify_log = verify
    med_checked, med_unchecked = statistics.median(checked), statistics.median(unchecked)
    print(f"{events} events in the log, median of {args.runs} opens")
    print(f"  open, chain checked (the program):  {med_checked * 1000:7.1f} ms   target <= 1000 ms")
    print(f"  open, chain not checked (baseline): {med_unchecked * 1000:7.1f} ms")
    print(f"  the chain's cost:                   {(med_checked - med_unchecked) * 1000:7.1f} ms "
          f"({(med_checked - med_unchecked) / events * 1e6:.1f} us per event)")
    print("  met" if med_checked <= 1.0 else "  NOT met")


if __name__ == "__main__":
    main()
