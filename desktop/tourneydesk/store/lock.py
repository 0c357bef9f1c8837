"""The lock beside a tournament file: one program writes a file at a time.

Two programs appending to one log would write two histories into it. SQLite's own locks last one
transaction; this one lasts as long as a program has the file open. It is an OS lock (flock on
POSIX, msvcrt on Windows) on `<file>.lock`, so it dies with the program that holds it, even after a
kill -9 or a power cut: a lock file left behind is never a reason to refuse. Inside it, the holder
writes who it is (program, pid, host, since), so the refusal can name it.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import sys
from pathlib import Path
from typing import Any

from tourneydesk.core.protocol.errors import FileRefused

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    # Windows locks the first byte, so the holder's words go after it.
    _INFO_AT = 1
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        except OSError as error:  # a filesystem without flock (some network shares): no lock to take
            if error.errno in (errno.ENOLCK, errno.EOPNOTSUPP):
                return True
            raise
        return True

    def _unlock(fd: int) -> None:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)

    _INFO_AT = 0


PROGRAM = "TourneyDesk"


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


class FileLock:
    """Held from `acquire` to `release`; `holder` is what the lock file says about its holder."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, tournament: Path, *, now: float, program: str = PROGRAM) -> FileLock:
        """Take the lock of `tournament`, or raise FILE_IN_USE naming the program that holds it."""
        path = lock_path(tournament)
        for _ in range(5):  # the holder may delete the lock file between our open and our lock
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError:
                # A folder we cannot write (read-only media): there is no second writer to fear
                # there, and the open of the file itself says why it cannot be written.
                return cls(path, -1)
            if not _try_lock(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise in_use(tournament, holder)
            if _same_file(fd, path):
                info = {"program": program, "pid": os.getpid(), "host": socket.gethostname(), "since": now}
                text = json.dumps(info).encode("utf-8")
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, _INFO_AT)
                    os.lseek(fd, _INFO_AT, os.SEEK_SET)
                    os.write(fd, text)
                return cls(path, fd)
            _unlock(fd)
            os.close(fd)
        raise in_use(tournament, {})

    def release(self) -> None:
        """Let go; the lock file goes too (deleted while still held, so no one locks a dead name)."""
        fd, self._fd = self._fd, None
        if fd is None or fd < 0:
            return
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        _unlock(fd)
        os.close(fd)

    @property
    def held(self) -> bool:
        return self._fd is not None


def lock_held(tournament: Path) -> bool:
    """Whether a program has `tournament` open for writing now (asked without taking the lock)."""
    try:
        fd = os.open(lock_path(tournament), os.O_RDWR)
    except OSError:
        return False  # no lock file (or none we may open): no one holds it
    try:
        if not _try_lock(fd):
            return True
        _unlock(fd)
        return False
    finally:
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except OSError:
        return False


def _read_holder(fd: int) -> dict[str, Any]:
    try:
        os.lseek(fd, _INFO_AT, os.SEEK_SET)
        data = json.loads(os.read(fd, 4096).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def describe(holder: dict[str, Any]) -> str:
    """'TourneyDesk (pid 4242) on laptop-bar', or 'another program' when the lock file says nothing."""
    program = holder.get("program")
    if not isinstance(program, str) or not program:
        return "another program"
    pid, host = holder.get("pid"), holder.get("host")
    words = program
    if isinstance(pid, int):
        words += f" (pid {pid})"
    if isinstance(host, str) and host and host != socket.gethostname():
        words += f" on {host}"
    return words


def in_use(path: Path, holder: dict[str, Any]) -> FileRefused:
    who = describe(holder)
    return FileRefused(
        "FILE_IN_USE",
        f"{path.name} is open in {who}; close it there, or switch to that window, and try again",
        path=str(path),
        holder=who,
        pid=holder.get("pid") if isinstance(holder.get("pid"), int) else None,
        host=holder.get("host") if isinstance(holder.get("host"), str) else None,
    )
