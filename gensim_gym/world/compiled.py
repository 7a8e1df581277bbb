"""A spec compiled against a layout: ground actions, goals and reward terms as closures.

Compilation happens once per spec (and is cached by the environment). The
result is everything ``reset``/``step`` and the planner need: the initial
state arrays, a ground action per layout slot (or ``None``), compiled goal
conditions, dependency maps for incremental re-evaluation, and the hidden
fact mask.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import count, product
from math import isnan
from typing import cast

from gensim_gym.dsl.ast import WILDCARD, Assign, Effect, Obj, Reveal, walk
from gensim_gym.dsl.compile import Compiled, CompiledEffects, compile_effects, compile_expr
from gensim_gym.spec.model import SimSpec, Tool
from gensim_gym.spec.validate import parse_effect_cached, parse_expr_cached
from gensim_gym.world.constraints import Guard
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
    # What a failed call applies (the tool's ``fail_effects``); None without any: a failure changes nothing.
    fail_effects: CompiledEffects | None = None

    @cached_property
    def label(self) -> str:
        """``tool(arg, ...)``; cached: ground actions are shared by the worlds of a layout, and each
        world's ``action_by_label`` (golden-plan replay) lists every label."""
        return f"{self.tool}({', '.join(self.args)})"

    @cached_property
    def check(self) -> tuple[int, Callable]:
        """``(id, precondition)``, the pair :func:`recheck` lists for a call to re-evaluate; one tuple per action,
        shared by every table that lists it (per-table copies were ~20 % of the objects a generator's caches keep
        alive, which the cyclic garbage collector traverses on each full collection)."""
        return (self.id, self.pre.fn)

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


def recheck(world: CompiledWorld | Changes, effects: CompiledEffects,
            ids: Iterable[int]) -> tuple[tuple[int, ...], tuple[tuple[int, Callable], ...]]:
    """Split ``ids`` (actions whose precondition reads something ``effects`` write) into those the
    effects surely disable and ``(id, precondition)`` pairs that must be re-evaluated, both by id.

    An action is surely disabled when the effects falsify a literal its precondition requires
    (``GroundAction.requires``, a sound under-approximation): a fact it needs true is deleted and
    not re-added, or a fact it needs false is added. Skipping those calls changes no verdict.
    """
    adds = frozenset(effects.adds)
    dels = frozenset(effects.dels) - adds  # deletes apply first: a fact both deleted and added ends true
    off: list[int] = []
    checks: list[tuple[int, Callable]] = []
    actions = cast("list[GroundAction]", world.actions)  # ``ids`` are valid actions'
    for b in sorted(ids):
        action = actions[b]
        pos, neg = action.requires
        if not (pos.isdisjoint(dels) and neg.isdisjoint(adds)):
            off.append(b)
        else:
            checks.append(action.check)
    return tuple(off), tuple(checks)


class Changes(dict):
    """Per action id: the actions whose precondition reads what its effects write (as a mask: bytes with a
    1 at each such id, or ``b""`` if there is none), split as :func:`recheck` does (ids surely disabled,
    ``(id, precondition)`` pairs to re-check).

    It depends only on the ground actions and the dependency maps, i.e. on a world's grounding
    (:attr:`CompiledWorld.grounding`), so every world of one layout with the same grounding shares
    one table (:func:`changes`): the generator's probe, final and noise-free worlds, and re-sampled
    tasks over the same objects and tools. Filled lazily: searches and random episodes use a few calls.
    """

    def __init__(self, world: CompiledWorld) -> None:
        super().__init__()
        self.actions, self.fact_deps, self.num_deps = world.actions, world.fact_deps, world.num_deps

    def __missing__(self, action_id: int) -> tuple[bytes, tuple[int, ...], tuple[tuple[int, Callable], ...]]:
        effects = cast(GroundAction, self.actions[action_id]).effects  # called with valid actions' ids
        fact_deps, num_deps = self.fact_deps, self.num_deps
        changed = {b for i in effects.touched_facts for b in fact_deps.get(i, ())}
        for j in effects.touched_nums:
            changed.update(num_deps.get(j, ()))
        off, checks = recheck(self, effects, changed)
        # A mask rather than a frozenset: as fast to test, and bytes are no container, so the cyclic
        # garbage collector never tracks them (these tables live in the layout's cache, thousands of entries).
        mask = bytearray(len(self.actions) if changed else 0)
        for b in changed:
            mask[b] = 1
        out = self[action_id] = (bytes(mask), off, checks)
        return out


