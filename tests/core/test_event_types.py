"""Every event type is declared once, with every facet: a type the core writes without a declaration,
or a declaration missing its apply, touches, ledger kind, log words, upcasts or payload type (whose
fields say what is public), fails here.

The facets are exercised on real payloads: the sample evening played through today's desk (every event
type in it, `tests/helpers/sample_log.py`) and the committed log of a tournament as format 1 wrote it.
"""

from __future__ import annotations

import ast
import dataclasses
from collections import defaultdict
from pathlib import Path
from typing import Any, TypedDict, is_typeddict

import pytest

from tests.helpers import sample_log
from tests.helpers.old_files import FIXTURES, read_jsonl
from tests.helpers.typed_dicts import problems
from tourneydesk.core import engine
from tourneydesk.core.protocol import event_types, payload_fields, public
from tourneydesk.core.protocol.event_types import EVENT_TYPES, LogWords, Touches, touched, upcast
from tourneydesk.core.protocol.events import Event
from tourneydesk.core.read_models import ledger

CORE = Path(__file__).resolve().parents[2] / "desktop" / "tourneydesk" / "core"
FORMAT_1 = read_jsonl(FIXTURES / "format_v1" / "events.jsonl")


def written_by_the_core() -> set[str]:
    """Every event type a decision adds (`d.add("type", payload)`), read from the core's source."""
    kinds: set[str] = set()
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"
                    and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                kinds.add(node.args[0].value)
    return kinds


def events_by_type() -> dict[str, list[Event]]:
    """Each type's events in the sample log (every type there is) and in the format-1 log (as it was written)."""
    out: dict[str, list[Event]] = defaultdict(list)
    for log in sample_log.logs():
        for event in log:
            out[event.type].append(event)
    for row in FORMAT_1:
        out[row["type"]].append(Event(row["type"], row["payload"]))
    return out


def payloads_by_type() -> dict[str, list[dict[str, Any]]]:
    """The format-1 log's payloads, by type."""
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in FORMAT_1:
        out[row["type"]].append(row["payload"])
    return out


def test_every_event_type_the_core_writes_is_declared() -> None:
    written = written_by_the_core() | {"tournament_created", "undone"}  # written by the desk and by undo
    assert len(written) > 20
    assert written == set(EVENT_TYPES), f"undeclared: {written - set(EVENT_TYPES)}; never written: " \
                                        f"{set(EVENT_TYPES) - written}"


def test_the_apply_table_the_public_filter_and_the_ledger_read_the_declarations() -> None:
    assert {name: t.apply for name, t in EVENT_TYPES.items() if name != "tournament_created"} == engine.APPLY
    assert set(public.PUBLIC_FIELDS) == set(EVENT_TYPES)
    assert set(ledger.MONEY_EVENTS) == {"entry_bought", "rebought", "added_on", "paid", "seat_won"}


class Unmarked(TypedDict):
    entry: str


def test_a_payload_field_that_says_neither_public_nor_private_fails_before_anything_leaves() -> None:
    with pytest.raises(TypeError, match=r"Unmarked\.entry is neither public"):
        payload_fields.shape(Unmarked)


def test_the_sample_evening_writes_every_event_type() -> None:
    """`tests/helpers/sample_log.py` plays it: a new event type is added there, as the command that writes it."""
    assert {e.type for log in sample_log.logs() for e in log} == set(EVENT_TYPES)


@pytest.mark.parametrize("name", sorted(EVENT_TYPES))
def test_every_declaration_has_every_facet(name: str) -> None:
    t = EVENT_TYPES[name]
    assert {f.name for f in dataclasses.fields(t)} == {"name", "apply", "touches", "ledger", "log",
                                                       "undoable", "version", "upcasts", "payload"}
    assert is_typeddict(t.payload) and t.payload.__name__ == "".join(w.capitalize() for w in name.split("_"))
    assert t.name == name
    assert callable(t.apply) or name == "tournament_created"  # which starts the state (engine.new_state)
    assert isinstance(t.log, LogWords)
    assert t.ledger is None or callable(t.ledger)
    assert t.version >= 1 and set(t.upcasts) <= set(range(1, t.version))
    samples = events_by_type()[name]
    assert samples, f"no {name} in the sample log"
    seen_fields = set().union(*(upcast(e).payload.keys() for e in samples))
    for field in (*t.log.who, *(f for f in (t.log.name, t.log.by, t.log.action) if f)):
        assert field in seen_fields, f"{name}'s log names {field!r}, which its payload never holds"
    for event in samples:
        payload = event.payload
        assert not problems(upcast(event).payload, t.payload), (name, payload)
        shown = touched(event)
        assert isinstance(shown, Touches)
        for resource in shown.writes | shown.reads | shown.adds:
            kind = resource.split(":")[0]
            assert kind in event_types.RESOURCE_KINDS if ":" in resource else resource in event_types.WHOLE_PARTS, \
                (name, resource)
        if t.undoable:
            assert shown.writes | shown.adds, f"undoing a {name} would change something: it must say what"
        if t.ledger is not None:
            assert t.ledger(payload) in ("buy_in", "reentry", "rebuy", "add_on", "payout", "seat")


def test_an_event_that_seats_or_unseats_someone_names_the_seat() -> None:
    """What undo needs to refuse putting two players in one seat: every seat change is a written seat."""
    seat_changes = {"entry_bought", "busted", "moved", "table_broken", "table_filled", "final_table_drawn",
                    "entry_removed"}
    current = {"entry_removed": {"entry": "e1", "kind": "removed", "reason": "ill", "chips": 0, "table": 2,
                                 "seat": 5}}
    for name in seat_changes:
        payloads = [*payloads_by_type()[name], *([current[name]] if name in current else [])]
        for payload in payloads:
            writes = touched(Event(name, payload, version=EVENT_TYPES[name].version if payload in current.values()
                                   else 1)).writes
            assert any(w.startswith("seat:") for w in writes), (name, payload)
    assert "seat:2:5" in touched(Event("entry_removed", current["entry_removed"], version=2)).writes
    # Format 1 did not record the seat: a seat, unknown, is written all the same.
    assert "seat:?:?" in touched(Event("entry_removed", {"entry": "e1", "kind": "removed", "chips": 0})).writes


def test_an_old_event_is_brought_up_to_todays_format_before_it_is_applied() -> None:
    old = Event("entry_removed", {"entry": "e1", "kind": "removed", "reason": "ill", "chips": 0})
    new = upcast(old)
    assert new.version == EVENT_TYPES["entry_removed"].version == 2
    assert new.payload == {**old.payload, "table": None, "seat": None}
    assert old.payload == {"entry": "e1", "kind": "removed", "reason": "ill", "chips": 0}  # left as it was
    assert upcast(new) is new
    unknown = Event("loyalty_points", {"points": 3})
    assert upcast(unknown) is unknown
