"""The tournament config (docs/config.md): parsed from a dict or TOML text, validated field by field.

Every refusal names the dotted field and the problem ("levels[3].big_blind must be greater than
small_blind"), so a TD who edits a TOML file by hand knows where to look. `Config.to_dict()` gives the
normalised dict that is recorded in the log: defaults filled in, so a later change of a default never
rewrites an old tournament.
"""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol.errors import ConfigError
from .protocol.payloads import PriceFacts

PAYMENT_METHODS = ("cash", "card", "transfer", "voucher", "comp")
NO_PAYMENT = "none"  # the method a points-only event's entries are written with: nothing was paid
ANTE_KINDS = ("none", "classic", "big_blind")
BOUNTY_KINDS = ("none", "fixed", "progressive", "mystery")
MYSTERY_FROM = ("money", "level", "players", "day2")  # where mystery bounties start ("day2": an event's Day 2)
MYSTERY_LEFT_OVER = ("winner", "final_table", "last_knockouts")  # the envelopes nobody drew
# A sane ceiling on any amount or chip count: catches a typo of three extra zeros long before overflow.
ABSURD = 10**12


@dataclass(frozen=True)
class Price:
    prize: int
    bounty: int
    fee: int = 0  # absent from the public events (core/protocol/public.py): the house's cut stays home

    @property
    def total(self) -> int:
        return self.prize + self.bounty + self.fee

    def to_dict(self) -> PriceFacts:
        return {"prize": self.prize, "bounty": self.bounty, "fee": self.fee}


FREE = Price(prize=0, bounty=0, fee=0)  # a points-only event's every price


@dataclass(frozen=True)
class Level:
    """A play level, or a break (`is_break`) with the denominations raced off at it."""

    minutes: int
    is_break: bool = False
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    ante_kind: str = "none"
    color_up: tuple[int, ...] = ()

    @property
    def duration_ms(self) -> int:
        return self.minutes * 60_000

    def to_dict(self) -> dict[str, Any]:
        if self.is_break:
            return {"break_minutes": self.minutes, "color_up": list(self.color_up)}
        return {
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "ante_kind": self.ante_kind,
            "minutes": self.minutes,
        }


@dataclass(frozen=True)
class Registration:
    until_level: int
    through_break: bool


@dataclass(frozen=True)
class Reentry:
    max: int | None
    price: Price
    chips: int
    seat: str


@dataclass(frozen=True)
class Rebuy:
    price: Price
    chips: int
    max: int | None
    until_level: int
    max_stack: int


@dataclass(frozen=True)
class AddOn:
    price: Price
    chips: int
    max: int
    at_break_after_level: int


@dataclass(frozen=True)
class EarlyBird:
    chips: int
    until_level: int


@dataclass(frozen=True)
class Bounty:
    kind: str
    cash_share_bp: int
    # Mystery bounties: won by the knockouts from `mystery_from` ("money", or "level" / "players" with
    # `mystery_at` the level number or the players left); `mystery_left_over`: the envelopes not drawn.
    mystery_from: str = "money"
    mystery_at: int | None = None
    mystery_left_over: str = "winner"


@dataclass(frozen=True)
class Balance:
    tolerance: int | None
    floor: int
    tighten: dict[str, int] | None
    preset: str | None = None


# The two house policies of docs/rules.md: seating. TDA: tables kept within one player of each other (TDA 11D,
# the late-event standard). PKR4U 13: play goes on while every table has 5 or more, balanced or not;
# only a table at 4 or fewer is acted upon.
BALANCE_PRESETS: dict[str, dict[str, int | None]] = {
    "tda": {"tolerance": 1, "floor": 4},
    "pkr4u": {"tolerance": None, "floor": 4},
}


@dataclass(frozen=True)
class Seating:
    seats_per_table: int
    tables: tuple[int, ...]
    open_order: tuple[int, ...]
    break_order: tuple[int, ...]
    final_table_size: int
    balance: Balance
    hand_for_hand_before_final: bool
    moved_player_waits: str
    short_handed_ante: str
    hold_tables_during_registration: bool = False
    hand_for_hand_pay_jumps: tuple[int, ...] = ()  # hand-for-hand also when the next bust reaches these places


@dataclass(frozen=True)
class Payouts:
    table: str | None
    places: tuple[int, ...] | None
    rounding: int
    added: int
    guarantee: int
    same_hand_ties: str


@dataclass(frozen=True)
class Chip:
    value: int
    color: str


@dataclass(frozen=True)
class Flight:
    """A flight of a multi-day event (docs/flights-and-satellites.md): it stops at a target, and its
    survivors bag their chips for the Day 2."""

    event: str  # the event's id, the same in every flight and the Day 2
    event_name: str
    name: str  # "Day 1A"
    stop_players_left: int | None
    stop_percent: int | None  # of the flight's entries, rounded up
    stop_after_level: int | None  # the play level at whose end the flight stops
    day1_pays: bool  # busts in the flight's own money are paid on Day 1; otherwise they get no place
    other_flights: str  # who may enter it after playing another flight: FLIGHT_ENTRY


