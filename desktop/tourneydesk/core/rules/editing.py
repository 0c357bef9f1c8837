"""The house alters the structure, the prize structure or the settings while play goes on (UPPS 7.3).

Past levels stay as they were and the running level keeps its elapsed time; an edit applies to later
commands only, because every event already records what it decided.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Required, cast

from ..arithmetic.clock import base_at
from ..arithmetic.payouts import validate_places
from ..arithmetic.windows import clock_at
from ..config import Config, parse_config, parse_levels, set_dotted
from ..protocol import command_fields as kinds
from ..protocol import payloads
from ..protocol.commands import Chips, Common, Reason, command
from ..protocol.errors import ConfigError, TourneyError
from ..protocol.events import Context, Decision, Event
from ..state import State
from .guards import require_not_finished


class EditStructureCommand(Common, total=False):
    """The blinds altered (`levels` as in the config)."""

    type: Required[Literal["edit_structure"]]
    levels: Annotated[list[Any] | None, kinds.listing(1000)]


@command(EditStructureCommand)
def decide_edit_structure(state: State, cmd: EditStructureCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    levels = parse_levels(cmd.get("levels"))
    current = clock_at(state, ctx.now_ms).index if state.clock.started else 0
    old = state.config.levels
    if len(levels) <= current or tuple(levels[:current]) != tuple(old[:current]):
        raise TourneyError("PAST_LEVELS_CHANGED", f"Levels before the running one (index {current}) must stay "
                           "as they were", index=current)
    raw = dict(state.config.to_dict())
    raw["levels"] = [level.to_dict() for level in levels]
    config = _revalidate(raw)
    d = Decision(result={"levels": len(config.levels)})
    d.add("config_changed", payloads.ConfigChanged(what="structure", config=config.to_dict()))
    return d


class EditPayoutsCommand(Common, total=False):
    """The prize structure altered (basis points)."""

    type: Required[Literal["edit_payouts"]]
    places: Annotated[list[Any] | None, kinds.listing(10_000, "PAYOUTS_INVALID")]


@command(EditPayoutsCommand)
def decide_edit_payouts(state: State, cmd: EditPayoutsCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    if state.config.satellite is not None:
        raise TourneyError("SATELLITE_PAYS_SEATS", "A satellite's prizes are its seats and its leftover: "
                           "no prize places to edit")
    places = cmd.get("places")
    if not isinstance(places, list):
        raise TourneyError("PAYOUTS_INVALID", "places must list basis points, first place first", field="places",
                           rule="none")
    validate_places(places)
    d = Decision(result={"places": len(places)})
    d.add("payouts_edited", payloads.PayoutsEdited(places=list(places)))
    return d


def apply_payouts_edited(state: State, event: Event) -> None:
    p = cast(payloads.PayoutsEdited, event.payload)
    state.custom_places = tuple(p["places"])


class EditConfigCommand(Common, total=False):
    """Any setting changed (`set`: dotted key -> value)."""

    type: Required[Literal["edit_config"]]
    set: Annotated[dict[str, Any] | None, kinds.mapping(200)]


@command(EditConfigCommand)
def decide_edit_config(state: State, cmd: EditConfigCommand, ctx: Context) -> Decision:
    require_not_finished(state)
    changes = cmd.get("set")
    if not isinstance(changes, dict) or not changes:
        raise TourneyError("FIELD_INVALID", "set must map setting names to values", field="set")
    raw = set_dotted(state.config.to_dict(), changes)
    kind = (raw.get("bounty") or {}).get("kind") if isinstance(raw.get("bounty"), dict) else None
    if state.entry_count and (kind == "mystery") != (state.config.bounty.kind == "mystery"):
        # The bounty parts paid so far sit on heads, or in the envelopes' pool: they cannot move to the other.
        raise TourneyError("BOUNTY_KIND_FIXED", "Mystery bounties cannot be switched on or off once entries are "
                           "bought", field="bounty.kind")
    config = _revalidate(raw)
    _check_seating_still_fits(state, config)
    d = Decision(result={"changed": sorted(changes)})
    d.add("config_changed", payloads.ConfigChanged(what="config", config=config.to_dict()))
    return d


def _revalidate(raw: dict[str, Any]) -> Config:
    try:
        return parse_config(raw)
    except ConfigError:
        raise
    except (TypeError, ValueError) as exc:  # a value of the wrong shape deep inside a table
        raise TourneyError("CONFIG_INVALID", f"The settings are not valid: {exc}") from exc


def _check_seating_still_fits(state: State, config: Any) -> None:
    seats = config.seating.seats_per_table
    tables = set(config.seating.tables)
    for number, table in state.tables.items():
        if table.seats and number not in tables:
            raise TourneyError("TABLE_IN_USE", f"Table {number} has players: it must stay among the tables",
                               table=number)
        if table.seats and max(table.seats) > seats:
            raise TourneyError("TABLE_IN_USE", f"Table {number} has a player in seat {max(table.seats)}: "
                               f"seats_per_table cannot go below that", table=number)


def apply_config_changed(state: State, event: Event) -> None:
    p = cast(payloads.ConfigChanged, event.payload)
    config = parse_config(p["config"])
    if p.get("what") == "structure" and state.clock.started:
        # The running level keeps its elapsed time: re-anchor on the old structure. A last level
        # repeating in overtime plays out its round, then the clock goes on to the levels added after it.
        base = base_at(state.config.levels, state.clock, event.at_ms)
        if base.overtime and base.index + 1 < len(config.levels):
            base.overtime = False
        state.clock = base
    state.config = config


class ChipsRemovedCommand(Common, total=False):
    """Chips leaving play at a colour-up."""

    type: Required[Literal["chips_removed"]]
    amount: Chips
    reason: Reason


@command(ChipsRemovedCommand)
def decide_chips_removed(state: State, cmd: ChipsRemovedCommand, ctx: Context) -> Decision:
    """Chips leaving play at a colour-up (TDA 24): the odd small chips that the race rounds away."""
    require_not_finished(state)
    amount = cmd.get("amount")
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= state.chips_in_play:
        raise TourneyError("FIELD_INVALID", f"amount must be from 1 to the {state.chips_in_play} chips in play",
                           field="amount")
    reason = cmd.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise TourneyError("REASON_REQUIRED", "Say why the chips leave play (e.g. colour-up of the 25s)",
                           field="reason")
    d = Decision(result={"chips_in_play": state.chips_in_play - amount})
    d.add("chips_removed", payloads.ChipsRemoved(amount=amount, reason=reason.strip()))
    return d


def apply_chips_removed(state: State, event: Event) -> None:
    p = cast(payloads.ChipsRemoved, event.payload)
    state.chips_removed += p["amount"]
