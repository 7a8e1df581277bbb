"""The offline procedural generator: directive knobs + seed → verified SimSpec.

Goals are found by a random walk from a sampled start state, so every goal
is reachable by construction; the planner then measures the shortest plan,
and tasks that are too short for the asked difficulty are re-sampled (bounded
by ``max_tries``, as Minigrid does). Everything random flows from one
``numpy.random.Generator`` seeded by the caller: same knobs and seed, same spec.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import product
from typing import Any, NamedTuple, cast

import numpy as np

from gensim_gym._cache import BoundedCache
from gensim_gym.dsl.compile import CompiledEffects
from gensim_gym.errors import DirectiveError, GenerationError, SearchSpaceError
from gensim_gym.generation import tool_quota
from gensim_gym.generation.counts import GOAL_NAMES as _NAMES
from gensim_gym.generation.counts import asked_count_goals, objects_named, plan_calls
from gensim_gym.generation.decoys import with_decoys
from gensim_gym.generation.directive import Knobs
from gensim_gym.generation.lexicon import calls
from gensim_gym.generation.reading import clauses_for, reading_of
from gensim_gym.generation.through import plan_through
from gensim_gym.generation.toolsets import Toolset, TypeDecl, get_toolset, init_order
from gensim_gym.generation.undo_start import UndoCalls, breaks, undo_calls, walked_start
from gensim_gym.generation.verify import measure, random_check, verify
from gensim_gym.spec.model import Predicate, Reward, SimSpec, Tool, Tools, World
from gensim_gym.world.budget import bounded
from gensim_gym.world.compiled import Changes, CompiledWorld, GroundAction, changes
from gensim_gym.world.layout import Layout
from gensim_gym.world.planner import best_plan, update_applicable

MAX_TRIES = 40
#: Quarters of ``max_tries`` after which a task whose shortest plan calls none of an asked operation is accepted
#: (the spec's clause then says approximated); a count or plan length is relaxed after two (see ``generate``).
OPS_RELAXED = 3
#: The reason a task is rejected, or kept only as a last resort, when hidden facts were asked for and its shortest
#: plan reveals none of them (see ``OfflineGenerator._verdict``).
UNREVEALED = "the shortest plan uses none of the revealing tools"
#: The reason of a relaxed attempt's task a random policy solves too often (see :meth:`OfflineGenerator._verdict`).
TOO_EASY = "easier than asked"


def _easier_clauses(spec: SimSpec) -> SimSpec:
    """``spec``, where it is a last resort easier than asked (:data:`TOO_EASY`), with its honored difficulty clauses
    marked approximated, the ``difficulty`` meta's note saying why: the spec's clauses say what it does not give."""
    interpretation = spec.meta.get("interpretation", {})
    note = spec.meta.get("difficulty", {}).get("note")
    if note is None or "clauses" not in interpretation:
        return spec
    clauses = [{**c, "status": "approximated", "note": note} if c["kind"] == "difficulty" and c["status"] == "honored"
               else c for c in interpretation["clauses"]]
    return spec.with_meta(interpretation={**interpretation, "clauses": clauses})


def easier_than_asked(spec: SimSpec) -> bool:
    """Whether ``spec`` is a last resort a random policy solves too often (:data:`TOO_EASY`): a task stream prefers
    another seed's task to it (``TaskFamily.generate_task``)."""
    return str(spec.meta.get("difficulty", {}).get("note", "")).startswith(TOO_EASY)
#: Compiled drafts a generator keeps, by objects, start state and tools (see ``OfflineGenerator._attempt``).
DRAFT_CACHE = 256
#: Attempt verdicts a generator keeps, by draft and walked goals (see ``OfflineGenerator._attempt``).
VERDICT_CACHE = 4096
#: What a dense task's whole horizon of steps costs (success pays 1): see :meth:`OfflineGenerator.gen_reward`.
HORIZON_COST = 0.5
_RULE_VAR = re.compile(r"^\?([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([A-Za-z_][A-Za-z0-9_]*)$")


def min_plan_length(knobs: Knobs) -> int:
    """Shortest plan a task at this difficulty may have (:attr:`Knobs.min_plan_length`)."""
    return knobs.min_plan_length


def retry_allowance(plan: Sequence[GroundAction], task_fail: float = 0.0) -> int:
    """Steps a horizon adds for retries of a plan's calls whose tools fail more often than the task's noise
    (an imported PPDDL domain's, ``fail_prob = 1 - p``): three times their expected failures, ``f / (1 - f)``
    per call. Zero when no tool fails on its own (every built-in toolset): their horizons are unchanged."""
    return math.ceil(3 * sum(a.fail_prob / (1.0 - a.fail_prob) for a in plan if a.fail_prob > task_fail))


def family_layout(knobs: Knobs, max_difficulty: float = 1.0, *, shuffle_slots: bool = False) -> Layout:
    """The layout that fits every task these knobs can produce at any difficulty up to ``max_difficulty``.

    Object counts grow with difficulty (``gen_task``: ``min + round(d·(max − min))`` plus a jitter of at
    most one), so capacities follow the same formula at ``max_difficulty``. A smaller layout means fewer
    action slots, which matters for learners without action masks; every tool of the domains keeps its
    slots, so tool choice never breaks the fit. A toolset's own reveal tools and predicates have slots only where
    the directive asks for hidden facts (:meth:`Toolset.seen`): other families keep the spaces they had.
    """
    toolsets = [ts.seen(knobs.partial is True) for ts in domain_toolsets(knobs)]
    capacity: dict[str, int] = {}
    predicates: dict[str, tuple[str, ...]] = {}
    fluents: dict[str, tuple[tuple[str, ...], float, float]] = {}
    tools: dict[str, tuple[str, ...]] = {}
    for ts in toolsets:
        for t in ts.types:
            reach = min(t.max, t.min + round(max_difficulty * (t.max - t.min)) + 1)
            if t.name in counted_types(knobs):  # "five crates": room for five, as far as the type allows
                reach = max(reach, counted_objects(t, knobs, toolsets))
            capacity[t.name] = max(capacity.get(t.name, 0), reach)
        predicates.update({p.name: p.params for p in ts.predicates})
        fluents.update({f.name: (f.params, f.min, f.max) for f in ts.fluents})
        tools.update({t.name: tuple(p.type for p in t.params) for t in ts.all_tools})
    return Layout(capacity, predicates, fluents, tools, max_goals=max(8, sum(ts.max_goals for ts in toolsets)),
                  shuffle_slots=shuffle_slots)


def domain_toolsets(knobs: Knobs) -> list[Toolset]:
    """The toolsets of ``knobs.domains`` as the directive has them: the constraints it names turned on
    (:meth:`Toolset.with_constraints`), what the operations it asks for add (:func:`with_asked`), and decoy tools
    where its tool count is past every tool they declare."""
    toolsets = [with_asked(get_toolset(d).with_constraints(knobs.constraints), knobs.required_tools)
                for d in knobs.domains]
    if knobs.tool_count is not None and knobs.tool_count > sum(len(ts.all_tools) for ts in toolsets):
        return with_decoys(toolsets)  # past the world's own tools, decoys fill the count (decoys.py)
    return toolsets


def with_asked(ts: Toolset, required: Sequence[str]) -> Toolset:
    """``ts`` with what its tools asked for in ``required`` add to the domain (:attr:`Toolset.when_asked`:
    predicates, effects, goal predicates and templates, and tools of their own, as extra tools: the calendar's
    ``cancel_meeting``); ``ts`` itself when none is asked."""
    extras = [(tool, extra) for tool, extra in ts.when_asked.items() if any(calls(tool, r) for r in required)]
    if not extras:
        return ts
    predicates = list(ts.predicates)
    predicates += [p for _, extra in extras for p in map(Predicate.from_dict, extra.get("predicates", ()))
                   if p not in predicates]
    effects = {tool: tuple(extra.get("effects", ())) for tool, extra in extras}

    def patch(tools: tuple[Tool, ...]) -> tuple[Tool, ...]:
        return tuple(replace(t, effects=t.effects + tuple(e for tool, more in effects.items() if calls(t.name, tool)
                                                          for e in more))
                     if any(calls(t.name, tool) for tool in effects) else t for t in tools)

    goal = tuple(dict.fromkeys([*ts.goal_predicates, *(g for _, extra in extras for g in extra.get("goal", ()))]))
    templates = {**ts.templates, **{k: v for _, extra in extras for k, v in extra.get("templates", {}).items()}}
    own = tuple(t for _, extra in extras for t in extra.get("tools", ()))
    return replace(ts, predicates=tuple(predicates), tools=patch(ts.tools), extra_tools=patch(ts.extra_tools + own),
                   distractor_tools=patch(ts.distractor_tools), goal_predicates=goal, templates=templates)


#: A goal walk for a directive that asks for operations runs up to this many times its length while one of them is
#: not called yet (``OfflineGenerator._walk_goals``): a dungeon's unlock lies a key and a door away.
ASKED_WALK = 3
#: How many times longer the goal walk may go on for a count past its type's ``max`` (:attr:`TypeDecl.asked_max`):
#: each object then needs a changed fact of its own (hanoi's "5 disks" moves the bottom disc, 16 moves or more).
PAST_MAX_WALK = 10
#: Calls the goal walk makes after an asked operation's first call, so that goals can build on it (a block
#: unstacked is then stacked elsewhere).
ASKED_TAIL = 4


