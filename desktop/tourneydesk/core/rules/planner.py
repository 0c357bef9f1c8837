"""The seating plan: what the rules ask the TD to do now, in the order a TD does it (docs/rules.md: seating).

1. form the final table, when the players left fit it (UPPS 4.2);
2. break a table, when the players left fit in one fewer (the break order; an empty table closes);
3. fill a table opened as the field grew (`open_table`);
4. balancing moves: from the biggest table, the player due the big blind next, to the worst position
   of the smallest (UPPS 4.5, TDA 11A), one at a time, each planned after the last; a move needs the
   button at both tables, and where the desk does not know it the plan asks (`needs_button`);
5. hand-for-hand, when the next bust is the bubble (UPPS 7.1, TDA RP-8), or reaches a pay jump the TD
   named (`seating.hand_for_hand_pay_jumps`);
then nothing.

The planner plays its steps on a `Layout`, the state's seating with the plan's own changes on top, so
that a read-only `plan` can list several moves and `balance` can apply them in one command without
copying a 25,000-entry state. A step that needs a random draw (a break, a final-table redraw, the
players who fill a new table) is listed by `plan` and drawn only by `balance`, which records the draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..arithmetic import money, positions, satellite, windows
from ..protocol.payloads import BreakMove, DrawnSeat, FillMove, FinalTableDrawn
from ..protocol.plan_steps import HandForHandStep, Step
from ..state import ABANDONED, ACTIVE, State

Draw = Callable[[int], int]  # randbelow


class Layout:
    """The seating the plan works on: the state's tables, changed copy-on-write by the plan's steps."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.seats_per_table = state.config.seating.seats_per_table
        self._seats: dict[int, dict[int, str]] = {}
        self._buttons: dict[int, int | None] = {}
        self._fresh: dict[int, bool] = {}
        self._closed: set[int] = set()
        self._table_of: dict[str, int] = {}
        self._by_count: dict[int, set[int]] | None = None
        self.final_table = state.final_table
        self.hand_for_hand = state.hand_for_hand
        self.moved: set[str] = set()  # entries moved by this plan: nobody moves twice in one go

    # -- reading -----------------------------------------------------------------------------------
    def seats(self, table: int) -> Mapping[int, str]:
        if table in self._seats:
            return self._seats[table]
        return self.state.tables[table].seats

    def count(self, table: int) -> int:
        return len(self.seats(table))

    def button(self, table: int) -> int | None:
        return self._buttons[table] if table in self._buttons else self.state.tables[table].button

    def fresh(self, table: int) -> bool:
        """Not dealt at yet: before the clock starts every table is; later, one opened as the field grew
        until its first bust or button. A fresh table is filled by a draw, not by big-blind moves."""
        if not self.state.clock.started:
            return table not in self._fresh
        return self._fresh[table] if table in self._fresh else self.state.tables[table].fresh

    def fresh_tables(self, count: int) -> list[int]:
        """The fresh tables with `count` players, lowest number first."""
        candidates = self.by_count.get(count, set())
        if self.state.clock.started:
            candidates = candidates & self.state.fresh_tables
        return sorted(t for t in candidates if self.fresh(t))

    def tables(self) -> list[int]:
        return [t for t in self.state.open_tables if t not in self._closed]

    def open_set(self) -> set[int]:
        """The open tables as a set, made without a Python loop over 2,500 of them at 25,000 entries (the
        state's tables are the open ones)."""
        return self.state.tables.keys() - self._closed

    @property
    def open_count(self) -> int:
        return len(self.state.open_tables) - len(self._closed)

    @property
    def by_count(self) -> dict[int, set[int]]:
        return self._by_count if self._by_count is not None else self.state.by_count

    def counts_present(self) -> list[int]:
        """The head counts that some open table has, smallest first."""
        return [c for c in range(self.seats_per_table + 1) if self.by_count.get(c)]

    def seated(self) -> int:
        """Everyone in a seat: players left, and abandoned stacks still blinded off (PKR4U 6)."""
        return self.state.live + self.state.abandoned_live

    def table_of(self, entry_id: str) -> int | None:
        return self._table_of[entry_id] if entry_id in self._table_of else self.state.entries[entry_id].table

    def barred(self, entry_id: str, table: int) -> bool:
        """PKR4U 6: an owner never sits at their abandoned stack's table, nor the stack at its owner's."""
        state = self.state
        entry = state.entries[entry_id]
        for other_id in state.players[entry.player].entries:
            if other_id == entry_id:
                continue
            other = state.entries[other_id]
            if other.status in (ACTIVE, ABANDONED) and self.table_of(other_id) == table \
                    and (other.status == ABANDONED or entry.status == ABANDONED):
                return True
        return False

    def constrained(self, entry_id: str) -> bool:
        """Whether PKR4U 6 bars this entry from some table: its person has an abandoned stack in play,
        or it is one."""
        state = self.state
        entry = state.entries[entry_id]
        return any(other_id != entry_id and state.entries[other_id].status in (ACTIVE, ABANDONED)
                   and ABANDONED in (entry.status, state.entries[other_id].status)
                   for other_id in state.players[entry.player].entries)

    def fork(self) -> Layout:
        """A copy to try steps on, leaving this one as it is."""
        other = Layout(self.state)
        other._seats = {t: dict(s) for t, s in self._seats.items()}
        other._buttons = dict(self._buttons)
        other._fresh = dict(self._fresh)
        other._closed = set(self._closed)
        other._table_of = dict(self._table_of)
        other._by_count = {c: set(ts) for c, ts in self._by_count.items()} if self._by_count is not None else None
        other.final_table, other.hand_for_hand = self.final_table, self.hand_for_hand
        other.moved = set(self.moved)
        return other

    # -- changing ----------------------------------------------------------------------------------
    def _own(self, table: int) -> dict[int, str]:
        if table not in self._seats:
            self._seats[table] = dict(self.state.tables[table].seats)
        if self._by_count is None:
            self._by_count = {c: set(ts) for c, ts in self.state.by_count.items()}
        return self._seats[table]

    def _recount(self, table: int, before: int) -> None:
        by_count = self.by_count
        if before in by_count:  # a closed table's count is in no set (and may be no key at all)
            by_count[before].discard(table)
        if table not in self._closed:
            by_count.setdefault(self.count(table), set()).add(table)

    def place(self, entry_id: str, table: int, seat: int) -> None:
        source = self.table_of(entry_id)
        if source is not None:
            seats = self._own(source)
            before = len(seats)
            for s, e in list(seats.items()):
                if e == entry_id:
                    del seats[s]
            self._recount(source, before)
        seats = self._own(table)
        before = len(seats)
        seats[seat] = entry_id
        self._recount(table, before)
        self._table_of[entry_id] = table
        self.moved.add(entry_id)

    def redraw(self, table: int, seats: dict[int, str], closed: list[int]) -> None:
        """The final table: everyone at `table` in the seats drawn, every other table closed."""
        for t in closed:
            self.close(t)
        own = self._own(table)
        before = len(own)
        own.clear()
        own.update(seats)
        self._recount(table, before)
        self._table_of.update((e, table) for e in seats.values())
        self.moved.update(seats.values())
        self.final_table = table

    def close(self, table: int) -> None:
        self._own(table)
        self.by_count[self.count(table)].discard(table)
        self._closed.add(table)

    def set_button(self, table: int, seat: int | None) -> None:
        self._buttons[table] = seat

    def filled(self, table: int) -> None:
        self._fresh[table] = False


