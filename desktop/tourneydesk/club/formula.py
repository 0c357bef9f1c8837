"""League points as a formula: ours, or The Tournament Director 3's, read as data and never run as code.

Our language, for the formulas a TD writes here:

    number      12, 0.5, 1e3
    name        entries players place prize buy_in knockouts bounty_won rebuys add_ons reentries
    operators   + - * / ^ (power, right to left), unary -, comparisons < <= > >= == !=
    functions   sqrt(x) log(x) (base 10, or log(x, base)) ln(x) round(x) (or round(x, digits))
                floor(x) ceil(x) min(a, b, ...) max(a, b, ...) if(condition, then, otherwise)

`parse(text)` gives a `Formula` or raises `FormulaError` naming the mistake and its column (1 for the
first character): "unknown name 'plaec' at column 12". `Formula.evaluate(values)` gives a float, or a
`FormulaError` for a value it cannot take (a division by zero, the root of a negative number). Prizes
and buy-ins are given in the currency's units (150 for 150.00), so "prize / buy_in" reads as it says.

`parse(text, "td3")` reads a formula brought over from TD3 in TD3's own language (the second half of this
module): a league keeps its language, so a club's TD3 league counts as it did there.
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
    CODE = "FORMULA_INVALID"

    def __init__(self, message: str, column: int | None = None, *, line: int | None = None, **params: Any) -> None:
        where = f" at line {line}, column {column}" if line is not None else \
            f" at column {column}" if column is not None else ""
        super().__init__(self.CODE, f"{message}{where}", column=column, line=line, problem=message, **params)


def _arguments(function: str, fewest: int, most: int | None, args: list[Any]) -> dict[str, Any]:
    """What a call with the wrong number of arguments is told by: its rule (one, exactly, at least, between)."""
    rule = ("arguments_one" if fewest == most == 1 else "arguments_exact" if fewest == most
            else "arguments_or_more" if most is None else "arguments_between")
    return {"rule": rule, "function": function, "fewest": fewest, "most": most, "given": len(args)}


def _expected(wanted: str, found_kind: str, found: str) -> dict[str, Any]:
    """What a missing ')' or ',' is told by: which, and what stands in its place (the end, or a token)."""
    mark = {")": "close", ",": "comma"}.get(wanted, "close")
    return {"rule": f"expected_{mark}_end" if found_kind == "end" else f"expected_{mark}", "found": found}


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
                raise FormulaError(f"'{literal}' is not a number", column, rule="not_a_number", text=literal)
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
            raise FormulaError(f"'{c}' is not allowed", column, rule="not_allowed", text=c)
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
                raise FormulaError("comparisons cannot be chained", self.peek().column, rule="chained")
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
                    raise FormulaError(f"{tok.text} needs its arguments in parentheses", self.peek().column,
                                       rule="parentheses", function=tok.text)
                self.take()
                args = [] if self.peek().kind == ")" else self.arguments()
                self.expect(")", "a closing ')'")
                fewest, most = FUNCTIONS[tok.text]
                if len(args) < fewest or (most is not None and len(args) > most):
                    wanted = str(fewest) if fewest == most else f"{fewest} or more" if most is None \
                        else f"{fewest} or {most}"
                    raise FormulaError(f"{tok.text} takes {wanted} argument{'s' if wanted != '1' else ''}, "
                                       f"not {len(args)}", tok.column, **_arguments(tok.text, fewest, most, args))
                return ("call", tok.text, args)
            if tok.text in VARIABLES:
                return ("var", tok.text)
            raise FormulaError(f"unknown name '{tok.text}'", tok.column, rule="unknown_name", name=tok.text)
        if tok.kind == "end":
            raise FormulaError("the formula ends too soon", tok.column, rule="ends_too_soon")
        raise FormulaError(f"'{tok.text}' is not expected here", tok.column, rule="not_expected", text=tok.text)

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
            raise FormulaError(f"expected {what}, found {found}", tok.column, **_expected(kind, tok.kind, tok.text))
        self.take()


@dataclass(frozen=True, slots=True)
class Formula:
    text: str
    tree: Node
    language: str = "tourneydesk"

    def evaluate(self, values: Mapping[str, float]) -> float:
        try:
            points = _evaluate(self.tree, values, {})
        except (OverflowError, ZeroDivisionError, ValueError):  # round(entries, 99999), floor(1e308 * 10)
            points = math.inf
        if not math.isfinite(points):
            raise FormulaError("the formula gives no number: a figure in it goes beyond what can be counted",
                               rule="too_big")
        return points

    def names(self) -> set[str]:
        found: set[str] = set()
        _collect(self.tree, found)
        return found


# -- TD3's language ---------------------------------------------------------------------------------
# The Tournament Director 3's formula language, as its "Points for Playing Formula" help page defines it.
#
# A club that switches keeps its league's formula as it wrote it in TD3, so the formula is read in TD3's own
# words, never translated by hand:
#
#     statements   one per line, or separated by ';' (also inside parentheses: `(assign("a", 6); a * 3)`)
#     numbers      12, 0.5, .25
#     operators    + - * / % (remainder), comparisons = == is != < <= > >=, and && or || not !
#     functions    abs acos asin atan ceil cos exp floor log (natural; log(x, base)) ln log10 max min
#                  pow power round (round(x, digits)) roundUpToNearest roundToNearest roundDownToNearest sin
#                  sqrt tan if(condition, then[, otherwise]) switch lswitch assign("name", value) sum product
#                  average count oneof triangle
#     names        TD3's variables and their aliases (numberOfHits or nh, buyinCost or bc...), in any case
#
# The formula's value is its last statement's, or, when it assigns "points", the value of points at the end
# (TD3's points formulas set points first and change it where a rule applies). Nothing is ever run as code.
#
# What a name stands for is read off the night as the club file keeps it (NIGHT_FACTS). Two choices
# follow TD3 itself rather than its help page, which calls `n` another name for `buyins`: TD3 3.7 counts `n`
# as every entry and rebuy and `buyins` as the players, and a club that checked TD3's own totals found
# them so. A formula that reads the clock, the blinds or the tables (`isRound and (ante = 25)`) is an event
# trigger or a screen layout, not points: it is refused with FormulaNotPoints, which the import lists apart.

# TD3's names (lower case, as TD3 reads them in any case) -> the night's fact (formula.VARIABLES, NIGHT_FACTS)
TD3_NAMES: dict[str, str] = {
    "n": "all_entries", "buyins": "players", "numberofplayers": "players",
    "rank": "place", "r": "place", "position": "position",
    "numberofhits": "knockouts", "nh": "knockouts",
    "numberofrebuys": "rebuys", "rebuys": "rebuys", "nr": "rebuys",
    "numberofaddons": "add_ons", "addons": "add_ons", "na": "add_ons",
    "totalrebuys": "total_rebuys", "totalnumberofrebuys": "total_rebuys", "tnr": "total_rebuys",
    "totaladdons": "total_add_ons", "totalnumberofaddons": "total_add_ons", "tna": "total_add_ons",
    "totalbuyinsamount": "buy_ins_amount", "totalrebuysamount": "rebuys_amount",
    "totaladdonsamount": "add_ons_amount",
    "pot": "prize_pool", "prizepool": "prize_pool", "pp": "prize_pool",
    "inthemoneyrank": "paid_places", "mr": "paid_places",
    "numberofleaguemembers": "league_members", "nm": "league_members",
    "defaultbuyinfee": "buy_in_net", "defaultbuyinrake": "house_fee",
    "prizewinnings": "prize", "pw": "prize", "bountywinnings": "bounty_won", "bw": "bounty_won",
    "totalwinnings": "winnings", "tw": "winnings",
    "buyincost": "buy_in_cost", "bc": "buy_in_cost", "rebuycost": "rebuy_cost", "rc": "rebuy_cost",
    "addoncost": "add_on_cost", "ac": "add_on_cost", "totalcost": "cost", "tc": "cost", "take": "take", "t": "take",
    "inthemoney": "in_the_money", "m": "in_the_money", "placed": "in_the_money", "finaltable": "final_table",
    "inleague": "in_league", "leaguerank": "league_rank",
}
# TD3's names for what changes while the clock runs: a formula reading one is a trigger or a layout.
TD3_LIVE = frozenset({
    "addonsallowed", "addonsleft", "addonsover", "addonssecondsleft", "ante", "bigblind", "breaknum",
    "bustsuntilfinaltable", "bustsuntilmoney", "chipcount", "chipup", "clockpaused", "clockpausedseconds",
    "gamename", "gametype", "hasmorebreaks", "hasmorerounds", "isbreak", "isround", "lastplayerbustouttime",
    "lastplayermovetime", "lastscreenchangetime", "level", "levelduration", "nextante", "nextbigblind",
    "nextchipup", "nextgamename", "nextgametype", "nextisbreak", "nextisround", "nextlevelduration",
    "nextsmallblind", "playersleft", "players", "rebuysallowed", "rebuysleft", "rebuysover", "rebuyssecondsleft",
    "roundnum", "secondselapsed", "secondsleft", "smallblind", "state", "statedesc", "tablesleft", "tables",
    "time", "timeofday", "unadjustedchipcount", "chipstack", "playersatsametable",
    *(f"limit{i}" for i in range(1, 9)), *(f"nextlimit{i}" for i in range(1, 9)),
})
# TD3's names for what the club file does not keep of a night: refused, named, rather than read as 0.
TD3_NOT_KEPT = frozenset({
    "addonslastround", "addonsmaxperplayer", "addonsmaxtotal", "addonsminplayers", "bountytotal",
    "chipcountadjustment", "defaultaddonchips", "defaultaddonfee", "defaultaddonrake", "defaultbuyinchips",
    "defaultrebuychips", "defaultrebuyfee", "defaultrebuyrake", "firstanteamount", "firstanteround", "fixedrake",
    "guaranteedpot", "houseadds", "housecontribution", "preguaranteedpot", "rebuyslastround", "rebuysmaxperplayer",
    "rebuysmaxtotal", "rebuysminplayers", "restrictbounties", "totaladdonschips", "totaladdonsrake",
    "totalbuyinschips", "totalbuyinsrake", "totalfixedrake", "totalrebuyschips", "totalrebuysrake",
    "useplayerbountychips", "addonrake", "ar", "bountychipcost", "bcc", "bountymoneykept", "bmk", "buyinrake",
    "br", "id", "internalid", "numberofbountieskept", "nbk", "numberofbountieswon", "nb", "numberofbountychips",
    "nbc", "playingtime", "rebuyrake", "rr", "roundout", "ro", "totalrake", "tr",
})
# name -> (the evaluator's function, fewest arguments, most or None)
TD3_FUNCTIONS: dict[str, tuple[str, int, int | None]] = {
    "abs": ("abs", 1, 1), "acos": ("acos", 1, 1), "asin": ("asin", 1, 1), "atan": ("atan", 1, 1),
    "ceil": ("ceil", 1, 1), "cos": ("cos", 1, 1), "exp": ("exp", 1, 1), "floor": ("floor", 1, 1),
    "log": ("ln", 1, 2), "ln": ("ln", 1, 2), "log10": ("log10", 1, 1), "max": ("max", 1, None),
    "min": ("min", 1, None), "pow": ("pow", 2, 2), "power": ("pow", 2, 2), "round": ("td3_round", 1, 2),
    "rounduptonearest": ("rounduptonearest", 2, 2), "roundtonearest": ("roundtonearest", 2, 2),
    "rounddowntonearest": ("rounddowntonearest", 2, 2), "sin": ("sin", 1, 1), "sqrt": ("sqrt", 1, 1),
    "tan": ("tan", 1, 1), "if": ("if", 2, 3), "switch": ("switch", 2, None), "lswitch": ("lswitch", 2, None),
    "sum": ("sum", 1, None), "product": ("product", 1, None), "average": ("average", 1, None),
    "count": ("count", 1, None), "oneof": ("oneof", 2, None), "triangle": ("triangle", 1, 1),
}
TD3_REFUSED_FUNCTIONS: dict[str, str] = {
    "random": "it would give points by chance",
    **{name: "it works on lists, which a points formula here does not keep"
       for name in ("top", "bottom", "index", "setlistlength")},
    **{name: "it reads TD3's rakes and profiles by name, which the club file does not keep"
       for name in ("totalforrake", "buyinprofilefee", "buyinprofilerake", "buyinprofilechips",
                    "buyinprofilepoints", "rebuyprofilefee", "rebuyprofilerake", "rebuyprofilechips",
                    "rebuyprofilepoints", "addonprofilefee", "addonprofilerake", "addonprofilechips",
                    "addonprofilepoints")},
}
# Why a TD3 function is refused, as the rule a refusal names (its words in the user's language: ui/messages.py).
_REFUSED_WHY = {"it would give points by chance": "chance",
                "it works on lists, which a points formula here does not keep": "lists",
                "it reads TD3's rakes and profiles by name, which the club file does not keep": "rakes"}
_KEYWORDS = {"and": "and", "or": "or", "not": "not", "is": "=="}
_OPERATORS = ("==", "!=", "<>", "<=", ">=", "&&", "||", "=", "<", ">", "!", "+", "-", "*", "/", "%")
_COMPARE = {"=": "==", "==": "==", "!=": "!=", "<>": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


class FormulaNotPoints(FormulaError):
    """A TD3 formula that reads what changes while the clock runs: an event trigger or a screen layout."""

    CODE = "FORMULA_NOT_POINTS"


@dataclass(frozen=True, slots=True)
class _Tok:
    kind: str  # "number", "string", "name", "op", "(", ")", ",", ";", "newline", "end"
    text: str
    line: int
    column: int


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i, line, line_start, depth = 0, 1, 0, 0
    multiline = "\n" in text.strip()  # a one-line formula's mistake is named by its column alone
    while i < len(text):
        c, column = text[i], i - line_start + 1
        if c == "\n":
            if depth == 0:  # a line ends a statement; inside parentheses it is only space
                out.append(_Tok("newline", "\n", line, column))
            i, line, line_start = i + 1, line + 1, i + 1
        elif c.isspace():
            i += 1
        elif c.isdigit() or (c == "." and text[i + 1:i + 2].isdigit()):
            j = i
            while j < len(text) and (text[j].isdigit() or text[j] == "."):
                j += 1
            if text[i:j].count(".") > 1:
                raise FormulaError(f"'{text[i:j]}' is not a number", column, line=line if multiline else None,
                                   rule="not_a_number", text=text[i:j])
            out.append(_Tok("number", text[i:j], line, column))
            i = j
        elif c.isascii() and (c.isalpha() or c == "_"):
            j = i
            while j < len(text) and text[j].isascii() and (text[j].isalnum() or text[j] == "_"):
                j += 1
            out.append(_Tok("name", text[i:j], line, column))
            i = j
        elif c in "\"'":
            j = text.find(c, i + 1)
            if j < 0 or "\n" in text[i:j]:
                raise FormulaError("a text in quotes is not closed", column, line=line if multiline else None,
                                   rule="unclosed_text")
            out.append(_Tok("string", text[i + 1:j], line, column))
            i = j + 1
        elif c in "(),;":
            depth += {"(": 1, ")": -1}.get(c, 0)
            out.append(_Tok(c, c, line, column))
            i += 1
        elif text.startswith(_OPERATORS, i):
            op = next(o for o in _OPERATORS if text.startswith(o, i))
            out.append(_Tok("op", op, line, column))
            i += len(op)
        else:
            raise FormulaError(f"'{c}' is not allowed", column, line=line if multiline else None, rule="not_allowed",
                               text=c)
    out.append(_Tok("end", "", line, len(text) - line_start + 1))
    return out


class _Td3Parser:
    def __init__(self, text: str) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.multiline = "\n" in text.strip()
        self.assigned: dict[str, str] = {}  # lower-case name -> as first written
        self.reads: list[tuple[str, _Tok]] = []

    def error(self, message: str, tok: _Tok, cls: type[FormulaError] = FormulaError, **params: Any) -> FormulaError:
        return cls(message, tok.column, line=tok.line if self.multiline else None, **params)

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        tok = self.toks[self.i]
        if tok.kind != "end":
            self.i += 1
        return tok

    def word(self, tok: _Tok) -> str | None:
        """The operator a token is: `and`, `not` and `is` are operators too."""
        if tok.kind == "op":
            return tok.text
        if tok.kind == "name":
            return _KEYWORDS.get(tok.text.lower())
        return None

    def program(self, closing: str) -> Node:
        statements: list[Node] = []
        while True:
            while self.peek().kind in (";", "newline"):
                self.take()
            if self.peek().kind in (closing, "end"):
                break
            statements.append(self.expression())
            if self.peek().kind not in (";", "newline", closing, "end"):
                tok = self.peek()
                raise self.error(f"'{tok.text}' is not expected here", tok, rule="not_expected", text=tok.text)
        if not statements:
            raise self.error("the formula ends too soon", self.peek(), rule="ends_too_soon")
        return ("program", statements, None)

    def expression(self) -> Node:
        return self.binary(0)

    _LEVELS: tuple[frozenset[str], ...] = (frozenset({"or", "||"}), frozenset({"and", "&&"}),
                                           frozenset(_COMPARE), frozenset({"+", "-"}),
                                           frozenset({"*", "/", "%"}))

    def binary(self, level: int) -> Node:
        if level == len(self._LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while (op := self.word(self.peek())) in self._LEVELS[level]:
            self.take()
            while self.peek().kind == "newline":  # a statement goes on past an operator at the end of a line
                self.take()
            right = self.binary(level + 1)
            kind = {"||": "or", "&&": "and"}.get(op, _COMPARE.get(op, op))
            left = (kind, left, right)
        return left

    def unary(self) -> Node:
        op = self.word(self.peek())
        if op in ("-", "+", "not", "!"):
            self.take()
            operand = self.unary()
            return operand if op == "+" else ("neg", operand) if op == "-" else ("not", operand)
        return self.atom()

    def atom(self) -> Node:
        tok = self.take()
        if tok.kind == "number":
            return ("num", float(tok.text))
        if tok.kind == "(":
            inner = self.program(")")
            self.expect(")", tok)
            return inner if len(inner[1]) > 1 else inner[1][0]
        if tok.kind == "string":
            raise self.error("a text in quotes is only a name to assign, as in assign(\"points\", 10)", tok,
                             rule="quoted_text")
        if tok.kind == "name":
            name = tok.text.lower()
            if self.peek().kind == "(":
                return self.call(tok, name)
            self.reads.append((name, tok))
            return ("local", name, TD3_NAMES.get(name), tok.text)
        if tok.kind == "end":
            raise self.error("the formula ends too soon", tok, rule="ends_too_soon")
        raise self.error(f"'{tok.text}' is not expected here", tok, rule="not_expected", text=tok.text)

    def call(self, tok: _Tok, name: str) -> Node:
        if name in TD3_REFUSED_FUNCTIONS:
            raise self.error(f"{tok.text}() cannot give league points: {TD3_REFUSED_FUNCTIONS[name]}", tok,
                             rule=f"refused_{_REFUSED_WHY[TD3_REFUSED_FUNCTIONS[name]]}", function=tok.text)
        if name not in TD3_FUNCTIONS and name != "assign":
            raise self.error(f"there is no function '{tok.text}'", tok, rule="no_function", function=tok.text)
        self.take()  # (
        args: list[Node] = []
        first: _Tok = self.peek()
        if name == "assign":
            if first.kind != "string" or not first.text.strip():
                raise self.error("assign takes the name to assign in quotes first: assign(\"points\", 10)", first,
                                 rule="assign_name")
            self.take()
            self.expect(",", first)
            target = first.text.strip().lower()
            self.assigned.setdefault(target, first.text.strip())
            value = self.expression()
            self.expect(")", tok)
            return ("assign", target, value)
        while self.peek().kind != ")":
            args.append(self.expression())
            if self.peek().kind != ")":
                self.expect(",", tok)
        self.expect(")", tok)
        evaluator, fewest, most = TD3_FUNCTIONS[name]
        if len(args) < fewest or (most is not None and len(args) > most):
            wanted = str(fewest) if fewest == most else f"{fewest} or more" if most is None else f"{fewest} or {most}"
            raise self.error(f"{tok.text} takes {wanted} argument{'s' if wanted != '1' else ''}, not {len(args)}",
                             tok, **_arguments(tok.text, fewest, most, args))
        return ("call", evaluator, args)

    def expect(self, kind: str, opened: _Tok) -> None:
        tok = self.peek()
        if tok.kind != kind:
            found = "the end" if tok.kind == "end" else f"'{tok.text}'"
            wanted = {")": "a closing ')'", ",": "','"}.get(kind, kind)
            raise self.error(f"expected {wanted}, found {found}", tok, **_expected(kind, tok.kind, tok.text))
        self.take()


def _parse_td3(text: str) -> Formula:
    parser = _Td3Parser(text)
    try:
        tree = parser.program("end")
    except RecursionError:
        raise FormulaError("the formula is nested too deeply", rule="nested") from None
    for name, tok in parser.reads:  # checked once every assign is known: TD3 reads them in any order
        if name in parser.assigned or name in TD3_NAMES:
            continue
        if name in TD3_LIVE:
            raise parser.error(f"it reads {tok.text}, which TD3 knows only while the clock runs: an event trigger "
                               "or a screen layout, not league points", tok, FormulaNotPoints, name=tok.text)
        if name in TD3_NOT_KEPT:
            raise parser.error(f"TD3's {tok.text} is not kept in the club file", tok, rule="not_kept", name=tok.text)
        raise parser.error(f"unknown name '{tok.text}'", tok, rule="unknown_name", name=tok.text)
    return Formula(text, _bind(tree, parser.assigned), "td3")


def _bind(node: Node, assigned: dict[str, str], *, top: bool = True) -> Node:
    """The tree with each name either the night's fact ("var") or, if the formula assigns it, a "local"."""
    kind = node[0]
    if kind == "local":
        return node if node[1] in assigned else ("var", node[2])
    if kind == "program":
        result = "points" if top and "points" in assigned else None
        return ("program", [_bind(s, assigned, top=False) for s in node[1]], result)
    if kind == "call":
        return ("call", node[1], [_bind(a, assigned, top=False) for a in node[2]])
    if kind == "assign":
        return ("assign", node[1], _bind(node[2], assigned, top=False))
    if kind in ("neg", "not"):
        return (kind, _bind(node[1], assigned, top=False))
    if kind == "num":
        return node
    return (kind, _bind(node[1], assigned, top=False), _bind(node[2], assigned, top=False))


