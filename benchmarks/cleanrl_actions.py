"""Where a trained CleanRL-style policy acts: greedy choices against shortest plans, on held-out and seen tasks.

Trains one cell of ``learnability.py`` (trainer ``cleanrl``), then plays the eval stream greedily and, in every
state, compares the greedy action with the calls that start a shortest plan there (found by replaying the
episode in a second env and asking the oracle after each listed call). Reports per episode kind (``heldout``:
held-out tasks training never played; ``seen``: tasks it did): success, per-step accuracy, the probability the
policy puts on shortest-plan calls (aliases ``k >= n`` summed into their call), the entropy over calls, and how
often the argmax is an alias. Results and reading: ``results/cleanrl_transfer.md``.

    PYTHONPATH=. python benchmarks/cleanrl_actions.py --seed 0 --env-kwargs '{"repeat_rows": true}'
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
import learnability as lb  # noqa: E402 - the sibling benchmark's harness


def shortest_plan_calls(sim: gym.Env, reset_seed: int, history: list[int], n: int) -> set[int]:
    """The listed calls (positions ``0..n-1``) after which a shortest plan is one step shorter."""
    sim.reset(seed=reset_seed)
    for a in history:
        sim.step(a)
    length = len(sim.get_wrapper_attr("oracle_actions")())
    good = set()
    for a in range(n):
        sim.reset(seed=reset_seed)
        for h in history:
            sim.step(h)
        _, _, terminated, _, info = sim.step(a)
        after = 0 if terminated and info["is_success"] else len(sim.get_wrapper_attr("oracle_actions")())
        if after == length - 1:
            good.add(a)
    return good


def play(agent: Any, env: gym.Env, sim: gym.Env, reset_seed: int, tally: Counter) -> None:
    """One greedy episode, tallying per state how the policy's choice relates to the shortest plans."""
    obs, _ = env.reset(seed=reset_seed)
    history: list[int] = []
    done, info = False, {}
    while not done:
        n = int(env.get_wrapper_attr("action_masks")().sum())
        good = shortest_plan_calls(sim, reset_seed, history, n)
        with torch.no_grad():
            logits = agent.actor(torch.as_tensor(obs, dtype=torch.float32))
        probs = torch.softmax(logits, -1).numpy()
        per_call = np.array([probs[c::n].sum() for c in range(n)]) if n else np.ones(1)
        k = int(logits.argmax())
        t = len(history)
        tally["states"] += 1
        tally["p_good"] += float(sum(per_call[c] for c in good))
        tally["call_entropy"] += float(-(per_call * np.log(per_call + 1e-12)).sum())
        tally["alias"] += k >= n
        tally[f"ok{t}"] += (k % n if n else k) in good
        tally[f"n_at{t}"] += 1
        obs, _, terminated, truncated, info = env.step(k)
        history.append(k)
        done = terminated or truncated
    tally["episodes"] += 1
    tally["success"] += bool(info["is_success"])


def report(kind: str, tally: Counter) -> str:
    states = max(tally["states"], 1)
    steps = " / ".join(f"{tally[f'ok{t}'] / tally[f'n_at{t}']:.2f}" for t in range(4) if tally[f"n_at{t}"])
    return (f"{kind}: success {tally['success'] / max(tally['episodes'], 1):.2f} ({tally['episodes']} episodes); "
            f"greedy on a shortest plan, steps 1-4: {steps}; probability on shortest-plan calls "
            f"{tally['p_good'] / states:.2f}; entropy over calls {tally['call_entropy'] / states:.2f}; "
            f"argmax an alias {tally['alias'] / states:.2f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--domain", default="warehouse")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", type=int, default=200_000)
    p.add_argument("--episodes", type=int, default=150, help="episodes of each kind")
    p.add_argument("--env-kwargs", default="{}")
    p.add_argument("--cleanrl-args", default="")
    args = p.parse_args()
    cell = lb.Cell("cleanrl", args.domain, args.seed, args.steps, json.loads(args.env_kwargs), args.cleanrl_args)
    seen: set[str] = set()
    agent = lb.train(cell, seen)
    stream = lb.EVAL_SEED_OFFSET + args.seed
    env, sim = (gym.make("GenSim-v0", **cell.make_kwargs(stream)) for _ in range(2))
    tallies = {"heldout": Counter(), "seen": Counter()}
    for draw in range(20 * args.episodes):
        _, info = env.reset(seed=stream + draw)
        task = info["task_id"]
        kind = "seen" if task in seen else "heldout" if lb.held_out(task) else None
        if kind is not None and tallies[kind]["episodes"] < args.episodes:
            play(agent, env, sim, stream + draw, tallies[kind])
        if all(t["episodes"] >= args.episodes for t in tallies.values()):
            break
    for kind, tally in tallies.items():
        print(report(kind, tally))


if __name__ == "__main__":
    main()
