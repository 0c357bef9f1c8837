"""The projector keeps no stale fact (issue 28, item 8): a chip leader whose count the night has left below
the average is not named, and a player who busted after a move is no longer sent to a seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.display import DisplayWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def display(demo_desk: Desk, qtbot: QtBot, tmp_path: Path) -> Iterator[DisplayWindow]:
    bridge = DeskBridge(demo_desk)
    window = DisplayWindow(bridge, settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    yield window
    bridge.detach()


def test_a_count_below_the_average_names_no_chip_leader(demo_desk: Desk, display: DisplayWindow) -> None:
    average = demo_desk.snapshot()["chips"]["average"]
    first = next(e["id"] for e in demo_desk.snapshot()["entries"] if e["status"] == "active")
    demo_desk.execute({"type": "chip_count", "entry": first, "chips": average - 1})
    assert demo_desk.snapshot()["chips"]["leader"] is None
    assert display.shown_text("chips_label") == "CHIPS IN PLAY"
    demo_desk.execute({"type": "chip_count", "entry": first, "chips": average * 2})
    assert display.shown_text("chips_label").startswith("CHIP LEADER")


def test_a_player_out_after_a_move_is_no_longer_sent_to_a_seat(demo_desk: Desk, display: DisplayWindow) -> None:
    step = demo_desk.plan()[0]
    assert step["kind"] == "break_table"
    demo_desk.execute({"type": "break_table", "table": step["table"], "station": "td"})
    moved = next(n for n in demo_desk.snapshot()["announcements"] if n["kind"] == "table_moves")["moves"]
    gone = moved[0]
    mate = next(e for e in demo_desk.state.tables[demo_desk.state.entries[gone["entry"]].table].seats.values()
                if e != gone["entry"])  # type: ignore[index]
    demo_desk.execute({"type": "bust", "entry": gone["entry"], "by": [mate], "station": "td"})
    told = [m["entry"] for n in demo_desk.snapshot()["announcements"] if n["kind"] == "table_moves" for m in n["moves"]]
    assert gone["entry"] not in told and len(told) == len(moved) - 1
    shown = " ".join(line.text for name, line in display.lines.items() if name.startswith("notice_"))
    assert "→ table" in shown and gone["name"] not in shown
