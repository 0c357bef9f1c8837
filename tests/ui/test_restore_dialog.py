"""Restore from a backup, in the windows: the start page, the console's File menu, a refused file.

Real Qt widgets offscreen over real files: an evening with a backup at each level, then damaged.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from tests.helpers.broken_evenings import an_evening, damage
from tests.helpers.clock import FakeClock
from tourneydesk.core.protocol.errors import FileRefused
from tourneydesk.desk import Desk
from tourneydesk.ui.app import open_session
from tourneydesk.ui.restore_dialog import RestoreDialog
from tourneydesk.ui.start_page import StartPage

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat)


def damaged_evening(tmp_path: Path) -> tuple[Path, list[int], FileRefused]:
    path = tmp_path / "friday.tdesk"
    seqs = an_evening(path, FakeClock())
    damage(path, seqs[1])
    with pytest.raises(FileRefused) as refused:
        Desk.open(path)
    return path, seqs, refused.value


def test_the_dialog_lists_the_backups_previews_one_read_only_and_restores_it(tmp_path: Path, qtbot: QtBot) -> None:
    path, seqs, refused = damaged_evening(tmp_path)
    damaged = path.read_bytes()
    dialog = RestoreDialog(path, refused)
    qtbot.addWidget(dialog)
    rows = [dialog.backups.item(i).text() for i in range(dialog.backups.count())]
    assert len(rows) == 3 and "Break" in rows[0] and "6 players left" in rows[0] and "Level 2" in rows[2]
    assert f"damaged at event #{seqs[1]}" in dialog.damage.text()
    assert dialog.before_button.isVisibleTo(dialog)
    dialog.backups.setCurrentRow(2)
    assert "Friday Test" in dialog.preview.text() and "7 players left" in dialog.preview.text()
    before = sorted(p.name for p in (tmp_path / "friday.backups").iterdir())
    with qtbot.waitSignal(dialog.restored) as restored:
        assert dialog.restore_chosen()
    assert restored.args == [str(path)]
    assert dialog.kept_aside is not None and dialog.kept_aside.read_bytes() == damaged
    assert sorted(p.name for p in (tmp_path / "friday.backups").iterdir()) == before  # previews wrote nothing
    with Desk.open(path) as desk:
        assert desk.seq == seqs[0]


def test_everything_before_the_damage_opens_from_the_dialog(tmp_path: Path, qtbot: QtBot) -> None:
    path, seqs, refused = damaged_evening(tmp_path)
    dialog = RestoreDialog(path, refused)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.restored) as restored:
        assert dialog.open_before_damage()
    target = Path(restored.args[0])
    assert target.name == f"friday-before-event-{seqs[1]}.tdesk"
    with Desk.open(target) as desk:
        assert desk.seq < seqs[1]


def test_the_start_page_offers_to_restore(tmp_path: Path, settings: QSettings, qtbot: QtBot) -> None:
    path, _, _ = damaged_evening(tmp_path)
    page = StartPage(settings)
    qtbot.addWidget(page)
    button = page.findChild(QPushButton, "restoreBackup")
    assert button is not None and button.text() == "Restore from a backup…"
    dialog = page.restore_dialog(path)
    assert isinstance(dialog, RestoreDialog)
    with qtbot.waitSignal(page.chosen) as chosen:
        dialog.restore_chosen()
    assert chosen.args == [str(path)]


def test_the_console_file_menu_asks_for_a_restore(tmp_path: Path, settings: QSettings, qtbot: QtBot) -> None:
    path = tmp_path / "friday.tdesk"
    an_evening(path, FakeClock())
    session = open_session(path, "console", settings)
    try:
        qtbot.addWidget(session.window)
        action = session.window.findChild(QAction, "actionRestore")
        assert action is not None and action.text() == "&Restore from a backup…"
        with qtbot.waitSignal(session.window.restore_requested):  # type: ignore[attr-defined]
            action.trigger()
    finally:
        session.close()


def test_the_dialog_and_the_refusals_speak_french(tmp_path: Path, qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QApplication

    from tourneydesk.ui import i18n
    from tourneydesk.ui.messages import error_text

    path, seqs, refused = damaged_evening(tmp_path)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    i18n.install(app, "fr")
    try:
        dialog = RestoreDialog(path, refused)
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == "Restaurer une sauvegarde"
        assert dialog.restore_button.text() == "Restaurer cette sauvegarde"
        assert "joueurs restants" in dialog.backups.item(0).text()
        assert error_text(refused).startswith(f"Le fichier est endommagé à l’événement n° {seqs[1]}")
    finally:
        i18n.install(app, "en")
