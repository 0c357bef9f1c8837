"""The LAN server: the pages, their stream, pairing and the devices' commands, on the venue's network.

It runs uvicorn on a thread of its own and never touches the desk: every read and every command is a
function submitted to the desk's thread (`runner`), awaited, and answered with the desk's result or its
refusal (`TourneyError`: code, message, params). After each accepted command the desk's notification,
on the desk's thread, builds the new public view and hands it to the stream's hub.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import socket
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.protocol.errors import TourneyError
from ..desk import Desk
from . import logo, remote, words
from .guard import BACKLOG, Overload, descriptor_limit, guarded_protocol, quiet_floods
from .logo import Logo
from .pairing import ALLOWED, OPENS, Device, Pairing
from .runner import DeskRunner
from .stream import HEARTBEAT_S, Change, Hub, Publisher, Update
from .view import find_seat

HERE = Path(__file__).parent
MAX_BODY = 64 * 1024  # a command is a few hundred bytes
CLOCK_CHECK_S = 1.0  # how often the clock is looked at between commands (a level ends on its own)
PAGES = {"/": ("players.html", "title_players"), "/td": ("td.html", "title_td"), "/floor": ("td.html", "title_floor"),
         "/cashier": ("cashier.html", "title_cashier"), "/screen": ("screen.html", "title_screen"),
         "/pair": ("pair.html", "title_pair")}
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                               "frame-ancestors 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cache-Control": "no-store",
}

log = logging.getLogger("tourneydesk.lan")

SnapshotFn = Callable[[Desk], dict[str, Any]]
# A buy-in's seat card put on the laptop's paper: "printer", "pdf" (saved in the cashier's folder), or None.
SeatCardFn = Callable[[Desk, dict[str, Any]], str | None]
PRINTS_KEPT = 512  # the latest buy-ins' answers about their card: a retried sale is told, never printed twice


class SecurityHeaders:
    """Every answer, page, script, stream or refusal, carries the same protective headers."""

    def __init__(self, app: ASGIApp, tls: bool) -> None:
        self.app = app
        self.headers = dict(SECURITY_HEADERS)
        if tls:
            self.headers["Strict-Transport-Security"] = "max-age=31536000"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for key, value in self.headers.items():
                    headers[key] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


@dataclass
class Tls:
    certfile: Path
    keyfile: Path
    fingerprint: str  # SHA-256 of the certificate, as a phone's browser shows it


def _clock_key(clock: dict[str, Any]) -> tuple[Any, ...]:
    """What in the clock changes more than the clock section when it moves (a new level, a start)."""
    return (clock["index"], clock["running"], clock["started"], clock["registration_open"])


class LanServer:
    def __init__(self, runner: DeskRunner, pairing: Pairing, *, host: str = "0.0.0.0", port: int = 8765,
                 snapshot_fn: SnapshotFn | None = None, seat_card: SeatCardFn | None = None,
                 tls: Tls | None = None) -> None:
        self.runner = runner
        self.pairing = pairing
        self.host, self.port = host, port
        self.tls = tls
        self.hub = Hub()
        self.publisher: Publisher | None = None  # while serving
        self._snapshot = snapshot_fn or (lambda desk: desk.snapshot())
        self._seat_card = seat_card
        self._printed: dict[str, str | None] = {}  # command_id -> where its seat card went (desk thread only)
        self._said: dict[str, str] = {}  # command_id -> what it did, so that a retry is answered the same
        self._shown_clock: tuple[Any, ...] | None = None  # the clock as last published (desk thread only)
        self._qr_svg: bytes | None = None
        self._logo_seen: tuple[object, ...] = ()  # the logo's files as last looked at (`logo.signature`)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._templates = Environment(loader=FileSystemLoader(HERE / "templates"),
                                      autoescape=select_autoescape(["html"]))
        self.app = self._build_app()

    # -- running -----------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        scheme = "https" if self.tls else "http"
        return f"{scheme}://{shown_host(self.host)}:{self.port}"

    def players_url(self) -> str:
        """The players' page as the QR code carries it: with the certificate's fingerprint under HTTPS
        (after the #, which the browser never sends)."""
        return self.url + "/" + (f"#sha256={self.tls.fingerprint}" if self.tls else "")

    def pairing_url(self, code: str) -> str:
        return f"{self.url}/pair#code={code}" + (f"&sha256={self.tls.fingerprint}" if self.tls else "")

    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self) -> None:
        """Bind, subscribe to the desk, build the first view and serve; refused (OSError) if the port is taken."""
        sock = socket.socket(socket.AF_INET6 if ":" in self.host else socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port))
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        quiet_floods("asyncio", "uvicorn.error")
        config = uvicorn.Config(self.app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2,
                                ssl_certfile=str(self.tls.certfile) if self.tls else None,
                                ssl_keyfile=str(self.tls.keyfile) if self.tls else None,
                                http=guarded_protocol(Overload(descriptor_limit())), backlog=BACKLOG,
                                # A phone that slept keeps no half-open connection for long.
                                timeout_keep_alive=30)
        server = uvicorn.Server(config)
        # A server started again goes on from the version its pages saw.
        before = self.hub.version
        self.publisher = Publisher(self.hub.boot, self._hand_over, before)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="lan-server", daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        # Serving is not enough: the first view is built on the publisher's thread, and a page asking
        # before it is out would be told an empty room.
        while not server.started or self.hub.version == before:
            if not thread.is_alive() or time.monotonic() > deadline:
                sock.close()
                self.publisher.stop()
                self.publisher = None
                raise OSError("the LAN server did not start")
            time.sleep(0.01)
        self._server, self._thread, self._sock = server, thread, sock

    def stop(self) -> None:
        if self._server is None:
            return
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.hub.close_all)
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._sock is not None:
            self._sock.close()
        self._server = self._thread = self._sock = None
        if self.publisher is not None:
            self.publisher.stop()
            self.publisher = None

    # -- the desk's side (these run on the desk's thread) --------------------------------------------
    def _subscribe(self, desk: Desk) -> Callable[[], None]:
        unsubscribe = desk.subscribe(lambda result: self._changed(desk))
        self._changed(desk)
        return unsubscribe

    def _changed(self, desk: Desk) -> None:
        """After a command: the snapshot is taken here, everything else is the publisher's (its own thread),
        so that the desk is free for the next command at once."""
        now_ms = desk.now_ms()
        part = desk.clock_now(now_ms / 1000)
        self._shown_clock = _clock_key(part["clock"])
        if self.publisher is not None:
            self.publisher.put(Change(now_ms, part["remaining_ms"], self._snapshot(desk), desk.winner(), part,
                                      desk.config.levels))

    def _clock_look(self, desk: Desk) -> tuple[object, Path]:
        """Between commands: the clock moves on its own, and a level that ends changes more than the clock.
        Returns where the tournament's own logo would be (its `[display] logo`, the folder it is read from)."""
        now_ms = desk.now_ms()
        part = desk.clock_now(now_ms / 1000)
        if _clock_key(part["clock"]) != self._shown_clock:
            self._changed(desk)
        elif self.publisher is not None:
            self.publisher.put(Change(now_ms, part["remaining_ms"], None, None, part))
        return desk.config.display.get("logo"), desk.path.parent

    def _hand_over(self, update: Update) -> None:
        """From the publisher's thread: the new version goes to the loop, which sends it."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.hub.take, update)

    # -- the application ---------------------------------------------------------------------------
    def _build_app(self) -> ASGIApp:
        @asynccontextmanager
        async def lifespan(app: Starlette) -> Any:
            self._loop = asyncio.get_running_loop()
            self._unsubscribe = await self._desk(self._subscribe)
            own, beside = await self._desk(lambda desk: (desk.config.display.get("logo"), desk.path.parent))
            self._logo_seen = await asyncio.to_thread(logo.signature, self.pairing.store, own, beside)
            task = asyncio.create_task(self._watch_clock())
            yield
            task.cancel()
            unsubscribe = self._unsubscribe
            if unsubscribe is not None:
                # A desk closing or already closed has nobody left to tell.
                with contextlib.suppress(TimeoutError, ValueError):
                    await asyncio.wait_for(self._desk(lambda desk: unsubscribe()), 5)
            self._loop = None

        routes: list[Route | Mount] = [Route(path, self._page(template, title), methods=["GET"])
                                       for path, (template, title) in PAGES.items()]
        routes += [
            Route("/api/view", self._view, methods=["GET"]),
            Route("/qr.svg", self._qr, methods=["GET"]),
            Route("/logo", self._logo, methods=["GET"]),
            Route("/api/logo", self._logo_version, methods=["GET"]),
            Route("/api/stream", self._stream, methods=["GET"]),
            Route("/api/seat", self._seat, methods=["GET"]),
            Route("/api/pair", self._pair, methods=["POST"]),
            Route("/api/me", self._me, methods=["GET"]),
            Route("/api/command", self._command, methods=["POST"]),
            Route("/api/td", self._td, methods=["GET"]),
            Route("/api/td/find", self._td_find, methods=["GET"]),
            Route("/api/cashier", self._cashier, methods=["GET"]),
            Route("/api/cashier/find", self._cashier_find, methods=["GET"]),
            Route("/api/cashier/refund", self._refund_offer, methods=["GET"]),
            Route("/api/cashier/refund", self._refund, methods=["POST"]),
            Route("/api/devices", self._devices, methods=["GET"]),
            Route("/api/devices/revoke", self._revoke, methods=["POST"]),
            Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
        ]
        app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={Exception: _server_error})
        return SecurityHeaders(Unexpected(app), tls=self.tls is not None)

    async def _desk(self, fn: Callable[[Desk], Any]) -> Any:
        return await asyncio.wrap_future(self.runner.submit(fn))

    async def _watch_clock(self) -> None:
        last_beat = time.monotonic()
        while True:
            await asyncio.sleep(CLOCK_CHECK_S)
            if time.monotonic() - last_beat >= HEARTBEAT_S:
                self.hub.heartbeat()
                last_beat = time.monotonic()
            try:
                own, beside = await self._desk(self._clock_look)
                await self._look_at_logo(own, beside)
            except Exception:  # a closing desk: the next look, or the server's end, settles it
                continue

    async def _look_at_logo(self, own: object, beside: Path) -> None:
        """The venue's logo set or removed from another shell (`lan logo`), or the tournament's own changed:
        every open TV is told at once and loads the new picture."""
        seen = await asyncio.to_thread(logo.signature, self.pairing.store, own, beside)
        if seen == self._logo_seen:
            return
        self._logo_seen = seen
        found: Logo | None = await asyncio.to_thread(logo.shown_logo, self.pairing.store, own, beside)
        self.hub.tell("logo", {"logo": found.version if found is not None else None})

    def _page(self, template: str, title: str) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            lang = words.language(request.headers.get("accept-language"))
            page_words = json.dumps(words.page_words(lang), ensure_ascii=False).replace("<", "\\u003c")
            tournament = self.hub.sections.get("tournament") or {}
            html = self._templates.get_template(template).render(
                lang=lang, w=words.page_words(lang), title=words.word(title, lang),
                tournament=tournament.get("name", ""), words_json=Markup(page_words))
            return HTMLResponse(html, headers={"Vary": "Accept-Language", "Content-Language": lang})
        return endpoint

    async def _qr(self, request: Request) -> Response:
        """The players' page as a QR code, for a TV to show in its corner."""
        if self._qr_svg is None:
            import io

            import segno

            buffer = io.BytesIO()
            segno.make(self.players_url(), error="m").save(buffer, kind="svg", scale=8, border=2, dark="#000",
                                                           light="#fff")
            self._qr_svg = buffer.getvalue()
        return Response(self._qr_svg, media_type="image/svg+xml")

    async def _shown_logo(self) -> Logo | None:
        own, beside = await self._desk(lambda desk: (desk.config.display.get("logo"), desk.path.parent))
        found: Logo | None = await asyncio.to_thread(logo.shown_logo, self.pairing.store, own, beside)
        return found

    async def _logo(self, request: Request) -> Response:
        """The venue's logo (or the tournament's own), as the picture it is; 404 when there is none."""
        found = await self._shown_logo()
        if found is None:
            return Response(status_code=404)
        return Response(found.data, media_type=found.media_type)

    async def _logo_version(self, request: Request) -> Response:
        """Whether there is a logo, and which: a TV's page reloads the picture only when this changes."""
        found = await self._shown_logo()
        return JSONResponse({"logo": found.version if found is not None else None})

    async def _view(self, request: Request) -> Response:
        return JSONResponse(self.hub.full())

    async def _stream(self, request: Request) -> Response:
        last = request.headers.get("last-event-id")
        me = " ".join(request.query_params.get("me", "").split())[:60]
        return StreamingResponse(self.hub.follow(last, me.casefold() if len(me) >= 2 else None),
                                 media_type="text/event-stream",
                                 headers={"X-Accel-Buffering": "no"})

    async def _seat(self, request: Request) -> Response:
        return JSONResponse({"found": find_seat(self.hub.seats, request.query_params.get("q", "")[:60])})

    async def _pair(self, request: Request) -> Response:
        try:
            body = await _json_body(request)
            token, device = self.pairing.pair(body.get("code"), body.get("device"), _address(request),
                                              body.get("person"))
        except TourneyError as exc:
            return _refusal(exc, request)
        return JSONResponse({"token": token, "role": device.role, "device": device.name})

    def _device(self, request: Request, *roles: str) -> Device:
        """The paired device that sent `request`, refused unless its role opens one of `roles`."""
        device = self.pairing.device_for(request.headers.get("authorization"), _address(request))
        if device is None:
            raise TourneyError("NOT_PAIRED", "This device is not paired, or its pairing was revoked")
        if roles and not OPENS[device.role] & set(roles):
            raise TourneyError("ROLE_FORBIDDEN", f"A {device.role} device cannot do that: it needs a "
                               f"{' or '.join(roles)} device", role=device.role, needs=roles[0])
        return device

    async def _me(self, request: Request) -> Response:
        try:
            device = self._device(request)
        except TourneyError as exc:
            return _refusal(exc, request)
        return JSONResponse({"device": device.name, "role": device.role, "person": device.person,
                             "opens": sorted(OPENS[device.role])})

    async def _command(self, request: Request) -> Response:
        try:
            device = self._device(request)
            cmd = await _json_body(request)
            kind = cmd.get("type")
            if not isinstance(kind, str):
                raise TourneyError("COMMAND_INVALID", "A command is a JSON object with a type", field="type")
            if kind not in ALLOWED[device.role]:
                raise TourneyError("ROLE_FORBIDDEN", f"A {device.role} device cannot send {kind[:40]!r}",
                                   role=device.role, command=kind[:40])
            if not cmd.get("dry_run") and not isinstance(cmd.get("command_id"), str):
                raise TourneyError("FIELD_MISSING", "Every command from a device carries a command_id, so that "
                                   "a retry never counts twice", field="command_id")
            # Who sent it is what the pairing says, whatever the request claims: the device is the
            # station, the person who paired it the actor.
            cmd = {**cmd, "station": device.name[:64], "actor": (device.person or device.role)[:64]}
            seat_card = self._seat_card if kind == "buy_in" and not cmd.get("dry_run") else None
            lang = words.language(request.headers.get("accept-language"))
            said: list[str] = []

            def run(desk: Desk) -> tuple[dict[str, Any], str | None]:
                before = desk.seq
                result = desk.execute(cmd)
                made = desk.events(before) if desk.seq > before else []
                key = cmd.get("command_id")
                if made and isinstance(key, str):  # what was done, in the device's language, as undo names it
                    self._said[key] = words.describe_command(made, desk.names(), lang)
                    while len(self._said) > PRINTS_KEPT:
                        self._said.pop(next(iter(self._said)))
                if isinstance(key, str) and key in self._said:
                    said.append(self._said[key])
                if seat_card is None or result.get("dry_run"):
                    return result, None
                key = str(cmd["command_id"])
                if desk.seq == before:  # a retry answered with the first result: its card is out already
                    return result, self._printed.get(key)
                printed = None
                # The buy-in stands even if the printer fails: the card is printed again from the cashier desk.
                try:
                    printed = seat_card(desk, result)
                except Exception:
                    log.exception("The seat card of a buy-in sold on %s could not be printed", cmd["station"])
                self._printed[key] = printed
                while len(self._printed) > PRINTS_KEPT:
                    self._printed.pop(next(iter(self._printed)))
                return result, printed

            result, printed = await self._desk(run)
        except TourneyError as exc:
            return _refusal(exc, request)
        answer: dict[str, Any] = {"ok": True, "result": result}
        if said:
            answer["said"] = said[0]
        if seat_card is not None and not result.get("dry_run"):
            answer["printed"] = printed  # where the seat card went on the laptop ("printer", "pdf"), if anywhere
        return JSONResponse(answer)

    async def _read(self, request: Request, roles: tuple[str, ...], fn: Callable[[Desk], Any]) -> Response:
        try:
            self._device(request, *roles)
            return JSONResponse(await self._desk(fn))
        except TourneyError as exc:
            return _refusal(exc, request)

    async def _td(self, request: Request) -> Response:
        lang = words.language(request.headers.get("accept-language"))
        return await self._read(request, ("td", "floor"), lambda desk: remote.td_state(desk, lang))

    async def _td_find(self, request: Request) -> Response:
        query = request.query_params.get("q", "")[:60]
        return await self._read(request, ("td", "floor"), lambda desk: {"found": remote.find_entries(desk, query)})

    async def _cashier(self, request: Request) -> Response:
        prints = self._seat_card is not None
        return await self._read(request, ("cashier",), lambda desk: {**remote.cashier_state(desk, prints),
                                                                     **_read_at(desk)})

    async def _cashier_find(self, request: Request) -> Response:
        # With the log's end it was read at: the tablet never draws a read older than a sale it was answered.
        query = request.query_params.get("q", "")[:60]
        return await self._read(request, ("cashier",), lambda desk: {"found": remote.find_players(desk, query),
                                                                     **_read_at(desk)})

    async def _refund_offer(self, request: Request) -> Response:
        """What a refund of the entry would take back (its latest sale), before the cashier confirms it."""
        entry = request.query_params.get("entry", "")[:64]
        lang = words.language(request.headers.get("accept-language"))
        return await self._read(request, ("cashier",), lambda desk: remote.refund_offer(desk, entry, lang))

    async def _refund(self, request: Request) -> Response:
        """The entry's latest sale taken back, as the desk's undo of that sale: only that one, and only while
        nothing done since stands on it. The device and its person are the log's station and actor."""
        try:
            device = self._device(request, "cashier")
            body = await _json_body(request)
            command_id = body.get("command_id")
            if not isinstance(command_id, str) or not command_id:
                raise TourneyError("FIELD_MISSING", "Every command from a device carries a command_id, so that "
                                   "a retry never counts twice", field="command_id")
            entry, seq = body.get("entry"), body.get("seq")
            station, actor = device.name[:64], (device.person or device.role)[:64]
            lang = words.language(request.headers.get("accept-language"))
            result = await self._desk(lambda desk: remote.refund(desk, entry, seq, command_id[:100], station, actor,
                                                                 lang))
        except TourneyError as exc:
            return _refusal(exc, request)
        return JSONResponse({"ok": True, "result": result})

    async def _devices(self, request: Request) -> Response:
        """The paired devices, for a TD who revokes a lost phone from their own."""
        try:
            me = self._device(request, "td")
        except TourneyError as exc:
            return _refusal(exc, request)
        return JSONResponse({"devices": [{"id": d.id, "name": d.name, "role": d.role, "person": d.person,
                                          "last_seen": d.last_seen, "me": d.id == me.id}
                                         for d in self.pairing.devices()]})

    async def _revoke(self, request: Request) -> Response:
        try:
            self._device(request, "td")
            body = await _json_body(request)
            device = body.get("device")
            if not isinstance(device, str) or not self.pairing.revoke(device):
                raise TourneyError("DEVICE_UNKNOWN", "No paired device has that id", field="device")
        except TourneyError as exc:
            return _refusal(exc, request)
        return JSONResponse({"ok": True, "revoked": device})


