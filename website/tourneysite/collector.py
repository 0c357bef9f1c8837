"""The collector's full passes at the site's own moments: between pushes, not in the middle of one.

The site keeps each tournament's folded state in memory: at 10,000 entries some 75,000 objects, none of
them in a reference cycle (counting references frees them). CPython's full pass walks every one of them
(a third of a second with a few big tournaments held), and it runs whenever enough of what the young
passes keep has piled up: a push of a long backlog under a crowd of readers set one off every second or
two, and the push and every reader waited for each (the readers' slowest pages were those pauses).

So the site runs the full passes itself: the interpreter's own are switched off while the site serves,
and `Collector.tick` (every CHECK_S, on the event loop) runs one when the interpreter would have (as
many young passes since the last), once the pushes have been quiet for a moment (reader_pace.py) and
MIN_GAP_S have passed since the last, or after MAX_GAP_S whatever happens, so that what does end in a
cycle is freed within a minute or two. The young generations are collected as always, by the interpreter.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable

CHECK_S = 1.0
MIN_GAP_S = 10.0  # between two full passes, when the pushes leave room
MAX_GAP_S = 120.0  # a full pass at least this often, pushes or not
NEVER = 1_000_000_000  # the third threshold: the interpreter's own full passes never come
YOUNG_PASSES = 10  # the interpreter's own third threshold: a full pass after this many of the middle one

_holders = 0
_kept: tuple[int, int, int] | None = None
_lock = threading.Lock()


def take_over() -> Callable[[], None]:
    """Switch the interpreter's full passes off (for the whole process, as long as a site serves in it);
    returns how to give them back (the last site to stop gives back the thresholds as they were)."""
    global _holders, _kept
    with _lock:
        if _holders == 0:
            _kept = gc.get_threshold()
            gc.set_threshold(_kept[0], _kept[1], NEVER)
        _holders += 1
    given_back = False

    def give_back() -> None:
        global _holders
        nonlocal given_back
        with _lock:
            if given_back:
                return
            given_back = True
            _holders -= 1
            if _holders == 0 and _kept is not None:
                gc.set_threshold(*_kept)

    return give_back


class Collector:
    """When the site runs a full pass: `tick()` says whether it ran one."""

    def __init__(self, busy: Callable[[], bool], *, due: Callable[[], bool] | None = None,
                 collect: Callable[[], object] = gc.collect, clock: Callable[[], float] = time.monotonic,
                 min_gap_s: float = MIN_GAP_S, max_gap_s: float = MAX_GAP_S) -> None:
        self._busy = busy  # a push being stored, or one just stored (its next batch is coming)
        # as the interpreter counts: passes of the middle generation since the last full one
        self._due = due or (lambda: gc.get_count()[2] >= YOUNG_PASSES)
        self._collect = collect
        self._clock = clock
        self._min_gap = min_gap_s
        self._max_gap = max_gap_s
        self._last = clock()
        self.passes = 0

    def tick(self) -> bool:
        since = self._clock() - self._last
        if since < self._min_gap or not self._due() or (self._busy() and since < self._max_gap):
            return False
        self._collect()
        self._last = self._clock()
        self.passes += 1
        return True
