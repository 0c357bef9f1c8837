"""The results website under a crowd, on 127.0.0.1, each figure beside a baseline from the same run.

    python scripts/bench_site.py [--file FINISHED_10K.tdesk] [--readers 200] [--seconds 10] [--streams 200]
                                 [--postgres] [--processes 2]

It starts `tourneysite serve` in its own process on a fresh database (a SQLite file, or with --postgres a
PostgreSQL server of its own, started from Debian's binaries in a temporary folder) and pushes a finished field (made by
`tourneydesk sim --players 10000` when no --file is given) three times under three tournament ids:
"results" (the whole log: the finished results page), "live" (the first half: a live page with thousands
still in) and the push being timed. Then:

- readers: N concurrent readers fetch the live and results pages (gzip, as browsers do) for S seconds:
  pages a second and p50/p99; beside it, the same with one reader (the baseline);
- push: the push of the log's first 50,000 events alone (the baseline, measured before and after: the
  ratio is to their mean), then the same under the readers, and the readers' figures while it lasted;
- streams: M live pages' streams connected; one more batch pushed to the live tournament; the time
  until every stream has the change (p50/p99);
- a phone left open an hour: one stream on the live tournament while the log's next hour of play is
  pushed command by command, as the laptop sends it; the bytes it received on the wire (gzip).

With `--processes 2` two site processes share the database, as behind the reverse proxy of
website/deploy/: the readers and the live pages' streams go to the first, the laptop's pushes to the
second (the proxy's upstream for /api/), so a push reaches the pages through the database.

Loopback only; every loop is bounded in count and time. The load average is printed with the figures:
on a shared machine they mean little without it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from tourneydesk.core.protocol.public import wire_event
from tourneydesk.desk import Desk
from tourneydesk.store.chain import GENESIS
from tourneydesk.sync.outbox import Outbox

BATCH = 500
PUSH_TARGET = 1.3  # the push under the readers, to the push alone


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def log_of(path: Path) -> list[dict[str, Any]]:
    """The file's events as the sync sends them (read from a copy: opening may migrate a file)."""
    copy = Path(tempfile.mkdtemp()) / path.name
    shutil.copy(path, copy)
    with Desk.open(copy) as desk:
        events = desk.events()
    with Outbox(copy, "bench") as outbox:
        hashes = outbox.hashes(1, events[-1].seq)
    return [{**wire_event(e), "hash": hashes[e.seq]} for e in events]


def body(events: list[dict[str, Any]], by_seq: dict[int, str]) -> dict[str, Any]:
    """A batch as the pusher sends it: where it starts, and the hash of the event before."""
    after = events[0]["seq"] - 1
    return {"after": after, "prev": GENESIS if after == 0 else by_seq[after], "events": events}


def renamed(events: list[dict[str, Any]], tournament_id: str) -> list[dict[str, Any]]:
    """The same log under another tournament id (the first event names it)."""
    first = json.loads(json.dumps(events[0]))
    first["payload"]["tournament_id"] = tournament_id
    return [first, *events[1:]]


def batches(events: list[dict[str, Any]], size: int = BATCH) -> Iterator[list[dict[str, Any]]]:
    for i in range(0, len(events), size):
        yield events[i:i + size]


def by_command(events: list[dict[str, Any]]) -> Iterator[list[dict[str, Any]]]:
    """The events a laptop sends one command at a time (consecutive events of one second and station)."""
    group: list[dict[str, Any]] = []
    for e in events:
        if group and e["at"] != group[-1]["at"]:
            yield group
            group = []
        group.append(e)
    if group:
        yield group


