"""Eliminations: busts (several in one hand too), the finish, disqualification and deals.

The places they give are kept by `standings`; the bounties they move, by `bounty`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Required, cast

from ..arithmetic import bounty, deals, money, standings, windows
from ..arithmetic.clock import base_at
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Chips, Common, Flag, Id, Money, Reason, Word, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..read_models import news
from ..state import ABANDONED, ACTIVE, BUSTED, State
from . import chip_counts, flights, mystery, planner, satellites
from .guards import get_entry, require_not_finished
from .seating import set_fresh, unseat_entry

Member = dict[str, Any]


def prize_of(state: State, entry_id: str, place: tuple[int, int, int] | None) -> int:
    entry = state.entries[entry_id]
    if entry.deal is not None:
        play_for = (state.deal or {}).get("play_for", 0)
        return entry.deal + (play_for if place and place[0] == 1 else 0)
    if place is None:
        return 0
    return money.prize_for_places(state, place[0], place[1], place[2])


# -- bust ----------------------------------------------------------------------------------------
class BustCommand(Common, total=False):
    """A player out (`by`: entry ids; `busts`: several out in one hand)."""

    type: Required[Literal["bust"]]
    entry: Id
    by: Annotated[list[Any] | None, kinds.listing(1000)]
    stack_at_hand_start: Chips
    busts: Annotated[list[Any] | None, kinds.listing(1000)]


@command(BustCommand, devices=("td", "floor"))
def decide_bust(state: State, cmd: BustCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    if not state.clock.started:
        raise TourneyError("NOT_STARTED", "Nobody can bust before the clock has started")
    items = _bust_items(cmd)
    busted = [_check_bust(state, item) for item in items]
    ids = [b["entry"] for b in busted]
    if len(set(ids)) != len(ids):
        raise TourneyError("FIELD_INVALID", "The same entry is named twice", field="busts")
    for b in busted:
        for winner in b["by"]:
            if winner in ids:
                raise TourneyError("BY_INVALID", "An entry busted in this hand cannot also win it",
                                   entry=winner)
    tables = {state.entries[e].table for e in ids}
    if len(tables) > 1:
        raise TourneyError("BUSTS_AT_SEVERAL_TABLES", "Several busts in one command must be at one table "
                           "(send one command per table)", tables=sorted(t for t in tables if t))
    placed = [b for b in busted if state.entries[b["entry"]].status == ACTIVE]
    if len(placed) > 1 and any(b["stack"] is None for b in placed):
        raise TourneyError("STACK_REQUIRED", "Several out in one hand: give each one's stack at the start "
                           "of the hand (UPPS 7.2)", field="stack_at_hand_start")
    if state.live - len(placed) < 1:
        raise TourneyError("LAST_PLAYER", "The last player left cannot bust")

    d = Decision()
    heads: dict[str, int] = {}
    join = _joins_last_group(state)
    new_members = [{"entry": b["entry"], "table": state.entries[b["entry"]].table, "stack": b["stack"]}
                   for b in placed]
    prior = state.out_groups[-1].members if join else []
    out_before = state.out_total - len(prior)
    places = standings.group_places(state, prior + new_members, out_before)
    final = not windows.places_provisional(state, ctx.now_ms)
    draws = mystery.Draws(state) if placed and mystery.bounties_on(state, ctx.now_ms) else None
    live = state.live
    out = []
    # Worst place first, so that the log reads in the order the places were taken.
    for b in sorted(busted, key=lambda b: -(places.get(b["entry"], (0, 0, 0))[0])):
        entry = state.entries[b["entry"]]
        awards = bounty.awards_for(state, heads.pop(entry.id, entry.bounty), b["by"], heads)
        place = places.get(entry.id)
        shown = None if money.no_places(state) else place
        event = payloads.Busted(entry=entry.id, by=b["by"], stack_at_hand_start=b["stack"], hand=state.hand,
                                table=entry.table, seat=entry.seat, awards=awards, placed=place is not None, join=join)
        if draws is not None and place is not None:
            drawn = draws.draw(ctx, live - 1)
            live -= 1
            if drawn:
                event["envelopes"] = drawn
                event["awards"] = awards = mystery.awards(sum(drawn), b["by"])
        d.add("busted", event)
        join = join or place is not None
        out.append({"entry": entry.id, "place": shown[0] if shown else None,
                    "place_to": shown[1] if shown else None, "final": final,
                    "comes_back": comes_back(state, entry.id, ctx.now_ms),
                    "prize": prize_of(state, entry.id, place) if place else 0,
                    "bounty_awards": awards})
    d.result["out"] = out
    _maybe_finish(state, ctx, d, live_after=state.live - len(placed),
                  abandoned_after=state.abandoned_live - (len(busted) - len(placed)), heads=heads,
                  envelopes_left=draws.left if draws is not None else None, places=places)
    return d


def comes_back(state: State, entry_id: str, now_ms: int) -> str | None:
    """How this busted entry's player may still play on: "rebuy", "reentry", or None (the bust ends it)."""
    entry = state.entries[entry_id]
    config = state.config
    if windows.rebuy_after_bust(state) and windows.rebuy_open(state, now_ms) and config.rebuy is not None \
            and (config.rebuy.max is None or entry.rebuys < config.rebuy.max):
        return "rebuy"
    if config.reentry is not None and windows.registration_open(state, now_ms):
        used = len(state.players[entry.player].entries) - 1
        if config.reentry.max is None or used < config.reentry.max:
            return "reentry"
    return None


