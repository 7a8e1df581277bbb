"""Determinism digests: one hash over generated spec ids, one over played episodes.

A change that should not alter what the package generates or plays must leave both digests as they
were; run this before and after (``git stash`` / another worktree) and compare.

- **spec digest**: the ids of the specs ``generate`` gives for 6 directives × 3 difficulties × 4 seeds
  (72 specs; the directives use no clause kind newer than session 6, so the digest also spans
  versions: ``c651dbf656d8d87a`` from f8cd5a8 to the dense step cost of 0.5 / horizon, ``a248d5203591717d``
  since).
- **episode digest**: 300 masked-random steps in each of 5 domains × 2 directives × 2 difficulties,
  hashing every observation and reward, through the env's own (ground) face and the default face.

    PYTHONPATH=. python benchmarks/digest.py
"""

from __future__ import annotations

import hashlib
import warnings

import gymnasium as gym
import numpy as np

import gensim_gym

SPEC_DIRECTIVES = ("warehouse tasks", "webshop tasks, hard", "calendar tasks, easy, sparse reward",
                   "filesystem tasks, noisy", "support tasks, hidden", "warehouse, more tools")
DOMAINS = ("warehouse", "webshop", "calendar", "filesystem", "support")


def spec_digest() -> str:
    h = hashlib.sha256()
    for directive in SPEC_DIRECTIVES:
        for difficulty in (0.2, 0.5, 0.9):
            for seed in range(4):
                h.update(gensim_gym.generate(directive, difficulty=difficulty, seed=seed).id.encode())
    return h.hexdigest()[:16]


def episode_digest(action_space: str, steps: int = 300) -> str:
    h = hashlib.sha256()
    for domain in DOMAINS:
        for extra in ("", ", sparse reward, hidden"):
            for difficulty in (0.2, 0.7):
                env = gym.make("GenSim-v0", directive=f"domain: {domain}{extra}", difficulty=difficulty, seed=3,
                               num_tasks=4, action_space=action_space)
                masks = env.get_wrapper_attr("action_masks")
                rng = np.random.default_rng(0)
                obs, _ = env.reset(seed=3)
                h.update(obs.tobytes())
                for _ in range(steps):
                    valid = np.flatnonzero(masks())
                    obs, reward, terminated, truncated, _ = env.step(int(rng.choice(valid)) if len(valid) else 0)
                    h.update(obs.tobytes() + np.float64(reward).tobytes())
                    if terminated or truncated:
                        obs, _ = env.reset()
                        h.update(obs.tobytes())
    return h.hexdigest()[:16]


def main() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        print(f"spec digest            {spec_digest()}")
        print(f"episode digest, ground {episode_digest('ground')}")
        print(f"episode digest, default face {episode_digest('available')}")


if __name__ == "__main__":
    main()
