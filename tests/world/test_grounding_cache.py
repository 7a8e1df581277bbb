"""A task whose tools and objects a layout has grounded before reuses that grounding whole: it must be the
grounding a fresh compile gives, on every domain (shuffled slots included)."""

from __future__ import annotations

import pytest

from gensim_gym.generation.family import DirectiveFamily
from gensim_gym.world.compiled import CompiledWorld
from tests.conftest import DOMAINS, domain_directive


def grounding_of(world: CompiledWorld) -> tuple:
    """Everything the grounding fills, as plain values (compiled closures compared by what they read)."""
    actions = [None if a is None else (a.id, a.label, a.fail_prob, a.distractor, a.requires, a.value_reads,
                                       a.pre.facts, a.pre.nums, a.pre.literals, a.effects.adds, a.effects.dels,
                                       tuple((j, op) for j, op, _ in a.effects.assigns), a.effects.reveals)
               for a in world.actions]
    return actions, [a.id for a in world.valid_actions], world.fact_deps, world.num_deps


@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize("domain", DOMAINS)
def test_a_reused_grounding_is_a_fresh_one(domain: str, shuffle: bool) -> None:
    family = DirectiveFamily(domain_directive(domain), 0.5, seed=0, shuffle_slots=shuffle)
    layout = family.layout()
    seen: set[tuple] = set()
    reused = 0
    for seed in range(24):
        spec = family.spec_for_seed(seed)
        cached = CompiledWorld(spec, layout)
        reused += cached.grounding in seen
        seen.add(cached.grounding)
        saved = dict(layout.compile_cache)
        layout.compile_cache.clear()
        fresh = CompiledWorld(spec, layout)
        layout.compile_cache.clear()
        layout.compile_cache.update(saved)
        assert grounding_of(cached) == grounding_of(fresh)
        assert cached.actions is not fresh.actions and cached.valid_actions is not fresh.valid_actions
    assert reused or shuffle  # some tasks reused a grounding (shuffled slots rarely repeat an object placement)
