"""Playing a spec's golden plan in the env, call by call, as the generation tests do to show a task is solved."""

from __future__ import annotations

from collections.abc import Sequence

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.spec.model import SimSpec


def play_golden(spec: SimSpec, before: Sequence[str] = ()) -> tuple[GenSimEnv, dict]:
    """An env of ``spec`` (reset with seed 0) after the calls labelled ``before`` and then its golden plan, and the
    last step's info; every golden call must be valid and break no constraint, and play stops once the episode
    ends."""
    env = GenSimEnv(spec)
    env.reset(seed=0)
    assert env.world is not None
    by_label = env.world.action_by_label()
    info: dict = {}
    for label in before:
        _, _, _, _, info = env.step(by_label[label].id)
    for label in spec.golden_plan:
        _, _, terminated, _, info = env.step(by_label[label].id)
        assert not info["invalid"] and "violation" not in info, label
        if terminated:
            break
    return env, info
