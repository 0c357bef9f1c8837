"""The ways out of a refused open, as the TD meets them: open read-only, restore, open as it is.

A real read-only filesystem (a tmpfs mounted and remounted read-only by the test, removed after) and a
real damaged write-ahead log; the app's own Launcher opens the file, its refusal box is answered by
clicking its button while it waits, and the console that opens is looked at.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from tests.helpers.broken_evenings import crashed_evening
from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tests.helpers.file_bytes import folder_bytes
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.app import Launcher
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.open_refusal import RefusalBox
from tourneydesk.ui.start_page import StartPage

# the offscreen platform cannot raise a window nor pass size hints: said, not a fault
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def launcher(qapp: QApplication, settings: QSettings) -> Iterator[Launcher]:
    app = Launcher(qapp, settings)
    yield app
    for session in app.sessions:
        session.window.close()
    app.close_all()


def answer_with(button: str | None, seen: list[RefusalBox]) -> None:
    """When the refusal box is up, note it and press `button` (None: Cancel)."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, RefusalBox):
            QTimer.singleShot(20, press)
            return
        seen.append(box)
        if button is None:
            box.button(QMessageBox.StandardButton.Cancel).click()
        else:
            found = box.findChild(QPushButton, button)
            assert found is not None, f"no {button} button on {box.text()!r}"
            found.click()

    QTimer.singleShot(0, press)


def buttons(box: RefusalBox) -> list[str]:
    return [b.text() for b in box.buttons()]


def read_only_disk(disk: Path) -> Path:
    path = disk / "friday.tdesk"
    desk = Desk.create(path, config(), now=FakeClock(), seed=3)
    seat_players(desk, 4)
    desk.close()
    remount = subprocess.run(["mount", "-o", "remount,ro", str(disk)], capture_output=True, text=True, check=False)
    if remount.returncode != 0:
        pytest.skip(f"cannot remount read-only here: {remount.stderr.strip()}")
    return path


def test_a_file_on_read_only_media_is_offered_read_only_and_the_console_says_so(
        small_disk: Path, launcher: Launcher, qtbot: QtBot) -> None:
    path = read_only_disk(small_disk)
    before = folder_bytes(small_disk)
    seen: list[RefusalBox] = []
    answer_with("read_only", seen)
    assert launcher.open(path)
    assert "is on a medium that cannot be written: open it read-only" in seen[0].text()
    assert buttons(seen[0]) == ["Open read-only", "Cancel"]
    window = launcher.sessions[-1].window
    assert isinstance(window, ConsoleWindow)
    qtbot.addWidget(window)
    assert window.windowTitle() == "Friday Test — TourneyDesk (friday.tdesk, read-only)"
    label = window.findChild(QLabel, "readOnly")
    assert label is not None and label.text() == "Read-only: nothing can be changed in this file"
    assert window._send({"type": "clock", "action": "start"}) is None
    assert window.error.text() == "This tournament is open read-only: nothing can be changed in it"
    assert not window.bridge.desk.state.clock.started
    launcher.close_all()
    assert folder_bytes(small_disk) == before


def test_a_read_only_refusal_answered_cancel_opens_nothing(small_disk: Path, launcher: Launcher) -> None:
    path = read_only_disk(small_disk)
    seen: list[RefusalBox] = []
    answer_with(None, seen)
    assert not launcher.open(path)
    assert seen and launcher.sessions == []


