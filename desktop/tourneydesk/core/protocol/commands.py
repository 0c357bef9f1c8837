"""Every command, declared once beside its rule: its fields with their kinds, and who may send it.

A rule declares its command as a TypedDict whose fields carry their kinds (`Annotated`: an id, money,
chips, a name, a reason...), and registers its decide function with it:

    class PlayerClockCommand(Common, total=False):
        \"\"\"A player put on the clock.\"\"\"

        type: Required[Literal["player_clock"]]
        entry: Id
        seconds: Number


    @command(PlayerClockCommand, devices=("td",))
    def decide_player_clock(state: State, cmd: PlayerClockCommand, ctx: Context) -> Decision: ...

That is the whole declaration: the engine refuses a field the TypedDict does not have (UNKNOWN_FIELD)
and checks every field against its kind (FIELD_INVALID) before the rule reads it; mypy checks that the
decide function reads the command it is declared with; `devices` says which paired devices of the venue
network may send it (the desk's own windows send any command). A command arrives as JSON, so it is a
`Mapping[str, Any]` until it has passed those checks. Every field but `type` may be left out, and a
field given as null counts as left out: hence each kind's `| None`. What a value means (whose entry,
which seat) is the rule's to check.

The declarations are gathered as the rule modules are imported; `engine.COMMANDS` holds those of every
rule module.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Required, TypedDict, TypeVar, Union, get_args, get_origin, get_type_hints

from ..state import State
from . import command_fields as kinds
from .command_fields import Field
from .errors import TourneyError
from .events import Context, Decision

# The kinds a field is declared with: the JSON value the rule reads, and the check it has passed.
Id = Annotated[str | None, kinds.ID]
Name = Annotated[str | None, kinds.NAME]
Contact = Annotated[str | None, kinds.CONTACT]
Reason = Annotated[str | None, kinds.REASON]
Payment = Annotated[str | None, kinds.PAYMENT]
Word = Annotated[str | None, kinds.WORD]
Money = Annotated[int | None, kinds.MONEY]
Chips = Annotated[int | None, kinds.CHIPS]
Number = Annotated[int | None, kinds.NUMBER]
Flag = Annotated[bool | None, kinds.FLAG]
Present = Annotated[Any, kinds.nested(1)]  # the cashier's `present: true`; the rule checks it is true

# The paired devices that may send a command besides the desk's windows: the TD's remote, the floor
# staff's phone (busts and moves, never a sale or an undo) and a second cashier's tablet (docs/phones.md;
# a screen sends nothing).
Device = Literal["td", "floor", "cashier"]


class Common(TypedDict, total=False):
    """The fields every command may carry: where it came from, its idempotency key, a dry run."""

    station: Annotated[str | None, kinds.text(64, what="station")]
    actor: Annotated[str | None, kinds.text(64, what="actor")]
    command_id: Annotated[str | None, kinds.text(128, what="command id")]
    dry_run: Flag


# The JSON value each kind's field is read as: a declaration whose type says otherwise is refused.
_READ_AS: dict[str, Any] = {"text": str | None, "int": int | None, "bool": bool | None,
                            "list": list[Any] | None, "dict": dict[str, Any] | None, "json": Any}

Decide = Callable[[State, Any, Context], Decision]


@dataclass(frozen=True, slots=True)
class CommandType:
    """One command as declared: its name, its TypedDict, each field's kind (the common ones aside), the
    devices that may send it and its decide function (None for undo, which the desk answers)."""

    name: str
    shape: type[Mapping[str, Any]]
    fields: Mapping[str, Field]
    devices: frozenset[Device]
    decide: Decide | None


_DECLARED: dict[str, CommandType] = {}


def _kinds_of(shape: type[Mapping[str, Any]]) -> tuple[tuple[str, ...], dict[str, Field]]:
    """The commands' names (one shape may declare several: disqualify and remove) and their own fields'
    kinds, read off the TypedDict."""
    hints = get_type_hints(shape, include_extras=True)
    name_hint = hints.get("type")
    if get_origin(name_hint) is Required:
        name_hint = get_args(name_hint)[0]
    if get_origin(name_hint) is not Literal:
        raise TypeError(f"{shape.__name__}: `type: Required[Literal[\"name\"]]` names the command")
    return get_args(name_hint), _field_kinds(shape, {f: h for f, h in hints.items() if f not in COMMON})


def _field_kinds(shape: type[Mapping[str, Any]], hints: Mapping[str, Any]) -> dict[str, Field]:
    """Each field's kind. A field without one, or whose type is not its kind's, is a mistake of the
    declaration: it fails as the rule's module is imported, before any command runs."""
    fields: dict[str, Field] = {}
    for field, hint in hints.items():
        metadata = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Field)]
        if get_origin(hint) is not Annotated or len(metadata) != 1:
            raise TypeError(f"{shape.__name__}.{field} has no kind (Id, Money, Chips, Name...)")
        (kind,) = metadata
        if not _same_type(get_args(hint)[0], _READ_AS[kind.json]):
            raise TypeError(f"{shape.__name__}.{field}: a {kind.what} is read as {_READ_AS[kind.json]}")
        fields[field] = kind
    return fields


