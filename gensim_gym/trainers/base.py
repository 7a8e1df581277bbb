"""The ``Trainer`` protocol: what the Generative Simulator loop needs from an agent.

An agent acts in an environment and (optionally) learns from it. The loop
``bind``\\ s it once to a training environment whose task source it refills
every epoch, asks it to ``act`` during evaluation rollouts, and calls
``learn(steps)`` for the RL update of Algorithm 1. ``begin_episode`` and
``observe`` let conversational agents (LLMs) keep their message history.
Anything with these methods plugs in; :class:`BaseTrainer` supplies no-op
defaults.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import gymnasium as gym


@runtime_checkable
class Trainer(Protocol):
    """An agent the loop can roll out, update and checkpoint."""

    name: str
    obs_mode: str  # "vector" or "text": which face of GenSimEnv it plays

    def bind(self, env: gym.Env, seed: int = 0) -> None: ...

    def begin_episode(self, env: gym.Env, obs: Any) -> None: ...

    def act(self, obs: Any, env: gym.Env) -> Any: ...

    def observe(self, action: Any, obs: Any, reward: float, info: dict[str, Any]) -> None: ...

    def learn(self, steps: int) -> dict[str, Any]: ...

    def save(self, directory: Path) -> None: ...

    def load(self, directory: Path) -> None: ...


class BaseTrainer:
    """No-op defaults for every hook; subclasses override ``act`` (and ``learn`` if they learn)."""

    name = "base"
    obs_mode = "vector"

    def __init__(self) -> None:
        self.env: gym.Env | None = None
        self.seed = 0
        #: Anything with ``update(n)`` (a tqdm bar): a learning trainer calls it with the env steps it has just
        #: taken, so a long ``learn`` shows progress and an ETA (the CLI sets a bar over the run's total steps).
        self.progress: Any = None

    def bind(self, env: gym.Env, seed: int = 0) -> None:
        self.env = env
        self.seed = seed

    def begin_episode(self, env: gym.Env, obs: Any) -> None:
        return None

    def act(self, obs: Any, env: gym.Env) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def observe(self, action: Any, obs: Any, reward: float, info: dict[str, Any]) -> None:
        return None

    def learn(self, steps: int) -> dict[str, Any]:
        return {"steps": 0}

    def save(self, directory: Path) -> None:
        return None

    def load(self, directory: Path) -> None:
        return None

    def episode_messages(self) -> list[dict[str, Any]] | None:
        """The chat transcript of the last episode (text agents), or None."""
        return None
