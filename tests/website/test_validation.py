"""What the site folds is checked field by field first: whatever a laptop writes passes, a crafted
event does not (422, nothing stored), and a broken tournament already in the database breaks no page."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers.clock import FakeClock
from tests.helpers.configs import PKO_CONFIG
from tests.helpers.desks import seat_players, table_mate
from tests.helpers.old_files import FIXTURES, read_jsonl, write_log
from tests.helpers.website import SiteServer, batch_body, create_token, push, query, wire
from tourneydesk import sim
from tourneydesk.core.read_models import snapshot
from tourneydesk.desk import Desk
from tourneysite.databases import open_storage
from tourneysite.results import ApiError, Results, parse_batch
from tourneysite.storage import Venue


def ingest_all(results: Results, venue: Venue, tid: str, events: list[dict[str, Any]]) -> int:
    acked = 0
    for i in range(0, len(events), 500):
        acked = results.ingest(tid, venue, parse_batch(batch_body(tid, events[i:i + 500]))).acked_seq
    return acked


@pytest.fixture
def results(tmp_path: Path, clock: FakeClock) -> Results:
    storage = open_storage(str(tmp_path / "site.db"))
    storage.create_token("Casino", clock())
    return Results(storage, clock)


def venue(results: Results) -> Venue:
    return results.storage.venues()[0]


def test_a_format_1_log_sent_whole_by_an_older_laptop_is_taken_without_its_private_fields(
        tmp_path: Path, results: Results) -> None:
    """The site's checks come from today's payload declarations; a log of format 1, its private fields
    still in (a laptop of before the sync stripped them), passes them and folds to the laptop's public
    snapshot, and nothing private is stored."""
    path = tmp_path / "format-1.tdesk"
    write_log(path, read_jsonl(FIXTURES / "format_v1" / "events.jsonl"))
    with Desk.open(path, read_only=True) as desk:
        whole = {e.seq: e.payload for e in desk.events()}
        events = [{**e, "payload": whole[e["seq"]]} for e in wire(desk)]
        assert any(e["payload"].get("email") for e in events)
        tid = desk.state.tournament_id
        assert ingest_all(results, venue(results), tid, events) == desk.seq
        now_ms = desk.events()[-1].at_ms + 60_000
        state = results._state(tid, desk.seq)
        assert snapshot.public(snapshot.snapshot(state, desk.seq, now_ms)) == \
            snapshot.public(snapshot.snapshot(desk.state, desk.seq, now_ms))
    stored = json.dumps([e.payload for e in results.storage.events(tid, 0)])
    assert "a@example.org" not in stored and '"payment"' not in stored and '"fee"' not in stored


@pytest.mark.parametrize("structure", ["pko", "regular", "turbo", "deepstack", "wpt-toc-2018", "wsop-main-2019"])
def test_every_shipped_structure_played_to_the_end_passes_every_check(structure: str, tmp_path: Path,
                                                                       results: Results) -> None:
    path = tmp_path / "sim.tdesk"
    assert sim.run(60, 3, structure, path)["ok"]
    with Desk.open(path) as desk:
        events = wire(desk)
        assert ingest_all(results, venue(results), desk.state.tournament_id, events) == desk.seq
        now = desk.now_ms() / 1000
        assert results.public_snapshot(desk.state.tournament_id) is not None
        state = results._state(desk.state.tournament_id, desk.seq)
        assert snapshot.public(snapshot.snapshot(state, desk.seq, round(now * 1000))) == \
            snapshot.public(desk.snapshot(now=now))


def played(desk: Desk, clock: FakeClock) -> Desk:
    """A night with a name corrected, a registration taken back, a penalty, busts, an undo, a re-entry,
    a deal and the payments."""
    entries = seat_players(desk, 6, payment="card")
    desk.execute({"type": "edit_player", "player": desk.state.entries[entries[3]].player, "name": "Zoë Martin",
                  "email": "zoe@example.org"})
    gone = desk.execute({"type": "register", "name": "Not Tonight"})["player"]
    desk.execute({"type": "unregister", "player": gone})
    desk.execute({"type": "clock", "action": "start"})
    clock.advance(minutes=5)
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    desk.execute({"type": "bust", "entry": entries[1], "by": [table_mate(desk, entries[1])]})
    desk.execute({"type": "undo"})
    player = desk.snapshot()["entries"][0]["player"]
    desk.execute({"type": "buy_in", "player": player, "payment": "cash", "present": True})
    clock.advance(minutes=60)
    desk.execute({"type": "penalty", "entry": entries[2], "hands": 2, "reason": "late"})
    desk.execute({"type": "chip_count", "entry": entries[2], "chips": 31_500})
    live = [e["id"] for e in desk.snapshot()["entries"] if e["status"] == "active"]
    desk.execute({"type": "deal", "method": "chip_chop", "stacks": {e: 20000 + 1000 * i for i, e in enumerate(live)},
                  "end": True, "order": live})
    for e in desk.snapshot()["entries"]:
        if not e["paid"]:
            desk.execute({"type": "pay", "entry": e["id"], "payment": "cash"})
    return desk


def test_an_evening_with_undo_penalty_deal_and_payments_passes(make_desk: Any, clock: FakeClock,
                                                                results: Results) -> None:
    desk = played(make_desk(PKO_CONFIG), clock)
    assert ingest_all(results, venue(results), desk.state.tournament_id, wire(desk)) == desk.seq


def crafted(events: list[dict[str, Any]], kind: str, change: Any) -> list[dict[str, Any]]:
    """The log with its first event of `kind` changed by `change(payload)`."""
    out = copy.deepcopy(events)
    target = next(e for e in out if e["type"] == kind)
    change(target["payload"])
    return out


def first_busted_entry(events: list[dict[str, Any]]) -> str:
    return str(next(e["payload"]["entry"] for e in events if e["type"] == "busted"))


CRAFTED: dict[str, tuple[str, Any, str]] = {
    "a float price": ("entry_bought", lambda p: p["price"].update(prize=50.5), "payload.price.prize"),
    "a float stack": ("entry_bought", lambda p: p.update(chips=25000.0), "payload.chips"),
    "a huge int": ("entry_bought", lambda p: p.update(chips=10**30), "payload.chips"),
    "a negative price": ("entry_bought", lambda p: p["price"].update(bounty=-1), "payload.price.bounty"),
    "an unknown field": ("entry_bought", lambda p: p.update(vip=True), "payload.vip"),
    "an unknown nested field": ("busted", lambda p: p["awards"][0].update(tip=5), "payload.awards[0].tip"),
    "a name of a megabyte": ("player_registered", lambda p: p.update(name="x" * 1_000_000), "payload.name"),
    "a seat 0": ("entry_bought", lambda p: p.update(seat=0), "payload.seat"),
    "a boolean as a number": ("entry_bought", lambda p: p.update(number=True), "payload.number"),
    "a deep nest": ("table_opened", lambda p: p.update(table=json.loads("[" * 40 + "]" * 40)), "payload.table"),
    "a float in the config": ("tournament_created", lambda p: p["config"]["levels"][0].update(small_blind=100.5),
                              "payload.config.levels[0].small_blind"),
    # `$` matches before a trailing newline: "p1\n" would be stored as another player than "p1"
    "a player id ending in a newline": ("player_registered", lambda p: p.update(player=p["player"] + "\n"),
                                        "payload.player"),
    "an eliminator's id ending in a newline": ("busted", lambda p: p.update(by=[p["by"][0] + "\n"]), "payload.by[0]"),
    "a chip count beyond the chips in play": ("chips_counted", lambda p: p.update(chips=10**12), "payload.chips"),
    "a chip count of none": ("chips_counted", lambda p: p.update(chips=0), "payload.chips"),
    "an undo of a command that does not exist": ("undone", lambda p: p.update(commands=[9_999]),
                                                 "payload.commands[0]"),
    "an undo of the tournament's creation": ("undone", lambda p: p.update(commands=[1], types=["tournament_created"]),
                                             "payload.commands[0]"),
    "an undo naming other events than the log's": ("undone", lambda p: p.update(types=["moved"]), "payload.types"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_a_crafted_event_is_refused_naming_its_field_and_nothing_is_stored(
        case: str, make_desk: Any, clock: FakeClock, results: Results) -> None:
    desk = played(make_desk(PKO_CONFIG), clock)
    kind, change, field = CRAFTED[case]
    events = crafted(wire(desk), kind, change)
    with pytest.raises(ApiError) as refused:
        ingest_all(results, venue(results), desk.state.tournament_id, events)
    assert refused.value.status == 422 and refused.value.body["error"] == "invalid_event"
    assert refused.value.body["field"].startswith(field), refused.value.body
    assert results.storage.tournament(desk.state.tournament_id) is None


def test_a_bust_by_an_eliminator_who_is_out_does_not_fold(make_desk: Any, clock: FakeClock, results: Results) -> None:
    desk = make_desk(PKO_CONFIG)
    entries = seat_players(desk, 6, payment="card")
    desk.execute({"type": "clock", "action": "start"})
    desk.execute({"type": "bust", "entry": entries[0], "by": [table_mate(desk, entries[0])]})
    good = wire(desk)
    tid = desk.state.tournament_id
    assert ingest_all(results, venue(results), tid, good) == desk.seq
    out = first_busted_entry(good)
    victim = next(e for e in entries if e != out and desk.state.entries[e].status == "active")
    forged = {"seq": desk.seq + 1, "type": "busted", "at": good[-1]["at"],
              "station": None, "payload": {"entry": victim, "by": [out], "awards": []}, "hash": "f" * 64}
    with pytest.raises(ApiError) as refused:
        results.ingest(tid, venue(results), parse_batch(batch_body(tid, [forged])))
    assert refused.value.status == 422 and "is out" in refused.value.body["detail"]
    for kind, payload, why in [
        ("busted", {"entry": "e999", "by": [], "awards": []}, "does not have"),
        ("moved", {"entry": victim, "table": 99, "seat": 1}, "not open"),
        ("player_registered", {"player": desk.state.entries[victim].player, "name": "Twin"}, "registered already"),
    ]:
        with pytest.raises(ApiError) as refused:
            crafted_body = batch_body(tid, [{**forged, "type": kind, "payload": payload}])
            results.ingest(tid, venue(results), parse_batch(crafted_body))
        assert refused.value.status == 422 and why in refused.value.body["detail"], refused.value.body
    assert results.storage.tournament(tid) is not None
    assert results.storage.tournament(tid).acked_seq == desk.seq  # type: ignore[union-attr]


FORGED_SEATING: dict[str, tuple[Any, str]] = {
    # two players filled into one seat: the first is left sitting at a seat that holds the other
    "two players into one seat": (lambda roomy, free, other: ("table_filled", {
        "table": roomy, "moves": [{"entry": entry, "from_table": 3 - roomy, "from_seat": seat, "seat": free}
                                  for seat, entry in other[:2]]}),
        "sits at table {roomy} seat {free}, where"),
    # a table broken with its players but one left behind: nobody may sit at a table that is closed
    "players left at a broken table": (lambda roomy, free, other: ("table_broken", {
        "table": 3 - roomy, "moves": [{"entry": other[0][1], "from_seat": other[0][0], "table": roomy, "seat": free,
                                       "waits": None}]}), "which is not open"),
}


@pytest.mark.parametrize("case", sorted(FORGED_SEATING))
def test_a_batch_that_leaves_a_seating_no_page_can_show_is_refused_and_nothing_is_stored(
        case: str, make_desk: Any, clock: FakeClock, results: Results) -> None:
    desk = make_desk(PKO_CONFIG)
    seat_players(desk, 14, payment="card")  # two tables, one of them with seats free
    tables = {n: dict(t.seats) for n, t in desk.state.tables.items()}
    assert sorted(tables) == [1, 2], tables
    roomy = min(tables, key=lambda n: len(tables[n]))
    free = min(set(range(1, 10)) - set(tables[roomy]))
    other = sorted(tables[3 - roomy].items())  # (seat, entry)
    good = wire(desk)
    tid = desk.state.tournament_id
    assert ingest_all(results, venue(results), tid, good[:-1]) == desk.seq - 1
    make, why = FORGED_SEATING[case]
    kind, payload = make(roomy, free, other)
    forged = {"seq": desk.seq + 1, "type": kind, "at": good[-1]["at"], "station": None, "payload": payload,
              "hash": "f" * 64}
    with pytest.raises(ApiError) as refused:
        results.ingest(tid, venue(results), parse_batch(batch_body(tid, [good[-1], forged])))
    assert refused.value.status == 422, refused.value.body
    assert why.format(roomy=roomy, free=free) in refused.value.body["detail"], refused.value.body
    assert results.storage.tournament(tid).acked_seq == desk.seq - 1  # type: ignore[union-attr]
    assert ingest_all(results, venue(results), tid, good[-1:]) == desk.seq  # the true batch is taken


def test_a_broken_tournament_already_stored_breaks_no_other_page(
        make_desk: Any, clock: FakeClock, site: SiteServer, db_url: str, http: httpx.Client,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Bad rows written by an older site (or by hand): every other page answers, the broken one says so."""
    good_token = create_token(db_url, "Good Club", capsys)
    bad_token = create_token(db_url, "Other Club", capsys)
    good = make_desk(PKO_CONFIG, name="good.tdesk")
    seat_players(good, 4)
    bad = make_desk(PKO_CONFIG, name="bad.tdesk")
    seat_players(bad, 4)
    push(http, good_token, good.state.tournament_id, wire(good))
    push(http, bad_token, bad.state.tournament_id, wire(bad))
    site.stop()
    # a float price and a summary no page can read, as the issue saw
    row = query(db_url, "SELECT seq, payload FROM events WHERE tournament_id = ? AND type = 'entry_bought'"
                " ORDER BY seq", (bad.state.tournament_id,))[0]
    payload = json.loads(row[1])
    payload["price"]["prize"] = 50.5
    query(db_url, "UPDATE events SET payload = ? WHERE tournament_id = ? AND seq = ?",
          (json.dumps(payload), bad.state.tournament_id, row[0]))
    query(db_url, "UPDATE tournaments SET summary = '{\"players\": \"many\"' WHERE id = ?",
          (bad.state.tournament_id,))
    query(db_url, "DELETE FROM checkpoints")
    site.start()
    for path in ["/", "/venues/1", "/venues/2", f"/t/{good.state.tournament_id}",
                 f"/t/{good.state.tournament_id}/results", f"/api/v1/tournaments/{good.state.tournament_id}"]:
        assert http.get(path).status_code == 200, path
    home = http.get("/").text
    assert "Good Club" in home and "Other Club" in home
    broken = http.get(f"/t/{bad.state.tournament_id}")
    assert broken.status_code == 503 and "cannot be shown" in broken.text
    assert http.get(f"/api/v1/tournaments/{bad.state.tournament_id}").status_code == 503


