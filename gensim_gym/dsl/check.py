"""Type checking of parsed expressions against a spec's vocabulary.

The checker resolves every ``Call`` to a predicate (boolean) or a fluent
(number), checks arity and argument types, and that variables are bound.
It collects problems instead of stopping at the first, so one repair turn can
fix them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gensim_gym.dsl.ast import (
    WILDCARD,
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
from gensim_gym.errors import Problem, did_you_mean


@dataclass(frozen=True)
class Vocabulary:
    """The names an expression may use: predicates, fluents and objects, with types."""

    predicates: Mapping[str, tuple[str, ...]]
    fluents: Mapping[str, tuple[str, ...]]
    objects: Mapping[str, str] = field(default_factory=dict)
    hidden: frozenset[str] = frozenset()


def _check_args(call: Call, types: tuple[str, ...], vocab: Vocabulary, variables: Mapping[str, str],
                path: str, *, problems: list[Problem], wildcard: bool = False) -> None:
    if len(call.args) != len(types):
        problems.append(Problem(path, f"{call.name} takes {len(types)} argument(s) ({', '.join(types)}), "
                                      f"got {len(call.args)} in {call}"))
        return
    for arg, want in zip(call.args, types, strict=True):  # lengths compared just above
        if isinstance(arg, Var):
            got = variables.get(arg.name)
            if got is None:
                known = ", ".join(f"?{v}" for v in variables) or "none"
                problems.append(Problem(path, f"unbound variable ?{arg.name} in {call}; bound variables: {known}"))
            elif got != want:
                problems.append(Problem(path, f"?{arg.name} has type {got!r} but {call.name} expects {want!r} there"))
        elif isinstance(arg, Obj) and arg.name == WILDCARD:
            if not wildcard:
                problems.append(Problem(path, f"the wildcard '_' is only allowed in 'reveal' effects, in {call}"))
        else:
            got = vocab.objects.get(arg.name)
            if got is None:
                problems.append(Problem(path, f"unknown object {arg.name!r} in {call}"
                                              f"{did_you_mean(arg.name, vocab.objects)}"))
            elif got != want:
                problems.append(Problem(path, f"object {arg.name!r} has type {got!r} "
                                              f"but {call.name} expects {want!r} there"))


def _kind(node: Expr, vocab: Vocabulary, variables: Mapping[str, str], path: str,
          problems: list[Problem]) -> str | None:
    """Return 'bool' or 'num' for ``node`` (None when unknown), appending problems."""
    if isinstance(node, Const):
        return "bool" if isinstance(node.value, bool) else "num"
    if isinstance(node, Call):
        if node.name in vocab.predicates:
            _check_args(node, vocab.predicates[node.name], vocab, variables, path, problems=problems)
            return "bool"
        if node.name in vocab.fluents:
            _check_args(node, vocab.fluents[node.name], vocab, variables, path, problems=problems)
            return "num"
        names = list(vocab.predicates) + list(vocab.fluents)
        problems.append(Problem(path, f"unknown predicate or fluent {node.name!r}{did_you_mean(node.name, names)}; "
                                      f"known: {', '.join(sorted(names)) or 'none'}"))
        return None
    if isinstance(node, Not):
        _expect(node.item, "bool", vocab, variables, path, problems=problems)
        return "bool"
    if isinstance(node, BoolOp):
        for item in node.items:
            _expect(item, "bool", vocab, variables, path, problems=problems)
        return "bool"
    if isinstance(node, Compare):
        left = _kind(node.left, vocab, variables, path, problems)
        right = _kind(node.right, vocab, variables, path, problems)
        if left and right and left != right:
            problems.append(Problem(path, f"cannot compare a {left} with a {right} in {node}"))
        elif left == "bool" and node.op not in ("==", "!="):
            problems.append(Problem(path, f"booleans only support == and != , not {node.op} in {node}"))
        return "bool"
    if isinstance(node, Arith):
        _expect(node.left, "num", vocab, variables, path, problems=problems)
        _expect(node.right, "num", vocab, variables, path, problems=problems)
        return "num"
    problems.append(Problem(path, f"unsupported expression node {type(node).__name__}"))  # pragma: no cover
    return None


def _expect(node: Expr, want: str, vocab: Vocabulary, variables: Mapping[str, str], path: str, *,
            problems: list[Problem]) -> None:
    got = _kind(node, vocab, variables, path, problems)
    if got is not None and got != want:
        label = {"bool": "a condition (true/false)", "num": "a number"}
        problems.append(Problem(path, f"expected {label[want]} but {node} is {label[got]}"))


def check_expr(node: Expr, vocab: Vocabulary, variables: Mapping[str, str], path: str,
               want: str = "bool") -> list[Problem]:
    """Return the problems of ``node`` used where a value of kind ``want`` is expected."""
    problems: list[Problem] = []
    _expect(node, want, vocab, variables, path, problems=problems)
    return problems


def check_effect(node: Effect, vocab: Vocabulary, variables: Mapping[str, str], path: str) -> list[Problem]:
    """Return the problems of one effect statement."""
    problems: list[Problem] = []
    if isinstance(node, SetFact):
        if node.atom.name not in vocab.predicates:
            extra = " (it is a fluent: assign it with =, += or -=)" if node.atom.name in vocab.fluents else ""
            problems.append(Problem(path, f"effect must name a predicate, got {node.atom.name!r}{extra}"
                                          f"{did_you_mean(node.atom.name, vocab.predicates)}"))
        else:
            _check_args(node.atom, vocab.predicates[node.atom.name], vocab, variables, path, problems=problems)
    elif isinstance(node, Assign):
        if node.target.name not in vocab.fluents:
            problems.append(Problem(path, f"only fluents can be assigned, {node.target.name!r} is not a fluent"
                                          f"{did_you_mean(node.target.name, vocab.fluents)}"))
        else:
            _check_args(node.target, vocab.fluents[node.target.name], vocab, variables, path, problems=problems)
        _expect(node.value, "num", vocab, variables, path, problems=problems)
    elif isinstance(node, Reveal):
        if node.pattern.name not in vocab.predicates:
            problems.append(Problem(path, f"reveal must name a predicate, got {node.pattern.name!r}"))
        else:
            # Revealing a predicate that this task does not hide is a harmless no-op: the same
            # toolset serves fully and partially observable variants of a domain.
            _check_args(node.pattern, vocab.predicates[node.pattern.name], vocab, variables, path,
                        problems=problems, wildcard=True)
    return problems
