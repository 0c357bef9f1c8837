"""The tournament file's costs at a big field, each beside a baseline measured in the same run: opening a
file, and a command's commit beside a bare one.

Run from the repository root:

    .venv/bin/python scripts/bench_open.py [--players 10000 25000] [--db FILE ...] [--runs 5]

For each field it plays a tournament with `tourneydesk sim` (or takes the files given with --db, made by
`tourneydesk sim --players N --db FILE`), then prints:

* the open as the program does it: until the console can show the tournament (the proven checkpoint
  folded, the events after it checked), and until the whole file is checked (the events before the
  checkpoint and SQLite's check of the file, which run once it is open and hold back the first write);
* two baselines of the same run: the open with every event checked at once, as the program did before,
  and a bare read of every event of the log with nothing checked (what the machine costs to read it);
* when it played the field itself, a command's latency p99 beside a bare fsync'd SQLite commit's p99,
  sampled between the same commands, in the same folder, with the same settings (the sim's own figure).

Targets (issue 30): the open at 10,000 entries <= 0.25 s, at 25,000 players <= 0.5 s; a command's p99 at
25,000 at most 1.5 times the bare commit's. The load (`uptime`) is printed beside the figures: under load
they are indicative only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from tourneydesk.core import engine
from tourneydesk.desk import CHECKPOINT_EVERY, Desk
from tourneydesk.sim import run
from tourneydesk.store import log_check

TARGET_OPEN_S = {10_000: 0.25, 25_000: 0.5}
TARGET_LATENCY_RATIO = 1.5


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def timed(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """The medians of `runs` runs of `action`, in seconds: wall-clock, and CPU time of the thread that runs it
    (what a loaded machine inflates least: on a quiet one the two agree)."""
    walls, cpus = [], []
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.thread_time()
        action()
        walls.append(time.perf_counter() - start)
        cpus.append(time.thread_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def open_usable(path: Path) -> None:
    desk = Desk.open(path)
    desk._file.abandon()  # no backup, no checkpoint written: the next run opens the same file


def open_whole(path: Path) -> None:
    desk = Desk.open(path)
    assert desk._file.damage() is None
    desk._file.abandon()


def open_checked_at_once(path: Path) -> None:
    kept = log_check.CHECKED_AT_OPEN
    log_check.CHECKED_AT_OPEN = 1 << 62
    try:
        open_usable(path)
    finally:
        log_check.CHECKED_AT_OPEN = kept


def read_bare(path: Path) -> None:
    conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        conn.execute("SELECT seq, command_seq, type, at, station, actor, payload, hash FROM events").fetchall()
    finally:
        conn.close()


def after_a_crash(path: Path, copy: Path) -> None:
    """`copy`: the file as a crash leaves it at worst, its checkpoint as many events behind the end of the log as
    the desk lets it fall (CHECKPOINT_EVERY), all of them to check and fold at the open."""
    shutil.copyfile(path, copy)
    desk = Desk.open(copy)
    events = desk.events()
    seq = events[-CHECKPOINT_EVERY].seq
    desk._file.save_checkpoint(seq, engine.fold(e for e in events if e.seq <= seq).to_dict())
    desk._file.abandon()


def ms(seconds: tuple[float, float]) -> str:
    return f"{seconds[0] * 1000:8.1f} ms (CPU {seconds[1] * 1000:6.1f} ms)"


def bench_file(label: str, path: Path, runs: int, target: float | None) -> None:
    with Desk.open(path) as desk:  # once, untimed: migrated if an older version wrote it, checkpoint at the end
        events, entries = desk.seq, desk.counts().entries
    size = path.stat().st_size / 1e6
    print(f"{label}: {entries} entries, {events} events, {size:.0f} MB; median of {runs} opens; {load()}")
    usable, whole = timed(lambda: open_usable(path), runs), timed(lambda: open_whole(path), runs)
    at_once, bare = timed(lambda: open_checked_at_once(path), runs), timed(lambda: read_bare(path), runs)
    verdict = "" if target is None else (f"   target <= {target * 1000:.0f} ms: "
                                         f"{'met' if usable[0] <= target else 'NOT met'}")
    print(f"  open, the console can show it (the program): {ms(usable)}{verdict}")
    print(f"  open, the whole file checked:                {ms(whole)}")
    print(f"  baseline: every event checked at once:       {ms(at_once)}")
    print(f"  baseline: every event read, none checked:    {ms(bare)}")
    with tempfile.TemporaryDirectory() as tmp:
        crashed = Path(tmp) / path.name
        after_a_crash(path, crashed)
        print(f"  open after a crash, {CHECKPOINT_EVERY} events after the checkpoint: "
              f"{ms(timed(lambda: open_usable(crashed), runs))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, nargs="*", default=[10_000, 25_000])
    parser.add_argument("--db", type=Path, nargs="*", default=[], help="files made by `tourneydesk sim` instead")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for path in args.db:
        bench_file(str(path), path, args.runs, None)
    if args.db:
        return
    for players in args.players:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "sim.tdesk"
            print(f"playing {players} players with `tourneydesk sim` ({load()})...", flush=True)
            report = run(players, 1, "pko", path, 80)
            timings, baseline = report["timings"], report["baseline"]
            ratio = timings["latency_p99_ms"] / baseline["bare_sqlite_commit_p99_ms"]
            bench_file(f"{players} players", path, args.runs, TARGET_OPEN_S.get(players))
            print(f"  a command's latency p99 {timings['latency_p99_ms']:.2f} ms over {timings['commands']} commands,"
                  f" a bare fsync'd commit's p99 {baseline['bare_sqlite_commit_p99_ms']:.2f} ms"
                  f" ({baseline['bare_sqlite_commit_samples']} between them): {ratio:.2f}x"
                  + (f"   target <= {TARGET_LATENCY_RATIO}x: {'met' if ratio <= TARGET_LATENCY_RATIO else 'NOT met'}"
                     if players >= 25_000 else ""))
            print(f"  (CPU p99 {timings['cpu_p99_ms']:.2f} ms; {load()})", flush=True)


if __name__ == "__main__":
    main()