def _bust_items(cmd: BustCommand) -> list[dict[str, Any]]:
    if "busts" in cmd:
        items = cmd["busts"]
        if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
            raise TourneyError("FIELD_INVALID", "busts must list {entry, by, stack_at_hand_start}",
                               field="busts")
        return items
    return [{"entry": cmd.get("entry"), "by": cmd.get("by"), "stack_at_hand_start": cmd.get("stack_at_hand_start")}]


def _check_bust(state: State, item: dict[str, Any]) -> dict[str, Any]:
    entry = get_entry(state, item.get("entry"))
    if entry.status not in (ACTIVE, ABANDONED) or entry.table is None:
        raise TourneyError("ENTRY_NOT_ACTIVE", f"{state.entry_name(entry.id)} ({entry.id}) is already out",
                           entry=entry.id, status=entry.status)
    by = item.get("by") or []
    if not isinstance(by, list) or not all(isinstance(x, str) for x in by):
        raise TourneyError("FIELD_INVALID", "by must list the entries that won the pot", field="by")
    if state.config.is_bounty_event and not by:
        raise TourneyError("BY_REQUIRED", "Name who won the pot: their bounty depends on it", field="by")
    if len(set(by)) != len(by):
        raise TourneyError("BY_INVALID", "by names the same entry twice", field="by")
    for winner_id in by:
        winner = get_entry(state, winner_id, field="by")
        if winner.status != ACTIVE:
            raise TourneyError("BY_INVALID", f"{state.entry_name(winner.id)} is not in play", entry=winner.id)
        # The owner is never seated at their abandoned stack's table, so this rule must answer first.
        if entry.status == ABANDONED and winner.player == entry.player:
            raise TourneyError("OWN_ABANDONED_BOUNTY", "A player can never win the bounty of the stack they "
                               "abandoned (PKR4U 6)", entry=winner.id)
        if winner.table != entry.table:
            raise TourneyError("NOT_AT_SAME_TABLE", f"{state.entry_name(winner.id)} plays at table "
                               f"{winner.table}, not at table {entry.table}", entry=winner.id)
    stack = item.get("stack_at_hand_start")
    if stack is not None and (isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0
                              or stack > state.chips_in_play):
        raise TourneyError("FIELD_INVALID", "stack_at_hand_start must be the chips at the start of the "
                           "hand, a whole number above 0", field="stack_at_hand_start")
    return {"entry": entry.id, "by": by, "stack": stack}


