"""The site against slow and hostile clients: every response with its security headers, slow bodies cut
off, failed tokens rate-limited, and (in `server.py`) slow headers and too many connections dropped.

`Guard` is the outermost ASGI middleware: it sees every response, those of the API, the static files,
a 404 and a 500 alike, so each gets the headers; a request whose body trickles in is answered 408;
an error no route handled is answered 500 (with the headers) and logged on one line, not a traceback
per request (a flood of them once filled a disk).

`FailureLimiter` counts wrong tokens per client address and per venue, in a sliding window on an
injected clock: past the limit a wrong token is answered 429 with Retry-After (app.py); the right one
always passes.
"""

from __future__ import annotations

import asyncio
import logging
import math
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

SECURITY_HEADERS: dict[str, str] = {
    # Names come from the venues: besides autoescaping, the browser runs no script but ours, and no
    # other site may frame these pages (a results page inside someone's frame is a phishing page). The
    # widgets made for a club's own website say otherwise themselves (app.py): their policy is kept.
    "Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'self'; "
                               "form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
}
BODY_TIMEOUT_S = 15.0  # a batch of 500 events is a few hundred kB: seconds on any line that still works

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[Message], Any]
App = Callable[[Scope, Receive, Send], Any]


class _SlowBody(Exception):
    """A body that did not arrive in time: answered 408."""


class Guard:
    def __init__(self, app: App, *, body_timeout_s: float = BODY_TIMEOUT_S) -> None:
        self.app = app
        self.body_timeout_s = body_timeout_s
        self._headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {name.lower() for name, _ in message.get("headers", [])}
                if b"content-security-policy" in present:  # its own framing policy: no X-Frame-Options over it
                    present.add(b"x-frame-options")
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in self._headers if h[0] not in present)]}
            await send(message)

        body_read = False

        async def timed_receive() -> Message:
            # Only the request body is timed: once it is read, a response that streams (the live pages)
            # waits on receive() for the client to leave, for as long as the client stays.
            nonlocal body_read
            if body_read:
                late: Message = await receive()
                return late
            try:
                message: Message = await asyncio.wait_for(receive(), self.body_timeout_s)
            except TimeoutError:
                raise _SlowBody() from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_read = True
            return message

        try:
            await self.app(scope, timed_receive, guarded_send)
        except _SlowBody:
            if not started:
                await _plain(guarded_send, 408, b'{"error":"timeout","detail":"the request body came too slowly"}')
        except Exception as error:  # the last word on any error: a 500, with the headers
            log.error("%s %s failed: %s: %s", scope.get("method"), scope.get("path"), type(error).__name__, error)
            if not started:
                await _plain(guarded_send, 500, b'{"error":"internal","detail":"the site failed; try again later"}')


async def _plain(send: Send, status: int, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class FailureLimiter:
    """At most `limit` failures per key in any `window_s`; `retry_after(key)` says how long a blocked key waits."""

    def __init__(self, limit: int, window_s: float, now: Callable[[], float]) -> None:
        self.limit = limit
        self.window_s = window_s
        self._now = now
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, key: str) -> int | None:
        """None if `key` may try now; else the whole seconds until its oldest failure leaves the window."""
        with self._lock:
            times = self._window(key)
            if times is None or len(times) < self.limit:
                return None
            return max(1, math.ceil(times[0] + self.window_s - self._now()))

    def failed(self, key: str) -> None:
        with self._lock:
            self._failures.setdefault(key, deque()).append(self._now())
            self._window(key)
            if len(self._failures) > 100_000:  # an attack from many addresses: forget the quiet ones
                for quiet in [k for k, t in self._failures.items() if not t][:50_000]:
                    del self._failures[quiet]

    def _window(self, key: str) -> deque[float] | None:
        times = self._failures.get(key)
        if times is None:
            return None
        edge = self._now() - self.window_s
        while times and times[0] <= edge:
            times.popleft()
        while len(times) > self.limit:  # the oldest beyond the limit say nothing more
            times.popleft()
        if not times:
            del self._failures[key]
            return None
        return times
