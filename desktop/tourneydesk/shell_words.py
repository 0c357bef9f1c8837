"""The words the shell prints (`tourneydesk ...`), in the user's language, from the windows' own catalogue.

The shell runs without Qt (`sim`, `sync` and `club` need no gui extra), so it reads the translations from
the catalogue's source, `translations/tourneydesk_<language>.ts`, shipped beside the compiled one: the same
words the windows show, each translated once (CONTRIBUTING.md, "Words the user reads"). Its own strings go
through `tr()` as the windows' do, counts as Qt's `%n` with the plural form each language picks, and a
refusal is worded by its code from `refusal_words.py`, the windows' catalogue.

The language is the shell's, as a program on the command line takes it: `LANGUAGE` (a list, the first
language shipped wins), then `LC_ALL`, `LC_MESSAGES`, `LANG`; English when none names a shipped language, and
under the C locale (`LC_ALL=C`), as scripts expect.
"""

from __future__ import annotations

import functools
import os
import xml.etree.ElementTree as ElementTree
from collections.abc import Mapping

from . import refusal_words, resources
from .core.protocol.errors import TourneyError

LANGUAGES = ("en", "fr")
# The digits' group separator and the decimal point of each language, as Qt's locale writes them (the windows).
_GROUPS = {"en": ",", "fr": "\u202f"}
_POINTS = {"en": ".", "fr": ","}


def shell_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the shell speaks, from its environment (see the module's note)."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    if locale.split(".")[0] in ("C", "POSIX"):
        return "en"
    for name in [*env.get("LANGUAGE", "").split(":"), locale]:
        language = name.split(".")[0].split("_")[0].split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return "en"


Key = tuple[str, str, str]  # context, source, disambiguation


@functools.cache
def catalogue(language: str) -> dict[Key, tuple[str, ...]]:
    """The catalogue of `language` read without Qt: (context, English, disambiguation) -> its translation, or
    its plural forms (singular first). English holds the plural forms only: its other words are the source."""
    path = resources.resource_file("translations", f"tourneydesk_{language}.ts")
    out: dict[Key, tuple[str, ...]] = {}
    for context in ElementTree.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source, translation = message.findtext("source"), message.find("translation")
            if source is None or translation is None or translation.get("type") in ("unfinished", "obsolete"):
                continue
            forms = tuple(form.text or "" for form in translation.iter("numerusform"))
            if message.get("numerus") == "yes" and forms and all(forms):
                out[(name, source, message.findtext("comment") or "")] = forms
            elif translation.text and not forms:
                out[(name, source, message.findtext("comment") or "")] = (translation.text,)
    return out


def _plural_form(language: str, n: int) -> int:
    """Which of the plural forms says `n`, by each language's rule as Qt has it: French says "0 joueur"."""
    if language == "fr":
        return 0 if n < 2 else 1
    return 0 if n == 1 else 1


def translate(context: str, text: str, disambiguation: str = "", n: int = -1, language: str | None = None) -> str:
    """`text` of `context` in the shell's language (or `language`); with a count n >= 0, the plural form of
    "%n ..." for it, %n written in plain digits and %Ln grouped as the language writes them, as Qt does."""
    language = language or shell_language()
    try:
        forms = catalogue(language).get((context, text, disambiguation))
    except (OSError, ElementTree.ParseError):  # a broken install: its words in English, rather than no answer
        forms = None
    said = text if not forms else forms[_plural_form(language, n) if n >= 0 and len(forms) > 1 else 0]
    return said.replace("%Ln", number(n, language)).replace("%n", str(n)) if n >= 0 else said


def tr(text: str, disambiguation: str = "", n: int = -1) -> str:
    """A string of the empty context, where lupdate files a bare tr("...") (as `ui/i18n.tr` says it)."""
    return translate("", text, disambiguation, n)


def number(value: int, language: str | None = None) -> str:
    """A whole number with its digits grouped as the language writes them: 20,000 / 20 000."""
    return f"{value:,}".replace(",", _GROUPS.get(language or shell_language(), ","))


class _Shell:
    """The refusals' catalogue said in the shell's language."""

    def __init__(self, language: str) -> None:
        self.language = language

    def translate(self, text: str) -> str:
        return translate("errors", text, language=self.language)

    def number(self, value: int) -> str:
        return number(value, self.language)

    def percent(self, basis_points: int) -> str:
        whole, cents = divmod(basis_points, 100)
        point = _POINTS.get(self.language, ".")
        return f"{whole}{point}{cents:02d}".rstrip("0").rstrip(point) if cents else str(whole)


def refusal(exc: TourneyError) -> str:
    """A refusal as the windows word it, in the shell's language; in English, its own message as ever."""
    language = shell_language()
    if language == "en":
        return exc.message
    return refusal_words.worded(exc, _Shell(language))
