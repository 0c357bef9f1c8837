"""Font sizes fitted to their boxes: the largest pixel size whose text fits the box's width and height.

Sizes come from the window's size, never from points, so a 1024x768 beamer and a 4K television show
the same design. Results are cached: a running clock refits nothing.
"""

from __future__ import annotations

from functools import lru_cache

from ..qt import QFont, QFontMetricsF

FAMILIES = ["DejaVu Sans", "Segoe UI", "Helvetica Neue", "Arial", "sans-serif"]
MIN_PX = 6


def base_font(bold: bool) -> QFont:
    font = QFont()
    font.setFamilies(FAMILIES)
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font


def sized(bold: bool, px: int) -> QFont:
    font = base_font(bold)
    font.setPixelSize(max(MIN_PX, px))
    return font


def fits(font: QFont, text: str, width: float, height: float) -> bool:
    metrics = QFontMetricsF(font)
    return metrics.horizontalAdvance(text) <= width and metrics.height() <= height


@lru_cache(maxsize=4096)
def fitted_px(text: str, bold: bool, width: float, height: float) -> int:
    """The largest pixel size (at least MIN_PX) at which `text` fits in width x height."""
    low, high = MIN_PX, max(MIN_PX, int(height * 1.2))
    while low < high:
        mid = (low + high + 1) // 2
        if fits(sized(bold, mid), text, width, height):
            low = mid
        else:
            high = mid - 1
    return low


def digit_template(text: str) -> str:
    """The text with every digit a zero: the clock fits once per shape (12:34 and 10:00 alike)."""
    return "".join("0" if ch.isdigit() else ch for ch in text)
