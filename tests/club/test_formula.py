"""The points formula: read as data, evaluated like arithmetic, junk refused with the column at fault."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tourneydesk.club.formula import FUNCTIONS, PRESETS, VARIABLES, FormulaError, check, parse

NIGHT = {"entries": 30, "players": 25, "place": 3, "prize": 120.0, "buy_in": 20.0, "knockouts": 2,
         "bounty_won": 15.0, "rebuys": 1, "add_ons": 1, "reentries": 5}


# -- a reference: random expression trees, written out as text and worked out here directly ----------
class Undefined(Exception):
    """The reference has no value here (a division by zero, a log of a negative...)."""


def reference(tree: Any, v: dict[str, float]) -> float:
    kind = tree[0]
    if kind == "num":
        return tree[1]
    if kind == "var":
        return v[tree[1]]
    if kind == "neg":
        return -reference(tree[1], v)
    if kind == "call":
        name, args = tree[1], tree[2]
        if name == "if":
            return reference(args[1] if reference(args[0], v) != 0 else args[2], v)
        xs = [reference(a, v) for a in args]
        if name == "sqrt":
            if xs[0] < 0:
                raise Undefined
            return math.sqrt(xs[0])
        if name in ("log", "ln"):
            base = math.e if name == "ln" else (xs[1] if len(xs) > 1 else 10)
            if xs[0] <= 0 or base <= 0 or base == 1:
                raise Undefined
            return math.log(xs[0]) / math.log(base)
        if name == "round":
            scale = 10 ** int(xs[1]) if len(xs) > 1 else 1
            return math.copysign(math.floor(abs(xs[0]) * scale + 0.5), xs[0]) / scale
        return {"floor": lambda: math.floor(xs[0]), "ceil": lambda: math.ceil(xs[0]),
                "min": lambda: min(xs), "max": lambda: max(xs)}[name]()
    a, b = reference(tree[1], v), reference(tree[2], v)
    if kind == "/" and b == 0:
        raise Undefined
    if kind == "^":
        if (a == 0 and b < 0) or (a < 0 and b != int(b)) or abs(b) > 8 or abs(a) > 1e6:
            raise Undefined
        return a ** b
    return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else 0, "<": float(a < b), ">": float(a > b),
            "<=": float(a <= b), ">=": float(a >= b), "==": float(a == b), "!=": float(a != b)}[kind]


def text(tree: Any) -> str:
    """Every operation in parentheses: the text says the tree, whatever the precedence rules."""
    kind = tree[0]
    if kind == "num":
        return repr(tree[1]) if tree[1] != int(tree[1]) else str(int(tree[1]))
    if kind == "var":
        return tree[1]
    if kind == "neg":
        return f"(-{text(tree[1])})"
    if kind == "call":
        return f"{tree[1]}({', '.join(text(a) for a in tree[2])})"
    return f"({text(tree[1])} {kind} {text(tree[2])})"


leaves = st.one_of(st.builds(lambda n: ("num", float(n)), st.integers(0, 50)),
                   st.builds(lambda n: ("num", n / 4), st.integers(1, 40)),
                   st.sampled_from([("var", name) for name in VARIABLES]))


def _grow(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    binary = st.tuples(st.sampled_from(["+", "-", "*", "/", "^", "<", ">=", "=="]), children, children)
    one = st.tuples(st.just("call"), st.sampled_from(["sqrt", "ln", "floor", "ceil", "round", "log"]),
                    st.lists(children, min_size=1, max_size=1))
    many = st.tuples(st.just("call"), st.sampled_from(["min", "max"]), st.lists(children, min_size=1, max_size=4))
    cond = st.tuples(st.just("call"), st.just("if"), st.lists(children, min_size=3, max_size=3))
    return st.one_of(binary, one, many, cond, st.tuples(st.just("neg"), children))


trees = st.recursive(leaves, _grow, max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(trees)
def test_every_valid_formula_parses_and_evaluates_as_the_reference(tree):
    try:
        expected = reference(tree, NIGHT)
    except (Undefined, OverflowError):
        assume(False)
    assume(math.isfinite(expected) and abs(expected) < 1e12)
    formula = parse(text(tree))
    assert formula.evaluate(NIGHT) == pytest.approx(expected, rel=1e-9, abs=1e-9)


@settings(max_examples=200, deadline=None)
@given(trees, st.data())
def test_junk_is_refused_with_the_column_of_the_mistake(tree, data):
    good = text(tree)
    at = data.draw(st.integers(0, len(good)))
    junk = data.draw(st.sampled_from(["$", "plaec", "@", "#", "import", ";", "__x", "'", "{", "e.", "`"]))
    bad = good[:at] + " " + junk + " " + good[at:]
    with pytest.raises(FormulaError) as info:
        parse(bad)
    column = info.value.params["column"]
    assert column is not None and 1 <= column <= len(bad) + 1
    assert f"at column {column}" in info.value.message


@pytest.mark.parametrize(("formula", "message"), [
    ("entries - plaec + 1", "unknown name 'plaec' at column 11"),
    ("round(10 * sqrt(entries) / sqrt(place) - 9", "expected a closing ')', found the end at column 43"),
    ("entries -", "the formula ends too soon at column 10"),
    ("__import__('os')", "unknown name '__import__' at column 1"),
    ("entries.__class__", "'.' is not allowed at column 8"),
    ("max()", "max takes 1 or more arguments, not 0 at column 1"),
    ("if(place == 1, 10)", "if takes 3 arguments, not 2 at column 1"),
    ("2 ** 3", "'*' is not expected here at column 4"),
    ("1 < place < 3", "comparisons cannot be chained at column 11"),
    ("", "the formula is empty"),
])
def test_mistakes_are_named_with_their_column(formula, message):
    with pytest.raises(FormulaError) as info:
        parse(formula)
    assert info.value.message == message
    assert info.value.code == "FORMULA_INVALID"


def test_the_presets_give_the_points_clubs_expect():
    first = dict(NIGHT, place=1)
    last = dict(NIGHT, place=30)
    assert parse(PRESETS["linear"]).evaluate(first) == 30
    assert parse(PRESETS["linear"]).evaluate(last) == 1
    assert parse(PRESETS["sqrt"]).evaluate(first) == round(10 * math.sqrt(30)) - 9
    assert parse(PRESETS["percentile"]).evaluate(first) == 100
    assert parse(PRESETS["percentile"]).evaluate(last) == 0
    for preset in PRESETS.values():
        check(preset)


def test_precedence_is_the_one_of_arithmetic():
    values = dict(NIGHT)
    assert parse("1 + 2 * 3").evaluate(values) == 7
    assert parse("-2 ^ 2").evaluate(values) == -4
    assert parse("2 ^ 3 ^ 2").evaluate(values) == 512
    assert parse("10 - 4 - 3").evaluate(values) == 3
    assert parse("round(2.5) + round(-2.5)").evaluate(values) == 0  # half away from zero: 3 + -3
    assert parse("round(2.345, 2)").evaluate(values) == 2.35
    assert parse("if(place <= 3, 100 / place, 0)").evaluate(values) == pytest.approx(100 / 3)


def test_a_value_the_formula_cannot_take_is_refused_with_the_reason():
    with pytest.raises(FormulaError, match="division by zero"):
        parse("entries / (place - 3)").evaluate(NIGHT)
    with pytest.raises(FormulaError, match="sqrt"):
        check("sqrt(place - 10)")
    # only the branch chosen is worked out
    assert parse("if(place - 3, 1 / (place - 3), 0)").evaluate(NIGHT) == 0


def test_every_function_is_known_to_the_parser():
    for name, (fewest, _most) in FUNCTIONS.items():
        args = ", ".join(["place"] * fewest)
        parse(f"{name}({args})")
