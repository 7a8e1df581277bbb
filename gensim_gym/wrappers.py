"""Wrappers that speak other trainers' dialects of action masking.

SB3-contrib's ``MaskablePPO`` calls ``action_masks()``, which every Gymnasium wrapper reaches through
``env.get_wrapper_attr("action_masks")`` (Gymnasium 1.x no longer forwards unknown attributes, so
``RecordEpisodeStatistics(env).action_masks()`` itself raises ``AttributeError``). TorchRL and RLlib
style trainers read the mask from the step's info instead: :class:`ActionMaskInfo` puts it there.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym


class ActionMaskInfo(gym.Wrapper):
    """Add ``info["action_mask"]`` (bool array, True where a call is available) at reset and every step.

    Works over any wrappers around a :class:`~gensim_gym.GenSimEnv`. After a step that ended the
    episode the mask is the final state's (all false at a dead end, which ends the episode); the
    state an agent acts in next is the reset's, with its own mask.

    >>> import gymnasium as gym, gensim_gym
    >>> env = ActionMaskInfo(gym.make("GenSim-Warehouse-Easy-v0"))
    >>> obs, info = env.reset(seed=0)
    >>> bool(info["action_mask"].any())
    True
    """

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self._masks = env.get_wrapper_attr("action_masks")

    def action_masks(self):
        """The current action mask (what ``info["action_mask"]`` holds)."""
        return self._masks()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        obs, info = self.env.reset(seed=seed, options=options)
        return obs, {**info, "action_mask": self._masks()}

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, reward, terminated, truncated, {**info, "action_mask": self._masks()}
