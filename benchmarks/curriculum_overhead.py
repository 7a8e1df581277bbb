"""Throughput of GenSimEnv through CurriculumWrapper vs the raw env (goal: ≥ 95%).

Both sides play the same pre-generated pool of specs with the same masked-random
policy (same policy seed). The wrapped env gets its specs from an
AlphaCurriculum (sample + update per episode, RWR every batch). The raw env gets
each spec through ``reset(options={"spec": ...})``:

* ``--raw-tasks replay`` (default): the raw env replays the exact spec sequence
  the wrapped run played, so both sides do identical env work (same episodes,
  same actions) and the difference is the curriculum + wrapper alone (``--null-curriculum``: the wrapper alone);
* ``--raw-tasks uniform``: specs picked uniformly by a bare RNG (the earlier
  setup; the two sides then play different task mixes, e.g. shorter episodes
  under the curriculum, so env reset cost is charged to the curriculum).

Generation is excluded (pools are made ahead) and so is each env's one-off
compilation of the specs: ``--warm`` (default on) resets every fresh env once on
every pooled spec before timing.

``--chunk N`` (default 1000) alternates the two sides every N steps (the wrapped
side plays N steps, then the raw side replays them), so load from other jobs on
a shared machine hits both alike; ``--chunk 0`` runs each side in one go. The
curriculum's own cost per episode (``sample``, ``update`` with its folds) is
then timed alone on the recorded results, outside the env loop.

    PYTHONPATH=. python benchmarks/curriculum_overhead.py --steps 20000
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from gensim_gym.curriculum import AlphaCurriculum, CurriculumWrapper, DirectiveGenerator
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.generation.family import DirectiveFamily

D = "warehouse tasks"


class Runner:
    """A masked-random policy stepping one env in chunks; ``replay``: play these specs in order; ``record``: log."""

    def __init__(self, env, *, seed: int = 0, specs=None, replay: list | None = None, record: list | None = None):
        self.env, self.base, self.record = env, env.unwrapped, record
        self.rng = rng = np.random.default_rng(seed)
        if replay is not None:
            self.pick = lambda: {"spec": replay[self.resets]}
        elif specs:
            self.pick = lambda: {"spec": specs[int(rng.integers(len(specs)))]}
        else:
            self.pick = lambda: None
        self.resets = 0
        env.reset(seed=seed, options=self.pick())
        self.resets = 1
        if record is not None:
            record.append(env._task.spec)

    def steps(self, n: int) -> float:
        """Play ``n`` steps; return the seconds they took."""
        env, base, rng, pick, record = self.env, self.base, self.rng, self.pick, self.record
        start = time.perf_counter()
        for _ in range(n):
            mask = base._mask  # the env's own mask array: no copy, same cost for both
            actions = np.flatnonzero(mask)
            _, _, term, trunc, _ = env.step(int(actions[int(rng.integers(len(actions)))]) if len(actions) else 0)
            if term or trunc:
                env.reset(options=pick())
                self.resets += 1
                if record is not None:
                    record.append(env._task.spec)  # charged to the wrapped side
        return time.perf_counter() - start


class NullCurriculum:
    """Plays the pooled tasks in turn and learns nothing: what is left of the overhead is the wrapper's."""

    bound = True

    def __init__(self, tasks: list) -> None:
        self.tasks, self.i = tasks, 0

    def bind(self, **kwargs) -> None:
        pass

    def sample(self):
        self.i += 1
        return self.tasks[self.i % len(self.tasks)]

    def update(self, task, result) -> None:
        pass


def fresh_env(specs, warm: bool) -> GenSimEnv:
    env = GenSimEnv(DirectiveFamily(D, 0.5, 0), seed=0)
    if warm:
        for spec in specs:
            env.reset(options={"spec": spec})
    return env