def counted_types(knobs: Knobs) -> list[str]:
    """The object types the directive's goal counts are about (``knobs.goal_type`` and those of ``knobs.more_counts``),
    each once, the first count's first."""
    first = [knobs.goal_type] if knobs.goal_count and knobs.goal_type is not None else []
    return [*first, *(kind for _, kind in knobs.more_counts)]


def _extra_cap(attempt: int, tries: int) -> int | None:
    """The most goals each count besides the first (``Knobs.more_counts``) aims at in try ``attempt`` of ``tries``:
    all it asks for (None) until the last quarter of the tries, then 1, then, in its second half, none. Eight goals
    over two worlds ("schedule 3 meetings and move 5 crates") can be past the exact search's budget in every draft;
    the last tries then give a task as near as the first count alone gave (its clauses say approximated)."""
    last = OPS_RELAXED * tries // 4
    if attempt < last:
        return None
    return 1 if attempt < (last + tries) // 2 else 0


def counted_room(knobs: Knobs, toolsets, kind: str | None = None) -> int:
    """Objects of a counted type (``kind``: one of :func:`counted_types`, by default ``knobs.goal_type``) a task
    needs for the goals its count asks for about distinct ones: half as many again plus one where a goal predicate
    relates two of them (``on(block, block)``: three blocks hold two ``on`` facts at most, so "a tower of 3 blocks"
    never had its three goals, and five ``on`` goals in six blocks are one tower of all six, which a random walk
    seldom builds)."""
    kind = knobs.goal_type if kind is None else kind
    asked: dict[str | None, int] = {knobs.goal_type: knobs.goal_count or 0}
    asked.update((k, n) for n, k in knobs.more_counts)
    count = asked.get(kind, 0)
    goal_preds = {name for ts in toolsets for name in ts.goal_predicates}
    pairs = any(p.name in goal_preds and list(p.params).count(kind) >= 2 for ts in toolsets for p in ts.predicates)
    return count + 1 + count // 2 if count and kind is not None and pairs else count


def counted_objects(t: TypeDecl, knobs: Knobs, toolsets) -> int:
    """How many objects of ``t`` (one of :func:`counted_types`) a task has for its count, as far as the type allows
    (``asked_max``): the count itself where the type's count is exact (``exact_count``: "5 disks" is a tower of 5,
    "2 boxes" a room of 2; never fewer than ``min``), else the room its goals need (:func:`counted_room`)."""
    if t.exact_count:
        asked: dict[str | None, int] = {knobs.goal_type: knobs.goal_count or 0}
        asked.update((k, n) for n, k in knobs.more_counts)
        return max(t.min, min(t.asked_max, asked.get(t.name, 0)))
    return min(t.asked_max, counted_room(knobs, toolsets, t.name))


def _check_composable(toolsets) -> None:
    """Two toolsets compose into one world only if every type, predicate, fluent and tool name they share means
    the same (``at(item, location)`` and ``at(ball, room)`` cannot both be ``at``): else a
    :class:`DirectiveError` naming the clashes, instead of a task that fits no layout."""
    seen: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    clashes: list[str] = []
    for ts in toolsets:
        for t in ts.types:  # a shared type must draw the same objects (init rules name them: "dock")
            first = seen.setdefault(("type", t.name), (ts.name, t.names))
            if first[1] != t.names:
                clashes.append(f"type {t.name!r} with other objects ({first[0]}: {', '.join(first[1][:3])}, ...; "
                               f"{ts.name}: {', '.join(t.names[:3])}, ...)")
            for name in t.names[:t.asked_max]:  # an object is of one type ("bob": a person and a passenger is neither)
                owner = seen.setdefault(("object", name), (ts.name, (t.name,)))
                if owner[1] != (t.name,):
                    clashes.append(f"object {name!r} ({owner[0]}: a {owner[1][0]}; {ts.name}: a {t.name})")
        for kind, items in (("predicate", ts.predicates), ("fluent", ts.fluents), ("tool", ts.all_tools)):
            for item in items:
                sig = tuple(getattr(p, "type", p) for p in item.params)
                first = seen.setdefault((kind, item.name), (ts.name, sig))
                if first[1] != sig:
                    clashes.append(f"{kind} {item.name!r} ({first[0]}: {', '.join(first[1])}; "
                                   f"{ts.name}: {', '.join(sig)})")
    if clashes:
        raise DirectiveError(f"domains {' and '.join(ts.name for ts in toolsets)} cannot be composed into one "
                             f"world: both declare {'; '.join(clashes[:4])}"
                             f"{f' and {len(clashes) - 4} more' if len(clashes) > 4 else ''}. Generate them "
                             f"apart, or compose a toolset of your own with distinct names")


