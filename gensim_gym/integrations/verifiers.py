"""Generated tasks as a ``verifiers`` multi-turn tool environment (``load_environment``).

verifiers (PyPI ``verifiers``, extra ``[verifiers]``) finds an environment module's
``load_environment(**kwargs)`` and runs rollouts through it: per dataset row it calls the model with the
row's prompt and tools, hands each assistant turn to ``env_response``, stops when a stop condition
holds, then scores the rollout with the environment's rubric. This module builds such an environment
on the classic ``MultiTurnEnv`` API (``verifiers.legacy``, importable as ``import verifiers as vf`` in
0.3.x; 0.4 keeps only its v1 stack, whose rollouts run agent programs provisioned with ``uv`` and tools
as MCP servers: docs/llm-agents.md says why this adapter targets 0.3.x).

* **Dataset**: one row per generated task (``task_seed`` in ``range(num_tasks)``): the prompt is the
  task's first text observation (goal, objects, what is known), the row's ``info`` holds the task's
  tools as ``tool_defs`` (the ``{name, description, parameters}`` shape verifiers sends to the model).
* **Rollouts**: each rollout steps its own :class:`~gensim_gym.envs.gensim_env.GenSimEnv` in text mode,
  kept in a table keyed by the rollout's ``state["trajectory_id"]`` and dropped when the rollout ends,
  so concurrent rollouts never share state. An assistant turn's tool calls are applied in order through
  text mode (which validates them as untrusted input: a bad call is an error observation and a
  penalty); a turn without tool calls is read as a call written in text. The rollout stops when the
  episode ends (goal reached, horizon, constraint) or after ``max_turns`` model turns.
* **Rubric**: ``success`` (weight 1): 1.0 when the goal holds at the episode's end, else 0.0 (the
  verified reward); metrics ``episode_return`` and ``invalid_calls``.
* **Curriculum** (optional, a :class:`~gensim_gym.curriculum.base.Curriculum` or a name): each rollout
  plays the task the curriculum samples (its prompt and tools replace the row's when the rollout
  starts), and every rollout's result, finished or abandoned, is fed back with ``curriculum.update``.
"""

from __future__ import annotations

import functools
import json
import warnings
from dataclasses import dataclass
from typing import Any, cast

import gymnasium as gym

from gensim_gym.curriculum.base import Curriculum, Task
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import ArgumentError, ArgumentTypeError, require

SYSTEM_PROMPT = ("You solve generated tasks by calling the tools, one or more calls per turn, until every goal "
                 "condition holds. Each tool answers with the new state or an error.")
MAX_WORLDS = 64  # compiled worlds kept for rollouts (as gensim-gym serve keeps them); others compile at reset
RESULT_KEY = "gensim"  # the rollout state's key for this episode's outcome (the rubric reads it)


@dataclass
class RolloutEpisode:
    """One rollout's episode: its own env, the curriculum task it plays (if any), and its outcome so far."""

    env: GenSimEnv
    task: Task | None = None
    task_id: str = ""
    done: bool = False
    success: bool = False
    episode_return: float = 0.0
    steps: int = 0
    invalid: int = 0

    def apply(self, action: Any) -> str:
        """Step the env with one call (text mode validates it); return the observation that answers it."""
        obs, reward, terminated, truncated, info = self.env.step(action)
        self.steps += 1
        self.episode_return += float(reward)
        self.invalid += bool(info.get("invalid"))
        self.done = bool(terminated or truncated)
        self.success = bool(info.get("is_success")) if self.done else False
        return obs

    def outcome(self) -> dict[str, Any]:
        """What the rubric scores (kept in the rollout's state under :data:`RESULT_KEY`)."""
        return {"task_id": self.task_id, "is_success": self.success, "return": self.episode_return,
                "length": self.steps, "invalid_calls": self.invalid, "done": self.done}

    def curriculum_result(self) -> dict[str, Any]:
        """The result a curriculum is fed, in :class:`~gensim_gym.curriculum.wrapper.CurriculumWrapper`'s shape."""
        assert self.task is not None
        return {"task_id": self.task.task_id, "is_success": self.success, "return": self.episode_return,
                "length": self.steps, "theta": self.task.theta, "arm": self.task.arm}


