"""A damaged disk: the file and its WAL cut at random offsets, random bytes flipped.

Each open is refused with a code (never a raw exception), or opens to the state a replay of its
verified events gives, holding every acknowledged event (a WAL that SQLite reads only in part must be
said, not opened short); either way it leaves every byte of the file, its WAL and its note as they were.
`TOURNEYDESK_CORRUPTION_TRIALS=2000` runs more trials; with `TOURNEYDESK_CORRUPTION_LOG=FILE` each
trial appends its damage and outcome to FILE, and `python -m tests.store.test_corruption FILE` prints
the outcomes by kind.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import seat_players
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneydesk.store.acked import read_ack

KINDS = ["truncate_file", "truncate_wal", "truncate_wal_frame", "flip_file", "flip_wal", "flip_wal_header",
         "flip_both"]
SIDE = ("", "-wal", ".ack")  # the file, its write-ahead log, the note of what was acknowledged
WAL_HEADER, FRAME = 32, 24 + 4096


@pytest.fixture(scope="module")
def crashed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament as a power cut leaves it: most of the evening in the file, its end in the WAL only."""
    folder = tmp_path_factory.mktemp("crashed")
    clock = FakeClock()
    desk = Desk.create(folder / "live.tdesk", config(), now=clock, seed=9)
    entries = seat_players(desk, 12)
    desk.execute({"type": "clock", "action": "start"})
    desk._file.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    desk._file.connection.execute("PRAGMA wal_autocheckpoint = 0")
    for victim, winner in zip(entries[:4], entries[4:8], strict=True):
        clock.advance(minutes=3)
        table = desk.state.entries[victim].table
        mate = next(e for e in desk.state.tables[table].seats.values() if e != victim) if table else winner
        desk.execute({"type": "bust", "entry": victim, "by": [mate]})
    for suffix in SIDE:
        shutil.copyfile(f"{desk.path}{suffix}", folder / f"t.tdesk{suffix}")
    desk.close()
    return folder / "t.tdesk"


def damage(path: Path, kind: str, rng: random.Random) -> str:
    wal = Path(f"{path}-wal")
    targets = {"truncate_file": [path], "truncate_wal": [wal], "truncate_wal_frame": [wal], "flip_file": [path],
               "flip_wal": [wal], "flip_wal_header": [wal], "flip_both": [path, wal]}[kind]
    done = []
    for target in targets:
        data = bytearray(target.read_bytes())
        if kind == "truncate_wal_frame":  # cut between two frames: no torn frame tells SQLite of the cut
            cut = WAL_HEADER + FRAME * rng.randrange((len(data) - WAL_HEADER) // FRAME)
            target.write_bytes(bytes(data[:cut]))
            done.append(f"{target.name}@{cut}")
            continue
        if kind == "flip_wal_header":
            at = rng.randrange(WAL_HEADER)
            data[at] ^= 1 << rng.randrange(8)
            target.write_bytes(bytes(data))
            done.append(f"{target.name}#{at}")
            continue
        if kind.startswith("truncate"):
            cut = rng.randrange(len(data))
            target.write_bytes(bytes(data[:cut]))
            done.append(f"{target.name}@{cut}")
            continue
        for _ in range(rng.choice([1, 1, 2, 8, 64])):
            at = rng.randrange(len(data))
            data[at] ^= 1 << rng.randrange(8)
            done.append(f"{target.name}#{at}")
        target.write_bytes(bytes(data))
    return " ".join(done[:4])


def bytes_of(path: Path) -> list[str]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else "absent"
            for p in (Path(f"{path}{suffix}") for suffix in SIDE)]


def trial(crashed: Path, kind: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.tdesk"
        for suffix in SIDE:
            shutil.copyfile(f"{crashed}{suffix}", f"{path}{suffix}")
        acknowledged = read_ack(path)
        assert acknowledged is not None
        where = damage(path, kind, rng)
        before = bytes_of(path)
        try:
            desk = Desk.open(path, now=FakeClock())
        except TourneyError as error:
            assert bytes_of(path) == before, f"refused {error.code} but changed the file ({where})"
            if error.code == "COMMANDS_MISSING":  # the TD is told how many, and by what the file holds
                missing = error.params["missing_events"]
                assert missing == acknowledged.seq - error.params["found_seq"] > 0, where
                assert f"the last {error.params['missing_commands']} commands ({missing} events) are missing" \
                    in error.message, where
            return {"kind": kind, "outcome": error.code, "at": where}
        try:
            assert bytes_of(path) == before, f"opened but changed the file ({where})"
            replay = engine.fold(desk.events())
            assert snapshot.snapshot(replay, desk.seq, 0) == snapshot.snapshot(desk.state, desk.seq, 0), where
            seq = desk.seq
            assert seq == acknowledged.seq, f"opened at #{seq}, #{acknowledged.seq} acknowledged ({where})"
        finally:
            desk._file.abandon()  # look, do not write: the file stays as found for the next assertion
        assert bytes_of(path) == before
        return {"kind": kind, "outcome": "opened", "seq": seq, "at": where}


@settings(max_examples=int(os.environ.get("TOURNEYDESK_CORRUPTION_TRIALS", "60")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
@example(kind="flip_file", seed=243)  # a byte of a table's name in the schema: raised UnicodeDecodeError
@example(kind="flip_both", seed=3311)  # a byte of the meta row's tournament id: the note ignored, opened short
def test_a_damaged_file_is_refused_with_a_code_or_opens_to_its_verified_events(crashed: Path, kind: str,
                                                                               seed: int) -> None:
    outcome = trial(crashed, kind, seed)
    log = os.environ.get("TOURNEYDESK_CORRUPTION_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps(outcome) + "\n")


def test_the_undamaged_crash_copy_opens_with_every_event(crashed: Path) -> None:
    """The trials start from a file that opens whole: what they find is the damage's doing."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.tdesk"
        for suffix in SIDE:
            shutil.copyfile(f"{crashed}{suffix}", f"{path}{suffix}")
        with Desk.open(path, now=FakeClock()) as desk:
            assert sum(1 for e in desk.state.entries.values() if e.status == "busted") == 4


def outcomes_by_kind(lines: list[str]) -> str:
    """The trials of a TOURNEYDESK_CORRUPTION_LOG, counted by kind and outcome, one line per kind."""
    counts: dict[str, Counter[str]] = {}
    for line in lines:
        trial = json.loads(line)
        counts.setdefault(trial["kind"], Counter())[trial["outcome"]] += 1
    rows = []
    for kind in sorted(counts):
        total = sum(counts[kind].values())
        parts = ", ".join(f"{outcome} {n}" for outcome, n in counts[kind].most_common())
        rows.append(f"{kind:<20} {total:>5} trials: {parts}")
    rows.append(f"{'all':<20} {sum(sum(c.values()) for c in counts.values()):>5} trials")
    return "\n".join(rows)


if __name__ == "__main__":
    print(outcomes_by_kind(Path(sys.argv[1]).read_text(encoding="utf-8").splitlines()))
