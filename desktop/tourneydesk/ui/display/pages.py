"""The room's other screens, which the projector can take turns with the clock: every payout, the seating
(each player in play, by name, with table and seat) and the results so far (the places finished).

Each is a title and rows of text, laid out in as many columns as the screen holds at a size read from
ten metres; a list longer than one screen is shown a screenful at a time, one more each turn. The TD
chooses the screens and how long each stays (the display's menu, kept per display with the app's settings).
"""

from __future__ import annotations

import math
from typing import Any

from .. import fmt
from ..collation import by_name
from ..qt import QFont, QFontMetricsF, QLocale, QPainter, QRectF, Qt
from .content import payout_rows, translate
from .themes import Theme

PAGES = ("clock", "payouts", "seating", "results")
ROTATIONS_S = (10, 15, 30, 60)
MOST_COLUMNS = 4
LEAST_ROWS = 8  # a column holds at least this many rows before the type gets smaller than a room reads


def page_names() -> dict[str, str]:
    return {"clock": translate("Display", "Clock and payouts"), "payouts": translate("Display", "Every payout"),
            "seating": translate("Display", "Seating"), "results": translate("Display", "Results so far")}


def page_rows(page: str, snap: dict[str, Any], locale: QLocale) -> tuple[str, list[str]]:
    """The title and the rows of a screen, in the room's language."""
    if page == "payouts":
        title, _, rows = payout_rows(snap, locale)
        return title, [" · ".join(part for part in (number, name, amount) if part) for number, name, amount, _ in rows]
    if page == "seating":
        seated = by_name((e for e in snap["entries"] if e["status"] == "active" and e["table"] is not None),
                         lambda e: str(e["name"]))
        return translate("Display", "SEATING"), [translate("Display", "{name} · table {table} seat {seat}").format(
            name=e["name"], table=e["table"], seat=e["seat"]) for e in seated]
    currency = snap["tournament"]["currency"]
    placed = sorted((e for e in snap["entries"] if e["place"] is not None and e["status"] != "active"),
                    key=lambda e: (e["place"], e["name"]))
    return translate("Display", "RESULTS SO FAR"), [
        f"{fmt.chips(e['place'], locale)}. {e['name']}" + (
            f" · {fmt.money(e['prize'], currency, locale, cents=False)}" if e["prize"] else "") for e in placed]


def paint_page(painter: QPainter, area: QRectF, theme: Theme, title: str, rows: list[str], turn: int) -> int:
    """One screenful of `rows` under `title`, the `turn`-th when they need several; how many they need."""
    margin = area.height() * 0.04
    title_font = QFont()
    title_font.setPixelSize(max(12, int(area.height() * 0.08)))
    title_font.setBold(True)
    painter.setFont(title_font)
    painter.setPen(theme.color("accent"))
    top = QRectF(area.left() + margin, area.top() + margin, area.width() - 2 * margin, area.height() * 0.1)
    body = QRectF(area.left() + margin, top.bottom() + margin / 2, area.width() - 2 * margin,
                  area.bottom() - top.bottom() - 1.5 * margin)
    font = QFont()
    rows_per_column = max(LEAST_ROWS, min(len(rows), 18) if rows else LEAST_ROWS)
    row_height = body.height() / rows_per_column
    font.setPixelSize(max(10, int(row_height * 0.7)))
    metrics = QFontMetricsF(font)
    widest = max((metrics.horizontalAdvance(row) for row in rows), default=0.0) + margin
    columns = max(1, min(MOST_COLUMNS, int(body.width() // max(widest, 1.0)), math.ceil(len(rows) / rows_per_column)))
    per_screen = rows_per_column * columns
    screens = max(1, math.ceil(len(rows) / per_screen))
    turn %= screens
    painter.drawText(top, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                     f"{title} · {turn + 1}/{screens}" if screens > 1 else title)
    painter.setFont(font)
    painter.setPen(theme.color("text"))
    shown = rows[turn * per_screen:(turn + 1) * per_screen]
    column_width = body.width() / columns
    for i, row in enumerate(shown):
        column, line = divmod(i, rows_per_column)
        rect = QRectF(body.left() + column * column_width, body.top() + line * row_height, column_width - margin / 2,
                      row_height)
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                         metrics.elidedText(row, Qt.TextElideMode.ElideMiddle, rect.width()))
    return screens
