"""Entries: registering a person, buy-ins, re-entries, rebuys, add-ons and abandoned stacks.

A buy-in needs the player present (PKR4U 14) and late registration open; a re-entry needs the
player's last entry out (or abandoned in the same step during a break, PKR4U 5 and 6) and the
per-player limit not reached. Each records the price it paid and the chips it bought.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Required, TypeVar, cast

from ..arithmetic import standings, windows
from ..arithmetic.money import payment_of, take_payment
from ..arithmetic.names import search_key, tidy
from ..config import AddOn, Price, Rebuy
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Chips, Common, Contact, Flag, Id, Name, Payment, Present, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import ABANDONED, ACTIVE, BUSTED, Entry, Player, State
from . import flights, seating
from .guards import get_entry, get_player, require_active, require_not_finished

NAME_MAX = 64
CONTACT_MAX = 128


def clean_name(value: Any, field: str = "name") -> str:
    """Trimmed, NFC, runs of spaces made one, 1 to 64 characters, no control characters."""
    if not isinstance(value, str):
        raise TourneyError("NAME_INVALID", f"The {field} must be text", field=field, rule="not_text")
    name = unicodedata.normalize("NFC", value.strip())
    if not name:
        raise TourneyError("NAME_INVALID", f"The {field} is empty", field=field, rule="empty")
    if len(name) > NAME_MAX:
        raise TourneyError("NAME_INVALID", f"The {field} is {len(name)} characters long; at most {NAME_MAX}",
                           field=field, length=len(name), max=NAME_MAX, rule="too_long")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        raise TourneyError("NAME_INVALID", f"The {field} contains a control character", field=field, rule="control")
    return tidy(name)


def _optional_text(cmd: Mapping[str, Any], key: str) -> str | None:
    value = cmd.get(key)
    if value is None or value == "":
        return None
    if key == "nickname":
        return clean_name(value, "nickname")
    if not isinstance(value, str) or len(value) > CONTACT_MAX or any(ord(c) < 32 for c in value):
        raise TourneyError("FIELD_INVALID", f"The {key} must be text of at most {CONTACT_MAX} characters",
                           field=key)
    return value.strip()


class RegisterCommand(Common, total=False):
    """A person registered."""

    type: Required[Literal["register"]]
    name: Name
    nickname: Name
    email: Contact
    phone: Contact
    member_id: Contact
    namesake: Flag  # another person of a name already registered, as the cashier has checked


@command(RegisterCommand, devices=("td", "cashier"))
def decide_register(state: State, cmd: RegisterCommand, ctx: Context) -> Decision:
    name = clean_name(cmd.get("name"))
    member_id = _optional_text(cmd, "member_id")
    check_name_free(state, name, member_id, namesake=cmd.get("namesake") is True)
    player_id = next_id("p", state.player_count, state.players)
    d = Decision(result={"player": player_id})
    d.add("player_registered", payloads.PlayerRegistered(player=player_id, name=name,
                                                         nickname=_optional_text(cmd, "nickname"),
                                                         email=_optional_text(cmd, "email"),
                                                         phone=_optional_text(cmd, "phone"), member_id=member_id))
    return d


def check_name_free(state: State, name: str, member_id: str | None, player_id: str | None = None, *,
                    namesake: bool = False) -> None:
    """Two people may share a name (accents, case and spacing aside) when member ids tell them apart, or
    when the desk says this is another person of that name (`namesake`): the windows then tell them apart
    by their seats. Never two people of one name and one member id."""
    for other_id in state.names.get(search_key(name), []):
        other = state.players[other_id]
        if other_id == player_id or (member_id and other.member_id and member_id != other.member_id):
            continue
        if not namesake or (member_id and member_id == other.member_id):
            raise TourneyError("NAME_TAKEN", f"{other.name} is already registered: the same person, or another "
                               "of that name (namesake)", name=name, player=other_id, other=other.name)


def apply_player_registered(state: State, event: Event) -> None:
    p = cast(payloads.PlayerRegistered, event.payload)
    player = Player(id=p["player"], name=p["name"], nickname=p.get("nickname"), email=p.get("email"),
                    phone=p.get("phone"), member_id=p.get("member_id"))
    state.players[player.id] = player
    index_name(state, player)
    state.player_count += 1


def index_name(state: State, player: Player) -> None:
    state.names.setdefault(search_key(player.name), []).append(player.id)


def unindex_name(state: State, player: Player) -> None:
    ids = state.names.get(search_key(player.name), [])
    if player.id in ids:
        ids.remove(player.id)
    if not ids:
        state.names.pop(search_key(player.name), None)


def next_id(prefix: str, count: int, taken: dict[str, Any]) -> str:
    """The next id after `count`, skipping any still in use: once an older register or buy-in is undone
    the count falls below the highest id handed out, and reusing a live id would overwrite that person."""
    number = count + 1
    while f"{prefix}{number}" in taken:
        number += 1
    return f"{prefix}{number}"


def require_present(cmd: Mapping[str, Any], player: Player, sale: str) -> None:
    """Chips are sold to the player in person, never to a friend on their behalf (PKR4U 14 for the buy-in;
    the house holds rebuys and add-ons to it too): the cashier confirms it with `present: true`."""
    if cmd.get("present") is not True:
        raise TourneyError("NOT_PRESENT", f"{player.name} must be here in person to {sale} (PKR4U 14)",
                           player=player.id, sale=sale)


class BuyInCommand(Common, total=False):
    """A first entry or a re-entry (`present` must be true; `seat` may be "same")."""

    type: Required[Literal["buy_in"]]
    player: Id
    payment: Payment
    present: Present
    seat: Annotated[Any, kinds.nested(4)]
    abandon: Id
    abandon_chips: Chips


@command(BuyInCommand, devices=("td", "cashier"))
def decide_buy_in(state: State, cmd: BuyInCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    player = get_player(state, cmd)
    method = payment_of(state, cmd)
    check_may_enter(state, cmd, player, ctx)
    require_turn(state, player)
    last = state.last_entry(player.id)
    d = Decision()
    abandon = _decide_abandon(state, cmd, player, last, ctx, d)
    reentry = last is not None
    price, chips = entry_terms(state, player, last)
    config = state.config
    bonus = config.early_bird.chips if config.early_bird and windows.early_bird_applies(state, ctx.now_ms) else 0
    barred = seating.tables_barred_for(state, player.id)
    if abandon is not None and abandon["stays"] and abandon["table"] is not None:
        barred.add(abandon["table"])
    table, seat, opens = _choose_seat(state, cmd, last, ctx, barred)
    entry_id = next_id("e", state.entry_count, state.entries)
    if opens:
        d.add("table_opened", payloads.TableOpened(table=table))
    d.add("entry_bought", payloads.EntryBought(entry=entry_id, player=player.id, number=len(player.entries) + 1,
                                               reentry=reentry, payment=method, price=price.to_dict(), chips=chips,
                                               bonus=bonus, table=table, seat=seat, previous=last.id if last else None))
    d.result.update(entry=entry_id, table=table, seat=seat, reentry=reentry, price=price.to_dict(),
                    chips=chips + bonus)
    return d


def check_may_enter(state: State, cmd: Mapping[str, Any], player: Player, ctx: Context) -> None:
    """What an entry needs of the person, whether they are seated now or wait for a seat: here in person,
    entering this file (not a Day 2, a flight they may play), not put out, late registration open."""
    require_not_finished(state)
    flights.require_not_day2(state)
    require_present(cmd, player, "buy in")
    flights.check_may_enter(state, player)
    if player.out:
        raise TourneyError("PLAYER_OUT", f"{player.name} was {player.out} and cannot enter again",
                           player=player.id)
    if not windows.registration_open(state, ctx.now_ms):
        raise TourneyError("REGISTRATION_CLOSED", "Late registration is closed")


def entry_terms(state: State, player: Player, last: Entry | None) -> tuple[Price, int]:
    """The price and the chips of the player's next entry, a first entry or a re-entry the house allows."""
    config = state.config
    if last is None:
        return config.buy_in, config.starting_stack
    if config.reentry is None:
        raise TourneyError("REENTRY_NOT_ALLOWED", "This tournament is a freezeout: no re-entry", player=player.id)
    used = len(player.entries) - 1
    if config.reentry.max is not None and used >= config.reentry.max:
        raise TourneyError("REENTRY_LIMIT", f"{player.name} has used all {config.reentry.max} re-entries",
                           player=player.id, max=config.reentry.max)
    return config.reentry.price, config.reentry.chips


