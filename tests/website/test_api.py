"""The sync API of a real tourneysite: what the desktop pushes, what it is answered, what is kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.website import SiteServer, batch_body, create_token, every_byte, public_json, push, query, wire
from tourneydesk import sim
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneysite import results

PRIVATE = ("ana@example.org", "+44 7700 900123", "M-4471", "voucher", "transfer", "swore at the dealer")


def events_url(tournament_id: str) -> str:
    return f"/api/v1/tournaments/{tournament_id}/events"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def stored_rows(db_url: str) -> int:
    return int(query(db_url, "SELECT count(*) FROM events")[0][0])


@pytest.fixture
def small_desk(make_desk: Any, clock: FakeClock) -> Desk:
    """A PKO with private details in it: contact fields, vouchers and transfers, a penalty's reason."""
    desk: Desk = make_desk(PKO_CONFIG)
    ana = desk.execute({"type": "register", "name": "Ana Silva", "email": "ana@example.org",
                        "phone": "+44 7700 900123", "member_id": "M-4471"})["player"]
    desk.execute({"type": "buy_in", "player": ana, "payment": "voucher", "present": True})
    entries = seat_players(desk, 5, payment="transfer")
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=3)
    desk.execute({"type": "penalty", "entry": entries[0], "minutes": 1, "reason": "swore at the dealer"})
    desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    winner = next(e["id"] for e in desk.snapshot()["entries"] if e["bounty_won"])
    desk.execute({"type": "pay", "entry": winner, "payment": "transfer"})
    return desk


