"""How the site is served: uvicorn with the limits a public server needs.

A connection must send its request headers within `HEADER_TIMEOUT_S` of opening (and of the previous
response): a client that trickles them in is dropped, so a crowd of slow connections cannot hold the
server. Beyond `MAX_CONNECTIONS` open at once a new connection is closed at once; beyond
`MAX_REQUESTS` requests in progress uvicorn answers 503. Headers are capped in size by h11.

Stopped (SIGTERM, as systemd stops it), the site finishes the requests in progress for at most
`SHUTDOWN_S`, then ends the rest: a reader's live stream never ends by itself (it only learns that its
reader left at its next heartbeat, `live.HEARTBEAT_S`), and would hold the stop until systemd kills it.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any, Literal

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT_S = 10.0
KEEP_ALIVE_S = 5
MAX_CONNECTIONS = 2000  # the live pages hold a stream open: one per phone watching
MAX_HEADER_BYTES = 16 * 1024
SHUTDOWN_S = 10  # s, whole (uvicorn's type): what the requests in progress get to finish once told to stop


def guarded_protocol(header_timeout_s: float = HEADER_TIMEOUT_S,
                     max_connections: int = MAX_CONNECTIONS) -> type[H11Protocol]:
    class GuardedH11Protocol(H11Protocol):
        """uvicorn's h11 protocol with a deadline for each request's headers and a cap on connections."""

        _header_timer: asyncio.TimerHandle | None = None
        _waiting_for: Any = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > max_connections:
                transport.close()
                return
            self._arm()

        def handle_events(self) -> None:
            super().handle_events()
            if self._header_timer is not None and self.cycle is not self._waiting_for:
                self._disarm()  # a request's headers arrived whole: the app's own timeouts take over

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()  # the next request on this connection has the same deadline

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._waiting_for = self.cycle
            self._header_timer = self.loop.call_later(header_timeout_s, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if self.cycle is self._waiting_for and not self.transport.is_closing():
                self.transport.close()

    return GuardedH11Protocol


def config(app: Any, *, host: str = "127.0.0.1", port: int = 8080, log_level: str = "info",
           header_timeout_s: float = HEADER_TIMEOUT_S, max_connections: int = MAX_CONNECTIONS,
           lifespan: Literal["auto", "on", "off"] = "auto", proxy_headers: bool = False,
           root_path: str = "") -> uvicorn.Config:
    # uvicorn's limit_concurrency counts open connections too: one above the cap, so that every
    # connection the protocol admits can be served.
    # root_path: the sub-path the proxy strips, given back to each request, so that an address the site
    # makes from the request (a trailing slash's redirect) keeps it
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, lifespan=lifespan, root_path=root_path,
                          http=guarded_protocol(header_timeout_s, max_connections),
                          timeout_keep_alive=KEEP_ALIVE_S, limit_concurrency=max_connections + 1,
                          timeout_graceful_shutdown=SHUTDOWN_S,
                          h11_max_incomplete_event_size=MAX_HEADER_BYTES,
                          # behind the club's reverse proxy on this machine: the readers' addresses, for the limits
                          proxy_headers=proxy_headers, forwarded_allow_ips="127.0.0.1" if proxy_headers else None)


def serve(app: Any, sock: socket.socket | None = None, **options: Any) -> None:
    server = uvicorn.Server(config(app, **options))
    server.run(sockets=[sock] if sock is not None else None)