class Site:
    hashes: dict[int, str]

    def __init__(self, db: str, processes: int = 1) -> None:
        self.db = db
        created = subprocess.run([sys.executable, "-m", "tourneysite.cli", "token", "create", "--venue", "Bench Club",
                                  "--db", self.db], capture_output=True, text=True, check=True)
        self.token = created.stdout.split()[-1]
        self.processes: list[subprocess.Popen[bytes]] = []
        urls = []
        for _ in range(processes):
            port = free_port()
            urls.append(f"http://127.0.0.1:{port}")
            self.processes.append(subprocess.Popen([sys.executable, "-m", "tourneysite.cli", "serve", "--db", self.db,
                                                    "--port", str(port)], stdout=subprocess.DEVNULL,
                                                   stderr=subprocess.DEVNULL))
        self.url = urls[0]  # the readers' and the streams'
        self.push_url = urls[-1]  # the laptop's: another process when there are two
        deadline = time.monotonic() + 60
        for url, process in zip(urls, self.processes, strict=True):
            while True:
                try:
                    httpx.get(url + "/", timeout=5)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or process.poll() is not None:
                        self.stop()
                        raise RuntimeError("tourneysite did not start") from None
                    time.sleep(0.2)

    def push(self, tournament_id: str, events: list[dict[str, Any]], size: int = BATCH) -> float:
        started = time.perf_counter()
        with httpx.Client(base_url=self.push_url, timeout=300) as http:
            for batch in batches(events, size):
                r = http.post(f"/api/v1/tournaments/{tournament_id}/events", json=body(batch, self.hashes),
                              headers={"Authorization": f"Bearer {self.token}"})
                if r.status_code != 200:
                    raise RuntimeError(f"push refused: {r.status_code} {r.text[:300]}")
        return time.perf_counter() - started

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # still waiting for its streams to close: not left behind
                process.kill()
                process.wait(timeout=30)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"[load average {one:.2f} / {five:.2f}, {os.cpu_count()} cores]"


