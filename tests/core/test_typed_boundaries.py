"""Commands, events and plan steps are typed where they cross into and out of the core: a TypedDict for
each command (`core/protocol/commands.py`), each event type's payload (`core/protocol/payloads.py`, the
`payload` facet of its declaration) and each kind of plan step (`core/protocol/plan_steps.py`). mypy
checks the code against them; these tests check that they say what the program really does: the
commands' types against the fields the desk accepts, and the commands, events and steps of whole
tournaments played through the desk against their types."""

from __future__ import annotations

from pathlib import Path
from typing import Any, get_args, get_overloads, get_type_hints

import pytest

from tests.helpers.typed_dicts import problems
from tourneydesk import sim
from tourneydesk.core import engine
from tourneydesk.core.protocol import command_fields, commands, plan_steps
from tourneydesk.core.protocol.event_types import EVENT_TYPES, upcast
from tourneydesk.core.protocol.events import Decision
from tourneydesk.desk import Desk

KIND_TYPES = {"text": str | None, "int": int | None, "bool": bool | None, "list": list[Any] | None,
              "dict": dict[str, Any] | None, "json": Any}


def test_every_command_has_its_type_with_the_fields_the_desk_accepts() -> None:
    assert set(commands.SHAPES) == set(engine.COMMANDS) | {"undo"} == set(command_fields.FIELDS)
    for kind, shape in commands.SHAPES.items():
        hints = get_type_hints(shape)
        assert set(hints) == {"type"} | set(command_fields.FIELDS[kind]) | set(command_fields.COMMON), kind
        assert shape.__required_keys__ == {"type"}, f"{kind}: every field but type may be left out"
        assert not problems({"type": kind}, shape) and problems({"type": "not_" + kind}, shape)
        for name, spec in {**command_fields.COMMON, **command_fields.FIELDS[kind]}.items():
            if name != "type":
                assert hints[name] == KIND_TYPES[spec.kind], f"{kind}.{name} is declared {spec.kind}"
    for kind, (_, fields) in engine.COMMANDS.items():
        assert fields == set(command_fields.FIELDS[kind]), kind


def test_each_event_a_rule_decides_is_checked_against_its_declared_payload() -> None:
    """`Decision.add` has one typed form per event type, with the payload type its declaration names: what
    mypy checks every rule's events against is the file format the declarations give."""
    forms = {}
    for form in get_overloads(Decision.add):
        hints = get_type_hints(form)
        (kind,), (payload,) = get_args(hints["type_"]), get_args(hints["payload"])
        assert kind not in forms, f"{kind} has two forms"
        forms[kind] = payload
    assert forms == {kind: declared.payload for kind, declared in EVENT_TYPES.items()}


def test_a_field_of_the_wrong_kind_does_not_fit_its_command() -> None:
    assert problems({"type": "bust", "entry": "e1", "by": ["e2"]}, commands.BustCommand) == []
    assert problems({"type": "bust", "entry": 7}, commands.BustCommand) == [".entry: 7 is not str | NoneType"]
    assert problems({"type": "move", "table": True}, commands.MoveCommand) == [".table: True is not int | NoneType"]
    assert problems({"type": "finish", "entry": "e1"}, commands.FinishCommand) == [".entry: not a field of "
                                                                                 "FinishCommand"]


@pytest.mark.parametrize("structure", ["pko", "regular"])
def test_a_whole_tournament_sends_writes_and_plans_only_what_the_types_say(
        structure: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sim plays a tournament through the desk (registrations, buy-ins, re-entries, rebuys, busts,
    balancing, the final table, payouts); every command it sends, every step the desk plans and every
    step `balance` carries out is of its type."""
    sent: list[dict[str, Any]] = []
    planned: list[Any] = []
    answered: list[dict[str, Any]] = []
    execute, plan = Desk.execute, Desk.plan

    def recording_execute(desk: Desk, cmd: dict[str, Any]) -> dict[str, Any]:
        result = execute(desk, cmd)
        sent.append(cmd)
        if cmd["type"] == "balance":
            answered.extend([*result["applied"], *result["waiting"]])
        return result

    def recording_plan(desk: Desk, now: float | None = None) -> list[plan_steps.Step]:
        steps = plan(desk, now)
        planned.extend(steps)
        return steps

    monkeypatch.setattr(Desk, "execute", recording_execute)
    monkeypatch.setattr(Desk, "plan", recording_plan)
    path = tmp_path / "played.tdesk"
    assert sim.run(150, 4, structure, path)["ok"]

    assert {c["type"] for c in sent} >= {"register", "buy_in", "bust", "clock", "balance", "pay"}
    for cmd in sent:
        assert not problems(cmd, commands.SHAPES[cmd["type"]]), cmd
    assert {s["kind"] for s in planned} >= {"break_table", "final_table"}
    for step in planned + answered:
        assert not problems(step, plan_steps.SHAPES[step["kind"]]), step
    assert any("moves" in s for s in answered)  # a break carried out says where everyone went
    with Desk.open(path, read_only=True) as desk:
        events = desk.events()
    assert len({e.type for e in events}) > 12
    for event in events:
        assert not problems(upcast(event).payload, EVENT_TYPES[event.type].payload), (event.seq, event.type)
