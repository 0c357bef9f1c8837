"""How long the pusher waits before it tries again: exponential backoff with full jitter.

Full jitter (a random wait between 0 and base * 2**attempt, capped) spreads the retries of many
laptops coming back online at once, so a recovering website is not hit by all of them in step.
A `Retry-After` from the site is a floor under that wait: the site said when it can take more.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from email.utils import parsedate_to_datetime

BACKOFF_BASE_S = 1.0
BACKOFF_CAP_S = 300.0  # five minutes: a venue that comes back online waits at most this long
RETRY_AFTER_MAX_S = 3600.0  # a site asking for more than an hour is misconfigured: try again in an hour


@dataclass
class Backoff:
    """The wait before retry number `attempt + 1`; `uniform(low, high)` is the jitter's random source."""

    base: float = BACKOFF_BASE_S
    cap: float = BACKOFF_CAP_S
    uniform: Callable[[float, float], float] = field(default_factory=lambda: random.Random().uniform)

    def ceiling(self, attempt: int) -> float:
        """The longest wait after `attempt` failures in a row (attempt 0 is the first failure)."""
        if attempt >= 64:  # 2**64 seconds is past any cap; also keeps the float finite
            return self.cap
        return min(self.cap, self.base * 2.0**attempt)

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """A random wait in [0, ceiling(attempt)], but never less than the site's Retry-After."""
        wait = self.uniform(0.0, self.ceiling(attempt))
        if retry_after is not None:
            wait = max(wait, min(retry_after, RETRY_AFTER_MAX_S))
        return wait


def parse_retry_after(value: str | None, now: float) -> float | None:
    """Seconds to wait from a Retry-After header: delta-seconds or an HTTP date (RFC 9110 10.2.3).

    None when there is no header or it cannot be read (the backoff alone then decides).
    """
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, when.timestamp() - now)
