"""The club file under a power cut: a child process adds members, imports and records nights flat out and
prints what the club acknowledged; killed with SIGKILL wherever it is, the file opens with every
acknowledged change in it and none half-made."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tourneydesk.club import ClubService

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

CHILD = textwrap.dedent("""
    import sys
    from tourneydesk.club import ClubService

    club = ClubService.create(sys.argv[1])
    for night in range(10_000):
        member = club.execute({"type": "add_member", "name": f"Member {night:05d}"})["member_id"]
        print("member", member, flush=True)
        rows = [{"name": f"Guest {night:05d}-{i}"} for i in range(5)]
        club.execute({"type": "import_members", "rows": rows})
        print("import", night, flush=True)
        people = [{"player": f"p{i}", "name": f"Member {max(0, night - i):05d}", "nickname": None, "member_id": None,
                   "email": None, "phone": None, "place": i + 1, "prize": 100 if i == 0 else 0, "bounty_won": 0,
                   "knockouts": 1, "reentries": 0, "rebuys": 0, "add_ons": 0} for i in range(3)]
        summary = {"tournament_id": f"t{night}", "name": "Night", "date": "2026-01-01", "currency": "EUR",
                   "buy_in": 2000, "entries": 3, "players": 3, "prize_pool": 100, "finished": True, "seq": 1,
                   "results": people}
        club.execute({"type": "record_tournament", "summary": summary})
        print("night", night, flush=True)
""")


@pytest.mark.parametrize("seed", [5, 6])
def test_every_acknowledged_change_survives_a_kill(tmp_path: Path, seed: int) -> None:
    script = tmp_path / "burst.py"
    script.write_text(CHILD, encoding="utf-8")
    path = tmp_path / "club.tdclub"
    lines_to_read = random.Random(seed).randint(5, 150)
    child = subprocess.Popen([sys.executable, str(script), str(path)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, bufsize=1)
    acknowledged: list[tuple[str, str]] = []
    try:
        assert child.stdout is not None
        while len(acknowledged) < lines_to_read:
            line = child.stdout.readline()
            if not line:
                break
            kind, value = line.split()
            acknowledged.append((kind, value))
        child.send_signal(signal.SIGKILL)
    finally:
        if child.poll() is None:
            child.kill()
        _, stderr = child.communicate(timeout=30)
    assert len(acknowledged) == lines_to_read, stderr
    assert child.returncode == -signal.SIGKILL

    with ClubService.open(path) as club:
        assert club.file.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        ids = {m.member_id for m in club.members()}
        assert {v for k, v in acknowledged if k == "member"} <= ids
        nights = {t["tournament_id"] for t in club.tournaments()}
        assert {f"t{v}" for k, v in acknowledged if k == "night"} <= nights
        # an import is all of its rows or none of them
        guests = [m.name for m in club.members() if m.name.startswith("Guest")]
        assert len(guests) % 5 == 0
        assert len(guests) // 5 >= sum(1 for k, _ in acknowledged if k == "import")
        # a night is all of its results or none of them
        for t in club.tournaments():
            assert len(club.file.rows("SELECT 1 FROM results WHERE tournament = ?", (t["id"],))) == 3
        # and the club goes on
        club.execute({"type": "add_member", "name": "After The Cut"})
