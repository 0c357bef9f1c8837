"""An undo takes its command back in place (`core.rewind`) rather than folding the evening again, and
folds the log only for what it cannot put back. Every desk test checks that the state after each undo
is the log folded from nothing (`unlike_the_log`, run by the `make_desk` fixture); these show which way
each undo went."""

from __future__ import annotations

import dataclasses

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start, table_mate
from tourneydesk.core import rewind
from tourneydesk.core.state import ENTRY_FIELDS, Entry, State, entry_values


def test_every_field_of_the_state_is_put_back_by_the_undo() -> None:
    fields = {f.name for f in dataclasses.fields(State)}
    assert set(rewind.PLAIN) | set(rewind.PARTS) == fields
    assert not set(rewind.PLAIN) & set(rewind.PARTS)


def test_every_field_of_an_entry_is_kept_for_the_undo_in_its_place() -> None:
    """`entry_values` writes the fields out by hand: a field added to the entry and not to it fails here."""
    fields = dataclasses.fields(Entry)
    entry = Entry(**{f.name: f"value of {f.name}" for f in fields})
    assert entry_values(entry) == tuple(getattr(entry, name) for name in ENTRY_FIELDS)
    assert [f.name for f in fields] == ENTRY_FIELDS


def test_undoing_a_bust_a_buy_in_and_a_registration_keeps_the_state_where_it_is(make_desk, clock) -> None:
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 12)
    start(desk)
    state = desk.state
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    desk.execute({"type": "undo"})
    player = desk.execute({"type": "register", "name": "Late Comer"})["player"]
    desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    desk.execute({"type": "undo"})
    desk.execute({"type": "undo"})
    assert desk.state is state
    assert desk.state.entries[entries[0]].status == "active"
    assert player not in desk.state.players


def test_an_older_command_is_taken_back_and_the_later_ones_applied_again(make_desk, clock) -> None:
    desk = make_desk(config(PKO_CONFIG))
    entries = seat_players(desk, 12)
    start(desk)
    state = desk.state
    first = desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    later = desk.execute({"type": "register", "name": "Late Comer"})["player"]
    desk.execute({"type": "undo", "seq": first["seq"]})
    assert desk.state is state
    assert desk.state.entries[entries[0]].status == "active"
    assert desk.state.players[later].name == "Late Comer"


def test_undoing_an_unregistration_folds_the_log(make_desk) -> None:
    desk = make_desk()
    ids = [desk.execute({"type": "register", "name": f"Player {i}"})["player"] for i in range(1, 5)]
    desk.execute({"type": "unregister", "player": ids[1]})
    state = desk.state
    desk.execute({"type": "undo"})
    assert desk.state is not state
    assert list(desk.state.players) == ids
