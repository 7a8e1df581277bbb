"""The Ray extra: generation fan-out, the rate limiter, the curriculum actor, RLlib (issue 23).

Runs where ``ray`` is installed (``scripts/test_ray.sh`` makes ``.venv-ray``); skipped elsewhere. Everything
runs on one local Ray instance with 2 CPUs on loopback, started once for the module.
"""

from __future__ import annotations

import time

import pytest

ray = pytest.importorskip("ray")

import gensim_gym  # noqa: E402
from gensim_gym.curriculum import AlphaCurriculum, Task  # noqa: E402
from gensim_gym.errors import ArgumentError, BackendError, GenerationError  # noqa: E402
from gensim_gym.generation.llm import OfflineBackend, current_context  # noqa: E402
from gensim_gym.integrations.ray import (  # noqa: E402
    ActorCurriculum,
    CurriculumActor,
    RateLimiter,
    generate_many,
    start_curriculum_actor,
)

pytestmark = pytest.mark.ray
DIRECTIVE = "domain: warehouse"


@pytest.fixture(scope="module", autouse=True)
def _ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, namespace="gensim-tests",
             configure_logging=False, _node_ip_address="127.0.0.1")
    yield
    ray.shutdown()


# -- generation ------------------------------------------------------------------------------------
def test_ray_generation_gives_the_local_specs_bit_for_bit_in_seed_order():
    local = gensim_gym.generate_many(DIRECTIVE, 5, seed=3, backend="offline_llm", cache=False, progress=False)
    done = []
    fanned = generate_many(DIRECTIVE, 5, seed=3, backend="offline_llm", cache=False, max_in_flight=2,
                           progress=lambda d, total: done.append((d, total)))
    assert [s.to_json() for s in fanned] == [s.to_json() for s in local]
    assert [s.meta["generator"]["seed"] for s in fanned] == [3, 4, 5, 6, 7]
    assert done[-1] == (5, 5) and [d for d, _ in done] == sorted(d for d, _ in done)
    assert fanned.usage.as_tuple() == local.usage.as_tuple()


def test_ray_generation_offline_backend_gives_generate_specs():
    batch = generate_many(DIRECTIVE, 3, seed=10, backend="offline", progress=False)
    assert [s.to_json() for s in batch] == [gensim_gym.generate(DIRECTIVE, seed=s).to_json() for s in (10, 11, 12)]


@ray.remote(num_cpus=0)
class Gauge:
    """Counts backend calls in progress across workers and remembers the most at once."""

    def __init__(self) -> None:
        self.now = self.most = self.calls = 0

    def enter(self) -> None:
        self.now += 1
        self.calls += 1
        self.most = max(self.most, self.now)

    def leave(self) -> None:
        self.now -= 1

    def read(self) -> tuple[int, int]:
        return self.most, self.calls


class GaugedBackend:
    """The offline backend, slowed down and counted; fails every stage of ``fail_seed``."""

    cache_id = "gauged-offline"

    def __init__(self, gauge, fail_seed: int = -1) -> None:
        self.gauge, self.fail_seed, self.inner = gauge, fail_seed, OfflineBackend()

    def __call__(self, messages, schema):
        if current_context().seed == self.fail_seed:
            raise BackendError(f"endpoint down for seed {self.fail_seed}")
        ray.get(self.gauge.enter.remote())
        try:
            time.sleep(0.05)
            return self.inner(messages, schema)
        finally:
            ray.get(self.gauge.leave.remote())


def test_ray_generation_is_bounded_in_flight():
    gauge = Gauge.remote()
    batch = generate_many(DIRECTIVE, 4, backend=GaugedBackend(gauge), cache=False, max_in_flight=1, progress=False)
    most, calls = ray.get(gauge.read.remote())
    assert len(batch) == 4 and most == 1 and calls == 12  # three stages per spec, one spec at a time


def test_ray_generation_keeps_partial_results_when_a_seed_fails():
    gauge = Gauge.remote()
    backend = GaugedBackend(gauge, fail_seed=2)
    with pytest.raises(GenerationError, match="1 of 4 generations failed") as caught:
        generate_many(DIRECTIVE, 4, backend=backend, cache=False, progress=False)
    partial = caught.value.batch
    assert [s.meta["generator"]["seed"] for s in partial] == [0, 1, 3]
    assert list(partial.failures) == [2] and "endpoint down for seed 2" in partial.failures[2]
    kept = generate_many(DIRECTIVE, 4, backend=backend, cache=False, progress=False, skip_failures=True)
    assert len(kept) == 3 and list(kept.failures) == [2]