# -- the policy --------------------------------------------------------------------------------------
def tolerance(state: State, open_tables: int) -> int | None:
    balance = state.config.seating.balance
    tol = balance.tolerance
    if balance.tighten and open_tables <= balance.tighten["tables_at_most"]:
        tight = balance.tighten["tolerance"]
        tol = tight if tol is None else min(tol, tight)
    return tol


def floor_applies(layout: Layout) -> bool:
    """PKR4U 13: never at the final table, nor at tables of six seats or fewer."""
    return layout.seats_per_table > 6 and layout.final_table is None and layout.open_count >= 2


def _first_in(order: tuple[int, ...], tables: set[int]) -> int | None:
    return next((t for t in order if t in tables), None)


def _smallest(layout: Layout, exclude: int | None = None) -> tuple[int, int] | None:
    for count in layout.counts_present():
        lowest = _lowest(layout.by_count[count], exclude)
        if lowest is not None:
            return count, lowest
    return None


def _biggest(layout: Layout, exclude: int | None = None) -> tuple[int, int] | None:
    for count in reversed(layout.counts_present()):
        lowest = _lowest(layout.by_count[count], exclude)
        if lowest is not None:
            return count, lowest
    return None


def _lowest(tables: set[int], exclude: int | None) -> int | None:
    """The lowest table number of `tables` but `exclude`, without copying a set of 2,000 tables to leave one out."""
    if exclude not in tables:
        return min(tables, default=None)
    return min((t for t in tables if t != exclude), default=None)


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def final_table_number(layout: Layout) -> int:
    """The table that breaks last in the break order hosts the final table."""
    open_tables = layout.open_set()
    return next(t for t in reversed(layout.state.config.seating.break_order) if t in open_tables)


