"""The progress sweep on int-held states enumerates exactly what the array sweep does.

The dense reward's potential Φ comes from this sweep's table; a sweep that merged, missed or reordered
a state would change rewards (or the point where a large task falls back to the estimate), so the
faster :meth:`Progress._sweep_bits` is checked against :meth:`Progress._sweep_arrays` state by state.
"""

from __future__ import annotations

import pickle

import pytest

from gensim_gym.generation.family import DirectiveFamily
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.heuristic import DEAD_END, guidance
from gensim_gym.world.layered import fits
from gensim_gym.world.layered_fluents import fits as fits_fluents
from gensim_gym.world.packed import PackedDistances
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



def _exact_key(world: CompiledWorld, relevant) -> tuple[set[int], set[int]]:
    """What the exact table keys on (as Progress.__init__ computes it before a sweep)."""
    facts = {i for goal in world.goals for i in goal.facts}
    nums = {j for goal in world.goals for j in goal.nums}
    for a in relevant:
        facts |= a.pre.facts | a.value_reads[0]
        nums |= a.pre.nums | a.value_reads[1]
    return facts, nums


def fitting_worlds(domain: str) -> list[tuple[Progress, list]]:
    """Worlds of ``domain`` (difficulty 0.2-0.9) the numpy layer sweep fits, each with a Progress keyed
    as for the exact table, and its relevant actions."""
    out = []
    for difficulty in (0.2, 0.5, 0.9):
        family = DirectiveFamily(domain_directive(domain), difficulty, seed=0)
        for seed in range(6):
            world = CompiledWorld(family.spec_for_seed(seed), family.layout())
            relevant = guidance(world).relevant
            progress = Progress.__new__(Progress)
            progress.world = world
            progress._assigned = frozenset(j for a in relevant for j, _, _ in a.effects.assigns)
            progress._set_key(*_exact_key(world, relevant))
            if fits(world, relevant, progress._nidx):
                out.append((progress, relevant))
    return out


def compare_layered(progress: Progress, relevant: list, cap: int) -> tuple[list, dict]:
    """Both int sweeps on one world: the states each returns and each memo must be equal (order too)."""
    progress.memo = {}  # a sweep that stops fills none
    layered = progress._sweep_bits(relevant, cap, layers=True)
    layered_memo, progress.memo = progress.memo, {}
    single = progress._sweep_bits(relevant, cap, layers=False)
    assert layered == single  # same states (int-held), same order
    assert list(layered_memo.items()) == list(progress.memo.items())  # same keys, numbering and distances
    return layered, layered_memo


def test_layer_sweep_equals_one_state_sweep() -> None:
    """Where the numpy layer sweep fits a world (warehouse among the built-in domains), it numbers the same
    states in the same order with the same distances (exact tables), and stops at the same states (past
    MAX_STATES; a cap of 40 stops inside a layer)."""
    worlds = fitting_worlds("warehouse")
    assert len(worlds) >= 12
    exact = stopped = 0
    for progress, relevant in worlds:
        for cap in (MAX_STATES, 40):
            states, _ = compare_layered(progress, relevant, cap)
            exact += not states
            stopped += bool(states)
    assert exact and stopped


def test_layer_sweep_stops_at_the_same_check_count(monkeypatch) -> None:
    """The bound on precondition checks (MAX_SWEEP_CHECKS) stops both sweeps before the same state."""
    from gensim_gym.world import layered, sweep

    monkeypatch.setattr(sweep, "MAX_SWEEP_CHECKS", 3000)
    monkeypatch.setattr(layered, "MAX_SWEEP_CHECKS", 3000)
    stopped = 0
    for progress, relevant in fitting_worlds("warehouse")[:8]:
        states, _ = compare_layered(progress, relevant, MAX_STATES)
        stopped += 0 < len(states) < MAX_STATES
    assert stopped


@pytest.mark.parametrize("domain", [d for d in DOMAINS if d != "warehouse"])
def test_layer_sweep_equals_one_state_sweep_elsewhere(domain: str) -> None:
    """The other built-in domains' worlds the layer sweep fits (if any) give the same tables too."""
    for progress, relevant in fitting_worlds(domain):
        compare_layered(progress, relevant, MAX_STATES)