def wrk_start(url: str, paths: list[str], readers: int, seconds: float) -> list[subprocess.Popen[str]]:
    """Readers as a second program (wrk), spread over the pages. The bench's own Python would be the
    bottleneck, not the site."""
    return [subprocess.Popen(["wrk", "--latency", "-t", "1", "-c", str(max(1, readers // len(paths))),
                              "-d", f"{int(seconds)}s", "-H", "Accept-Encoding: gzip", url + path],
                             stdout=subprocess.PIPE, text=True) for path in paths]


def wrk_figures(procs: list[subprocess.Popen[str]], *, stop: bool = False) -> tuple[float, float, float]:
    """Pages a second, p50 and p99 in seconds, of the wrk readers `wrk_start` started; `stop`: now (wrk
    counts what it had until then)."""
    if stop:
        for proc in procs:
            proc.send_signal(signal.SIGINT)
    outs = [p.communicate(timeout=660)[0] for p in procs]
    if os.environ.get("BENCH_RAW"):
        print(*outs, sep="\n")
    rate = sum(float(line.split()[1]) for out in outs for line in out.splitlines() if line.startswith("Requests/sec"))

    def pct(name: str) -> float:
        worst = 0.0
        for out in outs:
            for line in out.splitlines():
                if line.strip().startswith(name):
                    value = line.split()[1]
                    scale = {"us": 1e-6, "ms": 1e-3, "s": 1.0}
                    unit = next(u for u in ("us", "ms", "s") if value.endswith(u))
                    worst = max(worst, float(value[:-len(unit)]) * scale[unit])
        return worst

    return rate, pct("50%"), pct("99%")


def wrk_readers(url: str, paths: list[str], readers: int, seconds: float) -> tuple[float, float, float]:
    return wrk_figures(wrk_start(url, paths, readers, seconds))


async def stream_delivery(site: Site, tournament_id: str, streams: int, batch: list[dict[str, Any]]) -> list[float]:
    """Seconds from the push until each of `streams` pages has the patch it carried."""
    got: list[float] = []
    pushed_at: list[float] = []
    ready = asyncio.Event()
    connected = 0
    limits = httpx.Limits(max_connections=streams + 10)
    async with httpx.AsyncClient(base_url=site.url, timeout=120, limits=limits,
                                 headers={"Accept-Encoding": "gzip"}) as client:

        async def page() -> None:
            nonlocal connected
            async with client.stream("GET", f"/t/{tournament_id}/stream") as response:
                async for line in response.aiter_lines():
                    if line == "event: model":
                        connected += 1
                        if connected == streams:
                            ready.set()
                    elif line == "event: patch":
                        got.append(time.perf_counter() - pushed_at[0])
                        return

        tasks = [asyncio.create_task(page()) for _ in range(streams)]
        await asyncio.wait_for(ready.wait(), 120)
        await asyncio.sleep(0.5)
        pushed_at.append(time.perf_counter())
        await asyncio.to_thread(site.push, tournament_id, batch)
        await asyncio.wait_for(asyncio.gather(*tasks), 60)
    return got


async def phone_for_an_hour(site: Site, tournament_id: str, commands: list[list[dict[str, Any]]]) -> tuple[int, int]:
    """Bytes on the wire a stream received while `commands` were pushed one by one; and the commands."""
    received = 0
    done = asyncio.Event()
    async with httpx.AsyncClient(base_url=site.url, timeout=None, headers={"Accept-Encoding": "gzip"}) as client:

        async def phone() -> None:
            nonlocal received
            async with client.stream("GET", f"/t/{tournament_id}/stream") as response:
                async for chunk in response.aiter_raw():
                    received += len(chunk)
                    if done.is_set():
                        return

        task = asyncio.create_task(phone())
        await asyncio.sleep(1.0)

        def push_all() -> None:
            with httpx.Client(base_url=site.push_url, timeout=60) as http:
                for command in commands:
                    http.post(f"/api/v1/tournaments/{tournament_id}/events", json=body(command, site.hashes),
                              headers={"Authorization": f"Bearer {site.token}"}).raise_for_status()
                    time.sleep(0.002)

        await asyncio.to_thread(push_all)
        await asyncio.sleep(3.0)  # the last patches reach the phone
        done.set()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, httpx.HTTPError):
            await task
    return received, len(commands)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, help="a finished .tdesk (default: a 10,000-player sim, made now)")
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--push-events", type=int, default=50_000)
    parser.add_argument("--only-streams", action="store_true", help="measure the streams and the phone only")
    parser.add_argument("--no-streams", action="store_true",
                        help="the readers and the push only (no streams, no phone)")
    parser.add_argument("--postgres", action="store_true", help="the site on a PostgreSQL server of its own")
    parser.add_argument("--processes", type=int, choices=(1, 2), default=1,
                        help="site processes: 2 = readers on one, pushes on the other")
    args = parser.parse_args()
    if not args.only_streams and shutil.which("wrk") is None:
        # The readers are a second program: the bench's own Python would be their bottleneck, not the site
        # (it once measured itself at 149 pages a second, and skipped the push).
        print("bench_site: the readers are measured with wrk, which is not installed (Debian's wrk package: "
              "apt-get install wrk); --only-streams measures the live pages' streams without it", file=sys.stderr)
        return 2

    folder = Path(tempfile.mkdtemp(prefix="bench-site-"))
    postgres = None
    if args.postgres:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
        from tests.helpers.postgres import PostgresServer, binaries

        bindir = binaries()
        if bindir is None:
            print("PostgreSQL is not installed (Debian's postgresql package)", file=sys.stderr)
            return 2
        postgres = PostgresServer(bindir, durable=True)
    try:
        return bench(args, folder, postgres.new_database() if postgres else f"sqlite:///{folder / 'site.db'}")
    finally:
        if postgres is not None:
            postgres.stop()