# -- the steps ---------------------------------------------------------------------------------------
def next_steps(layout: Layout, now_ms: int) -> list[Step]:
    """The next step of the plan (two `needs_button` steps when a move lacks both buttons), or []."""
    held = layout.state.config.seating.hold_tables_during_registration and windows.registration_open(
        layout.state, now_ms)
    rules: tuple[Callable[[], list[Step]], ...] = (
        lambda: _final_table(layout), lambda: _break_table(layout, held), lambda: _open_table(layout),
        lambda: _move(layout))
    for rule in rules:
        steps = rule()
        if steps:
            return steps
    step = _hand_for_hand(layout, now_ms)
    return [step] if step else []


def _final_table(layout: Layout) -> list[Step]:
    size = layout.state.config.seating.final_table_size
    seated = layout.seated()
    if layout.final_table is not None or layout.open_count < 2 or seated > size:
        return []
    table = final_table_number(layout)
    return [{"kind": "final_table", "table": table, "players": seated,
             "why": {"code": "final_table", "players": seated, "size": size, "table": table},
             "reason": f"Final table: {_players(seated)} left fit at one table of {size}; "
                       f"redraw every seat at table {table}, with the button"}]


def _break_table(layout: Layout, held: bool) -> list[Step]:
    """`held`: the house holds tables from breaking while late registration is open (TD3's "no table
    breaks during late registration"), so that a table broken at 45 players does not reopen three
    re-entries later and move its players twice; an empty table still closes."""
    open_count = layout.open_count
    if open_count < 2:
        return []
    order = layout.state.config.seating.break_order
    empty = layout.by_count.get(0)
    if empty:
        # An empty table left out of the break order (taken out of seating.tables since) closes last.
        closing = _first_in(order, empty) or min(empty)
        return [{"kind": "break_table", "table": closing, "why": {"code": "table_empty", "table": closing},
                 "reason": f"Table {closing} is empty: close it"}]
    if held:
        return []
    seated, seats = layout.seated(), layout.seats_per_table
    # The last two tables never break into one: that is the final table's redraw, when they fit it.
    if open_count < 3 or seated > (open_count - 1) * seats:
        return []
    open_now = layout.open_set()
    table = next((t for t in order if t in open_now and _can_break(layout, t)), None)
    if table is None:
        return []
    return [{"kind": "break_table", "table": table,
             "why": {"code": "table_breaks", "table": table, "players": seated, "tables": open_count - 1},
             "reason": f"Table {table} breaks: {_players(seated)} fit on {open_count - 1} tables"}]


