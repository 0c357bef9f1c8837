"""The sample log: one evening played through today's desk that writes every event type there is, a short
mystery-bounty evening for the events only such a tournament writes (its envelopes), and a full room's
waiting list (the alternates).

The tests that need every event type (their declarations, the log's words, what stays private) read
these logs (`every_evening`), made afresh by this script, never a file edited by hand; the format-1 log
(`tests/fixtures/format_v1/`) stays as that format wrote it. A new event type is added here, as the
command a TD gives for it: `tests/core/test_event_types.py` fails until the evening writes it.

A file is at most one of a flight, a Day 2 and a satellite, so their event types are in the event's own
files beside the evening (`logs`): two flights of a Main Event, its Day 2, a satellite and the Main Event
that takes its seats.

    python -m tests.helpers.sample_log evening.tdesk     # the same evening, in a file to open
"""

from __future__ import annotations

import functools
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.flights import (
    bag_all,
    bust_in_order,
    flight_config,
    past_registration,
    satellite_config,
    seat_named,
    stopped_flight,
)
from tourneydesk import event_files
from tourneydesk.core.protocol.events import Event
from tourneydesk.desk import Desk

CHIPS_PRICE = {"prize": 8000, "bounty": 0, "fee": 1000}
CONFIG = config(
    PKO_CONFIG, name="The sample evening",
    seating={"seats_per_table": 6, "tables": 4, "final_table_size": 6},
    early_bird={"chips": 5000, "until_level": 1},
    rebuy={"chips": 20000, "max": 1, "until_level": 2, "max_stack": 20000, "price": CHIPS_PRICE},
    add_on={"at_break_after_level": 2, "chips": 30000, "max": 1, "price": CHIPS_PRICE},
)
PAYMENTS = ("cash", "card", "transfer")
MYSTERY_CONFIG = config(name="The mystery evening", buy_in={"prize": 8000, "bounty": 2000, "fee": 1000},
                        bounty={"kind": "mystery", "mystery_from": "players", "mystery_at": 5},
                        seating={"seats_per_table": 9, "tables": 1}, payouts={"places": [6000, 4000], "rounding": 1})


FULL_ROOM_CONFIG = config(name="The full room", seating={"seats_per_table": 3, "tables": 1, "final_table_size": 3})


def play(path: Path) -> Path:
    """The evening, into a new tournament file at `path`."""
    clock = FakeClock()
    with Desk.create(path, CONFIG, now=clock, seed=24) as desk:
        _evening(desk, clock)
    return path


def play_mystery(path: Path) -> Path:
    """Seven players of a mystery-bounty evening: the envelopes proposed, then typed (more than the knockouts
    to come), drawn from five players left, those nobody drew paid to the winner."""
    clock = FakeClock()
    with Desk.create(path, MYSTERY_CONFIG, now=clock, seed=7) as desk:
        players = [desk.execute({"type": "register", "name": f"Player {n}"})["player"] for n in range(1, 8)]
        for player in players:
            desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
        desk.execute({"type": "clock", "action": "start"})
        clock.advance(minutes=51)  # late registration over: the pool is final
        desk.execute({"type": "envelopes", "propose": True})
        desk.execute({"type": "envelopes", "envelopes": [{"amount": 5000, "count": 1}, {"amount": 1000, "count": 9}]})
        while desk.state.status != "finished":
            left = [e.id for e in desk.state.entries.values() if e.status == "active"]
            desk.execute({"type": "bust", "entry": left[-1], "by": [left[0]]})
    return path


def play_full_room(path: Path) -> Path:
    """One table of three: two alternates wait, one leaves the list, the other takes the seat a bust frees;
    a third is still waiting when late registration closes, and taken off the list."""
    clock = FakeClock()
    with Desk.create(path, FULL_ROOM_CONFIG, now=clock, seed=9) as desk:
        players = [desk.execute({"type": "register", "name": f"Player {n}"})["player"] for n in range(1, 7)]
        seated = [desk.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})["entry"]
                  for p in players[:3]]
        for player in players[3:5]:
            desk.execute({"type": "add_alternate", "player": player, "present": True})
        desk.execute({"type": "remove_alternate", "player": players[4]})
        desk.execute({"type": "clock", "action": "start"})
        desk.execute({"type": "bust", "entry": seated[2], "by": [seated[0]]})
        desk.execute({"type": "buy_in", "player": players[3], "payment": "card", "present": True})
        desk.execute({"type": "add_alternate", "player": players[5], "present": True})
        clock.advance(minutes=51)  # late registration over, the list not reached
        desk.execute({"type": "remove_alternate"})
    return path


