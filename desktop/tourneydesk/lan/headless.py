"""`tourneydesk FILE --lan [HOST:]PORT`: the LAN server with no window (a laptop under the table, a Pi).

The first line printed is the address the phones open, then a pairing code for the TD's phone. A desk
thread owns the file; the server hands it every command. Each device that pairs is told ("Paired: ...").
More codes, the list of devices and revoking one come from any other shell, also under a service with no
terminal: `tourneydesk FILE lan pair ROLE | devices | revoke NAME` talks to the running server through
the devices' store they share (`pairing`); on a terminal, typing a role (Enter alone: td) prints a code
too. The TD may also revoke a lost phone from their own. `--lan-tls` serves HTTPS with the laptop's
own certificate, its fingerprint printed on the second line. Ctrl+C closes the file cleanly, with its
backup.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..core.protocol.errors import TourneyError
from ..desk import Desk
from . import logo
from .pairing import CODE_SECONDS, ROLES, Code, Device, Pairing, default_store
from .runner import DeskThread
from .server import LanServer, SeatCardFn, shown_host
from .tls import certificate

WATCH_S = 1.0  # how often the terminal is told of a device that paired


def serve(path: Path, host: str, port: int, *, out: TextIO = sys.stdout, commands: TextIO | None = sys.stdin,
          store: Path | None = None, stop: threading.Event | None = None,
          open_desk: Callable[[], Desk] | None = None, https: bool = False,
          seat_card: SeatCardFn | None = None) -> int:
    store = store if store is not None else default_store()
    tls = certificate(store.parent, [shown_host(host).strip("[]")]) if https else None
    runner = DeskThread(open_desk or (lambda: Desk.open(path)))
    try:
        runner.start()
    except TourneyError as exc:  # the file is open elsewhere, damaged, not a tournament...
        print(f"tourneydesk: {exc.message}", file=sys.stderr)
        return 2
    pairing = Pairing(store)
    # `seat_card`: the buy-ins' seat cards on this laptop's paper, when its cashier paper is set (`cli`).
    server = LanServer(runner, pairing, host=host, port=port, tls=tls, seat_card=seat_card)
    try:
        server.start()
    except OSError as exc:
        runner.stop()
        print(f"tourneydesk: cannot serve on {host}:{port}: {exc}", file=sys.stderr)
        return 2
    stop = stop or threading.Event()
    pairing.serving(path, server.url)
    print(server.url, file=out, flush=True)
    if tls is not None:
        print(f"Certificate SHA-256: {tls.fingerprint}", file=out, flush=True)
    print(code_line(pairing.new_code("td"), server.pairing_url), file=out, flush=True)
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, lambda *_: stop.set())
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
    if commands is not None and commands.isatty():
        threading.Thread(target=_read_roles, args=(pairing, server, commands, out), daemon=True).start()
    known = {d.id for d in pairing.devices()}
    try:
        while not stop.wait(WATCH_S):  # waking often lets the signal handlers run at once
            for device in pairing.devices():
                if device.id not in known:
                    known.add(device.id)
                    print(f"Paired: {describe(device)}", file=out, flush=True)
    finally:
        pairing.serving(path, None)
        server.stop()
        runner.stop()
    return 0


def describe(device: Device) -> str:
    return f"{device.name} ({device.role}{', ' + device.person if device.person else ''}) [{device.id}]"


def code_line(code: Code, pairing_url: Callable[[str], str] | None) -> str:
    where = f" - {pairing_url(code.code)}" if pairing_url is not None else ""
    return (f"Pairing code for a {code.role} device: {code.code} ({CODE_SECONDS // 60} minutes, one device)"
            f"{where}")


def _read_roles(pairing: Pairing, server: LanServer, commands: TextIO, out: TextIO) -> None:
    for line in commands:
        role = line.strip().lower() or "td"
        if role in ROLES:
            print(code_line(pairing.new_code(role), server.pairing_url), file=out, flush=True)
        else:
            print(f"Type one of {', '.join(ROLES)} for a new pairing code", file=out, flush=True)


def devices_command(path: Path, words: list[str], *, out: TextIO = sys.stdout, err: TextIO = sys.stderr,
                    store: Path | None = None) -> int:
    """`tourneydesk FILE lan devices | pair ROLE | revoke NAME-OR-ID`, beside a running server."""
    store = store if store is not None else default_store()
    pairing = Pairing(store)
    usage = (f"usage: tourneydesk FILE lan devices | pair {{{','.join(ROLES)}}} | revoke NAME-OR-ID | "
             "logo PICTURE | logo --remove")
    if words[:1] == ["logo"]:
        return _logo_command(words[1:], store, usage, out, err)
    if words == ["devices"]:
        devices = pairing.devices()
        if not devices:
            print("No device is paired.", file=out)
        for d in devices:
            seen = time.strftime("%Y-%m-%d %H:%M", time.localtime(d.last_seen))
            print(f"{d.id}  {d.role:<8} {d.name}{'  (' + d.person + ')' if d.person else ''}  last heard {seen}",
                  file=out)
        return 0
    if len(words) == 2 and words[0] == "pair":
        if words[1] not in ROLES:
            print(f"tourneydesk: the role is one of {', '.join(ROLES)}\n{usage}", file=err)
            return 2
        url = pairing.served_at(path)
        code = pairing.new_code(words[1])
        print(code_line(code, (lambda c: f"{url}/pair#code={c}") if url else None), file=out)
        if url is None:
            print(f"(No server is serving {path.name} now: the code works with the next one started within "
                  f"{CODE_SECONDS // 60} minutes.)", file=out)
        return 0
    if len(words) >= 2 and words[0] == "revoke":
        wanted = " ".join(words[1:])
        found = pairing.find(wanted)
        if not found:
            print(f"tourneydesk: no paired device is called {wanted!r}: `lan devices` lists them", file=err)
            return 2
        if len(found) > 1:
            print(f"tourneydesk: {len(found)} devices are called {wanted!r}: revoke one by its id "
                  f"({', '.join(d.id for d in found)})", file=err)
            return 2
        pairing.revoke(found[0].id)
        print(f"Revoked: {describe(found[0])}. Its next request is refused, on every server of this laptop.",
              file=out)
        return 0
    print(usage, file=err)
    return 2


def _logo_command(words: list[str], store: Path, usage: str, out: TextIO, err: TextIO) -> int:
    """`lan logo PICTURE` keeps the venue's logo for the TV's page and the projector; `lan logo --remove`."""
    if words == ["--remove"]:
        if logo.remove_logo(store):
            print("The venue's logo is removed: the screens show none (a tournament's own [display] logo still "
                  "shows on its screens).", file=out)
        else:
            print("There was no venue logo to remove.", file=out)
        return 0
    if len(words) != 1 or words[0].startswith("-"):
        print(usage, file=err)
        return 2
    try:
        kind = logo.set_logo(store, Path(words[0]))
    except logo.LogoRefused as exc:
        print(f"tourneydesk: {exc}", file=err)
        return 2
    print(f"The venue's logo is now {words[0]} ({kind.removeprefix('image/').upper()}): the TV's page (/screen) "
          "and the projector show it, for every tournament on this laptop, from their next look (a minute at "
          "most; the projector when it opens).", file=out)
    return 0
