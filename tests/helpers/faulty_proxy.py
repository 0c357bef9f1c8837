"""A fault-injecting HTTP proxy between the pusher and the site, on 127.0.0.1.

It reads each request whole, then does what the next planned fault says (for POSTs of events; every
other request passes), and otherwise forwards it to the site on a fresh connection and relays the
answer. Faults:

- `drop`        close the connection without forwarding: the site never saw the batch
- `drop_after`  forward, let the site store it, then close without answering: the pusher never learns
- `500`         answer 500 itself; `429` answer 429 with `Retry-After: <retry_after>`; `422` refuse the batch
- `stall`       hold the request past the client's timeout, then forward it anyway (a late delivery)
- `twice`       forward the request twice, relay the second answer (a duplicated delivery)
- `restart`     send the site half the body, then kill and restart it (`on_restart`), and drop
- `restart_late` send the site the whole body and kill it at once, while it is storing the batch
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

FAULTS = ("drop", "drop_after", "500", "429", "422", "stall", "twice", "restart", "restart_late")


def _read_message(sock: socket.socket, buffered: bytes = b"") -> tuple[bytes, bytes, bytes] | None:
    """(head, body, leftover) of one HTTP message with a Content-Length, or None at end of stream."""
    data = buffered
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        rest += chunk
    return head + b"\r\n\r\n", rest[:length], rest[length:]


class FaultyProxy:
    def __init__(self, upstream_port: int, *, stall_s: float = 2.0, retry_after: int = 1) -> None:
        self.upstream_port = upstream_port
        self.stall_s = stall_s
        self.retry_after = retry_after
        self.on_restart: Callable[[], None] | None = None
        self.faults: list[str] = []
        self.seen: list[tuple[str, str]] = []  # (request line, what was done), for the test's messages
        self._lock = threading.Lock()
        self._server = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._server.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        self._threads: list[threading.Thread] = []
        self._closing = False
        self._acceptor = threading.Thread(target=self._accept, name="faulty-proxy", daemon=True)
        self._acceptor.start()

    def plan(self, *faults: str) -> None:
        """Apply these faults, one each, to the next POSTs of events."""
        unknown = [f for f in faults if f not in FAULTS]
        assert not unknown, f"unknown faults {unknown}"
        with self._lock:
            self.faults.extend(faults)

    def pending(self) -> int:
        with self._lock:
            return len(self.faults)

    def wait_idle(self, timeout: float) -> None:
        """Until every connection is closed and every late delivery (a stall) has reached the site."""
        for thread in list(self._threads):
            thread.join(timeout=timeout)
            assert not thread.is_alive(), "a proxied connection is still open"

    def close(self) -> None:
        self._closing = True
        self._server.close()
        for thread in self._threads:
            thread.join(timeout=self.stall_s + 5)

    def _accept(self) -> None:
        while not self._closing:
            try:
                client, _ = self._server.accept()
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(client,), daemon=True)
            self._threads.append(thread)
            thread.start()

    def _serve(self, client: socket.socket) -> None:
        leftover = b""
        with client:
            while True:
                try:
                    message = _read_message(client, leftover)
                except OSError:
                    return
                if message is None:
                    return
                head, body, leftover = message
                line = head.split(b"\r\n", 1)[0].decode("latin-1")
                fault = self._next_fault(line)
                self.seen.append((line, fault))
                if not self._handle(client, fault, head, body):
                    return

    def _next_fault(self, line: str) -> str:
        if not line.startswith("POST ") or "/events" not in line:
            return "pass"
        with self._lock:
            return self.faults.pop(0) if self.faults else "pass"

    def _handle(self, client: socket.socket, fault: str, head: bytes, body: bytes) -> bool:
        """Do `fault` with one request; False when the client connection is to be closed."""
        if fault == "drop":
            return False
        if fault in ("500", "429", "422"):
            client.sendall(self._own_answer(fault))
            return True
        if fault in ("restart", "restart_late"):
            late = fault == "restart_late"
            self._restart_during(head, body if late else body[: len(body) // 2], 0.0 if late else 0.1)
            return False
        if fault == "stall":
            time.sleep(self.stall_s)
            self._forward(head, body)
            return False
        if fault == "twice":
            self._forward(head, body)
        answer = self._forward(head, body)
        if fault == "drop_after" or answer is None:
            return False
        client.sendall(answer)
        return True

    def _own_answer(self, fault: str) -> bytes:
        body = b'{"error":"injected","detail":"injected by the test proxy"}'
        status = {"500": "500 Internal Server Error", "429": "429 Too Many Requests",
                  "422": "422 Unprocessable Entity"}[fault]
        extra = f"Retry-After: {self.retry_after}\r\n" if fault == "429" else ""
        return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"{extra}\r\n").encode() + body

    def _forward(self, head: bytes, body: bytes) -> bytes | None:
        """Send the request to the site on a fresh connection; its whole answer, or None if it failed."""
        try:
            with socket.create_connection(("127.0.0.1", self.upstream_port), timeout=30) as upstream:
                upstream.sendall(head + body)
                answer = _read_message(upstream)
        except OSError:
            return None
        if answer is None:
            return None
        answer_head, answer_body, _ = answer
        return answer_head + answer_body

    def _restart_during(self, head: bytes, sent: bytes, pause: float) -> None:
        """Send the site `sent` of the body, then have it killed and restarted (`on_restart`)."""
        try:
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=30)
        except OSError:
            return
        with upstream:
            upstream.sendall(head + sent)
            time.sleep(pause)
            assert self.on_restart is not None, "a restart fault needs on_restart"
            self.on_restart()
