"""The progress potential Φ: its memo never changes a value, and an exact table never misses.

Φ is the dense reward's shaping, so a memo that returned another value than a fresh
computation would change rewards; and the environment's speed depends on exact tables
answering every state it produces without falling back to a computation.
"""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest

from gensim_gym.world.heuristic import DEAD_END, guidance
from gensim_gym.world.progress import WARM_AFTER, Progress, progress
from tests.conftest import DOMAINS, domain_directive


def walk_states(domain: str, difficulty: float, steps: int = 300):
    """(world, facts, nums) after every step of a random valid walk (fresh worlds' potentials, dense reward)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", action_space="ground",
                       directive=domain_directive(domain), difficulty=difficulty, seed=2, num_tasks=4)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    unwrapped = env.unwrapped
    for _ in range(steps):
        valid = np.flatnonzero(env.get_wrapper_attr("action_masks")())
        _, _, terminated, truncated, _ = env.step(int(rng.choice(valid)) if len(valid) else 0)
        yield unwrapped.world, bytearray(unwrapped._facts), list(unwrapped._nums)
        if terminated or truncated:
            env.reset()


@pytest.mark.parametrize("difficulty", [0.2, 0.5, 0.9])
@pytest.mark.parametrize("domain", DOMAINS)
def test_phi_equals_a_fresh_computation(domain: str, difficulty: float) -> None:
    """Φ from the memo (the env's path) is 1 − min(d, cap)/d₀ with d computed afresh: the exact table's
    distance, or the guidance's estimate without any memo."""
    for world, facts, nums in walk_states(domain, difficulty):
        phi = progress(world)
        # an exact table holds every state the env produces; otherwise the estimate, with no memo
        d = phi.memo[phi.key(facts, nums)] if phi.exact else guidance(world).estimate(facts, nums)
        assert phi(facts, nums) == 1.0 - min(d, phi.cap) / phi.d0


@pytest.mark.parametrize("domain", DOMAINS)
def test_exact_table_fills_phi_on_demand_with_the_up_front_values(domain: str) -> None:
    """An exact table's Φ is filled at a state's first lookup from its distance: the same value the whole
    table computed up front gives (``_exact_phis``), every state the env produces is in ``memo``, and the
    table's size (the env's cache weight) is every swept state's, however few were looked up."""
    seen = 0
    for world, facts, nums in walk_states(domain, 0.2):
        phi = progress(world)
        if not phi.exact:
            continue
        assert phi.size == len(phi.memo)
        up_front = phi._exact_phis()
        assert phi.key(facts, nums) in phi.memo
        assert phi(facts, nums) == up_front[phi.key(facts, nums)]
        for k in list(phi.memo)[:64]:  # the first lookup of a state and a repeated one
            assert phi.phis.get(k, up_front[k]) == up_front[k]
        seen += 1
    assert seen, f"no {domain} task at difficulty 0.2 had an exact table"


def test_key_leaves_out_fluents_no_relevant_action_assigns() -> None:
    """Fluents nothing relevant assigns are constant within a task: keying on them would only cost time."""
    checked = 0
    for world, _, _ in walk_states("calendar", 0.5, steps=60):
        phi = progress(world)
        assert set(phi._nidx) <= phi._assigned
        assigned = {j for a in guidance(world).relevant for j, _, _ in a.effects.assigns}
        assert phi._assigned == assigned
        capacities = {world.layout.num_index("capacity", (r,)) for r in range(world.layout.capacity["room"])}
        assert not capacities & set(phi._nidx)  # no calendar tool assigns a room's capacity
        checked += 1
    assert checked


def test_unreachable_state_of_an_exact_table_is_a_dead_end() -> None:
    """Only the real dynamics produce states; a state outside the exact table reads as a dead end (Φ at its floor)."""
    for world, facts, nums in walk_states("warehouse", 0.0, steps=5):
        phi = Progress(world)
        if not phi.exact:
            continue
        odd = bytearray(facts)
        for i in sorted(phi.facts):  # flip relevant facts until the state leaves the table
            odd[i] ^= 1
            if phi.key(odd, nums) not in phi.memo:
                break
        else:
            continue
        assert phi.distance(odd, nums) == DEAD_END
        assert phi(odd, nums) == 1.0 - phi.cap / phi.d0
        return
    pytest.skip("no exact warehouse task with an unreachable flip found")


def test_estimate_tasks_warm_phi_near_the_start_after_a_few_misses() -> None:
    """When the exact sweep stops at ``max_states``, Φ of the states it enumerated (the start and its
    neighbourhood, where every episode begins) is computed once the table has missed ``WARM_AFTER``
    times (a task played for one short episode never pays for it), with the same values."""
    warmed = 0
    for world, _, _ in walk_states("calendar", 0.5, steps=40):
        fresh = Progress(world)  # before any lookup: only what preparation computed
        if fresh.exact:
            continue
        g = guidance(world)
        start = (bytearray(world.init_facts), list(world.init_nums))
        near = [start]
        for a in g.relevant:
            if a.pre.fn(*start):
                f2, n2 = bytearray(start[0]), list(start[1])
                world.apply(f2, n2, a.effects)
                near.append((f2, n2))
        assert not any(fresh.key(*state) in fresh.phis for state in near[1:])  # not warmed yet
        blank = (bytearray(len(world.init_facts)), list(world.init_nums))  # a state far from the start
        for _ in range(WARM_AFTER - 1):  # each lookup of a key not in the table is a miss
            fresh(*blank)
            fresh.phis.pop(fresh.key(*blank))
        assert fresh._nearest is not None  # not warmed yet
        fresh(*blank)
        assert fresh._nearest is None  # warmed on the WARM_AFTER-th miss
        for facts, nums in near:
            k = fresh.key(facts, nums)
            assert k in fresh.phis
            assert fresh.phis[k] == 1.0 - min(g.estimate(facts, nums), fresh.cap) / fresh.d0
        warmed += 1
    assert warmed, "no calendar task at difficulty 0.5 was too large for the exact table"


def test_lazy_warming_changes_no_value() -> None:
    """Φ looked up along random walks is the same whether the table warms at once or after misses."""
    checked = 0
    for world, facts, nums in walk_states("calendar", 0.5, steps=60):
        lazy, eager = Progress(world), Progress(world)
        if lazy.exact:
            continue
        eager._warm(eager._nearest)
        eager._nearest = None
        assert lazy(facts, nums) == eager(facts, nums)
        checked += 1
    assert checked


@pytest.mark.parametrize("domain", ["warehouse", "webshop", "calendar"])
def test_warming_from_a_layer_sweeps_words_equals_warming_state_by_state(domain: str) -> None:
    """A stopped layer sweep hands its states over as words (``LayerStates``); the warm-up keys them with numpy and
    estimates each key's first state. That gives the same Φ table, in the same order, as keying every state."""
    from gensim_gym.generation.family import DirectiveFamily
    from gensim_gym.world.compiled import CompiledWorld
    from gensim_gym.world.layered import LayerStates

    checked = 0
    family = DirectiveFamily(domain_directive(domain), 0.5, seed=0)
    for seed in range(12):
        world = CompiledWorld(family.spec_for_seed(seed), family.layout())
        by_words, by_states = Progress(world), Progress(world)
        if by_words.exact or not isinstance(by_words._nearest, LayerStates):
            continue  # exact, or swept one state at a time (a constraint's guard)
        by_words.warm()
        by_states._warm(by_states._nearest())  # the same states as a plain list: keyed one by one
        assert list(by_words.phis.items()) == list(by_states.phis.items())
        checked += 1
    assert checked


def test_phi_is_left_out_of_the_observation_when_facts_are_hidden():
    import gymnasium as gym

    import gensim_gym  # noqa: F401

    for directive, observed in (("domain: warehouse, hidden", False), ("domain: warehouse", True)):
        env = gym.make("GenSim-v0", directive=directive, difficulty=0.4, seed=0, action_space="ground")
        obs, _ = env.reset(seed=0)
        seen = [obs[-3]]
        oracle = env.get_wrapper_attr("oracle_actions")
        for _ in range(4):
            plan = oracle()
            if not plan:
                break
            obs, _, terminated, truncated, _ = env.step(plan[0])
            seen.append(obs[-3])
            if terminated or truncated:
                break
        assert any(v > 0 for v in seen) == observed, directive


def test_shaping_never_rewards_a_call_that_lengthens_the_exact_shortest_plan():
    """Over random walks in every domain (exact tables only): w·(γΦ(s′) − Φ(s)) ≤ 0 whenever d(s′) > d(s)."""
    import numpy as np

    import gensim_gym
    from gensim_gym.generation.toolsets import load_registry
    from gensim_gym.world.compiled import CompiledWorld
    from gensim_gym.world.layout import Layout
    from gensim_gym.world.progress import progress

    checked = 0
    for domain in load_registry():
        for extra in ("", ", hidden", ", noisy"):
            for seed in range(3):
                spec = gensim_gym.generate(f"domain: {domain}{extra}", difficulty=0.4, seed=seed)
                world = CompiledWorld(spec, Layout.from_spec(spec))
                phi = progress(world)
                if not phi.exact:
                    continue
                rng = np.random.default_rng(seed)
                facts, nums = bytearray(world.init_facts), list(world.init_nums)
                for _ in range(12):
                    calls = world.applicable(facts, nums)
                    if not calls or world.is_goal(facts, nums):
                        break
                    d, p = phi.distance(facts, nums), phi(facts, nums)
                    for call in calls:
                        f2, n2 = bytearray(facts), list(nums)
                        world.apply(f2, n2, call.effects)
                        after = 0.0 if world.is_goal(f2, n2) else phi(f2, n2)
                        if phi.distance(f2, n2) > d:
                            assert spec.reward.gamma * after - p <= 0, (domain, extra, seed, call.label)
                            checked += 1
                    world.apply(facts, nums, calls[int(rng.integers(len(calls)))].effects)
    assert checked > 200


def _episodes(domain: str, steps: int, warm: bool) -> tuple[list[bytes], list[float], int]:
    """Observations (as bytes), rewards and the number of estimated tables met in ``steps`` random valid
    steps of the default face on a pool of 4 medium tasks; ``warm``: each task's Φ is warmed in full at its
    resets (else as play makes it, or never when the caller has raised ``WARM_AFTER``)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", directive=domain_directive(domain), difficulty=0.5, seed=1, num_tasks=4)
    base = env.unwrapped
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=0)
    observations, rewards, estimated = [obs.tobytes()], [], set()

    def after_reset() -> None:
        potential = base._rt.potential
        if potential is not None and not potential.exact:
            estimated.add(base.world.spec_id)
            if warm:
                potential.warm()

    after_reset()
    for _ in range(steps):
        valid = np.flatnonzero(env.get_wrapper_attr("action_masks")())
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(valid)))
        observations.append(obs.tobytes())
        rewards.append(float(reward))
        if terminated or truncated:
            obs, _ = env.reset()
            observations.append(obs.tobytes())
            after_reset()
    return observations, rewards, len(estimated)


@pytest.mark.parametrize("domain", ["calendar", "filesystem"])
def test_episodes_do_not_depend_on_how_much_phi_was_warmed(domain: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Warming only computes Φ earlier (it is a function of the state's key): the same actions give the same
    observations and rewards whether estimated tables are warmed in full at once, as play makes them
    (after ``WARM_AFTER`` misses), or never. The amount warmed once depended on a clock (docs/hot_paths.md)."""
    full = _episodes(domain, 1500, warm=True)
    lazy = _episodes(domain, 1500, warm=False)
    monkeypatch.setattr("gensim_gym.world.progress.WARM_AFTER", 10**9)
    never = _episodes(domain, 1500, warm=False)
    assert full[2], f"no {domain} task of the pool has an estimated table"
    assert full == lazy == never


def test_layer_states_key_one_by_one_when_the_fluents_find_no_room_beside_the_facts() -> None:
    """With 64 facts a word has no bits left for the fluents' projection: the keys are then made state by state,
    with the same result as the numpy path gives where there is room."""
    from gensim_gym.world.layered import LayerStates

    words = np.array([0b11, 0b01, 0b11, 0b10, 0b01], dtype=np.uint64)
    fids = np.array([0, 1, 1, 0, 1], dtype=np.int64)
    values = [(1.0, 5.0), (2.0, 5.0)]

    def byte_forms(ws: np.ndarray) -> list[int]:
        return [sum(1 << (8 * b) for b in range(64) if int(w) >> b & 1) for w in ws]

    fmask = (1 << 8) - 1  # fact 0 only
    crowded = LayerStates(words, fids, values, byte_forms, range(64)).distinct(fmask, [0])
    roomy = LayerStates(words, fids, values, byte_forms, range(8)).distinct(fmask, [0])
    assert crowded == roomy == [((1, (1.0,)), (0x101, (1.0, 5.0))), ((1, (2.0,)), (1, (2.0, 5.0))),
                                ((0, (1.0,)), (0x100, (1.0, 5.0)))]