class OfflineGenerator:
    """Procedural GenTask → GenTools → GenReward over the tool registry."""

    def __init__(self, knobs: Knobs, directive: str = "", max_tries: int = MAX_TRIES,
                 max_random_success: float = 0.2, random_episodes: int = 16) -> None:
        self.knobs = knobs
        self.directive = directive
        self.max_tries = max_tries
        self.max_random_success = max_random_success
        self.random_episodes = random_episodes
        self.toolsets = domain_toolsets(knobs)
        _check_composable(self.toolsets)
        self.constraints = tuple(t.constraint for ts in self.toolsets for t in ts.active)
        # what a lossy import of a toolset dropped goes into every spec's meta (nothing when there is none)
        lossy = [note for ts in self.toolsets for note in ts.approximations]
        self._lossy = {"approximations": lossy} if lossy else {}
        self.layout = family_layout(knobs)
        # memos (bounded: a generator may run for millions of tasks)
        self._tools_cache: dict[tuple[Tool, ...], Tools] = BoundedCache(256)  # see _tools
        self._walk_cache: dict[tuple, _WalkTables] = BoundedCache(1024)  # see _walk_tables (one per grounding)
        self._goal_item_cache: dict[tuple[int, int], tuple] = BoundedCache(4096)  # see _goal_items
        self._goalward_cache: dict[int, tuple[GroundAction, bool]] = BoundedCache(100_000)  # see _goalward
        # drafts and their verdicts (see _attempt): low difficulties draw the same few tasks again and again
        self._draft_cache: dict[tuple, tuple[CompiledWorld, Tools]] = BoundedCache(DRAFT_CACHE)
        # a verdict keeps its Tools object alive, so the id(tools) in its key is never reused while it is cached
        self._verdict_cache: dict[tuple, tuple[tuple[SimSpec | None, str], Tools]] = BoundedCache(VERDICT_CACHE)
        self._rules: list[_InitRule] | None = None  # see _init_state
        # the counted types whose count reaches past their ``max`` (TypeDecl.asked_max): see _unreached
        self._past_max = {t.name for ts in self.toolsets for t in ts.types if t.name in counted_types(knobs)
                          and counted_objects(t, knobs, self.toolsets) > t.max}
        self._asked_rules = False  # see _init_state
        self._callable_cache: dict[tuple, frozenset[str]] = BoundedCache(1024)  # see _callable
        self._undo_cache: dict[tuple, UndoCalls] = BoundedCache(1024)  # see _undo
        # asked operations that may only undo another call (undo_start); an init_when_asked rule gives its own start
        self._undo_asked = tuple(r for r in knobs.required_tools
                                 if not any(calls(tool, r) for ts in self.toolsets for tool in ts.init_when_asked))
        # a count of the objects an asked tool's goals are about counts those goals ("cancel 2 meetings")
        self._count_goals = asked_count_goals(knobs.domains, knobs.required_tools)
        # the asked tools adding those goals: the goal walk leans to them while a counted object is unreached ("cancel
        # 3 meetings": a meeting someone was invited to first can no longer be cancelled)
        self._count_tools = {tool for ts in self.toolsets for tool, extra in ts.when_asked.items()
                             if extra.get("counts") and any(calls(tool, r) for r in knobs.required_tools)}
        # "change 2 flat tires": (calls, tool) the golden plan makes (Knobs.call_count, Toolset.call_counts)
        self._call_count = (knobs.call_target or 0, knobs.call_count[1]) if knobs.call_count else None
        self._relaxed = False  # see generate
        self._ops_relaxed = False  # see generate
        self._asked_turn = True  # see _counted_goals
        self._tools_turn = True  # see _fitted
        self._extra_cap: int | None = None  # see _extra_cap
        self._reveal_asked = any(calls(tool, r) for ts in self.toolsets if ts.hidden for tool in ts.needs_tools
                                 for r in knobs.required_tools)
        self._reading = reading_of(directive, knobs) if directive else None  # clauses for the spec's meta
        # the last accepted spec from _verdict and the world it was verified in (one pair: see compiled())
        self._verified: tuple[SimSpec, CompiledWorld] | None = None
        self._returned: tuple[SimSpec, CompiledWorld] | None = None

    def generate(self, seed: int) -> SimSpec:
        rng = np.random.default_rng(seed)
        reasons: list[str] = []
        self._returned = None
        fallback: tuple[SimSpec, tuple[SimSpec, CompiledWorld] | None] | None = None
        last_resort = None  # a task whose plan reveals nothing where hidden facts were asked for (see _verdict)
        for attempt in range(self.max_tries):
            # a goal count no draft reached in half the tries is met as nearly as possible (and said so)
            self._relaxed = attempt >= self.max_tries // 2
            # an asked operation no draft's shortest plan calls is given up only after the relaxed length had tries
            # of its own: "refund 1 order" is 3 steps, shorter than the difficulty asks, and the first relaxed draft
            # often has a goal no refund brings about. Those tries keep the tasks the relaxed tries took before
            # (missing the operation, or the count) as a fallback, returned after them if none meets both.
            self._ops_relaxed = attempt >= OPS_RELAXED * self.max_tries // 4
            self._asked_turn = attempt % 2 == 0  # see _counted_goals
            self._tools_turn = attempt < self.max_tries // 4  # see _fitted
            self._extra_cap = _extra_cap(attempt, self.max_tries) if self.knobs.more_counts else None
            if self._ops_relaxed and fallback is not None:  # the relaxed tries' best: as near as they came
                break
            spec, reason = self._attempt(rng)
            if spec is not None and not reason:
                return self._accepted(spec, seed, len(reasons) + 1, self._verified)
            # a task missing an asked operation or the count: the one that misses least (the first of those) is kept
            if spec is not None and reason.startswith((UNREVEALED, TOO_EASY)):
                last_resort = last_resort or (spec, self._verified)
            elif spec is not None and (fallback is None or self._misses(spec) < self._misses(fallback[0])):
                fallback = (spec, self._verified)
            reasons.append(reason)
        fallback = fallback or last_resort
        if fallback is not None:  # no try met them all: the task that missed least (its clauses say approximated)
            return self._accepted(fallback[0], seed, len(reasons), fallback[1])
        raise GenerationError(f"offline generator found no acceptable task for {self.knobs.domains} at difficulty "
                              f"{self.knobs.difficulty} in {self.max_tries} tries", reasons[-5:])

    def _misses(self, spec: SimSpec) -> int:
        """How many of the asked operations ``spec``'s golden plan does not call, plus one if its goal has fewer
        conditions than the count."""
        plan = spec.meta.get("golden_plan", ())
        missing = sum(not any(calls(label.split("(")[0], r) for label in plan) for r in self.knobs.required_tools)
        return missing + (len(spec.task.goal) < self.knobs.total_target) + bool(self._miscounted(plan))

    def _calls_made(self, plan: Sequence[Any]) -> int:
        """How many calls of the counted tool (``Knobs.call_count``) ``plan`` (actions or their labels) makes."""
        return plan_calls(plan, self._call_count[1]) if self._call_count else 0

    def _call_fidelity(self, spec: SimSpec, plan: Sequence[Any]) -> SimSpec:
        """``spec`` with, where the directive counts calls ("change 2 flat tires": ``Knobs.call_count``), its
        ``fidelity`` meta's ``call_count``: the count requested, the calls aimed at, the tool, the calls its golden
        ``plan`` makes and the status (honored where it makes as many as requested)."""
        if self._call_count is None or self.knobs.call_count is None:
            return spec
        (aim, tool), made = self._call_count, self._calls_made(plan)
        asked = self.knobs.call_count[0]
        return spec.with_meta(fidelity={**spec.meta.get("fidelity", {}), "call_count": {
            "requested": asked, "aimed": aim, "tool": tool, "given": made,
            "status": "honored" if made == aim == asked else "approximated"}})

    def _miscounted(self, plan: Sequence[Any]) -> str:
        """Why ``plan`` misses the directive's count of calls (``Knobs.call_count``: "change 2 flat tires"), or ""."""
        if self._call_count is None:
            return ""
        aim, tool = self._call_count
        made = self._calls_made(plan)
        return "" if made == aim else f"the shortest plan calls {tool} {made} times, not the {aim} counted"

    def _accepted(self, spec: SimSpec, seed: int, attempts: int,
                  verified: tuple[SimSpec, CompiledWorld] | None) -> SimSpec:
        """``spec`` as :meth:`generate` returns it (with the generator's meta), remembered for :meth:`compiled`."""
        out = spec.with_meta(generator={"backend": "offline", "seed": int(seed), "attempts": attempts})
        if verified is not None and verified[0] is spec:  # not so after a verdict cache hit
            self._returned = (out, verified[1])
        return out

    def compiled(self, spec: SimSpec) -> CompiledWorld | None:
        """``spec`` compiled in :attr:`layout`, if it is the task :meth:`generate` returned last and was verified
        there (not a verdict cache hit): the verified world retargeted to it (same objects, start and tools, so
        the same world as compiling it, with the planner's guidance carried over). None otherwise.

        A prefetch worker sweeps the progress table of each task it makes; compiling the task and building its
        guidance again cost ~10 % of its CPU on webshop (``benchmarks/task_cost.py --worker``, issue 16). Holds
        one world at a time.
        """
        returned = self._returned
        if returned is None or returned[0] is not spec:
            return None
        return returned[1].retarget(spec)

    # -- the three generators ------------------------------------------------
    def gen_task(self, rng: np.random.Generator) -> tuple[dict[str, tuple[str, ...]], bool]:
        """Sample object counts (growing with difficulty) and whether facts are hidden."""
        d = self.knobs.difficulty
        objects: dict[str, tuple[str, ...]] = {}
        for ts in self.toolsets:
            for t in ts.types:
                n = t.min + round(d * (t.max - t.min)) + int(rng.integers(-1, 2))
                n = min(max(n, t.min), t.max)
                if t.name in counted_types(self.knobs):
                    room = counted_objects(t, self.knobs, self.toolsets)
                    n = room if t.exact_count else max(n, room)
                for template in ts.active:  # objects a constraint names ("backup") are always there
                    n = max([n, *(t.names.index(o) + 1 for o in template.objects.get(t.name, ()))])
                objects[t.name] = t.names[: max(n, len(objects.get(t.name, ())))]
        # an asked operation that only reveals hidden facts ("compares prices": inspect) is of use only with them
        partial = self.knobs.partial if self.knobs.partial is not None else d >= 0.75 or self._reveal_asked
        partial = partial and any(ts.hidden for ts in self._views(partial))
        return objects, partial

    def _views(self, partial: bool) -> list[Toolset]:
        """The toolsets as a task sees them (:meth:`Toolset.seen`): one with reveal tools of its own hides facts
        only where the directive asked for hidden facts, so a task hidden by difficulty alone leaves it as it was."""
        hiding = partial and self.knobs.partial is True
        return [ts.seen(hiding) for ts in self.toolsets]

    def gen_tools(self, rng: np.random.Generator, partial: bool) -> tuple[Tool, ...]:
        """Core tools, extras from difficulty 0.5 (or when hidden facts need them), and distractors; a tool count
        the directive asks for is met exactly where the toolsets allow it (:func:`tool_quota.fit`)."""
        d = self.knobs.difficulty
        asked = self.knobs.required_tools
        bases: list[list[Tool]] = []
        toolsets = self._views(partial)
        for ts in toolsets:
            extras = list(ts.extra_tools) if d >= 0.5 or partial else []
            if partial:
                extras = [t for t in ts.extra_tools if t.name in ts.needs_tools or t in extras]
            base = list(ts.tools) + extras
            base += [t for t in ts.extra_tools if t not in base and any(calls(t.name, r) for r in asked)]
            bases.append(base)
        shares = None
        if self.knobs.tool_count is not None:
            pairs = list(zip(toolsets, bases, strict=True))
            optional = [[t for t in base if t in ts.extra_tools and not self._kept(t.name, [ts], partial)]
                        for ts, base in pairs]
            # (the world's own tools before any decoy: a decoy only makes up what they cannot)
            spare = [[t for t in ts.extra_tools if t not in base] + list(ts.decoy_tools) for ts, base in pairs]
            shares = tool_quota.fit(self.knobs.tool_count, bases, optional, spare,
                                    [len(ts.distractor_tools) for ts in toolsets])
        chosen: list[Tool] = []
        for i, (ts, base) in enumerate(zip(toolsets, bases, strict=True)):
            n_distract = round(d * len(ts.distractor_tools)) + self.knobs.more_tools
            if shares is not None:
                base, n_distract = shares[i]
            if partial:
                base = [replace(t, pre=f"({t.pre}) and {ts.extra_pre[t.name]}") if t.name in ts.extra_pre else t
                        for t in base]
            else:  # nothing is hidden, so a reveal would name a non-hidden predicate (a spec error)
                base = [_without_reveals(t) for t in base]
            n_distract = min(max(n_distract, 0), len(ts.distractor_tools))
            picks = sorted(rng.choice(len(ts.distractor_tools), size=n_distract, replace=False)) if n_distract else []
            chosen.extend(base + [ts.distractor_tools[i] for i in picks])
        return tuple(chosen)

    def gen_reward(self, horizon: int) -> Reward:
        """The reward of a task with this horizon. A dense step costs ``HORIZON_COST / horizon``: a whole
        horizon costs half the success reward, so ending early never pays more than succeeding, and a wasted
        step on a short easy task costs enough (0.08-0.13) to stand out of the value noise of an argmax
        learner (SB3 DQN lost its easy families with 0.01: BENCHMARKS.md, Learnability)."""
        if self.knobs.reward_mode == "sparse":
            return Reward(mode="sparse", success=1.0, step_cost=0.0, invalid_cost=0.0, progress_weight=0.0)
        return Reward(mode="dense", success=1.0, step_cost=round(HORIZON_COST / max(horizon, 1), 4),
                      invalid_cost=0.05, progress_weight=0.5)

    # -- one attempt -----------------------------------------------------------
    def _attempt(self, rng: np.random.Generator) -> tuple[SimSpec | None, str]:
        objects, partial = self.gen_task(rng)
        # One Tools object for the draft, probe and final spec: its JSON (for the spec id) is then built once.
        tools = self._tools(self.gen_tools(rng, partial))
        init = self._init_state(rng, objects)
        hidden = tuple(h for ts in self._views(partial) for h in ts.hidden) if partial else ()
        fail = round(0.05 + 0.15 * self.knobs.difficulty, 3) if self.knobs.noise else 0.0
        # Everything after the walk is a function of the draft and the walk's goals and length (no more
        # draws from ``rng``), and low difficulties draw the same few drafts and goals again and again
        # (an easy warehouse stream: 105 distinct tasks in 300): the draft's compiled world and each
        # attempt's verdict (the task, or why it was rejected) are kept, keyed by all they depend on.
        # ``tools`` is one object per tool list (``_tools``), kept alive by the cached world's spec.
        draft_key, world = self._draft(objects, init, tools, hidden, fail)
        # an asked operation with nothing to undo at the start: a start further on (until the operation may be given
        # up: the last tries draw starts as every other task does)
        if self._undo_asked and not self._ops_relaxed:
            undo = self._undo(world)
            if undo.nothing_to_undo(world.start_applicable()):
                init = walked_start(rng, world, undo, 2 * min_plan_length(self.knobs) + 2)
                draft_key, world = self._draft(objects, init, tools, hidden, fail)
        goals, walked = self._walk_goals(rng, world)
        if not goals:
            return None, "the random walk changed no goal fact"
        verdict_key = (draft_key, goals, walked, self._relaxed, self._ops_relaxed)
        hit = self._verdict_cache.get(verdict_key)
        verdict = hit[0] if hit is not None else None
        if verdict is None:
            verdict = self._verdict(world, objects, init, tools, hidden=hidden, fail=fail, goals=goals,
                                    walked=walked)
            if not verdict[1].startswith("search space too large"):  # a budget's verdict may hang on time
                self._verdict_cache[verdict_key] = (verdict, tools)
        return verdict

    def _draft(self, objects: dict[str, tuple[str, ...]], init: list[str], tools: Tools, hidden: tuple[str, ...],
               fail: float) -> tuple[tuple, CompiledWorld]:
        """The draft task (no goal yet) compiled, with its cache key (see :meth:`_attempt`)."""
        draft_key = (id(tools), tuple(objects.items()), tuple(init), hidden, fail)
        cached = self._draft_cache.get(draft_key)
        if cached is None:
            draft = self._spec(objects, init, ("true",), 1000, tools, hidden=hidden, fail=fail)
            world = CompiledWorld(draft, self.layout)  # compiled once; probe and final spec retarget it
            self._draft_cache[draft_key] = (world, tools)
            return draft_key, world
        return draft_key, cached[0]

    def _undo(self, world: CompiledWorld) -> UndoCalls:
        """:func:`undo_calls` of the asked operations no toolset gives a start of their own (cached per grounding)."""
        hit = self._undo_cache.get(world.grounding)
        if hit is None:
            # the domains' own goals: a goal an asked tool adds (depot's ``in`` for ``load``) leaves it an undo
            own = [get_toolset(d) for d in self.knobs.domains]
            hit = self._undo_cache[world.grounding] = undo_calls(
                world, self._undo_asked, {p for ts in own for p in ts.goal_predicates},
                {p for ts in own for p in ts.goal_negated})
        return hit

    def _unrevealed(self, hidden: tuple[str, ...], plan: Sequence[Any]) -> str:
        """Why ``plan`` is no task of hidden facts (:data:`UNREVEALED`: it calls none of the tools that reveal
        them), or "" where it reveals or nothing is hidden."""
        needs = {name for ts in self.toolsets for name in ts.needs_tools}
        if hidden and needs and not any(a.tool in needs for a in plan):
            return f"{UNREVEALED} {sorted(needs)}"
        return ""

    def _verdict(self, world: CompiledWorld, objects: dict[str, tuple[str, ...]], init: list[str], tools: Tools, *,
                 hidden: tuple[str, ...], fail: float, goals: tuple[str, ...],
                 walked: int) -> tuple[SimSpec | None, str]:
        """The rest of an attempt, after the goal walk: plan, check and verify the task (a pure function of
        its arguments, ``self._relaxed`` and ``self._ops_relaxed``, so :meth:`_attempt` memoises it): ``(spec, "")``
        accepted, ``(None, reason)`` rejected, ``(spec, reason)`` a task missing an asked operation (or, where
        operations are asked, the count), kept only if no later try meets them."""
        need = self._need()
        bound = 4 * need + 8
        if self.knobs.goal_count:  # "6 crates, very easy": the walk to that many goals outruns the difficulty's bound
            bound = max(bound, walked)
        probe = self._spec(objects, init, goals, bound, tools, hidden=hidden, fail=fail)
        probe_world = world.retarget(probe)
        # The walk itself reaches every goal, so no shortest plan is longer than it: a tight search bound.
        try:
            result, optimal = best_plan(probe_world, max_depth=min(walked, probe.task.horizon), max_expansions=3000)
        except SearchSpaceError as exc:  # a user's toolset can make a draft too large: draw another
            return None, exc.problems[0].message
        if result.plan is None or not optimal:
            # Only exactly solved tasks: the golden plan is then a shortest one, and the env's
            # oracle (same search, larger budget) is sure to solve the task too.
            return None, f"exact search did not finish within {result.expansions} expansions"
        plan = result.plan
        if len(plan) < need:
            return None, (f"shortest plan has {len(plan)} steps; "
                          f"difficulty {self.knobs.difficulty} needs >= {need}")
        # Partial observability was asked for: a task whose shortest plan never reveals is not that. Where only
        # the difficulty turned it on, the relaxed attempts take such a task ("calendar, 2 rooms, hard": goals
        # about rooms need no reveal, and every try was rejected). Where the directive asked for it, the relaxed
        # attempts keep such a task as a last resort (UNREVEALED), returned only if no try gives anything else:
        # "books 1 conference room ..., with hidden availability" asks for goals no reveal serves.
        unrevealed = self._unrevealed(hidden, plan)
        if unrevealed and not (self._relaxed and self.knobs.partial is not False):
            return None, unrevealed
        missing = [t for t in self.knobs.required_tools if not any(calls(a.tool, t) for a in plan)]
        if missing:  # another shortest plan may call them (delete_file where the planner's tie chose move_file)
            through = plan_through(probe_world, plan, set(self.knobs.required_tools))
            if through is not None:
                plan, missing = through, []
        tools, over = self._fitted(tools, plan, hidden)
        short = (f"the shortest plan calls none of {missing} (the directive asks for them)" if missing else over) \
            or self._miscounted(plan)
        if short and not self._relaxed:
            return None, short
        target = self.knobs.total_target
        if not short and self.knobs.required_tools and len(goals) < target:
            short = f"{len(goals)} goal conditions of the {target} counted"
        # relaxed: a task missing an operation (or, where operations are asked, the count) is built and verified all
        # the same; before ``_ops_relaxed`` it is only a fallback (returned with ``short`` as its reason, see generate)
        short = "" if self._ops_relaxed else short
        length = len(plan)
        slack = {"tight": 1, "loose": length + 2}.get(self.knobs.horizon_slack or "", max(2, math.ceil(0.5 * length)))
        horizon = length + slack + (math.ceil(length * fail * 3) if fail else 0)
        horizon += retry_allowance(plan, fail)
        description = self._describe(goals)
        spec = self._spec(objects, init, goals, horizon, tools, hidden=hidden, fail=fail, description=description)
        # verify()'s random-policy check first: at low difficulty most drafts fail it (easy calendar: 1.7 a
        # task) and it needs neither the spec's meta nor the golden plan's replay, which verify() runs before
        # it. The same check on the same task (meta plays no part), so the same verdict, and verify() skips it.
        # (verify() retargets it to the spec with meta, derived tables kept; tools left out compile it afresh)
        final_world = probe_world.retarget(spec)
        wins, played, too_easy = self._random_check(final_world)
        # A task a random policy solves too often is no task of this difficulty. The relaxed attempts keep one as a
        # last resort all the same (TOO_EASY), returned only if no try gives anything else: "resolve 3 billing
        # disputes, very easy" drew only such tasks and walks that changed no goal in 40 tries (session 23), and a
        # task easier than asked beats an error for a directive that asks for an easy one.
        if too_easy and not self._relaxed:
            return None, too_easy
        labels = [a.label for a in plan]
        spec = spec.with_meta(golden_plan=labels, golden_plan_optimal=optimal, domain="+".join(self.knobs.domains),
                              interpretation=self.knobs.to_dict())
        spec = self._call_fidelity(spec.with_meta(**self._lossy), plan)
        if self._reading is not None:
            spec = spec.with_meta(interpretation={**self.knobs.to_dict(),
                                                  "clauses": clauses_for(spec, self._reading)})
        if self.knobs.goal_count:
            spec = spec.with_meta(fidelity=self._count_fidelity(goals, objects))
        # verify's default random-policy RNG, not ours: anyone re-verifying the spec gets the same verdict.
        report = verify(spec, max_random_success=self.max_random_success, episodes=0, golden=labels,
                        world=final_world)
        if not report.ok:
            return None, report.reason
        spec = spec.with_meta(difficulty=self._difficulty_meta(spec, length, wins, played, too_easy))
        spec = _easier_clauses(spec)
        self._verified = (spec, final_world)
        return spec, spec.meta["difficulty"].get("note", "") or (unrevealed if self.knobs.partial else "") or short

    def _kept(self, name: str, toolsets: Sequence[Toolset], hiding: bool) -> bool:
        """Whether tool ``name`` stays in a task whatever its tool count: an operation of the directive asks for it,
        or, where the task hides facts (``hiding``), one of ``toolsets`` needs it to reveal them."""
        return any(calls(name, r) for r in self.knobs.required_tools) \
            or hiding and any(name in ts.needs_tools for ts in toolsets)

    def _fitted(self, tools: Tools, plan: Sequence[Any], hidden: tuple[str, ...]) -> tuple[Tools, str]:
        """``tools`` cut down to the directive's tool count where the core tools alone exceed it (session 32:
        "calendar plus support, 6 tools" where the two declare 8 core tools), and, in the first quarter of the
        tries, why the task is rejected (its plan calls more tools than the count: another task's may call fewer).
        A tool the golden ``plan`` does not call, that no operation asks for and no hidden fact needs to be revealed
        is left out, the last first: the plan stays valid and shortest (a tool it does not call takes away no plan
        it has). After those tries a task over the count keeps its tools (its clause says approximated), before the
        relaxed tries would give up the directive's other requirements for it (a goal count). Unchanged where no
        count is asked or the tools are within it."""
        count = self.knobs.tool_count
        if count is None or len(tools.tools) <= count:
            return tools, ""
        called = {a.tool for a in plan}
        kept = list(tools.tools)
        for tool in reversed(tools.tools):
            if len(kept) > count and tool.name not in called and not self._kept(tool.name, self.toolsets, bool(hidden)):
                kept.remove(tool)
        over = f"the task needs {len(kept)} tools, more than the {count} asked" \
            if len(kept) > count and self._tools_turn else ""
        return (tools if len(kept) == len(tools.tools) else self._tools(tuple(kept))), over

    def _difficulty_meta(self, spec: SimSpec, length: int, wins: int, played: int, too_easy: str) -> dict:
        """The ``difficulty`` meta of a task: requested and measured (:func:`verify.measure`), and, for a last
        resort a random policy solves too often, a ``note`` saying so (:data:`TOO_EASY`)."""
        share = wins / played if played else 0.0  # as verify() reports it
        meta = {"requested": self.knobs.difficulty, **measure(spec, length, share, played)}
        return {**meta, "note": f"{TOO_EASY}: {too_easy}"} if too_easy else meta

    def _count_fidelity(self, goals: tuple[str, ...], objects: dict[str, tuple[str, ...]]) -> dict:
        """The ``fidelity`` meta of a task of goal counts: for one, ``goal_count``: requested, type, given (the goal's
        conditions) and status; for several (``knobs.more_counts``), ``goal_count`` for the first as for one count,
        and ``goal_counts``, each count's type, conditions requested, aimed at (``Knobs.counted``) and given (the
        distinct objects of its type the goals name: each condition of a count is about another one), and ``goals``,
        their number; a count is honored where as many are given as requested."""
        if not self.knobs.more_counts:  # one count: the number of goals
            given = len(goals)
            return {"goal_count": {"requested": self.knobs.goal_count, "type": self.knobs.goal_type, "given": given,
                                   "status": "honored" if given == self.knobs.goal_count else "approximated"}}
        asked = [(self.knobs.goal_count, self.knobs.goal_type), *self.knobs.more_counts]
        rows = []
        for (requested, kind), (aim, _) in zip(asked, self.knobs.counted, strict=True):
            given = objects_named(goals, objects, str(kind))
            rows.append({"requested": requested, "type": kind, "aimed": aim, "given": given,
                         "status": "honored" if given >= (requested or 0) else "approximated"})
        first = {k: v for k, v in rows[0].items() if k != "aimed"}
        return {"goal_count": first, "goal_counts": rows, "goals": len(goals)}

    def _need(self) -> int:
        """The shortest plan an attempt's task may have: :func:`min_plan_length`, less once the attempts are
        relaxed (see :meth:`generate`) for a count or "longer tasks"."""
        need = min_plan_length(self.knobs)
        if self._relaxed and self.knobs.goal_count:
            need = 2  # "buy one product, hard": the count wins over the plan length the difficulty asks for
        elif self._relaxed and self.knobs.length_bonus > 0:
            # "longer tasks" beyond what the domain gives at this difficulty: as long as found (the spec's
            # clauses then mark the plan length approximated)
            need = max(2, need - self.knobs.length_bonus)
        if self._relaxed and self._count_tools:
            # a goal an asked tool adds is one call of it ("cancel 1 meeting, hard", "cancel the standup, very easy"):
            # as many calls as the count asks for (one without a count) are a task
            need = min(need, self.knobs.total_target or 1)
        return need

    def _random_check(self, world: CompiledWorld) -> tuple[int, int, str]:
        """``(wins, played, reason)`` of verify()'s random-policy check on ``world`` (the task), under a search
        budget as in verify(); ``reason`` is empty when the task passes."""
        if not self.random_episodes:
            return 0, 0, ""
        try:
            with bounded():
                return random_check(world, self.random_episodes, self.max_random_success)
        except SearchSpaceError as exc:  # as verify() reports it
            return 0, 0, "; ".join(p.message for p in exc.problems)

    def _tools(self, chosen: tuple[Tool, ...]) -> Tools:
        """The :class:`Tools` of ``chosen``, one object per distinct tool list (cached on the generator): a
        generator draws from a few tool lists, and a shared object serialises its JSON (a spec id's largest
        part) once instead of once per task."""
        cache = self._tools_cache
        tools = cache.get(chosen)
        if tools is None:
            tools = cache[chosen] = Tools(chosen, tuple(self.knobs.domains))
        return tools

    def _spec(self, objects, init, goals, horizon, tools, *, hidden, fail, description="") -> SimSpec:
        types, preds, fluents = [], [], []
        for ts in self._views(bool(hidden)):
            types += [t.name for t in ts.types if t.name not in types]
            preds += [p for p in ts.predicates if p not in preds]
            fluents += [f for f in ts.fluents if f not in fluents]
        name = "_".join(self.knobs.domains)
        if not isinstance(tools, Tools):
            tools = Tools(tools, tuple(self.knobs.domains))
        task = World(name, description or f"{name} task", tuple(types), tuple(preds), dict(objects), tuple(init),
                    tuple(goals), horizon, tuple(fluents), hidden, fail, self.constraints)
        return SimSpec(task, tools, self.gen_reward(horizon), self.directive)

    def _init_state(self, rng: np.random.Generator, objects: dict[str, tuple[str, ...]]) -> list[str]:
        out: list[str] = []
        rules = self._rules
        if rules is None:  # parsed on first use (a malformed rule fails at generation, as it always did)
            # a tool the directive asks for may need a start state of its own (Toolset.init_when_asked)
            asked: list[dict] = []
            for ts in self.toolsets:
                for tool, extra in ts.init_when_asked.items():
                    # a rule two asked tools share (unschedule's and cancel_meeting's meetings on slots) runs once
                    if any(calls(tool, r) for r in self.knobs.required_tools):
                        asked += [rule for rule in extra if rule not in asked]
                # a count of calls asked for ("change 2 flat tires") may need a start of its own (CallCount.init)
                asked += [rule for c in ts.call_counts if self._call_count and c.tool == self._call_count[1]
                          for rule in c.init if rule not in asked]
            most: dict[str, int] = {}  # a type two toolsets declare: the larger count
            for t in (t for ts in self.toolsets for t in ts.types):
                most[t.name] = max(most.get(t.name, 0), t.asked_max)
            rules = self._rules = [_InitRule.parse(rule, most) for ts in self.toolsets for rule in ts.init]
            rules += [_InitRule.parse(rule, most) for rule in asked]
            self._asked_rules = bool(asked)
        for rule in rules:
            out.extend(rule.expand(rng, objects))
        if any(fact.startswith("not ") for fact in out):  # a later rule takes back what an earlier one set
            gone = {fact[4:].strip() for fact in out if fact.startswith("not ")}
            out = [fact for fact in out if not fact.startswith("not ") and fact not in gone]
        if self._asked_rules:  # a rule an asked tool adds may set a number again (a coupon's tighter budget): the last
            last = {fact.split(" = ")[0]: k for k, fact in enumerate(out) if " = " in fact}
            out = [fact for k, fact in enumerate(out) if " = " not in fact or last[fact.split(" = ")[0]] == k]
        return out

    def _walk_goals(self, rng: np.random.Generator, world: CompiledWorld) -> tuple[tuple[str, ...], int]:
        """Goals true at the end of a random walk (and not at its start), and the walk's length."""
        # A novelty-biased walk: prefer calls that make a never-seen fact true, so the walk travels
        # instead of undoing itself and the goal lies far from the start; among those, half the time
        # prefer calls that make a goal-predicate fact true (or move a goal fluent), so walks in
        # domains with deep goal facts (a checkout, a booking) still end with goal candidates.
        steps = 2 * min_plan_length(self.knobs) + 2
        if self.knobs.goal_count:  # room to reach that many goal facts
            steps = max(steps, 5 * self.knobs.total_target + 2)
        facts, nums = bytearray(world.init_facts), list(world.init_nums)
        seen = {i for i, v in enumerate(facts) if v}
        tables = self._walk_tables(world)
        by_id = cast("list[GroundAction]", world.actions)  # the walk's calls are valid actions
        order, updates = tables.order, tables.updates
        adds, toward, ids, effects_at = tables.adds, tables.goalward, tables.ids, tables.effects
        # Applicable ids, updated incrementally (only preconditions reading what a call wrote are
        # re-checked); options are positions in the non-distractor calls, so they keep that order
        # and the walk is what it always was.
        app = set(world.start_applicable().intersection(order))
        walked = 0
        guard = world.guard
        counted = self.knobs.goal_type if self.knobs.goal_count else None
        unused = {o for kind in counted_types(self.knobs) for o in world.spec.task.objects.get(kind, ())}
        # what the directive's operations' calls changed; an asked tool the task lacks ("three tools") extends no walk
        # (in every other attempt: the rest walk as long as the difficulty says, see _counted_goals)
        trace = _AskedTrace(self.knobs.required_tools, self._callable(world, tables) if self._asked_turn else set(),
                            steps)
        # ("change 2 flat tires": until it has called the counted tool that often, leaning to it: _AskedTrace.left)
        trace.left, trace.counted = self._call_count or (0, "")
        longest = (ASKED_WALK * steps if trace.awaited or counted or trace.left else steps) * (
            PAST_MAX_WALK if self._past_max and counted else 1)  # a count past a type's max walks on longer
        for step in range(longest):
            # an asked operation not called yet, or goal facts about fewer counted objects than the count: walk on
            # (bounded)
            if step >= trace.end:
                missing = self._unreached(world, facts) if counted else set()
                # "pick up 1 key and unlock the gate": the key reached first needs no unlock; in the turns that put
                # the operations' goals first, walk on to a counted object only an asked call leads to
                unserved = self._unserved(world, facts, trace) if counted and self._asked_turn else set()
                if not trace.awaited and not missing and not unserved and not trace.left:
                    break
                if missing or unserved:  # the rest of the walk goes for the counted objects no goal fact is about yet
                    unused = missing or unserved
            options = sorted([order[b] for b in app])
            if guard is not None:  # the walk keeps every constraint, so its goals can be reached keeping them
                options = [k for k in options if not breaks(world, world.actions[ids[k]], facts, nums)]
            if not options:
                break
            walked += 1
            leaning = trace.pending | trace.counting | (self._count_tools if unused else set())
            k = self._next_call(rng, world, options, tables, seen=seen, unused=unused, required=leaning)
            call = by_id[ids[k]]
            if trace.asked or trace.left:
                trace.record(call, step, effects_at[k].touched_facts)
            if unused and toward[k] and not seen.issuperset(adds[k]):
                unused.difference_update(call.args)
            effects = effects_at[k]
            world.apply(facts, nums, effects)
            seen.update(effects.adds)
            update_applicable(app, updates[ids[k]], facts, nums)
        positive, negative, fluents = self._goal_items(world)
        init_facts = world.init_facts
        cands = [label for label, i in positive if facts[i] and not init_facts[i]]
        # Facts the walk made false become "not p(...)" goals for predicates a toolset allows negated.
        cands += [f"not {label}" for label, i in negative if not facts[i] and init_facts[i]]
        for label, j in fluents:
            if nums[j] != world.init_nums[j]:
                op = ">=" if nums[j] > world.init_nums[j] else "<="
                cands.append(f"{label} {op} {nums[j]:g}")
        if not cands:
            return (), walked
        return self._pick_goals(rng, cands, world, trace.served(world, cands)), walked

    def _pick_goals(self, rng: np.random.Generator, cands: list[str], world: CompiledWorld,
                    served: dict[str, dict[str, int]]) -> tuple[str, ...]:
        """The goal among the walk's candidate conditions ``cands``: as many as the directive counts, else as many
        as the toolsets' ``max_goals`` give at this difficulty; with, for each operation the directive asks for, a
        condition its calls brought about (``served``: :meth:`_AskedTrace.served`) where the walk has one."""
        if self.knobs.goal_count:
            return self._counted_goals(rng, cands, world, served)
        max_goals = sum(ts.max_goals for ts in self.toolsets)
        k = min(len(cands), 1 + round(self.knobs.difficulty * (max_goals - 1)))
        picks = sorted(rng.choice(len(cands), size=k, replace=False))
        goals = tuple(cands[i] for i in picks)
        return _through_asked(rng, goals, cands, served) if served else goals

    def _callable(self, world: CompiledWorld, tables: _WalkTables) -> set[str]:
        """The directive's operations some walk call of ``world`` is a call of (cached per grounding)."""
        hit = self._callable_cache.get(world.grounding)
        if hit is None:
            by_id = world.actions
            tools = {a.tool for i in tables.ids if (a := by_id[i]) is not None}
            hit = self._callable_cache[world.grounding] = frozenset(
                r for r in self.knobs.required_tools if any(calls(t, r) for t in tools))
        return set(hit)

    def _unreached(self, world: CompiledWorld, facts: bytearray) -> set[str]:
        """The objects of the counted types (:func:`counted_types`) no goal fact the walk changed so far is about,
        of each type whose objects some goal fact is about are still too few for its count (``Knobs.counted``:
        goals about distinct ones); else empty."""
        positive, negative, _ = self._goal_items(world)
        init = world.init_facts
        changed = [label for label, i in positive if facts[i] and not init[i]]
        changed += [label for label, i in negative if init[i] and not facts[i]]
        if self.knobs.goal_type is None:
            return {"*"} if len(changed) < self.knobs.total_target else set()  # no object to go for: walk on
        out: set[str] = set()
        for target, kind in self.knobs.counted:
            counting = self._counting(changed, kind)
            named = {name for label in counting for name in _NAMES.findall(label)}
            own = set(world.spec.task.objects.get(str(kind), ()))
            missing = own - named
            if len(own) - len(missing) < target:
                out |= missing
            elif kind in self._past_max:
                # a count past the type's ``max`` (hanoi's "5 disks": a tower of exactly 5): each object needs a
                # changed fact of its own, as a fact naming two (on(d2, d5)) is one goal; walk on for the objects
                # no fact is about alone
                distinct = self._about_distinct(counting, world, str(kind), [])
                if len(distinct) < target:
                    out |= own - {min(own.intersection(_NAMES.findall(g))) for g in distinct}
        return out

    def _unserved(self, world: CompiledWorld, facts: bytearray, trace: _AskedTrace) -> set[str]:
        """The counted objects (of the first count's type) no changed goal fact is about yet, where some asked
        operation the walk called has brought about (or preceded: :meth:`_AskedTrace.served`'s tiers) no changed
        goal fact about a counted object; else empty. A count's goals then need that operation only if the walk
        goes on to an object behind it."""
        kind = self.knobs.goal_type
        if kind is None or not trace.own:
            return set()
        own = set(world.spec.task.objects.get(str(kind), ()))
        positive, _, _ = self._goal_items(world)
        init = world.init_facts
        changed = [(label, i) for label, i in positive if facts[i] and not init[i] and own.intersection(
            _NAMES.findall(label))]
        named = {name for label, _ in changed for name in _NAMES.findall(label)}
        for r, touched in trace.own.items():
            if not any(i in touched or i in trace.later[r] for _, i in changed):
                # the counted objects the operation's calls named first ("buy 1 product with a coupon": the one
                # discounted), else any the walk has not reached (the blue key behind the unlocked door)
                return (own & trace.args[r]) - named or own - named
        return set()

    @staticmethod
    def _next_call(rng: np.random.Generator, world: CompiledWorld, options: list[int], tables: _WalkTables, *,
                   seen: set[int], unused: set[str], required: set[str]) -> int:
        """The goal walk's next call among ``options`` (positions in ``tables``), by the biases
        :meth:`_walk_goals` describes."""
        adds, toward, ids = tables.adds, tables.goalward, tables.ids
        by_id = cast("list[GroundAction]", world.actions)  # ``options`` are valid actions
        novel = [k for k in options if not seen.issuperset(adds[k])]
        pool = novel if novel and rng.random() < 0.85 else options
        goalward = [k for k in pool if toward[k]]
        if goalward and rng.random() < 0.5:
            pool = goalward
        if unused:  # "three crates": prefer calls on objects of that type no goal fact is about yet
            fresh = [k for k in pool if unused.intersection(by_id[ids[k]].args)]
            if fresh and rng.random() < 0.7:
                pool = fresh
        if required:  # the directive's operations: walk through each once, so goals come to need them
            asked = [k for k in options if any(calls(by_id[ids[k]].tool, r) for r in required)]
            if asked and rng.random() < 0.5:
                pool = asked
        return pool[int(rng.integers(len(pool)))] if len(pool) > 1 else pool[0]  # integers(1) draws nothing

    def _counted_goals(self, rng: np.random.Generator, cands: list[str], world: CompiledWorld,
                       served: dict[str, dict[str, int]] | None = None) -> tuple[str, ...]:
        """Exactly the goal conditions the counts ask for (``Knobs.counted``: ``knobs.goal_target`` of them, each
        about another object of ``knobs.goal_type`` when set, and as many about objects of each type of
        ``knobs.more_counts``); fewer only once the attempts are relaxed (see :meth:`generate`), else none (draw
        again). Conditions an asked operation's calls brought about (``served``: :meth:`_AskedTrace.served`) come
        first, so the counts' goals need the operations too ("back up 2 folders": goals the copies made true;
        "refund 1 order and delete 1 file": the refund's goal for the order, the deletion's for the file), in every
        other attempt: the rest keep the draw's order, as such goals can be too near for the difficulty ("rename
        two files and chmod a script": ``writable`` goals one call away)."""
        order = [cands[i] for i in rng.permutation(len(cands))]
        if served and self._asked_turn:
            order = _asked_first(order, served)
        chosen: list[str] = []
        short = False
        for k, (count, kind) in enumerate(self.knobs.counted):
            count = count if k == 0 or self._extra_cap is None else min(count, self._extra_cap)
            mine = self._about_distinct(self._counting(order, kind), world, kind, taken=chosen) \
                if kind is not None else order
            short = short or len(mine) < count
            chosen += mine[:count]
        if short and not self._relaxed:
            return ()
        return tuple(sorted(chosen, key=cands.index))

    def _counting(self, goals: list[str], kind: str | None) -> list[str]:
        """The goals of ``goals`` a count of ``kind`` counts: where an asked tool adds the goals such a count is of
        (:func:`counts.asked_count_goals`: "cancel 2 meetings", ``called_off``), those; else all."""
        preds = self._count_goals.get(str(kind))
        if not preds:
            return goals
        return [g for g in goals if g.split("(")[0].removeprefix("not ").strip() in preds]

    @staticmethod
    def _about_distinct(order: list[str], world: CompiledWorld, kind: str, taken: list[str]) -> list[str]:
        """The goals of ``order`` (in its order, none of ``taken``) each about an object of type ``kind`` none before
        it is about (of objects it names: the least by name), for a count of ``kind``."""
        own = set(world.spec.task.objects.get(kind, ()))
        chosen: list[str] = []
        used: set[str] = set()
        for goal in order:
            about = own.intersection(_NAMES.findall(goal)) - used
            if about and goal not in taken:
                chosen.append(goal)
                used.add(min(about))
        return chosen

    def _walk_tables(self, world: CompiledWorld) -> _WalkTables:
        """What the goal walk needs about ``world``'s actions (:class:`_WalkTables`), per grounding
        (cached on the generator)."""
        cache = self._walk_cache
        hit = cache.get(world.grounding)
        if hit is None:
            useful = [a for a in world.valid_actions if not a.distractor]
            goalward = self._goalward(world)
            order = {a.id: k for k, a in enumerate(useful)}
            hit = cache[world.grounding] = _WalkTables(
                order, [a.id for a in useful], [a.effects for a in useful], [a.effects.adds for a in useful],
                [goalward(a) for a in useful], _WalkUpdates(changes(world), order))
        return hit

    def _goal_items(self, world: CompiledWorld) -> tuple[list, list, list]:
        """The world's ``(label, position)`` items a goal may name: facts of goal predicates, facts of
        negatable ones, fluents of goal fluents, each in the world's item order (cached per item list:
        worlds over the same objects share their item lists)."""
        facts, nums = world.fact_items(), world.num_items()
        cache = self._goal_item_cache
        hit = cache.get((id(facts), id(nums)))
        if hit is not None and hit[0] is facts and hit[1] is nums:
            return hit[2]
        goal_preds = {p for ts in self.toolsets for p in ts.goal_predicates}
        goal_fluents = {f for ts in self.toolsets for f in ts.goal_fluents}
        negated = {p for ts in self.toolsets for p in ts.goal_negated}
        out = ([(label, i) for label, i in facts if label.split("(")[0] in goal_preds],
               [(label, i) for label, i in facts if label.split("(")[0] in negated],
               [(label, j) for label, j in nums if label.split("(")[0] in goal_fluents])
        cache[id(facts), id(nums)] = (facts, nums, out)  # the lists are kept alive: their ids stay theirs
        return out

    def _goalward(self, world: CompiledWorld):
        """A test: does a ground action touch a fact or fluent a goal may name? (cached per action object,
        which worlds of one layout share)."""
        goal_facts, goal_nums = self._goal_slots(world)
        cache = self._goalward_cache

        def test(a: GroundAction) -> bool:
            hit = cache.get(id(a))
            if hit is None or hit[0] is not a:
                flag = bool(goal_facts & a.effects.touched_facts or goal_nums & a.effects.touched_nums)
                hit = cache[id(a)] = (a, flag)  # keeps ``a`` alive, so its id is not reused
            return hit[1]

        return test

    def _goal_slots(self, world: CompiledWorld) -> tuple[frozenset[int], frozenset[int]]:
        """Fact and fluent positions a goal may name (goal, negated-goal predicates and goal fluents).

        Positions of the whole layout (computed once): the walk only intersects them with what real
        calls touch, so slots of absent objects never matter.
        """
        cached = self.__dict__.get("_goal_slot_cache")
        if cached is None or cached[0] is not world.layout:
            names = {p for ts in self.toolsets for p in (*ts.goal_predicates, *ts.goal_negated)}
            fluents = {f for ts in self.toolsets for f in ts.goal_fluents}
            layout = world.layout
            slots = (frozenset(i for name in names if name in layout.predicates for i in layout.fact_range(name)),
                     frozenset(j for name in fluents if name in layout.fluents for j in layout.num_range(name)))
            cached = self._goal_slot_cache = (layout, slots)
        return cached[1]

    def _describe(self, goals: tuple[str, ...]) -> str:
        templates = {k: v for ts in self.toolsets for k, v in ts.templates.items()}
        parts = []
        for goal in goals:
            name = goal.split("(")[0]
            args = re.findall(r"\(([^)]*)\)", goal)
            template = templates.get(name)
            if template and args and " " not in goal.split(")")[-1].strip():
                parts.append(template.format(*[a.strip() for a in args[0].split(",") if a.strip()]))
            else:
                parts.append(f"Make {goal} hold.")
        intro = " ".join(ts.description for ts in self.toolsets)
        return f"{intro} {' '.join(parts)}"


