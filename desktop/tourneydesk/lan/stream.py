"""The stream every open page follows: server-sent events, each the sections that changed.

The hub lives on the server's event loop. The desk's thread hands it a new view after every command
(`publish`); it keeps the latest and sends each client what differs. A page that reconnects says the last
event it saw (`Last-Event-ID`): if anything happened since, it is sent the whole view at once, so a
phone that slept or lost the Wi-Fi catches up on its first message.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import AsyncIterator
from typing import Any

from .view import Seat, View, changed_sections

HEARTBEAT_S = 15.0  # a comment line now and then: a dead connection is noticed, an idle one kept
RETRY_MS = 1000  # how soon a browser reconnects after losing the stream
BACKLOG = 64  # messages waiting for one slow client; past this it is dropped and reconnects to catch up


class Hub:
    def __init__(self) -> None:
        self.boot = secrets.token_hex(3)  # a restarted server's ids never match an old page's
        self.version = 0
        self.sections: dict[str, Any] = {}
        self.seats: list[Seat] = []
        self._desk_ms = 0
        self._at = time.monotonic()
        self.clients: set[asyncio.Queue[bytes | None]] = set()

    @property
    def event_id(self) -> str:
        return f"{self.boot}.{self.version}"

    def desk_now_ms(self) -> int:
        """The desk's time now, from the last view's time and the wall clock since (the desk's clock
        is read on the desk's thread only)."""
        return self._desk_ms + round((time.monotonic() - self._at) * 1000)

    def publish(self, view: View) -> None:
        self.seats = view.seats
        self._desk_ms, self._at = view.now_ms, time.monotonic()
        diff = changed_sections(self.sections or None, view.sections)
        if not diff:
            return
        self.sections = {**self.sections, **diff}
        self.version += 1
        message = self._message(diff, full=False)
        # The answer to the command that made this change is due on the loop right after: it goes
        # first, and the hundreds of pages are written to one loop turn later.
        loop = asyncio.get_running_loop()
        loop.call_soon(loop.call_soon, self._send_all, message)

    def _send_all(self, message: bytes) -> None:
        for queue in list(self.clients):
            if queue.qsize() >= BACKLOG:
                self.clients.discard(queue)
                queue.put_nowait(None)  # ends that stream: the page reconnects and gets the whole view
            else:
                queue.put_nowait(message)

    def heartbeat(self) -> None:
        """A small event to every stream: an idle connection is kept open, and a page that hears
        nothing for a while (a phone that slept, a Wi-Fi gone) knows to reconnect. It has no id, so
        the page's last event stays the last change it saw."""
        self._send_all(b"event: beat\ndata: {}\n\n")

    def _message(self, sections: dict[str, Any], full: bool) -> bytes:
        data = json.dumps({"full": full, "now_ms": self.desk_now_ms(), "sections": sections},
                          separators=(",", ":"), ensure_ascii=False)
        return f"id: {self.event_id}\nevent: view\ndata: {data}\n\n".encode()

    def full(self) -> dict[str, Any]:
        return {"id": self.event_id, "now_ms": self.desk_now_ms(), "sections": self.sections}

    async def follow(self, last_event_id: str | None) -> AsyncIterator[bytes]:
        """One client's stream, from a catch-up if it missed anything, until it goes away."""
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.clients.add(queue)
        try:
            yield f"retry: {RETRY_MS}\n\n".encode()
            if last_event_id != self.event_id and self.sections:
                yield self._message(self.sections, full=True)
            while True:
                message = await queue.get()
                if message is None:
                    return
                yield message
        finally:
            self.clients.discard(queue)

    def close_all(self) -> None:
        for queue in list(self.clients):
            queue.put_nowait(None)
        self.clients.clear()