LANGUAGES = ("tourneydesk", "td3")
"""The formula languages a league may be written in: ours, and The Tournament Director 3's (above),
kept as the club wrote it so that a league brought over from TD3 counts as it did there."""


def parse(text: str, language: str = "tourneydesk", *, imported: bool = False) -> Formula:
    """`imported`: a formula brought over from another program is taken at any length (TD3 clubs write
    programs of a dozen statements); one typed here keeps to MAX_LENGTH."""
    if not isinstance(text, str) or not text.strip():
        raise FormulaError("the formula is empty", rule="empty")
    if len(text) > MAX_LENGTH and not imported:
        raise FormulaError(f"the formula is {len(text)} characters long; at most {MAX_LENGTH}", rule="too_long",
                           length=len(text), most=MAX_LENGTH)
    if language == "td3":
        return _parse_td3(text)
    if language != "tourneydesk":
        raise FormulaError(f"there is no formula language {language!r}; known: {', '.join(LANGUAGES)}",
                           rule="no_language", language=language, known=", ".join(LANGUAGES))
    parser = _Parser(text)
    try:
        tree = parser.expression()
    except RecursionError:
        raise FormulaError("the formula is nested too deeply", rule="nested") from None
    tok = parser.peek()
    if tok.kind != "end":
        raise FormulaError(f"'{tok.text}' is not expected here", tok.column, rule="not_expected", text=tok.text)
    return Formula(text, tree)


