"""The unlimited stream's prefetch worker: the same tasks and bit-identical episodes, generated ahead."""

from __future__ import annotations

import pickle

import gymnasium as gym
import numpy as np
import pytest

from gensim_gym.generation import prefetch
from gensim_gym.world.compiled import CompiledWorld
from gensim_gym.world.heuristic import DEAD_END
from gensim_gym.world.progress import Progress, progress

pytestmark = pytest.mark.skipif(not prefetch.available("process"), reason="needs the fork start method")


def play(env_id: str, workers: int, episodes: int, directive: str | None = None) -> tuple[list, object]:
    """Masked random play on a fresh env; the trace of every task id, observation and reward."""
    kwargs = {"directive": directive} if directive else {}
    env = gym.make(env_id, seed=3, prefetch=workers, **kwargs)
    source = env.unwrapped.source
    rng = np.random.default_rng(0)
    trace: list = []
    env.reset(seed=5)
    for _ in range(episodes):
        obs, info = env.reset()
        trace += [info["task_id"], obs.tobytes()]
        while True:
            mask = env.get_wrapper_attr("action_masks")()
            obs, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
            trace.append((reward, obs.tobytes()))
            if terminated or truncated:
                break
    worker = source._prefetcher
    stats = (worker.hits, worker.misses) if worker else None
    env.close()
    return trace, stats


@pytest.fixture(autouse=True)
def _start_early(monkeypatch) -> None:
    monkeypatch.setattr(prefetch, "START_AFTER", 2)
    monkeypatch.setattr(prefetch, "WAIT_SECONDS", 30.0)  # play every task from the worker, however loaded the machine


@pytest.mark.parametrize("env_id", ["GenSim-Warehouse-v0", "GenSim-Calendar-Easy-v0"])
def test_prefetched_stream_plays_the_same_episodes(env_id: str) -> None:
    ahead, stats = play(env_id, 1, 24)
    here, none = play(env_id, 0, 24)
    assert none is None
    assert stats is not None and stats[0] >= 18  # nearly every task came from the worker
    assert ahead == here


def test_two_workers_same_episodes() -> None:
    assert play("GenSim-Support-v0", 2, 16)[0] == play("GenSim-Support-v0", 0, 16)[0]


def test_noisy_tools_stop_prefetching_and_change_nothing(monkeypatch) -> None:
    # noisy tools draw from the env's RNG during episodes, so the next task seeds cannot be predicted
    monkeypatch.setattr(prefetch, "MAX_MISSES", 3)
    directive = "noisy; domain: warehouse"
    ahead, _ = play("GenSim-v0", 1, 20, directive)
    assert ahead == play("GenSim-v0", 0, 20, directive)[0]


def test_default_is_one_worker_only_with_a_second_core(monkeypatch) -> None:
    monkeypatch.setattr(prefetch.os, "sched_getaffinity", lambda pid: {0})
    assert gym.make("GenSim-Warehouse-v0").unwrapped.source.prefetch == 0
    monkeypatch.setattr(prefetch.os, "sched_getaffinity", lambda pid: {0, 1})
    assert gym.make("GenSim-Warehouse-v0").unwrapped.source.prefetch == 1
    assert gym.make("GenSim-Warehouse-v0", num_tasks=8).unwrapped.source.prefetch == 0  # a pool needs none


def test_default_workers_take_at_most_the_free_cpus(monkeypatch) -> None:
    """On 2 CPUs one stream of a process gets the default worker; the next gets one once the first is closed;
    an explicit ``prefetch=1`` is not counted or refused."""
    monkeypatch.setattr(prefetch.os, "sched_getaffinity", lambda pid: {0, 1})
    monkeypatch.setattr(prefetch, "START_AFTER", 1)
    monkeypatch.setattr(prefetch, "_DEFAULT_STARTED", type(prefetch._DEFAULT_STARTED)())  # other tests' workers

    def started(**kwargs) -> gym.Env:
        env = gym.make("GenSim-Warehouse-Easy-v0", seed=0, **kwargs)
        for seed in range(3):
            env.reset(seed=seed)
        return env

    first, second, asked = started(), started(), started(prefetch=1)
    assert first.unwrapped.source._prefetcher is not None
    assert second.unwrapped.source._prefetcher is None and second.unwrapped.source.prefetch == 0
    assert asked.unwrapped.source._prefetcher is not None
    first.close()
    third = started()
    assert third.unwrapped.source._prefetcher is not None
    for env in (second, asked, third):
        env.close()