def fluent_fitting_worlds(domain: str) -> list[tuple[Progress, list]]:
    """Worlds of ``domain`` (difficulty 0.2-0.9) the fluent layer sweep fits and the facts-only one does not."""
    out = []
    for difficulty in (0.2, 0.5, 0.9):
        family = DirectiveFamily(domain_directive(domain), difficulty, seed=0)
        for seed in range(6):
            world = CompiledWorld(family.spec_for_seed(seed), family.layout())
            relevant = guidance(world).relevant
            progress = Progress.__new__(Progress)
            progress.world = world
            progress._assigned = frozenset(j for a in relevant for j, _, _ in a.effects.assigns)
            progress._set_key(*_exact_key(world, relevant))
            if fits_fluents(world, relevant) and not fits(world, relevant, progress._nidx):
                out.append((progress, relevant))
    return out


@pytest.mark.parametrize("domain", ["webshop", "calendar", "support"])
def test_fluent_layer_sweep_equals_one_state_sweep(domain: str) -> None:
    """Where the layer sweep with fluents fits (webshop, calendar, support), it numbers the same states in the same
    order with the same keys and distances, and stops at the same states (a cap of 40 stops inside a layer)."""
    worlds = fluent_fitting_worlds(domain)
    assert len(worlds) >= 4
    outcomes = set()
    for progress, relevant in worlds:
        for cap in (MAX_STATES, 40):
            states, _ = compare_layered(progress, relevant, cap)
            outcomes.add(bool(states))
    assert False in outcomes  # exact tables compared
    if domain != "support":  # (support's spaces are all under 40 states)
        assert True in outcomes  # and stopped sweeps


def test_fluent_layer_sweep_stops_at_the_same_check_count(monkeypatch) -> None:
    """The bound on precondition checks stops the fluent layer sweep before the same state as the one-state one."""
    from gensim_gym.world import layered_fluents, sweep

    monkeypatch.setattr(sweep, "MAX_SWEEP_CHECKS", 3000)
    monkeypatch.setattr(layered_fluents, "MAX_SWEEP_CHECKS", 3000)
    stopped = 0
    for progress, relevant in fluent_fitting_worlds("webshop")[:8]:
        states, _ = compare_layered(progress, relevant, MAX_STATES)
        stopped += 0 < len(states) < MAX_STATES
    assert stopped


def test_fluent_layer_sweep_without_actions_is_the_start_alone() -> None:
    """No relevant action: both sweeps give the start state alone (no empty-array edge case breaks the layers)."""
    from gensim_gym.world.layered_fluents import sweep_layers
    from gensim_gym.world.sweep import sweep

    family = DirectiveFamily(domain_directive("webshop"), 0.5, seed=0)
    world = CompiledWorld(family.spec_for_seed(1), family.layout())
    progress = Progress(world)
    layered = sweep_layers(world, [], MAX_STATES, progress._fmask, progress._nidx)
    single = sweep(world, [], MAX_STATES, progress._fmask, progress._nidx)
    assert list(layered.ids.items()) == list(single.ids.items())
    assert (layered.goals, layered.truncated) == (single.goals, single.truncated)


@pytest.mark.parametrize("domain", DOMAINS)
def test_a_packed_sweep_exports_the_same_table(domain: str) -> None:
    """``Progress(packed=True)`` (a prefetch worker's, :func:`shipped_progress`) packs an exact layer sweep's table
    from its arrays: its export pickles to the same bytes as packing the dict, and every state of the dict looks
    up the same distance (its dead ends none)."""
    packed_tables = 0
    for difficulty in (0.2, 0.5, 0.9):
        family = DirectiveFamily(domain_directive(domain), difficulty, seed=0)
        for seed in range(6):
            spec = family.spec_for_seed(seed)
            plain = Progress(CompiledWorld(spec, family.layout()))
            packed = Progress(CompiledWorld(spec, family.layout()), packed=True)
            assert pickle.dumps(packed.export(), 5) == pickle.dumps(plain.export(), 5)
            if isinstance(packed.memo, PackedDistances):
                packed_tables += 1
                reaching = {k: d for k, d in plain.memo.items() if d != DEAD_END}
                assert len(packed.memo) == len(reaching)
                assert all(packed.memo.get(k) == reaching.get(k) for k in plain.memo)
    if domain in ("warehouse", "webshop", "calendar"):
        assert packed_tables


def test_unique_first_is_numpys_unique() -> None:
    """The layer sweeps' ``unique_first`` gives what ``np.unique(..., return_index=True, return_inverse=True)`` does."""
    import numpy as np

    from gensim_gym.world.layered import unique_first

    rng = np.random.default_rng(0)
    for n in (0, 1, 2, 7, 300):
        for high in (3, 1 << 20, 1 << 63):
            keys = rng.integers(0, high, n, dtype=np.uint64)
            for want, got in zip(np.unique(keys, return_index=True, return_inverse=True), unique_first(keys),
                                 strict=True):
                assert np.array_equal(want.reshape(-1), got) and want.dtype == got.dtype
