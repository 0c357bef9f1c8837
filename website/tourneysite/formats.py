"""How the site writes money, counts, dates and names for one venue: in its language and time zone.

Amounts arrive in minor units (integers); the currency's ISO 4217 exponent says where the decimal point
goes (`tourneydesk.core.arithmetic.currencies`, the table the laptop uses too); the venue's language (CLDR, through
Babel) says how the number is written: "€1,250.50" in English, "1 250,50 €" in French, "¥390,000".
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_time, get_timezone, get_timezone_location
from babel.numbers import format_currency, format_decimal

from tourneydesk.core.arithmetic.currencies import minor_digits

LANGUAGES = ("en", "fr")


def check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"the site speaks {', '.join(LANGUAGES)}, not {language!r}")
    return language


def check_time_zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValueError(f"{name!r} is not a time zone (examples: Europe/Paris, America/New_York, UTC)") from error
    return name


@dataclass(frozen=True)
class Formats:
    language: str = "en"
    time_zone: str = "UTC"

    @cached_property
    def locale(self) -> Locale:
        try:
            return Locale.parse(self.language)
        except (UnknownLocaleError, ValueError):
            return Locale.parse("en")

    @cached_property
    def zone(self) -> ZoneInfo:
        try:
            return ZoneInfo(self.time_zone)
        except (ZoneInfoNotFoundError, ValueError):
            return ZoneInfo("UTC")

    # -- numbers ---------------------------------------------------------------------------------
    def count(self, value: int | None) -> str:
        """A count or a chip figure with the language's thousands separator: 12,500 / 12 500."""
        return "" if value is None else format_decimal(value, locale=self.locale)

    def money(self, amount: int | None, currency: str, *, cents: bool | None = None) -> str:
        """Minor units as a price; a whole amount without its zeros after the point ("€100", "€1,250.50"),
        unless `cents` says to write them (True) or to leave them off (False) whatever the amount."""
        if amount is None:
            return ""
        digits = minor_digits(currency)
        value = Decimal(amount).scaleb(-digits)
        whole = digits == 0 or (amount % 10**digits == 0 if cents is None else not cents)
        pattern = _with_fraction(self.locale.currency_formats["standard"].pattern, 0 if whole else digits)
        return format_currency(value, currency, format=pattern, locale=self.locale, currency_digits=False)

    def money_column(self, amounts: Iterable[int | None], currency: str) -> Callable[[int | None], str]:
        """How to write one table's amounts alike: all with their cents when any has some, so a column reads
        "€381.00" above "€83.70" rather than "€381" above it; all whole ("€500") when none has."""
        unit = 10 ** minor_digits(currency)
        cents = any(amount % unit for amount in amounts if amount)
        return lambda amount: self.money(amount, currency, cents=cents)

    # -- time ------------------------------------------------------------------------------------
    def _local(self, at: float) -> dt.datetime:
        return dt.datetime.fromtimestamp(at, dt.UTC).astimezone(self.zone)

    def date(self, at: float | None) -> str:
        """The day, as the venue writes it: "5 Dec 2026" / "5 déc. 2026"."""
        return "" if at is None else format_date(self._local(at), format="medium", locale=self.locale)

    def time(self, at: float | None) -> str:
        """The time of day on the venue's clock: "8:00 PM" / "20:00"."""
        return "" if at is None else format_time(self._local(at), format="short", locale=self.locale)

    def day(self, iso: str) -> str:
        """A calendar day the club wrote (2026-12-05), as the venue writes it: "Dec 5, 2026" / "5 déc. 2026"."""
        return format_date(dt.date.fromisoformat(iso), format="medium", locale=self.locale)

    def points(self, value: float) -> str:
        """League points: whole as a count, else with up to two decimals ("12.5" / "12,5")."""
        return format_decimal(round(value, 2), format="#,##0.##", locale=self.locale)

    def when(self, at: float | None) -> str:
        """Day and time on the venue's clock: "5 Dec 2026, 20:00"."""
        return "" if at is None else f"{self.date(at)}, {self.time(at)}"

    @property
    def zone_label(self) -> str:
        """The time zone as the footer names it, in the venue's language: "Paris", "Londres", "UTC"."""
        if self.zone.key in ("UTC", "Etc/UTC", "GMT"):
            return "UTC"
        return get_timezone_location(get_timezone(self.zone.key), locale=self.locale, return_city=True)

    # -- names -----------------------------------------------------------------------------------
    def name_key(self, name: str, *, surname_first: bool = False) -> tuple[str, str]:
        """A key to sort names as a reader of the language expects: accents and case aside (Émile with
        the E's), by surname (the last word) first when the club wants it; ties by the name itself."""
        words = name.split()
        ordered = " ".join(words[-1:] + words[:-1]) if surname_first and len(words) > 1 else name
        return _folded(ordered), name


def _with_fraction(pattern: str, digits: int) -> str:
    """The language's money pattern with exactly `digits` after the point: '¤#,##0.00' -> '¤#,##0' (0) or
    '¤#,##0.000' (3), so a dinar keeps its thousandths and a whole amount reads as on a poster."""
    out, skipping = [], False
    for char in pattern:
        if char == ".":
            skipping = True
            out.append("." + "0" * digits if digits else "")
            continue
        if skipping and char in "0#":
            continue
        skipping = False
        out.append(char)
    return "".join(out)


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
