"""A fuzzer over whole tournaments: valid commands interleaved with malformed and hostile ones.

Each example plays a tournament on a real file with the property sessions' commands (good and bad
mixed, their invariants checked after every accepted command: money, chips, bounties, places, seats)
and, between them, commands built to crash a desk: lone surrogates in every text field, numbers beyond
2**63 and of 5,000 digits, values nested 3,000 deep, flags given as text, megabyte reasons, stacks above
the chips in play, unknown types and fields. Nothing but a TourneyError may come out, and a refused
command changes neither the seq, nor the snapshot, nor a byte of the file or its WAL.

`TOURNEYDESK_FUZZ_EXAMPLES=2000` runs a bigger hunt than CI has time for; with
`TOURNEYDESK_FUZZ_LOG=FILE` each example appends its counts (commands sent, refused by code) to FILE.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.sessions import ACTIONS, BUILDERS, CONFIGS, Session, payment, rare, session_config
from tourneydesk.core import engine
from tourneydesk.core.protocol import commands
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.desk import Desk


def deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


HOSTILE_VALUES: list[Any] = [
    "\ud800", "Ana \udfff", "\udc80x",           # lone surrogates: no file can store them
    2**63, -(2**63) - 1, 2**64, 10**5000,          # beyond SQLite's integers, and a 5,000-digit stack
    deep(3000), {"a": deep(50)},                  # nested deeper than any command
    "false", "true", 0, 1, "0",                   # flags as text or numbers
    "x" * 1_000_000,                              # a megabyte of reason
    float("nan"), float("inf"), 1e308, -0.0,      # not whole, not even finite
    [None] * 50_000, {str(i): i for i in range(30_000)},
]

def hostile_command(s: Session) -> dict[str, Any]:
    """A command of a real type with one field (or a common one) set to a hostile value."""
    kind = s.draw(st.sampled_from(sorted(engine.COMMANDS)))
    fields = sorted(engine.COMMANDS[kind].fields) + sorted(commands.COMMON.keys() - {"type"})
    if kind == "deal" and rare(s, 3):
        live = [e.id for e in s.desk.state.entries.values() if e.status == "active"]
        return {"type": "deal", "method": "chip_chop", "stacks": {e: 10**15 for e in live}}
    field = s.draw(st.sampled_from(fields)) if fields else "dry_run"
    cmd: dict[str, Any] = {"type": kind, field: s.draw(st.sampled_from(HOSTILE_VALUES))}
    if rare(s, 3):  # alongside fields that make sense, so the rules would accept the rest
        cmd.setdefault("payment", payment(s))
        live = [e.id for e in s.desk.state.entries.values() if e.status == "active"]
        if live and "entry" not in cmd:
            cmd["entry"] = s.draw(st.sampled_from(live))
    return cmd


def file_bytes(path: Path) -> tuple[str, str]:
    def digest(p: Path) -> str:
        return hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else "absent"

    return digest(path), digest(Path(f"{path}-wal"))


def send_hostile(s: Session, cmd: dict[str, Any], counts: Counter[str]) -> None:
    desk = s.desk
    seq, before, on_disk = desk.seq, desk.snapshot(), file_bytes(desk.path)
    try:
        result = desk.execute(cmd)
    except TourneyError as error:
        counts[error.code] += 1
        assert desk.seq == seq, f"refused {error.code} but wrote"
        assert desk.snapshot() == before, f"refused {error.code} but the state changed"
        assert file_bytes(desk.path) == on_disk, f"refused {error.code} but the file changed"
        return
    if desk.seq == seq:
        # A command_id already used (a hostile one may reuse a valid command's): the first answer comes
        # back and nothing is written, whatever the rest of the command says.
        counts["repeated"] += 1
        assert desk.snapshot() == before and file_bytes(desk.path) == on_disk, "a repeat wrote"
        return
    # Accepted: a hostile value can only be accepted where it is harmless (a flag given as a real
    # bool, a small number); then the state must still hold together.
    counts["accepted"] += 1
    s.accepted += 1
    s._note_removal(cmd, seq + 1, result)  # an accepted hostile undo gives back the chips it took out
    s.check()


def fuzz_session(name: str, data: Any) -> Counter[str]:
    cfg = session_config(CONFIGS[name], data)
    clock = FakeClock()
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.tdesk"
        desk = Desk.create(path, cfg, now=clock, seed=data.draw(st.integers(0, 2**32), label="seed"))
        try:
            s = Session(desk, clock, data, cfg)
            for i in range(data.draw(st.integers(2, 12), label="early_players")):
                player = desk.execute({"type": "register", "name": f"Early {i + 1}"})["player"]
                s.send({"type": "buy_in", "player": player, "payment": "cash", "present": True}, undo_check=False)
            s.send({"type": "clock", "action": "start"}, undo_check=False)
            for _ in range(data.draw(st.integers(30, 80), label="steps")):
                counts["commands"] += 1
                if data.draw(st.booleans(), label="hostile"):
                    send_hostile(s, hostile_command(s), counts)
                    continue
                action = data.draw(st.sampled_from(ACTIONS))
                if action == "advance":
                    counts["commands"] -= 1
                    clock.advance(data.draw(st.integers(0, 59)), minutes=data.draw(st.integers(0, 25)))
                    continue
                s.send(BUILDERS[action][0](s))  # checks every invariant after an accepted command
            final = desk.snapshot()
        finally:
            desk.close()
        with Desk.open(path, now=clock) as again:  # the file holds the same tournament, chain and all
            assert again.snapshot() == final
            assert engine.fold(again.events()).to_dict() == again.state.to_dict()
    return counts


FUZZ_SETTINGS = settings(
    max_examples=int(os.environ.get("TOURNEYDESK_FUZZ_EXAMPLES", "8")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("name", sorted(CONFIGS))
@FUZZ_SETTINGS
@given(data=st.data())
def test_hostile_commands_among_valid_ones_are_refused_cleanly_over_whole_tournaments(name: str, data: Any) -> None:
    counts = fuzz_session(name, data)
    log = os.environ.get("TOURNEYDESK_FUZZ_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(json.dumps({"config": name, **counts}) + "\n")