def _needs_players(layout: Layout, table: int, count: int, biggest: int) -> bool:
    """Whether a move onto this table would be asked for: below the floor, or out of tolerance."""
    if biggest - count < 2:
        return False  # a move would only swap which table is short
    if floor_applies(layout) and count <= layout.state.config.seating.balance.floor:
        return True
    tol = tolerance(layout.state, layout.open_count)
    return tol is not None and biggest - count > tol


def _open_table(layout: Layout) -> list[Step]:
    small = _smallest(layout)
    if small is None:
        return []
    for table in layout.fresh_tables(small[0]):  # only a shortest table takes players
        count = small[0]
        big = _biggest(layout, exclude=table)
        if big is not None and _needs_players(layout, table, count, big[0]):
            return [{"kind": "open_table", "table": table,
                     "why": {"code": "table_opens", "table": table, "players": count},
                     "reason": f"Table {table} opens with {_players(count)}: bring players from the "
                               f"fullest tables"}]
    return []


def _move(layout: Layout) -> list[Step]:
    if layout.open_count < 2:
        return []
    small, big = _smallest(layout), _biggest(layout)
    if small is None or big is None:
        return []
    (low, to_table), (high, from_table) = small, big
    if not _needs_players(layout, to_table, low, high):
        return []
    asks: list[Step] = [{"kind": "needs_button", "table": t, "why": {"code": "which_button", "table": t},
             "reason": f"Which seat has the button at table {t}?"}
            for t in dict.fromkeys((from_table, to_table)) if layout.button(t) is None]
    if asks:
        return asks
    seats = layout.seats(from_table)
    button = layout.button(from_table)
    assert button is not None
    for seat in positions.due_big_blind(seats, button, layout.seats_per_table):
        entry_id = seats[seat]
        entry = layout.state.entries[entry_id]
        # An abandoned stack never moves (PKR4U 6); the next player in line goes instead.
        if entry.status != ACTIVE or entry_id in layout.moved or layout.barred(entry_id, to_table):
            continue
        to_button = layout.button(to_table)
        assert to_button is not None
        target = positions.worst_position(layout.seats(to_table), to_button, layout.seats_per_table)
        if target is None:
            return []
        to_seat, waits = target
        name = layout.state.entry_name(entry_id)
        at_floor = floor_applies(layout) and low <= layout.state.config.seating.balance.floor
        why = (f"table {to_table} is down to {_players(low)}" if at_floor
               else f"table {from_table} has {high} and table {to_table} has {low}")
        return [{"kind": "move", "entry": entry_id, "from": {"table": from_table, "seat": seat},
                 "to": {"table": to_table, "seat": to_seat},
                 "waits": layout.state.config.seating.moved_player_waits if waits else None,
                 "why": {"code": "move_floor" if at_floor else "move_spread", "name": name,
                         "from_table": from_table, "from_seat": seat, "to_table": to_table, "to_seat": to_seat,
                         "from_players": high, "to_players": low},
                 "reason": f"Balance: {why}; {name} (big blind next) moves from table {from_table} "
                           f"seat {seat} to table {to_table} seat {to_seat}"}]
    return []


def places_paid(state: State) -> int:
    return money.paid_places(state)