def _joins_last_group(state: State) -> bool:
    """In hand-for-hand, a bust of the same hand at another table joins the busts already recorded."""
    if not (state.hand_for_hand and state.out_groups):
        return False
    return state.out_groups[-1].hand == state.hand


def apply_busted(state: State, event: Event) -> None:
    p = cast(payloads.Busted, event.payload)
    entry = state.entries[p["entry"]]
    bounty.apply_awards(state, entry.id, p["awards"])
    mystery.take_drawn(state, p)
    was_active = entry.status == ACTIVE
    entry.status = BUSTED
    entry.hand = p.get("hand")
    chip_counts.forget_count(state, entry.id)
    unseat_entry(state, entry.id)
    news.seat_changed(state, {entry.id})  # the room is no longer sent a player who is out to a seat
    table = state.tables.get(p["table"]) if p["table"] is not None else None
    if table is not None:
        # The hands have moved on there: the button the TD gave holds no longer, and the table has played.
        table.button = None
        set_fresh(state, table, False)
    if not was_active:
        state.abandoned_live -= 1  # an abandoned stack's last chip: no place, its bounty is paid out
        return
    short_of_the_money = state.live > planner.places_paid(state)
    state.live -= 1
    member = {"entry": entry.id, "table": p["table"], "stack": p["stack_at_hand_start"]}
    standings.add(state, member, hand=p.get("hand"), join=p["join"])
    # The bubble burst: the room is told now, unless hand-for-hand is on, where the money is reached when
    # the hand is over at every table (the TD's next hand says so).
    if (short_of_the_money and not state.hand_for_hand and planner.bubble_burst(state)
            and not windows.places_provisional(state, event.at_ms)):
        news.in_the_money(state, event.at_ms, hand_for_hand_over=False)


# -- the finish ----------------------------------------------------------------------------------
def _maybe_finish(state: State, ctx: Context, d: Decision, *, live_after: int, abandoned_after: int,
                  heads: dict[str, int] | None = None, entries_closed: bool = False,
                  envelopes_left: list[int] | None = None, places: dict[str, mystery.Place] | None = None) -> None:
    """One player left, no stack left to blind off, and no entry can arrive (or the TD says none will:
    `entries_closed`): the tournament is over, and the mystery envelopes nobody drew are paid
    (`envelopes_left`: as this command's draws left them; `places`: the places it gives). A flight stops at
    its target instead, and a satellite ends when the players left equal its seats."""
    if state.config.flight is not None:
        reason = flights.stop_due(state, ctx.now_ms, live_after, entries_closed=entries_closed)
        if reason is not None:
            flights.add_stop(state, ctx, d, reason, live_after)
        return
    if state.config.satellite is not None:
        satellites.maybe_end(state, ctx, d, live_after=live_after, abandoned_after=abandoned_after,
                             entries_closed=entries_closed)
        return
    if live_after != 1 or abandoned_after > 0 or (not entries_closed and windows.places_provisional(state,
                                                                                                   ctx.now_ms)):
        return
    leaving = {e for t, p in d.events if t in ("busted", "entry_removed") for e in [p["entry"]]}
    winner = next(e.id for e in state.entries.values() if e.status == ACTIVE and e.id not in leaving)
    d.add("tournament_finished", payloads.TournamentFinished(winner=winner))
    mystery.pay_left_over(state, d, winner, envelopes_left, places or {})
    entry = state.entries[winner]
    amounts = money.payouts(state)
    d.result.update(finished=True, winner=winner,
                    winner_bounty=(heads or {}).get(winner, entry.bounty),
                    winner_prize=entry.deal + (state.deal or {}).get("play_for", 0) if entry.deal is not None
                    else (amounts[0] if amounts else 0))


class FinishCommand(Common, total=False):
    """The tournament ended (`close_registration`: the TD ends it although late registration, or a rebuy
    after a bust, is still open: no one comes in or back any more)."""

    type: Required[Literal["finish"]]
    close_registration: Flag