@dataclass(frozen=True)
class Day2:
    """The Day 2 of a multi-day event: its players are the flights' qualifiers, with their bags."""

    event: str
    event_name: str
    first_level: int  # the play level its clock starts at
    seating: str  # "draw" or "chip_count"
    two_stacks: str  # "best" or "first": the stack a person who qualified twice carries


@dataclass(frozen=True)
class Satellite:
    """A satellite: its prizes are seats in a target event, and cash for what the pool leaves over."""

    target: str  # the target event's name
    target_id: str | None  # the target's event id or tournament id, once it has a file
    seat_value: int
    leftover: str  # LEFTOVER_RULES
    step: int | None  # with leftover "steps": the amount each place after the seats is paid
    holder_takes_cash: bool  # a winner already holding a seat takes its value in cash


FLIGHT_ENTRY = ("once_busted", "never_after_qualifying")
LEFTOVER_RULES = ("next_place", "steps", "seat_winners")
STEPS_MAX = 100  # the most places a satellite's leftover pays in steps
EVENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


@dataclass(frozen=True)
class Config:
    name: str
    currency: str
    starting_stack: int
    buy_in: Price
    registration: Registration
    reentry: Reentry | None
    rebuy: Rebuy | None
    add_on: AddOn | None
    early_bird: EarlyBird | None
    bounty: Bounty
    seating: Seating
    payouts: Payouts
    levels: tuple[Level, ...]
    chips: tuple[Chip, ...]
    display: dict[str, Any] = field(default_factory=dict)
    sync: dict[str, Any] = field(default_factory=dict)
    date: str | None = None  # the night's date at the venue, "2026-12-04"; None when not given
    flight: Flight | None = None
    day2: Day2 | None = None
    satellite: Satellite | None = None
    points_only: bool = False  # no money at all: places and league points only
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_bounty_event(self) -> bool:
        return self.bounty.kind != "none"

    @property
    def play_level_count(self) -> int:
        return sum(1 for level in self.levels if not level.is_break)

    def to_dict(self) -> dict[str, Any]:
        """The normalised config: what `parse_config` would read back to an equal Config."""
        return copy.deepcopy(self.raw)


def points_only_config(data: Mapping[str, Any]) -> dict[str, Any]:
    """A config made a points-only night, as the tournament editor and the start page make one: every price
    0, no bounty, no added money or guarantee (a structure with money turned into a free league night)."""
    out = copy.deepcopy(dict(data))
    out["points_only"] = True
    for section in ("reentry", "rebuy", "add_on"):
        if isinstance(out.get(section), dict):
            out[section]["price"] = {"prize": 0, "bounty": 0, "fee": 0}
    out["buy_in"] = {"prize": 0, "bounty": 0, "fee": 0}
    out["bounty"] = {"kind": "none"}
    if isinstance(out.get("payouts"), dict):
        out["payouts"] = {**out["payouts"], "added": 0, "guarantee": 0}
    return out


def parse_toml(text: str) -> Config:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError("config", f"is not valid TOML: {exc}") from exc
    return parse_config(data)


def to_toml(data: Mapping[str, Any]) -> str:
    """A config dict (`Config.to_dict()`, or a part of one) as TOML text that `parse_toml` reads back to
    the same config: what the program saves as a template or a structure file.

    Top-level values first, then each table as a `[section]` (its own tables inline), and the lists of
    tables (`levels`, `chips`) as `[[levels]]`. TOML has no null: a setting that is None is left out,
    which is how a config says "no limit"; a balance without a tolerance is written as the `pkr4u`
    preset's, the one way TOML says "no tolerance" (docs/config.md)."""
    plain = {k: v for k, v in data.items() if not isinstance(v, Mapping) and not _is_table_list(v)}
    tables = {k: v for k, v in data.items() if isinstance(v, Mapping)}
    lists = {k: v for k, v in data.items() if _is_table_list(v)}
    lines = [f"{key} = {_toml_value(value)}" for key, value in plain.items() if value is not None]
    for key, table in tables.items():
        lines += ["", f"[{key}]"]
        lines += [f"{k} = {_toml_value(_balance(v) if (key, k) == ('seating', 'balance') else v)}"
                  for k, v in table.items() if v is not None]
    for key, items in lists.items():
        for item in items:
            lines += ["", f"[[{key}]]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in item.items() if v is not None]
    return "\n".join(lines) + "\n"


def _is_table_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)


def _balance(balance: Any) -> Any:
    if not isinstance(balance, Mapping) or "tolerance" not in balance or balance["tolerance"] is not None:
        return balance
    return {"preset": "pkr4u", **{k: v for k, v in balance.items() if k not in ("tolerance", "preset")}}


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items() if v is not None) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise ConfigError("config", f"holds a value TOML cannot write: {value!r}")


