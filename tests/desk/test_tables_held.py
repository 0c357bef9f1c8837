"""Tables held while late registration is open (issue 28, item 7): a house that sets
`seating.hold_tables_during_registration` sees no table break before registration closes (the plan
balances instead), so a table broken at 45 players does not reopen three re-entries later."""

from __future__ import annotations

from collections.abc import Callable

from tests.helpers.clock import FakeClock
from tests.helpers.configs import REGISTRATION_MINUTES, config
from tests.helpers.desks import bust_down_to, seat_players, start
from tourneydesk.desk import Desk


def three_tables_that_fit_on_two(make_desk: Callable[..., Desk], hold: bool) -> Desk:
    desk = make_desk(config(seating={"seats_per_table": 9, "tables": 6, "hold_tables_during_registration": hold}))
    seat_players(desk, 24)  # three tables of 9, 9, 6
    start(desk)
    bust_down_to(desk, 17)  # 17 fit at two tables of 9
    return desk


def kinds(desk: Desk) -> list[str]:
    return [step["kind"] for step in desk.plan()]


def test_without_the_setting_a_table_breaks_during_late_registration(make_desk: Callable[..., Desk]) -> None:
    desk = three_tables_that_fit_on_two(make_desk, hold=False)
    assert desk.snapshot()["clock"]["registration_open"] and kinds(desk)[0] == "break_table"


def test_with_the_setting_no_table_breaks_until_registration_closes(make_desk: Callable[..., Desk],
                                                                    clock: FakeClock) -> None:
    desk = three_tables_that_fit_on_two(make_desk, hold=True)
    assert desk.snapshot()["clock"]["registration_open"]
    assert "break_table" not in kinds(desk)
    clock.advance(minutes=REGISTRATION_MINUTES)
    assert not desk.snapshot()["clock"]["registration_open"] and kinds(desk)[0] == "break_table"
