"""What each field of each command may hold: its kind and a sane size, declared once per command.

A command comes from a window, a client or a script as JSON. Before the rules look at it, every field
is checked against its declaration, and anything else is refused with FIELD_INVALID naming the field:
text that is not text, or too long to be a name or a reason (a 1 MB reason), or that holds a lone
surrogate (which no file can store); a number beyond what a tournament counts (2**63, a 5,000-digit
stack), or a float where money, chips, seats and seconds are whole; a flag given as "false"; a value
nested deeper than any command needs (3,000 levels). The rules then check what the values mean
(whose entry, which seat, how many chips).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import TourneyError

INT_MIN, INT_MAX = -(2**63), 2**63 - 1  # what SQLite and every client can hold
NESTED_TEXT_MAX = 256
ANNOUNCEMENT_MAX = 200  # one line on a TV, two on a phone
NESTING_MAX = 6  # edit_structure: {levels: [{color_up: [25]}]} is the deepest command there is
NESTED_ITEMS_MAX = 20_000


@dataclass(frozen=True, slots=True)
class Field:
    """`kind` is text, int, bool, list, dict or json (a nested value checked as a whole)."""

    kind: str
    size: int = 0  # text: characters; list, dict, json: items
    code: str = "FIELD_INVALID"  # where the rules already name this refusal (NAME_INVALID), the same code


def text(size: int = 64, code: str = "FIELD_INVALID") -> Field:
    return Field("text", size, code)


INT = Field("int")
BOOL = Field("bool")
ID = text(32)  # p12, e40: ids are short
PAYMENT = text(32)
REASON = text(500)  # a sentence or two for the log, never a document
CONTACT = text(256)  # an email, a phone, a member id
NAME = text(256, "NAME_INVALID")  # the rules keep names to 64 characters and say so


def listing(size: int, code: str = "FIELD_INVALID") -> Field:
    return Field("list", size, code)


def mapping(size: int) -> Field:
    return Field("dict", size)


def nested(size: int) -> Field:
    return Field("json", size)


COMMON: dict[str, Field] = {
    "type": text(32),
    "station": text(64),
    "actor": text(64),
    "command_id": text(128),
    "dry_run": BOOL,
}

ENTRIES_MAX = 100_000  # a deal's stacks, a bust's list: never more than the entries of a tournament

FIELDS: dict[str, dict[str, Field]] = {
    "register": {"name": NAME, "nickname": NAME, "email": CONTACT, "phone": CONTACT, "member_id": CONTACT},
    "edit_player": {"player": ID, "name": NAME, "nickname": NAME, "email": CONTACT, "phone": CONTACT,
                    "member_id": CONTACT},
    "unregister": {"player": ID},
    "buy_in": {"player": ID, "payment": PAYMENT, "present": nested(1), "seat": nested(4), "abandon": ID,
               "abandon_chips": INT},
    "rebuy": {"entry": ID, "payment": PAYMENT, "present": nested(1), "stack": INT},
    "add_on": {"entry": ID, "payment": PAYMENT, "present": nested(1)},
    "bust": {"entry": ID, "by": listing(1000), "stack_at_hand_start": INT, "busts": listing(1000)},
    "disqualify": {"entry": ID, "reason": REASON, "chips": INT},
    "remove": {"entry": ID, "reason": REASON, "chips": INT},
    "finish": {},
    "deal": {"method": text(32), "stacks": mapping(ENTRIES_MAX), "amounts": mapping(ENTRIES_MAX),
             "play_for": INT, "end": BOOL, "order": listing(ENTRIES_MAX)},
    "move": {"entry": ID, "table": INT, "seat": INT, "balance": BOOL},
    "set_button": {"table": INT, "seat": INT},
    "balance": {},
    "break_table": {"table": INT},
    "final_table": {},
    "clock": {"action": text(32), "seconds": INT, "index": INT},
    "hand_for_hand": {"action": text(32)},
    "penalty": {"entry": ID, "minutes": INT, "hands": INT, "reason": REASON},
    "player_clock": {"entry": ID, "seconds": INT},
    "chip_count": {"entry": ID, "chips": INT},
    "table_count": {"table": INT, "stacks": mapping(ENTRIES_MAX)},
    "chips_removed": {"amount": INT, "reason": REASON},
    "announce": {"text": text(ANNOUNCEMENT_MAX), "minutes": INT},
    "edit_structure": {"levels": listing(1000)},
    "edit_payouts": {"places": listing(10_000, "PAYOUTS_INVALID")},
    "edit_config": {"set": mapping(200)},
    "pay": {"entry": ID, "payment": PAYMENT},
    "undo": {"seq": INT},
}


def refuse(field: str, problem: str, command: Any = None, code: str = "FIELD_INVALID") -> TourneyError:
    where = f"{command}: " if isinstance(command, str) and command in FIELDS else ""
    return TourneyError(code, f"{where}{field} {problem}", field=field, problem=problem,
                        command=command if where else None)


def check_common(cmd: Mapping[str, Any]) -> None:
    """The fields every command may carry, checked before anything reads them (the desk's own)."""
    for name, spec in COMMON.items():
        if name in cmd:
            _check(name, cmd[name], spec, cmd.get("type"))


def check(kind: str, cmd: Mapping[str, Any]) -> None:
    """Every field of `cmd`, a command of type `kind`, against its declaration."""
    declared = FIELDS[kind]
    for name, value in cmd.items():
        spec = declared.get(name) or COMMON.get(name)
        if spec is not None:
            _check(name, value, spec, kind)


def _check(name: str, value: Any, spec: Field, command: Any) -> None:
    if value is None:  # an optional field left out
        return
    kind, code = spec.kind, spec.code
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


def _check_int(name: str, value: Any, command: Any, code: str = "FIELD_INVALID") -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(name, "must be a whole number", command, code)
    if not INT_MIN <= value <= INT_MAX:
        raise refuse(name, "is far beyond any number a tournament counts", command, code)


def _check_text(name: str, value: Any, size: int, command: Any, code: str = "FIELD_INVALID") -> None:
    if not isinstance(value, str):
        raise refuse(name, "must be text", command, code)
    if len(value) > size:
        raise refuse(name, f"is {len(value)} characters long; at most {size}", command, code)
    if not _storable(value):
        raise refuse(name, "holds a character that is not text (a lone surrogate)", command, code)


def _check_nested(name: str, value: Any, items: int, command: Any) -> None:
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
