"""The projector's deal and results read from ten metres: place, name and amount in three columns at a
type size the back of the room reads, a long name cut in its middle, never the row shrunk to fit one
long line (an evening run showed "Chloé Lefèvre · 297.49 EUR" at 10 px on nine rows)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF, QSettings
from PySide6.QtGui import QFontMetricsF, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import bust_down_to, start, table_mate
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.display import DisplayWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

ROW_SHARE = 0.03  # each row's text at least this share of the screen's height, for a nine-player final table
NAMES = ("Chloé Lefèvre", "Maximiliano Alejandro Fernández de la Cruz", "Jean-Baptiste Delacroix-Montgolfier",
         "Bo Li", "Marie-Thérèse Vanderbeken", "Karim Durand", "Anne-Sophie Château-Renaud",
         "Guillaume de Saint-Exupéry", "Thi Ngoc Anh Nguyen")


def final_nine(make_desk: Callable[..., Desk], clock: FakeClock) -> Desk:
    desk = make_desk(config(name="Friday Deepstack"))
    for i in range(36):
        name = f"{NAMES[i % len(NAMES)]} {i // len(NAMES) + 1}"
        player = desk.execute({"type": "register", "name": name})["player"]
        desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    bust_down_to(desk, 9)
    desk.execute({"type": "final_table"})
    return desk


def deal(desk: Desk) -> None:
    left = [e.id for e in desk.state.entries.values() if e.status == "active"]
    desk.execute({"type": "deal", "method": "chip_chop",
                  "stacks": {entry: 90000 - 7000 * i for i, entry in enumerate(left)}})


def finish(desk: Desk) -> None:
    while desk.state.live > 1:
        victim = next(e.id for e in desk.state.entries.values() if e.status == "active")
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield str(request.param)
    i18n.install(qapp, "en")


def drawn(window: DisplayWindow, name: str) -> QRectF:
    """Where the text of box `name` is painted, as the painter lays it out."""
    box = window.layout_.boxes[name]
    return QFontMetricsF(window.fonts[name]).boundingRect(window.text_rect(name), int(box.align),
                                                          window.shown_text(name))


def inks(image: QImage, rect: QRectF) -> set[int]:
    """The colours across the middle of `rect` in `image`: a painted text has several, a bare band one."""
    y = int(rect.center().y())
    return {image.pixel(x, y) for x in range(int(rect.left()), int(rect.right()))}


@pytest.mark.parametrize("scene", ["deal", "results"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_nine_names_and_amounts_read_from_the_back_of_the_room(
        scene: str, size: tuple[int, int], language: str, make_desk: Callable[..., Desk], clock: FakeClock,
        qtbot: QtBot, tmp_path: Path) -> None:
    desk = final_nine(make_desk, clock)
    deal(desk)
    if scene == "results":
        finish(desk)
    bridge = DeskBridge(desk)
    window = DisplayWindow(bridge, settings=QSettings(str(tmp_path / "d.ini"), QSettings.Format.IniFormat),
                           audio=False)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    try:
        width, height = size
        image = window.grab().toImage()
        image.save(str(tmp_path / f"{scene}-{language}-{width}x{height}.png"))
        rows = [i for i in range(window.layout_.payout_rows) if window.lines[f"payout_name_{i}"].text]
        assert len(rows) == 9, "the nine at the final table, on one page"
        for i in rows:
            place, name, amount = f"payout_left_{i}", f"payout_name_{i}", f"payout_right_{i}"
            for box in (name, amount):
                px = QFontMetricsF(window.fonts[box]).height()
                assert px >= ROW_SHARE * height, f"{window.lines[box].text!r} is {px:.0f} px high at {size}"
            full = window.lines[name].text
            shown = window.shown_text(name)
            assert full.rsplit(" ", 1)[0] in NAMES
            assert shown[:2] == full[:2] and shown[-2:] == full[-2:], f"{full!r} shown as {shown!r}"
            assert window.shown_text(amount) == window.lines[amount].text, "an amount is never cut"
            if window.lines[place].text:
                assert drawn(window, place).right() < drawn(window, name).left(), f"place and {full!r} overlap"
            if window.lines[amount].text:
                assert drawn(window, name).right() < drawn(window, amount).left(), f"{full!r} and its amount overlap"
            assert drawn(window, amount).right() <= window.layout_.boxes[amount].rect.right() + 0.5
            for box in (name, amount):  # painted, not covered by the next column's highlight band
                assert len(inks(image, drawn(window, box))) > 2, f"{window.lines[box].text!r} is not on the screen"
    finally:
        window.close()
        bridge.detach()
