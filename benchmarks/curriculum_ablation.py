"""GenEnv-style ablation: (Maskable)PPO at equal env steps under alpha, uniform, static and hard-only curricula.

Every run trains SB3 ``MaskablePPO`` (sb3-contrib, ``--algo maskable``) or plain ``PPO``
(``--algo ppo``) with ``"MlpPolicy"`` on ``--envs`` DummyVecEnv workers of ``--directive``
(default ``warehouse tasks``; ``--shuffle-slots`` for shuffled object slots) with the
learnability tests' PPO config (γ 0.95, lr 1e-3, [128, 128]) and one curriculum fed by
:class:`~gensim_gym.integrations.sb3.CurriculumCallback`. It is evaluated every
``--eval-every`` env steps (and at step 0) on one fixed held-out set.

Held-out hard set: ``--heldout`` specs generated once per invocation at θ drawn
uniformly from ``--heldout-theta`` (default [0.6, 0.8]) with spec seeds ≥ 10⁹ and a
separate RNG. "Never trained on" is enforced, not assumed: every curriculum's
generator raises ``GenerationError`` for any spec whose content hash (``SimSpec.id``,
task + tools + reward) equals a held-out spec's, so such a spec can never enter a pool
(counted in ``heldout_blocked``); each run also re-checks its final pool. Evaluation:
deterministic policy, one episode per held-out spec (masks for MaskablePPO).

Curricula (same ``pool_size``): ``alpha`` (``AlphaCurriculum(alpha=0.5, **--alpha-options)``), ``uniform``
(GenEnv-Random, θ ~ U(0, 1)), ``static`` (GenEnv-Static, one pool of θ ~ U(0, 1)),
``hard-only`` (θ ~ U(``--hard-theta``), default the held-out range: training on the
target difficulty directly, on other specs).

Writes ``benchmarks/results/<--name>.json`` and ``.png`` (held-out learning curves and
training success, mean over seeds with min/max band) and prints the two goal ratios
of issue 4: held-out success alpha / uniform at the final budget, and the fraction of
uniform's steps alpha needs to reach uniform's final held-out success (first eval
point where alpha's seed-mean curve reaches it; resolution = ``--eval-every``).

    PYTHONPATH=. nice -n 5 python benchmarks/curriculum_ablation.py --steps 40960 --seeds 3
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.curriculum import (
    AlphaCurriculum,
    DirectiveGenerator,
    StaticCurriculum,
    UniformCurriculum,
)
from gensim_gym.curriculum.base import atomic_write_json
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.sources import FixedSpec
from gensim_gym.errors import GenerationError, require

D = "warehouse tasks"  # the default family (--directive)
OUT = Path(__file__).parent / "results"
NAMES = ("alpha", "uniform", "static", "hard-only")


class ExcludingGenerator(DirectiveGenerator):
    """The offline generator, except that it refuses to return any held-out spec (by content hash)."""

    def __init__(self, directive: str, excluded: set[str]) -> None:
        super().__init__(directive)
        self.excluded = excluded
        self.blocked = 0

    def __call__(self, theta: float, seed: int, arm: int = 0):
        spec = super().__call__(theta, seed, arm)
        if spec.id in self.excluded:
            self.blocked += 1
            raise GenerationError(f"spec {spec.id} is in the held-out set")
        return spec


def curricula(seed: int, excluded: set[str], hard: tuple[float, float], pool_size: int,
              directive: str = D, *, alpha_options: dict[str, Any] | None = None) -> dict[str, Any]:
    def common() -> dict[str, Any]:
        return {"generator": ExcludingGenerator(directive, excluded), "directive": directive, "seed": seed,
                "pool_size": pool_size}

    return {
        "alpha": lambda: AlphaCurriculum(**{"alpha": 0.5, **(alpha_options or {})}, **common()),
        "uniform": lambda: UniformCurriculum(max_plays=24, **common()),
        "static": lambda: StaticCurriculum(**common()),
        "hard-only": lambda: UniformCurriculum(theta_range=hard, max_plays=24, **common()),
    }


def held_out(n: int, lo: float, hi: float, salt: int = 0, directive: str = D) -> list:
    gen = DirectiveGenerator(directive)
    rng = np.random.default_rng(12345 + salt)
    specs, ids = [], set()
    attempt = 0
    while len(specs) < n:
        attempt += 1
        try:
            spec = gen(float(rng.uniform(lo, hi)), 10**9 + salt * 10**8 + attempt * 7919 + int(rng.integers(1000)))
        except GenerationError:
            continue
        if spec.id not in ids:
            specs.append(spec)
            ids.add(spec.id)
    return specs


def evaluate(model, specs, layout, masked: bool) -> float:
    env = GenSimEnv(FixedSpec(specs[0], layout), seed=0)
    wins = 0
    for spec in specs:
        obs, _ = env.reset(seed=0, options={"spec": spec})
        done = False
        while not done:
            extra = {"action_masks": env.action_masks()} if masked else {}
            action, _ = model.predict(obs, deterministic=True, **extra)
            obs, _, term, trunc, info = env.step(int(action))
            done = term or trunc
        wins += int(info["is_success"])
    return wins / len(specs)


def random_valid(specs, layout, episodes: int = 10) -> float:
    """Success of a uniformly random *valid* action policy on the held-out set (a floor for the numbers)."""
    env = GenSimEnv(FixedSpec(specs[0], layout), seed=0)
    rng = np.random.default_rng(0)
    wins = 0
    for spec in specs:
        for k in range(episodes):
            env.reset(seed=k, options={"spec": spec})
            done = False
            while not done:
                _, _, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
                done = term or trunc
            wins += int(info["is_success"])
    return wins / (len(specs) * episodes)


def make_model(algo: str, venv, seed: int, lr: float = 1e-3):
    """The learnability tests' PPO config (``tests/test_ppo_learns.py``): γ 0.95, lr 1e-3, a [128, 128] net."""
    config = {"n_steps": 256, "batch_size": 256, "learning_rate": lr, "gamma": 0.95,
              "policy_kwargs": {"net_arch": [128, 128]}, "seed": seed, "device": "cpu", "verbose": 0}
    if algo == "maskable":
        contrib = require("sb3_contrib", "train")
        return contrib.MaskablePPO("MlpPolicy", venv, ent_coef=0.01, **config)
    from stable_baselines3 import PPO

    return PPO("MlpPolicy", venv, ent_coef=0.02, **config)


