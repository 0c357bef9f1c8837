"""What each field of an event's payload is: private (it stays on the laptop), or public with what the
website holds it to. Declared on the field itself, in its payload's TypedDict (`payloads`):

    class EntryBought(TypedDict):
        entry: Id
        payment: Private[str]
        price: Public[PriceFacts]      # an object: its own fields say what of it is public
        by: Annotated[list[Id], items(100)]

Everything that decides what leaves the laptop reads these marks: the public copy of an event that the
sync sends and the site keeps (`public.py`), the site's check of every event it receives
(`tourneysite/validation.py`) and the public snapshot's players. A field without a mark fails as the
payloads are read (`shape`), so none is public by omission: a new field is private until someone says
otherwise, and then says what the site may accept in it.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import (
    Annotated,
    Any,
    NotRequired,
    Required,
    TypeVar,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

MAX_INT = 2**53  # JSON numbers beyond this do not survive a round trip through a browser
MAX_TEXT = 200
MAX_SEAT = 20
MAX_TABLE = 10_000


@dataclass(frozen=True, slots=True)
class Kind:
    """A public value: `check` is id, text, whole, flag, word (one of `words`), config (the core's
    config reader checks it when the site folds it) or object (a TypedDict: its fields say)."""

    check: str
    low: int = 0
    high: int = MAX_INT
    size: int = MAX_TEXT  # text: characters
    words: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Items:
    """A public list, or an object of ids to values (`dict[str, ...]`), of at most `size` items."""

    size: int


@dataclass(frozen=True, slots=True)
class PrivateMark:
    """Stays on the laptop: the website, the phones and the public snapshot never receive it."""


@dataclass(frozen=True, slots=True)
class AddedMark:
    """Written since a later version than its event type: an older laptop's event may lack it, and the
    site takes the event without it."""


def text(size: int = MAX_TEXT) -> Kind:
    return Kind("text", size=size)


def whole(low: int = 0, high: int = MAX_INT) -> Kind:
    return Kind("whole", low, high)


def one_of(*words: str) -> Kind:
    return Kind("word", words=words)


def items(size: int) -> Items:
    return Items(size)


PRIVATE = PrivateMark()
ADDED = AddedMark()
ID = Kind("id")
FLAG = Kind("flag")
CONFIG = Kind("config")
OBJECT = Kind("object")
MONEY = whole()  # minor units
CHIPS = whole()
TABLE = whole(1, MAX_TABLE)
SEAT = whole(1, MAX_SEAT)
COUNT = whole(0, 10_000_000)

T = TypeVar("T")
Private = Annotated[T, PRIVATE]
Public = Annotated[T, OBJECT]  # an object whose own fields say what of it is public
Added = Annotated[T, ADDED]
Id = Annotated[str, ID]
Text = Annotated[str, text()]
Flag = Annotated[bool, FLAG]
Money = Annotated[int, MONEY]
Chips = Annotated[int, CHIPS]
Table = Annotated[int, TABLE]
Seat = Annotated[int, SEAT]
Count = Annotated[int, COUNT]


@dataclass(frozen=True, slots=True)
class Shape:
    """What of a value is public, and what the site accepts in it.

    A leaf has its `kind`; an object (`kind.check == "object"`) its public `fields` (each with whether
    it must be there) and its `private` ones; a list or a map (`container`) its `items` and `size`."""

    kind: Kind | None
    nullable: bool = False
    fields: Mapping[str, tuple[Shape, bool]] = field(default_factory=dict)
    private: frozenset[str] = frozenset()
    container: str | None = None  # list, or map (keys are ids)
    items: Shape | None = None
    size: int = 0


def shape(payload: type[Mapping[str, Any]]) -> Shape:
    """The public shape of a payload's TypedDict (a field without a mark is a mistake: TypeError)."""
    return _object(payload, payload.__name__)


def public_fields(payload: type[Mapping[str, Any]]) -> frozenset[str]:
    return frozenset(shape(payload).fields)


def keep_public(s: Shape, value: Any, config: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> Any:
    """The public part of a value of shape `s` (a new value; the argument is left untouched): an object's
    public fields, each list or map item's; a config through `config` (the house's fee taken out)."""
    if s.kind is not None and s.kind.check == "config":
        return config(value) if config is not None and isinstance(value, dict) else value
    if s.container is not None and s.items is not None:
        if isinstance(value, list):
            return [keep_public(s.items, item, config) for item in value]
        return ({k: keep_public(s.items, item, config) for k, item in value.items()} if isinstance(value, dict)
                else value)
    if s.fields and isinstance(value, dict):
        return {key: keep_public(s.fields[key][0], item, config) for key, item in value.items() if key in s.fields}
    return value


def _object(typed: Any, where: str) -> Shape:
    fields: dict[str, tuple[Shape, bool]] = {}
    private: set[str] = set()
    for name, hint in get_type_hints(typed, include_extras=True).items():
        found = _value(hint, f"{where}.{name}")
        if found is None:
            private.add(name)
        else:
            fields[name] = (found, name in typed.__required_keys__ and ADDED not in _marks(hint))
    return Shape(OBJECT, fields=fields, private=frozenset(private))


def _marks(hint: Any) -> tuple[Any, ...]:
    if get_origin(hint) in (NotRequired, Required):
        hint = get_args(hint)[0]
    return tuple(hint.__metadata__) if get_origin(hint) is Annotated else ()


def _value(hint: Any, where: str) -> Shape | None:
    """The shape of one value (None: private), from its type and its marks."""
    marks: tuple[Any, ...] = ()
    if get_origin(hint) in (NotRequired, Required):
        hint = get_args(hint)[0]
    if get_origin(hint) is Annotated:
        hint, marks = get_args(hint)[0], hint.__metadata__
    if PRIVATE in marks:
        return None
    nullable = False
    if get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint):
        rest = [a for a in get_args(hint) if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"{where}: one type or None")
        nullable, hint = True, rest[0]
        if get_origin(hint) is Annotated:
            hint, marks = get_args(hint)[0], marks + hint.__metadata__
    kind = next((m for m in marks if isinstance(m, Kind)), None)
    size = next((m.size for m in marks if isinstance(m, Items)), None)
    if is_typeddict(hint):
        if kind is not OBJECT:
            raise TypeError(f"{where}: say Public[...] or Private[...]")
        found = _object(hint, where)
        return Shape(found.kind, nullable, found.fields, found.private)
    if kind is not None:
        return Shape(kind, nullable)
    if get_origin(hint) in (list, dict):
        if size is None:
            raise TypeError(f"{where}: a public list or map says its size (items(n)), or is Private[...]")
        item = _value(get_args(hint)[-1], f"{where}[]")
        if item is None:
            raise TypeError(f"{where}: a list of private values is private itself")
        return Shape(None, nullable, container="list" if get_origin(hint) is list else "map", items=item, size=size)
    raise TypeError(f"{where} is neither public (a kind: Id, Text, Money...) nor Private[...]")