class _AskedTrace:
    """The goal walk's record of the directive's operations (``asked``): those not called yet (``pending``: the walk
    leans towards them), those of them the walk goes on for (``awaited``: ones it can call), the step the walk may
    end at (``end``: :data:`ASKED_TAIL` calls after an awaited operation's first call) and what their calls changed,
    so that goals can be chosen among it: per operation, the fact
    positions its calls touched (``own``), those any call after its first touched (``later``) and the objects its
    calls named (``args``). A goal the walk reached otherwise seldom needs the operation ("back up the reports,
    then remove the drafts": goals that no delete brought about)."""

    def __init__(self, asked: tuple[str, ...], awaited: set[str], steps: int) -> None:
        self.asked, self.pending, self.awaited, self.end = asked, set(asked), set(awaited), steps
        self.own: dict[str, set[int]] = {}
        self.later: dict[str, set[int]] = {}
        self.args: dict[str, set[str]] = {}
        # a count of calls ("change 2 flat tires": Knobs.call_count): the calls of ``counted`` the walk has still to
        # make; it goes on (bounded) and leans to the tool until they are made, and :data:`ASKED_TAIL` calls after
        self.left, self.counted = 0, ""

    @property
    def counting(self) -> set[str]:
        """The counted tool while the walk has calls of it still to make (:attr:`left`), else nothing."""
        return {self.counted} if self.left else set()

    def record(self, call: GroundAction, step: int, touched: frozenset[int]) -> None:
        """The walk's call at ``step``, which changes the facts ``touched``."""
        if self.left and calls(call.tool, self.counted):
            self.left -= 1
            if not self.left:  # a few more calls after the last one, so that the goal lies beyond it
                self.end = max(self.end, step + 1 + ASKED_TAIL)
        hit = [r for r in self.asked if calls(call.tool, r)]
        if self.awaited.intersection(hit):  # a first call: a few more calls build on it
            self.end = max(self.end, step + 1 + ASKED_TAIL)
        self.pending.difference_update(hit)
        self.awaited.difference_update(hit)
        for seen in self.later.values():
            seen.update(touched)
        for r in hit:
            self.own.setdefault(r, set()).update(touched)
            self.later.setdefault(r, set())
            self.args.setdefault(r, set()).update(call.args)

    def served(self, world: CompiledWorld, cands: list[str]) -> dict[str, dict[str, int]]:
        """Per asked operation, the candidate goals (of ``cands``: ``p(...)`` or ``not p(...)``) it may be needed
        for, with a tier: 1, a fact one of its calls changed, or that a later call changed about an object its
        calls named; 2, any fact changed after its first call."""
        out: dict[str, dict[str, int]] = {}
        if not self.own:
            return out
        index = dict(world.fact_items())
        for r, own in self.own.items():
            later, args = self.later[r], self.args[r]
            tiers: dict[str, int] = {}
            for goal in cands:
                i = index.get(goal[4:] if goal.startswith("not ") else goal)
                if i is None:
                    continue
                if i in own or (i in later and args.intersection(_NAMES.findall(goal))):
                    tiers[goal] = 1
                elif i in later:
                    tiers[goal] = 2
            out[r] = tiers
        return out


