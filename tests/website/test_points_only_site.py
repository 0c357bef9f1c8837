"""A points-only night on the results site: the facts say it was free, the results are the places with no
prize column, and the live page says "points only" where the prize pool and the payouts would be."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import httpx

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import table_mate
from tests.helpers.website import push, wire


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def test_a_points_only_night_reads_as_places_without_money(make_desk: Any, clock: FakeClock, http: httpx.Client,
                                                           token: str) -> None:
    cfg = config(name="Ligue du jeudi", points_only=True)
    del cfg["buy_in"]
    desk = make_desk(cfg)
    entries = [desk.execute({"type": "buy_in", "present": True,
                             "player": desk.execute({"type": "register", "name": name})["player"]})["entry"]
               for name in ("Ana Silva", "Ben Roux", "Chloé Durand")]
    desk.execute({"type": "clock", "action": "start"})
    tid = desk.state.tournament_id
    push(http, token, tid, wire(desk))
    live = text(http.get(f"/t/{tid}").text)
    assert "No money Points only" in live and "Prize pool" not in live
    assert "Buy-in Free: points only" in live
    assert "no payouts; the places give the league points" in live
    clock.advance(minutes=REGISTRATION_MINUTES)
    for out in entries[:2]:
        desk.execute({"type": "bust", "entry": out, "by": [table_mate(desk, out)]})
    push(http, token, tid, wire(desk, after=http.get(f"/api/v1/tournaments/{tid}").json()["seq"]))
    html = http.get(f"/t/{tid}/results").text
    results = text(html)
    assert "A points-only night: no money changed hands" in results
    assert "Prize" not in results.replace("Prize pool", "") and "€" not in results
    rows = [name.strip() for name in re.findall(r'<td class="name">([^<]+)', html)]
    assert rows == ["Chloé Durand", "Ben Roux", "Ana Silva"]  # the places, the winner first, and nothing else
