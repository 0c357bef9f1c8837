"""What the players' pages show, built from the public snapshot and nothing else.

Every field a page receives is named here (a whitelist): a field added to the snapshot later stays on
the laptop. The view is cut into sections (the clock, the figures, the payouts, the busts, the bounties,
the seating): after a command only the sections that differ are sent. The seats themselves are not
streamed; "find my seat" asks for them (`find_seat`), so a page never holds the whole field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.config import Level
from ..core.protocol.payload_fields import keep_public
from ..core.read_models import snapshot as snapshots
from ..core.read_models import snapshot_parts
from ..core.state import ACTIVE

RECENT_BUSTS = 10
TOP_BOUNTIES = 10
SEAT_MATCHES = 10
JUST_MOVED_MS = 30 * 60 * 1000  # a move older than half an hour is no news when looking for a seat


@dataclass(frozen=True)
class Seat:
    name: str
    nickname: str | None
    table: int | None
    seat: int | None
    moved_from: tuple[int, int] | None
    waits: bool
    bounty: int = 0  # the bounty on the player's head (a bounty event), public as on the screens
    stack: int | None = None  # the chips as last counted by the TD (chip counts are told to the room)


@dataclass(frozen=True)
class Out:
    """A player no longer in play, with a place: what their own phone tells them (the place and what they
    won), as public as the busts' list and the results website."""

    name: str
    place: int
    final: bool
    prize: int
    bounty_won: int


@dataclass
class View:
    sections: dict[str, Any]
    seats: list[Seat]
    now_ms: int
    outs: dict[str, Out] = field(default_factory=dict)  # by the player's name, casefolded


@dataclass
class ViewBuilder:
    """Builds the view on the desk's thread. Remembers where each entry sat, to know who just moved."""

    seen_at: dict[str, tuple[int | None, int | None]] = field(default_factory=dict)
    moved_ms: dict[str, int] = field(default_factory=dict)
    # Each entry's public part, by the desk's part it was made from (kept beside it: its id stays its own).
    # The desk hands every part a command did not change over as the very same object, so a bust or a move
    # makes one entry public again, not the whole field (the view is built after every command).
    public_entries: dict[int, tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=dict)

    def build(self, snap: dict[str, Any], now_ms: int, *, remaining_ms: int, winner: str | None,
              levels: tuple[Level, ...] = ()) -> View:
        """The view of the desk's snapshot `snap` at `now_ms`, with the level's time left to the
        millisecond (`Desk.clock_now`'s `remaining_ms`), the winning entry (`Desk.winner`) and the
        structure's levels (`Desk.config.levels`)."""
        pub = self._public(snap)
        names = {e["id"]: _shown_name(e, pub) for e in pub["entries"]}
        sections = {
            "tournament": {"name": pub["tournament"]["name"], "currency": pub["tournament"]["currency"],
                           "status": pub["tournament"]["status"], "winner": names.get(winner) if winner else None,
                           "points_only": bool(pub["tournament"].get("points_only"))},
            "clock": clock_section(pub["clock"], remaining_ms, now_ms),
            "stats": _stats(pub),
            "payouts": [{"place": p["place"], "amount": p["amount"], "names": [names.get(e, "") for e in p["entries"]]}
                        for p in pub["payouts"]],
            "busts": _busts(pub, names),
            "bounties": _bounties(pub, names) if pub["money"]["bounty_pool"] else [],
            "notes": [note(a) for a in pub["announcements"]],
            "schedule": schedule_section(levels),
            "waiting": _waiting(pub),
        }
        seats = self._seats(pub, now_ms)
        outs = _outs(pub)
        # Any seat, or any place out, that changes in any way: a new version.
        sections["seating"] = {"version": hash((tuple(seats), tuple(sorted(outs.items()))))}
        return View(sections, seats, now_ms, outs)

    def _public(self, snap: dict[str, Any]) -> dict[str, Any]:
        """`snapshots.public(snap)`, its entries made public only where the desk's part is a new one."""
        held, made = self.public_entries, {}
        entries = []
        for part in snap["entries"]:
            found = held.get(id(part))
            if found is None or found[0] is not part:
                found = (part, keep_public(snapshot_parts.ENTRY, part))
            made[id(part)] = found
            entries.append(found[1])
        self.public_entries = made
        pub = snapshots.public({**snap, "entries": []})
        pub["entries"] = entries
        return pub

    def _seats(self, pub: dict[str, Any], now_ms: int) -> list[Seat]:
        nicknames = {p["id"]: p.get("nickname") for p in pub["players"]}
        out = []
        for e in pub["entries"]:
            if e["status"] != ACTIVE:
                self.seen_at.pop(e["id"], None)
                continue
            where = (e["table"], e["seat"])
            before = self.seen_at.get(e["id"])
            if before is not None and before != where and before[0] is not None:
                self.moved_ms[e["id"]] = now_ms
            self.seen_at[e["id"]] = where
            moved = None
            if (now_ms - self.moved_ms.get(e["id"], -JUST_MOVED_MS - 1) <= JUST_MOVED_MS
                    and e["last_table"] is not None and e["last_seat"] is not None):
                moved = (e["last_table"], e["last_seat"])
            out.append(Seat(e["name"], nicknames.get(e["player"]), e["table"], e["seat"], moved, bool(e["waits"]),
                            e.get("bounty") or 0, e.get("stack")))
        return out


