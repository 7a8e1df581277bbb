"""The landmark heuristic on integer-coded literals and action bit sets returns exactly what the
set-based formulation returns (kept below as the reference), on states of random walks in every domain.

Its value is the environment's Φ for tasks too large for the exact table and the planner's A*
guidance, so any difference would change rewards and plans.
"""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest

from gensim_gym.world.heuristic import DEAD_END, MAX_CHAIN, Guidance, guidance
from gensim_gym.world.progress import progress
from tests.conftest import DOMAINS, domain_directive


def enablers(g: Guidance, ids: frozenset[int] | tuple[int, ...], facts: bytearray) -> frozenset[int] | None:
    """The enabler landmark of ``ids`` (None if one of them is applicable)."""
    out: set[int] = set()
    for a in ids:
        for i, want, achievers in g._requirements_by_size(a):
            if facts[i] != want:
                out.update(achievers)
                break
        else:
            return None
    return frozenset(out) if out else None


def reference_estimate(g: Guidance, facts: bytearray, nums: list[float]) -> int:
    """The heuristic as formulated on tuples and frozensets (the code before the coded rewrite)."""

    landmarks: list[frozenset[int]] = []
    seen: set[tuple[int, int]] = set()
    unsat = 0
    stack: list[tuple[tuple[int, int], int]] = []
    for goal, target in zip(g.world.goals, g.targets, strict=True):
        if goal.fn(facts, nums):
            continue
        unsat += 1
        if isinstance(target, list):
            stack.extend((lit, 0) for lit in target if facts[lit[0]] != lit[1])
        else:
            if not target[0]:
                return DEAD_END
            landmarks.append(target[0])
            stack.extend((lit, 1) for lit in target[1] if facts[lit[0]] != lit[1])
    while stack:
        lit, depth = stack.pop()
        if lit in seen:
            continue
        seen.add(lit)
        ids, common = g.landmark(lit)
        if not ids:
            return DEAD_END
        landmarks.append(ids)
        if depth >= MAX_CHAIN:
            continue
        unmet = [q for q in common if facts[q[0]] != q[1]]
        if unmet:
            stack.extend((q, depth + 1) for q in unmet if q not in seen)
        else:
            extra = enablers(g, ids, facts)
            if extra:
                landmarks.append(extra)
    if not unsat:
        return 0
    return max(disjoint_count(landmarks), -(-unsat // g.k), 1)


def disjoint_count(landmarks: list[frozenset[int]]) -> int:
    """How many landmarks a greedy pass, smallest first, picks pairwise disjoint."""
    landmarks.sort(key=len)
    used: set[int] = set()
    count = 0
    for ids in landmarks:
        if used.isdisjoint(ids):
            used.update(ids)
            count += 1
    return count


@pytest.mark.parametrize("extra", ["", "hard"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_coded_heuristic_matches_set_formulation(domain: str, extra: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        env = gym.make("GenSim-v0", action_space="ground",
                       directive=domain_directive(domain, extra), difficulty=0.5, seed=3, num_tasks=4)
    u = env.unwrapped
    rng = np.random.default_rng(3)
    checked = 0
    for episode in range(40):
        env.reset(seed=episode if episode == 0 else None)
        g = guidance(u.world)
        done = False
        while not done:
            facts, nums = u._facts, u._nums
            assert g(facts, nums) == reference_estimate(g, facts, nums)
            # and on a random perturbation of the state: states the planner or a memo may meet
            other = bytearray(facts)
            for i in rng.integers(len(other), size=3):
                other[i] ^= 1
            assert g(other, nums) == reference_estimate(g, other, nums)
            checked += 2
            valid = np.flatnonzero(u.action_masks())
            _, _, terminated, truncated, _ = env.step(int(rng.choice(valid)) if len(valid) else 0)
            done = terminated or truncated
    assert checked > 100


@pytest.mark.parametrize("domain", DOMAINS)
def test_estimate_reads_only_its_inputs(domain: str) -> None:
    """Changing facts and fluents outside ``Guidance.inputs()`` never changes the estimate (Φ's memo relies on it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        env = gym.make("GenSim-v0", action_space="ground",
                       directive=domain_directive(domain, "hard"), difficulty=0.5, seed=4, num_tasks=4)
    u = env.unwrapped
    rng = np.random.default_rng(4)
    for episode in range(20):
        env.reset(seed=episode if episode == 0 else None)
        g = guidance(u.world)
        facts_in, nums_in = g.inputs()
        outside = [i for i in range(len(u._facts)) if i not in facts_in]
        outside_nums = [j for j in range(len(u._nums)) if j not in nums_in]
        done = False
        while not done:
            value = g(u._facts, u._nums)
            for _ in range(3):
                facts, nums = bytearray(u._facts), list(u._nums)
                for i in outside:
                    facts[i] = int(rng.integers(2))
                for j in outside_nums:
                    nums[j] = float(rng.integers(0, 10))
                assert g(facts, nums) == value
            valid = np.flatnonzero(u.action_masks())
            _, _, terminated, truncated, _ = env.step(int(rng.choice(valid)) if len(valid) else 0)
            done = terminated or truncated



@pytest.mark.parametrize("extra", ["", "hard"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_search_estimate_is_admissible_and_never_below_the_plain_one(domain: str, extra: str) -> None:
    """The planner's estimate (``Guidance.search``) lies between the plain estimate and the true distance.

    True distances: along each task's golden plan (a shortest plan: L − t steps remain after t of its
    L steps), and, where the exact progress table exists (a sweep of every reachable state), on the
    states of random episodes. This is what lets A* with it still return shortest plans.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        env = gym.make("GenSim-v0", action_space="ground",
                       directive=domain_directive(domain, extra), difficulty=0.5, seed=5, num_tasks=6)
    u = env.unwrapped
    rng = np.random.default_rng(5)
    checked = stronger = 0
    for episode in range(30):
        env.reset(seed=episode if episode == 0 else None)
        world = u.world
        g, table = guidance(world), progress(world)
        facts, nums = bytearray(world.init_facts), list(world.init_nums)
        by_label = world.action_by_label()
        plan = [by_label[label] for label in u.sim_spec.golden_plan]
        for t, action in enumerate(plan):
            assert g(facts, nums) <= g.search(facts, nums) <= len(plan) - t
            world.apply(facts, nums, action.effects)
        done = False
        while not done:
            facts, nums = u._facts, u._nums
            plain, strong = g(facts, nums), g.search(facts, nums)
            assert plain <= strong
            assert (plain >= DEAD_END) == (strong >= DEAD_END)
            stronger += strong > plain
            if table.exact:
                assert strong <= table.distance(facts, nums)
                checked += 1
            valid = np.flatnonzero(u.action_masks())
            _, _, terminated, truncated, _ = env.step(int(rng.choice(valid)) if len(valid) else 0)
            done = terminated or truncated
    assert checked > 20 or extra  # hard tasks are mostly too large for the exact table
    if domain == "calendar":
        assert stronger > 0  # the case it was made for
