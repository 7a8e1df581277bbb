"""``GenSimEnv``: the one Gymnasium environment of gensim_gym."""

from __future__ import annotations

import string
from collections import OrderedDict
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from gensim_gym.envs import text as textface
from gensim_gym.envs.sources import FixedSpec, TaskSource
from gensim_gym.errors import Error, RenderModeError
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.compiled import CompiledWorld, GroundAction
from gensim_gym.world.planner import best_plan
from gensim_gym.world.progress import progress

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
    ``{"name": tool, "arguments": {param: object}}`` as a string.

    ## Observation Space
    ``vector``: ``Box(0, 1)`` of fact bits (hidden facts read 0 until
    revealed), the goal's fact bits, scaled fluents, one status bit per goal
    condition, one bit per available call (the action mask), the progress
    potential Φ (dense mode), the fraction of the horizon left, and whether the
    last call failed or was invalid. ``text``: the task, goal checklist, known facts and
    the last result, in words.

    ## Rewards
    Declared by the spec: ``success`` when the goal holds; ``dense`` mode adds
    potential-based progress ``w·(γΦ(s') − Φ(s))`` with Φ a normalised
    admissible distance-to-goal estimate (:mod:`gensim_gym.world.progress`;
    Φ = 0 at termination, so it telescopes and cannot be farmed) and a step
    cost; invalid calls cost ``invalid_cost``; extra terms fire as declared.

    ## Termination
    Terminates when the goal holds; truncates at the task's horizon.
    ``info["is_success"]`` is set at every episode end.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, source: TaskSource | SimSpec, obs_mode: str = "vector", render_mode: str | None = None,
                 seed: int | None = None) -> None:
        if isinstance(source, SimSpec):
            source = FixedSpec(source)
        if obs_mode not in ("vector", "text"):
            raise Error(f"obs_mode must be 'vector' or 'text', got {obs_mode!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RenderModeError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        self.source = source
        self.layout = source.layout()
        self.obs_mode = obs_mode
        self.render_mode = render_mode
        self._make_seed = seed
        self._worlds: OrderedDict[str, CompiledWorld] = OrderedDict()
        self._prep: dict[str, tuple] = {}
        if obs_mode == "vector":
            self.observation_space = spaces.Box(0.0, 1.0, shape=(self.layout.obs_dim,), dtype=np.float32)
            self.action_space = spaces.Discrete(self.layout.n_actions)
        else:
            self.observation_space = spaces.Text(textface.MAX_OBS_CHARS, charset=TEXT_CHARSET)
            self.action_space = spaces.Text(textface.MAX_CALL_CHARS, charset=TEXT_CHARSET)
        nf = self.layout.n_facts
        self._obs = np.zeros(self.layout.obs_dim, dtype=np.float32)
        self._slices = (slice(0, nf), slice(nf, 2 * nf), slice(2 * nf, 2 * nf + self.layout.n_nums))
        self.world: CompiledWorld | None = None

    # -- public helpers ----------------------------------------------------
    @property
    def sim_spec(self) -> SimSpec:
        """The spec of the task being played."""
        self._require_reset()
        return self.world.spec

    def action_masks(self) -> np.ndarray:
        """Boolean mask over actions: True where the call is available (unknown hidden facts count as true)."""
        self._require_reset()
        return self._mask.copy()

    def oracle_actions(self) -> list[int]:
        """A shortest plan from the current state, as vector-mode action ids (empty if none within the horizon).

        If exact search runs out of budget, a weighted-A* plan (possibly longer) is returned instead.
        """
        self._require_reset()
        result, _ = best_plan(self.world, self._facts, self._nums, max_depth=max(self.world.horizon - self._t, 0))
        return [a.id for a in result.plan or []]

    def openai_tools(self) -> list[dict[str, Any]]:
        """The current task's tools in OpenAI function-calling format."""
        return textface.openai_tools(self.sim_spec)

    def describe_action(self, action: int) -> str:
        """The tool call behind a vector action id, e.g. ``move(crate_1, dock)``."""
        self._require_reset()
        ground = self.world.actions[action] if 0 <= action < len(self.world.actions) else None
        return ground.label if ground else f"<unused action slot {action}>"

    # -- gymnasium API -----------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None and self._make_seed is not None and not hasattr(self, "_np_random_seeded"):
            seed = self._make_seed
        super().reset(seed=seed)
        self._np_random_seeded = True
        options = options or {}
        spec = options.get("spec")
        if spec is None:
            spec = self.source.sample(self.np_random)
        self.world = self._compile(spec)
        w = self.world
        self._facts = bytearray(w.init_facts)
        self._nums = list(w.init_nums)
        self._hidden = bool(w.spec.task.hidden)
        self._visible = bytearray(1 if not h else 0 for h in w.hidden) if self._hidden else None
        self._belief = self._make_belief() if self._hidden else self._facts
        self._t = 0
        self._fired: set[int] = set()
        self._last = ""
        self._last_failed = self._last_invalid = 0.0
        rew = w.spec.reward
        self._shaping = rew.mode == "dense" and rew.progress_weight > 0
        if self._shaping:
            self._potential = progress(w)
            self._phi = self._potential(self._facts, self._nums)
        mask0, status0, goal_bits, self._affected = self._prepared(w)
        self._status = list(status0)
        self._mask = mask0.copy()
        self._obs[self._slices[1]] = goal_bits
        # computed once per reset: step() copies these instead of re-deriving them from the spec
        self._task_id, self._difficulty = w.spec.id, w.spec.measured_difficulty
        info = {"task_id": self._task_id, "difficulty": self._difficulty,
                "domain": w.spec.meta.get("domain", w.spec.task.name)}
        return self._observe(), info

    def step(self, action):
        self._require_reset()
        w = self.world
        reward = -w.spec.reward.step_cost if w.spec.reward.mode == "dense" else 0.0
        ground, error = self._resolve(action)
        self._last_failed = self._last_invalid = 0.0
        if ground is None or not ground.pre.fn(self._facts, self._nums):
            reward -= w.spec.reward.invalid_cost
            self._last_invalid = 1.0
            self._last = "error: " + (error or f"{ground.label} is not possible now (precondition fails)")
        elif ground.fail_prob and self.np_random.random() < ground.fail_prob:
            self._last_failed = 1.0
            self._last = f"failed: {ground.label} did not take effect this time; try again"
        else:
            reward += self._apply(ground)
            self._last = f"ok: {ground.label}"
        self._t += 1
        success = all(self._status)
        if success:
            reward += w.spec.reward.success
        if self._shaping:
            # potential-based shaping on every step, Φ = 0 at termination (see gensim_gym.world.progress)
            after = 0.0 if success else self._potential(self._facts, self._nums)
            reward += w.spec.reward.progress_weight * (w.spec.reward.gamma * after - self._phi)
            self._phi = after
        truncated = not success and self._t >= w.horizon
        info = {"task_id": self._task_id, "difficulty": self._difficulty, "invalid": bool(self._last_invalid),
                "failed": bool(self._last_failed)}
        if success or truncated:
            info["is_success"] = success
        if self.render_mode == "human":
            print(self.render_text())
        return self._observe(), float(reward), success, truncated, info

    def render(self):
        if self.render_mode == "ansi":
            return self.render_text()
        if self.render_mode == "human":
            print(self.render_text())
        return None

    def render_text(self) -> str:
        self._require_reset()
        return textface.render(self.world, self._facts, self._nums, self._visible, self._t, self._last)

    # -- internals -----------------------------------------------------------
    def _require_reset(self) -> None:
        if self.world is None:
            raise Error("call reset() before using the environment")

    def _compile(self, spec: SimSpec) -> CompiledWorld:
        key = spec.id
        world = self._worlds.get(key)
        if world is None:
            world = CompiledWorld(spec, self.layout)
            self._worlds[key] = world
            if len(self._worlds) > 64:
                self._worlds.popitem(last=False)
        else:
            self._worlds.move_to_end(key)
        return world

    def _prepared(self, w: CompiledWorld) -> tuple[np.ndarray, list[bool], np.ndarray, dict[int, tuple[int, ...]]]:
        """Per-task constants, computed on the first reset of a task and reused by the next ones.

        The initial state of a task is fixed, so its action mask, goal status and goal bits are too;
        ``affected`` caches, per action id, which masks its effects can change (filled lazily by step).
        """
        prepared = self._prep.get(w.spec.id)
        if prepared is None or prepared[0] is not w:
            mask = np.zeros(self.layout.n_actions, dtype=bool)
            for a in w.valid_actions:
                mask[a.id] = bool(a.pre.fn(self._belief, self._nums))
            goal_bits = np.zeros(self.layout.n_facts, dtype=np.float32)
            goal_bits[w.goal_facts] = 1.0
            prepared = (w, mask, w.goal_status(self._facts, self._nums), goal_bits, {})
            self._prep[w.spec.id] = prepared
            if len(self._prep) > len(self._worlds):
                self._prep = {k: v for k, v in self._prep.items() if k in self._worlds}
        return prepared[1:]

    def _make_belief(self) -> bytearray:
        return bytearray(f if v else 1 for f, v in zip(self._facts, self._visible))

    def _resolve(self, action) -> tuple[GroundAction | None, str]:
        if self.obs_mode == "text":
            return textface.parse_call(self.world, action)
        try:
            index = int(action)
        except (TypeError, ValueError):
            return None, f"action must be an integer in [0, {self.layout.n_actions}), got {action!r}"
        actions = self.world.actions
        if not 0 <= index < len(actions) or actions[index] is None:
            return None, f"action {index} is not a tool call of this task"
        return actions[index], ""

    def _apply(self, ground: GroundAction) -> float:
        """Apply a valid call, update masks and goal status incrementally; return its reward share."""
        w = self.world
        rew = w.spec.reward
        effects = ground.effects
        w.apply(self._facts, self._nums, effects)
        if self._hidden:
            for i in effects.reveals:
                self._visible[i] = 1
            for i in list(effects.adds) + list(effects.dels) + list(effects.reveals):
                self._belief[i] = self._facts[i] if self._visible[i] else 1
        self._refresh_mask(ground.id, effects)
        self._status = w.goal_status(self._facts, self._nums)
        reward = 0.0
        for k, (term, compiled) in enumerate(w.terms):
            if (not term.once or k not in self._fired) and compiled.fn(self._facts, self._nums):
                self._fired.add(k)
                reward += term.value
        return reward

    def _refresh_mask(self, action_id: int, effects) -> None:
        ids = self._affected.get(action_id)
        w = self.world
        if ids is None:  # the actions whose preconditions read what this action writes; fixed per task
            found: set[int] = set()
            for i in effects.adds + effects.dels + effects.reveals:
                found.update(w.fact_deps.get(i, ()))
            for j, _, _ in effects.assigns:
                found.update(w.num_deps.get(j, ()))
            ids = self._affected[action_id] = tuple(sorted(found))
        actions, belief, nums, mask = w.actions, self._belief, self._nums, self._mask
        for a in ids:
            mask[a] = actions[a].pre.fn(belief, nums)

    def _observe(self):
        if self.obs_mode == "text":
            return self.render_text()
        obs = self._obs
        f_slice, _, n_slice = self._slices
        facts = np.frombuffer(self._facts, dtype=np.uint8)
        obs[f_slice] = facts if self._visible is None else facts & np.frombuffer(self._visible, dtype=np.uint8)
        if self.layout.n_nums:
            obs[n_slice] = np.clip(np.asarray(self._nums, dtype=np.float32) / np.asarray(self.world.num_scale, dtype=np.float32), 0.0, 1.0)
        base = n_slice.stop
        status = self._status
        obs[base: base + len(status)] = status
        calls = base + self.layout.max_goals
        tail = calls + self.layout.n_actions
        # The available calls are part of the observation so that plain (unmasked) policies can learn
        # which calls make sense; they are computed on the belief state, so they never leak hidden facts.
        obs[calls:tail] = self._mask
        obs[tail] = max(0.0, self._phi) if self._shaping else 0.0
        obs[tail + 1] = max(0.0, 1.0 - self._t / self.world.horizon)
        obs[tail + 2] = self._last_failed
        obs[tail + 3] = self._last_invalid
        return obs.copy()