@command(FinishCommand, devices=("td",))
def decide_finish(state: State, cmd: FinishCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    d = Decision()
    _maybe_finish(state, ctx, d, live_after=state.live, abandoned_after=state.abandoned_live,
                  entries_closed=bool(cmd.get("close_registration")))
    if not d.events:
        # entries_open: one player is left but someone may still come in or back; the TD may end it all the same
        open_still = state.live == 1 and state.abandoned_live == 0
        raise TourneyError("CANNOT_FINISH", f"{state.live} players are left"
                           + (" and late registration is open" if windows.registration_open(state, ctx.now_ms)
                              else ""), players_left=state.live, entries_open=open_still)
    return d


def apply_tournament_finished(state: State, event: Event) -> None:
    p = cast(payloads.TournamentFinished, event.payload)
    winner = p["winner"]
    state.status = "finished"
    state.winner = winner
    state.finished_ms = event.at_ms
    # The clock stops where the tournament ended: re-anchored at that instant, not rewound.
    state.clock = base_at(state.config.levels, state.clock, event.at_ms)
    state.clock.running = False
    bounty.collect_own(state, winner)
    standings.add(state, {"entry": winner, "table": None, "stack": None}, hand=None, join=False)


# -- disqualification and removal ----------------------------------------------------------------
class RemoveCommand(Common, total=False):
    """A player disqualified, or removed from the event: the same fields, another word in the log."""

    type: Required[Literal["disqualify", "remove"]]
    entry: Id
    reason: Reason
    chips: Chips


@command(RemoveCommand)
def decide_remove(state: State, cmd: RemoveCommand, ctx: Context) -> Decision:
    """UPPS 10.8 (disqualify) and 8.3 (remove): chips out of play, no place, the bounty forfeited."""
    require_not_finished(state)
    entry = get_entry(state, cmd.get("entry"))
    if entry.status != ACTIVE:
        raise TourneyError("ENTRY_NOT_ACTIVE", f"{state.entry_name(entry.id)} is {entry.status}",
                           entry=entry.id)
    reason = cmd.get("reason")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > 500:
        raise TourneyError("REASON_REQUIRED", "Give the reason: the TD's decision is recorded with it",
                           field="reason")
    chips = cmd.get("chips")
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0 or chips > state.chips_in_play:
        raise TourneyError("FIELD_INVALID", "chips must be the chips taken out of play, a whole number "
                           f"from 0 to {state.chips_in_play}", field="chips")
    if state.live - 1 < 1:
        raise TourneyError("LAST_PLAYER", "The last player left cannot be removed")
    kind = "disqualified" if cmd["type"] == "disqualify" else "removed"
    d = Decision(result={"entry": entry.id, "bounty_forfeited": entry.bounty})
    # The seat it frees is recorded, so that undo knows a later buy-in or move may have taken it.
    d.add("entry_removed", payloads.EntryRemoved(entry=entry.id, kind=kind, reason=reason.strip(), chips=chips,
                                                 table=entry.table, seat=entry.seat))
    _maybe_finish(state, ctx, d, live_after=state.live - 1, abandoned_after=state.abandoned_live)
    return d


def apply_entry_removed(state: State, event: Event) -> None:
    p = cast(payloads.EntryRemoved, event.payload)
    entry = state.entries[p["entry"]]
    entry.status = p["kind"]
    entry.reason = p.get("reason")  # a public event carries no reason (a TD's note)
    bounty.forfeit(state, entry.id)
    state.chips_removed += p["chips"]
    state.live -= 1
    unseat_entry(state, entry.id)
    news.seat_changed(state, {entry.id})
    player = state.players[entry.player]
    player.out = p["kind"]
    state.players_out_unranked += 1


# -- deals ---------------------------------------------------------------------------------------
class DealCommand(Common, total=False):
    """A deal among the players left (`stacks` or `amounts`: entry id -> figure)."""

    type: Required[Literal["deal"]]
    method: Word
    stacks: Annotated[dict[str, Any] | None, kinds.mapping(kinds.ENTRIES_MAX)]
    amounts: Annotated[dict[str, Any] | None, kinds.mapping(kinds.ENTRIES_MAX)]
    play_for: Money
    end: Flag
    order: Annotated[list[Any] | None, kinds.listing(kinds.ENTRIES_MAX)]
    envelopes_left: Word  # mystery bounties: drawn_on, in_deal or house_rule (mystery.deal_choice)


@command(DealCommand)
def decide_deal(state: State, cmd: DealCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    if windows.registration_open(state, ctx.now_ms):
        raise TourneyError("DEAL_TOO_EARLY", "A deal is made once late registration has closed")
    if state.abandoned_live:
        raise TourneyError("DEAL_TOO_EARLY", "Abandoned stacks are still being blinded off")
    method = cmd.get("method")
    if method not in ("icm", "chip_chop", "custom"):
        raise TourneyError("FIELD_INVALID", "method must be icm, chip_chop or custom", field="method")
    key = "amounts" if method == "custom" else "stacks"
    given = cmd.get(key)
    live = sorted(e.id for e in state.entries.values() if e.status == ACTIVE)
    if not isinstance(given, dict) or sorted(given) != live:
        raise TourneyError("DEAL_PLAYERS_MISMATCH", f"{key} must name every entry still in play: "
                           f"{', '.join(live)}", field=key, entries=live)
    for entry_id, value in given.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise TourneyError("FIELD_INVALID", f"{key}[{entry_id}] must be a whole number", field=key)
    if key == "stacks" and sum(given.values()) > state.chips_in_play:
        raise TourneyError("CHIPS_ABSURD", f"The stacks add up to {sum(given.values())} chips, more than all "
                           f"{state.chips_in_play} in play: count them again", field="stacks",
                           chips=sum(given.values()), in_play=state.chips_in_play)
    play_for = cmd.get("play_for", 0)
    if isinstance(play_for, bool) or not isinstance(play_for, int) or play_for < 0:
        raise TourneyError("FIELD_INVALID", "play_for must be a whole amount of minor units", field="play_for")
    prizes = list(money.payouts(state)[: len(live)])
    prizes += [0] * (len(live) - len(prizes))
    amounts = deals.deal(method, given, prizes, play_for)
    end = bool(cmd.get("end", False))
    order = cmd.get("order")
    if end:
        if not isinstance(order, list) or sorted(order) != live:
            raise TourneyError("FIELD_INVALID", "order must list every entry still in play, first place first",
                               field="order")
        if play_for:
            raise TourneyError("FIELD_INVALID", "play_for is kept back for a winner still to be played for: "
                               "not with end", field="play_for")
    d = Decision(result={"amounts": amounts})
    d.add("deal_made", payloads.DealMade(method=method, inputs=given, play_for=play_for, amounts=amounts, end=end,
                                         order=order if end else None))
    mystery.share_at_deal(state, d, cmd.get("envelopes_left"), end, order if end else None, amounts)
    return d


def apply_deal_made(state: State, event: Event) -> None:
    p = cast(payloads.DealMade, event.payload)
    state.deal = {"method": p["method"], "play_for": p["play_for"], "amounts": p["amounts"]}
    for entry_id, amount in p["amounts"].items():
        state.entries[entry_id].deal = amount
    if not p["end"]:
        return
    order = p["order"]
    assert order is not None, "a deal that ends the tournament names the order"
    for entry_id in reversed(order[1:]):
        entry = state.entries[entry_id]
        bounty.collect_own(state, entry_id)
        entry.status = BUSTED
        unseat_entry(state, entry_id)
        state.live -= 1
        standings.add(state, {"entry": entry_id, "table": entry.last_table, "stack": None}, hand=None, join=False)
    apply_tournament_finished(state, Event("tournament_finished", {"winner": order[0]}, at_ms=event.at_ms))
