"""Syntax tree of the expression language.

Nodes are small frozen dataclasses. Each one can ``describe()`` itself in
words (used for task descriptions and reward explanations) and render itself
back to source with ``str()``, so a parsed expression round-trips.
"""

from __future__ import annotations

from dataclasses import dataclass

WILDCARD = "_"


@dataclass(frozen=True)
class Var:
    """A tool parameter or rule variable, written ``?name``."""

    name: str

    def __str__(self) -> str:
        return f"?{self.name}"


@dataclass(frozen=True)
class Obj:
    """An object name (or the wildcard ``_`` inside ``reveal``)."""

    name: str

    def __str__(self) -> str:
        return self.name


Arg = Var | Obj


@dataclass(frozen=True)
class Const:
    """A number or boolean literal."""

    value: float | bool

    def __str__(self) -> str:
        if isinstance(self.value, bool):
            return "true" if self.value else "false"
        v = float(self.value)
        return str(int(v)) if v.is_integer() else repr(v)

    def describe(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Call:
    """``name(arg, ...)``: a predicate (boolean) or a numeric fluent, resolved by the checker."""

    name: str
    args: tuple[Arg, ...]

    def __str__(self) -> str:
        return f"{self.name}({', '.join(map(str, self.args))})"

    def describe(self) -> str:
        words = self.name.replace("_", " ")
        return f"{words}({', '.join(map(str, self.args))})"


@dataclass(frozen=True)
class Not:
    item: Expr

    def __str__(self) -> str:
        return f"not {_wrap(self.item)}"

    def describe(self) -> str:
        return f"not {self.item.describe()}"


@dataclass(frozen=True)
class BoolOp:
    """``and`` / ``or`` over two or more items."""

    op: str
    items: tuple[Expr, ...]

    def __str__(self) -> str:
        return f" {self.op} ".join(_wrap(i) for i in self.items)

    def describe(self) -> str:
        return f" {self.op} ".join(i.describe() for i in self.items)


@dataclass(frozen=True)
class Compare:
    op: str
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"

    def describe(self) -> str:
        words = {"==": "equals", "!=": "differs from", "<": "is below", "<=": "is at most",
                 ">": "is above", ">=": "is at least"}[self.op]
        return f"{self.left.describe()} {words} {self.right.describe()}"


@dataclass(frozen=True)
class Arith:
    op: str
    left: Expr
    right: Expr

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"

    def describe(self) -> str:
        return str(self)


Expr = Const | Call | Not | BoolOp | Compare | Arith


@dataclass(frozen=True)
class SetFact:
    """Effect ``p(x)`` (make true) or ``not p(x)`` (make false)."""

    atom: Call
    value: bool

    def __str__(self) -> str:
        return str(self.atom) if self.value else f"not {self.atom}"


@dataclass(frozen=True)
class Assign:
    """Effect ``f(x) = e``, ``f(x) += e`` or ``f(x) -= e``."""

    target: Call
    op: str
    value: Expr

    def __str__(self) -> str:
        return f"{self.target} {self.op} {self.value}"


@dataclass(frozen=True)
class Reveal:
    """Effect ``reveal p(x, _)``: make matching hidden facts observable."""

    pattern: Call

    def __str__(self) -> str:
        return f"reveal {self.pattern}"


Effect = SetFact | Assign | Reveal


def _wrap(node: object) -> str:
    return f"({node})" if isinstance(node, BoolOp) else str(node)


def walk(node: object):
    """Yield ``node`` and every node below it."""
    yield node
    if isinstance(node, Not):
        yield from walk(node.item)
    elif isinstance(node, BoolOp):
        for item in node.items:
            yield from walk(item)
    elif isinstance(node, (Compare, Arith)):
        yield from walk(node.left)
        yield from walk(node.right)
    elif isinstance(node, Assign):
        yield from walk(node.target)
        yield from walk(node.value)
    elif isinstance(node, SetFact):
        yield from walk(node.atom)
    elif isinstance(node, Reveal):
        yield from walk(node.pattern)
    elif isinstance(node, Call):
        yield from node.args
