"""The program's windows on a real X server (Xvfb and openbox), found as they appear: for the tests that run
the whole program and type into it with xdotool."""

from __future__ import annotations

import subprocess
import time

# The machine may be two cores shared by many: every wait is generous, and each one ends on what it waits for.
WAIT_S = 120.0


def search(env: dict[str, str], pid: int, title: str) -> list[str] | None:
    """The program's visible windows of that title now (`--all`: by default xdotool matches the pid OR the
    title, and found another window of the program before the one named); None when the X tree changed
    under the search: xdotool reads each window's properties one by one, and a window the program closed
    meanwhile (the "Opening…" progress on a loaded machine) ends it in BadWindow."""
    done = subprocess.run(["xdotool", "search", "--all", "--onlyvisible", "--pid", str(pid), "--name", title],
                          env=env, capture_output=True, text=True, timeout=WAIT_S, check=False)
    if done.returncode != 0 and "BadWindow" in done.stderr:
        return None
    assert done.returncode in (0, 1) and not done.stderr.strip(), done.stderr  # 1: none of that title yet
    return done.stdout.split()


def wait_for_window(env: dict[str, str], pid: int, title: str) -> str:
    """The window of that title once the program shows it. Not `search --sync`: it gives up on the first
    BadWindow (see `search`), which under load came before the window did."""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        found = search(env, pid, title)
        if found:
            return found[-1]
        time.sleep(0.1)
    raise AssertionError(f"no window {title!r} of the program after {WAIT_S:.0f} s")


def wait_until_gone(env: dict[str, str], pid: int, title: str) -> None:
    """No visible window of that title any more: a dialog closed, as the desk's answer to its keys closes it
    (after the file has the event, a moment later on a loaded machine)."""
    deadline = time.monotonic() + WAIT_S
    while (found := search(env, pid, title)) is None or found:
        assert time.monotonic() < deadline, f"the window {title!r} is still open after {WAIT_S:.0f} s"
        time.sleep(0.1)
