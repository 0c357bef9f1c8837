"""The console's venue network: switched on from its menu, the desk served on the Qt thread, a TD's
phone that pairs and busts a player while the console's own list follows, devices revoked at once, and
the players' QR code on the projector display."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tests.helpers.clock import T0
from tests.helpers.selenium_browser import click, make_browser, needs_chromium, text, type_into, wait
from tourneydesk.demo import make_demo
from tourneydesk.desk import Desk
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.console.main_window import ConsoleWindow
from tourneydesk.ui.lan_link import DevicesDialog, LanLink, PairDialog

pytestmark = pytest.mark.qt_log_ignore("This plugin does not support propagateSizeHints")


@pytest.fixture
def console(qtbot: QtBot, tmp_path: Path) -> Iterator[tuple[ConsoleWindow, LanLink, Desk]]:
    desk = make_demo(tmp_path / "demo.tdesk", now=T0)
    settings = QSettings(str(tmp_path / "console.ini"), QSettings.Format.IniFormat)
    settings.setValue("lan/host", "127.0.0.1")
    settings.setValue("lan/port", 0)
    settings.setValue("cashier/pdf_folder", str(tmp_path / "prints"))
    bridge = DeskBridge(desk)
    window = ConsoleWindow(bridge, settings)
    link = LanLink(bridge, window, settings)
    qtbot.addWidget(window)
    window.show()
    yield window, link, desk
    link.shutdown()
    window.close()
    bridge.detach()
    desk.close()


def in_background(qtbot: QtBot, work: Callable[[], Any], timeout: int = 30000) -> Any:
    """Run `work` on a thread while the Qt thread goes on serving the desk (as in the app)."""
    out: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=timeout)
    if errors:
        raise errors[0]
    return out[0]


def active_pair(desk: Desk) -> tuple[str, str]:
    """Two players in play at the same table: one to bust, one who won the pot."""
    state = desk.state
    table = next(t for t in state.tables.values() if len(t.seats) >= 2)
    first, second = sorted(table.seats.values())[:2]
    return first, second


def test_the_network_is_off_until_switched_on_and_off_again(console: tuple[ConsoleWindow, LanLink, Desk],
                                                            qtbot: QtBot) -> None:
    window, link, desk = console
    assert link.server is None and not link.switch.isChecked()
    link.switch.trigger()
    assert link.server is not None and link.url is not None
    assert link.url in link.status.text()
    view = in_background(qtbot, lambda: httpx.get(f"{link.url}/api/view", timeout=10).json())
    assert view["sections"]["tournament"]["name"] == desk.state.config.name
    url = link.url
    link.switch.trigger()
    assert link.server is None and link.status.text() == ""
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{url}/api/view", timeout=2)


def test_pairing_from_the_console_and_revoking_from_its_list(console: tuple[ConsoleWindow, LanLink, Desk],
                                                             qtbot: QtBot, tmp_path: Path) -> None:
    window, link, desk = console
    link.show_pairing()
    dialog = link.dialog
    assert isinstance(dialog, PairDialog)
    dialog.role.setCurrentIndex(dialog.role.findData("td"))
    code = dialog.code.text()
    assert len(code) == 8 and code.isdigit() and not dialog.qr.pixmap().isNull()
    assert "Valid for" in dialog.expires.text()
    url = link.url
    token = in_background(qtbot, lambda: httpx.post(f"{url}/api/pair", json={"code": code, "device": "Marie"},
                                                    timeout=10).json()["token"])
    dialog.tick()
    assert dialog.expires.text() == "Paired: Marie (TD remote)"
    assert token not in (tmp_path / "lan_devices.json").read_text(), "only the hash is kept beside the settings"
    dialog.close()

    def pause() -> httpx.Response:
        return httpx.post(f"{url}/api/command", json={"type": "clock", "action": "pause", "command_id": "p"},
                          headers={"Authorization": f"Bearer {token}"}, timeout=10)

    link.show_devices()
    devices = link.dialog
    assert isinstance(devices, DevicesDialog)
    assert [devices.table.item(0, c).text() for c in range(3)] == ["Marie", "TD remote", "just now"]
    devices.table.selectRow(0)
    devices.revoke_button.click()
    assert devices.table.rowCount() == 0
    running = desk.state.clock.running
    assert in_background(qtbot, pause).status_code == 401
    assert desk.state.clock.running == running


@pytest.mark.slow
@needs_chromium
def test_a_td_phone_busts_a_player_and_the_consoles_list_follows(console: tuple[ConsoleWindow, LanLink, Desk],
                                                                 qtbot: QtBot) -> None:
    window, link, desk = console
    link.switch.trigger()
    victim, winner = active_pair(desk)
    name, winner_name = desk.state.entry_name(victim), desk.state.entry_name(winner)
    row = window.players_panel.players.row_of(victim)
    assert window.players_panel.players.data(window.players_panel.players.index(row, 2)) == "playing"
    code = link.pairing.new_code("td").code
    url = link.url

    def phone() -> str:
        browser = make_browser()
        try:
            browser.get(f"{url}/pair#code={code}")
            type_into(browser, "#pair-device", "Marie's phone")
            click(browser, "#pair-button")
            wait(lambda: browser.current_url.endswith("/td"), what="the remote")
            type_into(browser, "#bust-query", name)
            wait(lambda: browser.find_element("css selector", f"#bust-found button[data-entry='{victim}']")).click()
            type_into(browser, "#by-query", winner_name)
            wait(lambda: browser.find_element("css selector", f"#by-found button[data-entry='{winner}']")).click()
            click(browser, "#bust-check")
            preview = wait(lambda: text(browser, "#bust-preview"), what="the preview")
            click(browser, "#bust-confirm")
            wait(lambda: "Done" in text(browser, "#answer"), what="the answer")
            return str(preview)
        finally:
            browser.quit()

    preview = in_background(qtbot, phone, timeout=60000)
    assert preview.startswith(f"{name} finishes")
    players = window.players_panel.players
    qtbot.waitUntil(lambda: players.data(players.index(row, 2)) == "out", timeout=5000)
    last = desk.events()[-1]
    assert (last.type, last.station) == ("busted", "Marie's phone")


def test_the_players_qr_code_on_the_projector_display(console: tuple[ConsoleWindow, LanLink, Desk],
                                                      qtbot: QtBot) -> None:
    window, link, desk = console
    window.open_display()
    display = window.side_windows[-1]
    display.show()
    qtbot.waitExposed(display)
    link.on_display.setChecked(True)
    assert link.server is not None, f"showing the QR code switches the network on ({link.error})"
    badges = link.badges()
    assert len(badges) == 1 and badges[0].parentWidget() is display
    assert badges[0].caption.text() == "Scan for the clock and your seat"
    assert badges[0].address.text() == f"{link.url}/"
    assert display.rect().contains(badges[0].geometry())
    link.on_display.setChecked(False)
    assert link.badges() == []
    display.close()


def test_a_buy_in_from_a_device_prints_the_seat_card_on_the_laptop(console: tuple[ConsoleWindow, LanLink, Desk],
                                                                   qtbot: QtBot, tmp_path: Path) -> None:
    window, link, desk = console
    link.switch.trigger()
    code = link.pairing.new_code("cashier").code
    url = link.url

    def sell() -> dict[str, Any]:
        with httpx.Client(base_url=str(url), timeout=10) as http:
            token = http.post("/api/pair", json={"code": code, "device": "Bar till"}).json()["token"]
            auth = {"Authorization": f"Bearer {token}"}
            player = http.post("/api/command", json={"type": "register", "name": "Zoé Blanc", "command_id": "r"},
                               headers=auth).json()["result"]["player"]
            return dict(http.post("/api/command", json={"type": "buy_in", "player": player, "payment": "cash",
                                                        "present": True, "command_id": "b"}, headers=auth).json())

    answer = in_background(qtbot, sell)
    assert answer["ok"] and answer["result"]["table"]
    cards = list((tmp_path / "prints").glob("seat-card-*.pdf"))
    assert [c.name for c in cards] == [f"seat-card-{answer['result']['entry']}.pdf"]


def test_the_venue_network_menu_speaks_french(qapp: Any) -> None:
    from tourneydesk.ui import i18n
    from tourneydesk.ui.lan_link import tr

    i18n.install(qapp, "fr")
    try:
        assert tr("Venue &network") == "&Réseau de la salle"
        assert tr("Scan for the clock and your seat") == "Scannez pour l’horloge et votre place"
    finally:
        i18n.install(qapp, "en")
