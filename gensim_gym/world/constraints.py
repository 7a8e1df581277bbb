"""Trajectory constraints of one compiled world, ground and indexed by what they read.

A spec's :class:`~gensim_gym.spec.model.Constraint` is a condition over typed parameters that must
never (or always) hold. :class:`Guard` grounds it over every binding of the parameters to pairwise
distinct objects and keeps, per fact and fluent, the ground instances that read it. A state reached
from a non-violating one by a call can only violate an instance that reads something the call
wrote, so :meth:`Guard.broken_after` checks only those: the environment, the planner, the goal walk,
the progress sweep and the random-policy check all ask after each call, at the cost of the few
instances the call touches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING

from gensim_gym.dsl.compile import compile_expr
from gensim_gym.spec.model import Constraint
from gensim_gym.spec.validate import parse_expr_cached

if TYPE_CHECKING:
    from gensim_gym.world.compiled import GroundAction


@dataclass(frozen=True)
class GroundConstraint:
    """One binding of a constraint's parameters: ``holds(facts, nums)`` is True when it is respected."""

    id: int
    constraint: Constraint
    args: tuple[str, ...]
    test: Callable[[bytearray, list[float]], bool]
    facts: frozenset[int]
    nums: frozenset[int]

    @property
    def fatal(self) -> bool:
        return self.constraint.on_violation == "fail"

    def holds(self, facts: bytearray, nums: list[float]) -> bool:
        value = bool(self.test(facts, nums))
        return not value if self.constraint.kind == "never" else value

    @property
    def label(self) -> str:
        return f"{self.constraint.name}({', '.join(self.args)})" if self.args else self.constraint.name


def _bindings(constraint: Constraint, objects: dict[str, tuple[str, ...]]):
    """Every assignment of the parameters to pairwise distinct objects of their types."""
    for args in product(*(objects.get(p.type, ()) for p in constraint.params)):
        if len(set(args)) == len(args):
            yield args


class Guard:
    """The ground constraints of a world and, per fact / fluent, the instances that read it."""

    def __init__(self, constraints: tuple[Constraint, ...], objects: dict[str, tuple[str, ...]], index) -> None:
        ground: list[GroundConstraint] = []
        for constraint in constraints:
            node = parse_expr_cached(constraint.condition)
            names = tuple(p.name for p in constraint.params)
            for args in _bindings(constraint, objects):
                compiled = compile_expr(node, index, dict(zip(names, args, strict=True)))
                ground.append(GroundConstraint(len(ground), constraint, args, compiled.fn, compiled.facts,
                                               compiled.nums))
        self.ground = tuple(ground)
        self.by_fact: dict[int, list[GroundConstraint]] = {}
        self.by_num: dict[int, list[GroundConstraint]] = {}
        for g in ground:
            for i in g.facts:
                self.by_fact.setdefault(i, []).append(g)
            for j in g.nums:
                self.by_num.setdefault(j, []).append(g)
        self._touched: dict[int, tuple[GroundConstraint, ...]] = {}

    def broken(self, facts: bytearray, nums: list[float]) -> list[GroundConstraint]:
        """Every violated instance in the state (a full check: the start state)."""
        return [g for g in self.ground if not g.holds(facts, nums)]

    def touched(self, action: GroundAction, fail: bool = False) -> tuple[GroundConstraint, ...]:
        """The instances that read something ``action``'s effects (``fail``: its failure effects) write, in
        id order (cached per action and outcome)."""
        key = ~action.id if fail else action.id
        out = self._touched.get(key)
        if out is None:
            effects = action.fail_effects if fail else action.effects
            assert effects is not None  # failure effects are checked only for calls that have them
            seen: dict[int, GroundConstraint] = {}
            for i in effects.touched_facts:
                seen.update((g.id, g) for g in self.by_fact.get(i, ()))
            for j in effects.touched_nums:
                seen.update((g.id, g) for g in self.by_num.get(j, ()))
            out = self._touched[key] = tuple(seen[k] for k in sorted(seen))
        return out

    def broken_after(self, action: GroundAction, facts: bytearray, nums: list[float]) -> list[GroundConstraint]:
        """The instances violated after ``action`` led to ``(facts, nums)`` (only those it touched)."""
        return [g for g in self.touched(action) if not g.holds(facts, nums)]

    def violates(self, action: GroundAction, facts: bytearray, nums: list[float], *, fatal_only: bool = False) -> bool:
        """Whether the state ``action`` led to violates a constraint (``fatal_only``: one whose violation
        ends the episode)."""
        return any((g.fatal or not fatal_only) and not g.holds(facts, nums) for g in self.touched(action))
