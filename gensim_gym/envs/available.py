"""``AvailableCalls``: the vector env's actions as "the k-th call available now", with per-call features.

The ground action space (``Discrete`` over every tool call of the family's layout) is what masked
algorithms want: ``action_masks()`` removes the many calls that are not possible now. A trainer
without masks (SB3 PPO and DQN, CleanRL, RLlib) has to learn that mask itself, and on the easy
families it did not (BENCHMARKS.md, Learnability: plain PPO 0.00-0.04 success at 50k steps).

This wrapper offers ``Discrete(K)`` instead: action ``k`` is the k-th call available now, in the
layout's fixed order (so the same state always lists the same calls the same way; ``goal_first=True`` lists
the calls that achieve an unmet goal condition first, then the others, each in that order). The
observation is the env's vector observation followed by one feature row per listed call:

- ``present``: 1 for the first ``n`` rows (the calls available now), 0 after;
- the call's tool, one-hot over the layout's tools;
- each argument's slot, one-hot over the largest type capacity (the same slots the fact bits use);
- ``achieves``: an effect of the call makes true a literal of a goal condition that does not hold now
  (for a goal that is not a conjunction of literals: an effect touches what the goal reads);
- ``undoes``: an effect of the call falsifies a literal of a goal condition that holds now (the same
  approximation for other goals);
- per argument: the object is named in a goal condition that does not hold now.

These say what a call does to the *goal*, one step ahead, from the call's declared effects; they
say nothing about which call is on a shortest plan (steps that only prepare a goal, such as driving
to a crate, read 0 in ``achieves`` like every other call), and hidden facts stay hidden (effects are
known, states are not). ``k >= n`` (only ``n`` calls are available) wraps around to call
``k mod n``, so every action is a call that can be made, and row ``k`` repeats the row of call ``k mod n``
(``repeat_rows``, the default), so every action's row describes the call it makes: an MLP can then read
"row k -> logit k" for every ``k``. With ``repeat_rows=False`` rows ``k >= n`` read 0, and an action ``k >= n``
means a different call for each ``n`` with nothing in its own row to say which; CleanRL's PPO defaults then
learned which alias worked on which training task and transferred little (benchmarks/results/cleanrl_transfer.md;
the default since benchmarks/results/repeat_rows_default.md).
With more than ``K`` calls available the first ``K`` in layout order are listed and ``info["calls_cut"]`` says
how many were left out (never seen on the built-in domains with the default ``K``; see :data:`MAX_CALLS`).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Any, NamedTuple

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gensim_gym._cache import BoundedCache
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import ActionError, ArgumentError
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.heuristic import DEAD_END, goal_literals, guidance

#: The default ``K``: the most calls ever available at once on the built-in domains was 50 (calendar at
#: difficulty 1.0, random play, 40 episodes per cell); smaller families get ``min(n_actions, MAX_CALLS)``.
MAX_CALLS = 64

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class _GroundingTables(NamedTuple):
    """The goal-independent part of :class:`_CallTables`, for every task of one grounding: the static rows
    (read-only), an unused action id, and per fact / fluent / object the calls that add, delete, write or
    name it (in ``valid_actions`` order)."""

    static: np.ndarray
    unused: int
    adders: dict[int, list[int]]
    deleters: dict[int, list[int]]
    touch_fact: dict[int, list[int]]
    touch_num: dict[int, list[int]]
    by_object: dict[str, list[tuple[int, int]]]


class _GoalFirst(NamedTuple):
    """The goal-first listing of one goal status (:meth:`_CallTables.ordered`): the call ids in listing order, each
    call's position in it (the inverse permutation), and the call rows in that order."""

    perm: np.ndarray
    rank: np.ndarray
    rows: np.ndarray


