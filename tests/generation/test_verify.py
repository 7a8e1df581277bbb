"""Verification shortcuts give the same verdicts as the plain computations."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.offline import OfflineGenerator
from gensim_gym.generation.verify import random_rollouts, random_success_rate, replay, verify
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
    """verify() without an rng draws from the cached seed-0 stream: the same share as default_rng(0) over
    the episodes it played (it stops once its verdict is decided: a share of at most 20% of 16)."""
    generator, specs = _specs(directive, 0.75, 3)
    for spec in specs:
        world = CompiledWorld(spec, generator.layout)
        stored, played = spec.meta["difficulty"]["random_success"], spec.meta["difficulty"]["random_episodes"]
        assert 1 <= played <= 16
        assert stored == round(_plain_random_success(world, played, np.random.default_rng(0)), 4)
        assert _plain_random_success(world, 16, np.random.default_rng(0)) <= 0.2  # the full check accepts too
        assert played == 16 or round(stored * played) + 16 - played <= 3  # stopped: 16 could not exceed 3.2 wins


@pytest.mark.parametrize("directive", ["warehouse tasks", "web shop", "customer support refunds"])
@pytest.mark.parametrize("max_share", [0.0, 0.2, 0.5])
def test_early_stopped_random_check_gives_the_full_verdict(directive, max_share):
    """random_rollouts with stop_above decides "more than max_share of 16 episodes solved" exactly as
    playing all 16 does, and its wins are those of the episodes it played."""
    generator, specs = _specs(directive, 0.0, 4)
    for spec in specs:
        world = CompiledWorld(spec, generator.layout)
        for seed in range(3):
            wins, played = random_rollouts(world, 16, np.random.default_rng(seed).integers, stop_above=max_share)
            full = _plain_random_success(world, 16, np.random.default_rng(seed))
            assert (wins / 16 > max_share) == (full > max_share)
            assert wins / played == _plain_random_success(world, played, np.random.default_rng(seed))


@pytest.mark.parametrize(("directive", "difficulty"), [("domain: calendar", 0.1), ("domain: warehouse", 0.5)])
def test_the_generators_random_check_first_is_verifys(directive: str, difficulty: float, monkeypatch) -> None:
    """The generator runs verify()'s random-policy check before building the spec's meta and replaying the
    golden plan (most easy calendar drafts fail it): each kept spec is one verify() alone accepts, with the
    random-policy figures verify() measures, and each draft it rejects that way is too easy for verify()."""
    from gensim_gym.generation import offline  # noqa: PLC0415

    rejected: list[CompiledWorld] = []
    checked = offline.random_check

    def recording(world, episodes, max_random_success, rng=None):
        out = checked(world, episodes, max_random_success, rng)
        if out[2]:
            rejected.append(world)
        return out

    monkeypatch.setattr(offline, "random_check", recording)
    generator, specs = _specs(directive, difficulty, 12)
    for spec in specs:
        report = verify(spec, max_random_success=generator.max_random_success, episodes=generator.random_episodes,
                        golden=spec.meta["golden_plan"])
        measured = spec.meta["difficulty"]
        assert report.ok
        assert (round(report.random_success, 4), report.random_episodes) == (measured["random_success"],
                                                                              measured["random_episodes"])
    if difficulty < 0.2:
        assert rejected, "no easy calendar draft was too easy: the check first was not exercised"
    for world in rejected:
        wins, played = random_rollouts(world, generator.random_episodes, np.random.default_rng(0).integers,
                                       stop_above=generator.max_random_success)
        assert wins / generator.random_episodes > generator.max_random_success
