"""Property test of undo: random evenings with older commands taken back in between, on a real file.

The desk may refuse an undo (UNDO_CONFLICT: a later command stands on it), but after ANY undo it
accepts, every invariant of the snapshot holds: no two entries in one seat, no table over its seats,
nobody at a closed table, the books, the chips, the bounties and the places. And the state it shows
is the log folded again. Removals, busts, moves and breaks free seats that later buy-ins take: the
undos drawn here mostly reach back to those.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.sessions import (
    BUILDERS,
    CONFIGS,
    Session,
    payment,
    rare,
    session_config,
)
from tourneydesk.core import engine
from tourneydesk.core.read_models import snapshot
from tourneydesk.core.rules import undo
from tourneydesk.desk import Desk

WEIGHTS = {"register": 5, "buy_in": 9, "rebuy": 2, "bust": 8, "move": 3, "seating": 3, "disqualify": 4, "clock": 2,
           "floor": 1, "pay": 1, "chips_removed": 1, "note": 2, "undo_older": 8, "advance": 3}
ACTIONS = [name for name, weight in WEIGHTS.items() for _ in range(weight)]
SEAT_CHANGES = {"entry_removed", "busted", "moved", "stack_abandoned", "table_broken", "table_filled",
                "final_table_drawn", "entry_bought", "rebought"}


def cmd_undo_older(s: Session) -> dict[str, Any]:
    """Undo one of the live commands, most often one that freed or took a seat some time ago."""
    live = undo.live_commands(s.desk.events())
    if not live:
        return {"type": "undo"}
    seating = [c for c in live[:-1] if any(e.type in SEAT_CHANGES for e in c)]
    pool = seating if seating and not rare(s, 4) else live
    target = s.draw(st.sampled_from(pool))
    return {"type": "undo", "seq": s.draw(st.sampled_from([e.seq for e in target]))}


def run(name: str, data: Any) -> int:
    cfg = session_config(CONFIGS[name], data)
    clock = FakeClock()
    undone = 0
    with tempfile.TemporaryDirectory() as tmp:
        desk = Desk.create(Path(tmp) / "undo.tdesk", cfg, now=clock, seed=data.draw(st.integers(0, 2**32)))
        try:
            s = Session(desk, clock, data, cfg)
            for i in range(data.draw(st.integers(4, 14), label="early_players")):
                player = desk.execute({"type": "register", "name": f"Early {i + 1}"})["player"]
                s.send({"type": "buy_in", "player": player, "payment": payment(s), "present": True},
                       undo_check=False)
            s.send({"type": "clock", "action": "start"}, undo_check=False)
            for _ in range(data.draw(st.integers(20, 60), label="steps")):
                action = data.draw(st.sampled_from(ACTIONS))
                if action == "advance":
                    clock.advance(minutes=data.draw(st.integers(0, 15)))
                    continue
                cmd = cmd_undo_older(s) if action == "undo_older" else BUILDERS[action][0](s)
                result = s.send(cmd, undo_check=False)  # `send` checks every invariant after an accepted one
                if result is not None and cmd.get("type") == "undo":
                    undone += 1
                    now_ms = desk.now_ms()
                    # What the desk shows after the undo is what the log, folded from the start, says.
                    assert snapshot.snapshot(engine.fold(desk.events()), desk.seq, now_ms) == \
                        snapshot.snapshot(desk.state, desk.seq, now_ms)
        finally:
            desk.close()
    return undone


UNDO_SETTINGS = settings(
    max_examples=int(os.environ.get("TOURNEYDESK_PROPERTY_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("name", ["reentry", "pko", "rebuy_addon"])
@UNDO_SETTINGS
@given(data=st.data())
def test_after_any_accepted_undo_every_invariant_of_the_snapshot_holds(name: str, data: Any) -> None:
    run(name, data)
