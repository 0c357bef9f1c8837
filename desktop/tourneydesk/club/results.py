"""What a tournament leaves in the club: one line for the night and one per person who played.

Read off the tournament file without changing it (no checkpoint, no backup written), so that recording
a night, or importing a file finished before the club file existed, never touches its legal record.
A person's place is their last entry's (a re-entry's earlier entries take no place); prizes, bounties,
rebuys and add-ons add up over their entries; a knockout is counted for every player named as having
won the pot that put someone out.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..core import engine
from ..core.config import Config, Price
from ..core.protocol.events import Event
from ..core.read_models import snapshot
from ..core.rules import undo
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


def knockouts(events: Iterable[Event]) -> dict[str, int]:
    """entry -> the players it knocked out, over the log with every undone command left out."""
    events = list(events)
    skipped = undo.undone_commands(events)
    counts: dict[str, int] = {}
    for event in events:
        if event.type == "busted" and event.command_seq not in skipped:
            for winner in event.payload.get("by") or []:
                counts[winner] = counts.get(winner, 0) + 1
    return counts


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
    return {
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


def _pool_part(price: Price) -> int:
    """What one purchase puts into the prizes and bounties: its price without the house's fee."""
    return price.prize + price.bounty
