"""Chip counts (docs/protocol.md: chip_count, table_count): the TD records a player's stack, or a whole
table's at the break; the console shows the stacks and the chip leader, the projector the leader.

A count is a record of the room: it never changes the chips in play."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import config
from tests.helpers.desks import entry_view, refused, seat_players, start, started, table_mate
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.read_models import snapshot
from tourneydesk.core.state import State
from tourneydesk.desk import Desk


def mates_at(desk: Desk, table: int) -> list[str]:
    return [e for _, e in sorted(desk.state.tables[table].seats.items())]


def test_a_players_count_is_their_stack_and_makes_the_chip_leader(make_desk):
    desk, (a, b, *_) = started(make_desk, players=6)
    in_play = desk.snapshot()["chips"]["in_play"]
    desk.execute({"type": "chip_count", "entry": a, "chips": 31_500})
    desk.execute({"type": "chip_count", "entry": b, "chips": 12_000})
    snap = desk.snapshot()
    assert entry_view(desk, a)["stack"] == 31_500 and entry_view(desk, b)["stack"] == 12_000
    assert snap["chips"]["leader"] == {"entry": a, "name": "Player 1", "stack": 31_500}
    assert snap["chips"]["counted"] == 2
    assert snap["chips"]["in_play"] == in_play  # a record of the room, not a movement of chips
    desk.execute({"type": "chip_count", "entry": b, "chips": 40_000})  # counted again: the last count stands
    assert desk.snapshot()["chips"]["leader"]["entry"] == b
    assert entry_view(desk, a)["counted_ms"] == desk.now_ms()


def test_a_count_says_at_which_level_it_was_taken_even_after_a_reopen(make_desk, clock: FakeClock):
    """What the results site prints beside a stack: "counted at level 1", "counted after level 2" (at its break)."""
    desk, (a, b, c, *_) = started(make_desk, players=6)
    desk.execute({"type": "chip_count", "entry": a, "chips": 31_500})
    clock.advance(minutes=41)  # two 20-minute levels: the break
    desk.execute({"type": "chip_count", "entry": b, "chips": 12_000})
    assert entry_view(desk, a)["counted_level"] == {"level": 1, "on_break": False}
    assert entry_view(desk, b)["counted_level"] == {"level": 2, "on_break": True}
    assert entry_view(desk, c)["counted_level"] is None
    desk.execute({"type": "bust", "entry": a, "by": [table_mate(desk, a)]})
    assert entry_view(desk, a)["counted_level"] is None  # out: no stack, no count
    state = State.from_dict(desk.state.to_dict())  # what a checkpoint keeps
    assert snapshot.snapshot(state, desk.seq, desk.now_ms())["entries"] == desk.snapshot()["entries"]


def test_a_whole_table_is_counted_at_the_break_in_one_command(make_desk):
    desk, _ = started(make_desk, players=12)
    table = desk.state.open_tables[0]
    seated = mates_at(desk, table)
    stacks = {e: 10_000 + 1_000 * i for i, e in enumerate(seated)}
    seq = desk.seq
    result = desk.execute({"type": "table_count", "table": table, "stacks": stacks})
    assert result["counted"] == stacks
    written = desk.events(seq)
    assert [e.type for e in written] == ["chips_counted"] * len(seated)
    assert len({e.command_seq for e in written}) == 1  # one command: one undo takes the whole count back
    assert [entry_view(desk, e)["stack"] for e in seated] == list(stacks.values())
    desk.execute({"type": "undo"})
    assert [entry_view(desk, e)["stack"] for e in seated] == [None] * len(seated)


def test_chips_bought_after_a_count_are_added_to_it_and_a_bust_ends_it(make_desk):
    cfg = config(rebuy={"until_level": 2, "max": 2, "chips": 20_000, "max_stack": 20_000,
                        "price": {"prize": 8000, "bounty": 0, "fee": 1000}})
    desk, (a, b, *_) = started(make_desk, cfg, players=6)
    desk.execute({"type": "chip_count", "entry": a, "chips": 15_000})
    desk.execute({"type": "rebuy", "entry": a, "payment": "cash", "stack": 15_000, "present": True})
    assert entry_view(desk, a)["stack"] == 35_000
    desk.execute({"type": "bust", "entry": a, "by": [table_mate(desk, a)]})
    assert entry_view(desk, a)["stack"] is None
    assert desk.snapshot()["chips"]["leader"] is None


def test_counts_that_cannot_be_true_are_refused_and_change_nothing(make_desk):
    desk, (a, *_) = started(make_desk, players=12)
    in_play = desk.snapshot()["chips"]["in_play"]
    err = refused(desk, {"type": "chip_count", "entry": a, "chips": -500}, "CHIPS_INVALID")
    assert err.params["chips"] == -500
    refused(desk, {"type": "chip_count", "entry": a, "chips": 0}, "CHIPS_INVALID")
    err = refused(desk, {"type": "chip_count", "entry": a, "chips": in_play + 1}, "CHIPS_ABSURD")
    assert err.params == {"chips": in_play + 1, "in_play": in_play, "entry": a, "field": "chips"}
    refused(desk, {"type": "chip_count", "entry": a, "chips": 2.5}, "FIELD_INVALID")
    refused(desk, {"type": "chip_count", "entry": a, "chips": "lots"}, "FIELD_INVALID")
    refused(desk, {"type": "chip_count", "entry": "e999", "chips": 100}, "UNKNOWN_ENTRY")
    table = desk.state.entries[a].table
    mate = table_mate(desk, a)
    other = next(e for e in desk.state.entries if desk.state.entries[e].table != table)
    err = refused(desk, {"type": "table_count", "table": table, "stacks": {a: 100, other: 100}}, "NOT_AT_TABLE")
    assert err.params["name"] == desk.state.entry_name(other)
    half = in_play // 2 + 1  # each one possible, together more than every chip there is
    refused(desk, {"type": "table_count", "table": table, "stacks": {a: half, mate: half}}, "CHIPS_ABSURD")
    refused(desk, {"type": "table_count", "table": table, "stacks": {}}, "FIELD_MISSING")
    refused(desk, {"type": "table_count", "table": 99, "stacks": {a: 100}}, "TABLE_CLOSED")
    desk.execute({"type": "bust", "entry": a, "by": [mate]})
    refused(desk, {"type": "chip_count", "entry": a, "chips": 100}, "ENTRY_NOT_ACTIVE")


def test_a_count_can_be_undone_after_later_play_but_stands_on_the_entry(make_desk):
    desk, (a, b, c, *_) = started(make_desk, players=6)
    count = desk.execute({"type": "chip_count", "entry": a, "chips": 25_000})["seq"]
    desk.execute({"type": "bust", "entry": b, "by": [table_mate(desk, b)]})
    desk.execute({"type": "undo", "seq": count})  # nothing later stands on a record of the room
    assert entry_view(desk, a)["stack"] is None
    assert entry_view(desk, b)["status"] == "busted"


def test_counts_replay_from_the_log_and_the_checkpoint(make_desk, tmp_path, clock):
    desk, (a, b, *_) = started(make_desk, players=6)
    desk.execute({"type": "chip_count", "entry": a, "chips": 25_000})
    desk.execute({"type": "table_count", "table": desk.state.entries[b].table, "stacks": {b: 18_000}})
    now = desk.now_ms()
    live = snapshot.snapshot(desk.state, desk.seq, now)
    assert snapshot.snapshot(engine.fold(desk.events()), desk.seq, now) == live
    assert snapshot.snapshot(State.from_dict(desk.state.to_dict()), desk.seq, now) == live


def test_the_website_sees_the_counts(make_desk):
    from tourneydesk.core.protocol.public import fold_public, public_events

    desk, (a, *_) = started(make_desk, players=6)
    desk.execute({"type": "chip_count", "entry": a, "chips": 25_000})
    event = desk.events()[-1]
    assert public_events([event])[0].payload == {"entry": a, "chips": 25_000}
    site = snapshot.public(snapshot.snapshot(fold_public(public_events(desk.events())), desk.seq, desk.now_ms()))
    assert site["chips"]["leader"] == {"entry": a, "name": "Player 1", "stack": 25_000}


counts = st.lists(st.tuples(st.integers(0, 7), st.integers(-1_000, 200_000), st.booleans()), max_size=12)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=counts)
def test_counts_never_change_the_chips_in_play_and_the_last_count_stands(tmp_path_factory, steps):
    """Whatever the TD types, the chips in play are what was bought less what colour-ups took out; each
    stack shown is the last count accepted for it, and the leader is the biggest of them once it is at least
    the average stack."""
    folder = tmp_path_factory.mktemp("counts")
    desk = Desk.create(folder / "t.tdesk", config(), now=FakeClock(), seed=1)
    try:
        _, entries = _seated(desk)
        in_play = desk.snapshot()["chips"]["in_play"]
        last: dict[str, int] = {}
        for who, chips, whole_table in steps:
            entry = entries[who]
            cmd: dict[str, Any] = {"type": "chip_count", "entry": entry, "chips": chips}
            if whole_table:
                cmd = {"type": "table_count", "table": desk.state.entries[entry].table, "stacks": {entry: chips}}
            try:
                desk.execute(cmd)
                last[entry] = chips
            except TourneyError as exc:
                assert exc.code in ("CHIPS_INVALID", "CHIPS_ABSURD")
                assert not 1 <= chips <= in_play
        snap = desk.snapshot()
        assert snap["chips"]["in_play"] == in_play == sum(e["chips_bought"] for e in snap["entries"])
        assert {e["id"]: e["stack"] for e in snap["entries"] if e["stack"] is not None} == last
        leader = snap["chips"]["leader"]
        live = sum(1 for e in snap["entries"] if e["status"] == "active")
        # the biggest count names the leader only once it is at least the average stack
        biggest = max(last.values()) if last else None
        expected = biggest if biggest is not None and biggest >= in_play // live else None
        assert (leader["stack"] if leader else None) == expected
    finally:
        desk.close()


def _seated(desk: Desk) -> tuple[Desk, list[str]]:
    entries = seat_players(desk, 8)
    start(desk)
    return desk, entries
