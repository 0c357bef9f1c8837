"""The copies kept beside one of our SQLite files: its backups, and a write-ahead log kept aside.

The tournament file (`tdfile.py`) and the club file (`club/store.py`) keep their copies the same way:

* a backup is a copy made with SQLite's online backup API into `<dir>/<stem>.backups/`, named
  `<stem>-<UTC yyyymmdd-hhmmss>-<reason>-s<seq><suffix>` (`-2`, `-3`... added if that name exists), where
  seq is how far the file had come (its last event, the club's last change); it is written under a
  `.partial` name first and renamed when complete, so a crash never leaves a half copy that looks whole;
* pruning only ever deletes files matching that pattern for this stem, oldest first by (time in the name,
  seq), and never the copy just written, even if the clock went backwards;
* a write-ahead log SQLite could not read whole is copied aside before the file is played on, since the
  next write would overwrite what is left of it.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

__all__ = ["backup_beyond", "fsync_dir", "keep_wal_aside", "write_backup"]

_REASON_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")


def _pattern(stem: str, suffix: str) -> re.Pattern[str]:
    return re.compile(rf"^{re.escape(stem)}-(?P<stamp>\d{{8}}-\d{{6}})-.+-s(?P<seq>\d+)(?:-(?P<n>\d+))?"
                      rf"{re.escape(suffix)}(?P<partial>\.partial)?$")


def write_backup(conn: sqlite3.Connection, path: Path, seq: int, reason: str, now: float, *, keep: int) -> Path:
    """A copy of the file `conn` has open, beside `path`; the newest `keep` copies are kept. OSError and
    sqlite3.Error are the caller's to word."""
    if keep < 1:
        raise ValueError("keep must be at least 1")
    stem, suffix = path.stem, path.suffix
    folder = path.parent / f"{stem}.backups"
    folder.mkdir(exist_ok=True)
    stamp = datetime.fromtimestamp(now, tz=UTC).strftime("%Y%m%d-%H%M%S")
    label = _REASON_UNSAFE.sub("_", reason).strip("_-")[:40] or "backup"
    base = f"{stem}-{stamp}-{label}-s{seq}"
    dest = folder / f"{base}{suffix}"
    counter = 2
    while os.path.lexists(dest):
        dest = folder / f"{base}-{counter}{suffix}"
        counter += 1
    partial = dest.with_name(dest.name + ".partial")
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    target = sqlite3.connect(partial, isolation_level=None)
    try:
        conn.backup(target)
    except BaseException:
        target.close()
        with contextlib.suppress(OSError):
            partial.unlink()
        raise
    target.close()
    os.replace(partial, dest)
    fsync_dir(folder)
    _prune(folder, stem, suffix, keep, dest)
    return dest


def _prune(folder: Path, stem: str, suffix: str, keep: int, newest: Path) -> None:
    pattern = _pattern(stem, suffix)
    ranked: list[tuple[tuple[str, int, int], Path]] = []
    for entry in folder.iterdir():
        match = pattern.match(entry.name)
        if match is None or entry == newest:
            continue
        if match.group("partial"):  # a .partial left by a crash: never a usable copy
            with contextlib.suppress(OSError):
                entry.unlink()
            continue
        ranked.append(((match.group("stamp"), int(match.group("seq")), int(match.group("n") or 1)), entry))
    ranked.sort()
    for _, old in ranked[: max(0, len(ranked) - (keep - 1))]:
        with contextlib.suppress(OSError):  # e.g. open in another program on Windows: next time
            old.unlink()


def backup_beyond(path: Path, seq: int) -> tuple[Path, int, float] | None:
    """The backup beside `path` that came furthest, if further than `seq`: (its path, its seq, when taken)."""
    pattern = _pattern(path.stem, path.suffix)
    best: tuple[Path, int, float] | None = None
    with contextlib.suppress(OSError):
        for entry in (path.parent / f"{path.stem}.backups").iterdir():
            match = pattern.match(entry.name)
            if match is None or match.group("partial"):
                continue
            held = int(match.group("seq"))
            taken = datetime.strptime(match.group("stamp"), "%Y%m%d-%H%M%S").replace(tzinfo=UTC).timestamp()
            if held > seq and (best is None or (held, taken) > (best[1], best[2])):
                best = (entry, held, taken)
    return best


def keep_wal_aside(path: Path, now: float) -> None:
    """Copy the write-ahead log beside `path` to `<file>-wal.kept-<stamp>`: what is left of it, kept before
    playing on overwrites it. OSError is the caller's to word."""
    wal = Path(f"{path}-wal")
    if not wal.exists() or wal.stat().st_size == 0:
        return
    stamp = datetime.fromtimestamp(now, tz=UTC).strftime("%Y%m%d-%H%M%S")
    kept = Path(f"{wal}.kept-{stamp}")
    counter = 2
    while os.path.lexists(kept):
        kept = Path(f"{wal}.kept-{stamp}-{counter}")
        counter += 1
    with wal.open("rb") as source, kept.open("xb") as target:
        while chunk := source.read(1 << 20):
            target.write(chunk)
        target.flush()
        os.fsync(target.fileno())


def fsync_dir(folder: Path) -> None:
    """Make a rename durable (POSIX); a no-op where directories cannot be opened (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)
