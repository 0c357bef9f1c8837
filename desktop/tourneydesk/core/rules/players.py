"""Correcting a registered person: a typo in the name, a nickname or member id added, a registration
made by mistake taken back before any money changed hands; and a private note on a person, for the TD
and the cashier (it never leaves the laptop).

An edit records the new value of each field it changes and the old one beside it (for the log), so
replaying it needs nothing but the event. A person who bought in cannot be unregistered: their entry
is part of the tournament's money (a removal or an undo of the buy-in is the way).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Required, cast

from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Common, Contact, Flag, Id, Name, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import State
from .entries import _optional_text, check_name_free, clean_name, index_name, unindex_name
from .guards import get_player

EDITABLE = ("name", "nickname", "email", "phone", "member_id")


class EditPlayerCommand(Common, total=False):
    """A registered person corrected."""

    type: Required[Literal["edit_player"]]
    player: Id
    name: Name
    nickname: Name
    email: Contact
    phone: Contact
    member_id: Contact
    namesake: Flag  # the new name is another person's too, as the cashier has checked


@command(EditPlayerCommand)
def decide_edit_player(state: State, cmd: EditPlayerCommand, ctx: Context) -> Decision:
    player = get_player(state, cmd)
    asked = [key for key in EDITABLE if key in cmd]
    if not asked:
        raise TourneyError("FIELD_MISSING", "Say what to change: name, nickname, email, phone or member id",
                           field="name")
    new: dict[str, str | None] = {}
    for key in asked:
        new[key] = clean_name(cmd.get(key)) if key == "name" else _optional_text(cmd, key)
    name = new.get("name", player.name)
    member_id = new.get("member_id", player.member_id)
    assert name is not None
    check_name_free(state, name, member_id, player.id, namesake=cmd.get("namesake") is True)
    changes = {key: value for key, value in new.items() if value != getattr(player, key)}
    if not changes:
        raise TourneyError("NOTHING_TO_DO", f"{player.name} is already written that way", player=player.id)
    d = Decision(result={"player": player.id, "changed": sorted(changes)})
    # `changes` holds only EDITABLE fields, each cleaned as its type says (a name is never None).
    edited = cast(payloads.PlayerEdited,
                  {"player": player.id, **changes, "was": {key: getattr(player, key) for key in changes}})
    d.add("player_edited", edited)
    return d


def apply_player_edited(state: State, event: Event) -> None:
    p = cast(payloads.PlayerEdited, event.payload)
    player = state.players[p["player"]]
    unindex_name(state, player)
    changed: Mapping[str, Any] = p  # the fields named in EDITABLE, read by name
    for key in EDITABLE:
        if key in changed:
            setattr(player, key, changed[key])
    index_name(state, player)
    state.roster_rev += 1


class UnregisterCommand(Common, total=False):
    """A registration taken back."""

    type: Required[Literal["unregister"]]
    player: Id


@command(UnregisterCommand, devices=("td", "cashier"))
def decide_unregister(state: State, cmd: UnregisterCommand, ctx: Context) -> Decision:
    player = get_player(state, cmd)
    if player.entries:
        raise TourneyError("PLAYER_HAS_ENTRIES", f"{player.name} has bought in: a buy-in is undone or the entry "
                           "removed, the registration stays", player=player.id)
    if player.id in state.waiting:
        raise TourneyError("PLAYER_WAITING", f"{player.name} is on the waiting list: take them off it first",
                           player=player.id)
    d = Decision(result={"player": player.id})
    d.add("player_unregistered", payloads.PlayerUnregistered(player=player.id, name=player.name))
    return d


def apply_player_unregistered(state: State, event: Event) -> None:
    p = cast(payloads.PlayerUnregistered, event.payload)
    player = state.players.pop(p["player"])
    unindex_name(state, player)
    state.roster_rev += 1


class NotePlayerCommand(Common, total=False):
    """A private note on a registered person (an empty note takes it off)."""

    type: Required[Literal["note_player"]]
    player: Id
    note: Annotated[str | None, kinds.text(500, what="note")]


@command(NotePlayerCommand)
def decide_note_player(state: State, cmd: NotePlayerCommand, ctx: Context) -> Decision:
    player = get_player(state, cmd)
    written = cmd.get("note")
    if written is None:
        raise TourneyError("FIELD_MISSING", "Say what the note says (an empty note takes it off): note is missing",
                           field="note")
    note = written.strip() or None
    if note == player.note:
        raise TourneyError("NOTHING_TO_DO", f"{player.name}'s note already says that", player=player.id)
    d = Decision(result={"player": player.id, "note": note})
    d.add("player_noted", payloads.PlayerNoted(player=player.id, note=note))
    return d


def apply_player_noted(state: State, event: Event) -> None:
    p = cast(payloads.PlayerNoted, event.payload)
    if "player" not in p:
        return  # the website's copy: whose note it is, and what it says, stay on the laptop
    state.players[p["player"]].note = p["note"]
