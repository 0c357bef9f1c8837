"""What the room is told for a minute after the seating changes: who moves where at a table's break, a
new table's fill, the final-table draw or a balancing move, and "in the money" when the bubble bursts.

Kept in the state with the instant of the event that made it, so whether it still shows is read off the
clock like everything else: no event is needed to take it down.
"""

from __future__ import annotations

from typing import Any

from ..state import State

SHOWN_MS = 60_000  # a minute: long enough to read aloud twice and for players to find their seats


def moves(state: State, at_ms: int, how: str, table: int | None, moved: list[dict[str, Any]]) -> None:
    """`moved`: each {entry, from_table, from_seat, table, seat}, taken before the seats change."""
    items = [m for m in moved if (m["from_table"], m["from_seat"]) != (m["table"], m["seat"])] \
        if how != "final" else moved
    if not items:
        return
    _keep(state, at_ms, {"kind": "table_moves", "how": how, "table": table, "at_ms": at_ms,
                         "moves": [{**m, "name": state.entry_name(m["entry"]),
                                    "player": state.entries[m["entry"]].player} for m in items]})


def seat_changed(state: State, entries: set[str]) -> None:
    """These entries sit elsewhere now: the room stops being told the seats they took before, so a player
    moved twice in a minute (or moved back by the TD) is sent to one seat only, the right one."""
    kept = []
    for item in state.news:
        if item["kind"] == "table_moves":
            left = [m for m in item["moves"] if m["entry"] not in entries]
            if not left:
                continue
            if len(left) != len(item["moves"]):
                item = {**item, "moves": left}
        kept.append(item)
    state.news = kept


def in_the_money(state: State, at_ms: int, *, hand_for_hand_over: bool) -> None:
    """The bubble burst: told when the hand-for-hand hand is over, or at the bust itself without one."""
    _keep(state, at_ms, {"kind": "in_the_money", "at_ms": at_ms, "players": state.live,
                         "hand_for_hand_over": hand_for_hand_over})


def current(state: State, now_ms: int) -> list[dict[str, Any]]:
    return [item for item in state.news if 0 <= now_ms - item["at_ms"] < SHOWN_MS]


def _keep(state: State, at_ms: int, item: dict[str, Any]) -> None:
    # A balance moving several players in one command tells them together; older news has had its minute.
    if item["kind"] == "table_moves":
        seat_changed(state, {m["entry"] for m in item["moves"]})
    kept = [n for n in state.news if at_ms - n["at_ms"] < SHOWN_MS]
    same = next((i for i, n in enumerate(kept) if n["kind"] == "table_moves" == item["kind"]
                 and n["at_ms"] == at_ms and n["how"] == item["how"] == "balance"), None)
    # A new item rather than one changed: an undo keeps the list as it was, not each item (`core.rewind`).
    if same is not None:
        kept[same] = {**kept[same], "moves": [*kept[same]["moves"], *item["moves"]]}
    else:
        kept.append(item)
    state.news = kept
