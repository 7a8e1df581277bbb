"""Agents that do not learn: a random agent (a floor) and the planner's oracle (a ceiling)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, cast

import gymnasium as gym
import numpy as np

from gensim_gym._atomic import atomic_write_json
from gensim_gym._json import load_file
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import Error
from gensim_gym.trainers.base import BaseTrainer


def label_to_call(env: gym.Env, label: str) -> str:
    """Turn a ground label ``move(crate_1, dock)`` into a text-mode JSON tool call."""
    match = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\((.*)\)\s*", label)
    if not match:
        return json.dumps({"name": label, "arguments": {}})
    name, args = match.group(1), [a.strip() for a in match.group(2).split(",") if a.strip()]
    tool = next((t for t in cast(GenSimEnv, env.unwrapped).sim_spec.tools.tools if t.name == name), None)
    params = [p.name for p in tool.params] if tool else [f"arg{i}" for i in range(len(args))]
    return json.dumps({"name": name, "arguments": dict(zip(params, args, strict=False))})


class RandomAgent(BaseTrainer):
    """Uniform over available calls (``masked=True``, the default) or over the whole action space."""

    name = "random"

    def __init__(self, obs_mode: str = "vector", masked: bool = True, seed: int = 0) -> None:
        super().__init__()
        self.obs_mode = obs_mode
        self.masked = masked
        self.rng = np.random.default_rng(seed)

    def act(self, obs: Any, env: gym.Env) -> Any:
        # through get_wrapper_attr: the outermost action face answers (AvailableCalls' or the env's own)
        if self.masked:
            ids = np.flatnonzero(env.get_wrapper_attr("action_masks")())
            action = int(self.rng.choice(ids)) if len(ids) else 0
        else:
            n = (cast(gym.spaces.Discrete, env.action_space).n if self.obs_mode == "vector"
                 else cast(GenSimEnv, env.unwrapped).layout.n_actions)
            action = int(self.rng.integers(n))
        return action if self.obs_mode == "vector" else _as_call(env, action)

    def save(self, directory: Path) -> None:
        """Save the random generator's state (``agent.json``), so a resumed run draws what it would have drawn."""
        atomic_write_json(Path(directory) / "agent.json", {"rng": self.rng.bit_generator.state})

    def load(self, directory: Path) -> None:
        path = Path(directory) / "agent.json"
        if not path.exists():  # a checkpoint from before the state was saved: keep the current generator
            return
        try:
            self.rng.bit_generator.state = load_file(path, "random agent state")["rng"]
        except (KeyError, TypeError, ValueError) as exc:
            raise Error(f"{path} is not a random agent state: {exc}") from None


class OracleAgent(BaseTrainer):
    """Follows the planner's shortest plan from the current state (re-planned every step, so noise is fine)."""

    name = "oracle"

    def __init__(self, obs_mode: str = "vector") -> None:
        super().__init__()
        self.obs_mode = obs_mode

    def act(self, obs: Any, env: gym.Env) -> Any:
        plan = env.get_wrapper_attr("oracle_actions")()
        if plan:
            action = plan[0]
        else:  # no plan within the remaining horizon: any available call, the episode is lost anyway
            ids = np.flatnonzero(env.get_wrapper_attr("action_masks")())
            action = int(ids[0]) if len(ids) else 0
        return action if self.obs_mode == "vector" else _as_call(env, action)


def _as_call(env: gym.Env, action: int) -> str:
    """A text-mode env's JSON tool call for the vector action id ``action``."""
    return label_to_call(env, env.get_wrapper_attr("describe_action")(action))
