"""The cashier desk on a laptop and on a big screen: every name drawn whole, and the window keeps its size
through a queue of sales (no column fitted to its rows, no label widening a panel)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, QSize, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyle
from pytestqt.qtbot import QtBot

from tests.helpers.cashier_keys import CTRL, key, type_text
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, start
from tourneydesk.desk import Desk
from tourneydesk.ui import i18n
from tourneydesk.ui.cashier import CashierWindow
from tourneydesk.ui.cashier.models import OwedModel, PlayersModel

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")

SIZES = [(1280, 720), (1920, 1080)]
LANGUAGES = ["en", "fr"]
LONG_NAMES = ["Marie-Christine Lefèvre-Dubois", "Jean-Baptiste Delacroix-Moreau", "Anne-Sophie Vandenberghe",
              "Éléonore de Saint-Exupéry", "Guillaume Fournier-Lambert", "Maximilien Hautecœur-Lagarde"]


@pytest.fixture
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The app in the language asked for (its words and its amounts), English again afterwards."""
    i18n.install(qapp, request.param)
    yield request.param
    i18n.install(qapp, "en")


def drawn_whole(view: QAbstractItemView, index: QModelIndex) -> bool:
    """Whether the cell's text is drawn without "…": Qt elides once the text is wider than the cell less
    the margin it keeps on each side."""
    text = str(index.data())
    font = index.data(Qt.ItemDataRole.FontRole) or view.font()
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    rect = view.visualRect(index)
    return rect.width() > 0 and QFontMetrics(font).horizontalAdvance(text) + 2 * margin <= rect.width()


