"""website/deploy/'s systemd units, run by a real systemd: booted as PID 1 of a container made from this
machine's own tree (tests/helpers/systemd_container.py), the units installed as their comments say, the
laptop's `tourneydesk sync` pushing to them. Also `systemd-analyze verify` and the sandbox's rating, which
fail here if the units regress.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.proxies import DEPLOY, UNIT_BINARY
from tests.helpers.site_process import site_env
from tests.helpers.systemd_container import SOURCE, Container, missing
from tourneydesk.desk import Desk

pytestmark = pytest.mark.slow

UNITS = ["tourneysite.service", "tourneysite@.service"]
SITE = "/opt/tourneysite/bin/tourneysite"
DB = "/var/lib/tourneysite/site.db"
# `systemd-analyze security`'s exposure (0 to 10) the shipped units reach; they were 8.5 "EXPOSED" before.
EXPOSURE = 0.9

FETCH = """
import json, sys, httpx
r = httpx.get(sys.argv[1], timeout=30)
print(json.dumps({"status": r.status_code, "text": r.text}))
"""


def shipped_for_this_machine(unit: str, folder: Path) -> Path:
    """The shipped unit with only the program's path of this machine: verify checks that it exists."""
    program = folder / "tourneysite"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    (folder / unit).write_text((DEPLOY / unit).read_text().replace(UNIT_BINARY, str(program)))
    return folder / unit


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
@pytest.mark.parametrize("unit", ["tourneysite.service", "tourneysite@8081.service"])
def test_the_systemd_units_verify(unit: str, tmp_path: Path) -> None:
    shipped = unit.split("@")[0] + ("@.service" if "@" in unit else "")
    shipped_for_this_machine(shipped, tmp_path)
    checked = subprocess.run(["systemd-analyze", "verify", str(tmp_path / unit)], capture_output=True, text=True,
                             timeout=60)
    assert checked.returncode == 0 and not checked.stderr.strip(), checked.stdout + checked.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
@pytest.mark.parametrize("unit", UNITS)
def test_the_units_sandbox_stays_rated_safe(unit: str) -> None:
    """`systemd-analyze security --offline` on the shipped file: a setting dropped raises the exposure."""
    rated = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(DEPLOY / unit)],
                           capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+) (\w+)", rated.stdout)
    assert found, rated.stdout + rated.stderr
    assert float(found[1]) <= EXPOSURE and found[2] == "SAFE", rated.stdout
    # The settings the rating cannot see, which a club's site needs.
    text = (DEPLOY / unit).read_text()
    for needed in ("StateDirectory=tourneysite", "ProtectSystem=strict", "RestrictAddressFamilies=AF_INET AF_INET6 "
                   "AF_UNIX", "IPAddressAllow=localhost", "SystemCallFilter=@system-service"):
        assert needed in text, needed


@pytest.fixture(scope="module")
def container(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Container]:
    reason = missing()
    if reason:
        pytest.skip(reason)
    box = Container(tmp_path_factory.mktemp("systemd"))
    try:
        box.boot()
        box.install_site()
        yield box
    finally:
        box.shut_down()


