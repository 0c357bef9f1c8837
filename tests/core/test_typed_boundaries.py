"""Commands, events and plan steps are typed where they cross into and out of the core: a TypedDict for
each command (`core/protocol/commands.py`), each event type's payload (`core/protocol/payloads.py`, the
`payload` facet of its declaration) and each kind of plan step (`core/protocol/plan_steps.py`). mypy
checks the code against them; these tests check that they say what the program really does: the
commands' types against the fields the desk accepts, and the commands, events and steps of whole
tournaments played through the desk against their types."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Annotated, Any, Literal, Required, get_origin, get_type_hints

import pytest

from tests.helpers.typed_dicts import problems
from tourneydesk import sim
from tourneydesk.core import engine
from tourneydesk.core.protocol import command_fields, commands, plan_steps
from tourneydesk.core.protocol.event_types import EVENT_TYPES, upcast
from tourneydesk.desk import Desk

CORE = Path(__file__).resolve().parents[2] / "desktop" / "tourneydesk" / "core"


def test_every_command_is_declared_with_a_type_whose_fields_all_may_be_left_out() -> None:
    assert len(engine.COMMANDS) > 25 and "undo" in engine.COMMANDS
    for kind, declared in engine.COMMANDS.items():
        shape = declared.shape
        assert set(get_type_hints(shape)) == {"type"} | set(declared.fields) | set(commands.COMMON), kind
        # (read off the hints: a module with postponed annotations leaves `__required_keys__` empty)
        required = {f for f, hint in get_type_hints(shape, include_extras=True).items() if get_origin(hint) is Required}
        assert required == {"type"}, f"{kind}: every field but type may be left out"
        assert not problems({"type": kind}, shape) and problems({"type": "not_" + kind}, shape)


class NoKind(commands.Common, total=False):
    type: Required[Literal["no_kind"]]
    entry: str | None


class WrongType(commands.Common, total=False):
    type: Required[Literal["wrong_type"]]
    chips: Annotated[str | None, command_fields.CHIPS]


class Unnamed(commands.Common, total=False):
    entry: commands.Id


@pytest.mark.parametrize(("shape", "problem"), [(NoKind, "NoKind.entry has no kind"),
                                                (WrongType, "WrongType.chips: a chips is read as int | None"),
                                                (Unnamed, "names the command")])
def test_a_command_declared_without_its_kinds_fails_before_any_command_runs(shape: Any, problem: str) -> None:
    with pytest.raises(TypeError, match=re.escape(problem)):
        commands.declare(shape)
    assert not {"no_kind", "wrong_type"} & set(commands.declared_in(sys.modules[__name__]))


def test_each_event_a_rule_decides_is_built_as_its_declared_payload() -> None:
    """`d.add("chips_counted", payloads.ChipsCounted(...))`: mypy checks the payload against its TypedDict;
    here, that the TypedDict is the one the event type's declaration names."""
    built: dict[str, set[str]] = {}
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add"
                    and len(node.args) == 2 and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[1], ast.Call) and isinstance(node.args[1].func, ast.Attribute)):
                built.setdefault(str(node.args[0].value), set()).add(node.args[1].func.attr)
    assert len(built) > 20
    for kind, payload_types in built.items():
        assert payload_types == {EVENT_TYPES[kind].payload.__name__}, kind


def test_a_field_of_the_wrong_kind_does_not_fit_its_command() -> None:
    bust, move, finish = (engine.COMMANDS[kind].shape for kind in ("bust", "move", "finish"))
    assert problems({"type": "bust", "entry": "e1", "by": ["e2"]}, bust) == []
    assert problems({"type": "bust", "entry": 7}, bust) == [".entry: 7 is not str | NoneType"]
    assert problems({"type": "move", "table": True}, move) == [".table: True is not int | NoneType"]
    assert problems({"type": "finish", "entry": "e1"}, finish) == [".entry: not a field of FinishCommand"]


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
        assert not problems(cmd, engine.COMMANDS[cmd["type"]].shape), cmd
    assert {s["kind"] for s in planned} >= {"break_table", "final_table"}
    for step in planned + answered:
        assert not problems(step, plan_steps.SHAPES[step["kind"]]), step
    assert any("moves" in s for s in answered)  # a break carried out says where everyone went
    with Desk.open(path, read_only=True) as desk:
        events = desk.events()
    assert len({e.type for e in events}) > 12
    for event in events:
        assert not problems(upcast(event).payload, EVENT_TYPES[event.type].payload), (event.seq, event.type)


def test_every_command_a_rule_module_declares_is_one_the_engine_takes() -> None:
    """A rule module that declares a command but is not imported by the engine would leave it unknown:
    the desk would refuse it as a command that does not exist."""
    import ast
    from pathlib import Path

    from tourneydesk.core import engine, rules

    declaring = set()
    for path in Path(rules.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", "")
                 for n in ast.walk(tree) if isinstance(n, ast.Call)}
        if names & {"command", "declare"}:
            declaring.add(f"{rules.__name__}.{path.stem}")
    taken = {c.shape.__module__ for c in engine.COMMANDS.values()}
    assert declaring and declaring <= taken, sorted(declaring - taken)