def schedule_section(levels: tuple[Level, ...]) -> list[dict[str, Any]]:
    """The whole blind schedule, as the structure sheet on the wall: each level and break in order."""
    out, number = [], 0
    for index, level in enumerate(levels):
        number += 0 if level.is_break else 1
        out.append({"index": index, "level": None if level.is_break else number, "is_break": level.is_break,
                    "small_blind": level.small_blind, "big_blind": level.big_blind, "ante": level.ante,
                    "minutes": level.minutes})
    return out


def clock_section(clock: dict[str, Any], remaining_ms: int, now_ms: int) -> dict[str, Any]:
    """The clock as the page ticks it: when the level ends in server time, not how long is left, so
    that the same clock sent twice is the same section (and a level change is a new one). `remaining_ms`
    is the level's time left to the millisecond (the snapshot's clock rounds it to the second)."""
    nxt = clock["next"]
    section = {
        "level": clock["level"], "index": clock["index"], "on_break": clock["on_break"],
        "running": clock["running"], "started": clock["started"], "overtime": clock["overtime"],
        "small_blind": clock["small_blind"], "big_blind": clock["big_blind"], "ante": clock["ante"],
        "next": {"level": nxt["level"], "is_break": nxt["is_break"], "small_blind": nxt["small_blind"],
                 "big_blind": nxt["big_blind"], "ante": nxt["ante"], "minutes": nxt["minutes"]},
        "registration_open": clock["registration_open"], "hand_for_hand": clock["hand_for_hand"],
        "hand": clock["hand"],
    }
    if clock["running"]:
        # Whole seconds, so that the same running clock read a moment later is the same section.
        section["ends_at_ms"] = round((now_ms + remaining_ms) / 1000) * 1000
        section["break_at_ms"] = (None if clock["break_in_s"] is None
                                  else round((now_ms + clock["break_in_s"] * 1000) / 1000) * 1000)
    else:
        section["remaining_ms"] = remaining_ms
        section["break_in_ms"] = None if clock["break_in_s"] is None else clock["break_in_s"] * 1000
    return section


def _stats(pub: dict[str, Any]) -> dict[str, Any]:
    counts, m = pub["counts"], pub["money"]
    return {"players_left": counts["players_left"], "players": counts["players"], "entries": counts["entries"],
            "reentries": counts["reentries"], "rebuys": counts["rebuys"], "add_ons": counts["add_ons"],
            "average": pub["chips"]["average"], "prize_pool": m["prize_pool"], "overlay": m["overlay"],
            "bounty_pool": m["bounty_pool"], "points_only": bool(pub["tournament"].get("points_only"))}