def _through_asked(rng: np.random.Generator, goals: tuple[str, ...], cands: list[str],
                   served: dict[str, dict[str, int]]) -> tuple[str, ...]:
    """``goals`` with, for each asked operation, a goal of the best tier it serves (:meth:`_AskedTrace.served`):
    where none of ``goals`` is one, one of them (not kept for another operation) is swapped for one drawn from
    ``cands``. Every candidate holds at the walk's end, so the goals stay reachable together."""
    out = list(goals)
    kept: set[str] = set()
    for r in sorted(served):
        tiers = served[r]
        if not tiers:
            continue
        best = min(tiers.values())
        mine = [g for g in out if tiers.get(g) == best]
        if mine:
            kept.add(mine[0])
            continue
        pool = [c for c in cands if tiers.get(c) == best and c not in out]
        new = pool[int(rng.integers(len(pool)))] if len(pool) > 1 else pool[0]
        free = [i for i, g in enumerate(out) if g not in kept]
        if free:
            out[free[int(rng.integers(len(free)))] if len(free) > 1 else free[0]] = new
        else:
            out.append(new)
        kept.add(new)
    return tuple(sorted(out, key=cands.index))


def _asked_first(order: list[str], served: dict[str, dict[str, int]]) -> list[str]:
    """``order`` with, first, for each asked operation the first goal of the best tier it serves
    (:meth:`_AskedTrace.served`), then the goals any operation serves, then the rest, each part in ``order``'s order
    (the draw's)."""
    head: list[str] = []
    for r in sorted(served):
        tiers = served[r]
        best = min(tiers.values(), default=None)
        first = next((g for g in order if best is not None and tiers.get(g) == best), None)
        if first is not None and first not in head:
            head.append(first)
    rest = [g for g in order if g not in head]
    rest.sort(key=lambda goal: min((tiers.get(goal, 3) for tiers in served.values()), default=3))  # stable
    return head + rest


