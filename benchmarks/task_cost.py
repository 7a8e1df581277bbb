"""What a new task of an unlimited stream costs at reset, and how much of it is the progress (Φ) sweep.

For each env id, an env with ``num_tasks=0`` and no prefetch worker resets ``--tasks`` times (each reset a
new task: generation, verification, compilation, then the exact progress sweep behind the dense reward);
the same resets are timed again with the sweep's share measured by timing ``world.progress.progress`` calls.
CPU time (``time.process_time``), so other jobs on the machine change it little.

    PYTHONPATH=. python benchmarks/task_cost.py [--env-ids GenSim-Warehouse-v0 GenSim-Warehouse-Easy-v0]
"""

from __future__ import annotations

import argparse
import time
import warnings

import gymnasium as gym

import gensim_gym  # noqa: F401 - registers the ids
from gensim_gym.world import progress as progress_module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env-ids", nargs="+", default=["GenSim-Warehouse-v0", "GenSim-Warehouse-Easy-v0"])
    parser.add_argument("--tasks", type=int, default=60)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    swept = [0.0]
    original = progress_module.Progress.__init__

    def timed_init(self, *a, **kw):  # the sweep runs in Progress.__init__
        start = time.process_time()
        original(self, *a, **kw)
        swept[0] += time.process_time() - start

    progress_module.Progress.__init__ = timed_init
    for env_id in args.env_ids:
        env = gym.make(env_id, seed=0, num_tasks=0, prefetch=0)
        env.reset(seed=0)
        swept[0] = 0.0
        start = time.process_time()
        for _ in range(args.tasks):
            env.reset()
        total = time.process_time() - start
        print(f"{env_id}: {1000 * total / args.tasks:.1f} ms of CPU per new-task reset, of which the progress "
              f"sweep {100 * swept[0] / total:.0f} %")
        env.close()


if __name__ == "__main__":
    main()
