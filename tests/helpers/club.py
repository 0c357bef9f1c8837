"""What the club tests check of a club file (a refused change leaves its bytes alone), a finished night as
the results give it, a members spreadsheet, and the `tourneydesk club` command run in-process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tourneydesk.cli import main
from tourneydesk.club import ClubService
from tourneydesk.core.protocol.errors import TourneyError


def club_refused(club: ClubService, cmd: dict[str, Any], code: str) -> TourneyError:
    """Refused with `code`, and the club file's bytes are the same afterwards."""
    club.file.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = club.path.read_bytes()
    journal = club.file.rows("SELECT COUNT(*) FROM journal")[0][0]
    with pytest.raises(TourneyError) as info:
        club.execute(cmd)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    club.file.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert club.path.read_bytes() == before
    assert club.file.rows("SELECT COUNT(*) FROM journal")[0][0] == journal
    return info.value


def summary(tid: str, date: str, people: list[tuple[str, int | None, int]], *, name: str = "Friday PKO",
            buy_in: int = 2000, member_ids: dict[str, str] | None = None) -> dict[str, Any]:
    """A finished night as `results.summarize` gives it: (name, place, prize) per person."""
    member_ids = member_ids or {}
    return {"tournament_id": tid, "name": name, "date": date, "currency": "EUR", "buy_in": buy_in,
            "entries": len(people), "players": len(people), "prize_pool": sum(p[2] for p in people),
            "finished": True, "seq": 10,
            "results": [{"player": f"p{i}", "name": n, "nickname": None, "member_id": member_ids.get(n), "email": None,
                         "phone": None, "place": place, "prize": prize, "bounty_won": 0, "knockouts": 0,
                         "reentries": 0, "rebuys": 0, "add_ons": 0} for i, (n, place, prize) in enumerate(people, 1)]}


def members_csv(n: int) -> str:
    """A members spreadsheet as a club exports it (semicolons, French dates): `n` members, ids from 1001."""
    lines = ["Member ID;Name;Nickname;E-mail;Phone;Joined"]
    lines += [f"{1000 + i};Member {i:03d};;m{i}@example.org;+33 6 {i:04d};01/09/2025" for i in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def club_cli(path: Path, *args: str) -> int:
    """`tourneydesk club --club PATH ARGS...` run in this process: its exit code."""
    try:
        return main(["club", "--club", str(path), *args])
    except SystemExit as exc:  # argparse's own usage errors
        return int(exc.code or 0)