def changes(world: CompiledWorld) -> Changes:
    """The :class:`Changes` table of ``world``'s grounding (kept in its layout's compile cache)."""
    key = ("changes", world.grounding)
    cache = world.layout.compile_cache
    table = cache.get(key)
    if table is None:
        table = cache[key] = Changes(world)
    return table


def assigned_value(op: str, value: float, old: float, lo: float, hi: float) -> float:
    """A fluent's new value: ``op`` (``=``, ``+=``, ``-=``) applied to ``old`` and ``value``, clamped to [lo, hi].

    Infinities clamp to the bounds; NaN (``0 * inf``, ``inf - inf``: expressions may overflow) becomes
    ``lo``, so no fluent, observation or reward ever holds NaN.
    """
    new = value if op == "=" else old + value if op == "+=" else old - value
    if isnan(new):  # min/max would keep NaN
        return lo
    return min(max(float(new), lo), hi)


_GROUNDED_SERIAL = count()  # numbers each cached tool grounding; never reused, even after a cache clear


def _tool_info(tool: Tool) -> tuple:
    """What grounding a tool needs from its text: parameter types, literal constants, whether it
    reveals, and its parsed precondition, effects, parameter names and failure effects."""
    pre = parse_expr_cached(tool.pre)
    effects = [parse_effect_cached(e) for e in tool.effects]
    fail_effects = [parse_effect_cached(e) for e in tool.fail_effects]
    both = effects + fail_effects
    return (tuple(p.type for p in tool.params), _constants(pre, both),
            any(isinstance(e, Reveal) for e in both), pre, effects, tuple(p.name for p in tool.params),
            fail_effects)


_NUMERIC_ASSIGN = re.compile(r"^(.+?) (=|\+=|-=) (-?[0-9]+)$")


def _init_statement(stmt: str, cache: dict) -> tuple[Effect, tuple[str, ...]]:
    """An init statement parsed, with the object names it mentions (cached in ``cache``).

    Its compiled effect depends only on the statement and the slots of those objects, which is how
    :meth:`CompiledWorld._initial_state` caches it: a generator's start states are re-sampled from
    the same few hundred statements over changing object sets. Statements assigning a sampled integer
    (``price(laptop) = 87``) do not come here one by one: ``_initial_state`` caches them by their left-hand side
    (:meth:`CompiledWorld._init_fluent`, which parses ``price(laptop) = 0`` here once).
    """
    entry = cache.get(("init-statement", stmt))
    if entry is None:
        node = parse_effect_cached(stmt)
        names = tuple(sorted({n.name for n in walk(node) if isinstance(n, Obj)}))
        entry = cache["init-statement", stmt] = (node, names)
    return entry


def _fluent_bounds(layout: Layout) -> tuple[list[float], list[float], list[float]]:
    """Per fluent position of ``layout``: lower bound, upper bound and observation scale (cached per layout)."""
    cached = layout.compile_cache.get(("fluent-bounds",))
    if cached is None:
        num_lo = [0.0] * layout.n_nums
        num_hi = [0.0] * layout.n_nums
        num_scale = [1.0] * layout.n_nums
        for name, (types, lo, hi) in layout.fluents.items():
            for slots in product(*(range(layout.capacity[t]) for t in types)):
                j = layout.num_index(name, slots)
                num_lo[j], num_hi[j] = lo, hi
                num_scale[j] = max(abs(lo), abs(hi), 1.0)
        cached = layout.compile_cache["fluent-bounds",] = (num_lo, num_hi, num_scale)
    return cached


