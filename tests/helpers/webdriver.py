"""A real Chromium driven through Debian's chromedriver, by the W3C WebDriver protocol over HTTP on
127.0.0.1: enough to open a page, run a line of script in it and take a screenshot, with no client
library in between."""

from __future__ import annotations

import base64
import contextlib
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import httpx

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]


def available() -> bool:
    return shutil.which("chromium") is not None and shutil.which("chromedriver") is not None


class Browser:
    def __init__(self, profile: Path, size: tuple[int, int] = (1280, 900)) -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        sock.close()
        self._driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self._http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120)
        deadline = time.monotonic() + 30
        while True:
            with contextlib.suppress(httpx.TransportError):
                if self._http.get("/status").json()["value"]["ready"]:
                    break
            if time.monotonic() > deadline:
                self._driver.kill()
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "binary": shutil.which("chromium"),
            "args": [*CHROMIUM_FLAGS, f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}"]}}}}
        self._session = self._http.post("/session", json=caps).json()["value"]["sessionId"]

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        r = self._http.request(method, f"/session/{self._session}{path}", json=body)
        value = r.json()["value"]
        if r.status_code != 200:
            raise RuntimeError(f"webdriver {path}: {value}")
        return value

    def open(self, url: str) -> None:
        self._call("POST", "/url", {"url": url})

    def run(self, script: str, *args: Any) -> Any:
        """The value of `script` (a function body: `return ...`) run in the page."""
        return self._call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def wait_for(self, script: str, timeout: float = 10.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = self.run(script)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never made this true: {script}")
            time.sleep(0.05)

    def viewport(self, width: int, height: int) -> None:
        """The page drawn `width` CSS pixels wide, as on a phone (a headless window is never narrower than 500)."""
        self._call("POST", "/goog/cdp/execute", {"cmd": "Emulation.setDeviceMetricsOverride", "params": {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._call("GET", "/screenshot")))

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, httpx.HTTPError):
            self._call("DELETE", "")
        self._http.close()
        self._driver.terminate()
        try:
            self._driver.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._driver.kill()