@pytest.fixture
def evening(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    clock.t = time.time()  # the site under systemd reads the real clock: the evening is tonight
    desk = make_desk(PKO_CONFIG | {"name": "Supervised PKO"})
    entries = seat_players(desk, 12)
    desk.execute({"type": "clock", "action": "start"})
    for victim in entries[:2]:
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    return desk


def bust_one(desk: Desk) -> None:
    live = [e for e in desk.snapshot()["entries"] if e["status"] == "active"]
    desk.execute({"type": "bust", "entry": live[0]["id"], "by": [table_mate(desk, live[0]["id"])]})


def sync(box: Container, desk: Desk, port: int, token: str) -> None:
    """The laptop's `tourneydesk sync`, in the container's network."""
    done = box.in_network([sys.executable, "-m", "tourneydesk.cli", "sync", str(desk.path), "--url",
                           f"http://127.0.0.1:{port}", f"--token={token}"], env=site_env())
    assert done.returncode == 0 and "Synced" in done.stdout, done.stdout + done.stderr


def get(box: Container, port: int, path: str) -> tuple[int, str]:
    done = box.in_network([sys.executable, "-c", FETCH, f"http://127.0.0.1:{port}{path}"], env=site_env())
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    return answer["status"], answer["text"]


def players_left(box: Container, port: int, tid: str) -> int:
    status, text = get(box, port, f"/api/v1/tournaments/{tid}")
    assert status == 200, text
    return int(json.loads(text)["counts"]["players_left"])


def main_pid(box: Container, unit: str) -> int:
    return int(box.run("systemctl", "show", "--property=MainPID", "--value", unit).stdout)


def token_for(box: Container, db: str) -> str:
    """Made as the unit's comment says: the owner's command, run as the site's user."""
    made = box.run(SITE, "token", "create", "--venue", "The Queen's Club", "--db", db, user="tourneysite")
    return made.stdout.split()[-1]


def test_the_unit_serves_a_club_under_systemd_and_its_data_outlives_a_restart(container: Container,
                                                                               evening: Desk) -> None:
    box = container
    box.install_unit("tourneysite.service")
    box.run("systemctl", "enable", "--now", "tourneysite.service")
    try:
        box.wait_for_port(8080, "tourneysite.service")
        token = token_for(box, DB)
        sync(box, evening, 8080, token)
        tid = evening.state.tournament_id
        status, page = get(box, 8080, f"/t/{tid}")
        assert status == 200 and "Supervised PKO" in page
        assert players_left(box, 8080, tid) == 10

        # Its log is the journal's; its files are the site's user's, in the state folder, private.
        log = box.journal("tourneysite.service")
        assert "Uvicorn running on http://127.0.0.1:8080" in log and f"POST /api/v1/tournaments/{tid}/events" in log
        owners = box.run("stat", "-c", "%n %U %a", "/var/lib/tourneysite", DB).stdout.split("\n")
        assert owners[:2] == ["/var/lib/tourneysite tourneysite 750", f"{DB} tourneysite 600"], owners
        # The site's own process: no capability, no way to gain one, its system calls filtered.
        pid = main_pid(box, "tourneysite.service")
        process = box.run("cat", f"/proc/{pid}/status").stdout
        assert re.search(r"^CapEff:\s+0+$", process, re.M) and re.search(r"^CapBnd:\s+0+$", process, re.M)
        assert re.search(r"^NoNewPrivs:\s+1$", process, re.M) and re.search(r"^Seccomp:\s+2$", process, re.M)

        # Restarted (an upgrade, a reboot): the tournament is still there and the laptop carries on.
        box.run("systemctl", "restart", "tourneysite.service")
        assert main_pid(box, "tourneysite.service") != pid
        box.wait_for_port(8080, "tourneysite.service")
        assert players_left(box, 8080, tid) == 10
        bust_one(evening)
        sync(box, evening, 8080, token)
        assert players_left(box, 8080, tid) == 9

        # The backup as docs/website.md says, while the site serves; then restored over a later push.
        box.run("install", "-d", "-o", "tourneysite", "-g", "tourneysite", "-m", "750", "/var/backups/tourneysite")
        box.run(SITE, "backup", "--db", DB, "/var/backups/tourneysite/site.db", user="tourneysite")
        bust_one(evening)
        sync(box, evening, 8080, token)
        assert players_left(box, 8080, tid) == 8
        box.run("systemctl", "stop", "tourneysite.service")
        box.run("cp", "/var/backups/tourneysite/site.db", DB, user="tourneysite")
        box.run("systemctl", "start", "tourneysite.service")
        box.wait_for_port(8080, "tourneysite.service")
        assert players_left(box, 8080, tid) == 9
        sync(box, evening, 8080, token)  # the laptop sends again what the older copy lacks
        assert players_left(box, 8080, tid) == 8
    finally:
        box.run("systemctl", "disable", "--now", "tourneysite.service", check=False)


def test_the_sandbox_holds_a_process_run_as_the_site(container: Container) -> None:
    """The shipped unit with only its ExecStart changed, to a probe that tries what a compromised site might."""
    box = container
    unit = (DEPLOY / "tourneysite.service").read_text()
    probe = (f"ExecStart=/opt/tourneysite/bin/python {SOURCE}/tests/helpers/sandbox_probe.py "
             "/var/lib/tourneysite/probe.json")
    box.install_unit("tourneysite-probe.service", re.sub(r"^ExecStart=.*$", probe, unit, count=1, flags=re.M))
    # An address on the loopback that is not "localhost": a process outside the sandbox reaches it.
    box.run("ip", "address", "add", "10.9.9.9/32", "dev", "lo")
    reach = ("import socket; s = socket.socket(); s.bind(('10.9.9.9', 0)); s.listen(); "
             "socket.create_connection(s.getsockname(), timeout=3)")
    assert box.run("python3", "-c", reach, check=False).returncode == 0
    box.run("systemctl", "start", "tourneysite-probe.service")
    deadline = time.monotonic() + 60
    while box.run("systemctl", "is-active", "tourneysite-probe.service", check=False).stdout.strip() in (
            "active", "activating") and time.monotonic() < deadline:
        time.sleep(0.2)
    found = box.run("cat", "/var/lib/tourneysite/probe.json", check=False)
    assert found.returncode == 0, box.journal("tourneysite-probe.service")
    seen: dict[str, Any] = json.loads(found.stdout)
    # systemd's firewall drops what the unit sends elsewhere: refused at once, or never answered.
    assert seen.pop("connect 10.9.9.9") in ("EPERM", "ETIMEDOUT")
    assert seen == {
        "user": "tourneysite",
        "capabilities": "0000000000000000",
        "bounding set": "0000000000000000",
        "no new privileges": "1",
        "write the state folder": "ok",
        "write /tmp": "ok",  # its own: PrivateTmp
        "write /etc": "EROFS",
        "write /opt/tourneysite": "EROFS",
        "write /usr/local": "EROFS",
        "write /var/lib": "EROFS",
        "write the checkout": "EROFS",
        "list /root": "EACCES",
        "list /home": "EACCES",
        "setuid file": "EPERM",
        "see PID 1": "hidden",
        "see the kernel's settings": "hidden",
        "block devices": [],
        "packet socket": "EAFNOSUPPORT",
        "netlink socket": "EAFNOSUPPORT",
        "connect 127.0.0.1": "ok",
        "writable and executable memory": "EPERM",
        "become root": "EPERM",
        "set the host name": "EPERM",
        "user namespace": "EPERM",
    }, seen
    # Its /tmp was its own, gone with it.
    assert box.run("test", "-e", "/tmp/tourneysite-probe.txt", check=False).returncode != 0


@pytest.mark.skipif(not Path("/usr/lib/postgresql").is_dir(), reason="Debian's postgresql is not installed")
def test_the_template_unit_runs_several_processes_on_postgresql_under_systemd(container: Container,
                                                                               evening: Desk) -> None:
    """As tourneysite@.service's comments say: PostgreSQL's own service, the database made by `createuser` and
    `createdb`, named in /etc/tourneysite.env, two instances on it."""
    box = container
    box.run("systemctl", "start", "postgresql.service")
    box.run("createuser", "tourneysite", user="postgres")
    box.run("createdb", "-O", "tourneysite", "tourneysite", user="postgres")
    box.write("/etc/tourneysite.env", "TOURNEYSITE_DB=postgresql:///tourneysite\n")
    box.install_unit("tourneysite@.service")
    instances = ["tourneysite@8081.service", "tourneysite@8082.service"]
    box.run("systemctl", "enable", "--now", *instances)
    try:
        for port, unit in zip((8081, 8082), instances, strict=True):
            box.wait_for_port(port, unit)
        token = token_for(box, "postgresql:///tourneysite")
        sync(box, evening, 8081, token)
        tid = evening.state.tournament_id
        status, page = get(box, 8082, f"/t/{tid}")  # the other process, the same database
        assert status == 200 and "Supervised PKO" in page
        assert players_left(box, 8082, tid) == 10
        assert f"POST /api/v1/tournaments/{tid}/events" in box.journal(instances[0])
        assert f"GET /t/{tid}" in box.journal(instances[1])

        box.run("systemctl", "restart", *instances)
        for port, unit in zip((8081, 8082), instances, strict=True):
            box.wait_for_port(port, unit)
        assert players_left(box, 8081, tid) == 10
        bust_one(evening)
        sync(box, evening, 8082, token)  # pushed through the second process this time
        assert players_left(box, 8081, tid) == 9
    finally:
        box.run("systemctl", "disable", "--now", *instances, check=False)
        box.run("systemctl", "stop", "postgresql.service", check=False)
