"""PDDL blocks world: MaskablePPO on tasks generated from a PDDL domain of the shipped corpus.

``tool_registry/pddl/blocks.pddl`` is compiled into a toolset (needs the ``[pddl]`` extra); the directive
names it by a keyword ("stack blocks"), and the offline generator draws verified tasks from it as for any
domain. The same works for a domain of your own: ``gensim_gym.register_toolset("my/blocks.json")``.

Run from the repository root (a few minutes at the default budget)::

    PYTHONPATH=. python examples/pddl_blocks.py --steps 20000
"""

from __future__ import annotations

import argparse

import gymnasium as gym
import numpy as np

import gensim_gym  # noqa: F401  (registers GenSim-v0)

DIRECTIVE = "stack blocks, hard"


def success_rate(policy, env_kwargs: dict, episodes: int = 30) -> float:
    """Share of episodes solved: ``policy`` None plays uniformly random valid calls."""
    env = gym.make("GenSim-v0", **env_kwargs)
    rng, wins = np.random.default_rng(0), 0
    for episode in range(episodes):
        obs, _ = env.reset(seed=10_000 + episode)  # tasks the training never reset to
        done, info = False, {}
        while not done:
            mask = env.get_wrapper_attr("action_masks")()
            if policy is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(policy.predict(obs, deterministic=True, action_masks=mask)[0])
            obs, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        wins += bool(info.get("is_success"))
    return wins / episodes


def main(steps: int = 20_000, num_tasks: int = 16, episodes: int = 30) -> dict[str, float]:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env_kwargs = dict(directive=DIRECTIVE, num_tasks=num_tasks, seed=0)
    env = gym.make("GenSim-v0", **env_kwargs)
    env.reset(seed=0)
    spec = env.get_wrapper_attr("sim_spec")
    print(f"a task: {spec.task.description} (golden plan {len(spec.golden_plan)} steps)")
    model = MaskablePPO("MlpPolicy", env, n_steps=256, batch_size=128, learning_rate=1e-3, seed=0, verbose=0,
                        device="cpu")
    before = success_rate(None, env_kwargs, episodes)
    model.learn(total_timesteps=steps)
    after = success_rate(model, env_kwargs, episodes)
    print(f"{DIRECTIVE!r}: random valid calls solve {before:.0%}, MaskablePPO after {steps} steps {after:.0%}")
    return {"random": before, "trained": after}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--num-tasks", type=int, default=16)
    args = parser.parse_args()
    main(args.steps, args.num_tasks)
