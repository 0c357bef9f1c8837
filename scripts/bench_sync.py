"""A festival day's backlog (100,000 events) pushed to a real tourneysite on loopback: how long it takes.

Run from the repository root: PYTHONPATH=desktop:website .venv/bin/python scripts/bench_sync.py

It builds one tournament file with the backlog (not timed: a big PKO field seated, then bust and
re-entry after bust with the clock running, through the Desk; pass --backlog FILE to keep it for the
next run), starts `tourneysite serve` in its own process, and times `Pusher.step()` until the site
has acknowledged everything. Baselines measured in the same run, on the same machine:

- client: the pusher's own work alone (read the outbox, remove private fields, encode JSON);
- transport: the same request bodies POSTed to a uvicorn endpoint that only reads them;
- sqlite: the same events inserted into a bare SQLite table, one transaction per batch.

Target: the backlog reaches the site in 30 s at most.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tourneydesk.desk import Desk
from tourneydesk.sync.outbox import BATCH_MAX, Outbox
from tourneydesk.sync.pusher import Pusher, events_url

REPO = Path(__file__).resolve().parents[1]
TARGET_EVENTS = 100_000
FIELD = 6000
TARGET_S = 30.0

CONFIG = {
    "name": "Festival Day PKO",
    "currency": "EUR",
    "starting_stack": 20000,
    "buy_in": {"prize": 8000, "bounty": 2000, "fee": 1000},
    "bounty": {"kind": "progressive", "cash_share_bp": 5000},
    "registration": {"until_level": 12},
    "reentry": {},
    "seating": {"seats_per_table": 10, "tables": 800},
    "payouts": {"table": "standard"},
    "levels": [{"small_blind": 100 * n, "big_blind": 200 * n, "ante": 200 * n, "ante_kind": "big_blind",
                "minutes": 40} for n in range(1, 16)],
    "chips": [{"value": 100, "color": "black"}, {"value": 500, "color": "purple"}],
}

_TRIVIAL = """
import sys
import uvicorn
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

async def take(request):
    await request.body()
    return JSONResponse({"acked_seq": 0})

app = Starlette(routes=[Route("/api/v1/tournaments/{tid}/events", take, methods=["POST"])])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def build_backlog(path: Path, events: int, field: int, seed: int) -> None:
    """A big PKO on a clock that stands still (registration stays open): seat the field, then bust a
    random player by a table mate and have them re-enter, until the log holds `events` events."""
    now = 1_767_000_000.0
    desk = Desk.create(path, {**CONFIG, "name": f"Festival Day PKO #{seed}"}, now=lambda: now, seed=seed)
    # Building the backlog is not what is measured: skip the fsync of every command.
    desk._file.connection.execute("PRAGMA synchronous=OFF")
    rng = random.Random(seed)
    try:
        for i in range(field):
            player = desk.execute({"type": "register", "name": f"Player {i + 1:05d}", "email": f"p{i}@example.org"})
            desk.execute({"type": "buy_in", "player": player["player"], "payment": rng.choice(("cash", "card")),
                          "present": True})
        desk.execute({"type": "clock", "action": "start"})
        while desk.seq < events:
            state = desk.state
            table = rng.choice([t for t in state.tables.values() if len(t.seats) >= 2])
            out, by = rng.sample(list(table.seats.values()), 2)
            desk.execute({"type": "bust", "entry": out, "by": [by]})
            desk.execute({"type": "buy_in", "player": state.entries[out].player, "payment": "cash", "present": True})
    finally:
        desk.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_process(args: list[str], port: int, log: Path) -> subprocess.Popen[bytes]:
    env_path = f"{REPO / 'website'}:{REPO / 'desktop'}"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, *args], stdout=out, stderr=subprocess.STDOUT,
                                   env={**_env(), "PYTHONPATH": env_path})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(log.read_text(errors="replace")) from None
            time.sleep(0.05)
    raise RuntimeError("the server did not start")


def _env() -> dict[str, str]:
    import os

    return dict(os.environ)


def bodies(paths: list[Path]) -> tuple[list[tuple[str, bytes]], float]:
    """Every batch's request body as the pusher builds it, and the seconds the pusher's own work took."""
    started = time.perf_counter()
    out: list[tuple[str, bytes]] = []
    for path in paths:
        with Outbox(path, "bench") as outbox:
            after, last = 0, outbox.last_seq()
            while after < last:
                events = outbox.batch(after, BATCH_MAX)
                body = json.dumps({"events": events}, separators=(",", ":"), ensure_ascii=False).encode()
                out.append((outbox.tournament_id, body))
                after = events[-1]["seq"]
    return out, time.perf_counter() - started