def _collect(node: Node, found: set[str]) -> None:
    kind = node[0]
    if kind in ("var", "local"):
        if node[2 if kind == "local" else 1] is not None:
            found.add(node[2 if kind == "local" else 1])
    elif kind == "call":
        for arg in node[2]:
            _collect(arg, found)
    elif kind in ("neg", "not"):
        _collect(node[1], found)
    elif kind == "assign":
        _collect(node[2], found)
    elif kind == "program":
        for statement in node[1]:
            _collect(statement, found)
    elif kind != "num":
        _collect(node[1], found)
        _collect(node[2], found)


def _round(x: float, digits: float = 0) -> float:
    """Half away from zero, as people round (Python's round() would give round(2.5) == 2)."""
    scale = 10.0 ** int(digits)
    return math.copysign(math.floor(abs(x) * scale + 0.5), x) / scale


def _round_half_up(x: float, digits: float = 0) -> float:
    """TD3's round: halves go up, -2.5 to -2 (it is JavaScript's Math.round)."""
    scale = 10.0 ** int(digits)
    return math.floor(x * scale + 0.5) / scale


def _log(x: float, base: float = 10) -> float:
    if x <= 0 or base <= 0 or base == 1:
        raise FormulaError(f"log({_show(x)}) has no value", rule="no_value", function="log", value=_show(x))
    return math.log(x, base)


