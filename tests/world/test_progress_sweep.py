"""The progress sweep on int-held states enumerates exactly what the array sweep does.

The dense reward's potential Φ comes from this sweep's table; a sweep that merged, missed or reordered
a state would change rewards (or the point where a large task falls back to the estimate), so the
faster :meth:`Progress._sweep_bits` is checked against :meth:`Progress._sweep_arrays` state by state.
"""

from __future__ import annotations

import pytest

from gensim_gym.generation.family import DirectiveFamily
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.heuristic import guidance
from gensim_gym.world.progress import MAX_STATES, Progress
from tests.conftest import DOMAINS, domain_directive


def both_sweeps(world: CompiledWorld, max_states: int = MAX_STATES) -> tuple[tuple, tuple]:
    """(states returned, memo) of each sweep on ``world``."""
    progress = Progress.__new__(Progress)
    progress.world = world
    Progress.__init__(progress, world)  # sets the key masks both sweeps use
    relevant = guidance(world).relevant
    size = len(world.init_facts)
    int_held = progress._sweep_bits(relevant, max_states)
    as_arrays = [(bytearray(b.to_bytes(size, "little")), list(n)) for b, n in int_held]
    bits = as_arrays, dict(progress.memo)
    arrays = progress._sweep_arrays(relevant, max_states), dict(progress.memo)
    return bits, arrays


@pytest.mark.parametrize("domain", DOMAINS)
def test_bit_sweep_equals_array_sweep(domain: str) -> None:
    # difficulty 0.5 and 0.9: exact tables and tasks past MAX_STATES (whose enumerated states feed the estimate)
    exact = estimated = 0
    for difficulty in (0.5, 0.9):
        family = DirectiveFamily(domain_directive(domain), difficulty, seed=0)
        for seed in range(4):
            spec = family.spec_for_seed(seed)
            world = CompiledWorld(spec, family.layout())
            (bit_states, bit_memo), (array_states, array_memo) = both_sweeps(world)
            assert bit_memo == array_memo
            assert list(bit_memo) == list(array_memo)  # states numbered in the same order
            assert bit_states == array_states  # same states, same order, same arrays
            exact += not bit_states
            estimated += bool(bit_states)
    assert exact  # both kinds of outcome were compared
    if domain in ("warehouse", "filesystem", "calendar"):
        assert estimated


def test_a_small_state_cap_stops_both_sweeps_at_the_same_state() -> None:
    family = DirectiveFamily(domain_directive("webshop"), 0.5, seed=0)
    world = CompiledWorld(family.spec_for_seed(3), family.layout())
    (bit_states, _), (array_states, _) = both_sweeps(world, max_states=5)
    assert len(bit_states) == 5
    assert bit_states == array_states
