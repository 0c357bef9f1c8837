"""A power cut in the middle of a busy evening (docs/architecture.md: the file): every command the desk
acknowledged is in the file, and the file opens to a consistent tournament.

A real child process runs a desk flat out (registers, buy-ins, busts, re-entries, payouts) and prints
each acknowledged seq as soon as `execute` returns; the test reads a random number of those lines and
kills the child with SIGKILL, wherever it is, then opens the file.
"""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import T0
from tests.helpers.configs import PKO_CONFIG, config
from tourneydesk.desk import Desk

pytestmark = [pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL"), pytest.mark.durable]

# A PKO with unlimited re-entries and long levels: the burst never runs out of commands.
CRASH_CONFIG = config(
    PKO_CONFIG,
    reentry={},
    levels=[{"small_blind": 100, "big_blind": 200, "minutes": 600},
            {"small_blind": 200, "big_blind": 400, "minutes": 600}],
)

CHILD = textwrap.dedent("""
    import json
    import random
    import sys

    from tourneydesk.desk import Desk

    path, seed, cfg = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
    t = [float(sys.argv[4])]
    rng = random.Random(seed)
    methods = ["cash", "card", "transfer", "voucher", "comp"]
    desk = Desk.create(path, cfg, now=lambda: t[0], seed=seed)
    print("synchronous", desk._file.connection.execute("PRAGMA synchronous").fetchone()[0], flush=True)

    def run(cmd):
        result = desk.execute(cmd)
        print(result["seq"], flush=True)  # acknowledged: the cashier was told
        return result

    for i in range(40):
        player = run({"type": "register", "name": f"Player {i + 1}"})["player"]
        run({"type": "buy_in", "player": player, "payment": rng.choice(methods), "present": True})
    run({"type": "clock", "action": "start"})
    for step in range(5000):
        t[0] += 1
        state = desk.state
        active = [e for e in state.entries.values() if e.status == "active"]
        loser = rng.choice(active)
        mates = [e for e in state.tables[loser.table].seats.values()
                 if e != loser.id and state.entries[e].status == "active"]
        if not mates:
            continue
        winner = rng.choice(mates)
        run({"type": "bust", "entry": loser.id, "by": [winner]})
        if rng.random() < 0.3:
            run({"type": "pay", "entry": winner, "payment": "cash"})
        run({"type": "buy_in", "player": loser.player, "payment": rng.choice(methods), "present": True,
             "command_id": f"reentry-{step}"})
    print("done", flush=True)
""")


def _consistent(snap: dict[str, Any]) -> None:
    money = snap["money"]
    assert money["collected"] == money["prize_parts"] + money["fees"] + money["bounty_pool"]
    assert sum(money["drawer"].values()) == money["collected"] - money["paid_out"]
    entries = snap["entries"]
    assert sum(e["bounty_won"] for e in entries) + sum(e["bounty"] for e in entries) \
        + money["bounty_forfeited"] == money["bounty_pool"]
    assert money["bounty_paid"] == sum(e["bounty_won"] for e in entries)
    assert snap["chips"]["in_play"] == sum(e["chips_bought"] for e in entries)
    active = sorted(e["id"] for e in entries if e["status"] == "active")
    seated = sorted(e for t in snap["tables"] for e in t["seats"].values())
    assert snap["counts"]["players_left"] == len(active)
    assert seated == active
    assert snap["counts"]["entries"] == len(entries)
    if active:
        assert snap["chips"]["average"] == snap["chips"]["in_play"] // len(active)


@pytest.mark.parametrize("seed", [11, 22, 33])
def test_every_acknowledged_command_survives_a_kill(tmp_path: Path, seed: int) -> None:
    script = tmp_path / "burst.py"
    script.write_text(CHILD, encoding="utf-8")
    path = tmp_path / "crash.tdesk"
    lines_to_read = random.Random(seed).randint(1, 400)
    child = subprocess.Popen(
        [sys.executable, str(script), str(path), str(seed), json.dumps(CRASH_CONFIG), repr(T0)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1,
    )
    acknowledged: list[int] = []
    try:
        assert child.stdout is not None
        # The file is written as the app writes it: every COMMIT waits for the disk (FULL is 2).
        assert child.stdout.readline().split() == ["synchronous", "2"]
        while len(acknowledged) < lines_to_read:
            line = child.stdout.readline()
            if not line or line.strip() == "done":
                break
            acknowledged.append(int(line))
        child.send_signal(signal.SIGKILL)
    finally:
        if child.poll() is None:
            child.kill()
        _, stderr = child.communicate(timeout=30)
    assert len(acknowledged) == lines_to_read, f"the burst stopped early: {stderr}"
    assert child.returncode == -signal.SIGKILL
    assert acknowledged == sorted(set(acknowledged))

    desk = Desk.open(path, now=lambda: T0 + 3600)
    try:
        assert desk.seq >= acknowledged[-1]
        seqs = [e.seq for e in desk.events()]
        assert seqs == list(range(1, desk.seq + 1))  # no gap, no half command
        assert set(acknowledged) <= set(seqs)
        snap = desk.snapshot()
        _consistent(snap)
        desk.rebuild()
        assert desk.snapshot() == snap
        # and the evening goes on
        result = desk.execute({"type": "register", "name": "After The Cut"})
        assert result["seq"] == snap["seq"] + 1
    finally:
        desk.close()
