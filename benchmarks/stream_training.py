"""SB3 PPO training speed on the unlimited task stream (``num_tasks=0``) against a fixed pool, same run.

Usage::

    PYTHONPATH=. python benchmarks/stream_training.py [--env-id GenSim-Warehouse-v0] [--rounds 3] [--steps 4096]
    PYTHONPATH=. python benchmarks/stream_training.py --prefetch 0   # generation on the training thread
    PYTHONPATH=. python benchmarks/stream_training.py --directive "sparse reward; domain: warehouse"

Two PPO models (``MlpPolicy`` with SB3's library defaults, what a user runs; ``--ppo fast`` takes
``n_steps=512, n_epochs=4``, which spends less CPU per step on training and so weighs task generation more,
as earlier versions of this script did) train, one on the stream and one on a pool
of ``--pool`` tasks (64 by default), in alternating rounds of ``--steps`` steps each, so that load
from other jobs hits both alike. Each pool task is generated and played once before timing (a
pool's steady state); the stream's first round is a warm-up too (its prefetch worker starts after
``prefetch.START_AFTER`` tasks). It prints steps/s per round and the ratio of the totals
(stream / pool); the goal of issue 16 is >= 0.9. ``--prefetch-mode thread`` runs the prefetch worker
in a thread instead of a process (``gensim_gym.generation.prefetch.MODE``), to compare the two;
Each round also records ``hits_misses``: how many of its new tasks the worker had ready and how many the
training process made itself (the run's ``prefetch_hits_misses`` include the warm-up).
``--record`` appends the result, with the date and the 1-minute load average's range over the run, to
``benchmarks/results/stream_training.jsonl``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import time
from pathlib import Path

import gymnasium as gym

import gensim_gym  # noqa: F401 - registers the ids
from gensim_gym.generation import prefetch as prefetch_module

RESULTS = Path(__file__).parent / "results" / "stream_training.jsonl"

PPO_SETTINGS = {"defaults": {}, "fast": {"n_steps": 512, "batch_size": 64, "n_epochs": 4}}


def make_model(env_id: str, num_tasks: int, prefetch: int | None, seed: int, ppo: str = "defaults", **kwargs):
    import torch  # noqa: PLC0415 - optional dependency ([train])
    from stable_baselines3 import PPO  # noqa: PLC0415

    torch.set_num_threads(1)  # small MLPs: extra threads only contend with the other jobs (and the worker)

    env = gym.make(env_id, seed=seed, num_tasks=num_tasks, prefetch=prefetch, **kwargs)
    return PPO("MlpPolicy", env, **PPO_SETTINGS[ppo], seed=seed, device="cpu", verbose=0)


def timed(model, steps: int) -> float:
    """Train ``steps`` more steps; return steps/s."""
    start = time.perf_counter()
    model.learn(steps, reset_num_timesteps=False)
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-id", default="GenSim-Warehouse-v0")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=4096)
    parser.add_argument("--pool", type=int, default=64)
    parser.add_argument("--prefetch", type=int, default=None,
                        help="worker processes for the stream (0: none; default: the env's own default, as users get)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ppo", choices=sorted(PPO_SETTINGS), default="defaults",
                        help="PPO settings: SB3's library defaults, or the cheaper 'fast' ones")
    parser.add_argument("--directive", help="override the preset's directive, e.g. 'sparse reward; domain: warehouse'")
    parser.add_argument("--prefetch-mode", choices=["process", "thread"], default=None,
                        help="where the prefetch worker runs (default: the package's, prefetch.MODE)")
    parser.add_argument("--record", action="store_true", help=f"append the result to {RESULTS}")
    args = parser.parse_args()
    if args.prefetch_mode is not None:
        prefetch_module.MODE = args.prefetch_mode
    loads = [os.getloadavg()[0]]

    extra = {"directive": args.directive} if args.directive else {}
    stream = make_model(args.env_id, 0, args.prefetch, args.seed, args.ppo, **extra)
    pool = make_model(args.env_id, args.pool, args.prefetch, args.seed, args.ppo, **extra)
    # warm-up: every pool task generated and prepared, the stream's worker started and ahead
    for task_seed in pool.get_env().envs[0].unwrapped.source.pool_seeds:
        env = pool.get_env().envs[0].unwrapped
        env.reset(options={"spec": env.source.spec_for_seed(task_seed)})
    timed(pool, 1024)
    timed(stream, 2048)
    prefetcher = stream.get_env().envs[0].unwrapped.source._prefetcher
    rows = []
    for r in range(args.rounds):
        before = (prefetcher.hits, prefetcher.misses) if prefetcher else (0, 0)
        s = timed(stream, args.steps)
        p = timed(pool, args.steps)
        row = {"round": r, "stream_steps_per_s": round(s, 1), "pool_steps_per_s": round(p, 1)}
        if prefetcher:  # the tasks of this timed round the worker had ready, and those made here (warm-up apart)
            row["hits_misses"] = [prefetcher.hits - before[0], prefetcher.misses - before[1]]
        rows.append(row)
        loads.append(os.getloadavg()[0])
        print(f"round {r}: stream {s:7.1f} steps/s   pool({args.pool}) {p:7.1f} steps/s   ratio {s / p:.2f}",
              flush=True)
    # ratio of total times over equal step counts: the harmonic means of the per-round speeds
    total_s = sum(1 / row["stream_steps_per_s"] for row in rows)
    total_p = sum(1 / row["pool_steps_per_s"] for row in rows)
    hits = (prefetcher.hits, prefetcher.misses) if prefetcher else None
    result = {"env_id": args.env_id, "directive": args.directive, "ppo": args.ppo, "steps": args.steps, "rounds": rows,
              "ratio": round(total_p / total_s, 3),
              "prefetch_workers": args.prefetch, "prefetch_hits_misses": hits,
              "prefetch_workers_used": len(prefetcher.processes) if prefetcher else 0,
              "prefetch_mode": prefetch_module.MODE,
              "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "load": f"{min(loads):.1f}-{max(loads):.1f}", "cpus": len(os.sched_getaffinity(0))}
    print(json.dumps(result))
    if args.record:
        with RESULTS.open("a") as out:
            out.write(json.dumps(result) + "\n")
    stream.get_env().close()
    pool.get_env().close()


if __name__ == "__main__":
    main()
