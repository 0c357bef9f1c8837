"""A real PostgreSQL server for the tests: Debian's binaries, its data in a temporary folder, listening on
127.0.0.1 on a free port. PostgreSQL refuses to run as root, so when the tests are root (CI) it runs as
the `postgres` user the Debian package creates (or `nobody`)."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg


def binaries() -> Path | None:
    """The folder holding initdb and pg_ctl: the newest of Debian's, or the PATH's."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[4]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _runner() -> tuple[list[str], int | None]:
    """How to run the server's programs: as ourselves, or (as root) through runuser as another user."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        try:
            user = pwd.getpwnam(name)
        except KeyError:
            continue
        return ["runuser", "-u", name, "--"], user.pw_uid
    raise RuntimeError("running as root and no user to run PostgreSQL as (postgres or nobody)")


class PostgresServer:
    SUPERUSER = "site"

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="tourneysite-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._prefix, uid = _runner()
        if uid is not None:
            os.chown(self.folder, uid, -1)
        self._names = itertools.count(1)
        self._run("initdb", "-D", str(self.data), "-U", self.SUPERUSER, "--auth=trust", "-E", "UTF8",
                  "--locale=C.UTF-8")
        # fsync off for the tests (their databases die with them); on for a bench, as for a club's site
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c max_connections=300" \
            + ("" if durable else " -F")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "-t", "60",
                  "start")

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self._prefix, str(self.bindir / program), *args], capture_output=True, text=True,
                              check=False)
        if done.returncode != 0:
            log = self.folder / "log"
            raise RuntimeError(f"{program} failed: {done.stderr.strip()} {log.read_text() if log.exists() else ''}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        name = f"site_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")  # our own name, made just above
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