def tool_defs(env: GenSimEnv) -> list[dict[str, Any]]:
    """The current task's tools in verifiers' provider-neutral shape ``{name, description, parameters}``."""
    return [{k: t["function"][k] for k in ("name", "description", "parameters")} for t in env.openai_tools()]


def _make_kwargs(make_kwargs: dict[str, Any]) -> dict[str, Any]:
    obs_mode = make_kwargs.pop("obs_mode", "text")
    if obs_mode != "text":
        raise ArgumentError(f"load_environment: verifiers agents play text mode; obs_mode must be 'text', "
                            f"got {obs_mode!r}")
    if "curriculum" in make_kwargs:  # the keyword is load_environment's own; never reaches gym.make twice
        raise ArgumentTypeError("load_environment: pass the curriculum as curriculum=..., not in make_kwargs")
    return make_kwargs


def _curriculum(curriculum: Curriculum | str | None, directive: str, seed: int) -> Curriculum | None:
    if curriculum is None:
        return None
    if isinstance(curriculum, str):
        from gensim_gym.curriculum.wrapper import make_curriculum

        return make_curriculum(curriculum, directive, seed)
    if not all(callable(getattr(curriculum, m, None)) for m in ("sample", "update")):
        raise ArgumentTypeError(f"load_environment: curriculum must be a name or an object with sample() and "
                                f"update(), got {type(curriculum).__name__}")
    curriculum.bind(directive=directive)
    return curriculum