class _WalkTables(NamedTuple):
    """The goal walk's view of one grounding: the non-distractor calls in ``valid_actions`` order,
    addressed by position ``k`` (``order`` maps an action id to it), with per position the id, the
    effects, the facts added and whether the call touches a fact or fluent a goal may name; and the
    per-call applicability updates."""

    order: dict[int, int]
    ids: list[int]
    effects: list[CompiledEffects]
    adds: list[tuple[int, ...]]
    goalward: list[bool]
    updates: _WalkUpdates


class _WalkUpdates(dict):
    """Per action id, how a call changes which non-distractor calls apply: the ids it surely disables
    and the ``(id, precondition)`` pairs to re-check (the grounding's :class:`Changes` entry restricted
    to the ids in ``keep``; filled lazily). Disabling surely-disabled ids without evaluating their
    precondition gives the same set as evaluating it."""

    def __init__(self, table: Changes, keep: dict[int, int]) -> None:
        super().__init__()
        self.table, self.keep = table, keep

    def __missing__(self, action_id: int) -> tuple[tuple[int, ...], tuple[tuple[int, Callable], ...]]:
        _, off, checks = self.table[action_id]
        keep = self.keep
        out = self[action_id] = (tuple(b for b in off if b in keep), tuple(p for p in checks if p[0] in keep))
        return out


