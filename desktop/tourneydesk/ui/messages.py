"""A refusal from the Desk, said in the user's language.

The desk raises `TourneyError` with a stable code, its parameters and an English message (docs/protocol.md: refusals).
The UI translates by code where the catalogue knows it (`refusal_words.py`, the one catalogue the shell
reads too), filling in the parameters, and falls back to the desk's own English message otherwise, so a new
error is never shown blank.
"""

from __future__ import annotations

from .. import refusal_words
from ..core.protocol.errors import TourneyError
from . import setting_words
from .qt import QCoreApplication, QLocale

CATALOGUE = refusal_words.CATALOGUE


class _Window:
    """The catalogue's words through Qt's installed translation and the default locale."""

    def translate(self, text: str) -> str:
        return QCoreApplication.translate("errors", text)

    def number(self, value: int) -> str:
        return QLocale().toString(value)

    def percent(self, basis_points: int) -> str:
        return setting_words.percent(basis_points)


def error_text(exc: TourneyError) -> str:
    worded = setting_words.refusal_text(exc)  # a refused setting, by its rule and where it sits
    if worded is not None:
        return worded
    return refusal_words.worded(exc, _Window())
