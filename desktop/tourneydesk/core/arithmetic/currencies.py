"""How many minor units each currency has (ISO 4217): every amount in a tournament is a whole number of
them. One table for the laptop and the website, so that ¥390,000 is 390000 on both sides and no screen
divides a yen by a hundred."""

from __future__ import annotations

# The ISO 4217 exponent of every currency whose exponent is not 2.
_NOT_TWO: dict[str, int] = {
    # no minor unit
    "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0, "RWF": 0,
    "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
    # a thousandth
    "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    # a ten-thousandth (units of account)
    "CLF": 4, "UYW": 4,
}


def minor_digits(currency: str) -> int:
    """The number of decimal digits of the currency's minor unit: EUR 2, JPY 0, KWD 3."""
    return _NOT_TWO.get(currency.upper(), 2)


def major_and_minor(amount: int, currency: str) -> tuple[int, int]:
    """An amount in minor units split as it is written: (12, 50) for 1250 EUR, (390000, 0) for JPY."""
    digits = minor_digits(currency)
    if not digits:
        return amount, 0
    unit: int = 10**digits
    return divmod(amount, unit)