def test_restored_progress_equals_a_computed_one() -> None:
    env = gym.make("GenSim-Calendar-v0", seed=0).unwrapped
    env.reset(seed=0)
    spec, layout = env.sim_spec, env.layout
    built = progress(CompiledWorld(spec, layout))
    world = CompiledWorld(spec, layout)
    restored = Progress.restore(world, built.export())
    assert restored.phis == built.phis and restored.exact == built.exact
    if built.exact:  # dead ends stay behind (a state the table lacks is one); Φ filled on demand on both sides
        assert restored.memo == {k: d for k, d in built.memo.items() if d != DEAD_END}
        assert len(restored.memo) < len(built.memo)  # this task has dead ends
        assert restored.size == len(restored.memo)
        for k in built.memo:  # the same Φ for every state of the table, dead ends included
            state = (bytearray(k.to_bytes(len(world.init_facts), "little")) if isinstance(k, int) else
                     bytearray(k[0].to_bytes(len(world.init_facts), "little")), list(world.init_nums))
            if isinstance(k, tuple):
                for j, value in zip(restored._nidx, k[1], strict=True):
                    state[1][j] = value
            assert restored.key(*state) == k
            assert restored(*state) == built(*state)
    assert restored(world.init_facts, world.init_nums) == built(world.init_facts, world.init_nums)
    assert restored.h is not None  # the estimate is built on demand


def test_close_stops_the_worker() -> None:
    env = gym.make("GenSim-Warehouse-Easy-v0", seed=0, prefetch=1)
    env.reset(seed=0)
    for _ in range(4):
        env.reset()
    worker = env.unwrapped.source._prefetcher
    assert worker is not None
    processes = worker.processes
    assert all(p.is_alive() for p in processes)
    env.close()
    assert not any(p.is_alive() for p in processes) and env.unwrapped.source._prefetcher is None


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_each_mode_plays_the_same_episodes_and_stops_on_close(mode: str, monkeypatch) -> None:
    monkeypatch.setattr(prefetch, "MODE", mode)
    ahead, stats = play("GenSim-Warehouse-v0", 1, 16)
    assert stats is not None and stats[0] >= 10
    assert ahead == play("GenSim-Warehouse-v0", 0, 16)[0]
    env = gym.make("GenSim-Warehouse-Easy-v0", seed=0, prefetch=1)
    for seed in range(4):
        env.reset(seed=seed)
    worker = env.unwrapped.source._prefetcher
    assert worker is not None and worker.mode == mode
    threads = worker.processes
    assert all(t.is_alive() for t in threads)
    env.close()
    assert not any(t.is_alive() for t in threads)


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="'process' or 'thread'"):
        prefetch.Prefetcher({}, mode="fibre")


def test_an_env_that_never_waits_plays_the_same_episodes(monkeypatch) -> None:
    # the default: a seed not delivered yet is generated here, whatever the worker has made
    monkeypatch.setattr(prefetch, "WAIT_SECONDS", 0.0)
    ahead, stats = play("GenSim-Warehouse-v0", 1, 24)
    assert stats is not None  # however many the worker delivered in time
    assert ahead == play("GenSim-Warehouse-v0", 0, 24)[0]


def test_the_prediction_starts_again_after_a_reset_seed() -> None:
    env = gym.make("GenSim-Warehouse-Easy-v0", seed=0, prefetch=1)
    env.reset(seed=0)
    for _ in range(4):
        env.reset()
    worker = env.unwrapped.source._prefetcher
    assert worker is not None and worker.mispredicted == 0
    env.reset(seed=11)  # another stream: the predicted seeds are wrong once, then predicted again
    assert worker.mispredicted == 1
    expected = prefetch.np.random.default_rng(11)
    env.unwrapped.source.task_seed(expected)  # the seed the reset above drew
    hits = worker.hits
    for _ in range(3):
        env.reset()
    assert worker.mispredicted == 0 and worker.hits == hits + 3
    assert list(worker._predicted)[:4] == [env.unwrapped.source.task_seed(expected) for _ in range(7)][3:]
    env.close()


def test_a_worker_behind_the_env_leaves_it_the_next_seeds() -> None:
    made = prefetch.OrderedDict.fromkeys([4, 9])
    assert prefetch._pick([4, 5, 6, 9, 10], made, 0) == 5
    assert prefetch._pick([4, 5, 6, 9, 10], made, 2) == 6
    assert prefetch._pick([4, 5, 6, 9, 10], made, 3) == 10
    assert prefetch._pick([4, 9], made, 0) is None


def test_the_worker_applies_what_the_env_sends_as_the_env_does() -> None:
    wished = [3, 5, 8]
    assert prefetch._heed(((3, 13),), wished) and wished == [5, 8, 13]
    assert prefetch._heed(((None, 21),), wished) and wished == [5, 8, 13, 21]
    assert prefetch._heed(((7, None),), wished) and wished == [5, 8, 13, 21]  # not the head: kept
    assert prefetch._heed(((5, 34), (8, None), (None, 55)), wished) and wished == [13, 21, 34, 55]  # in order
    assert prefetch._heed([1, 2], wished) and wished == [1, 2]
    assert not prefetch._heed(None, wished)


