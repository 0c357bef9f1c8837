"""The live page kept up to date without reloading: a model of what it shows, and a stream of changes.

A page opens `/t/{id}/stream` (server-sent events, gzipped when the browser takes it). It is sent the
whole model once, then only what a push changed: a section that differs, and for the long lists the
edits to their order and the rows that are new or changed (a bust at a 10,000-player field costs a
phone a few dozen bytes on the wire, not a page).
The countdowns tick in the browser from the seconds they were given; when one runs out (a new level by
time alone, with no event) the page asks `/t/{id}/live.json` for the model again.

One `Watcher` per tournament with open pages computes each new model once, however many pages are
open, and hands the same message to every one of them; it wakes on a push to this process, and looks
at the stored seq every few seconds for pushes that another site process took.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import json
import zlib
from collections.abc import AsyncIterator, Callable
from typing import Any

Model = dict[str, Any]

LISTS = {"payouts": 0, "in_play": 0, "out": 0}  # list sections whose rows are keyed by their first field
POLL_S = 2.0  # how often a watcher looks for pushes another process stored
HEARTBEAT_S = 25.0  # a comment now and then keeps proxies from closing an idle stream
NEWS_EVERY = 10  # every this many polls the model is rebuilt anyway (news.py: how old the news is)
QUEUE_LIMIT = 64  # a page this far behind is dropped: it reconnects and is sent the whole model


def diff(before: Model, after: Model) -> Model:
    """What changed from `before` to `after`: whole sections, or for a list the edits that turn its old
    order of rows into the new one and the rows that are new or changed. Empty when nothing a reader could
    see changed (a clock that only ran on, as the page's own countdown did, is no change)."""
    patch: Model = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value or key in ("at",):
            continue
        if key == "clock" and isinstance(old, dict) and _same_clock(old, before["at"], value, after["at"]):
            continue
        if key in LISTS and isinstance(old, dict) and isinstance(value, dict):
            patch[key] = _list_diff(old, value)
        else:
            patch[key] = value
    if patch:
        patch["v"], patch["at"] = after["v"], after["at"]
    return patch


COUNTDOWNS = ("remaining_s", "break_in_s", "registration_closes_in_s")


def _same_clock(old: Model, old_at: float, new: Model, new_at: float) -> bool:
    """The same clock, its countdowns where the page's own ticking has brought them (to the second)."""
    if {k: v for k, v in old.items() if k not in COUNTDOWNS} != {k: v for k, v in new.items() if k not in COUNTDOWNS}:
        return False
    ran = (new_at - old_at) if new.get("running") else 0.0
    for key in COUNTDOWNS:
        a, b = old.get(key), new.get(key)
        if (a is None) != (b is None) or (a is not None and b is not None and abs(a - ran - b) > 1.5):
            return False
    return True


def _list_diff(before: Model, after: Model) -> Model:
    """Rows are lists whose first item is their key (an entry id, a place). `edits`, applied in turn to
    the old order of keys: ["d", at, count] deletes, ["i", at, [keys]] inserts."""
    old_rows = {row[0]: row for row in before["rows"]}
    out = {k: v for k, v in after.items() if k != "rows" and before.get(k) != v}
    old_keys, new_keys = [row[0] for row in before["rows"]], [row[0] for row in after["rows"]]
    edits: list[list[Any]] = []
    if old_keys != new_keys:
        matcher = difflib.SequenceMatcher(None, old_keys, new_keys, autojunk=False)
        for tag, i1, i2, j1, j2 in reversed(matcher.get_opcodes()):  # from the end: earlier indexes hold
            if tag in ("delete", "replace"):
                edits.append(["d", i1, i2 - i1])
            if tag in ("insert", "replace"):
                edits.append(["i", i1, new_keys[j1:j2]])
    out["edits"] = edits
    out["rows"] = [row for row in after["rows"] if old_rows.get(row[0]) != row]
    return out


def apply_list(before: Model, change: Model) -> Model:
    """The list after a change (what the page's script does): a check that the edits are right."""
    keys = [row[0] for row in before["rows"]]
    for edit in change["edits"]:
        if edit[0] == "d":
            del keys[edit[1]:edit[1] + edit[2]]
        else:
            keys[edit[1]:edit[1]] = edit[2]
    rows = {row[0]: row for row in before["rows"]} | {row[0]: row for row in change["rows"]}
    return {**{k: v for k, v in before.items() if k != "rows"},
            **{k: v for k, v in change.items() if k not in ("rows", "edits")}, "rows": [rows[k] for k in keys]}


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
        # From the seq of the model the pages hold, not of the moment this task first runs: a push stored
        # in between (by another process, on a busy machine) is a change to send, not the starting point.
        seq = self.model["v"] if self.model is not None else await self._run_sync(self._stored_seq,
                                                                                  self.tournament_id)
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


async def gzipped(stream: AsyncIterator[str]) -> AsyncIterator[bytes]:
    """The stream compressed as one gzip member flushed after each message: the keys and words every patch
    repeats cost almost nothing after the first, and each message still reaches the page at once."""
    packer = zlib.compressobj(6, zlib.DEFLATED, 31)
    async for text in stream:
        yield packer.compress(text.encode("utf-8")) + packer.flush(zlib.Z_SYNC_FLUSH)


def _message(kind: str, data: Model) -> str:
    return f"event: {kind}\nid: {data['v']}\ndata: {json.dumps(data, separators=(',', ':'), ensure_ascii=False)}\n\n"
