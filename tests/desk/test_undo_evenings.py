"""Whole evenings with undo, on a real file: after every command and every undo, the snapshot the desk
keeps (its parts reused from the snapshot before) equals one built from nothing, from the log folded
afresh.

An undo takes its command back in place (`core.rewind`), or folds the log when it cannot; either way
the windows draw from the kept snapshot, so a part it kept that the undo changed (a player back in the
middle of the list, an entry gone, a place moved) would show the TD a field that is not the file's.
Registrations taken back and names corrected are drawn here beside the evening's commands, with undos
of the last command and of older ones.
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
    cmd_edit_player,
    cmd_unregister,
    payment,
    session_config,
)
from tourneydesk.core import engine
from tourneydesk.core.read_models import snapshot
from tourneydesk.core.rules import undo
from tourneydesk.desk import Desk

BUILT = {**{name: builder for name, (builder, _) in BUILDERS.items() if builder is not None and name != "junk"},
         "unregister": cmd_unregister, "edit_player": cmd_edit_player}
WEIGHTS = {"register": 6, "unregister": 3, "edit_player": 2, "buy_in": 8, "rebuy": 2, "add_on": 1, "bust": 9,
           "move": 2, "seating": 3, "disqualify": 1, "chips_removed": 1, "clock": 2, "hand_for_hand": 1, "pay": 2,
           "floor": 1, "count": 2, "undo": 8, "undo_older": 4, "advance": 3}
ACTIONS = [name for name, weight in WEIGHTS.items() for _ in range(weight)]


def from_nothing(desk: Desk) -> dict[str, Any]:
    return snapshot.snapshot(engine.fold(desk.events()), desk.seq, desk.now_ms())


def undo_older(s: Session) -> dict[str, Any]:
    live = undo.live_commands(s.desk.events())
    if len(live) < 2:
        return {"type": "undo"}
    return {"type": "undo", "seq": s.draw(st.sampled_from([c[0].seq for c in live[:-1]]))}


def evening(name: str, data: Any) -> None:
    cfg = session_config(CONFIGS[name], data)
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as tmp:
        desk = Desk.create(Path(tmp) / "evening.tdesk", cfg, now=clock, seed=data.draw(st.integers(0, 2**32)))
        try:
            s = Session(desk, clock, data, cfg)
            for i in range(data.draw(st.integers(3, 12), label="early_players")):
                player = desk.execute({"type": "register", "name": f"Early {i + 1}"})["player"]
                if data.draw(st.integers(0, 4)):  # some register and have not bought in yet
                    s.send({"type": "buy_in", "player": player, "payment": payment(s), "present": True},
                           undo_check=False)
            s.send({"type": "clock", "action": "start"}, undo_check=False)
            for _ in range(data.draw(st.integers(20, 70), label="steps")):
                action = data.draw(st.sampled_from(ACTIONS))
                if action == "advance":
                    clock.advance(minutes=data.draw(st.integers(0, 12)))
                    continue
                cmd = undo_older(s) if action == "undo_older" else BUILT[action](s)
                if s.send(cmd, undo_check=False) is not None:
                    assert desk.snapshot() == from_nothing(desk), f"after {cmd}"
        finally:
            desk.close()


@pytest.mark.parametrize("name", ["reentry", "pko", "rebuy_addon"])
@settings(max_examples=int(os.environ.get("TOURNEYDESK_PROPERTY_EXAMPLES", "25")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_after_every_command_and_undo_the_kept_snapshot_is_the_log_folded_afresh(name: str, data: Any) -> None:
    evening(name, data)


def test_undoing_an_unregistration_lists_the_player_back_in_their_place(make_desk):
    desk = make_desk()
    ids = [desk.execute({"type": "register", "name": f"Player {i}"})["player"] for i in range(1, 5)]
    assert [p["id"] for p in desk.snapshot()["players"]] == ids
    desk.execute({"type": "unregister", "player": ids[1]})
    assert [p["id"] for p in desk.snapshot()["players"]] == [ids[0], ids[2], ids[3]]
    desk.execute({"type": "undo"})
    assert [p["id"] for p in desk.snapshot()["players"]] == ids
    assert desk.snapshot() == from_nothing(desk)
