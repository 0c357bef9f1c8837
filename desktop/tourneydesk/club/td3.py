"""Switching from The Tournament Director 3: its saved `.tdt` file read as data, never run.

A `.tdt` file is one JavaScript-style literal: objects with unquoted keys, strings, numbers, arrays,
`new Ctor({...})`, `Map.from([[key, value], ...])` (3.7) and `new Map({...})` (older files), often saved
in Windows-1252 before 3.7. A small tokenizer and parser read it into plain values (`New` and `Call`
keep the constructor's name); nothing in it is ever evaluated. From that tree `read_td3` takes what a
club moves over: its players (as member rows, checked like a CSV import), its blind structures, its
payout profiles and its league points formulas (put into our formula language where the names match,
and reported where they do not).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, field
from typing import Any

from ..core.protocol.errors import TourneyError
from . import formula

MAX_BYTES = 50_000_000
MAX_DEPTH = 200
CALLS = frozenset({"Map.from", "Array.from", "Set.from"})  # the only calls TD3 writes; any other is refused


@dataclass(frozen=True, slots=True)
class New:
    ctor: str
    args: tuple[Any, ...]

    @property
    def fields(self) -> dict[str, Any]:
        return self.args[0] if self.args and isinstance(self.args[0], dict) else {}


@dataclass(frozen=True, slots=True)
class Call:
    name: str  # "Map.from"
    args: tuple[Any, ...]


LEFT_OUT = "TD3_LEFT_OUT"  # the code of what a save holds that the import cannot bring over


def left_out(rule: str, text: str, cause: TourneyError | None = None, **params: Any) -> dict[str, Any]:
    """What a save holds that does not come over, as the import reports it: the refusal's shape (`code`,
    English `text`, `params` with the `rule`), so that a window words it in its own language by the same
    catalogue as every refusal (ui/messages.py); a `cause` (a formula's mistake, a member refused) is kept
    whole inside, to be worded too."""
    if cause is not None:
        params |= {"problem": cause.message, "problem_code": cause.code,
                   "problem_params": {k: v for k, v in cause.params.items() if k != "problem"}}
    return {"code": LEFT_OUT, "text": text, "params": {"rule": rule, **params}}


class TdtError(TourneyError):
    def __init__(self, message: str, offset: int | None = None) -> None:
        where = f" at character {offset + 1}" if offset is not None else ""
        super().__init__("TD3_FILE_INVALID", f"This is not a Tournament Director file we can read: {message}{where}",
                         offset=offset, detail=f"{message}{where}")


def decode(data: bytes) -> str:
    if len(data) > MAX_BYTES:
        raise TdtError(f"it is {len(data) // 1_000_000} MB")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")  # TD3 before 3.7 saved Windows-1252


_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)
  | (?P<string>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')
  | (?P<name>[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*)
  | (?P<punct>[{}\[\]():,])
""", re.VERBOSE | re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _unquote(literal: str, at: int) -> str:
    out, i, body = [], 0, literal[1:-1]
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "u":
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        elif nxt == "x":
            out.append(chr(int(body[i + 2:i + 4], 16)))
            i += 4
        else:
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
    return "".join(out)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        at = 0
        while at < len(text):
            match = _TOKEN.match(text, at)
            if match is None:
                raise TdtError(f"{text[at]!r} is not expected", at)
            kind = match.lastgroup or ""
            if kind != "space":
                self.tokens.append((kind, match.group(), at))
            at = match.end()
        self.tokens.append(("end", "", len(text)))
        self.i = 0

    def peek(self) -> tuple[str, str, int]:
        return self.tokens[self.i]

    def take(self, text: str | None = None, closing: str | None = None) -> tuple[str, str, int]:
        tok = self.tokens[self.i]
        if text is not None and tok[1] != text:
            found = "the end of the file" if tok[0] == "end" else repr(tok[1])
            wanted = f"{text!r} or {closing!r}" if closing else repr(text)
            raise TdtError(f"expected {wanted}, found {found}", tok[2])
        self.i += 1
        return tok

    def value(self, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise TdtError("it is nested too deeply", self.peek()[2])
        kind, text, at = self.take()
        if kind == "number":
            number = float(text)
            return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number
        if kind == "string":
            try:
                return _unquote(text, at)
            except (ValueError, IndexError):
                raise TdtError("a text has a broken escape", at) from None
        if text == "{":
            return self.object(depth)
        if text == "[":
            return self.array(depth)
        if kind == "name":
            if text in ("true", "false"):
                return text == "true"
            if text in ("null", "undefined"):
                return None
            if text == "new":
                ctor = self.take()
                if ctor[0] != "name":
                    raise TdtError("new needs a constructor's name", ctor[2])
                return New(ctor[1], self.arguments(depth))
            if self.peek()[1] == "(" and text in CALLS:
                return Call(text, self.arguments(depth))
        raise TdtError(f"{text or 'the end of the file'!r} is not a value", at)

    def arguments(self, depth: int) -> tuple[Any, ...]:
        self.take("(")
        args = []
        while self.peek()[1] != ")":
            args.append(self.value(depth + 1))
            if self.peek()[1] != ")":
                self.take(",", ")")
        self.take(")")
        return tuple(args)

    def object(self, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        while self.peek()[1] != "}":
            kind, text, at = self.take()
            if kind == "string":
                key = _unquote(text, at)
            elif kind in ("name", "number"):
                key = text
            elif kind == "end":
                raise TdtError("it ends in the middle", at)
            else:
                raise TdtError(f"{text!r} is not a key", at)
            self.take(":")
            out[key] = self.value(depth + 1)
            if self.peek()[1] != "}":
                self.take(",", "}")
        self.take("}")
        return out

    def array(self, depth: int) -> list[Any]:
        out = []
        while self.peek()[1] != "]":
            out.append(self.value(depth + 1))
            if self.peek()[1] != "]":
                self.take(",", "]")
        self.take("]")
        return out


def parse(text: str) -> Any:
    reader = _Reader(text.strip().rstrip(";"))
    value = reader.value()
    kind, rest, at = reader.peek()
    if kind != "end":
        raise TdtError(f"{rest!r} after the end", at)
    return value


def map_items(value: Any) -> list[Any]:
    """The values of a TD3 map, however the version wrote it: `Map.from([[k, v]])`, `new Map({k: v})`, a
    plain object or an array."""
    if isinstance(value, Call) and value.name == "Map.from" and value.args and isinstance(value.args[0], list):
        return [pair[1] for pair in value.args[0] if isinstance(pair, list) and len(pair) == 2]
    if isinstance(value, New) and value.ctor == "Map":
        if value.args and isinstance(value.args[0], dict):
            return list(value.args[0].values())
        if value.args and isinstance(value.args[0], list):
            return [pair[1] for pair in value.args[0] if isinstance(pair, list) and len(pair) == 2]
        return []
    if isinstance(value, dict):
        return list(value.values())
    if isinstance(value, list):
        return value
    return []


def walk(value: Any) -> Any:
    """Every New in the tree, depth first."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, New):
            yield node
            stack.extend(reversed(node.args))
        elif isinstance(node, Call):
            stack.extend(reversed(node.args))
        elif isinstance(node, dict):
            stack.extend(reversed(list(node.values())))
        elif isinstance(node, list):
            stack.extend(reversed(node))


# -- what a club moves over ----------------------------------------------------------------------------
# Every TD3 version from 3.0 writes the same objects; what moved between versions is the wrapping (GamePlayers
# around the players' map, GameLevels around the levels, GamePrizes, GameHistory) and a few names (Firstname
# or FirstName; the points formula as Text, or as Formula with its Dependencies before 3.7). `_unwrap` and
# `_get` take either.

def _get(fields: dict[str, Any], *keys: str) -> Any:
    """The first of `keys` the object has, in any case (TD3 wrote Firstname, FirstName...)."""
    lowered = {k.lower(): v for k, v in fields.items()}
    for key in keys:
        if key.lower() in lowered:
            return lowered[key.lower()]
    return None


def _unwrap(value: Any, key: str) -> Any:
    """`new GamePrizes({Prizes: [...]})` as its list: the wrappers TD3 added around its collections."""
    while isinstance(value, New) and _get(value.fields, key) is not None:
        value = _get(value.fields, key)
    return value


def _news(value: Any, *ctors: str) -> list[New]:
    return [v for v in map_items(value) if isinstance(v, New) and (not ctors or v.ctor in ctors)]


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _number(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _cents(amount: float) -> int:
    """TD3 keeps money in the currency's units, decimals allowed (200, 12.5): ours is whole cents."""
    return round(amount * 100)


def _rake(value: Any) -> float:
    """`new PerPlayerRake([20, 5])`: every rake of one buy-in, the house's part of its price."""
    if isinstance(value, New) and value.args and isinstance(value.args[0], list):
        return sum(_number(v) for v in value.args[0])
    return _number(value)


@dataclass(frozen=True, slots=True)
class FeeProfile:
    name: str
    kind: str  # "buy_in", "rebuy", "add_on"
    prize: int  # what one goes into the prize pool with (TD3's Fee), cents
    bounty: int  # a bounty chip bought with it (BountyChipCost), cents
    fee: int  # the house's part (TD3's rake), cents
    chips: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "prize": self.prize, "bounty": self.bounty, "fee": self.fee,
                "chips": self.chips}


@dataclass(slots=True)
class Td3Save:
    """One save, read: plain data the club's import command takes as it is (see `to_dict`)."""

    version: str
    title: str
    uuid: str | None
    league: str | None
    season: str | None
    date: str | None
    members: list[dict[str, Any]] = field(default_factory=list)
    night: dict[str, Any] | None = None  # the finished tournament, as the club records a night
    unfinished: str | None = None  # why there is no night
    structure: dict[str, Any] | None = None  # levels, chips, starting_stack
    payouts: list[int] | None = None  # basis points, first place first
    fee_profiles: list[FeeProfile] = field(default_factory=list)
    formula: str | None = None  # the points formula, in TD3's language
    not_points: list[str] = field(default_factory=list)  # event triggers and screen layouts, skipped
    problems: list[dict[str, Any]] = field(default_factory=list)  # what does not come over: `left_out`

    def to_dict(self) -> dict[str, Any]:
        return {"version": self.version, "title": self.title, "uuid": self.uuid, "league": self.league,
                "season": self.season, "date": self.date, "members": self.members, "night": self.night,
                "unfinished": self.unfinished, "structure": self.structure, "payouts": self.payouts,
                "fee_profiles": [p.to_dict() for p in self.fee_profiles], "formula": self.formula,
                "not_points": self.not_points, "problems": self.problems}


def read_td3(data: bytes) -> Td3Save:
    """A TD3 save as the club takes it over; a file that is not one raises TdtError (TD3_FILE_INVALID)."""
    root = parse(decode(data))
    version = _text(root.get("V")) if isinstance(root, dict) else ""
    tournament = root.get("T") if isinstance(root, dict) else None
    if not isinstance(tournament, New) or tournament.ctor != "Tournament":
        raise TdtError("it holds no tournament")
    t = tournament.fields
    start = _number(_get(t, "StartTime"))
    save = Td3Save(version=version or "?", title=_text(_get(t, "Title")) or "TD3 tournament",
                   uuid=_text(_get(t, "UUID")) or None, league=_text(_get(t, "LeagueName")) or None,
                   season=_text(_get(t, "SeasonName")) or None,
                   date=_day(start) if start > 0 else None)
    save.fee_profiles = _fee_profiles(t)
    players = [p for p in _news(_unwrap(_get(t, "Players"), "Players"), "GamePlayer", "Player")
               if _text(_get(p.fields, "UUID"))]
    for player in players:
        row = _member(player.fields)
        if row is not None:
            save.members.append(row)
    save.structure = _structure(t, save)
    save.payouts = _payout_shares(t, save)
    _formulas(root, save)
    history = [_text(_get(item.fields, "Text")) for item in _news(_unwrap(_get(t, "History"), "History"))]
    if save.date is None:
        times = [_number(_get(item.fields, "Time")) for item in _news(_unwrap(_get(t, "History"), "History"))]
        save.date = _day(min(times)) if any(times) else None
    save.night, save.unfinished = _night(t, save, players, history)
    if save.night is None and save.unfinished:
        save.problems.append(_no_night(save.unfinished))
    elif save.night is not None and any(p.bounty for p in save.fee_profiles):
        save.problems.append(left_out("bounties", "The bounties won are not brought over: TD3 keeps bounty chips, "
                                      "not the money each player won; they count as 0"))
    return save


def _no_night(why: str) -> dict[str, Any]:
    """A save that records no night (its members and structure still come), in the words of why."""
    still_in = re.search(r"\((\d+) players still in\)", why)
    if still_in:
        return left_out("not_finished", f"No night is recorded: the tournament is not finished ({still_in[1]} "
                        "players still in)", count=int(still_in[1]))
    if why == "nobody bought in":
        return left_out("nobody", "No night is recorded: nobody bought in")
    return left_out("no_date", "No night is recorded: the save has no date")


def _day(ms: float) -> str:
    # The venue's calendar: TD3 ran on this computer's clock, in its time zone.
    return dt.datetime.fromtimestamp(ms / 1000).date().isoformat()


def _member(fields: dict[str, Any]) -> dict[str, Any] | None:
    """A player as a member row: the name the club finds them by, and what TD3 knew of them."""
    name_node = _get(fields, "Name")
    names = name_node.fields if isinstance(name_node, New) else fields
    info_node = _get(fields, "Info")
    info = info_node.fields if isinstance(info_node, New) else fields
    first, last = _text(_get(names, "Firstname", "First")), _text(_get(names, "Lastname", "Last"))
    nickname = _text(_get(names, "Nickname")) or _text(_get(fields, "Nickname"))
    full = " ".join(part for part in (first, last) if part)
    name = full or (name_node.strip() if isinstance(name_node, str) else "") or nickname
    if not name:
        return None
    row: dict[str, Any] = {"name": name, "td3_uuid": _text(_get(fields, "UUID"))}
    if nickname and nickname != name:
        row["nickname"] = nickname
    for key, value in (("first_name", first), ("last_name", last)):
        if value:
            row[key] = value
    emails = [e for e in (_text(_get(info, "Email1", "Email", "EmailAddress")), _text(_get(info, "Email2"))) if e]
    phones = [p for p in (_text(_get(info, "Phone1", "Phone", "PhoneNumber")), _text(_get(info, "Phone2"))) if p]
    for key, values in (("email", emails), ("phone", phones)):
        for i, value in enumerate(values[:2]):
            row[f"{key}{i + 1 if i else ''}"] = value
    for key, ours in (("OptID", "td3_id"), ("Notes", "notes"), ("MemberId", "member_id")):
        value = _get(info, key) if key != "MemberId" else _get(fields, key)
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if _text(value):
            row[ours] = _text(value)
    joined = _get(fields, "JoinDate", "Created")
    if _number(joined) > 0:
        row["joined"] = dt.datetime.fromtimestamp(_number(joined) / 1000, dt.UTC).date().isoformat()
    return row


def _fee_profiles(t: dict[str, Any]) -> list[FeeProfile]:
    financials = _get(t, "Financials")
    money = financials.fields if isinstance(financials, New) else t
    out = []
    for key, kind in (("Buyins", "buy_in"), ("Rebuys", "rebuy"), ("AddOns", "add_on")):
        config = _get(money, key)
        profiles = _get(config.fields, "Profiles") if isinstance(config, New) else None
        for profile in _news(profiles, "FeeProfile"):
            f = profile.fields
            name = _text(_get(f, "Name"))
            if name:
                out.append(FeeProfile(name, kind, _cents(_number(_get(f, "Fee"))),
                                      _cents(_number(_get(f, "BountyChipCost"))), _cents(_rake(_get(f, "Rake"))),
                                      round(_number(_get(f, "Chips")))))
    return out


def _allowed(t: dict[str, Any], key: str) -> dict[str, Any] | None:
    """TD3's settings of its buy-ins, rebuys or add-ons (Allow, LastRound, MaxPerPlayer), if allowed."""
    financials = _get(t, "Financials")
    config = _get(financials.fields, key) if isinstance(financials, New) else None
    if not isinstance(config, New) or _get(config.fields, "Allow") is not True:
        return None
    return config.fields


def _structure(t: dict[str, Any], save: Td3Save) -> dict[str, Any] | None:
    levels: list[dict[str, Any]] = []
    for number, node in enumerate(_news(_unwrap(_get(t, "Levels"), "Levels")), start=1):
        level = _level(node)
        if level is None:
            save.problems.append(left_out("level", f"The blind structure is not brought over: its level {number} "
                                          "has no blinds or no length", number=number))
            return None
        levels.append(level)
    while levels and "break_minutes" in levels[-1]:
        levels.pop()  # TD3 lets a schedule end on a break; ours repeats its last level instead
    if not any("small_blind" in level for level in levels):
        return None
    colors: dict[int, str] = {}
    for chip in _news(_unwrap(_get(t, "Chips"), "Chips"), "GameChip"):
        if _get(chip.fields, "Use") is not False and _number(_get(chip.fields, "Value")) >= 1:
            color = _text(_get(chip.fields, "Color"))[:32] or "grey"
            colors.setdefault(round(_number(_get(chip.fields, "Value"))), color)
    chips = [{"value": value, "color": colors[value]} for value in sorted(colors)]
    _color_ups(levels, sorted(colors))
    default = next((p for p in save.fee_profiles if p.kind == "buy_in"), None)
    return {"levels": levels, "chips": chips, "starting_stack": default.chips if default else 0}


def _level(node: New) -> dict[str, Any] | None:
    f = node.fields
    minutes = _number(_get(f, "Minutes"))
    if not minutes and _number(_get(f, "Duration")):
        duration = _number(_get(f, "Duration"))
        minutes = duration / 60_000 if duration >= 60_000 else duration / 60  # early saves kept milliseconds
    if minutes <= 0:
        return None
    if node.ctor == "GameBreak" or _get(f, "IsBreak") is True or _get(f, "Break") is True:
        return {"break_minutes": round(minutes), "chip_up": _get(f, "ChipUp") is True}
    small, big = _number(_get(f, "SmallBlind")), _number(_get(f, "BigBlind"))
    if small <= 0 or big <= 0:
        return None
    level: dict[str, Any] = {"small_blind": round(small), "big_blind": round(big), "minutes": round(minutes)}
    if _number(_get(f, "Ante")) > 0:
        level["ante"] = round(_number(_get(f, "Ante")))  # TD3's ante: every player pays it
    return level


def _color_ups(levels: list[dict[str, Any]], chips: list[int]) -> None:
    """A TD3 break marked Chip Up races off what the rest of the structure no longer needs: each chip below the
    next level's smallest amount, once every later amount is a multiple of a bigger chip."""
    in_play = list(chips)
    for i, level in enumerate(levels):
        if "break_minutes" not in level:
            continue
        if not level.pop("chip_up"):
            continue
        later = [a for lv in levels[i + 1:] for a in (lv.get("small_blind"), lv.get("big_blind"), lv.get("ante"))
                 if a]
        if not later:
            continue
        gone = []
        for chip in in_play:
            bigger = [c for c in in_play if c > chip]
            if chip < min(later) and bigger and all(a % bigger[0] == 0 for a in later):
                gone.append(chip)
        if gone:
            level["color_up"] = gone
            in_play = [c for c in in_play if c not in gone]


def _payout_shares(t: dict[str, Any], save: Td3Save) -> list[int] | None:
    """The night's prize table as shares of the pool: a percentage table as written, a table of amounts as
    what each place was paid. A prize of another kind (a high hand, a bonus) and a table whose places do not
    run 1, 2, 3... are said in the save's problems."""
    ranked: dict[int, float] = {}
    others = 0
    for prize in _news(_unwrap(_get(t, "Prizes"), "Prizes"), "GamePrize"):
        f = prize.fields
        place = round(_number(_get(f, "Recipient")))
        if _number(_get(f, "Type")) != 0 or place < 1:
            others += 1  # a prize of another kind (a high hand...), not a place
            continue
        value = _number(_get(f, "Amount")) if _number(_get(f, "AmountType")) == 0 \
            else _number(_get(f, "CalculatedAmount")) or _number(_get(f, "Amount"))
        if value > 0:
            ranked[place] = ranked.get(place, 0.0) + value
    if others:
        save.problems.append(left_out("other_prizes", "Prizes not for a place (a high hand, a bonus) are not brought "
                                      f"over ({others}): a payout profile pays places only", count=others))
    if ranked and sorted(ranked) != list(range(1, len(ranked) + 1)):
        places = ", ".join(str(p) for p in sorted(ranked))
        save.problems.append(left_out("prize_places", f"The prize table is not brought over: it pays places "
                                      f"{places}, not 1, 2, 3… in a row", places=places))
    if not ranked or sorted(ranked) != list(range(1, len(ranked) + 1)):
        return None
    values = [ranked[p] for p in sorted(ranked)]
    total = sum(values)
    shares = [max(1, round(v * 10_000 / total)) for v in values]
    shares[0] += 10_000 - sum(shares)  # the rounding goes to the winner
    return shares


def _formulas(root: Any, save: Td3Save) -> None:
    """The points formula (TD3's PointsForPlaying) and every other formula of the save (its events' triggers,
    its screen layout's conditions): those are listed once, apart, never taken for league points."""
    points_node = next((value for node in walk(root) for key, value in node.fields.items()
                        if key.lower() == "pointsforplaying" and isinstance(value, New)), None)
    for node in walk(root):
        if node.ctor != "UserFormula" or node is points_node:
            continue
        text = _formula_text(node)
        if text and text not in save.not_points:
            save.not_points.append(text)
    if points_node is None:
        return
    text = _formula_text(points_node)
    if not text:
        return
    try:
        formula.check(text, "td3", imported=True)
    except formula.FormulaError as exc:
        if exc.code == "FORMULA_NOT_POINTS":
            save.not_points.append(text)
        else:
            save.problems.append(left_out("formula", f"The points formula is not brought over: {exc.message}",
                                          exc))
        return
    save.formula = text


def _formula_text(node: New) -> str:
    f = node.fields
    text = _text(_get(f, "Text")) or _text(_get(f, "Formula"))
    dependencies = [d.strip() for d in map_items(_get(f, "Dependencies")) if isinstance(d, str) and d.strip()]
    # Before 3.7 a formula's assignments were kept apart from it, to be worked out first.
    return "\n".join([*dependencies, text]) if text and dependencies else text


def _night(t: dict[str, Any], save: Td3Save, players: list[New],
           history: list[str]) -> tuple[dict[str, Any] | None, str | None]:
    """The finished tournament as one recorded night, or why there is none."""
    profiles = {p.name: p for p in save.fee_profiles}
    played = []
    for player in players:
        buy_ins = sorted(_news(_get(player.fields, "Buyins"), "GameBuyin"),
                         key=lambda b: _number(_get(b.fields, "Time")))
        if buy_ins:
            played.append((player, buy_ins))
    if not played:
        return None, "nobody bought in"
    still_in = [(p, b) for p, b in played if not isinstance(_get(b[-1].fields, "BustOut"), New)]
    wrapper = _get(t, "Players")  # TD3 keeps a night's deals (Chops) beside its players
    deal = bool(_news(_unwrap(_get(wrapper.fields, "Chops") if isinstance(wrapper, New) else _get(t, "Chops"),
                              "Chops")))
    ended = _number(_get(t, "EndTime")) > 0 or any("won the tournament" in h or h == "Tournament ended"
                                                   for h in history)
    if not ended or (len(still_in) != 1 and not deal):
        return None, f"it is not finished ({len(still_in)} players still in)"
    if save.date is None:
        return None, "it has no date"
    # TD3's ranking: the one left wins; the others by when they went out for good, the last out best. Busts
    # in the same second are told apart by the order of the history, which TD3 writes as it ranks them.
    last_line = {}
    for index, text in enumerate(history):
        if " busted out" in text:
            last_line[text.split(" busted out")[0]] = index

    def out_order(entry: tuple[New, list[New]]) -> tuple[float, int]:
        player, buy_ins = entry
        bust = _get(buy_ins[-1].fields, "BustOut")
        when = _number(_get(bust.fields, "Time")) if isinstance(bust, New) else float("inf")
        nickname = _member(player.fields) or {}
        return (when, last_line.get(nickname.get("nickname") or nickname.get("name", ""), -1))

    # A deal: those in it are placed by their chips, as TD3 shows them.
    leaders = sorted(still_in, key=lambda e: -_number(_get(e[0].fields, "ChipCount")))
    ranked = leaders + sorted((e for e in played if e not in still_in), key=out_order, reverse=True)
    hits: dict[str, int] = {}
    for _player, buy_ins in played:
        for buy_in in buy_ins:
            bust = _get(buy_in.fields, "BustOut")
            for hitman in map_items(_get(bust.fields, "HitmanUUID")) if isinstance(bust, New) else []:
                if isinstance(hitman, str):
                    hits[hitman] = hits.get(hitman, 0) + 1
    prizes: dict[str, int] = {}
    for prize in _news(_unwrap(_get(t, "Prizes"), "Prizes"), "GamePrize"):
        awarded = [u for u in map_items(_get(prize.fields, "AwardedToPlayers")) if isinstance(u, str)]
        amount = _cents(_number(_get(prize.fields, "CalculatedAmount")))
        for i, uuid in enumerate(awarded):  # shared: in whole cents, the odd cent to the first named
            share = amount // len(awarded) + (1 if i < amount % len(awarded) else 0)
            prizes[uuid] = prizes.get(uuid, 0) + share
    paid_places = len({round(_number(_get(p.fields, "Recipient")))
                       for p in _news(_unwrap(_get(t, "Prizes"), "Prizes"), "GamePrize")
                       if _number(_get(p.fields, "Type")) == 0 and map_items(_get(p.fields, "AwardedToPlayers"))})
    seats = [round(_number(_get(table.fields, "NumberOfSeats")))
             for table in _news(_unwrap(_get(t, "Tables"), "Tables"), "GameTable")]
    final_table = max(seats, default=0) or 9
    results, totals = [], {"buy_ins": 0, "rebuys": 0, "add_ons": 0, "entries": 0, "rebuy_count": 0, "add_on_count": 0}
    counted: dict[str, int] = {}
    for place, (player, buy_ins) in enumerate(ranked, start=1):
        uuid = _text(_get(player.fields, "UUID"))
        kinds = [_buy_in_kind(b, profiles, first=i == 0) for i, b in enumerate(buy_ins)]
        add_ons = _news(_get(player.fields, "AddOns"))
        costs = {"buy_in": 0, "rebuy": 0, "add_on": 0}
        for node, kind in [*zip(buy_ins, kinds, strict=True), *((a, "add_on") for a in add_ons)]:
            amount = _cents(_number(_get(node.fields, "Amount")))
            profile = profiles.get(_text(_get(node.fields, "ProfileName")))
            costs[kind] += amount + _cents(_rake(_get(node.fields, "Rake"))) + (profile.bounty if profile else 0)
            totals[{"buy_in": "buy_ins", "rebuy": "rebuys", "add_on": "add_ons"}[kind]] += amount
        counted[uuid] = place
        results.append({
            "td3_uuid": uuid, "place": place, "prize": prizes.get(uuid, 0), "bounty_won": 0,
            "knockouts": hits.get(uuid, 0), "hits_adjustment": round(_number(_get(player.fields, "HitsAdjustment"))),
            "points_adjustment": _number(_get(player.fields, "PointsAdjustment")),
            "reentries": kinds.count("buy_in") - 1, "rebuys": kinds.count("rebuy"), "add_ons": len(add_ons),
            "buy_in_cost": costs["buy_in"], "rebuy_cost": costs["rebuy"], "add_on_cost": costs["add_on"],
            "final_table": int(place <= final_table),
        })
        totals["entries"] += kinds.count("buy_in")
        totals["rebuy_count"] += kinds.count("rebuy")
        totals["add_on_count"] += len(add_ons)
    counts: dict[str, int] = {}
    for _player, buy_ins in played:
        name = _text(_get(buy_ins[0].fields, "ProfileName"))
        counts[name] = counts.get(name, 0) + 1
    main = profiles.get(max(counts, key=lambda n: counts[n])) if counts else None
    price = (main.prize + main.bounty + main.fee, main.fee) if main else (0, 0)
    night = {
        "tournament_id": f"td3:{save.uuid}" if save.uuid else
        f"td3:{hashlib.sha256(f'{save.title}|{save.date}'.encode()).hexdigest()[:32]}",
        "name": save.title, "date": save.date, "buy_in": price[0], "fee": price[1],
        "entries": totals["entries"], "players": len(played), "rebuys": totals["rebuy_count"],
        "add_ons": totals["add_on_count"], "buy_ins_amount": totals["buy_ins"], "rebuys_amount": totals["rebuys"],
        "add_ons_amount": totals["add_ons"],
        "prize_pool": totals["buy_ins"] + totals["rebuys"] + totals["add_ons"],
        "paid_places": paid_places, "league": save.league, "season": save.season, "results": results,
        "deal": len(still_in) if len(still_in) > 1 else 0,
    }
    return night, None


def _buy_in_kind(node: New, profiles: dict[str, FeeProfile], *, first: bool) -> str:
    """A player's first buy-in is their entry; a later one is a rebuy (TD3's "rebought into tournament"),
    or a re-entry when it was bought with a buy-in profile."""
    if first:
        return "buy_in"
    profile = profiles.get(_text(_get(node.fields, "ProfileName")))
    return "buy_in" if profile is not None and profile.kind == "buy_in" else "rebuy"