def pko_with_long_names(make_desk: Callable[..., Desk]) -> tuple[Desk, list[str]]:
    """Six long French names seated, two of them out with their bounties owed; twelve tables of ten."""
    desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 10, "tables": 12}))
    entries = [buy_in(desk, register(desk, name))["entry"] for name in LONG_NAMES]
    start(desk)
    for out in entries[:2]:
        state = desk.state
        table = state.entries[out].table
        assert table is not None
        mate = next(e for e in state.tables[table].seats.values() if e != out and state.entries[e].status == "active")
        desk.execute({"type": "bust", "entry": out, "by": [mate]})
    return desk, entries


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
def test_every_name_is_drawn_whole(language: str, make_desk: Callable[..., Desk], open_cashier: Any,
                                   size: tuple[int, int]) -> None:
    desk, _ = pko_with_long_names(make_desk)
    window: CashierWindow = open_cashier(desk, size=size)
    players = window.find_panel.player_view
    for row in range(window.find_panel.players.rowCount()):
        for column in (PlayersModel.NAME, PlayersModel.STATUS):
            index = window.find_panel.players.index(row, column)
            assert drawn_whole(players, index), f"{index.data()!r} is cut short at {size}"
    owed = window.pay.view
    assert window.pay.model.rowCount() >= 2  # the men who busted them are owed their bounties
    for row in range(window.pay.model.rowCount()):
        for column in (OwedModel.NAME, OwedModel.OWED):
            index = window.pay.model.index(row, column)
            assert drawn_whole(owed, index), f"{index.data()!r} is cut short at {size}"
    drawer = window.drawer.table
    for row in range(drawer.rowCount()):
        for column in range(drawer.columnCount()):
            if not drawer.isColumnHidden(column):
                assert drawn_whole(drawer, drawer.model().index(row, column)), \
                    f"{drawer.item(row, column).text()!r} is cut short at {size}"
    # What the narrow list leaves out is said in full under it, for the row the cashier is on.
    assert window.pay.detail.text().startswith(f"<b>{window.pay.current().name}</b>")  # type: ignore[union-attr]


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", SIZES, ids=["1280x720", "1920x1080"])
def test_the_window_keeps_its_size_through_thirty_sales(language: str, make_desk: Callable[..., Desk],
                                                         open_cashier: Any, qtbot: QtBot,
                                                         size: tuple[int, int]) -> None:
    desk, _ = pko_with_long_names(make_desk)
    window: CashierWindow = open_cashier(desk, size=size)
    before = window.size()
    widths = window.splitter.sizes()
    assert before == QSize(*size)
    for i in range(30):
        name = f"{LONG_NAMES[i % len(LONG_NAMES)]} {i + 1}"
        key(qtbot, Qt.Key.Key_N, CTRL)
        type_text(qtbot, name)
        key(qtbot, Qt.Key.Key_Return)  # registered: the sale panel has the player, the presence box first
        assert window.sale.player is not None
        if i == 0:  # the price split of the sale, drawn whole beside its names (nothing cut at the right)
            for label in window.sale.split.values():
                assert label.width() >= label.sizeHint().width(), f"{label.text()!r} is cut short at {size}"
        key(qtbot, Qt.Key.Key_Space)
        key(qtbot, Qt.Key.Key_Return)  # sold: the seat drawn shows big, the find box is ready again
        assert QApplication.focusWidget() is window.find_panel.search
        QApplication.processEvents()
        assert window.size() == before, f"the window grew to {window.size()} after sale {i + 1}"
        assert window.splitter.sizes() == widths, f"the panels moved after sale {i + 1}"
    assert desk.state.entry_count == len(LONG_NAMES) + 30
    # The last sale's seat in big letters, and the player's long name, fit the centre as they are.
    assert window.banner.seat_big.isVisible() and window.banner.seat_name.text().endswith(" 30")
    # (Once the centre has laid itself out: its scroll bar may just have appeared on a short screen.)
    qtbot.waitUntil(lambda: all(label.width() <= window.centre.viewport().width()
                                for label in (window.banner.seat_name, window.banner.seat_big)))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_list_of_keys_reads_whole_at_1920x1080(make_desk: Callable[..., Desk], open_cashier: Any,
                                                   qtbot: QtBot, qapp: QApplication, language: str) -> None:
    """Met on a real evening: at 1920x1080 the list of keys under the sale ran past its card ("Ctrl+N new
    p", "Alt+T take b"); two keys a line where they fit, one where they do not."""
    from tourneydesk.ui import i18n

    i18n.install(qapp, language)
    try:
        window = open_cashier(make_desk(), size=(1920, 1080))
        card, label = window.keys_card, window.keys_help
        assert card.isVisible()
        qtbot.waitUntil(lambda: label.sizeHint().width() <= card.contentsRect().width())
        text = label.text()
        assert all(key in text for key in ("Ctrl+F", "Ctrl+N", "Alt+U", "F8", "Ctrl+W"))
    finally:
        i18n.install(qapp, "en")


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", [(1280, 700), (1280, 720), (1920, 1080)], ids=["1280x700", "1280x720", "1920x1080"])
def test_the_drawers_total_row_is_in_view_above_the_report_button(language: str, make_desk: Callable[..., Desk],
                                                                    open_cashier: Any, qtbot: QtBot,
                                                                    size: tuple[int, int]) -> None:
    # At 1280x720 (700 px under a window manager's title bar) "Cash expected in the drawer: 180,00 €" wrapped
    # to two lines the layout did not count, and the Total row went half under the report button.
    desk = make_desk()
    for number, method in enumerate(["cash", "card", "transfer", "voucher", "comp", "cash"]):
        buy_in(desk, register(desk, f"Joueur {number}"), method)
    window: CashierWindow = open_cashier(desk, size=size)
    drawer = window.drawer
    table = drawer.table
    total = table.rowCount() - 1
    assert table.item(total, 0).text() == "Total"  # the same word in French
    qtbot.waitUntil(lambda: table.geometry().bottom() < drawer.report_button.geometry().top())
    row = table.visualRect(table.model().index(total, 0))
    assert row.top() >= 0 and row.bottom() < table.viewport().height(), (row, table.viewport().height())
    assert drawer.expected.geometry().bottom() < table.geometry().top()
