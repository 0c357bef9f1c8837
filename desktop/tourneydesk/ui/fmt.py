"""How amounts, chips and times read on screen: by the locale, from integers (never floats in state)."""

from __future__ import annotations

from ..core.arithmetic.currencies import minor_digits
from .qt import QLocale

__all__ = ["chips", "clock", "minor_digits", "money"]


def money(minor: int, currency: str, locale: QLocale | None = None, *, cents: bool | None = None) -> str:
    """`minor` units as the locale writes money: 1234500 EUR -> "€12,345.00" (en) or "12 345,00 €" (fr).

    `cents=False` drops the minor part when it is zero, as a payout board does ("€1,250")."""
    loc = locale or QLocale()
    digits = minor_digits(currency)
    whole, part = divmod(abs(minor), 10**digits) if digits else (abs(minor), 0)
    show_cents = digits > 0 and (cents is True or (cents is None) or part != 0)
    sign = "-" if minor < 0 else ""
    symbol = currency_symbol(currency, loc)
    number = loc.toString(whole)
    if show_cents:
        number += loc.decimalPoint() + str(part).zfill(digits)
    if loc.language() in (QLocale.Language.English, QLocale.Language.C) and len(symbol) == 1:
        return f"{sign}{symbol}{number}"
    return f"{sign}{number}\u00a0{symbol}"


def currency_symbol(currency: str, locale: QLocale | None = None) -> str:
    """How `money` writes the currency: the locale's own symbol for its own currency ("€" in a French club),
    the ISO code for any other ("EUR" on an English machine), so a typed amount's box and the total beside it
    always agree."""
    loc = locale or QLocale()
    return loc.currencySymbol(QLocale.CurrencySymbolFormat.CurrencySymbol) if currency == _locale_currency(loc) \
        else currency


def _locale_currency(loc: QLocale) -> str:
    return loc.currencySymbol(QLocale.CurrencySymbolFormat.CurrencyIsoCode)


def chips(amount: int, locale: QLocale | None = None) -> str:
    """Chips with the locale's grouping: 25000 -> "25,000" (en) or "25 000" (fr)."""
    return (locale or QLocale()).toString(amount)


def clock(seconds: int) -> str:
    """Time left as a clock reads: 754 -> "12:34", 3723 -> "1:02:03"; never negative."""
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes:02d}:{secs:02d}"
