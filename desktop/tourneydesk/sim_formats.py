"""`tourneydesk sim --config flights` and `--config satellite`: an event's files played end to end.

`flights`: three flights of one event (Day 1A pays its own money on Day 1, 1B stops at a percentage of its
entries, 1C at a number of players or the end of a level), some people playing two flights and some
qualifying twice; each flight's survivors bag their chips a table at a time; then the Day 2 is made from
the three files and played down to one winner. `satellite`: a satellite whose pool buys seats in a Main
Event, two players marked as holding a seat already, played to its seat bubble (hand-for-hand) and its
end; then the Main Event's file takes the seats as buy-ins.

As the plain sim does, each file keeps the sim's own tally of what it paid in, the chips it bought and
the bags it typed, and the desk's figures are checked against that tally, not against themselves.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from . import event_files
from .core.config import parse_config, set_dotted
from .desk import Desk
from .sim import (
    BareCommits,
    Sim,
    SimClock,
    _pace,
    _pay_everyone,
    _places_ok,
    build_config,
    follow_plan,
    money_checks,
    play,
    play_out,
)

FLIGHTS = ("Day 1A", "Day 1B", "Day 1C")
EVENT = "sim-main-event"


def run(kind: str, players: int, seed: int, folder: Path | None) -> dict[str, Any]:
    """Play the format `kind` ("flights" or "satellite") in `folder` (a temporary one by default)."""
    with tempfile.TemporaryDirectory(prefix="tourneydesk-sim-") as tmp:
        where = folder or Path(tmp)
        where.mkdir(parents=True, exist_ok=True)
        report = (run_flights if kind == "flights" else run_satellite)(players, seed, where)
    report.update(config=kind, players=players, seed=seed)
    report["ok"] = all(all(checks.values()) for checks in report["invariants"].values())
    return report


# -- flights into a Day 2 --------------------------------------------------------------------------------
def flight_config(name: str, players: int, stop: dict[str, Any], *, day1_pays: bool = False) -> dict[str, Any]:
    raw = build_config("deepstack", players)
    raw = set_dotted(raw, {"name": f"Sim Main Event {name}"})
    raw["flight"] = {"event": EVENT, "event_name": "Sim Main Event", "name": name, "day1_pays": day1_pays, **stop}
    return parse_config(raw).to_dict()


def run_flights(players: int, seed: int, folder: Path) -> dict[str, Any]:
    rng = random.Random(seed)
    clock = SimClock()
    per_flight = max(20, players // len(FLIGHTS))
    pool = [f"Player {i + 1:04d}" for i in range(per_flight * len(FLIGHTS))]
    stops = [{"stop_percent": 8}, {"stop_percent": 15}, {"stop_players_left": max(3, per_flight // 8),
                                                         "stop_after_level": 12}]
    invariants: dict[str, dict[str, bool]] = {}
    paths: list[Path] = []
    bags: dict[str, dict[str, int]] = {}  # flight's tournament id -> the bags the sim typed
    tallies: dict[str, dict[str, int]] = {}
    played: list[str] = []
    for number, name in enumerate(FLIGHTS):
        # A third of each later flight played an earlier one: busted there, or qualified and back again.
        again = rng.sample(played, min(len(played), per_flight // 3))
        fresh = [n for n in pool if n not in played][: per_flight - len(again)]
        names = again + fresh
        rng.shuffle(names)
        played += fresh
        path = folder / f"{name}.tdesk"
        desk = Desk.create(path, flight_config(name, per_flight, stops[number], day1_pays=number == 0),
                           now=clock, seed=seed + number)
        known = event_files.flights_known_command(desk, [folder])
        if known is not None:
            desk.execute(known)
        sim = Sim(desk, clock, rng, BareCommits(folder))
        play(sim, per_flight, 80, names)
        bags[desk.tournament_id] = bag_every_table(sim)
        snap = desk.snapshot()
        invariants[name] = {**money_checks(sim, snap), **flight_checks(sim, snap, bags[desk.tournament_id])}
        tallies[desk.tournament_id] = {"prize_parts": sim.tally.prize_parts, "entries": snap["counts"]["entries"],
                                       "paid_day1": sum(e["prize"] for e in snap["entries"]
                                                        if e["status"] == "busted")}
        sim.baseline.close(at_least=0)
        desk.close()
        invariants[name]["replay_equal_after_reopen"] = _reopened(path, clock) == snap
        paths.append(path)
        clock.t += 86_400  # the next flight, the next day
    day2_path = folder / "Day 2.tdesk"
    desk = event_files.make_day2(day2_path, paths, now=clock, seed=seed)
    sim = Sim(desk, clock, rng, BareCommits(folder))
    chips_at_start = desk.snapshot()["chips"]["in_play"]
    follow_plan(sim)
    sim.run({"type": "clock", "action": "start", "station": "td"})
    play_out(sim, _pace(desk, desk.counts().players_left * 4), [])
    _pay_everyone(sim)
    snap = desk.snapshot()
    invariants["Day 2"] = day2_checks(sim, snap, bags, tallies, chips_at_start)
    sim.baseline.close(at_least=0)
    desk.close()
    invariants["Day 2"]["replay_equal_after_reopen"] = _reopened(day2_path, clock) == snap
    event = snap["event"]
    return {"files": [str(p) for p in [*paths, day2_path]], "invariants": invariants,
            "summary": {"entries": event["entries"], "qualifiers": event["qualifiers"],
                        "combined_pool": event["combined_pool"], "paid_day1": event["paid_day1"],
                        "dropped": sum(len(f["dropped"]) for f in event["flights"]),
                        "winner": next(e["name"] for e in snap["entries"] if e["place"] == 1)}}


def bag_every_table(sim: Sim) -> dict[str, int]:
    """The survivors' chips counted a table at a time, as the floor would: each table's bags typed in one
    command, the chips in play (by the sim's own tally) shared out at random, every bag holding some."""
    desk, rng = sim.desk, sim.rng
    state = desk.state
    in_play = sim.tally.chips_bought - sim.tally.chips_removed
    survivors = [e.id for e in state.entries.values() if e.status == "active"]
    cuts = sorted(rng.sample(range(1, in_play), len(survivors) - 1))
    stacks = dict(zip(survivors, [b - a for a, b in zip([0, *cuts], [*cuts, in_play], strict=True)], strict=True))
    for table in sorted(state.open_tables):
        seated = [e for e in state.tables[table].seats.values() if e in stacks]
        if seated:
            sim.run({"type": "bag", "table": table, "stacks": {e: stacks[e] for e in seated}, "station": "td"})
    return stacks


def flight_checks(sim: Sim, snap: dict[str, Any], bags: dict[str, int]) -> dict[str, bool]:
    event = snap["event"]
    stopped = event["stopped"]
    left = snap["counts"]["players_left"]
    prizes_day1 = sum(e["prize"] for e in snap["entries"] if e["status"] == "busted")
    return {
        "stopped_at_its_target": stopped is not None and (stopped["reason"] == "level" or left <= event["target"]),
        "bags_add_up_to_the_chips_in_play": sum(bags.values()) == event["chips_bagged"] == snap["chips"]["in_play"],
        "every_survivor_bagged": event["bagged"] and event["bags"] == left == len(bags),
        "no_day1_money_unless_the_flight_pays_it": event["day1_pays"] or prizes_day1 == 0,
        "day1_money_is_what_its_busts_won": event["paid_day1"] == prizes_day1,
        "no_place_without_day1_pay": event["day1_pays"] or all(e["place"] is None for e in snap["entries"]),
        "everyone_paid_what_day1_owes": snap["money"]["paid_out"] == sim.tally.paid_out
        == prizes_day1 + sum(e["bounty_won"] for e in snap["entries"]),
    }


def day2_checks(sim: Sim, snap: dict[str, Any], bags: dict[str, dict[str, int]],
                tallies: dict[str, dict[str, int]], chips_at_start: int) -> dict[str, bool]:
    m, event = snap["money"], snap["event"]
    taken = event["flights"]
    carried = sum(sum(b.values()) for b in bags.values()) - sum(d["chips"] for f in taken for d in f["dropped"])
    prizes = sum(e["prize"] for e in snap["entries"])
    combined = sum(t["prize_parts"] for t in tallies.values())
    paid_day1 = sum(t["paid_day1"] for t in tallies.values())
    return {
        "day2_chips_equal_the_bags_carried": chips_at_start == carried
        and snap["chips"]["in_play"] == carried - sim.tally.chips_removed,
        "combined_pool_equals_the_flights_prize_parts": event["combined_pool"] == combined,
        "day2_pays_the_pool_less_day1": m["prize_pool"] == combined - paid_day1 == event["combined_pool"]
        - event["paid_day1"],
        "entries_count_every_flight": event["entries"] == sum(t["entries"] for t in tallies.values()),
        "one_stack_per_person": event["qualifiers"] + sum(len(f["dropped"]) for f in taken)
        == sum(len(b) for b in bags.values()) == sum(f["qualified"] for f in taken),
        "payouts_sum_to_prize_pool": sum(p["amount"] for p in snap["payouts"]) == m["prize_pool"],
        "prizes_awarded_sum_to_prize_pool": prizes == m["prize_pool"],
        "places_unique_and_complete": _places_ok(snap),
        "everyone_paid": m["paid_out"] == sim.tally.paid_out == prizes,
        "finished_with_one_winner": snap["tournament"]["status"] == "finished"
        and snap["counts"]["players_left"] == 1,
    }


# -- a satellite into its target -----------------------------------------------------------------------
def run_satellite(players: int, seed: int, folder: Path) -> dict[str, Any]:
    rng = random.Random(seed)
    clock = SimClock()
    main = parse_config(set_dotted(build_config("deepstack", players), {"name": "Sim Main Event"})).to_dict()
    seat_value = sum(main["buy_in"].values())
    raw = build_config("turbo", players)
    rule = ("next_place", "steps", "seat_winners")[seed % 3]
    raw["name"] = "Sim Satellite"
    raw["satellite"] = {"target": "Sim Main Event", "seat_value": seat_value, "leftover": rule,
                        **({"step": seat_value // 10} if rule == "steps" else {})}
    path = folder / "satellite.tdesk"
    desk = Desk.create(path, parse_config(raw).to_dict(), now=clock, seed=seed)
    sim = Sim(desk, clock, rng, BareCommits(folder))
    names = [f"Player {i + 1:05d}" for i in range(players)]
    holders = _mark_two_holders_near_the_end(sim, seat_value)
    play(sim, players, 80, names)
    # The seats leave the drawer for the Main Event's: as many as the prize parts the sim paid in buy.
    won = sim.tally.prize_parts // seat_value
    sim.tally.paid_out_by_method["satellite"] += (won - len(holders & _still_in(desk))) * seat_value
    snap = desk.snapshot()
    checks = {**money_checks(sim, snap), **satellite_checks(sim, snap, seat_value)}
    seats = desk.satellite_seats()
    sim.baseline.close(at_least=0)
    desk.close()
    checks["replay_equal_after_reopen"] = _reopened(path, clock) == snap
    target_path = folder / "main-event.tdesk"
    target = Desk.create(target_path, main, now=clock, seed=seed + 1)
    taken = target.execute(event_files.satellite_seats_command(path))
    drawer = {t.method: t.money_in for t in target.drawer()}
    ledger = target.ledger()
    target_checks = {
        "every_seat_bought_a_buy_in": len(taken["entries"]) == len(seats["seats"]) == target.counts().entries,
        "the_seats_arrive_as_satellite_payments": drawer.get("satellite", 0) == len(seats["seats"]) * seat_value,
        "the_ledger_names_the_satellite": all(line.get("satellite") == "Sim Satellite" for line in ledger),
    }
    target.close()
    event = snap["event"]
    return {"files": [str(path), str(target_path)], "invariants": {"satellite": checks, "target": target_checks},
            "summary": {"rule": rule, "seats": event["seats"], "leftover": event["leftover"],
                        "seat_value": seat_value, "cash_instead": len(event["ended"]["cash_instead"]),
                        "hand_for_hand_commands": len(sim.timings.by_type.get("hand_for_hand", []))}}


def _mark_two_holders_near_the_end(sim: Sim, seat_value: int) -> set[str]:
    """Near the seat bubble the TD learns that two players still in already hold a seat to the Main Event
    (won in another satellite): they are marked, and take the seat's value in cash if they win one."""
    run = sim.run
    marked: set[str] = set()

    def marking(cmd: dict[str, Any]) -> dict[str, Any]:
        result = run(cmd)
        state = sim.desk.state
        if cmd["type"] == "bust" and not marked and state.status == "running" \
                and state.live <= sim.tally.prize_parts // seat_value + 4:
            for entry_id in sorted(_still_in(sim.desk))[:2]:
                marked.add(entry_id)
                run({"type": "holds_seat", "player": state.entries[entry_id].player, "station": "td"})
        return result

    sim.run = marking  # type: ignore[method-assign]
    return marked


def _still_in(desk: Desk) -> set[str]:
    return {e.id for e in desk.state.entries.values() if e.status == "active"}


def satellite_checks(sim: Sim, snap: dict[str, Any], seat_value: int) -> dict[str, bool]:
    m, event = snap["money"], snap["event"]
    ended = event["ended"] or {"winners": [], "cash_instead": [], "seats": 0}
    winners, cash = ended["winners"], ended["cash_instead"]
    by_id = {e["id"]: e for e in snap["entries"]}
    survivors = [e for e in snap["entries"] if e["status"] == "active"]
    prizes = sum(e["prize"] for e in snap["entries"])
    bounty_won = sum(e["bounty_won"] for e in snap["entries"])
    seats_paid = (len(winners) - len(cash)) * seat_value
    return {
        "ended_when_players_left_equal_the_seats": snap["tournament"]["status"] == "finished"
        and len(survivors) <= event["seats"] == ended["seats"],
        "seats_equal_the_winners": len(winners) == event["seats"]
        and all(by_id[e]["place_to"] <= event["seats"] for e in winners),
        "every_survivor_wins_a_seat": {e["id"] for e in survivors} <= set(winners),
        "seats_and_leftover_make_the_pool": event["seats"] * seat_value + event["leftover"] == m["prize_pool"],
        "prizes_awarded_sum_to_prize_pool": prizes == m["prize_pool"],
        "cash_equals_the_leftover": sim.tally.paid_out - bounty_won == event["leftover"] + len(cash) * seat_value,
        "seats_paid_to_the_target": m["paid_out"] - sim.tally.paid_out == seats_paid
        == -m["drawer"].get("satellite", 0),
        "holders_take_cash": all(by_id[e]["player"] in set(event.get("holders", [])) for e in cash),
        "seat_bubble_played_hand_for_hand": bool(sim.timings.by_type.get("hand_for_hand")),
        "places_unique_and_complete": _places_ok(snap),
    }


def _reopened(path: Path, clock: SimClock) -> dict[str, Any]:
    with Desk.open(path, now=clock) as desk:
        return desk.snapshot()


def text_report(report: dict[str, Any]) -> str:
    lines = [f"Sim of {report['config']} ({report['players']} players, seed {report['seed']}): "
             + ", ".join(f"{k} {v}" for k, v in report["summary"].items())]
    for part, checks in report["invariants"].items():
        for name, ok in checks.items():
            lines.append(f"  {'ok ' if ok else 'FAIL'} {part}: {name}")
    return "\n".join(lines)
