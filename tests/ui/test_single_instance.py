"""One program per user: a second `tourneydesk FILE` (a real second process) hands its file to the first."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tourneydesk.desk import Desk
from tourneydesk.ui.app import Launcher
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.single_instance import InstanceChannel, channel_name, hand_over

# The offscreen platform's notes on showing a window and on raising one (it has no stacking order).
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # The channel is per user and home: a home of its own keeps this test's program apart from any other.
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


@pytest.fixture
def running(qapp: QApplication, tmp_path: Path, home: Path) -> Iterator[Launcher]:
    """The first program: a launcher listening on the user's channel, as `run` sets it up."""
    launcher = Launcher(qapp, QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat))
    channel = InstanceChannel()
    channel.requested.connect(launcher.handle_request)
    assert channel.listen()
    yield launcher
    channel.close()
    for session in launcher.sessions:
        for window in [session.window, *getattr(session.window, "side_windows", [])]:
            window.close()
    launcher.close_all()


def second_copy(home: Path, *args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-m", "tourneydesk", *args], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finished(copy: subprocess.Popen[str], qtbot: QtBot) -> tuple[int, str]:
    # The first program must keep its event loop turning to answer: wait through Qt, not copy.wait().
    qtbot.waitUntil(lambda: copy.poll() is not None, timeout=60_000)
    _, err = copy.communicate()
    return copy.returncode, err


@pytest.fixture
def friday(tmp_path: Path) -> Path:
    path = tmp_path / "friday.tdesk"
    desk = Desk.create(path, config(), seed=1)
    seat_players(desk, 4)
    desk.close()
    return path


def test_a_second_program_asking_for_the_cashier_opens_it_in_the_first_on_the_same_desk(
        running: Launcher, friday: Path, home: Path, qtbot: QtBot) -> None:
    assert running.open(friday, "console")
    console = running.sessions[0].window
    assert isinstance(console, ConsoleWindow)
    copy = second_copy(home, str(friday), "--cashier")
    code, err = finished(copy, qtbot)
    assert code == 0 and "already running" in err and str(friday) in err
    qtbot.waitUntil(lambda: any(isinstance(w, CashierWindow) for w in console.side_windows))
    cashier = next(w for w in console.side_windows if isinstance(w, CashierWindow))
    assert cashier.isVisible()
    assert len(running.sessions) == 1 and cashier.bridge is console.bridge  # one desk on the file, not two
    # Asked again, the cashier already open comes forward: no second cashier.
    code, _ = finished(second_copy(home, str(friday), "--cashier"), qtbot)
    qtbot.wait(200)
    assert code == 0 and sum(isinstance(w, CashierWindow) for w in console.side_windows) == 1


def test_the_same_file_asked_twice_stays_one_session(running: Launcher, friday: Path, qtbot: QtBot,
                                                     home: Path) -> None:
    assert running.open(friday, "console")
    code, _ = finished(second_copy(home, str(friday)), qtbot)
    qtbot.wait(200)
    assert code == 0 and len(running.sessions) == 1


def test_with_no_program_running_nothing_answers(qapp: QApplication, home: Path) -> None:
    started = time.monotonic()
    assert hand_over(None, "console", name=channel_name() + "-nobody") is None
    assert time.monotonic() - started < 3


@pytest.mark.parametrize("content", [b"", b"a shopping list, not a tournament", b"SQLite format 3\x00" + b"\x00" * 90])
def test_a_damaged_or_foreign_file_is_refused_in_a_dialog_and_left_untouched(
        running: Launcher, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes) -> None:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: shown.append(text))
    bad = tmp_path / "double-clicked.tdesk"
    bad.write_bytes(content)
    assert running.open(bad, "console") is False
    assert len(shown) == 1 and ("not a TourneyDesk tournament file" in shown[0] or "damaged" in shown[0]), shown
    assert "Traceback" not in shown[0]
    assert bad.read_bytes() == content and running.sessions == []
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("double")) == ["double-clicked.tdesk"]
