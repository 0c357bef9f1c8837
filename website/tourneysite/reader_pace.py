"""Pushes come first: while a venue's push is being stored, the readers' requests take turns.

A push of a 50,000-event backlog needs the interpreter and a core for a few seconds; a crowd of readers
would take most of both (on one site process they share one interpreter; on two, the readers' process
keeps a core busy beside the push's and the database's). So while a push is being stored, in this
process or, as the database tells, in another, each reader's request waits for its turn: turns come at
most `turns_per_s` a second, and no reader waits longer than `max_wait_s` for one (with more readers
than that allows, the turns come faster: every reader is answered, none is refused). Outside a push,
and from `quiet_s` after its last batch, nobody waits.

With 200 readers this serves 500 pages a second during a push (each waits 0.4 s): a page served from
the cache costs the interpreter about 0.3 ms, so the push keeps it to itself for more than four fifths of
the time.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

TURNS_PER_S = 250.0  # at most, while a push is being stored (a crowd is served more: see MAX_WAIT_S)
MAX_WAIT_S = 0.4  # the longest a reader waits for a turn
QUIET_S = 1.0  # after a push's last batch, the readers wait this long still (its next batch is coming)


class ReaderPace:
    def __init__(self, *, turns_per_s: float = TURNS_PER_S, max_wait_s: float = MAX_WAIT_S,
                 quiet_s: float = QUIET_S, clock: Callable[[], float] = time.monotonic) -> None:
        self._gap = 1.0 / turns_per_s
        self._max_wait = max_wait_s
        self._quiet = quiet_s
        self._clock = clock
        self._lock = threading.Lock()  # the pushes are stored on other threads than the readers' loop
        self._pushes = 0  # being stored in this process now
        self._last_push = -float("inf")  # when the last batch was stored, here or elsewhere
        self._next_turn = -float("inf")
        self.turns = 0  # readers who took a turn (what the site's tests look at)

    @contextmanager
    def pushing(self) -> Iterator[None]:
        """A batch being stored by this process."""
        with self._lock:
            self._pushes += 1
        try:
            yield
        finally:
            with self._lock:
                self._pushes -= 1
                self._last_push = self._clock()

    def pushed_elsewhere(self) -> None:
        """Another site process stored a batch (the database said so)."""
        with self._lock:
            self._last_push = self._clock()

    def paced(self) -> bool:
        with self._lock:
            return self._pushes > 0 or self._clock() - self._last_push < self._quiet

    def wait_s(self) -> float:
        """How long the reader asking now waits for its turn (0: outside a push). On the event loop."""
        if not self.paced():
            return 0.0
        self.turns += 1
        now = self._clock()
        turn = min(max(now, self._next_turn), now + self._max_wait)
        self._next_turn = turn + self._gap
        return turn - now

    async def turn(self) -> None:
        wait = self.wait_s()
        if wait > 0:
            await asyncio.sleep(wait)
