"""Random sessions at the desk for the property tests: the tournaments they play, one session (a desk on a real
file, a hand-moved clock, what the test knows was taken out of play), a builder for each command a TD, a
cashier or the network could send (good, bad and junk mixed), and the checks every step must pass: the books
to the cent, every chip, the bounties, the places, the seats."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from typing import Any

from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import BASE_CONFIG, PKO_CONFIG, config
from tests.helpers.desks import unlike_the_log
from tourneydesk.core import engine
from tourneydesk.core.protocol.errors import TourneyError
from tourneydesk.core.read_models import snapshot
from tourneydesk.core.state import ABANDONED, ACTIVE, State
from tourneydesk.desk import Desk

FIXED_CONFIG = config(PKO_CONFIG, name="Friday Fixed KO", bounty={"kind": "fixed"})
REBUY_CONFIG = config(
    BASE_CONFIG, name="Rebuy Night",
    rebuy={"max": 2, "until_level": 2, "max_stack": 20000, "chips": 20000},
    add_on={"at_break_after_level": 2, "chips": 30000},
    early_bird={"chips": 5000, "until_level": 1},
)
del REBUY_CONFIG["reentry"]  # a rebuy event: a freezeout with rebuys, no re-entry

# Mystery bounties from 8 players left, late registration over after the first level: a session's knockouts
# meet the envelopes, fixed or not yet, and deals the envelopes left.
MYSTERY_CONFIG = config(PKO_CONFIG, name="Friday Mystery", bounty={"kind": "mystery", "mystery_from": "players",
                                                                  "mystery_at": 8},
                        registration={"until_level": 1, "through_break": False})

CONFIGS = {"reentry": BASE_CONFIG, "pko": PKO_CONFIG, "fixed_bounty": FIXED_CONFIG, "rebuy_addon": REBUY_CONFIG,
           "mystery": MYSTERY_CONFIG}

PAYMENTS = ["cash", "card", "transfer", "voucher", "comp"]
BAD_PAYMENTS = ["bitcoin", "", None, 5, ["cash"], {"cash": 1}]
NAMES = ["Ana Silva", "ana silva", "Bruno Costa", "Chen Wei", "  Dara Okafor ", "Émile Zola", "Eve", "Finn",
         "Gus", "Hana", "Ines", "Jon", "Kai", "Lea", "Max", "Noor", "Otto", "Pia", "Quinn", "Rui"]
BAD_NAMES = ["", "   ", "a\x00b", "x" * 65, 7, None, ["Ana"], "tab\u2028line"]
STACKS = [1000, 5000, 5000, 20000, 20000, 45000]

json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-10**13, 10**13),
                        st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                        st.sampled_from(["e1", "e2", "p1", "p2", "cash", "same", "on", "next", "start"]))
json_value = st.recursive(json_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=6)
junk_fields = st.sampled_from(sorted({f for c in engine.COMMANDS.values() for f in c.fields}
                                     | {"seq", "dry_run", "station", "actor", "command_id", "type"}))


class Session:
    """One desk on a real file, a hand-moved clock, and what the test itself knows was taken out of play."""

    def __init__(self, desk: Desk, clock: FakeClock, data: Any, cfg: dict[str, Any]) -> None:
        self.desk, self.clock, self.data, self.cfg = desk, clock, data, cfg
        self.removed: dict[int, int] = {}  # command seq -> chips it took out of play
        self.bounty = cfg.get("bounty", {}).get("kind", "none") != "none"
        self.accepted = 0
        self.status = "setup"
        self.refused: Counter[str] = Counter()

    def draw(self, strategy: Any) -> Any:
        return self.data.draw(strategy)

    # -- sending ----------------------------------------------------------------------------
    def send(self, cmd: Any, *, undo_check: bool = True) -> dict[str, Any] | None:
        desk = self.desk
        seq, before = desk.seq, desk.snapshot()
        dry: tuple[str | None, dict[str, Any] | None] | None = None
        # (a command that carries its own dry_run, even an invalid one, is not one a dry run can preview)
        if isinstance(cmd, dict) and "dry_run" not in cmd and rare(self, 5):
            dry = self._dry_run(cmd, seq, before)
        try:
            result = desk.execute(cmd)
        except TourneyError as exc:
            self.refused[exc.code] += 1
            assert desk.seq == seq, f"refused {exc.code} but wrote"
            assert desk.snapshot() == before, f"refused {exc.code} but the state changed"
            if dry is not None:
                assert dry[0] == exc.code, f"the dry run answered {dry[0]}, the command {exc.code}"
            return None
        assert isinstance(result, dict) and isinstance(result.get("seq"), int)
        if isinstance(cmd, dict) and cmd.get("dry_run"):
            assert desk.seq == seq and result["seq"] == seq and desk.snapshot() == before
            return result
        if desk.seq == seq:  # a repeated command_id: the first answer, nothing written
            assert desk.snapshot() == before
            return result
        if dry is not None:
            self._same_answer(cmd, dry, result)
        self.accepted += 1
        assert result["seq"] == desk.seq
        self._note_removal(cmd, seq + 1, result)
        self.check()
        if "undone" in result:
            assert not unlike_the_log(desk, result)
        if undo_check and cmd.get("type") != "undo" and rare(self, 8):
            undone = desk.execute({"type": "undo"})
            assert undone["undone"] == seq + 1
            self.removed.pop(seq + 1, None)
            assert _without_seq(desk.snapshot()) == _without_seq(before), f"undo of {cmd['type']} did not restore"
            self.check()
            assert not unlike_the_log(desk, undone)
        return result

    def _dry_run(self, cmd: dict[str, Any], seq: int,
                 before: dict[str, Any]) -> tuple[str | None, dict[str, Any] | None]:
        """A dry run is answered as the command would be, and writes nothing."""
        try:
            answer = self.desk.execute({**cmd, "dry_run": True})
        except TourneyError as exc:
            assert self.desk.seq == seq and self.desk.snapshot() == before
            return exc.code, None
        assert self.desk.seq == seq and self.desk.snapshot() == before
        return None, answer

    @staticmethod
    def _same_answer(cmd: dict[str, Any], dry: tuple[str | None, dict[str, Any] | None],
                     result: dict[str, Any]) -> None:
        code, answer = dry
        assert code is None, f"the dry run was refused with {code}, the command accepted"
        assert answer is not None and answer.get("dry_run") is True
        # A buy-in draws its seat at random (the dry run drew one too): all but the seat must match.
        drawn = {"seq", "dry_run"} | ({"table", "seat"} if cmd.get("type") == "buy_in" else set())
        assert ({k: v for k, v in answer.items() if k not in drawn}
                == {k: v for k, v in result.items() if k not in drawn}), (cmd, answer, result)

    def _note_removal(self, cmd: dict[str, Any], command_seq: int, result: dict[str, Any]) -> None:
        kind = cmd.get("type")
        if kind == "chips_removed":
            self.removed[command_seq] = cmd["amount"]
        elif kind in ("disqualify", "remove"):
            self.removed[command_seq] = cmd["chips"]
        elif kind == "buy_in" and cmd.get("abandon") is not None and not self.bounty:
            self.removed[command_seq] = cmd["abandon_chips"]
        elif kind == "undo":
            self.removed.pop(result["undone"], None)

    # -- the invariants -----------------------------------------------------------------------
    def check(self) -> None:
        desk = self.desk
        snap = desk.snapshot()
        # The desk reuses the parts of its last snapshot that did not change: never a stale one.
        assert snap == snapshot.snapshot(desk.state, desk.seq, desk.now_ms()), "a part of the snapshot is stale"
        check_money(snap)
        check_chips(snap, sum(self.removed.values()))
        check_bounties(snap)
        check_places(snap)
        check_tables(snap, self.cfg_now()["seating"]["seats_per_table"])

    def check_replay(self) -> None:
        """Mid-session: the log folded again, and the checkpoint read back, give this very state."""
        desk = self.desk
        now_ms = desk.now_ms()
        live = snapshot.snapshot(desk.state, desk.seq, now_ms)
        assert snapshot.snapshot(engine.fold(desk.events()), desk.seq, now_ms) == live
        assert snapshot.snapshot(State.from_dict(desk.state.to_dict()), desk.seq, now_ms) == live

    def cfg_now(self) -> dict[str, Any]:
        return self.desk.state.config.to_dict()


def _without_seq(snap: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in snap.items() if k != "seq"}


def check_money(snap: dict[str, Any]) -> None:
    m = snap["money"]
    assert m["collected"] == m["prize_parts"] + m["fees"] + m["bounty_pool"]
    assert m["prize_pool"] == m["prize_parts"] + m["added"] + m["overlay"]
    amounts = [p["amount"] for p in snap["payouts"]]
    assert sum(amounts) == m["prize_pool"]
    assert all(a >= b for a, b in itertools.pairwise(amounts)), amounts
    assert all(a >= 0 for a in amounts)
    assert sum(m["drawer"].values()) == m["collected"] - m["paid_out"]
    assert m["bounty_paid"] == sum(e["bounty_won"] for e in snap["entries"])


def check_chips(snap: dict[str, Any], removed: int) -> None:
    bought = sum(e["chips_bought"] for e in snap["entries"])
    assert snap["chips"]["in_play"] == bought - removed  # counts never enter it: they record the room
    stacks = {e["id"]: e["stack"] for e in snap["entries"] if e["stack"] is not None}
    assert all(e["status"] == "active" for e in snap["entries"] if e["id"] in stacks)
    assert all(stack >= 1 for stack in stacks.values())
    leader = snap["chips"]["leader"]
    # The biggest count names the leader once it is at least the average: a smaller one is a count left behind.
    biggest = max(stacks.values()) if stacks else None
    assert (leader["stack"] if leader else None) == (biggest if biggest is not None
                                                    and biggest >= snap["chips"]["average"] else None)
    assert snap["chips"]["counted"] == len(stacks)


def check_bounties(snap: dict[str, Any]) -> None:
    entries = snap["entries"]
    m = snap["money"]
    assert all(e["bounty"] >= 0 and e["bounty_won"] >= 0 for e in entries)
    won = sum(e["bounty_won"] for e in entries)
    # Mystery bounties: the pool is in the envelopes left, or undivided until they are fixed.
    envelopes = m.get("envelopes")
    held = 0
    if envelopes is not None:
        assert won == envelopes["drawn_total"] == sum(s["cash"] for d in envelopes["drawn"] for s in d["to"])
        assert envelopes["drawn_total"] == sum(sum(d["amounts"]) for d in envelopes["drawn"])
        assert envelopes["left_total"] == sum(g["amount"] * g["count"] for g in envelopes["left"])
        held = envelopes["left_total"] if envelopes["fixed"] else m["bounty_pool"]
        assert envelopes["fixed"] or envelopes["drawn_total"] == 0
    assert won + sum(e["bounty"] for e in entries) + m["bounty_forfeited"] + held == m["bounty_pool"]


def check_places(snap: dict[str, Any]) -> None:
    entries = {e["id"]: e for e in snap["entries"]}
    people = [p for p in snap["players"] if p["entries"]]
    unranked = sum(1 for p in people if entries[p["entries"][-1]]["status"] in ("disqualified", "removed"))
    n = len(people) - unranked
    assert snap["counts"]["players"] == len(people)
    ranges: Counter[tuple[int, int]] = Counter()
    for person in people:
        *earlier, last = person["entries"]
        for entry_id in earlier:  # each person finishes once, with their last entry
            assert entries[entry_id]["place"] is None, (person, entries[entry_id])
        e = entries[last]
        if e["place"] is None:
            continue
        assert e["status"] in ("busted", "active"), e
        assert 1 <= e["place"] <= e["place_to"] <= n, (e, n)
        ranges[(e["place"], e["place_to"])] += 1
    used: list[int] = []
    for (first, last), k in ranges.items():
        assert k == last - first + 1, (first, last, k)  # k people share exactly k places
        used.extend(range(first, last + 1))
    assert len(used) == len(set(used)), sorted(used)  # no place given twice
    # People go out from the bottom: the places taken are the last ones, with no gap.
    assert sorted(used) == list(range(n - len(used) + 1, n + 1)), (sorted(used), n)
    busted_last = sum(1 for p in people if entries[p["entries"][-1]]["status"] == "busted")
    assert len(used) == busted_last + (1 if snap["tournament"]["status"] == "finished" else 0)


def check_tables(snap: dict[str, Any], seats_per_table: int) -> None:
    entries = {e["id"]: e for e in snap["entries"]}
    seen: set[str] = set()
    for table in snap["tables"]:
        assert table["players"] == len(table["seats"]) <= seats_per_table
        for seat, entry_id in table["seats"].items():
            e = entries[entry_id]
            assert (e["table"], e["seat"]) == (table["number"], int(seat)), (table, e)
            assert 1 <= int(seat) <= seats_per_table
            assert entry_id not in seen
            seen.add(entry_id)
    for e in entries.values():
        if e["table"] is not None:
            assert e["id"] in seen, e
        if e["status"] == ACTIVE:
            assert e["table"] is not None, e
        elif e["status"] != ABANDONED:
            assert e["table"] is None, e
    assert snap["counts"]["players_left"] == sum(1 for e in entries.values() if e["status"] == ACTIVE)


# -- the commands a session draws ---------------------------------------------------------------
def seated(s: Session, *, abandoned: bool = False) -> list[str]:
    ok = (ACTIVE, ABANDONED) if abandoned else (ACTIVE,)
    return [e.id for e in s.desk.state.entries.values() if e.status in ok and e.table is not None]


def any_entry(s: Session) -> str:
    ids = list(s.desk.state.entries)
    return s.draw(st.sampled_from(ids + ["e999", "", "E1"])) if ids else "e1"


def rare(s: Session, n: int) -> bool:
    """True about once in `n` draws."""
    return s.draw(st.sampled_from([True] + [False] * (n - 1)))


def payment(s: Session) -> Any:
    return s.draw(st.sampled_from(BAD_PAYMENTS)) if rare(s, 10) else s.draw(st.sampled_from(PAYMENTS))


def cmd_register(s: Session) -> dict[str, Any]:
    roll = s.draw(st.integers(0, 9))
    if roll == 0:
        return {"type": "register", "name": s.draw(st.sampled_from(BAD_NAMES))}
    name = s.draw(st.sampled_from(NAMES)) if roll < 4 else f"Player {len(s.desk.state.players) + 1}"
    cmd: dict[str, Any] = {"type": "register", "name": name}
    if rare(s, 5):
        cmd["member_id"] = s.draw(st.sampled_from(["M1", "M2", "M3"]))
    return cmd


def cmd_unregister(s: Session) -> dict[str, Any]:
    """A registration made by mistake taken back: mostly someone who has not bought in (in the middle of
    the list), now and then someone who has, or nobody."""
    state = s.desk.state
    waiting = [p for p, player in state.players.items() if not player.entries]
    pool = waiting if waiting and not rare(s, 5) else list(state.players) + ["p999"]
    return {"type": "unregister", "player": s.draw(st.sampled_from(pool))}


def cmd_edit_player(s: Session) -> dict[str, Any]:
    """A name corrected (now and then to a name someone else has), a nickname or a member id added."""
    players = list(s.desk.state.players)
    player = s.draw(st.sampled_from(players)) if players else "p1"
    field = s.draw(st.sampled_from(["name", "name", "nickname", "member_id"]))
    value = s.draw(st.sampled_from(NAMES + ["Élodie Kaçar", "Bob"])) if field == "name" else \
        s.draw(st.sampled_from(["The Rock", "M2", "", None]))
    return {"type": "edit_player", "player": player, field: value}


def cmd_buy_in(s: Session) -> dict[str, Any]:
    state = s.desk.state
    players = list(state.players)
    playing = [p for p in players if (last := state.last_entry(p)) is not None and last.status == ACTIVE]
    waiting = [p for p in players if p not in playing]  # who walks up to the cashier, mostly
    roll = s.draw(st.integers(0, 11))
    if roll > 4 and playing and s.desk.snapshot()["clock"]["on_break"] and rare(s, 2):
        roll = 3  # a break: the time to give up a live stack and re-enter (PKR4U 5, 6)
    pool = playing if roll in (3, 4) and playing else waiting if waiting and not rare(s, 4) else players
    player: Any = s.draw(st.sampled_from(pool)) if pool else "p1"
    if rare(s, 15):
        player = s.draw(st.sampled_from(["p999", "", None, 3]))
    cmd: dict[str, Any] = {"type": "buy_in", "player": player, "payment": payment(s), "present": True}
    if roll == 0:
        cmd["present"] = s.draw(st.sampled_from([False, "yes", 1, None]))
    elif roll == 1:
        del cmd["present"]
    elif roll == 2:
        cmd["seat"] = s.draw(st.sampled_from(["same", "same", "window", 3]))
    elif roll in (3, 4) and isinstance(player, str) and player in state.players:
        last = state.last_entry(player)
        cmd["abandon"] = last.id if last is not None and not rare(s, 4) else "e999"
        if not s.bounty or rare(s, 4):
            cmd["abandon_chips"] = s.draw(st.sampled_from([0, 2500, 20000, -5, "lots", 10**12]))
    return cmd


def cmd_rebuy(s: Session) -> dict[str, Any]:
    live = seated(s)
    entry = s.draw(st.sampled_from(live)) if live and s.draw(st.integers(0, 5)) else any_entry(s)
    return {"type": "rebuy", "present": True, "entry": entry, "payment": payment(s),
            "stack": s.draw(st.sampled_from([0, 500, 19999, 20000, 20001, 40000, -1, "short", None]))}


def cmd_add_on(s: Session) -> dict[str, Any]:
    live = seated(s)
    entry = s.draw(st.sampled_from(live)) if live and s.draw(st.integers(0, 5)) else any_entry(s)
    return {"type": "add_on", "present": True, "entry": entry, "payment": payment(s)}


def _mates(s: Session, entry_id: str) -> list[str]:
    state = s.desk.state
    table = state.entries[entry_id].table
    return [e for e in state.tables[table].seats.values()
            if e != entry_id and state.entries[e].status == ACTIVE] if table is not None else []


def cmd_bust(s: Session) -> dict[str, Any]:
    state = s.desk.state
    candidates = seated(s, abandoned=True)
    if not candidates or rare(s, 20):
        return {"type": "bust", "entry": any_entry(s), "by": s.draw(st.sampled_from([[], ["e1"], "e1", None]))}
    victim = s.draw(st.sampled_from(candidates))
    mates = _mates(s, victim)
    form = s.draw(st.sampled_from(["single", "single", "single", "two", "two", "split_pot", "other_table"]))
    if form == "other_table":
        others = [e for e in seated(s) if state.entries[e].table != state.entries[victim].table]
        if others:
            return {"type": "bust", "entry": victim, "by": [s.draw(st.sampled_from(others))]}
        form = "single"
    if form == "two":
        second = [m for m in mates if len(_mates(s, m)) >= 2]
        if second:
            other = s.draw(st.sampled_from(second))
            winners = [m for m in mates if m != other]
            by = [s.draw(st.sampled_from(winners))]
            if len(winners) > 1 and s.draw(st.booleans()):
                by = s.draw(st.permutations(winners))[:2]
            return {"type": "bust", "busts": [
                {"entry": victim, "by": by, "stack_at_hand_start": s.draw(st.sampled_from(STACKS))},
                {"entry": other, "by": by, "stack_at_hand_start": s.draw(st.sampled_from(STACKS))}]}
        form = "single"
    if form == "split_pot" and len(mates) >= 2:
        by = s.draw(st.permutations(mates))[:2]
    else:
        by = [s.draw(st.sampled_from(mates))] if mates else []
    if not s.bounty and rare(s, 5):
        by = []
    cmd: dict[str, Any] = {"type": "bust", "entry": victim, "by": by}
    if s.draw(st.booleans()):
        cmd["stack_at_hand_start"] = s.draw(st.sampled_from(STACKS + [0, -1, 10**12]))
    return cmd


def cmd_move(s: Session) -> dict[str, Any]:
    state = s.desk.state
    live = seated(s)
    entry = s.draw(st.sampled_from(live)) if live else any_entry(s)
    here = state.entries[entry].table if entry in state.entries else None
    elsewhere = [t for t in state.open_tables if t != here]
    table = s.draw(st.sampled_from(elsewhere)) if elsewhere and not rare(s, 4) else s.draw(
        st.sampled_from(list(state.open_tables) + [0, 99]))
    spt = state.config.seating.seats_per_table
    empty = [n for n in range(1, spt + 1) if table in state.tables and n not in state.tables[table].seats]
    seat = s.draw(st.sampled_from(empty)) if empty and s.draw(st.integers(0, 3)) else s.draw(
        st.sampled_from([0, 1, 2, spt, spt + 1, "1", True]))
    return {"type": "move", "entry": entry, "table": table, "seat": seat}


def cmd_seating(s: Session) -> dict[str, Any]:
    """The seating plan's commands: a button where the cards fell, then balance, or a TD's own break."""
    state = s.desk.state
    kind = s.draw(st.sampled_from(["set_button", "set_button", "balance", "balance", "break_table", "final_table"]))
    tables = list(state.open_tables)
    if kind == "set_button":
        table = s.draw(st.sampled_from(tables)) if tables and not rare(s, 6) else s.draw(st.sampled_from([0, 99, "1"]))
        seats = sorted(state.tables[table].seats) if table in state.tables else []
        seat = s.draw(st.sampled_from(seats)) if seats and not rare(s, 6) else s.draw(st.sampled_from([0, 5, 10]))
        return {"type": "set_button", "table": table, "seat": seat}
    if kind == "break_table":
        return {"type": "break_table", "table": s.draw(st.sampled_from(tables + [99])) if tables else 1}
    return {"type": kind}


def cmd_disqualify(s: Session) -> dict[str, Any]:
    live = seated(s)
    entry = s.draw(st.sampled_from(live)) if live and s.draw(st.integers(0, 4)) else any_entry(s)
    chips = s.draw(st.sampled_from([0, 100, 5000, 20000, -1, 1.5, "all", 10**12]))
    reason = s.draw(st.sampled_from(["Abusive to the dealer", "Collusion", "", "  ", None]))
    return {"type": s.draw(st.sampled_from(["disqualify", "remove"])), "entry": entry, "reason": reason,
            "chips": chips}


def cmd_chips_removed(s: Session) -> dict[str, Any]:
    return {"type": "chips_removed", "amount": s.draw(st.sampled_from([25, 100, 975, 5000, 0, -25, 10**12, "25"])),
            "reason": s.draw(st.sampled_from(["Colour-up of the 25s", "", None]))}


def cmd_count(s: Session) -> dict[str, Any]:
    """A stack counted, or a table at the break: mostly sound, now and then a count no room could hold."""
    live = seated(s)
    entry = s.draw(st.sampled_from(live)) if live and not rare(s, 6) else any_entry(s)
    chips = s.draw(st.sampled_from([1, 2500, 20000, 47500, 0, -100, 10**12, "many", 2.5]))
    table = s.desk.state.entries[entry].table if entry in s.desk.state.entries else None
    if table is not None and s.draw(st.booleans()):
        mates = [e for e in live if s.desk.state.entries[e].table == table]
        return {"type": "table_count", "table": table,
                "stacks": {e: s.draw(st.sampled_from([chips, 12000, 30000])) for e in mates[:4]}}
    return {"type": "chip_count", "entry": entry, "chips": chips}


def cmd_clock(s: Session) -> dict[str, Any]:
    action = s.draw(st.sampled_from(["start", "start", "pause", "resume", "next", "next", "previous", "adjust",
                                     "set", "stop"]))
    cmd: dict[str, Any] = {"type": "clock", "action": action}
    if action == "adjust":
        cmd["seconds"] = s.draw(st.one_of(st.integers(-1500, 1500), st.sampled_from([1.5, "60", True, 10**9])))
    elif action == "set":
        if s.draw(st.booleans()):
            cmd["index"] = s.draw(st.one_of(st.integers(-1, 6), st.sampled_from([True, "2", 1.0])))
        if s.draw(st.booleans()):
            cmd["seconds"] = s.draw(st.one_of(st.integers(-5, 1300), st.sampled_from([None, 0.5])))
    return cmd


def cmd_hand_for_hand(s: Session) -> dict[str, Any]:
    return {"type": "hand_for_hand", "action": s.draw(st.sampled_from(["on", "next", "next", "off", "maybe", None]))}


def cmd_pay(s: Session) -> dict[str, Any]:
    state = s.desk.state
    owed = [e.id for e in state.entries.values() if e.bounty_won > e.paid or e.status == "busted"]
    entry = s.draw(st.sampled_from(owed)) if owed and s.draw(st.integers(0, 3)) else any_entry(s)
    cmd: dict[str, Any] = {"type": "pay", "entry": entry}
    if s.draw(st.booleans()):
        cmd["payment"] = payment(s)
    return cmd


def cmd_undo(s: Session) -> dict[str, Any]:
    if s.draw(st.integers(0, 2)):
        return {"type": "undo"}
    return {"type": "undo", "seq": s.draw(st.one_of(st.integers(-1, s.desk.seq + 2), st.sampled_from(["1", None])))}


def cmd_floor(s: Session) -> dict[str, Any]:
    entry = s.draw(st.sampled_from(seated(s))) if seated(s) else any_entry(s)
    if s.draw(st.booleans()):
        return {"type": "player_clock", "entry": entry, "seconds": s.draw(st.sampled_from([0, 30, 60, 601, -1]))}
    unit = s.draw(st.sampled_from(["minutes", "hands"]))
    return {"type": "penalty", "entry": entry, unit: s.draw(st.sampled_from([1, 3, 10, 0, 121])),
            "reason": s.draw(st.sampled_from(["Soft play", ""]))}


def cmd_note(s: Session) -> dict[str, Any]:
    players = sorted(s.desk.state.players)
    player = s.draw(st.sampled_from(players)) if players and not rare(s, 6) else "p999"
    return {"type": "note_player", "player": player,
            "note": s.draw(st.sampled_from(["Leaves at midnight", "Pays by card", "", "  ", None, "x" * 501]))}


def cmd_envelopes(s: Session) -> dict[str, Any]:
    """The TD fixes the envelopes: the proposal (in a unit or the house's), a template, typed to the pool or not."""
    form = s.draw(st.sampled_from(["propose", "propose", "unit", "shares", "typed", "typed_wrong", "two"]))
    pool = s.desk.state.money.bounty_parts
    if form == "propose":
        return {"type": "envelopes", "propose": True}
    if form == "unit":
        return {"type": "envelopes", "propose": True, "unit": s.draw(st.sampled_from([1, 100, 500, 2500, 0, 10**9]))}
    if form == "shares":
        return {"type": "envelopes", "shares": [{"share_bp": 2000, "count": 1}, {"share_bp": 1000, "count": 8}]}
    if form == "two":
        return {"type": "envelopes", "propose": True, "shares": [{"share_bp": 10000, "count": 1}]}
    big = pool // 3
    rest = pool - big
    small = max(1, rest // 7)
    groups = [{"amount": max(1, big), "count": 1}, {"amount": small, "count": 7}]
    if rest - small * 7 > 0:
        groups.append({"amount": rest - small * 7, "count": 1})
    if form == "typed_wrong":
        groups[0]["amount"] += 1
    return {"type": "envelopes", "envelopes": groups}


def cmd_deal(s: Session) -> dict[str, Any]:
    """A deal among the players left, stacks shared out of the chips in play, ending play or not, with a
    way for the mystery envelopes left (or a wrong one)."""
    state = s.desk.state
    live = sorted(e.id for e in state.entries.values() if e.status == ACTIVE)
    if not live:
        return {"type": "deal", "method": "chip_chop", "stacks": {}}
    each = max(1, state.chips_in_play // len(live))
    stacks = {e: s.draw(st.sampled_from([each, each // 2 or 1, 1])) for e in live}
    cmd: dict[str, Any] = {"type": "deal", "method": s.draw(st.sampled_from(["chip_chop", "chip_chop", "icm"])),
                           "stacks": stacks}
    if s.draw(st.booleans()):
        cmd.update(end=True, order=s.draw(st.permutations(live)))
    if s.draw(st.booleans()):
        cmd["envelopes_left"] = s.draw(st.sampled_from(["drawn_on", "in_deal", "house_rule", "later"]))
    return cmd


def cmd_junk(s: Session) -> Any:
    form = s.draw(st.integers(0, 5))
    if form == 0:
        return s.draw(json_value)  # not even an object
    if form == 1:
        return s.draw(st.dictionaries(st.text(max_size=8), json_value, max_size=4))
    kind = s.draw(st.one_of(st.sampled_from(sorted(engine.COMMANDS)), json_value))
    cmd = s.draw(st.dictionaries(junk_fields, json_value, max_size=4))
    cmd["type"] = kind
    cmd.pop("command_id", None) if s.draw(st.booleans()) else None
    cmd.pop("dry_run", None) if s.draw(st.booleans()) else None
    return cmd


BUILDERS = {
    "register": (cmd_register, 6), "buy_in": (cmd_buy_in, 8), "rebuy": (cmd_rebuy, 2), "add_on": (cmd_add_on, 2),
    "bust": (cmd_bust, 12), "move": (cmd_move, 2), "seating": (cmd_seating, 3), "disqualify": (cmd_disqualify, 1),
    "chips_removed": (cmd_chips_removed, 1), "clock": (cmd_clock, 4), "hand_for_hand": (cmd_hand_for_hand, 2),
    "pay": (cmd_pay, 2), "undo": (cmd_undo, 2), "floor": (cmd_floor, 1), "count": (cmd_count, 2), "junk": (cmd_junk, 3),
    "note": (cmd_note, 1), "envelopes": (cmd_envelopes, 2), "deal": (cmd_deal, 1), "advance": (None, 5),
}
ACTIONS = [name for name, (_, weight) in BUILDERS.items() for _ in range(weight)]


def session_config(base: dict[str, Any], data: Any) -> dict[str, Any]:
    cfg = copy.deepcopy(base)
    cfg["seating"] = {"seats_per_table": data.draw(st.sampled_from([3, 4, 6, 9]), label="seats_per_table"),
                      "tables": 5}
    cfg["payouts"] = {
        "table": "standard",
        "rounding": data.draw(st.sampled_from([1, 500]), label="rounding"),
        "added": data.draw(st.sampled_from([0, 0, 5000]), label="added"),
        "guarantee": data.draw(st.sampled_from([0, 0, 100000]), label="guarantee"),
        "same_hand_ties": data.draw(st.sampled_from(["split", "by_stack"]), label="same_hand_ties"),
    }
    if "reentry" in cfg:
        cfg["reentry"] = {**cfg["reentry"], "seat": data.draw(st.sampled_from(["random", "same_allowed"]),
                                                              label="reentry.seat")}
    return cfg
