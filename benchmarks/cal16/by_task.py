"""By-task analysis of a trained calendar policy on held-out easy tasks (issue #15, benchmarks/results/cal16.md).

Plays each saved model greedily on the same held-out tasks (one eval stream for every model) and writes one JSON
line per episode: the task's goal, horizon, shortest-plan length at reset, calls listed at reset, and per step
whether the call shortened the remaining shortest plan by one (``optimal``), left the task solvable but no nearer
(``wasted``), or left it unsolvable within the horizon (``dead``).

    PYTHONPATH=. python benchmarks/cal16/by_task.py /tmp/cal16/cleanrl_s2.pt /tmp/cal16/ppo_s0.zip --out /tmp/x.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import learnability as lb  # noqa: E402

from gensim_gym.world.heuristic import DEAD_END, guidance  # noqa: E402

EVAL_SEED = 7_000_001  # one stream for every model, so the rows pair up by task


def load(path: str) -> tuple[str, Any]:
    if path.endswith(".pt"):
        saved = torch.load(path, weights_only=False)
        state = saved["state_dict"]
        obs_dim = state["actor.0.weight"].shape[1]
        n_actions = state["actor.4.weight"].shape[0]
        agent = lb.cleanrl_ppo.Agent(obs_dim, n_actions, state["actor.0.weight"].shape[0])
        agent.load_state_dict(state)
        return "cleanrl", agent
    if path == "random":
        return "random", None
    from stable_baselines3 import PPO  # noqa: PLC0415

    return "ppo", PPO.load(path, device="cpu")


def remaining(env: gym.Env) -> int:
    return len(env.get_wrapper_attr("oracle_actions")())


def episode(model: Any, trainer: str, env: gym.Env, obs: np.ndarray, *, info: dict, rng) -> dict[str, Any]:
    spec = env.unwrapped.sim_spec
    plan = remaining(env)
    row: dict[str, Any] = {
        "task_id": info["task_id"], "goal": list(spec.task.goal), "horizon": spec.task.horizon, "plan": plan,
        "listed0": int(np.sum(env.get_wrapper_attr("action_masks")())),
        "goal_kinds": sorted({re.match(r"\s*(?:not\s+)?(\w+)", g).group(1) for g in spec.task.goal}),
        "objects": sum(len(v) for v in spec.task.objects.values()),
    }
    steps, calls = [], []
    done = False
    while not done:
        a = lb.act(model, trainer, obs, env, rng)
        calls.append(env.get_wrapper_attr("describe_action")(a))
        obs, _, terminated, truncated, info = env.step(a)
        done = terminated or truncated
        after = 0 if done else remaining(env)
        if terminated and info["is_success"]:
            kind = "optimal" if plan == 1 else "wasted"
        elif not done and after and after == plan - 1:
            kind = "optimal"
        elif not done and after:
            kind = "wasted"
        else:
            base = env.unwrapped  # a provable dead end (an irreversible call), or out of time only
            structural = guidance(base._require_reset())(base._facts, base._nums) >= DEAD_END
            kind = "dead" if structural else "late"
        steps.append(kind)
        plan = after
    row.update(success=bool(info["is_success"]), terminated=bool(terminated), truncated=bool(truncated),
               steps=len(steps), optimal=steps.count("optimal"), wasted=steps.count("wasted"),
               dead_at=steps.index("dead") if "dead" in steps else -1,
               late_at=steps.index("late") if "late" in steps else -1, calls=calls)
    return row


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("models", nargs="+")
    p.add_argument("--episodes", type=int, default=200)
    p.add_argument("--env-kwargs", default="{}")
    p.add_argument("--out", required=True)
    args = p.parse_args()
    cell = lb.Cell("x", "calendar", 0, 0, json.loads(args.env_kwargs))
    for path in args.models:
        trainer, model = load(path)
        env = gym.make("GenSim-v0", **cell.make_kwargs(EVAL_SEED))
        rng = np.random.default_rng(0)
        n = 0
        with open(args.out, "a", encoding="utf-8") as fh:
            for draw in range(40 * args.episodes):
                if n >= args.episodes:
                    break
                obs, info = env.reset(seed=EVAL_SEED + draw)
                if not lb.held_out(info["task_id"]):
                    continue
                row = episode(model, trainer, env, obs, info=info, rng=rng)
                row["model"] = path
                fh.write(json.dumps(row) + "\n")
                n += 1
        print(path, n, flush=True)


if __name__ == "__main__":
    main()
