"""The venue network under load: 300 players' pages open while the TD works, beside no page open.

Runs `tourneydesk FILE --lan 127.0.0.1:PORT` (the headless server, its own process) on a fresh
tournament of 300 players with the clock running, pairs a TD and, in the same run:

1. with no page open: the server's idle CPU, then the TD's commands one after another, each timed from
   the request to the desk's answer (the baseline);
2. with 300 pages open (server-sent event streams, in a separate process so that reading them costs the
   measuring process nothing): the idle CPU again, then the same commands, timed the same way, and for
   each command the time until every page has received the change.

Targets: command latency p99 with pages at most 1.5x the baseline's; a change reaching every page within
1 s (p99); idle CPU with 300 pages under 5% of one core. Loopback only; every loop bounded.

    .venv/bin/python scripts/bench_lan.py [--pages 300] [--commands 200] [--idle 20]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
CONFIG = {
    "name": "Bench PKO", "currency": "EUR", "starting_stack": 20000,
    "buy_in": {"prize": 8000, "bounty": 2000, "fee": 1000},
    "bounty": {"kind": "progressive", "cash_share_bp": 5000},
    "registration": {"until_level": 6, "through_break": True},
    "seating": {"seats_per_table": 9, "tables": 40},
    "payouts": {"table": "standard", "rounding": 1},
    "levels": [{"small_blind": 100 * (i + 1), "big_blind": 200 * (i + 1), "minutes": 60} for i in range(8)],
    "chips": [{"value": 100, "color": "black"}, {"value": 500, "color": "purple"}],
}


def make_tournament(path: Path, players: int) -> None:
    sys.path.insert(0, str(ROOT / "desktop"))
    from tourneydesk.desk import Desk

    with Desk.create(path, CONFIG) as desk:
        for i in range(players):
            player = desk.execute({"type": "register", "name": f"Player {i + 1:03d}"})["player"]
            desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        desk.execute({"type": "clock", "action": "start"})


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu_percent(pid: int, seconds: float) -> float:
    start, at = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pid) - start) / (time.monotonic() - at)


def run_commands(url: str, token: str, count: int, pause_s: float) -> tuple[list[float], list[float]]:
    """The TD nudging the clock, a minute off then back, `count` times: (latencies in ms, send instants)."""
    latencies, sent = [], []
    with httpx.Client(base_url=url, timeout=30, headers={"Authorization": f"Bearer {token}"}) as http:
        for i in range(count):
            cmd = {"type": "clock", "action": "adjust", "seconds": -60 if i % 2 == 0 else 60,
                   "command_id": f"bench-{time.monotonic_ns()}-{i}"}
            at = time.monotonic()
            r = http.post("/api/command", json=cmd)
            latencies.append((time.monotonic() - at) * 1000)
            sent.append(at)
            assert r.status_code == 200 and r.json()["ok"], r.text
            time.sleep(pause_s)
    return latencies, sent


# -- the pages, in their own process ------------------------------------------------------------------
async def _page(port: int, arrivals: list[tuple[str, float]], ready: asyncio.Event, counter: list[int],
                pages: int, stop: asyncio.Event) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    first = True
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            break
        if line.startswith(b"id: "):
            if first:
                first = False
                counter[0] += 1
                if counter[0] == pages:
                    ready.set()
            else:
                arrivals.append((line[4:].decode().strip(), time.monotonic()))
    writer.close()


def pages_process(port: int, pages: int, connected: Any, finish: Any, out: Any) -> None:
    async def main() -> None:
        ready, stop = asyncio.Event(), asyncio.Event()
        counter = [0]
        per_page: list[list[tuple[str, float]]] = [[] for _ in range(pages)]
        tasks = []
        for i in range(pages):
            tasks.append(asyncio.create_task(_page(port, per_page[i], ready, counter, pages, stop)))
            if i % 50 == 49:
                await asyncio.sleep(0.05)  # phones arrive over a few moments, not in one burst
        await asyncio.wait_for(ready.wait(), 120)
        connected.set()
        while not finish.is_set():
            await asyncio.sleep(0.1)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put(per_page)

    asyncio.run(main())


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--commands", type=int, default=200)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds of idle CPU measured (each phase)")
    parser.add_argument("--pause", type=float, default=0.05, help="seconds between two commands")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.tdesk"
        make_tournament(path, args.players)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = {**os.environ, "HOME": folder, "XDG_CONFIG_HOME": str(Path(folder) / "config"),
               "PYTHONPATH": str(ROOT / "desktop")}
        server = subprocess.Popen([sys.executable, "-m", "tourneydesk.cli", str(path), "--lan", f"127.0.0.1:{port}"],
                                  stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, env=env)
        try:
            assert server.stdout is not None
            url = server.stdout.readline().strip()
            code = server.stdout.readline().split(": ")[1].split()[0]
            token = httpx.post(f"{url}/api/pair", json={"code": code, "device": "bench"}, timeout=10).json()["token"]
            time.sleep(2)
            idle0 = idle_cpu_percent(server.pid, args.idle)
            base, _ = run_commands(url, token, args.commands, args.pause)

            connected, finish, out = mp.Event(), mp.Event(), mp.Queue()
            pages = mp.Process(target=pages_process, args=(port, args.pages, connected, finish, out))
            pages.start()
            assert connected.wait(180), "the pages did not all connect"
            time.sleep(2)
            idle1 = idle_cpu_percent(server.pid, args.idle)
            loaded, sent = run_commands(url, token, args.commands, args.pause)
            time.sleep(1.5)
            finish.set()
            per_page = out.get(timeout=120)
            pages.join(timeout=30)
        finally:
            server.send_signal(2)
            server.wait(timeout=30)
    delays = []
    missing = 0
    for arrivals in per_page:
        if len(arrivals) < len(sent):
            missing += len(sent) - len(arrivals)
        for (_, arrived), at in zip(arrivals, sent, strict=False):
            delays.append((arrived - at) * 1000)
    ratio = p99(loaded) / p99(base)
    rows = [
        ("command latency p50 (ms)", f"{statistics.median(base):.1f}", f"{statistics.median(loaded):.1f}", ""),
        ("command latency p99 (ms)", f"{p99(base):.1f}", f"{p99(loaded):.1f}",
         f"x{ratio:.2f} (target <= 1.5) {'OK' if ratio <= 1.5 else 'MISSED'}"),
        ("change reaches every page p99 (ms)", "-", f"{p99(delays):.1f}",
         f"target <= 1000 {'OK' if p99(delays) <= 1000 and not missing else 'MISSED'}"),
        ("changes a page never received", "-", str(missing), ""),
        ("idle CPU (% of one core)", f"{idle0:.2f}", f"{idle1:.2f}", f"target < 5 {'OK' if idle1 < 5 else 'MISSED'}"),
    ]
    print(f"{args.players} players, {args.commands} TD commands, {args.pages} pages; baseline = no page open")
    print(f"{'':38} {'no page':>10} {f'{args.pages} pages':>10}")
    for name, a, b, note in rows:
        print(f"{name:38} {a:>10} {b:>10}  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
