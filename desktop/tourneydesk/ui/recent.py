"""The files opened lately, newest first, kept in the app's settings: the start page lists them and the
app reopens the last one."""

from __future__ import annotations

from pathlib import Path

from .qt import QSettings

RECENT_KEY = "recent_files"
RECENT_MAX = 8


def recent_files(settings: QSettings) -> list[Path]:
    value = settings.value(RECENT_KEY, [])
    names = [value] if isinstance(value, str) else list(value) if isinstance(value, list | tuple) else []
    return [Path(n) for n in names if n]


def remember(settings: QSettings, path: Path) -> None:
    names = [str(path.resolve())] + [str(p) for p in recent_files(settings) if p != path.resolve()]
    settings.setValue(RECENT_KEY, names[:RECENT_MAX])
