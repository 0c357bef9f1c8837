"""Recovery: the backups kept beside a tournament file, looked at, restored; a damaged log cut short.

A tournament file keeps copies of itself in `<name>.backups/` (at every level, before a migration,
at close). When the file is damaged, the TD picks one of them by what it holds (when it was taken,
the level, the players left), looks at it read-only, and restores it: the damaged file is kept aside
under a new name, never overwritten nor deleted. When only the end of the log is damaged, everything
before the first bad event can be opened instead, as a new file beside the damaged one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .core.protocol.errors import FileRefused, TourneyError
from .desk import Desk
from .store import NewEvent, TournamentFile
from .store.chain import ChainBreak, verify
from .store.lock import FileLock
from .store.tdfile import answer_holds

_BACKUP_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6})-(?P<reason>.+)-s(?P<seq>\d+)(?:-\d+)?\.tdesk$")


@dataclass(frozen=True, slots=True)
class Backup:
    """One copy beside the file, with what the TD needs to choose it."""

    path: Path
    taken_at: float  # POSIX seconds, from the copy's name
    reason: str  # level3, close, before-schema-2...
    seq: int  # events it holds
    level: str | None  # "Level 3", "Break", "Not started", "Finished"; None if it does not open
    players_left: int | None
    problem: str | None  # why it does not open (it may be damaged too), else None


def backups_folder(path: Path) -> Path:
    return path.parent / f"{path.stem}.backups"


def list_backups(path: str | Path) -> list[Backup]:
    """The backups of `path`, newest first, each opened read-only to say what it holds."""
    path = Path(path)
    folder = backups_folder(path)
    if not folder.is_dir():
        return []
    found = []
    for entry in folder.iterdir():
        match = _BACKUP_NAME.match(entry.name)
        if match is None or match.group("stem") != path.stem or not entry.is_file():
            continue
        taken = datetime.strptime(match.group("stamp"), "%Y%m%d-%H%M%S").replace(tzinfo=UTC).timestamp()
        level: str | None = None
        left: int | None = None
        problem: str | None = None
        try:
            with Desk.open(entry, read_only=True) as desk:
                level, left = _level_and_players(desk, round(taken * 1000))
        except TourneyError as error:
            problem = error.message
        found.append(Backup(entry, taken, match.group("reason"), int(match.group("seq")), level, left, problem))
    return sorted(found, key=lambda b: (b.taken_at, b.seq), reverse=True)


def _level_and_players(desk: Desk, taken_ms: int) -> tuple[str, int]:
    """Where the evening stood when the copy was taken."""
    left = desk.counts().players_left
    if desk.status == "finished":
        return "Finished", left
    clock = desk.clock_now(taken_ms / 1000)["clock"]
    if not clock["started"]:
        return "Not started", left
    if clock["on_break"]:
        return "Break", left
    return f"Level {clock['level']}", left


def restore(path: str | Path, backup: str | Path, *, now: float) -> Path:
    """Put `backup` in place of `path`; return where the file it replaces was kept aside.

    The file in place (and its write-ahead log) is renamed `<stem>.replaced-<UTC time>.tdesk`, never
    overwritten; the backup is copied (not moved: it stays among the backups) under a temporary name
    and renamed into place once whole. The acknowledgement note goes aside with the file it speaks of:
    the restored one starts a note of its own. Refused with FILE_IN_USE while a program has `path` open.
    """
    path, backup = Path(path), Path(backup)
    with Desk.open(backup, read_only=True):  # a backup that does not open is not restored
        pass
    lock = FileLock.acquire(path, now=now)
    try:
        stamp = datetime.fromtimestamp(now, tz=UTC).strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.stem}.replaced-{stamp}.tdesk")
        counter = 2
        while os.path.lexists(aside) or os.path.lexists(f"{aside}-wal"):
            aside = path.with_name(f"{path.stem}.replaced-{stamp}-{counter}.tdesk")
            counter += 1
        temp = path.with_name(f".{path.name}.restoring-{os.getpid()}")
        shutil.copyfile(backup, temp)
        with open(temp, "rb+") as handle:
            os.fsync(handle.fileno())
        if os.path.lexists(f"{path}.ack"):  # the note speaks of the file it was written by, gone or not
            os.rename(f"{path}.ack", f"{aside}.ack")
        if os.path.lexists(path):
            for suffix in ("-wal", "-shm"):  # the log's tail goes with the file it belongs to
                if os.path.lexists(f"{path}{suffix}"):
                    os.rename(f"{path}{suffix}", f"{aside}{suffix}")
            os.rename(path, aside)
        os.rename(temp, path)
        with contextlib.suppress(OSError):
            fd = os.open(path.parent, os.O_RDONLY)
            os.fsync(fd)
            os.close(fd)
    finally:
        lock.release()
    return aside


def open_before_damage(path: str | Path) -> Path:
    """Write every whole command before the first bad event of `path` into a new file beside it.

    The new file, `<stem>-before-event-<N>.tdesk`, has the same events with the same seqs and the same
    chain (so the website recognises it as the same history up to there); the damaged file is only
    read. Each kept command keeps its command id and first answer too, so that a client retrying a
    command the file already holds is answered, not applied a second time (refused with ANSWER_DAMAGED
    when its answer was damaged too). Refused with LOG_DAMAGED if
    the very first event is bad (nothing to keep).
    """
    path = Path(path)
    rows, meta, ids = _read_raw(path)
    try:
        verify(rows)  # type: ignore[arg-type]  # rows of eight columns, as the chain reads them
        first_bad = len(rows) + 1
    except ChainBreak as broken:
        first_bad = broken.seq
    good = rows[: first_bad - 1]
    if first_bad <= len(rows):
        bad_command = rows[first_bad - 1][1]
        if isinstance(bad_command, int) and good and good[-1][1] == bad_command:
            good = [r for r in good if r[1] != bad_command]  # a command is kept whole or not at all
    if not good:
        raise FileRefused("LOG_DAMAGED", f"{path.name} is damaged from its first event: restore a backup instead",
                          path=str(path), first_bad_seq=1, intact_events=0)
    target = path.with_name(f"{path.stem}-before-event-{first_bad}.tdesk")
    counter = 2
    while os.path.lexists(target):
        target = path.with_name(f"{path.stem}-before-event-{first_bad}-{counter}.tdesk")
        counter += 1
    def new(row: tuple[object, ...]) -> NewEvent:
        return NewEvent(str(row[2]), float(row[3]), json.loads(str(row[6])),  # type: ignore[arg-type]
                        row[4] if isinstance(row[4], str) else None, row[5] if isinstance(row[5], str) else None)

    commands: list[list[tuple[object, ...]]] = []
    for row in good:
        if commands and commands[-1][0][1] == row[1]:
            commands[-1].append(row)
        else:
            commands.append([row])
    created = float(meta.get("created_at") or good[0][3])  # type: ignore[arg-type]
    file = TournamentFile.create(target, tournament_id=meta.get("tournament_id", ""), created_at=created,
                                 app_version=meta.get("app_version", ""),
                                 first_events=[new(r) for r in commands[0]])
    try:
        for command in commands[1:]:
            first, last = command[0][0], command[-1][0]
            record = ids.get((first, last))  # type: ignore[arg-type]
            if record is None:
                file.append([new(r) for r in command])
            else:
                file.append([new(r) for r in command], command_id=record[0], result_fn=_answer(record[1] or {}),
                            vouched=record[1] is not None)
    finally:
        file.close(backup=False)
    return target


def _answer(answer: dict[str, Any]) -> Callable[[int, int], dict[str, Any]]:
    """The first answer to a command, given again as it was when it is copied (seqs and all)."""
    return lambda _first, _last: answer


def _read_raw(path: Path) -> tuple[list[tuple[object, ...]], dict[str, str],
                                   dict[tuple[int, int], tuple[str, dict[str, Any] | None]]]:
    """The events, meta and command ids of a file, read without any of the open checks (it is known
    damaged). The command ids come as {(first seq, last seq): (command id, its first answer)}; the answer
    is None when it no longer matches its seal or is no longer a JSON object: the id is kept (a retry
    must not apply the command twice), its answer not vouched for (a retry is refused)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise FileRefused("FILE_CORRUPT", f"{path.name} cannot be read at all ({error})", path=str(path)) from error
    try:
        rows = conn.execute("SELECT seq, command_seq, type, at, station, actor, payload, hash FROM events"
                            " ORDER BY seq").fetchall()
        meta = {str(k): str(v) for k, v in conn.execute("SELECT key, value FROM meta")}
        sealed = "seal" in {str(r[1]) for r in conn.execute("PRAGMA table_info(commands)")}
        links = {row[0]: row[7] for row in rows}
        ids: dict[tuple[int, int], tuple[str, dict[str, Any] | None]] = {}
        for command_id, first, last, result, claimed in conn.execute(
                f"SELECT command_id, first_seq, last_seq, result, {'seal' if sealed else 'NULL'} FROM commands"):
            if not (isinstance(command_id, str) and isinstance(first, int) and isinstance(last, int)):
                continue
            answer = None
            if not sealed or answer_holds(claimed, command_id, first, last, links.get(last), result):
                with contextlib.suppress(TypeError, ValueError):
                    answer = json.loads(result)
            ids[(first, last)] = (command_id, answer if isinstance(answer, dict) else None)
    except sqlite3.Error as error:
        raise FileRefused("FILE_CORRUPT", f"{path.name} cannot be read at all ({error})", path=str(path)) from error
    finally:
        conn.close()
    return rows, meta, ids
