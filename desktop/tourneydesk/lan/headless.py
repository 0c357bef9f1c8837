"""`tourneydesk FILE --lan [HOST:]PORT`: the LAN server with no window (a laptop under the table, a Pi).

The first line printed is the address the phones open. A desk thread owns the file; the server hands it
every command. Pairing codes are asked for on the terminal: type `td`, `cashier` or `display` (Enter
alone: td) and a fresh code for that role is printed. `--lan-tls` serves HTTPS with the laptop's own
certificate, its fingerprint printed on the second line. Ctrl+C closes the file cleanly, with its backup.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..desk import Desk
from .pairing import ROLES, Pairing, default_store
from .runner import DeskThread
from .server import LanServer, shown_host
from .tls import certificate


def serve(path: Path, host: str, port: int, *, out: TextIO = sys.stdout, commands: TextIO | None = sys.stdin,
          store: Path | None = None, stop: threading.Event | None = None,
          open_desk: Callable[[], Desk] | None = None, https: bool = False) -> int:
    store = store if store is not None else default_store()
    tls = certificate(store.parent, [shown_host(host).strip("[]")]) if https else None
    runner = DeskThread(open_desk or (lambda: Desk.open(path)))
    runner.start()
    pairing = Pairing(store)
    server = LanServer(runner, pairing, host=host, port=port, tls=tls)
    try:
        server.start()
    except OSError as exc:
        runner.stop()
        print(f"tourneydesk: cannot serve on {host}:{port}: {exc}", file=sys.stderr)
        return 2
    stop = stop or threading.Event()
    print(server.url, file=out, flush=True)
    if tls is not None:
        print(f"Certificate SHA-256: {tls.fingerprint}", file=out, flush=True)
    _print_code(pairing, "td", server, out)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, lambda *_: stop.set())
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
    if commands is not None and commands.isatty():
        threading.Thread(target=_read_roles, args=(pairing, server, commands, out), daemon=True).start()
    try:
        while not stop.wait(0.5):  # waking twice a second lets the signal handlers run at once
            continue
    finally:
        server.stop()
        runner.stop()
    return 0


def _print_code(pairing: Pairing, role: str, server: LanServer, out: TextIO) -> None:
    code = pairing.new_code(role)
    print(f"Pairing code for a {role} device: {code.code} (2 minutes, one device) - {server.pairing_url(code.code)}",
          file=out, flush=True)


def _read_roles(pairing: Pairing, server: LanServer, commands: TextIO, out: TextIO) -> None:
    for line in commands:
        role = line.strip().lower() or "td"
        if role in ROLES:
            _print_code(pairing, role, server, out)
        else:
            print(f"Type one of {', '.join(ROLES)} for a new pairing code", file=out, flush=True)
