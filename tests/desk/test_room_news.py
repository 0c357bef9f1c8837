"""The room is told for a minute who moves where after a break, a fill, a final-table draw or a balancing
move, and when the money is reached (issue 15, items 9 and 10)."""

from __future__ import annotations

from tests.helpers.clock import FakeClock
from tests.helpers.desks import seat_players, start, table_mate
from tourneydesk.desk import Desk


def bust_one(desk: Desk) -> None:
    """Someone with a table mate busts, by that table mate."""
    state = desk.state
    victim = next(e.id for e in state.entries.values() if e.status == "active" and e.table is not None
                  and sum(state.entries[m].status == "active" for m in state.tables[e.table].seats.values()) > 1)
    desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})


def news(desk: Desk, kind: str) -> list[dict]:
    return [n for n in desk.snapshot()["announcements"] if n["kind"] == kind]


def test_a_broken_table_tells_each_move_for_a_minute(make_desk, clock: FakeClock) -> None:
    desk: Desk = make_desk()
    entries = seat_players(desk, 19)  # tables of 9, 9 and 1
    start(desk)
    lonely = next(e for e in entries if len(desk.state.tables[desk.state.entries[e].table].seats) == 1)
    three = desk.state.entries[lonely].table
    victim = next(e for e in entries if e != lonely and desk.state.entries[e].table != three)
    desk.execute({"type": "bust", "entry": victim, "by": [table_mate(desk, victim)]})
    seat_before = desk.state.entries[lonely].seat
    answer = desk.execute({"type": "break_table", "table": three})
    move = answer["moves"][0]
    [told] = news(desk, "table_moves")
    assert told["how"] == "break" and told["table"] == three
    assert told["moves"] == [{"entry": lonely, "name": desk.state.entry_name(lonely), "from_table": three,
                              "from_seat": seat_before, "player": desk.state.entries[lonely].player,
                              "table": move["table"], "seat": move["seat"]}]
    assert told["text"] == f"Table {three} breaks: {desk.state.entry_name(lonely)} → table {move['table']} " \
                           f"seat {move['seat']}"
    clock.advance(seconds=59)
    assert news(desk, "table_moves")
    clock.advance(seconds=2)
    assert news(desk, "table_moves") == []  # its minute is over: no event needed to take it down
    path = desk.path
    desk.close()
    reopened = Desk.open(path, now=lambda: clock.t - 61)  # the file remembers it, replayed
    try:
        assert [n["kind"] for n in reopened.snapshot()["announcements"]].count("table_moves") == 1
    finally:
        reopened.close()


def test_a_move_the_td_chooses_alone_is_not_announced_but_a_plan_move_is(make_desk) -> None:
    desk: Desk = make_desk()
    entries = seat_players(desk, 12)
    start(desk)
    one = entries[0]
    other = next(t for t in desk.state.open_tables if t != desk.state.entries[one].table)
    seat = next(s for s in range(1, 10) if s not in desk.state.tables[other].seats)
    desk.execute({"type": "move", "entry": one, "table": other, "seat": seat})
    assert news(desk, "table_moves") == []
    back = desk.state.entries[entries[1]]
    table = next(t for t in desk.state.open_tables if t != back.table)
    free = next(s for s in range(1, 10) if s not in desk.state.tables[table].seats)
    desk.execute({"type": "move", "entry": back.id, "table": table, "seat": free, "balance": True})
    [told] = news(desk, "table_moves")
    assert told["how"] == "balance" and told["moves"][0]["entry"] == back.id


def test_hand_for_hand_on_the_bubble_ends_after_the_hand_in_the_money_and_the_room_is_told(make_desk,
                                                                                          clock: FakeClock) -> None:
    desk: Desk = make_desk()
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=51)  # registration closed: the field is known
    paid = len(desk.snapshot()["payouts"])
    while desk.state.live > paid + 1:
        bust_one(desk)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    bust_one(desk)  # the bubble bursts
    answer = desk.execute({"type": "hand_for_hand", "action": "next"})  # that hand is over everywhere
    assert answer["ended"] is True and desk.snapshot()["clock"]["hand_for_hand"] is False
    [told] = news(desk, "in_the_money")
    assert told["text"] == "In the money"


