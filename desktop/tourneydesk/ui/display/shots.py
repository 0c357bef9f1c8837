"""Screenshots of the display at the four sizes a room has: what `tourneydesk screenshots` renders."""

from __future__ import annotations

from pathlib import Path

from ...desk import Desk
from ..bridge import DeskBridge
from ..qt import QApplication, QSettings
from .window import DisplayWindow

SIZES = ((1024, 768), (1280, 720), (1920, 1080), (3840, 2160))


def render_display(desk: Desk, out_dir: Path, *, theme: str = "dark", prefix: str = "display") -> list[Path]:
    """Write `display-WxH.png` at each size into `out_dir` (a command line may call it before any window
    exists: it then makes the QApplication; QT_QPA_PLATFORM=offscreen renders without a screen)."""
    app = QApplication.instance() or QApplication([])
    out_dir.mkdir(parents=True, exist_ok=True)
    bridge = DeskBridge(desk)
    settings = QSettings(str(out_dir / ".display-shots.ini"), QSettings.Format.IniFormat)
    window = DisplayWindow(bridge, settings=settings, slot="shots", audio=False)
    window.set_theme(theme)
    paths = []
    try:
        for width, height in SIZES:
            window.resize(width, height)
            path = out_dir / f"{prefix}-{width}x{height}.png"
            window.grab().save(str(path))
            paths.append(path)
    finally:
        window.close()
        window.deleteLater()
        bridge.detach()
        settings.clear()
        Path(settings.fileName()).unlink(missing_ok=True)
        app.processEvents()  # the window's deferred deletion
    return paths
