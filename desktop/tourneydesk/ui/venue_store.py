"""Where the venue network's files are kept on this laptop: the paired devices and the venue's logo."""

from __future__ import annotations

from pathlib import Path

from ..lan.pairing import default_store
from .qt import QSettings


def devices_store(settings: QSettings) -> Path:
    """The paired devices' hashed tokens: beside the app's settings file (the user's config folder); the
    venue's logo is kept beside them (`lan.logo`)."""
    if settings.format() == QSettings.Format.IniFormat and settings.fileName():
        return Path(settings.fileName()).parent / "lan_devices.json"
    return default_store()
