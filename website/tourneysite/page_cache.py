"""Rendered pages kept per tournament state, compressed once, so that a crowd costs what one reader does.

A page is rendered when what it shows changed (the tournament's acknowledged seq, the venue's settings,
and for the live page the second on the clock), at most once per `min_age_s` for each page, and never
more than a tenth of the time: a 10,000-player live page that takes a second to render is rendered again
at most every ten seconds (its countdowns tick in the browser, and its stream sends the page what changed
since, at once). While the venue pushes a 50,000-event backlog, readers are served the page of a moment
ago instead of making the site fold and render it again for each batch, and the push keeps the CPU. Only one thread
renders a given page at a time; the others are served the copy at hand, or wait for the first render.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

GZIP_LEVEL = 6
RENDER_SHARE = 0.1  # of the time a page may spend being rendered again and again
# While a push is being stored (reader_pace.py), a page lags up to this: rendering a 10,000-player page takes
# the interpreter from the push for a second, and a push of a long backlog lasts only seconds.
PATIENT_S = 30.0
SMALL = 1024  # below this a page goes as it is: compressing would save less than the header costs


@dataclass(frozen=True, slots=True)
class Page:
    status: int
    body: bytes
    gzipped: bytes | None
    etag: str
    made: float = field(compare=False)
    cost: float = field(default=0.0, compare=False)  # the seconds it took to render and compress

    @classmethod
    def of(cls, status: int, html: str, made: float, cost: float = 0.0) -> Page:
        body = html.encode("utf-8")
        gzipped = gzip.compress(body, GZIP_LEVEL, mtime=0) if len(body) >= SMALL else None
        return cls(status, body, gzipped, '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"', made,
                   cost)


class PageCache:
    def __init__(self, *, min_age_s: float = 1.0, size: int = 512,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._min_age_s = min_age_s
        self._size = size
        self._clock = clock
        self._pages: OrderedDict[Hashable, tuple[tuple[Hashable, Hashable], Page]] = OrderedDict()
        self._rendering: dict[Hashable, threading.Lock] = {}
        self._lock = threading.Lock()

    def at_hand(self, key: Hashable, version: tuple[Hashable, Hashable], *, patient: bool = False) -> Page | None:
        """The copy `get` would serve without rendering (on the event loop: it never waits), or None."""
        with self._lock:
            held = self._servable(key, version, patient)
            if held is None or held[1]:
                return held[0] if held is not None else None
            busy = self._rendering.get(key)
        return held[0] if busy is not None and busy.locked() else None

    def get(self, key: Hashable, version: tuple[Hashable, Hashable], render: Callable[[], tuple[int, str]], *,
            patient: bool = False) -> Page:
        """The page `key` as of `version` = (what must match, what may lag): the copy at hand when it is
        that version, or when only the second part moved on and the copy is younger than `min_age_s` or
        being rendered by another thread; otherwise rendered now. (An owner's change, say hiding a
        tournament, must show at once; a push may show a second late.) `patient`: while a push is being
        stored, the copy is shown up to PATIENT_S old."""
        with self._lock:
            servable = self._servable(key, version, patient)
            if servable is not None and servable[1]:
                return servable[0]
            busy = self._rendering.setdefault(key, threading.Lock())
        if servable is not None and not busy.acquire(blocking=False):
            return servable[0]  # someone is rendering the new one: this reader takes the one of a moment ago
        if servable is None:
            busy.acquire()
        try:
            with self._lock:
                again = self._pages.get(key)
            if again is not None and again[0] == version:
                return again[1]
            started = self._clock()
            status, html = render()
            page = Page.of(status, html, started, self._clock() - started)
            with self._lock:
                self._pages[key] = (version, page)
                self._pages.move_to_end(key)
                while len(self._pages) > self._size:
                    evicted, _ = self._pages.popitem(last=False)
                    self._rendering.pop(evicted, None)
            return page
        finally:
            busy.release()

    def _servable(self, key: Hashable, version: tuple[Hashable, Hashable], patient: bool) -> tuple[Page, bool] | None:
        """(The copy held, whether it may be served as it is) when what must match matches; None when
        nothing of it may be shown (the caller holds the lock)."""
        held = self._pages.get(key)
        if held is None:
            return None
        self._pages.move_to_end(key)
        if held[0] == version:
            return held[1], True
        if held[0][0] != version[0]:
            return None
        age = self._clock() - held[1].made
        return held[1], age < max(self._min_age_s, held[1].cost / RENDER_SHARE, PATIENT_S if patient else 0.0)