def _fluent_defaults(layout: Layout) -> tuple[float, ...]:
    """Every fluent at 0, clamped to its bounds: the value before the init statements (cached per layout)."""
    cached = layout.compile_cache.get(("fluent-defaults",))
    if cached is None:
        num_lo, num_hi, _ = _fluent_bounds(layout)
        cached = layout.compile_cache["fluent-defaults",] = tuple(
            min(max(0.0, lo), hi) for lo, hi in zip(num_lo, num_hi, strict=True))
    return cached


class CompiledWorld:
    """Everything the runtime needs to simulate one spec inside one layout."""

    def __init__(self, spec: SimSpec, layout: Layout, start: tuple[bytes, Sequence[float]] | None = None) -> None:
        """``start``: the start state (facts, fluents) already computed for ``spec`` in a layout equal to
        ``layout`` (a prefetch worker's), taken instead of applying the init statements again; that it was
        computed there also shows that the spec fits."""
        if start is None:
            layout.check_fits(spec)
        self.spec = spec
        self.layout = layout
        index = _SpecIndexer(spec, layout)
        self.index = index
        task = spec.task
        self.horizon = task.horizon
        # fluent bounds depend on the layout alone: shared (read-only) by every world compiled in it
        self.num_lo, self.num_hi, self.num_scale = _fluent_bounds(layout)
        # the objects with their slots: what fact and fluent positions of this spec depend on
        self._objects_key = tuple((t, names, tuple(index.slot[o] for o in names)) for t, names in task.objects.items())
        self.init_facts, self.init_nums = self._initial_state(index) if start is None else (
            bytearray(start[0]), list(start[1]))
        self.actions: list[GroundAction | None] = [None] * layout.n_actions
        self.valid_actions: list[GroundAction] = []
        self._ground_tools(index)
        hidden = bytearray(layout.n_facts)
        for name in task.hidden:
            types = layout.predicates[name]
            for objs in product(*(task.objects.get(t, ()) for t in types)):
                hidden[index.fact(name, objs)] = 1
        self.hidden = hidden
        # trajectory constraints, ground (None without any: every check site tests this first)
        self.guard = Guard(task.constraints, task.objects, index) if task.constraints else None
        self._compile_goals(spec)

    def _compile_goals(self, spec: SimSpec, same_goals: bool = False) -> None:
        """Compile ``spec``'s goal and reward terms; ``same_goals``: the compiled goal is already right."""
        self.spec = spec
        self.horizon = spec.task.horizon
        if not same_goals:
            self.goals = [self._compiled_goal(g) for g in spec.task.goal]
            self.goal_facts = sorted({i for g in self.goals for i in g.facts})
        self.terms = [(t, compile_expr(parse_expr_cached(t.when), self.index)) for t in spec.reward.terms]

    def _compiled_goal(self, text: str) -> Compiled:
        """One goal condition compiled; cached in the layout per text and objects with their slots
        (all the compiled closure depends on): a generator's draft, probe and re-sampled tasks repeat them."""
        key = ("goal", text, self._objects_key)
        cache = self.layout.compile_cache
        compiled = cache.get(key)
        if compiled is None:
            compiled = cache[key] = compile_expr(parse_expr_cached(text), self.index)
        return compiled

    def retarget(self, spec: SimSpec) -> CompiledWorld:
        """This world for ``spec``, which may differ from the compiled one only in goal, horizon, reward,
        description, noise and meta; anything else is compiled afresh.

        The generator asks for a draft, a probe and a final version of each task, and verification
        for a noise-free one: they share objects, start state and tools, so re-grounding is waste.
        """
        old, new = self.spec.task, spec.task
        same_tools = (self.spec.tools.tools == spec.tools.tools
                      or _without_fail(self.spec.tools.tools) == _without_fail(spec.tools.tools))
        same_world = ((old.types, old.predicates, old.fluents, old.objects, old.init, old.hidden, old.constraints)
                      == (new.types, new.predicates, new.fluents, new.objects, new.init, new.hidden, new.constraints))
        if not (same_tools and same_world):
            return CompiledWorld(spec, self.layout)
        out = copy.copy(self)
        guide = out.__dict__.pop("_guidance", None)
        for attr in ("_affected", "_labels", "_progress"):  # derived from goals/reward
            out.__dict__.pop(attr, None)
        old_fail = (old.fail_prob, [t.fail_prob for t in self.spec.tools.tools])
        if old_fail != (new.fail_prob, [t.fail_prob for t in spec.tools.tools]):
            fail = {t.name: max(t.fail_prob, new.fail_prob) for t in spec.tools.tools}
            out.actions = [None if a is None else replace(a, fail_prob=fail[a.tool]) for a in self.actions]
            out.valid_actions = [cast(GroundAction, out.actions[a.id]) for a in self.valid_actions]
        same_goals = old.goal == new.goal
        out._compile_goals(spec, same_goals)
        if same_goals and guide is not None:
            # Planner guidance depends on the goal, the start and the actions' conditions and effects,
            # all unchanged (failure probabilities play no part): the generator's probe, final and
            # noise-free worlds share one, instead of building it up to three times.
            out.__dict__["_guidance"] = guide.rebind(out)  # where derived("_guidance", ...) keeps it
        return out

    def _initial_state(self, index: _SpecIndexer) -> tuple[bytearray, list[float]]:
        """The start state: the init statements applied, as one effect list, to all-false facts and
        fluents at 0 (clamped to their bounds): every value read from that pre-state, deletes before adds.

        Each statement's compiled effect is cached (see :func:`_init_statement`); concatenating them gives
        exactly the effects of compiling the whole list at once. A statement assigning an integer
        (``price(laptop) = 87``, sampled anew for most tasks) is cached as the fluent its left-hand side
        names, its value put in here: caching it whole made two cache entries per new statement, ~2 compiles
        and ~50 objects kept per task for the collector (``benchmarks/worker_instructions.py --trainer``).
        """
        layout = self.layout
        facts = bytearray(layout.n_facts)
        defaults = _fluent_defaults(layout)
        adds: list[int] = []
        dels: list[int] = []
        assigns: list[tuple[int, str, float | Callable]] = []
        cache = layout.compile_cache
        slot = index.slot
        for stmt in self.spec.task.init:
            match = _NUMERIC_ASSIGN.match(stmt)
            if match is not None:
                lhs, op, value = match.groups()
                assigns.append((self._init_fluent(lhs, cache, index), op, float(value)))
                continue
            node, names = _init_statement(stmt, cache)
            key = ("init", stmt, tuple([slot.get(o, -1) for o in names]))
            effect = cache.get(key)
            if effect is None:
                effect = cache[key] = compile_effects([node], index)
            adds += effect.adds
            dels += effect.dels
            assigns += effect.assigns
        nums = list(defaults)
        if assigns:  # as apply(): every value from the pre-state, then written in order (the last one wins)
            lo, hi, pre = self.num_lo, self.num_hi, list(defaults)
            for j, op, value in assigns:
                given = value if isinstance(value, float) else value(facts, pre)
                nums[j] = assigned_value(op, given, defaults[j], lo[j], hi[j])
        for i in dels:
            facts[i] = 0
        for i in adds:
            facts[i] = 1
        return facts, nums

    def _init_fluent(self, lhs: str, cache: dict, index: _SpecIndexer) -> int:
        """The fluent position of an init statement's left-hand side (``price(laptop)``), cached by the text and
        the slots of the objects it names."""
        node, names = _init_statement(f"{lhs} = 0", cache)
        key = ("init-fluent", lhs, tuple([index.slot.get(o, -1) for o in names]))
        j = cache.get(key)
        if j is None:
            ((j, _, _),) = compile_effects([node], index).assigns
            cache[key] = j
        return j

    @property
    def spec_id(self) -> str:
        """The spec's content hash (computed on first use and cached on the spec).

        Lazy: a generator compiles drafts and probes whose id nobody ever reads.
        """
        return self.spec.id

    def _ground_tools(self, index: _SpecIndexer) -> None:
        """Ground every tool over the spec's objects; fill ``actions``, ``valid_actions`` and the
        dependency maps ``fact_deps`` / ``num_deps`` (fact or fluent → ids of the actions whose
        precondition reads it, in ``valid_actions`` order).

        A tool's groundings depend only on the tool, its failure probability and the objects (with
        their slots) its parameters, constants and reveals range over, so they are kept in the
        layout's compile cache under exactly that key: a generator's re-sampled tasks mostly reuse
        each tool's (immutable) ground actions and dependency lists instead of grounding again.
        """
        objects = self.spec.task.objects
        cache = self.layout.compile_cache
        if len(cache) > 100_000:  # bound memory across very long generation runs
            cache.clear()
        # The whole grounding depends only on the tools, the task's failure probability and the objects with
        # their slots, and a family's tasks repeat few of those (medium warehouse: 18 pairs of tool set and
        # objects in 300 tasks): kept whole, a task of a known pair is grounded by one lookup instead of one
        # per tool (the trainer's ~0.35 ms of a prefetched task; benchmarks/task_cost.py --prefetch).
        whole = ("grounding", self.spec.tools.tools, self.spec.task.fail_prob, self._objects_key)
        known = cache.get(whole)
        if known is not None:
            actions, valid, self.fact_deps, self.num_deps, self.grounding = known
            self.actions, self.valid_actions = list(actions), list(valid)
            return
        slot = index.slot
        slots_of = {t: slots for t, _, slots in self._objects_key}
        fact_deps: dict[int, list[int]] = {}
        num_deps: dict[int, list[int]] = {}
        task_fail = self.spec.task.fail_prob
        actions, valid = self.actions, self.valid_actions
        grounding: list[tuple] = []
        for tool in self.spec.tools.tools:
            info = cache.get(("tool", tool))
            if info is None:
                info = cache["tool", tool] = _tool_info(tool)
            types, consts, reveals = info[0], info[1], info[2]
            arg_sig = tuple((objects.get(t, ()), slots_of.get(t, ())) for t in types)
            reveal_sig = self._objects_key if reveals else ()  # a reveal may range over any type's objects
            fail = max(tool.fail_prob, task_fail)
            key = ("ground", tool, fail, arg_sig, tuple(slot.get(c, -1) for c in consts), reveal_sig)
            grounded = cache.get(key)
            if grounded is None:
                grounded = cache[key] = (*self._ground_tool(tool, info, index, fail), next(_GROUNDED_SERIAL))
            ground, facts_read, nums_read, serial = grounded
            grounding.append(serial)
            for action in ground:
                actions[action.id] = action
            valid.extend(ground)
            for i, ids in facts_read:
                fact_deps.setdefault(i, []).extend(ids)
            for j, ids in nums_read:
                num_deps.setdefault(j, []).extend(ids)
        self.fact_deps = {i: tuple(ids) for i, ids in fact_deps.items()}
        self.num_deps = {j: tuple(ids) for j, ids in num_deps.items()}
        # what the ground actions and dependency maps are determined by (a key for tables derived from
        # them): the serial numbers of the cached groundings used, in tool order (cheap to hash)
        self.grounding = tuple(grounding)
        cache[whole] = (tuple(actions), tuple(valid), self.fact_deps, self.num_deps, self.grounding)

    def _ground_tool(self, tool: Tool, info: tuple, index: _SpecIndexer, fail: float) -> tuple:
        """One tool's ground actions and, per fact / fluent their preconditions read, the reading action ids."""
        types, consts, reveals, pre, effects, params, fail_effects = info
        objects = self.spec.task.objects
        cache = self.layout.compile_cache
        counts = tuple(len(objects.get(t, ())) for t in sorted(self.layout.capacity))
        # Fact indices depend only on slots, so compiled closures can be shared by every
        # spec compiled in this layout whose arguments and constants sit in the same slots.
        const_slots = tuple(index.slot.get(c, -1) for c in consts)
        reveal = counts if reveals else ()
        out: list[GroundAction] = []
        for args in product(*(objects.get(t, ()) for t in types)):
            slots = tuple(index.slot[a] for a in args)
            key = (tool.pre, tool.effects, params, slots, const_slots, reveal, tool.fail_effects)
            compiled = cache.get(key)
            if compiled is None:
                binding = dict(zip(params, args, strict=True))
                values = [e.value for e in effects if isinstance(e, Assign)]
                compiled = cache[key] = (compile_expr(pre, index, binding, split=True),
                                         compile_effects(effects, index, binding),
                                         requirements(pre, index, binding), reads(values, index, binding),
                                         compile_effects(fail_effects, index, binding) if fail_effects else None)
            action_id = self.layout.action_index(tool.name, slots)
            out.append(GroundAction(action_id, tool.name, args, params, compiled[0], compiled[1], fail,
                                    tool.distractor, compiled[2], compiled[3], compiled[4]))
        facts_read: dict[int, list[int]] = {}
        nums_read: dict[int, list[int]] = {}
        for action in out:
            for i in action.pre.facts:
                facts_read.setdefault(i, []).append(action.id)
            for j in action.pre.nums:
                nums_read.setdefault(j, []).append(action.id)
        return tuple(out), tuple(facts_read.items()), tuple(nums_read.items())

    # -- state transitions ----------------------------------------------
    def successor(self, facts: bytearray, nums: list[float],
                  effects: CompiledEffects) -> tuple[bytearray, list[float]]:
        """The state after ``effects`` as a new copy (:meth:`apply` on it); ``facts`` and ``nums`` are left as they
        are. What every look one call ahead uses: the planner's children, Φ's sweep, the lookahead columns."""
        after_facts, after_nums = bytearray(facts), list(nums)
        self.apply(after_facts, after_nums, effects)
        return after_facts, after_nums

    def apply(self, facts: bytearray, nums: list[float], effects: CompiledEffects) -> None:
        """Apply effects in place: numeric values from the pre-state, deletes before adds, clamped fluents."""
        assigns = effects.assigns
        if assigns:
            lo, hi = self.num_lo, self.num_hi
            if len(assigns) == 1:  # the common case: nothing else to read the pre-state, so write at once
                ((j, op, fn),) = assigns
                nums[j] = assigned_value(op, fn(facts, nums), nums[j], lo[j], hi[j])
            else:
                updates = [(j, assigned_value(op, fn(facts, nums), nums[j], lo[j], hi[j])) for j, op, fn in assigns]
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

    def start_applicable(self) -> frozenset[int]:
        """Ids of the valid actions applicable in the initial state (computed once per start state).

        The goal walk, the planner and the random-policy check all begin there; retargeted copies
        (same start, same preconditions) keep the set, so a generated task evaluates each
        precondition at its start once instead of once per stage.
        """
        ids = self.__dict__.get("_start_applicable")
        if ids is None:
            ids = self._start_applicable = frozenset(a.id for a in self.applicable(self.init_facts, self.init_nums))
        return ids

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
        """Labels and positions of every grounding of ``declarations``; cached in the layout by the
        declarations and the objects with their slots (the positions depend on nothing else)."""
        objects = self.spec.task.objects
        key = ("items", declarations, self._objects_key)
        cache = self.layout.compile_cache
        items = cache.get(key)
        if items is None:
            items = cache[key] = [(f"{d.name}({', '.join(objs)})", index_of(d.name, objs))
                                  for d in declarations for objs in product(*(objects.get(t, ()) for t in d.params))]
        return items
