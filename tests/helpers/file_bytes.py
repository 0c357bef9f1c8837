"""What a test does to a tournament file on disk and checks of it: a change behind the program's back, the
bytes of everything beside it, and a refusal that changes none of them."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tourneydesk.core.protocol.errors import FileRefused
from tourneydesk.desk import Desk


def rewrite(path: Path, sql: str, *params: Any) -> None:
    """Change a closed file behind the program's back (what a bad disk or another program does)."""
    conn = sqlite3.connect(path)
    try:
        conn.execute(sql, params)
        conn.commit()
    finally:
        conn.close()


def folder_bytes(folder: Path) -> dict[str, bytes]:
    """Every file beside the tournament (the file, its -wal, the lock, backups) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
            and not p.name.endswith("-shm")}  # the -shm is SQLite's index of the WAL, rebuilt at will


def refused_untouched(path: Path, code: str, opener: Callable[[], object] | None = None) -> FileRefused:
    before = folder_bytes(path.parent)
    with pytest.raises(FileRefused) as caught:
        (opener or (lambda: Desk.open(path)))()
    assert caught.value.code == code, caught.value.message
    assert folder_bytes(path.parent) == before
    return caught.value
