"""A server-sent events reader on a thread: every message with the moment it arrived."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx


class StreamReader:
    def __init__(self, url: str, last_event_id: str | None = None, me: str | None = None) -> None:
        self.messages: list[tuple[float, str, dict[str, Any]]] = []  # (arrived, id, data)
        self.lines: list[str] = []
        self._headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        self._url = url
        self._params = {"me": me} if me else {}
        self._stop = threading.Event()
        self.connected = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        assert self.connected.wait(10), "the stream did not open"

    def _run(self) -> None:
        with httpx.Client(timeout=httpx.Timeout(10, read=60)) as client, \
                client.stream("GET", self._url + "/api/stream", headers=self._headers, params=self._params) as response:
            self.status = response.status_code
            self.headers = response.headers
            self.connected.set()
            event_id, data = "", ""
            for line in response.iter_lines():
                if self._stop.is_set():
                    return
                self.lines.append(line)
                if line.startswith("id: "):
                    event_id = line[4:]
                elif line.startswith("data: "):
                    data = line[6:]
                elif line == "" and data:
                    self.messages.append((time.monotonic(), event_id, json.loads(data)))
                    data = ""

    def wait_for(self, test: Any, timeout: float = 5.0) -> tuple[float, str, dict[str, Any]]:
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for message in self.messages[seen:]:
                seen += 1
                if test(message[2]):
                    return message
            time.sleep(0.005)
        raise AssertionError(f"no such message in {timeout} s; got {[m[2] for m in self.messages]}")

    def close(self) -> None:
        self._stop.set()
