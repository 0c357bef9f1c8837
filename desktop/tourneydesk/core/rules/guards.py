"""The guards every command's decision starts with: the player or entry it names exists, the entry is
still in play, the tournament is not over. Kept apart so that entries, seating and the rest share them
without importing one another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..protocol.errors import TourneyError
from ..state import ACTIVE, Entry, Player, State


def get_player(state: State, cmd: Mapping[str, Any]) -> Player:
    player_id = cmd.get("player")
    if player_id is None:
        raise TourneyError("FIELD_MISSING", "Say which player: player is missing", field="player")
    if not isinstance(player_id, str) or player_id not in state.players:  # a list would be unhashable
        raise TourneyError("UNKNOWN_PLAYER", f"There is no player {player_id!r}", player=player_id)
    return state.players[player_id]


def get_entry(state: State, entry_id: Any, field: str = "entry") -> Entry:
    if entry_id is None:
        raise TourneyError("FIELD_MISSING", f"Say which entry: {field} is missing", field=field)
    if not isinstance(entry_id, str) or entry_id not in state.entries:
        raise TourneyError("UNKNOWN_ENTRY", f"There is no entry {entry_id!r}", entry=entry_id, field=field)
    return state.entries[entry_id]


def require_active(state: State, entry: Entry) -> None:
    if entry.status != ACTIVE:
        raise TourneyError("ENTRY_NOT_ACTIVE", f"{state.entry_name(entry.id)} ({entry.id}) is {entry.status}",
                           entry=entry.id, status=entry.status)


def require_not_finished(state: State) -> None:
    if state.status == "finished":
        raise TourneyError("TOURNAMENT_FINISHED", "The tournament is over")
