"""Learnability: do ordinary trainers, with library defaults, learn the easy family of every domain?

For each (trainer, domain, seed) cell this trains on the family's unlimited task stream
(``gym.make(FAMILY_ID or "GenSim-v0", directive="domain: D", difficulty=0.1, num_tasks=0)``),
then evaluates the policy greedily on **unseen** tasks: 20 % of the family, chosen by content hash
(``info["task_id"]``), is held out: training skips those tasks, and the unseen score plays only them
(from a different stream seed). ``fresh`` is the score on the eval stream's first draws, held out or not.
Success is reported with a 90 % bootstrap interval over evaluation episodes. (Rows of
``results/learnability.jsonl`` came before the split: their ``unseen`` is "not played in training",
which left almost nothing to evaluate in the small warehouse and filesystem families;
``results/learnability_heldout.jsonl`` has the rows with the split.)

Trainers (library defaults except the device and the seed):

- ``ppo``: SB3 ``PPO("MlpPolicy")``, 4 envs, no masks;
- ``dqn``: SB3 ``DQN("MlpPolicy")``, 1 env, no masks;
- ``cleanrl``: the repo's CleanRL-style PPO (``examples/cleanrl_ppo.py``), no masks;
- ``maskable``: sb3-contrib ``MaskablePPO("MlpPolicy")``, 4 envs, with ``action_masks()`` (the reference);
- ``random``: uniformly random among the calls available now (masked random, the floor);
- ``rllib``: RLlib 2.60 ``PPOConfig()`` with its defaults (new API stack: 2 env runners, 4,000 steps a
  batch, ``[256, 256]`` tanh MLP), no masks. RLlib pins its own Gymnasium: run it with the ``.venv-ray``
  interpreter (``scripts/test_ray.sh`` makes it). Its env runners are processes of their own, so each
  skips held-out tasks itself and ``train_tasks`` is not counted (0); ``train_cpu_s`` is the driver's.

``--domains mixed`` trains and evaluates on one stream over all five domains (``GenSim-Mixed-v0``'s directive) at
the easy difficulty: the observation and action spaces then span the five tool sets.

``--env-kwargs`` passes extra ``gym.make`` arguments, to compare env-side variants in the
same harness. Decision rule for changing a default (fixed before the five-domain screen; the exploratory
runs on warehouse and calendar before it are in BENCHMARKS.md):
a variant replaces the default when its mean fresh-task success over the five domains (PPO, seed 0,
50k steps) beats the default's by >= 10 points, holds on seed 1, and MaskablePPO's mean under it
is not lower by more than 5 points.

    PYTHONPATH=. python benchmarks/learnability.py --trainers ppo,maskable --seeds 0 --steps 100000
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shlex
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import gymnasium as gym
import numpy as np

import gensim_gym  # noqa: F401 - registers GenSim-v0
from gensim_gym.wrappers import ActionMaskInfo

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
import cleanrl_ppo  # noqa: E402 - the repo's CleanRL-style example, imported from its folder

DOMAINS = ("warehouse", "webshop", "calendar", "filesystem", "support")
#: ``--domains mixed``: one stream over all five domains (the directive of ``GenSim-Mixed-v0``) at the easy difficulty
MIXED = "mixed"
EASY_DIFFICULTY = 0.1
EVAL_SEED_OFFSET = 1_000_003


@dataclass(frozen=True)
class Cell:
    """One (trainer, domain, seed) run of the grid, with the extra ``gym.make`` arguments of the variant."""

    trainer: str
    domain: str
    seed: int
    steps: int
    env_kwargs: dict[str, Any] = field(default_factory=dict)
    cleanrl_args: str = ""  # extra command-line arguments of examples/cleanrl_ppo.py (trainer "cleanrl" only)

    def make_kwargs(self, stream_seed: int) -> dict[str, Any]:
        domains = ", ".join(DOMAINS) if self.domain == MIXED else self.domain
        return {"directive": f"domain: {domains}", "difficulty": EASY_DIFFICULTY, "seed": stream_seed,
                "num_tasks": 0, **self.env_kwargs}


#: :func:`_owners`' table, filled on first use. A plain dict, not ``functools.cache``: RLlib's env runners unpickle
#: :class:`SeenTasks` by value from ``__main__``, and a cache wrapper would be pickled by reference to ``__main__``,
#: which the runner's own ``__main__`` does not have.
_OWNERS: dict[str, str] = {}


def _owners() -> dict[str, str]:
    """The built-in domain of each predicate and fluent name."""
    from gensim_gym.generation.toolsets import get_toolset  # noqa: PLC0415 - only mixed cells need it

    if not _OWNERS:
        for domain in DOMAINS:
            toolset = get_toolset(domain)
            for item in (*toolset.predicates, *toolset.fluents):
                _OWNERS.setdefault(item.name, domain)
    return _OWNERS


def goal_domains(spec: Any) -> str:
    """The domains a task's goal conditions name, joined by "+" in :data:`DOMAINS` order (e.g. "calendar+filesystem"):
    a mixed task holds the objects and tools of all five domains, and its goal comes from wherever the
    generator's walk went (``info["domain"]`` names all five)."""
    owners = _owners()
    named = {owners.get(m.group(1), "?") for goal in spec.task.goal for m in [_GOAL_NAME.match(goal)] if m}
    return "+".join(d for d in (*DOMAINS, "?") if d in named)