def _same_type(a: Any, b: Any) -> bool:
    if get_origin(a) in (Union, types.UnionType) and get_origin(b) in (Union, types.UnionType):
        return set(get_args(a)) == set(get_args(b))
    return bool(a == b)


def declare(shape: type[Mapping[str, Any]], *, devices: Iterable[Device] = (), decide: Decide | None = None
            ) -> None:
    """Register the commands `shape` declares (`decide` None: answered by the desk, as undo is)."""
    names, fields = _kinds_of(shape)
    for name in names:
        if name in _DECLARED:
            raise TypeError(f"{name} is declared twice")
        _DECLARED[name] = CommandType(name, shape, fields, frozenset(devices), decide)


S = TypeVar("S", bound=Mapping[str, Any])


def command(shape: type[S], *, devices: Iterable[Device] = ()
            ) -> Callable[[Callable[[State, S, Context], Decision]], Callable[[State, S, Context], Decision]]:
    """The decorator a rule's decide function is declared with, beside it."""
    def register(decide: Callable[[State, S, Context], Decision]) -> Callable[[State, S, Context], Decision]:
        declare(shape, devices=devices, decide=decide)
        return decide
    return register


def declared_in(*modules: types.ModuleType) -> dict[str, CommandType]:
    """The commands these modules declare, by name; a package's: those of every module of it imported."""
    names = {module.__name__ for module in modules}
    return {name: c for name, c in _DECLARED.items()
            if c.shape.__module__ in names or c.shape.__module__.rpartition(".")[0] in names}


# The fields every command may carry, `type` first: checked before anything reads them.
COMMON: dict[str, Field] = {"type": kinds.text(32, what="command"),
                            **_field_kinds(Common, get_type_hints(Common, include_extras=True))}


def check_common(cmd: Mapping[str, Any]) -> None:
    """The fields every command may carry, checked before the desk reads command_id or dry_run."""
    kind = cmd.get("type")
    known = kind if isinstance(kind, str) and kind in _DECLARED else None
    for name, spec in COMMON.items():
        if name in cmd:
            kinds.check(name, cmd[name], spec, known)


def check(cmd: Mapping[str, Any]) -> CommandType:
    """The declaration of `cmd` once every field is one it has, of its kind; else the refusal."""
    if not isinstance(cmd, dict):
        raise TourneyError("COMMAND_INVALID", "A command is a JSON object with a type")
    kind = cmd.get("type")
    if not isinstance(kind, str) or kind not in _DECLARED:  # a list or an object is no type (unhashable)
        raise TourneyError("UNKNOWN_COMMAND", f"There is no command {kind!r}", command=kind)
    declared = _DECLARED[kind]
    unknown = sorted(set(cmd) - declared.fields.keys() - COMMON.keys())
    if unknown:
        raise TourneyError("UNKNOWN_FIELD", f"{kind} has no field {unknown[0]!r}", field=unknown[0], command=kind)
    for name, value in cmd.items():
        kinds.check(name, value, declared.fields.get(name) or COMMON[name], kind)
    return declared
