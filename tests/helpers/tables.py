"""Seating tests' layouts, built exactly: full tables (every seat taken), then busts at chosen seats, so
each test knows which seat is where."""

from __future__ import annotations

from typing import Any

from tests.helpers.configs import config
from tests.helpers.desks import seat_players, start
from tourneydesk.desk import Desk


def seating(seats: int = 9, tables: int = 3, **extra: Any) -> dict[str, Any]:
    return {"seats_per_table": seats, "tables": tables, **extra}


def full_tables(make_desk: Any, tables: int = 3, seats: int = 9, *, cfg: dict[str, Any] | None = None,
                **seating_extra: Any) -> Desk:
    """`tables` full tables of `seats`, clock started, late registration still open (level 1)."""
    desk = make_desk(cfg or config(seating=seating(seats, tables, **seating_extra)))
    seat_players(desk, tables * seats)
    start(desk)
    assert counts(desk) == {t: seats for t in range(1, tables + 1)}
    return desk


def counts(desk: Desk) -> dict[int, int]:
    return {t["number"]: t["players"] for t in desk.snapshot()["tables"]}


def at(desk: Desk, table: int, seat: int) -> str:
    return desk.state.tables[table].seats[seat]


def bust_at(desk: Desk, table: int, *seats: int) -> None:
    for seat in seats:
        loser = at(desk, table, seat)
        others = [e for s, e in sorted(desk.state.tables[table].seats.items())
                  if e != loser and desk.state.entries[e].status == "active"]
        desk.execute({"type": "bust", "entry": loser, "by": others[:1]})


def kinds(steps: list[dict[str, Any]]) -> list[str]:
    return [s["kind"] for s in steps]
