"""A spec compiled against a layout: ground actions, goals and reward terms as closures.

Compilation happens once per spec (and is cached by the environment). The
result is everything ``reset``/``step`` and the planner need: the initial
state arrays, a ground action per layout slot (or ``None``), compiled goal
conditions, dependency maps for incremental re-evaluation, and the hidden
fact mask.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import product

from gensim_gym.dsl.ast import WILDCARD, Assign, Obj, Reveal, walk
from gensim_gym.dsl.compile import Compiled, CompiledEffects, compile_effects, compile_expr
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import parse_effect_cached, parse_expr_cached
from gensim_gym.world.heuristic import reads, requirements
from gensim_gym.world.layout import Layout


@dataclass(frozen=True)
class GroundAction:
    """One tool call with all arguments bound to objects."""

    id: int
    tool: str
    args: tuple[str, ...]
    params: tuple[str, ...]
    pre: Compiled
    effects: CompiledEffects
    fail_prob: float
    distractor: bool
    # Facts the precondition needs true / false, and what assignment values read (planner guidance).
    requires: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
    value_reads: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())

    @property
    def label(self) -> str:
        return f"{self.tool}({', '.join(self.args)})"

    def call(self) -> dict:
        """This action as an OpenAI-style tool call ``{"name": ..., "arguments": {...}}``."""
        return {"name": self.tool, "arguments": dict(zip(self.params, self.args, strict=True))}


class _SpecIndexer:
    """Resolves a spec's object names to layout indices (the ``Indexer`` protocol)."""

    def __init__(self, spec: SimSpec, layout: Layout) -> None:
        self.layout = layout
        self.predicates = layout.predicates
        self.slot = layout.placement(spec)
        self.objects = spec.task.objects

    def fact(self, name: str, objects: Sequence[str]) -> int:
        return self.layout.fact_index(name, tuple(self.slot[o] for o in objects))

    def num(self, name: str, objects: Sequence[str]) -> int:
        return self.layout.num_index(name, tuple(self.slot[o] for o in objects))

    def objects_of(self, type_name: str) -> Sequence[str]:
        return self.objects.get(type_name, ())


def _without_fail(tools) -> tuple:
    return tuple(replace(t, fail_prob=0.0) for t in tools)


def _constants(pre, effects) -> tuple[str, ...]:
    """Object names written literally in a tool's precondition and effects."""
    names = {node.name for root in (pre, *effects) for node in walk(root)
             if isinstance(node, Obj) and node.name != WILDCARD}
    return tuple(sorted(names))


