"""One evaluation rollout of an agent on one task, with the evidence oversight needs."""

from __future__ import annotations

from typing import Any, cast

import gymnasium as gym
import numpy as np

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.oversight.memory import EpisodeResult
from gensim_gym.spec.model import SimSpec
from gensim_gym.trainers.base import Trainer


def _progress(env: gym.Env) -> float:
    # Fraction of goal conditions met; GenSimEnv keeps it as _status (no public accessor yet).
    status = getattr(env.unwrapped, "_status", None)
    return float(sum(status) / len(status)) if status else 0.0


def rollout(agent: Trainer, env: gym.Env, spec: SimSpec, seed: int, *, epoch: int = 0,
            record: bool = True) -> tuple[EpisodeResult, dict[str, Any]]:
    """Play ``spec`` once with ``agent``; return the result and a trajectory record (JSON-ready)."""
    obs, info = env.reset(seed=seed, options={"spec": spec})
    agent.begin_episode(env, obs)
    total, steps, invalid, failed, events, best = 0.0, 0, 0, 0, 0, _progress(env)
    observations, actions, rewards = [], [], []
    terminated = truncated = False
    game = cast(GenSimEnv, env.unwrapped)
    while not (terminated or truncated):
        action = agent.act(obs, env)
        if record and game.obs_mode == "vector":
            observations.append(np.asarray(obs, dtype=np.float32).round(4).tolist())
            actions.append(int(action))
        obs, reward, terminated, truncated, info = env.step(action)
        reward = float(reward)
        agent.observe(action, obs, reward, info)
        total += reward
        steps += 1
        invalid += bool(info.get("invalid"))
        failed += bool(info.get("failed"))
        events += reward > 0
        best = max(best, _progress(env))
        rewards.append(round(float(reward), 5))
    w = game._require_reset()
    result = EpisodeResult(
        task_id=spec.id, domain=str(spec.meta.get("domain", spec.task.name)),
        difficulty=float(spec.measured_difficulty or 0.0), reward=round(total, 5),
        success=bool(info.get("is_success")), steps=steps, horizon=w.horizon, invalid_calls=invalid,
        failed_calls=failed, progress=round(best, 4), reward_events=int(events), reward_mode=spec.reward.mode,
        n_tools=len(spec.tools.tools), truncated=bool(truncated), epoch=epoch)
    traj: dict[str, Any] = {"epoch": epoch, "task_id": spec.id, "seed": seed, "agent": agent.name,
                            "reward": result.reward, "success": result.success}
    if record:
        messages = getattr(agent, "episode_messages", lambda: None)()
        if messages is not None:
            traj["messages"] = messages
            traj["tools"] = game.openai_tools()
        else:
            traj.update(observations=observations, actions=actions, rewards=rewards)
    return result, traj
