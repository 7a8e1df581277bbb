"""Quickstart: generate a spec, make an env, play the oracle, train PPO briefly. Offline, under a minute.

Run from the repository root::

    PYTHONPATH=. python examples/quickstart.py
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np

import gensim_gym


def main(train_steps: int = 6_000) -> None:
    # 1. Generate one verified task from a directive and look at it.
    spec = gensim_gym.generate("warehouse tasks, easy", difficulty=0.2, seed=1)
    print(f"task {spec.id}: {spec.task.description}")
    print(f"  golden plan: {spec.golden_plan}; measured difficulty {spec.measured_difficulty}")
    assert gensim_gym.SimSpec.from_json(spec.to_json()) == spec  # JSON in, JSON out

    # 2. Play it with the built-in oracle (a shortest plan from the current state).
    env = gym.make("GenSim-v0", spec=spec)
    obs, info = env.reset(seed=0)
    describe = env.get_wrapper_attr("describe_action")
    for action in env.get_wrapper_attr("oracle_actions")():
        label = describe(action)  # before the step: the action is the k-th call available now
        obs, reward, terminated, truncated, info = env.step(action)
        print(f"  {label:<32} reward {reward:+.3f}")
    print(f"  oracle success: {info['is_success']}")

    # 3. Train (maskable) PPO briefly on a small family of easy tasks from the same directive.
    #    MaskablePPO reads action_masks() (the calls listed now); plain PPO learns this face without them
    #    too, given more steps (README, "What the agent sees").
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        print("install the 'train' extra (stable-baselines3, sb3-contrib, torch) to run the PPO part")
        return
    torch.set_num_threads(1)
    family = dict(directive="warehouse tasks, easy", difficulty=0.0, num_tasks=4, seed=0)
    model = MaskablePPO("MlpPolicy", gym.make("GenSim-v0", **family), n_steps=256, batch_size=128,
                        learning_rate=1e-3, seed=0, verbose=0, device="cpu")

    def success(policy: MaskablePPO | None, episodes: int = 40) -> float:
        eval_env = gym.make("GenSim-v0", **family)
        rng, wins = np.random.default_rng(0), 0
        for episode in range(episodes):
            obs, _ = eval_env.reset(seed=episode)
            done = False
            while not done:
                mask = eval_env.get_wrapper_attr("action_masks")()
                if policy is None:  # uniformly random among the valid calls
                    action = int(rng.choice(np.flatnonzero(mask)))
                else:
                    action = int(policy.predict(obs, deterministic=True, action_masks=mask)[0])
                obs, _, terminated, truncated, info = eval_env.step(action)
                done = terminated or truncated
            wins += info["is_success"]
        return wins / episodes

    before = success(None)
    model.learn(train_steps)
    print(f"MaskablePPO success: random valid policy {before:.0%} -> after {train_steps} steps {success(model):.0%}")


if __name__ == "__main__":
    main()