def _ln(x: float, base: float = math.e) -> float:
    if x <= 0 or base <= 0 or base == 1:
        raise FormulaError(f"ln({_show(x)}) has no value", rule="no_value", function="ln", value=_show(x))
    return math.log(x, base)


def _sqrt(x: float) -> float:
    if x < 0:
        raise FormulaError(f"sqrt({_show(x)}) has no value: the number is negative", rule="sqrt_negative",
                           value=_show(x))
    return math.sqrt(x)


def _show(x: float) -> str:
    return f"{x:g}"


def _power(a: float, b: float) -> float:
    try:
        result = a ** b
    except (OverflowError, ZeroDivisionError):
        raise FormulaError(f"{_show(a)} ^ {_show(b)} has no value", rule="power", base=_show(a),
                           exponent=_show(b)) from None
    if isinstance(result, complex) or not math.isfinite(result):
        raise FormulaError(f"{_show(a)} ^ {_show(b)} has no value", rule="power", base=_show(a), exponent=_show(b))
    return float(result)


def _to_nearest(how: Callable[[float], float]) -> Callable[[float, float], float]:
    def rounded(x: float, step: float) -> float:
        if step == 0:
            raise FormulaError("a multiple of 0 has no value", rule="multiple_of_zero")
        return how(x / step) * step
    return rounded


