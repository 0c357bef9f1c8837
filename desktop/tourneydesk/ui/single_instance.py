"""One program per user: a second `tourneydesk FILE` hands its file to the program already running.

The running program listens on a per-user local socket (QLocalServer). A new one first tries to
connect: when it can, it sends what it was asked for (the file and the window: console, cashier or
display) as one JSON line and stops as soon as the running program has acknowledged it. The running
program then opens that window on the desk it already has, or brings it forward when it is open. So
`tourneydesk FILE --cashier` beside a console opens the cashier in the same program, on the same desk,
instead of a second program on the file, which the file itself refuses (FILE_IN_USE).
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import json
from pathlib import Path
from typing import Any

from .qt import QLocalServer, QLocalSocket, QObject, Signal

CONNECT_MS = 1000
ANSWER_MS = 3000


def channel_name() -> str:
    """The socket's name: one per user (and per home, for a user with several), short enough for every OS."""
    try:
        user = getpass.getuser()
    except Exception:  # no user name in the environment (a service account): the home still tells users apart
        user = ""
    digest = hashlib.sha256(f"{user}\0{Path.home()}".encode()).hexdigest()[:16]
    return f"tourneydesk-{digest}"


def hand_over(path: Path | None, mode: str, name: str | None = None) -> dict[str, Any] | None:
    """Give `path` and `mode` to the program already running: its answer, or None when none runs."""
    socket = QLocalSocket()
    socket.connectToServer(name or channel_name())
    if not socket.waitForConnected(CONNECT_MS):
        return None
    request = {"file": str(path.resolve()) if path is not None else None, "mode": mode}
    socket.write((json.dumps(request) + "\n").encode())
    socket.flush()
    answer: dict[str, Any] = {"ok": True}
    while socket.state() == QLocalSocket.LocalSocketState.ConnectedState and not socket.canReadLine():
        if not socket.waitForReadyRead(ANSWER_MS):
            break
    if socket.canReadLine():
        with contextlib.suppress(ValueError):  # a garbled answer: the request went through all the same
            answer = json.loads(bytes(socket.readLine().data()).decode())
    socket.disconnectFromServer()
    return answer


class InstanceChannel(QObject):
    """The running program's end: each request another copy hands over arrives as `requested(path, mode)`."""

    requested = Signal(object, str)

    def __init__(self, parent: QObject | None = None, name: str | None = None) -> None:
        super().__init__(parent)
        self.name = name or channel_name()
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)

    def listen(self) -> bool:
        """Start listening; a socket left behind by a program that crashed is cleared first."""
        if self.server.listen(self.name):
            return True
        QLocalServer.removeServer(self.name)
        return self.server.listen(self.name)

    def close(self) -> None:
        self.server.close()

    def _accept(self) -> None:
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(socket.deleteLater)

    def _read(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            return
        try:
            request = json.loads(bytes(socket.readLine().data()).decode())
            file, mode = request.get("file"), str(request.get("mode") or "console")
        except (ValueError, AttributeError):
            socket.write(b'{"ok": false, "message": "not a TourneyDesk request"}\n')
            socket.flush()
            return
        # Answer first: opening may ask the TD something (a refused file), and the other copy must not
        # wait for that.
        socket.write((json.dumps({"ok": True}) + "\n").encode())
        socket.flush()
        self.requested.emit(Path(file) if file else None, mode)