def test_the_start_page_opens_a_file_read_only(tmp_path: Path, settings: QSettings, launcher: Launcher,
                                               qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "friday.tdesk"
    Desk.create(path, config(), now=FakeClock(), seed=3).close()
    before = folder_bytes(tmp_path)
    launcher.show_start_page()
    page = launcher.start_page
    assert isinstance(page, StartPage)
    qtbot.addWidget(page)
    button = page.findChild(QPushButton, "openReadOnly")
    assert button is not None and button.text() == "Open read-only…"
    # the system's file dialog is the one part not driven here: it answers with the file
    from tourneydesk.ui import start_page

    asked: list[Any] = []

    def dialog(*args: Any) -> tuple[str, str]:
        asked.append(args)
        return str(path), ""

    monkeypatch.setattr(start_page.QFileDialog, "getOpenFileName", dialog)
    button.click()
    assert asked and asked[0][1] == "Open a tournament read-only"
    assert launcher.sessions and launcher.sessions[-1].desk.read_only
    launcher.close_all()
    assert folder_bytes(tmp_path) == before  # looked at: not a byte written, no lock, no backup


def missing_evening(tmp_path: Path) -> tuple[Path, list[int]]:
    path, seqs = crashed_evening(tmp_path, backup_before=True)
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[:-100])  # the last command's commit frame cut
    return path, seqs


def test_commands_missing_are_said_with_a_restore_and_an_open_as_it_is(tmp_path: Path, launcher: Launcher,
                                                                       qtbot: QtBot) -> None:
    path, seqs = missing_evening(tmp_path)
    seen: list[RefusalBox] = []
    answer_with("as_it_is", seen)
    assert launcher.open(path)
    box = seen[0]
    assert box.windowTitle() == "Cannot open the file as it is"
    assert (f"The last 1 commands recorded in this file are missing from it ({seqs[-2]} events of {seqs[-1]})"
            in box.text())
    assert buttons(box) == ["Restore from a backup…", "Open as it is", "Cancel"]
    session = launcher.sessions[-1]
    qtbot.addWidget(session.window)
    assert session.desk.seq == seqs[-2] and not session.desk.read_only
    assert any(p.name.startswith("friday.tdesk-wal.kept-") for p in path.parent.iterdir())


def test_commands_missing_answered_cancel_leaves_every_byte(tmp_path: Path, launcher: Launcher) -> None:
    path, _ = missing_evening(tmp_path)
    before = folder_bytes(path.parent)
    seen: list[RefusalBox] = []
    answer_with(None, seen)
    assert not launcher.open(path)
    assert seen and launcher.sessions == []
    assert folder_bytes(path.parent) == before


def test_commands_missing_can_be_restored_from_the_backup_that_holds_more(
        tmp_path: Path, launcher: Launcher, monkeypatch: pytest.MonkeyPatch) -> None:
    path, seqs = missing_evening(tmp_path)
    asked: list[Any] = []

    def restore(opened: Path, damage: Any = None, mode: str = "console") -> bool:
        asked.append((opened, damage.code))
        return False

    monkeypatch.setattr(launcher, "restore", restore)
    seen: list[RefusalBox] = []
    answer_with("restore", seen)
    launcher.open(path)
    assert asked == [(path, "COMMANDS_MISSING")]  # the restore dialog, told why (tests/ui/test_restore_dialog.py)


def test_the_refusal_box_speaks_french(tmp_path: Path, qapp: QApplication, qtbot: QtBot) -> None:
    from tourneydesk.core.protocol.errors import FileRefused

    path, _ = missing_evening(tmp_path)
    with pytest.raises(FileRefused) as caught:
        Desk.open(path)
    refused = caught.value
    i18n.install(qapp, "fr")
    try:
        box = RefusalBox(path, refused, ["restore", "as_it_is"])
        qtbot.addWidget(box)
        assert buttons(box)[:2] == ["Restaurer une sauvegarde…", "Ouvrir tel quel"]
        assert "dernières commandes enregistrées dans ce fichier en sont absentes" in box.text()
    finally:
        i18n.install(qapp, "en")


def test_only_refusals_with_a_way_out_ask(tmp_path: Path) -> None:
    from tourneydesk.core.protocol.errors import TourneyError
    from tourneydesk.ui.open_refusal import ways_out

    assert ways_out(TourneyError("FILE_READ_ONLY", "")) == ["read_only"]
    assert ways_out(TourneyError("FILE_NO_PERMISSION", ""), read_only=True) == []  # already asked for
    assert ways_out(TourneyError("COMMANDS_MISSING", ""), backups=False) == ["as_it_is"]
    assert ways_out(TourneyError("FILE_FOREIGN", "")) == []