def time_transport(batches: list[tuple[str, bytes]], folder: Path) -> float:
    port = free_port()
    process = start_process(["-c", _TRIVIAL, str(port)], port, folder / "trivial.log")
    try:
        with httpx.Client(timeout=60) as client:
            started = time.perf_counter()
            for tournament, body in batches:
                url = events_url(f"http://127.0.0.1:{port}", tournament)
                client.post(url, content=body, headers={"Content-Type": "application/json"}).raise_for_status()
            return time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(timeout=10)


def time_sqlite(batches: list[tuple[str, bytes]], folder: Path) -> float:
    conn = sqlite3.connect(folder / "bare.db", isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE events (tournament_id TEXT, seq INTEGER, type TEXT, at REAL, station TEXT,"
                 " payload TEXT, PRIMARY KEY (tournament_id, seq)) WITHOUT ROWID")
    started = time.perf_counter()
    for tournament, body in batches:
        rows = [(tournament, e["seq"], e["type"], e["at"], e["station"], json.dumps(e["payload"], sort_keys=True))
                for e in json.loads(body)["events"]]
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)", rows)
        conn.execute("COMMIT")
    elapsed = time.perf_counter() - started
    conn.close()
    return elapsed


def time_site(paths: list[Path], folder: Path) -> tuple[float, int]:
    db = folder / "site.db"
    made = subprocess.run([sys.executable, "-m", "tourneysite.cli", "token", "create", "--venue", "Bench Club",
                           "--db", str(db)], capture_output=True, text=True, check=True,
                          env={**_env(), "PYTHONPATH": f"{REPO / 'website'}:{REPO / 'desktop'}"})
    token = made.stdout.split()[-1]
    port = free_port()
    process = start_process(["-m", "tourneysite.cli", "serve", "--db", str(db), "--port", str(port)], port,
                            folder / "site.log")
    try:
        started = time.perf_counter()
        for path in paths:  # one tournament after another, as the laptop's links would when it comes online
            pusher = Pusher(path, f"http://127.0.0.1:{port}", token, timeout=120)
            status = pusher.step()
            pusher.close()
            if status.state != "synced":
                raise RuntimeError(f"the push did not finish: {status}")
        elapsed = time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(timeout=10)
    stored = sqlite3.connect(db).execute("SELECT COUNT(*) FROM events").fetchone()[0]
    return elapsed, int(stored)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backlog", type=Path, help="keep the backlog files in this folder (reused when there)")
    parser.add_argument("--events", type=int, default=TARGET_EVENTS, help="events in all (default 100,000)")
    parser.add_argument("--tournaments", type=int, default=1,
                        help="spread over this many tournament files (default 1: one huge field)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-sync-") as tmp:
        folder = Path(tmp)
        keep = args.backlog or folder
        keep.mkdir(parents=True, exist_ok=True)
        per = args.events // args.tournaments
        work: list[Path] = []
        started = time.perf_counter()
        for n in range(1, args.tournaments + 1):
            backlog = keep / f"backlog-{args.events}-{n}-of-{args.tournaments}.tdesk"
            if not backlog.exists():
                build_backlog(backlog, per, max(500, FIELD // args.tournaments), seed=n)
            work.append(folder / f"push-{n}.tdesk")
            shutil.copyfile(backlog, work[-1])  # a fresh copy: nothing acknowledged yet
        print(f"backlog ready in {time.perf_counter() - started:.1f} s (not part of the figures)", flush=True)
        batches, client_s = bodies(work)
        count = sum(sqlite3.connect(w).execute("SELECT COUNT(*) FROM events").fetchone()[0] for w in work)
        size_mb = sum(len(b) for _, b in batches) / 1e6
        print(f"backlog: {count} events of {len(work)} tournament(s) in {len(batches)} batches, "
              f"{size_mb:.1f} MB of JSON", flush=True)
        transport_s = time_transport(batches, folder)
        sqlite_s = time_sqlite(batches, folder)
        site_s, stored = time_site(work, folder)
        print(f"baseline client   (outbox read + privacy filter + JSON): {client_s:6.2f} s  "
              f"{count / client_s:9,.0f} events/s")
        print(f"baseline transport (same bodies, endpoint that only reads): {transport_s:6.2f} s  "
              f"{count / transport_s:9,.0f} events/s")
        print(f"baseline sqlite   (bare inserts, a transaction per batch): {sqlite_s:6.2f} s  "
              f"{count / sqlite_s:9,.0f} events/s")
        print(f"tourneysite       (Pusher.step() until all acknowledged):  {site_s:6.2f} s  "
              f"{count / site_s:9,.0f} events/s  (stored {stored} rows)")
        verdict = "within" if site_s <= TARGET_S else "OVER"
        print(f"{count} events reached the site in {site_s:.1f} s: {verdict} the {TARGET_S:g} s target")


if __name__ == "__main__":
    main()
