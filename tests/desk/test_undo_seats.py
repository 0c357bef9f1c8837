"""Undo never seats two players in one seat, nor anyone at a table that has closed.

A removal, a bust or a move frees a seat; a later buy-in or move may take it, and a later break may
close the whole table. Undoing the older command then would put its player back where someone else
sits, or at a table that no longer exists: it is refused (UNDO_CONFLICT), and nothing is written.
What each event frees or takes is declared with its type (`core/protocol/event_types.py`); an event written
before it recorded the seat it frees (format 1) is refused whenever a later command took any seat.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import refused, seat_players
from tests.helpers.old_files import write_log
from tests.helpers.sessions import check_tables
from tourneydesk.desk import Desk

# One table of four seats: a seat freed there is the only one a new buy-in can draw.
ONE_TABLE = config(seating={"seats_per_table": 4, "tables": 1})


def buy_in(desk: Desk, name: str) -> dict[str, Any]:
    player = desk.execute({"type": "register", "name": name})["player"]
    return desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})


def seats(desk: Desk) -> dict[str, tuple[int | None, int | None]]:
    return {e["id"]: (e["table"], e["seat"]) for e in desk.snapshot()["entries"]}


@pytest.mark.parametrize("kind", ["disqualify", "remove"])
def test_a_removal_cannot_be_undone_once_a_new_buy_in_took_its_seat(make_desk: Any, kind: str) -> None:
    desk = make_desk(ONE_TABLE)
    entries = seat_players(desk, 4)
    desk.execute({"type": "clock", "action": "start"})
    where = seats(desk)[entries[1]]
    removal = desk.execute({"type": kind, "entry": entries[1], "reason": "Abusive to the dealer", "chips": 0})
    newcomer = buy_in(desk, "Late Lou")
    assert (newcomer["table"], newcomer["seat"]) == where  # the freed seat was the only one left

    error = refused(desk, {"type": "undo", "seq": removal["seq"]}, "UNDO_CONFLICT")
    assert error.params == {"seq": removal["seq"], "later": newcomer["seq"]}
    assert f"seat:{where[0]}:{where[1]}" in error.message  # the TD is told what stands in the way
    check_tables(desk.snapshot(), 4)

    desk.execute({"type": "undo"})  # the newcomer first: then the seat is free again
    desk.execute({"type": "undo", "seq": removal["seq"]})
    assert seats(desk)[entries[1]] == where
    check_tables(desk.snapshot(), 4)


def test_a_removal_can_be_undone_when_its_seat_is_still_free(make_desk: Any) -> None:
    desk = make_desk(config(seating={"seats_per_table": 9, "tables": 2}))
    entries = seat_players(desk, 4)
    desk.execute({"type": "clock", "action": "start"})
    where = seats(desk)[entries[0]]
    removal = desk.execute({"type": "remove", "entry": entries[0], "reason": "Left ill", "chips": 0})
    later = buy_in(desk, "Late Lou")
    assert (later["table"], later["seat"]) != where  # seed 1 draws another of the 14 empty seats
    desk.execute({"type": "undo", "seq": removal["seq"]})
    assert seats(desk)[entries[0]] == where
    check_tables(desk.snapshot(), 9)


def test_a_bust_cannot_be_undone_once_its_table_was_broken(make_desk: Any, clock: FakeClock) -> None:
    desk = make_desk(config(seating={"seats_per_table": 4, "tables": 3}))
    entries = seat_players(desk, 9)  # tables of 4, 4 and 1
    desk.execute({"type": "clock", "action": "start"})
    victim = next(e for e in entries if desk.state.entries[e].table == 1)
    # No winner named (no bounty here): nothing but the table links the bust to the break.
    bust = desk.execute({"type": "bust", "entry": victim, "by": []})
    broken = desk.execute({"type": "break_table", "table": 1})

    refused(desk, {"type": "undo", "seq": bust["seq"]}, "UNDO_CONFLICT")
    assert 1 not in {t["number"] for t in desk.snapshot()["tables"]}
    desk.execute({"type": "undo", "seq": broken["seq"]})  # the table opens again, and then the bust can go
    desk.execute({"type": "undo", "seq": bust["seq"]})
    check_tables(desk.snapshot(), 4)


def test_a_move_cannot_be_undone_once_its_seat_was_taken(make_desk: Any) -> None:
    desk = make_desk(config(seating={"seats_per_table": 2, "tables": 3}))
    a, b, c, d = seat_players(desk, 4)  # two full tables of two
    state = desk.state
    mover = a
    from_table, from_seat = state.entries[mover].table, state.entries[mover].seat
    third = desk.execute({"type": "buy_in", "player": desk.execute({"type": "register", "name": "Eve"})["player"],
                          "payment": "cash", "present": True})  # opens table 3
    move = desk.execute({"type": "move", "entry": mover, "table": third["table"],
                         "seat": 1 if third["seat"] == 2 else 2})
    newcomer = buy_in(desk, "Finn")
    assert (newcomer["table"], newcomer["seat"]) == (from_table, from_seat)
    refused(desk, {"type": "undo", "seq": move["seq"]}, "UNDO_CONFLICT")
    check_tables(desk.snapshot(), 2)


def test_a_removal_written_before_seats_were_recorded_is_undone_only_when_no_seat_was_taken_since(
        tmp_path: Path, clock: FakeClock) -> None:
    """A file of format 1: its removals do not say which seat they freed. Undo then assumes the worst."""
    desk = Desk.create(tmp_path / "new.tdesk", ONE_TABLE, now=clock, seed=1)
    try:
        entries = seat_players(desk, 4)
        desk.execute({"type": "clock", "action": "start"})
        removal = desk.execute({"type": "disqualify", "entry": entries[1], "reason": "Collusion", "chips": 0})
        buy_in(desk, "Late Lou")
        rows = [{"seq": e.seq, "command_seq": e.command_seq, "type": e.type, "at": e.at_ms / 1000,
                 "station": e.station, "actor": e.actor, "payload": as_format_1(e.type, e.payload)}
                for e in desk.events()]
    finally:
        desk.close()
    old = tmp_path / "old.tdesk"
    write_log(old, rows)
    desk = Desk.open(old, now=clock)
    try:
        refused(desk, {"type": "undo", "seq": removal["seq"]}, "UNDO_CONFLICT")
        desk.execute({"type": "undo"})  # the later buy-in goes; then nothing took a seat after the removal
        desk.execute({"type": "undo", "seq": removal["seq"]})
        check_tables(desk.snapshot(), 4)
    finally:
        desk.close()


def as_format_1(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The payload as TourneyDesk wrote it before events carried a version and removals their seat."""
    out = dict(payload)
    if kind == "entry_removed":
        out.pop("table"), out.pop("seat")
    if kind == "stack_abandoned":
        out.pop("seat")
    return out


