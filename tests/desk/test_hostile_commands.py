"""Commands that are valid JSON but were built to crash the desk: each refused, naming its field.

The cases found by fuzzing the desk from outside; each must come back as a TourneyError with the
field named, and leave the seq, the snapshot and the file's bytes as they were.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk


def deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


def file_bytes(path: Path) -> list[str]:
    return [hashlib.sha256(p.read_bytes()).hexdigest() for p in (path, Path(f"{path}-wal")) if p.exists()]


@pytest.fixture
def desk(make_desk: Callable[..., Desk]) -> Desk:
    d = make_desk(config(PKO_CONFIG, registration={"until_level": 1, "through_break": False}))
    seat_players(d, 4)
    start(d)
    return d


CASES = [
    ({"type": "register", "name": "Ana \udcff"}, "NAME_INVALID", "name"),
    ({"type": "register", "name": "Ana", "email": "ana\ud800@x.org"}, "FIELD_INVALID", "email"),
    ({"type": "register", "name": "Ana", "station": "bar\udfff"}, "FIELD_INVALID", "station"),
    ({"type": "register", "name": "Ana", "command_id": "c-\ud801"}, "FIELD_INVALID", "command_id"),
    ({"type": "penalty", "entry": "e1", "minutes": 1, "reason": "slow \udc00"}, "FIELD_INVALID", "reason"),
    ({"type": "undo", "seq": 2**63}, "FIELD_INVALID", "seq"),
    ({"type": "undo", "seq": -(2**63) - 1}, "FIELD_INVALID", "seq"),
    ({"type": "rebuy", "present": True, "entry": "e1", "payment": "cash", "stack": 10**5000}, "FIELD_INVALID", "stack"),
    ({"type": "bust", "entry": "e1", "by": ["e2"], "stack_at_hand_start": 10**5000 - 1}, "FIELD_INVALID",
     "stack_at_hand_start"),
    ({"type": "edit_config", "set": {"name": deep(3000)}}, "FIELD_INVALID", "set"),
    ({"type": "edit_structure", "levels": deep(3000)}, "FIELD_INVALID", "levels"),
    ({"type": "register", "name": "Ana", "dry_run": "false"}, "FIELD_INVALID", "dry_run"),
    ({"type": "clock", "action": "pause", "dry_run": 0}, "FIELD_INVALID", "dry_run"),
    ({"type": "chips_removed", "amount": 25, "reason": "colour-up " * 100_000}, "FIELD_INVALID", "reason"),
    ({"type": "clock", "action": "adjust", "seconds": 1e308}, "FIELD_INVALID", "seconds"),
    ({"type": "move", "entry": "e1", "table": 1, "seat": float("nan")}, "FIELD_INVALID", "seat"),
    ({"type": "bust", "busts": [{"entry": "e1", "by": ["e2"], "note": "x" * 300}]}, "FIELD_INVALID", "busts"),
]


@pytest.mark.parametrize("cmd, code, field", CASES, ids=[f"{c[0]['type']}-{c[2]}" for c in CASES])
def test_a_command_built_to_crash_is_refused_naming_its_field(desk: Desk, cmd: dict[str, Any], code: str,
                                                              field: str) -> None:
    seq, before, on_disk = desk.seq, desk.snapshot(), file_bytes(desk.path)
    with pytest.raises(TourneyError) as caught:
        desk.execute(cmd)
    assert caught.value.code == code, caught.value.message
    assert caught.value.params["field"] == field
    assert field in caught.value.message
    assert desk.seq == seq and desk.snapshot() == before and file_bytes(desk.path) == on_disk


def test_a_dry_run_given_as_the_text_false_is_no_dry_run_and_no_command(desk: Desk) -> None:
    """It used to be taken as a dry run: the TD believed a buy-in was recorded that was not."""
    seq = desk.seq
    with pytest.raises(TourneyError) as caught:
        desk.execute({"type": "register", "name": "Bea", "dry_run": "false"})
    assert caught.value.message == "register: dry_run must be true or false"
    assert desk.seq == seq
    assert desk.execute({"type": "register", "name": "Bea", "dry_run": False})["seq"] == seq + 1


def test_deal_stacks_far_above_the_chips_in_play_are_refused(desk: Desk, clock: FakeClock) -> None:
    clock.advance(minutes=25)  # late registration closed with level 1
    live = sorted(e.id for e in desk.state.entries.values() if e.status == "active")
    in_play = desk.state.chips_in_play
    honest = {e: in_play // len(live) for e in live}
    assert desk.execute({"type": "deal", "method": "chip_chop", "stacks": honest, "dry_run": True})["dry_run"]
    inflated = {e: 10**15 for e in live}
    seq = desk.seq
    with pytest.raises(TourneyError) as caught:
        desk.execute({"type": "deal", "method": "chip_chop", "stacks": inflated})
    assert caught.value.code == "CHIPS_ABSURD"
    assert caught.value.params["field"] == "stacks" and caught.value.params["in_play"] == in_play
    assert desk.seq == seq