def hand_for_hand_due(state: State, seated: int, open_tables: int, now_ms: int) -> dict[str, Any] | None:
    """Why the next bust calls for hand-for-hand (`code` "bubble", "pay_jump" or "final_table_next", and the
    counts), or None (UPPS 7.1, TDA RP-8)."""
    if state.status != "running" or open_tables < 2 or state.deal is not None:
        return None
    if windows.registration_open(state, now_ms):
        return None  # a bust is not final while players may still come in
    seats = satellite_seats(state)
    if seats and state.live == seats + 1:
        return {"code": "seat_bubble", "players": state.live, "seats": seats}
    paid = places_paid(state)
    if state.live == paid + 1:
        return {"code": "bubble", "players": state.live, "paid": paid}
    jump = next((j for j in state.config.seating.hand_for_hand_pay_jumps if state.live == j + 1 and j < paid), None)
    if jump is not None:
        return {"code": "pay_jump", "players": state.live, "jump": jump}
    if state.config.seating.hand_for_hand_before_final and seated == state.config.seating.final_table_size + 1:
        return {"code": "final_table_next", "players": seated}
    return None


def satellite_seats(state: State) -> int:
    """The seats a satellite's pool buys now; 0 in any other tournament."""
    config = state.config.satellite
    return satellite.seats(money.prize_pool(state), config) if config is not None else 0


def _hand_for_hand_text(why: dict[str, Any]) -> str:
    if why["code"] == "seat_bubble":
        return f"The next bust is the seat bubble: {_players(why['players'])} left, {why['seats']} seats"
    if why["code"] == "bubble":
        return f"The next bust is the bubble: {_players(why['players'])} left, {why['paid']} paid"
    if why["code"] == "pay_jump":
        return f"The next bust reaches the pay jump to {why['jump']} places: {_players(why['players'])} left"
    return f"The next bust forms the final table: {_players(why['players'])} left"


def first_hand(state: State) -> int:
    """The number of the first hand of hand-for-hand play about to begin: one after the last hand-for-hand hand
    anyone went out in, so that a bust of this session never joins the places of an earlier one (busts of one
    hand share their places, UPPS 7.2)."""
    last = state.out_groups[-1].hand if state.out_groups else None
    return 1 if last is None else last + 1


def bubble_burst(state: State) -> bool:
    """Everyone left is in the money (and, where the house asks, at the final table)."""
    if state.live > places_paid(state):
        return False
    seated = state.live + state.abandoned_live
    return not (state.config.seating.hand_for_hand_before_final
                and seated > state.config.seating.final_table_size and state.final_table is None)


def _hand_for_hand(layout: Layout, now_ms: int) -> HandForHandStep | None:
    if layout.hand_for_hand:
        return None
    why = hand_for_hand_due(layout.state, layout.seated(), layout.open_count, now_ms)
    if why is None:
        return None
    return {"kind": "hand_for_hand", "why": why, "reason": f"{_hand_for_hand_text(why)}: play hand-for-hand"}


def _can_break(layout: Layout, table: int) -> bool:
    """Whether every player of the table finds a seat elsewhere. Only a player PKR4U 6 bars from some
    table can fail to: the break is tried on a copy when one sits there (an abandoned stack is rare)."""
    if not any(layout.constrained(e) for e in layout.seats(table).values()):
        return True
    try:
        draw_break(layout.fork(), table, lambda n: 0)
    except ValueError:
        return False
    return True


