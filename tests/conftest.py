"""The suite's fixtures: the user's home and folders kept apart (and checked untouched at the end), the
files written non-durable but for the durability tests, a clock the test moves by hand, and desks on real
files in tmp_path. The helpers the tests share are in `tests/helpers` (a module named for what it holds);
this file holds only fixtures and hooks."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import events_written, stale_parts, unlike_the_log, written_unlike_its_type
from tests.helpers.home import enter_suite_home, entries, leave_suite_home, ours, real_home, written_since
from tourneydesk.club import store as club_store
from tourneydesk.desk import Desk
from tourneydesk.store import tdfile

# Hypothesis's default 200 ms deadline per example is a timing assertion, and timings are the benchmark
# scripts' business: on a machine shared with other work one slow example failed a correct test.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's data and documents folders (the club file, new tournaments) in a temporary folder: a test
    never reads or writes the real ones."""
    root = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("XDG_DATA_HOME", str(root / "data"))
    monkeypatch.setenv("XDG_DOCUMENTS_DIR", str(root / "Documents"))
    return root


@pytest.fixture(autouse=True)
def shell_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shell's words (`tourneydesk ...` called in the test's process, or a program it starts with this
    environment) in English, whatever the machine's locale: the suite passes under a French locale. A test of
    the shell's languages gives its program an environment of its own (tests/test_cli_language.py)."""
    monkeypatch.setenv("LANGUAGE", "en")


DURABLE = {"tournament": tdfile.SYNCHRONOUS, "club": club_store.SYNCHRONOUS}  # as the program writes


_home: dict[str, Any] = {}


def pytest_configure(config: pytest.Config) -> None:
    """A test of the rules needs a real file, not one that waits for the disk at every commit (two thirds
    of the slowest tests' time was fsync): from here on, every file the suite writes in this process is
    written with synchronous=OFF, session fixtures' files included. The tests of durability are marked
    `durable` and get the program's own setting back (`durable_files`).

    And before any test runs (before the first QApplication, which fixes where a default QSettings
    writes, and before any browser or program is started), the process gets a home of its own: a
    default QSettings once left `~/.config/Unknown Organization/pytest-qt-qapp.conf` in the real one,
    and headless Chromium its crash reports and a dconf cache. What the real home's folders hold is
    noted first, to be compared at the end (`pytest_sessionfinish`)."""
    tdfile.SYNCHRONOUS = "OFF"
    club_store.SYNCHRONOUS = "OFF"
    _home["real"] = real_home()
    _home["before"] = entries(_home["real"])
    _home["suite"] = enter_suite_home()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run fails if the suite's programs wrote into the real home's config, data, state or cache folders
    while it ran; what else appeared there is named (another program on the machine may have written it).
    Checked by the process that started the run (under xdist its workers' writes are in it too)."""
    if hasattr(session.config, "workerinput") or "real" not in _home:
        return
    written = written_since(_home["before"], _home["real"])
    failing = ours(written)
    others = [name for name in written if name not in failing]
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if others and reporter is not None:
        reporter.write_line(f"\nnote: in the real home {_home['real']}, other programs wrote meanwhile (not the "
                            f"suite's: not failed on): {', '.join(others[:10])}", yellow=True)
    if failing:
        message = (f"the suite wrote into the real home {_home['real']} (a test or a program it started used "
                   f"the user's folders, not the suite's own home): {', '.join(failing[:10])}")
        if reporter is not None:
            reporter.write("\n")  # after the progress line
            reporter.write_sep("=", "the real home was written", red=True, bold=True)
            reporter.write_line(f"ERROR: {message}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_unconfigure(config: pytest.Config) -> None:
    if "suite" in _home:
        leave_suite_home(_home.pop("suite"))


@pytest.fixture(autouse=True)
def durable_files(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test marked `durable` writes its files as the program does (FULL), and asserts it."""
    if request.node.get_closest_marker("durable") is not None:
        monkeypatch.setattr(tdfile, "SYNCHRONOUS", DURABLE["tournament"])
        monkeypatch.setattr(club_store, "SYNCHRONOUS", DURABLE["club"])


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def make_desk(tmp_path: Path, clock: FakeClock) -> Iterator[Callable[..., Desk]]:
    """make_desk(config=None, seed=1, name="t.tdesk") -> a Desk on a real file, closed after the test."""
    desks: list[tuple[Desk, Path]] = []
    stale: list[str] = []

    def make(cfg: dict[str, Any] | None = None, *, seed: int = 1, name: str = "t.tdesk") -> Desk:
        desk = Desk.create(tmp_path / name, cfg if cfg is not None else config(), now=clock, seed=seed)
        desks.append((desk, tmp_path / name))
        desk.subscribe(lambda result: stale.extend(stale_parts(desk, result)))
        desk.subscribe(lambda result: stale.extend(unlike_the_log(desk, result) if "undone" in result else ()))
        return desk

    yield make
    unlike: list[str] = []
    for desk, path in desks:
        unlike += [f"#{e.seq} {e.type}{problem}" for e in events_written(desk, path)
                   for problem in written_unlike_its_type(e)]
        desk.close()
    assert not stale, f"the desk's snapshot or state went stale: {stale[:3]}"
    assert not unlike, f"an event is written unlike its payload's type: {unlike[:3]}"


@pytest.fixture
def small_disk(tmp_path: Path) -> Any:
    """A 2 MB tmpfs mounted for the test and removed after; skipped where the machine does not allow it."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root on Linux (CI runs as root)")
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mount_point)],
                          capture_output=True, text=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


@pytest.fixture
def folder_for_others() -> Iterator[Path]:
    """A folder an ordinary user may enter (tmp_path's parents are root's alone), removed after the test."""
    folder = Path(tempfile.mkdtemp(prefix="tdesk-others-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def small_block_disk(tmp_path: Path) -> Any:
    """A 40 MB ext2 file system with 1 KiB blocks (what mke2fs makes of a small disk, a USB stick), in an image
    file of the test's own, loop-mounted for the test and removed after; skipped where the machine does not
    allow it."""
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a file system needs root on Linux (CI runs as root)")
    image, mount_point = tmp_path / "stick.img", tmp_path / "stick"
    mount_point.mkdir()
    with image.open("wb") as out:
        out.truncate(40 * 1024 * 1024)
    for step in (["mke2fs", "-q", "-F", "-t", "ext2", "-b", "1024", str(image)],
                 ["mount", "-o", "loop", str(image), str(mount_point)]):
        try:
            made = subprocess.run(step, capture_output=True, text=True, check=False)
        except FileNotFoundError:
            pytest.skip(f"{step[0]} is not installed here")
        if made.returncode != 0:
            pytest.skip(f"cannot make a loop-mounted ext2 here ({step[0]}): {made.stderr.strip()}")
    try:
        yield mount_point
    finally:
        if subprocess.run(["umount", str(mount_point)], capture_output=True, check=False).returncode != 0:
            subprocess.run(["umount", "-l", str(mount_point)], check=False)  # a file a failed test left open
