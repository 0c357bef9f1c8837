"""The network and the site misbehave in every way the venue's connection can; the results still arrive once."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.helpers.faulty_proxy import FaultyProxy
from tests.helpers.sync_site import Site, desktop_public, last_seq, site_json, tournament_id
from tests.helpers.waiting import wait_until
from tourneydesk.sync.backoff import Backoff
from tourneydesk.sync.pusher import Pusher


def test_after_drops_errors_stalls_repeats_and_restarts_the_site_equals_the_desktop(
        tournament: Path, site: Site, proxy: FaultyProxy) -> None:
    proxy.plan("drop", "500", "stall", "twice", "drop_after", "restart", "429", "restart_late", "twice")
    pusher = Pusher(tournament, proxy.url, site.token, timeout=1.0, backoff=Backoff(base=0.05, cap=0.5))
    worker = threading.Thread(target=pusher.run, daemon=True)
    worker.start()
    try:
        wait_until(lambda: proxy.pending() == 0 and pusher.status.state == "synced", timeout=120)
    finally:
        pusher.stop()
        worker.join(timeout=30)

    done = [what for _, what in proxy.seen]
    for fault in ("drop", "500", "stall", "twice", "drop_after", "restart", "429", "restart_late"):
        assert fault in done, f"{fault} never happened: {proxy.seen}"
    print("\n".join(f"{line} -> {what}" for line, what in proxy.seen))
    events = last_seq(tournament)
    # the late copy of the stalled batch reaches the site after the rest: wait for it before counting rows
    proxy.wait_idle(timeout=30)
    assert site.stored(tournament_id(tournament)) == list(range(1, events + 1)), "each event stored exactly once"
    assert site_json(site, tournament_id(tournament)) == desktop_public(tournament)
