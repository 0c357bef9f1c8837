"""Alternates: the waiting list for a seat when every table is full (docs/rules.md: alternates).

A player who would buy in while no seat is free, or while others already wait, is put on the list; the
first on it takes the next seat that frees (a bust, a table added in the settings), and nobody passes
the one ahead (`entries.require_turn`). They pay when seated, as card rooms take an alternate's money
at the cage when the seat is called: the seat is an ordinary buy-in, with its seat card, so a player
who leaves the list, or is still on it when late registration closes, is owed nothing.
"""

from __future__ import annotations

from typing import Any, Literal, Required, cast

from ..arithmetic import windows
from ..protocol import payloads
from ..protocol.commands import Common, Id, Present, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import ACTIVE, State
from . import entries, seating
from .guards import get_player


class AddAlternateCommand(Common, total=False):
    """A player put on the waiting list, last (`present` must be true, as for a buy-in)."""

    type: Required[Literal["add_alternate"]]
    player: Id
    present: Present


@command(AddAlternateCommand, devices=("td", "cashier"))
def decide_add_alternate(state: State, cmd: AddAlternateCommand, ctx: Context) -> Decision:
    player = get_player(state, cmd)
    if player.id in state.waiting:
        position = state.waiting.index(player.id) + 1
        raise TourneyError("ALREADY_WAITING", f"{player.name} is already number {position} on the waiting list",
                           player=player.id, position=position)
    entries.check_may_enter(state, cmd, player, ctx)
    last = state.last_entry(player.id)
    if last is not None and last.status == ACTIVE:
        raise TourneyError("ALREADY_ACTIVE", f"{player.name} still has a live entry ({last.id})",
                           player=player.id, entry=last.id)
    entries.entry_terms(state, player, last)  # a re-entry the house refuses is refused now, not at the seat
    free = seating.seats_free(state, seating.tables_barred_for(state, player.id))
    if not state.waiting and free:
        raise TourneyError("SEAT_FREE", f"{free} seats are free: sell {player.name} the buy-in", player=player.id,
                           seats=free)
    d = Decision(result={"player": player.id, "position": len(state.waiting) + 1})
    d.add("alternate_added", payloads.AlternateAdded(player=player.id, previous=last.id if last else None))
    return d


def apply_alternate_added(state: State, event: Event) -> None:
    p = cast(payloads.AlternateAdded, event.payload)
    state.waiting = (*state.waiting, p["player"])


class RemoveAlternateCommand(Common, total=False):
    """A player taken off the waiting list; without `player`, once late registration has closed, all."""

    type: Required[Literal["remove_alternate"]]
    player: Id


@command(RemoveAlternateCommand, devices=("td", "cashier"))
def decide_remove_alternate(state: State, cmd: RemoveAlternateCommand, ctx: Context) -> Decision:
    if cmd.get("player") is not None:
        player = get_player(state, cmd)
        if player.id not in state.waiting:
            raise TourneyError("NOT_WAITING", f"{player.name} is not on the waiting list", player=player.id)
        gone, reason = [player.id], "left"
    else:
        if not state.waiting:
            raise TourneyError("NOTHING_TO_DO", "Nobody is on the waiting list")
        if windows.registration_open(state, ctx.now_ms):
            raise TourneyError("WAITING_LIST_OPEN", "Late registration is still open: say which player leaves "
                               "the waiting list", field="player")
        gone, reason = list(state.waiting), "closed"
    d = Decision(result={"players": gone, "reason": reason})
    d.add("alternates_removed", payloads.AlternatesRemoved(players=gone, reason=reason))
    return d


def apply_alternates_removed(state: State, event: Event) -> None:
    p = cast(payloads.AlternatesRemoved, event.payload)
    gone = set(p["players"])
    state.waiting = tuple(player for player in state.waiting if player not in gone)


def waiting_part(state: State) -> dict[str, Any]:
    """The waiting list as every window shows it: who, in order, and the seats free for them now."""
    return {"players": [{"player": player, "name": state.players[player].name} for player in state.waiting],
            "seats_free": seating.seats_free(state)}