class _CallTables:
    """The feature rows of one task's calls, per ground action id (rows of unused slots are 0).

    The goal-dependent columns change only when a goal condition's status does, so the full row matrix is
    kept per status seen (a step then copies the listed rows; per-step matrix products cost ~4x more).
    """

    def __init__(self, static: np.ndarray, achieves: np.ndarray, undoes: np.ndarray, named: np.ndarray,
                 unused: int, *, pad: int = 0) -> None:
        self.static = static  # (n_actions, d_static): present, tool one-hot, argument slot one-hots
        self.achieves = achieves  # (n_actions, max_goals): the call can make goal condition g true
        self.undoes = undoes  # (n_actions, max_goals): the call can make goal condition g false
        self.named = named  # (n_actions, max_params, max_goals): argument p is named in goal condition g
        self.unused = unused  # an action id that is never a call of this task (-1: every slot is used)
        self.pad = np.zeros((static.shape[0], pad), dtype=np.float32)  # columns written per step (lookahead)
        self._by_status: dict[tuple[bool, ...], np.ndarray] = {}
        # per goal status, the goal-first listing order and the rows in that order (None: the layout's order)
        self._ordered: dict[tuple[bool, ...], _GoalFirst | None] = {}
        # the face at the task's reset state, kept by AvailableCalls._at_reset: (world, listed ids, calls cut,
        # rows, listing order, observation)
        self.first: tuple[CompiledWorld, np.ndarray, int, np.ndarray, _GoalFirst | None, np.ndarray] | None = None

    def rows(self, status: list[bool]) -> np.ndarray:
        """Every call's feature row when the goal conditions' status is ``status`` (one bool per goal condition;
        goal slots past them read 0)."""
        key = tuple(status)
        rows = self._by_status.get(key)
        if rows is None:
            if len(self._by_status) >= 64:
                self._by_status.clear()
            met = np.zeros(self.achieves.shape[1], dtype=np.float32)
            met[:len(status)] = status
            unmet = 1.0 - met
            rows = self._by_status[key] = np.hstack((
                self.static, (self.achieves @ unmet > 0)[:, None], (self.undoes @ met > 0)[:, None],
                (self.named @ unmet > 0), self.pad)).astype(np.float32)
        return rows

    def ordered(self, status: list[bool]) -> _GoalFirst | None:
        """The goal-first listing for goal status ``status``: the call ids that achieve an unmet goal condition,
        then the others (each in layout order), with their positions and :meth:`rows` in that order; None when that
        is the layout's order itself."""
        key = tuple(status)
        if key in self._ordered:
            return self._ordered[key]
        if len(self._ordered) >= 64:
            self._ordered.clear()
        rows = self.rows(status)
        ach = rows[:, self.static.shape[1]] > 0
        first, rest = np.flatnonzero(ach), np.flatnonzero(~ach)
        out: _GoalFirst | None = None
        if len(first) and len(rest) and first[-1] > rest[0]:
            perm = np.concatenate((first, rest)).astype(np.intp)
            rank = np.empty_like(perm)
            rank[perm] = np.arange(len(perm))
            out = _GoalFirst(perm, rank, rows.take(perm, 0))
        self._ordered[key] = out
        return out


