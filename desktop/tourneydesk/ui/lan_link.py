"""The console's side of the venue network: the switch, the address and QR code, pairing and the devices.

The server runs on threads of its own; every function it submits runs here, on the Qt thread, between
the windows' own commands (`QtRunner`), so the desk is only ever touched by the thread that opened it.
The menu "Venue network" switches the server on and off (off by default), shows the address and a QR
code, pairs a device with a one-time code and lists the paired devices, each revoked with one click; the
QR code can also go on the projector display ("Scan for the clock and your seat").
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any, TypeVar

from ..desk import Desk
from ..lan.pairing import CODE_DIGITS, ROLES, Pairing
from ..lan.runner import run_into
from ..lan.server import LanServer, shown_host
from . import lan_paper
from .bridge import DeskBridge
from .i18n import tr
from .qt import (
    QAction,
    QApplication,
    QComboBox,
    QCoreApplication,
    QDialog,
    QEvent,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QObject,
    QPixmap,
    QPushButton,
    QSettings,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QTimer,
    QVBoxLayout,
    QWidget,
    Signal,
)
from .venue_store import devices_store

T = TypeVar("T")
PORT_KEY = "lan/port"
HOST_KEY = "lan/host"
TLS_KEY = "lan/https"
DEFAULT_PORT = 8765


class QtRunner(QObject):
    """Runs the server's jobs on the Qt thread: a queued signal carries each one over."""

    _job = Signal(object)

    def __init__(self, desk: Desk, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.desk = desk
        self._job.connect(self._run, Qt.ConnectionType.QueuedConnection)

    def submit(self, fn: Callable[[Desk], T]) -> Future[T]:
        future: Future[T] = Future()
        self._job.emit((future, fn))
        return future

    def _run(self, job: tuple[Future[Any], Callable[[Desk], Any]]) -> None:
        run_into(job[0], job[1], self.desk)


def qr_pixmap(text: str, scale: int = 6) -> QPixmap:
    import segno

    buffer = io.BytesIO()
    segno.make(text, error="m").save(buffer, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap


def ago(seconds: float) -> str:
    if seconds < 60:
        return tr("just now")
    if seconds < 3600:
        return tr("{n} min ago").format(n=int(seconds // 60))
    return tr("{n} h ago").format(n=int(seconds // 3600))


def role_name(role: str) -> str:
    return {"td": tr("TD remote"), "floor": tr("Floor staff"), "cashier": tr("Cashier"),
            "display": tr("Screen")}.get(role, role)


class LanLink(QObject):
    """Owns the LAN server of one console; `shutdown()` (when the session closes) stops it."""

    changed = Signal()

    def __init__(self, bridge: DeskBridge, console: QMainWindow, settings: QSettings,
                 store: Path | None = None) -> None:
        super().__init__(console)
        self.bridge = bridge
        self.console = console
        self.settings = settings
        store = store if store is not None else devices_store(settings)
        self.pairing_folder = store.parent
        self.pairing = Pairing(store)
        self.runner = QtRunner(bridge.desk, self)
        self.server: LanServer | None = None
        self.error = ""
        self.dialog: QDialog | None = None  # the dialog open now, for tests and screenshots
        self._badges: list[QrBadge] = []
        self.status = QLabel()
        self.status.setObjectName("lanStatus")
        console.statusBar().addPermanentWidget(self.status)
        self._build_menu()
        self._show_status()

    # -- the menu ------------------------------------------------------------------------------------
    def _build_menu(self) -> None:
        menu = self.console.menuBar().addMenu(tr("Venue &network"))
        self.switch = QAction(tr("&Serve the venue network (phones, remote, screens)"), self.console)
        self.switch.setObjectName("actionLanServe")
        self.switch.setCheckable(True)
        self.switch.toggled.connect(self._switched)
        menu.addAction(self.switch)
        for text, slot, name in ((tr("&Address and QR code for players…"), self.show_address, "actionLanAddress"),
                                 (tr("&Pair a device…"), self.show_pairing, "actionLanPair"),
                                 (tr("Paired &devices…"), self.show_devices, "actionLanDevices")):
            action = QAction(text, self.console)
            action.setObjectName(name)
            action.triggered.connect(slot)
            menu.addAction(action)
        self.https = QAction(tr("Use &HTTPS (the laptop's own certificate)"), self.console)
        self.https.setObjectName("actionLanHttps")
        self.https.setCheckable(True)
        self.https.setChecked(str(self.settings.value(TLS_KEY, "false")).lower() == "true")
        self.https.toggled.connect(self._https_switched)
        menu.addAction(self.https)
        self.on_display = QAction(tr("QR code on the projector &display"), self.console)
        self.on_display.setObjectName("actionLanOnDisplay")
        self.on_display.setCheckable(True)
        self.on_display.toggled.connect(self.show_on_display)
        menu.addAction(self.on_display)

    def _https_switched(self, on: bool) -> None:
        self.settings.setValue(TLS_KEY, on)
        if self.server is not None:  # served again at its https:// (or http://) address: show the new QR code
            self.stop()
            self.start()

    def _switched(self, on: bool) -> None:
        if on and not self.start():
            self.switch.blockSignals(True)
            self.switch.setChecked(False)
            self.switch.blockSignals(False)
        elif not on:
            self.stop()

    # -- on and off ----------------------------------------------------------------------------------
    @property
    def url(self) -> str | None:
        return self.server.url if self.server is not None else None

    def start(self, port: int | None = None) -> bool:
        if self.server is not None:
            return True
        if port is None:
            saved = self.settings.value(PORT_KEY, DEFAULT_PORT)
            port = int(str(saved)) if str(saved).isdigit() else DEFAULT_PORT  # 0: any free port
        host = str(self.settings.value(HOST_KEY, "0.0.0.0") or "0.0.0.0")
        tls = None
        if self.https.isChecked():
            from ..lan.tls import certificate

            tls = certificate(self.pairing_folder, [shown_host(host).strip("[]")])
        server = LanServer(self.runner, self.pairing, host=host, port=port, tls=tls,
                           snapshot_fn=lambda desk: self.bridge.snapshot(), seat_card=self._print_seat_card)
        # The server's start waits for its first view, which is built here on the Qt thread: the thread
        # must keep serving jobs meanwhile.
        done: list[BaseException | None] = []

        def start_server() -> None:
            try:
                server.start()
                done.append(None)
            except OSError as exc:
                done.append(exc)

        starter = threading.Thread(target=start_server, daemon=True)
        starter.start()
        while starter.is_alive():
            QCoreApplication.processEvents()
            time.sleep(0.005)
        if done and done[0] is not None:
            self.error = tr("The venue network could not start on port {port}: {why}").format(port=port,
                                                                                              why=done[0])
            self._show_status()
            return False
        self.server, self.error = server, ""
        self.switch.setChecked(True)
        self._show_status()
        self._refresh_badges()
        self.changed.emit()
        return True

    def stop(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            stopper = threading.Thread(target=server.stop, daemon=True)
            stopper.start()
            while stopper.is_alive():  # the server's goodbye to the desk runs on this thread
                QCoreApplication.processEvents()
                time.sleep(0.005)
        self.switch.setChecked(False)
        self.on_display.setChecked(False)
        self._show_status()
        self.changed.emit()

    def shutdown(self) -> None:
        self.stop()

    def _show_status(self) -> None:
        if self.server is not None:
            self.status.setText(tr("Venue network: {url}").format(url=self.server.url))
        else:
            self.status.setText(self.error)

    # -- the dialogs ---------------------------------------------------------------------------------
    def _ensure_running(self) -> bool:
        return self.server is not None or self.start()

    def show_address(self) -> None:
        if not self._ensure_running() or self.server is None:
            return
        self._open(AddressDialog(self.server.players_url(), self.server.tls.fingerprint if self.server.tls else "",
                                 self.console))

    def show_pairing(self) -> None:
        if not self._ensure_running():
            return
        self._open(PairDialog(self, self.console))

    def show_devices(self) -> None:
        self._open(DevicesDialog(self.pairing, self.console))

    def _open(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda *_: setattr(self, "dialog", None) if self.dialog is dialog else None)
        dialog.show()

    # -- the projector display -----------------------------------------------------------------------
    def show_on_display(self, on: bool) -> None:
        if on and not self._ensure_running():
            self.on_display.setChecked(False)
            return
        self._refresh_badges()

    def _displays(self) -> list[QWidget]:
        from .display import DisplayWindow

        return [w for w in QApplication.topLevelWidgets() if isinstance(w, DisplayWindow) and w.isVisible()]

    def _refresh_badges(self) -> None:
        for badge in self._badges:
            badge.deleteLater()
        self._badges = []
        if not self.on_display.isChecked() or self.server is None:
            return
        for display in self._displays():
            self._badges.append(QrBadge(self.server.players_url(), display))

    def badges(self) -> list[QrBadge]:
        return list(self._badges)

    # -- the seat card of a buy-in made on a device -----------------------------------------------------
    def _print_seat_card(self, desk: Desk, result: dict[str, Any]) -> str | None:
        return lan_paper.print_seat_card(desk, result, self.settings)


class AddressDialog(QDialog):
    """The players' page: its address and QR code, large enough to be scanned off the laptop's screen."""

    def __init__(self, url: str, fingerprint: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lanAddressDialog")
        self.setWindowTitle(tr("Venue network"))
        layout = QVBoxLayout(self)
        title = QLabel(tr("Scan for the clock and your seat"))
        title.setStyleSheet("font-size: 18pt; font-weight: 700;")
        self.address = QLabel(url.split("#")[0])
        self.address.setObjectName("lanAddress")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.address.setStyleSheet("font-size: 16pt;")
        self.qr = QLabel()
        self.qr.setPixmap(qr_pixmap(url, 8))
        for widget in (title, self.qr, self.address):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignHCenter)
        note = QLabel(tr("Phones must be on the venue's Wi-Fi. The players' page needs no pairing."))
        note.setWordWrap(True)
        layout.addWidget(note)
        if fingerprint:
            self.fingerprint = QLabel(tr("Certificate SHA-256: {fingerprint}").format(fingerprint=fingerprint))
            self.fingerprint.setWordWrap(True)
            self.fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            layout.addWidget(self.fingerprint)


class PairDialog(QDialog):
    """A one-time code for one device and one role, valid two minutes, shown with its QR code."""

    def __init__(self, link: LanLink, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.link = link
        self.setObjectName("lanPairDialog")
        self.setWindowTitle(tr("Pair a device"))
        self._devices_before = len(link.pairing.devices())
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel(tr("Role")))
        self.role = QComboBox()
        self.role.setObjectName("lanRole")
        for role in ROLES:
            self.role.addItem(role_name(role), role)
        row.addWidget(self.role, 1)
        self.new = QPushButton(tr("New code"))
        self.new.setObjectName("lanNewCode")
        self.new.clicked.connect(self.new_code)
        row.addWidget(self.new)
        layout.addLayout(row)
        self.code = QLabel()
        self.code.setObjectName("lanCode")
        self.code.setStyleSheet("font-size: 34pt; font-weight: 800; letter-spacing: 6px;")
        self.qr = QLabel()
        self.expires = QLabel()
        self.expires.setObjectName("lanCodeExpires")
        for widget in (self.code, self.qr, self.expires):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignHCenter)
        hint = QLabel(tr("On the device: scan the code, or open {url}/pair and type it.").format(
            url=link.url or ""))
        hint.setWordWrap(True)
        layout.addWidget(hint)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.tick)
        self.timer.start(1000)
        self.role.currentIndexChanged.connect(lambda _i: self.new_code())
        self.new_code()

    def new_code(self) -> None:
        code = self.link.pairing.new_code(str(self.role.currentData()))
        self.code.setText(code.code)
        server = self.link.server
        self.qr.setPixmap(qr_pixmap(server.pairing_url(code.code) if server else "", 5))
        self.qr.show()
        self._devices_before = len(self.link.pairing.devices())
        self.tick()

    def tick(self) -> None:
        code = self.link.pairing.current_code()
        devices = self.link.pairing.devices()
        if code is not None:
            left = max(0, int(code.expires - time.time()))
            self.expires.setText(tr("Valid for {s} s, for one device").format(s=left))
            return
        self.qr.hide()
        if len(devices) > self._devices_before:
            device = devices[-1]
            self.code.setText("✓")
            self.expires.setText(tr("Paired: {name} ({role})").format(name=device.name, role=role_name(device.role)))
        else:
            self.code.setText("—" * CODE_DIGITS)
            self.expires.setText(tr("The code has expired: ask for a new one"))


class DevicesDialog(QDialog):
    """The paired devices with their role and last activity; Revoke takes a device's token away at once."""

    def __init__(self, pairing: Pairing, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pairing = pairing
        self.setObjectName("lanDevicesDialog")
        self.setWindowTitle(tr("Paired devices"))
        self.resize(560, 320)
        layout = QVBoxLayout(self)
        self.table = QTableWidget(0, 3)
        self.table.setObjectName("lanDevices")
        self.table.setHorizontalHeaderLabels([tr("Device"), tr("Role"), tr("Last activity")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        layout.addWidget(self.table)
        self.revoke_button = QPushButton(tr("Revoke"))
        self.revoke_button.setObjectName("lanRevoke")
        self.revoke_button.clicked.connect(self.revoke_selected)
        layout.addWidget(self.revoke_button, 0, Qt.AlignmentFlag.AlignRight)
        self._ids: list[str] = []
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.refresh)
        self.timer.start(2000)
        self.refresh()

    def refresh(self) -> None:
        devices = self.pairing.devices()
        selected = self.table.currentRow()
        self.table.setRowCount(len(devices))
        self._ids = [d.id for d in devices]
        now = time.time()
        for row, device in enumerate(devices):
            for column, text in enumerate((device.name, role_name(device.role), ago(now - device.last_seen))):
                self.table.setItem(row, column, QTableWidgetItem(text))
        if 0 <= selected < len(devices):
            self.table.selectRow(selected)
        self.revoke_button.setEnabled(bool(devices))

    def revoke_selected(self) -> None:
        row = self.table.currentRow()
        if 0 <= row < len(self._ids):
            self.pairing.revoke(self._ids[row])
        self.refresh()


class QrBadge(QWidget):
    """The players' QR code in a corner of the projector display, with the words that say what it is."""

    def __init__(self, url: str, display: QWidget) -> None:
        super().__init__(display)
        self.setObjectName("lanQrBadge")
        # Solid white, whatever the display's theme: a QR code scans only dark on light.
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("#lanQrBadge { background: white; border-radius: 10px; } "
                           "QLabel { color: black; background: transparent; }")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 10, 10, 10)
        self.caption = QLabel(tr("Scan for the clock and your seat"))
        self.caption.setStyleSheet("font-size: 14pt; font-weight: 700;")
        self.qr = QLabel()
        self.qr.setPixmap(qr_pixmap(url, 5))
        self.address = QLabel(url.split("#")[0])
        for widget in (self.caption, self.qr, self.address):
            layout.addWidget(widget, 0, Qt.AlignmentFlag.AlignHCenter)
        display.installEventFilter(self)
        self.adjustSize()
        self._place()
        self.show()
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._place()
        return False

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is not None:
            margin = 16
            self.move(parent.width() - self.width() - margin, parent.height() - self.height() - margin)
