"""The files of a multi-day event and of a satellite keep opening: each log, as this version stored it,
folds to the very tournament it was.

`tests/fixtures/formats/` holds five logs, exactly as stored, with the snapshot each file showed: Day 1A
(12 players, stopped at 4 left, bagged), Day 1B (12 players, two of them from Day 1A, the earlier flight's
people known, stopped at a third of its entries, bagged), their Day 2 (seated by chip count, Player 1's
second stack left behind, played to its winner), a satellite (a seat worth three buy-ins, a player who
holds a seat already taking its value in cash, the leftover to the next place) and its target, which took
its seats. Every later version must open them to the same snapshots.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.old_files import FIXTURES, read_jsonl, write_log
from tourneydesk.core import engine
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk

FOLDER = FIXTURES / "formats"
FILES = ("day1a", "day1b", "day2", "satellite", "target")


@pytest.mark.parametrize("name", FILES)
def test_a_file_of_the_formats_opens_to_the_tournament_it_was(tmp_path: Path, name: str) -> None:
    expected = json.loads((FOLDER / f"{name}.snapshot.json").read_text(encoding="utf-8"))
    path = tmp_path / f"{name}.tdesk"
    write_log(path, read_jsonl(FOLDER / f"{name}.jsonl"))
    desk = Desk.open(path, now=FakeClock(expected["now"]))
    try:
        assert desk.snapshot(expected["now"]) == expected["snapshot"]
        assert snapshot.snapshot(engine.fold(desk.events()), desk.seq, round(expected["now"] * 1000)) \
            == expected["snapshot"]
    finally:
        desk.close()
    with Desk.open(path, now=FakeClock(expected["now"])) as again:  # and from the checkpoint written on close
        assert again.snapshot(expected["now"]) == expected["snapshot"]


def test_the_day2_file_says_which_state_of_each_flight_it_took(tmp_path: Path) -> None:
    """Each flight is known by its tournament id and where its log stood: its last seq and that event's hash,
    which the flight's own file gives again when it is written back."""
    taken = {row["payload"]["tournament"]: row["payload"] for row in read_jsonl(FOLDER / "day2.jsonl")
             if row["type"] == "flight_taken"}
    for name in ("day1a", "day1b"):
        write_log(tmp_path / f"{name}.tdesk", read_jsonl(FOLDER / f"{name}.jsonl"))
        with Desk.open(tmp_path / f"{name}.tdesk", read_only=True) as flight:
            result = flight.flight_result()
        assert (taken[result["tournament"]]["seq"], taken[result["tournament"]]["hash"]) \
            == (result["seq"], result["hash"])
