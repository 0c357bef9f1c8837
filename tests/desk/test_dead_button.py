"""TDA's dead button, and the blinds heads-up (UPPS general rule 3): the button may stay on the empty seat
of a player who went out, and the plan reads the blinds, the player due the big blind and the worst
position from it; heads-up the player on the button posts the small blind.
"""

from __future__ import annotations

from tests.helpers.desks import refused
from tests.helpers.tables import at, bust_at, full_tables, kinds
from tourneydesk.core.arithmetic import positions


def test_tda_dead_button_set_button_takes_the_empty_seat_of_a_player_who_went_out(make_desk):
    desk = full_tables(make_desk, tables=2, balance="tda")
    bust_at(desk, 1, 4)  # the player on the button goes out
    result = desk.execute({"type": "set_button", "table": 1, "seat": 4})
    assert (result["table"], result["seat"]) == (1, 4)
    table = next(t for t in desk.snapshot()["tables"] if t["number"] == 1)
    assert table["button"] == 4 and "4" not in {str(s) for s in table["seats"]}


def test_tda_dead_button_the_player_due_the_big_blind_is_counted_from_the_empty_button(make_desk):
    desk = full_tables(make_desk, tables=2, balance="tda")
    bust_at(desk, 2, 7, 8)  # 9 and 7: table 1 gives a player
    bust_at(desk, 1, 4)  # 8 and 7 now, then a bust at table 2 asks for a move again
    bust_at(desk, 2, 2)
    assert kinds(desk.plan()) == ["needs_button", "needs_button"]
    desk.execute({"type": "set_button", "table": 1, "seat": 4})  # dead: small blind seat 5, big blind seat 6
    desk.execute({"type": "set_button", "table": 2, "seat": 1})
    step = desk.plan()[0]
    assert step["kind"] == "move" and step["entry"] == at(desk, 1, 6) and step["from"] == {"table": 1, "seat": 6}


def test_tda_dead_button_a_player_moved_onto_the_dead_button_waits_for_the_big_blind(make_desk):
    desk = full_tables(make_desk, tables=2, balance="tda")
    bust_at(desk, 2, 3, 4)  # table 2: seats 3 and 4 empty
    desk.execute({"type": "set_button", "table": 1, "seat": 1})
    desk.execute({"type": "set_button", "table": 2, "seat": 4})  # dead on seat 4, seat 3 just before it
    step = desk.plan()[0]
    # Seat 3 pays the big blind last of all but the dead button's seat 4, which comes after the blinds
    # went round: the worst position is seat 3, and nobody is put on the dead button while it is free.
    assert step["to"] == {"table": 2, "seat": 3} and step["waits"] is None
    assert positions.waiting_zone(desk.state.tables[2].seats, 4, 9) == {4}


def test_tda_dead_button_the_plan_applies_its_move_with_the_button_dead_at_both_tables(make_desk):
    desk = full_tables(make_desk, tables=2, balance="tda")
    bust_at(desk, 1, 2)
    bust_at(desk, 2, 5, 6, 7)  # 8 and 6
    desk.execute({"type": "set_button", "table": 1, "seat": 2})
    desk.execute({"type": "set_button", "table": 2, "seat": 5})
    mover = at(desk, 1, 4)  # seat 2 dead: small blind 3, big blind 4
    result = desk.execute({"type": "balance"})
    assert [s["entry"] for s in result["applied"]] == [mover]
    # At table 2 the blinds are seats 8 and 9: every empty seat lies from the dead button to the small blind,
    # and the dead button's seat is the first the big blind reaches. The newcomer sits there and waits.
    assert (desk.state.entries[mover].table, desk.state.entries[mover].seat) == (2, 5)
    assert desk.state.entries[mover].waits == "big_blind"


def test_upps_heads_up_the_small_blind_is_on_the_button():
    seats = {2: "e1", 6: "e2"}
    assert positions.blinds(seats, 2, 9) == (2, 6)
    assert positions.blinds(seats, 6, 9) == (6, 2)
    assert positions.due_big_blind(seats, 2, 9) == [6, 2]
    assert positions.waiting_zone(seats, 2, 9) == set()
    # Three players: the button does not blind; the next two seats do.
    assert positions.blinds({**seats, 8: "e3"}, 2, 9) == (6, 8)


def test_upps_heads_up_the_button_goes_to_a_player_never_an_empty_seat(make_desk):
    desk = full_tables(make_desk, tables=2, seats=4)
    bust_at(desk, 2, 1, 2)
    refused(desk, {"type": "set_button", "table": 2, "seat": 1}, "SEAT_EMPTY")
    desk.execute({"type": "set_button", "table": 2, "seat": 3})
    assert positions.blinds(desk.state.tables[2].seats, 3, 4) == (3, 4)
