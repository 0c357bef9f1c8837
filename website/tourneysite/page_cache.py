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

    def get(self, key: Hashable, version: tuple[Hashable, Hashable], render: Callable[[], tuple[int, str]]) -> Page:
        """The page `key` as of `version` = (what must match, what may lag): the copy at hand when it is
        that version, or when only the second part moved on and the copy is younger than `min_age_s` or
        being rendered by another thread; otherwise rendered now. (An owner's change, say hiding a
        tournament, must show at once; a push may show a second late.)"""
        with self._lock:
            held = self._pages.get(key)
            if held is not None:
                self._pages.move_to_end(key)
                if held[0] == version:
                    return held[1]
                if held[0][0] != version[0]:
                    held = None  # nothing of it may be shown any more
                elif self._clock() - held[1].made < max(self._min_age_s, held[1].cost / RENDER_SHARE):
                    return held[1]
            busy = self._rendering.setdefault(key, threading.Lock())
        if held is not None and not busy.acquire(blocking=False):
            return held[1]  # someone is rendering the new one: this reader takes the one of a moment ago
        if held is None:
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
