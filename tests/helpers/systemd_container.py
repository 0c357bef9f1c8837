"""A real systemd, booted as PID 1 of a container (`systemd-nspawn`) made from this machine's own tree, into
which a test installs website/deploy/'s units as a club's administrator would.

The container sees the host's root read-only with a throwaway layer on top (`--volatile=overlay`): what the
test installs in it (the site's user, /opt/tourneysite, /etc/systemd/system/..., a PostgreSQL database)
vanishes with it. It has a network of its own (`--private-network`: only its loopback), so the units keep
their own ports (8080, 8081...) whatever runs on the host; the host reaches them by running a program in
the container's network namespace (`in_network`), e.g. the laptop's `tourneydesk sync`.

The site is installed in /opt/tourneysite as the unit's comments say, except that, instead of `pip
install` from the registry, the venv (made with the system's own python3) reaches this checkout and its
dependencies through read-only bind mounts: /opt/tourneysite-src and /opt/tourneysite-deps.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import signal
import site
import subprocess
import sys
import time
from pathlib import Path

from tests.helpers.site_process import REPO

SOURCE = "/opt/tourneysite-src"
DEPS = "/opt/tourneysite-deps"
SYSTEM_PYTHON = "/usr/bin/python3"

# The host's own tree, seen through a bind mount in a mount namespace of the container's own (the host's
# mount table never shows it): nspawn refuses to boot "/" itself, and a recursive view of it would bring
# the host's /dev along.
# Each container in a control group of its own ($CGROUPS: their cgroup.procs files), in which nspawn
# makes its "supervisor" and "payload" groups: two containers at once (two test processes) must not share
# the payload group, where each one's systemd keeps its units.
_BOOT = """
for procs in $CGROUPS; do echo $$ > "$procs" || exit 1; done
mount --bind / "$1" || exit 1
shift
exec systemd-nspawn "$@"
"""


def _shut_down_with_the_tests() -> None:
    """In the child before nspawn: a test process that dies (killed, timed out) sends nspawn the SIGTERM that
    powers its container off, rather than leaving a booted machine behind."""
    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _own_cgroups(name: str) -> list[Path]:
    """A new group below this process's own in each hierarchy nspawn uses: cgroup v2, and v1's name=systemd
    where the host mounts it."""
    mounts: dict[str, Path] = {}
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        fields, _, fs = line.partition(" - ")
        kind, _source, options = (fs.split() + ["", ""])[:3]
        if kind == "cgroup2":
            mounts["0::"] = Path(fields.split()[4])
        elif kind == "cgroup" and "name=systemd" in options.split(","):
            mounts["name=systemd:"] = Path(fields.split()[4])
    groups = []
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        number, controllers, path = line.split(":", 2)
        key = "0::" if number == "0" else f"{controllers}:"
        if key in mounts:
            groups.append(mounts.pop(key) / path.lstrip("/") / name)
    for group in groups:  # those of a test process killed before it could remove them
        for stale in group.parent.glob("tourneysite-test-*"):
            if not Path(f"/proc/{stale.name.split('-')[2]}").exists():
                _remove_cgroup(stale)
    return groups


def _remove_cgroup(group: Path) -> None:
    """Its groups, deepest first (a group goes only once empty: the container's processes are gone by then)."""
    if not group.is_dir():
        return
    for folder, _subfolders, _files in os.walk(group, topdown=False):
        with contextlib.suppress(OSError):
            os.rmdir(folder)


def missing() -> str | None:
    """Why a container cannot be booted here, or None."""
    for program in ("systemd-nspawn", "unshare", "nsenter"):
        if shutil.which(program) is None:
            return f"{program} is not installed (.ci/run installs systemd-container)"
    if os.geteuid() != 0:
        return "booting a container takes root"
    if not Path(SYSTEM_PYTHON).exists():
        return f"{SYSTEM_PYTHON} is missing"
    system = subprocess.run([SYSTEM_PYTHON, "-c", "import sys; print(sys.version_info[:2])"],
                            capture_output=True, text=True, check=True).stdout.strip()
    if system != str(sys.version_info[:2]):
        return f"the system's python3 is {system}, the tests' {sys.version_info[:2]}: their packages would not load"
    return None


def _site_packages() -> Path:
    found = [Path(p) for p in site.getsitepackages() if (Path(p) / "starlette").is_dir()]
    assert found, "starlette is not installed beside the tests' Python"
    return found[0]


class Container:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.root = folder / "root"
        self.root.mkdir()
        self.log = folder / "container.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.pid1 = 0
        self.cgroups: list[Path] = []

    def boot(self) -> None:
        """Boots to basic.target (the services a full boot would start are none of the test's business) and
        waits until systemd says the start-up is over."""
        nspawn = ["--quiet", f"--directory={self.root}", "--volatile=overlay", "--private-network",
                  # No systemd runs on the host to register the machine with or to give it a scope of its own.
                  "--register=no", "--keep-unit", "--link-journal=no", "--machine=tourneysite-test",
                  # systemd's IP address firewall (IPAddressDeny=) and device policy are BPF programs, which
                  # nspawn's own system-call filter keeps a container from loading unless told.
                  "--capability=CAP_BPF", "--system-call-filter=bpf",
                  f"--bind-ro={REPO}:{SOURCE}", f"--bind-ro={_site_packages()}:{DEPS}",
                  "--boot", "systemd.unit=basic.target"]
        # The container's own cgroup v2 tree even where the host mounts v1 beside it: those BPF programs are
        # attached to the unit's cgroup v2; without one, systemd starts the unit with no firewall, saying so
        # only in its debug log.
        self.cgroups = _own_cgroups(f"tourneysite-test-{os.getpid()}-{id(self)}")
        for group in self.cgroups:
            group.mkdir()
        environment = {**os.environ, "SYSTEMD_NSPAWN_UNIFIED_HIERARCHY": "1",
                       "CGROUPS": " ".join(str(group / "cgroup.procs") for group in self.cgroups)}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                ["unshare", "--mount", "--propagation", "private", "sh", "-c", _BOOT, "boot", str(self.root),
                 *nspawn], env=environment, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                preexec_fn=_shut_down_with_the_tests)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the container exited: {self.log.read_text(errors='replace')[-3000:]}")
            if not self.pid1:
                self.pid1 = self._init_pid()
            if self.pid1:
                state = self.run("systemctl", "is-system-running", "--wait", check=False, timeout=60).stdout.strip()
                if state in ("running", "degraded"):
                    return
            time.sleep(0.2)
        raise RuntimeError(f"the container's systemd did not start: {self.log.read_text(errors='replace')[-3000:]}")

    def _init_pid(self) -> int:
        """The container's PID 1 as the host numbers it: the systemd that nspawn started."""
        assert self.process is not None
        for task in Path(f"/proc/{self.process.pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                if Path(f"/proc/{child}/comm").read_text().strip() == "systemd":
                    return int(child)
        return 0

    def run(self, *argv: str, check: bool = True, timeout: float = 120,
            user: str | None = None) -> subprocess.CompletedProcess[str]:
        """A command run in the container as its administrator (or as `user`): its files, its systemd."""
        command = ["nsenter", f"--target={self.pid1}", "--all", "--", *argv]
        if user is not None:
            command[4:4] = ["runuser", "-u", user, "--"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout,
                              env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"})
        if check and done.returncode != 0:
            raise AssertionError(f"{argv} failed ({done.returncode}): {done.stdout}{done.stderr}")
        return done

    def in_network(self, argv: list[str], env: dict[str, str],
                   timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """A program of the host's (its files, its Python) run in the container's network: its 127.0.0.1."""
        return subprocess.run(["nsenter", f"--target={self.pid1}", "--net", "--", *argv], env=env,
                              capture_output=True, text=True, timeout=timeout)

    def install_site(self) -> None:
        """/opt/tourneysite and the site's user, as the units' comments say."""
        self.run("useradd", "--system", "--home", "/var/lib/tourneysite", "--shell", "/usr/sbin/nologin",
                 "tourneysite")
        self.run(SYSTEM_PYTHON, "-m", "venv", "--without-pip", "/opt/tourneysite")
        packages = self.run("/opt/tourneysite/bin/python", "-c",
                            "import sysconfig; print(sysconfig.get_path('purelib'))")
        self.write(f"{packages.stdout.strip()}/tourneysite-checkout.pth",
                   f"{SOURCE}/desktop\n{SOURCE}/website\n{DEPS}\n")
        # What pip writes for the package's console script.
        self.write("/opt/tourneysite/bin/tourneysite",
                   "#!/opt/tourneysite/bin/python\nimport sys\nfrom tourneysite.cli import main\nsys.exit(main())\n")
        self.run("chmod", "755", "/opt/tourneysite/bin/tourneysite")

    def write(self, path: str, text: str) -> None:
        done = subprocess.run(["nsenter", f"--target={self.pid1}", "--all", "--", "sh", "-c", 'cat > "$1"', "write",
                               path], input=text, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr

    def install_unit(self, name: str, text: str | None = None) -> None:
        """website/deploy/NAME copied to /etc/systemd/system/ (or `text` under that name), then daemon-reload."""
        self.write(f"/etc/systemd/system/{name}", text if text is not None else (REPO / "website" / "deploy" / name)
                   .read_text())
        self.run("systemctl", "daemon-reload")

    def journal(self, unit: str) -> str:
        return self.run("journalctl", "--no-pager", "-o", "cat", "-u", unit, check=False).stdout

    def wait_for_port(self, port: int, unit: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            probe = self.run("python3", "-c", "import socket,sys; socket.create_connection(('127.0.0.1', "
                             f"{port}), timeout=1)", check=False)
            if probe.returncode == 0:
                return
            time.sleep(0.2)
        raise AssertionError(f"{unit} did not listen on {port}: {self.journal(unit)[-3000:]}")

    def shut_down(self) -> None:
        """systemd powers the container off (nspawn passes SIGTERM on as a shutdown request); killed after 60 s."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        for group in self.cgroups:
            _remove_cgroup(group)
