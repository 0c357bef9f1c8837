"""The desk's snapshot rebuilds only what a command changed, and is never stale.

Every desk test checks the second half after each command (`stale_parts` in conftest); these tests show
the first half, which is what lets every window redraw after a bust in a 10,000-entry field, and the
changes that come from the clock alone, with no command to mark them.
"""

from __future__ import annotations

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start, table_mate
from tourneydesk.core.read_models import snapshot

MIN = 60


def fresh(desk):
    return snapshot.snapshot(desk.state, desk.seq, desk.now_ms())


def by_id(snap):
    return {e["id"]: e for e in snap["entries"]}


def test_a_bust_rebuilds_the_entries_of_its_table_and_nothing_else(make_desk):
    desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 30)
    start(desk)
    before = desk.snapshot()
    loser = entries[0]
    winner = table_mate(desk, loser)
    table = by_id(before)[loser]["table"]
    at_table = {e["id"] for e in before["entries"] if e["table"] == table}
    desk.execute({"type": "bust", "entry": loser, "by": [winner]})
    after = desk.snapshot()
    new = {e["id"] for e, old in zip(after["entries"], before["entries"], strict=True) if e is not old}
    # The event names the table: its players are rebuilt (a button there could deal a waiting player in).
    assert {loser, winner} <= new <= at_table and len(at_table) < len(entries)
    assert by_id(after)[winner]["bounty_won"] > 0 and by_id(after)[loser]["status"] == "busted"
    changed_tables = {t["number"] for t, old in zip(after["tables"], before["tables"], strict=True) if t is not old}
    assert changed_tables == {table}
    assert after == fresh(desk)


def test_places_and_prizes_of_busted_players_follow_a_late_entry_that_grows_the_pool(make_desk, clock):
    desk = make_desk(config(seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 12)
    start(desk)
    for loser in entries[:3]:
        desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    first = by_id(desk.snapshot())
    player = desk.execute({"type": "register", "name": "Late Comer"})["player"]
    desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    later = by_id(desk.snapshot())
    # A 13th player pushes the three out a place further down, and the pool grows: rebuilt, not stale.
    assert [later[e]["place"] for e in entries[:3]] == [first[e]["place"] + 1 for e in entries[:3]]
    assert desk.snapshot() == fresh(desk)


def test_places_become_final_when_late_registration_closes_with_no_command(make_desk, clock):
    desk = make_desk(config(seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 12)
    start(desk)
    loser = entries[0]
    desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    assert by_id(desk.snapshot())[loser]["place_final"] is False
    clock.advance(minutes=2 * 20 + 10 + 1)  # past level 2 and the break: registration has closed
    snap = desk.snapshot()
    assert by_id(snap)[loser]["place_final"] is True
    assert snap == fresh(desk)


def test_a_penalty_counts_down_in_the_snapshot_with_the_clock_alone(make_desk, clock):
    desk = make_desk(config(seating={"seats_per_table": 9, "tables": 6}))
    a, *_ = seat_players(desk, 4)
    start(desk)
    desk.execute({"type": "penalty", "entry": a, "minutes": 2, "reason": "phone at the table"})
    assert by_id(desk.snapshot())[a]["penalty"]["remaining_s"] == 2 * MIN
    clock.advance(seconds=45)
    assert by_id(desk.snapshot())[a]["penalty"]["remaining_s"] == 75
    assert desk.snapshot() == fresh(desk)


def test_undo_gives_back_the_snapshot_from_before(make_desk):
    desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 18)
    start(desk)
    before = desk.snapshot()
    desk.execute({"type": "bust", "entry": entries[3], "by": [table_mate(desk, entries[3])]})
    desk.execute({"type": "undo"})
    after = desk.snapshot()
    assert after["entries"] == before["entries"] and after["tables"] == before["tables"]
    assert after == fresh(desk)


def test_an_undo_rebuilds_only_what_it_changed(make_desk):
    desk = make_desk(config(PKO_CONFIG, seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 30)
    start(desk)
    loser = entries[3]
    winner = table_mate(desk, loser)
    desk.execute({"type": "bust", "entry": loser, "by": [winner]})
    busted = desk.snapshot()
    desk.execute({"type": "undo"})  # the state is folded anew: every entry is a new object in it
    after = desk.snapshot()
    new = {e["id"] for e, old in zip(after["entries"], busted["entries"], strict=True) if e is not old}
    assert new == {loser, winner}
    assert after == fresh(desk)


def test_a_bust_in_the_money_rebuilds_its_own_paid_place_and_no_other(make_desk):
    desk = make_desk(config(payouts={"places": [4000, 2500, 1500, 1200, 800], "rounding": 1},
                            seating={"seats_per_table": 9, "tables": 6}))
    entries = seat_players(desk, 8)
    start(desk)
    for loser in entries[:3]:  # places 8, 7 and 6: none paid
        desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    before = desk.snapshot()["payouts"]
    loser = entries[3]
    desk.execute({"type": "bust", "entry": loser, "by": [table_mate(desk, loser)]})
    after = desk.snapshot()["payouts"]
    rebuilt = [row["place"] for row, old in zip(after, before, strict=True) if row is not old]
    assert rebuilt == [5] and after[4]["entries"] == [loser]
    assert desk.snapshot() == fresh(desk)
    desk.execute({"type": "undo"})
    undone = desk.snapshot()["payouts"]
    assert undone == before and undone[4]["entries"] == []
    assert desk.snapshot() == fresh(desk)
