"""Which windows were open beside a file's console (the cashier desk, the projector display), kept per file
in the app's settings so that opening the file again brings them back.

This is how the TD's screens were arranged, not a fact of the tournament: it lives with the app's other
settings, never in the tournament file's event log. The display goes back to the screen it remembers itself.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from .qt import QSettings

KINDS = ("cashier", "display")


def _key(path: Path) -> str:
    # A hash of the whole path: QSettings keys cannot hold every character a path can.
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8")).hexdigest()[:20]
    return f"files/{digest}/side_windows"


def remember_side_windows(settings: QSettings, path: Path, kinds: list[str]) -> None:
    settings.setValue(_key(path), [k for k in KINDS if k in kinds])
    settings.sync()


def side_windows_to_reopen(settings: QSettings, path: Path) -> list[str]:
    value = settings.value(_key(path), [])
    names = [value] if isinstance(value, str) else list(value) if isinstance(value, list | tuple) else []
    return [k for k in KINDS if k in names]
