"""The website folds only the public events, with the desktop's own core: its public snapshot must be
the laptop's, whatever the tournament went through (re-entries, undo, penalties, deals, payments)."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import sample_log
from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tests.helpers.desks import seat_players, table_mate
from tourneydesk import sim
from tourneydesk.core import engine
from tourneydesk.core.config import parse_config
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.protocol.payload_fields import Shape
from tourneydesk.core.protocol.public import (
    PUBLIC_FIELDS,
    SHAPES,
    fold_public,
    public_config,
    public_event,
    public_events,
    with_command_seqs,
)
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneydesk.lan.view import ViewBuilder
from tourneysite import validation

PRIVATE_VALUES = ("ana@example.org", "+44 7700 900123", "M-4471", "voucher", "transfer")


def site_view(desk: Desk, now: float) -> dict[str, Any]:
    """What the website shows: the public events alone, folded, and their public snapshot."""
    events = public_events(desk.events())
    state = fold_public(with_command_seqs(events))
    return snapshot.public(snapshot.snapshot(state, desk.seq, round(now * 1000)))


def laptop_view(desk: Desk, now: float) -> dict[str, Any]:
    return snapshot.public(desk.snapshot(now=now))


def test_every_event_the_core_writes_has_decided_public_fields() -> None:
    assert set(engine.APPLY) | {"tournament_created"} == set(PUBLIC_FIELDS)


def test_the_public_config_reads_back_without_the_house_fee() -> None:
    cfg = config(PKO_CONFIG, add_on={"at_break_after_level": 2, "chips": 10000, "price": {"fee": 500}},
                 rebuy={"until_level": 2, "max_stack": 20000, "chips": 20000})
    public = public_config(parse_config(cfg).to_dict())
    parsed = parse_config(public)
    assert parsed.buy_in.fee == 0 and parsed.buy_in.prize == PKO_CONFIG["buy_in"]["prize"]
    assert parsed.rebuy is not None and parsed.rebuy.price.fee == 0
    assert parsed.add_on is not None and parsed.add_on.price.total == 1  # all fee: the house's, a token left


def test_an_unknown_event_leaves_with_nothing() -> None:
    assert public_event("loyalty_points", {"email": "ana@example.org", "points": 3}) == {}


def secrets_in_private_fields(s: Shape, payload: Any, secrets: list[str]) -> Any:
    """`payload` with every text its declaration marks private (at any depth) replaced by a new secret."""
    if isinstance(payload, dict) and s.fields | dict.fromkeys(s.private, None):
        out = {}
        for key, value in payload.items():
            if key in s.private:
                out[key] = every_text_secret(value, secrets)
            elif key in s.fields:
                out[key] = secrets_in_private_fields(s.fields[key][0], value, secrets)
            else:
                out[key] = value
        return out
    if isinstance(payload, list) and s.items is not None:
        return [secrets_in_private_fields(s.items, item, secrets) for item in payload]
    return payload


def every_text_secret(value: Any, secrets: list[str]) -> Any:
    if isinstance(value, str) and not re.fullmatch(r"[ep]\d+", value):  # an id stays: the laptop folds by it
        secrets.append(f"SECRET{len(secrets)}")
        return secrets[-1]
    if isinstance(value, dict):
        return {k: every_text_secret(v, secrets) for k, v in value.items()}
    if isinstance(value, list):
        return [every_text_secret(v, secrets) for v in value]
    return value


def test_no_private_field_of_any_event_reaches_a_public_output() -> None:
    """Whatever a private field holds, declared private where its payload is declared, it reaches none of
    what leaves the laptop: the sync's copy of the event, the site's check and fold of it (as an older
    laptop may send it whole), the public snapshot the phones are served, the players' pages. The evening
    and the event's files write every event type there is (`tests/helpers/sample_log.py`)."""
    secrets: list[str] = []
    kinds: set[str] = set()
    kept, leaked = False, []
    for log in sample_log.logs():
        events = [replace(e, payload=secrets_in_private_fields(SHAPES[e.type], e.payload, secrets)) for e in log]
        kinds |= {e.type for e in events}
        now_ms = events[-1].at_ms + 60_000
        laptop = snapshot.snapshot(engine.fold(events), events[-1].seq, now_ms)
        site = [replace(e, payload=validation.check_payload(e.type, e.payload)) for e in events]
        page = ViewBuilder().build(laptop, now_ms, remaining_ms=0, winner=None)
        public = json.dumps({"sent": [public_event(e.type, e.payload) for e in events],
                             "site": [e.payload for e in site],
                             "site_snapshot": snapshot.public(snapshot.snapshot(fold_public(site), events[-1].seq,
                                                                                now_ms)),
                             "laptop_snapshot": snapshot.public(laptop),
                             "page": [page.sections, [dataclasses.asdict(seat) for seat in page.seats]]})
        kept = kept or "SECRET" in json.dumps(laptop)  # the laptop itself keeps them (its contacts, its reasons)
        leaked += [secret for secret in secrets if secret in public]
    assert kinds == set(SHAPES) and len(secrets) > 30
    assert kept
    assert leaked == []


