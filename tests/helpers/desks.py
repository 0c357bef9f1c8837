"""What a test does to a desk as the floor would (seat players, start the clock, find a table mate) and
what it checks of one (a refused command changes nothing, the snapshot it keeps is never stale)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.clock import T0, FakeClock
from tests.helpers.typed_dicts import problems
from tourneydesk.core import engine
from tourneydesk.core.arithmetic import standings
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.protocol.event_types import EVENT_TYPES, upcast
from tourneydesk.core.protocol.events import Event
from tourneydesk.core.read_models import snapshot
from tourneydesk.core.state import State
from tourneydesk.desk import Desk


def stale_parts(desk: Desk, result: dict[str, Any]) -> list[str]:
    """The desk reuses the parts of its previous snapshot that a command left alone. After every command
    of every desk test, its snapshot must equal one built from nothing: the parts that differ, named."""
    kept = desk.snapshot()
    fresh = snapshot.snapshot(desk.state, desk.seq, desk.now_ms())
    if kept == fresh:
        return []
    wrong = [f"{key} after #{result.get('seq')}" for key in fresh if kept.get(key) != fresh[key]]
    wrong += [f"entry {e['id']}: {e} != {f}" for e, f in zip(kept["entries"], fresh["entries"], strict=False) if e != f]
    return wrong


def state_facts(state: State) -> dict[str, Any]:
    """Everything a state holds, as plain data in its order: the checkpoint's fields, and what the fold
    derives from them (the name index, the tables by head count, who is out in which group)."""
    standings.recount(state)
    facts = state.to_dict()
    facts.update(
        names={key: ids for key, ids in state.names.items() if ids},
        by_count={count: numbers for count, numbers in state.by_count.items() if numbers},
        fresh_tables=state.fresh_tables,
        out_of={entry: state.out_groups.index(group) for entry, group in state.out_of.items()},
        out_groups=[(g.hand, g.members, g.out_before) for g in state.out_groups],
        derived=(state.live, state.abandoned_live, state.out_total, state.players_entered),
    )
    return facts


def unlike_the_log(desk: Desk, result: dict[str, Any]) -> list[str]:
    """After an undo the desk takes its command back in place (`core.rewind`): its state must be the log
    folded from nothing, to the last field and in the same order. What differs, named."""
    kept, folded = state_facts(desk.state), state_facts(engine.fold(desk.events()))
    return [f"{key} after the undo #{result.get('seq')}: {kept[key]!r} != {folded[key]!r}"
            for key in folded if kept.get(key) != folded[key]]


def events_written(desk: Desk, path: Path) -> list[Event]:
    """Every event in the desk's file, read from the desk, or from the file when the test closed the desk
    (none when the test made the file unreadable on purpose: it is refused, which other tests check)."""
    if desk._file is not None:  # still open
        return desk.events()
    try:
        with Desk.open(path, read_only=True) as reader:
            return reader.events()
    except TourneyError:
        return []


def written_unlike_its_type(event: Event) -> list[str]:
    """How a stored event differs from its declared payload type (`event_types`, `payloads`), read as the
    desk reads it, brought up to today's format: every desk test checks every event it wrote."""
    return problems(upcast(event).payload, EVENT_TYPES[event.type].payload)


def seat_players(desk: Desk, count: int, *, payment: str = "cash") -> list[str]:
    """Register and buy in `count` players; returns their entry ids in order."""
    entries = []
    for i in range(count):
        player = desk.execute({"type": "register", "name": f"Player {i + 1}"})["player"]
        entries.append(desk.execute({"type": "buy_in", "player": player, "payment": payment,
                                     "present": True})["entry"])
    return entries


def table_mate(desk: Desk, entry: str) -> str:
    """Another active entry at the same table (an eliminator for a bust)."""
    state = desk.state
    table = state.entries[entry].table
    assert table is not None
    return next(e for e in state.tables[table].seats.values()
                if e != entry and state.entries[e].status == "active")


def refused(desk: Desk, cmd: Any, code: str) -> TourneyError:
    """`cmd` is refused with `code`, and nothing is written: same seq, same snapshot."""
    seq, before = desk.seq, desk.snapshot()
    with pytest.raises(TourneyError) as info:
        desk.execute(cmd)
    assert info.value.code == code, f"{info.value.code}: {info.value.message}"
    assert desk.seq == seq
    assert desk.snapshot() == before
    return info.value


def start(desk: Desk) -> None:
    desk.execute({"type": "clock", "action": "start"})


def register(desk: Desk, name: str, **extra: Any) -> str:
    return desk.execute({"type": "register", "name": name, **extra})["player"]


def buy_in(desk: Desk, player: str, payment: str = "cash", **extra: Any) -> dict[str, Any]:
    return desk.execute({"type": "buy_in", "player": player, "payment": payment, "present": True, **extra})


def entry_view(desk: Desk, entry: str) -> dict[str, Any]:
    return next(e for e in desk.snapshot()["entries"] if e["id"] == entry)


def started(make_desk: Callable[..., Desk], cfg: dict[str, Any] | None = None,
            players: int = 3) -> tuple[Desk, list[str]]:
    """A desk with `players` seated and the clock started."""
    desk = make_desk(cfg)
    entries = seat_players(desk, players)
    start(desk)
    return desk, entries


def bust_down_to(desk: Desk, left: int) -> None:
    """Bust players until `left` are in play, each by a table mate (the tables shrink unevenly)."""
    while desk.state.live > left:
        state = desk.state
        victim = next(e.id for e in state.entries.values() if e.status == "active" and e.table is not None
                      and sum(state.entries[m].status == "active" for m in state.tables[e.table].seats.values()) > 1)
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})


def entry_named(snap: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in snap["entries"] if e["name"] == name and e["status"] == "active")


def reopened(desk: Desk) -> dict[str, Any]:
    """What the file holds: a second Desk on the same file, on the same frozen clock."""
    other = Desk.open(desk.path, now=lambda: T0, read_only=True)
    try:
        return other.snapshot()
    finally:
        other.close()


def play_down(desk: Desk, clock: FakeClock, names: list[str], *, reentry: bool = False) -> None:
    """`names` bought in and the clock started; with `reentry`, the first out five minutes in buys in again.
    Then, late registration over (65 minutes in), a bust every 7 minutes down to one winner, the tables
    balanced as the floor would."""
    players = [desk.execute({"type": "register", "name": n})["player"] for n in names]
    entries = [desk.execute({"type": "buy_in", "player": p, "payment": "cash", "present": True})["entry"]
               for p in players]
    desk.execute({"type": "clock", "action": "start"})
    if reentry:
        clock.advance(minutes=5)
        desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
        desk.execute({"type": "buy_in", "player": players[0], "payment": "cash", "present": True})
        clock.advance(minutes=60)
    else:
        clock.advance(minutes=65)
    while desk.snapshot()["counts"]["players_left"] > 1:
        with contextlib.suppress(TourneyError):
            desk.execute({"type": "balance"})
        state = desk.state
        entry = next(e for e in reversed(state.entries) if state.entries[e].status == "active"
                     and len(state.tables[state.entries[e].table or 0].seats) > 1)
        desk.execute({"type": "bust", "entry": entry, "by": [table_mate(desk, entry)]})
        clock.advance(minutes=7)
