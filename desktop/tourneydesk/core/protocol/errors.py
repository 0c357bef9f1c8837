"""The one error type the desk raises for anything a TD, a cashier or a client did wrong.

Each cause has a stable code (`SEAT_TAKEN`) that the UI translates, the parameters that the
translation fills in, and an English message a TD understands. A command refused with this error
writes nothing.
"""

from __future__ import annotations

from typing import Any


class TourneyError(Exception):
    """A refused command, config or file: `code` is stable, `message` is for people."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": self.params}

    def __repr__(self) -> str:
        return f"TourneyError({self.code!r}, {self.message!r})"


class ConfigError(TourneyError):
    """The tournament config is refused; `params["field"]` names the dotted path at fault.

    `rule` (in `params` when given) names the rule broken, with its facts (`minimum`, `value`...), so that
    a window words the refusal for the TD without reading the English `problem`; a level's refusal also
    says where the level sits as the TD counts (`level` N of play, or the break after level `break_after`)."""

    def __init__(self, field: str, problem: str, rule: str | None = None, **facts: Any) -> None:
        said = {"rule": rule, **facts} if rule else facts
        super().__init__("CONFIG_INVALID", f"{field} {problem}", field=field, problem=problem, **said)


class FileRefused(TourneyError):
    """A .tdesk file that is newer, foreign, corrupt or missing: refused and left untouched."""