def require_turn(state: State, player: Player) -> None:
    """While players wait for a seat (the alternates), the first of them takes the next one: a newcomer
    joins the list behind them, and nobody on it passes the one ahead."""
    if not state.waiting or state.waiting[0] == player.id:
        return
    first = state.players[state.waiting[0]].name
    if player.id in state.waiting:
        position = state.waiting.index(player.id) + 1
        raise TourneyError("ALTERNATE_NOT_FIRST", f"{first} is first on the waiting list; {player.name} is "
                           f"number {position}", player=player.id, first=first, position=position)
    raise TourneyError("ALTERNATES_WAITING", f"{len(state.waiting)} waiting for a seat, {first} first: put "
                       f"{player.name} on the waiting list", player=player.id, first=first,
                       waiting=len(state.waiting))


def leave_waiting(state: State, player_id: str) -> None:
    """A waiting player who takes a seat leaves the list."""
    if player_id in state.waiting:
        state.waiting = tuple(p for p in state.waiting if p != player_id)


def _decide_abandon(state: State, cmd: BuyInCommand, player: Player, last: Entry | None,
                    ctx: Context, d: Decision) -> payloads.StackAbandoned | None:
    """PKR4U 5 and 6: during a break, a live stack may be given up in the same step as a re-entry."""
    target = cmd.get("abandon")
    if target is None:
        if last is not None and last.status == ACTIVE:
            raise TourneyError("ALREADY_ACTIVE", f"{player.name} still has a live entry ({last.id})",
                               player=player.id, entry=last.id)
        if "abandon_chips" in cmd:
            raise TourneyError("FIELD_INVALID", "abandon_chips goes with abandon", field="abandon_chips")
        return None
    if last is None or target != last.id or last.status != ACTIVE:
        raise TourneyError("ABANDON_INVALID", f"{target!r} is not {player.name}'s live entry",
                           player=player.id, entry=target)
    if not windows.on_break(state, ctx.now_ms):
        raise TourneyError("NOT_ON_BREAK", "A stack can be abandoned for a re-entry only during a break "
                           "(PKR4U 5)", entry=target)
    if state.config.is_bounty_event:
        if "abandon_chips" in cmd:
            raise TourneyError("FIELD_INVALID", "In a bounty event the abandoned stack stays at its seat "
                               "(PKR4U 6): do not give abandon_chips", field="abandon_chips")
        payload: payloads.StackAbandoned = {"entry": target, "stays": True, "chips": 0, "table": last.table,
                                            "seat": last.seat}
    else:
        chips = cmd.get("abandon_chips")
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise TourneyError("FIELD_INVALID", "abandon_chips must give the abandoned stack's chips, "
                               "a whole number of 0 or more", field="abandon_chips")
        if chips > state.chips_in_play:
            raise TourneyError("CHIPS_ABSURD", f"{chips} chips is more than all {state.chips_in_play} in play",
                               field="abandon_chips")
        payload = {"entry": target, "stays": False, "chips": chips, "table": last.table, "seat": last.seat}
    d.add("stack_abandoned", payload)
    return payload