def parse_config(data: Mapping[str, Any]) -> Config:
    """Validate a config dict; raise ConfigError naming the first field at fault."""
    r = _Reader(data, "")
    name = r.text("name", max_len=100)
    currency = r.text("currency", default="EUR")
    if not re.fullmatch(r"[A-Z]{3}", currency):
        raise ConfigError("currency", "must be an ISO 4217 code of three capital letters, like EUR",
                          rule="currency_code")
    starting_stack = r.amount("starting_stack", minimum=1)
    date = _date(data.get("date"))
    # A league night without money (a French association may not charge for a game of chance): places
    # and league points only, every price 0, no bounty, no prize.
    free = r.boolean("points_only", default=False)
    buy_in = _price(r.sub("buy_in", required=not free), FREE if free else None, free=free)
    levels = _levels(data.get("levels"))
    play_levels = sum(1 for level in levels if not level.is_break)
    chips = _chips(data.get("chips", []))
    _check_color_ups(levels, chips)

    reg = r.sub("registration", required=False)
    registration = Registration(
        until_level=reg.level_number("until_level", play_levels, default=min(6, play_levels)),
        through_break=reg.boolean("through_break", default=False),
    )
    reg.done()

    reentry = None
    if "reentry" in data:
        rr = r.sub("reentry", required=True)
        reentry = Reentry(
            max=rr.amount("max", minimum=0, default=None),
            price=_price(rr.sub("price", required=False), default=buy_in, free=free),
            chips=rr.amount("chips", minimum=1, default=starting_stack),
            seat=rr.choice("seat", ("random", "same_allowed"), default="random"),
        )
        rr.done()

    # A rebuy or add-on buys chips, not a head: by default it costs the buy-in without its bounty part.
    extra_chips_price = Price(prize=buy_in.prize, bounty=0, fee=buy_in.fee)
    rebuy = None
    if "rebuy" in data:
        rb = r.sub("rebuy", required=True)
        rebuy = Rebuy(
            price=_price(rb.sub("price", required=False), default=extra_chips_price, free=free),
            chips=rb.amount("chips", minimum=1, default=starting_stack),
            max=rb.amount("max", minimum=1, default=None),
            until_level=rb.level_number("until_level", play_levels, default=registration.until_level),
            max_stack=rb.amount("max_stack", minimum=0, default=starting_stack),
        )
        rb.done()

    add_on = None
    if "add_on" in data:
        ao = r.sub("add_on", required=True)
        add_on = AddOn(
            price=_price(ao.sub("price", required=False), default=extra_chips_price, free=free),
            chips=ao.amount("chips", minimum=1, default=starting_stack),
            max=ao.amount("max", minimum=1, default=1),
            at_break_after_level=ao.level_number("at_break_after_level", play_levels),
        )
        if not _break_follows(levels, add_on.at_break_after_level):
            raise ConfigError(
                "add_on.at_break_after_level",
                f"names level {add_on.at_break_after_level}, which no break follows",
                rule="no_break_after", value=add_on.at_break_after_level,
            )
        ao.done()

    early_bird = None
    if "early_bird" in data:
        eb = r.sub("early_bird", required=True)
        early_bird = EarlyBird(
            chips=eb.amount("chips", minimum=1),
            until_level=eb.level_number("until_level", play_levels, default=1),
        )
        eb.done()

    b = r.sub("bounty", required=False)
    kind = b.choice("kind", BOUNTY_KINDS, default="fixed" if buy_in.bounty else "none")
    bounty = Bounty(kind=kind, cash_share_bp=b.amount("cash_share_bp", minimum=0, maximum=10_000, default=5000),
                    **(_mystery(b, play_levels) if kind == "mystery" else {}))
    b.done()
    _check_bounty_prices(bounty, buy_in, reentry, rebuy, add_on)

    seating = _seating(r.sub("seating", required=False))
    payouts = _payouts(r.sub("payouts", required=False))
    display = _plain_table(data.get("display", {}), "display")
    sync = _plain_table(data.get("sync", {}), "sync")
    flight = _flight(r.sub("flight", required=True), play_levels) if "flight" in data else None
    day2 = _day2(r.sub("day2", required=True), play_levels) if "day2" in data else None
    satellite = _satellite(r.sub("satellite", required=True)) if "satellite" in data else None
    _check_format(data, flight, day2, satellite, payouts, bounty)
    if free:
        _check_points_only(satellite, payouts)
    r.done(also=("levels", "chips", "display", "sync", "date"))

    config = Config(
        name=name,
        currency=currency,
        starting_stack=starting_stack,
        buy_in=buy_in,
        registration=registration,
        reentry=reentry,
        rebuy=rebuy,
        add_on=add_on,
        early_bird=early_bird,
        bounty=bounty,
        seating=seating,
        payouts=payouts,
        levels=levels,
        chips=chips,
        display=display,
        sync=sync,
        date=date,
        flight=flight,
        day2=day2,
        satellite=satellite,
        points_only=free,
    )
    object.__setattr__(config, "raw", _normalised(config))
    return config


def _date(value: Any) -> str | None:
    """The night's date as the venue's calendar says it (no time, no zone): a real day, written 2026-12-04."""
    if value is None:
        return None
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        raise ConfigError("date", "must be a day written like 2026-12-04", rule="date_format")
    year, month, day = (int(part) for part in value.split("-"))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not (1 <= month <= 12 and 1 <= day <= days[month - 1]) or year < 1:
        raise ConfigError("date", f"is not a day of the calendar: {value}", rule="not_a_day", value=value)
    return value


def parse_levels(data: Any) -> tuple[Level, ...]:
    """Levels alone, for `edit_structure`: the same checks as in a whole config."""
    return _levels(data)


