"""The seating news the console tells the TD once each: moves to read aloud, the room in the money."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .common import tr
from .moves_dialog import news_title


def _move_key(item: dict[str, Any], move: dict[str, Any]) -> tuple[int, str, int, int]:
    return int(item["at_ms"]), str(move["entry"]), int(move["table"]), int(move["seat"])


@dataclass
class Told:
    """What is new since the last snapshot: the words for the status line and the moves to read aloud."""

    words: str | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)


class RoomNews:
    """Each move is told once, known by its news' instant, the player and the seat: a piece of news shrinks
    when a player in it moves again, and its other moves were read aloud already."""

    def __init__(self) -> None:
        self._moves_told: set[tuple[int, str, int, int]] = set()
        self._money_told: set[int] = set()  # the instants of the "in the money" news told

    def new(self, snap: dict[str, Any], *, first: bool) -> Told:
        """What the snapshot brings that was not told; nothing on the window's first one (news older than
        the window was told when it happened)."""
        money = [n for n in snap["announcements"] if n["kind"] == "in_the_money" and n["at_ms"] not in self._money_told]
        self._money_told |= {n["at_ms"] for n in money}
        fresh = []
        for item in snap["announcements"]:
            if item["kind"] != "table_moves":
                continue
            untold = [m for m in item.get("moves", []) if _move_key(item, m) not in self._moves_told]
            self._moves_told |= {_move_key(item, m) for m in untold}
            if untold:
                fresh.append({**item, "moves": untold})
        if first:
            return Told()
        told = Told(moves=fresh)
        if money:
            told.words = (tr("In the money: hand-for-hand is over, play goes on as usual")
                          if money[0].get("hand_for_hand_over") else tr("In the money"))
        if fresh:
            # In the TD's words (the core's text is English), and short: the names are in the list opened
            # beside it; the whole list on the status line ran past the window's edge.
            told.words = " · ".join(tr("{title}: %n to move", "", len(n["moves"])).format(title=news_title(n))
                                    for n in fresh)
        return told