JSON = st.recursive(st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
                    | st.floats(allow_nan=False) | st.text(max_size=8) | st.sampled_from(["e1\n", "p1\n", "e1", "p1"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                    max_leaves=8)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a payload a value sits: the keys and indexes leading there."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found.extend(paths(item, (*prefix, i)))
    return found


@pytest.fixture
def night(make_desk: Any, clock: FakeClock) -> list[dict[str, Any]]:
    """`played`'s night as the sync sends it (made once for all the examples of a test)."""
    return wire(played(make_desk(PKO_CONFIG), clock))


@settings(max_examples=int(os.environ.get("TOURNEYSITE_FUZZ_EXAMPLES", "150")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_event_changed_anywhere_is_stored_or_refused_with_a_4xx_never_an_error(
        data: st.DataObject, night: list[dict[str, Any]], results: Results) -> None:
    """Any value in any field of any event of a night with undo, chip counts, a deal and payments: the site
    stores the batch or refuses it with a 4xx naming the problem; nothing else (no 500) whatever is sent."""
    events = copy.deepcopy(night)
    tid = f"fuzz-{data.draw(st.uuids()).hex}"
    events[0]["payload"]["tournament_id"] = tid
    for _ in range(data.draw(st.integers(1, 3))):
        event = data.draw(st.sampled_from(events))
        where = data.draw(st.sampled_from(paths(event["payload"])))
        value = data.draw(JSON)
        if not where:
            event["payload"] = value
            continue
        holder = event["payload"]
        for step in where[:-1]:
            holder = holder[step]
        holder[where[-1]] = value
    try:
        ingest_all(results, venue(results), tid, events)
    except ApiError as error:
        assert 400 <= error.status < 500 and error.body.get("detail"), error.body
