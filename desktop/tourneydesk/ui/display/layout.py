"""Where every text goes: boxes computed from the window's size alone.

Two arrangements share the same box names. A wide screen (16:9 and wider) puts the clock in the middle
with the field on the left and the money on the right; a squarer one (4:3) stacks the clock across the
whole width, because "1:02:03" must stay a fifth of the height on a 1024x768 beamer too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..qt import QRectF, Qt

LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTER = Qt.AlignmentFlag.AlignCenter

STATS = ("players", "reentries", "average", "chips", "pool")
NAMED_STATS = frozenset({"chips"})  # once stacks are counted, the chips box names the chip leader


@dataclass(frozen=True)
class Box:
    rect: QRectF
    align: Qt.AlignmentFlag
    bold: bool = True
    group: str | None = None  # boxes of a group share one font size (the smallest that fits them all)
    elide: bool = False  # a name may be cut with an ellipsis rather than shrunk below half the box
    panel: bool = False  # drawn on a panel rather than on the page background
    # A name between a place (`after`) and an amount (`beside`): it takes the font of its row, and is cut
    # in the middle to the room those two leave it, so the columns stay large and never overlap.
    after: str | None = None
    beside: str | None = None


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    boxes: dict[str, Box]
    panels: tuple[QRectF, ...]
    logo: QRectF
    payout_rows: int
    bounty_rows: int
    notice_slots: int


def make_layout(width: int, height: int, *, bounty_event: bool, logo: bool, named: bool = False) -> Layout:
    """`named`: the money panel lists names (a deal, the results): on a wide screen it takes room from
    the clock's column, so that a name and its amount both read from the back of the room."""
    if width / max(1, height) >= 1.5:
        return _wide(width, height, bounty_event, logo, named)
    return _stacked(width, height, bounty_event, logo)


class _Builder:
    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = width, height
        self.boxes: dict[str, Box] = {}

    def add(self, name: str, x0: float, y0: float, x1: float, y1: float, align: Qt.AlignmentFlag = CENTER,
            **kw: object) -> None:
        """A box from fractions of the window's width (x) and height (y)."""
        self.boxes[name] = Box(QRectF(x0 * self.w, y0 * self.h, (x1 - x0) * self.w, (y1 - y0) * self.h),
                               align, **kw)  # type: ignore[arg-type]

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> QRectF:
        return QRectF(x0 * self.w, y0 * self.h, (x1 - x0) * self.w, (y1 - y0) * self.h)

    def header(self, logo: bool, y0: float, y1: float) -> QRectF:
        side = (y1 - y0) * self.h
        logo_rect = QRectF(0.02 * self.w, y0 * self.h, side * 1.6, side) if logo else QRectF()
        x0 = (0.03 + side * 1.6 / self.w) if logo else 0.03
        self.add("title", x0, y0, 1 - x0, y1, CENTER, elide=True)
        return logo_rect

    def rows(self, prefix: str, x0: float, x1: float, y0: float, y1: float, row_h: float, split: float,
             named_at: float | None = None, **kw: object) -> int:
        """Rows of two boxes (`prefix`_left_i, `prefix`_right_i) as many as fit between y0 and y1; with
        `named_at`, a third (`prefix`_name_i) from there to the row's end, for a name between the two."""
        count = max(1, int((y1 - y0) / row_h))
        for i in range(count):
            top = y0 + i * row_h
            left, right = f"{prefix}_left_{i}", f"{prefix}_right_{i}"
            self.add(left, x0, top, x0 + (x1 - x0) * split, top + row_h * 0.86, LEFT,
                     group=f"{prefix}_rows", panel=True, **kw)
            self.add(right, x0 + (x1 - x0) * split, top, x1, top + row_h * 0.86, RIGHT,
                     group=f"{prefix}_rows", panel=True)
            if named_at is not None:
                self.add(f"{prefix}_name_{i}", x0 + (x1 - x0) * named_at, top, x1, top + row_h * 0.86, LEFT,
                         group=f"{prefix}_rows", panel=True, elide=True, after=left, beside=right)
        return count


def _clock_column(b: _Builder, x0: float, x1: float, ys: dict[str, tuple[float, float]]) -> None:
    for name, (y0, y1) in ys.items():
        b.add(name, x0, y0, x1, y1, bold=name != "blinds_label")


