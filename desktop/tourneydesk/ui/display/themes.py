"""The display's colour themes and the contrast rule they are held to (WCAG 2.x, level AA).

Every text role is drawn on the page background or on a panel, and the highlighted payout rows on
their own band: `text_pairs` lists every such pair so that a test can hold each theme to 4.5:1.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..qt import QT_TRANSLATE_NOOP, QColor, QCoreApplication

TEXT_ROLES = ("text", "muted", "accent", "alert")


@dataclass(frozen=True)
class Theme:
    name: str
    label: str
    background: str
    panel: str
    text: str
    muted: str
    accent: str
    alert: str
    highlight: str  # the band behind a payout place already won
    highlight_text: str

    def color(self, role: str) -> QColor:
        return QColor(getattr(self, role))

    def text_pairs(self) -> list[tuple[str, str]]:
        """(foreground, background) role names of every text the display draws with this theme."""
        pairs = [(role, surface) for role in TEXT_ROLES for surface in ("background", "panel")]
        return [*pairs, ("highlight_text", "highlight")]


THEMES: dict[str, Theme] = {
    t.name: t
    for t in (
        Theme("dark", str(QT_TRANSLATE_NOOP("Display", "Dark")), background="#0d1117", panel="#161c25",
              text="#f4f6f8", muted="#a8b3c1", accent="#ffc83d", alert="#ff7b72", highlight="#1f6f43",
              highlight_text="#ffffff"),
        Theme("light", str(QT_TRANSLATE_NOOP("Display", "Light")), background="#f7f5f0", panel="#ebe6dc",
              text="#14171a", muted="#4a5260", accent="#8a4300", alert="#b3261e", highlight="#1d5c38",
              highlight_text="#ffffff"),
        Theme("high_contrast", str(QT_TRANSLATE_NOOP("Display", "High contrast")), background="#000000",
              panel="#000000", text="#ffffff", muted="#ffffff", accent="#ffff00", alert="#ff9e9e",
              highlight="#ffff00", highlight_text="#000000"),
    )
}
DEFAULT_THEME = "dark"


def theme_label(theme: Theme) -> str:
    """The theme's name in the app's language (`label` holds the English, marked for lupdate)."""
    return QCoreApplication.translate("Display", theme.label)


def relative_luminance(color: QColor) -> float:
    """WCAG 2.x relative luminance of an sRGB colour."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.red()) + 0.7152 * channel(color.green()) + 0.0722 * channel(color.blue())


def contrast_ratio(a: QColor, b: QColor) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
