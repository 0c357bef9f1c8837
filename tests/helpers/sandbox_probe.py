"""Run by systemd in place of the site, under the shipped unit's sandbox: tries what a compromised site
process might, and writes what each attempt came to ("ok" or the errno's name) as JSON to argv[1].

Only the standard library: this runs on the container's system Python, not the tests' environment.
"""

from __future__ import annotations

import ctypes
import errno
import json
import mmap
import os
import pwd
import socket
import stat
import sys
from collections.abc import Callable
from pathlib import Path

CLONE_NEWUSER = 0x10000000
OUTSIDE = "10.9.9.9"  # an address the test gives the container's loopback: reachable, but not "localhost"


def attempt(action: Callable[[], object]) -> str:
    try:
        action()
    except TimeoutError:
        return "ETIMEDOUT"
    except OSError as error:
        return errno.errorcode.get(error.errno or 0, str(error))
    return "ok"


def write(path: str) -> Callable[[], object]:
    return lambda: Path(path).write_text("written by the site's sandbox probe\n")


def listing(path: str) -> Callable[[], object]:
    return lambda: os.listdir(path)


def new_socket(family: int, kind: int) -> Callable[[], object]:
    def make() -> None:
        socket.socket(family, kind).close()
    return make


def connect(host: str, port: int) -> Callable[[], object]:
    def reach() -> None:
        with socket.create_connection((host, port), timeout=3):
            pass
    return reach


def writable_and_executable() -> None:
    mmap.mmap(-1, mmap.PAGESIZE, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC).close()


def user_namespace() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(CLONE_NEWUSER) != 0:
        raise OSError(ctypes.get_errno(), "unshare")


def status(field: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in Path("/proc/self/status").read_text().splitlines()
                if line.startswith(f"{field}:"))


def main() -> None:
    out = Path(sys.argv[1])
    state = out.parent
    listener = socket.socket()
    listener.bind(("0.0.0.0", 0))
    listener.listen(4)
    port = listener.getsockname()[1]
    results = {
        "user": pwd.getpwuid(os.getuid()).pw_name,
        "capabilities": status("CapEff"),
        "bounding set": status("CapBnd"),
        "no new privileges": status("NoNewPrivs"),
        "write the state folder": attempt(write(str(state / "probe.txt"))),
        "write /tmp": attempt(write("/tmp/tourneysite-probe.txt")),
        "write /etc": attempt(write("/etc/tourneysite-probe.txt")),
        "write /opt/tourneysite": attempt(write("/opt/tourneysite/probe.txt")),
        "write /usr/local": attempt(write("/usr/local/probe.txt")),
        "write /var/lib": attempt(write(str(state.parent / "tourneysite-probe.txt"))),
        "write the checkout": attempt(write("/opt/tourneysite-src/probe.txt")),
        "list /root": attempt(listing("/root")),
        "list /home": attempt(listing("/home")),
        "setuid file": attempt(lambda: os.chmod(state / "probe.txt", 0o4755)),
        "see PID 1": "ok" if Path("/proc/1").exists() else "hidden",
        "see the kernel's settings": "ok" if Path("/proc/sys/kernel").exists() else "hidden",
        "block devices": sorted(p.name for p in Path("/dev").iterdir() if stat.S_ISBLK(p.lstat().st_mode)),
        "packet socket": attempt(new_socket(socket.AF_PACKET, socket.SOCK_RAW)),
        "netlink socket": attempt(new_socket(socket.AF_NETLINK, socket.SOCK_RAW)),
        "connect 127.0.0.1": attempt(connect("127.0.0.1", port)),
        f"connect {OUTSIDE}": attempt(connect(OUTSIDE, port)),
        "writable and executable memory": attempt(writable_and_executable),
        "become root": attempt(lambda: os.setuid(0)),
        "set the host name": attempt(lambda: socket.sethostname("probed")),
        "user namespace": attempt(user_namespace),
    }
    listener.close()
    out.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