def test_no_private_field_reaches_the_public_snapshot_at_any_moment_of_the_evening() -> None:
    """What the phones are served after every event, not only at the end: a private fact held by something
    the evening later closes (a table broken, a penalty served, an entry out) is public while it lasts."""
    secrets: list[str] = []
    events = [replace(e, payload=secrets_in_private_fields(SHAPES[e.type], e.payload, secrets))
              for e in sample_log.events()]
    shown = []
    for end in range(1, len(events) + 1):
        now_ms = events[end - 1].at_ms
        laptop = snapshot.snapshot(engine.fold(events[:end]), events[end - 1].seq, now_ms)
        page = ViewBuilder().build(laptop, now_ms, remaining_ms=0, winner=None)
        public = json.dumps([snapshot.public(laptop), page.sections, [dataclasses.asdict(s) for s in page.seats]])
        shown += [(events[end - 1].type, secret) for secret in secrets if secret in public]
    assert shown == []


def test_a_whole_sim_tournament_folds_to_the_laptops_public_snapshot(tmp_path: Path) -> None:
    path = tmp_path / "sim.tdesk"
    report = sim.run(40, 7, "pko", path)
    assert all(report["invariants"].values())
    desk = Desk.open(path, now=FakeClock())
    try:
        kinds = {e.type for e in desk.events()}
        assert {"busted", "paid", "moved", "chips_removed", "tournament_finished"} <= kinds
        assert any(e.payload.get("reentry") for e in desk.events())
        now = desk.events()[-1].at_ms / 1000 + 30
        assert site_view(desk, now) == laptop_view(desk, now)
    finally:
        desk.close()


def test_contact_details_payments_notes_and_fees_never_leave(make_desk: Any, clock: FakeClock) -> None:
    desk = make_desk(config(PKO_CONFIG, sync={"url": "https://results.example-club.org"}))
    ana = desk.execute({"type": "register", "name": "Ana Silva", "email": "ana@example.org",
                        "phone": "+44 7700 900123", "member_id": "M-4471"})["player"]
    entry = desk.execute({"type": "buy_in", "player": ana, "payment": "voucher", "present": True})["entry"]
    others = seat_players(desk, 3, payment="transfer")
    desk.execute({"type": "clock", "action": "start"})
    desk.execute({"type": "penalty", "entry": entry, "minutes": 1, "reason": "swore at the dealer"})
    desk.execute({"type": "disqualify", "entry": others[0], "reason": "collusion with Bob", "chips": 20000})
    desk.execute({"type": "bust", "entry": others[1], "by": [table_mate(desk, others[1])]})
    owed = [e["id"] for e in desk.snapshot()["entries"] if e["bounty_won"]]
    desk.execute({"type": "pay", "entry": owed[0], "payment": "transfer"})
    sent = json.dumps([public_event(e.type, e.payload) for e in desk.events()])
    for value in (*PRIVATE_VALUES, "swore at the dealer", "collusion", "example-club", '"fee"', '"amount"'):
        assert value not in sent
    assert site_view(desk, clock()) == laptop_view(desk, clock())


