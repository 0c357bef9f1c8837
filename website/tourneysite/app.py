"""The Starlette application: the sync API the desktop pushes to, its JSON, and the pages people read.

`create_app(db_url, now=time.time)` builds it; `now` is the only clock the site reads (the clock's
time left is computed from it, so a test can fix it).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import pages
from .results import ApiError, Results, Unavailable, check_tournament_id, parse_batch
from .storage import Venue, open_storage

MAX_BODY = 8 * 1024 * 1024  # 500 events are far below this; anything bigger is refused unread
DRAIN_AT_MOST = 4 * MAX_BODY  # read and drop an oversized body up to here, so the client sees the 413

HERE = Path(__file__).parent
# Names come from the venues: besides autoescaping, the browser is told to run no script but ours.
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; object-src 'none'; base-uri 'none'",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}


def create_app(db_url: str, *, now: Callable[[], float] = time.time) -> Starlette:
    results = Results(open_storage(db_url), now)
    view = pages.Pages(results, HERE / "templates")

    async def post_events(request: Request) -> Response:
        tournament_id = request.path_params["tournament_id"]
        try:
            venue = _venue(request, results)
            body = await _read_json(request)
            batch = parse_batch(body)
            receipt = await run_in_threadpool(results.ingest, tournament_id, venue, batch)
        except ApiError as error:
            return JSONResponse(error.body, status_code=error.status)
        return JSONResponse(receipt.to_dict())

    async def get_acked(request: Request) -> Response:
        tournament_id = request.path_params["tournament_id"]
        try:
            venue = _venue(request, results)
            acked = await run_in_threadpool(results.acked, tournament_id, venue)
            hash_ = await run_in_threadpool(results.hash_at, tournament_id, venue, acked)
        except ApiError as error:
            return JSONResponse(error.body, status_code=error.status)
        return JSONResponse({"acked_seq": acked, "hash": hash_})

    async def get_hash(request: Request) -> Response:
        """The laptop's hash of one event as the site holds it: how a pusher finds where histories part."""
        tournament_id, seq = request.path_params["tournament_id"], request.path_params["seq"]
        try:
            venue = _venue(request, results)
            hash_ = await run_in_threadpool(results.hash_at, tournament_id, venue, seq)
        except ApiError as error:
            return JSONResponse(error.body, status_code=error.status)
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

    def page_route(path: str, render: Callable[..., tuple[int, str]]) -> Route:
        async def endpoint(request: Request) -> Response:
            status, html = await run_in_threadpool(render, **request.path_params)
            return HTMLResponse(html, status_code=status, headers=PAGE_HEADERS)
        return Route(path, endpoint, methods=["GET"])

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        results.storage.close()

    routes = [
        Route("/api/v1/tournaments/{tournament_id}/events", post_events, methods=["POST"]),
        Route("/api/v1/tournaments/{tournament_id}/acked", get_acked, methods=["GET"]),
        Route("/api/v1/tournaments/{tournament_id}/hashes/{seq:int}", get_hash, methods=["GET"]),
        Route("/api/v1/tournaments/{tournament_id}", get_tournament, methods=["GET"]),
        page_route("/", view.index),
        page_route("/venues/{venue_id:int}", view.venue),
        page_route("/t/{tournament_id}", view.live),
        page_route("/t/{tournament_id}/results", view.results),
        Mount("/static", app=StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.results = results
    return app


def _venue(request: Request, results: Results) -> Venue:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    venue = results.storage.venue_for_token(token, results.now()) if scheme.lower() == "bearer" and token else None
    if venue is None:
        raise ApiError(401, "unauthorized", detail="a valid venue token is needed: Authorization: Bearer <token>")
    check_tournament_id(request.path_params["tournament_id"])
    return venue


async def _read_json(request: Request) -> Any:
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
    try:
        return json.loads(b"".join(chunks), parse_constant=_no_constant)
    except (ValueError, UnicodeDecodeError) as error:
        raise ApiError(400, "malformed_json", detail=str(error)) from error


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")
