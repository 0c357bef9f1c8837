"""The console and the cashier desk opened for the first time, in a real X server with a window manager, take
the screen: maximised, whole on it, title bar and status line, at 1280x720 and at 1920x1080; opened again,
they come back as they were left. Met on real evenings: the console opened at 1280x720 whatever the screen (a
third of a 1920x1080 screen unused), and on a 1280x720 screen its title bar pushed the status line (where "In
the money" is told) out of sight."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers.x_windows import WAIT_S, wait_for_window
from tourneydesk.desk import Desk

pytestmark = pytest.mark.slow

TOOLS = ("Xvfb", "openbox", "xdotool", "xwininfo")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=30)


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
def screen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[dict[str, str], tuple[int, int]]]:
    """An X server of that size with openbox: the environment a program is run in, and the size."""
    if MISSING:
        pytest.skip(f"needs {', '.join(MISSING)} (apt-get install xvfb openbox xdotool x11-utils)")
    width, height = request.param
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                               "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(write)
    manager: subprocess.Popen[bytes] | None = None
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        home = tmp_path / "home"
        home.mkdir()
        env = {**os.environ, "DISPLAY": f":{number}", "QT_QPA_PLATFORM": "xcb", "HOME": str(home),
               "XDG_CONFIG_HOME": str(home / ".config"), "XDG_DATA_HOME": str(home / "data"),
               "XDG_RUNTIME_DIR": str(tmp_path), "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "LANGUAGE": "en"}
        manager = subprocess.Popen(["openbox", "--sm-disable"], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        yield env, (width, height)
    finally:
        if manager is not None:
            _stop(manager)
        _stop(server)


def xdotool(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=WAIT_S)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def geometry(env: dict[str, str], window: str) -> tuple[int, int, int, int]:
    """x, y, width, height of the window's contents on the screen, as the X server has them (xwininfo:
    xdotool's position of a window inside a frame counts the frame's offset twice)."""
    out = subprocess.run(["xwininfo", "-id", window], env=env, capture_output=True, text=True, check=True).stdout
    values = {key.strip(): value.strip() for key, _, value in (line.partition(":") for line in out.splitlines())}
    return (int(values["Absolute upper-left X"]), int(values["Absolute upper-left Y"]), int(values["Width"]),
            int(values["Height"]))


def settled(env: dict[str, str], window: str, fine: Callable[[tuple[int, int, int, int]], bool]) -> \
        tuple[int, int, int, int]:
    """The window's geometry once `fine` (the window manager frames and maximises it when it gets to it, on
    a loaded machine seconds later), or as it stands after WAIT_S."""
    deadline = time.monotonic() + WAIT_S
    while True:
        where = geometry(env, window)
        if fine(where) or time.monotonic() > deadline:
            return where
        time.sleep(0.2)


def focus(env: dict[str, str], window: str) -> None:
    xdotool(env, "windowactivate", window)
    deadline = time.monotonic() + WAIT_S
    while xdotool(env, "getwindowfocus").strip() != window:
        assert time.monotonic() < deadline, f"window {window} never had the keyboard"
        time.sleep(0.1)


def test_the_console_and_the_cashier_take_the_screen_the_first_time_and_come_back_as_left(
        screen: tuple[dict[str, str], tuple[int, int]], tmp_path: Path) -> None:
    env, (screen_w, screen_h) = screen
    path = tmp_path / "friday.tdesk"
    Desk.create(path, "pko").close()

    def takes_the_screen(where: tuple[int, int, int, int]) -> bool:
        x, y, width, height = where
        inside = x >= 0 and y > 0 and x + width <= screen_w and y + height <= screen_h
        return inside and y >= 15 and width >= screen_w - 20 and height >= screen_h - 80  # below its title bar

    def run(log: Path) -> subprocess.Popen[bytes]:
        with log.open("wb") as out:
            return subprocess.Popen([sys.executable, "-m", "tourneydesk", str(path)], env=env, stdout=out,
                                    stderr=subprocess.STDOUT, cwd=tmp_path)

    program = run(tmp_path / "first.log")
    try:
        console = wait_for_window(env, program.pid, r"friday\.tdesk")
        first = settled(env, console, takes_the_screen)
        assert takes_the_screen(first), f"the console at {first} on a {screen_w}x{screen_h} screen"
        focus(env, console)
        xdotool(env, "key", "--clearmodifiers", "ctrl+shift+c")
        cashier = wait_for_window(env, program.pid, "^Cashier")
        where = settled(env, cashier, takes_the_screen)
        assert takes_the_screen(where), f"the cashier at {where} on a {screen_w}x{screen_h} screen"
        focus(env, console)
        xdotool(env, "key", "--clearmodifiers", "ctrl+q")
        assert program.wait(timeout=WAIT_S) == 0
    finally:
        _stop(program)
    program = run(tmp_path / "again.log")  # the second start: as the first one was left, the cashier beside it
    try:
        console = wait_for_window(env, program.pid, r"friday\.tdesk")
        again = settled(env, console, lambda where: where == first)
        assert again == first
        cashier = wait_for_window(env, program.pid, "^Cashier")
        assert settled(env, cashier, lambda where: where == first) == first
    finally:
        _stop(program)