_GOAL_NAME = re.compile(r"\s*(?:not\s+)?([A-Za-z_]\w*)")
HELD_OUT_BUCKETS = 5  # a task whose content hash falls in bucket 0 of 5 (20 %) is never trained on


def held_out(task_id: str) -> bool:
    """Whether a task (by its content hash) belongs to the held-out split: training never plays it, and the
    ``unseen`` score plays only such tasks. A split by hash holds tasks out of the small easy families too
    (warehouse at difficulty 0.1 has about 230 distinct tasks, all of which a 200k-step run plays)."""
    return int(hashlib.sha256(task_id.encode()).hexdigest()[:8], 16) % HELD_OUT_BUCKETS == 0


class SeenTasks(gym.Wrapper):
    """Skips held-out tasks (drawing the stream's next task instead) and records the content hash of every
    task a training env plays, and (given ``plays``) how many episodes each domain had."""

    def __init__(self, env: gym.Env, seen: set[str], plays: Counter[str] | None = None) -> None:
        super().__init__(env)
        self.seen = seen
        self.plays = plays

    def reset(self, **kwargs: Any):
        obs, info = self.env.reset(**kwargs)
        for _ in range(1000):  # 20 % of draws are held out: 1000 in a row has probability 0.2 ** 1000
            if not held_out(info["task_id"]):
                break
            obs, info = self.env.reset()
        self.seen.add(info["task_id"])
        if self.plays is not None:
            self.plays[goal_domains(self.env.unwrapped.sim_spec)] += 1
        return obs, info


def make_thunks(cell: Cell, n_envs: int, seen: set[str], *, mask_info: bool = False,
                plays: Counter[str] | None = None) -> list:
    """Env factories of the training stream (each sub-env its own stream seed), recording the tasks played (and
    the episodes per domain in ``plays``); ``mask_info`` adds the mask to ``info`` (the CleanRL-style script reads
    it there, and ignores it with --no-mask)."""
    def thunk(i: int):
        def make() -> gym.Env:
            env = gym.make("GenSim-v0", **cell.make_kwargs(cell.seed * 100 + i))
            if mask_info:
                env = ActionMaskInfo(env)
            return SeenTasks(gym.wrappers.RecordEpisodeStatistics(env), seen, plays)
        return make

    return [thunk(i) for i in range(n_envs)]