def _choose_seat(state: State, cmd: BuyInCommand, last: Entry | None, ctx: Context,
                 barred: set[int]) -> tuple[int, int, bool]:
    if cmd.get("seat") is None:
        return seating.draw_seat(state, ctx, barred)
    if cmd.get("seat") != "same":
        raise TourneyError("FIELD_INVALID", "seat may only be \"same\" (re-entry at the busted seat)",
                           field="seat")
    reentry = state.config.reentry
    if reentry is None or reentry.seat != "same_allowed":
        raise TourneyError("SAME_SEAT_NOT_ALLOWED", "This house draws a new seat for every re-entry")
    if last is None or last.status == ACTIVE or last.last_table is None or last.last_seat is None:
        raise TourneyError("SAME_SEAT_NOT_ALLOWED", "Only a player just busted can keep the same seat")
    table = state.tables.get(last.last_table)
    if table is None:
        raise TourneyError("TABLE_CLOSED", f"Table {last.last_table} is closed", table=last.last_table)
    holder = table.seats.get(last.last_seat)
    if holder is not None:
        raise TourneyError("SEAT_TAKEN", f"Table {table.number} seat {last.last_seat} is taken by "
                           f"{state.entry_name(holder)}", table=table.number, seat=last.last_seat)
    return table.number, last.last_seat, False


