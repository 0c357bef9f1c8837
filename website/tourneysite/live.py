"""The live page kept up to date without reloading: a model of what it shows, and a stream of changes.

A page opens `/t/{id}/stream` (server-sent events). It is sent the whole model once, then only what a
push changed: a section that differs, and for the long lists only the rows that are new or changed plus
the order of the rows (a bust at a 10,000-player field costs a phone a few hundred bytes, not a page).
The countdowns tick in the browser from the seconds they were given; when one runs out (a new level by
time alone, with no event) the page asks `/t/{id}/live.json` for the model again.

One `Watcher` per tournament with open pages computes each new model once, however many pages are
open, and hands the same message to every one of them; it wakes on a push to this process, and looks
at the stored seq every few seconds for pushes that another site process took.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

Model = dict[str, Any]

LISTS = {"payouts": 0, "in_play": 0, "out": 0}  # list sections whose rows are keyed by their first field
POLL_S = 2.0  # how often a watcher looks for pushes another process stored
HEARTBEAT_S = 25.0  # a comment now and then keeps proxies from closing an idle stream
NEWS_EVERY = 10  # every this many polls the model is rebuilt anyway (news.py: how old the news is)
QUEUE_LIMIT = 64  # a page this far behind is dropped: it reconnects and is sent the whole model


def diff(before: Model, after: Model) -> Model:
    """What changed from `before` to `after`: whole sections, or for a list its new or changed rows and
    the order of all its rows. Empty when nothing a reader could see changed."""
    patch: Model = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value or key in ("at",):
            continue
        if key in LISTS and isinstance(old, dict) and isinstance(value, dict):
            patch[key] = _list_diff(old, value)
        else:
            patch[key] = value
    if patch:
        patch["v"], patch["at"] = after["v"], after["at"]
    return patch


def _list_diff(before: Model, after: Model) -> Model:
    """Rows are lists whose first item is their key (an entry id, a place)."""
    old_rows = {row[0]: row for row in before["rows"]}
    out = {k: v for k, v in after.items() if k != "rows" and before.get(k) != v}
    out["order"] = [row[0] for row in after["rows"]]
    out["rows"] = [row for row in after["rows"] if old_rows.get(row[0]) != row]
    return out


def patch_size(patch: Model) -> int:
    return len(json.dumps(patch, separators=(",", ":"), ensure_ascii=False).encode())


class Watcher:
    """The open pages of one tournament, and the last model they were all sent."""

    def __init__(self, tournament_id: str, build: Callable[[str], Model | None],
                 stored_seq: Callable[[str], int | None], run_sync: Callable[..., Any]) -> None:
        self.tournament_id = tournament_id
        self._build = build
        self._stored_seq = stored_seq
        self._run_sync = run_sync  # runs a blocking function off the event loop
        self.model: Model | None = None
        self.queues: set[asyncio.Queue[Model | None]] = set()
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        self._wake.set()

    async def refresh(self) -> None:
        """A new model, and its difference from the last one to every open page."""
        model = await self._run_sync(self._build, self.tournament_id)
        if model is None:
            return
        before, self.model = self.model, model
        if before is None:
            return
        patch = diff(before, model)
        if not patch:
            return
        for queue in list(self.queues):
            try:
                queue.put_nowait(patch)
            except asyncio.QueueFull:
                self.queues.discard(queue)
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(None)  # tell the page's stream to end: it is too far behind

    async def _run(self) -> None:
        seq = await self._run_sync(self._stored_seq, self.tournament_id)
        polls = 0
        while self.queues:
            woken = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL_S)
                woken = True
            self._wake.clear()
            polls += 1
            now_seq = await self._run_sync(self._stored_seq, self.tournament_id)
            # A push (a heartbeat too: news is news), a new seq, or now and then without either: how old
            # the site's news is changes with no event at all, and a stale clock must stop on the page.
            if woken or now_seq != seq or polls % NEWS_EVERY == 0:
                seq = now_seq
                await self.refresh()

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())


class Live:
    """Every watched tournament of this site process."""

    def __init__(self, build: Callable[[str], Model | None], stored_seq: Callable[[str], int | None],
                 run_sync: Callable[..., Any]) -> None:
        self._build = build
        self._stored_seq = stored_seq
        self._run_sync = run_sync
        self._watchers: dict[str, Watcher] = {}

    def pushed(self, tournament_id: str) -> None:
        """A batch of this tournament was stored by this process: its pages hear of it at once."""
        watcher = self._watchers.get(tournament_id)
        if watcher is not None:
            watcher.wake()

    async def model(self, tournament_id: str) -> Model | None:
        model: Model | None = await self._run_sync(self._build, tournament_id)
        return model

    async def stream(self, tournament_id: str, last_version: int | None) -> AsyncIterator[str]:
        """The events of one page's stream: the whole model (unless it has it already), then changes."""
        watcher = self._watchers.get(tournament_id)
        if watcher is None:
            watcher = self._watchers[tournament_id] = Watcher(tournament_id, self._build, self._stored_seq,
                                                              self._run_sync)
        queue: asyncio.Queue[Model | None] = asyncio.Queue(QUEUE_LIMIT)
        watcher.queues.add(queue)
        try:
            # A page that connects now is sent the model as it is now (its clock included), not as the
            # watcher last built it; later changes are the differences from what the watcher holds.
            model = await self._run_sync(self._build, tournament_id)
            if model is None:
                return
            if watcher.model is None:
                watcher.model = model
            watcher.start()
            yield "retry: 3000\n\n"
            if last_version != model["v"]:
                yield _message("model", model)
            while True:
                try:
                    patch = await asyncio.wait_for(queue.get(), HEARTBEAT_S)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                if patch is None:
                    return
                yield _message("patch", patch)
        finally:
            watcher.queues.discard(queue)
            if not watcher.queues:
                self._watchers.pop(tournament_id, None)


def _message(kind: str, data: Model) -> str:
    return f"event: {kind}\nid: {data['v']}\ndata: {json.dumps(data, separators=(',', ':'), ensure_ascii=False)}\n\n"
