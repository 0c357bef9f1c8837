"""A real tourneysite under uvicorn, in its own process on 127.0.0.1, that a test can kill and restart.

A process (not a thread) so that "the site dies in the middle of a batch" is a real SIGKILL: no
graceful shutdown finishes the request it was reading. The site's clock is fixed at `now`, so its
JSON can be compared with the desktop's snapshot at the same instant. Also the `tourneysite` command line
itself, and a port kept for a server a test starts.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_LAUNCH = """
import sys
from tourneysite.app import create_app
from tourneysite.server import serve
db, port, now = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
serve(create_app(db, now=lambda: now), host="127.0.0.1", port=port, log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def site_env() -> dict[str, str]:
    """The environment for a child Python that imports both packages, installed or from the checkout."""
    env = dict(os.environ)
    paths = [str(REPO / "website"), str(REPO / "desktop"), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    return env


def create_token(db: Path, venue: str) -> str:
    """A venue token, made the way a club makes one: `tourneysite token create`, its last word."""
    done = subprocess.run(
        [sys.executable, "-m", "tourneysite.cli", "token", "create", "--venue", venue, "--db", str(db)],
        env=site_env(), capture_output=True, text=True, check=True, timeout=60,
    )
    return done.stdout.split()[-1]


class SiteProcess:
    def __init__(self, db: Path, now: float, port: int | None = None) -> None:
        self.db = db
        self.now = now
        # The port stays reserved for the life of this object: a socket bound to it (not listening,
        # SO_REUSEADDR, so that uvicorn may still bind it). Without this, a test running in parallel
        # could be handed the same "free" port and this test would talk to the other test's site.
        self._reservation = socket.socket()
        self._reservation.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._reservation.bind(("127.0.0.1", port or 0))
        self.port = int(self._reservation.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._process: subprocess.Popen[bytes] | None = None
        self._turn = threading.RLock()  # start, kill and restart, one at a time
        self._log = db.with_suffix(".log")

    def start(self) -> None:
        with self._turn, self._log.open("ab") as log:
            process = self._process = subprocess.Popen(
                [sys.executable, "-c", _LAUNCH, str(self.db), str(self.port), repr(self.now)],
                env=site_env(), stdout=log, stderr=subprocess.STDOUT,
            )
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                if process.poll() is not None:
                    raise RuntimeError(f"the site exited: {self._log.read_text(errors='replace')[-2000:]}")
                try:
                    with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                        return
                except OSError:
                    time.sleep(0.05)
            raise RuntimeError("the site did not start listening within 30 s")

    def kill(self) -> None:
        """SIGKILL: whatever request it was serving is cut off where it was."""
        with self._turn:
            self._kill()

    def _kill(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait(timeout=10)
            self._process = None

    def restart(self) -> None:
        # A faulty proxy restarts the site from its own thread, maybe while the test does too: one at a time.
        with self._turn:
            self._kill()
            self.start()

    def stop(self) -> None:
        with self._turn:
            if self._process is not None:
                self._process.terminate()
                try:
                    self._process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._kill()
                self._process = None

    def stored(self, tournament_id: str) -> list[int]:
        """Every seq the site's database holds for the tournament, one entry per row."""
        conn = sqlite3.connect(f"{self.db.resolve().as_uri()}?mode=ro", uri=True)
        try:
            rows = conn.execute("SELECT seq FROM events WHERE tournament_id = ? ORDER BY seq", (tournament_id,))
            return [int(seq) for (seq,) in rows]
        finally:
            conn.close()


# `tourneysite` as a club runs it from a shell, in a process of its own.
TOURNEYSITE = [sys.executable, "-m", "tourneysite.cli"]


def reserved_port() -> socket.socket:
    """A port kept for this test: bound (not listening, SO_REUSEADDR, so the server may still bind it)
    until the test closes it, so that no test running beside this one is handed the same port."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock
