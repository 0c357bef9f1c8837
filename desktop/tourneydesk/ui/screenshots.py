"""`tourneydesk screenshots`: the windows rendered offscreen to PNG files named by window and size.

Without a file it renders a fresh demo tournament on a fixed clock, so the images are the same from
run to run; with a file it renders a copy of it (the original is not touched, not even its backups).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..demo import make_demo
from ..desk import Desk
from .bridge import DeskBridge
from .qt import QApplication, QColor, QDialog, QPainter, QPixmap, QPoint, QSettings, Qt, QWidget
from .start_page import demo_name

SIZES = ((1920, 1080), (1280, 720))
DEMO_NOW = 1_767_031_200.0  # a Friday evening, 18:00 UTC: the demo's clock for reproducible images


WINDOWS = ("console", "cashier", "display")


def render_all(path: Path | None, out: Path, windows: tuple[str, ...] = WINDOWS) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tourneydesk-shots-") as folder:
        work = Path(folder)
        if path is None:
            desk = make_demo(work / "demo.tdesk", now=DEMO_NOW, name=demo_name())
        else:
            for suffix in ("", "-wal"):
                source = Path(f"{path}{suffix}")
                if source.is_file():
                    shutil.copy2(source, work / f"copy.tdesk{suffix}")
            desk = Desk.open(work / "copy.tdesk")
        try:
            return _render(desk, out, work, windows)
        finally:
            desk.close()


def _render(desk: Desk, out: Path, work: Path, windows: tuple[str, ...]) -> list[Path]:
    bridge = DeskBridge(desk)
    written: list[Path] = []
    for width, height in SIZES if "console" in windows else ():
        # A fresh window per size, with no remembered layout: what a TD sees on first opening.
        settings = QSettings(str(work / f"layout-{width}.ini"), QSettings.Format.IniFormat)
        written += _console(bridge, settings, out, width, height)
    if "cashier" in windows:
        written += _cashier(bridge, out, work)
    if "display" in windows:
        written += _display(desk, out)
    bridge.detach()
    return written


def _console(bridge: DeskBridge, settings: QSettings, out: Path, width: int, height: int) -> list[Path]:
    from .console.bust_dialog import BustDialog
    from .console.deal_dialog import DealDialog
    from .console.event_log import EventLogWindow
    from .console.main_window import ConsoleWindow
    from .console.payouts_dialog import PayoutsDialog
    from .console.structure_editor import StructureEditor

    console = ConsoleWindow(bridge, settings)
    active = next((e for e in bridge.snapshot()["entries"] if e["status"] == "active"), None)

    def bust() -> QDialog:
        dialog = BustDialog(bridge, console.players_panel.players, console, prefill=active["id"] if active else None)
        dialog.advance()
        if dialog.winners.rowCount():
            dialog.winner_list.setCurrentIndex(dialog.winners.index(0, 0))
        return dialog

    dialogs: dict[str, Callable[[], QDialog]] = {
        "bust-dialog": bust,
        "settings": console.settings_editor,
        "structure": lambda: StructureEditor(bridge, console),
        "prize-structure": lambda: PayoutsDialog(bridge, console),
        "deal": lambda: DealDialog(bridge, console),
        "event-log": lambda: EventLogWindow(bridge, console),
    }
    console.resize(width, height)
    console.show()
    _settle()
    written = [_save(console.grab(), out / f"console-{width}x{height}.png")]
    for name, make in dialogs.items():
        dialog = make()
        if name == "event-log":
            dialog.resize(min(1100, width - 160), min(700, height - 120))
        dialog.show()
        _settle()
        written.append(_save(_over(console, dialog), out / f"{name}-{width}x{height}.png"))
        dialog.close()
        dialog.deleteLater()
    console.close()
    console.deleteLater()
    return written


def _cashier(bridge: DeskBridge, out: Path, work: Path) -> list[Path]:
    try:
        from .cashier import CashierWindow
    except ImportError:
        return []
    window = CashierWindow(bridge, settings=QSettings(str(work / "cashier.ini"), QSettings.Format.IniFormat))
    written = []
    for width, height in SIZES:
        window.resize(width, height)
        window.show()
        _settle()
        written.append(_save(window.grab(), out / f"cashier-{width}x{height}.png"))
    window.close()
    return written


def _display(desk: Desk, out: Path) -> list[Path]:
    try:
        from .display.shots import render_display
    except ImportError:
        return []
    return list(render_display(desk, out))


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _over(window: QWidget, dialog: QWidget) -> QPixmap:
    """The window dimmed with the dialog over its middle, as the TD sees it."""
    picture = window.grab()
    painter = QPainter(picture)
    painter.fillRect(picture.rect(), QColor(0, 0, 0, 90))
    inner = dialog.grab()
    corner = QPoint((picture.width() - inner.width()) // 2, (picture.height() - inner.height()) // 2)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.fillRect(inner.rect().translated(corner + QPoint(4, 4)), QColor(0, 0, 0, 80))
    painter.drawPixmap(corner, inner)
    painter.end()
    return picture


def _save(picture: QPixmap, path: Path) -> Path:
    if not picture.save(str(path)):
        raise OSError(f"Cannot write {path}")
    return path
