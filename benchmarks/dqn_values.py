"""Why SB3 DQN (library defaults) loses the easy families it first learns: success and Q-value spread over training.

Trains ``DQN("MlpPolicy")`` exactly as ``learnability.py`` does (one env of the domain's easy stream, held-out
tasks skipped) and prints, every 10k steps, the success of the last 200 training episodes and the spread of the
Q-values over the actions of the current state; then the held-out success of ``learnability.py``'s evaluation.
When the spread falls to the size of the value a wasted step costs, the greedy argmax picks calls by noise.

``--flat-step-cost C`` charges ``C`` per step instead of the spec's step cost (the generator's cost before
2026-11-25 was a flat 0.01; it is now 0.5 / horizon), so both can be re-run:

    PYTHONPATH=. python benchmarks/dqn_values.py --domain webshop --steps 100000 --flat-step-cost 0.01
    PYTHONPATH=. python benchmarks/dqn_values.py --domain webshop --steps 100000
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learnability  # noqa: E402 - the sibling benchmark's harness


class FlatStepCost(gym.Wrapper):
    """Charges ``cost`` per step in place of the spec's dense step cost (the reward otherwise unchanged)."""

    def __init__(self, env: gym.Env, cost: float) -> None:
        super().__init__(env)
        self.cost = cost

    def step(self, action: Any):
        obs, reward, terminated, truncated, info = self.env.step(action)
        spec_cost = self.env.unwrapped.sim_spec.reward.step_cost
        return obs, reward + spec_cost - self.cost, terminated, truncated, info


def main() -> None:
    import torch  # noqa: PLC0415 - optional dependency
    from stable_baselines3 import DQN  # noqa: PLC0415
    from stable_baselines3.common.callbacks import BaseCallback  # noqa: PLC0415
    from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: PLC0415

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--domain", default="webshop", choices=learnability.DOMAINS)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", type=int, default=100_000)
    p.add_argument("--episodes", type=int, default=100)
    p.add_argument("--flat-step-cost", type=float, default=None)
    args = p.parse_args()

    class Trace(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.success: list[float] = []

        def _on_step(self) -> bool:
            self.success += [float(i["is_success"]) for i in self.locals["infos"] if "episode" in i]
            if self.num_timesteps % 10_000 == 0:
                with torch.no_grad():
                    q = self.model.q_net(torch.as_tensor(self.locals["new_obs"]))[0].numpy()
                recent = round(float(np.mean(self.success[-200:])), 3)
                print(json.dumps({"t": self.num_timesteps, "train_success_last200": recent,
                                  "q_mean": round(float(q.mean()), 3), "q_std": round(float(q.std()), 3)}), flush=True)
            return True

    torch.set_num_threads(1)
    cell = learnability.Cell("dqn", args.domain, args.seed, args.steps)
    seen: set[str] = set()
    thunks = learnability.make_thunks(cell, 1, seen)
    if args.flat_step_cost is not None:
        thunks = [lambda make=make: FlatStepCost(make(), args.flat_step_cost) for make in thunks]
    venv = DummyVecEnv(thunks)
    venv.seed(args.seed)
    model = DQN("MlpPolicy", venv, seed=args.seed, device="cpu", verbose=0).learn(args.steps, callback=Trace())
    result = learnability.evaluate(model, cell, seen, args.episodes)
    print(json.dumps({"domain": args.domain, "seed": args.seed, "steps": args.steps,
                      "flat_step_cost": args.flat_step_cost, "heldout_success": result["success"],
                      "ci90": result["ci90"]}))


if __name__ == "__main__":
    main()