def _normalised(c: Config) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": c.name,
        "currency": c.currency,
        "starting_stack": c.starting_stack,
        "buy_in": c.buy_in.to_dict(),
        "registration": {
            "until_level": c.registration.until_level,
            "through_break": c.registration.through_break,
        },
        "bounty": {"kind": c.bounty.kind, "cash_share_bp": c.bounty.cash_share_bp},
        "seating": {
            "seats_per_table": c.seating.seats_per_table,
            "tables": list(c.seating.tables),
            "open_order": list(c.seating.open_order),
            "break_order": list(c.seating.break_order),
            "final_table_size": c.seating.final_table_size,
            "balance": _balance_dict(c.seating.balance),
            "hand_for_hand_before_final": c.seating.hand_for_hand_before_final,
            "moved_player_waits": c.seating.moved_player_waits,
            "short_handed_ante": c.seating.short_handed_ante,
            "hold_tables_during_registration": c.seating.hold_tables_during_registration,
        },
        "payouts": {
            "rounding": c.payouts.rounding,
            "added": c.payouts.added,
            "guarantee": c.payouts.guarantee,
            "same_hand_ties": c.payouts.same_hand_ties,
        },
        "levels": [level.to_dict() for level in c.levels],
        "chips": [{"value": chip.value, "color": chip.color} for chip in c.chips],
    }
    if c.points_only:  # written only when set: every other file's config reads as it always did
        out["points_only"] = True
    if c.bounty.kind == "mystery":
        out["bounty"].update(mystery_from=c.bounty.mystery_from, mystery_left_over=c.bounty.mystery_left_over)
        if c.bounty.mystery_at is not None:
            out["bounty"]["mystery_at"] = c.bounty.mystery_at
    if c.seating.hand_for_hand_pay_jumps:
        out["seating"]["hand_for_hand_pay_jumps"] = list(c.seating.hand_for_hand_pay_jumps)
    if c.payouts.places is not None:
        out["payouts"]["places"] = list(c.payouts.places)
    else:
        out["payouts"]["table"] = c.payouts.table
    if c.reentry:
        out["reentry"] = {"price": c.reentry.price.to_dict(), "chips": c.reentry.chips, "seat": c.reentry.seat}
        if c.reentry.max is not None:
            out["reentry"]["max"] = c.reentry.max
    if c.rebuy:
        out["rebuy"] = {
            "price": c.rebuy.price.to_dict(),
            "chips": c.rebuy.chips,
            "until_level": c.rebuy.until_level,
            "max_stack": c.rebuy.max_stack,
        }
        if c.rebuy.max is not None:
            out["rebuy"]["max"] = c.rebuy.max
    if c.add_on:
        out["add_on"] = {
            "price": c.add_on.price.to_dict(),
            "chips": c.add_on.chips,
            "max": c.add_on.max,
            "at_break_after_level": c.add_on.at_break_after_level,
        }
    if c.early_bird:
        out["early_bird"] = {"chips": c.early_bird.chips, "until_level": c.early_bird.until_level}
    if c.display:
        out["display"] = dict(c.display)
    if c.sync:
        out["sync"] = dict(c.sync)
    if c.date is not None:
        out["date"] = c.date
    for name in ("flight", "day2", "satellite"):
        section = getattr(c, name)
        if section is not None:
            out[name] = {key: value for key, value in dataclasses.asdict(section).items() if value is not None}
    return out


def _balance_dict(b: Balance) -> dict[str, Any]:
    out: dict[str, Any] = {"tolerance": b.tolerance, "floor": b.floor}
    if b.preset:
        out["preset"] = b.preset
    if b.tighten:
        out["tighten"] = dict(b.tighten)
    return out


class _Reader:
    """Reads one table of the config, remembering which keys it used so that typos are refused."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, Mapping):
            raise ConfigError(path or "config", "must be a table of settings")
        self.data = data
        self.path = path
        self.used: set[str] = set()

    def where(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def get(self, key: str) -> Any:
        self.used.add(key)
        return self.data.get(key)

    def sub(self, key: str, *, required: bool) -> _Reader:
        value = self.get(key)
        if value is None:
            if required:
                raise ConfigError(self.where(key), "is missing", rule="missing")
            value = {}
        return _Reader(value, self.where(key))

    def text(self, key: str, *, default: str | None = None, max_len: int = 64) -> str:
        value = self.get(key)
        if value is None:
            if default is None:
                raise ConfigError(self.where(key), "is missing", rule="missing")
            return default
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(self.where(key), "must be a non-empty text", rule="empty_text")
        value = value.strip()
        if len(value) > max_len:
            raise ConfigError(self.where(key), f"is longer than {max_len} characters", rule="too_long",
                              max_len=max_len)
        if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
            raise ConfigError(self.where(key), "must not contain control characters", rule="control_characters")
        return value

    def amount(
        self,
        key: str,
        *,
        minimum: int = 0,
        maximum: int = ABSURD,
        default: Any = ...,
    ) -> Any:
        value = self.get(key)
        if value is None:
            if default is ...:
                raise ConfigError(self.where(key), "is missing", rule="missing")
            return default
        return whole_number(value, self.where(key), minimum=minimum, maximum=maximum)

    def level_number(self, key: str, play_levels: int, *, default: int | None = None) -> int:
        value = self.amount(key, minimum=1, default=default)
        if value is None:
            raise ConfigError(self.where(key), "is missing", rule="missing")
        if value > play_levels:
            raise ConfigError(self.where(key), f"is level {value}, but the structure has {play_levels} play levels",
                              rule="beyond_structure", value=value, play_levels=play_levels)
        return int(value)

    def boolean(self, key: str, *, default: bool) -> bool:
        value = self.get(key)
        if value is None:
            return default
        if not isinstance(value, bool):
            raise ConfigError(self.where(key), "must be true or false")
        return value

    def choice(self, key: str, options: tuple[str, ...], *, default: str) -> str:
        value = self.get(key)
        if value is None:
            return default
        if value not in options:
            raise ConfigError(self.where(key), f"must be one of {', '.join(options)}, not {value!r}")
        return str(value)

    def done(self, also: tuple[str, ...] = ()) -> None:
        unknown = sorted(set(self.data) - self.used - set(also))
        if unknown:
            raise ConfigError(self.where(unknown[0]), "is not a known setting")


def whole_number(value: Any, where: str, *, minimum: int = 0, maximum: int = ABSURD) -> int:
    """An integer amount: refuses floats, booleans, text, negatives and absurd sizes by name."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(where, f"must be a whole number, not {value!r}", rule="whole_number", value=str(value))
    if value < minimum:
        raise ConfigError(where, f"must be at least {minimum}", rule="at_least", minimum=minimum, value=value)
    if value > maximum:
        raise ConfigError(where, f"must be at most {maximum}", rule="at_most", maximum=maximum, value=value)
    return value