def test_undo_deal_and_payments_fold_the_same(make_desk: Any, clock: FakeClock) -> None:
    desk = make_desk(PKO_CONFIG)
    entries = seat_players(desk, 6, payment="card")
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=5)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    desk.execute({"type": "undo"})  # the second bust was a mistake
    player = desk.snapshot()["entries"][0]["player"]
    desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})  # a re-entry
    desk.execute({"type": "undo", "seq": desk.seq})
    clock.advance(minutes=60)  # late registration over: the places are final
    desk.execute({"type": "penalty", "entry": entries[2], "hands": 2, "reason": "late"})
    live = [e["id"] for e in desk.snapshot()["entries"] if e["status"] == "active"]
    stacks = {e: 20000 + 1000 * i for i, e in enumerate(live)}
    desk.execute({"type": "deal", "method": "chip_chop", "stacks": stacks, "end": True, "order": live})
    for e in desk.snapshot()["entries"]:
        if not e["paid"]:
            desk.execute({"type": "pay", "entry": e["id"], "payment": "cash"})
    assert desk.snapshot()["tournament"]["status"] == "finished"
    assert any(e.type == "undone" for e in desk.events())
    assert site_view(desk, clock()) == laptop_view(desk, clock())


@st.composite
def sessions(draw: Any) -> list[tuple[str, int]]:
    steps = st.tuples(st.sampled_from(["bust", "reenter", "undo", "pay", "minutes", "pause", "resume", "penalty"]),
                      st.integers(0, 1000))
    return draw(st.lists(steps, min_size=5, max_size=40))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=sessions())
def test_any_session_folds_the_same_on_the_site(tmp_path: Path, steps: list[tuple[str, int]]) -> None:
    clock = FakeClock()
    path = tmp_path / f"h{len(list(tmp_path.iterdir()))}.tdesk"
    desk = Desk.create(path, PKO_CONFIG, now=clock, seed=len(steps))
    try:
        entries = seat_players(desk, 8, payment="voucher")
        desk.execute({"type": "clock", "action": "start"})
        for action, n in steps:
            with contextlib.suppress(TourneyError):  # a refused step writes nothing
                _step(desk, clock, action, n, entries)
            assert site_view(desk, clock()) == laptop_view(desk, clock())
    finally:
        desk.close()


def _step(desk: Desk, clock: FakeClock, action: str, n: int, entries: list[str]) -> None:
    snap = desk.snapshot()
    active = [e["id"] for e in snap["entries"] if e["status"] == "active"]
    if action == "bust" and len(active) > 1:
        victim = active[n % len(active)]
        desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    elif action == "reenter":
        out = [e["player"] for e in snap["entries"] if e["status"] == "busted"]
        if out:
            desk.execute({"type": "buy_in", "player": out[n % len(out)], "payment": "transfer", "present": True})
    elif action == "undo":
        desk.execute({"type": "undo"})
    elif action == "pay":
        owed = [e["id"] for e in snap["entries"] if not e["paid"]]
        if owed:
            desk.execute({"type": "pay", "entry": owed[n % len(owed)], "payment": "cash"})
    elif action == "minutes":
        clock.advance(minutes=n % 30)
    elif action in ("pause", "resume"):
        desk.execute({"type": "clock", "action": action})
    elif action == "penalty" and active:
        desk.execute({"type": "penalty", "entry": active[n % len(active)], "minutes": 1 + n % 5, "reason": "x"})
