"""Nothing private is stored by the site, whatever the laptop sends: a whole evening with planted markers
(contact details, fees, payment methods, reasons, who got a penalty, the drawer), synced by the real
pusher, then every table of the site's database scanned for them."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import httpx

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import buy_in, register, seat_players, start, table_mate
from tests.helpers.sync_site import Site
from tests.helpers.website import batch_body, wire
from tourneydesk.desk import Desk
from tourneydesk.sync.pusher import Pusher

EMAIL, PHONE, MEMBER = "planted.mail@example.org", "+33 6 98 76 54 32", "MBR-PLANTED-7731"
BUY_IN_FEE, ADD_ON_FEE = 98761, 45673  # the house's: neither the share of a price nor an all-fee price leaves
REASONS = ("REASON-PLANTED-removed", "REASON-PLANTED-penalty", "REASON-PLANTED-chips")


def every_value(db: Path) -> list[str]:
    """Every value of every row of every table, as text."""
    conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = [name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return [str(value) for table in tables for row in conn.execute(f'SELECT * FROM "{table}"') for value in row]
    finally:
        conn.close()


def test_a_whole_evening_leaves_nothing_private_on_the_site(make_desk: Callable[..., Desk], clock: FakeClock,
                                                            site: Site) -> None:
    cfg = config(PKO_CONFIG, buy_in={"prize": 8000, "bounty": 2000, "fee": BUY_IN_FEE},
                 add_on={"at_break_after_level": 2, "chips": 10000, "price": {"fee": ADD_ON_FEE}})
    desk = make_desk(cfg, name="evening.tdesk")
    ana = register(desk, "Ana Silva", email=EMAIL, phone=PHONE, member_id=MEMBER)
    buy_in(desk, ana, payment="voucher")
    entries = seat_players(desk, 9, payment="transfer")
    start(desk)
    clock.advance(minutes=3)
    desk.execute({"type": "penalty", "entry": entries[0], "minutes": 1, "reason": REASONS[1]})
    desk.execute({"type": "remove", "entry": entries[1], "reason": REASONS[0], "chips": 0})
    desk.execute({"type": "bust", "entry": entries[2], "by": [table_mate(desk, entries[2])]})
    desk.execute({"type": "chips_removed", "amount": 25, "reason": REASONS[2]})
    for e in desk.snapshot()["entries"]:
        if e["owed"]:
            desk.execute({"type": "pay", "entry": e["id"], "payment": "transfer"})
    penalised = entries[0]
    pusher = Pusher(desk.path, site.url, site.token)
    assert pusher.step().state == "synced"
    pusher.close()

    # and a careless client that sends the private fields anyway
    careless = make_desk(cfg, name="careless.tdesk")
    bob = register(careless, "Bob", email=EMAIL, phone=PHONE, member_id=MEMBER)
    buy_in(careless, bob, payment="voucher")
    sent = [{**e, "payload": stored.payload} for e, stored in zip(wire(careless), careless.events(), strict=True)]
    r = httpx.post(f"{site.url}/api/v1/tournaments/{careless.state.tournament_id}/events",
                   json=batch_body(careless.state.tournament_id, sent),
                   headers={"Authorization": f"Bearer {site.token}"}, timeout=30)
    assert r.status_code == 200, r.text

    values = every_value(site.db)
    text = "\n".join(values)
    assert "Ana Silva" in text and "Bob" in text  # names are public, and they are there
    for marker in (EMAIL, PHONE, MEMBER, *REASONS, '"voucher"', '"transfer"', '"drawer"', '"owed"'):
        assert marker not in text, marker
    for fee in (BUY_IN_FEE, ADD_ON_FEE):
        assert not re.search(rf"(?<!\d){fee}(?!\d)", text), fee
    conn = sqlite3.connect(f"{site.db.resolve().as_uri()}?mode=ro", uri=True)
    try:
        kept = {kind: [json.loads(p) for (p,) in conn.execute("SELECT payload FROM events WHERE type = ?", (kind,))]
                for kind in ("penalty_given", "paid", "entry_removed")}
    finally:
        conn.close()
    assert kept["penalty_given"] == [{}]  # a penalty happened; who got it stays in the room
    assert kept["paid"] and all(p == {} for p in kept["paid"])  # and what was paid, and how
    assert all("reason" not in p for p in kept["entry_removed"])
    assert penalised not in json.dumps(kept["penalty_given"])