def _without_reveals(tool: Tool) -> Tool:
    effects = tuple(e for e in tool.effects if not e.lstrip().startswith("reveal "))
    fail_effects = tuple(e for e in tool.fail_effects if not e.lstrip().startswith("reveal "))
    if (effects, fail_effects) == (tool.effects, tool.fail_effects):
        return tool
    return replace(tool, effects=effects, fail_effects=fail_effects)


def _parse_vars(spec: str | list[str] | None) -> list[tuple[str, str]]:
    if not spec:
        return []
    items = [spec] if isinstance(spec, str) else spec
    out = []
    for item in items:
        match = _RULE_VAR.match(item.strip())
        if not match:
            raise GenerationError(f"malformed init rule variable {item!r}; expected '?name: type'")
        out.append((match.group(1), match.group(2)))
    return out


class _InitRule(NamedTuple):
    """One init rule of a toolset, parsed once: its ``each`` and ``pick`` variables, ``prob``, ``range``
    (``None`` if absent), ``set`` statements as format strings (``?var`` → ``{var}``) and ``zip`` values
    (:func:`_parse_zip`)."""

    each: list[tuple[str, str]]
    picks: list[tuple[str, str]]
    prob: float
    range: tuple[int, int] | None
    templates: tuple[str, ...]
    zipped: tuple[tuple[str, tuple[str, ...]], ...]
    order: str | None = None  # which objects ``each`` binds, in their type's order (toolsets.INIT_ORDERS)

    @classmethod
    def parse(cls, rule: dict, most: dict[str, int]) -> _InitRule:
        """``rule`` parsed; ``most``: the most objects of each type a task has (a ``zip`` needs a value for each)."""
        lo, hi = rule.get("range", [0, 0])
        each, picks = _parse_vars(rule.get("each")), _parse_vars(rule.get("pick"))
        order = init_order(rule, f"init rule {rule!r}") if "order" in rule else None
        return cls(each, picks, float(rule.get("prob", 1.0)), (lo, hi) if "range" in rule else None,
                   tuple(_template(stmt) for stmt in rule["set"]), _parse_zip(rule, each, picks, most), order)

    def bindings(self, objects: dict[str, tuple[str, ...]]):
        """The objects each binding of ``each`` takes: every combination, or those its ``order`` keeps."""
        pools = [objects.get(t, ()) for _, t in self.each]
        order = self.order
        if order is None:
            return product(*pools)
        pool = pools[0]
        if order in {"first", "last"}:
            return [(pool[0 if order == "first" else -1],)] if pool else []
        if order == "next":
            return list(zip(pool, pool[1:], strict=False))
        return [(a, b) for i, a in enumerate(pool) for b in pool[i + 1:]]  # before: every ordered pair

    def expand(self, rng: np.random.Generator, objects: dict[str, tuple[str, ...]]) -> list[str]:
        """For each binding of ``each``, maybe (``prob``) pick ``pick`` vars and set facts; the k-th binding takes
        the k-th value of each ``zip`` variable."""
        each, prob = self.each, self.prob
        out: list[str] = []
        for k, combo in enumerate(self.bindings(objects)):
            if prob < 1.0 and rng.random() >= prob:
                continue
            binding = {v: o for (v, _), o in zip(each, combo, strict=True)}  # one object per ``each`` variable
            binding.update((var, values[k]) for var, values in self.zipped)
            for var, t in self.picks:
                pool = objects.get(t, ())
                if not pool:
                    break
                binding[var] = pool[int(rng.integers(len(pool)))] if len(pool) > 1 else pool[0]
            else:
                value = str(int(rng.integers(self.range[0], self.range[1] + 1)) if self.range else 0)
                out.extend(template.format_map(binding).replace("$n", value) for template in self.templates)
        return out


