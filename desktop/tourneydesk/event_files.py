"""The files of an event: flights found by their event's id, a Day 2 made from them, a satellite's seats
taken by its target (docs/flights-and-satellites.md).

Every other file is read through its own Desk, opened read-only (no lock, nothing written), and only
for the read models it serves (`flight_result`, `flight_people`, `satellite_seats`): never its store.
A file is known by the ids it carries, not by where it lies; a folder is only where to look. What this
module hands back for the file at hand is a command, which the window sends as any other.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from .core import engine
from .core.config import Config, parse_config
from .core.protocol.errors import TourneyError
from .core.protocol.events import Context, Event
from .desk import Desk, Now

SUFFIX = ".tdesk"


@contextlib.contextmanager
def reading(path: Path) -> Iterator[Desk]:
    """Another tournament's file, opened to be read and closed after."""
    desk = Desk.open(path, read_only=True)
    try:
        yield desk
    finally:
        desk.close()


def tournament_files(folders: Iterable[Path]) -> list[Path]:
    """The tournament files in these folders (not their backups' folders), each once."""
    found: dict[Path, None] = {}
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.glob(f"*{SUFFIX}")):
                found.setdefault(path.resolve())
    return list(found)


def flights_of(event: str, folders: Iterable[Path]) -> list[tuple[Path, Config, int]]:
    """The flights of `event` in these folders: (path, settings, seq). Of two copies of one tournament, the
    one whose log is further on; a file that cannot be read is not a flight of it."""
    best: dict[str, tuple[Path, Config, int]] = {}
    for path in tournament_files(folders):
        try:
            with reading(path) as desk:
                config, seq, tournament = desk.config, desk.seq, desk.tournament_id
        except TourneyError:
            continue
        mine = config.flight is not None and config.flight.event == event
        if mine and (tournament not in best or best[tournament][2] < seq):
            best[tournament] = (path, config, seq)
    return sorted(best.values(), key=lambda found: found[1].flight.name if found[1].flight else "")


def flights_known_command(desk: Desk, folders: Iterable[Path]) -> dict[str, Any] | None:
    """`flights_known` for a flight: what the event's other flights in these folders say of their people;
    None when the file at hand is no flight or no other flight is found."""
    flight = desk.config.flight
    if flight is None:
        return None
    others = []
    for path, _, _ in flights_of(flight.event, folders):
        with reading(path) as other:
            if other.tournament_id != desk.tournament_id:
                people = other.flight_people()
                others.append({key: people[key] for key in ("tournament", "name", "qualified", "playing")})
    return {"type": "flights_known", "flights": others} if others else None


def flight_results(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """Each flight's result as its desk serves it (refused, FLIGHT_NOT_BAGGED, until it is bagged)."""
    results = []
    for path in paths:
        with reading(path) as flight:
            results.append(flight.flight_result())
    return results


def day2_config(first: Config, results: Sequence[dict[str, Any]], *, first_level: int | None = None,
                seating: str = "draw", two_stacks: str = "best", name: str | None = None) -> dict[str, Any]:
    """The Day 2's settings, made from its first flight's: the same levels, chips, payouts and seating, no
    sale of any kind, and the `day2` section. Its clock starts at the level after the last one a flight
    reached, unless `first_level` says otherwise."""
    flight = first.flight
    if flight is None:
        raise TourneyError("NOT_A_FLIGHT", f"{first.name} is not a flight of an event", name=first.name)
    raw = first.to_dict()
    for section in ("flight", "reentry", "rebuy", "add_on", "early_bird", "sync"):
        raw.pop(section, None)
    last_level = max((r["level"] for r in results), default=0)
    raw["name"] = name or f"{flight.event_name} Day 2"
    raw["day2"] = {"event": flight.event, "event_name": flight.event_name,
                   "first_level": first_level or min(last_level + 1, first.play_level_count),
                   "seating": seating, "two_stacks": two_stacks}
    raw.pop("date", None)
    return raw


def make_day2(path: Path, flights: Sequence[Path], *, first_level: int | None = None, seating: str = "draw",
              two_stacks: str = "best", name: str | None = None, now: Now = time.time,
              seed: int | None = None, station: str = "td") -> Desk:
    """The Day 2 at `path`, made from these flights' files: created, then `take_flights` with their results.
    Refused before anything is written (a flight not bagged, of another event, given twice...): the take is
    first decided on the Day 2's settings alone, in memory."""
    if not flights:
        raise TourneyError("FIELD_MISSING", "Choose the flights the Day 2 is made from", field="flights")
    results = flight_results(flights)
    with reading(flights[0]) as first:
        config = parse_config(day2_config(first.config, results, first_level=first_level, seating=seating,
                                          two_stacks=two_stacks, name=name))
    take = {"type": "take_flights", "flights": results, "station": station}
    empty = engine.new_state(Event("tournament_created", {"tournament_id": "day2", "config": config.to_dict(),
                                                           "payout_table_text": None}))
    engine.decide(empty, take, Context(round(now() * 1000), random.Random(seed).randrange))
    desk = Desk.create(path, config, now=now, seed=seed)
    desk.execute(take)
    return desk


def satellite_seats_command(satellite: Path, skip: Sequence[str] = ()) -> dict[str, Any]:
    """`take_satellite_seats` for the target's file: the seats as the satellite's desk serves them (refused,
    SATELLITE_NOT_ENDED, until it has ended)."""
    with reading(satellite) as desk:
        seats = desk.satellite_seats()
    cmd: dict[str, Any] = {"type": "take_satellite_seats", "satellite": seats}
    if skip:
        cmd["skip"] = list(skip)
    return cmd
