"""The sync line of the TD console: what it says, and the sync it drives, against a real tourneysite."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtNetwork import QNetworkInformation
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, start
from tests.helpers.site_process import SiteProcess, create_token, free_port
from tourneydesk.desk import Desk
from tourneydesk.sync.backoff import Backoff
from tourneydesk.sync.credentials import TokenStore
from tourneydesk.sync.pusher import SyncStatus
from tourneydesk.ui import i18n
from tourneydesk.ui.bridge import DeskBridge
from tourneydesk.ui.sync_link import SyncLink, SyncStatusLabel, status_text

SLOW = Backoff(base=600, uniform=lambda low, high: high)  # every retry five minutes away


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[SiteProcess, str]]:
    """A tourneysite that is not running yet (the venue is offline): the test starts it."""
    server = SiteProcess(tmp_path / "site.db", 1_767_050_000.0, port=free_port())
    token = create_token(server.db, "Casino Test")
    yield server, token
    server.stop()


@pytest.fixture
def tokens(tmp_path: Path) -> TokenStore:
    return TokenStore(tmp_path / "config", use_keyring=False)


@pytest.fixture
def synced_desk(make_desk: Callable[..., Desk], site: tuple[SiteProcess, str],
                tokens: TokenStore) -> Iterator[DeskBridge]:
    """A PKO with 12 players whose settings name the site, and its token saved for it."""
    server, token = site
    desk = make_desk(config(PKO_CONFIG, sync={"url": server.url}))
    seat_players(desk, 12)
    tokens.save(desk.state.tournament_id, server.url, token)
    bridge = DeskBridge(desk)
    yield bridge
    bridge.detach()


def until_synced(qtbot: QtBot, link: SyncLink, label: SyncStatusLabel) -> None:
    try:
        qtbot.waitUntil(lambda: label.text() == "Synced", timeout=30_000)
    except Exception as exc:
        raise AssertionError(f"not synced: {label.text()!r} {link.status}") from exc


def label_for(qtbot: QtBot, link: SyncLink) -> SyncStatusLabel:
    label = SyncStatusLabel(link)
    qtbot.addWidget(label)
    return label


def hhmm(instant: float) -> str:
    return time.strftime("%H:%M", time.localtime(instant))


def test_the_label_says_offline_since_when_with_the_events_waiting_then_synced_when_the_network_returns(
        qtbot: QtBot, synced_desk: DeskBridge, site: tuple[SiteProcess, str], tokens: TokenStore) -> None:
    link = SyncLink.for_bridge(synced_desk, tokens=tokens, backoff=SLOW)
    label = label_for(qtbot, link)
    try:
        qtbot.waitUntil(lambda: link.status is not None and link.status.state == "offline", timeout=20_000)
        assert link.status is not None and link.status.offline_since is not None
        waiting = synced_desk.desk.seq
        assert label.text() == f"Offline since {hhmm(link.status.offline_since)} · {waiting} events waiting"

        site[0].start()
        network = QNetworkInformation.instance()
        if link.network_backend is not None and network is not None:  # what Qt sends when the network is back
            network.reachabilityChanged.emit(QNetworkInformation.Reachability.Online)
        else:
            link._on_reachability(QNetworkInformation.Reachability.Online)
        # the backoff said five minutes: only "online now" makes it try within the wait below
        until_synced(qtbot, link, label)
        assert link.status is not None and link.status.acked_seq == synced_desk.desk.seq
    finally:
        link.stop()


def test_without_a_network_backend_it_retries_on_a_timer_while_offline(
        qtbot: QtBot, synced_desk: DeskBridge, site: tuple[SiteProcess, str], tokens: TokenStore) -> None:
    link = SyncLink.for_bridge(synced_desk, tokens=tokens, backoff=SLOW, watch_network=False, offline_retry_ms=300)
    label = label_for(qtbot, link)
    try:
        assert link.network_backend is None
        qtbot.waitUntil(lambda: label.text().startswith("Offline since"), timeout=20_000)
        site[0].start()
        until_synced(qtbot, link, label)
    finally:
        link.stop()


def test_new_commands_reach_the_site_while_the_td_works(
        qtbot: QtBot, synced_desk: DeskBridge, site: tuple[SiteProcess, str], tokens: TokenStore) -> None:
    site[0].start()
    link = SyncLink.for_bridge(synced_desk, tokens=tokens)
    label = label_for(qtbot, link)
    try:
        until_synced(qtbot, link, label)
        start(synced_desk.desk)
        entries = [e["id"] for e in synced_desk.snapshot()["entries"]]
        synced_desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
        seq = synced_desk.desk.seq
        qtbot.waitUntil(lambda: link.status is not None and link.status.acked_seq == seq, timeout=20_000)
        assert label.text() == "Synced"
        assert site[0].stored(synced_desk.desk.state.tournament_id) == list(range(1, seq + 1))
    finally:
        link.stop()


def test_a_refused_token_is_shown_in_red_and_a_double_click_tries_again(
        qtbot: QtBot, synced_desk: DeskBridge, site: tuple[SiteProcess, str], tokens: TokenStore) -> None:
    server, token = site
    server.start()
    tournament = synced_desk.desk.state.tournament_id
    tokens.save(tournament, server.url, "an-old-token")
    link = SyncLink.for_bridge(synced_desk, tokens=tokens)
    label = label_for(qtbot, link)
    try:
        qtbot.waitUntil(lambda: label.text().startswith("Sync stopped: The website refused the token (401"),
                        timeout=20_000)
        assert "#b00020" in label.styleSheet()
        assert "Double-click to try again" in label.toolTip()
        synced_desk.execute({"type": "clock", "action": "start"})  # the TD goes on: nothing is retried
        assert label.text().startswith("Sync stopped")

        tokens.save(tournament, server.url, token)  # the club sent the venue's new token
        qtbot.mouseDClick(label, Qt.MouseButton.LeftButton)
        until_synced(qtbot, link, label)
        assert label.styleSheet() == ""
        assert link.status is not None and link.status.acked_seq == synced_desk.desk.seq
    finally:
        link.stop()


def test_new_settings_keep_the_token_out_of_the_tournament_file(
        qtbot: QtBot, make_desk: Callable[..., Desk], site: tuple[SiteProcess, str], tokens: TokenStore) -> None:
    server, token = site
    server.start()
    bridge = DeskBridge(make_desk())
    seat_players(bridge.desk, 3)
    link = SyncLink.for_bridge(bridge, tokens=tokens)
    label = label_for(qtbot, link)
    try:
        link.configure(server.url, token)  # what the sync settings dialog calls
        until_synced(qtbot, link, label)
        assert bridge.desk.state.config.sync == {"url": server.url}
        assert tokens.load(bridge.desk.state.tournament_id, server.url) == token
        for part in (bridge.desk.path, Path(f"{bridge.desk.path}-wal")):
            assert not part.exists() or token.encode() not in part.read_bytes()
    finally:
        link.stop()
        bridge.detach()


def test_a_tournament_without_a_website_says_so_and_runs_no_sync(
        qtbot: QtBot, make_desk: Callable[..., Desk], tokens: TokenStore) -> None:
    bridge = DeskBridge(make_desk())
    link = SyncLink.for_bridge(bridge, tokens=tokens)
    label = label_for(qtbot, link)
    assert label.text() == "Not synced: no website set"
    assert link.worker.thread is None
    bridge.detach()


def test_the_label_built_from_the_bridge_alone_shows_the_sync(
        qtbot: QtBot, make_desk: Callable[..., Desk]) -> None:
    """How the TD console builds it: `SyncStatusLabel(bridge)`."""
    bridge = DeskBridge(make_desk())
    label = SyncStatusLabel(bridge)
    qtbot.addWidget(label)
    assert label.text() == "Not synced: no website set"
    assert label.toolTip() == "No website set"
    bridge.detach()


def test_naming_the_website_in_the_settings_starts_the_sync_there(
        qtbot: QtBot, make_desk: Callable[..., Desk], site: tuple[SiteProcess, str], tokens: TokenStore) -> None:
    server, token = site
    server.start()
    bridge = DeskBridge(make_desk())
    seat_players(bridge.desk, 3)
    tokens.save(bridge.desk.state.tournament_id, server.url, token)
    link = SyncLink.for_bridge(bridge, tokens=tokens)
    label = label_for(qtbot, link)
    try:
        assert label.text() == "Not synced: no website set"
        bridge.execute({"type": "edit_config", "set": {"sync.url": server.url}})  # the settings dialog's command
        until_synced(qtbot, link, label)
        assert server.stored(bridge.desk.state.tournament_id) == list(range(1, bridge.desk.seq + 1))
    finally:
        link.stop()
        bridge.detach()


def test_the_sync_line_speaks_french(qapp: QApplication) -> None:
    i18n.install(qapp, "fr")
    try:
        assert status_text(None) == "Non synchronisé\u00a0: aucun site web défini"
        assert status_text(SyncStatus("synced")) == "Synchronisé"
        assert status_text(SyncStatus("waiting", waiting=3)) == "3 événements en attente"
        offline = status_text(SyncStatus("offline", waiting=1, offline_since=1_767_050_000.0))
        assert offline == f"Hors ligne depuis {hhmm(1_767_050_000.0)} · 1 événement en attente"
    finally:
        i18n.install(qapp, "en")


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note on showing a dialog
def test_the_td_sets_the_website_and_its_token_in_the_console_dialog(
        make_desk: Callable[..., Desk], tokens: TokenStore, qtbot: QtBot) -> None:
    from PySide6.QtCore import Qt

    from tourneydesk.ui.console.website_dialog import WebsiteDialog

    desk = make_desk()
    bridge = DeskBridge(desk)
    link = SyncLink.for_bridge(bridge, tokens=tokens, watch_network=False)
    dialog = WebsiteDialog(link)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.url, "results.example-club.org")
    qtbot.keyClick(dialog.url, Qt.Key.Key_Return)
    assert dialog.error.isVisible() and "https://" in dialog.error.text()  # refused: nothing saved
    assert "url" not in desk.state.config.sync
    dialog.url.setText("http://127.0.0.1:9")
    qtbot.keyClicks(dialog.token, "venue-token-123")
    qtbot.keyClick(dialog.token, Qt.Key.Key_Return)
    assert desk.state.config.sync["url"] == "http://127.0.0.1:9"  # a setting, written as a command
    assert tokens.load(desk.state.tournament_id, "http://127.0.0.1:9") == "venue-token-123"
    assert b"venue-token-123" not in desk.path.read_bytes()  # never in the tournament file
    link.stop()
    bridge.detach()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_another_history_on_the_site_is_shown_and_the_td_may_publish_this_files(
        qtbot: QtBot, make_desk: Callable[..., Desk], site: tuple[SiteProcess, str], tokens: TokenStore,
        tmp_path: Path) -> None:
    """A copy of this file, played on differently, reached the site first: the console says so in red,
    and the website dialog's button publishes this file's history (the site keeps the other)."""
    import shutil

    from tourneydesk import cli
    from tourneydesk.ui.console.website_dialog import WebsiteDialog

    server, token = site
    server.start()
    desk = make_desk(config(PKO_CONFIG, sync={"url": server.url}))
    entries = seat_players(desk, 12)
    start(desk)
    path = desk.path
    desk.close()
    other = tmp_path / "copy.tdesk"
    shutil.copyfile(path, other)
    with Desk.open(other) as copy:
        live = [e["id"] for e in copy.snapshot()["entries"] if e["table"] == copy.state.entries[entries[0]].table]
        copy.execute({"type": "bust", "entry": live[0], "by": [live[1]]})
    assert cli.main(["sync", str(other), "--url", server.url, f"--token={token}"]) == 0
    with Desk.open(other) as copy:
        parted = copy.seq  # the copy's bust is the first event the two histories do not share

    mine = Desk.open(path)
    mine.execute({"type": "clock", "action": "pause"})
    bridge = DeskBridge(mine)
    tokens.save(mine.state.tournament_id, server.url, token)
    link = SyncLink.for_bridge(bridge, tokens=tokens, watch_network=False)
    label = label_for(qtbot, link)
    try:
        qtbot.waitUntil(lambda: "another history" in label.text(), timeout=30_000)
        assert label.text().startswith(f"Sync stopped: the website holds another history of this tournament "
                                       f"from event #{parted}")
        assert "#b00020" in label.styleSheet() and "Replace the website's history" in label.toolTip()
        dialog = WebsiteDialog(link)
        qtbot.addWidget(dialog)
        assert dialog.replace_button is not None
        qtbot.mouseClick(dialog.replace_button, Qt.MouseButton.LeftButton)
        until_synced(qtbot, link, label)
        assert server.stored(mine.state.tournament_id) == list(range(1, mine.seq + 1))
    finally:
        link.stop()
        bridge.detach()
        mine.close()
