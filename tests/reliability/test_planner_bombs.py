"""Issue 17, case 1: a valid spec must not make planning or verification run away in time or memory."""

from __future__ import annotations

import time

import pytest

from gensim_gym.errors import SearchSpaceError, SpecError
from gensim_gym.generation.llm.checks import check_spec
from gensim_gym.generation.verify import verify
from gensim_gym.spec.validate import MAX_GROUND_WORK, validate_spec
from gensim_gym.world.budget import SearchLimits
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.layout import Layout
from gensim_gym.world.planner import best_plan, plan
from gensim_gym.world.progress import Progress
from tests.reliability.bombs import setpair_bomb


@pytest.fixture(scope="module")
def bomb_world() -> CompiledWorld:
    spec = validate_spec(setpair_bomb())
    return CompiledWorld(spec, Layout.from_spec(spec))


def test_verify_refuses_the_setpair_bomb_within_its_time_limit() -> None:
    spec = validate_spec(setpair_bomb())
    start = time.thread_time()
    report = verify(spec)
    assert time.thread_time() - start < 4.0  # the default limit is 2 CPU-s; slack for the checks between
    assert not report.ok
    assert report.reason.startswith("search space too large")


def test_the_planner_raises_a_spec_error_on_its_state_limit(bomb_world: CompiledWorld) -> None:
    with pytest.raises(SearchSpaceError, match="search space too large: the planner stored") as info:
        plan(bomb_world, limits=SearchLimits(seconds=60, states=5_000))
    assert isinstance(info.value, SpecError)


def test_the_planner_raises_on_its_memory_limit(bomb_world: CompiledWorld) -> None:
    with pytest.raises(SearchSpaceError, match="MB"):
        best_plan(bomb_world, limits=SearchLimits(seconds=60, bytes=2 * 2**20))


def test_the_planner_raises_on_its_time_limit(bomb_world: CompiledWorld) -> None:
    start = time.thread_time()
    with pytest.raises(SearchSpaceError, match="longer than 0.3 s"):
        plan(bomb_world, limits=SearchLimits(seconds=0.3))
    assert time.thread_time() - start < 2.0


def test_the_progress_sweep_is_bounded(bomb_world: CompiledWorld) -> None:
    start = time.thread_time()
    phi = Progress(bomb_world)
    assert not phi.exact
    assert time.thread_time() - start < 3.0


def test_the_llm_check_turns_the_bomb_into_a_repair_hint() -> None:
    doc = setpair_bomb()
    verdict = check_spec({s: doc[s] for s in ("task", "tools", "reward")}, "bomb", seed=0)
    assert verdict.spec is None
    assert any("search space too large" in p for p in verdict.problems)


def test_validation_refuses_a_ground_space_past_the_cap_before_any_search() -> None:
    doc = setpair_bomb(n=32, pads=0)
    doc["task"]["predicates"] = [{"name": f"p{k}", "params": ["thing", "thing"]} for k in range(4)]
    doc["task"]["init"] = []
    with pytest.raises(SpecError, match="search space too large") as info:
        validate_spec(doc)
    assert f"at most {MAX_GROUND_WORK}" in str(info.value)


def test_the_oracle_gives_up_within_the_limits_instead_of_running_away() -> None:
    from gensim_gym.envs.gensim_env import GenSimEnv
    from gensim_gym.envs.sources import FixedSpec

    env = GenSimEnv(FixedSpec(validate_spec(setpair_bomb())))
    env.reset(seed=0)
    start = time.thread_time()
    assert env.oracle_actions() == []
    assert time.thread_time() - start < 4.0
