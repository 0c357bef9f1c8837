"""How old the site's news is, and the clock it may honestly show.

The site knows only what the venue's laptop sent. While the news is fresh, the clock runs on from the
last event, corrected by the laptop's clock error (each batch says when the laptop sent it: the site's
time minus that is how far the laptop's clock is behind). When no news has come for longer than
`stale_after_s` the clock stops where the last news left it, and says so: the room may have paused,
or the laptop gone offline, and a clock running on would show a level the room never reached. After
`interrupted_after_s` without news a tournament not finished is shown as interrupted, never live.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

STALE_AFTER_S = 5 * 60
INTERRUPTED_AFTER_S = 4 * 3600


@dataclass(frozen=True, slots=True)
class NewsPolicy:
    stale_after_s: float = STALE_AFTER_S
    interrupted_after_s: float = INTERRUPTED_AFTER_S


@dataclass(frozen=True, slots=True)
class News:
    at: float | None  # the site's time of the last news (None: a tournament stored before the site kept it)
    age_s: float
    stale: bool
    interrupted: bool
    clock_error_s: float  # the site's clock minus the laptop's

    def laptop_now(self, site_now: float) -> float:
        """The instant, on the laptop's clock, the site shows the tournament at."""
        shown = self.at if self.stale and self.at is not None else site_now
        return shown - self.clock_error_s

    def to_dict(self) -> dict[str, Any]:
        return {"at": self.at, "age_s": int(self.age_s), "stale": self.stale, "interrupted": self.interrupted,
                "clock_error_s": self.clock_error_s}


def news(at: float | None, clock_error_s: float, finished: bool, site_now: float, policy: NewsPolicy) -> News:
    if at is None:
        return News(None, 0.0, False, False, clock_error_s)
    age = max(0.0, site_now - at)
    return News(at, age, not finished and age > policy.stale_after_s,
                not finished and age > policy.interrupted_after_s, clock_error_s)


def shown(snap: dict[str, Any], found: News) -> dict[str, Any]:
    """The public snapshot with the news in it, its clock stopped when the news is stale."""
    out = {**snap, "news": found.to_dict()}
    if found.stale:
        out["clock"] = {**snap["clock"], "running": False}
    if found.interrupted:
        out["tournament"] = {**snap["tournament"], "status": "interrupted"}
    return out
