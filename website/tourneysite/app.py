"""The Starlette application: the sync API the desktop pushes to, its JSON, and the pages people read.

`create_app(db_url, now=time.time)` builds it; `now` is the only clock the site reads (the clock's
time left is computed from it, so a test can fix it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
from anyio import CapacityLimiter
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import collector, pages
from .club import parse_club
from .databases import open_storage
from .guard import BODY_TIMEOUT_S, FailureLimiter, Guard
from .live import Live, gzipped
from .news import NewsPolicy
from .page_cache import PageCache
from .reader_pace import ReaderPace
from .results import TOURNAMENT_ID, ApiError, Results, Unavailable, check_tournament_id, parse_batch
from .storage import OWNERS, Venue

log = logging.getLogger(__name__)

MAX_BODY = 8 * 1024 * 1024  # 500 events are far below this; anything bigger is refused unread
DRAIN_AT_MOST = 4 * MAX_BODY  # read and drop an oversized body up to here, so the client sees the 413

HERE = Path(__file__).parent
# Wrong tokens: per client address, then per venue (from every address at once), in a sliding minute.
FAILED_TOKENS_PER_ADDRESS = 20
FAILED_TOKENS_PER_VENUE = 100
FAILED_TOKENS_WINDOW_S = 60.0
# A page is rendered at most this often while its tournament changes (a push of many batches).
PAGE_MIN_AGE_S = 1.0
SYNC_THREADS = 8  # laptops' requests at once (each tournament's pushes go one at a time anyway)
# The widgets are made to sit in an iframe on the club's own website, whatever its address (every other
# response gets guard.py's headers, which let only this site frame its pages).
WIDGET_HEADERS = {"Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'; "
                                             "frame-ancestors *"}


def create_app(db_url: str, *, now: Callable[[], float] = time.time, root_path: str = "",
               policy: NewsPolicy | None = None, body_timeout_s: float = BODY_TIMEOUT_S,
               pace: ReaderPace | None = None) -> Starlette:
    """The site. `root_path`: the sub-path the reverse proxy serves the site under ("/results"), which every
    link the pages write begins with; the proxy strips it before the request reaches the site. `policy`:
    when its news is stale and when a tournament is interrupted (news.py). `pace`: how the readers take
    turns while a push is being stored (reader_pace.py)."""
    results = Results(open_storage(db_url), now, policy)
    pace = pace or ReaderPace()
    view = pages.Pages(results, HERE / "templates", root_path)
    tokens = _Tokens(results, now)

    live = Live(view.live_model, results.storage.stored_seq, run_in_threadpool)
    # The laptops' requests have threads of their own: a push never queues behind a crowd of readers
    # for one of the threads the pages share (made on the first push: a limiter belongs to its loop).
    sync_threads: list[CapacityLimiter] = []

    async def for_the_laptop(work: Callable[[], Any]) -> Any:
        if not sync_threads:
            sync_threads.append(CapacityLimiter(SYNC_THREADS))
        return await anyio.to_thread.run_sync(work, limiter=sync_threads[0])

    async def post_events(request: Request) -> Response:
        tournament_id = request.path_params["tournament_id"]
        try:
            # the token before the body: a wrong one is refused unread
            venue = await for_the_laptop(lambda: tokens.venue(request))
            raw = await _read_body(request)
            # the JSON, the checks and the store: off the event loop, which the readers need; and the
            # readers take turns meanwhile, leaving the interpreter and the cores to the push
            with pace.pushing():
                receipt = await for_the_laptop(lambda: results.ingest(tournament_id, venue,
                                                                      parse_batch(_parse_json(raw))))
        except ApiError as error:
            return _refusal(error)
        live.pushed(tournament_id)  # stored events, or a heartbeat: either way fresh news for the pages
        return JSONResponse(receipt.to_dict())

    async def put_club(request: Request) -> Response:
        """The venue's club document (its leagues, and who played each night by public handle), replaced whole."""
        try:
            venue = await for_the_laptop(lambda: tokens.venue(request))
            raw = await _read_body(request)
            doc = await for_the_laptop(lambda: parse_club(_parse_json(raw)))
        except ApiError as error:
            return _refusal(error)

        def store() -> int:
            results.storage.store_club(venue.id, doc, results.now())
            return sum(1 for t in doc["tournaments"] if (known := results.storage.tournament(t["tournament_id"]))
                       is not None and known.venue_id == venue.id)

        held = await for_the_laptop(store)
        return JSONResponse({"leagues": len(doc["leagues"]), "tournaments": len(doc["tournaments"]), "held": held})

    async def league_json(request: Request) -> Response:
        found = await run_in_threadpool(view.league_table, request.path_params["venue_id"],
                                        request.path_params["league"], request.query_params.get("season", "")[:80])
        if found is None:
            return JSONResponse({"error": "not_found", "detail": "no such league or season"}, status_code=404)
        return JSONResponse(found, headers={"Cache-Control": "no-cache"})

    async def get_acked(request: Request) -> Response:
        tournament_id = request.path_params["tournament_id"]

        def acked_and_hash() -> tuple[int, str | None]:
            venue = tokens.venue(request)
            acked = results.acked(tournament_id, venue)
            return acked, results.hash_at(tournament_id, venue, acked)

        try:
            acked, hash_ = await for_the_laptop(acked_and_hash)
        except ApiError as error:
            return _refusal(error)
        return JSONResponse({"acked_seq": acked, "hash": hash_})

    async def get_hash(request: Request) -> Response:
        """The laptop's hash of one event as the site holds it: how a pusher finds where histories part."""
        tournament_id, seq = request.path_params["tournament_id"], request.path_params["seq"]
        try:
            hash_ = await for_the_laptop(lambda: results.hash_at(tournament_id, tokens.venue(request), seq))
        except ApiError as error:
            return _refusal(error)
        return JSONResponse({"seq": seq, "hash": hash_})

    async def get_tournament(request: Request) -> Response:
        try:
            snap = await run_in_threadpool(results.public_snapshot, request.path_params["tournament_id"])
        except Unavailable:
            return JSONResponse({"error": "unavailable", "detail": "this tournament cannot be shown just now"},
                                status_code=503)
        if snap is None:
            return JSONResponse({"error": "not_found", "detail": "no such tournament"}, status_code=404)
        return JSONResponse(snap, headers={"Cache-Control": "no-store"})

    async def live_json(request: Request) -> Response:
        model = await live.model(request.path_params["tournament_id"])
        if model is None:
            return JSONResponse({"error": "not_found", "detail": "no such tournament"}, status_code=404)
        return JSONResponse(model, headers={"Cache-Control": "no-store"})

    async def live_stream(request: Request) -> Response:
        tournament_id = request.path_params["tournament_id"]
        if await live.model(tournament_id) is None:
            return JSONResponse({"error": "not_found", "detail": "no such tournament"}, status_code=404)
        last = request.headers.get("last-event-id", "")
        stream = live.stream(tournament_id, int(last) if last.isdigit() and len(last) < 19 else None)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "Vary": "Accept-Encoding"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            return StreamingResponse(gzipped(stream), media_type="text/event-stream",
                                     headers={**headers, "Content-Encoding": "gzip"})
        return StreamingResponse(stream, media_type="text/event-stream", headers=headers)

    cache = PageCache(min_age_s=PAGE_MIN_AGE_S)

    def version(kind: str, params: dict[str, Any], generation: tuple[Any, ...], seq: int | None) -> tuple[Any, Any]:
        """What a page shows depends on: the stored seq of its tournament (or of every tournament for the
        lists), the owner's last change, and for the live page the second on the clock. `generation`: the
        site's (storage.py), or for a tournament's page only its owners' part (the last two)."""
        owner, club = generation[-2:]
        if kind in ("index", "venue", "league", "player"):
            # these read the clubs' documents too, and a club's push shows at once (a member erased on request)
            return (owner, club, int(results.now() // 60)), generation[:2]
        if "tournament_id" not in params:
            # the minute too: a list shows a tournament interrupted when its venue has gone quiet (news.py)
            return (owner, int(results.now() // 60)), generation[:2]
        # the club's document too: a member erased on request is hidden on every page of their nights
        return (owner, seq is None, club), (seq, int(results.now())) if kind == "live" else seq

    def version_now(kind: str, params: dict[str, Any]) -> tuple[Any, Any]:
        storage = results.storage
        tournament_id = params.get("tournament_id")
        if tournament_id is None:
            return version(kind, params, storage.generation(), None)
        return version(kind, params, storage.owners_generation(), storage.stored_seq(tournament_id))

    def version_at_hand(kind: str, params: dict[str, Any]) -> tuple[Any, Any] | None:
        """The version from what this process knows without asking the database; None when it does not.
        (A batch stored changes the lists, not a tournament's pages: those of the others stay at hand.)"""
        storage = results.storage
        tournament_id = params.get("tournament_id")
        generation = storage.held_version(None if tournament_id is None else OWNERS)
        seq = storage.held_version(tournament_id) if tournament_id is not None else (None,)
        if generation is None or seq is None:
            return None
        return version(kind, params, generation[0], seq[0])

    def page_route(path: str, kind: str, render: Callable[..., tuple[int, str]], *, query: tuple[str, ...] = (),
                   framed: bool = False) -> Route:
        async def endpoint(request: Request) -> Response:
            params: dict[str, Any] = dict(request.path_params)
            for name in query:
                value = request.query_params.get(name, "")
                if name == "page":
                    params[name] = int(value) if value.isdigit() and len(value) < 7 else 1
                else:
                    params[name] = value[:60]
            key = (kind, *sorted(params.items()))
            patient = pace.paced()
            # A copy at hand is served from the event loop: a crowd's pages cost no thread each
            known = version_at_hand(kind, params)
            page = cache.at_hand(key, known, patient=patient) if known is not None else None
            if page is None:
                page = await run_in_threadpool(lambda: cache.get(key, version_now(kind, params),
                                                                 lambda: render(**params), patient=patient))
            headers = {**(WIDGET_HEADERS if framed else {}), "ETag": page.etag, "Vary": "Accept-Encoding",
                       "Cache-Control": "no-cache"}
            if request.headers.get("if-none-match") == page.etag and page.status == 200:
                return Response(status_code=304, headers=headers)
            if page.gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
                return Response(page.gzipped, status_code=page.status, media_type="text/html; charset=utf-8",
                                headers={**headers, "Content-Encoding": "gzip"})
            return Response(page.body, status_code=page.status, media_type="text/html; charset=utf-8",
                            headers=headers)
        return Route(path, endpoint, methods=["GET"])

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        # Pushes another site process took (PostgreSQL tells at once; on SQLite the watchers look every
        # few seconds): this process's live pages hear of them as of its own.
        loop = asyncio.get_running_loop()

        def pushed_elsewhere(tournament_id: str) -> None:
            pace.pushed_elsewhere()
            with contextlib.suppress(RuntimeError):  # the loop closed as the site stops
                loop.call_soon_threadsafe(live.pushed, tournament_id)

        stop = results.storage.listen(pushed_elsewhere)
        # The interpreter's full passes, which walk every folded state, come between pushes (collector.py).
        give_back = collector.take_over()
        passes = collector.Collector(pace.paced)

        async def collect_between_pushes() -> None:
            while True:
                await asyncio.sleep(collector.CHECK_S)
                passes.tick()

        collecting = asyncio.create_task(collect_between_pushes())
        # Summaries stored by an older site counted otherwise (a Day 2's entries): counted again, once.
        counted = await run_in_threadpool(results.refresh_summaries)
        if counted:
            log.info("%d tournaments' summaries counted again from their events", counted)
        try:
            yield
        finally:
            collecting.cancel()
            give_back()
            stop()
            results.storage.close()

    routes = [
        Route("/api/v1/tournaments/{tournament_id}/events", post_events, methods=["POST"]),
        Route("/api/v1/tournaments/{tournament_id}/acked", get_acked, methods=["GET"]),
        Route("/api/v1/tournaments/{tournament_id}/hashes/{seq:int}", get_hash, methods=["GET"]),
        Route("/api/v1/tournaments/{tournament_id}", get_tournament, methods=["GET"]),
        Route("/api/v1/club", put_club, methods=["PUT"]),
        page_route("/", "index", view.index),
        page_route("/venues/{venue_id:int}", "venue", view.venue),
        page_route("/venues/{venue_id:int}/leagues/{league}", "league", view.league),
        page_route("/venues/{venue_id:int}/leagues/{league}/seasons/{season}", "league", view.season),
        Route("/venues/{venue_id:int}/leagues/{league}/standings.json", league_json, methods=["GET"]),
        page_route("/venues/{venue_id:int}/players/{handle}", "player", view.player),
        page_route("/t/{tournament_id}", "live", view.live, query=("q",)),
        page_route("/t/{tournament_id}/results", "results", view.results, query=("q", "page")),
        page_route("/t/{tournament_id}/widget/clock", "live", view.widget_clock, framed=True),
        page_route("/t/{tournament_id}/widget/results", "results", view.widget_results, query=("rows",),
                   framed=True),
        Route("/t/{tournament_id}/live.json", live_json, methods=["GET"]),
        Route("/t/{tournament_id}/stream", live_stream, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        """A wrong address: JSON for the API, else a page in the language of the venue it names."""
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": "not_found", "detail": "no such address"}, status_code=404)
        status, body = await run_in_threadpool(view.missing, request.url.path)
        return Response(body, status_code=status, media_type="text/html; charset=utf-8")

    # The guard is the outermost layer the app controls: it sees every response, a 500 included.
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found},
                    middleware=[Middleware(Guard, body_timeout_s=body_timeout_s), Middleware(ReadersWait, pace=pace)])
    app.state.results = results
    app.state.pace = pace
    return app


class ReadersWait:
    """Every reader's request waits for its turn while a push is being stored (reader_pace.py); the
    laptops' requests (a batch, the club's file, where the site's copy stands) never wait."""

    def __init__(self, app: Any, *, pace: ReaderPace) -> None:
        self.app = app
        self.pace = pace

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD") and not _LAPTOPS.fullmatch(scope["path"]):
            await self.pace.turn()
        await self.app(scope, receive, send)


# The laptop asks these before it pushes: how far the site's copy goes, and a hash where histories part.
_LAPTOPS = re.compile(r"/api/v1/tournaments/[^/]+/(acked|hashes/\d+)")


def _refusal(error: ApiError) -> JSONResponse:
    retry = error.body.get("retry_after_s")
    headers = {"Retry-After": str(retry)} if isinstance(retry, int) else None
    return JSONResponse(error.body, status_code=error.status, headers=headers)


class _Tokens:
    """Who is pushing: the venue of a bearer token, with wrong tokens rate-limited.

    The right token always passes: a laptop behind the same router (a venue's NAT) as someone guessing
    keeps syncing. A wrong one is counted against its address and against the venue whose tournament it
    names (from every address at once); past either limit it is answered 429 instead of 401. A token is
    32 random bytes: the limit keeps the guesses' noise down, no guess would find one anyway.
    """

    def __init__(self, results: Results, now: Callable[[], float]) -> None:
        self._results = results
        self._by_address = FailureLimiter(FAILED_TOKENS_PER_ADDRESS, FAILED_TOKENS_WINDOW_S, now)
        self._by_venue = FailureLimiter(FAILED_TOKENS_PER_VENUE, FAILED_TOKENS_WINDOW_S, now)

    def venue(self, request: Request) -> Venue:
        address = request.client.host if request.client else "?"
        tournament_id = request.path_params.get("tournament_id")  # None: a venue's own request (its club)
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        token = token.strip()
        storage = self._results.storage
        venue = storage.venue_for_token(token, self._results.now()) \
            if scheme.lower() == "bearer" and 0 < len(token) <= 200 and token.isascii() else None
        if venue is None:
            known = storage.tournament(tournament_id) \
                if tournament_id is not None and TOURNAMENT_ID.fullmatch(tournament_id) else None
            target = f"venue {known.venue_id}" if known is not None else "no venue"
            waits = [limiter.retry_after(key) for limiter, key in ((self._by_address, address),
                                                                   (self._by_venue, target))]
            self._by_address.failed(address)
            self._by_venue.failed(target)
            wait = max((w for w in waits if w is not None), default=None)
            if wait is not None:
                raise _too_many(wait)
            raise ApiError(401, "unauthorized", detail="a valid venue token is needed: Authorization: Bearer <token>")
        if tournament_id is not None:
            check_tournament_id(tournament_id)
        return venue


def _too_many(wait: int) -> ApiError:
    return ApiError(429, "too_many_failures", retry_after_s=wait,
                    detail=f"too many wrong tokens: try again in {wait} s")


async def _read_body(request: Request) -> bytes:
    declared = request.headers.get("content-length", "")
    too_big = declared.isdigit() and int(declared) > MAX_BODY
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > DRAIN_AT_MOST:
            break
        if not too_big and size <= MAX_BODY:
            chunks.append(chunk)
    if too_big or size > MAX_BODY:
        raise ApiError(413, "too_large", detail=f"a batch is at most {MAX_BODY} bytes")
    return b"".join(chunks)


def _parse_json(raw: bytes) -> Any:
    try:
        return json.loads(raw, parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as error:
        raise ApiError(400, "malformed_json", detail=str(error)) from error
    except RecursionError as error:  # the parser's own bound, far below what the 8 MB a body may hold can nest
        raise ApiError(400, "malformed_json", detail="the body is nested too deeply: a batch nests a few "
                       "levels at most") from error


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
