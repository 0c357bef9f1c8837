"""The kinds a command's field may be of, and the check of a value against its kind.

A command comes from a window, a client or a script as JSON. Before the rules look at it, every field
is checked against the kind its command declares (`commands`), and anything else is refused with
FIELD_INVALID naming the field: text that is not text, or too long to be a name or a reason (a 1 MB
reason), or that holds a lone surrogate (which no file can store); a number beyond what a tournament
counts (2**63, a 5,000-digit stack), or a float where money, chips, seats and seconds are whole; a flag
given as "false"; a value nested deeper than any command needs (3,000 levels). The rules then check
what the values mean (whose entry, which seat, how many chips).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .errors import TourneyError

INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # what SQLite and every client can hold
NESTED_TEXT_MAX = 256
NESTING_MAX = 6  # edit_structure: {levels: [{color_up: [25]}]} is the deepest command there is
NESTED_ITEMS_MAX = 20_000
ENTRIES_MAX = 100_000  # a deal's stacks, a bust's list: never more than the entries of a tournament


@dataclass(frozen=True, slots=True)
class Field:
    """`what` names the kind for a reader (an id, money, chips, a name...); `json` is what it is as JSON:
    text, int, bool, list, dict or json (a nested value checked as a whole)."""

    what: str
    json: str
    size: int = 0  # text: characters; list, dict, json: items
    code: str = "FIELD_INVALID"  # where the rules already name this refusal (NAME_INVALID), the same code


def text(size: int = 64, code: str = "FIELD_INVALID", what: str = "text") -> Field:
    return Field(what, "text", size, code)


def listing(size: int, code: str = "FIELD_INVALID") -> Field:
    return Field("list", "list", size, code)


def mapping(size: int) -> Field:
    return Field("object", "dict", size)


def nested(size: int) -> Field:
    return Field("value", "json", size)


ID = text(32, what="id")  # p12, e40: ids are short
NAME = text(256, "NAME_INVALID", "name")  # the rules keep names to 64 characters and say so
CONTACT = text(256, what="contact")  # an email, a phone, a member id
REASON = text(500, what="reason")  # a sentence or two for the log, never a document
PAYMENT = text(32, what="payment method")
WORD = text(32, what="word")  # one of a few words the rule knows (an action, a method)
MONEY = Field("money", "int")  # minor units
CHIPS = Field("chips", "int")
NUMBER = Field("number", "int")  # a table, a seat, seconds, minutes, an index
FLAG = Field("flag", "bool")


def refuse(field: str, problem: str, command: str | None = None, code: str = "FIELD_INVALID") -> TourneyError:
    """FIELD_INVALID (or the rule's own code) naming the field; `command`: the known command it belongs to."""
    where = f"{command}: " if command else ""
    return TourneyError(code, f"{where}{field} {problem}", field=field, problem=problem, command=command)


def check(name: str, value: Any, spec: Field, command: str | None) -> None:
    """One field's value against its kind; None is a field left out."""
    if value is None:
        return
    kind, code = spec.json, spec.code
    if kind == "bool":
        if not isinstance(value, bool):
            raise refuse(name, "must be true or false", command, code)
        return
    if kind == "int":
        _check_int(name, value, command, code)
        return
    if kind == "text":
        _check_text(name, value, spec.size, command, code)
        return
    if kind == "list" and not isinstance(value, list):
        raise refuse(name, "must be a list", command, code)
    if kind == "dict" and not isinstance(value, dict):
        raise refuse(name, "must be an object", command, code)
    _check_nested(name, value, spec.size, command)


def _check_int(name: str, value: Any, command: str | None, code: str = "FIELD_INVALID") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(name, "must be a whole number", command, code)
    if not INT_MIN <= value <= INT_MAX:
        raise refuse(name, "is far beyond any number a tournament counts", command, code)


def _check_text(name: str, value: Any, size: int, command: str | None, code: str = "FIELD_INVALID") -> None:
    if not isinstance(value, str):
        raise refuse(name, "must be text", command, code)
    if len(value) > size:
        raise refuse(name, f"is {len(value)} characters long; at most {size}", command, code)
    if not _storable(value):
        raise refuse(name, "holds a character that is not text (a lone surrogate)", command, code)


def _check_nested(name: str, value: Any, items: int, command: str | None) -> None:
    """A list or object checked as a whole, without recursion (a 3,000-deep value must not crash)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    seen = 0
    while stack:
        node, depth = stack.pop()
        seen += 1
        if seen > max(items, 1) * 8 or seen > NESTED_ITEMS_MAX:
            raise refuse(name, "holds far more values than a command needs", command)
        if isinstance(node, dict | list):
            if depth > NESTING_MAX:
                raise refuse(name, f"is nested more than {NESTING_MAX} levels deep", command)
            if isinstance(node, dict):
                for key, child in node.items():
                    if not isinstance(key, str):
                        raise refuse(name, "has a key that is not text", command)
                    _check_text(name, key, NESTED_TEXT_MAX, command)
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in node)
        elif isinstance(node, str):
            _check_text(name, node, NESTED_TEXT_MAX, command)
        elif isinstance(node, bool) or node is None:
            continue
        elif isinstance(node, int):
            _check_int(name, node, command)
        elif isinstance(node, float):
            if not math.isfinite(node):
                raise refuse(name, "holds a number that is not finite", command)
        else:
            raise refuse(name, "holds a value that is not JSON", command)


def _storable(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
