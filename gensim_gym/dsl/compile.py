"""Compilation of checked expressions into closures over the state arrays.

A world state is two flat containers: ``F`` (a ``bytearray`` of fact bits)
and ``N`` (a list of fluent values). Compiling grounds every variable with a
binding, resolves every atom to its index once, and builds nested closures
``fn(F, N)``. Conjunctions of literals, the common precondition shape, become
a single tight loop. Each compiled expression also reports the indices it
reads, which the runtime uses to re-evaluate only what a step changed.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from typing import Any, Protocol

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

StateFn = Callable[[bytearray, list], Any]  # a truth value (conditions) or a number (values, fluents)

_CMP = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


class Indexer(Protocol):
    """Maps ground atoms and fluents to positions in the state arrays."""

    predicates: Mapping[str, tuple[str, ...]]

    def fact(self, name: str, objects: Sequence[str]) -> int: ...

    def num(self, name: str, objects: Sequence[str]) -> int: ...

    def objects_of(self, type_name: str) -> Sequence[str]: ...


@dataclass(frozen=True)
class Compiled:
    """A compiled expression with the fact and fluent indices it reads.

    With ``split=True`` (preconditions) the expression is also taken apart as
    ``literals and residual``: ``literals`` is ``(positive, negative)`` fact indices of its
    top-level literal conjuncts (empty tuples if none), ``residual`` the rest compiled on its own
    (``None`` if the expression is a literal or a conjunction of literals). The environment counts
    unsatisfied literals in bulk and re-runs only residuals whose own reads changed.

    ``key`` (set on residuals) is the ground expression with every atom replaced by its state index
    (:func:`ground_key`): equal keys compute the same function of the state, so the environment
    evaluates a check shared by many actions (``headcount(m) <= capacity(r)`` for every time slot) once.
    """

    fn: StateFn
    facts: frozenset[int]
    nums: frozenset[int]
    literals: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    residual: Compiled | None = None
    key: tuple | None = None


@dataclass(frozen=True)
class CompiledEffects:
    """Ground effects of one action, applied delete-first like STRIPS."""

    adds: tuple[int, ...]
    dels: tuple[int, ...]
    assigns: tuple[tuple[int, str, StateFn], ...]
    reveals: tuple[int, ...]
    # ``assigns`` with each value as its ground key (:func:`ground_key`): equal keys assign the same values in every
    # state, so the progress sweep computes them once for the actions that share them (webshop's ``checkout`` of
    # one product, whatever the feature). None where not compiled from effect statements.
    assign_key: tuple | None = None

    # Cached: the planner, the walk and the triviality check ask for these in their inner loops.
    @cached_property
    def touched_facts(self) -> frozenset[int]:
        return frozenset(self.adds) | frozenset(self.dels)

    @cached_property
    def touched_nums(self) -> frozenset[int]:
        return frozenset(i for i, _, _ in self.assigns)


def _ground(args: tuple[Arg, ...], binding: Mapping[str, str]) -> tuple[str, ...]:
    return tuple(binding[a.name] if isinstance(a, Var) else a.name for a in args)


def _literals(items: tuple[Expr, ...]) -> tuple[list[Call], list[Call]] | None:
    """Split items into positive/negative atoms when all are literals, else None."""
    pos: list[Call] = []
    neg: list[Call] = []
    for item in items:
        if isinstance(item, Call):
            pos.append(item)
        elif isinstance(item, Not) and isinstance(item.item, Call):
            neg.append(item.item)
        else:
            return None
    return pos, neg


def _atom(item: Expr) -> Call:
    return item.item if isinstance(item, Not) else item  # type: ignore[return-value]


def _mixed_and(items, build, atom_index, index: Indexer) -> StateFn:
    """A conjunction mixing literals and compound items: the literals become one tight loop tested first."""
    lits = [i for i in items if _literals((i,)) is not None and _atom(i).name in index.predicates]
    rest = [build(i) for i in items if not any(i is lit for lit in lits)]
    if lits:
        literals = _literals(tuple(lits))
        assert literals is not None  # every item of lits is a literal
        pos, neg = literals
        rest.insert(0, _conjunction(tuple(atom_index(c) for c in pos), tuple(atom_index(c) for c in neg)))
    if len(rest) == 2:
        first, second = rest
        return lambda F, N: first(F, N) and second(F, N)
    parts = tuple(rest)
    return lambda F, N: all(p(F, N) for p in parts)


def compile_expr(node: Expr, index: Indexer, binding: Mapping[str, str] | None = None, split: bool = False) -> Compiled:
    """Compile a checked expression; ``binding`` maps variable names to objects.

    ``split`` also fills ``literals`` and ``residual`` (see :class:`Compiled`).
    """
    binding = binding or {}
    compiled = _compile(node, index, binding)
    if not split:
        return compiled
    items = node.items if isinstance(node, BoolOp) and node.op == "and" else (node,)
    lits = [i for i in items if _literals((i,)) is not None and _atom(i).name in index.predicates]
    rest = tuple(i for i in items if not any(i is lit for lit in lits))
    pos = tuple(index.fact(c.name, _ground(c.args, binding)) for c in lits if isinstance(c, Call))
    neg = tuple(index.fact(_atom(c).name, _ground(_atom(c).args, binding)) for c in lits if isinstance(c, Not))
    residual = None
    if rest:
        expr = rest[0] if len(rest) == 1 else BoolOp("and", rest)
        residual = _compile(expr, index, binding)
        residual = Compiled(residual.fn, residual.facts, residual.nums, key=ground_key(expr, index, binding))
    return Compiled(compiled.fn, compiled.facts, compiled.nums, (pos, neg), residual)


def _compile(node: Expr, index: Indexer, binding: Mapping[str, str]) -> Compiled:
    facts: set[int] = set()
    nums: set[int] = set()

    def atom_index(call: Call) -> int:
        i = index.fact(call.name, _ground(call.args, binding))
        facts.add(i)
        return i

    def build(n: Expr) -> StateFn:
        if isinstance(n, Const):
            value = n.value
            return lambda F, N: value
        if isinstance(n, Call):
            if n.name in index.predicates:
                i = atom_index(n)
                return lambda F, N: F[i] == 1
            j = index.num(n.name, _ground(n.args, binding))
            nums.add(j)
            return lambda F, N: N[j]
        if isinstance(n, Not):
            if isinstance(n.item, Call) and n.item.name in index.predicates:
                i = atom_index(n.item)
                return lambda F, N: F[i] == 0
            inner = build(n.item)
            return lambda F, N: not inner(F, N)
        if isinstance(n, BoolOp):
            split = _literals(n.items) if n.op == "and" else None
            if split is not None and all(c.name in index.predicates for c in split[0] + split[1]):
                pos = tuple(atom_index(c) for c in split[0])
                neg = tuple(atom_index(c) for c in split[1])
                return _conjunction(pos, neg)
            if n.op == "and":
                return _mixed_and(n.items, build, atom_index, index)
            parts = tuple(build(item) for item in n.items)
            return lambda F, N: any(p(F, N) for p in parts)
        if isinstance(n, Compare):
            op, left, right = _CMP[n.op], build(n.left), build(n.right)
            return _compare(op, left, right, _leaf(n.left, index, binding), _leaf(n.right, index, binding))
        if isinstance(n, Arith):
            op, left, right = _ARITH[n.op], build(n.left), build(n.right)
            return lambda F, N: op(left(F, N), right(F, N))
        raise TypeError(f"cannot compile {type(n).__name__}")  # pragma: no cover - checker rejects first

    fn = build(node)
    # ``build`` refers to itself through its closure cell: a reference cycle that only the cyclic
    # garbage collector could free (a generator compiles goals and new statements on every attempt)
    build = None  # type: ignore[assignment]  # noqa: F841 - rebinding the cell breaks the cycle; never used again
    return Compiled(fn, frozenset(facts), frozenset(nums))


def ground_key(n: Expr, index: Indexer, binding: Mapping[str, str]) -> tuple:
    """A hashable description of ``n`` under ``binding`` with atoms as state indices: ``("f", i)`` for a
    fact, ``("n", j)`` for a fluent. Indices are the layout's, so equal keys mean the same function of
    the state (constants keep their type: ``True`` and ``1`` hash alike but are kept apart)."""
    if isinstance(n, Const):
        return ("c", type(n.value).__name__, n.value)
    if isinstance(n, Call):
        if n.name in index.predicates:
            return ("f", index.fact(n.name, _ground(n.args, binding)))
        return ("n", index.num(n.name, _ground(n.args, binding)))
    if isinstance(n, Not):
        return ("not", ground_key(n.item, index, binding))
    if isinstance(n, BoolOp):
        return (n.op, *(ground_key(i, index, binding) for i in n.items))
    if isinstance(n, Compare | Arith):
        return (type(n).__name__, n.op, ground_key(n.left, index, binding), ground_key(n.right, index, binding))
    raise TypeError(f"cannot compile {type(n).__name__}")  # pragma: no cover - checker rejects first


def _leaf(n: Expr, index: Indexer, binding: Mapping[str, str]) -> tuple[bool, Any] | None:
    """A comparison operand read directly: ``(True, fluent index)`` or ``(False, constant)``, else None."""
    if isinstance(n, Const):
        return False, n.value
    if isinstance(n, Call) and n.name not in index.predicates:
        return True, index.num(n.name, _ground(n.args, binding))
    return None


def _compare(op: Callable, left: StateFn, right: StateFn, a: tuple[bool, Any] | None,
             b: tuple[bool, Any] | None) -> StateFn:
    """``op(left, right)``; one closure instead of three when both operands are fluents or constants
    (the common ``headcount(?m) <= capacity(?r)``: residual preconditions re-run on fluent changes)."""
    if a is not None and b is not None and (a[0] or b[0]):
        if a[0] and b[0]:
            j, k = a[1], b[1]
            return lambda F, N: op(N[j], N[k])
        if a[0]:
            j, c = a[1], b[1]
            return lambda F, N: op(N[j], c)
        c, k = a[1], b[1]
        return lambda F, N: op(c, N[k])
    return lambda F, N: op(left(F, N), right(F, N))


def _conjunction(pos: tuple[int, ...], neg: tuple[int, ...]) -> StateFn:
    if not neg and len(pos) == 1:
        (i,) = pos
        return lambda F, N: F[i] == 1
    if not neg and len(pos) == 2:
        i, j = pos
        return lambda F, N: F[i] == 1 and F[j] == 1

    # itemgetter fetches all the bits in C; repeating the first index makes it return a tuple
    # even for one index. Fact bits are only ever 0 or 1.
    if pos and neg:
        get_pos, get_neg = itemgetter(*pos, pos[0]), itemgetter(*neg, neg[0])
        return lambda F, N: 0 not in get_pos(F) and 1 not in get_neg(F)
    if pos:
        get_pos = itemgetter(*pos, pos[0])
        return lambda F, N: 0 not in get_pos(F)
    if neg:
        get_neg = itemgetter(*neg, neg[0])
        return lambda F, N: 1 not in get_neg(F)
    return lambda F, N: True


def compile_effects(effects: Sequence[Effect], index: Indexer,
                    binding: Mapping[str, str] | None = None) -> CompiledEffects:
    """Compile a list of checked effect statements for one grounding."""
    binding = binding or {}
    adds: list[int] = []
    dels: list[int] = []
    assigns: list[tuple[int, str, StateFn]] = []
    assign_key: list[tuple] = []
    reveals: list[int] = []
    for effect in effects:
        if isinstance(effect, SetFact):
            i = index.fact(effect.atom.name, _ground(effect.atom.args, binding))
            (adds if effect.value else dels).append(i)
        elif isinstance(effect, Assign):
            j = index.num(effect.target.name, _ground(effect.target.args, binding))
            assigns.append((j, effect.op, compile_expr(effect.value, index, binding).fn))
            assign_key.append((j, effect.op, ground_key(effect.value, index, binding)))
        elif isinstance(effect, Reveal):
            reveals.extend(_expand_reveal(effect.pattern, index, binding))
    return CompiledEffects(tuple(adds), tuple(dels), tuple(assigns), tuple(reveals), tuple(assign_key))


def _expand_reveal(pattern: Call, index: Indexer, binding: Mapping[str, str]) -> list[int]:
    types = index.predicates[pattern.name]
    choices: list[Sequence[str]] = []
    for arg, type_name in zip(pattern.args, types, strict=True):  # the checker enforced the arity
        if isinstance(arg, Obj) and arg.name == WILDCARD:
            choices.append(index.objects_of(type_name))
        else:
            choices.append([binding[arg.name] if isinstance(arg, Var) else arg.name])
    out: list[int] = []
    combos: list[tuple[str, ...]] = [()]
    for options in choices:
        combos = [c + (o,) for c in combos for o in options]
    for combo in combos:
        out.append(index.fact(pattern.name, combo))
    return out