def bench(args: argparse.Namespace, folder: Path, db: str) -> int:
    path = args.file
    if path is None:
        path = folder / "field.tdesk"
        print("Playing a 10,000-player field with the sim (a few minutes)...", flush=True)
        subprocess.run([sys.executable, "-m", "tourneydesk", "sim", "--players", "10000", "--db", str(path)],
                       check=True, stdout=subprocess.DEVNULL)
    events = log_of(path)
    print(f"The field: {len(events):,} events   {load()}", flush=True)
    print(f"The site: {'PostgreSQL' if db.startswith('postgresql') else 'SQLite'}, {args.processes} process"
          + ("es (readers and streams on the first, pushes on the second)" if args.processes > 1 else ""), flush=True)
    site = Site(db, args.processes)
    site.hashes = {e["seq"]: e["hash"] for e in events}
    try:
        results_id, live_id, = str(uuid.uuid4()), str(uuid.uuid4())
        half = len(events) // 2
        site.push(results_id, renamed(events, results_id))
        site.push(live_id, renamed(events[:half], live_id))
        pushed = renamed(events[:args.push_events], str(uuid.uuid4()))
        alone = site.push(pushed[0]["payload"]["tournament_id"], pushed)
        paths = [f"/t/{live_id}", f"/t/{results_id}/results"]
        # the first read of each page folds its tournament in the readers' process (pushed through another): once
        sizes = {p: int(httpx.get(site.url + p, headers={"Accept-Encoding": "gzip"}, timeout=120)
                        .headers["content-length"])
                 for p in paths}
        sizes_plain = {p: int(httpx.get(site.url + p, headers={"Accept-Encoding": "identity"}, timeout=120)
                              .headers["content-length"]) for p in paths}

        print(f"Pages (gzip / plain): live {sizes[paths[0]]:,} / {sizes_plain[paths[0]]:,} bytes, "
              f"results {sizes[paths[1]]:,} / {sizes_plain[paths[1]]:,} bytes", flush=True)
        if not args.only_streams:
            for readers in (2, args.readers):  # two readers (one a page) are the baseline
                rate, p50, p99 = wrk_readers(site.url, paths, readers, args.seconds)
                print(f"{readers:4d} readers (wrk): {rate:8.1f} pages/s   p50 {p50 * 1000:7.1f} ms   "
                      f"p99 {p99 * 1000:7.1f} ms" + ("   (target: >= 200 pages/s, p99 < 1 s)" if readers > 2 else
                                                     "   (baseline)") + f"   {load()}", flush=True)

        def push_under_readers() -> tuple[float, tuple[float, float, float]]:
            """The push's seconds, and the readers' figures while it lasted (wrk stopped as it ends)."""
            again = renamed(events[:args.push_events], str(uuid.uuid4()))
            readers = wrk_start(site.url, paths, args.readers, 600)
            try:
                time.sleep(0.2)  # the readers' connections open
                took = site.push(again[0]["payload"]["tournament_id"], again)
            except BaseException:
                for reader in readers:
                    reader.kill()
                raise
            return took, wrk_figures(readers, stop=True)

        if not args.only_streams:
            with_readers, (rate, p50, p99) = push_under_readers()
            again = renamed(events[:args.push_events], str(uuid.uuid4()))
            after = site.push(again[0]["payload"]["tournament_id"], again)
            print(f"Push alone: {alone:.1f} s before, {after:.1f} s after   {load()}", flush=True)
            alone = (alone + after) / 2
            print(f"{args.readers:4d} readers during the push: {rate:8.1f} pages/s   p50 {p50 * 1000:7.1f} ms   "
                  f"p99 {p99 * 1000:7.1f} ms   (target: >= 200 pages/s, p99 < 1 s)", flush=True)
            print(f"Push of {args.push_events:,} events: alone {alone:.1f} s (baseline), with {args.readers} readers "
                  f"{with_readers:.1f} s = {with_readers / alone:.2f}x   (target: <= {PUSH_TARGET}x)   {load()}",
                  flush=True)
            met = rate >= 200 and p99 < 1.0 and with_readers / alone <= PUSH_TARGET
            print(f"All three at once (>= 200 pages/s, p99 < 1 s, push <= {PUSH_TARGET}x): "
                  f"{'met' if met else 'NOT met'}", flush=True)
        if args.no_streams:
            return 0

        next_batch = events[half:half + 20]
        delivery = asyncio.run(stream_delivery(site, live_id, args.streams, next_batch))
        print(f"A push reaches {len(delivery)} open live pages: p50 {percentile(delivery, 50) * 1000:.0f} ms, "
              f"p99 {percentile(delivery, 99) * 1000:.0f} ms   (target: p99 < 2 s)   {load()}", flush=True)
        hour_start = half + 20
        start_at = events[hour_start]["at"]
        hour = [e for e in events[hour_start:] if e["at"] < start_at + 3600]
        commands = list(by_command(hour))
        wire, count = asyncio.run(phone_for_an_hour(site, live_id, commands))
        print(f"A phone left open an hour ({count:,} commands pushed one by one, {len(hour):,} events): "
              f"{wire / 1e6:.2f} MB on the wire   (target: < 2 MB)", flush=True)
    finally:
        site.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())
