"""Whatever the players type at the cashier (their email, their phone) and however they pay, none of it
reaches the players' view: a property over random registrations, sales and payouts."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG, config
from tourneydesk.desk import Desk
from tourneydesk.lan.view import ViewBuilder, find_seat

SECRET = st.text(alphabet="qxzjkw0123456789@+", min_size=8, max_size=16)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(people=st.lists(st.tuples(SECRET, SECRET, st.sampled_from(["card", "transfer", "voucher", "comp"])),
                       min_size=2, max_size=6))
def test_no_contact_detail_or_payment_method_reaches_the_players_view(tmp_path_factory: object,
                                                                       people: list[tuple[str, str, str]]) -> None:
    folder: Path = tmp_path_factory.mktemp("privacy")  # type: ignore[attr-defined]
    clock = FakeClock()
    with Desk.create(folder / "t.tdesk", config(PKO_CONFIG), now=clock, seed=1) as desk:
        entries = []
        for i, (email, phone, method) in enumerate(people):
            player = desk.execute({"type": "register", "name": f"Player {i}", "email": f"{email}@mail",
                                   "phone": phone, "member_id": f"M-{email}"})["player"]
            entries.append(desk.execute({"type": "buy_in", "player": player, "payment": method,
                                         "present": True})["entry"])
        desk.execute({"type": "clock", "action": "start"})
        table = {e: desk.state.entries[e].table for e in entries}
        mates = [e for e in entries if table[e] == table[entries[0]]]
        if len(mates) >= 2:
            desk.execute({"type": "bust", "entry": mates[1], "by": [mates[0]]})
            desk.execute({"type": "pay", "entry": mates[0], "payment": people[0][2]})
        now_ms = desk.now_ms()
        view = ViewBuilder().build(desk.snapshot(), now_ms, remaining_ms=desk.clock_now(now_ms / 1000)["remaining_ms"],
                                   winner=desk.winner())
        shown = json.dumps(view.sections) + json.dumps(find_seat(view.seats, "player"))
    for email, phone, method in people:
        assert email not in shown and phone not in shown and method not in shown
    for word in ("fee", "drawer", "owed", "paid", "email", "phone", "member"):
        assert word not in shown