def curriculum_alone(state: dict, results: list[dict]) -> tuple[float, float]:
    """µs per episode in ``sample`` and in ``update`` (folds included), replaying recorded results on a copy."""
    cur = AlphaCurriculum().load_state_dict(state)
    clock = time.perf_counter
    t_sample = t_update = 0.0
    for result in results:
        t0 = clock()
        task = cur.sample()
        t1 = clock()
        cur.update(task, {**result, "task_id": task.task_id, "theta": task.theta, "arm": task.arm})
        t_update += clock() - t1
        t_sample += t1 - t0
    return t_sample / len(results) * 1e6, t_update / len(results) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunk", type=int, default=1000, help="alternate the two sides every N steps (0: one go)")
    parser.add_argument("--raw-tasks", choices=["replay", "uniform"], default="replay")
    parser.add_argument("--warm", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--fold-every", type=int, default=None, help="AlphaCurriculum(fold_every=...)")
    parser.add_argument("--null-curriculum", action="store_true",
                        help="the wrapper's own cost: a curriculum that cycles the pool and learns nothing")
    args = parser.parse_args()
    gen = DirectiveGenerator(D)
    fold = {} if args.fold_every is None else {"fold_every": args.fold_every}
    cur = AlphaCurriculum(generator=gen, pool_size=16, seed=0, max_plays=10**9, min_trials=10**9, **fold)
    cur.refill(16)  # generate ahead; the pool stays fixed so both runs play comparable tasks
    specs = [e.task.spec for e in cur.pool.values()]
    start_state = cur.state_dict()
    raw_rates, wrapped_rates = [], []
    episodes = 0
    for r in range(args.repeats):
        played: list = []
        played_cur = NullCurriculum([e.task for e in cur.pool.values()]) if args.null_curriculum else cur
        wrapped = Runner(CurriculumWrapper(fresh_env(specs, args.warm), played_cur), seed=r, record=played)
        raw_env = fresh_env(specs, args.warm)
        raw = (Runner(raw_env, seed=r, replay=played) if args.raw_tasks == "replay"
               else Runner(raw_env, seed=r, specs=specs))
        chunk = args.chunk or args.steps
        t_wrapped = t_raw = 0.0
        for done in range(0, args.steps, chunk):
            n = min(chunk, args.steps - done)
            t_wrapped += wrapped.steps(n)
            t_raw += raw.steps(n)
        episodes += len(played)
        wrapped_rates.append(args.steps / t_wrapped)
        raw_rates.append(args.steps / t_raw)
    raw_best, wrapped_best = max(raw_rates), max(wrapped_rates)
    print(f"raw env ({args.raw_tasks}, warm={args.warm}, chunk={args.chunk}, fold_every={cur.fold_every}): "
          f"{raw_best:9.0f} steps/s  "
          f"(runs: {', '.join(f'{x:.0f}' for x in raw_rates)})")
    print(f"CurriculumWrapper:  {wrapped_best:9.0f} steps/s  (runs: {', '.join(f'{x:.0f}' for x in wrapped_rates)})")
    ratios = [w / r for w, r in zip(wrapped_rates, raw_rates, strict=True)]
    print(f"ratio (best of {args.repeats}): {wrapped_best / raw_best:.1%}  "
          f"(median of per-repeat ratios: {statistics.median(ratios):.1%}; runs: "
          f"{', '.join(f'{x:.1%}' for x in ratios)})")
    print(f"episodes recorded: {episodes} ({args.repeats * args.steps / episodes:.2f} steps per episode)")
    rng = np.random.default_rng(0)
    results = [{"is_success": bool(rng.random() < 0.5), "return": 1.0, "length": 5} for _ in range(20000)]
    alone = [curriculum_alone(start_state, results) for _ in range(args.repeats)]
    t_sample, t_update = min(a[0] for a in alone), min(a[1] for a in alone)
    print(f"curriculum alone (20000 episodes, best of {args.repeats}): sample {t_sample:.2f} µs + update "
          f"{t_update:.2f} µs = {t_sample + t_update:.2f} µs per episode (folds included)")


if __name__ == "__main__":
    main()
