"""League points as a formula the TD writes: a small expression language, read as data, never run as code.

    number      12, 0.5, 1e3
    name        entries players place prize buy_in knockouts bounty_won rebuys add_ons reentries
    operators   + - * / ^ (power, right to left), unary -, comparisons < <= > >= == !=
    functions   sqrt(x) log(x) (base 10, or log(x, base)) ln(x) round(x) (or round(x, digits))
                floor(x) ceil(x) min(a, b, ...) max(a, b, ...) if(condition, then, otherwise)

`parse(text)` gives a `Formula` or raises `FormulaError` naming the mistake and its column (1 for the
first character): "unknown name 'plaec' at column 12". `Formula.evaluate(values)` gives a float, or a
`FormulaError` for a value it cannot take (a division by zero, the root of a negative number). Prizes
and buy-ins are given in the currency's units (150 for 150.00), so "prize / buy_in" reads as it says.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.protocol.errors import TourneyError

VARIABLES = ("entries", "players", "place", "prize", "buy_in", "knockouts", "bounty_won", "rebuys", "add_ons",
             "reentries")
# What each name stands for, as the league's rules say it (on the laptop and on the website).
MEANINGS: dict[str, str] = {
    "entries": "entries that night (re-entries count)",
    "players": "people who played",
    "place": "their place",
    "prize": "their prize, in the currency's units",
    "buy_in": "the buy-in price, in the currency's units",
    "knockouts": "players they knocked out",
    "bounty_won": "bounties won, in the currency's units",
    "rebuys": "their rebuys",
    "add_ons": "their add-ons",
    "reentries": "their re-entries",
}
FUNCTIONS: dict[str, tuple[int, int | None]] = {  # name -> (fewest, most) arguments
    "sqrt": (1, 1), "log": (1, 2), "ln": (1, 1), "round": (1, 2), "floor": (1, 1), "ceil": (1, 1),
    "min": (1, None), "max": (1, None), "if": (3, 3),
}
PRESETS: dict[str, str] = {
    "linear": "entries - place + 1",
    "sqrt": "round(10 * sqrt(entries) / sqrt(place)) - 9",
    "percentile": "round(100 * (entries - place) / max(entries - 1, 1))",
    "prize_share": "round(100 * prize / max(buy_in * entries, 1), 1)",
}
MAX_LENGTH = 500
_COMPARISONS = ("<=", ">=", "==", "!=", "<", ">")


class FormulaError(TourneyError):
    def __init__(self, message: str, column: int | None = None, **params: Any) -> None:
        where = f" at column {column}" if column is not None else ""
        super().__init__("FORMULA_INVALID", f"{message}{where}", column=column, problem=message, **params)


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "number", "name", "op", "(", ")", ",", "end"
    text: str
    column: int
    value: float = 0.0


def tokens(text: str) -> Iterator[Token]:
    """One token at a time, so that the first mistake from the left is the one named."""
    i = 0
    while i < len(text):
        c = text[i]
        column = i + 1
        if c.isspace():
            i += 1
        elif c.isdigit() or (c == "." and i + 1 < len(text) and text[i + 1].isdigit()):
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "."):
                j += 1
            if j < len(text) and text[j] in "eE" and (text[j + 1:j + 2].isdigit() or
                                                     (text[j + 1:j + 2] in ("+", "-") and text[j + 2:j + 3].isdigit())):
                j += 2
                while j < len(text) and text[j].isdigit():
                    j += 1
            literal = text[i:j]
            if literal.count(".") > 1:
                raise FormulaError(f"'{literal}' is not a number", column)
            yield Token("number", literal, column, float(literal))
            i = j
        elif c.isascii() and (c.isalpha() or c == "_"):
            j = i
            while j < len(text) and text[j].isascii() and (text[j].isalnum() or text[j] == "_"):
                j += 1
            yield Token("name", text[i:j], column)
            i = j
        elif text.startswith(_COMPARISONS, i):
            op = next(o for o in _COMPARISONS if text.startswith(o, i))
            yield Token("op", op, column)
            i += len(op)
        elif c in "+-*/^":
            yield Token("op", c, column)
            i += 1
        elif c in "(),":
            yield Token(c, c, column)
            i += 1
        else:
            raise FormulaError(f"'{c}' is not allowed", column)
    yield Token("end", "", len(text) + 1)


# The tree: ("num", value) | ("var", name) | ("neg", node) | (op, left, right) | ("call", name, [args])
Node = tuple[Any, ...]
_BINARY = {"<": 1, "<=": 1, ">": 1, ">=": 1, "==": 1, "!=": 1, "+": 2, "-": 2, "*": 3, "/": 3}
_POWER = 5  # above unary minus (4): -2^2 is -(2^2), as in mathematics


class _Parser:
    def __init__(self, text: str) -> None:
        self.toks = tokens(text)
        self.current = next(self.toks)

    def peek(self) -> Token:
        return self.current

    def take(self) -> Token:
        tok = self.current
        if tok.kind != "end":
            self.current = next(self.toks)
        return tok

    def expression(self, floor: int = 0) -> Node:
        left = self.unary()
        while True:
            tok = self.peek()
            power = _BINARY.get(tok.text) if tok.kind == "op" else None
            if power is None or power < floor:
                return left
            self.take()
            # Comparisons do not chain: "a < b < c" is refused rather than guessed at.
            right = self.expression(power + 1)
            if power == 1 and self.peek().kind == "op" and _BINARY.get(self.peek().text) == 1:
                raise FormulaError("comparisons cannot be chained", self.peek().column)
            left = (tok.text, left, right)

    def unary(self) -> Node:
        tok = self.peek()
        if tok.kind == "op" and tok.text in "+-":
            self.take()
            operand = self.unary()
            return ("neg", operand) if tok.text == "-" else operand
        return self.power()

    def power(self) -> Node:
        base = self.atom()
        if self.peek().kind == "op" and self.peek().text == "^":
            self.take()
            return ("^", base, self.unary())  # right to left: 2^3^2 is 2^(3^2)
        return base

    def atom(self) -> Node:
        tok = self.take()
        if tok.kind == "number":
            return ("num", tok.value)
        if tok.kind == "(":
            inner = self.expression()
            self.expect(")", "a closing ')'")
            return inner
        if tok.kind == "name":
            if tok.text in FUNCTIONS:
                if self.peek().kind != "(":
                    raise FormulaError(f"{tok.text} needs its arguments in parentheses", self.peek().column)
                self.take()
                args = [] if self.peek().kind == ")" else self.arguments()
                self.expect(")", "a closing ')'")
                fewest, most = FUNCTIONS[tok.text]
                if len(args) < fewest or (most is not None and len(args) > most):
                    wanted = str(fewest) if fewest == most else f"{fewest} or more" if most is None \
                        else f"{fewest} or {most}"
                    raise FormulaError(f"{tok.text} takes {wanted} argument{'s' if wanted != '1' else ''}, "
                                       f"not {len(args)}", tok.column)
                return ("call", tok.text, args)
            if tok.text in VARIABLES:
                return ("var", tok.text)
            raise FormulaError(f"unknown name '{tok.text}'", tok.column, name=tok.text)
        if tok.kind == "end":
            raise FormulaError("the formula ends too soon", tok.column)
        raise FormulaError(f"'{tok.text}' is not expected here", tok.column)

    def arguments(self) -> list[Node]:
        args = [self.expression()]
        while self.peek().kind == ",":
            self.take()
            args.append(self.expression())
        return args

    def expect(self, kind: str, what: str) -> None:
        tok = self.peek()
        if tok.kind != kind:
            found = "the end" if tok.kind == "end" else f"'{tok.text}'"
            raise FormulaError(f"expected {what}, found {found}", tok.column)
        self.take()


@dataclass(frozen=True, slots=True)
class Formula:
    text: str
    tree: Node

    def evaluate(self, values: Mapping[str, float]) -> float:
        return _evaluate(self.tree, values)

    def names(self) -> set[str]:
        found: set[str] = set()
        _collect(self.tree, found)
        return found


def parse(text: str) -> Formula:
    if not isinstance(text, str) or not text.strip():
        raise FormulaError("the formula is empty")
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"the formula is {len(text)} characters long; at most {MAX_LENGTH}")
    parser = _Parser(text)
    try:
        tree = parser.expression()
    except RecursionError:
        raise FormulaError("the formula is nested too deeply") from None
    tok = parser.peek()
    if tok.kind != "end":
        raise FormulaError(f"'{tok.text}' is not expected here", tok.column)
    return Formula(text, tree)


def _collect(node: Node, found: set[str]) -> None:
    if node[0] == "var":
        found.add(node[1])
    elif node[0] == "call":
        for arg in node[2]:
            _collect(arg, found)
    elif node[0] == "neg":
        _collect(node[1], found)
    elif node[0] != "num":
        _collect(node[1], found)
        _collect(node[2], found)


def _round(x: float, digits: float = 0) -> float:
    """Half away from zero, as people round (Python's round() would give round(2.5) == 2)."""
    scale = 10.0 ** int(digits)
    return math.copysign(math.floor(abs(x) * scale + 0.5), x) / scale


def _log(x: float, base: float = 10) -> float:
    if x <= 0 or base <= 0 or base == 1:
        raise FormulaError(f"log({_show(x)}) has no value")
    return math.log(x, base)


def _ln(x: float) -> float:
    if x <= 0:
        raise FormulaError(f"ln({_show(x)}) has no value")
    return math.log(x)


def _sqrt(x: float) -> float:
    if x < 0:
        raise FormulaError(f"sqrt({_show(x)}) has no value: the number is negative")
    return math.sqrt(x)


def _show(x: float) -> str:
    return f"{x:g}"


_CALLS: dict[str, Callable[..., float]] = {
    "sqrt": _sqrt, "log": _log, "ln": _ln, "round": _round, "floor": lambda x: float(math.floor(x)),
    "ceil": lambda x: float(math.ceil(x)), "min": lambda *a: min(a), "max": lambda *a: max(a),
}


def _evaluate(node: Node, values: Mapping[str, float]) -> float:
    kind = node[0]
    if kind == "num":
        return float(node[1])
    if kind == "var":
        return float(values[node[1]])
    if kind == "neg":
        return -_evaluate(node[1], values)
    if kind == "call":
        name, args = node[1], node[2]
        if name == "if":  # only the branch chosen is worked out: if(place > 0, 100 / place, 0)
            return _evaluate(args[1] if _evaluate(args[0], values) else args[2], values)
        return _CALLS[name](*(_evaluate(a, values) for a in args))
    a, b = _evaluate(node[1], values), _evaluate(node[2], values)
    if kind == "+":
        return a + b
    if kind == "-":
        return a - b
    if kind == "*":
        return a * b
    if kind == "/":
        if b == 0:
            raise FormulaError("division by zero")
        return a / b
    if kind == "^":
        try:
            result = a ** b
        except (OverflowError, ZeroDivisionError):
            raise FormulaError(f"{_show(a)} ^ {_show(b)} has no value") from None
        if isinstance(result, complex) or not math.isfinite(result):
            raise FormulaError(f"{_show(a)} ^ {_show(b)} has no value")
        return float(result)
    return float({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[kind])


def check(text: str) -> Formula:
    """Parsed, and tried on a typical night, so that a formula that cannot give points is refused when
    it is written rather than when the standings are read."""
    formula = parse(text)
    formula.evaluate({"entries": 24, "players": 20, "place": 3, "prize": 150, "buy_in": 20, "knockouts": 2,
                      "bounty_won": 10, "rebuys": 1, "add_ons": 1, "reentries": 1})
    return formula
