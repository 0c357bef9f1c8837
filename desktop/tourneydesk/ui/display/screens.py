"""Which screen a display goes full screen on, remembered by the screen's name and geometry.

An index would change when a laptop docks or a projector is plugged into another port; the name and
geometry of the projector do not. QSettings keeps one entry per display (two projectors, two entries).
"""

from __future__ import annotations

from ..qt import QCoreApplication, QGuiApplication, QRect, QScreen, QSettings


def geometry_text(rect: QRect) -> str:
    return f"{rect.x()},{rect.y()},{rect.width()},{rect.height()}"


def screen_label(screen: QScreen) -> str:
    g = screen.geometry()
    name = screen.name() or QCoreApplication.translate("Display", "Screen")
    return QCoreApplication.translate("Display", "{name} ({width}x{height} at {x},{y})").format(
        name=name, width=g.width(), height=g.height(), x=g.x(), y=g.y())


def same(a: QScreen, b: QScreen) -> bool:
    """The same screen (Python wrappers of one QScreen need not be the same object)."""
    return a.name() == b.name() and a.geometry() == b.geometry()


def remember(settings: QSettings, slot: str, screen: QScreen | None) -> None:
    if screen is None:
        settings.remove(f"{slot}/screen_name")
        settings.remove(f"{slot}/screen_geometry")
    else:
        settings.setValue(f"{slot}/screen_name", screen.name())
        settings.setValue(f"{slot}/screen_geometry", geometry_text(screen.geometry()))
    settings.sync()


def remembered(settings: QSettings, slot: str, screens: list[QScreen] | None = None) -> QScreen | None:
    """The screen this display was last full screen on, if it is plugged in: the same name and
    geometry, else the same name (the resolution was changed), else none."""
    if not settings.contains(f"{slot}/screen_name"):
        return None
    name = str(settings.value(f"{slot}/screen_name"))  # may be "" (a platform that does not name screens)
    geometry = settings.value(f"{slot}/screen_geometry")
    found = [s for s in (screens if screens is not None else QGuiApplication.screens()) if s.name() == name]
    exact = [s for s in found if geometry_text(s.geometry()) == geometry]
    candidates = exact or found
    return candidates[0] if candidates else None
