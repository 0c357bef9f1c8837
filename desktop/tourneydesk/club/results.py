"""What a tournament leaves in the club: one line for the night and one per person who played.

Read off the tournament file without changing it (no checkpoint, no backup written), so that recording
a night, or importing a file finished before the club file existed, never touches its legal record.
A person's place is their last entry's (a re-entry's earlier entries take no place); prizes, bounties,
rebuys and add-ons add up over their entries; a knockout is counted for every player named as having
won the pot that put someone out.

An event played in flights is one night of the club, recorded once, from its Day 2 (`with_flights`): its
entries are every flight's, its prize pool the combined one, its places count everyone who played any
flight. The Day 2's players keep their Day 2 places; a flight's players who did not qualify come after
them, the deepest first (by the share of their flight's field still in when they went out for good), so
that two flights of different sizes are ranked alike. A flight alone is never a night of its own.
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core import engine
from ..core.config import Config, Price
from ..core.protocol.errors import TourneyError
from ..core.protocol.events import Event
from ..core.read_models import snapshot
from ..core.rules import undo
from ..core.rules.flights import same_person
from ..core.state import State
from ..store import TournamentFile


def read_tournament(path: str | Path) -> dict[str, Any]:
    """The summary of the tournament in `path` (see `summarize`)."""
    file = TournamentFile.open(Path(path))
    try:
        events = [Event(e.type, e.payload, e.seq, e.command_seq, round(e.at * 1000), e.station, e.actor)
                  for e in file.events()]
    finally:
        file.close(backup=False)
    state = engine.fold(events)
    return summarize(state, events)


def event_beside(path: Path, summary: dict[str, Any]) -> dict[str, Any]:
    """A Day 2's summary as its event's one night, with its flights' files found in its folder (`with_flights`);
    any other tournament's as it is. A file there that cannot be read is no flight of it."""
    if "day2" not in summary:
        return summary
    wanted = {f["tournament_id"] for f in summary["day2"]["flights"]}
    best: dict[str, dict[str, Any]] = {}
    for other in sorted(path.parent.glob(f"*{path.suffix}")):
        if other.resolve() == path.resolve():
            continue
        try:
            file = TournamentFile.open(other)
            try:
                first = next(iter(file.events()), None)
            finally:
                file.close(backup=False)
            if first is None or first.payload.get("tournament_id") not in wanted:
                continue
            flight = read_tournament(other)
        except (TourneyError, OSError):
            continue
        if flight["tournament_id"] not in best or best[flight["tournament_id"]]["seq"] < flight["seq"]:
            best[flight["tournament_id"]] = flight  # of two copies of a flight, the one further on
    return with_flights(summary, list(best.values()))


def knockouts(events: Iterable[Event]) -> dict[str, int]:
    """entry -> the players it knocked out, over the log with every undone command left out."""
    counts: dict[str, int] = {}
    for event in _busts(events):
        for winner in event.payload.get("by") or []:
            counts[winner] = counts.get(winner, 0) + 1
    return counts


def _busts(events: Iterable[Event]) -> list[Event]:
    events = list(events)
    skipped = undo.undone_commands(events)
    return [e for e in events if e.type == "busted" and e.command_seq not in skipped]


def _left_at_bust(events: list[Event], out_for_good: dict[str, str], players: int) -> dict[str, int]:
    """player -> how many players were still in when they went out for good (them included): how deep a
    flight's player who did not qualify went. `out_for_good`: each busted last entry -> its player."""
    out_seq: dict[str, int] = {}
    for event in _busts(events):
        player = out_for_good.get(str(event.payload.get("entry")))
        if player is not None:
            out_seq[player] = event.seq
    order = sorted(out_seq.values())
    return {player: players - bisect.bisect_left(order, seq) for player, seq in out_seq.items()}


def summarize(state: State, events: list[Event]) -> dict[str, Any]:
    """The night's summary of a tournament folded from its log (`summary_of`)."""
    last_ms = events[-1].at_ms if events else state.created_ms
    return summary_of(snapshot.snapshot(state, events[-1].seq if events else 0, last_ms), state.config, events)