def test_ray_generation_timeout_fails_the_unfinished_seeds(tmp_path):
    gauge = Gauge.remote()
    batch = generate_many(DIRECTIVE, 6, backend=GaugedBackend(gauge), cache=False, max_in_flight=1, timeout=0.01,
                          progress=False, skip_failures=True)
    assert len(batch) + len(batch.failures) == 6 and batch.failures
    assert all("within timeout=0.01 s" in reason for reason in batch.failures.values())


def test_ray_workers_share_the_disk_cache(tmp_path):
    first = generate_many(DIRECTIVE, 3, backend="offline_llm", cache_dir=tmp_path, progress=False)
    again = generate_many(DIRECTIVE, 3, backend="offline_llm", cache_dir=tmp_path, progress=False)
    assert [s.meta["llm"]["cache"] for s in first] == ["miss"] * 3
    assert [s.meta["llm"]["cache"] for s in again] == ["hit"] * 3
    assert [s.id for s in again] == [s.id for s in first]


def test_ray_generation_checks_its_arguments():
    with pytest.raises(ArgumentError, match="max_in_flight=0"):
        generate_many(DIRECTIVE, 2, backend="offline", max_in_flight=0)
    with pytest.raises(ArgumentError, match="offline backend takes no options"):
        generate_many(DIRECTIVE, 2, backend="offline", model="x")
    with pytest.raises(ArgumentError, match="seed=-1"):
        generate_many(DIRECTIVE, 2, backend="offline", seed=-1)
    with pytest.raises(TypeError, match="not both"):
        generate_many(DIRECTIVE, 2, backend="offline", max_in_flight=2, concurrency=2)
    # the local path's keyword works unchanged
    assert len(generate_many(DIRECTIVE, 2, backend="offline", concurrency=1, progress=False)) == 2


def test_rate_limiter_spaces_grants_after_the_burst():
    limiter = RateLimiter(rate=10.0, burst=2)
    waits = [limiter.acquire() for _ in range(6)]
    assert waits[:2] == [0.0, 0.0]  # the burst goes at once
    assert waits[2:] == pytest.approx([0.1, 0.2, 0.3, 0.4], abs=0.02)
    with pytest.raises(ArgumentError, match="rate=0"):
        RateLimiter(rate=0)


def test_one_rate_limit_holds_across_workers():
    start = time.monotonic()
    batch = generate_many(DIRECTIVE, 2, backend="offline_llm", cache=False, requests_per_second=20.0, progress=False)
    elapsed = time.monotonic() - start
    assert batch.usage.calls == 6
    assert elapsed >= 5 / 20.0  # six calls at 20/s, one at once: the last waits 0.25 s whatever the workers


# -- the curriculum actor --------------------------------------------------------------------------
@ray.remote(num_cpus=0.5)
def play(name: str, outcomes: list[bool]) -> list[str]:
    """A fake env runner: takes a task per outcome from the actor and reports that outcome."""
    handle = ActorCurriculum(name, batch=4, prefetch=3)
    played = []
    for success in outcomes:
        task = handle.sample()
        handle.update(task, {"is_success": success, "return": 1.0 if success else 0.0, "length": 3})
        played.append(task.task_id)
    handle.flush()
    return played


def test_curriculum_actor_counts_every_episode_once():
    actor = start_curriculum_actor("alpha", directive=DIRECTIVE, name="count-once", pool_size=8, fold_every=1,
                                   max_plays=1000)
    outcomes = [[True, False, True, True, False, False, True, False, True, True, False],
                [False, False, True, False, True, False, False]]
    played = ray.get([play.remote("count-once", o) for o in outcomes])
    # a batch resent after a lost answer is refused, not counted twice
    handle = ActorCurriculum("count-once")
    handle.update(played[0][0], True)
    handle.flush()
    assert ray.get(actor.report.remote(handle.source, handle.seq, [{"task_id": played[0][0], "is_success": True}])) == 0
    ray.get(actor.flush.remote())
    state = ray.get(actor.state_dict.remote())
    counters = state["curriculum"]["counters"]
    total = sum(map(len, outcomes)) + 1
    assert counters["episodes"] == total and counters["unknown"] == 0
    assert counters["successes"] == sum(map(sum, outcomes)) + 1
    plays = {e["task_id"] if "task_id" in e else gensim_gym.SimSpec.from_dict(e["spec"]).id: e["plays"]
             for e in state["curriculum"]["pool"]}
    expected: dict[str, int] = {}
    for task_id in [*played[0], *played[1], played[0][0]]:
        expected[task_id] = expected.get(task_id, 0) + 1
    assert {k: v for k, v in plays.items() if v} == expected
    stats = ray.get(actor.stats.remote())
    assert stats["actor_results"] == total and stats["actor_duplicates"] == 1 and stats["actor_sources"] == 3
    assert stats["actor_restored"] == 0.0
    ray.kill(actor)