class AvailableCalls(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """``Discrete(K)`` over the calls available now, with per-call features (see the module docstring).

    Args:
        env: a vector-mode :class:`GenSimEnv` (possibly under other wrappers).
        max_calls: ``K``; default ``min(n_actions, MAX_CALLS)``.
        repeat_rows: rows ``k >= n`` repeat the row of call ``k mod n`` (the call action ``k`` makes); False:
            they read 0.
        lookahead: two more columns per row, ``closer`` (the landmark estimate behind Φ falls after the call's
            declared effects) and ``dead_end`` (it proves the goal unreachable after them); both 0 with hidden
            facts. One estimate per listed call and step: ~5x the face's cost, so off by default.
        goal_first: list the calls that achieve an unmet goal condition (``achieves`` = 1) first, then the others,
            each in layout order, so an achieving call sits at the front of the listing (an MLP reads "row k ->
            logit k" per position). The same calls are listed; ~6k instructions a step more (filesystem reads
            0.76x CartPole-v1's step with it), so off by default (benchmarks/results/goal_first.md).

    ``action_masks()`` marks the listed calls (for masked algorithms: MaskablePPO works on either face),
    ``oracle_actions()`` gives a shortest plan as indices of this face, ``describe_action(k)`` names a call.
    """

    def __init__(self, env: gym.Env, max_calls: int | None = None, repeat_rows: bool = True,
                 lookahead: bool = False, goal_first: bool = False) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, max_calls=max_calls, repeat_rows=repeat_rows,
                                                 lookahead=lookahead, goal_first=goal_first)
        self.goal_first = goal_first
        self._order: _GoalFirst | None = None  # the listing's order (None: the layout's): listed k is call perm[k]
        super().__init__(env)
        base = env.unwrapped
        if not isinstance(base, GenSimEnv) or base.obs_mode != "vector":
            raise ArgumentError("AvailableCalls wraps a GenSimEnv with obs_mode='vector'")
        layout = base.layout
        if max_calls is None:
            max_calls = min(layout.n_actions, MAX_CALLS)
        if not isinstance(max_calls, int) or isinstance(max_calls, bool) or not 1 <= max_calls <= layout.n_actions:
            raise ArgumentError(f"max_calls must be an integer in [1, {layout.n_actions}] (the layout's calls), "
                                f"got {max_calls!r}")
        for name, flag in (("repeat_rows", repeat_rows), ("lookahead", lookahead), ("goal_first", goal_first)):
            if not isinstance(flag, bool):
                raise ArgumentError(f"{name} must be True or False, got {flag!r}")
        self.lookahead = lookahead
        self.base = base
        self.layout = layout
        self.max_calls = max_calls
        self.repeat_rows = repeat_rows
        self._tools = {name: i for i, name in enumerate(layout.tools)}
        self._params = max((len(types) for types in layout.tools.values()), default=0)
        self._slots = max(layout.capacity.values(), default=1)
        self._d_static = 1 + len(self._tools) + self._params * self._slots
        self.row_dim = self._d_static + 2 + self._params + (2 if lookahead else 0)
        n_obs = layout.obs_dim + max_calls * self.row_dim  # the env's observation, then the listed rows
        self.observation_space = spaces.Box(0.0, 1.0, shape=(n_obs,), dtype=np.float32)
        self.action_space = spaces.Discrete(max_calls)
        self._tables: OrderedDict[str, _CallTables] = OrderedDict()
        # the goal-independent part of the tables, per grounding (see _grounding_tables)
        self._groundings: BoundedCache = BoundedCache(64)
        self._listed = np.zeros(0, dtype=np.intp)
        self._world: CompiledWorld | None = None
        self._current: _CallTables | None = None
        # The per-step work is a handful of numpy calls on small arrays, each ~1-3k instructions whatever
        # the size, so what is fixed per env is prepared here (docs/hot_paths.md, "The default face").
        # The rows of the task being played for the goal status last seen: the env replaces its status list
        # when a goal condition flips, and each task's initial one is its own, so identity says they still hold.
        self._status_seen: list[bool] | None = None
        self._rows = np.zeros((layout.n_actions, self.row_dim), dtype=np.float32)
        # The observation is assembled in one buffer, of which a copy is returned. Wrapping the env itself,
        # the env keeps its part there (observe_into) and skips its own copy.
        # With repeat_rows the rows are the first n repeated: the buffer has room for ceil(K / n) * n rows (< 2K),
        # and an observation is its first n_obs entries.
        self._ext = np.zeros(layout.obs_dim + (2 * max_calls - 1) * self.row_dim, dtype=np.float32)
        self._out = self._ext[:n_obs]
        self._direct = env is base
        self._head = base.observe_into(self._out) if self._direct else self._out[:layout.obs_dim]
        # per number n of listed calls, the buffer's first n rows (take() writes there) ...
        rows = self._ext[layout.obs_dim:].reshape(2 * max_calls - 1, self.row_dim)
        grid = self._grid = rows[:max_calls]
        self._blocks = [grid[:n] for n in range(max_calls + 1)]
        # ... and, for repeat_rows, per n < K the copies of those n rows after them and the n rows as one block
        # (one broadcast copy; a 64-row take of wrapped ids took ~1k instructions more: docs/hot_paths.md)
        self._repeats: list[tuple[np.ndarray, np.ndarray] | None] = [None] * (max_calls + 1)
        for n in range(1, max_calls):
            tiles = rows[:-(-max_calls // n) * n].reshape(-1, n, self.row_dim)
            self._repeats[n] = (tiles[1:], tiles[0])
        self._written = 0  # ... the rows the last observation wrote (those past the next one's n are cleared) ...
        self._stale: dict[tuple[int, int], np.ndarray] = {}  # ... through views of rows n..written-1, kept
        # and the face's action mask (read-only: action_masks() hands out copies)
        self._masks = [np.arange(max_calls) < n for n in range(max_calls + 1)]

    # -- gymnasium API -----------------------------------------------------
    def reset(self, **kwargs: Any):
        if self._direct:  # as in step()
            base = self.base
            base._copy_obs = False
            try:
                obs, info = base.reset(**kwargs)
            finally:
                base._copy_obs = True
            return self._at_reset(obs, info), info
        obs, info = self.env.reset(**kwargs)
        return self._observe(obs, info), info

    def step(self, action):
        listed = self._listed
        if type(action) is not int and not isinstance(action, np.integer) or not 0 <= action < self.max_calls:
            raise ActionError(f"action must be an integer in [0, {self.max_calls}) (the k-th call available now), "
                              f"got {action!r}")
        # k >= n wraps around, so every action is a call available now: an unmasked policy starts as a
        # masked random one instead of spending most calls on empty positions (BENCHMARKS.md, Learnability)
        n = len(listed)
        if n:
            ground = listed.item(action % n)
            if self._order is not None:
                ground = self._order.perm.item(ground)
        else:
            ground = self._invalid_call()
        if self._direct:  # the env's observation is in self._out already: no copy of it (see __init__)
            base = self.base
            base._copy_obs = False
            try:
                obs, reward, terminated, truncated, info = base.step(ground)
            finally:
                base._copy_obs = True
        else:
            obs, reward, terminated, truncated, info = self.env.step(ground)
        return self._observe(obs, info), reward, terminated, truncated, info

    # -- helpers for masked algorithms, oracles and people -------------------
    def action_masks(self) -> np.ndarray:
        return self._masks[len(self._listed)].copy()

    def describe_action(self, action: int) -> str:
        """The call action ``action`` makes now (``k >= n`` wraps around, as in :meth:`step`)."""
        n = len(self._listed)
        if n and 0 <= action < self.max_calls:
            return self.base.describe_action(self._call(action % n))
        return f"<no call at {action}: {n} calls are available now, the face has {self.max_calls} actions>"

    def oracle_actions(self) -> list[int]:
        """A shortest plan from the current state as indices of this face (each step's index is its call's
        position in the listing of the state the plan reaches; the plan itself is the env's, on the true state)."""
        base = self.base
        plan = base.oracle_actions()
        world = base._require_reset()
        facts, nums = bytearray(base._facts), list(base._nums)
        visible = bytearray(base._visible) if base._visible is not None else None
        tables = self._call_tables(world)
        out: list[int] = []
        for a in plan:
            listed = self._possible(world, facts, nums, visible)
            ordered = tables.ordered(world.goal_status(facts, nums)) if self.goal_first else None
            if ordered is not None:  # the listing's goal-first order
                listed.sort(key=ordered.rank.item)
            listed = listed[:self.max_calls]
            out.append(listed.index(a) if a in listed else self.max_calls)
            ground = world.actions[a]
            assert ground is not None  # the plan's calls are the task's
            effects = ground.effects
            world.apply(facts, nums, effects)
            if visible is not None:
                for i in effects.reveals:
                    visible[i] = 1
        return out

    # -- internals -----------------------------------------------------------
    def _observe(self, obs: np.ndarray, info: dict[str, Any]) -> np.ndarray:
        """The env's observation with the listed calls' feature rows appended; lists the calls.

        Per step: list (nonzero), gather the listed rows into the buffer (take), clear rows no longer listed
        (when fewer are), return a copy of the buffer; the env's part is written by the env itself when this
        wraps it directly. A join of fixed views (np.concatenate) instead of the clear and the copy counts
        fewer instructions in calendar but ran 4-5 % slower in CPU time in both domains measured.
        """
        base = self.base
        status = base._status
        if status is not self._status_seen:  # a goal condition flipped, or another episode began
            tables = self._call_tables(base._require_reset())
            self._order = tables.ordered(status) if self.goal_first else None
            self._rows = tables.rows(status) if self._order is None else self._order.rows
            self._status_seen = status
        order = self._order
        if base._visible is None:
            # the env's mask, which is exact without hidden facts (goal_first: positions in the goal-first order)
            listed = base._mask.nonzero()[0] if order is None else base._mask[order.perm].nonzero()[0]
        else:
            listed = np.asarray(self._possible(base._require_reset(), base._facts, base._nums, base._visible),
                                dtype=np.intp)
            if order is not None:
                listed = np.sort(order.rank[listed])
        n = len(listed)
        if n > self.max_calls:
            info["calls_cut"] = n - self.max_calls
            listed = listed[:self.max_calls]
            n = self.max_calls
        self._listed = listed
        if base._obs is not self._head:  # not wrapping the env itself (or another face took its buffer over)
            self._head[:] = obs
        # positional (axis 0, out, "clip"): with an out array the default mode "raise" gathers into a
        # temporary first; listed ids are valid, so clipping never applies
        self._rows.take(listed, 0, self._blocks[n], "clip")
        if self.lookahead and n:  # written before the repeat below copies the rows
            self._blocks[n][:, -2:] = self._lookahead(listed if order is None else order.perm.take(listed))
        if self.repeat_rows and n:  # every row is written: row k is the row of call k mod n
            repeat = self._repeats[n]
            if repeat is not None:  # (n < K) the first n rows again after them
                copies, first = repeat
                copies[...] = first
            self._written = self.max_calls
            return self._out.copy()
        written = self._written
        if n < written:  # the rows of calls no longer listed read 0 again (fill() on a kept view: one call)
            stale = self._stale.get((n, written))
            if stale is None:
                stale = self._stale[n, written] = self._grid[n:written]
            stale.fill(0.0)
        self._written = n
        return self._out.copy()

    def _at_reset(self, obs: np.ndarray, info: dict[str, Any]) -> np.ndarray:
        """:meth:`_observe` at a reset of the env this wraps directly: the reset state is fixed per task, so its
        listing and observation are kept with the task's call tables at its first reset and copied at the next
        ones (no listing, gather or row copies: ~11k instructions a reset, a step in ~7; docs/hot_paths.md,
        facespeed6). The env has written its part of the buffer; the next step writes every row again (or
        clears those past its n: all rows count as written)."""
        base = self.base
        world = base._require_reset()
        tables = self._call_tables(world)
        first = tables.first
        # (not for a world compiled again from the same spec, nor when another face took the env's buffer over)
        if first is None or first[0] is not world or base._obs is not self._head:
            obs = self._observe(obs, info)
            tables.first = (world, self._listed, info.get("calls_cut", 0), self._rows, self._order, obs.copy())
            return obs
        _, self._listed, cut, self._rows, self._order, obs = first
        if cut:
            info["calls_cut"] = cut
        self._status_seen = base._status  # the rows are those of the reset state's goal status
        self._written = self.max_calls
        return obs.copy()

    def _lookahead(self, listed: np.ndarray) -> np.ndarray:
        """Per listed call, ``closer`` (the landmark estimate, the env's potential Φ, falls after the call's declared
        effects) and ``dead_end`` (it reads dead end after them); zeros with hidden facts, whose truth must not leak."""
        out = np.zeros((len(listed), 2), dtype=np.float32)
        base = self.base
        if base._visible is not None:
            return out
        world = base._require_reset()
        estimate = guidance(world)
        facts, nums = base._facts, base._nums
        now = estimate(facts, nums)
        actions = world.actions
        for k, a in enumerate(listed.tolist()):
            h = estimate(*world.successor(facts, nums, actions[a].effects))
            out[k, 0] = h < now
            out[k, 1] = h >= DEAD_END
        return out

    @staticmethod
    def _possible(world: CompiledWorld, facts: bytearray, nums: list[float], visible: bytearray | None) -> list[int]:
        """Ids of the calls whose precondition may hold given what the agent knows, in layout order.

        Without hidden facts that is the precondition on the state. With hidden facts a call is listed when it
        holds with the unknown facts all true (the env's mask) or all false: a call that needs an unknown fact
        to be false (``not in_dir(f, d)`` before listing ``d``) may be possible too. Such a call can still
        fail as invalid, which is what partial observability means; the truth is never read here.
        """
        if visible is None:
            return [g.id for g in world.valid_actions if g.pre.fn(facts, nums)]
        high = bytearray(f if v else 1 for f, v in zip(facts, visible, strict=True))
        low = bytearray(f & v for f, v in zip(facts, visible, strict=True))
        return sorted(g.id for g in world.valid_actions if g.pre.fn(high, nums) or g.pre.fn(low, nums))

    def _invalid_call(self) -> int:
        """An action id the env takes as an invalid call now: an unused slot, else a call not available."""
        unused = self._call_tables(self.base._require_reset()).unused
        if unused >= 0:
            return unused
        mask = self.base.action_masks()
        return int(np.flatnonzero(~mask)[0]) if not mask.all() else self._call(0)

    def _call(self, k: int) -> int:
        """The ground id of the k-th listed call."""
        i = int(self._listed[k])
        return i if self._order is None else self._order.perm.item(i)

    def _call_tables(self, world: CompiledWorld) -> _CallTables:
        if world is self._world and self._current is not None:  # the task being played: every step asks
            return self._current
        key = world.spec_id
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = self._build_tables(world)
            while len(self._tables) > max(1, len(self.base._worlds)):  # as many tasks as the env keeps (LRU both)
                self._tables.popitem(last=False)
        else:
            self._tables.move_to_end(key)
        self._world, self._current = world, tables
        self._status_seen = None  # the rows are this task's from now on
        return tables

    def _build_tables(self, world: CompiledWorld) -> _CallTables:
        """The task's :class:`_CallTables`: the static rows and indices of its grounding (shared by every
        task over the same objects and tools), then the goal columns from them, one goal literal at a time."""
        layout = self.layout
        n, goals = layout.n_actions, layout.max_goals
        grounding = self._grounding_tables(world)
        achieves = np.zeros((n, goals), dtype=np.float32)
        undoes = np.zeros((n, goals), dtype=np.float32)
        named = np.zeros((n, self._params, goals), dtype=np.float32)
        goal_texts = world.spec.task.goal
        # the ones of each table as flat indices, set in one numpy assignment per table (one per literal and
        # object was ~5 % of a webshop task's reset; benchmarks/worker_instructions.py --trainer)
        ach: list[int] = []
        und: list[int] = []
        for k, goal in enumerate(world.goals):
            lits = goal_literals(world, k)
            if lits is None:  # not a conjunction of literals: an effect on what it reads
                touching = [a for i in goal.facts for a in grounding.touch_fact.get(i, ())]
                touching += [a for j in goal.nums for a in grounding.touch_num.get(j, ())]
                ach += [a * goals + k for a in touching]
                und += [a * goals + k for a in touching]
                continue
            for i, v in lits:  # a call achieves a literal by writing its value, undoes it by writing the other
                adders, deleters = grounding.adders.get(i, ()), grounding.deleters.get(i, ())
                ach += [a * goals + k for a in (adders if v else deleters)]
                und += [a * goals + k for a in (deleters if v else adders)]
        nam = [(a * self._params + p) * goals + k for k, text in enumerate(goal_texts)
               for name in set(_NAME.findall(text)) for a, p in grounding.by_object.get(name, ())]
        achieves.reshape(-1)[ach] = 1.0
        undoes.reshape(-1)[und] = 1.0
        named.reshape(-1)[nam] = 1.0
        return _CallTables(grounding.static, achieves, undoes, named, grounding.unused,
                           pad=2 if self.lookahead else 0)

    def _grounding_tables(self, world: CompiledWorld) -> _GroundingTables:
        """What the call tables need of ``world``'s ground actions alone, kept per grounding (the same
        ground actions, ids and slots; :attr:`CompiledWorld.grounding`)."""
        key = world.grounding
        tables = self._groundings.get(key)
        if tables is not None:
            return tables
        static = np.zeros((self.layout.n_actions, self._d_static), dtype=np.float32)
        slot = world.index.slot
        offset = 1 + len(self._tools)
        adders: dict[int, list[int]] = {}
        deleters: dict[int, list[int]] = {}
        touch_fact: dict[int, list[int]] = {}
        touch_num: dict[int, list[int]] = {}
        by_object: dict[str, list[tuple[int, int]]] = {}
        for g in world.valid_actions:
            row = static[g.id]
            row[0] = 1.0
            row[1 + self._tools[g.tool]] = 1.0
            for p, obj in enumerate(g.args):
                row[offset + p * self._slots + slot[obj]] = 1.0
                by_object.setdefault(obj, []).append((g.id, p))
            effects = g.effects
            for i in set(effects.adds):
                adders.setdefault(i, []).append(g.id)
            for i in set(effects.dels):
                deleters.setdefault(i, []).append(g.id)
            for i in effects.touched_facts:
                touch_fact.setdefault(i, []).append(g.id)
            for j in effects.touched_nums:
                touch_num.setdefault(j, []).append(g.id)
        static.flags.writeable = False  # shared by every task of the grounding (rows() only reads it)
        unused = next((i for i, a in enumerate(world.actions) if a is None), -1)
        tables = self._groundings[key] = _GroundingTables(static, unused, adders, deleters, touch_fact, touch_num,
                                                          by_object)
        return tables
