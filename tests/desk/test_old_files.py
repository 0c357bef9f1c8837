"""Old files keep opening: a log written by an earlier version folds to the very tournament it was.

`tests/fixtures/format_v1/` holds the events of a whole tournament (registrations, buy-ins, re-entries,
a rebuy, an add-on, an abandoned stack, a disqualification and a removal, moves, a table filled and
one broken, the final table, hand-for-hand, a colour-up, edits, an undo, a deal, the finish and the
payouts) exactly as format 1 stored them, with the snapshot the desk showed at the end. Every future
version must open that file to the same snapshot: what a format change brings in, an upcast brings
the old events up to.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.helpers.clock import FakeClock
from tests.helpers.desks import seat_players
from tests.helpers.old_files import FIXTURES, read_jsonl, write_log
from tourneydesk.core import engine
from tourneydesk.core.protocol.event_types import EVENT_TYPES
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk

FOLDER = FIXTURES / "format_v1"
EXPECTED = json.loads((FOLDER / "snapshot.json").read_text(encoding="utf-8"))
# The log and the snapshot it showed, as format 1 wrote them: never edited again (today's every event type
# is in the sample evening, `tests/helpers/sample_log.py`). Their hashes hold them to it.
FROZEN = {"events.jsonl": "c87f7da3df12ccbb5f00b4c1099e2aea0de1a4405890cecae2340c574007f6f8",
          "snapshot.json": "a8560d2b3c935b65569bf482f7293ad72f0acf95d5148b2d6fbae28b9b2f5157"}


def test_the_format_1_log_is_as_format_1_wrote_it() -> None:
    assert {name: hashlib.sha256((FOLDER / name).read_bytes()).hexdigest() for name in FROZEN} == FROZEN


def shows(snap: Any, expected: Any, where: str = "snapshot") -> list[str]:
    """Where `snap` differs from what format 1 showed: every value it showed, the same today (a part
    added to the snapshot since is not the old file's to say)."""
    if isinstance(expected, dict) and isinstance(snap, dict):
        return [p for key, value in expected.items()
                for p in (shows(snap[key], value, f"{where}.{key}") if key in snap else [f"{where}.{key} is gone"])]
    if isinstance(expected, list) and isinstance(snap, list) and len(expected) == len(snap):
        return [p for i, (a, b) in enumerate(zip(snap, expected, strict=True)) for p in shows(a, b, f"{where}[{i}]")]
    return [] if snap == expected else [f"{where}: {snap!r}, was {expected!r}"]


def old_file(tmp_path: Path) -> Path:
    path = tmp_path / "friday-format-1.tdesk"
    write_log(path, read_jsonl(FOLDER / "events.jsonl"))
    return path


def test_a_format_1_file_opens_to_the_tournament_it_was(tmp_path: Path) -> None:
    path = old_file(tmp_path)
    clock = FakeClock(EXPECTED["now"])
    desk = Desk.open(path, now=clock)
    try:
        assert all(e.version == 1 for e in desk.events())
        assert shows(desk.snapshot(EXPECTED["now"]), EXPECTED["snapshot"]) == []
        assert shows(snapshot.snapshot(engine.fold(desk.events()), desk.seq, round(EXPECTED["now"] * 1000)),
                     EXPECTED["snapshot"]) == []
        assert EXPECTED["snapshot"]["tournament"]["status"] == "finished"
    finally:
        desk.close()
    again = Desk.open(path, now=clock)  # and from the checkpoint written on close
    try:
        assert shows(again.snapshot(EXPECTED["now"]), EXPECTED["snapshot"]) == []
    finally:
        again.close()


def test_an_old_file_goes_on_in_todays_format(tmp_path: Path) -> None:
    """The TD opens last month's file and carries on: new events are written in today's format, next to
    the old ones, and an undo of an old command still works."""
    path = old_file(tmp_path)
    clock = FakeClock(EXPECTED["now"])
    desk = Desk.open(path, now=clock)
    try:
        seq = desk.seq
        last_paid = next(e for e in reversed(desk.events()) if e.type == "paid")
        desk.execute({"type": "undo", "seq": last_paid.seq})
        assert desk.events()[-1].version == EVENT_TYPES["undone"].version
        assert desk.snapshot()["money"]["paid_out"] == EXPECTED["snapshot"]["money"]["paid_out"] \
            - last_paid.payload["amount"]
    finally:
        desk.close()
    with sqlite3.connect(path) as raw:
        stored = [(json.loads(p).get("v"), t) for t, p in raw.execute(
            "SELECT type, payload FROM events WHERE seq > ? ORDER BY seq", (seq,))]
        old = raw.execute("SELECT payload FROM events WHERE seq <= ?", (seq,)).fetchall()
    raw.close()
    assert stored == [(1, "undone")]
    assert all("v" not in json.loads(p) for (p,) in old)  # the old events are left as they were written


def test_todays_removal_records_its_format_and_the_seat_it_frees(make_desk, tmp_path: Path) -> None:
    desk = make_desk()
    entries = seat_players(desk, 3)
    where = (desk.state.entries[entries[0]].table, desk.state.entries[entries[0]].seat)
    desk.execute({"type": "remove", "entry": entries[0], "reason": "Left ill", "chips": 0})
    removal = desk.events()[-1]
    assert removal.type == "entry_removed" and removal.version == 2
    assert (removal.payload["table"], removal.payload["seat"]) == where
    assert "v" not in removal.payload  # the version travels beside the payload, not in it

