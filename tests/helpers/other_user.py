"""A script of the test's run as an ordinary user: root may read and write anything, so under root (as CI
runs) the script becomes `nobody` once Python has imported what it needs (`BECOME`)."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

BECOME = """
import os, sys
if os.geteuid() == 0:  # Python's own files may be root's: imported, now be that user
    os.setgroups([])
    os.setgid(int(sys.argv[-1]))
    os.setuid(int(sys.argv[-2]))
"""
"""Put in the script after its imports; the script's own arguments come first in sys.argv."""


def run_as_user(script: str, *args: str, cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    """Run `script` with `args`, as `nobody` when the test runs as root; skipped where there is no such user."""
    uid, gid = os.getuid(), os.getgid()
    if os.geteuid() == 0:
        try:
            nobody = pwd.getpwnam("nobody")
        except KeyError:
            pytest.skip("running as root and there is no user 'nobody' to run the program as")
        uid, gid = nobody.pw_uid, nobody.pw_gid
    return subprocess.run([sys.executable, "-c", script, *args, str(uid), str(gid)], capture_output=True,
                          text=True, check=False, cwd=cwd, env={**os.environ, "HOME": str(home)}, timeout=120)
