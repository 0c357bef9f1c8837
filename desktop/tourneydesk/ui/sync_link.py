"""The Qt side of the website sync: the pusher on a worker thread, the network watched, the state shown.

The pusher knows nothing of Qt (docs/architecture.md: the layers). `SyncLink` runs it on its own thread (where it
opens its own SQLite connection to the file, never the desk's), tells it when the desk has new events
(`DeskBridge.changed`) and when the network comes back (`QNetworkInformation`; where no backend loads,
a timer retries while offline), and turns its reports into the `status_changed` signal, delivered on
the Qt thread. `SyncStatusLabel` is the line in the TD console's status bar: "Synced", "N events
waiting", "Offline since HH:MM", or the error.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from ..core.protocol.errors import TourneyError
from ..sync.backoff import Backoff
from ..sync.credentials import TokenStore
from ..sync.pusher import Pusher, SyncStatus
from . import operations
from .bridge import DeskBridge
from .qt import (
    QCoreApplication,
    QDateTime,
    QLabel,
    QLocale,
    QMouseEvent,
    QNetworkInformation,
    QObject,
    QTimer,
    QWidget,
    Signal,
)

MAX_LABEL_CHARS = 90
OFFLINE_RETRY_MS = 30_000  # without a network backend: how often to try while the site is unreachable


# lupdate reads `translate("context", "text")` calls, not a helper's: the alias keeps call sites short.
translate = QCoreApplication.translate


class _Worker:
    """The pusher's thread. A plain object, so that stopping it never touches a deleted QObject."""

    def __init__(self, pusher: Pusher) -> None:
        self.pusher = pusher
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        if self.thread is None:
            self.pusher.rearm()
            self.thread = threading.Thread(target=self.pusher.run, name="tourneydesk-sync", daemon=True)
            self.thread.start()

    def stop(self, *_args: object) -> None:
        if self.thread is not None:
            self.pusher.stop()
            self.thread.join(timeout=30)
            self.thread = None


def load_network_information() -> QNetworkInformation | None:
    """Qt's network watcher with the platform's default backend, or None where none loads."""
    if QNetworkInformation.instance() is None and not QNetworkInformation.loadDefaultBackend():
        return None
    return QNetworkInformation.instance()