def train(cell: Cell, seen: set[str], plays: Counter[str] | None = None) -> Any:
    """A trained model (None for ``random``), trained on the domain's stream (episodes per domain counted in
    ``plays``)."""
    import torch  # noqa: PLC0415 - optional dependency

    torch.set_num_threads(1)
    if cell.trainer == "rllib":
        return train_rllib(cell)
    from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: PLC0415

    common = {"seed": cell.seed, "device": "cpu", "verbose": 0}
    if cell.trainer == "random":
        return None
    if cell.trainer == "cleanrl":
        args = cleanrl_ppo.parse_args(["--no-mask", "--total-timesteps", str(cell.steps), "--seed", str(cell.seed),
                                       *shlex.split(cell.cleanrl_args)])
        return cleanrl_ppo.train(make_thunks(cell, args.num_envs, seen, mask_info=True, plays=plays), args)
    if cell.trainer == "ppo":
        from stable_baselines3 import PPO as Algo  # noqa: PLC0415, N814
    elif cell.trainer == "dqn":
        from stable_baselines3 import DQN as Algo  # noqa: PLC0415, N814
    elif cell.trainer == "maskable":
        from sb3_contrib import MaskablePPO as Algo  # noqa: PLC0415, N814
    else:
        raise SystemExit(f"unknown trainer {cell.trainer!r}")
    venv = DummyVecEnv(make_thunks(cell, 1 if cell.trainer == "dqn" else 4, seen, plays=plays))
    venv.seed(cell.seed)
    return Algo("MlpPolicy", venv, **common).learn(cell.steps)


def heldout_stream(config: dict[str, Any]) -> gym.Env:
    """RLlib's env creator: the cell's training stream, held-out tasks skipped (runner ``i`` plays stream seed
    ``seed * 100 + i``, as SB3's sub-envs do)."""
    cell = Cell(**config["cell"])
    index = int(getattr(config, "worker_index", 0)) * 8 + int(getattr(config, "vector_index", 0))
    # "gensim_gym:" imports the package in the runner, which never imported it (by value from __main__)
    return SeenTasks(gym.make("gensim_gym:GenSim-v0", **cell.make_kwargs(cell.seed * 100 + index)), set())


def train_rllib(cell: Cell) -> Any:
    """RLlib PPO with its default configuration on the cell's stream; returns the trained RLModule."""
    import ray  # noqa: PLC0415 - optional dependency ([rllib], its own environment)
    from ray.rllib.algorithms.ppo import PPOConfig  # noqa: PLC0415
    from ray.tune.registry import register_env  # noqa: PLC0415

    root = str(Path(__file__).resolve().parents[1])
    ray.init(include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1",
             runtime_env={"env_vars": {"PYTHONPATH": root}})
    register_env("gensim-heldout", heldout_stream)
    config = (PPOConfig().environment("gensim-heldout", env_config={"cell": cell.__dict__})
              .debugging(seed=cell.seed))
    algo = config.build_algo()
    sampled = 0
    while sampled < cell.steps:
        result = algo.train()
        # an iteration whose env runner was restarted reports no env_runners metrics: count its batch
        lifetime = result.get("env_runners", {}).get("num_env_steps_sampled_lifetime")
        sampled = int(lifetime) if lifetime else sampled + config.train_batch_size_per_learner
    module = algo.get_module()
    algo.stop()
    return module


def act(model: Any, trainer: str, obs: np.ndarray, env: gym.Env, rng: np.random.Generator) -> int:
    mask = env.get_wrapper_attr("action_masks")()
    if model is None:
        valid = np.flatnonzero(mask)
        return int(rng.choice(valid)) if len(valid) else 0  # a dead end: any call is as good
    if trainer == "maskable":
        return int(model.predict(obs, deterministic=True, action_masks=mask)[0])
    if trainer == "cleanrl":
        return cleanrl_ppo.greedy(model, obs)
    if trainer == "rllib":
        import torch  # noqa: PLC0415 - optional dependency

        with torch.no_grad():
            logits = model.forward_inference({"obs": torch.as_tensor(obs[None])})["action_dist_inputs"]
        return int(logits[0].argmax())
    return int(model.predict(obs, deterministic=True)[0])


class _Episode(NamedTuple):
    """One evaluation episode: its task's domain, whether it succeeded, its calls and how many were invalid."""

    domain: str
    success: float
    calls: int
    invalid: int