def load_environment(directive: str = "warehouse tasks", num_tasks: int = 16, difficulty: float = 0.5,
                     curriculum: Curriculum | str | None = None, *, seed: int = 0, max_turns: int = 64,
                     **make_kwargs: Any):
    """A verifiers ``MultiTurnEnv`` over ``num_tasks`` generated tasks of ``directive`` (see the module docstring).

    ``make_kwargs`` go to ``gym.make("GenSim-v0", ...)`` (e.g. ``horizon``, ``domain``); the env is always
    text mode. Needs the ``verifiers`` extra.
    """
    vf = require("verifiers", "verifiers")
    if not isinstance(num_tasks, int) or isinstance(num_tasks, bool) or not 1 <= num_tasks <= 100_000:
        raise ArgumentError(f"load_environment: num_tasks must be an integer in [1, 100000], got {num_tasks!r}")
    if not isinstance(max_turns, int) or isinstance(max_turns, bool) or max_turns < 1:
        raise ArgumentError(f"load_environment: max_turns must be an integer >= 1, got {max_turns!r}")
    kwargs = _make_kwargs(dict(make_kwargs))
    cur = _curriculum(curriculum, directive, seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        proto = gym.make("GenSim-v0", directive=directive, difficulty=difficulty, num_tasks=num_tasks, seed=seed,
                         obs_mode="text", action_space="ground", prefetch=0, **kwargs)
    probe = cast(GenSimEnv, proto.unwrapped)
    rows: list[dict[str, Any]] = []
    union: dict[str, dict[str, Any]] = {}
    worlds: dict[int, Any] = {}  # compiled worlds of the first tasks, shared read-only by their rollouts
    for task_seed in range(num_tasks):
        obs, info = probe.reset(seed=task_seed)
        tools = tool_defs(probe)
        for tool in tools:
            union.setdefault(tool["name"], tool)
        if task_seed < MAX_WORLDS:
            worlds[task_seed] = probe.world
        rows.append({"prompt": [{"role": "user", "content": obs}], "answer": "",
                     # info as JSON text: each task has its own tool schemas, which one Arrow column cannot type
                     "info": json.dumps({"task_seed": task_seed, "task_id": info.get("task_id", ""),
                                         "tool_defs": tools})})
    dataset = require("datasets", "verifiers").Dataset.from_list(rows)
    return _env_class(vf)(probe.source, worlds, cur, directive=directive, dataset=dataset, system_prompt=SYSTEM_PROMPT,
                     tool_defs=list(union.values()), max_turns=max_turns, rubric=_rubric(vf),
                     env_id="gensim_gym", env_args={"directive": directive, "num_tasks": num_tasks,
                                                    "difficulty": difficulty, "seed": seed})


def _rubric(vf: Any):
    async def success(state) -> float:
        """1.0 when the goal holds at the episode's end (the verified reward), else 0.0."""
        return 1.0 if state.get(RESULT_KEY, {}).get("is_success") else 0.0

    async def episode_return(state) -> float:
        """The sum of the env's rewards over the episode (shaping and penalties included)."""
        return float(state.get(RESULT_KEY, {}).get("return", 0.0))

    async def invalid_calls(state) -> float:
        """Calls the env rejected (malformed, unknown tool, bad arguments, precondition false)."""
        return float(state.get(RESULT_KEY, {}).get("invalid_calls", 0))

    rubric = vf.Rubric(funcs=[success], weights=[1.0])
    rubric.add_metric(episode_return)
    rubric.add_metric(invalid_calls)
    return rubric


@functools.cache
def _env_class(vf: Any) -> type:
    """The ``MultiTurnEnv`` subclass, defined once verifiers is imported (it is an optional dependency)."""

    class GenSimVerifiersEnv(vf.MultiTurnEnv):
        """Generated tasks as a verifiers multi-turn tool environment (see :mod:`gensim_gym.integrations.verifiers`)."""

        def __init__(self, source: Any, worlds: dict[int, Any], curriculum: Curriculum | None, *, directive: str,
                     **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self.source, self.worlds, self.curriculum, self.directive = source, worlds, curriculum, directive
            self.episodes: dict[str, RolloutEpisode] = {}  # by the rollout's state["trajectory_id"]

        def episode(self, state) -> RolloutEpisode:
            return self.episodes[state["trajectory_id"]]

        async def setup_state(self, state, **kwargs):
            env = GenSimEnv(self.source, obs_mode="text")
            info = state["info"] if isinstance(state.get("info"), dict) else {}
            task_seed = int(info.get("task_seed", 0))
            if task_seed in self.worlds:  # compiled while the dataset was built: no compile per rollout
                env.adopt_world(self.worlds[task_seed])
            episode = RolloutEpisode(env)
            if self.curriculum is not None:
                episode.task = self.curriculum.sample()
                obs, reset_info = env.reset(seed=task_seed, options={"spec": episode.task.spec})
                # the curriculum's task replaces the row's: its description opens the conversation
                state["prompt"] = [*state["prompt"][:-1], vf.UserMessage(content=obs)]
                state["tool_defs"] = [vf.Tool(**t) for t in tool_defs(env)]
            else:
                _, reset_info = env.reset(seed=task_seed)
            episode.task_id = str(reset_info.get("task_id", ""))
            self.episodes[state["trajectory_id"]] = episode
            state[RESULT_KEY] = episode.outcome()
            return state

        async def env_response(self, messages, state, **kwargs):
            episode = self.episode(state)
            last = messages[-1]
            calls = getattr(last, "tool_calls", None) or []
            if calls:
                # one step per call, in order, so each call's rejection is counted (text mode validates it)
                reply = []
                for call in calls:
                    if episode.done:
                        text = "not run: the episode ended before this call"
                    else:
                        text = episode.apply({"id": call.id, "type": "function",
                                              "function": {"name": call.name, "arguments": call.arguments}})
                    reply.append(vf.ToolMessage(content=text, tool_call_id=call.id))
            else:  # no native tool call: the reply's text is read as a call (text mode's JSON shapes)
                content = getattr(last, "content", None)
                reply = [vf.UserMessage(content=episode.apply(content if isinstance(content, str) else ""))]
            state[RESULT_KEY] = episode.outcome()
            if episode.done:
                state["final_env_response"] = reply  # ends the rollout with this answer in the completion
            return reply

        @vf.cleanup
        async def finish_episode(self, state) -> None:
            """Drop the rollout's env and feed its result (an abandoned episode is a failure) to the curriculum."""
            episode = self.episodes.pop(state.get("trajectory_id", ""), None)
            if episode is None:
                return
            state[RESULT_KEY] = episode.outcome()
            if self.curriculum is not None and episode.task is not None:
                self.curriculum.update(episode.task, episode.curriculum_result())
            episode.env.close()

    return GenSimVerifiersEnv
