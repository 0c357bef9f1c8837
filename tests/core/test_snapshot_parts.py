"""Each fact of the snapshot's entries, money and event part is declared public or private once
(`core/read_models/snapshot_parts.py`), and the public snapshot keeps only what is declared public."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tests.helpers import sample_log
from tourneydesk.core import engine
from tourneydesk.core.read_models import snapshot, snapshot_parts
from tourneydesk.core.read_models.snapshot_parts import Day2Part, EntryPart, FlightPart, MoneyPart, SatellitePart


def snapshots() -> list[dict[str, Any]]:
    """The end of every sample file: the evening, the mystery evening, two flights, their Day 2, a
    satellite and the Main Event taking its seats, each fact there is written by one of them."""
    return [snapshot.snapshot(engine.fold(events), events[-1].seq, events[-1].at_ms) for events in sample_log.logs()]


def declared(part: type[Mapping[str, Any]]) -> tuple[frozenset[str], frozenset[str]]:
    return frozenset(part.__required_keys__), frozenset(part.__required_keys__ | part.__optional_keys__)


def test_every_fact_the_snapshot_builds_of_an_entry_the_money_and_the_event_is_declared() -> None:
    parts = {"flight": FlightPart, "day2": Day2Part, "satellite": SatellitePart}
    seen_kinds = set()
    for snap in snapshots():
        for part, values in ((EntryPart, snap["entries"]), (MoneyPart, [snap["money"]])):
            must, may = declared(part)
            for value in values:
                assert must <= value.keys() <= may, (part.__name__, sorted(value.keys() ^ may))
        event = snap.get("event")
        if event:
            seen_kinds.add(event["kind"])
            must, may = declared(parts[event["kind"]])
            assert must <= event.keys() <= may, (event["kind"], sorted(event.keys() ^ may))
    assert seen_kinds == set(parts)  # each kind of event part was built and checked


def test_the_public_snapshot_keeps_what_is_declared_public_and_nothing_else() -> None:
    for snap in snapshots():
        public = snapshot.public(snap)
        for entry in public["entries"]:
            assert entry.keys() <= snapshot_parts.ENTRY.fields.keys()
            assert not entry.keys() & {"paid", "owed", "penalty"}
        assert not public["money"].keys() & {"collected", "fees", "paid_out", "drawer"}
        assert public["money"]["prize_pool"] == snap["money"]["prize_pool"]  # the public facts stay
        if snap.get("event", {}) and snap["event"]["kind"] == "satellite":
            assert "holders" not in public["event"] and public["event"]["seats"] == snap["event"]["seats"]


def test_a_fact_the_snapshot_gains_without_a_declaration_stays_on_the_laptop() -> None:
    snap = snapshots()[0]
    snap = {**snap, "entries": [{**e, "secret_note": "s3cret"} for e in snap["entries"]],
            "money": {**snap["money"], "tips": 5000}}
    public = snapshot.public(snap)
    assert all("secret_note" not in e for e in public["entries"]) and "tips" not in public["money"]


def test_the_mystery_draws_are_public_with_who_took_what() -> None:
    mystery = next(s for s in snapshots() if "envelopes" in s["money"])
    drawn = snapshot.public(mystery)["money"]["envelopes"]["drawn"]
    assert drawn and drawn == mystery["money"]["envelopes"]["drawn"]
