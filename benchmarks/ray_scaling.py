"""Ray scaling on this machine: generation with 1 and 2 Ray workers against the local path, and the ceilings
of the curriculum actor (results folded per second, sample latency) and of the rate limiter, each against an
in-process reference measured in the same run.

Generation: ``backend="offline_llm"`` (the LLM pipeline with the procedural generator answering: parse,
validate, verify; no cache), every path on fresh seed blocks (a seed seen before would hit per-process
caches), the paths taking turns each round. ``local``: :func:`gensim_gym.generate_many` (threads:
one core, the GIL); ``ray-1``: Ray tasks needing 2 CPUs each (one at a time on a 2-CPU Ray); ``ray-2``: 1 CPU
each (two at a time). ``--warm`` untimed specs before each timed batch keep the workers warm: the first
batch on cold workers is timed apart.

Curriculum actor: ``--clients`` Ray tasks report ``--results`` episode results to one ``CurriculumActor``
(alpha curriculum, pool 32) in batches of 1, 32 and 256; the reference folds the same results into the same
curriculum in this process. Sample latency: a Ray task times ``ActorCurriculum.sample`` with prefetch 1 (one
actor call per task) against ``AlphaCurriculum.sample`` in-process. Episodes per second of one env worker
(random masked policy) give the demand side: ``workers × episodes/s`` is what the actor must fold. The
size of one pickled Task (what a sample sends) and the disk cache's cost per entry (atomic write with fsync,
bounded read) on this machine's disk back docs/scaling.md.

    PYTHONPATH=. .venv-ray/bin/python benchmarks/ray_scaling.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np
import ray

import gensim_gym
from gensim_gym.curriculum import AlphaCurriculum
from gensim_gym.integrations.ray import (
    ActorCurriculum,
    RateLimiter,
    generate_many,
    start_curriculum_actor,
    start_rate_limiter,
)

D = "domain: warehouse"


def generation(n: int, rounds: int, warm: int) -> tuple[dict[str, float], float]:
    """Steady-state specs/s of each path, and the seconds of the first Ray batch (cold workers)."""
    paths = {
        "local": lambda s, k: gensim_gym.generate_many(D, k, seed=s, backend="offline_llm", cache=False,
                                                       progress=False, concurrency=4),
        "ray-1": lambda s, k: generate_many(D, k, seed=s, backend="offline_llm", cache=False, progress=False,
                                            num_cpus=2, max_in_flight=4),
        "ray-2": lambda s, k: generate_many(D, k, seed=s, backend="offline_llm", cache=False, progress=False,
                                            num_cpus=1, max_in_flight=4),
    }
    names = list(paths)
    start = time.perf_counter()
    paths["ray-2"](90_000, 4)
    cold = time.perf_counter() - start
    spent = dict.fromkeys(names, 0.0)
    for r in range(rounds):
        for i, name in enumerate(names):
            # Ray lets idle workers go, and a worker started anew imports the package first (seconds on a loaded
            # machine): untimed specs before each timed batch, so what is timed is the steady state
            paths[name](100_000 + 10 * (len(names) * r + i), warm)
            # fresh seeds for every (round, path): a seed seen before would hit per-process caches; the paths
            # take turns within each round, so load from other jobs on a shared machine hits all of them
            block = 1000 + n * (len(names) * r + (i + r) % len(names))
            start = time.perf_counter()
            batch = paths[name](block, n)
            spent[name] += time.perf_counter() - start
            assert len(batch) == n
    return {name: rounds * n / spent[name] for name in names}, cold


@ray.remote(num_cpus=0.5)
def _client(name: str, task_ids: list[str], outcomes: list[bool], batch: int) -> float:
    handle = ActorCurriculum(name, batch=batch, max_delay=1e9)
    start = time.perf_counter()
    for task_id, ok in zip(task_ids, outcomes, strict=True):
        handle.update(task_id, {"is_success": ok, "return": float(ok), "length": 5})
    handle.flush()
    return time.perf_counter() - start


def actor_ceiling(results: int, clients: int, batches: tuple[int, ...]) -> dict[str, float]:
    rng = np.random.default_rng(0)
    out: dict[str, float] = {}
    reference = AlphaCurriculum(directive=D, seed=0)
    ids = [reference.sample().task_id for _ in range(64)]
    picks = [ids[i] for i in rng.integers(len(ids), size=results)]
    outcomes = [bool(x) for x in rng.random(results) < 0.5]
    start = time.perf_counter()
    for task_id, ok in zip(picks, outcomes, strict=True):
        reference.update(task_id, {"is_success": ok, "return": float(ok), "length": 5})
    reference.flush()
    out["in-process folds/s"] = results / (time.perf_counter() - start)
    for batch in batches:
        name = f"bench-{batch}"
        actor = start_curriculum_actor(AlphaCurriculum(directive=D, seed=0), name=name)
        ids = [t.task_id for t in ray.get(actor.sample.remote(64))]
        picks = [ids[i] for i in rng.integers(len(ids), size=results)]
        share = results // clients
        start = time.perf_counter()
        ray.get([_client.remote(name, picks[c * share:(c + 1) * share], outcomes[c * share:(c + 1) * share], batch)
                 for c in range(clients)])
        ray.get(actor.flush.remote())
        elapsed = time.perf_counter() - start
        folded = ray.get(actor.stats.remote())["actor_results"]
        assert folded == share * clients, (folded, share * clients)
        out[f"actor folds/s, batch {batch}"] = folded / elapsed
        ray.kill(actor)
    return out


@ray.remote(num_cpus=0.5)
def _sample_latency(name: str, k: int) -> list[float]:
    handle = ActorCurriculum(name, prefetch=1)
    times = []
    for _ in range(k):
        start = time.perf_counter()
        handle.sample()
        times.append(time.perf_counter() - start)
    return times


def latency(k: int) -> dict[str, float]:
    reference = AlphaCurriculum(directive=D, seed=0)
    reference.sample()
    local = []
    for _ in range(k):
        start = time.perf_counter()
        reference.sample()
        local.append(time.perf_counter() - start)
    actor = start_curriculum_actor(AlphaCurriculum(directive=D, seed=0), name="bench-latency")
    ray.get(actor.sample.remote(1))  # fill the pool before timing
    remote = ray.get(_sample_latency.remote("bench-latency", k))
    start = time.perf_counter()  # the actor's own ceiling: two callers, 16 tasks per call
    calls = ray.get([_sample_calls.remote("bench-latency", k, 16) for _ in range(2)])
    served = 16 * sum(calls) / (time.perf_counter() - start)
    ray.kill(actor)
    return {"in-process sample ms (median)": 1e3 * statistics.median(local),
            "actor sample ms (median)": 1e3 * statistics.median(remote),
            "actor sample ms (p95)": 1e3 * float(np.percentile(remote, 95)),
            "actor tasks served/s (prefetch 16, 2 callers)": served}


@ray.remote(num_cpus=0.5)
def _sample_calls(name: str, k: int, prefetch: int) -> int:
    handle = ActorCurriculum(name, prefetch=prefetch)
    for _ in range(k * prefetch):
        handle.sample()
    return k


def limiter_ceiling(k: int) -> dict[str, float]:
    local = RateLimiter(rate=1e6, burst=1)
    start = time.perf_counter()
    for _ in range(k):
        local.acquire()
    in_process = k / (time.perf_counter() - start)
    actor = start_rate_limiter(1e6, 1)
    ray.get(actor.acquire.remote())
    start = time.perf_counter()
    for _ in range(k):
        ray.get(actor.acquire.remote())
    remote = k / (time.perf_counter() - start)
    ray.kill(actor)
    return {"in-process grants/s": in_process, "limiter actor grants/s (one caller)": remote}


def transfer_and_cache(k: int) -> dict[str, float]:
    """Bytes of one Task sent to a worker, and ms per stage entry the disk cache writes (local disk here)."""
    import pickle
    import tempfile

    from gensim_gym.generation.llm import StageCache

    task = AlphaCurriculum(directive=D, seed=0).sample()
    section = {"stage": "task", "section": task.spec.task.to_dict()}
    with tempfile.TemporaryDirectory() as root:
        cache = StageCache(root)
        start = time.perf_counter()
        for i in range(k):
            cache.put_many({f"{i:064x}": section})
        write = (time.perf_counter() - start) / k
        start = time.perf_counter()
        for i in range(k):
            cache.get(f"{i:064x}")
        read = (time.perf_counter() - start) / k
    return {"task bytes pickled": float(len(pickle.dumps(task))), "cache write ms/entry": 1e3 * write,
            "cache read ms/entry": 1e3 * read}


def episode_rate(seconds: float) -> float:
    env = gensim_gym.make_env(D, curriculum="alpha", seed=0)
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    episodes, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        mask = env.get_wrapper_attr("action_masks")()
        _o, _r, term, trunc, _i = env.step(int(rng.choice(np.flatnonzero(mask))))
        if term or trunc:
            episodes += 1
            env.reset()
    return episodes / (time.perf_counter() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--specs", type=int, default=16, help="specs per path per round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--warm", type=int, default=8, help="untimed specs before each timed batch")
    p.add_argument("--results", type=int, default=20_000)
    p.add_argument("--clients", type=int, default=2)
    p.add_argument("--samples", type=int, default=500)
    args = p.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (a shared machine)")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False,
             _node_ip_address="127.0.0.1")
    gen, cold = generation(args.specs, args.rounds, args.warm)
    print(f"generation, specs/s (offline_llm, {args.rounds} x {args.specs} per path; first Ray batch of 4 specs on "
          f"cold workers: {cold:.1f} s):")
    for name, rate in gen.items():
        print(f"  {name:6s} {rate:7.2f} specs/s   ratio to local {rate / gen['local']:.2f}")
    ceil = actor_ceiling(args.results, args.clients, (1, 32, 256))
    print(f"curriculum actor, {args.results} results from {args.clients} clients:")
    for name, rate in ceil.items():
        print(f"  {name:28s} {rate:10.0f}   ratio to in-process {rate / ceil['in-process folds/s']:.3f}")
    lat = latency(args.samples)
    print(f"sample latency ({args.samples} samples): " + ", ".join(f"{k} {v:.3f}" for k, v in lat.items())
          + f"   ratio actor/in-process {lat['actor sample ms (median)'] / lat['in-process sample ms (median)']:.0f}")
    lim = limiter_ceiling(2000)
    print("rate limiter: " + ", ".join(f"{k} {v:.0f}" for k, v in lim.items()))
    io = transfer_and_cache(200)
    print("transfer and cache: " + ", ".join(f"{k} {v:.2f}" for k, v in io.items()))
    eps = episode_rate(5.0)
    print(f"demand: one env worker (random masked policy) finishes {eps:.0f} episodes/s; workers one actor "
          f"(batch 32) can serve: {ceil['actor folds/s, batch 32'] / eps:.0f}")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    ray.shutdown()


if __name__ == "__main__":
    main()
