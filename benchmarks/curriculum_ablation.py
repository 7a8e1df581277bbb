"""GenEnv-style ablation: MaskablePPO at equal env steps under alpha, uniform, static and hard-only curricula.

Every run trains MaskablePPO ("MlpPolicy", 4 DummyVecEnv workers) on ``warehouse tasks``
with one curriculum fed by :class:`~gensim_gym.integrations.sb3.CurriculumCallback`,
and is evaluated every ``--eval-every`` steps on a fixed held-out set of hard
tasks (θ ∈ [0.85, 1], generated from seeds no curriculum uses, never trained
on; deterministic policy, one episode per task). Writes
``benchmarks/results/curriculum_ablation.json`` and ``.png`` (learning curves,
mean ± min/max over seeds).

    PYTHONPATH=. nice -n 10 python benchmarks/curriculum_ablation.py --steps 16384 --seeds 2
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

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

D = "warehouse tasks"
OUT = Path(__file__).parent / "results"


def curricula(seed: int) -> dict:
    common = {"directive": D, "seed": seed, "pool_size": 24}
    return {
        "alpha": lambda: AlphaCurriculum(alpha=0.5, **common),
        "uniform": lambda: UniformCurriculum(max_plays=24, **common),
        "static": lambda: StaticCurriculum(**common),
        "hard-only": lambda: UniformCurriculum(theta_range=(0.85, 1.0), max_plays=24, **common),
    }


def held_out(n: int) -> list:
    gen = DirectiveGenerator(D)
    rng = np.random.default_rng(12345)
    specs = []
    while len(specs) < n:
        try:
            specs.append(gen(float(rng.uniform(0.85, 1.0)), 10**9 + len(specs) * 7919 + int(rng.integers(1000))))
        except GenerationError:
            continue
    return specs


def evaluate(model, specs, layout) -> float:
    env = GenSimEnv(FixedSpec(specs[0], layout), seed=0)
    wins = 0
    for spec in specs:
        obs, _ = env.reset(seed=0, options={"spec": spec})
        done = False
        while not done:
            action, _ = model.predict(obs, deterministic=True, action_masks=env.action_masks())
            obs, _, term, trunc, info = env.step(int(action))
            done = term or trunc
        wins += int(info["is_success"])
    return wins / len(specs)


def run(name: str, make_cur, seed: int, steps: int, *, eval_every: int, specs, n_envs: int) -> dict:
    contrib = require("sb3_contrib", "train")
    from stable_baselines3.common.callbacks import BaseCallback, CallbackList
    from stable_baselines3.common.vec_env import DummyVecEnv

    from gensim_gym.integrations.sb3 import CurriculumCallback

    cur = make_cur()
    venv = DummyVecEnv([lambda i=i: gym.make("GenSim-v0", directive=D, seed=seed * 100 + i, curriculum=cur)
                        for i in range(n_envs)])
    layout = venv.envs[0].unwrapped.layout
    heldout_ids = {s.id for s in specs}
    curve: list[tuple[int, float, float, float]] = []

    class Eval(BaseCallback):
        def _on_step(self) -> bool:
            if self.num_timesteps % eval_every < n_envs:
                stats = cur.stats()
                curve.append((self.num_timesteps, evaluate(self.model, specs, layout), stats["recent_success"],
                              stats.get("difficulty", stats["recent_difficulty"])))
            return True

    model = contrib.MaskablePPO("MlpPolicy", venv, n_steps=256, batch_size=256, n_epochs=4, learning_rate=3e-4,
                                ent_coef=0.01, seed=seed, device="cpu", verbose=0)
    start = time.perf_counter()
    model.learn(steps, callback=CallbackList([CurriculumCallback(cur), Eval()]))
    final = evaluate(model, specs, layout)
    curve.append((steps, final, cur.stats()["recent_success"], curve[-1][3] if curve else 0.0))
    leaked = sum(1 for e in cur.pool.values() if e.task.task_id in heldout_ids)
    venv.close()
    return {"curriculum": name, "seed": seed, "final_heldout_success": final, "curve": curve,
            "seconds": time.perf_counter() - start, "generated": cur.counters["generated"],
            "episodes": cur.counters["episodes"], "heldout_in_pool": leaked}


def plot(results: list[dict], path: Path) -> None:
    plt = require("matplotlib.pyplot", "train")
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for name in dict.fromkeys(r["curriculum"] for r in results):
        runs = [np.asarray(r["curve"]) for r in results if r["curriculum"] == name]
        n = min(len(c) for c in runs)
        x = runs[0][:n, 0]
        for ax, col in ((axes[0], 1), (axes[1], 2)):
            ys = np.stack([c[:n, col] for c in runs])
            ax.plot(x, ys.mean(0), label=name)
            ax.fill_between(x, ys.min(0), ys.max(0), alpha=0.2)
    axes[0].set(title="held-out hard tasks: success", xlabel="env steps", ylabel="success rate")
    axes[1].set(title="training tasks: recent success", xlabel="env steps")
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=16384)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--eval-every", type=int, default=2048)
    parser.add_argument("--heldout", type=int, default=16)
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    t0 = time.perf_counter()
    specs = held_out(args.heldout)
    print(f"held-out: {len(specs)} hard specs, mean plan length "
          f"{np.mean([s.meta['difficulty']['plan_length'] for s in specs]):.1f} ({time.perf_counter() - t0:.0f}s)")
    results = []
    for seed in range(args.seeds):
        for name, make_cur in curricula(seed).items():
            if args.only and name not in args.only.split(","):
                continue
            r = run(name, make_cur, seed, args.steps, eval_every=args.eval_every, specs=specs, n_envs=args.envs)
            results.append(r)
            print(f"{name:10s} seed {seed}: held-out success {r['final_heldout_success']:.3f}  "
                  f"train success {r['curve'][-1][2]:.2f}  episodes {r['episodes']}  generated {r['generated']}  "
                  f"{r['seconds']:.0f}s", flush=True)
    OUT.mkdir(exist_ok=True)
    summary = {}
    for name in dict.fromkeys(r["curriculum"] for r in results):
        finals = [r["final_heldout_success"] for r in results if r["curriculum"] == name]
        summary[name] = {"mean": float(np.mean(finals)), "per_seed": finals}
        print(f"{name:10s} held-out success mean {np.mean(finals):.3f}  per seed {finals}")
    atomic_write_json(OUT / "curriculum_ablation.json", {"args": vars(args), "summary": summary, "runs": results})
    plot(results, OUT / "curriculum_ablation.png")
    print(f"total {time.perf_counter() - t0:.0f}s; wrote {OUT / 'curriculum_ablation.json'} and .png")


if __name__ == "__main__":
    main()
