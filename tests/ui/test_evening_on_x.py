"""A short evening in the real program on a real X server, driven by real key presses.

Xvfb is the screen, openbox the window manager (so a window can be brought to the front and given the
keyboard, as a person's click would), xdotool the keyboard. The program runs as a subprocess on a real
tournament file: the cashier registers and buys in four players, the TD starts the clock, busts two of
them, goes to the next level, undoes it, pauses and quits. Between key presses the test reads the file
(read-only, as any SQLite reader may beside the program) to wait for what each key wrote, never a bare
sleep. Then it opens the file with the Desk and checks what the evening left in it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.x_windows import WAIT_S, wait_for_window, wait_until_gone
from tourneydesk.desk import Desk

pytestmark = pytest.mark.slow

TOOLS = ("Xvfb", "openbox", "xdotool")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]

NAMES = ["Ana Silva", "Marc Martin", "Nina Girard", "Omar Haddad"]
CONFIG = config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 2})


@dataclass
class Screen:
    display: str
    shots: Path

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.display}

    def xdotool(self, *args: str, timeout: float = WAIT_S) -> str:
        try:
            done = subprocess.run(["xdotool", *args], env=self.env(), capture_output=True, text=True,
                                  timeout=timeout, check=True)
        except subprocess.TimeoutExpired:
            pytest.fail(f"xdotool {' '.join(args)} did not finish in {timeout:.0f} s{self.shot('xdotool')}")
        return done.stdout

    def window(self, pid: int, title: str) -> str:
        """The program's visible window whose title matches `title`, waited for (`tests/helpers/x_windows.py`)."""
        try:
            return wait_for_window(self.env(), pid, title)
        except AssertionError as missing:
            pytest.fail(f"{missing}{self.shot('window')}")

    def focus(self, window: str) -> None:
        """The window activated, and the keyboard's focus waited for on it: the X server hands the program
        the focus before any key sent after it, so the keys go to that window. Not `windowactivate --sync`:
        it waits, with no end, for the window manager to make that very window the active one, and openbox
        makes a window's modal dialog active in its place (a bust-out still closing on a loaded machine):
        the test hung there. The caller first waits for the dialog it typed into to be gone (`gone`)."""
        self.xdotool("windowactivate", window)
        deadline = time.monotonic() + WAIT_S
        while self.focused() != window:
            if time.monotonic() > deadline:
                pytest.fail(f"window {window} never had the keyboard{self.shot('focus')}")
            time.sleep(0.1)

    def gone(self, pid: int, title: str) -> None:
        """The dialog of that title closed (its keys answered), before the keyboard goes to another window."""
        try:
            wait_until_gone(self.env(), pid, title)
        except AssertionError as still:
            pytest.fail(f"{still}{self.shot('gone')}")

    def focused(self) -> str:
        return self.xdotool("getwindowfocus").strip()

    def keys(self, *keys: str) -> None:
        self.xdotool("key", "--clearmodifiers", "--delay", "120", *keys)

    def type(self, text: str) -> None:
        self.xdotool("type", "--clearmodifiers", "--delay", "60", text)

    def shot(self, name: str) -> str:
        """A screenshot for the failure message, when ImageMagick is there to take it."""
        if shutil.which("import") is None:
            return ""
        path = self.shots / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(path)], env=self.env(), capture_output=True, timeout=60,
                       check=False)
        return f" (the screen: {path})" if path.exists() else ""


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Screen]:
    if MISSING:
        pytest.skip(f"needs {', '.join(MISSING)} to run the evening on a real X server "
                    "(apt-get install xvfb openbox xdotool)")
    read, write = os.pipe()
    # -displayfd: the server picks a free display and says which, so parallel runs never collide.
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    manager: subprocess.Popen[bytes] | None = None
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not start"
        shots = tmp_path / "screens"
        shots.mkdir()
        screen = Screen(f":{number}", shots)
        manager = subprocess.Popen(["openbox", "--sm-disable"], env={**screen.env(), "HOME": str(tmp_path)},
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        yield screen
    finally:
        if manager is not None:
            _stop(manager)
        _stop(server)


class File:
    """The tournament file as a reader beside the program sees it: the events written so far."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def events(self) -> list[tuple[int, str, dict[str, object]]]:
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)
        try:
            rows = conn.execute("SELECT seq, type, payload FROM events ORDER BY seq").fetchall()
        except sqlite3.OperationalError:  # the writer's transaction holds it this instant: read again
            return []
        finally:
            conn.close()
        return [(seq, kind, json.loads(payload)) for seq, kind, payload in rows]

    def count(self, kind: str) -> int:
        return sum(1 for _, k, _ in self.events() if k == kind)

    def last(self) -> tuple[int, str, dict[str, object]]:
        return self.events()[-1]


def wait_until(what: str, done: Callable[[], bool], screen: Screen, program: subprocess.Popen[bytes],
               log: Path) -> None:
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        if done():
            return
        if program.poll() is not None:
            pytest.fail(f"the program stopped (exit {program.returncode}) waiting for {what}: "
                        f"{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.2)
    pytest.fail(f"waited {WAIT_S:.0f} s for {what}{screen.shot(what.replace(' ', '-'))}")


def test_an_evening_typed_on_the_keyboard_is_in_the_file(screen: Screen, tmp_path: Path) -> None:
    path = tmp_path / "friday.tdesk"
    Desk.create(path, CONFIG).close()
    home = tmp_path / "home"
    home.mkdir()
    log = tmp_path / "program.log"
    # English whatever the machine's language (titles are waited for by their words); the user's folders and
    # settings in the test's own home.
    env = {**screen.env(), "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_DATA_HOME": str(home / "data"), "XDG_DOCUMENTS_DIR": str(home / "Documents"),
           "XDG_RUNTIME_DIR": str(tmp_path), "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "LANGUAGE": "en",
           "QT_QPA_PLATFORM": "xcb"}
    file = File(path)
    with log.open("wb") as out:
        program = subprocess.Popen([sys.executable, "-m", "tourneydesk", str(path)], env=env, stdout=out,
                                   stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        def until(what: str, done: Callable[[], bool]) -> None:
            wait_until(what, done, screen, program, log)

        console = screen.window(program.pid, r"friday\.tdesk")
        screen.focus(console)
        screen.keys("ctrl+shift+c")
        cashier = screen.window(program.pid, "^Cashier")
        for number, name in enumerate(NAMES, start=1):
            # The cashier's queue: find (nobody yet), Enter opens the new-player form with the name, Enter
            # registers; F5 buy-in, Space "present in person", Enter takes the payment.
            screen.focus(cashier)
            screen.keys("ctrl+f")
            screen.type(name)
            screen.keys("Return")
            screen.keys("Return")
            until(f"{name} registered", lambda n=number: file.count("player_registered") == n)
            screen.keys("F5", "space", "Return")
            until(f"{name} bought in", lambda n=number: file.count("entry_bought") == n)

        screen.focus(console)
        screen.keys("space")
        until("the clock started", lambda: file.count("clock_set") == 1)
        # A name typed on the list goes to the find box: its letters never move the clock (checked below,
        # once the next key's event is in the file).
        screen.type("nina")
        screen.keys("Escape")
        for out, by in [("Omar", "Ana"), ("Nina", "Ana")]:
            # Who is out (whatever row was selected only fills it in), Enter, who won the pot, Enter.
            busts = file.count("busted")
            screen.focus(console)
            screen.keys("ctrl+b")
            screen.focus(screen.window(program.pid, "^Bust-out$"))
            screen.keys("ctrl+a")
            screen.type(out)
            screen.keys("Return")
            screen.type(by)
            screen.keys("Return")
            until(f"{out} out", lambda b=busts: file.count("busted") == b + 1)
            screen.gone(program.pid, "^Bust-out$")
        assert file.count("clock_set") == 1, "typing a name on the list changed the clock"
        screen.focus(console)
        screen.keys("ctrl+Right")
        until("the next level", lambda: file.count("clock_set") == 2)
        next_level = file.last()[0]
        screen.keys("ctrl+z")
        screen.focus(screen.window(program.pid, "^Undo$"))
        screen.keys("Return")
        until("the next level undone", lambda: file.count("undone") == 1)
        screen.gone(program.pid, "^Undo$")
        screen.focus(console)
        screen.keys("space")
        until("the clock paused", lambda: file.count("clock_set") == 3)
        screen.keys("ctrl+q")
        try:
            program.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            pytest.fail(f"Ctrl+Q did not quit the program{screen.shot('quit')}")
        assert program.returncode == 0, log.read_text(errors="replace")[-3000:]
    finally:
        _stop(program)

    written = file.events()
    with Desk.open(path) as desk:
        snap = desk.snapshot()
        assert desk.seq == written[-1][0] == len(written)
        by_name = {e["name"]: e for e in snap["entries"]}
        assert sorted(by_name) == sorted(NAMES)
        assert snap["counts"] == {"players": 4, "entries": 4, "players_left": 2, "reentries": 0, "rebuys": 0,
                                  "add_ons": 0}
        # Four buy-ins of 110.00 EUR in cash, split as the settings say; the two bounties won by Ana.
        assert snap["money"]["collected"] == 4 * 11000
        assert snap["money"]["drawer"] == {"cash": 44000}
        assert snap["money"]["prize_pool"] == 4 * 8000
        assert [row["method"] for row in desk.ledger() if row["kind"] == "buy_in"] == ["cash"] * 4
        assert (by_name["Omar Haddad"]["place"], by_name["Nina Girard"]["place"]) == (4, 3)
        assert by_name["Ana Silva"]["bounty_won"] > 0
        assert by_name["Marc Martin"]["bounty_won"] == 0
        assert by_name["Ana Silva"]["status"] == by_name["Marc Martin"]["status"] == "active"
        # The next level was undone and the clock paused: level 1, stopped.
        assert snap["clock"]["level"] == 1 and not snap["clock"]["running"]
        assert [e.payload for e in desk.events() if e.type == "undone"] == [
            {"commands": [next_level], "types": ["clock_set"]}]