def test_a_sim_tournament_pushed_in_batches_reads_back_as_the_laptops_public_snapshot(
        tmp_path: Path, site: SiteServer, http: httpx.Client, token: str, site_clock: FakeClock, db_url: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(results, "CHECKPOINT_EVERY", 100)  # a restart then reads a checkpoint and a tail
    path = tmp_path / "sim.tdesk"
    sim.run(60, 3, "pko", path)
    desk = Desk.open(path, now=site_clock)
    try:
        events = wire(desk)
        site_clock.t = events[-1]["at"] + 45  # the site hears the last batch now: its news is fresh
        tournament_id = desk.state.tournament_id
        receipts = push(http, token, tournament_id, events[:-3], batch=97) + push(http, token, tournament_id,
                                                                                   events[-3:])
        assert receipts[-1]["acked_seq"] == desk.seq
        assert sum(r["stored"] for r in receipts) == len(events)
        expected = snapshot.public(desk.snapshot(now=site_clock()))
        assert public_json(http.get(f"/api/v1/tournaments/{tournament_id}")) == expected
        assert query(db_url, "SELECT seq FROM checkpoints")[0][0] < desk.seq
        site.restart()  # a new process: the checkpoint and the tail, read back from the database
        with httpx.Client(base_url=site.url) as again:
            assert public_json(again.get(f"/api/v1/tournaments/{tournament_id}")) == expected
            assert again.get(f"/api/v1/tournaments/{tournament_id}/acked", headers=bearer(token)).json() \
                == {"acked_seq": desk.seq, "hash": events[-1]["hash"]}
    finally:
        desk.close()


def test_the_site_follows_a_live_tournament_batch_by_batch(small_desk: Desk, http: httpx.Client, token: str,
                                                           clock: FakeClock, site_clock: FakeClock) -> None:
    desk = small_desk
    tid = desk.state.tournament_id
    push(http, token, tid, wire(desk))
    sent = desk.seq
    desk.execute({"type": "undo"})  # the payment, undone
    entry = next(e for e in desk.snapshot()["entries"] if e["status"] == "busted")
    desk.execute({"type": "buy_in", "player": entry["player"], "payment": "cash", "present": True})
    clock.advance(minutes=2)
    site_clock.t = clock.t
    receipt = push(http, token, tid, wire(desk, after=sent))[-1]
    assert receipt == {"acked_seq": desk.seq, "stored": desk.seq - sent, "duplicates": 0}
    assert public_json(http.get(f"/api/v1/tournaments/{tid}")) == snapshot.public(desk.snapshot())


def test_a_repeated_batch_gets_the_same_receipt_and_is_stored_once(
        small_desk: Desk, http: httpx.Client, token: str, db_url: str) -> None:
    tid = small_desk.state.tournament_id
    events = wire(small_desk)
    first = push(http, token, tid, events)[-1]
    again = push(http, token, tid, events)[-1]
    assert first == {"acked_seq": len(events), "stored": len(events), "duplicates": 0}
    assert again == {"acked_seq": len(events), "stored": 0, "duplicates": len(events)}
    assert stored_rows(db_url) == len(events)
    overlapping = push(http, token, tid, events[-3:])[-1]
    assert overlapping == {"acked_seq": len(events), "stored": 0, "duplicates": 3}


def test_a_gap_is_refused_with_the_seq_the_site_expects(small_desk: Desk, http: httpx.Client, token: str,
                                                        db_url: str) -> None:
    tid = small_desk.state.tournament_id
    events = wire(small_desk)
    push(http, token, tid, events[:5])
    r = http.post(events_url(tid), json=batch_body(tid, events[7:]), headers=bearer(token))
    assert r.status_code == 409
    assert r.json() == {"error": "gap", "expected_seq": 6, "acked_seq": 5}
    assert stored_rows(db_url) == 5


def test_a_different_event_under_a_stored_seq_is_a_conflict(small_desk: Desk, http: httpx.Client,
                                                            token: str) -> None:
    tid = small_desk.state.tournament_id
    events = wire(small_desk)
    push(http, token, tid, events)
    forged = json.loads(json.dumps(events[1]))
    forged["payload"]["name"] = "Someone Else"
    r = http.post(events_url(tid), json=batch_body(tid, [forged]), headers=bearer(token))
    assert r.status_code == 409
    assert r.json()["error"] == "conflict" and r.json()["seq"] == 2


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer not-a-token"}, {"Authorization": "Basic abc"}])
def test_a_missing_or_wrong_token_is_refused_and_nothing_stored(
        small_desk: Desk, http: httpx.Client, token: str, db_url: str, headers: dict[str, str]) -> None:
    tid = small_desk.state.tournament_id
    r = http.post(events_url(tid), json=batch_body(tid, wire(small_desk)), headers=headers)
    assert r.status_code == 401
    assert r.json()["error"] == "unauthorized"
    assert stored_rows(db_url) == 0
    assert http.get(f"/api/v1/tournaments/{tid}").status_code == 404
    assert http.get(f"/api/v1/tournaments/{tid}/acked", headers=headers).status_code == 401


def test_another_venues_tournament_is_forbidden(small_desk: Desk, http: httpx.Client, token: str,
                                                db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    tid = small_desk.state.tournament_id
    events = wire(small_desk)
    push(http, token, tid, events[:4])
    rival = create_token(db_url, "Rival Club", capsys)
    r = http.post(events_url(tid), json=batch_body(tid, events[4:]), headers=bearer(rival))
    assert r.status_code == 403
    assert r.json()["error"] == "forbidden"
    assert http.get(f"/api/v1/tournaments/{tid}/acked", headers=bearer(rival)).status_code == 403
    assert http.get(f"/api/v1/tournaments/{tid}/acked", headers=bearer(token)).json() == \
        {"acked_seq": 4, "hash": events[3]["hash"]}
    assert stored_rows(db_url) == 4


def test_an_oversized_body_gets_413(small_desk: Desk, http: httpx.Client, token: str, db_url: str) -> None:
    tid = small_desk.state.tournament_id
    padding = "x" * (9 * 1024 * 1024)
    events = wire(small_desk)
    events[0]["payload"]["padding"] = padding
    r = http.post(events_url(tid), json=batch_body(tid, events), headers=bearer(token))
    assert r.status_code == 413
    assert r.json()["error"] == "too_large"
    assert stored_rows(db_url) == 0


Z = "0" * 64
H = '"hash": "' + "a" * 64 + '"'


def body(events: str, after: int = 0) -> bytes:
    return ('{"after": ' + str(after) + ', "prev": "' + Z + '", "events": [' + events + "]}").encode()


@pytest.mark.parametrize(("body", "status", "detail"), [
    (b"{not json", 400, ""),
    (b'{"events": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", 400, "nested too deeply"),
    (body(f'{{"seq": 1, "type": "tournament_created", "at": NaN, "payload": {{}}, {H}}}'), 400, "NaN"),
    (b'[1, 2]', 422, '{"events": [...]'),
    (b'{"events": "all of them"}', 422, '{"events": [...]'),
    (b'{"events": []}', 422, "after"),
    (b'{"events": [], "after": 0, "prev": "x"}', 422, "prev"),
    (b'{"events": [], "after": 0, "prev": "%s", "colour": 1}' % Z.encode(), 422, "colour"),
    (body(f'{{"seq": "1", "type": "busted", "at": 1.0, "payload": {{}}, {H}}}'), 422, "seq"),
    (body(f'{{"seq": 1, "type": "jackpot", "at": 1.0, "payload": {{}}, {H}}}'), 422, "jackpot"),
    (body('{"seq": 1, "type": "busted", "at": 1.0, "payload": []}'), 422, "hash"),
    (body(f'{{"seq": 1, "type": "busted", "at": 1.0, "payload": [], {H}}}'), 422, "payload"),
    (body(f'{{"seq": 1, "type": "busted", "at": 1.0, "payload": {{}}, {H}}}'), 422, "payload.entry is missing"),
    (body(f'{{"seq": 1, "type": "busted", "at": 1.0, "payload": {{"entry": "e1", "by": []}}, {H}}}'), 422,
     "tournament_created"),
    (body('{"seq": 1, "type": "tournament_created", "at": 1.0, "payload": {"tournament_id": "t-1", '
          f'"config": {{"name": ""}}}}, {H}}}'), 422, "cannot be applied"),
    (body(f'{{"seq": 2, "type": "table_opened", "at": 1.0, "payload": {{"table": 1}}, {H}}}', after=1), 409, ""),
])
def test_a_malformed_body_gets_a_clear_4xx(http: httpx.Client, token: str, db_url: str, body: bytes,
                                           status: int, detail: str) -> None:
    r = http.post(events_url("t-1"), content=body, headers={**bearer(token), "Content-Type": "application/json"})
    assert r.status_code == status
    assert set(r.json()) >= ({"error", "detail"} if status != 409 else {"error", "expected_seq"})
    assert detail in r.json().get("detail", "")
    assert stored_rows(db_url) == 0


def test_more_than_500_events_in_a_batch_is_refused(small_desk: Desk, http: httpx.Client, token: str) -> None:
    events = [{"seq": i, "type": "table_opened", "at": 1.0, "payload": {"table": 1}} for i in range(1, 502)]
    r = http.post(events_url(small_desk.state.tournament_id), json=batch_body("t", events), headers=bearer(token))
    assert r.status_code == 422
    assert "500" in r.json()["detail"]


def test_no_private_value_reaches_the_sites_database(small_desk: Desk, site: SiteServer, http: httpx.Client,
                                                     token: str, db_url: str, site_db: Path) -> None:
    tid = small_desk.state.tournament_id
    events = wire(small_desk)
    # A careless client sends the private fields anyway: the site makes every event public again.
    private_events = [{**e, "payload": p} for e, p in zip(events, (ev.payload for ev in small_desk.events()),
                                                          strict=True)]
    push(http, token, tid, private_events)
    assert http.get(f"/api/v1/tournaments/{tid}").json()["seq"] == small_desk.seq
    site.stop()
    data = every_byte(db_url, site_db)
    assert b"Ana Silva" in data  # the names are public, and they are there
    for value in PRIVATE:
        assert value.encode() not in data, value


def test_the_token_is_stored_only_as_a_hash(db_url: str, site_db: Path, token: str) -> None:
    stored = [row[0] for row in query(db_url, "SELECT token_hash FROM tokens")]
    assert len(stored) == 1 and token not in stored[0]
    assert token.encode() not in every_byte(db_url, site_db)


def test_a_batch_with_an_event_that_cannot_apply_stores_none_of_it(
        small_desk: Desk, http: httpx.Client, token: str, db_url: str, clock: FakeClock,
        site_clock: FakeClock) -> None:
    tid = small_desk.state.tournament_id
    events = wire(small_desk)
    push(http, token, tid, events[:8])
    bad = json.loads(json.dumps(events[8:]))
    bad[-1] = {**bad[-1], "type": "busted", "payload": {"entry": "e404", "by": [], "awards": []}}
    r = http.post(events_url(tid), json=batch_body(tid, bad), headers=bearer(token))
    assert r.status_code == 422
    assert r.json()["error"] == "invalid_event" and r.json()["seq"] == bad[-1]["seq"]
    assert stored_rows(db_url) == 8
    site_clock.t = clock.t
    assert push(http, token, tid, events[8:])[-1]["acked_seq"] == small_desk.seq
    assert public_json(http.get(f"/api/v1/tournaments/{tid}")) == snapshot.public(small_desk.snapshot())


def test_a_tournament_id_ending_in_a_newline_is_no_tournament(small_desk: Desk, http: httpx.Client, token: str,
                                                              db_url: str) -> None:
    """`$` matches before a trailing newline: "t-1\\n" would be stored as a tournament beside "t-1"."""
    tid = small_desk.state.tournament_id
    events = json.loads(json.dumps(wire(small_desk)))
    events[0]["payload"]["tournament_id"] = tid + "\n"
    r = http.post(events_url(f"{tid}%0A"), json=batch_body(tid, events), headers=bearer(token))
    assert r.status_code == 404 and r.json()["detail"] == "no such tournament"
    assert stored_rows(db_url) == 0


def test_the_first_buy_in_at_a_table_refunded_after_others_sat_there_reads_the_same_on_the_site(
        make_desk: Any, http: httpx.Client, token: str) -> None:
    """The cashier's refund of the buy-in that opened table 1, once two more players sat there: the site folds
    the log again without the opening (their seats open the table) and shows what the laptop shows."""
    desk = make_desk(PKO_CONFIG)
    bought = []
    for name in ("Ana Silva", "Bruno Petit", "Chloé Durand"):
        player = desk.execute({"type": "register", "name": name})["player"]
        bought.append(desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True}))
    tid = desk.state.tournament_id
    push(http, token, tid, wire(desk))
    sent = desk.seq
    desk.execute({"type": "undo", "seq": bought[0]["seq"]})
    receipt = push(http, token, tid, wire(desk, after=sent))[-1]
    assert receipt["acked_seq"] == desk.seq
    assert public_json(http.get(f"/api/v1/tournaments/{tid}")) == snapshot.public(desk.snapshot())
