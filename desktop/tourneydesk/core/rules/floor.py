"""The floor: hand-for-hand on the bubble, sit-out penalties and a player put on the clock.

Hand-for-hand (UPPS 7.1, TDA RP-8): every table plays one hand and waits for the others; busts carry
the hand's number so that busts of one hand at different tables can share places, or be ranked by their
stacks (UPPS 7.2, `payouts.same_hand_ties`). It runs on the bubble and, where the TD names them, at pay
jumps in the money (`seating.hand_for_hand_pay_jumps`), and ends by itself once that bust has come.
Penalties (PKR4U 4, UPPS 10.7) run by minutes or hands; a player on the clock (UPPS 10.9) gets a
countdown that the screens show. The TD's decision is final and recorded with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, Required, cast

from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Common, Id, Number, Reason, Word, command
from ..protocol.errors import TourneyError
from ..protocol.events import Context, Decision, Event
from ..read_models import news
from ..state import State
from . import planner, satellites
from .guards import get_entry, require_active, require_not_finished

ANNOUNCEMENT_MAX = 200  # one line on a TV, two on a phone


class HandForHandCommand(Common, total=False):
    """Hand-for-hand play on, next hand, off."""

    type: Required[Literal["hand_for_hand"]]
    action: Word


@command(HandForHandCommand, devices=("td",))
def decide_hand_for_hand(state: State, cmd: HandForHandCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    action = cmd.get("action")
    d = Decision()
    if action == "on":
        if state.hand_for_hand:
            raise TourneyError("HAND_FOR_HAND_ON", "Hand-for-hand is already on")
        begin_hand_for_hand(state, planner.hand_for_hand_due(state, state.live + state.abandoned_live,
                                                             len(state.open_tables), ctx.now_ms), d)
    elif action in ("next", "off") and _satellite_ends(state, ctx, d):
        d.result["ended"] = True
        return d
    elif action == "next":
        if not state.hand_for_hand:
            raise TourneyError("HAND_FOR_HAND_OFF", "Hand-for-hand is not on")
        jump = state.hand_for_hand_until_players
        if state.hand_for_hand_until_money and planner.bubble_burst(state):
            # The hand in which the bubble burst is over at every table: play goes back to normal.
            d.add("hand_for_hand", payloads.HandForHand(on=False, hand=None, in_the_money=True))
            d.result["ended"] = True
        elif jump is not None and state.live <= jump:
            d.add("hand_for_hand", payloads.HandForHand(on=False, hand=None))
            d.result["ended"] = True
        else:
            d.add("hand_for_hand", payloads.HandForHand(on=True, hand=(state.hand or 0) + 1))
    elif action == "off":
        if not state.hand_for_hand:
            raise TourneyError("HAND_FOR_HAND_OFF", "Hand-for-hand is not on")
        d.add("hand_for_hand", payloads.HandForHand(on=False, hand=None))
    else:
        raise TourneyError("FIELD_INVALID", "action must be on, next or off", field="action")
    d.result["hand"] = d.events[-1][1]["hand"]
    return d


def begin_hand_for_hand(state: State, why: Mapping[str, Any] | None, d: Decision) -> None:
    """The first hand, with what ends it by itself: begun for a pay jump the plan named (`why`), once the
    players left reach it; else, begun short of the money, once the bubble has burst (UPPS 7.1)."""
    hand = planner.first_hand(state)
    if why is not None and why.get("code") == "pay_jump":
        d.add("hand_for_hand", payloads.HandForHand(on=True, hand=hand, until_players=why["jump"]))
    else:
        d.add("hand_for_hand", payloads.HandForHand(on=True, hand=hand, until_money=not planner.bubble_burst(state)))


def _satellite_ends(state: State, ctx: Context, d: Decision) -> bool:
    """The seat bubble's hand is over at every table and the players left fit the seats: the satellite ends."""
    if state.config.satellite is None or not state.hand_for_hand:
        return False
    d.add("hand_for_hand", payloads.HandForHand(on=False, hand=None))
    satellites.maybe_end(state, ctx, d, live_after=state.live, abandoned_after=state.abandoned_live,
                         entries_closed=False)
    if len(d.events) == 1:
        d.events.clear()
        return False
    return True