def test_the_first_buy_in_at_a_table_is_undone_once_others_sat_there_and_the_table_stays(
        make_desk: Any) -> None:
    """The first buy-in opened table 1; two players sat down there since. Taking that sale back (the
    cashier's refund is this undo) leaves them where they sit, the table open, the money and chips of the
    one sale gone; the state is the log folded again (the file opened anew reads the same)."""
    desk = make_desk(config(seating={"seats_per_table": 6, "tables": 2}))
    first = buy_in(desk, "Ana Silva")
    buy_in(desk, "Bruno Petit")
    buy_in(desk, "Chloé Durand")
    before = seats(desk)
    desk.execute({"type": "undo", "seq": first["seq"]})
    after = seats(desk)
    assert first["entry"] not in after and {k: v for k, v in before.items() if k != first["entry"]} == after
    snap = desk.snapshot()
    assert [t["number"] for t in snap["tables"]] == [1] and len(snap["tables"][0]["seats"]) == 2
    assert snap["chips"]["in_play"] == 2 * desk.config.starting_stack
    assert sum(t.money_in for t in desk.drawer()) == 2 * desk.config.buy_in.total
    check_tables(snap, 6)
    desk.rebuild()  # the whole log folded again, as a file opened anew
    assert seats(desk) == after and desk.snapshot()["tables"] == snap["tables"]


def test_the_first_buy_in_at_a_table_stays_once_someone_was_moved_or_busted_there(make_desk: Any) -> None:
    """Anything but a buy-in done at the table since stands on its opening: refused as before."""
    desk = make_desk(config(seating={"seats_per_table": 6, "tables": 2}))
    first = buy_in(desk, "Ana Silva")
    second = buy_in(desk, "Bruno Petit")
    buy_in(desk, "Chloé Durand")
    desk.execute({"type": "clock", "action": "start"})
    desk.execute({"type": "bust", "entry": second["entry"]})
    refused(desk, {"type": "undo", "seq": first["seq"]}, "UNDO_CONFLICT")