_RULE_REF = re.compile(r"\?([A-Za-z_][A-Za-z0-9_]*)")
_ZIP_VAR = re.compile(r"^\?([A-Za-z_][A-Za-z0-9_]*)$")


def _parse_zip(rule: dict, each: list[tuple[str, str]], picks: list[tuple[str, str]],
               most: dict[str, int]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """An init rule's ``zip`` (``{"?c": ["c22", "c23", "c13"]}``): with one ``each`` variable, the k-th object of its
    type binds each listed variable to its k-th value, so that a type whose count varies gets fixed per-object values
    (sokoban's start cell of each box, for however many boxes a task has). A malformed ``zip``, or one with fewer
    values than ``most`` says the type may have objects, is a :class:`GenerationError` saying which."""
    spec = rule.get("zip")
    if spec is None:
        return ()
    if len(each) != 1:
        raise GenerationError(f"init rule {rule!r}: 'zip' needs exactly one 'each' variable (its k-th object takes "
                              f"the k-th values), got {len(each)}")
    if not isinstance(spec, dict) or not spec:
        raise GenerationError(f"init rule {rule!r}: 'zip' must map '?name' variables to lists of values")
    (_, kind), taken = each[0], {v for v, _ in each + picks}
    out = []
    for key, values in spec.items():
        match = _ZIP_VAR.match(key) if isinstance(key, str) else None
        if match is None or match.group(1) in taken:
            raise GenerationError(f"init rule {rule!r}: 'zip' key {key!r} must be a new variable '?name' (not one of "
                                  f"'each' or 'pick')")
        if not isinstance(values, list) or not all(isinstance(v, str) and v for v in values):
            raise GenerationError(f"init rule {rule!r}: 'zip' values of {key} must be a list of names")
        if len(values) < most.get(kind, 0):
            raise GenerationError(f"init rule {rule!r}: 'zip' gives {len(values)} values for {key}, but a task may "
                                  f"have {most[kind]} objects of type {kind}: one value each is needed")
        out.append((match.group(1), tuple(values)))
    return tuple(out)


def _template(stmt: str) -> str:
    """``stmt`` as a format string: ``?var`` becomes ``{var}``, literal braces are doubled, so that
    ``_template(stmt).format_map(binding)`` is ``stmt`` with every ``?var`` replaced by its bound object."""
    parts = _RULE_REF.split(stmt)  # literal, variable, literal, ...
    return "".join(p.replace("{", "{{").replace("}", "}}") if i % 2 == 0 else "{" + p + "}"
                   for i, p in enumerate(parts))
