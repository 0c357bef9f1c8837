"""The shipped deployment run for real: the site started by the systemd unit's own command line, and a
real nginx or Caddy in front of it with the shipped example config, over HTTPS with a throwaway
certificate. The shipped files are templated only for what differs on a test machine: ports, paths and
the certificate; each replacement must find its text, so that a config that changes shape fails here
rather than being tested half.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers.site_process import REPO, free_port, site_env

DEPLOY = REPO / "website" / "deploy"
UNIT_BINARY = "/opt/tourneysite/bin/tourneysite"
UNIT_DB = "/var/lib/tourneysite/site.db"
SITE_PORT = "127.0.0.1:8080"


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, valid for a day, made by `openssl` as an admin would."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


def _replace(text: str, pattern: str, replacement: str, *, count: int = 0) -> str:
    new, found = re.subn(pattern, lambda _m: replacement, text, count=count)
    assert found, f"the shipped config no longer holds {pattern!r}: update the test's template with it"
    return new


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path, what: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited: {log.read_text(errors='replace')[-3000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port} within 30 s: {log.read_text(errors='replace')[-3000:]}")


STOP_S = 15.0


def stop(process: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM, as systemd stops it; one that does not end in STOP_S is killed and fails the test: a suite
    that waits out a timeout on every teardown spends its time on nothing (Caddy once took 61 s a run)."""
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=STOP_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        raise AssertionError(f"{process.args[0]} did not stop within {STOP_S:.0f} s of SIGTERM") from None


def instance_command(unit: str, db_url: str, port: int) -> list[str]:
    """The template unit's ExecStart for instance `port`, its database the one /etc/tourneysite.env would name."""
    line = next(x for x in unit.splitlines() if x.startswith("ExecStart="))
    argv = shlex.split(line.removeprefix("ExecStart="))
    assert argv[0] == UNIT_BINARY and "${TOURNEYSITE_DB}" in argv and "%i" in argv, argv
    argv = [db_url if a == "${TOURNEYSITE_DB}" else str(port) if a == "%i" else a for a in argv]
    return [sys.executable, "-m", "tourneysite.cli", *argv[1:]]


def unit_command(unit: str, db: Path, port: int) -> list[str]:
    """The unit's ExecStart, with the site's program, database and port of this machine."""
    line = next(x for x in unit.splitlines() if x.startswith("ExecStart="))
    argv = shlex.split(line.removeprefix("ExecStart="))
    assert argv[0] == UNIT_BINARY and UNIT_DB in argv and "--port" in argv, argv
    argv[argv.index("--port") + 1] = str(port)
    argv[argv.index(UNIT_DB)] = str(db)
    return [sys.executable, "-m", "tourneysite.cli", *argv[1:]]


class UnitSite:
    """`tourneysite serve` as tourneysite.service starts it (plus `extra`, e.g. the sub-path)."""

    def __init__(self, folder: Path, extra: list[str], instance: int | None = None) -> None:
        """`instance`: tourneysite@.service's process number `instance` instead, on the same database."""
        self.db = folder / "site.db"
        self.port = free_port()
        if instance is None:
            self.command = unit_command((DEPLOY / "tourneysite.service").read_text(), self.db, self.port) + extra
        else:
            self.command = instance_command((DEPLOY / "tourneysite@.service").read_text(), f"sqlite:///{self.db}",
                                            self.port) + extra
        self.log = folder / f"site{'' if instance is None else instance}.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command, env=site_env(), stdout=log, stderr=subprocess.STDOUT)
        wait_for_port(self.port, self.process, self.log, "the site")

    def stop(self) -> None:
        stop(self.process)


class Proxy:
    """nginx or Caddy in the foreground, with the shipped `config` templated for this machine."""

    def __init__(self, kind: str, config: str, folder: Path, site_port: int, cert: Path, key: Path,
                 processes: dict[int, int] | None = None) -> None:
        """`processes`: for the several processes' configs, the port each of theirs (8081...) becomes here."""
        self._args = (kind, config, folder, site_port, cert, key, processes)
        self.kind, self.folder = kind, folder
        self.https_port, self.http_port = free_port(), free_port()
        self.log = folder / f"{kind}.log"
        self.process: subprocess.Popen[bytes] | None = None
        text = (DEPLOY / config).read_text()
        if "processes" not in config:  # those name their processes' ports themselves
            text = _replace(text, re.escape(SITE_PORT), f"127.0.0.1:{site_port}")
        for shipped, here in (processes or {}).items():
            text = _replace(text, rf"127\.0\.0\.1:{shipped}\b", f"127.0.0.1:{here}")
        if kind == "nginx":
            self._nginx(text, cert, key)
        else:
            self._caddy(text, cert, key)

    def _nginx(self, text: str, cert: Path, key: Path) -> None:
        text = _replace(text, r"listen 443 ssl http2;", f"listen 127.0.0.1:{self.https_port} ssl http2;")
        text = _replace(text, r"listen 80;", f"listen 127.0.0.1:{self.http_port};")
        text = _replace(text, r"ssl_certificate\s+\S+;", f"ssl_certificate {cert};")
        text = _replace(text, r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};")
        site = self.folder / "site.conf"
        site.write_text(text)
        temp = "\n".join(f"    {name}_temp_path {self.folder / name};"
                         for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        # What Debian's /etc/nginx/nginx.conf gives every site, less what the shipped file must bring itself
        # (gzip: a club's nginx.conf may not have it on). As root, the workers stay root: the folders are the test's.
        main = f"""daemon off;
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {self.folder / "nginx.pid"};
error_log {self.log} info;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log {self.folder / "access.log"};
{temp}
    include {site};
}}
"""
        (self.folder / "nginx.conf").write_text(main)
        self.command = [shutil.which("nginx") or "nginx", "-p", str(self.folder), "-e", str(self.log),
                        "-c", str(self.folder / "nginx.conf")]
        self.check = [*self.command, "-t"]

    def _caddy(self, text: str, cert: Path, key: Path) -> None:
        text = _replace(text, r"(?m)^[a-z.-]+\.org \{", f"https://127.0.0.1:{self.https_port} {{\n\ttls {cert} {key}",
                        count=1)
        # grace_period: on SIGTERM Caddy waits for every request in flight to end, and a live page's stream never
        # does; a second is what the test gives it (the shipped file keeps Caddy's own, which waits for them).
        options = (f"{{\n\tadmin off\n\thttp_port {self.http_port}\n\thttps_port {self.https_port}\n"
                   f"\tskip_install_trust\n\tstorage file_system {self.folder / 'caddy-data'}\n"
                   f"\tgrace_period 1s\n}}\n\n")
        caddyfile = self.folder / "Caddyfile"
        caddyfile.write_text(options + text)
        self.command = [shutil.which("caddy") or "caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"]
        self.check = [shutil.which("caddy") or "caddy", "validate", "--config", str(caddyfile), "--adapter",
                      "caddyfile"]

    def start(self) -> None:
        # A free port can be taken by a test in the other worker before the proxy binds it: new ports, again.
        for _ in range(4):
            try:
                self._start()
                return
            except RuntimeError as error:
                if "address already in use" not in str(error):
                    raise
                self.__init__(*self._args)  # type: ignore[misc]
        self._start()

    def _start(self) -> None:
        env = {**os.environ, "XDG_DATA_HOME": str(self.folder / "xdg-data"),
               "XDG_CONFIG_HOME": str(self.folder / "xdg-config")}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT, env=env,
                                            cwd=self.folder)
        wait_for_port(self.https_port, self.process, self.log, self.kind)

    def stop(self) -> None:
        stop(self.process)
