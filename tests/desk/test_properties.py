"""Property tests: random sessions at the desk, good and bad commands mixed, on a real file.

Every step checks what a TD, a cashier or the club would notice if it broke: the books reconcile to
the cent, every chip bought is in play or was taken out on purpose, the bounties add up, the places
make sense, every seat is where the tables say it is, a refused command writes nothing, undo puts
things back exactly, and the file reopens (or is rebuilt) to the very same tournament.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.sessions import (
    ACTIONS,
    BUILDERS,
    CONFIGS,
    Session,
    check_bounties,
    check_money,
    json_value,
    junk_fields,
    payment,
    rare,
    session_config,
)
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk


def run_session(name: str, data: Any) -> None:
    cfg = session_config(CONFIGS[name], data)
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "prop.tdesk"
        desk = Desk.create(path, cfg, now=clock, seed=data.draw(st.integers(0, 2**32), label="seed"))
        try:
            s = Session(desk, clock, data, cfg)
            # A field to play with: people in, and most often the clock started, before anything else.
            for i in range(data.draw(st.integers(2, 14), label="early_players")):
                player = desk.execute({"type": "register", "name": f"Early {i + 1}"})["player"]
                s.send({"type": "buy_in", "player": player, "payment": payment(s), "present": True},
                       undo_check=False)
            if not rare(s, 8):
                s.send({"type": "clock", "action": "start"}, undo_check=False)
            s.check()
            for _ in range(data.draw(st.integers(30, 70), label="steps")):
                action = data.draw(st.sampled_from(ACTIONS))
                if action == "advance":
                    clock.advance(data.draw(st.integers(0, 59)), minutes=data.draw(st.integers(0, 25)))
                    s.check()
                    continue
                cmd = BUILDERS[action][0](s)
                if isinstance(cmd, dict) and "command_id" not in cmd and rare(s, 10):
                    cmd["command_id"] = f"c{desk.seq}"
                result = s.send(cmd)
                if rare(s, 25):
                    s.check_replay()
                if result is not None and isinstance(cmd, dict) and cmd.get("command_id") and not cmd.get("dry_run"):
                    seq = desk.seq
                    assert desk.execute(cmd) == result  # a retry over the network charges nothing twice
                    assert desk.seq == seq
            final = desk.snapshot()
            s.status = final["tournament"]["status"]
        finally:
            desk.close()
        again = Desk.open(path, now=clock)
        try:
            assert again.snapshot() == final  # the checkpoint written on close gives the same tournament
            again.rebuild()
            assert again.snapshot() == final  # and so does folding the whole log again, without it
        finally:
            again.close()


# TOURNEYDESK_PROPERTY_EXAMPLES=500 hunts longer than CI has time for.
PROPERTY_SETTINGS = settings(
    max_examples=int(os.environ.get("TOURNEYDESK_PROPERTY_EXAMPLES", "20")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_random_sessions_keep_books_chips_bounties_places_and_seats_consistent(name: str, data: Any) -> None:
    run_session(name, data)


def _desk_in_play(tmp: str, cfg: dict[str, Any], clock: FakeClock) -> Desk:
    """Four players in, the clock running, one bust recorded: a desk where most commands could apply."""
    desk = Desk.create(Path(tmp) / "junk.tdesk", cfg, now=clock, seed=3)
    entries = []
    for i in range(4):
        player = desk.execute({"type": "register", "name": f"Player {i + 1}"})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})["entry"])
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=5)
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    return desk


junk_command = st.one_of(
    json_value,
    st.dictionaries(st.text(max_size=8), json_value, max_size=4),
    st.builds(lambda kind, fields: {**fields, "type": kind},
              st.one_of(st.sampled_from(sorted(engine.COMMANDS)), json_value),
              st.dictionaries(junk_fields.filter(lambda f: f not in ("type", "command_id")), json_value, max_size=4)),
)


@pytest.mark.parametrize("name", ["pko", "rebuy_addon"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(commands=st.lists(junk_command, min_size=1, max_size=6))
def test_junk_from_the_network_is_refused_with_a_tourney_error_and_writes_nothing(
        name: str, commands: list[Any]) -> None:
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as tmp:
        desk = _desk_in_play(tmp, CONFIGS[name], clock)
        try:
            for cmd in commands:
                seq, before = desk.seq, desk.snapshot()
                try:
                    desk.execute(cmd)
                except TourneyError:
                    assert desk.seq == seq and desk.snapshot() == before
                check_money(desk.snapshot())
                check_bounties(desk.snapshot())
        finally:
            desk.close()


WRONG_TYPES = [[], ["e2"], {}, {"e2": 1}, 1.5, True, -1, "", None, 10**15]


@pytest.mark.parametrize("kind", sorted(engine.COMMANDS))
def test_every_field_of_a_wrong_type_is_refused_with_a_tourney_error(kind: str) -> None:
    clock = FakeClock()
    fields = sorted(engine.COMMANDS[kind].fields)
    with tempfile.TemporaryDirectory() as tmp:
        desk = _desk_in_play(tmp, PKO_CONFIG, clock)
        try:
            good = {"entry": "e2", "player": "p1", "by": ["e3"], "payment": "cash", "present": True}
            for field in fields:
                for value in WRONG_TYPES:
                    cmd = {"type": kind, **{f: good[f] for f in fields if f in good}, field: value, "dry_run": True}
                    seq, before = desk.seq, desk.snapshot()
                    with contextlib.suppress(TourneyError):
                        desk.execute(cmd)
                    assert desk.seq == seq and desk.snapshot() == before
        finally:
            desk.close()
