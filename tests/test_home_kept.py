"""The suite never writes into the user's real home: every test process has a home of its own (the config,
data, state and cache folders in it), a default QSettings lands there, and what appears in the real home's
folders during a run fails it (tests/conftest.py, `pytest_sessionfinish`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from tests.helpers.home import entries, ours, real_home, written_since


def test_a_test_runs_in_the_suites_home_not_the_users(qapp: QApplication) -> None:
    home = Path(os.environ["HOME"])
    assert home != real_home() and home.name.startswith("tourneydesk-tests-home-")
    assert Path.home() == home
    assert Path(os.environ["XDG_CONFIG_HOME"]).is_relative_to(home)
    assert Path(os.environ["XDG_CACHE_HOME"]).is_relative_to(home)
    # What once left `Unknown Organization/pytest-qt-qapp.conf` in the real ~/.config: a default QSettings.
    settings = QSettings()
    assert Path(settings.fileName()).is_relative_to(home), settings.fileName()
    assert not Path(settings.fileName()).is_relative_to(real_home())


def test_a_program_the_suite_starts_inherits_the_suites_home() -> None:
    said = subprocess.run([sys.executable, "-c", "import pathlib; print(pathlib.Path.home())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert Path(said) == Path(os.environ["HOME"]) != real_home()


def test_what_appears_in_a_homes_folders_is_found(tmp_path: Path) -> None:
    (tmp_path / ".config" / "pip").mkdir(parents=True)
    (tmp_path / ".cache" / "pip").mkdir(parents=True)
    before = entries(tmp_path)
    assert before == {".config/pip"}  # pip's cache is not watched
    leaked = tmp_path / ".config" / "Unknown Organization" / "pytest-qt-qapp.conf"
    leaked.parent.mkdir()
    leaked.write_text("")
    (tmp_path / ".local" / "share" / "TourneyDesk").mkdir(parents=True)
    (tmp_path / ".cache" / "pip" / "http-v2").mkdir()  # pip's, while the suite runs: not the suite's doing
    (tmp_path / "notes.txt").write_text("a file in the home itself is not a program's folder")
    assert written_since(before, tmp_path) == [".config/Unknown Organization",
                                               ".config/Unknown Organization/pytest-qt-qapp.conf",
                                               ".local/share/TourneyDesk"]


def test_what_another_program_writes_meanwhile_is_named_and_only_the_suites_own_fails_the_run(
        tmp_path: Path) -> None:
    """The real home is shared: a browser run by hand, a package manager, a desktop session write there while
    the suite runs. The run fails on what only its programs write, never on theirs."""
    before = entries(tmp_path)
    for theirs in (".config/chromium/Crash Reports", ".cache/dconf", ".local/share/recently-used.xbel"):
        (tmp_path / theirs).mkdir(parents=True)
    for mine in (".config/Unknown Organization/pytest-qt-qapp.conf", ".config/TourneyDesk/TourneyDesk.conf",
                 ".local/share/TourneyDesk/demo.tdesk"):
        (tmp_path / mine).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / mine).write_text("")
    written = written_since(before, tmp_path)
    assert ".cache/dconf" in written and ".config/chromium" in written  # named...
    assert ours(written) == [".config/TourneyDesk", ".config/TourneyDesk/TourneyDesk.conf",
                             ".config/Unknown Organization", ".config/Unknown Organization/pytest-qt-qapp.conf",
                             ".local/share/TourneyDesk", ".local/share/TourneyDesk/demo.tdesk"]  # ...only these fail