def _domain(name: str, fn: Callable[[float], float]) -> Callable[[float], float]:
    def checked(x: float) -> float:
        try:
            return fn(x)
        except (ValueError, OverflowError):
            raise FormulaError(f"{name}({_show(x)}) has no value", rule="no_value", function=name,
                               value=_show(x)) from None
    return checked


_CALLS: dict[str, Callable[..., float]] = {
    "sqrt": _sqrt, "log": _log, "ln": _ln, "round": _round, "floor": lambda x: float(math.floor(x)),
    "ceil": lambda x: float(math.ceil(x)), "min": lambda *a: min(a), "max": lambda *a: max(a),
    # TD3's own (the TD3 parser above names them so): JavaScript's rounding, its natural log, and the rest of
    # the help page's functions on numbers.
    "td3_round": _round_half_up, "log10": lambda x: _log(x, 10), "abs": abs, "pow": _power,
    "exp": _domain("exp", math.exp), "sin": math.sin, "cos": math.cos, "tan": math.tan,
    "asin": _domain("asin", math.asin), "acos": _domain("acos", math.acos), "atan": math.atan,
    "roundtonearest": _to_nearest(lambda x: math.floor(x + 0.5)),
    "rounduptonearest": _to_nearest(math.ceil), "rounddowntonearest": _to_nearest(math.floor),
    "sum": lambda *a: float(sum(a)), "product": lambda *a: float(math.prod(a)),
    "average": lambda *a: sum(a) / len(a), "count": lambda *a: float(len(a)),
    "oneof": lambda x, *a: float(x in a), "triangle": lambda x: x * (x + 1) / 2,
}


