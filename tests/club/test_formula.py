"""The points formula: read as data, evaluated like arithmetic, junk refused with the column at fault."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tourneydesk.club.formula import FUNCTIONS, PRESETS, TYPICAL_NIGHT, VARIABLES, FormulaError, check, parse

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


@pytest.mark.parametrize("text", ["round(entries, 99999)", "round(entries, -99999)", "1e308 * 1e308 * entries",
                                  "floor(1e308 * 1e308)", "ceil(1e308 * 10 - 1e308 * 10)"])
def test_a_formula_whose_figures_go_beyond_what_can_be_counted_is_refused_when_written(text):
    with pytest.raises(FormulaError, match="beyond what can be counted"):
        check(text)


def test_every_function_is_known_to_the_parser():
    for name, (fewest, _most) in FUNCTIONS.items():
        args = ", ".join(["place"] * fewest)
        parse(f"{name}({args})")


# -- TD3's language -------------------------------------------------------------------------------------
TD3_NIGHT = dict(TYPICAL_NIGHT, all_entries=20, place=1)


def td3(text: str, **values: float) -> float:
    return parse(text, "td3", imported=True).evaluate(dict(TD3_NIGHT, **values))


@pytest.mark.parametrize(("formula", "value"), [
    # The examples of TD3's own help page ("Points for Playing Formula"), as it gives them.
    ("abs(-3)", 3), ("ceil(2.2)", 3), ("ceil(2)", 2), ("floor(2.2)", 2), ("exp(1)", 2.718281828459045),
    ("log(2)", 0.6931471805599453), ("log10(2)", 0.30102999566398114), ("max(2, 5)", 5), ("min(2, 5)", 2),
    ("pow(2, 5)", 32), ("pow(5, 2)", 25), ("power(2, 5)", 32), ("round(2.2)", 2), ("round(2.7)", 3),
    ("round(1.55, 1)", 1.6), ("round(1.55555, 3)", 1.556), ("roundUpToNearest(371, 25)", 375),
    ("roundUpToNearest(371, 50)", 400), ("roundUpToNearest(371, 100)", 400), ("roundToNearest(371, 25)", 375),
    ("roundToNearest(371, 50)", 350), ("roundToNearest(371, 100)", 400), ("roundDownToNearest(371, 25)", 350),
    ("roundDownToNearest(371, 50)", 350), ("roundDownToNearest(371, 100)", 300), ("sqrt(16)", 4),
    ("if(rank < 3, 10, 0)", 10), ("switch(3, 1, 10, 2, 20, 3, 30, 4, 40)", 30),
    ("switch(6, 1, 10, 2, 20, 3, 30, 4, 40, -1)", -1), ("lswitch(1, 10, 20, 30, 40)", 10),
    ("lswitch(4, 10, 20, 30, 40)", 40), ("lswitch(10, 10, 20, 30, 40)", 40), ('assign("a", 6)', 6),
    ('(assign("a", 6); assign("b", 3); a * b)', 18), ("sum(1, 2, 3, 4, 5, 6)", 21),
    ("product(1, 2, 3, 4, 5, 6)", 720), ("average(1, 2, 3, 4, 5, 6)", 3.5), ("count(1, 2, 3, 4, 5, 6)", 6),
    ("oneof(r, 2, 4, 12, 24)", 0), ("triangle(1)", 1), ("triangle(2)", 3), ("triangle(6)", 21),
    ("17 + 33", 50), ("17 - 12", 5), ("51 / 3", 17), ("12 * 4", 48), ("rank = 1", 1), ("rank == 1", 1),
    ("rank is 1", 1), ("!1", 0), ("not 1", 0), ("1 != 1", 0), ("10 != 20", 1), ("10 > 20", 0), ("10 < 20", 1),
    ("10 >= 5", 1), ("10 >= 10", 1), ("10 <= 5", 0), ("10 <= 10", 1), ("10 <= 20", 1), ("1 and 0", 0),
    ("1 and 1", 1), ("(10 > 5) and (20 != 10)", 1), ("1 && 1", 1), ("1 or 1", 1), ("1 or 0", 1), ("0 or 0", 0),
    ("(10 > 5) or (20 = 10)", 1), ("0 || 1", 1), ("12 % 5", 2), ("25 % 5", 0),
    # TD3's log is the natural one: with 20 entries the winner gets 300, not 130 (base 10)
    ("round(100*log(n)/r)", 300),
])
def test_td3s_language_gives_what_its_help_page_says(formula, value):
    assert td3(formula) == pytest.approx(value)


def test_td3s_names_come_in_any_case_with_their_aliases():
    facts = dict(knockouts=3, place=2, all_entries=30, players=24, prize_pool=480, cost=40, take=60, in_the_money=1,
                 final_table=1, league_members=20, buy_in_net=18)
    assert td3("NumberOfHits * 10 + nh + NH", **facts) == 36
    assert td3("numberofplayers + BUYINS - n", **facts) == 18
    assert td3("pot + prizepool + PP", **facts) == 1440
    assert td3("totalCost + tc + take + t", **facts) == 200
    assert td3("inTheMoney + m + placed + finalTable + nm + numberOfLeagueMembers + defaultBuyinFee", **facts) == 62


def test_a_td3_program_runs_statement_by_statement_and_gives_points():
    program = ('assign ("points", 1)\nassign ("top", Round(n/3) )\n'
               'IF (r <= top, assign("points", 100 - r), (IF (r < n, assign ("points", 2))))')
    assert [td3(program, place=r) for r in (1, 7, 8, 20)] == [99, 93, 2, 1]  # the last: `points` as first set
    assert td3('assign("x", 2); assign("x", x * x); x + 1') == 5
    with pytest.raises(FormulaError, match="x is read before it is given a value"):
        td3('if(r > 5, assign("x", 1), 0) + x')


@pytest.mark.parametrize(("formula", "message"), [
    ('assign("a", 1)\nassign("b", 2 +* 3)', "'*' is not expected here at line 2, column 16"),
    ("foo + 1", "unknown name 'foo' at column 1"),
    ("roundOut * 2", "TD3's roundOut is not kept in the club file at column 1"),
    ("random()", "random() cannot give league points: it would give points by chance at column 1"),
    ("top(3, 1, 2, 3, 4)", "top() cannot give league points: it works on lists, which a points formula here does "
                           "not keep at column 1"),
    ("assign(points, 1)", 'assign takes the name to assign in quotes first: assign("points", 10) at column 8'),
    ("2 ^ 3", "'^' is not allowed at column 3"),
    ('"a" + 1', 'a text in quotes is only a name to assign, as in assign("points", 10) at column 1'),
    ("if(r)", "if takes 2 or 3 arguments, not 1 at column 1"),
])
def test_a_td3_mistake_is_named_with_its_line_and_column(formula, message):
    with pytest.raises(FormulaError) as info:
        parse(formula, "td3")
    assert info.value.message == message


def test_a_td3_formula_reading_the_clock_is_a_trigger_not_points():
    with pytest.raises(FormulaError) as info:
        parse("isRound and (ante = 25)", "td3")
    assert info.value.code == "FORMULA_NOT_POINTS"
    assert "isRound" in info.value.message


def test_only_a_typed_formula_keeps_to_the_length_limit():
    long = " + ".join(["nh"] * 300)
    with pytest.raises(FormulaError, match="characters long"):
        parse(long, "td3")
    assert td3(long, knockouts=1) == 300


_IN_TD3 = {"place": "r", "prize": "pw", "knockouts": "nh", "rebuys": "nr", "add_ons": "na", "bounty_won": "bw",
           "players": "buyins"}


def td3_text(tree: Any) -> str:
    """A formula of ours written in TD3's words."""
    kind = tree[0]
    if kind == "num":
        return text(tree)
    if kind == "var":
        return _IN_TD3[tree[1]]
    if kind == "neg":
        return f"(-{td3_text(tree[1])})"
    if kind == "call":
        name, args = tree[1], [td3_text(a) for a in tree[2]]
        if name == "round":  # ours rounds halves away from zero, TD3's up: -2.5 is written out
            return f"if({args[0]} < 0, -round(-{args[0]}), round({args[0]}))"
        return f"{ {'log': 'log10', 'ln': 'log'}.get(name, name)}({', '.join(args)})"
    if kind == "^":
        return f"pow({td3_text(tree[1])}, {td3_text(tree[2])})"
    return f"({td3_text(tree[1])} {'=' if kind == '==' else kind} {td3_text(tree[2])})"


td3_leaves = st.one_of(st.builds(lambda n: ("num", float(n)), st.integers(0, 50)),
                       st.sampled_from([("var", name) for name in _IN_TD3]))


@settings(max_examples=200, deadline=None)
@given(st.recursive(td3_leaves, _grow, max_leaves=10))
def test_a_formula_of_ours_in_td3s_words_gives_the_same_points(tree):
    try:
        ours = parse(text(tree)).evaluate(NIGHT)
    except FormulaError:
        assume(False)
    assume(math.isfinite(ours) and abs(ours) < 1e12)
    assert parse(td3_text(tree), "td3", imported=True).evaluate(dict(TYPICAL_NIGHT, **NIGHT)) == \
        pytest.approx(ours, rel=1e-9, abs=1e-9)
