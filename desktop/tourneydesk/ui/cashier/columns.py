"""How wide the cashier's columns are: set once from the font the list is drawn in, never from the rows.

A column fitted to its contents re-lays the whole window after each sale (a longer name, one more digit)
and can push it past the screen's edge; one cut to "Jean-Baptiste …" is the wrong player paid. So every
column gets the width of the longest value it will realistically hold, the name column keeps at least a
long French name, and what does not fit beside it is left out of the list (it is shown under the list).
"""

from __future__ import annotations

import math

from .. import fmt
from ..qt import QAbstractItemView, QFontMetricsF, QStyle

# A long name as a French club writes them: the name column always has room for it.
REALISTIC_NAME = "Marie-Christine Lefèvre-Dubois"
# The largest amount a club night pays or takes on one line (a first prize, a drawer's total by method).
WIDEST_AMOUNT = 8_888_888


def text_room(view: QAbstractItemView, text: str, *, bold: bool = False) -> int:
    """The column width at which `text` is drawn whole in `view`'s cells: its width in the font the cells
    use (after the window's style sheet), plus the margins Qt keeps on each side before it elides."""
    view.ensurePolished()
    font = view.font()
    font.setBold(bold)
    margin = view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1
    return math.ceil(QFontMetricsF(font).horizontalAdvance(text)) + 2 * margin + 4  # 4: the grid line and rounding


def name_room(view: QAbstractItemView) -> int:
    return text_room(view, REALISTIC_NAME)


def amount_room(view: QAbstractItemView, currency: str, title: str, *, bold: bool = False) -> int:
    """Room for the widest amount of the night, or the column's title if that is wider."""
    return max(text_room(view, fmt.money(WIDEST_AMOUNT, currency), bold=bold), text_room(view, title, bold=True))
