"""What the paired devices read besides the public view: run on the desk's thread, read-only.

The TD's remote reads the plan's next step, what undo would take back and the players it can bust; the
cashier finds a player, their entries, the prices and what is owed. Nothing here writes: every change
is a command sent through the desk.
"""

from __future__ import annotations

from typing import Any

from ..core import cashier, windows
from ..core.config import PAYMENT_METHODS, Price
from ..core.errors import TourneyError
from ..core.state import ACTIVE, State
from ..desk import Desk
from . import words

FOUND_AT_MOST = 12


def _matches(text: str, query: str) -> bool:
    return query in text.casefold()


def _needle(query: str) -> str:
    return " ".join(query.split()).casefold()


def find_entries(desk: Desk, query: str) -> list[dict[str, Any]]:
    """The players in play whose name holds `query`, for the TD's bust: one row per live entry."""
    state, needle = desk.state, _needle(query)
    if not needle:
        return []
    out = []
    for e in state.entries.values():
        if e.status != ACTIVE:
            continue
        p = state.players[e.player]
        if _matches(p.name, needle) or (p.nickname and _matches(p.nickname, needle)):
            out.append({"entry": e.id, "name": state.entry_name(e.id), "table": e.table, "seat": e.seat,
                        "bounty": e.bounty})
    out.sort(key=lambda r: (not str(r["name"]).casefold().startswith(needle), str(r["name"]).casefold()))
    return out[:FOUND_AT_MOST]


def td_state(desk: Desk, lang: str) -> dict[str, Any]:
    state = desk.state
    names = {e: state.entry_name(e) for e in state.entries}
    steps = desk.plan()
    step = steps[0] if steps else None
    return {
        "plan": None if step is None else {
            "title": words.step_title(step, names, lang), "reason": words.step_reason(step, lang),
            "command": words.step_command(step), "more": len(steps) - 1},
        "undo": undo_preview(desk, lang),
        "hand_for_hand": state.hand_for_hand, "hand": state.hand,
        "started": state.clock.started, "running": state.clock.running, "status": state.status,
    }


def undo_preview(desk: Desk, lang: str) -> dict[str, Any] | None:
    """What undo would take back now, as the desk's own dry run says; None when nothing can be."""
    try:
        result = desk.execute({"type": "undo", "dry_run": True})
    except TourneyError:
        return None
    seq = result["undone"]
    events = [e for e in desk.events(seq - 1) if e.command_seq == seq]
    names = {e: desk.state.entry_name(e) for e in desk.state.entries}
    return {"seq": seq, "text": words.describe_command(events, names, lang) if events else result["description"]}


def _price(price: Price) -> dict[str, int]:
    return {"prize": price.prize, "bounty": price.bounty, "fee": price.fee, "total": price.total}


def sale_prices(state: State) -> dict[str, Any]:
    c = state.config
    return {"buy_in": _price(c.buy_in), "reentry": _price(c.reentry.price) if c.reentry else None,
            "rebuy": _price(c.rebuy.price) if c.rebuy else None,
            "add_on": _price(c.add_on.price) if c.add_on else None}


def cashier_state(desk: Desk) -> dict[str, Any]:
    state, now_ms = desk.state, desk.now_ms()
    return {"prices": sale_prices(state), "payments": list(PAYMENT_METHODS), "currency": state.config.currency,
            "registration_open": windows.registration_open(state, now_ms),
            "rebuy_open": windows.rebuy_open(state, now_ms), "add_on_open": windows.add_on_open(state, now_ms),
            "reentry": state.config.reentry is not None}


def find_players(desk: Desk, query: str) -> list[dict[str, Any]]:
    """The players whose name holds `query`, each with their entries and what is owed to each."""
    state, now_ms, needle = desk.state, desk.now_ms(), _needle(query)
    if not needle:
        return []
    found = [p for p in state.players.values()
             if _matches(p.name, needle) or (p.nickname and _matches(p.nickname, needle))]
    found.sort(key=lambda p: (not p.name.casefold().startswith(needle), p.name.casefold()))
    out = []
    for p in found[:FOUND_AT_MOST]:
        entries = [{"entry": e, "number": state.entries[e].number, "status": state.entries[e].status,
                    "table": state.entries[e].table, "seat": state.entries[e].seat,
                    "rebuys": state.entries[e].rebuys, "add_ons": state.entries[e].add_ons,
                    "owed": cashier.owed_to(state, e, now_ms)} for e in p.entries]
        out.append({"player": p.id, "name": p.name, "nickname": p.nickname, "out": p.out, "entries": entries})
    return out