def _price(r: _Reader, default: Price | None = None, *, free: bool = False) -> Price:
    """A price; in a points-only event (`free`) every part of it is 0, as nothing is paid."""
    if default is not None and not r.data:
        return default
    price = Price(
        prize=r.amount("prize", default=0),
        bounty=r.amount("bounty", default=0),
        fee=r.amount("fee", default=0),
    )
    r.done()
    if free and price.total:
        part = next(name for name in ("prize", "bounty", "fee") if getattr(price, name))
        raise ConfigError(r.where(part), "must be 0 in a points-only event: no money changes hands",
                          rule="points_only")
    if not free and price.total == 0:
        raise ConfigError(r.path, "must cost something: prize, bounty and fee are all 0", rule="costs_nothing")
    return price


def _levels(data: Any) -> tuple[Level, ...]:
    if not isinstance(data, list) or not data:
        raise ConfigError("levels", "must list at least one play level", rule="no_play_level")
    levels = []
    for i, item in enumerate(data):
        try:
            levels.append(_level(item, f"levels[{i}]"))
        except ConfigError as exc:
            exc.params.update(_place_in_structure(data, i))
            raise
    if levels[0].is_break:
        raise ConfigError("levels[0]", "must be a play level: a tournament does not open with a break",
                          rule="opens_with_break")
    if levels[-1].is_break:
        raise ConfigError(f"levels[{len(levels) - 1}]",
                          "must be a play level: the last level repeats when the structure runs out",
                          rule="ends_with_break", **_place_in_structure(levels, len(levels) - 1))
    return tuple(levels)


def _is_break(level: Any) -> bool:
    return level.is_break if isinstance(level, Level) else isinstance(level, Mapping) and "break_minutes" in level


def _place_in_structure(levels: Sequence[Any], index: int) -> dict[str, int]:
    """Where `levels[index]` sits as the TD counts: the N-th level of play (`level`), or the break
    after level N (`break_after`); the breaks have no number of their own."""
    played = sum(1 for level in levels[:index] if not _is_break(level))
    return {"break_after": played} if _is_break(levels[index]) else {"level": played + 1}


def _level(item: Any, path: str) -> Level:
    r = _Reader(item, path)
    if "break_minutes" in r.data:
        level = Level(
            minutes=r.amount("break_minutes", minimum=1, maximum=24 * 60),
            is_break=True,
            color_up=tuple(_color_up(r.get("color_up"), r.where("color_up"))),
        )
        r.done()
        return level
    small = r.amount("small_blind", minimum=1)
    big = r.amount("big_blind", minimum=1)
    if big <= small:
        raise ConfigError(r.where("big_blind"), "must be greater than small_blind", rule="big_blind_not_above_small",
                          small_blind=small, big_blind=big)
    ante = r.amount("ante", default=0)
    ante_kind = r.choice("ante_kind", ANTE_KINDS, default="classic" if ante else "none")
    if ante_kind == "none" and ante:
        raise ConfigError(r.where("ante"), "must be 0 when ante_kind is none", rule="ante_without_kind", ante=ante)
    if ante_kind != "none" and not ante:
        raise ConfigError(r.where("ante"), f"must be above 0 when ante_kind is {ante_kind}", rule="kind_without_ante",
                          ante_kind=ante_kind)
    level = Level(
        minutes=r.amount("minutes", minimum=1, maximum=24 * 60),
        small_blind=small,
        big_blind=big,
        ante=ante,
        ante_kind=ante_kind,
    )
    r.done()
    return level


def _color_up(value: Any, where: str) -> list[int]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ConfigError(where, "must be a list of chip values")
    return [whole_number(v, f"{where}[{i}]", minimum=1) for i, v in enumerate(value)]


