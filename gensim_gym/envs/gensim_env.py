"""``GenSimEnv``: the one Gymnasium environment of gensim_gym."""

from __future__ import annotations

import operator
import string
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gensim_gym._gc import pause, resume
from gensim_gym.dsl.compile import CompiledEffects
from gensim_gym.envs import streams
from gensim_gym.envs import text as textface
from gensim_gym.envs.runtime import TaskRuntime
from gensim_gym.envs.sources import FixedSpec, TaskSource
from gensim_gym.errors import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    Error,
    RenderModeError,
    ResetNeeded,
    SearchSpaceError,
)
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.compiled import CompiledWorld, GroundAction
from gensim_gym.world.constraints import Guard
from gensim_gym.world.planner import best_plan
from gensim_gym.world.progress import Progress

_ALL = slice(None)

#: The episode-end hook's signature: ``hook(info, episode_return, length)`` (see GenSimEnv.set_episode_end_hook).
EpisodeEndHook = Callable[[dict[str, Any], float, int], None]

_NO_EVENT = ("", None, "")  # GenSimEnv._event before the first call of an episode

TEXT_CHARSET = string.printable


class GenSimEnv(gym.Env):
    """A generated tool-use task: a typed symbolic world, tools and a declared reward.

    ## Description
    Each episode plays one task (a :class:`~gensim_gym.SimSpec`) drawn from a
    task source: a fixed spec, a directive's task family, or a curriculum's
    pool. The agent calls tools (parameterised actions with preconditions and
    effects) until the goal holds or the horizon runs out.

    ## Action Space
    ``obs_mode="vector"``: ``Discrete(n)`` over every ground tool call of the
    family's layout; slots a task does not use are masked
    (:meth:`action_masks`). ``obs_mode="text"``: a JSON tool call
    ``{"name": tool, "arguments": {param: object}}`` as a string, or any shape
    :func:`~gensim_gym.envs.text.read_calls` reads (OpenAI Chat Completions and
    Responses items, a list of calls applied in order); ``info["tool_messages"]`` holds the
    answers in the shape the call's API needs.

    ## Observation Space
    ``vector``: ``Box(0, 1)`` of fact bits (hidden facts read 0 until
    revealed), the goal's fact bits, scaled fluents, one status bit per goal
    condition, one bit per available call (the action mask), the progress
    potential max(0, Φ) (dense mode without hidden facts: Φ is computed on the true
    state, so with hidden facts the slot stays 0), and whether the last call failed or was invalid
    (no time-left feature, on purpose: see
    :attr:`~gensim_gym.world.layout.Layout.obs_dim`). ``text``: the task, goal
    checklist, known facts and the last result, in words.

    ## Rewards
    Declared by the spec: ``success`` when the goal holds; ``dense`` mode adds
    potential-based progress ``w·(γΦ(s') − Φ(s))`` with Φ a normalised
    admissible distance-to-goal estimate (:mod:`gensim_gym.world.progress`;
    Φ = 0 at termination, so it telescopes and cannot be farmed) and a step
    cost; invalid calls cost ``invalid_cost``; extra terms fire as declared.

    ## Rendering
    ``render_mode="rgb_array"``: :meth:`render` returns a picture of the state (goal checklist, known facts,
    last call) as a ``(480, 640, 3)`` uint8 array, so ``gymnasium.wrappers.RecordVideo`` records episodes;
    ``"ansi"``: the state in words; ``"human"``: printed at every step. Without a render mode,
    :meth:`render` warns and returns None, as Gymnasium's environments do.

    ## Termination
    Terminates when the goal holds, or as a failure with ``info["dead_end"] = True`` when no call
    is available any more (an all-false action mask: nothing can change the state); truncates at
    the task's horizon. ``info["is_success"]`` is set at every episode end. So no state an agent
    acts in has an all-false mask.
    """

    #: ``ansi``: :meth:`render` returns the state in words (the text observation); ``human``: prints it at
    #: every step; ``rgb_array``: :meth:`render` returns a picture of it (:mod:`gensim_gym.envs.picture`,
    #: needs Pillow), so Gymnasium's ``RecordVideo`` records episodes.
    metadata = {"render_modes": ["ansi", "human", "rgb_array"], "render_fps": 4}

    #: Build every call's step plan at a task's first reset (see :class:`TaskRuntime`) rather than at the call's
    #: first use. Off: an unlimited stream plays most tasks for one episode of ~8 calls among 50-60 (medium
    #: warehouse), so building all of them was ~0.4 ms of a new task's ~1.5 ms on the training process
    #: (``benchmarks/task_cost.py --prefetch``); a pool's task builds each plan once either way.
    prepare_calls = False

    #: Compiled tasks kept (with their runtime tables) by spec id, at most this many: a pool of up to this
    #: many tasks is compiled once, and so are the tasks an unlimited stream of an easy family repeats (easy
    #: warehouse: 96 distinct in 300 draws, 176 in 2,000; each kept task ~15 kB).
    world_cache = 256
    #: ... and at most this much weight together, a task weighing the states of its progress table plus ten
    #: per call (a rough proxy for its memory: tables and per-call plans), so that a stream of medium tasks
    #: that never repeat keeps 50-70 of them (warehouse ~1,300 each, calendar ~1,000), as before, and an
    #: easy family (~230 each) up to :attr:`world_cache`.
    world_cache_states = 65_536

    def __init__(self, source: TaskSource | SimSpec, obs_mode: str = "vector", render_mode: str | None = None,
                 seed: int | None = None) -> None:
        if isinstance(source, SimSpec):
            source = FixedSpec(source)
        if obs_mode not in ("vector", "text"):
            raise ArgumentError(f"obs_mode must be 'vector' or 'text', got {obs_mode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RenderModeError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                                  f"got {render_mode!r}")
        self.source = source
        self.layout = source.layout()
        self.obs_mode = obs_mode
        self.render_mode = render_mode
        self._make_seed = seed
        self._worlds: OrderedDict[str, CompiledWorld] = OrderedDict()
        # each cached world's TaskRuntime (by spec id), built at the task's first reset, dropped with the world
        self._runtimes: dict[str, TaskRuntime] = {}
        self._weights: dict[str, int] = {}  # each kept world's weight (see world_cache_states)
        self._episode_end: EpisodeEndHook | None = None  # see set_episode_end_hook
        self._rt: TaskRuntime | None = None
        self._step_rt: TaskRuntime | None = None  # the runtime while an episode runs (None before reset, after end)
        self._np_random_seeded = False
        self._text = obs_mode == "text"
        if obs_mode == "vector":
            self.observation_space = spaces.Box(0.0, 1.0, shape=(self.layout.obs_dim,), dtype=np.float32)
            self.action_space = spaces.Discrete(self.layout.n_actions)
        else:
            self.observation_space = spaces.Text(textface.MAX_OBS_CHARS, charset=TEXT_CHARSET)
            self.action_space = spaces.Text(textface.MAX_CALL_CHARS, charset=TEXT_CHARSET)
        nf = self.layout.n_facts
        self._obs = np.zeros(self.layout.obs_dim, dtype=np.float32)
        self._slices = (slice(0, nf), slice(nf, 2 * nf), slice(2 * nf, 2 * nf + self.layout.n_nums))
        # offsets of the goal status, the action mask and the three scalars at the tail
        self._base = 2 * nf + self.layout.n_nums
        self._calls = self._base + self.layout.max_goals
        self._tail = self._calls + self.layout.n_actions
        self._obs_calls = self._obs[self._calls:self._tail]  # the mask's copy in the observation (a view)
        self._views()
        self._copy_obs = True  # step() returns a copy of the observation (see observe_into)
        # the mask lives in a bytearray with a numpy view on it: step() reads and writes single slots
        # through the bytearray (2-3x cheaper than numpy scalar indexing), whole-array work uses the view
        self._mask_buf = bytearray(self.layout.n_actions)
        self._mask = np.frombuffer(self._mask_buf, dtype=bool)
        self.world: CompiledWorld | None = None

    # -- public helpers ----------------------------------------------------
    @property
    def sim_spec(self) -> SimSpec:
        """The spec of the task being played."""
        return self._require_reset().spec

    def action_masks(self) -> np.ndarray:
        """Boolean mask over actions: True where the call is available (unknown hidden facts count as true)."""
        if self._rt is None:
            self._require_reset()
        return self._mask.copy()

    def oracle_actions(self) -> list[int]:
        """A shortest plan from the current state, as vector-mode action ids (empty if none within the horizon).

        If exact search runs out of budget, a weighted-A* plan (possibly longer) is returned instead; if
        both exceed the search limits (:mod:`gensim_gym.world.budget`), the list is empty as well.
        """
        world = self._require_reset()
        try:
            result, _ = best_plan(world, self._facts, self._nums, max_depth=max(world.horizon - self._t, 0))
        except SearchSpaceError:
            return []
        return [a.id for a in result.plan or []]

    def openai_tools(self, api: str = "chat") -> list[dict[str, Any]]:
        """The current task's tools as OpenAI function tools, for the Chat Completions (``api="chat"``)
        or the Responses API (``api="responses"``)."""
        return textface.openai_tools(self.sim_spec, api)

    def describe_action(self, action: int) -> str:
        """The tool call behind a vector action id, e.g. ``move(crate_1, dock)``."""
        actions = self._require_reset().actions
        ground = actions[action] if 0 <= action < len(actions) else None
        return ground.label if ground else f"<unused action slot {action}>"

    # -- gymnasium API -----------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None and self._make_seed is not None and not self._np_random_seeded:
            seed = self._make_seed  # the make seed stands in for a first reset seed (see envs.streams)
            streams.note_fallback(self, seed)
        if seed is not None:  # all gym.Env.reset does: skipped on the unseeded resets of a training run
            super().reset(seed=seed)
        self._np_random_seeded = True
        spec = options.get("spec") if options else None
        # a new task's generation, compile and sweep: short-lived containers (see gensim_gym._gc); pause()
        # rather than `with paused()`, ~10k instructions less per reset (docs/hot_paths.md, facespeed5)
        off = pause()
        try:
            if spec is None:
                spec = self.source.sample(self.np_random)
            elif not isinstance(spec, SimSpec):
                spec = _as_spec(spec)
            self.world = w = self._compile(spec)
            rt = self._runtime(w)
        finally:
            resume(off)
        self._facts = facts = bytearray(w.init_facts)
        self._nums = list(w.init_nums)
        self._hidden = hidden = rt.hidden
        self._visible = bytearray(rt.visible0) if rt.visible0 is not None else None
        self._belief = bytearray(rt.belief0) if rt.belief0 is not None else facts
        # the mask is computed on the belief; without hidden facts it also decides validity in step()
        self._plain = not hidden and not self._text
        self._t = 0
        self._dead = False  # see _apply
        self._fatal = ""  # the constraint whose violation ended the episode (see _check_constraints)
        self._violation = ""  # the constraint the last call violated, for info["violation"]
        self._broken: set[int] = set()  # penalised constraint instances violated now
        self._return = 0.0  # the episode's summed reward, for the episode-end hook
        if rt.terms:  # only _terms reads it
            self._fired: set[int] = set()
        self._event: tuple = _NO_EVENT
        self._last_failed = self._last_invalid = 0.0
        self._shaping = rt.shaping
        if rt.shaping:
            self._potential = cast(Progress, rt.potential)  # shaping implies a potential
            # Φ is a deterministic function of the state (exact table or estimate): Φ(s₀) is fixed per task
            self._phi = rt.phi0
        self._status = rt.status0  # never mutated: _goal_status replaces it
        self._success = rt.success0
        self._cnt = rt.cnt0.copy()
        self._res = rt.res0.copy()
        self._mask_buf[:] = rt.mask0_bytes
        self._obs[_ALL] = rt.obs0  # cheaper than np.copyto (a Python-level dispatch wrapper)
        # computed once per task: step() copies these instead of re-deriving them from the spec
        self._task_id, self._difficulty = rt.task_id, rt.difficulty
        info = {"task_id": self._task_id, "difficulty": self._difficulty, "domain": rt.domain}
        self._step_rt = rt
        return (self.render_text() if self._text else rt.obs0.copy() if self._copy_obs else self._obs), info

    def step(self, action):  # noqa: C901, PLR0915 - the hot path, inlined on purpose (see _apply)
        rt = self._step_rt
        if rt is None:  # before the first reset, or after the episode ended: one read on the hot path
            self._require_episode()
        reward = rt.step_reward
        ground, error, actions = None, "", rt.actions
        if self._text:
            call = action if type(action) is textface.ToolCall else textface.read_calls(action)
            if not isinstance(call, textface.ToolCall):  # a tuple (list) of calls: applied in order, one answer each
                return self._step_calls(call)
            self._call = action = call
        else:  # _resolve, inlined for the common case of a valid index
            try:
                ground = actions[action] if 0 <= action < len(actions) else None
            except (TypeError, ValueError):  # not an int or numpy integer: _resolve converts or explains
                ground = None
        if ground is None:
            ground, error = self._resolve(action)
        facts, nums = self._facts, self._nums
        changed = False
        if ground is None or not (self._mask_buf[ground.id] if self._plain else ground.pre.fn(facts, nums)):
            reward -= rt.invalid_cost
            failed, invalid = 0.0, 1.0
            self._event = ("invalid", ground, error)
        elif ground.fail_prob and self.np_random.random() < ground.fail_prob:
            failed, invalid = 1.0, 0.0
            self._event = ("failed", ground, "")
            if ground.fail_effects is not None:  # a two-outcome tool: the failure outcome applies (off the hot path)
                changed = self._apply(ground, rt, fail=True)
                reward += self._terms(rt) if rt.terms else 0.0
                if rt.guard is not None:
                    reward -= self._check_constraints(ground, rt.guard, fail=True)
        else:
            failed = invalid = 0.0
            changed = self._apply(ground, rt)
            # declared reward terms; adding 0.0 as before keeps the reward's float bits identical
            reward += self._terms(rt) if rt.terms else 0.0
            if rt.guard is not None:
                reward -= self._check_constraints(ground, rt.guard)
            self._event = ("ok", ground, "")
        self._t = t = self._t + 1
        success = self._success
        if success:
            reward += rt.success_reward
        obs, tail = self._ov, self._tail
        if self._shaping:
            # potential-based shaping on every step, Φ = 0 at termination (see gensim_gym.world.progress);
            # a call that wrote nothing Φ reads leaves Φ(s') = Φ(s), which is what _phi holds then
            phi = self._phi
            after = 0.0 if success or self._fatal else self._potential(facts, nums) if changed else phi
            reward += rt.progress_weight * (rt.gamma * after - phi)
            if after != phi:  # else the observation holds max(0, Φ) already
                if rt.phi_observed:
                    obs[tail] = max(0.0, after)
                self._phi = after
        terminated = success or self._dead
        truncated = not terminated and t >= rt.horizon
        if failed != self._last_failed or invalid != self._last_invalid:
            obs[tail + 1] = self._last_failed = failed
            obs[tail + 2] = self._last_invalid = invalid
        info: dict[str, Any] = {"task_id": self._task_id, "difficulty": self._difficulty, "invalid": invalid == 1.0,
                                "failed": failed == 1.0}
        if self._violation:  # set by _check_constraints for this call only
            info["violation"] = self._violation
            self._violation = ""
        self._return += reward
        if terminated or truncated:
            self._end_episode(info, success, t)
        if self.render_mode == "human":
            print(self.render_text())
        if self._text:
            text = self.render_text()
            info["tool_messages"] = [textface.tool_message(self._call, text)]
            return text, float(reward), terminated, truncated, info
        return self._obs.copy() if self._copy_obs else self._obs, float(reward), terminated, truncated, info

    def _step_calls(self, calls: tuple[textface.ToolCall, ...]):
        """Apply a list of tool calls in order, each as one step (each counts against the horizon).

        Returns the last call's observation, the summed reward and ``info["tool_messages"]``: one answer
        per call, in the shape its API needs (an OpenAI conversation needs an answer to every call id).
        Calls after the episode ends are not applied and are answered so.
        """
        reward = 0.0
        messages: list[dict[str, Any]] = []
        for k, call in enumerate(calls):
            obs, r, terminated, truncated, info = self.step(call)
            reward += r
            messages += info["tool_messages"]
            if terminated or truncated:
                messages += [textface.tool_message(c, "not run: the episode ended before this call")
                             for c in calls[k + 1:]]
                break
        info["tool_messages"] = messages
        info["calls_applied"] = k + 1
        return obs, reward, terminated, truncated, info

    def _end_episode(self, info: dict[str, Any], success: bool, length: int) -> None:
        """An episode ended: ``info["is_success"]`` (SB3's convention) and ``info["dead_end"]`` when it
        ended in one, then the episode-end hook (:meth:`set_episode_end_hook`)."""
        info["is_success"] = success
        if self._dead and not self._fatal:
            info["dead_end"] = True
        self._step_rt = None  # a further step raises ResetNeeded: never paid or reported twice
        if self._episode_end is not None:
            self._episode_end(info, float(self._return), length)

    def set_episode_end_hook(self, hook: EpisodeEndHook | None) -> EpisodeEndHook | None:
        """Call ``hook(info, episode_return, length)`` at the end of every episode; return the previous hook.

        The hook runs inside the ``step`` that ends the episode, after ``info["is_success"]`` is set and
        before ``step`` returns, so it may add to ``info`` (what the agent sees). ``episode_return`` is the
        sum of the episode's rewards in step order (the same float a caller summing them would get) and
        ``length`` its number of steps. It is how a wrapper learns of episode ends without a per-step layer
        of its own (:class:`~gensim_gym.curriculum.CurriculumWrapper` uses it). One hook at a time: setting
        one replaces the previous one (the newest owner reports); ``None`` removes it and costs nothing.
        """
        if hook is not None and not callable(hook):
            raise ArgumentTypeError(f"set_episode_end_hook takes a callable hook(info, episode_return, length) "
                                    f"or None, got {type(hook).__name__}")
        previous, self._episode_end = self._episode_end, hook
        return previous

    @property
    def episode_end_hook(self) -> EpisodeEndHook | None:
        """The hook :meth:`set_episode_end_hook` set (None: none)."""
        return self._episode_end

    def observe_into(self, buffer: np.ndarray) -> np.ndarray:
        """Keep the vector observation in ``buffer[:obs_dim]`` from now on, and return that view.

        For a wrapper that appends to the observation (:class:`~gensim_gym.envs.available.AvailableCalls`):
        the env's part is then written where the wrapper assembles its own, and the wrapper, which returns a
        copy of the whole, may reset and step with ``_copy_obs = False`` to skip the env's copy (one copy a
        step instead of two; docs/hot_paths.md, the default face). Observations are unchanged.
        """
        if self.obs_mode != "vector":
            raise Error("observe_into needs obs_mode='vector'")
        if buffer.dtype != np.float32 or buffer.ndim != 1 or len(buffer) < self.layout.obs_dim:
            raise ArgumentError(f"observe_into takes a 1-d float32 array of at least {self.layout.obs_dim} entries, "
                                f"got {buffer.dtype} of shape {buffer.shape}")
        view = buffer[:self.layout.obs_dim]
        view[:] = self._obs
        self._obs = view
        self._obs_calls = view[self._calls:self._tail]
        self._views()
        return view

    def _views(self) -> None:
        # step() writes single entries of the observation through memoryviews of it, not numpy scalar
        # assignment: a few hundred instructions less per entry (step_instructions.py, docs/hot_paths.md)
        # (typed Any: typeshed's memoryview takes only ints, a float32 one takes floats and bools too)
        self._ov: Any = memoryview(cast(Any, self._obs))
        self._cv: Any = memoryview(cast(Any, self._obs_calls))

    def __getstate__(self):
        # Compiled closures cannot be pickled, and a copy's observation/mask arrays would stop being views
        # over its state (it would silently diverge): refuse clearly instead. copy/deepcopy land here too.
        raise Error("a GenSimEnv cannot be pickled or copied (it holds compiled closures and array views over "
                    "its state); make another with the same gym.make arguments: the same seeds give the same "
                    "episodes. Vector envs pickle env factories, not envs, and are unaffected.")

    def close(self) -> None:
        """Release the task source's resources (a prefetch worker process, if one runs)."""
        close = getattr(self.source, "close", None)
        if close is not None:
            close()
        super().close()

    def render(self) -> str | np.ndarray | None:
        """The current state as the ``render_mode`` given at construction says (see :attr:`metadata`).

        Without a render mode it warns and returns None, as Gymnasium's own environments do.
        """
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "rgb_array":
            return self.render_rgb()
        if self.render_mode == "human":
            print(self.render_text())
            return None
        gym.logger.warn("You are calling render method without specifying any render mode. You can specify the "
                        "render_mode at initialization, e.g. gym.make(\"GenSim-v0\", render_mode=\"rgb_array\") "
                        f"(one of {self.metadata['render_modes']}).")
        return None

    def render_rgb(self) -> np.ndarray:
        """A picture of the current state (goal checklist, known facts, last call): ``(480, 640, 3)`` uint8."""
        from gensim_gym.envs import picture  # noqa: PLC0415 - Pillow only when a frame is asked for

        world = self._require_reset()
        return picture.draw(picture.frame_of(world, self._facts, self._nums, self._visible, step=self._t,
                                             last=self._last))

    def render_text(self) -> str:
        world = self._require_reset()
        return textface.render(world, self._facts, self._nums, self._visible, step=self._t, last=self._last)

    # -- internals -----------------------------------------------------------
    def _require_reset(self) -> CompiledWorld:
        """The world being played; raises :class:`ResetNeeded` before the first reset."""
        if self.world is None:
            raise ResetNeeded("call reset() before using the environment")
        return self.world

    def _require_episode(self) -> NoReturn:
        self._require_reset()
        raise ResetNeeded("the episode has ended (terminated or truncated); call reset() before step()")

    def adopt_world(self, world: CompiledWorld, *, forget_others: bool = False) -> None:
        """Play ``world`` (an already compiled task of this env's layout) when its spec is reset to.

        A generator that has just compiled and verified a spec hands the world over instead of
        having the env compile it again; ``forget_others`` drops the worlds of earlier tasks.
        """
        if world.layout is not self.layout:
            raise Error("adopt_world: the world was compiled for another layout")
        if forget_others:
            self._worlds.clear()
            self._runtimes.clear()
            self._weights.clear()
        self._worlds[world.spec_id] = world
        self._evict()

    def share_task_cache(self, other: GenSimEnv) -> None:
        """Use ``other``'s cache of compiled worlds and their runtimes (one cache for both from now on).

        Envs that serve the same tasks side by side (the sessions of ``gensim-gym serve``) then compile and
        prepare each task once instead of once per env. Both are per-task constants no episode writes
        (see :class:`TaskRuntime`); every episode's state stays in its own env.
        """
        if other.layout is not self.layout:
            raise Error("share_task_cache: the other env was made for another layout")
        self._worlds, self._runtimes, self._weights = other._worlds, other._runtimes, other._weights

    def _compile(self, spec: SimSpec) -> CompiledWorld:
        key = spec.id
        world = self._worlds.get(key)
        if world is None:
            start_state = getattr(self.source, "start_state", None)  # e.g. a task-generation worker's
            world = CompiledWorld(spec, self.layout, start=start_state(key) if start_state is not None else None)
            restore = getattr(self.source, "restore_derived", None)
            if restore is not None:  # e.g. a progress table a task-generation worker computed
                restore(world)
            self._worlds[key] = world
            self._evict()
        else:
            self._worlds.move_to_end(key)
        return world

    def _evict(self) -> None:
        """Drop the least recently played tasks past :attr:`world_cache` tasks or :attr:`world_cache_states`
        weight (never the newest)."""
        worlds, weights = self._worlds, self._weights
        total = sum(weights.values())  # at most world_cache terms, once per new task
        while len(worlds) > self.world_cache or (total > self.world_cache_states and len(worlds) > 1):
            old = worlds.popitem(last=False)[0]
            self._runtimes.pop(old, None)
            total -= weights.pop(old, 0)

    @property
    def _cached_states(self) -> int:
        """The kept tasks' weight together (see :attr:`world_cache_states`), derived from the weights so that
        envs sharing one cache (:meth:`share_task_cache`) agree on it."""
        return sum(self._weights.values())

    def _runtime(self, w: CompiledWorld) -> TaskRuntime:
        """The world's :class:`TaskRuntime`, built on the first reset of a task and kept while the world is."""
        rt = self._runtimes.get(w.spec_id)
        if rt is None or rt.world is not w:  # new task, or a world adopted in place of the cached one
            rt = TaskRuntime(w, self.layout, prepare=self.prepare_calls)  # (with Φ and the observation at reset)
            self._runtimes[w.spec_id] = rt
            if w.spec_id in self._worlds:  # kept: weigh it (an estimate's table grows a little in play, unweighed)
                self._weights[w.spec_id] = 10 * len(w.valid_actions) + (
                    rt.potential.size if rt.potential is not None else 0)
        self._rt = rt
        return rt

    def _resolve(self, action) -> tuple[GroundAction | None, str]:
        if self._text:
            return textface.parse_call(self._require_reset(), action)
        n = self.layout.n_actions
        try:  # integers only (numpy's and 0-d integer arrays too): no truncated floats, parsed strings or bytes
            index = operator.index(action)
        except TypeError:
            raise ActionError(f"action must be an integer in [0, {n}), got {type(action).__name__} "
                              f"{action!r:.60}") from None
        if not 0 <= index < n:
            raise ActionError(f"action {index} is outside the action space [0, {n})")
        actions = self._require_reset().actions
        if index >= len(actions) or actions[index] is None:
            return None, f"action {index} is not a tool call of this task"
        return actions[index], ""

    @property
    def _last(self) -> str:
        """The last call's result line (rendered lazily: only text mode and ``render`` read it)."""
        kind, ground, error = self._event
        if kind == "invalid":
            return "error: " + (error or f"{ground.label} is not possible now (precondition fails)")
        if kind == "failed":
            if ground.fail_effects is not None:
                return f"failed: {ground.label} had its failure outcome this time (see the state)"
            return f"failed: {ground.label} did not take effect this time; try again"
        return f"ok: {ground.label}" if kind == "ok" else ""

    def _apply(self, ground: GroundAction, rt: TaskRuntime, fail: bool = False) -> bool:  # noqa: C901 - hot path
        """Apply a valid call (:meth:`CompiledWorld.apply`, as the planner and the verifier do), then update
        belief, literal counters, mask, observation and goal status where the call wrote (see
        :mod:`gensim_gym.envs.runtime`). ``fail``: apply the call's failure effects instead (it has some).
        Returns whether Φ may have changed."""
        if fail:
            plan, effects = rt.fail_plan(ground), cast(CompiledEffects, ground.fail_effects)
        else:
            plan, effects = rt.plans[ground.id] or rt.plan(ground), ground.effects
        facts, nums, belief, obs = self._facts, self._nums, self._belief, self._ov
        indices = plan.indices
        # the belief before the call (the true state without hidden facts): a copy of the whole bytearray is one
        # C call of ~100-200 bytes, cheaper than a list of the written facts (a comprehension's frame)
        before = bytes(belief)
        rt.world.apply(facts, nums, effects)
        if self._hidden:
            visible = self._visible
            assert visible is not None  # reset() makes the visibility mask of a task with hidden facts
            for i in effects.reveals:
                visible[i] = 1
            for i in indices:  # unknown hidden facts count as true (the mask is optimistic)
                belief[i] = facts[i] if visible[i] else 1
                obs[i] = facts[i] & visible[i]
        # enumerate, not zip(..., strict=True): a call with a keyword argument takes CPython 3.11's slow path,
        # ~3k instructions a step (indices and rows have the same length by construction)
        # A flipped fact's counter row (runtime.CounterRow: the actions needing it true, then false) lowers the
        # counters of those it now satisfies by one and raises the others by one; mask and observation follow
        # where a counter reaches 0 (the call became available) or leaves it. Plain ids, no (action, delta)
        # pairs and sign: no unpacking, multiply or two-sided test per action; inline, no call per row
        # (docs/hot_paths.md, facespeed7). A counter counts unsatisfied literals, so it is never below 0.
        rows, hidden, cnt, mask, calls = plan.rows, self._hidden, self._cnt, self._mask_buf, self._cv
        for k, i in enumerate(indices):
            new = belief[i]
            if new != before[i]:
                if not hidden:
                    obs[i] = new
                row = rows[k]
                if row is not None:
                    if new:
                        down, up = row
                    else:
                        up, down = row
                    for a in down:
                        cnt[a] = c = cnt[a] - 1
                        if not c:
                            mask[a] = calls[a] = True
                    for a in up:
                        c = cnt[a]
                        cnt[a] = c + 1
                        if not c:
                            mask[a] = calls[a] = False
        if plan.assigned:
            offset, observed = self._slices[2].start, rt.observed_fluent
            for j in plan.assigned:
                obs[offset + j] = observed(j, nums[j])
        if plan.residuals:
            self._rerun(plan.residuals)
        if plan.touches_goal:
            self._goal_status(rt.world)
        # A dead end: no call is available any more (only a valid call changes the mask), so nothing the
        # agent does can change the state; step() ends the episode here as a failure.
        self._dead = not self._success and 1 not in self._mask_buf
        return plan.touches_phi

    def _check_constraints(self, ground: GroundAction, guard: Guard, fail: bool = False) -> float:
        """After a valid call: the trajectory constraints it could have broken (those reading what it
        wrote). A violated fatal one ends the episode as a failure (``info["violation"]`` names it); a
        penalised one costs its penalty once per call that breaks instances of it not broken before
        (symmetric bindings, such as two meetings in either order, are one violation). Returns the penalty."""
        facts, nums, broken = self._facts, self._nums, self._broken
        self._violation = ""
        charged: dict[str, float] = {}
        for g in guard.touched(ground, fail):
            if g.holds(facts, nums):
                broken.discard(g.id)
            elif g.fatal:
                self._violation = self._fatal = g.label
                self._dead = True
                self._success = False
                return 0.0
            elif g.id not in broken:
                broken.add(g.id)
                self._violation = self._violation or g.label
                charged[g.constraint.name] = g.constraint.penalty
        return sum(charged.values())

    def _terms(self, rt: TaskRuntime) -> float:
        reward = 0.0
        facts, nums = self._facts, self._nums
        for k, (term, compiled) in enumerate(rt.terms):
            if (not term.once or k not in self._fired) and compiled.fn(facts, nums):
                self._fired.add(k)
                reward += term.value
        return reward

    def _rerun(self, residuals: tuple) -> None:
        """Re-run residual preconditions whose reads changed; move their counters, and the mask where a
        counter reaches or leaves 0."""
        res, belief, nums, cnt = self._res, self._belief, self._nums, self._cnt
        for fn, ids in residuals:  # actions sharing one check (equal ground expression) share its value
            r = 0 if fn(belief, nums) else 1
            if r == res[ids[0]]:
                continue
            for a in ids:
                old = res[a]
                res[a] = r
                c = cnt[a]
                cnt[a] = n = c + r - old
                if not (c and n):
                    self._mask_buf[a] = self._cv[a] = not n

    def _goal_status(self, w: CompiledWorld) -> None:
        status = w.goal_status(self._facts, self._nums)
        obs, base = self._ov, self._base
        old = self._status  # as long as status (one entry per goal condition); no zip(strict=True): see _apply
        for k, new in enumerate(status):
            if new != old[k]:
                obs[base + k] = new
        self._status = status
        self._success = all(status)


def _as_spec(spec: Any) -> SimSpec:
    """``reset(options={"spec": ...})``'s spec: a :class:`SimSpec`, a spec dict, or the path of a spec file."""
    from gensim_gym.spec.validate import load_spec, validate_spec

    if isinstance(spec, dict):
        return validate_spec(spec)
    if isinstance(spec, (str, Path)):
        return load_spec(spec)
    raise ArgumentError(f'reset(options={{"spec": ...}}) takes a SimSpec, a spec dict or the path of a spec file, '
                        f"got {type(spec).__name__}")
