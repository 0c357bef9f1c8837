"""Points-only events (docs/config.md: points_only): a league night with no money at all. No buy-in, no
drawer, no bounty, no payouts; places (and the league's points from them) only. Old files, which never
say `points_only`, read and show as they always did."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers.clock import FakeClock
from tests.helpers.configs import BASE_CONFIG, REGISTRATION_MINUTES, config
from tests.helpers.desks import refused, register, start, table_mate
from tourneydesk.core.config import parse_config
from tourneydesk.core.protocol.errors import ConfigError
from tourneydesk.desk import Desk


def points_only(**changes: object) -> dict[str, object]:
    cfg = config(name="Ligue du jeudi", points_only=True, **changes)
    del cfg["buy_in"]  # nothing to pay: the buy-in need not be written at all
    return cfg


def test_a_points_only_config_needs_no_buy_in_and_says_so_in_its_recorded_dict() -> None:
    parsed = parse_config(points_only())
    assert parsed.points_only and parsed.buy_in.total == 0
    assert parsed.to_dict()["points_only"] is True
    assert parse_config(parsed.to_dict()) == parsed
    assert "points_only" not in parse_config(BASE_CONFIG).to_dict()  # every other file's config is as it was


@pytest.mark.parametrize(("changes", "field"), [
    ({"buy_in": {"prize": 1000}}, "buy_in.prize"),
    ({"reentry": {"price": {"fee": 200}}}, "reentry.price.fee"),
    ({"payouts": {"added": 5000}}, "payouts.added"),
    ({"payouts": {"guarantee": 5000}}, "payouts.guarantee"),
])
def test_any_money_in_a_points_only_config_is_refused_naming_the_field(changes: dict[str, object],
                                                                       field: str) -> None:
    with pytest.raises(ConfigError) as info:
        parse_config({**points_only(), **changes})
    assert info.value.params["field"] == field and info.value.params["rule"] == "points_only"


def test_a_points_only_night_takes_no_money_and_pays_no_prize(make_desk: Callable[..., Desk],
                                                               clock: FakeClock) -> None:
    desk = make_desk(points_only())
    players = [register(desk, name) for name in ("Ana", "Ben", "Chloé", "Dan")]
    refused(desk, {"type": "buy_in", "player": players[0], "payment": "cash", "present": True}, "NO_MONEY")
    entries = [desk.execute({"type": "buy_in", "player": p, "present": True})["entry"] for p in players]
    snap = desk.snapshot()
    assert snap["tournament"]["points_only"] is True
    assert snap["money"]["collected"] == snap["money"]["prize_pool"] == 0 and snap["money"]["drawer"] == {}
    assert snap["payouts"] == []
    start(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    for out in entries[:3]:
        desk.execute({"type": "bust", "entry": out, "by": [table_mate(desk, out)]})
    snap = desk.snapshot()
    assert snap["tournament"]["status"] == "finished"
    assert sorted(e["place"] for e in snap["entries"]) == [1, 2, 3, 4]
    assert all(e["prize"] == 0 and e["owed"] == 0 for e in snap["entries"])
    assert all(row["amount"] == 0 for row in desk.ledger())
    refused(desk, {"type": "pay", "entry": entries[3], "payment": "cash"}, "NOTHING_OWED")


def test_a_re_entry_in_a_points_only_night_is_free_too(make_desk: Callable[..., Desk]) -> None:
    desk = make_desk(points_only(reentry={"max": 1}))
    ana, ben, cleo = (register(desk, name) for name in ("Ana", "Ben", "Cleo"))
    first = [desk.execute({"type": "buy_in", "player": p, "present": True})["entry"] for p in (ana, ben, cleo)]
    start(desk)
    desk.execute({"type": "bust", "entry": first[0], "by": [table_mate(desk, first[0])]})
    again = desk.execute({"type": "buy_in", "player": ana, "present": True})
    assert again["reentry"] and again["price"] == {"prize": 0, "bounty": 0, "fee": 0}
    assert desk.snapshot()["money"]["drawer"] == {}