def test_a_player_moved_again_within_the_minute_is_sent_to_the_new_seat_only(make_desk, clock: FakeClock) -> None:
    """Met on a real evening: a balance sent Max Weber to table 2, the next balance brought him back, and
    the projector showed both seats at once."""
    desk: Desk = make_desk()
    entries = seat_players(desk, 12)
    start(desk)
    one, other = entries[0], entries[1]
    home = desk.state.entries[one].table

    def free_seat_away_from(table: int) -> tuple[int, int]:
        away = next(t for t in desk.state.open_tables if t != table)
        return away, next(s for s in range(1, 10) if s not in desk.state.tables[away].seats)

    table, seat = free_seat_away_from(home)
    desk.execute({"type": "move", "entry": other, "table": table, "seat": seat, "balance": True})
    table, seat = free_seat_away_from(home)
    desk.execute({"type": "move", "entry": one, "table": table, "seat": seat, "balance": True})
    clock.advance(seconds=10)
    back = next(s for s in range(1, 10) if s not in desk.state.tables[home].seats)
    desk.execute({"type": "move", "entry": one, "table": home, "seat": back, "balance": True})
    told = [(m["entry"], m["table"], m["seat"]) for n in news(desk, "table_moves") for m in n["moves"]]
    assert told.count((one, home, back)) == 1
    assert [t for t in told if t[0] == one] == [(one, home, back)]
    assert any(t[0] == other for t in told)  # the other player's move is still told
    # The TD moving a player alone is not announced, and the room stops showing the seat a balance gave.
    elsewhere, free = free_seat_away_from(home)
    desk.execute({"type": "move", "entry": one, "table": elsewhere, "seat": free})
    assert all(m["entry"] != one for n in news(desk, "table_moves") for m in n["moves"])
    assert "→" in news(desk, "table_moves")[0]["text"]


def test_the_first_level_of_the_night_is_not_announced_as_a_new_level(make_desk, clock: FakeClock) -> None:
    """"The new level applies from the next hand" is for a change of blinds: at the clock's start there is no
    level before it, and the room read it for the first minute of the evening."""
    desk: Desk = make_desk()
    seat_players(desk, 4)
    start(desk)
    clock.advance(seconds=5)
    assert news(desk, "new_level") == []
    desk.execute({"type": "clock", "action": "next"})
    clock.advance(seconds=5)
    assert len(news(desk, "new_level")) == 1
    clock.advance(seconds=60)
    assert news(desk, "new_level") == []


def test_the_bubble_bursting_without_hand_for_hand_is_told_to_the_room(make_desk, clock: FakeClock) -> None:
    """Met on a Friday night: the bubble burst at the final table (one table: no hand-for-hand), and the
    projector never said "In the money"."""
    desk: Desk = make_desk()
    seat_players(desk, 9)
    start(desk)
    clock.advance(minutes=51)  # registration closed: the field is known
    paid = len(desk.snapshot()["payouts"])
    while desk.state.live > paid + 1:
        bust_one(desk)
    assert news(desk, "in_the_money") == []
    bust_one(desk)  # the bubble bursts
    [told] = news(desk, "in_the_money")
    assert told["text"] == "In the money"
    bust_one(desk)  # the next one out is paid: nothing more to tell
    assert len(news(desk, "in_the_money")) == 1
    clock.advance(seconds=61)
    assert news(desk, "in_the_money") == []


def test_with_hand_for_hand_on_the_money_is_told_when_the_hand_is_over_not_at_the_bust(make_desk,
                                                                                       clock: FakeClock) -> None:
    desk: Desk = make_desk()
    seat_players(desk, 12)
    start(desk)
    clock.advance(minutes=51)
    paid = len(desk.snapshot()["payouts"])
    while desk.state.live > paid + 1:
        bust_one(desk)
    desk.execute({"type": "hand_for_hand", "action": "on"})
    bust_one(desk)
    assert news(desk, "in_the_money") == []  # another table may still be playing the hand
    desk.execute({"type": "hand_for_hand", "action": "next"})
    assert len(news(desk, "in_the_money")) == 1
