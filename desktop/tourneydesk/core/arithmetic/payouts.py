"""Payout tables and prize amounts (docs/rules.md: payouts and deals).

A payout table says, by number of entries, how many places are paid and each place's share of the
prize pool in basis points (10000 bp = the whole pool). `payout_amounts` turns the shares into
money: each place is rounded down to the house's unit, the remainder goes to first place, so the
amounts sum to the prize pool exactly and no place is paid more than the place above it.

The table file format (resources/payouts/*.toml):

    name = "Standard"
    [[band]]
    entries = [51, 66]        # min and max entries, inclusive; the last band has only [min]
    places = [2600, 1650, 1200, 950, 800, 650, 500, 400, 350, {from = 10, to = 12, each = 300}]
"""

from __future__ import annotations

import tomllib
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from tourneydesk.core.protocol.errors import TourneyError

WHOLE_POOL_BP = 10000


@dataclass(frozen=True)
class Band:
    """The places paid, in basis points, to a field of `min_entries` to `max_entries` entries."""

    min_entries: int
    max_entries: int | None  # None: no upper limit (the last band)
    places: tuple[int, ...]

    @property
    def label(self) -> str:
        if self.max_entries is None:
            return f"{self.min_entries}+"
        return f"{self.min_entries}-{self.max_entries}"


@dataclass(frozen=True)
class PayoutTable:
    """Bands contiguous from 1 or 2 entries upward, the last one open-ended."""

    name: str
    bands: tuple[Band, ...]


