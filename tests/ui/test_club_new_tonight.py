"""Someone new tonight is a member only once confirmed: the members window lists those a night brought,
and the TD confirms each by keys (Enter as written, F2 to correct the spelling, Ctrl+M to say which
member they are); until then the cashier's find box does not offer them as members."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from tests.helpers.club import summary
from tests.helpers.keyboard import press, type_text
from tourneydesk.club import ClubService
from tourneydesk.ui.club.members_window import MembersWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def club_path(tmp_path: Path) -> Path:
    path = tmp_path / "club.tdclub"
    with ClubService.create(path) as club:
        club.execute({"type": "add_member", "name": "Chloé Lefèvre", "member_id": "10"})
        club.execute({"type": "add_member", "name": "Bruno Costa", "member_id": "11"})
        result = club.execute({"type": "record_tournament", "summary": summary("t1", "2026-01-09", [
            ("Chloé Lefèvre", 1, 6000), ("Marc Dubios", 2, 3000), ("Chloe Lefevre-Roux", 3, 0),
            ("Léa Roux", 4, 0), ("Bruno Costa", 5, 0)])})
        assert result["members_added"] == 3
        # Recorded, but not members: not found, not exported, and waiting.
        assert [m.name for m in club.members()] == ["Bruno Costa", "Chloé Lefèvre"]
        assert club.find("marc") == [] and "Marc" not in club.export_csv().text
        assert [w["member"].name for w in club.new_tonight()] == ["Marc Dubios", "Chloe Lefevre-Roux", "Léa Roux"]
    return path


def shown(qtbot: QtBot, club_path: Path) -> MembersWindow:
    window = MembersWindow(club_path)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.new_table.setFocus()
    return window


def rows(window: MembersWindow) -> list[str]:
    table = window.new_table
    return [table.item(r, 0).text() for r in range(table.rowCount())]


def test_the_td_confirms_corrects_and_matches_those_new_tonight_by_keys(qtbot: QtBot, club_path: Path) -> None:
    window = shown(qtbot, club_path)
    assert window.new_panel.isVisible() and rows(window) == ["Marc Dubios", "Chloe Lefevre-Roux", "Léa Roux"]
    assert "New tonight, not members until confirmed: 3." in window.new_title.text()
    table = window.new_table
    # F2: the name spelled right, Enter: a member under that name, their night with them.
    assert table.currentRow() == 0
    press(qtbot, Qt.Key.Key_F2)
    assert window.new_name.hasFocus() and window.new_name.selectedText() == "Marc Dubios"
    type_text(qtbot, "Marc Dubois")
    press(qtbot, Qt.Key.Key_Return)
    assert rows(window) == ["Chloe Lefevre-Roux", "Léa Roux"]
    assert "Marc Dubois is a member" in window.message.text()
    # Ctrl+M: she is Chloé, member 10, already: her night goes to Chloé.
    assert table.hasFocus()
    press(qtbot, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    assert window.same_as.hasFocus()
    type_text(qtbot, "lefevre")
    press(qtbot, Qt.Key.Key_Return)
    assert rows(window) == ["Léa Roux"]
    assert "played as Chloé Lefèvre (10)" in window.message.text()
    # Enter: confirmed as written.
    press(qtbot, Qt.Key.Key_Return)
    assert rows(window) == [] and not window.new_panel.isVisible()
    with ClubService.open(club_path) as club:
        assert [m.name for m in club.members()] == ["Bruno Costa", "Chloé Lefèvre", "Léa Roux", "Marc Dubois"]
        assert [h["place"] for h in club.history("10")] == [1, 3]
        marc = club.find("dubois")[0]
        assert [h["tournament_id"] for h in club.history(marc.member_id)] == ["t1"]
        assert club.file.rows("SELECT name FROM results WHERE member = ?", (marc.id,))[0][0] == "Marc Dubois"
    # The member list below shows them now.
    assert window.table.rowCount() == 4


def test_a_match_that_names_several_members_asks_for_more_and_merges_nothing(qtbot: QtBot,
                                                                             club_path: Path) -> None:
    with ClubService.open(club_path) as club:
        club.execute({"type": "add_member", "name": "Chloé Martin", "member_id": "40"})
    window = shown(qtbot, club_path)
    press(qtbot, Qt.Key.Key_Down)
    assert window.new_table.currentRow() == 1
    press(qtbot, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, "chloe")
    press(qtbot, Qt.Key.Key_Return)
    assert "Several members match chloe" in window.message.text()
    press(qtbot, Qt.Key.Key_Escape)
    assert window.new_table.hasFocus() and len(rows(window)) == 3
