"""``GenerativeSimulator``: the training loop of the Generative Simulators report (Algorithm 1).

Per epoch: (1) the curriculum (:mod:`gensim_gym.curriculum`, by default
``AlphaCurriculum``) hands out K tasks; new specs are generated under the
current directive with θ ~ π_env and pass its filter C; (2) the agent is
rolled out once on each and scored by the spec's verifiable reward, and each
result is reported to the curriculum exactly once; (3) the trainer updates
the agent on those tasks; (4) episodes with reward < η go to the oversight memory B; (5)
oversight classifies the bottleneck and rewrites the directive by the η rule.
Everything is written to a run directory and checkpointed after every epoch,
so ``resume=True`` continues a killed run from the last finished epoch.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from gensim_gym._checks import Checks
from gensim_gym._json import load_file
from gensim_gym.curriculum import Curriculum
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import ArgumentError, BackendError, Error, RunError, UnexpectedArgumentError
from gensim_gym.oversight.chat import TokenCounter
from gensim_gym.oversight.memory import FailureMemory
from gensim_gym.oversight.oversight import Oversight, RuleOversight
from gensim_gym.simulator.adapter import EpochTasks, LoopCurriculum, LoopGenerator
from gensim_gym.simulator.io import JsonlLog, atomic_write_json
from gensim_gym.simulator.llm_tasks import LLMTasks
from gensim_gym.simulator.run_folder import (
    MAX_RECORD_BYTES,
    RunLock,
    committed_checkpoint,
    prune_checkpoints,
    read_config,
    read_record,
    read_state,
    write_checkpoint,
)
from gensim_gym.simulator.tasks import EpochSource, GenerateFn, OfflineTasks, directive_layout
from gensim_gym.trainers.base import Trainer
from gensim_gym.trainers.rollout import rollout

EVAL_DIFFICULTIES = (0.2, 0.35, 0.5, 0.65)
FILES = ("config.json", "report.json", "report.md", "report.html", "trajectories.jsonl", "env_dataset.jsonl",
         "state.json")


def _bucket(d: float) -> str:
    lo = min(int(d * 5), 4) / 5
    return f"{lo:.1f}-{lo + 0.2:.1f}"


def band(values: list[float]) -> dict[str, float]:
    """Min, 10th percentile, median, 90th percentile and max of ``values`` (all 0.0 when empty)."""
    if not values:
        return {"min": 0.0, "p10": 0.0, "median": 0.0, "p90": 0.0, "max": 0.0}
    q = np.percentile(np.asarray(values, dtype=float), [0, 10, 50, 90, 100])
    return {k: round(float(v), 4) for k, v in zip(("min", "p10", "median", "p90", "max"), q, strict=True)}


def sampled_band(tasks: list, directive: str) -> dict[str, Any]:
    """What the curriculum actually handed out this epoch: the measured and requested difficulty of the
    tasks played (a spec played twice counts twice) and the share generated under ``directive``."""
    metas = [t.spec.meta for t in tasks]
    measured = [float(m.get("difficulty", {}).get("score", 0.0)) for m in metas]
    requested = [float(m["difficulty"]["requested"]) for m in metas if "requested" in m.get("difficulty", {})]
    current = [m.get("loop_directive", directive) == directive for m in metas]
    return {"n": len(tasks), "measured": band(measured), "requested": band(requested),
            "current_directive_share": round(float(np.mean(current)), 4) if current else 0.0}


def summarise(results: list[EpisodeResult]) -> dict[str, Any]:
    """Success and reward overall, by domain and by difficulty bucket."""
    if not results:
        return {"episodes": 0, "success": 0.0, "mean_reward": 0.0, "by_domain": {}, "by_difficulty": {}}
    by_dom: dict[str, list[bool]] = defaultdict(list)
    by_diff: dict[str, list[bool]] = defaultdict(list)
    for r in results:
        by_dom[r.domain].append(r.is_success)
        by_diff[_bucket(r.difficulty)].append(r.is_success)
    rate = {k: {"success": round(float(np.mean(v)), 4), "n": len(v)} for k, v in sorted(by_dom.items())}
    diff = {k: {"success": round(float(np.mean(v)), 4), "n": len(v)} for k, v in sorted(by_diff.items())}
    return {"episodes": len(results), "success": round(float(np.mean([r.is_success for r in results])), 4),
            "mean_reward": round(float(np.mean([r.episode_return for r in results])), 4),
            "mean_difficulty": round(float(np.mean([r.difficulty for r in results])), 4),
            "invalid_rate": round(float(np.mean([r.invalid_rate for r in results])), 4),
            "by_domain": rate, "by_difficulty": diff}


class GenerativeSimulator:
    """Algorithm 1 over gensim_gym's generators, a :class:`Trainer`, a curriculum and oversight.

    Args:
        directive: the initial natural-language directive d0.
        trainer: the agent (see :mod:`gensim_gym.trainers`).
        backend: ``"offline"``, ``"openai"`` (every spec through ``gensim_gym.generate(..., backend="openai")``
            with its disk cache; see :class:`~gensim_gym.simulator.llm_tasks.LLMTasks`) or a
            ``generate(directive, difficulty, seed) -> SimSpec`` callable.
        backend_options: keywords of :class:`LLMTasks` for ``backend="openai"`` (model, base_url, cache_dir, ...).
        curriculum: ``"alpha"`` (:class:`~gensim_gym.curriculum.AlphaCurriculum`), ``"uniform"``,
            ``"static"``, ``"threshold"``, ``"learnability"``, ``"hard"``, ``"none"`` (fresh tasks at
            ``difficulty``, as ``gym.make`` without a curriculum), or any :class:`~gensim_gym.curriculum.Curriculum`
            object (it then keeps its own settings; its generator is replaced by the loop's unless it is a
            custom callable). See :class:`~gensim_gym.simulator.adapter.LoopCurriculum`.
        oversight: an :class:`Oversight`; rules by default.
        out: the run directory.
        steps_per_epoch: environment steps of RL update per epoch.
        lam: λ of the GenEnv environment training-set weights ``exp(λ·R_env)``.
        alpha: the target success rate α of a curriculum built from a name.
        difficulty: with ``curriculum="none"``: the tasks' difficulty in [0, 1] (default 0.5).
    """

    def __init__(self, directive: str, *, trainer: Trainer, backend: Any = "offline",
                 curriculum: str | Curriculum = "alpha", oversight: Oversight | None = None,
                 out: str | Path = "runs/gensim", seed: int = 0, steps_per_epoch: int = 2048, lam: float = 2.0,
                 alpha: float = 0.5, tokens: TokenCounter | None = None, config: dict[str, Any] | None = None,
                 backend_options: dict[str, Any] | None = None, difficulty: float | None = None) -> None:
        checks = Checks("GenerativeSimulator")
        if not isinstance(directive, str) or not directive.strip():
            checks.fail("directive", directive, "must be a non-empty directive string")
        checks.integer("seed", seed)
        checks.integer("steps_per_epoch", steps_per_epoch)
        checks.number("lam", lam, 0.0)
        checks.number("alpha", alpha, 0.0, 1.0, open_low=True, open_high=True)
        checks.done()
        self.directive0 = directive
        self.trainer = trainer
        self.layout = directive_layout(directive)
        self.oversight = oversight or RuleOversight()
        self.tokens = tokens or getattr(trainer, "tokens", None) or getattr(self.oversight, "tokens", None) \
            or TokenCounter()
        if backend_options and backend != "openai":
            raise UnexpectedArgumentError(f"backend_options configure backend='openai' only, got backend={backend!r}")
        self.generate: GenerateFn
        if backend == "offline":
            self.generate = OfflineTasks(self.layout)
        elif backend == "openai":
            self.generate = LLMTasks(tokens=self.tokens, **(backend_options or {}))
        elif callable(backend):
            self.generate = backend
        else:
            raise ArgumentError("backend must be 'offline', 'openai' or a generate(directive, difficulty, seed) "
                                f"callable, got {backend!r}")
        self.backend_name = backend if isinstance(backend, str) else getattr(backend, "__name__",
                                                                             type(backend).__name__)
        # Offline, the curriculum generates through DirectiveGenerator (one π_env arm per domain); any other
        # backend through the same generate(directive, difficulty, seed) the evaluation specs use.
        self.generator = LoopGenerator(None if backend == "offline" else self.generate, directive, self.layout)
        self.curriculum = LoopCurriculum(curriculum, self.generator, alpha=alpha, seed=seed, difficulty=difficulty)
        self.out = Path(out)
        self.seed = seed
        self.steps_per_epoch = steps_per_epoch
        self.lam = lam
        self.alpha = alpha
        self.extra_config = config or {}
        self.train_source = EpochSource(self.layout)
        self.eval_env = GenSimEnv(EpochSource(self.layout), obs_mode=trainer.obs_mode, seed=seed)
        self._tb: Any = None  # None: not opened yet; False: tensorboard is not installed; else a SummaryWriter
        self._tb_purge: int | None = None  # on resume: the first uncommitted epoch (TensorBoard's purge_step)

    # -- state ---------------------------------------------------------------------
    def _fresh_state(self) -> dict[str, Any]:
        return {"epoch": 0, "directive": self.directive0, "memory": FailureMemory().state_dict(),
                "offsets": {"trajectories": 0, "env_dataset": 0}, "report": {"epochs": [], "evaluation": {}},
                "checkpoint": None,
                "tokens": TokenCounter().to_dict(), "finished": False}

    def config(self, epochs: int, episodes_per_epoch: int, eta: float) -> dict[str, Any]:
        return {"directive": self.directive0, "trainer": self.trainer.name, "obs_mode": self.trainer.obs_mode,
                "backend": self.backend_name, "curriculum": getattr(self.curriculum, "name", "custom"),
                "oversight": type(self.oversight).__name__, "epochs": epochs,
                "episodes_per_epoch": episodes_per_epoch, "eta": eta, "alpha": self.alpha, "lam": self.lam,
                "steps_per_epoch": self.steps_per_epoch, "seed": self.seed, **self.extra_config}

    def _eval_specs(self) -> list:
        specs = []
        for i, d in enumerate(EVAL_DIFFICULTIES * 2):
            try:
                specs.append(self.generate(self.directive0, d, 10_000 + i))
            except BackendError:  # the model cannot be reached: not a bad task, stop the run
                raise
            except Error:
                continue
        return specs

    def evaluate(self, specs: list, tag: str) -> dict[str, Any]:
        """Roll the agent out once per spec (no learning) and summarise."""
        results = [rollout(self.trainer, self.eval_env, s, self.seed + 7919 * i, record=False)[0]
                   for i, s in enumerate(specs)]
        out = summarise(results)
        out["tag"] = tag
        return out

    # -- the loop ------------------------------------------------------------------
    def run(self, epochs: int = 5, episodes_per_epoch: int = 16, eta: float = 0.5, *, resume: bool = False,
            progress: Any = None) -> dict[str, Any]:
        """Run (or resume) the loop for ``epochs`` epochs; return the report dict."""
        checks = Checks("GenerativeSimulator.run")
        checks.integer("epochs", epochs, 1)
        checks.integer("episodes_per_epoch", episodes_per_epoch, 1)
        checks.number("eta", eta)
        checks.done()
        with RunLock(self.out):  # one writer per run folder
            return self._run(epochs, episodes_per_epoch, eta, resume=resume, progress=progress)

    def _run(self, epochs: int, episodes_per_epoch: int, eta: float, *, resume: bool, progress: Any) -> dict[str, Any]:
        """:meth:`run` while holding the run folder's lock."""
        # A resumed folder is checked before anything is generated or trained: what state.json commits, and only that.
        state = read_state(self.out, epochs) if resume and (self.out / "state.json").exists() else None
        trajectories, env_dataset = JsonlLog(self.out / "trajectories.jsonl"), JsonlLog(self.out / "env_dataset.jsonl")
        eval_specs = self._eval_specs()
        self.curriculum.resize(episodes_per_epoch)
        self.train_source.set_specs(eval_specs)
        self.trainer.bind(GenSimEnv(self.train_source, obs_mode=self.trainer.obs_mode, seed=self.seed), self.seed)
        if state is not None:
            memory = self._restore(state)
            trajectories.truncate(state["offsets"]["trajectories"])
            env_dataset.truncate(state["offsets"]["env_dataset"])
        else:
            state = self._fresh_state()
            # A fresh run over an old folder: drop the old commit record first, so that a kill from here
            # on resumes as a fresh start, never from the old run's state over this run's files.
            (self.out / "state.json").unlink(missing_ok=True)
            prune_checkpoints(self.out, None)
            trajectories.truncate(0)
            env_dataset.truncate(0)
            atomic_write_json(self.out / "config.json", self.config(epochs, episodes_per_epoch, eta))
            state["report"]["evaluation"]["before"] = self.evaluate(eval_specs, "before")
            memory = FailureMemory.from_state_dict(state["memory"])
        for epoch in range(state["epoch"], epochs):
            record = self._epoch(epoch, state["directive"], memory, k=episodes_per_epoch, eta=eta,
                                 logs=(trajectories, env_dataset))
            state["report"]["epochs"].append(record)
            state.update(epoch=epoch + 1, directive=record["decision"]["new_directive"],
                         memory=memory.state_dict(), tokens=self.tokens.to_dict(),
                         offsets={"trajectories": trajectories.size(), "env_dataset": env_dataset.size()})
            self._checkpoint(state)
            if progress is not None:
                progress(epoch, record)
        if not state.get("finished") or "after" not in state["report"]["evaluation"]:
            state["report"]["evaluation"]["after"] = self.evaluate(eval_specs, "after")
            state.update(finished=True, tokens=self.tokens.to_dict())
            self._checkpoint(state, model=False)
        report = self._write_report(state)
        if self._tb is not None:
            self._tb.close()
        return report

    def _restore(self, state: dict[str, Any]) -> FailureMemory:
        """Load the trainer, curriculum, failure memory and token counts ``state`` commits; drop uncommitted
        checkpoints. Anything unusable is a :class:`RunError` (before any training)."""
        try:
            if state["epoch"] > 0:
                folder = committed_checkpoint(self.out, state)
                self.trainer.load(folder)
                self.curriculum.load_state_dict(load_file(folder / "curriculum.json", "curriculum.json",
                                                          max_bytes=MAX_RECORD_BYTES))
            memory = FailureMemory.from_state_dict(state["memory"])
            self._restore_tokens(state["tokens"])
        except RunError:
            raise
        except (Error, OSError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RunError(f"{self.out}: the committed checkpoint cannot be loaded ({type(exc).__name__}: "
                           f"{str(exc)[:500]}); to start over, delete the folder or train with another --out") from None
        prune_checkpoints(self.out, (state.get("checkpoint") or {}).get("dir"))
        self._tb_purge = state["epoch"]  # TensorBoard drops the uncommitted epochs' events on display
        return memory

    def _restore_tokens(self, saved: dict[str, Any]) -> None:
        # Added, not assigned: this process may already have spent tokens (evaluation specs are generated first).
        self.tokens.prompt_tokens += saved.get("prompt_tokens", 0)
        self.tokens.completion_tokens += saved.get("completion_tokens", 0)
        self.tokens.calls += saved.get("calls", 0)
        for role, n in saved.get("by_role", {}).items():
            self.tokens.by_role[role] = self.tokens.by_role.get(role, 0) + n

    def _epoch(self, epoch: int, directive: str, memory: FailureMemory, *, k: int, eta: float,
               logs: tuple[JsonlLog, JsonlLog]) -> dict[str, Any]:
        trajectories, env_dataset = logs
        t0 = time.time()
        tokens_before = self.tokens.prompt_tokens + self.tokens.completion_tokens
        tasks = self.curriculum.propose(directive, k)                                # phases 1-2
        results: list[EpisodeResult] = []
        for i, task in enumerate(tasks.tasks):                                       # phase 3
            result, traj = rollout(self.trainer, self.eval_env, task.spec,
                                   self.seed * 1_000_003 + epoch * 1009 + i, epoch=epoch)
            results.append(result)
            trajectories.write({**traj, "index": i, "theta": round(task.theta, 4), "directive": directive})
            self.curriculum.update(task, result)                                     # once per episode
        specs = tasks.specs()
        self._env_dataset(env_dataset, tasks, directive, epoch)
        curriculum_stats = self.curriculum.end_epoch(results)
        self.train_source.set_specs(specs)                                           # phase 4
        learned = self.trainer.learn(self.steps_per_epoch)
        summary = summarise(results)
        memory.extend(r for r in results if r.episode_return < eta)                          # phase 5
        decision = self.oversight.decide(epoch, directive, memory, summary["mean_reward"], eta)   # phase 6
        used = self.tokens.prompt_tokens + self.tokens.completion_tokens - tokens_before
        record = {"epoch": epoch, "directive": directive, "accepted": len(tasks.accepted),
                  "rejected": len(tasks.rejected), "accepted_specs": tasks.accepted,
                  "rejected_specs": tasks.rejected, "played_ids": [t.task_id for t in tasks.tasks],
                  "thetas": [round(t.theta, 4) for t in tasks.tasks],
                  "tools_per_task": round(float(np.mean([len(s.tools.tools) for s in specs])), 3),
                  "plan_length": round(float(np.mean([len(s.golden_plan) for s in specs])), 3),
                  "sparse_share": round(float(np.mean([s.reward.mode == "sparse" for s in specs])), 3),
                  "sampled": sampled_band(tasks.tasks, directive),
                  **summary, "failures": sum(r.episode_return < eta for r in results), "memory_size": len(memory),
                  "curriculum": curriculum_stats, "learn": learned, "bottleneck": decision.bottleneck,
                  "decision": decision.to_dict(), "llm_tokens": used, "seconds": round(time.time() - t0, 2)}
        self._scalars(epoch, record)
        return record

    def _env_dataset(self, log: JsonlLog, tasks: EpochTasks, directive: str, epoch: int) -> None:
        """GenEnv's environment training set: generation prompt → spec, weight ∝ exp(λ·R_env(p̂)).

        p̂ is the curriculum's posterior success of the spec after this epoch's results, R_env the
        curriculum's own α-Curriculum Reward; one row per distinct spec played.
        """
        rows: list[dict[str, Any]] = []
        for task in {t.task_id: t for t in tasks.tasks}.values():
            p_hat = self.curriculum.task_p_hat(task.task_id)
            r_env = self.curriculum.reward(p_hat)
            prompt = (f"Generate a task, its tools and a verifiable reward as a SimSpec JSON. Directive: {directive}. "
                      f"Difficulty: {round(task.theta, 3)}.")
            rows.append({"epoch": epoch, "prompt": prompt, "spec": task.spec.to_dict(), "theta": round(task.theta, 4),
                         "p_hat": round(p_hat, 4), "r_env": round(r_env, 4), "weight": math.exp(self.lam * r_env)})
        total = sum(r["weight"] for r in rows) or 1.0
        for r in rows:
            r["weight_normalised"] = round(r["weight"] / total, 6)
            r["weight"] = round(r["weight"], 6)
            log.write(r)

    def _scalars(self, epoch: int, record: dict[str, Any]) -> None:
        if self._tb is None:
            try:
                from torch.utils.tensorboard import SummaryWriter
            except ImportError:  # tensorboard is optional: the JSON report has the same numbers
                self._tb = False
                return
            self._tb = SummaryWriter(str(self.out / "tensorboard" / "loop"), purge_step=self._tb_purge)
        if not self._tb:
            return
        for key in ("success", "mean_reward", "mean_difficulty", "invalid_rate", "tools_per_task", "plan_length",
                    "accepted", "rejected", "memory_size", "llm_tokens"):
            self._tb.add_scalar(f"loop/{key}", record[key], epoch)
        for key in ("difficulty", "r_env", "p_hat", "pool"):
            self._tb.add_scalar(f"curriculum/{key}", record["curriculum"].get(key, 0.0), epoch)
        self._tb.flush()

    def _checkpoint(self, state: dict[str, Any], model: bool = True) -> None:
        """Commit ``state``: the epoch's checkpoint folder first (see :mod:`~gensim_gym.simulator.run_folder`),
        ``state.json`` naming it by content hash last; then drop the previous checkpoint."""
        if model:
            state["checkpoint"] = write_checkpoint(self.out, state["epoch"], self.trainer.save,
                                                   self.curriculum.state_dict())
        atomic_write_json(self.out / "state.json", state)
        prune_checkpoints(self.out, (state.get("checkpoint") or {}).get("dir"))

    def _write_report(self, state: dict[str, Any]) -> dict[str, Any]:
        report = {"config": read_config(self.out), **state["report"],
                  "final_directive": state["directive"], "llm_tokens": state["tokens"]}
        atomic_write_json(self.out / "report.json", report)
        from gensim_gym.simulator.report import build_report

        build_report(self.out)
        return report


def load_report(run_dir: str | Path) -> dict[str, Any]:
    """A run folder's ``report.json`` (bounded read; an unreadable one is a :class:`RunError`)."""
    return read_record(Path(run_dir), "report.json")
