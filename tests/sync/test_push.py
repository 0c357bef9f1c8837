"""A tournament pushed to a real tourneysite: what the site then shows, and what a TD sees when it refuses."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers.desks import buy_in, register, seat_players, start
from tests.helpers.faulty_proxy import FaultyProxy
from tests.helpers.sync_site import SHOWN_AT, Site, desktop_public, last_seq, site_json, tournament_id
from tests.helpers.waiting import wait_until
from tourneydesk import cli
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneydesk.sync.pusher import Pusher


def test_a_played_tournament_reaches_the_site_as_the_desktop_shows_it(tournament: Path, site: Site) -> None:
    pusher = Pusher(tournament, site.url, site.token)
    status = pusher.step()
    pusher.close()

    events = last_seq(tournament)
    assert (status.state, status.waiting, status.acked_seq) == ("synced", 0, events)
    assert site.stored(tournament_id(tournament)) == list(range(1, events + 1))
    assert site_json(site, tournament_id(tournament)) == desktop_public(tournament)


def test_a_wrong_token_stops_the_sync_and_says_why_until_the_settings_change(
        tournament: Path, site: Site, proxy: FaultyProxy) -> None:
    pusher = Pusher(tournament, proxy.url, "not-the-token")
    status = pusher.step()
    assert status.state == "stopped"
    assert status.error is not None and "refused the token (401" in status.error
    assert status.waiting == last_seq(tournament)
    asked = len(proxy.seen)

    pusher.online_now()
    assert pusher.step(urgent=True).state == "stopped"
    assert len(proxy.seen) == asked, "a refused token is not tried again in a loop"
    assert site.stored(tournament_id(tournament)) == []

    pusher.configure(proxy.url, site.token)
    assert pusher.step().state == "synced"
    pusher.close()
    assert len(site.stored(tournament_id(tournament))) == last_seq(tournament)


def test_a_site_restored_from_an_old_backup_is_sent_what_it_lost(
        make_desk: Callable[..., Desk], site: Site) -> None:
    desk = make_desk(name="live.tdesk")
    entries = seat_players(desk, 12)
    pusher = Pusher(desk.path, site.url, site.token)
    assert pusher.step().state == "synced"
    site.stop()
    backup = site.db.read_bytes()  # the club's nightly backup of the site
    site.start()
    start(desk)
    desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
    assert pusher.step().state == "synced"

    site.stop()
    for leftover in (Path(f"{site.db}-wal"), Path(f"{site.db}-shm")):
        leftover.unlink(missing_ok=True)
    site.db.write_bytes(backup)  # the server died and was restored from that backup
    site.start()
    desk.execute({"type": "bust", "entry": entries[2], "by": [entries[3]]})
    status = pusher.step()  # the site answers the new event with a gap: the pusher goes back for the rest
    pusher.close()
    assert (status.state, status.acked_seq) == ("synced", desk.seq)
    assert site.stored(tournament_id(desk.path)) == list(range(1, desk.seq + 1))
    shown = site_json(site, tournament_id(desk.path))
    assert shown == snapshot.public(desk.snapshot(now=SHOWN_AT[desk.state.tournament_id]))


def test_the_sync_runs_beside_a_desk_in_play_and_the_site_follows_it(
        make_desk: Callable[..., Desk], site: Site) -> None:
    desk = make_desk(name="live.tdesk")
    pusher = Pusher(desk.path, site.url, site.token)
    unsubscribe = desk.subscribe(lambda result: pusher.wake())
    worker = threading.Thread(target=pusher.run, daemon=True)
    worker.start()
    try:
        entries = seat_players(desk, 12)
        start(desk)
        ana = register(desk, "Ana Silva", email="ana@example.org", phone="+351 912 345 678")
        buy_in(desk, ana, payment="card")
        desk.execute({"type": "bust", "entry": entries[0], "by": [entries[1]]})
        wait_until(lambda: pusher.status.acked_seq == desk.seq and pusher.status.state == "synced")
    finally:
        unsubscribe()
        pusher.stop()
        worker.join(timeout=30)
    shown = site_json(site, tournament_id(desk.path))
    assert shown == snapshot.public(desk.snapshot(now=SHOWN_AT[desk.state.tournament_id]))
    stored = site.db.read_bytes() + (Path(f"{site.db}-wal").read_bytes() if Path(f"{site.db}-wal").exists() else b"")
    for private in (b"ana@example.org", b"912 345 678", b'"card"'):
        assert private not in stored


def test_tourneydesk_sync_exits_0_when_everything_is_acknowledged(
        tournament: Path, site: Site, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sync", str(tournament), "--url", site.url, f"--token={site.token}"]) == 0
    assert f"holds all {last_seq(tournament)} events" in capsys.readouterr().out

    assert cli.main(["sync", str(tournament), "--url", site.url, "--token", "wrong"]) == 1
    assert "refused the token (401" in capsys.readouterr().err


def test_tourneydesk_sync_exits_1_and_says_so_when_the_site_cannot_be_reached(
        tournament: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as unreachable:  # bound, never listening: nobody answers there, for sure
        unreachable.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{unreachable.getsockname()[1]}"
        assert cli.main(["sync", str(tournament), "--url", url, "--token", "t", "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert f"Cannot reach {url}" in err
    assert f"{last_seq(tournament)} events still waiting" in err


def test_a_refused_batch_is_shown_and_not_sent_again_in_a_loop(
        tournament: Path, site: Site, proxy: FaultyProxy) -> None:
    proxy.plan("422")
    pusher = Pusher(tournament, proxy.url, site.token)
    status = pusher.step()
    assert (status.state, status.error) == (
        "stopped", "The website refused the events (422: injected by the test proxy)")
    posts = len(proxy.seen)
    assert pusher.step().state == "stopped"
    assert len(proxy.seen) == posts
    pusher.retry()  # the TD asks again once the club fixed its site
    assert pusher.step().state == "synced"
    pusher.close()


def test_an_address_that_is_not_a_website_is_refused_with_the_reason(tournament: Path) -> None:
    pusher = Pusher(tournament, "ftp://results.example.org", "token")
    status = pusher.step()
    pusher.close()
    assert status.state == "stopped"
    assert status.error == "The website address 'ftp://results.example.org' is not valid: use http://... or https://..."
