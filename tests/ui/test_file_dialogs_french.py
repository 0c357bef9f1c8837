"""A French desk's Open and Save dialogs are French (issue 28, the second trial): Qt's own French catalogue,
shipped with PySide6, lacks the labels Qt 6.11 gave their Alt letters, so "Look in" and "Files of type" read
English, and every folder's type "Folder"."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QTreeView
from pytestqt.qtbot import QtBot

from tests.helpers.editor import shown_start_page
from tests.helpers.mnemonics import window_mnemonics
from tourneydesk.ui import i18n

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def french(qapp: QApplication) -> Iterator[None]:
    i18n.install(qapp, "fr")
    yield
    i18n.install(qapp, "en")


def test_the_open_dialog_of_a_french_desk_reads_french(french: None, qtbot: QtBot, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "Tournois").mkdir()
    monkeypatch.chdir(tmp_path)  # the dialog opens on the folder the program was started in
    page = shown_start_page(tmp_path, qtbot)
    seen: dict[str, object] = {}

    def look(tries: int = 200) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, lambda: look(tries - 1))
            return
        view = dialog.findChild(QTreeView, "treeView")
        model, root = (view.model(), view.rootIndex()) if view is not None else (None, None)
        if model is not None and model.rowCount(root) == 0 and tries:  # the folder is read in the background
            QTimer.singleShot(20, lambda: look(tries - 1))
            return
        try:  # whatever it reads, the dialog is closed: a modal dialog left open would hold the test forever
            seen["labels"] = {label.objectName(): label.text() for label in dialog.findChildren(QLabel)}
            seen["type"] = model.index(0, 2, root).data() if model is not None else None
            seen["keys"] = window_mnemonics(dialog)
        finally:
            dialog.reject()

    QTimer.singleShot(0, look)
    qtbot.keyClick(page.focusWidget() or page, Qt.Key.Key_O, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "labels" in seen)
    labels = seen["labels"]
    assert isinstance(labels, dict)
    assert labels["lookInLabel"] == "&Voir dans\u00a0:" and labels["fileTypeLabel"] == "Fichiers de &type\u00a0:"
    assert labels["fileNameLabel"] == "&Nom de fichier\u00a0:"
    assert seen["type"] == "Dossier"
    keys = seen["keys"]
    assert isinstance(keys, dict)
    assert {letter: texts for letter, texts in keys.items() if len(texts) > 1} == {}