def run(name: str, make_cur, seed: int, steps: int, *, eval_every: int, specs, n_envs: int, algo: str,
        extra=None, lr: float = 1e-3, directive: str = D, shuffle_slots: bool = False) -> dict:
    from stable_baselines3.common.callbacks import BaseCallback, CallbackList
    from stable_baselines3.common.vec_env import DummyVecEnv

    from gensim_gym.integrations.sb3 import CurriculumCallback

    cur = make_cur()
    venv = DummyVecEnv([lambda i=i: gym.make("GenSim-v0", directive=directive, seed=seed * 100 + i, curriculum=cur,
                                          shuffle_slots=shuffle_slots)
                        for i in range(n_envs)])
    layout = venv.envs[0].unwrapped.layout
    heldout_ids = {s.id for s in specs}
    masked = algo == "maskable"
    curve: list[tuple[int, float, float, float]] = []
    model = make_model(algo, venv, seed, lr)
    eval_seconds = 0.0

    def point(t: int) -> None:
        nonlocal eval_seconds
        t0 = time.perf_counter()
        stats = cur.stats()
        curve.append((t, evaluate(model, specs, layout, masked), stats["recent_success"],
                      stats.get("difficulty", stats["recent_difficulty"])))
        eval_seconds += time.perf_counter() - t0

    class Eval(BaseCallback):
        def _on_step(self) -> bool:
            if self.num_timesteps % eval_every < n_envs and self.num_timesteps < steps:
                point(self.num_timesteps)
            return True

    start = time.perf_counter()
    point(0)
    model.learn(steps, callback=CallbackList([CurriculumCallback(cur), Eval()]))
    point(int(model.num_timesteps))
    extra_final = evaluate(model, extra, layout, masked) if extra else None
    heldout_ids |= {s.id for s in extra or []}
    leaked = sum(1 for e in cur.pool.values() if e.task.task_id in heldout_ids)
    venv.close()
    return {"curriculum": name, "seed": seed, "algo": algo, "env_steps": int(model.num_timesteps),
            "final_heldout_success": curve[-1][1], "final_train_success": curve[-1][2], "curve": curve,
            "final_extra_heldout_success": extra_final,
            "seconds": time.perf_counter() - start, "eval_seconds": eval_seconds,
            "generated": cur.counters["generated"], "episodes": cur.counters["episodes"],
            "heldout_blocked": cur.generator.blocked, "heldout_in_pool": leaked}


def mean_curve(results: list[dict], name: str) -> tuple[np.ndarray, np.ndarray]:
    runs = [np.asarray(r["curve"]) for r in results if r["curriculum"] == name]
    n = min(len(c) for c in runs)
    return runs[0][:n, 0], np.stack([c[:n, 1] for c in runs]).mean(0)


