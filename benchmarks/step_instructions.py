"""Instructions per env step (callgrind), GenSim per domain and CartPole-v1: a load-independent throughput ratio.

Usage::

    PYTHONPATH=. python benchmarks/step_instructions.py [--steps 3000] [--warm 2000] [--action-space ground]

Wall-clock ratios (``env_throughput.py``) move by ±4-8 % per run on this shared machine, and far
more at a load of 10 on 2 cores; instruction counts do not move with the load. Each stepper of
``env_throughput.py`` (random valid actions from the mask, pool of 16 tasks at difficulty 0.5, every
pool task prepared first: step plans built, an estimated Φ table warmed) runs ``--warm`` steps, then
``--steps`` steps under callgrind's collection (only what runs inside one ``functools.reduce`` call is
counted, so imports and set-up are not).
``ratio`` = CartPole's instructions per step / GenSim's: the steps/s ratio on an idle machine if both
ran at the same instructions per cycle (the wall-clock benchmark is the ground truth; this one decides
small differences between code versions). Needs ``valgrind`` on the PATH; each run takes about a minute.

``--vector-copies``: callgrind counts every iteration of a ``rep movsb`` / ``rep stosb`` as one instruction,
and glibc's memcpy/memset switch to those above a size threshold (under valgrind's CPU, copies between 6 and
9 kB crossed it: calendar's 9.3 kB default-face observation counted ~12k instructions for one copy, 3.4k
as the vector loop). This option raises glibc's thresholds (``GLIBC_TUNABLES``) so that large copies are
counted as the vector loops they replace, which is closer to their cost on hardware with fast ``rep movsb``;
CartPole is then measured again (no ``--cartpole``). The default count is the benchmark's figure.

``--lazy-pool``: the method before 2026-11-26, when each pool task was only reset before counting, so that
step plans were built, and estimated Φ tables warmed (after 32 misses), during the warm and counted steps
(~7-11k instructions a step in calendar; docs/hot_paths.md). For comparisons with figures from before.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(domain: str, face: str, steps: int, warm: int, *, prepare: bool = True,
          env_kwargs: dict | None = None) -> None:
    """Inside valgrind: build the stepper, warm it, then step inside ``functools.reduce`` (the collected part)."""
    sys.path.insert(0, str(HERE))
    from env_throughput import cartpole_stepper, gensim_stepper

    from gensim_gym.world.budget import SearchLimits, bounded

    # search limits are CPU seconds, and valgrind runs ~50x slower: without this, preparing a task (the
    # progress sweep) could hit its limit here and not in a normal run, and play other tasks
    with bounded(SearchLimits(seconds=3600.0)):
        run = cartpole_stepper() if domain == "CartPole-v1" else gensim_stepper(f"domain: {domain}", 0.5, 16,
                                                                                face=face, prepare=prepare,
                                                                                env_kwargs=env_kwargs)
        run(warm)
        functools.reduce(lambda _, n: run(n), [steps], 0)


#: glibc tunables for --vector-copies: no rep movsb / rep stosb below 1 TB
VECTOR_COPIES = "glibc.cpu.x86_rep_movsb_threshold=0x10000000000:glibc.cpu.x86_rep_stosb_threshold=0x10000000000"


def count(domain: str, face: str, steps: int, warm: int, *, vector_copies: bool = False,
          lazy_pool: bool = False, env_kwargs: str = "{}") -> int:
    """Instructions collected for ``steps`` steps of ``domain`` (one valgrind run)."""
    args = ["--child", domain, "--action-space", face, "--steps", str(steps), "--warm", str(warm),
            "--env-kwargs", env_kwargs]
    if lazy_pool:
        args.append("--lazy-pool")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    if vector_copies:
        env["GLIBC_TUNABLES"] = VECTOR_COPIES
    return callgrind(__file__, args, env)


def callgrind(script: str, args: list[str], env: dict[str, str] | None = None) -> int:
    """Instructions callgrind collects inside ``functools.reduce`` while ``python script *args`` runs (the child
    wraps only the work to count in a ``reduce`` call)."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=functools_reduce",
               f"--callgrind-out-file={tmp}/cg.out", sys.executable, script, *args]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None:
        raise RuntimeError(f"no callgrind total in: {out[-500:]}")
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--warm", type=int, default=2000)
    parser.add_argument("--action-space", default="ground", choices=("available", "ground"))
    parser.add_argument("--domains", nargs="*", default=None, help="registry domains (default: all)")
    parser.add_argument("--cartpole", type=float, default=None,
                        help="CartPole-v1's instructions per step from an earlier run (skips measuring it; instruction "
                             "counts do not move with load, they moved by 0.04 %% between runs here)")
    parser.add_argument("--vector-copies", action="store_true",
                        help="count large memcpy/memset as glibc's vector loops, not per byte (see the module doc)")
    parser.add_argument("--lazy-pool", action="store_true",
                        help="only reset each pool task before counting (the method before 2026-11-26; module doc)")
    parser.add_argument("--env-kwargs", default="{}",
                        help='more gym.make arguments of GenSim as JSON, e.g. \'{"lookahead": true}\'')
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.action_space, args.steps, args.warm, prepare=not args.lazy_pool,
              env_kwargs=None if args.child == "CartPole-v1" else json.loads(args.env_kwargs))
        return
    from gensim_gym.generation.toolsets import load_registry

    if args.cartpole and args.vector_copies:
        parser.error("--vector-copies measures CartPole-v1 again: leave out --cartpole")
    if args.cartpole:
        cart = args.cartpole
        print(f"CartPole-v1 {cart:,.0f} instructions per step (given)")
    else:
        cart = count("CartPole-v1", args.action_space, args.steps, args.warm,
                     vector_copies=args.vector_copies) / args.steps
        print(f"CartPole-v1 {cart:,.0f} instructions per step")
    copies = ", large copies counted as vector loops" if args.vector_copies else ""
    copies += ", pool tasks only reset (--lazy-pool)" if args.lazy_pool else ""
    copies += f", env kwargs {args.env_kwargs}" if json.loads(args.env_kwargs) else ""
    print(f"{'domain':<12}{'instructions/step':>18}{'ratio':>7}   (face: {args.action_space}{copies})")
    for domain in args.domains or sorted(load_registry()):
        per_step = count(domain, args.action_space, args.steps, args.warm, vector_copies=args.vector_copies,
                         lazy_pool=args.lazy_pool, env_kwargs=args.env_kwargs) / args.steps
        print(f"{domain:<12}{per_step:>18,.0f}{cart / per_step:>7.2f}", flush=True)


if __name__ == "__main__":
    main()
