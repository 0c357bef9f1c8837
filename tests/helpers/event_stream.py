"""A results page's event stream (server-sent events) read as the browser reads it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx


class Stream:
    """A page's event stream read as the browser reads it: `event:` / `id:` / `data:` lines."""

    def __init__(self, http: httpx.Client, url: str, headers: dict[str, str] | None = None) -> None:
        self._context = http.stream("GET", url, headers=headers or {}, timeout=30)
        self.response = self._context.__enter__()
        self._lines: Iterator[str] = self.response.iter_lines()

    def opened(self) -> None:
        """Until the site holds the page's model (its `retry:` line comes after it is built): from now on a
        push is a change to send. (The response's headers come before, while the model is being built.)"""
        for line in self._lines:
            if line.startswith("retry: "):
                return
        raise AssertionError("the stream ended")

    def next(self) -> tuple[str, int, dict[str, Any]]:
        kind, ident, data = "", -1, ""
        for line in self._lines:
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("id: "):
                ident = int(line[4:])
            elif line.startswith("data: "):
                data = line[6:]
            elif line == "" and data:
                return kind, ident, json.loads(data)
        raise AssertionError("the stream ended")

    def close(self) -> None:
        self._context.__exit__(None, None, None)
