"""The user's home kept out of the suite: a home of the suite's own for every test process, and a look at
the real one's folders before and after, so that a test that writes there (a default QSettings, the
program's own folders) is caught, not left behind on the developer's machine.

The real home is shared: while the suite runs, a browser, a package manager or another session writes
there too, and nothing tells who wrote a file. So the run fails on what only the suite's programs write
(`ours`), and names the rest without failing on it."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

# Set by the first process of a run (the controller, under xdist) to the home it found, so that the workers
# it starts, which inherit the suite's home in HOME, still know whose folders are watched.
REAL_HOME_ENV = "TOURNEYDESK_TESTS_REAL_HOME"

# Where programs write for a user (the XDG folders' defaults under a home).
WATCHED = (".config", ".local/share", ".local/state", ".cache")
# Written by pip (other programs on a developer's machine install packages while the suite runs): not ours.
NOT_OURS = (".cache/pip",)
DEPTH = 2  # an application's folder and the files in it: `Unknown Organization/pytest-qt-qapp.conf`
# What only the suite's programs write: the program's and the site's own folders (platformdirs and QSettings
# name them so), and the QSettings of a test process that gave Qt no names (pytest-qt's QApplication).
OURS = ("TourneyDesk", "tourneydesk", "tourneysite", "Unknown Organization", "pytest-qt")


def real_home() -> Path:
    return Path(os.environ.get(REAL_HOME_ENV) or Path.home())


def entries(home: Path) -> set[str]:
    """What the folders a program writes for a user hold, two levels down, as paths relative to `home`."""
    found: set[str] = set()
    for watched in WATCHED:
        root = home / watched
        level = [root] if root.is_dir() else []
        for _ in range(DEPTH):
            below: list[Path] = []
            for folder in level:
                try:
                    children = list(folder.iterdir())
                except OSError:
                    continue
                for child in children:
                    name = child.relative_to(home).as_posix()
                    if name.startswith(NOT_OURS):
                        continue
                    found.add(name)
                    if child.is_dir() and not child.is_symlink():
                        below.append(child)
            level = below
    return found


def written_since(before: set[str], home: Path) -> list[str]:
    """What appeared in `home`'s watched folders since `before` was taken."""
    return sorted(entries(home) - before)


def ours(written: list[str]) -> list[str]:
    """Of what appeared, what the suite's programs wrote (the rest may be another program's)."""
    return [name for name in written if any(part.startswith(OURS) for part in name.split("/"))]


def enter_suite_home() -> Path:
    """Give this process a home of its own (and the XDG folders in it) before anything reads one: Qt fixes
    where QSettings writes at its first use, so this must come before the first QApplication."""
    os.environ.setdefault(REAL_HOME_ENV, str(Path.home()))
    home = Path(tempfile.mkdtemp(prefix="tourneydesk-tests-home-"))
    os.environ["HOME"] = str(home)
    for variable, folder in (("XDG_CONFIG_HOME", ".config"), ("XDG_DATA_HOME", ".local/share"),
                             ("XDG_STATE_HOME", ".local/state"), ("XDG_CACHE_HOME", ".cache")):
        os.environ[variable] = str(home / folder)
    return home


def leave_suite_home(home: Path) -> None:
    shutil.rmtree(home, ignore_errors=True)