def play(model: Any, trainer: str, env: gym.Env, obs: np.ndarray, *, info: dict[str, Any],
         rng: np.random.Generator) -> _Episode:
    """Play one episode greedily from the reset ``obs``/``info``."""
    domain = goal_domains(env.unwrapped.sim_spec) if "+" in info["domain"] else info["domain"]
    done = False
    calls = invalid = 0
    while not done:
        obs, _, terminated, truncated, info = env.step(act(model, trainer, obs, env, rng))
        calls += 1
        invalid += info["invalid"]
        done = terminated or truncated
    return _Episode(domain, float(info["is_success"]), calls, invalid)


def evaluate(model: Any, cell: Cell, seen: set[str], episodes: int) -> dict[str, Any]:
    """Greedy success on a fresh stream: on its first ``episodes`` draws (``fresh``), and on up to ``episodes``
    draws of held-out tasks, which training never played (``unseen``). A mixed cell adds ``by_domain``: per
    domain, the held-out success, episodes and mean calls per episode, and the fresh success."""
    seed = cell.seed
    env = gym.make("GenSim-v0", **cell.make_kwargs(EVAL_SEED_OFFSET + seed))
    rng = np.random.default_rng(seed)
    fresh: list[_Episode] = []
    unseen: list[_Episode] = []
    played: list[_Episode] = []
    for draw in range(20 * episodes):
        if len(fresh) >= episodes and len(unseen) >= episodes:
            break
        obs, info = env.reset(seed=EVAL_SEED_OFFSET + seed + draw)
        new = held_out(info["task_id"]) and info["task_id"] not in seen
        if len(fresh) >= episodes and not new:
            continue
        episode = play(model, cell.trainer, env, obs, info=info, rng=rng)
        played.append(episode)
        if len(fresh) < episodes:
            fresh.append(episode)
        if new and len(unseen) < episodes:
            unseen.append(episode)
    calls = sum(e.calls for e in played)
    invalid = sum(e.invalid for e in played)
    out = {"success": _mean([e.success for e in unseen]), "ci90": _interval([e.success for e in unseen], rng),
           "episodes": len(unseen), "success_fresh": _mean([e.success for e in fresh]),
           "ci90_fresh": _interval([e.success for e in fresh], rng), "invalid_share": invalid / max(calls, 1)}
    if cell.domain == MIXED:
        out["by_domain"] = by_domain(unseen, fresh)
    return out


def by_domain(unseen: list[_Episode], fresh: list[_Episode]) -> dict[str, dict[str, float]]:
    """Per domain: held-out success, episodes and mean calls per held-out episode, and fresh success."""
    out = {}
    for domain in sorted({e.domain for e in unseen + fresh}):
        mine = [e for e in unseen if e.domain == domain]
        out[domain] = {"success": _mean([e.success for e in mine]), "episodes": len(mine),
                       "calls": _mean([float(e.calls) for e in mine]),
                       "success_fresh": _mean([e.success for e in fresh if e.domain == domain])}
    return out


def _mean(sample: list[float]) -> float:
    return float(np.mean(sample)) if sample else float("nan")


def _interval(sample: list[float], rng: np.random.Generator) -> list[float]:
    """A 90 % percentile-bootstrap interval of the mean."""
    if not sample:
        return [float("nan"), float("nan")]
    boot = rng.choice(np.asarray(sample), size=(2000, len(sample))).mean(axis=1)
    return [float(np.quantile(boot, 0.05)), float(np.quantile(boot, 0.95))]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--trainers", default="ppo,dqn,cleanrl,maskable,random")
    p.add_argument("--domains", default=",".join(DOMAINS))
    p.add_argument("--seeds", default="0,1,2")
    p.add_argument("--steps", type=int, default=200_000)
    p.add_argument("--episodes", type=int, default=200, help="unseen evaluation tasks per cell")
    p.add_argument("--env-kwargs", default="{}", help='extra gym.make arguments as JSON, e.g. {"max_calls": 16}')
    p.add_argument("--cleanrl-args", default="", help='extra arguments of examples/cleanrl_ppo.py, e.g. "--hidden 128"')
    p.add_argument("--save", default="", help="save each SB3 model to this folder (for later analysis)")
    p.add_argument("--out", default="", help="append one JSON line per cell to this file")
    p.add_argument("--table", default="", help="print the Markdown table of a results file (one JSON line per cell) "
                                               "and exit")
    args = p.parse_args()
    if args.table:
        print(table(args.table))
        return
    extra = json.loads(args.env_kwargs)
    for trainer in args.trainers.split(","):
        for domain in args.domains.split(","):
            for seed in (int(s) for s in args.seeds.split(",")):
                cell = Cell(trainer, domain, seed, args.steps, extra, args.cleanrl_args if trainer == "cleanrl" else "")
                run_cell(cell, args.episodes, args.out, args.save)


