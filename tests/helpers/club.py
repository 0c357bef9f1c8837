"""What the club tests check of a club file (a refused change leaves its bytes alone) and a finished night
as the results give it."""

from __future__ import annotations

from typing import Any

import pytest

from tourneydesk.club import ClubService
from tourneydesk.core.errors import TourneyError


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
