"""The server's own defences against the venue's Wi-Fi: sockets that say nothing, and too many of them.

uvicorn closes a connection idle between two requests, but not one that never finishes its first: a
phone (or an attacker) sending a header line every few seconds would hold its socket for ever, and a
thousand such sockets use up a small machine's file descriptors. Here every request must arrive whole,
headers and body, within `REQUEST_S` of the connection (or of the previous answer); one address holds at
most `PER_ADDRESS` connections, and all of them together stay below the process's descriptor limit, so
that the tournament file, its backup and a new phone always find one. An overload is logged once a
minute, not once a socket.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from .pairing import address_key

REQUEST_S = 10.0
PER_ADDRESS = 40  # a phone holds its stream and a request or two; a tablet a few more
SPARE_DESCRIPTORS = 64  # kept for the file, its backup, the certificate, the logs
BACKLOG = 128  # connections the kernel queues: accepted in one go, they need their descriptors at once
LOG_EVERY_S = 60.0

log = logging.getLogger("tourneydesk.lan")


class Overload:
    """How many connections each address holds, which of them wait for a request, and when an overload
    was last told. Full, a new connection takes the place of the one that has waited longest for its
    request (a silent or slow socket: a page's stream, or a request being answered, is never let go)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.by_address: dict[str, list[Any]] = {}
        self.waiting: dict[Any, None] = {}  # insertion-ordered: the longest waiting first
        self.total = 0
        self.refused = 0
        self._told = -LOG_EVERY_S

    def admit(self, conn: Any, address: str) -> bool:
        mine = self.by_address.setdefault(address, [])
        victim = None
        if len(mine) >= PER_ADDRESS:
            victim = next((c for c in self.waiting if c in mine), None)
        elif self.total >= self.limit:
            victim = next(iter(self.waiting), None)
        if len(mine) >= PER_ADDRESS or self.total >= self.limit:
            self._tell()
            if victim is None:
                if not mine:
                    del self.by_address[address]
                return False
            victim.let_go()
        mine.append(conn)
        self.waiting[conn] = None
        self.total += 1
        return True

    def _tell(self) -> None:
        self.refused += 1
        now = time.monotonic()
        if now - self._told >= LOG_EVERY_S:
            self._told = now
            log.warning("Venue network overloaded: %s connections open; the longest silent ones are closed "
                        "(%s so far)", self.total, self.refused)

    def busy(self, conn: Any) -> None:
        self.waiting.pop(conn, None)

    def idle(self, conn: Any) -> None:
        self.waiting[conn] = None

    def release(self, conn: Any, address: str) -> None:
        mine = self.by_address.get(address, [])
        if conn in mine:
            mine.remove(conn)
            self.total -= 1
        if not mine:
            self.by_address.pop(address, None)
        self.waiting.pop(conn, None)


def descriptor_limit() -> int:
    """How many connections the process can hold: its descriptor limit raised as far as it may go."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to share
        return 4096
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, 65536) if hard != resource.RLIM_INFINITY else 65536
    if soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    # A batch accepted while the connections let go of in the last batch are still closing.
    return max(16, soft - SPARE_DESCRIPTORS - 2 * BACKLOG)


def guarded_protocol(overload: Overload) -> type[asyncio.Protocol]:
    class Guarded(H11Protocol):
        _address = ""
        _admitted = False
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._address = address_key(self.client[0]) if self.client else "?"
            self._admitted = overload.admit(self, self._address)
            if not self._admitted:
                transport.abort()
                return
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            if self._admitted:
                self._admitted = False
                overload.release(self, self._address)
            super().connection_lost(exc)

        def handle_events(self) -> None:
            super().handle_events()
            if self.conn.their_state is not h11.IDLE:
                overload.busy(self)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            overload.idle(self)
            self._arm()

        def let_go(self) -> None:
            overload.busy(self)
            self.transport.abort()

        def _arm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
            self._deadline = self.loop.call_later(REQUEST_S, self._late)

        def _late(self) -> None:
            # Waiting for a request (or partway through its headers), or for the rest of its body.
            if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
                self.transport.close()

    return Guarded


class OnceAMinute(logging.Filter):
    """Lets a flood of one complaint (out of descriptors, say) through once a minute."""

    def __init__(self, *needles: str) -> None:
        super().__init__()
        self.needles = needles
        self._told: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage() + (str(record.exc_info[1]) if record.exc_info else "")
        for needle in self.needles:
            if needle in text:
                now = time.monotonic()
                if now - self._told.get(needle, -LOG_EVERY_S) < LOG_EVERY_S:
                    return False
                self._told[needle] = now
                record.exc_info, record.exc_text = None, None  # one line: the traceback says nothing new
        return True


def quiet_floods(*loggers: Any) -> None:
    for name in loggers:
        logger = logging.getLogger(name)
        if not any(isinstance(f, OnceAMinute) for f in logger.filters):
            logger.addFilter(OnceAMinute("Too many open files", "out of system resource"))