def _read(path: Path) -> tuple[Event, ...]:
    with Desk.open(path, read_only=True) as desk:
        return tuple(desk.events())


@functools.cache
def events() -> tuple[Event, ...]:
    """The sample log's events, as the desk reads them back (played once per test process)."""
    with tempfile.TemporaryDirectory() as folder:
        return _read(play(Path(folder) / "s.tdesk"))


@functools.cache
def mystery_events() -> tuple[Event, ...]:
    with tempfile.TemporaryDirectory() as folder:
        return _read(play_mystery(Path(folder) / "m.tdesk"))


@functools.cache
def full_room_events() -> tuple[Event, ...]:
    with tempfile.TemporaryDirectory() as folder:
        return _read(play_full_room(Path(folder) / "f.tdesk"))


@functools.cache
def logs() -> tuple[tuple[Event, ...], ...]:
    """The evening's log, the event's files' logs, the mystery evening's and the full room's: every event type
    there is, each log one tournament."""
    with tempfile.TemporaryDirectory() as folder:
        paths = _event(Path(folder), FakeClock())
        read = []
        for path in paths:
            with Desk.open(path, read_only=True) as desk:
                read.append(tuple(desk.events()))
    return (events(), *read, mystery_events(), full_room_events())


def _event(folder: Path, clock: FakeClock) -> list[Path]:
    """Day 1A and Day 1B of a Main Event (1B told who qualified in 1A), stopped and bagged; their Day 2,
    played to a winner; a satellite to it, one of its players holding a seat already (and another marked
    so by mistake, then not); and a Main Event
    that takes the satellite's seats."""
    flights = [folder / "Day 1A.tdesk", folder / "Day 1B.tdesk"]
    with Desk.create(flights[0], config(flight_config("Day 1A")), now=clock, seed=1) as first:
        stopped_flight(first, clock, [f"Player {i}" for i in range(1, 13)])
        bag_all(first)
    with Desk.create(flights[1], config(flight_config("Day 1B")), now=clock, seed=2) as second:
        second.execute(event_files.flights_known_command(second, [folder]) or {})
        stopped_flight(second, clock, ["Player 1"] + [f"Player {i}" for i in range(13, 24)])
        bag_all(second)
    day2 = folder / "Day 2.tdesk"
    with event_files.make_day2(day2, flights, now=clock, seed=3) as desk:
        past_registration(desk, clock)
        bust_in_order(desk, [e.id for e in desk.state.entries.values()])
    satellite = folder / "satellite.tdesk"
    with Desk.create(satellite, satellite_config(), now=clock, seed=4) as desk:
        entries = seat_named(desk, [f"Player {i}" for i in range(1, 12)])
        desk.execute({"type": "holds_seat", "player": desk.state.entries[entries[0]].player})
        mistaken = desk.state.entries[entries[1]].player
        desk.execute({"type": "holds_seat", "player": mistaken})
        desk.execute({"type": "holds_seat", "player": mistaken, "held": False})
        past_registration(desk, clock)
        bust_in_order(desk, list(reversed(entries)))
    target = folder / "main.tdesk"
    with Desk.create(target, config(name="Main Event", buy_in={"prize": 27000, "bounty": 0, "fee": 3000}),
                     now=clock, seed=5) as desk:
        desk.execute(event_files.satellite_seats_command(satellite))
    return [*flights, day2, satellite, target]