def _evaluate(node: Node, values: Mapping[str, float], env: dict[str, float]) -> float:
    """`env` holds what a TD3 formula has assigned so far; a formula of ours never assigns."""
    kind = node[0]
    if kind == "num":
        return float(node[1])
    if kind == "var":
        return float(values[node[1]])
    if kind == "local":  # a name the formula assigns: its value so far, else TD3's own variable of that name
        name, fallback = node[1], node[2]
        if name in env:
            return env[name]
        if fallback is None:
            raise FormulaError(f"{node[3]} is read before it is given a value", rule="read_before", name=node[3])
        return float(values[fallback])
    if kind == "neg":
        return -_evaluate(node[1], values, env)
    if kind == "not":
        return float(not _evaluate(node[1], values, env))
    if kind == "and":
        return float(bool(_evaluate(node[1], values, env)) and bool(_evaluate(node[2], values, env)))
    if kind == "or":
        return float(bool(_evaluate(node[1], values, env)) or bool(_evaluate(node[2], values, env)))
    if kind == "assign":
        env[node[1]] = value = _evaluate(node[2], values, env)
        return value
    if kind == "program":  # TD3: the statements in order; a formula that assigns "points" gives that
        value = 0.0
        for statement in node[1]:
            value = _evaluate(statement, values, env)
        return env[node[2]] if node[2] is not None and node[2] in env else value
    if kind == "call":
        return _call(node[1], node[2], values, env)
    a, b = _evaluate(node[1], values, env), _evaluate(node[2], values, env)
    if kind == "+":
        return a + b
    if kind == "-":
        return a - b
    if kind == "*":
        return a * b
    if kind in ("/", "%"):
        if b == 0:
            raise FormulaError("division by zero", rule="division_by_zero")
        return a / b if kind == "/" else math.fmod(a, b)
    if kind == "^":
        return _power(a, b)
    return float({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[kind])


def _call(name: str, args: list[Node], values: Mapping[str, float], env: dict[str, float]) -> float:
    # The choosing functions work out only the branch chosen: if(place > 0, 100 / place, 0).
    if name == "if":
        if _evaluate(args[0], values, env):
            return _evaluate(args[1], values, env)
        return _evaluate(args[2], values, env) if len(args) > 2 else 0.0
    if name == "switch":  # switch(value, match1, result1, match2, result2, ..., [otherwise])
        value = _evaluate(args[0], values, env)
        pairs = args[1:]
        for i in range(0, len(pairs) - 1, 2):
            if _evaluate(pairs[i], values, env) == value:
                return _evaluate(pairs[i + 1], values, env)
        return _evaluate(pairs[-1], values, env) if len(pairs) % 2 else 0.0
    if name == "lswitch":  # lswitch(n, result1, result2, ..., resultK): the n-th, else the last
        index = _evaluate(args[0], values, env)
        results = args[1:]
        chosen = int(index) if index == int(index) and 1 <= index <= len(results) else len(results)
        return _evaluate(results[chosen - 1], values, env)
    return _CALLS[name](*(_evaluate(a, values, env) for a in args))


# What a night holds beyond VARIABLES, for the formulas brought over from TD3 (TD3_NAMES maps TD3's
# names onto these); money in the currency's units, yes/no as 1/0.
NIGHT_FACTS: dict[str, str] = {
    "all_entries": "entries and rebuys that night (TD3's n)",
    "total_rebuys": "rebuys that night", "total_add_ons": "add-ons that night",
    "buy_ins_amount": "what the buy-ins put into the prize pool", "rebuys_amount": "what the rebuys put in",
    "add_ons_amount": "what the add-ons put in", "prize_pool": "the prize pool",
    "paid_places": "how many places were paid", "league_members": "players that night who are league members",
    "buy_in_net": "the buy-in without the house's fee", "house_fee": "the house's fee in a buy-in",
    "position": "the order they went out in (the first out is 1)", "buy_in_cost": "what they paid to buy in",
    "rebuy_cost": "what they paid for rebuys", "add_on_cost": "what they paid for add-ons",
    "cost": "everything they paid", "winnings": "their prize and bounties", "take": "winnings less cost",
    "in_the_money": "1 if they won a prize", "final_table": "1 if they reached the final table",
    "in_league": "1 if they are a member of the league", "league_rank": "their place among the league's members",
}
TYPICAL_NIGHT: dict[str, float] = {
    "entries": 24, "players": 20, "place": 3, "prize": 150, "buy_in": 20, "knockouts": 2, "bounty_won": 10,
    "rebuys": 1, "add_ons": 1, "reentries": 1, "all_entries": 28, "total_rebuys": 4, "total_add_ons": 10,
    "buy_ins_amount": 432, "rebuys_amount": 72, "add_ons_amount": 100, "prize_pool": 604, "paid_places": 4,
    "league_members": 18, "buy_in_net": 18, "house_fee": 2, "position": 18, "buy_in_cost": 40, "rebuy_cost": 20,
    "add_on_cost": 10, "cost": 70, "winnings": 160, "take": 90, "in_the_money": 1, "final_table": 1,
    "in_league": 1, "league_rank": 3,
}
"""A night every formula is tried on when it is written, so that one that cannot give points is refused then."""


def check(text: str, language: str = "tourneydesk", *, imported: bool = False) -> Formula:
    """Parsed, and tried on a typical night, so that a formula that cannot give points is refused when
    it is written rather than when the standings are read."""
    formula = parse(text, language, imported=imported)
    formula.evaluate(TYPICAL_NIGHT)
    return formula