def apply_table_opened(state: State, event: Event) -> None:
    p = cast(payloads.TableOpened, event.payload)
    seating.open_table(state, p["table"])
    # A table opened beside others in play starts short: the plan fills it from the fullest tables.
    # (Before the clock starts no hand is dealt anywhere, and the plan treats every table so.)
    seating.set_fresh(state, state.tables[p["table"]],
                      len(state.open_tables) > 1 and state.clock.started)
    if len(state.open_tables) > 1:
        # A late entry when the final table was full: the field is back on two tables, and the final
        # table is drawn again once the players left fit it.
        state.final_table = None


def apply_stack_abandoned(state: State, event: Event) -> None:
    p = cast(payloads.StackAbandoned, event.payload)
    entry = state.entries[p["entry"]]
    entry.status = ABANDONED
    state.live -= 1
    if p["stays"]:
        state.abandoned_live += 1  # blinded off at its seat; its bounty waits for whoever takes its last chip
    else:
        state.chips_removed += p["chips"]
        seating.unseat_entry(state, entry.id)


def _head(state: State, price: Price) -> int:
    """The bounty on a new entry's head; a mystery bounty's part goes to the envelopes' pool instead."""
    return 0 if state.config.bounty.kind == "mystery" else price.bounty


def apply_entry_bought(state: State, event: Event) -> None:
    p = cast(payloads.EntryBought, event.payload)
    price = Price(**p["price"])
    entry = Entry(id=p["entry"], player=p["player"], number=p["number"], price=price,
                  chips=p["chips"] + p.get("bonus", 0), bounty=_head(state, price), early_bird=bool(p.get("bonus")))
    state.entries[entry.id] = entry
    state.entry_count += 1
    player = state.players[entry.player]
    if player.entries:
        standings.leave(state, player.entries[-1])
    else:
        state.players_entered += 1
    player.entries.append(entry.id)
    state.live += 1
    state.chips_bought += entry.chips
    if p["reentry"]:
        state.reentries += 1
    seating.seat_entry(state, entry.id, p["table"], p["seat"])
    leave_waiting(state, entry.player)
    take_payment(state, price, p.get("payment"))


class RebuyCommand(Common, total=False):
    """Chips bought for a live entry, or back in after a bust (`present` must be true)."""

    type: Required[Literal["rebuy"]]
    entry: Id
    payment: Payment
    present: Present
    stack: Chips


@command(RebuyCommand, devices=("td", "cashier"))
def decide_rebuy(state: State, cmd: RebuyCommand, ctx: Context) -> Decision:
    entry, method, rebuy = _chips_sale(state, cmd, state.config.rebuy, "rebuy",
                                       ("REBUY_NOT_ALLOWED", "This tournament has no rebuys"))
    back = entry.status == BUSTED and windows.rebuy_after_bust(state)
    if back:
        player = state.players[entry.player]
        if player.entries[-1] != entry.id or player.out:
            raise TourneyError("ENTRY_NOT_ACTIVE", f"{state.entry_name(entry.id)} ({entry.id}) cannot come "
                               "back on this entry", entry=entry.id, status=entry.status)
        if cmd.get("stack") is None:
            cmd = {**cmd, "stack": 0}  # busted: no chips left
    else:
        require_active(state, entry)
    if not windows.rebuy_open(state, ctx.now_ms):
        raise TourneyError("REBUY_CLOSED", f"Rebuys closed at the end of level {rebuy.until_level}",
                           until_level=rebuy.until_level)
    stack = cmd.get("stack")
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
        raise TourneyError("FIELD_INVALID", "stack must give the player's chips now, a whole number",
                           field="stack")
    if stack > rebuy.max_stack:
        raise TourneyError("REBUY_STACK_TOO_BIG", f"A rebuy is allowed at {rebuy.max_stack} chips or fewer; "
                           f"{state.entry_name(entry.id)} has {stack}", stack=stack, max_stack=rebuy.max_stack)
    if rebuy.max is not None and entry.rebuys >= rebuy.max:
        raise TourneyError("REBUY_LIMIT", f"{state.entry_name(entry.id)} has used all {rebuy.max} rebuys",
                           entry=entry.id, max=rebuy.max)
    if back and stack:
        raise TourneyError("FIELD_INVALID", "A busted player has no chips left: stack must be 0", field="stack")
    d = Decision(result=_sold(entry, rebuy))
    if not back:
        d.add("rebought", payloads.Rebought(entry=entry.id, payment=method, price=rebuy.price.to_dict(),
                                            chips=rebuy.chips))
        return d
    # Bought back in after a bust: the place given is taken back and a seat is drawn, as for a new entry.
    table, seat, opens = seating.draw_seat(state, ctx, seating.tables_barred_for(state, entry.player))
    if opens:
        d.add("table_opened", payloads.TableOpened(table=table))
    d.add("rebought", payloads.Rebought(entry=entry.id, payment=method, price=rebuy.price.to_dict(), chips=rebuy.chips,
                                        back=True, table=table, seat=seat))
    d.result.update(back=True, table=table, seat=seat)
    return d


