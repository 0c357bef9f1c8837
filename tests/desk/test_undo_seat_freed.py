"""Undoing a disqualification is refused once someone has been seated in the seat it freed (found by the
random sessions: the undo put two players in one seat)."""

from __future__ import annotations

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import refused, seat_players, start
from tourneydesk.desk import Desk


def test_a_disqualification_cannot_be_undone_after_the_final_table_redrew_its_seat(make_desk) -> None:
    desk: Desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 3, "tables": 6}), seed=0)
    e1, _e2, _e3 = seat_players(desk, 3)
    start(desk)
    removed = desk.execute({"type": "disqualify", "entry": e1, "reason": "Abusive", "chips": 0})["seq"]
    desk.execute({"type": "final_table"})
    error = refused(desk, {"type": "undo", "seq": removed}, "UNDO_CONFLICT")
    assert "seat:" in error.message