def _waiting(pub: dict[str, Any]) -> dict[str, Any]:
    """The alternates in order, and whether they may still be seated (late registration open)."""
    listed = pub.get("waiting") or {"players": []}
    return {"names": [p["name"] for p in listed["players"]], "open": bool(pub["clock"]["registration_open"])}


def _outs(pub: dict[str, Any]) -> dict[str, Out]:
    """Each player out of play with a place, by name: their latest entry out (the best place so far)."""
    live = {e["player"] for e in pub["entries"] if e["status"] == ACTIVE}
    out: dict[str, Out] = {}
    for e in pub["entries"]:
        if e["status"] != "busted" or e["place"] is None or e["player"] in live:
            continue
        key = str(e["name"]).casefold()
        before = out.get(key)
        if before is None or e["place"] < before.place:
            out[key] = Out(str(e["name"]), e["place"], bool(e["place_final"]), e["prize"] or 0, e["bounty_won"] or 0)
    return out


def find_out(outs: dict[str, Out], me: str) -> dict[str, Any] | None:
    """The followed player's place and winnings once out of play (`me`: the name remembered on the phone)."""
    found = outs.get(" ".join(me.split()).casefold())
    if found is None:
        return None
    return {"name": found.name, "place": found.place, "final": found.final, "prize": found.prize,
            "bounty_won": found.bounty_won}


def _busts(pub: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    # Places are taken from the bottom up: the latest busts hold the best places so far.
    out = sorted((e for e in pub["entries"] if e["status"] == "busted" and e["place"] is not None),
                 key=lambda e: e["place"])
    return [{"place": e["place"], "name": names[e["id"]], "prize": e["prize"], "final": e["place_final"]}
            for e in out[:RECENT_BUSTS]]


def _bounties(pub: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    live = sorted((e for e in pub["entries"] if e["status"] == ACTIVE and e["bounty"]),
                  key=lambda e: (-e["bounty"], names[e["id"]].casefold()))
    return [{"name": names[e["id"]], "bounty": e["bounty"], "table": e["table"]} for e in live[:TOP_BOUNTIES]]


def note(announcement: dict[str, Any]) -> dict[str, Any]:
    """One announcement for the pages. A countdown is kept to the minute, as the page words it: one
    in seconds would be a new message to every phone every second."""
    out = {k: v for k, v in announcement.items() if k in ("kind", "chips", "hand")}
    if announcement["kind"] == "message":  # the TD's own words; every other note is worded by the page
        out["text"] = announcement["text"]
    if "seconds" in announcement:
        out["minutes"] = max(1, announcement["seconds"] // 60)
    return out


def _shown_name(entry: dict[str, Any], pub: dict[str, Any]) -> str:
    return str(entry["name"]) + (f" ({entry['number']})" if entry["number"] > 1 else "")


def find_seat(seats: list[Seat], query: str) -> list[dict[str, Any]]:
    """The players still in whose name (or nickname) holds `query`, at most a handful: a phone is not a
    list of the whole field, so two letters at least."""
    needle = " ".join(query.split()).casefold()
    if len(needle) < 2:
        return []
    found = [s for s in seats if needle in s.name.casefold() or (s.nickname and needle in s.nickname.casefold())]
    found.sort(key=lambda s: (not s.name.casefold().startswith(needle), s.name.casefold()))
    return [{"name": s.name, "table": s.table, "seat": s.seat, "waits": s.waits,
             "moved_from": {"table": s.moved_from[0], "seat": s.moved_from[1]} if s.moved_from else None,
             "bounty": s.bounty, "stack": s.stack}
            for s in found[:SEAT_MATCHES]]


def changed_sections(before: dict[str, Any] | None, after: dict[str, Any]) -> dict[str, Any]:
    if before is None:
        return dict(after)
    return {key: value for key, value in after.items() if before.get(key) != value}
