"""The stream every open page follows: server-sent events, each the sections that changed.

Three threads share the work, so that the one that writes the tournament does no more than it must. The
desk's thread takes the snapshot after a command and hands it over (`Publisher.put`). The publisher's
own thread builds the public view from it, finds the sections that differ and serialises them once, for
every phone alike. The server's event loop (`Hub`) writes those same bytes to each open stream, after
the answer to the command that made the change. A page that reconnects says the last event it saw
(`Last-Event-ID`): if anything happened since, it is sent the whole view at once (serialised once per
version too), so a phone that slept or lost the Wi-Fi catches up on its first message.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any

from ..core.config import Level
from .view import Out, Seat, View, ViewBuilder, changed_sections, clock_section, find_out, find_seat, note

HEARTBEAT_S = 15.0  # a comment line now and then: a dead connection is noticed, an idle one kept
RETRY_MS = 1000  # how soon a browser reconnects after losing the stream
BACKLOG = 64  # messages waiting for one slow client; past this it is dropped and reconnects to catch up

log = logging.getLogger("tourneydesk.lan")


@dataclass(frozen=True)
class Change:
    """What the desk's thread hands over: the time, and the snapshot after a command (None when only
    the clock moved)."""

    now_ms: int
    remaining_ms: int
    snapshot: dict[str, Any] | None
    winner: str | None
    clock: dict[str, Any]  # `Desk.clock_now`
    levels: tuple[Level, ...] = ()  # the structure (`Desk.config.levels`), with a snapshot


@dataclass(frozen=True)
class Update:
    """One new version of the view, ready to send: the whole of it and the message of what changed."""

    version: int
    sections: dict[str, Any]
    seats: list[Seat]
    now_ms: int
    at: float  # time.monotonic() when now_ms was the desk's time
    message: bytes
    moved: frozenset[str] | None  # the names (and nicknames) whose seat changed; None: anyone's may have
    outs: dict[str, Out] | None = None  # the players out with a place, by name casefolded (`View.outs`)


def seats_moved(before: list[Seat], after: list[Seat], outs_before: dict[str, Out] | None = None,
                outs_after: dict[str, Out] | None = None) -> frozenset[str]:
    """The names and nicknames of the seats that differ, came or went, and of the players whose place out
    of play did: only a phone following one of them can have a new answer to "my seat"."""
    changed = set(before).symmetric_difference(after)
    places = set((outs_before or {}).values()).symmetric_difference((outs_after or {}).values())
    return frozenset({n.casefold() for s in changed for n in (s.name, s.nickname) if n}
                     | {o.name.casefold() for o in places})


def serialised(sections: dict[str, Any]) -> str:
    return json.dumps(sections, separators=(",", ":"), ensure_ascii=False)


def message(event_id: str, now_ms: int, sections: str, full: bool) -> bytes:
    """One event of the stream, around sections serialised already (`serialised`)."""
    head = '{"full":' + ("true" if full else "false") + ',"now_ms":' + str(now_ms) + ',"sections":'
    return f"id: {event_id}\nevent: view\ndata: {head}{sections}}}\n\n".encode()


class Publisher:
    """The thread between the desk and the stream (see the module's doc)."""

    def __init__(self, boot: str, deliver: Callable[[Update], None], version: int = 0) -> None:
        self.boot = boot
        self._deliver = deliver
        self._builder = ViewBuilder()
        self._built: View | None = None
        self._version = version
        self._jobs: queue.Queue[Change | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="lan-publisher", daemon=True)
        self._thread.start()

    def put(self, change: Change) -> None:
        self._jobs.put(change)

    def stop(self) -> None:
        self._jobs.put(None)
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            pending = [job]
            while not self._jobs.empty():  # a burst of commands: only the latest state matters
                pending.append(self._jobs.get_nowait())
            if None in pending:
                return
            changes = [c for c in pending if c is not None]
            latest_full = next((c for c in reversed(changes) if c.snapshot is not None), None)
            try:
                if latest_full is not None:
                    self._build(latest_full)
                if changes[-1] is not latest_full:
                    self._clock(changes[-1])
            except Exception:  # a view that cannot be built must not silence the next ones
                log.exception("The phones' view could not be built")

    def _build(self, change: Change) -> None:
        assert change.snapshot is not None
        view = self._builder.build(change.snapshot, change.now_ms, remaining_ms=change.remaining_ms,
                                   winner=change.winner, levels=change.levels)
        self._publish(view)

    def _clock(self, change: Change) -> None:
        built = self._built
        if built is None:
            return
        clock = clock_section(change.clock["clock"], change.remaining_ms, change.now_ms)
        sections = {**built.sections, "clock": clock, "notes": [note(a) for a in change.clock["announcements"]]}
        self._publish(View(sections, built.seats, change.now_ms, built.outs))

    def _publish(self, view: View) -> None:
        built = self._built
        self._built = view
        diff = changed_sections(built.sections if built is not None else None, view.sections)
        if not diff and built is not None:
            return
        self._version += 1
        body = message(f"{self.boot}.{self._version}", view.now_ms, serialised(diff), full=False)
        moved = (None if built is None else seats_moved(built.seats, view.seats, built.outs, view.outs)
                 if "seating" in diff else frozenset())
        self._deliver(Update(self._version, view.sections, view.seats, view.now_ms, time.monotonic(), body, moved,
                             view.outs))


class Hub:
    """The loop's side: the latest version, and every open stream."""

    def __init__(self) -> None:
        self.boot = secrets.token_hex(3)  # a restarted server's ids never match an old page's
        self.version = 0
        self.sections: dict[str, Any] = {}
        self.seats: list[Seat] = []
        self.outs: dict[str, Out] = {}
        self._desk_ms = 0
        self._at = time.monotonic()
        self._whole: tuple[int, str] | None = None  # the whole view's sections serialised, by version
        self.clients: set[asyncio.Queue[bytes | None]] = set()
        # The phones that follow their player's seat: what each asks and the answer it last got.
        self.following: dict[asyncio.Queue[bytes | None], tuple[str, bytes]] = {}

    @property
    def event_id(self) -> str:
        return f"{self.boot}.{self.version}"

    def desk_now_ms(self) -> int:
        """The desk's time now, from the last view's time and the wall clock since (the desk's clock
        is read on the desk's thread only)."""
        return self._desk_ms + round((time.monotonic() - self._at) * 1000)

    def take(self, update: Update) -> None:
        """A new version from the publisher (on the loop)."""
        self.version, self.sections, self.seats = update.version, update.sections, update.seats
        self.outs = update.outs or {}
        self._desk_ms, self._at = update.now_ms, update.at
        moved = update.moved
        seats = [] if moved is not None and not moved else [
            (client, me) for client, (me, _) in self.following.items()
            if moved is None or any(me in name for name in moved)]
        # The answer to the command that made this change is due on the loop right after: it goes
        # first, and the hundreds of pages are written to one loop turn later.
        loop = asyncio.get_running_loop()
        loop.call_soon(self._send_all, update.message)
        if seats:
            loop.call_soon(self._send_seats, seats)

    def _send_seats(self, followers: list[tuple[asyncio.Queue[bytes | None], str]]) -> None:
        for client, me in followers:
            if client not in self.following:
                continue
            answer = self._seat_event(me)
            if answer != self.following[client][1]:
                self.following[client] = (me, answer)
                client.put_nowait(answer)

    def _seat_event(self, me: str) -> bytes:
        found = find_seat(self.seats, me)
        # Out of play: the place and what was won, for the player's own phone (none while in play again).
        out = None if any(s["name"].casefold() == me for s in found) else find_out(self.outs, me)
        data = json.dumps({"me": me, "found": found, "out": out}, separators=(",", ":"), ensure_ascii=False)
        return f"event: seat\ndata: {data}\n\n".encode()

    def _send_all(self, data: bytes) -> None:
        for client in list(self.clients):
            if client.qsize() >= BACKLOG:
                self.clients.discard(client)
                client.put_nowait(None)  # ends that stream: the page reconnects and gets the whole view
            else:
                client.put_nowait(data)

    def heartbeat(self) -> None:
        """A small event to every stream: an idle connection is kept open, and a page that hears
        nothing for a while (a phone that slept, a Wi-Fi gone) knows to reconnect. It has no id, so
        the page's last event stays the last change it saw."""
        self._send_all(b"event: beat\ndata: {}\n\n")

    def tell(self, event: str, data: dict[str, Any]) -> None:
        """An event of its own kind to every open stream (the venue's logo changed): no id, no section of
        the view; a page that missed it looks again when its stream opens anew."""
        self._send_all(f"event: {event}\ndata: {serialised(data)}\n\n".encode())

    def catch_up(self) -> bytes:
        """The whole view for a page that missed something: serialised once per version, sent with the
        time now (the page sets its clock by it)."""
        if self._whole is None or self._whole[0] != self.version:
            self._whole = (self.version, serialised(self.sections))
        return message(self.event_id, self.desk_now_ms(), self._whole[1], full=True)

    def full(self) -> dict[str, Any]:
        return {"id": self.event_id, "now_ms": self.desk_now_ms(), "sections": self.sections}

    async def follow(self, last_event_id: str | None, me: str | None = None) -> AsyncIterator[bytes]:
        """One client's stream, from a catch-up if it missed anything, until it goes away. A phone that
        says whose seat it follows (`me`, the player's name as remembered on it) is told that seat at
        once and again whenever it changes, with no request of its own."""
        client: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.clients.add(client)
        try:
            yield f"retry: {RETRY_MS}\n\n".encode()
            if last_event_id != self.event_id and self.sections:
                yield self.catch_up()
            if me:
                answer = self._seat_event(me)
                self.following[client] = (me, answer)
                yield answer
            while True:
                data = await client.get()
                if data is None:
                    return
                yield data
        finally:
            self.clients.discard(client)
            self.following.pop(client, None)

    def close_all(self) -> None:
        for client in list(self.clients):
            client.put_nowait(None)
        self.clients.clear()
        self.following.clear()
