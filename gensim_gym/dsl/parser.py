"""Parser for the expression language.

The language is deliberately tiny; the whole grammar::

    expr      := or
    or        := and ("or" and)*
    and       := not ("and" not)*
    not       := "not" not | compare
    compare   := sum (("=="|"!="|"<"|"<="|">"|">=") sum)?
    sum       := product (("+"|"-") product)*
    product   := unary ("*" unary)*
    unary     := "-" unary | atom
    atom      := NUMBER | "true" | "false" | NAME "(" args? ")" | "(" expr ")"
    args      := arg ("," arg)*          arg := "?"NAME | NAME | "_"
    effect    := "not" call | call | call ("="|"+="|"-=") sum | "reveal" call

Spec text is untrusted (it may come from an LLM), so the parser is a plain
recursive-descent parser over a regex tokenizer, bounded in input length,
token count and nesting depth, and never hands text to Python's ``eval``.
"""

from __future__ import annotations

import re

from gensim_gym.dsl.ast import (
    WILDCARD,
    Arg,
    Arith,
    Assign,
    BoolOp,
    Call,
    Compare,
    Const,
    Effect,
    Expr,
    Not,
    Obj,
    Reveal,
    SetFact,
    Var,
)
from gensim_gym.errors import ExpressionError

MAX_CHARS = 2000
MAX_TOKENS = 400
MAX_DEPTH = 24
MAX_NUMBER = 1e9

_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<var>\?[A-Za-z_][A-Za-z0-9_]*)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)"
    r"|(?P<op>==|!=|<=|>=|\+=|-=|[<>=+\-*(),]))"
)
_KEYWORDS = {"and", "or", "not", "true", "false", "reveal"}
_COMPARE = {"==", "!=", "<", "<=", ">", ">="}
_ASSIGN = {"=", "+=", "-="}
NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"


def tokenize(text: str, path: str = "$") -> list[tuple[str, str]]:
    """Split ``text`` into ``(kind, value)`` tokens; kinds are num, var, name, op."""
    if not isinstance(text, str):
        raise ExpressionError(f"expected an expression string, got {type(text).__name__}", path=path)
    if len(text) > MAX_CHARS:
        raise ExpressionError(f"expression is {len(text)} characters long; at most {MAX_CHARS} are allowed", path=path)
    tokens: list[tuple[str, str]] = []
    pos, end = 0, len(text.rstrip())
    while pos < end:
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            pos = len(text) - len(text[pos:].lstrip())  # point at the offending character, not the blank before it
            raise ExpressionError(f"unexpected character {text[pos:pos + 1]!r} at column {pos + 1} in {text!r}",
                                  path=path)
        kind = match.lastgroup or "op"
        tokens.append((kind, match.group(kind)))
        pos = match.end()
        if len(tokens) > MAX_TOKENS:
            raise ExpressionError(f"expression has more than {MAX_TOKENS} tokens", path=path)
    return tokens


