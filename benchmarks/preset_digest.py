"""Preset digest: do the registered presets still generate, and do the easy presets give the same tasks?

Learnability is measured on the presets' easy families (``GenSim-<Domain>-Easy-v0``), so a generator change
aimed at directives with operations or counts ("back up the reports, then remove the drafts", "5 crates") must
leave their specs as they were: this prints one hash over the ids of the first 20 specs (seeds 0-19) of each
easy preset's directive and difficulty, and makes and resets every preset id once. Run it before and after
(another worktree) and compare the hash.

    PYTHONPATH=. python benchmarks/preset_digest.py
"""

from __future__ import annotations

import hashlib
import warnings

import gymnasium as gym

import gensim_gym
from gensim_gym.integrations.presets import presets

SEEDS = 20


def easy_digest() -> str:
    h = hashlib.sha256()
    for env_id, kwargs in presets().items():
        if env_id.endswith("-Easy-v0"):
            for seed in range(SEEDS):
                spec = gensim_gym.generate(kwargs["directive"], difficulty=kwargs["difficulty"], seed=seed)
                h.update(spec.id.encode())
    return h.hexdigest()[:16]


def main() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        print(f"easy presets, first {SEEDS} specs each: {easy_digest()}")
        for env_id in presets():
            env = gym.make(env_id, seed=0)
            env.reset(seed=0)
            env.close()
            print(f"{env_id}: generates")


if __name__ == "__main__":
    main()
