"""The last acknowledged command, noted beside the tournament file: how a silent loss is seen.

SQLite reads its write-ahead log only up to the first frame whose checksum fails. A `-wal` cut short
or with a flipped byte therefore opens without a word at an earlier point of the evening: the last
commands are simply not there. The log's own chain cannot tell (what is left is intact), so after
every commit the file notes, in `<name>.tdesk.ack`, how many events and commands it holds and the
hash of the last event. An open that finds fewer than were noted says how many are missing.

Why it costs nothing a TD would feel: the note is one small write into a page the system already
holds, after the commit, and it is not flushed to the disk on its own (the commit was). Its order
makes it honest: it is written only once the commit it names is durable, so whatever part of it
reaches the disk never claims a command the file could have lost in a power cut. It is flushed when
the write-ahead log is folded into the file and when the file closes; a power cut between those may
leave it a few commands behind, which only makes it claim less, never more.

The note guards against a loss, not against a forger: it carries a checksum of its own so that a
damaged note is ignored (and rewritten) rather than taken for a loss.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["AckNote", "Acked", "ack_path", "read_ack"]

_SIZE = 320  # one record, padded: always rewritten in place, never grows, fits in one disk sector


def ack_path(path: Path) -> Path:
    return path.with_name(path.name + ".ack")


@dataclass(frozen=True, slots=True)
class Acked:
    """What the program had acknowledged in the file when it last wrote the note."""

    tournament_id: str
    seq: int  # the last event
    commands: int  # how many commands the log holds up to it
    hash: str  # the chain's hash of event `seq`


def _check(tournament_id: str, seq: int, commands: int, hash_: str) -> str:
    return hashlib.sha256(f"{tournament_id}|{seq}|{commands}|{hash_}".encode()).hexdigest()[:16]


# Built once: json.dumps() with arguments builds an encoder for every note, after every command.
_ENCODE = json.JSONEncoder(ensure_ascii=True, separators=(",", ":")).encode


def _record(acked: Acked) -> bytes:
    body = {"tournament_id": acked.tournament_id, "seq": acked.seq, "commands": acked.commands,
            "hash": acked.hash, "check": _check(acked.tournament_id, acked.seq, acked.commands, acked.hash)}
    text = _ENCODE(body).encode("ascii")
    if len(text) >= _SIZE:  # a tournament id of our own is a uuid: this is a file we did not write
        raise ValueError("tournament id too long for the acknowledgement note")
    return text.ljust(_SIZE - 1) + b"\n"


def read_ack(path: Path) -> Acked | None:
    """The note beside `path`, or None if there is none or it is not one whole, undamaged record."""
    try:
        with open(ack_path(path), "rb") as handle:
            data = json.loads(handle.read(_SIZE * 2).decode("ascii"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    tournament_id, seq, commands, hash_ = (data.get(k) for k in ("tournament_id", "seq", "commands", "hash"))
    if not (isinstance(tournament_id, str) and isinstance(hash_, str)
            and isinstance(seq, int) and not isinstance(seq, bool) and seq >= 0
            and isinstance(commands, int) and not isinstance(commands, bool) and 0 <= commands <= seq):
        return None
    if data.get("check") != _check(tournament_id, seq, commands, hash_):
        return None
    return Acked(tournament_id, seq, commands, hash_)


class AckNote:
    """The note of one open file, written after each commit; never a reason for a command to fail."""

    def __init__(self, path: Path, *, durable: bool = True) -> None:
        self._fd: int | None = None
        self._dirty = False
        self._durable = durable  # False: never flushed (a file written with synchronous=OFF, in tests)
        try:
            self._fd = os.open(ack_path(path), os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
        except OSError:
            self._fd = None  # a folder that refuses it: the file still works, its losses go unnoticed

    def write(self, acked: Acked) -> None:
        fd = self._fd
        if fd is None:
            return
        try:
            record = _record(acked)
            os.lseek(fd, 0, os.SEEK_SET)  # no os.pwrite on Windows
            os.write(fd, record)
            self._dirty = True
        except (OSError, ValueError):
            # The command is committed whatever happens here: a note that cannot be written only
            # means a later loss would go unnoticed, not that this command failed.
            pass

    def flush(self) -> None:
        """Put the note on the disk (with the WAL folded in, or at close): costs one flush, rarely."""
        if self._fd is None or not self._dirty or not self._durable:
            return
        with contextlib.suppress(OSError):
            os.fsync(self._fd)
            self._dirty = False

    def close(self, *, flush: bool = True) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if flush and self._dirty and self._durable:
            with contextlib.suppress(OSError):
                os.fsync(fd)
        os.close(fd)