class _Parser:
    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self.tokens = tokenize(text, path)
        self.pos = 0
        self.depth = 0

    # -- helpers ---------------------------------------------------------
    def fail(self, message: str) -> ExpressionError:
        return ExpressionError(f"{message} in {self.text!r}", path=self.path)

    def peek(self) -> tuple[str, str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, value: str | None = None) -> tuple[str, str]:
        token = self.peek()
        if token is None:
            raise self.fail("unexpected end of expression" + (f", expected {value!r}" if value else ""))
        if value is not None and token[1] != value:
            raise self.fail(f"expected {value!r} but found {token[1]!r}")
        self.pos += 1
        return token

    def at(self, *values: str) -> bool:
        token = self.peek()
        return token is not None and token[1] in values and token[0] in ("op", "name")

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"expression nests deeper than {MAX_DEPTH} levels")

    def finish(self) -> None:
        token = self.peek()
        if token is not None:
            raise self.fail(f"unexpected {token[1]!r} after the end of the expression")

    # -- grammar ---------------------------------------------------------
    def expr(self) -> Expr:
        self.nest()
        node = self.binary("or", self.conj)
        self.depth -= 1
        return node

    def binary(self, op: str, sub) -> Expr:
        items = [sub()]
        while self.at(op):
            self.take()
            items.append(sub())
        return items[0] if len(items) == 1 else BoolOp(op, tuple(items))

    def conj(self) -> Expr:
        return self.binary("and", self.neg)

    def neg(self) -> Expr:
        if self.at("not"):
            self.take()
            self.nest()
            node = Not(self.neg())
            self.depth -= 1
            return node
        return self.compare()

    def compare(self) -> Expr:
        left = self.sum()
        if self.at(*_COMPARE):
            op = self.take()[1]
            return Compare(op, left, self.sum())
        return left

    def sum(self) -> Expr:
        node = self.product()
        while self.at("+", "-"):
            op = self.take()[1]
            node = Arith(op, node, self.product())
        return node

    def product(self) -> Expr:
        node = self.unary()
        while self.at("*"):
            self.take()
            node = Arith("*", node, self.unary())
        return node

    def unary(self) -> Expr:
        if self.at("-"):
            self.take()
            self.nest()
            inner = self.unary()
            self.depth -= 1
            if isinstance(inner, Const) and not isinstance(inner.value, bool):
                return Const(-inner.value)
            return Arith("-", Const(0.0), inner)
        return self.primary()

    def primary(self) -> Expr:
        kind, value = self.take()
        if kind == "num":
            number = float(value)
            if number > MAX_NUMBER:
                raise self.fail(f"number {value} is larger than {MAX_NUMBER:g}")
            return Const(number)
        if kind == "name" and value in ("true", "false"):
            return Const(value == "true")
        if kind == "name" and value not in _KEYWORDS:
            return self.call_rest(value)
        if value == "(":
            node = self.expr()
            self.take(")")
            return node
        raise self.fail(f"unexpected {value!r}")

    def call(self) -> Call:
        kind, value = self.take()
        if kind != "name" or value in _KEYWORDS:
            raise self.fail(f"expected a predicate or fluent name but found {value!r}")
        return self.call_rest(value)

    def call_rest(self, name: str) -> Call:
        if not self.at("("):
            raise self.fail(f"{name!r} must be called with arguments, e.g. {name}(...); bare names are not values")
        self.take("(")
        args: list[Arg] = []
        if not self.at(")"):
            args.append(self.arg())
            while self.at(","):
                self.take()
                args.append(self.arg())
        self.take(")")
        return Call(name, tuple(args))

    def arg(self) -> Arg:
        kind, value = self.take()
        if kind == "var":
            return Var(value[1:])
        if kind == "name" and value not in _KEYWORDS:
            return Obj(value)
        raise self.fail(f"expected an argument (?variable or object name) but found {value!r}")

    def effect(self) -> Effect:
        if self.at("not"):
            self.take()
            return SetFact(self.call(), False)
        if self.at("reveal"):
            self.take()
            return Reveal(self.call())
        target = self.call()
        if self.at(*_ASSIGN):
            op = self.take()[1]
            return Assign(target, op, self.sum())
        return SetFact(target, True)


def parse_expr(text: str, path: str = "$") -> Expr:
    """Parse a boolean or numeric expression.

    >>> str(parse_expr("at(?item, dock) and not broken(?item)"))
    'at(?item, dock) and not broken(?item)'
    """
    parser = _Parser(text, path)
    node = parser.expr()
    parser.finish()
    return node


def parse_effect(text: str, path: str = "$") -> Effect:
    """Parse one effect statement.

    >>> str(parse_effect("stock(?item) += 2"))
    'stock(?item) += 2'
    """
    parser = _Parser(text, path)
    node = parser.effect()
    parser.finish()
    if isinstance(node, SetFact) and any(isinstance(a, Obj) and a.name == WILDCARD for a in node.atom.args):
        raise ExpressionError(f"the wildcard '_' is only allowed in 'reveal' effects, in {text!r}", path=path)
    return node
