"""stable-baselines3 adapters: PPO, A2C, DQN and sb3-contrib MaskablePPO.

The model is built when the loop binds it to the training environment (a
``GenSimEnv`` whose task source the loop refills each epoch; its spaces are
fixed by the directive's domains, so one model trains across every epoch).
MaskablePPO reads ``action_masks()`` from the environment, both while
learning and when acting.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import gymnasium as gym

from gensim_gym._atomic import atomic_write_with
from gensim_gym.errors import ArgumentError, Error, require
from gensim_gym.trainers.base import BaseTrainer

ALGOS = ("ppo", "a2c", "dqn", "maskable-ppo")

# Small-budget defaults: tiny tasks, short episodes, a few thousand steps per epoch on a CPU. γ 0.95 as in
# tests/test_ppo_learns.py: with 0.99 finishing now or after a detour differs by too little (BENCHMARKS.md).
_PPO = {"n_steps": 256, "batch_size": 64, "n_epochs": 4, "learning_rate": 1e-3, "ent_coef": 0.01, "gamma": 0.95,
        "policy_kwargs": {"net_arch": [128, 128]}}
DEFAULTS: dict[str, dict[str, Any]] = {
    "ppo": dict(_PPO),
    "maskable-ppo": dict(_PPO),
    "a2c": {"n_steps": 16, "learning_rate": 1e-3, "ent_coef": 0.01, "gamma": 0.97},
    "dqn": {"learning_starts": 200, "buffer_size": 20_000, "train_freq": 1, "target_update_interval": 250,
            "exploration_fraction": 0.3, "exploration_final_eps": 0.05, "learning_rate": 5e-4, "gamma": 0.97},
}


def _algo_class(algo: str):
    if algo == "maskable-ppo":
        return require("sb3_contrib", "train").MaskablePPO
    sb3 = require("stable_baselines3", "train")
    return {"ppo": sb3.PPO, "a2c": sb3.A2C, "dqn": sb3.DQN}[algo]


class SB3Trainer(BaseTrainer):
    """An SB3 algorithm behind the :class:`~gensim_gym.trainers.base.Trainer` protocol."""

    obs_mode = "vector"

    def __init__(self, algo: str = "ppo", *, tensorboard_log: str | Path | None = None, verbose: int = 0,
                 deterministic: bool = True, **hyperparams: Any) -> None:
        super().__init__()
        if algo not in ALGOS:
            raise ArgumentError(f"unknown algo {algo!r}; choose one of {', '.join(ALGOS)}")
        self.algo = algo
        self.name = algo
        self.deterministic = deterministic
        self.tensorboard_log = str(tensorboard_log) if tensorboard_log else None
        self.verbose = verbose
        # a deep copy: the defaults hold nested dicts (policy_kwargs) that SB3 may write into
        self.hyperparams = {**copy.deepcopy(DEFAULTS[algo]), **hyperparams}
        self.model: Any = None  # an SB3 algorithm once bound (SB3 is an optional dependency)

    def bind(self, env: gym.Env, seed: int = 0) -> None:
        super().bind(env, seed)
        monitor = require("stable_baselines3.common.monitor", "train").Monitor
        self._train_env = monitor(env)
        self.model = _algo_class(self.algo)("MlpPolicy", self._train_env, seed=seed, verbose=self.verbose,
                                            tensorboard_log=self.tensorboard_log, device="cpu", **self.hyperparams)

    def act(self, obs: Any, env: gym.Env) -> int:
        if self.algo == "maskable-ppo":
            action, _ = self.model.predict(obs, deterministic=self.deterministic,
                                           action_masks=env.get_wrapper_attr("action_masks")())
        else:
            action, _ = self.model.predict(obs, deterministic=self.deterministic)
        return int(action)

    def learn(self, steps: int) -> dict[str, Any]:
        if self.model is None:
            raise Error("bind(env) the trainer before learn()")
        if steps <= 0:
            return {"steps": 0}
        before = self.model.num_timesteps
        callback = _progress_callback(self.progress) if self.progress is not None else None
        self.model.learn(total_timesteps=steps, reset_num_timesteps=False, tb_log_name=self.algo,
                         progress_bar=False, callback=callback)
        return {"steps": self.model.num_timesteps - before, "total_steps": self.model.num_timesteps}

    def save(self, directory: Path) -> None:
        """Write ``model.zip`` atomically: SB3 writes into a temporary file that then replaces the old one, so
        a kill during the save leaves the previous model intact (SB3 alone writes the zip in place)."""
        atomic_write_with(Path(directory) / "model.zip", self.model.save)

    def load(self, directory: Path) -> None:
        path = Path(directory) / "model.zip"
        self.model = _algo_class(self.algo).load(path, env=self._train_env, device="cpu",
                                                 tensorboard_log=self.tensorboard_log)


def _progress_callback(bar: Any):
    """An SB3 callback that moves ``bar`` by the env steps of each vectorised step. Not SB3's own
    ``progress_bar``: that draws a new bar per ``learn`` call (one per epoch in the loop), and needs rich."""
    base: Any = require("stable_baselines3.common.callbacks", "train").BaseCallback  # Any: optional, subclassed

    class StepProgress(base):
        def _on_step(self) -> bool:
            bar.update(self.training_env.num_envs)
            return True

    return StepProgress()