@lru_cache(maxsize=16)  # parsed once per text: an undo refolds the whole log from its first event
def parse_payout_table(text: str, name: str = "custom") -> PayoutTable:
    """Reads and checks a payout table; `name` is used when the text has no `name` of its own."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _table_error(name, None, f"is not valid TOML ({exc})") from exc
    _refuse_unknown_keys(data, {"name", "band"}, name, None)
    table_name = data.get("name", name)
    if not isinstance(table_name, str) or not table_name.strip():
        raise _table_error(name, None, "needs a name in words")
    raw_bands = data.get("band")
    if not isinstance(raw_bands, list) or not raw_bands:
        raise _table_error(table_name, None, "has no [[band]] of places")
    bands = tuple(_parse_band(raw, table_name, number) for number, raw in enumerate(raw_bands, 1))
    _check_bands_cover_every_field(bands, table_name)
    return PayoutTable(table_name, bands)


def places_bp(table: PayoutTable, entries: int) -> list[int]:
    """Basis points per place, first place first, for a field of `entries` entries (the band that
    holds it; a field of one, or none, pays one place)."""
    if entries < 2:
        return [WHOLE_POOL_BP]  # a lone entrant takes the whole pool
    starts = [band.min_entries for band in table.bands]
    return list(table.bands[bisect_right(starts, entries) - 1].places)


def validate_places(places: list[int]) -> None:
    """Custom places (config `payouts.places`, `edit_payouts`): whole basis points above 0, first
    place first, never more than the place above, summing to exactly 10000."""
    problem = _places_problem(places)
    if problem:
        rule, facts = _places_rule(places)
        raise TourneyError("PAYOUTS_INVALID", f"The payout places {problem}", problem=problem, rule=rule, **facts)


def payout_amounts(pool: int, places: list[int], rounding: int = 1) -> list[int]:
    """The prize of each place, first place first, summing to `pool` exactly.

    Each place gets floor(pool * bp / 10000) rounded down to a multiple of `rounding`; the whole
    remainder goes to first place. No place gets more than the place above it: rounding down is
    monotone, so places with fewer (or equal) basis points get less (or the same), and first place
    only gains. The remainder is never negative, since no place gets more than its exact share.
    """
    validate_places(places)
    if not _is_whole(pool) or pool < 0:
        raise TourneyError("PRIZE_POOL_INVALID", f"The prize pool must be 0 or more, not {pool!r}")
    if not _is_whole(rounding) or rounding < 1:
        raise TourneyError(
            "PAYOUT_ROUNDING_INVALID",
            f"Prizes are paid in multiples of a unit of 1 or more, not {rounding!r}",
            rounding=rounding,
        )
    amounts = [pool * bp // WHOLE_POOL_BP // rounding * rounding for bp in places]
    amounts[0] += pool - sum(amounts)
    return amounts


def split_tie(amounts: list[int]) -> list[int]:
    """Players out in the same hand at different tables share their places' prizes equally
    (UPPS 7.2); the odd minor units go one each to the first of them."""
    if not amounts:
        return []
    share, odd = divmod(sum(amounts), len(amounts))
    return [share + (1 if i < odd else 0) for i in range(len(amounts))]


def _parse_band(raw: Any, table: str, number: int) -> Band:
    if not isinstance(raw, dict):
        raise _table_error(table, f"number {number}", "must be a [[band]] table")
    _refuse_unknown_keys(raw, {"entries", "places"}, table, f"number {number}")
    entries = raw.get("entries")
    if not (isinstance(entries, list) and len(entries) in (1, 2) and all(_is_count(e) for e in entries)):
        raise _table_error(
            table, f"number {number}", "needs entries = [min, max] (or [min] for the last band)"
        )
    band = Band(entries[0], entries[1] if len(entries) == 2 else None, ())
    if band.max_entries is not None and band.max_entries < band.min_entries:
        raise _table_error(table, band.label, "ends before it starts")
    places = _expand_places(raw.get("places"), table, band.label)
    problem = _places_problem(places)
    if problem:
        raise _table_error(table, band.label, f"places {problem}")
    if len(places) > band.min_entries:
        raise _table_error(
            table, band.label, f"pays {len(places)} places but starts at a field of {band.min_entries}"
        )
    return Band(band.min_entries, band.max_entries, tuple(places))


def _expand_places(raw: Any, table: str, band: str) -> list[int]:
    """Plain basis points and runs `{from, to, each}`; a run must start at the next place."""
    if not isinstance(raw, list):
        raise _table_error(table, band, "needs places = [...] in basis points")
    places: list[int] = []
    for item in raw:
        if isinstance(item, dict):
            places.extend(_expand_run(item, len(places) + 1, table, band))
        else:
            places.append(item)
    return places


def _expand_run(run: dict[str, Any], next_place: int, table: str, band: str) -> list[int]:
    _refuse_unknown_keys(run, {"from", "to", "each"}, table, band)
    first: Any = run.get("from")
    last: Any = run.get("to")
    each: Any = run.get("each")
    if not (_is_count(first) and first == next_place and _is_count(last) and last >= first):
        raise _table_error(
            table, band, f"has a run of places that should start at place {next_place}: {run}"
        )
    if not _is_count(each):
        raise _table_error(table, band, f"gives no whole number of basis points to each place: {run}")
    return [each] * (last - first + 1)


def _check_bands_cover_every_field(bands: tuple[Band, ...], table: str) -> None:
    if bands[0].min_entries > 2:
        raise _table_error(table, bands[0].label, "must start at 1 or 2 entries")
    for band, after in pairwise(bands):
        if band.max_entries is None:
            raise _table_error(table, band.label, "is open-ended but is not the last band")
        if after.min_entries != band.max_entries + 1:
            raise _table_error(table, after.label, f"must start at {band.max_entries + 1} entries")
    if bands[-1].max_entries is not None:
        raise _table_error(table, bands[-1].label, "is the last band: give it entries = [min] only")


def _places_problem(places: Any) -> str | None:
    """What is wrong with a list of places in basis points, in words, or None."""
    if not isinstance(places, list) or not places:
        return "must list at least one place, in basis points"
    for place, bp in enumerate(places, 1):
        if not _is_whole(bp) or bp <= 0:
            return f"give place {place} {bp!r} bp: every place needs a whole number of basis points above 0"
    for place, (above, bp) in enumerate(pairwise(places), 2):
        if bp > above:
            return f"pay place {place} ({bp} bp) more than place {place - 1} ({above} bp)"
    total = sum(places)
    if total != WHOLE_POOL_BP:
        return f"add up to {total:,} bp ({_percent(total)}), not 10,000 bp (100%)"
    return None


def _places_rule(places: Any) -> tuple[str, dict[str, Any]]:
    """Which rule of `_places_problem` a list of places breaks, and the figures it names: for the windows'
    own words (ui/messages.py)."""
    if not isinstance(places, list) or not places:
        return "none", {}
    for place, bp in enumerate(places, 1):
        if not _is_whole(bp) or bp <= 0:
            return "not_whole", {"place": place}
    for place, (above, bp) in enumerate(pairwise(places), 2):
        if bp > above:
            return "grows", {"place": place, "share": bp, "above": above}
    return "sum", {"total": sum(places)}


def _percent(bp: int) -> str:
    return f"{bp // 100}.{bp % 100:02d}%"


def _refuse_unknown_keys(data: dict[str, Any], known: set[str], table: str, band: str | None) -> None:
    unknown = sorted(set(data) - known)
    if unknown:
        raise _table_error(table, band, f"has unknown keys: {', '.join(unknown)}")


def _table_error(table: str, band: str | None, problem: str) -> TourneyError:
    where = f"Payout table {table!r}" + (f", band {band}," if band else "")
    return TourneyError("PAYOUT_TABLE_INVALID", f"{where} {problem}", table=table, band=band, problem=problem)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(value: Any) -> bool:
    return _is_whole(value) and value >= 1
