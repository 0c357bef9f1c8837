"""The start page's recent tournaments at 1280x720, in French: the hint shown before any file was opened
reads whole, wrapped to its column (as a list item it ran past the edge, under the scroll bar), and a
recent file in a deep folder keeps its name readable without scrolling sideways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.new_tournament import NAME_ROLE
from tourneydesk.ui.recent import remember
from tourneydesk.ui.start_page import StartPage

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def french_page(qapp: QApplication, tmp_path: Path, qtbot: QtBot) -> Iterator[tuple[QSettings, Path]]:
    i18n.install(qapp, "fr")
    yield QSettings(str(tmp_path / "app.ini"), QSettings.Format.IniFormat), tmp_path
    i18n.install(qapp, "en")


def shown(qtbot: QtBot, settings: QSettings) -> StartPage:
    page = StartPage(settings)
    qtbot.addWidget(page)
    page.resize(1280, 720)
    page.show()
    qtbot.waitExposed(page)
    return page


def test_the_hint_with_no_recent_file_reads_whole_at_1280x720(french_page: tuple[QSettings, Path],
                                                               qtbot: QtBot) -> None:
    settings, _ = french_page
    page = shown(qtbot, settings)
    hint = page.recent_hint
    assert hint.isVisible() and hint.text().startswith("Aucun tournoi ouvert pour l’instant")
    column = hint.parentWidget()
    assert column is not None
    left = hint.mapTo(column, hint.rect().topLeft()).x()
    assert left + hint.width() <= column.width()  # inside its column, not past its edge
    assert hint.heightForWidth(hint.width()) <= hint.height()  # every wrapped line shown
    assert not page.recent.isVisible()  # no empty list with a scroll bar over the words


def test_a_recent_file_in_a_deep_folder_keeps_its_name_without_a_sideways_scroll(
        french_page: tuple[QSettings, Path], qtbot: QtBot) -> None:
    settings, tmp_path = french_page
    folder = tmp_path.joinpath(*["Tournois du club de poker de la ville"] * 4)
    folder.mkdir(parents=True)
    path = folder / "Vendredi PKO.tdesk"
    Desk.create(path, "pko").close()
    remember(settings, path)
    page = shown(qtbot, settings)
    assert page.recent.count() == 1 and not page.recent_hint.isVisible()
    assert page.recent.horizontalScrollBar().isHidden() or \
        page.recent.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    assert page.recent.visualItemRect(page.recent.item(0)).width() <= page.recent.viewport().width()
    assert page.recent.textElideMode() == Qt.TextElideMode.ElideMiddle  # "Vendredi PKO — /tmp/…/Vendredi PKO.tdesk"
    assert page.recent.item(0).toolTip() == str(path.resolve())


@pytest.mark.qt_log_ignore("This plugin does not support")  # the offscreen platform opening the list
def test_the_chosen_structure_is_described_whole_at_1280x720(french_page: tuple[QSettings, Path],
                                                              qtbot: QtBot) -> None:
    """Met on a real evening: the closed box read "Club PKO — 28 niveaux × 20 min · 25 000 jet", the
    buy-in cut off. The chosen structure's stack and buy-in read whole under it, and its list opens as wide
    as its longest line."""
    settings, _ = french_page
    page = shown(qtbot, settings)
    details = page.form.structure_details
    assert details.isVisible()
    plain = details.text().replace("\u00a0", " ").replace("\u2060", "")
    assert "25 000 jetons" in plain.replace("\u202f", " ") and "buy-in 110,00 €" in plain and "primes" in plain
    column = page.form
    right = details.mapTo(column, details.rect().topRight()).x()
    assert right <= column.width() and details.heightForWidth(details.width()) <= details.height()
    box = page.structure
    box.showPopup()
    view = box.view()
    qtbot.waitUntil(view.isVisible)
    widest = max(view.fontMetrics().horizontalAdvance(box.itemText(i)) for i in range(box.count()))
    assert view.viewport().width() >= widest  # every line of the list whole when it opens
    box.hidePopup()
    box.setCurrentIndex(box.findData("deepstack"))
    assert details.text() != plain and "PKO" not in box.currentText()  # follows the choice


def test_the_closed_structure_box_shows_its_name_whole_and_buy_in_never_breaks_at_its_hyphen(
        french_page: tuple[QSettings, Path], qtbot: QtBot) -> None:
    """The second trial: the closed box read "Club PKO — 28 niveaux × 20 min · 25 000 jet", and the details
    under it broke "buy-" from "in" at the end of a line."""
    settings, _ = french_page
    page = shown(qtbot, settings)
    box = page.structure
    shot = box.grab()  # what the box paints: its name, read whole
    assert shot.width() == box.width()
    name = page.form.chosen.name
    assert box.currentData(NAME_ROLE) == name == "Club PKO"
    assert box.fontMetrics().horizontalAdvance(name) < box.width() - box.iconSize().width()
    details = page.form.structure_details.text()
    assert "-" in details and all(details[i + 1] == "\u2060" for i, c in enumerate(details) if c == "-")