def _wide(width: int, height: int, bounty_event: bool, logo: bool, named: bool = False) -> Layout:
    b = _Builder(width, height)
    logo_rect = b.header(logo, 0.015, 0.105)
    clock_end = 0.60 if named else 0.755
    left, right = (0.015, 0.235), (clock_end + 0.01, 0.985)
    top, bottom = 0.13, 0.855
    _clock_column(b, 0.245, clock_end, {"level": (0.13, 0.22), "time": (0.215, 0.53), "state": (0.53, 0.58),
                                     "blinds_label": (0.585, 0.625), "blinds": (0.625, 0.725),
                                     "ante": (0.725, 0.78)})
    b.add("next", 0.245, 0.785, clock_end, 0.83, group="clock_foot")
    b.add("break_in", 0.245, 0.83, clock_end, 0.875, group="clock_foot")
    pad = 0.012
    step = (bottom - top) / len(STATS)
    for i, name in enumerate(STATS):
        y = top + i * step
        b.add(f"{name}_label", left[0] + pad, y + 0.01, left[1] - pad, y + 0.05, LEFT, bold=False,
              group="stat_labels", panel=True)
        b.add(name, left[0] + pad, y + 0.05, left[1] - pad, y + step - 0.008, LEFT, group="stat_values", panel=True,
              elide=name in NAMED_STATS)
    money_bottom = 0.56 if bounty_event else bottom
    b.add("payouts_title", right[0] + pad, top + 0.01, right[1] - pad, top + 0.055, LEFT, bold=False, panel=True,
          group="money_titles")
    payout_rows = b.rows("payout", right[0] + pad, right[1] - pad, top + 0.065, money_bottom, 0.047, 0.35,
                         named_at=0.1 if named else 0.17)
    bounty_rows = 0
    if bounty_event:
        b.add("bounties_title", right[0] + pad, 0.575, right[1] - pad, 0.62, LEFT, bold=False, panel=True,
              group="money_titles")
        bounty_rows = b.rows("bounty", right[0] + pad, right[1] - pad, 0.63, bottom, 0.047, 0.62, elide=True)
    b.add("notice_0", 0.015, 0.885, 0.985, 0.935, group="notices")
    b.add("notice_1", 0.015, 0.935, 0.985, 0.985, group="notices")
    panels = (b.rect(left[0], top, left[1], bottom), b.rect(right[0], top, right[1], bottom))
    return Layout(width, height, b.boxes, panels, logo_rect, payout_rows, bounty_rows, 2)


def _stacked(width: int, height: int, bounty_event: bool, logo: bool) -> Layout:
    b = _Builder(width, height)
    logo_rect = b.header(logo, 0.012, 0.085)
    _clock_column(b, 0.03, 0.97, {"level": (0.09, 0.155), "time": (0.15, 0.445), "state": (0.445, 0.485),
                                   "blinds_label": (0.485, 0.515), "blinds": (0.515, 0.59), "ante": (0.59, 0.635)})
    b.add("next", 0.03, 0.64, 0.49, 0.68, group="clock_foot")
    b.add("break_in", 0.51, 0.64, 0.97, 0.68, group="clock_foot")
    top, bottom, pad = 0.695, 0.895, 0.01
    cols = ((0.015, 0.335), (0.345, 0.655), (0.665, 0.985)) if bounty_event else \
        ((0.015, 0.49), (0.51, 0.985), (0.0, 0.0))
    step = (bottom - top) / len(STATS)
    x0, x1 = cols[0]
    for i, name in enumerate(STATS):
        y = top + i * step
        b.add(f"{name}_label", x0 + pad, y, (x0 + x1) / 2, y + step * 0.9, LEFT, bold=False, group="stat_labels",
              panel=True)
        b.add(name, (x0 + x1) / 2, y, x1 - pad, y + step * 0.9, RIGHT, group="stat_values", panel=True,
              elide=name in NAMED_STATS)
    x0, x1 = cols[1]
    b.add("payouts_title", x0 + pad, top, x1 - pad, top + 0.032, LEFT, bold=False, panel=True, group="money_titles")
    payout_rows = b.rows("payout", x0 + pad, x1 - pad, top + 0.034, bottom, 0.0325, 0.35,
                         named_at=0.17)
    bounty_rows = 0
    if bounty_event:
        x0, x1 = cols[2]
        b.add("bounties_title", x0 + pad, top, x1 - pad, top + 0.032, LEFT, bold=False, panel=True,
              group="money_titles")
        bounty_rows = b.rows("bounty", x0 + pad, x1 - pad, top + 0.034, bottom, 0.0325, 0.62, elide=True)
    b.add("notice_0", 0.015, 0.905, 0.985, 0.95, group="notices")
    b.add("notice_1", 0.015, 0.95, 0.985, 0.995, group="notices")
    panels = tuple(b.rect(x0, top - 0.004, x1, bottom) for x0, x1 in cols if x1 > x0)
    return Layout(width, height, b.boxes, panels, logo_rect, payout_rows, bounty_rows, 2)
