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


class TdtError(TourneyError):
    def __init__(self, message: str, offset: int | None = None) -> None:
        where = f" at character {offset + 1}" if offset is not None else ""
        super().__init__("TD3_FILE_INVALID", f"This is not a Tournament Director file we can read: {message}{where}",
                         offset=offset)


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
PLAYER_CTORS = ("Player", "DatabasePlayer", "GamePlayer")
LEVEL_CTORS = ("GameLevel", "Level", "BlindLevel", "Round")
PAYOUT_CTORS = ("PayoutProfile", "PrizeProfile", "PayoutStructure")
FORMULA_CTORS = ("UserFormula", "PointsFormula", "LeagueFormula")

# TD3's names for a night's figures, as ours; anything else in a formula is reported, not guessed.
TD3_NAMES = {"n": "entries", "numberofplayers": "entries", "buyins": "entries", "nplayers": "players",
             "r": "place", "rank": "place", "place": "place", "winnings": "prize", "prizewinnings": "prize",
             "buyinamount": "buy_in", "buyin": "buy_in", "hits": "knockouts", "knockouts": "knockouts",
             "bountywinnings": "bounty_won", "rebuys": "rebuys", "addons": "add_ons", "reentries": "reentries",
             "math.sqrt": "sqrt", "math.log": "ln", "math.log10": "log", "math.round": "round",
             "math.floor": "floor", "math.ceil": "ceil", "math.min": "min", "math.max": "max", "math.pow": "pow"}


@dataclass(slots=True)
class Td3Import:
    members: list[dict[str, Any]] = field(default_factory=list)
    structures: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    payouts: dict[str, list[int]] = field(default_factory=dict)  # basis points, first place first
    formulas: dict[str, str] = field(default_factory=dict)  # name -> our formula
    problems: list[str] = field(default_factory=list)


def _text(fields: dict[str, Any], *keys: str) -> str | None:
    for key in keys:
        value = fields.get(key)
        if isinstance(value, New):
            value = value.fields.get("Nickname") or value.fields.get("Name")
        if isinstance(value, str | int) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    return None


def _member(fields: dict[str, Any]) -> dict[str, Any] | None:
    name_node = fields.get("Name")
    names = name_node.fields if isinstance(name_node, New) else fields
    first, last = _text(names, "FirstName", "First"), _text(names, "LastName", "Last")
    nickname = _text(names, "Nickname", "NickName")
    name = " ".join(p for p in (first, last) if p) or (name_node if isinstance(name_node, str) else None) or nickname
    if not name:
        return None
    row: dict[str, Any] = {"name": name}
    if nickname and nickname != name:
        row["nickname"] = nickname
    for key, ours in (("Email", "email"), ("EmailAddress", "email"), ("Phone", "phone"), ("PhoneNumber", "phone"),
                      ("Notes", "notes"), ("MemberId", "member_id"), ("MemberID", "member_id"), ("Id", "member_id"),
                      ("PlayerId", "member_id")):
        value = _text(fields, key)
        if value and ours not in row:
            row[ours] = value
    joined = fields.get("JoinDate") or fields.get("Created")
    if isinstance(joined, int | float) and not isinstance(joined, bool) and joined > 0:
        row["joined"] = dt.datetime.fromtimestamp(joined / 1000, dt.UTC).date().isoformat()
    return row


def _level(fields: dict[str, Any]) -> dict[str, Any] | None:
    minutes = fields.get("Minutes")
    if minutes is None and isinstance(fields.get("Duration"), int | float):
        duration = fields["Duration"]
        minutes = duration / 60_000 if duration >= 60_000 else duration / 60  # TD3 keeps milliseconds
    if not isinstance(minutes, int | float) or minutes <= 0:
        return None
    minutes = round(minutes)
    if fields.get("IsBreak") or fields.get("Break") is True or fields.get("Type") == "break":
        return {"break_minutes": minutes}
    small, big = fields.get("SmallBlind"), fields.get("BigBlind")
    if not isinstance(small, int) or not isinstance(big, int):
        return None
    level: dict[str, Any] = {"small_blind": small, "big_blind": big, "minutes": minutes}
    if isinstance(fields.get("Ante"), int) and fields["Ante"] > 0:
        level["ante"] = fields["Ante"]
    return level


def translate_formula(text: str) -> str:
    """A TD3 formula in our names (`Math.sqrt(n) / r` -> `sqrt(entries) / place`); `**` and `pow(a, b)`
    become `^`. What cannot be put in our words is left for `formula.check` to name."""
    def name(match: re.Match[str]) -> str:
        word = match.group()
        return TD3_NAMES.get(word.lower(), word)

    out = re.sub(r"[A-Za-z_][A-Za-z0-9_.]*", name, text.strip().rstrip(";"))
    out = out.replace("**", "^")
    return out


def read_td3(data: bytes) -> Td3Import:
    tree = parse(decode(data))
    found = Td3Import()
    seen_members: set[tuple[str, str]] = set()
    for node in walk(tree):
        if node.ctor in PLAYER_CTORS:
            row = _member(node.fields)
            if row is not None and (row["name"], row.get("member_id", "")) not in seen_members:
                seen_members.add((row["name"], row.get("member_id", "")))
                found.members.append(row)
        elif node.ctor in FORMULA_CTORS:
            text = _text(node.fields, "Formula", "Text")
            label = _text(node.fields, "Name", "Description") or f"Formula {len(found.formulas) + 1}"
            if text is None:
                continue
            ours = translate_formula(text)
            try:
                formula.check(ours)
            except TourneyError as exc:
                found.problems.append(f"formula {label!r}: {exc.message} (in {ours!r}, from {text!r})")
                continue
            found.formulas[label] = ours
        elif node.ctor in PAYOUT_CTORS:
            label = _text(node.fields, "Name", "Title") or f"Payouts {len(found.payouts) + 1}"
            shares = node.fields.get("Payouts") or node.fields.get("Places") or node.fields.get("Percentages")
            values = [v for v in map_items(shares) if isinstance(v, int | float) and not isinstance(v, bool)]
            if not values:
                found.problems.append(f"payout profile {label!r}: no places")
                continue
            total = sum(values)
            bps = [round(v * 10_000 / total) for v in values]
            bps[0] += 10_000 - sum(bps)  # rounding goes to the winner
            found.payouts[label] = bps
        else:
            levels_node = node.fields.get("Levels")
            if levels_node is None:
                continue
            levels = [_level(n.fields) for n in map_items(levels_node) if isinstance(n, New)]
            label = _text(node.fields, "Name", "Title", "Description") or f"Structure {len(found.structures) + 1}"
            if levels and all(levels) and any("small_blind" in lv for lv in levels if lv):
                found.structures[label] = [lv for lv in levels if lv]
            elif levels:
                found.problems.append(f"structure {label!r}: a level without blinds or a length")
    return found