def apply_hand_for_hand(state: State, event: Event) -> None:
    p = cast(payloads.HandForHand, event.payload)
    begins = p["on"] and not state.hand_for_hand
    state.hand_for_hand = p["on"]
    state.hand = p["hand"]
    if begins or not p["on"]:
        state.hand_for_hand_until_money = bool(p.get("until_money"))
        state.hand_for_hand_until_players = p.get("until_players")
    if p.get("in_the_money"):
        news.in_the_money(state, event.at_ms, hand_for_hand_over=True)


def _reason(cmd: Mapping[str, Any]) -> str:
    reason = cmd.get("reason")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > 500:
        raise TourneyError("REASON_REQUIRED", "Give the reason: the TD's decision is recorded with it",
                           field="reason")
    return reason.strip()


class PenaltyCommand(Common, total=False):
    """A sit-out penalty."""

    type: Required[Literal["penalty"]]
    entry: Id
    minutes: Number
    hands: Number
    reason: Reason


@command(PenaltyCommand, devices=("td", "floor"))
def decide_penalty(state: State, cmd: PenaltyCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    entry = get_entry(state, cmd.get("entry"))
    require_active(state, entry)
    minutes, hands = cmd.get("minutes"), cmd.get("hands")
    if (minutes is None) == (hands is None):
        raise TourneyError("FIELD_INVALID", "Give the penalty in minutes or in hands, not both",
                           field="minutes")
    value = minutes if minutes is not None else hands
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 120:
        raise TourneyError("FIELD_INVALID", "A penalty is from 1 to 120 minutes or hands",
                           field="minutes" if minutes is not None else "hands")
    penalty: payloads.PenaltyFacts = {"reason": _reason(cmd), "given_ms": ctx.now_ms}
    if minutes is not None:
        penalty["minutes"], penalty["until_ms"] = minutes, ctx.now_ms + minutes * 60_000
    else:
        penalty["hands"] = value
    d = Decision(result={"entry": entry.id, "penalty": penalty})
    d.add("penalty_given", payloads.PenaltyGiven(entry=entry.id, penalty=penalty))
    return d


def apply_penalty_given(state: State, event: Event) -> None:
    p = cast(payloads.PenaltyGiven, event.payload)
    if "entry" not in p:
        return  # the website's copy: who got a penalty stays on the laptop
    state.entries[p["entry"]].penalty = p.get("penalty")


class PlayerClockCommand(Common, total=False):
    """A player put on the clock."""

    type: Required[Literal["player_clock"]]
    entry: Id
    seconds: Number


@command(PlayerClockCommand, devices=("td", "floor"))
def decide_player_clock(state: State, cmd: PlayerClockCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    entry = get_entry(state, cmd.get("entry"))
    require_active(state, entry)
    seconds = cmd.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 0 <= seconds <= 600:
        raise TourneyError("FIELD_INVALID", "seconds must be from 1 to 600 (0 takes the player off the clock)",
                           field="seconds")
    until = ctx.now_ms + seconds * 1000 if seconds else None
    d = Decision(result={"entry": entry.id, "until_ms": until})
    d.add("player_clock", payloads.PlayerClock(entry=entry.id, until_ms=until))
    return d


class AnnounceCommand(Common, total=False):
    """Words the TD types for every screen and phone (an empty text takes them down)."""

    type: Required[Literal["announce"]]
    text: Annotated[str | None, kinds.text(ANNOUNCEMENT_MAX, what="announcement")]
    minutes: Number


@command(AnnounceCommand, devices=("td",))
def decide_announce(state: State, cmd: AnnounceCommand, ctx: Context) -> Decision:
    text = " ".join((cmd.get("text") or "").split())
    minutes = cmd.get("minutes")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int) or not 1 <= minutes <= 600):
        raise TourneyError("FIELD_INVALID", "minutes must be from 1 to 600 (none: until taken down)",
                           field="minutes")
    if not text and state.announcement is None:
        raise TourneyError("NOTHING_TO_DO", "No announcement is on show")
    until = ctx.now_ms + minutes * 60_000 if text and minutes else None
    d = Decision(result={"text": text, "until_ms": until})
    d.add("announced", payloads.Announced(text=text, until_ms=until))
    return d


def apply_announced(state: State, event: Event) -> None:
    p = cast(payloads.Announced, event.payload)
    state.announcement = {"text": p["text"], "until_ms": p["until_ms"]} if p["text"] else None


def apply_player_clock(state: State, event: Event) -> None:
    p = cast(payloads.PlayerClock, event.payload)
    if p["until_ms"] is None:
        state.on_clock.pop(p["entry"], None)
    else:
        state.on_clock[p["entry"]] = p["until_ms"]
