"""Search guidance for the planner: relevance pruning and a landmark heuristic.

Both are computed once per compiled world from the spec's syntax trees and
cached on it.

* **Relevance.** Working backwards from what the goal reads, an action is
  relevant when its effects touch a relevant fact or fluent; its precondition
  (and the values its assignments read) then become relevant too. An
  irrelevant action never changes anything a relevant precondition or the goal
  reads, so deleting it from any plan leaves a valid, shorter plan: searching
  only relevant actions keeps every shortest plan. Distractor tools are pruned
  this way without trusting their ``distractor`` flag.
* **Landmarks.** For each unsatisfied goal literal the set of actions that can
  make it true is a *disjunctive action landmark*: every plan uses one of
  them. If all of them require a literal that is false now, its achievers are
  a landmark as well, and so on down a short chain. Any family of pairwise
  disjoint landmarks needs that many distinct steps, so counting a greedily
  chosen disjoint family is admissible. The heuristic is the larger of that
  count and the goal-count bound ⌈unsatisfied goals / k⌉; it also detects dead
  ends (a needed literal no action can achieve).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from gensim_gym.dsl.ast import BoolOp, Call, Compare, Const, Not, Obj, Var, walk
from gensim_gym.spec.validate import parse_expr_cached

if TYPE_CHECKING:  # pragma: no cover
    from gensim_gym.world.compiled import CompiledWorld, GroundAction

DEAD_END = 1 << 20
MAX_CHAIN = 4
_MAX_MEMO = 100_000  # states kept by one guidance's memo (cleared when full)
Literal = tuple[int, int]  # (fact index, required value 0/1)
IdTable = dict[int, tuple[int, ...]]  # fact or fluent index -> action ids
Required = tuple[tuple[int, int, int], ...]  # an action's required literals: (fact, wanted value, achievers bit set)


def _ground(call: Call, binding: dict[str, str]) -> tuple[str, ...]:
    return tuple(binding[a.name] if isinstance(a, Var) else a.name for a in call.args if isinstance(a, (Var, Obj)))


def requirements(node, index, binding: dict[str, str]) -> tuple[frozenset[int], frozenset[int]]:
    """Facts that must be true / false for ``node`` to hold (a sound under-approximation)."""
    if isinstance(node, Call) and node.name in index.predicates:
        return frozenset((index.fact(node.name, _ground(node, binding)),)), frozenset()
    if isinstance(node, Not) and isinstance(node.item, Call) and node.item.name in index.predicates:
        return frozenset(), frozenset((index.fact(node.item.name, _ground(node.item, binding)),))
    if isinstance(node, Const) and node.value is True:
        return frozenset(), frozenset()
    if isinstance(node, BoolOp):
        parts = [requirements(item, index, binding) for item in node.items]
        if node.op == "and":
            return frozenset().union(*(p for p, _ in parts)), frozenset().union(*(n for _, n in parts))
        return frozenset.intersection(*(p for p, _ in parts)), frozenset.intersection(*(n for _, n in parts))
    return frozenset(), frozenset()  # comparisons, negated compounds: no fact requirement assumed


def _literal_goal(node, index) -> list[Literal] | None:
    """The literals of a goal that is a literal or a conjunction of literals, else None."""
    items = node.items if isinstance(node, BoolOp) and node.op == "and" else (node,)
    out: list[Literal] = []
    for item in items:
        pos, neg = requirements(item, index, {})
        if len(pos) + len(neg) != 1 or isinstance(item, (BoolOp, Compare)):
            return None
        out.extend([(i, 1) for i in pos] + [(i, 0) for i in neg])
    return out


def _literal_goal_cached(text: str, world: CompiledWorld) -> list[Literal] | None:
    """:func:`_literal_goal` of a goal text in ``world``, cached in its layout per text and objects with
    their slots (what the literals' fact positions depend on). Callers must not mutate the list."""
    key = ("literal-goal", text, world._objects_key)
    cache = world.layout.compile_cache
    hit = cache.get(key, cache)  # the cache itself marks a miss: None is a valid entry
    if hit is cache:
        hit = cache[key] = _literal_goal(parse_expr_cached(text), world.index)
    return hit


def goal_literals(world: CompiledWorld, k: int) -> list[Literal] | None:
    """The literals ``(fact, value)`` of ``world``'s goal condition ``k`` when it is a literal or a conjunction
    of literals, else None (comparisons, disjunctions, negated compounds). Callers must not mutate the list."""
    return _literal_goal_cached(world.spec.task.goal[k], world)


def reads(nodes: Iterable, index, binding: dict[str, str]) -> tuple[frozenset[int], frozenset[int]]:
    """Fact and fluent indices read anywhere in ``nodes``."""
    facts: set[int] = set()
    nums: set[int] = set()
    for root in nodes:
        for n in walk(root):
            if isinstance(n, Call):
                args = _ground(n, binding)
                if n.name in index.predicates:
                    facts.add(index.fact(n.name, args))
                else:
                    nums.add(index.num(n.name, args))
    return frozenset(facts), frozenset(nums)


def _writers(world: CompiledWorld) -> tuple[dict, IdTable, IdTable, IdTable, tuple[IdTable, IdTable]]:
    """Per valid action id its required literals (``GroundAction.requires``); per fact the ids of the
    actions adding / deleting it and per fluent those assigning it (in ``valid_actions`` order); and
    per action requiring a fact true that nothing adds or false that nothing deletes, those facts.

    They depend only on the world's grounding, so they are built once per grounding and kept in the
    layout's compile cache (callers must not mutate them): a generator's probe worlds of re-sampled
    tasks over the same objects and tools share them.
    """
    key = ("writers", world.grounding)
    cache = world.layout.compile_cache
    out = cache.get(key)
    if out is None:
        req = {a.id: a.requires for a in world.valid_actions}
        adders: dict[int, list[int]] = {}
        deleters: dict[int, list[int]] = {}
        assigners: dict[int, list[int]] = {}
        for a in world.valid_actions:
            effects = a.effects
            adds, dels = effects.adds, effects.dels
            # an action may list a fact twice: once per action, so an achiever list has no repeats
            for i in adds if len(adds) < 2 else dict.fromkeys(adds):
                adders.setdefault(i, []).append(a.id)
            for i in dels if len(dels) < 2 else dict.fromkeys(dels):
                deleters.setdefault(i, []).append(a.id)
            for j, _, _ in effects.assigns:
                assigners.setdefault(j, []).append(a.id)
        # per fact, the actions it blocks for good when false at the start (they need it true and
        # nothing adds it) and when true (they need it false and nothing deletes it)
        blocked_if_false: dict[int, list[int]] = {}
        blocked_if_true: dict[int, list[int]] = {}
        for b, (pos, neg) in req.items():
            for i in pos:
                if i not in adders:
                    blocked_if_false.setdefault(i, []).append(b)
            for i in neg:
                if i not in deleters:
                    blocked_if_true.setdefault(i, []).append(b)
        out = cache[key] = (req, _frozen(adders), _frozen(deleters), _frozen(assigners),
                            (_frozen(blocked_if_false), _frozen(blocked_if_true)))
    return out


def _frozen(table: dict[int, list[int]]) -> IdTable:
    """``table`` with tuples for lists, for keeping in a cache: a tuple of ints drops out of the cyclic
    garbage collector's lists at its first collection, a list is traversed by every later one (tens of
    thousands of them per generator made full collections ~10 % of generation time)."""
    return {k: tuple(v) for k, v in table.items()}


class _LiveWriters(dict):
    """Per fact, the action ids of ``raw`` (a writer table from :func:`_writers`) that are not in ``dead``,
    ``()`` for a fact nothing writes; computed on first use per fact (index it, ``get`` does not fill it)."""

    def __init__(self, raw: IdTable, dead: frozenset[int]) -> None:
        super().__init__()
        self.raw, self.dead = raw, dead

    def __missing__(self, i: int) -> tuple[int, ...]:
        ids = self.raw.get(i, ())
        dead = self.dead
        if dead and ids:
            ids = tuple([a for a in ids if a not in dead])
        self[i] = ids
        return ids


class Guidance:
    """Relevant actions and the landmark heuristic of one compiled world (see the module docstring)."""

    def __init__(self, world: CompiledWorld) -> None:
        self.world = world
        self.preferred = 0  # see __call__
        self._memo: dict | None = None  # see __call__; built on first use (shared by rebound copies)
        self._search_memo: dict | None = None  # see search; likewise
        self._memo_key: tuple[int, list[int]] = (0, [])
        self.req, self.adders, self.deleters, assigners, _ = _writers(world)
        # Per goal condition, the actions whose effects touch what it reads (before dead actions go).
        touching = [self._touching(goal.facts, goal.nums, assigners) for goal in world.goals]
        self._drop_dead_actions()
        self.relevant = self._relevant(assigners)
        self.targets: list[list[Literal] | tuple[frozenset[int], tuple[Literal, ...]]] = []
        for text, touch in zip(world.spec.task.goal, touching, strict=True):
            lits = _literal_goal_cached(text, world)
            self.targets.append(lits if lits is not None else (touch, self._common_pre(touch)))
        # k: the most goal conditions one action touches (the goal-count bound's divisor)
        per_action: dict[int, int] = {}
        for touch in touching:
            for b in touch:
                per_action[b] = per_action.get(b, 0) + 1
        self.k = max(1, max(per_action.values(), default=1))
        # the targets coded for __call__: a literal goal as a tuple of coded literals, any other as
        # [achievers bit set, coded common literals] (a list, so that the two kinds differ by type)
        self._coded_targets: list[Any] = [tuple(2 * i + want for i, want in t) if isinstance(t, list)
                               else [_bits(t[0]), tuple(2 * i + want for i, want in t[1])] for t in self.targets]

    def rebind(self, world: CompiledWorld) -> Guidance:
        """This guidance for ``world``, a retarget of its own world with the same goal (see
        :meth:`CompiledWorld.retarget`): everything carries over; only the world and, should the
        retarget have replaced the action objects (a new failure probability), the relevant list
        change."""
        out = copy.copy(self)
        out.world = world
        if world.actions is not self.world.actions:
            actions = cast("list[GroundAction]", world.actions)  # the ids are valid actions' (the same grounding)
            out.relevant = [actions[a.id] for a in self.relevant]
            if self.alive is self.world.valid_actions:
                out.alive = world.valid_actions
            else:
                out.alive = [actions[a.id] for a in self.alive]
        return out

    def _drop_dead_actions(self) -> None:
        """Forget the actions that can never be applied (:func:`dead_actions`): they belong in no
        landmark and no search.

        The achiever tables without the dead actions, and the landmark memos built from them
        (``_common``, ``_coded``, ``_coded_req``: they depend on nothing else), are kept in the
        layout's compile cache per grounding and dead set, so re-sampled tasks share them.
        """
        world = self.world
        dead = dead_actions(world)
        self.alive = world.valid_actions if not dead else [a for a in world.valid_actions if a.id not in dead]
        key = ("landmarks", world.grounding, dead)
        cache = world.layout.compile_cache
        shared = cache.get(key)
        if shared is None:
            # new tables, filtered per fact on first use (a search reads a few facts' writers; calendar's
            # dead sets, which depend on the sampled start, rarely repeat): the ones from _writers are
            # shared by every world of this grounding
            shared = cache[key] = (_LiveWriters(self.adders, dead), _LiveWriters(self.deleters, dead), {}, {}, {})
        self.adders, self.deleters = shared[0], shared[1]
        self._common: dict[Literal, tuple[tuple[int, ...], tuple[Literal, ...]]] = shared[2]
        # per coded literal / action: the estimate's int tables, built from the memos above alone
        self._coded: dict[int, tuple[int, tuple[Required, ...], tuple[int, ...]]] = shared[3]
        self._coded_req: dict[int, Required] = shared[4]

    def _touching(self, facts: frozenset[int], nums: frozenset[int],
                  assigners: IdTable) -> frozenset[int]:
        """Ids of the actions whose effects write one of ``facts`` or ``nums``."""
        out: set[int] = set()
        for i in facts:
            out.update(self.adders.get(i, ()))
            out.update(self.deleters.get(i, ()))
        for j in nums:
            out.update(assigners.get(j, ()))
        return frozenset(out)

    def _relevant(self, assigners: IdTable) -> list[GroundAction]:
        """The live actions that touch what the goal reads, or what a relevant action's precondition or
        assigned values read, transitively (a worklist over the writers of each newly relevant fact)."""
        w = self.world
        by_id = cast("list[GroundAction]", w.actions)  # writers are valid actions
        alive = None if self.alive is w.valid_actions else {a.id for a in self.alive}
        facts = {i for g in w.goals for i in g.facts}
        nums = {j for g in w.goals for j in g.nums}
        if w.guard is not None:  # a call that only keeps a constraint respected can be needed too
            facts.update(w.guard.by_fact)
            nums.update(w.guard.by_num)
        todo_f, todo_n = list(facts), list(nums)
        chosen: set[int] = set()
        writers: Sequence[int]
        while todo_f or todo_n:
            if todo_f:
                i = todo_f.pop()
                writers = self.adders[i] + self.deleters[i]  # dead ones already dropped
            else:
                writers = [b for b in assigners.get(todo_n.pop(), ()) if alive is None or b in alive]
            for b in writers:
                if b in chosen:
                    continue
                chosen.add(b)
                a = by_id[b]
                # set operations in C; the closure does not depend on the order facts are visited in
                value_facts, value_nums = a.value_reads
                new_facts = (a.pre.facts | value_facts if value_facts else a.pre.facts) - facts
                if new_facts:
                    facts |= new_facts
                    todo_f += new_facts
                new_nums = (a.pre.nums | value_nums if value_nums else a.pre.nums) - nums
                if new_nums:
                    nums |= new_nums
                    todo_n += new_nums
        return [a for a in w.valid_actions if a.id in chosen]

    def _common_pre(self, achievers: Iterable[int]) -> tuple[Literal, ...]:
        pos: frozenset[int] | None = None
        neg: frozenset[int] | None = None
        for a in achievers:
            p, n = self.req[a]
            pos = p if pos is None else pos & p
            neg = n if neg is None else neg & n
        if pos is None or neg is None:  # no achievers (both are set together)
            return ()
        return tuple(sorted([(i, 1) for i in pos] + [(i, 0) for i in neg]))

    def landmark(self, lit: Literal) -> tuple[tuple[int, ...], tuple[Literal, ...]]:
        """Achievers of ``lit`` and the literals every achiever requires."""
        entry = self._common.get(lit)
        if entry is None:
            ids = self.achievers(lit)
            entry = self._common[lit] = (ids, self._common_pre(ids))
        return entry

    def achievers(self, lit: Literal) -> tuple[int, ...]:
        """The ids of the live actions that make ``lit`` true, without repeats (a tuple, not a set: the
        tables behind it are cached per grounding, and a tuple of ints drops out of the cyclic garbage
        collector's lists; every use is order-independent)."""
        return (self.adders if lit[1] else self.deleters)[lit[0]]

    def _requirements_by_size(self, a: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """``a``'s required literals with their achievers, fewest achievers first (stable: ties keep
        the order the literals are listed in, so the same one is chosen as by a scan for the minimum)."""
        pos, neg = self.req[a]
        lits = [(i, 1) for i in pos] + [(i, 0) for i in neg]
        entries = [(i, want, self.achievers((i, want))) for i, want in lits]
        return tuple(sorted(entries, key=lambda e: len(e[2])))

    def inputs(self) -> tuple[frozenset[int], frozenset[int]]:
        """Every fact and fluent the estimate can read, in any state: its value is a function of these.

        Goals that are literal conjunctions read their literals; other goals read what their
        expression reads. The landmark chain starts at those literals (and at the common
        preconditions of a non-literal goal's achievers) and only ever moves to common
        preconditions of achievers, reading on the way each achiever's required literals (for the
        enabler landmark). Collected without the chain's depth limit, so this over-approximates.
        Usually far fewer facts than relevant actions read, so a memo keyed on these hits far more often.
        """
        facts: set[int] = set()
        nums: set[int] = set()
        todo: list[Literal] = []
        for goal, target in zip(self.world.goals, self.targets, strict=True):
            if isinstance(target, list):
                todo += target
            else:
                facts |= goal.facts
                nums |= goal.nums
                todo += target[1]
        seen: set[Literal] = set()
        while todo:
            lit = todo.pop()
            if lit in seen:
                continue
            seen.add(lit)
            facts.add(lit[0])
            ids, common = self.landmark(lit)
            todo += common
            for a in ids:
                pos, neg = self.req[a]
                facts |= pos | neg
        return frozenset(facts), frozenset(nums)

    # -- the estimate, on integer-coded literals and action sets ------------------------------
    # A literal (i, want) is coded as 2·i + want; a set of action ids as an int with those bits set.
    # ``__call__`` is evaluated for every new state the planner generates and the environment's Φ
    # meets, so its tables are built once per literal / action and it does only int arithmetic.

    def _literal_entry(self, code: int) -> tuple[int, tuple[Required, ...], tuple[int, ...]]:
        """For a coded literal: its achievers as a bit set, each achiever's required literals
        (:meth:`_enabler_entry`, in the achievers' order: what :meth:`_enablers` reads, without a lookup per
        achiever and call) and the coded literals all of them require."""
        ids, common = self.landmark((code >> 1, code & 1))
        coded_req = self._coded_req
        required = tuple(coded_req.get(a) or self._enabler_entry(a) for a in ids)
        entry = self._coded[code] = (_bits(ids), required, tuple(2 * i + want for i, want in common))
        return entry

    def _enabler_entry(self, a: int) -> Required:
        """``a``'s required literals, fewest achievers first, as (fact, wanted value, achievers bit set)."""
        entry = self._coded_req[a] = tuple((i, want, _bits(ach)) for i, want, ach in self._requirements_by_size(a))
        return entry

    def _enablers(self, required: tuple[Required, ...], facts: bytearray, skip: tuple[int, ...] = ()) -> int:
        """If no action of a landmark is applicable now, a landmark of actions enabling them (else 0).

        ``required`` holds the landmark's actions' required literals (:meth:`_enabler_entry`). Each action needs
        some literal that is false now; the achievers of one such literal per action (the one with fewest
        achievers) together form a landmark: whichever action of the landmark the plan uses, one of them must
        come first.

        ``skip`` (coded literals all of the actions require, which the chain already counts) is passed over
        when choosing each action's literal, which keeps the landmark apart from theirs; the same argument
        makes it a landmark. It is 0 when some action has no unmet literal outside ``skip``.
        """
        out = 0
        for lits in required:
            for i, want, achievers in lits:
                if facts[i] != want and 2 * i + want not in skip:  # the first such literal has the fewest achievers
                    out |= achievers
                    break
            else:
                return 0  # this achiever is applicable now (or all it lacks is in ``skip``)
        return out

    def _open_goals(self, facts: bytearray, nums: list[float], landmarks: list[int], stack: list[int]) -> int:
        """Start the estimate: the number of unsatisfied goals (``-1`` for a dead end); their literals
        to chain from go on ``stack`` (coded literal · 8 + depth), non-literal goals' achievers on ``landmarks``.

        Plain loops rather than list comprehensions here and in :meth:`estimate`: on Python 3.11 each
        comprehension is a function call, and these run over one or two literals at a time (the
        estimate took ~40 % less time without them, same results).
        """
        unsat = 0
        for goal, target in zip(self.world.goals, self._coded_targets, strict=True):
            if type(target) is tuple:  # a conjunction of literals: it holds iff none is unmet
                before = len(stack)
                for code in target:
                    if facts[code >> 1] != code & 1:
                        stack.append(code << 3)
                if len(stack) != before:
                    unsat += 1
                continue
            if goal.fn(facts, nums):
                continue
            unsat += 1
            touch, common = target
            if not touch:
                return -1
            landmarks.append(touch)
            for code in common:
                if facts[code >> 1] != code & 1:
                    stack.append((code << 3) | 1)
        return unsat

    def __call__(self, facts: bytearray, nums: list[float]) -> int:
        """Admissible estimate of the steps still needed (``DEAD_END`` if provably unsolvable).

        A call that returns neither 0 nor ``DEAD_END`` leaves in ``self.preferred`` the achievers of the
        landmarks it counted, as an action-id bit set (a search hint: calls likely to make progress).

        Memoised per state projected onto :meth:`inputs` (estimate and hint are functions of those
        facts and fluents alone): a search's successors often differ from their parent, and from
        each other, only in facts the estimate never reads (~55 % of calendar and support calls hit).
        """
        memo = self._memo
        if memo is None:
            memo = self._start_memo()
        return self._memoised(memo, facts, nums, False)

    def search(self, facts: bytearray, nums: list[float]) -> int:
        """The planner's estimate: :meth:`__call__`'s landmarks plus, where a chained literal's achievers
        share an unmet precondition, the enabler landmark of their other unmet preconditions (``strong``
        in :meth:`estimate`). Still admissible and never below :meth:`__call__`; it closes the one-step
        gap on calendar tasks whose meeting must still be invited to *and* scheduled, where A* otherwise
        evaluates the whole f-layer below the plan. Kept apart from :meth:`__call__` (own memo), which is
        also the environment's potential Φ and must not change for a given task; ``preferred`` as there.
        """
        memo = self._search_memo
        if memo is None:
            if self._memo is None:
                self._start_memo()  # sets the memo key
            memo = self._search_memo = {}
        return self._memoised(memo, facts, nums, True)

    def _memoised(self, memo: dict, facts: bytearray, nums: list[float], strong: bool) -> int:
        """:meth:`estimate` through ``memo`` (keyed on the state projected onto :meth:`inputs`)."""
        mask, nidx = self._memo_key
        bits = int.from_bytes(facts, "little") & mask
        key = (bits, tuple(map(nums.__getitem__, nidx))) if nidx else bits
        hit = memo.get(key)
        if hit is not None:
            if hit[1] is not None:
                self.preferred = hit[1]
            return hit[0]
        h = self.estimate(facts, nums, strong)
        if len(memo) >= _MAX_MEMO:
            memo.clear()
        memo[key] = (h, self.preferred if 0 < h < DEAD_END else None)
        return h

    def _start_memo(self) -> dict:
        """Create the memo of :meth:`__call__` and its key (a mask over the state's bytes, fluent positions)."""
        facts, nums = self.inputs()
        self._memo_key = (sum(1 << (8 * i) for i in facts), sorted(nums))
        self._memo = {}
        return self._memo

    def estimate(self, facts: bytearray, nums: list[float], strong: bool = False) -> int:
        """:meth:`__call__` without the memo; with ``strong``, :meth:`search` without the memo.

        ``strong`` adds, for a chained literal whose achievers all need an unmet literal in common (which
        is chained in turn), the landmark of their *other* unmet preconditions when every achiever has
        one (:meth:`_enablers` skipping the common literals). Those extra landmarks are counted only after
        the greedy choice among the others, as far as they are disjoint from it, so the count never drops
        below the plain one.
        """
        landmarks: list[int] = []
        extras: list[int] = []
        stack: list[int] = []
        unsat = self._open_goals(facts, nums, landmarks, stack)
        if unsat <= 0:
            return DEAD_END if unsat < 0 else 0
        seen: set[int] = set()
        coded = self._coded
        while stack:
            item = stack.pop()
            code, depth = item >> 3, item & 7
            if code in seen:
                continue
            seen.add(code)
            ids, required, common = coded.get(code) or self._literal_entry(code)
            if not ids:
                return DEAD_END
            landmarks.append(ids)
            if depth >= MAX_CHAIN:
                continue
            unmet = False
            for q in common:
                if facts[q >> 1] != q & 1:
                    unmet = True
                    if q not in seen:
                        stack.append((q << 3) | (depth + 1))
            if unmet:
                if strong:
                    extra = self._enablers(required, facts, common)
                    if extra:
                        extras.append(extra)
            else:
                extra = self._enablers(required, facts)
                if extra:
                    landmarks.append(extra)
        used, count = _pick_disjoint(landmarks, 0, 0)
        if extras:
            used, count = _pick_disjoint(extras, used, count)
        self.preferred = used
        return max(count, -(-unsat // self.k), 1)


def _pick_disjoint(landmarks: list[int], used: int, count: int) -> tuple[int, int]:
    """Greedily add ``landmarks`` (bit sets; sorted in place, smallest first, stable) that are disjoint
    from ``used`` and from each other; returns the union of the chosen ones with ``used`` and ``count``
    plus how many were chosen. Pairwise disjoint landmarks need that many distinct steps."""
    landmarks.sort(key=int.bit_count)  # stable, as sorting the sets by size
    for ids in landmarks:
        if not used & ids:
            used |= ids
            count += 1
    return used, count


def _bits(ids: Iterable[int]) -> int:
    """A set of action ids as an int bit set."""
    out = 0
    for a in ids:
        out |= 1 << a
    return out


def dead_actions(world: CompiledWorld) -> frozenset[int]:
    """Ids of the valid actions of ``world`` that can never be applied (cached on the world).

    Each needs a literal that is false at the start and that no action can make true: a fact
    nothing adds, needed true, or one nothing deletes, needed false; so that literal stays false
    in every state reached from the start (hidden facts aside: a reveal can change what the agent
    believes, not what is true).
    """
    return world.derived("_dead_actions", _dead_actions)


def _dead_actions(world: CompiledWorld) -> frozenset[int]:
    blocked_if_false, blocked_if_true = _writers(world)[4]
    init = world.init_facts
    return frozenset(b for i, ids in blocked_if_false.items() if not init[i] for b in ids).union(
        [b for i, ids in blocked_if_true.items() if init[i] for b in ids])


def guidance(world: CompiledWorld) -> Guidance:
    """The world's (cached) :class:`Guidance`."""
    return world.derived("_guidance", Guidance)