def run_cell(cell: Cell, episodes: int, out: str, save: str = "") -> dict[str, Any]:
    """Train and evaluate one cell; print its line and append its JSON row to ``out`` (if given); save an SB3
    model in the folder ``save`` (if given)."""
    seen: set[str] = set()
    plays: Counter[str] = Counter()
    start = time.process_time()
    model = train(cell, seen, plays)
    cpu = time.process_time() - start
    if save and hasattr(model, "save"):
        model.save(Path(save) / f"{cell.trainer}_{cell.domain}_s{cell.seed}_{cell.steps // 1000}k.zip")
    result = evaluate(model, cell, seen, episodes)
    row = {"trainer": cell.trainer, "domain": cell.domain, "seed": cell.seed, "steps": cell.steps,
           "env_kwargs": cell.env_kwargs, "split": f"hash-1/{HELD_OUT_BUCKETS}", "train_cpu_s": round(cpu, 1),
           "train_tasks": len(seen), **result}
    if cell.cleanrl_args:
        row["cleanrl_args"] = cell.cleanrl_args
    if cell.domain == MIXED:  # training episodes per domain (RLlib's runners count their own: empty there)
        row["train_episodes"] = dict(sorted(plays.items()))
    lo, hi = result["ci90"]
    print(f"{cell.trainer:9s} {cell.domain:10s} seed {cell.seed}: success {result['success']:.2f} [{lo:.2f}, {hi:.2f}] "
          f"n={result['episodes']} fresh {result['success_fresh']:.2f} invalid {result['invalid_share']:.2f} "
          f"train tasks {len(seen)} cpu {cpu:.0f}s", flush=True)
    for domain, part in result.get("by_domain", {}).items():
        print(f"    {domain:10s} success {part['success']:.2f} n={part['episodes']} calls {part['calls']:.1f} "
              f"fresh {part['success_fresh']:.2f} train episodes {plays[domain]}", flush=True)
    if out:
        with open(out, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")
    return row


def table(path: str) -> str:
    """Success per (trainer, face, steps) row and domain column, seeds listed in each cell: on held-out tasks for
    rows with the hash split, on fresh tasks for the older rows (whose unseen samples were often empty)."""
    cells: dict[tuple[str, str, int], dict[str, list[str]]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        face = row["env_kwargs"].get("action_space", "available")
        if "repeat_rows" in row["env_kwargs"]:  # rows before it became the default name it
            face += f", repeat_rows={row['env_kwargs']['repeat_rows']}"
        key = (row["trainer"], face if row["trainer"] != "random" else "-", row["steps"])
        cells.setdefault(key, {}).setdefault(row["domain"], []).append(
            f"{row['success' if 'split' in row else 'success_fresh']:.2f} (s{row['seed']})")
    columns = (*DOMAINS, MIXED) if any(MIXED in by_domain for by_domain in cells.values()) else DOMAINS
    out = ["| trainer | face | steps | " + " | ".join(columns) + " |", "|---" * (3 + len(columns)) + "|"]
    for (trainer, face, steps), by_domain in sorted(cells.items()):
        out.append(f"| {trainer} | {face} | {steps // 1000}k | "
                   + " | ".join(", ".join(by_domain.get(d, ["—"])) for d in columns) + " |")
    return "\n".join(out)


if __name__ == "__main__":
    main()
