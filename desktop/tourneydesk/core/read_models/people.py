"""One person or one entry as a window reads them through the Desk (`Desk.person`, `Desk.entry`): plain
frozen facts copied out of the state, never the state's own objects, so nothing a window holds can change
under it or be changed by it.

Each is read in constant time whatever the size of the field: the cashier asks after every sale about the
one player at the desk, and about the few entries whose part of the snapshot changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arithmetic import windows
from ..state import ACTIVE, Entry, State


@dataclass(frozen=True)
class EntryFacts:
    """One entry (a buy-in, or a re-entry) as it stands now."""

    id: str
    player: str
    number: int  # 1 for the first entry, 2 for the first re-entry...
    status: str  # "active", "busted", "abandoned", "disqualified", "removed"
    table: int | None
    seat: int | None
    last_table: int | None  # where it sat before it left its seat: a re-entry may keep that seat
    last_seat: int | None
    chips: int  # every chip it bought: stack, bonus, rebuys, add-ons
    paid: int  # what the cashier has handed it so far: prizes and bounties, in minor units

    @property
    def playing(self) -> bool:
        return self.status == ACTIVE


@dataclass(frozen=True)
class PersonFacts:
    """A registered person, their last entry, and which of the buy-in's options the rules offer them now."""

    id: str
    name: str
    nickname: str | None
    email: str | None
    phone: str | None
    member_id: str | None
    note: str | None  # the TD's or the cashier's note on them (private: the laptop's windows only)
    entries: tuple[str, ...]  # their entries' ids, the first first
    last: EntryFacts | None  # the latest of them: what a re-entry, a rebuy or an add-on is sold on
    # The seat a re-entry may keep now, (table, seat): the event allows it (re-entry `seat = "same_allowed"`)
    # and the last entry is out of a seat it held. None otherwise.
    keep_seat: tuple[int, int] | None
    # Whether a re-entry may give up the live stack now (PKR4U 5): the last entry still plays, at a break.
    may_abandon: bool
    waiting: int | None = None  # their place on the waiting list for a seat (the alternates), 1 for the first


def entry_facts(state: State, entry_id: str) -> EntryFacts | None:
    found = state.entries.get(entry_id)
    return None if found is None else _facts(found)


def person_facts(state: State, player_id: str, now_ms: int) -> PersonFacts | None:
    player = state.players.get(player_id)
    if player is None:
        return None
    last = _facts(state.entries[player.entries[-1]]) if player.entries else None
    reentry = state.config.reentry
    keep_seat = None
    if (reentry is not None and reentry.seat == "same_allowed" and last is not None and not last.playing
            and last.last_table is not None and last.last_seat is not None):
        keep_seat = (last.last_table, last.last_seat)
    return PersonFacts(player.id, player.name, player.nickname, player.email, player.phone, player.member_id,
                       player.note, tuple(player.entries), last, keep_seat,
                       may_abandon=last is not None and last.playing and windows.on_break(state, now_ms),
                       waiting=state.waiting.index(player.id) + 1 if player.id in state.waiting else None)


def _facts(e: Entry) -> EntryFacts:
    return EntryFacts(e.id, e.player, e.number, e.status, e.table, e.seat, e.last_table, e.last_seat, e.chips, e.paid)
