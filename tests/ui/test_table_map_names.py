"""The table map keeps every name readable in its seat: a long one has its first names made initials
("J.-B. Delacroix-Montfort") before anything is cut, a cut keeps the start and the end of the name, and
the seat's tooltip gives the whole name."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics, QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip
from pytestqt.qtbot import QtBot

from tourneydesk.desk import Desk
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.console.table_map import WAITS_MARK, fitted_name

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support (propagateSizeHints|raise)")
LONG = "Jean-Baptiste Delacroix-Montfort"


def test_a_long_name_is_shortened_the_way_the_floor_reads_it(qapp: QApplication) -> None:
    metrics = QFontMetrics(QFont())
    full = metrics.horizontalAdvance(LONG)
    assert fitted_name(LONG, metrics, full) == LONG
    short = fitted_name(LONG, metrics, metrics.horizontalAdvance("J.-B. Delacroix-Montfort"))
    assert short == "J.-B. Delacroix-Montfort"
    many = "Maximiliano Alejandro Fernández Bustamante"
    assert fitted_name(many, metrics, metrics.horizontalAdvance("M. A. Fernández Bustamante")) == \
        "M. A. Fernández Bustamante"  # the first names go to initials one by one, the last name never
    cut = fitted_name(LONG, metrics, metrics.horizontalAdvance("Jean…Montfort"))
    assert cut.startswith("J") and cut.endswith("ort") and "…" in cut  # its start and end both kept
    assert metrics.horizontalAdvance(cut) <= metrics.horizontalAdvance("Jean…Montfort")


def test_the_console_table_map_shows_a_long_name_readable_with_its_tooltip(
        demo_desk: Desk, open_console: Callable[[Desk], ConsoleWindow], qtbot: QtBot) -> None:
    player = demo_desk.execute({"type": "register", "name": LONG})["player"]
    entry = demo_desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"]
    seated = next(e for e in demo_desk.snapshot()["entries"] if e["id"] == entry)
    window = open_console(demo_desk)  # at 1280x720
    window.tables_dock.raise_()
    canvas = window.table_map.canvas
    position = next(i for i, t in enumerate(canvas._tables) if t["number"] == seated["table"])
    room = canvas.seat_rect(position, seated["seat"]).adjusted(34, 0, 0, 0).width()
    shown = fitted_name(LONG, canvas.fontMetrics(), room)  # what the seat paints, in the canvas's font
    assert shown in (LONG, "J.-B. Delacroix-Montfort"), shown
    point = canvas.seat_center(seated["table"], seated["seat"])
    assert canvas.spot_at(point).entry == entry  # type: ignore[union-attr]
    QApplication.sendEvent(canvas, QHelpEvent(QEvent.Type.ToolTip, point, canvas.mapToGlobal(point)))
    qtbot.waitUntil(QToolTip.isVisible)
    assert QToolTip.text() == f"Table {seated['table']}, seat {seated['seat']}: {LONG}"
    QToolTip.hideText()


def test_the_mark_of_a_player_waiting_for_the_big_blind_is_drawn_by_the_font_the_install_guide_lists(
        qapp: QApplication) -> None:
    # "⏳" was an empty box: DejaVu Sans (fonts-dejavu-core) has no hourglass.
    assert "DejaVu Sans" in QFontDatabase.families()
    assert QFontMetrics(QFont("DejaVu Sans")).inFontUcs4(ord(WAITS_MARK)), hex(ord(WAITS_MARK))


def test_two_players_of_one_name_at_one_table_are_told_apart_on_the_map(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow]) -> None:
    desk = make_desk()
    entries = []
    for member in ("1002", "2077"):
        player = desk.execute({"type": "register", "name": "Marc Martin", "member_id": member,
                               "namesake": True})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash",
                                     "present": True})["entry"])
    window = open_console(desk)
    canvas = window.table_map.canvas
    seats = {e["id"]: (e["table"], e["seat"]) for e in desk.snapshot()["entries"]}
    said = [canvas.seat_text(canvas.spot_at(canvas.seat_center(*seats[e]))) for e in entries]  # type: ignore[arg-type]
    assert [s.split(": ", 1)[1] for s in said] == ["Marc Martin (member 1002)", "Marc Martin (member 2077)"]


def test_two_players_of_one_name_keep_what_tells_them_apart_when_the_tile_shortens_their_names(
        make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow]) -> None:
    # "Marc Martin (member 1002)" is wider than a seat of the console's tile in its 11-point type: it was
    # shortened as one name, "M. M. (member 1002)", the family name lost. The member id is kept whole now (without
    # the word "member" where that leaves the name room); the tooltip says it all.
    desk = make_desk()
    entries = []
    for name, member in (("Marc Martin", "1002"), ("Marc Martin", "2077"), (LONG, "31"), (LONG, "32")):
        player = desk.execute({"type": "register", "name": name, "member_id": member, "namesake": True})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash",
                                     "present": True})["entry"])
    window = open_console(desk)
    window.tables_dock.raise_()
    canvas = window.table_map.canvas
    seated = {e["id"]: (e["table"], e["seat"]) for e in desk.snapshot()["entries"]}
    position = {t["number"]: i for i, t in enumerate(canvas._tables)}
    shown = [canvas.seat_shown(position[seated[e][0]], seated[e][1]) for e in entries]
    room = canvas.seat_rect(0, 1).adjusted(34, 0, 0, 0).width()
    assert all(canvas.fontMetrics().horizontalAdvance(text) <= room for text in shown), shown
    assert shown[0].endswith("Martin (1002)") and shown[1].endswith("Martin (2077)"), shown
    assert shown[2].endswith("Montfort (31)") and shown[3].endswith("Montfort (32)"), shown