def apply_rebought(state: State, event: Event) -> None:
    p = cast(payloads.Rebought, event.payload)
    entry = state.entries[p["entry"]]
    if p.get("back"):
        standings.leave(state, entry.id)
        entry.status = ACTIVE
        entry.hand = None
        state.live += 1
        seating.seat_entry(state, entry.id, p["table"], p["seat"])
        leave_waiting(state, entry.player)
    entry.rebuys += 1
    state.rebuys += 1
    _took_chips(state, entry, p)


class AddOnCommand(Common, total=False):
    """Chips bought at the add-on break (`present` must be true)."""

    type: Required[Literal["add_on"]]
    entry: Id
    payment: Payment
    present: Present


@command(AddOnCommand, devices=("td", "cashier"))
def decide_add_on(state: State, cmd: AddOnCommand, ctx: Context) -> Decision:
    entry, method, add_on = _chips_sale(state, cmd, state.config.add_on, "take the add-on",
                                        ("ADD_ON_NOT_ALLOWED", "This tournament has no add-on"))
    require_active(state, entry)
    if not windows.add_on_open(state, ctx.now_ms):
        raise TourneyError("ADD_ON_CLOSED", f"The add-on is taken during the break after level "
                           f"{add_on.at_break_after_level}", at_break_after_level=add_on.at_break_after_level)
    if entry.add_ons >= add_on.max:
        raise TourneyError("ADD_ON_LIMIT", f"{state.entry_name(entry.id)} has taken the add-on already",
                           entry=entry.id, max=add_on.max)
    d = Decision(result=_sold(entry, add_on))
    d.add("added_on", payloads.AddedOn(entry=entry.id, payment=method, price=add_on.price.to_dict(),
                                       chips=add_on.chips))
    return d


def apply_added_on(state: State, event: Event) -> None:
    p = cast(payloads.AddedOn, event.payload)
    entry = state.entries[p["entry"]]
    entry.add_ons += 1
    state.add_ons += 1
    _took_chips(state, entry, p)


# -- what a rebuy and an add-on do alike --------------------------------------------------------------
Offer = TypeVar("Offer", Rebuy, AddOn)


def _chips_sale(state: State, cmd: RebuyCommand | AddOnCommand, offer: Offer | None, sale: str,
                not_sold: tuple[str, str]) -> tuple[Entry, str, Offer]:
    """What selling chips to an entry checks first: the tournament goes on, the entry is one of it, the
    payment a method the house takes, the house sells these chips (`not_sold`: its refusal otherwise),
    and the player is here in person."""
    require_not_finished(state)
    entry = get_entry(state, cmd.get("entry"))
    method = payment_of(state, cmd)
    if offer is None:
        raise TourneyError(*not_sold)
    require_present(cmd, state.players[entry.player], sale)
    return entry, method, offer


def _sold(entry: Entry, offer: Rebuy | AddOn) -> dict[str, Any]:
    """The answer to a sale of chips: to whom, at what price, how many."""
    return {"entry": entry.id, "price": offer.price.to_dict(), "chips": offer.chips}


def _took_chips(state: State, entry: Entry, p: payloads.Rebought | payloads.AddedOn) -> None:
    """The chips an entry bought, and the money the desk took for them."""
    entry.chips += p["chips"]
    state.chips_bought += p["chips"]
    take_payment(state, Price(**p["price"]), p.get("payment"))