def _evening(desk: Desk, clock: FakeClock) -> None:
    def run(**cmd: Any) -> dict[str, Any]:
        return desk.execute(cmd)

    def live() -> list[str]:
        """The entries at a seat: in play, or an abandoned bounty stack blinded off where it sits."""
        return [e.id for e in desk.state.entries.values() if e.table is not None]

    def mate(entry: str) -> str:
        table = desk.state.entries[entry].table
        return next(e.id for e in desk.state.entries.values()
                    if e.id != entry and e.table == table and e.status == "active")

    def balance() -> None:
        """The plan carried out, the buttons it asks for placed first (a table just opened has none)."""
        for step in desk.plan():
            if step["kind"] == "needs_button":
                run(type="set_button", table=step["table"], seat=min(desk.state.tables[step["table"]].seats))
        run(type="balance")

    players = [run(type="register", name=f"Player {n}")["player"] for n in range(1, 15)]
    ana = run(type="register", name="Ana Silvia", email="ana@example.org", phone="+33 1 23 45 67 89",
              member_id="M-1")["player"]
    run(type="edit_player", player=ana, name="Ana Silva", nickname="Ana")
    run(type="note_player", player=ana, note="Pays the last add-on by card; ask before seating her at table 1")
    walk_in = run(type="register", name="Walk In")["player"]
    run(type="unregister", player=walk_in)
    players.insert(0, ana)
    entries = [run(type="buy_in", player=p, payment=PAYMENTS[i % 3], present=True)["entry"]
               for i, p in enumerate(players[:11])]
    run(type="clock", action="start")
    clock.advance(minutes=5)
    run(type="rebuy", entry=entries[0], payment="cash", present=True, stack=0)
    run(type="penalty", entry=entries[1], minutes=3, reason="Soft play")
    run(type="player_clock", entry=entries[2], seconds=60)
    run(type="announce", text="Dinner break after this level", minutes=30)
    here = desk.state.entries[entries[3]].table
    there = next(t for t in desk.state.tables if t != here)
    free = next(s for s in range(1, 7) if s not in desk.state.tables[there].seats)
    run(type="move", entry=entries[3], table=there, seat=free)
    run(type="disqualify", entry=entries[4], reason="Abusive to the dealer", chips=20000)
    run(type="remove", entry=entries[5], reason="Left ill", chips=15000)
    run(type="bust", entry=entries[6], by=[mate(entries[6])])
    run(type="buy_in", player=players[6], payment="cash", present=True)  # a re-entry
    run(type="buy_in", player=players[11], payment="card", present=True)
    run(type="undo")
    for p in players[11:]:
        run(type="buy_in", player=p, payment="card", present=True)
    balance()
    run(type="clock", action="pause")
    run(type="clock", action="resume")
    run(type="clock", action="next")
    run(type="clock", action="next")  # the break: the add-on and the colour-up
    run(type="add_on", entry=entries[0], payment="card", present=True)
    run(type="chips_removed", amount=75, reason="Colour-up of the 25s")
    run(type="chip_count", entry=entries[0], chips=61200)
    counted = desk.state.entries[entries[1]].table
    run(type="table_count", table=counted, stacks={e: 30000 for e in live() if desk.state.entries[e].table == counted})
    run(type="edit_payouts", places=[5000, 3000, 2000])
    levels = desk.config.to_dict()["levels"]
    run(type="edit_structure", levels=[*levels, {"small_blind": 500, "big_blind": 1000, "ante": 1000,
                                                 "ante_kind": "big_blind", "minutes": 20}])
    run(type="edit_config", set={"name": "The sample evening, edited"})
    leaver = next(e for e in live() if desk.state.entries[e].player != ana)
    run(type="buy_in", player=desk.state.entries[leaver].player, payment="cash", present=True, abandon=leaver)
    run(type="clock", action="next")
    run(type="bust", entry=leaver, by=[mate(leaver)])  # the stack left behind, blinded off
    run(type="hand_for_hand", action="on")
    run(type="hand_for_hand", action="next")
    run(type="hand_for_hand", action="off")
    broken = False
    while len(live()) > 6:
        out = live()[-1]
        run(type="bust", entry=out, by=[mate(out)])
        tables = desk.state.tables
        if not broken and len(tables) > 1 and len(live()) <= 6 * (len(tables) - 1):
            run(type="break_table", table=min(tables, key=lambda n: len(tables[n].seats)))
            broken = True
        elif len(live()) > 6 and desk.plan():
            balance()
    run(type="final_table")
    while len(live()) > 3:
        out = live()[-1]
        run(type="bust", entry=out, by=[mate(out)])
    three = live()
    run(type="deal", method="chip_chop", stacks={e: 30000 + 1000 * i for i, e in enumerate(three)})
    while len(live()) > 1:
        out = live()[-1]
        run(type="bust", entry=out, by=[mate(out)])
    for entry in desk.snapshot()["entries"]:
        if entry["owed"]:
            run(type="pay", entry=entry["id"], payment="cash")


if __name__ == "__main__":
    print(play(Path(sys.argv[1])))
