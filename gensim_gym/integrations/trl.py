"""Generated tasks as a TRL ``GRPOTrainer`` environment (``environment_factory``), and the dataset that goes with it.

TRL 1.x discovers an environment's tools from its *class*: every public method other than ``reset`` and
``get_reward`` becomes a tool, described by its signature and Google-style docstring; ``reset(**row)``
returns text appended to the prompt, ``get_reward()`` scores a finished rollout. A task family's tools
are data (they come from the spec), so :func:`environment_class` builds such a class for a directive:
one method per tool the family's tasks use, each with the tool's parameters as ``str`` arguments and
its description as the docstring. The methods take no code from the spec: each is the same closure
that forwards ``{"name", "arguments"}`` to text mode, which validates it as untrusted input.

The reward is the verified success (1.0 when the goal holds at the episode's end, else 0.0); the
episode return and the steps are kept on the instance for logging. No TRL import here: the class only
has to look like what TRL calls.
"""

from __future__ import annotations

import inspect
import warnings
from collections.abc import Callable
from typing import Any, cast

import gymnasium as gym

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.spec.model import SimSpec, Tool

INSTRUCTIONS = ("Solve the task by calling the tools, one call at a time, until every goal condition holds. "
                "Each tool answers with the new state.")


class GenSimToolEnv:
    """Base of the classes :func:`environment_class` builds: one episode of a generated task per ``reset``."""

    #: set by environment_class: how to make the underlying text-mode env
    _make: Callable[[], gym.Env]

    def __init__(self) -> None:
        self.env = self._make()
        self.done = True
        self.success = False
        self.episode_return = 0.0
        self.steps = 0

    def reset(self, task_seed: int = 0, **row: Any) -> str:
        """Start the task of ``task_seed`` (a dataset column); returns its first observation."""
        obs, _ = self.env.reset(seed=int(task_seed))
        self.done, self.success, self.episode_return, self.steps = False, False, 0.0, 0
        return "\n\n" + obs

    def get_reward(self) -> float:
        """The verified success of the episode: 1.0 if the goal holds, else 0.0."""
        return 1.0 if self.success else 0.0

    def _call(self, name: str, arguments: dict[str, Any]) -> str:
        if self.done:
            return "The episode has ended; no more calls are needed."
        obs, reward, terminated, truncated, info = self.env.step({"name": name, "arguments": arguments})
        self.steps += 1
        self.episode_return += float(reward)
        self.done = terminated or truncated
        self.success = bool(info.get("is_success")) if self.done else False
        return obs


def _param_doc(description: str | None, kind: str) -> str:
    which = f"one of the task's {kind} objects, by name"
    return f"{description.strip()} ({which})" if description and description.strip() else which.capitalize()


def _tool_method(tool: Tool) -> Callable[..., str]:
    """A method named after ``tool`` whose signature and docstring TRL turns into the tool's schema."""
    names = [p.name for p in tool.params]

    def method(self: GenSimToolEnv, **arguments: str) -> str:  # TRL calls tools with keyword arguments
        return self._call(tool.name, arguments)

    params = [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
    params += [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, annotation=str) for n in names]
    method.__signature__ = inspect.Signature(params, return_annotation=str)  # type: ignore[attr-defined]
    method.__annotations__ = {n: str for n in names} | {"return": str}
    method.__name__ = method.__qualname__ = tool.name
    args_doc = "".join(f"\n    {p.name}: {_param_doc(p.description, p.type)}" for p in tool.params)
    method.__doc__ = (f"{(tool.description or tool.name).strip()}\n\nArgs:{args_doc}\n\nReturns:\n"
                      "    The state after the call, or an error.") if names else \
        f"{(tool.description or tool.name).strip()}\n\nReturns:\n    The state after the call, or an error."
    return method


def _family_specs(directive: str, difficulty: float, seed: int, seeds: range) -> tuple[Callable[[], gym.Env],
                                                                                       list[SimSpec]]:
    def make() -> gym.Env:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            return gym.make("GenSim-v0", directive=directive, difficulty=difficulty, seed=seed, obs_mode="text",
                            action_space="ground", prefetch=0)

    probe = make()
    specs = []
    for task_seed in seeds:
        probe.reset(seed=task_seed)
        specs.append(cast(GenSimEnv, probe.unwrapped).sim_spec)
    probe.close()
    return make, specs


def environment_class(directive: str, *, difficulty: float = 0.5, seed: int = 0, num_tasks: int = 16,
                      name: str = "GenSimEnvironment") -> type[GenSimToolEnv]:
    """A class for ``GRPOTrainer(environment_factory=...)`` over the tasks ``task_seed`` in ``range(num_tasks)``.

    Its tools are every tool those tasks use (a task lacking one answers a call to it with an error).
    """
    make, specs = _family_specs(directive, difficulty, seed, range(num_tasks))
    tools: dict[str, Tool] = {}
    for spec in specs:
        for tool in spec.tools.tools:
            tools.setdefault(tool.name, tool)
    namespace: dict[str, Any] = {t.name: _tool_method(t) for t in tools.values()}
    namespace["_make"] = staticmethod(make)
    namespace["__doc__"] = f"Generated tasks of {directive!r} as a TRL environment (see gensim_gym.integrations.trl)."
    return type(name, (GenSimToolEnv,), namespace)


def task_dataset(num_tasks: int = 16, repeat: int = 1) -> list[dict[str, Any]]:
    """Rows ``{"prompt": [user message], "task_seed": int}`` for ``datasets.Dataset.from_list``: the prompt
    holds the instructions; ``reset`` appends the task's first observation."""
    prompt = [{"role": "user", "content": INSTRUCTIONS}]
    return [{"prompt": prompt, "task_seed": s} for _ in range(repeat) for s in range(num_tasks)]