def _chips(data: Any) -> tuple[Chip, ...]:
    if not isinstance(data, list):
        raise ConfigError("chips", "must be a list of {value, color}")
    chips = []
    for i, item in enumerate(data):
        r = _Reader(item, f"chips[{i}]")
        chips.append(Chip(value=r.amount("value", minimum=1), color=r.text("color", max_len=32)))
        r.done()
    values = [c.value for c in chips]
    if len(set(values)) != len(values):
        twice = next(v for v in values if values.count(v) > 1)
        raise ConfigError("chips", "lists the same chip value twice", rule="same_chip_twice", value=twice)
    return tuple(sorted(chips, key=lambda c: c.value))


def _check_color_ups(levels: tuple[Level, ...], chips: tuple[Chip, ...]) -> None:
    if not chips:
        return
    values = {c.value for c in chips}
    for i, level in enumerate(levels):
        for j, v in enumerate(level.color_up):
            if v not in values:
                raise ConfigError(f"levels[{i}].color_up[{j}]", f"is {v}, which is not a chip of this set",
                                  rule="not_a_chip", value=v, **_place_in_structure(levels, i))


def _break_follows(levels: tuple[Level, ...], level_number: int) -> bool:
    number = 0
    for i, level in enumerate(levels):
        if not level.is_break:
            number += 1
            if number == level_number:
                return i + 1 < len(levels) and levels[i + 1].is_break
    return False


def _mystery(b: _Reader, play_levels: int) -> dict[str, Any]:
    start = b.choice("mystery_from", MYSTERY_FROM, default="money")
    at: int | None = None
    if start == "level":
        at = b.level_number("mystery_at", play_levels)
    elif start == "players":
        at = b.amount("mystery_at", minimum=2, maximum=100_000)
    elif b.get("mystery_at") is not None:
        raise ConfigError(b.where("mystery_at"), "is a level or a number of players: give mystery_from too")
    return {"mystery_from": start, "mystery_at": at,
            "mystery_left_over": b.choice("mystery_left_over", MYSTERY_LEFT_OVER, default="winner")}


def _check_bounty_prices(
    bounty: Bounty, buy_in: Price, reentry: Reentry | None, rebuy: Rebuy | None, add_on: AddOn | None
) -> None:
    if bounty.kind == "none" and buy_in.bounty:
        raise ConfigError("bounty.kind", "is none, but buy_in.bounty is above 0", rule="bounty_without_kind")
    if bounty.kind != "none" and not buy_in.bounty:
        raise ConfigError("buy_in.bounty", f"must be above 0 in a {bounty.kind} bounty event",
                          rule="bounty_part_needed", kind=bounty.kind)
    if reentry and bool(reentry.price.bounty) != bool(buy_in.bounty):
        raise ConfigError("reentry.price.bounty", "must put a bounty on the head exactly when buy_in does",
                          rule="reentry_bounty")
    # A rebuy or add-on adds chips, not a second head: its bounty part would have no head to sit on.
    for name, extra in (("rebuy", rebuy), ("add_on", add_on)):
        if extra and extra.price.bounty:
            raise ConfigError(f"{name}.price.bounty", "must be 0: a bounty sits on an entry's head",
                              rule="extra_bounty")


def _seating(r: _Reader) -> Seating:
    seats = r.amount("seats_per_table", minimum=2, maximum=12, default=9)
    tables = _table_numbers(r.get("tables"), r.where("tables"))
    open_order = _order(r.get("open_order"), r.where("open_order"), tuple(sorted(tables)))
    break_order = _order(r.get("break_order"), r.where("break_order"), tuple(sorted(tables, reverse=True)))
    final_size = r.amount("final_table_size", minimum=2, maximum=seats, default=seats)
    if isinstance(r.data.get("balance"), str):
        r.used.add("balance")
        b = _Reader({"preset": r.data["balance"]}, r.where("balance"))
    else:
        b = r.sub("balance", required=False)
    preset = None
    defaults: dict[str, int | None] = {"tolerance": 1, "floor": min(4, seats)}
    if b.get("preset") is not None:
        preset = b.get("preset")
        if preset not in BALANCE_PRESETS:
            raise ConfigError(b.where("preset"), f"must be one of {', '.join(sorted(BALANCE_PRESETS))}")
        defaults = dict(BALANCE_PRESETS[preset])
        floor_default = defaults["floor"]
        defaults["floor"] = min(floor_default if floor_default is not None else 4, seats)
    tolerance = b.get("tolerance") if "tolerance" in b.data else defaults["tolerance"]
    if tolerance is not None:
        tolerance = whole_number(tolerance, b.where("tolerance"), minimum=1, maximum=seats)
    # The default floor (PKR4U 13: 4) cannot exceed the seats of a small table.
    floor = b.amount("floor", minimum=0, maximum=seats, default=defaults["floor"])
    tighten = None
    if b.get("tighten") is not None:
        t = b.sub("tighten", required=True)
        tighten = {
            "tables_at_most": t.amount("tables_at_most", minimum=1),
            "tolerance": t.amount("tolerance", minimum=1, maximum=seats),
        }
        t.done()
    b.done()
    seating = Seating(
        seats_per_table=seats,
        tables=tables,
        open_order=open_order,
        break_order=break_order,
        final_table_size=final_size,
        balance=Balance(tolerance=tolerance, floor=floor, tighten=tighten, preset=preset),
        hand_for_hand_before_final=r.boolean("hand_for_hand_before_final", default=False),
        moved_player_waits=r.choice("moved_player_waits", ("big_blind", "one_hand"), default="big_blind"),
        short_handed_ante=r.choice("short_handed_ante", ("none", "pkr4u"), default="none"),
        hold_tables_during_registration=r.boolean("hold_tables_during_registration", default=False),
        hand_for_hand_pay_jumps=_pay_jumps(r.get("hand_for_hand_pay_jumps"), r.where("hand_for_hand_pay_jumps")),
    )
    r.done()
    return seating