class CompiledWorld:
    """Everything the runtime needs to simulate one spec inside one layout."""

    def __init__(self, spec: SimSpec, layout: Layout) -> None:
        layout.check_fits(spec)
        self.spec = spec
        self.layout = layout
        index = _SpecIndexer(spec, layout)
        self.index = index
        task = spec.task
        self.horizon = task.horizon
        self.num_lo = [0.0] * layout.n_nums
        self.num_hi = [0.0] * layout.n_nums
        self.num_scale = [1.0] * layout.n_nums
        for name, (types, lo, hi) in layout.fluents.items():
            for slots in product(*(range(layout.capacity[t]) for t in types)):
                j = layout.num_index(name, slots)
                self.num_lo[j], self.num_hi[j] = lo, hi
                self.num_scale[j] = max(abs(lo), abs(hi), 1.0)
        self.init_facts, self.init_nums = self._initial_state(index)
        self.actions: list[GroundAction | None] = [None] * layout.n_actions
        self.valid_actions: list[GroundAction] = []
        self._ground_tools(index)
        hidden = bytearray(layout.n_facts)
        for name in task.hidden:
            types = layout.predicates[name]
            for objs in product(*(task.objects.get(t, ()) for t in types)):
                hidden[index.fact(name, objs)] = 1
        self.hidden = hidden
        self.fact_deps = self._dependents(lambda a: a.pre.facts)
        self.num_deps = self._dependents(lambda a: a.pre.nums)
        self._compile_goals(spec)

    def _compile_goals(self, spec: SimSpec) -> None:
        self.spec = spec
        self.spec_id = spec.id  # hashing the spec is costly; the runtime reads it on every step
        self.horizon = spec.task.horizon
        self.goals = [compile_expr(parse_expr_cached(g), self.index) for g in spec.task.goal]
        self.goal_facts = sorted({i for g in self.goals for i in g.facts})
        self.terms = [(t, compile_expr(parse_expr_cached(t.when), self.index)) for t in spec.reward.terms]

    def retarget(self, spec: SimSpec) -> CompiledWorld:
        """This world for ``spec``, which may differ from the compiled one only in goal, horizon, reward,
        description, noise and meta; anything else is compiled afresh.

        The generator asks for a draft, a probe and a final version of each task, and verification
        for a noise-free one: they share objects, start state and tools, so re-grounding is waste.
        """
        old, new = self.spec.task, spec.task
        same_tools = (self.spec.tools.tools == spec.tools.tools
                      or _without_fail(self.spec.tools.tools) == _without_fail(spec.tools.tools))
        same_world = ((old.types, old.predicates, old.fluents, old.objects, old.init, old.hidden)
                      == (new.types, new.predicates, new.fluents, new.objects, new.init, new.hidden))
        if not (same_tools and same_world):
            return CompiledWorld(spec, self.layout)
        out = copy.copy(self)
        for attr in ("_guidance", "_affected", "_labels", "_progress", "_runtime"):  # derived from goals/reward
            out.__dict__.pop(attr, None)
        old_fail = (old.fail_prob, [t.fail_prob for t in self.spec.tools.tools])
        if old_fail != (new.fail_prob, [t.fail_prob for t in spec.tools.tools]):
            fail = {t.name: max(t.fail_prob, new.fail_prob) for t in spec.tools.tools}
            out.actions = [None if a is None else replace(a, fail_prob=fail[a.tool]) for a in self.actions]
            out.valid_actions = [out.actions[a.id] for a in self.valid_actions]
        out._compile_goals(spec)
        return out

    def _initial_state(self, index: _SpecIndexer) -> tuple[bytearray, list[float]]:
        facts = bytearray(self.layout.n_facts)
        nums = [min(max(0.0, lo), hi) for lo, hi in zip(self.num_lo, self.num_hi, strict=True)]
        effects = compile_effects([parse_effect_cached(s) for s in self.spec.task.init], index)
        self.apply(facts, nums, effects)
        return facts, nums

    def _ground_tools(self, index: _SpecIndexer) -> None:
        objects = self.spec.task.objects
        cache = self.layout.compile_cache
        if len(cache) > 100_000:  # bound memory across very long generation runs
            cache.clear()
        # a reveal grounds over every object of a type, so its closure depends on all their slots
        placed = tuple(tuple(index.slot[o] for o in objects.get(t, ())) for t in sorted(self.layout.capacity))
        for tool in self.spec.tools.tools:
            pre = parse_expr_cached(tool.pre)
            effects = [parse_effect_cached(e) for e in tool.effects]
            consts = _constants(pre, effects)
            # Fact indices depend only on slots, so compiled closures can be shared by every
            # spec compiled in this layout whose arguments and constants sit in the same slots.
            const_slots = tuple(index.slot.get(c, -1) for c in consts)
            reveal = placed if any(isinstance(e, Reveal) for e in effects) else ()
            params = tuple(p.name for p in tool.params)
            types = tuple(p.type for p in tool.params)
            fail = max(tool.fail_prob, self.spec.task.fail_prob)
            for args in product(*(objects.get(t, ()) for t in types)):
                slots = tuple(index.slot[a] for a in args)
                key = (tool.pre, tool.effects, params, slots, const_slots, reveal)
                compiled = cache.get(key)
                if compiled is None:
                    binding = dict(zip(params, args, strict=True))
                    values = [e.value for e in effects if isinstance(e, Assign)]
                    compiled = cache[key] = (compile_expr(pre, index, binding, split=True),
                                             compile_effects(effects, index, binding),
                                             requirements(pre, index, binding), reads(values, index, binding))
                action_id = self.layout.action_index(tool.name, slots)
                action = GroundAction(action_id, tool.name, args, params, compiled[0], compiled[1], fail,
                                      tool.distractor, compiled[2], compiled[3])
                self.actions[action_id] = action
                self.valid_actions.append(action)

    def _dependents(self, reads) -> dict[int, tuple[int, ...]]:
        deps: dict[int, list[int]] = {}
        for action in self.valid_actions:
            for i in reads(action):
                deps.setdefault(i, []).append(action.id)
        return {i: tuple(ids) for i, ids in deps.items()}

    # -- state transitions ----------------------------------------------
    def apply(self, facts: bytearray, nums: list[float], effects: CompiledEffects) -> None:
        """Apply effects in place: numeric values from the pre-state, deletes before adds, clamped fluents."""
        if effects.assigns:
            updates = []
            for j, op, fn in effects.assigns:
                value = fn(facts, nums)
                new = value if op == "=" else nums[j] + value if op == "+=" else nums[j] - value
                updates.append((j, min(max(float(new), self.num_lo[j]), self.num_hi[j])))
            for j, value in updates:
                nums[j] = value
        for i in effects.dels:
            facts[i] = 0
        for i in effects.adds:
            facts[i] = 1

    def goal_status(self, facts: bytearray, nums: list[float]) -> list[bool]:
        return [bool(g.fn(facts, nums)) for g in self.goals]

    def derived(self, name: str, build):
        """``build(self)``, computed on first use and kept on this world under ``name``.

        Goal-dependent helpers (planner guidance, the progress potential, the env runtime) live
        here; :meth:`retarget` drops them, because a new goal invalidates them.
        """
        value = self.__dict__.get(name)
        if value is None:
            value = self.__dict__[name] = build(self)
        return value

    def is_goal(self, facts: bytearray, nums: list[float]) -> bool:
        for g in self.goals:  # noqa: SIM110 - a plain loop: the planner calls this per expanded state
            if not g.fn(facts, nums):
                return False
        return True

    def applicable(self, facts: bytearray, nums: list[float]) -> list[GroundAction]:
        return [a for a in self.valid_actions if a.pre.fn(facts, nums)]

    def action_by_label(self) -> dict[str, GroundAction]:
        """Every valid ground action by its label, e.g. ``pick(crate_a, dock)`` (built once per world)."""
        return self.derived("_labels", lambda w: {a.label: a for a in w.valid_actions})

    def fact_items(self) -> list[tuple[str, int]]:
        """``(label, index)`` for every ground fact of the spec, in spec order."""
        return self.derived("_fact_items", lambda w: w._items(w.spec.task.predicates, w.index.fact))

    def num_items(self) -> list[tuple[str, int]]:
        """``(label, index)`` for every ground fluent of the spec, in spec order."""
        return self.derived("_num_items", lambda w: w._items(w.spec.task.fluents, w.index.num))

    def _items(self, declarations, index_of) -> list[tuple[str, int]]:
        objects = self.spec.task.objects
        return [(f"{d.name}({', '.join(objs)})", index_of(d.name, objs))
                for d in declarations for objs in product(*(objects.get(t, ()) for t in d.params))]
