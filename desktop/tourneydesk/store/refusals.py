"""The refusals of a tournament file that several parts of the store give: damaged, in use, its log broken."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from tourneydesk.core.protocol.errors import FileRefused

__all__ = ["damaged", "in_use", "is_busy", "log_damaged", "refuse"]


def refuse(code: str, path: Path, message: str, **params: Any) -> FileRefused:
    return FileRefused(code, message, path=str(path), **params)


def is_busy(error: sqlite3.Error) -> bool:
    return str(getattr(error, "sqlite_errorname", "")).startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def in_use(path: Path) -> FileRefused:
    """FILE_IN_USE: another program holds a lock on the file (an addition to the five codes)."""
    return refuse("FILE_IN_USE", path, f"{path.name} is in use by another program; close it there and try again")


def damaged(path: Path, detail: str) -> str:
    """The FILE_CORRUPT message: what is wrong, and where the backups are if there are any."""
    backups = path.parent / f"{path.stem}.backups"
    hint = f"; its backups are in {backups}" if backups.is_dir() else ""
    return f"{path.name} is damaged and cannot be opened ({detail}){hint}"


def log_damaged(path: Path, seq: int, why: str) -> FileRefused:
    """LOG_DAMAGED: the log is intact up to event `seq` - 1; the ways out are a backup or that part."""
    backups = path.parent / f"{path.stem}.backups"
    intact = seq - 1
    return FileRefused(
        "LOG_DAMAGED",
        f"{path.name} is damaged at event #{seq} ({why}); the {intact} events before it are intact. "
        "Restore a backup (Restore from a backup…), or open everything before the damage",
        path=str(path),
        first_bad_seq=seq,
        intact_events=intact,
        why=why,
        backups=str(backups) if backups.is_dir() else None,
    )
