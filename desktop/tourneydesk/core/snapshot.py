"""The snapshot (DESIGN.md section 4): the whole state at an instant, as plain JSON-able data.

The windows, the LAN and the website all read this one shape; the public variant (`public`) drops
what must never leave the laptop: contact details, payment methods, the drawer and cash details.
"""

from __future__ import annotations

from typing import Any

from . import bounty, money, windows
from .clock import (
    ClockPosition,
    ms_until_index,
    next_break_index,
    play_level_number,
    registration_close_index,
)
from .config import Level
from .eliminations import prize_of
from .standings import all_places
from .state import ACTIVE, State

PRIVATE_MONEY = ("collected", "fees", "paid_out", "drawer")
PRIVATE_PLAYER = ("email", "phone", "member_id")
PRIVATE_ENTRY = ("paid", "penalty")


def _seconds(ms: int) -> int:
    return -(-ms // 1000)  # whole seconds, rounded up: 0:00 shows only when the time is really out


def clock_part(state: State, now_ms: int) -> dict[str, Any]:
    """The parts of the snapshot that move with time alone: the clock, the players on the clock and
    the announcements. Cheap at any field size: a screen redrawing its clock every second reads this,
    not a whole snapshot."""
    clock = _clock(state, windows.clock_at(state, now_ms), now_ms)
    return {
        "clock": clock,
        "on_clock": [{"entry": e, "name": state.entry_name(e), "remaining_s": max(0, _seconds(until - now_ms))}
                     for e, until in state.on_clock.items()
                     if state.entries[e].status == ACTIVE and until > now_ms],
        "announcements": _announcements(state, clock),
    }


def snapshot(state: State, seq: int, now_ms: int) -> dict[str, Any]:
    places = all_places(state)
    amounts = money.payouts(state)
    final = not windows.registration_open(state, now_ms)
    timed = clock_part(state, now_ms)
    clock = timed["clock"]
    return {
        "seq": seq,
        "tournament": {"id": state.tournament_id, "name": state.config.name,
                       "currency": state.config.currency, "status": state.status},
        "clock": clock,
        "counts": {"players": state.players_entered, "entries": state.entry_count,
                   "players_left": state.live, "reentries": state.reentries, "rebuys": state.rebuys,
                   "add_ons": state.add_ons},
        "chips": {"in_play": state.chips_in_play,
                  "average": state.chips_in_play // state.live if state.live else 0},
        "money": _money(state),
        "payouts": _payouts(amounts, places),
        "tables": _tables(state, clock),
        "entries": [_entry(state, e.id, places, final, now_ms) for e in state.entries.values()],
        "players": [{"id": p.id, "name": p.name, "nickname": p.nickname, "email": p.email, "phone": p.phone,
                     "member_id": p.member_id, "entries": list(p.entries)} for p in state.players.values()],
        "on_clock": timed["on_clock"],
        "announcements": timed["announcements"],
        "deal": state.deal,
    }


def public(snap: dict[str, Any]) -> dict[str, Any]:
    """The snapshot without private fields: what the website may know."""
    out = dict(snap)
    out["money"] = {k: v for k, v in snap["money"].items() if k not in PRIVATE_MONEY}
    out["players"] = [{k: v for k, v in p.items() if k not in PRIVATE_PLAYER} for p in snap["players"]]
    out["entries"] = [{k: v for k, v in e.items() if k not in PRIVATE_ENTRY} for e in snap["entries"]]
    return out


def _clock(state: State, pos: ClockPosition, now_ms: int) -> dict[str, Any]:
    levels = state.config.levels
    level = levels[pos.index]
    blinds = _blinds_in_force(levels, pos.index)
    nxt = pos.index + 1 if not pos.overtime and pos.index + 1 < len(levels) else pos.index
    brk = next_break_index(levels, pos.index)
    reg = state.config.registration
    close = registration_close_index(levels, reg.until_level, reg.through_break)
    reg_open = windows.registration_open(state, now_ms)
    remaining = pos.remaining_ms if state.clock.started else level.duration_ms
    return {
        "index": pos.index,
        "level": play_level_number(levels, pos.index),
        "on_break": level.is_break,
        "running": state.clock.running and state.status != "finished",
        "started": state.clock.started,
        "remaining_s": _seconds(remaining),
        "elapsed_s": (pos.elapsed_ms if state.clock.started else 0) // 1000,
        "overtime": pos.overtime,
        "small_blind": blinds.small_blind,
        "big_blind": blinds.big_blind,
        "ante": blinds.ante,
        "ante_kind": blinds.ante_kind,
        "next": _level_view(levels, nxt),
        "break_in_s": _seconds(ms_until_index(levels, pos, brk) or 0) if brk is not None and not level.is_break
        else None,
        "registration_open": reg_open,
        "registration_closes_in_s": _seconds(ms_until_index(levels, pos, close) or 0) if reg_open
        and state.clock.started else None,
        "color_up": list(level.color_up),
        "add_on_open": windows.add_on_open(state, now_ms),
        "hand_for_hand": state.hand_for_hand,
        "hand": state.hand,
    }


def _blinds_in_force(levels: tuple[Level, ...], index: int) -> Level:
    """On a break, the blinds shown are those of the level that follows it."""
    for i in range(index, len(levels)):
        if not levels[i].is_break:
            return levels[i]
    return next(level for level in reversed(levels) if not level.is_break)


def _level_view(levels: tuple[Level, ...], index: int) -> dict[str, Any]:
    level = levels[index]
    return {"index": index, "level": play_level_number(levels, index), "is_break": level.is_break,
            "small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
            "ante_kind": level.ante_kind, "minutes": level.minutes, "color_up": list(level.color_up)}


def _money(state: State) -> dict[str, Any]:
    m = state.money
    return {
        "collected": m.collected,
        "prize_parts": m.prize_parts,
        "added": state.config.payouts.added,
        "overlay": money.overlay(state),
        "prize_pool": money.prize_pool(state),
        "fees": m.fees,
        "bounty_pool": m.bounty_parts,
        "bounty_paid": bounty.bounty_paid(state),
        "bounty_forfeited": m.bounty_forfeited,
        "paid_out": m.paid_out,
        "drawer": dict(sorted(m.drawer.items())),
    }


def _payouts(amounts: tuple[int, ...], places: dict[str, tuple[int, int, int]]) -> list[dict[str, Any]]:
    at_place: dict[int, list[str]] = {}
    for entry_id, (place, place_to, _) in places.items():
        for p in range(place, place_to + 1):
            if p <= len(amounts):
                at_place.setdefault(p, []).append(entry_id)
    return [{"place": i + 1, "amount": a, "entries": at_place.get(i + 1, [])} for i, a in enumerate(amounts)]


def table_ante(state: State, players: int, ante: int, index: int = 0) -> int:
    """PKR4U 16: full ante with 6 or more, half (rounded up to the smallest chip) with 3 to 5, none heads-up.

    The smallest chip is the smallest still in play at level `index`: denominations raced off at a
    colour-up up to then are gone.
    """
    if state.config.seating.short_handed_ante != "pkr4u" or players >= 6:
        return ante
    if players <= 2:
        return 0
    gone = {v for level in state.config.levels[: index + 1] for v in level.color_up}
    left = [c.value for c in state.config.chips if c.value not in gone]
    chip = left[0] if left else 1
    half = -(-ante // 2)
    return -(-half // chip) * chip


def _tables(state: State, clock: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for number in sorted(state.open_tables):
        table = state.tables[number]
        out.append({"number": number, "button": table.button, "players": len(table.seats),
                    "final": state.final_table == number,
                    "ante": table_ante(state, len(table.seats), clock["ante"], clock["index"]),
                    "seats": {str(s): e for s, e in sorted(table.seats.items())}})
    return out


def _entry(state: State, entry_id: str, places: dict[str, tuple[int, int, int]], final: bool,
           now_ms: int) -> dict[str, Any]:
    e = state.entries[entry_id]
    place = places.get(entry_id)
    prize = prize_of(state, entry_id, place)
    owed = e.bounty_won + (prize if final else 0) - e.paid
    penalty = dict(e.penalty) if e.penalty else None
    if penalty and "until_ms" in penalty:
        penalty["remaining_s"] = max(0, _seconds(penalty["until_ms"] - now_ms))
    return {
        "id": e.id, "player": e.player, "name": state.players[e.player].name, "number": e.number,
        "status": e.status, "table": e.table, "seat": e.seat, "last_table": e.last_table,
        "last_seat": e.last_seat, "place": place[0] if place else None,
        "place_to": place[1] if place else None, "place_final": bool(place) and final,
        "prize": prize, "paid": owed <= 0, "bounty": e.bounty, "bounty_won": e.bounty_won,
        "chips_bought": e.chips, "rebuys": e.rebuys, "add_ons": e.add_ons, "hand": e.hand,
        "waits": e.waits, "penalty": penalty,
    }


def _announcements(state: State, clock: dict[str, Any]) -> list[dict[str, Any]]:
    notes: list[dict[str, Any]] = []
    if state.status == "finished":
        return [{"kind": "finished", "text": f"{state.entry_name(state.winner)} wins"}] if state.winner else []
    closes = clock["registration_closes_in_s"]
    if closes is not None:
        notes.append({"kind": "registration_closes", "seconds": closes,
                      "text": f"Late registration closes in {max(1, closes // 60)} minutes"})
    if clock["on_break"] and clock["color_up"]:
        chips = ", ".join(str(v) for v in clock["color_up"])
        notes.append({"kind": "color_up", "chips": clock["color_up"], "text": f"Colour-up at this break: {chips}"})
    if clock["add_on_open"]:
        notes.append({"kind": "add_on_open", "text": "Add-on open"})
    if state.hand_for_hand:
        notes.append({"kind": "hand_for_hand", "hand": state.hand, "text": f"Hand-for-hand: hand {state.hand}"})
    if clock["started"] and not clock["on_break"] and clock["elapsed_s"] < 60:
        notes.append({"kind": "new_level", "text": "The new level applies from the next hand"})
    if (clock["started"] and 1 < state.live <= state.config.seating.final_table_size
            and len([t for t in state.tables.values() if t.seats]) == 1):
        notes.append({"kind": "final_table", "text": "Final table"})
    return notes