def _pay_jumps(value: Any, where: str) -> tuple[int, ...]:
    """The places at whose pay jump hand-for-hand runs (18: while 19 are left), largest first."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ConfigError(where, "must list places, like [18, 9]", rule="place_list")
    jumps = [whole_number(v, f"{where}[{i}]", minimum=2, maximum=100_000) for i, v in enumerate(value)]
    twice = next((jump for i, jump in enumerate(jumps) if jump in jumps[:i]), None)
    if twice is not None:
        raise ConfigError(where, f"lists place {twice} twice", rule="place_twice", value=twice)
    return tuple(sorted(jumps, reverse=True))


def _table_numbers(value: Any, where: str) -> tuple[int, ...]:
    if value is None:
        return tuple(range(1, 13))
    if isinstance(value, int) and not isinstance(value, bool):
        count = whole_number(value, where, minimum=1, maximum=5000)
        return tuple(range(1, count + 1))
    if not isinstance(value, list) or not value:
        raise ConfigError(where, "must be a number of tables or a list of table numbers")
    numbers = [whole_number(v, f"{where}[{i}]", minimum=1, maximum=100_000) for i, v in enumerate(value)]
    if len(set(numbers)) != len(numbers):
        raise ConfigError(where, "lists a table twice", rule="table_twice")
    return tuple(numbers)


def _order(value: Any, where: str, default: tuple[int, ...]) -> tuple[int, ...]:
    """A table order as given, completed with the other tables in the default order."""
    if value is None or value == []:
        return default
    if not isinstance(value, list):
        raise ConfigError(where, "must be a list of table numbers")
    known = set(default)
    for i, v in enumerate(value):
        whole_number(v, f"{where}[{i}]", minimum=1, maximum=100_000)
        if v not in known:
            raise ConfigError(f"{where}[{i}]", f"is table {v}, which is not among seating.tables")
    given = set(value)
    if len(given) != len(value):
        raise ConfigError(where, "lists a table twice", rule="table_twice")
    return tuple(value) + tuple(t for t in default if t not in given)


def _payouts(r: _Reader) -> Payouts:
    places = r.get("places")
    table = r.get("table")
    if places is not None:
        if table is not None:
            raise ConfigError(r.where("table"), "and payouts.places cannot both be set")
        if not isinstance(places, list) or not places:
            raise ConfigError(r.where("places"), "must list basis points, first place first")
        bps = [whole_number(v, f"{r.where('places')}[{i}]", minimum=1, maximum=10_000) for i, v in enumerate(places)]
        if sum(bps) != 10_000:
            raise ConfigError(r.where("places"), f"must sum to 10000 basis points, not {sum(bps)}",
                              rule="places_sum", total=sum(bps))
        if any(later > earlier for earlier, later in itertools.pairwise(bps)):
            raise ConfigError(r.where("places"), "must never pay a lower place more than a higher one",
                              rule="places_rising")
        places = tuple(bps)
    elif table is None:
        table = "standard"
    elif not isinstance(table, str) or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", table):
        raise ConfigError(r.where("table"), "must name a payout table file, like standard")
    payouts = Payouts(
        table=table,
        places=places,
        rounding=r.amount("rounding", minimum=1, maximum=10**9, default=1),
        added=r.amount("added", default=0),
        guarantee=r.amount("guarantee", default=0),
        same_hand_ties=r.choice("same_hand_ties", ("split", "by_stack"), default="split"),
    )
    r.done()
    return payouts


def _event_id(r: _Reader, key: str, *, required: bool = True) -> str | None:
    value = r.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not EVENT_ID.fullmatch(value):
        raise ConfigError(r.where(key), "must be an id of 1 to 64 letters, digits, - or _, like spring-main-2026",
                          rule="event_id")
    return value


def _flight(r: _Reader, play_levels: int) -> Flight:
    flight = Flight(
        event=str(_event_id(r, "event")),
        event_name=r.text("event_name", max_len=100),
        name=r.text("name", max_len=40),
        stop_players_left=r.amount("stop_players_left", minimum=1, default=None),
        stop_percent=r.amount("stop_percent", minimum=1, maximum=99, default=None),
        stop_after_level=r.amount("stop_after_level", minimum=1, maximum=play_levels, default=None),
        day1_pays=r.boolean("day1_pays", default=False),
        other_flights=r.choice("other_flights", FLIGHT_ENTRY, default="once_busted"),
    )
    r.done()
    if flight.stop_players_left is not None and flight.stop_percent is not None:
        raise ConfigError(r.where("stop_percent"), "and flight.stop_players_left cannot both be set: the target "
                          "is a number of players or a percentage of the entries", rule="two_targets")
    if flight.stop_players_left is None and flight.stop_percent is None and flight.stop_after_level is None:
        raise ConfigError(r.path, "must say where the flight stops: stop_players_left, stop_percent or "
                          "stop_after_level", rule="no_stop")
    return flight


def _day2(r: _Reader, play_levels: int) -> Day2:
    day2 = Day2(
        event=str(_event_id(r, "event")),
        event_name=r.text("event_name", max_len=100),
        first_level=r.level_number("first_level", play_levels, default=1),
        seating=r.choice("seating", ("draw", "chip_count"), default="draw"),
        two_stacks=r.choice("two_stacks", ("best", "first"), default="best"),
    )
    r.done()
    return day2


def _satellite(r: _Reader) -> Satellite:
    satellite = Satellite(
        target=r.text("target", max_len=100),
        target_id=_event_id(r, "target_id", required=False),
        seat_value=r.amount("seat_value", minimum=1),
        leftover=r.choice("leftover", LEFTOVER_RULES, default="next_place"),
        step=r.amount("step", minimum=1, default=None),
        holder_takes_cash=r.boolean("holder_takes_cash", default=True),
    )
    r.done()
    if (satellite.step is None) == (satellite.leftover == "steps"):
        raise ConfigError(r.where("step"), "is the amount of each step, given with leftover = \"steps\" only",
                          rule="step_with_steps")
    # The leftover is less than a seat: steps of a hundredth of a seat pay at most a hundred places.
    if satellite.step is not None and satellite.step * STEPS_MAX < satellite.seat_value:
        raise ConfigError(r.where("step"), f"must be at least a {STEPS_MAX}th of the seat's value "
                          f"({-(-satellite.seat_value // STEPS_MAX)})", rule="at_least",
                          minimum=-(-satellite.seat_value // STEPS_MAX))
    return satellite


def _check_format(data: Mapping[str, Any], flight: Flight | None, day2: Day2 | None, satellite: Satellite | None,
                  payouts: Payouts, bounty: Bounty) -> None:
    """A file is a flight, a Day 2, a satellite or none of them; each asks what fits it."""
    given = [name for name, section in (("flight", flight), ("day2", day2), ("satellite", satellite)) if section]
    if len(given) > 1:
        raise ConfigError(given[1], f"cannot be set with {given[0]}: a file is one of flight, day2 and satellite",
                          rule="two_formats")
    if flight and bounty.kind != "none" and not (bounty.kind == "mystery" and bounty.mystery_from == "day2"):
        raise ConfigError("bounty.kind", "must be none in a flight: its survivors carry their chips to the Day 2, "
                          "not the bounties on their heads (mystery bounties won from Day 2 are the one "
                          "kind a flight collects)", rule="flight_bounty")
    if bounty.kind == "mystery" and bounty.mystery_from == "day2" and not (flight or day2):
        raise ConfigError("bounty.mystery_from", "is day2 only in an event's flights and its Day 2",
                          rule="mystery_day2_only")
    if flight and (payouts.added or payouts.guarantee):
        raise ConfigError("payouts.guarantee" if payouts.guarantee else "payouts.added",
                          "belongs to the Day 2: the event's pool is paid there", rule="flight_pool")
    if day2:
        for section in ("reentry", "rebuy", "add_on", "early_bird"):
            if section in data:
                raise ConfigError(section, "cannot be set in a Day 2: its players come from the flights",
                                  rule="day2_sells_nothing")


def _check_points_only(satellite: Satellite | None, payouts: Payouts) -> None:
    """A points-only event pays nothing: no added money or guarantee, no satellite's seats (a bounty needs a
    bounty part in the buy-in, which is 0 here)."""
    if payouts.added or payouts.guarantee:
        raise ConfigError("payouts.guarantee" if payouts.guarantee else "payouts.added",
                          "must be 0 in a points-only event: no money changes hands", rule="points_only")
    if satellite is not None:
        raise ConfigError("satellite", "cannot be set in a points-only event: its prizes are seats bought with "
                          "money", rule="points_only")


def _plain_table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        raise ConfigError(where, "must be a table of settings")
    for key, v in value.items():
        if not isinstance(v, str | int | bool) or isinstance(v, float):
            raise ConfigError(f"{where}.{key}", "must be a text, a whole number or true/false")
    return dict(value)


def set_dotted(raw: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a config dict with `{"seating.balance.floor": 5}`-style changes applied."""
    out = copy.deepcopy(dict(raw))
    for dotted, value in changes.items():
        if not isinstance(dotted, str) or not dotted:
            raise ConfigError("set", "keys must be dotted setting names, like payouts.rounding")
        node: dict[str, Any] = out
        parts = dotted.split(".")
        for part in parts[:-1]:
            child = node.setdefault(part, {})
            if not isinstance(child, dict):
                raise ConfigError(dotted, f"cannot be set: {part} is not a table")
            node = child
        if value is None:
            node.pop(parts[-1], None)
        else:
            node[parts[-1]] = value
        if parts[0] == "payouts" and parts[-1] == "places":
            node.pop("table", None)
        if parts[0] == "payouts" and parts[-1] == "table":
            node.pop("places", None)
    return out