def summary_of(snap: dict[str, Any], config: Config, events: list[Event]) -> dict[str, Any]:
    """The night's summary from its snapshot as the last event left it (`snap`), its settings and its log
    (which also says when the clock first started, and who knocked out whom)."""
    kos = knockouts(events)
    tournament = snap["tournament"]
    finished = tournament["status"] == "finished"
    by_player: dict[str, list[dict[str, Any]]] = {}
    for entry in snap["entries"]:
        by_player.setdefault(entry["player"], []).append(entry)
    created_ms = events[0].at_ms if events else 0  # the first event creates the tournament
    started = next((e.at_ms for e in events if e.type == "clock_set" and e.payload.get("action") == "start"),
                   created_ms)
    price = config.buy_in
    again = config.reentry.price if config.reentry else price
    rebuy = config.rebuy.price if config.rebuy else None
    add_on = config.add_on.price if config.add_on else None
    people = []
    for player in snap["players"]:
        entries = by_player.get(player["id"])
        if not entries:
            continue  # registered, never played: no result
        last = entries[-1]
        rebuys, add_ons = sum(e["rebuys"] for e in entries), sum(e["add_ons"] for e in entries)
        place = last["place"] if finished or last["status"] != "active" else None
        people.append({
            "player": player["id"], "name": player["name"], "nickname": player["nickname"],
            "member_id": player["member_id"], "email": player["email"], "phone": player["phone"],
            "place": place,
            "prize": sum(e["prize"] for e in entries),
            "bounty_won": sum(e["bounty_won"] for e in entries),
            "knockouts": sum(kos.get(e["id"], 0) for e in entries),
            "reentries": len(entries) - 1,
            "rebuys": rebuys,
            "add_ons": add_ons,
            # What they paid, at the night's prices (a league formula brought over from TD3 reads it).
            "buy_in_cost": price.total + (len(entries) - 1) * again.total,
            "rebuy_cost": rebuys * rebuy.total if rebuy else 0,
            "add_on_cost": add_ons * add_on.total if add_on else 0,
            "final_table": int(place is not None and place <= config.seating.final_table_size),
        })
    counts = snap["counts"]
    reentries = counts["entries"] - counts["players"]
    event: dict[str, Any] = {}
    if config.flight is not None:
        out_for_good = {entries[-1]["id"]: player for player, entries in by_player.items()
                        if entries[-1]["status"] == "busted"}
        left = _left_at_bust(events, out_for_good, counts["players"])
        for person in people:
            person["left_at_bust"] = left.get(person["player"])
        event["flight"] = {"event": config.flight.event, "event_name": config.flight.event_name,
                           "name": config.flight.name}
    if config.day2 is not None:
        event["day2"] = {"event": config.day2.event, "event_name": config.day2.event_name,
                         "flights": [{"tournament_id": f["tournament"], "name": f["name"]}
                                     for f in (snap.get("event") or {}).get("flights", [])]}
    return {
        **event,
        "tournament_id": tournament["id"], "name": tournament["name"],
        "date": dt.datetime.fromtimestamp(started / 1000).date().isoformat(),
        "currency": tournament["currency"], "buy_in": price.prize + price.bounty + price.fee,
        "entries": counts["entries"], "players": counts["players"],
        "prize_pool": snap["money"]["prize_pool"], "finished": finished, "seq": snap["seq"], "results": people,
        "fee": price.fee, "rebuys": counts["rebuys"], "add_ons": counts["add_ons"],
        "buy_ins_amount": counts["players"] * _pool_part(price) + reentries * _pool_part(again),
        "rebuys_amount": counts["rebuys"] * _pool_part(rebuy) if rebuy else 0,
        "add_ons_amount": counts["add_ons"] * _pool_part(add_on) if add_on else 0,
        "paid_places": sum(1 for p in snap["payouts"] if p["amount"] > 0),
    }


_ADDED_UP = ("prize", "bounty_won", "knockouts", "rebuys", "add_ons", "buy_in_cost", "rebuy_cost", "add_on_cost")
_EVENT_FIGURES = ("entries", "fee", "rebuys", "add_ons", "buy_ins_amount", "rebuys_amount", "add_ons_amount")


def with_flights(day2: dict[str, Any], flights: list[dict[str, Any]]) -> dict[str, Any]:
    """The event as one night: the Day 2's summary (`summary_of` of a Day 2) with its flights' summaries.
    A flight's file not given leaves its players who did not qualify out, and says so (`flights_missing`)."""
    found = {f["tournament_id"] for f in flights}
    wanted = [f["tournament_id"] for f in day2["day2"]["flights"]]
    mine = [f for f in flights if f["tournament_id"] in wanted]
    people = [dict(p) for p in day2["results"]]
    entries: dict[int, int] = {}  # index in people -> entries bought in the flights
    depth: dict[int, tuple[int, int]] = {}  # a player who did not qualify -> (players still in, the field)
    for flight in mine:
        for person in flight["results"]:
            at = next((i for i, p in enumerate(people) if same_person(p, person)), None)
            if at is None:
                people.append({**person, "player": f"{flight['tournament_id']}:{person['player']}",
                               "place": None, "final_table": 0, "prize": 0, "bounty_won": 0, "knockouts": 0,
                               "rebuys": 0, "add_ons": 0, "buy_in_cost": 0, "rebuy_cost": 0, "add_on_cost": 0})
                at = len(people) - 1
            if at in entries:
                people[at] = {**people[at], **{k: people[at][k] + person[k] for k in _ADDED_UP}}
            else:  # what they paid is the flights' (the Day 2 sells nothing); what they won adds up
                people[at] = {**people[at], **{k: person[k] + (people[at][k] if k in ("prize", "bounty_won",
                                                                                     "knockouts") else 0)
                                               for k in _ADDED_UP}}
            entries[at] = entries.get(at, 0) + person["reentries"] + 1
            if people[at]["place"] is None and person.get("left_at_bust") is not None:
                share = (person["left_at_bust"], flight["players"])
                if at not in depth or share[0] * depth[at][1] < depth[at][0] * share[1]:
                    depth[at] = share
    for at, bought in entries.items():
        people[at]["reentries"] = bought - 1
    # Those who did not qualify, after the Day 2's places: the deepest first; as deep, the same place.
    placed = len(day2["results"])
    ranked = sorted(depth, key=lambda at: depth[at][0] / depth[at][1])
    for number, at in enumerate(ranked):
        before = ranked[number - 1] if number else None
        same = before is not None and depth[before][0] * depth[at][1] == depth[at][0] * depth[before][1]
        people[at]["place"] = people[before]["place"] if same and before is not None else placed + number + 1
    for person in people:
        person.pop("left_at_bust", None)
    paid_day1 = sum(p["prize"] for f in mine for p in f["results"])
    return {**day2, "name": day2["day2"]["event_name"], "results": people, "players": len(people),
            "prize_pool": day2["prize_pool"] + paid_day1,
            **{k: sum(f[k] for f in mine) for k in _EVENT_FIGURES if mine},
            "paid_places": day2["paid_places"] + sum(1 for f in mine for p in f["results"] if p["prize"]),
            "flights": sorted(found & set(wanted)),
            "flights_missing": [f["name"] for f in day2["day2"]["flights"] if f["tournament_id"] not in found]}


def _pool_part(price: Price) -> int:
    """What one purchase puts into the prizes and bounties: its price without the house's fee."""
    return price.prize + price.bounty
