"""Memory of an unlimited stream's prefetch worker process: what one more default worker costs a machine.

An env with ``prefetch=1`` plays ``--resets`` new tasks (the worker starts after ``prefetch.START_AFTER`` and works
ahead), pauses so the worker fills its queue, plays ``--resets`` / 2 more, then prints the worker's and the
trainer's memory from ``/proc/<pid>/smaps_rollup`` (Linux): ``Rss``, ``Pss`` and ``Private_Dirty`` (what the forked
worker holds of its own, not shared with the trainer). The bound on default workers
(``prefetch.default_slot_free``) cites this figure.

    PYTHONPATH=. python benchmarks/worker_memory.py [--env-id GenSim-Warehouse-v0] [--resets 600]
"""

from __future__ import annotations

import argparse
import os
import time

import gymnasium as gym

import gensim_gym  # noqa: F401 - registers the ids

FIELDS = ("Rss", "Pss", "Private_Dirty")


def memory(pid: int) -> dict[str, str]:
    """``FIELDS`` of ``/proc/<pid>/smaps_rollup``, as the kernel prints them (kB)."""
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as fh:
        rows = (line.split(":", 1) for line in fh.read().splitlines()[1:])
        return {key: value.strip() for key, value in rows if key in FIELDS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-id", default="GenSim-Warehouse-v0")
    parser.add_argument("--resets", type=int, default=600)
    args = parser.parse_args()
    env = gym.make(args.env_id, seed=0, prefetch=1)
    env.reset(seed=0)
    for _ in range(args.resets):
        env.reset()
    time.sleep(3)  # the worker fills its queue (prefetch.DEPTH tasks ahead)
    for _ in range(args.resets // 2):
        env.reset()
    worker = env.unwrapped.source._prefetcher
    if worker is None:
        raise SystemExit("no prefetch worker started (a daemonic process, or no fork start method)")
    for process in worker.processes:
        print(f"worker  {memory(process.pid)}")
    print(f"trainer {memory(os.getpid())}")
    print(f"tasks from the worker / made locally: {worker.hits} / {worker.misses}")
    env.close()


if __name__ == "__main__":
    main()