def goal_ratios(results: list[dict]) -> dict[str, Any]:
    names = {r["curriculum"] for r in results}
    if not {"alpha", "uniform"} <= names:
        return {}
    xa, ya = mean_curve(results, "alpha")
    xu, yu = mean_curve(results, "uniform")
    a_final, u_final = float(ya[-1]), float(yu[-1])
    out: dict[str, Any] = {"alpha_final": a_final, "uniform_final": u_final,
                           "ratio_alpha_over_uniform": a_final / u_final if u_final > 0 else None,
                           "goal_ratio": 1.3, "goal_fraction": 1 / 3}
    hit = np.flatnonzero(ya >= u_final) if u_final > 0 else np.array([], dtype=int)
    out["alpha_steps_to_uniform_final"] = int(xa[hit[0]]) if hit.size else None
    out["fraction_of_uniform_steps"] = float(xa[hit[0]] / xu[-1]) if hit.size else None
    return out


def plot(results: list[dict], path: Path, title: str) -> None:
    plt = require("matplotlib.pyplot", "train")
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.3))
    for name in dict.fromkeys(r["curriculum"] for r in results):
        runs = [np.asarray(r["curve"]) for r in results if r["curriculum"] == name]
        n = min(len(c) for c in runs)
        x = runs[0][:n, 0]
        for ax, col in ((axes[0], 1), (axes[1], 2)):
            ys = np.stack([c[:n, col] for c in runs])
            ax.plot(x, ys.mean(0), marker="o", ms=3, label=f"{name} (n={len(runs)})")
            ax.fill_between(x, ys.min(0), ys.max(0), alpha=0.15)
    axes[0].set(title="held-out hard tasks: success (mean, min-max over seeds)", xlabel="env steps",
                ylabel="success rate", ylim=(-0.02, 1.02))
    axes[1].set(title="training tasks: recent success (last 256 episodes)", xlabel="env steps", ylim=(-0.02, 1.02))
    axes[0].legend()
    fig.suptitle(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=40960, help="env steps per run (a multiple of 1024)")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--first-seed", type=int, default=0, help="run seeds first-seed .. first-seed + seeds - 1")
    parser.add_argument("--eval-every", type=int, default=4096)
    parser.add_argument("--heldout", type=int, default=32, help="number of held-out specs")
    parser.add_argument("--heldout-theta", type=float, nargs=2, default=(0.6, 0.8), metavar=("LO", "HI"))
    parser.add_argument("--hard-theta", type=float, nargs=2, default=None, metavar=("LO", "HI"),
                        help="θ range of the hard-only curriculum (default: --heldout-theta)")
    parser.add_argument("--extra-theta", type=float, nargs=2, default=None, metavar=("LO", "HI"),
                        help="a second (medium) held-out set of --heldout specs, evaluated only at the end")
    parser.add_argument("--pool-size", type=int, default=24)
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--algo", choices=("maskable", "ppo"), default="maskable")
    parser.add_argument("--directive", default=D, help="the task family every curriculum generates from")
    parser.add_argument("--shuffle-slots", action="store_true", help="gym.make(..., shuffle_slots=True)")
    parser.add_argument("--lr", type=float, default=1e-3, help="PPO learning rate")
    parser.add_argument("--only", default="", help="comma-separated subset of " + ",".join(NAMES))
    parser.add_argument("--name", default="curriculum_ablation", help="output file stem in benchmarks/results/")
    parser.add_argument("--alpha-options", type=json.loads, default={}, metavar="JSON",
                        help='extra AlphaCurriculum keyword arguments, e.g. \'{"band": [0.3, 0.7]}\'')
    args = parser.parse_args()
    hard = tuple(args.hard_theta or args.heldout_theta)
    import torch

    torch.set_num_threads(1)  # 2 shared cores: one thread for torch, no oversubscription
    t0 = time.perf_counter()
    specs = held_out(args.heldout, *args.heldout_theta, directive=args.directive)
    extra = held_out(args.heldout, *args.extra_theta, salt=1, directive=args.directive) if args.extra_theta else None
    excluded = {s.id for s in specs + (extra or [])}
    layout = DirectiveGenerator(args.directive).layout
    plan = [s.meta["difficulty"]["plan_length"] for s in specs]
    floor = random_valid(specs, layout)
    heldout_info = {"n": len(specs), "theta_range": list(args.heldout_theta),
                    "thetas": [s.meta["curriculum"]["theta"] for s in specs], "ids": sorted(excluded),
                    "plan_length_mean": float(np.mean(plan)), "plan_length_range": [min(plan), max(plan)],
                    "random_valid_success": floor}
    print(f"held-out: {len(specs)} specs, θ ∈ [{args.heldout_theta[0]}, {args.heldout_theta[1]}], golden plan "
          f"{np.mean(plan):.1f} steps ({min(plan)}-{max(plan)}), random-valid-action success {floor:.3f} "
          f"({time.perf_counter() - t0:.0f}s)", flush=True)
    if extra:
        heldout_info["extra"] = {
            "n": len(extra), "theta_range": list(args.extra_theta), "ids": sorted(s.id for s in extra),
            "random_valid_success": random_valid(extra, layout),
            "plan_length_mean": float(np.mean([s.meta["difficulty"]["plan_length"] for s in extra]))}
        print(f"extra held-out (final eval only): {len(extra)} specs, θ ∈ {args.extra_theta}, random-valid "
              f"{heldout_info['extra']['random_valid_success']:.3f}", flush=True)
    results = []
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        for name, make_cur in curricula(seed, excluded, hard, args.pool_size, args.directive,
                                            alpha_options=args.alpha_options).items():
            if args.only and name not in args.only.split(","):
                continue
            r = run(name, make_cur, seed, args.steps, eval_every=args.eval_every, specs=specs, n_envs=args.envs,
                    algo=args.algo, extra=extra, lr=args.lr, directive=args.directive,
                    shuffle_slots=args.shuffle_slots)
            results.append(r)
            print(f"{name:10s} seed {seed}: held-out {r['final_heldout_success']:.3f}  curve "
                  f"{[round(c[1], 2) for c in r['curve']]}  train {r['final_train_success']:.2f}  "
                  f"episodes {r['episodes']}  generated {r['generated']}  blocked {r['heldout_blocked']}  "
                  f"leaked {r['heldout_in_pool']}  {r['seconds']:.0f}s (eval {r['eval_seconds']:.0f}s)  "
                  f"[total {time.perf_counter() - t0:.0f}s]", flush=True)
    OUT.mkdir(exist_ok=True)
    summary = {}
    for name in dict.fromkeys(r["curriculum"] for r in results):
        rs = [r for r in results if r["curriculum"] == name]
        finals = [r["final_heldout_success"] for r in rs]
        summary[name] = {"mean": float(np.mean(finals)), "per_seed": finals,
                         "train_success_per_seed": [r["final_train_success"] for r in rs],
                         "difficulty_end_per_seed": [r["curve"][-1][3] for r in rs],
                         "episodes_per_seed": [r["episodes"] for r in rs],
                         "generated_per_seed": [r["generated"] for r in rs]}
        if extra:
            ex = [r["final_extra_heldout_success"] for r in rs]
            summary[name]["extra_mean"], summary[name]["extra_per_seed"] = float(np.mean(ex)), ex
        print(f"{name:10s} held-out success mean {np.mean(finals):.3f}  per seed {finals}"
              + (f"  | extra set mean {summary[name]['extra_mean']:.3f} per seed {ex}" if extra else ""))
    ratios = goal_ratios(results)
    if ratios:
        r1, fr = ratios["ratio_alpha_over_uniform"], ratios["fraction_of_uniform_steps"]
        print(f"goal 1: held-out success alpha/uniform at {args.steps} steps = "
              f"{ratios['alpha_final']:.3f}/{ratios['uniform_final']:.3f} = "
              f"{'undefined (uniform 0)' if r1 is None else f'{r1:.2f}x'} (goal >= 1.3x)")
        print(f"goal 2: alpha reaches uniform's final held-out success ({ratios['uniform_final']:.3f}) at "
              f"{ratios['alpha_steps_to_uniform_final']} steps = "
              f"{'never / undefined' if fr is None else f'{fr:.2f}'} of uniform's steps (goal <= 0.33)")
    total = time.perf_counter() - t0
    print(f"total {total:.0f}s")
    atomic_write_json(OUT / f"{args.name}.json", {"args": vars(args), "hard_theta": list(hard),
                                                   "heldout": heldout_info, "summary": summary, "ratios": ratios,
                                                   "total_seconds": total, "runs": results})
    plot(results, OUT / f"{args.name}.png",
         f"{args.directive!r}: {args.algo} PPO, {args.steps} env steps/run, {args.seeds} seeds; "
         f"held-out = {len(specs)} unseen specs "
         f"θ∈[{args.heldout_theta[0]},{args.heldout_theta[1]}] (random-valid {floor:.2f})")
    print(f"wrote {OUT / args.name}.json and .png")


if __name__ == "__main__":
    main()
