"""The console's header wraps its long lines at 1280x720, never inside a figure: "average 23,333 (116" / "BB)"
read as two facts (issue 28)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QTextLayout, QTextOption
from PySide6.QtWidgets import QApplication

from tests.helpers.desks import seat_players, start
from tourneydesk.desk import Desk
from tourneydesk.ui import fmt, i18n
from tourneydesk.ui.console.main_window import ConsoleWindow

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


def lines(text: str, label_font: object, width: int) -> list[str]:
    """The lines a word-wrapping label of that width draws `text` in."""
    layout = QTextLayout(text, label_font)  # type: ignore[arg-type]
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    found = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        found.append(text[line.textStart():line.textStart() + line.textLength()].strip())
    layout.endLayout()
    return found


def test_the_average_in_big_blinds_is_never_broken_across_two_lines(
        language: str, make_desk: Callable[..., Desk], open_console: Callable[[Desk], ConsoleWindow]) -> None:
    desk = make_desk()
    seat_players(desk, 12)
    start(desk)
    window = open_console(desk)  # 1280x720
    snap = desk.snapshot()
    average, big_blind = snap["chips"]["average"], snap["clock"]["big_blind"]
    label = window.clock_panel.field_label
    text = label.text()
    words = [fmt.chips(average), f"({fmt.chips(average // big_blind)}", "BB)"]
    assert all(word in text for word in words), text
    at = text.index(words[0])
    figure = text[at:text.index("BB)", at) + 3]  # "23,333 (116 BB)", with whatever spaces it holds
    for width in [label.contentsRect().width(), *range(120, 900, 4)]:
        drawn = lines(text, label.font(), width)
        assert any(figure in line for line in drawn), (width, drawn)
