"""The venue network under load: 300 phones holding the stream and asking their seat, beside no phone.

Runs `tourneydesk FILE --lan 127.0.0.1:PORT` (the headless server, its own process) on a fresh
tournament of 300 players with the clock running, pairs a TD and, in the same run:

1. with no phone: the server's idle CPU, then the TD's commands one after another (a minute off the
   clock, a player moved to a free seat, a minute back, the player moved back), each timed from the
   request to the desk's answer: the baseline;
2. with 300 phones (in a separate process, so that reading them costs the measuring process nothing),
   each from an address of its own as on a Wi-Fi: each asks its seat as the page does when the player
   types their name, then holds the stream following that seat ("me", remembered on the phone: the
   server tells it the seat whenever it changes); the idle CPU again, then the same
   commands timed the same way, and for each command the time until every phone has the change.

Targets: the TD's command p50 with phones at most 1.3x the baseline's; a change reaching all the phones
within 200 ms (p99); idle CPU with 300 phones under 5% of one core. Loopback only; every loop bounded.
The machine's load is printed beside the figures.

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


def make_tournament(path: Path, players: int) -> tuple[str, tuple[int, int], tuple[int, int]]:
    """The tournament, and the player the TD moves: their entry, their seat and a free seat elsewhere."""
    sys.path.insert(0, str(ROOT / "desktop"))
    from tourneydesk.desk import Desk

    with Desk.create(path, CONFIG) as desk:
        for i in range(players):
            player = desk.execute({"type": "register", "name": f"Player {i + 1:03d}"})["player"]
            desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        desk.execute({"type": "clock", "action": "start"})
        state = desk.state
        mover = next(e for e in state.entries.values() if e.status == "active")
        size = CONFIG["seating"]["seats_per_table"]  # type: ignore[index]
        free = next((t, s) for t in sorted(state.open_tables) if t != mover.table
                    for s in range(1, size + 1) if s not in state.tables[t].seats)
        assert mover.table is not None and mover.seat is not None
        return mover.id, (mover.table, mover.seat), free


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cpu_percent(pid: int, seconds: float) -> float:
    start, at = cpu_seconds(pid), time.monotonic()
    time.sleep(seconds)
    return 100 * (cpu_seconds(pid) - start) / (time.monotonic() - at)


def commands(count: int, mover: str, home: tuple[int, int], away: tuple[int, int]) -> list[dict[str, Any]]:
    """What the TD sends, the same in both phases: the clock nudged and a player moved, and back."""
    cycle = [{"type": "clock", "action": "adjust", "seconds": -60},
             {"type": "move", "entry": mover, "table": away[0], "seat": away[1]},
             {"type": "clock", "action": "adjust", "seconds": 60},
             {"type": "move", "entry": mover, "table": home[0], "seat": home[1]}]
    return [cycle[i % len(cycle)] for i in range(count)]


def run_commands(url: str, token: str, cmds: list[dict[str, Any]], pause_s: float, tag: str
                 ) -> tuple[list[float], list[float]]:
    """Each command timed from the request to the answer: (latencies in ms, send instants)."""
    latencies, sent = [], []
    with httpx.Client(base_url=url, timeout=30, headers={"Authorization": f"Bearer {token}"}) as http:
        for i, cmd in enumerate(cmds):
            at = time.monotonic()
            r = http.post("/api/command", json={**cmd, "command_id": f"bench-{tag}-{i}"})
            latencies.append((time.monotonic() - at) * 1000)
            sent.append(at)
            assert r.status_code == 200 and r.json()["ok"], r.text
            time.sleep(pause_s)
    return latencies, sent


# -- the phones, in their own process ------------------------------------------------------------------
async def _ask_seat(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, port: int, name: str) -> None:
    query = name.replace(" ", "%20")
    writer.write(f"GET /api/seat?q={query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    await writer.drain()
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    await reader.readexactly(length)


async def _phone(port: int, address: str, name: str, arrivals: list[tuple[str, float]], ready: asyncio.Event,
                 counter: list[int], pages: int, stop: asyncio.Event, seat_events: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    seat_reader, seat_writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
    await _ask_seat(seat_reader, seat_writer, port, name)
    seat_writer.close()
    me = name.replace(" ", "%20")
    writer.write(f"GET /api/stream?me={me} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
                 .encode())
    await writer.drain()
    first = True
    event_id = ""
    while not stop.is_set():
        line = await reader.readline()
        if not line:
            break
        if line.startswith(b"id: "):
            event_id = line[4:].decode().strip()
        elif line.startswith(b"data: ") and event_id:
            if first:
                first = False
                counter[0] += 1
                if counter[0] == pages:
                    ready.set()
            else:
                arrivals.append((event_id, time.monotonic()))
            event_id = ""
        elif line.startswith(b"event: seat"):
            seat_events[0] += 1
    writer.close()


def pages_process(port: int, pages: int, connected: Any, finish: Any, out: Any) -> None:
    async def main() -> None:
        ready, stop = asyncio.Event(), asyncio.Event()
        counter, seat_events = [0], [0]
        per_page: list[list[tuple[str, float]]] = [[] for _ in range(pages)]
        tasks = []
        for i in range(pages):
            address = f"127.0.{1 + i // 250}.{1 + i % 250}"
            tasks.append(asyncio.create_task(_phone(port, address, f"Player {i % 300 + 1:03d}", per_page[i], ready,
                                                    counter, pages, stop, seat_events)))
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
        out.put((per_page, seat_events[0]))

    asyncio.run(main())


def reach_delays(per_page: list[list[tuple[str, float]]], sent: list[float]) -> tuple[list[float], int]:
    """For each command, the change it made (the first event after it was sent) and when each phone had
    it: the delays in ms, and how many (command, phone) pairs never got it."""
    first_seen: dict[str, float] = {}
    for arrivals in per_page:
        for event_id, at in arrivals:
            first_seen[event_id] = min(at, first_seen.get(event_id, at))
    ordered = sorted(first_seen.items(), key=lambda kv: kv[1])
    delays, missing = [], 0
    for at in sent:
        change = next((eid for eid, seen in ordered if seen >= at), None)
        if change is None:
            missing += len(per_page)
            continue
        for arrivals in per_page:
            got = next((t for eid, t in arrivals if eid == change), None)
            if got is None:
                missing += 1
            else:
                delays.append((got - at) * 1000)
    return delays, missing


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
        mover, home, away = make_tournament(path, args.players)
        cmds = commands(args.commands, mover, home, away)
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
            base, _ = run_commands(url, token, cmds, args.pause, "base")

            connected, finish, out = mp.Event(), mp.Event(), mp.Queue()
            pages = mp.Process(target=pages_process, args=(port, args.pages, connected, finish, out))
            pages.start()
            assert connected.wait(180), "the phones did not all connect"
            time.sleep(2)
            idle1 = idle_cpu_percent(server.pid, args.idle)
            loaded, sent = run_commands(url, token, cmds, args.pause, "loaded")
            time.sleep(1.5)
            finish.set()
            per_page, seat_events = out.get(timeout=120)
            pages.join(timeout=30)
        finally:
            server.send_signal(2)
            server.wait(timeout=30)
    delays, missing = reach_delays(per_page, sent)
    p50 = statistics.median(loaded) / statistics.median(base)
    reach = p99(delays) if delays else float("inf")
    rows = [
        ("TD command p50 (ms)", f"{statistics.median(base):.1f}", f"{statistics.median(loaded):.1f}",
         f"x{p50:.2f} (target <= 1.3) {'OK' if p50 <= 1.3 else 'MISSED'}"),
        ("TD command p99 (ms)", f"{p99(base):.1f}", f"{p99(loaded):.1f}", f"x{p99(loaded) / p99(base):.2f}"),
        ("change reaches every phone p99 (ms)", "-", f"{reach:.1f}",
         f"target <= 200 {'OK' if reach <= 200 and not missing else 'MISSED'}"),
        ("changes a phone never received", "-", str(missing), ""),
        ("seats told to the phones", "-", str(seat_events), "(one each at the start, then the mover's)"),
        ("idle CPU (% of one core)", f"{idle0:.2f}", f"{idle1:.2f}", f"target < 5 {'OK' if idle1 < 5 else 'MISSED'}"),
    ]
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else ["?"] * 3
    print(f"{args.players} players, {args.commands} TD commands, {args.pages} phones; baseline = no phone; "
          f"load average {' '.join(load)} on {os.cpu_count()} cores")
    print(f"{'':38} {'no phone':>10} {f'{args.pages} phones':>10}")
    for name, a, b, note in rows:
        print(f"{name:38} {a:>10} {b:>10}  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