class SyncLink(QObject):
    """Owns one Pusher and its worker thread; `status_changed(SyncStatus)` arrives on the Qt thread.

    Without a website address or token nothing runs and `status` stays None: `configure` starts it.
    `watch_network=False` skips QNetworkInformation and uses the periodic retry alone.
    """

    status_changed = Signal(object)
    _reported = Signal(object)  # from the worker thread; queued onto this object's (the Qt) thread

    def __init__(
        self,
        path: str | Path,
        url: str | None,
        token: str | None,
        parent: QObject | None = None,
        *,
        backoff: Backoff | None = None,
        watch_network: bool = True,
        offline_retry_ms: int = OFFLINE_RETRY_MS,
    ) -> None:
        super().__init__(parent)
        self.path = Path(path)
        self.url = (url or "").strip() or None
        self._token = (token or "").strip() or None
        self._pusher = Pusher(self.path, self.url, self._token, backoff=backoff, on_status=self._reported.emit)
        self.worker = _Worker(self._pusher)
        self._bridge: DeskBridge | None = None
        self._tokens: TokenStore | None = None
        self._tournament_id: str | None = None
        self.status: SyncStatus | None = None
        self._reported.connect(self._on_reported)
        self._watch_network = watch_network
        self._network: QNetworkInformation | None = None  # loaded when the sync starts
        self._retry_timer = QTimer(self)
        self._retry_timer.setInterval(offline_retry_ms)
        self._retry_timer.timeout.connect(self._retry_while_offline)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)

    @classmethod
    def for_bridge(cls, bridge: DeskBridge, parent: QObject | None = None, *, tokens: TokenStore | None = None,
                   backoff: Backoff | None = None, watch_network: bool = True,
                   offline_retry_ms: int = OFFLINE_RETRY_MS) -> SyncLink:
        """The link for the tournament open in `bridge`: the URL from its `sync.url` setting, the token
        from the keyring (or its fallback). New events wake the pusher. Started if both are set."""
        tokens = tokens or TokenStore()
        desk = bridge.desk
        url = desk.config.sync.get("url") if isinstance(desk.config.sync.get("url"), str) else None
        token = tokens.load(desk.tournament_id, url) if url else None
        link = cls(bridge.desk.path, url, token, parent, backoff=backoff, watch_network=watch_network,
                   offline_retry_ms=offline_retry_ms)
        link._bridge, link._tokens, link._tournament_id = bridge, tokens, desk.tournament_id
        bridge.changed.connect(link._on_desk_changed)
        link.start()
        return link

    # -- what the rest of the UI calls ---------------------------------------------------------
    @property
    def configured(self) -> bool:
        return bool(self.url and self._token)

    @property
    def token(self) -> str | None:
        return self._token

    @property
    def token_store(self) -> TokenStore | None:
        return self._tokens

    @property
    def network_backend(self) -> str | None:
        """The QNetworkInformation backend in use, or None (periodic retries instead)."""
        return None if self._network is None else self._network.backendName()

    def start(self) -> None:
        """Start the worker thread (once), if there is a website to push to."""
        if self.worker.thread is not None or not self.configured:
            return
        self.worker.start()
        if self._watch_network and self._network is None:
            self._network = load_network_information()
            if self._network is not None:
                self._network.reachabilityChanged.connect(self._on_reachability)
        if self._network is None:
            self._retry_timer.start()

    def stop(self) -> None:
        """Stop the worker and wait for it (it closes its own connection and HTTP client)."""
        self._retry_timer.stop()
        self.worker.stop()

    def wake(self, *_result: object) -> None:
        """The desk wrote new events."""
        self._pusher.wake()

    def online_now(self) -> None:
        self._pusher.online_now()

    def retry(self) -> None:
        """The TD asks to try again after a refusal, with the token saved now (it may have been replaced)."""
        if self._tokens is not None and self._tournament_id is not None and self.url:
            self._token = self._tokens.load(self._tournament_id, self.url)
            self._pusher.configure(self.url, self._token)
        else:
            self._pusher.retry()

    def replace_history(self, by: str) -> None:
        """The TD publishes this file's history as the true one (the site keeps the one it replaces)."""
        self._pusher.replace_history(by)
        self.start()

    def configure(self, url: str, token: str) -> None:
        """New website settings from the TD: the token saved (keyring or fallback), the URL kept in the
        tournament's `sync.url` setting (a command, so it is in the log; the site never sees it)."""
        self.url, self._token = url.strip() or None, token.strip() or None
        if self._tokens is not None and self._tournament_id is not None and self.url and self._token:
            self._tokens.save(self._tournament_id, self.url, self._token)
        if self._bridge is not None and self.url != self._bridge.desk.config.sync.get("url"):
            # a finished tournament keeps its settings: this session still uses the new URL
            with contextlib.suppress(TourneyError):
                operations.run(self._bridge, {"type": "edit_config", "set": {"sync.url": self.url or ""}},
                               station=operations.TD)
        self._pusher.configure(self.url, self._token)
        self.start()

    # -- slots ---------------------------------------------------------------------------------
    def _on_desk_changed(self, _result: object) -> None:
        """New events; and if the command changed the tournament's website, sync there from now on."""
        assert self._bridge is not None and self._tokens is not None and self._tournament_id is not None
        found = self._bridge.desk.config.sync.get("url")
        url = found.strip() or None if isinstance(found, str) else None
        if url != self.url:
            self.url = url
            self._token = self._tokens.load(self._tournament_id, url) if url else None
            self._pusher.configure(self.url, self._token)
            self.start()
        self._pusher.wake()

    def _on_reported(self, status: SyncStatus) -> None:
        self.status = status
        self.status_changed.emit(status)

    def _on_reachability(self, reachability: QNetworkInformation.Reachability) -> None:
        if reachability == QNetworkInformation.Reachability.Online:
            self._pusher.online_now()

    def _retry_while_offline(self) -> None:
        if self.status is not None and self.status.state == "offline":
            self._pusher.online_now()