class Unexpected:
    """An error nobody foresaw answers 500 with one line in the log, never a traceback on the
    terminal for anyone on the Wi-Fi to cause again and again."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except Exception as exc:
            if scope["type"] != "http":
                raise
            log.error("The venue network could not answer %s %s: %s", scope.get("method"), scope.get("path"),
                      type(exc).__name__)
            if not started:
                await JSONResponse({"ok": False, "code": "SERVER_ERROR", "message": "The laptop could not "
                                    "answer that request"}, status_code=500)(scope, receive, send)


STATUS = {"NOT_PAIRED": 401, "ROLE_FORBIDDEN": 403, "TOO_MANY_ATTEMPTS": 429, "PAIRING_CODE_WRONG": 403,
          "BODY_TOO_LARGE": 413, "COMMAND_INVALID": 400, "COMMAND_ID_REUSED": 409, "DEVICE_UNKNOWN": 404}


def _refusal(exc: TourneyError, request: Request | None = None) -> Response:
    """The desk's refusal as it came (code, params, English message) and `text`, in the device's language."""
    headers = {"Retry-After": "60"} if exc.code == "TOO_MANY_ATTEMPTS" else None
    lang = words.language(request.headers.get("accept-language")) if request is not None else "en"
    body = {"ok": False, **exc.to_dict(), "text": words.refusal_text(exc.code, exc.message, lang, exc.params)}
    return JSONResponse(body, status_code=STATUS.get(exc.code, 422), headers=headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    return JSONResponse({"ok": False, "code": "SERVER_ERROR", "message": "The laptop could not answer that request"},
                        status_code=500)


def _read_at(desk: Desk) -> dict[str, Any]:
    """Where in which log a read was made: a page orders the answers it gets by it."""
    return {"seq": desk.seq, "tournament": desk.tournament_id}


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _json_body(request: Request) -> dict[str, Any]:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise TourneyError("BODY_TOO_LARGE", "That request is too large")
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # RecursionError: nested thousands deep
        raise TourneyError("COMMAND_INVALID", "A command is a JSON object with a type") from exc
    if not isinstance(data, dict):
        raise TourneyError("COMMAND_INVALID", "A command is a JSON object with a type")
    return data


def shown_host(host: str) -> str:
    """The address a phone types: the laptop's own on the venue network when serving every interface."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    return lan_address()


def lan_address() -> str:
    """This machine's address on its network: the one a route out would leave from (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def parse_listen(text: str) -> tuple[str, int]:
    """`[HOST:]PORT` -> (host, port); every interface when no host is given."""
    host, _, port = text.rpartition(":")
    host = host.strip("[]") or "0.0.0.0"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{text!r} is not [HOST:]PORT (a port is a number from 1 to 65535)")
    return host, int(port)
