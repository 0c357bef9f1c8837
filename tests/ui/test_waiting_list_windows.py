"""The waiting list for a seat (the alternates) where the TD and the room read it: the console's "What to
do now" lists everyone in order and whom to call, and takes them all off once late registration has
closed (Ctrl+Shift+Q); the projector's notices name them in order, four a line, while they may still be
seated. Real widgets on a real file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import register, seat_players, start, table_mate
from tests.helpers.keyboard import press
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.display import DisplayWindow

# The offscreen platform cannot resize a native window to a new size hint (the waiting list's box coming and
# going) and says so; on a real screen nothing is logged.
pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ONE_TABLE = config(name="Full house", seating={"seats_per_table": 3, "tables": 1, "final_table_size": 3})
NAMES = ("Ana Silva", "Ben Roux", "Chloé Durand", "Dan Petit", "Eva Blanc")


def full_room(make_desk: Callable[..., Desk]) -> tuple[Desk, list[str]]:
    desk = make_desk(ONE_TABLE)
    entries = seat_players(desk, 3)
    for name in NAMES:
        desk.execute({"type": "add_alternate", "player": register(desk, name), "present": True})
    start(desk)
    return desk, entries


def test_the_console_lists_who_waits_and_whom_to_call(make_desk: Callable[..., Desk], open_console: Any,
                                                      qtbot: QtBot, clock: FakeClock) -> None:
    desk, entries = full_room(make_desk)
    window = open_console(desk)
    panel = window.plan_panel
    assert panel.waiting_box.isVisible()
    assert panel.waiting_title.text() == "Waiting list: 5 players"
    assert panel.waiting_names.text() == "1. Ana Silva, 2. Ben Roux, 3. Chloé Durand, 4. Dan Petit, 5. Eva Blanc"
    assert panel.waiting_next.text() == "Every seat is taken: the first takes the next seat that frees"
    assert not panel.clear_waiting.isVisible()
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    window.refresh()
    assert panel.waiting_next.text() == "1 seat free: call Ana Silva to the cashier"
    clock.advance(minutes=REGISTRATION_MINUTES + 1)
    window.refresh()
    assert panel.waiting_next.text().startswith("Late registration has closed: they will not be seated")
    assert panel.clear_waiting.isVisible()
    press(qtbot, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert "waiting" not in desk.snapshot()
    qtbot.waitUntil(lambda: not panel.waiting_box.isVisible())
    assert desk.events()[-1].type == "alternates_removed"


def test_the_projector_names_the_waiting_in_order_while_they_may_be_seated(
        make_desk: Callable[..., Desk], qtbot: QtBot, clock: FakeClock, display_settings: QSettings) -> None:
    desk, _ = full_room(make_desk)
    bridge = DeskBridge(desk)
    window = DisplayWindow(bridge, settings=display_settings, audio=False)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()  # a display not shown waits to be shown before it redraws
    qtbot.waitExposed(window)
    try:
        found = [window.shown_text(name) for name in window.layout_.boxes if name.startswith("notice_")]
        pages = []
        for _ in range(3):  # the notices take turns: every line of the list comes round
            pages += [window.shown_text(n) for n in window.layout_.boxes if n.startswith("notice_")]
            window.turn_pages()
        shown = [text for text in found + pages if text.startswith("Waiting list")]
        assert "Waiting list: 1. Ana Silva, 2. Ben Roux, 3. Chloé Durand, 4. Dan Petit" in shown
        assert "Waiting list: 5. Eva Blanc" in shown
        clock.advance(minutes=REGISTRATION_MINUTES + 1)
        window.refresh()
        for _ in range(3):
            assert not any(window.shown_text(n).startswith("Waiting list") for n in window.layout_.boxes)
            window.turn_pages()
    finally:
        bridge.detach()
