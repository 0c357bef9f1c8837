"""The write-ahead log's index (`<file>-shm`) kept on real disk blocks: a full disk is an answer, never a signal.

SQLite maps `<file>-shm` into memory and grows it 32 KiB at a time (a region: the index of 4,096 frames of
the write-ahead log), writing one byte at the end of each 4 KiB page so that the system gives the page its
disk blocks at once. On a file system whose blocks are smaller (1 KiB: what mke2fs makes of a small disk, a
USB stick) that byte takes only the last block of each page; the other three stay holes until SQLite writes
into them through the mapping, which it does the moment the log grows into a new region. On a full disk the
system can answer such a write only with SIGBUS, and the program dies (2 runs of 5 in a trial) where a
command should have been refused with DISK_FULL.

So the store asks the system for every block of the index before SQLite writes into it: `reserve` after
opening, and again before a write whenever the log has grown to within a region of what is reserved. Where
the disk cannot give them, the open or the command is refused with DISK_FULL and nothing is written.
`room_for_index` says, before anything opens the file, whether the disk can take the index SQLite builds
when it reads a write-ahead log left by a crash.

The blocks are asked for with posix_fallocate, which on ext4, xfs, btrfs or tmpfs allocates without
writing. Where the file system has no such call (ext2, ext3), the C library writes a zero byte into each
block that reads as zero; to keep that from ever racing a write of SQLite's, only the holes of the part
already in use are filled (no one has written there yet) and the rest lies beyond the end of the file,
where SQLite has not mapped anything. Any SQLite file kept in WAL mode can use these two functions.
"""

from __future__ import annotations

import errno
import os
import struct
from collections.abc import Iterator
from pathlib import Path

__all__ = ["FRAMES_PER_REGION", "REGION_BYTES", "reserve", "room_for_index", "waiting_frames", "wal_frames"]

REGION_BYTES = 32768
FRAMES_PER_REGION = 4096
_FIRST_REGION_FRAMES = 4062  # the first region holds the index's header as well
_WAL_HEADER, _FRAME_HEADER = 32, 24


def wal_frames(path: Path, page_size: int) -> int:
    """How many frames the write-ahead log beside `path` has room for now (0 when there is none): the most
    the index can need for it, since SQLite writes the log again from its start after a checkpoint."""
    try:
        size = os.stat(f"{path}-wal").st_size
    except OSError:
        return 0
    return max(0, size - _WAL_HEADER) // (page_size + _FRAME_HEADER)


def waiting_frames(path: Path) -> int:
    """The frames of the write-ahead log not yet copied into the file, as SQLite's index of it says (0 when
    there is no index): its header's last valid frame less the frames a checkpoint has copied back
    (the wal-index format: `mxFrame` at byte 16 of each of the header's two copies, `nBackfill` at 96, in
    the machine's byte order). The log's file size says nothing once the log is written over again."""
    try:
        with open(f"{path}-shm", "rb") as index:
            header = index.read(100)
    except OSError:
        return 0
    if len(header) < 100 or header[:48] != header[48:96]:  # not there yet, or being written this instant
        return 0
    last: int = struct.unpack_from("=I", header, 16)[0]
    copied: int = struct.unpack_from("=I", header, 96)[0]
    return max(0, last - copied)


def _regions(frames: int) -> int:
    """The regions the index of `frames` frames spans."""
    if frames <= _FIRST_REGION_FRAMES:
        return 1
    return (frames - _FIRST_REGION_FRAMES - 1) // FRAMES_PER_REGION + 2


def _covered(regions: int) -> int:
    """The frames `regions` regions index."""
    return _FIRST_REGION_FRAMES + (regions - 1) * FRAMES_PER_REGION


def reserve(path: Path, frames: int) -> int:
    """Give every block of the index of `frames` frames (rounded up to whole regions) its place on the disk;
    return how many frames that covers. Raises OSError (ENOSPC) when the disk cannot give them.

    A system without posix_fallocate (Windows, macOS) keeps its own ways, whose blocks are 4 KiB: nothing
    is done there. Nor when the index does not exist: SQLite makes it, never this."""
    regions = _regions(frames)
    want = regions * REGION_BYTES
    allocate = getattr(os, "posix_fallocate", None)
    if allocate is None:
        return frames
    try:
        fd = os.open(f"{path}-shm", os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return 0
    try:
        size = os.fstat(fd).st_size
        for start, end in _holes(fd, min(size, want)):
            allocate(fd, start, end - start)
        if want > size:
            allocate(fd, size, want - size)
    finally:
        os.close(fd)
    return _covered(regions)


def _holes(fd: int, end: int) -> Iterator[tuple[int, int]]:
    """The parts of [0, end) of the file that have no disk blocks; all of it where the system cannot say."""
    offset = 0
    while offset < end:
        try:
            hole = os.lseek(fd, offset, os.SEEK_HOLE)
        except (AttributeError, OSError):
            yield offset, end
            return
        if hole >= end:
            return
        try:
            data = os.lseek(fd, hole, os.SEEK_DATA)
        except OSError as error:  # ENXIO: a hole to the end of the file
            if error.errno != errno.ENXIO:
                raise
            data = end
        yield hole, min(data, end)
        offset = data


def room_for_index(path: Path, page_size: int) -> bool:
    """Whether the disk beside `path` can take the index of its write-ahead log as it stands, and a region
    more: asked before anything opens a file no other program has open, since SQLite rebuilds the index of
    a log a crash left behind while it opens it, through the mapping, before the store can reserve
    anything. True when there is no log to read, or the folder cannot be written (SQLite then keeps the
    index in memory)."""
    frames = wal_frames(path, page_size)
    if frames == 0 or not os.access(path.parent, os.W_OK):
        return True
    try:
        disk = os.statvfs(path.parent)
    except (AttributeError, OSError):
        return True
    if disk.f_flag & getattr(os, "ST_RDONLY", 1):
        return True
    free = disk.f_bfree if getattr(os, "geteuid", lambda: -1)() == 0 else disk.f_bavail
    return free * disk.f_frsize >= (_regions(frames) + 1) * REGION_BYTES