def test_moves_reach_a_worker_in_batches_and_leave_it_with_the_envs_copy() -> None:
    """The env sends a worker its moves along the wished seeds SHIFT_BATCH resets at a time; applied in order,
    they give the worker the list the env keeps for it (and a full list replaces moves not sent yet)."""

    class Pipe:
        def __init__(self) -> None:
            self.sent: list = []

        def send_bytes(self, data: bytes) -> None:
            self.sent.append(pickle.loads(data))

    worker = prefetch.Prefetcher.__new__(prefetch.Prefetcher)
    pipes = [Pipe(), Pipe()]
    worker._workers = pipes
    worker._wished, worker._moves = [[], []], [[], []]
    worker._ready = {}
    worker._by_fd = {}
    seeds = list(range(100, 160))
    worker.want(seeds[:16])
    heard = [[], []]
    for k, pipe in enumerate(pipes):
        for message in pipe.sent:
            prefetch._heed(message, heard[k])
    assert heard == worker._wished and all(len(pipe.sent) == 1 for pipe in pipes)
    flushed = 0
    for t in range(4 * prefetch.SHIFT_BATCH):
        worker._shift(seeds[t], seeds[16 + t])
        for k, pipe in enumerate(pipes):
            if not worker._moves[k]:  # every move sent: the worker's list is the env's
                heard = []
                for message in pipe.sent:
                    prefetch._heed(message, heard)
                assert heard == worker._wished[k]
                flushed += 1
    assert flushed >= 4  # (each move here concerns one of the two workers: a batch fills every 2 x SHIFT_BATCH)
    assert all(len(pipe.sent) <= 1 + 2 for pipe in pipes)  # a list, then one message per batch
    worker.want(seeds[30:])  # a full list: the moves not sent yet are dropped, the list replaces them
    assert worker._moves == [[], []]
    for k, pipe in enumerate(pipes):
        assert pipe.sent[-1] == worker._wished[k] == [s for s in seeds[30:] if s % 2 == k]


@pytest.mark.parametrize("shuffle_slots", [False, True])
def test_worker_reuses_the_generators_world_with_the_same_table(shuffle_slots: bool) -> None:
    """The worker sweeps on the generator's verified world where the layouts are equal: the exported table is the
    same bytes as on a fresh compile; with shuffled slots (a different layout) it compiles afresh."""
    from gensim_gym.generation.family import DirectiveFamily

    family = DirectiveFamily("webshop", 0.5, seed=0, shuffle_slots=shuffle_slots)
    rng = np.random.default_rng(3)
    for _ in range(3):
        spec = family.generate_task(family.task_seed(rng))
        world = family.compiled(spec)
        assert (world.layout is family.layout()) == shuffle_slots  # reused: the generator's own layout
        fresh = progress(CompiledWorld(spec, family.layout()))
        reused = progress(world)
        fresh.warm()
        reused.warm()
        assert pickle.dumps(reused.export()) == pickle.dumps(fresh.export())
    assert family.generator.compiled(family.generate_task(12345).with_meta(note="another")) is None


@pytest.mark.parametrize("shuffle_slots", [False, True])
@pytest.mark.parametrize("directive", ["webshop", "warehouse", "calendar", "support"])
def test_the_shipped_start_state_is_the_envs(directive: str, shuffle_slots: bool) -> None:
    """A worker's task carries the start state of its spec in the env's layout: the world the env compiles with
    it (skipping the init statements and the fit check) has the same start, bit for bit, as one compiled here."""
    from collections import OrderedDict

    from gensim_gym.generation.family import DirectiveFamily

    family = DirectiveFamily(directive, 0.7, seed=0, shuffle_slots=shuffle_slots, prefetch=0)
    env_family = DirectiveFamily(directive, 0.7, seed=0, shuffle_slots=shuffle_slots, prefetch=0)
    rng = np.random.default_rng(4)
    for _ in range(4):
        seed = family.task_seed(rng)
        spec, _, start = pickle.loads(pickle.dumps(prefetch._make(family, OrderedDict(), seed)))
        here = CompiledWorld(spec, env_family.layout())
        given = CompiledWorld(spec, env_family.layout(), start=start)
        assert bytes(given.init_facts) == bytes(here.init_facts)
        assert pickle.dumps(given.init_nums) == pickle.dumps(here.init_nums)  # bit for bit (signs of zeros too)


def test_shipped_tasks_share_their_declarations_and_equal_what_was_made() -> None:
    """What a worker ships (``_dumps``) unpickles (``_loads``) to an equal spec, table and start state; the tool set,
    predicates and fluents of tasks that declare the same ones are one object in the training process."""
    from collections import OrderedDict

    from gensim_gym.generation.family import DirectiveFamily

    family = DirectiveFamily("domain: webshop", 0.5, seed=0, prefetch=0)
    rng = np.random.default_rng(1)
    specs = []
    for _ in range(6):
        made = prefetch._make(family, OrderedDict(), family.task_seed(rng))
        shipped = prefetch._loads(prefetch._dumps(made))
        assert shipped[0] == made[0] and shipped[0].id == made[0].id and shipped[2] == made[2]
        assert shipped[1] == made[1]
        specs.append(shipped[0])
    for a in specs:
        for b in specs:
            if a.tools == b.tools:
                assert a.tools is b.tools
            if a.task.predicates == b.task.predicates:
                assert a.task.predicates is b.task.predicates
    assert len({id(s.tools) for s in specs}) < len(specs)  # some tasks share a tool set
