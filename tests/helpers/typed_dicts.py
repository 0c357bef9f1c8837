"""Whether a value is what its TypedDict says, at run time: the keys it must have, none it may not, and
each value of the declared type (a whole number is not a flag, a flag is not a whole number).

The core's commands, payloads and plan steps are TypedDicts that mypy checks where the code builds
them; this checks what the desk really writes and answers against the same declarations."""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


def problems(value: Any, shape: Any, where: str = "") -> list[str]:
    """What differs between `value` and the type `shape`, each named by its path (empty when it fits)."""
    if shape is Any or shape is object:
        return []
    if is_typeddict(shape):
        return _typed_dict(value, shape, where)
    origin = get_origin(shape)
    if origin in (Union, types.UnionType):
        found = [problems(value, option, where) for option in get_args(shape)]
        return [] if any(not p for p in found) else [f"{where or 'value'}: {value!r} is not {_name(shape)}"]
    if origin is Literal:
        return [] if value in get_args(shape) else [f"{where}: {value!r} is not one of {get_args(shape)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        (item,) = get_args(shape) or (Any,)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin in (dict, Mapping):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key, item = get_args(shape) or (Any, Any)
        return [p for k, v in value.items()
                for p in problems(k, key, f"{where} key") + problems(v, item, f"{where}[{k!r}]")]
    if shape is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    if shape is int:
        whole = isinstance(value, int) and not isinstance(value, bool)
        return [] if whole else [f"{where}: {value!r} is not a whole number"]
    if shape in (str, bool):
        return [] if isinstance(value, shape) else [f"{where}: {value!r} is not {shape.__name__}"]
    raise TypeError(f"{where}: no check for {shape!r}")


def _typed_dict(value: Any, shape: Any, where: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{where or shape.__name__}: {value!r} is not an object"]
    hints = get_type_hints(shape)
    found = [f"{where}.{key}: missing ({shape.__name__})" for key in sorted(shape.__required_keys__ - set(value))]
    found += [f"{where}.{key}: not a field of {shape.__name__}" for key in sorted(set(value) - set(hints))]
    for key in sorted(set(value) & set(hints)):
        found += problems(value[key], hints[key], f"{where}.{key}")
    return found


def _name(shape: Any) -> str:
    return " | ".join(getattr(t, "__name__", str(t)) for t in get_args(shape))  # "str | NoneType"