def test_curriculum_actor_saves_atomically_and_restores_after_a_crash(tmp_path):
    path = tmp_path / "curriculum.json"
    actor = start_curriculum_actor("alpha", directive=DIRECTIVE, name="restarts", pool_size=4, state_path=path,
                                   save_every=5, max_restarts=1)
    ray.get(play.remote("restarts", [True, False, True, False, True, True]))  # 6 results: saved at 5... and 6
    saved = ray.get(actor.save.remote())
    assert saved == str(path) and not list(tmp_path.glob(".curriculum.json.*"))  # no temporary file left
    ray.kill(actor, no_restart=False)  # a crash: Ray restarts the actor, which reads the file back
    handle = ActorCurriculum("restarts", timeout=60)
    stats = handle.stats()  # retried until the restarted actor answers
    assert stats["actor_restored"] == 1.0  # this answer came from the restarted actor
    assert stats["actor_results"] == 6 and stats["episodes"] + stats["pending"] == 6
    assert ray.get(actor.report.remote(*_first_source(path), [{"task_id": "x", "is_success": True}])) == 0
    ray.kill(actor)


def _first_source(path) -> tuple[str, int]:
    import json

    last = json.loads(path.read_text())["last_seq"]
    source = next(iter(last))
    return source, last[source]


def test_curriculum_actor_refuses_a_foreign_state_file(tmp_path):
    bad = tmp_path / "state.json"
    bad.write_text('{"format": "something else"}')
    with pytest.raises(gensim_gym.RunError, match="not a curriculum actor state"):
        CurriculumActor("alpha", directive=DIRECTIVE, state_path=bad)


def test_actor_curriculum_copies_get_their_own_source():
    import pickle

    handle = ActorCurriculum("somewhere", batch=8)
    handle.outbox.append({"task_id": "t", "is_success": True})
    copy = pickle.loads(pickle.dumps(handle))
    assert copy.source != handle.source and copy.outbox == [] and copy.batch == 8


def test_actor_curriculum_serves_gym_make():
    actor = start_curriculum_actor("alpha", directive=DIRECTIVE, name="for-gym", pool_size=4)
    env = gensim_gym.make_env(DIRECTIVE, curriculum=ActorCurriculum("for-gym", batch=2), seed=0)
    episodes = 0
    env.reset(seed=0)
    for _ in range(200):
        _obs, _r, term, trunc, _info = env.step(0)
        if term or trunc:
            episodes += 1
            env.reset()
    env.get_wrapper_attr("curriculum").flush()
    assert episodes > 0 and ray.get(actor.stats.remote())["actor_results"] == episodes
    assert isinstance(ray.get(actor.sample.remote(1))[0], Task)
    ray.kill(actor)


def test_alpha_state_roundtrip_is_what_the_actor_saves():
    cur = AlphaCurriculum(directive=DIRECTIVE, pool_size=4)
    local = CurriculumActor(cur)
    task = local.sample(1)[0]
    assert local.report("s", 1, [{"task_id": task.task_id, "is_success": True}]) == 1
    assert local.report("s", 1, [{"task_id": task.task_id, "is_success": True}]) == 0
    assert local.state_dict()["last_seq"] == {"s": 1}
    with pytest.raises(ArgumentError, match="every result needs 'task_id'"):
        local.report("s", 2, [{"task_id": task.task_id, "is_success": True}, {"is_success": False}])
    assert local.results == 1 and local.state_dict()["last_seq"] == {"s": 1}  # nothing of the bad batch folded
