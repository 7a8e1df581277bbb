"""One evaluation rollout of an agent on one task, with the evidence oversight needs."""

from __future__ import annotations

from typing import Any, cast

import gymnasium as gym
import numpy as np

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.spec.model import SimSpec
from gensim_gym.trainers.base import Trainer
from gensim_gym.world.progress import progress as progress_potential


def _progress(env: gym.Env) -> float:
    # Fraction of goal conditions met; GenSimEnv keeps it as _status (no public accessor yet).
    status = getattr(env.unwrapped, "_status", None)
    return float(sum(status) / len(status)) if status else 0.0


def _phi(env: gym.Env) -> float:
    # Φ = 1 − d(s)/d(s₀) on the true state (gensim_gym.world.progress), whatever the reward mode: how much
    # of the shortest plan is done. Sub-goal progress counts, unlike the goal-condition fraction above.
    u = cast(GenSimEnv, env.unwrapped)
    assert u.world is not None, "Φ is read only after reset"
    return max(0.0, float(progress_potential(u.world)(u._facts, u._nums)))


def _called_tool(env: gym.Env) -> str | None:
    # The tool of the call just made (None for a call that named no tool); the env keeps it in _event.
    event = getattr(env.unwrapped, "_event", None)
    ground = event[1] if event else None
    return ground.label.split("(", 1)[0] if ground is not None else None


def plan_tools(spec: SimSpec) -> frozenset[str]:
    """The tools the spec's golden plan calls (the rest of its toolset is distractors for this task)."""
    return frozenset(label.split("(", 1)[0].strip() for label in spec.golden_plan)


def rollout(agent: Trainer, env: gym.Env, spec: SimSpec, seed: int, *, epoch: int = 0,
            record: bool = True) -> tuple[EpisodeResult, dict[str, Any]]:
    """Play ``spec`` once with ``agent``; return the result and a trajectory record (JSON-ready)."""
    obs, info = env.reset(seed=seed, options={"spec": spec})
    agent.begin_episode(env, obs)
    total, steps, invalid, failed, events, best = 0.0, 0, 0, 0, 0, _progress(env)
    best_phi, off_plan, needed = _phi(env), 0, plan_tools(spec)
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
        best_phi = max(best_phi, 1.0 if info.get("is_success") else _phi(env))
        tool = _called_tool(env)
        off_plan += bool(needed) and tool is not None and tool not in needed
        rewards.append(round(float(reward), 5))
    w = game._require_reset()
    result = EpisodeResult(
        task_id=spec.id, domain=str(spec.meta.get("domain", spec.task.name)),
        difficulty=float(spec.measured_difficulty or 0.0), episode_return=round(total, 5),
        is_success=bool(info.get("is_success")), length=steps, horizon=w.horizon, invalid_calls=invalid,
        failed_calls=failed, progress=round(best, 4), reward_events=int(events), reward_mode=spec.reward.mode,
        n_tools=len(spec.tools.tools), truncated=bool(truncated), epoch=epoch,
        plan_progress=round(best_phi, 4), plan_length=len(spec.golden_plan), plan_tools=len(needed),
        off_plan_calls=off_plan)
    traj: dict[str, Any] = {"epoch": epoch, "task_id": spec.id, "seed": seed, "agent": agent.name,
                            "reward": result.episode_return, "success": result.is_success}
    if record:
        messages = getattr(agent, "episode_messages", lambda: None)()
        if messages is not None:
            traj["messages"] = messages
            traj["tools"] = game.openai_tools()
        else:
            traj.update(observations=observations, actions=actions, rewards=rewards)
    return result, traj