def status_text(status: SyncStatus | None, locale: QLocale | None = None) -> str:
    """The TD's words for a sync status."""
    if status is None:
        return translate("sync", "Not synced: no website set")
    loc = locale or QLocale()
    waiting = waiting_text(status.waiting)
    if status.state == "synced":
        return translate("sync", "Synced")
    if status.state == "waiting":
        return waiting
    if status.state == "offline":
        since = translate("sync", "Offline since {time}").format(time=_hhmm(status.offline_since, loc))
        return f"{since} · {waiting}" if waiting else since
    if status.state == "retrying":
        text = translate("sync", "{error}; next try at {time}").format(error=status.error,
                                                                         time=_hhmm(status.retry_at, loc))
        return f"{waiting} · {text}" if waiting else text
    if status.history_from is not None:
        text = translate("sync", "Sync stopped: the website holds another history of this tournament from event "
                                 "#{seq}: this file was restored from a backup, or copied")
        return text.format(seq=status.history_from)
    return translate("sync", "Sync stopped: {error}").format(error=status.error)


def waiting_text(count: int) -> str:
    if count == 0:
        return ""
    if count == 1:
        return translate("sync", "1 event waiting")
    return translate("sync", "{count} events waiting").format(count=QLocale().toString(count))


def _hhmm(instant: float | None, locale: QLocale) -> str:
    if instant is None:
        return "?"
    return locale.toString(QDateTime.fromMSecsSinceEpoch(round(instant * 1000)).time(), "HH:mm")


class SyncStatusLabel(QLabel):
    """The sync line of the TD console's status bar.

    Built from a `DeskBridge` it owns the `SyncLink` for that tournament (`SyncLink.for_bridge`);
    built from a `SyncLink` it only shows it.
    """

    def __init__(self, source: DeskBridge | SyncLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("syncStatus")
        self.link = source if isinstance(source, SyncLink) else SyncLink.for_bridge(source, self)
        self.link.status_changed.connect(self._show)
        self.destroyed.connect(self.link.worker.stop)
        self._show(self.link.status)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        """After a refusal, a double click tries again (say, once the club has fixed its site)."""
        if self.link.status is not None and self.link.status.state == "stopped":
            self.link.retry()
        super().mouseDoubleClickEvent(event)

    def _show(self, status: SyncStatus | None) -> None:
        text = translate("sync", "Sync starting…") if status is None and self.link.configured else status_text(status)
        # a status bar has room for one short line: the whole message is in the tooltip
        self.setText(text if len(text) <= MAX_LABEL_CHARS else text[: MAX_LABEL_CHARS - 1] + "…")
        stopped = status is not None and status.state == "stopped"
        self.setStyleSheet("color: #b00020; font-weight: bold;" if stopped else "")
        details = [self.link.url or translate("sync", "No website set")]
        if len(text) > MAX_LABEL_CHARS:
            details.append(text)
        if status is not None:
            details.append(translate("sync", "acknowledged up to event #{acked} of {last}").format(
                acked=status.acked_seq, last=status.last_seq))
            if status.error and status.history_from is None:
                details.append(status.error)
            if status.history_from is not None:
                details.append(translate("sync", "To publish this file's history as the true one: Results "
                                                 "website, Replace the website's history"))
            elif status.state == "stopped":
                details.append(translate("sync", "Double-click to try again"))
        self.setToolTip("\n".join(details))
