"""The expression parser: what it accepts, how it round-trips, and what it refuses (with where and why)."""

from __future__ import annotations

import pytest

from gensim_gym.dsl.ast import Arith, Assign, BoolOp, Call, Compare, Const, Not, Obj, Reveal, SetFact, Var
from gensim_gym.dsl.parser import MAX_CHARS, MAX_DEPTH, MAX_TOKENS, parse_effect, parse_expr, tokenize
from gensim_gym.errors import ExpressionError, SpecError


def test_precedence_not_binds_tighter_than_and_than_or() -> None:
    node = parse_expr("a() or not b() and c()")
    assert isinstance(node, BoolOp) and node.op == "or"
    left, right = node.items
    assert left == Call("a", ())
    assert isinstance(right, BoolOp) and right.op == "and"
    assert right.items[0] == Not(Call("b", ()))


def test_arguments_are_variables_or_objects() -> None:
    node = parse_expr("at(?crate, dock)")
    assert node == Call("at", (Var("crate"), Obj("dock")))


def test_numeric_comparison_and_arithmetic() -> None:
    node = parse_expr("stock(?p) + 2 * 3 >= -1")
    assert isinstance(node, Compare) and node.op == ">="
    assert isinstance(node.left, Arith) and node.left.op == "+"
    assert node.left.right == Arith("*", Const(2.0), Const(3.0))
    assert node.right == Const(-1.0)


@pytest.mark.parametrize("text", [
    "at(?i, ?l) and not holding(?i)",
    "robot_at(?place) and at(?crate, ?place) and hand_empty()",
    "a() or b() and not c()",
    "(a() or b()) and c()",
    "stock(?p) + 1 <= 5",
    "true",
    "not (a() and b())",
])
def test_expressions_round_trip_through_str(text: str) -> None:
    node = parse_expr(text)
    assert parse_expr(str(node)) == node


@pytest.mark.parametrize(("text", "kind"), [
    ("not at(?i, ?l)", SetFact),
    ("holding(?i)", SetFact),
    ("stock(?p) += 1", Assign),
    ("stock(?p) = 0", Assign),
    ("reveal at(_, ?place)", Reveal),
])
def test_effects(text: str, kind: type) -> None:
    node = parse_effect(text)
    assert isinstance(node, kind)
    assert parse_effect(str(node)) == node


def test_delete_effect_has_value_false() -> None:
    node = parse_effect("not at(?i, ?l)")
    assert node == SetFact(Call("at", (Var("i"), Var("l"))), False)


def test_wildcard_only_in_reveal() -> None:
    with pytest.raises(ExpressionError, match="wildcard"):
        parse_effect("at(_, dock)")


@pytest.mark.parametrize(("text", "fragment"), [
    ("at(?i", "unexpected end"),
    ("at(?i,)", "expected an argument"),
    ("a() and", "unexpected end"),
    ("a() b()", "after the end"),
    ("dock", "must be called with arguments"),
    ("a() $ b()", "unexpected character '$'"),
    ("1e99 > 0", "after the end"),
    ("99999999999 > 0", "larger than"),
    ("__import__('os')", "unexpected character"),
    ("().__class__", "unexpected"),
    ("x.__dict__", "unexpected character '.'"),
    ("lambda: 0", "unexpected character ':'"),
    ("a() if b() else c()", "after the end"),
])
def test_malformed_expressions_name_the_problem(text: str, fragment: str) -> None:
    with pytest.raises(ExpressionError, match=None) as caught:
        parse_expr(text, "$.task.goal[0]")
    assert fragment in str(caught.value)
    assert caught.value.problems[0].path == "$.task.goal[0]"
    assert isinstance(caught.value, SpecError)  # callers catch one type


def test_length_token_and_depth_bounds() -> None:
    with pytest.raises(ExpressionError, match="characters long"):
        parse_expr("a() and " * (MAX_CHARS // 8) + "a()")
    with pytest.raises(ExpressionError, match="tokens"):
        parse_expr(" or ".join(["a()"] * (MAX_TOKENS // 3)))
    with pytest.raises(ExpressionError, match="nests deeper"):
        parse_expr("(" * (MAX_DEPTH + 1) + "a()" + ")" * (MAX_DEPTH + 1))
    with pytest.raises(ExpressionError, match="nests deeper"):
        parse_expr("not " * (MAX_DEPTH + 1) + "a()")


def test_tokenize_rejects_non_strings() -> None:
    with pytest.raises(ExpressionError, match="expected an expression string, got int"):
        tokenize(3)  # type: ignore[arg-type]


def test_keywords_are_not_names() -> None:
    with pytest.raises(ExpressionError):
        parse_expr("and(?x)")
    with pytest.raises(ExpressionError):
        parse_effect("reveal not a()")