# -- drawing what a step leaves to chance (balance only) --------------------------------------------
def draw_break(layout: Layout, table: int, draw: Draw) -> list[BreakMove]:
    """Each player of the breaking table, in a random order, to a random empty seat of a table with
    the fewest players (never to a table their abandoned stack is at, nor a stack to its owner's,
    PKR4U 6). Those barred from a table are drawn first, while every table still has its room: placed
    last, one could find the only seats left at the one table barred to them."""
    waits_kind = layout.state.config.seating.moved_player_waits
    was = {e: s for s, e in layout.seats(table).items()}
    everyone = [e for _, e in sorted(layout.seats(table).items())]
    barred_somewhere = [e for e in everyone if layout.constrained(e)]
    free = [e for e in everyone if e not in barred_somewhere]
    moves: list[BreakMove] = []
    layout.close(table)
    while barred_somewhere or free:
        stacks = barred_somewhere or free
        constrained = stacks is barred_somewhere
        entry_id = stacks.pop(draw(len(stacks)))
        target = None
        for count in layout.counts_present():
            if count >= layout.seats_per_table:
                break
            tables = layout.by_count[count]
            # Only a constrained player (PKR4U 6) is barred from any table: the others need no look at each.
            options = sorted(t for t in tables if not layout.barred(entry_id, t)) if constrained else sorted(tables)
            if options:
                target = options[draw(len(options))]
                break
        if target is None:
            raise ValueError(f"no seat for {entry_id} when table {table} breaks")
        seats = layout.seats(target)
        empty = [s for s in range(1, layout.seats_per_table + 1) if s not in seats]
        seat = empty[draw(len(empty))]
        button = layout.button(target)
        waits = button is not None and seat in positions.waiting_zone(seats, button, layout.seats_per_table)
        layout.place(entry_id, target, seat)
        moves.append({"entry": entry_id, "from_seat": was[entry_id], "table": target, "seat": seat,
                      "waits": waits_kind if waits else None})
    return moves


def draw_final_table(layout: Layout, table: int, draw: Draw) -> FinalTableDrawn:
    """A random redraw of every seat, and the button drawn with it (UPPS 4.2)."""
    everyone = [e for t in layout.tables() for _, e in sorted(layout.seats(t).items())]
    seats = list(range(1, len(everyone) + 1))
    drawn: list[DrawnSeat] = []
    while everyone:
        entry_id = everyone.pop(draw(len(everyone)))
        drawn.append({"entry": entry_id, "seat": seats.pop(draw(len(seats)))})
    button = sorted(d["seat"] for d in drawn)[draw(len(drawn))]
    closed = [t for t in layout.tables() if t != table]
    layout.redraw(table, {d["seat"]: d["entry"] for d in drawn}, closed)
    layout.set_button(table, button)
    return {"table": table, "seats": drawn, "button": button, "closed": closed}


def draw_fill(layout: Layout, table: int, draw: Draw) -> list[FillMove]:
    """Players for a new table: one at a time from a fullest table, drawn at random there, to a random
    seat (the new table has dealt no hand yet, so no seat is worse than another)."""
    moves: list[FillMove] = []
    while True:
        big = _biggest(layout, exclude=table)
        count = layout.count(table)
        if big is None or not _needs_players(layout, table, count, big[0]):
            break
        source = big[1]
        movable = [e for _, e in sorted(layout.seats(source).items())
                   if layout.state.entries[e].status == ACTIVE and e not in layout.moved
                   and not layout.barred(e, table)]
        if not movable:
            break
        entry_id = movable[draw(len(movable))]
        from_seat = next(s for s, e in layout.seats(source).items() if e == entry_id)
        seats = layout.seats(table)
        empty = [s for s in range(1, layout.seats_per_table + 1) if s not in seats]
        seat = empty[draw(len(empty))]
        layout.place(entry_id, table, seat)
        moves.append({"entry": entry_id, "from_table": source, "from_seat": from_seat, "seat": seat})
    layout.filled(table)
    return moves


def plan(state: State, now_ms: int, limit: int = 200) -> list[Step]:
    """What the seating rules ask for now, in order; read-only. Stops at the first step that needs a
    human answer (`needs_button`) or a random draw (break, final table, new table)."""
    if state.status == "finished":  # a flight stopped for its bags keeps its tables as they are
        return []
    layout = Layout(state)
    steps: list[Step] = []
    while len(steps) < limit:
        batch = next_steps(layout, now_ms)
        if not batch:
            break
        steps.extend(batch)
        step = batch[0]
        if step["kind"] == "move":
            layout.place(step["entry"], step["to"]["table"], step["to"]["seat"])
        elif step["kind"] == "hand_for_hand":
            layout.hand_for_hand = True
        else:
            break
    return steps
