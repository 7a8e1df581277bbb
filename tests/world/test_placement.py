"""Slot placement: ``Layout.shuffle_slots`` spreads small tasks over every slot, deterministically.

Without shuffling, an easy warehouse task always puts its items in the first item
slots, so a policy trained on easy tasks has never seen the action and
fact positions of the items a hard task adds. With shuffling every slot is
used; the placement depends only on the spec, and nothing about the spec (what
the generator returns) depends on the environment's placement.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.generation.directive import parse_directive
from gensim_gym.generation.family import DirectiveFamily
from gensim_gym.generation.offline import OfflineGenerator, family_layout
from gensim_gym.world.compiled import CompiledWorld

DIRECTIVE = "warehouse tasks"


def easy_specs(n: int = 24):
    gen = OfflineGenerator(parse_directive(DIRECTIVE, 0.0), DIRECTIVE)
    return [gen.generate(seed) for seed in range(n)]


def test_placement_is_injective_within_capacity_and_depends_only_on_the_spec() -> None:
    layout = family_layout(parse_directive(DIRECTIVE), 1.0, shuffle_slots=True)
    for spec in easy_specs(8):
        place = layout.placement(spec)
        assert place == layout.placement(spec)
        for t, names in spec.task.objects.items():
            slots = [place[name] for name in names]
            assert len(set(slots)) == len(slots)
            assert all(0 <= s < layout.capacity[t] for s in slots)


def test_without_shuffling_objects_fill_slots_in_listed_order() -> None:
    layout = family_layout(parse_directive(DIRECTIVE), 1.0)
    spec = easy_specs(1)[0]
    place = layout.placement(spec)
    for names in spec.task.objects.values():
        assert [place[name] for name in names] == list(range(len(names)))


def test_easy_tasks_exercise_slots_that_in_order_placement_never_uses() -> None:
    specs = easy_specs()
    in_order = family_layout(parse_directive(DIRECTIVE), 1.0)
    shuffled = family_layout(parse_directive(DIRECTIVE), 1.0, shuffle_slots=True)

    def used_actions(layout) -> set[int]:
        return {a.id for s in specs for a in CompiledWorld(s, layout).valid_actions}

    plain, spread = used_actions(in_order), used_actions(shuffled)
    assert len(spread) > 1.5 * len(plain)
    for t, cap in shuffled.capacity.items():  # every slot a hard task may use is trained on
        assert {shuffled.placement(s)[o] for s in specs for o in s.task.objects.get(t, ())} == set(range(cap))


def test_generated_specs_do_not_depend_on_the_env_placement() -> None:
    for seed in (0, 1, 2):
        a = DirectiveFamily(DIRECTIVE, 0.5, shuffle_slots=True).spec_for_seed(seed)
        b = DirectiveFamily(DIRECTIVE, 0.5, shuffle_slots=False).spec_for_seed(seed)
        assert a.to_json() == b.to_json()


@pytest.mark.parametrize("shuffle", [True, False])
def test_oracle_solves_and_episodes_replay_under_either_placement(shuffle: bool) -> None:
    def episode(env, seed: int):
        obs, info = env.reset(seed=seed)
        trace = [obs]
        for action in env.get_wrapper_attr("oracle_actions")():
            obs, reward, term, trunc, info = env.step(action)
            trace += [obs, np.float64(reward)]
        return info["is_success"], trace

    for seed in range(4):
        runs = [episode(gym.make("GenSim-v0", action_space="ground",
                                 directive=DIRECTIVE, difficulty=0.3, seed=7, num_tasks=4,
                                 max_difficulty=1.0, shuffle_slots=shuffle), seed) for _ in range(2)]
        assert runs[0][0] and runs[1][0]
        assert all(np.array_equal(x, y) for x, y in zip(runs[0][1], runs[1][1], strict=True))


def test_shuffling_changes_where_objects_sit_not_the_spaces() -> None:
    kw = {"directive": DIRECTIVE, "difficulty": 0.2, "seed": 3, "num_tasks": 4, "max_difficulty": 1.0}
    a, b = gym.make("GenSim-v0", action_space="ground",
                    shuffle_slots=True, **kw), gym.make("GenSim-v0", action_space="ground", shuffle_slots=False, **kw)
    assert a.observation_space == b.observation_space and a.action_space == b.action_space
    masks = []
    for env in (a, b):
        env.reset(seed=0)
        masks.append(env.get_wrapper_attr("action_masks")())
    assert masks[0].sum() == masks[1].sum() and not np.array_equal(masks[0], masks[1])


def test_default_is_in_order_and_a_shuffled_env_passes_the_checkers() -> None:
    from gymnasium.utils.env_checker import check_env

    pytest.importorskip("stable_baselines3")  # the train extra (the Python 3.12 job installs only dev)
    from stable_baselines3.common.env_checker import check_env as sb3_check_env

    kw = {"directive": DIRECTIVE, "difficulty": 0.4, "seed": 1, "num_tasks": 4, "max_difficulty": 1.0}
    assert gym.make("GenSim-v0", action_space="ground", **kw).unwrapped.layout.shuffle_slots is False
    env = gym.make("GenSim-v0", action_space="ground", shuffle_slots=True, **kw)
    check_env(env.unwrapped, skip_render_check=True)
    sb3_check_env(env.unwrapped)
