"""Verification shortcuts give the same verdicts as the plain computations."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.verify import random_success_rate, replay
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.progress import progress


def _plain_random_success(world: CompiledWorld, episodes: int, rng: np.random.Generator) -> float:
    """The triviality check without incremental masks or memo: all preconditions every step."""
    wins = 0
    for _ in range(episodes):
        facts, nums = bytearray(world.init_facts), list(world.init_nums)
        for _ in range(world.horizon):
            options = [a.id for a in world.applicable(facts, nums)]
            if not options:
                break
            world.apply(facts, nums, world.actions[options[int(rng.integers(len(options)))]].effects)
            if world.is_goal(facts, nums):
                wins += 1
                break
    return wins / episodes


def _specs(directive: str, difficulty: float, n: int):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        generator = OfflineGenerator(parse_directive(directive, difficulty), directive)
        return generator, [generator.generate(seed) for seed in range(n)]


@pytest.mark.parametrize("directive", ["warehouse tasks", "web shop", "customer support refunds", "file system"])
@pytest.mark.parametrize("difficulty", [0.0, 1.0])
def test_random_success_rate_matches_plain_rollouts(directive, difficulty):
    generator, specs = _specs(directive, difficulty, 3)
    for spec in specs:
        world = CompiledWorld(spec, generator.layout)
        fast = random_success_rate(world, 16, np.random.default_rng(7))
        assert fast == _plain_random_success(world, 16, np.random.default_rng(7))


def test_replay_through_the_shared_env_matches_a_fresh_env():
    generator, specs = _specs("warehouse and calendar tasks, dense", 0.5, 4)
    for spec in specs:
        labels = spec.golden_plan
        fresh = GenSimEnv(FixedSpec(spec, generator.layout))
        fresh.reset(seed=0)
        by_label = fresh.world.action_by_label()
        steps = [fresh.step(by_label[label].id) for label in labels]
        expected = (bool(steps[-1][4]["is_success"]), sum(step[1] for step in steps), "")
        if progress(fresh.world).exact:
            # the env's potential is the exact distance table: replay's plan distances equal it
            assert replay(spec, labels, generator.layout) == expected  # the shared env, reset to this spec
            assert replay(spec, labels, generator.layout) == expected  # and again, after another task
            assert replay(spec, labels) == expected  # in the spec's own layout
        else:
            # beyond the sweep limit the env's potential is the landmark estimate; replay keeps the
            # exact plan distances, so only the verdict and the sign of the return must agree
            for got in (replay(spec, labels, generator.layout), replay(spec, labels)):
                assert got[0] == expected[0] and got[2] == "" and got[1] > 0 and expected[1] > 0


@pytest.mark.parametrize("directive", ["calendar scheduling, noisy", "web shop, hidden"])
def test_verify_default_rng_share_matches_plain_rollouts(directive):
    """verify() without an rng draws from the cached seed-0 stream: the same share as default_rng(0)."""
    generator, specs = _specs(directive, 0.75, 3)
    for spec in specs:
        world = CompiledWorld(spec, generator.layout)
        stored = spec.meta["difficulty"]["random_success"]
        assert stored == round(_plain_random_success(world, 16, np.random.default_rng(0)), 4)
