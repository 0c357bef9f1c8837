"""The console opened for the first time on a 1280x720 screen, in a real X server with a window manager:
the whole window is on the screen, title bar and status line. Met on a real evening: the console opened at
1280x720 and the title bar pushed its bottom 40 px past the edge, the status line (where "In the money" is
told) out of sight."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tourneydesk.desk import Desk

pytestmark = pytest.mark.slow

TOOLS = ("Xvfb", "openbox", "xdotool", "xwininfo")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]
WAIT_S = 120.0


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)


@pytest.fixture
def small_screen(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A 1280x720 X server with openbox: the environment a program is run in."""
    if MISSING:
        pytest.skip(f"needs {', '.join(MISSING)} (apt-get install xvfb openbox xdotool x11-utils)")
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    manager: subprocess.Popen[bytes] | None = None
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        env = {**os.environ, "DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb", "HOME": str(tmp_path)}
        manager = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        yield env
    finally:
        if manager is not None:
            _stop(manager)
        _stop(server)


def geometry(env: dict[str, str], window: str) -> tuple[int, int, int, int]:
    """x, y, width, height of the window's contents on the screen, as the X server has them (xwininfo:
    xdotool's position of a window inside a frame counts the frame's offset twice)."""
    out = subprocess.run(["xwininfo", "-id", window], env=env, capture_output=True, text=True, check=True).stdout
    values = {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in out.splitlines())}
    return (int(values["Absolute upper-left X"]), int(values["Absolute upper-left Y"]), int(values["Width"]),
            int(values["Height"]))


def test_the_console_opens_whole_on_a_1280x720_screen(small_screen: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    Desk.create(path, "pko").close()
    log = tmp_path / "program.log"
    with log.open("wb") as out:
        program = subprocess.Popen([sys.executable, "-m", "tourneydesk", str(path)], env=small_screen,
                                   stdout=out, stderr=subprocess.STDOUT)
    try:
        found = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(program.pid),
                                "--name", "friday.tdesk"], env=small_screen, capture_output=True, text=True,
                               timeout=WAIT_S)
        window = found.stdout.split()[0]
        deadline = time.monotonic() + 15
        while True:  # the window manager frames it, then the program fits it: until it stands inside
            x, y, width, height = geometry(small_screen, window)
            inside = x >= 0 and y > 0 and x + width <= 1280 and y + height <= 720
            if inside or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert inside, f"the console at {x},{y} {width}x{height} runs past a 1280x720 screen"
        assert y >= 15  # below the title bar the window manager drew above it
        assert width >= 1200 and height >= 600  # fitted, not shrunk to a corner
    finally:
        _stop(program)
