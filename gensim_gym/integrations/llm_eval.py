"""``gensim-gym eval``: an OpenAI-compatible model as an agent on a directive's generated tasks.

For each directive and difficulty the same seeded tasks are played (so two models are compared on the
same tasks) by :class:`~gensim_gym.trainers.llm_agent.LLMAgent` over
:class:`~gensim_gym.oversight.chat.OpenAIChat`. The report groups episodes by domain and difficulty:
success rate with a 95 % Wilson interval (honest at 0 and 1 and for a handful of episodes, where the
normal approximation is not), the invalid-call rate (calls the env rejected: malformed, unknown tool,
bad arguments, precondition false, or no call at all), and steps over the golden plan on successes
(1.0 = as short as the planner's plan). Written as JSON and as a Markdown table.
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

import gymnasium as gym

from gensim_gym._atomic import atomic_write_text
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import ArgumentError
from gensim_gym.oversight.chat import ChatClient
from gensim_gym.trainers.llm_agent import LLMAgent
from gensim_gym.trainers.rollout import rollout

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class EvalConfig:
    """What ``gensim-gym eval`` plays: ``episodes`` seeded tasks per directive and difficulty."""

    directives: tuple[str, ...] = ("warehouse tasks",)
    difficulties: tuple[float, ...] = (0.2, 0.5, 0.8)
    episodes: int = 10
    seed: int = 0

    def __post_init__(self) -> None:
        problems = []
        if not self.directives or not all(isinstance(d, str) and d.strip() for d in self.directives):
            problems.append(f"directives must be non-empty strings, got {self.directives!r}")
        if not self.difficulties or not all(isinstance(d, (int, float)) and 0 <= d <= 1 for d in self.difficulties):
            problems.append(f"difficulties must be numbers in [0, 1], got {self.difficulties!r}")
        if not isinstance(self.episodes, int) or not 1 <= self.episodes <= 10_000:
            problems.append(f"episodes must be an integer in [1, 10000], got {self.episodes!r}")
        if problems:
            raise ArgumentError("EvalConfig: " + "; ".join(problems))


@dataclass(frozen=True)
class EpisodeRecord:
    """One evaluated episode."""

    directive: str
    domain: str
    difficulty: float
    task_id: str
    seed: int
    success: bool
    steps: int
    golden_steps: int
    invalid_calls: int
    reward: float


@dataclass
class GroupStats:
    """The episodes of one (domain, difficulty) cell, summarised."""

    domain: str
    difficulty: float
    episodes: int = 0
    successes: int = 0
    steps: int = 0
    invalid_calls: int = 0
    over_golden: list[float] = field(default_factory=list)

    def add(self, r: EpisodeRecord) -> None:
        self.episodes += 1
        self.successes += r.success
        self.steps += r.steps
        self.invalid_calls += r.invalid_calls
        if r.success and r.golden_steps:
            self.over_golden.append(r.steps / r.golden_steps)

    def to_dict(self) -> dict[str, Any]:
        low, high = wilson(self.successes, self.episodes)
        return {"domain": self.domain, "difficulty": self.difficulty, "episodes": self.episodes,
                "success_rate": self.successes / self.episodes if self.episodes else 0.0,
                "success_ci95": [round(low, 4), round(high, 4)],
                "invalid_call_rate": self.invalid_calls / self.steps if self.steps else 0.0,
                "steps_over_golden": (sum(self.over_golden) / len(self.over_golden)) if self.over_golden else None,
                "successes": self.successes, "steps": self.steps, "invalid_calls": self.invalid_calls}


def evaluate(chat: ChatClient, config: EvalConfig, *, model: str = "",
             progress: Callable[[EpisodeRecord], None] | None = None) -> dict[str, Any]:
    """Play every task of ``config`` with ``chat`` as the agent; the report (JSON-ready)."""
    agent = LLMAgent(chat)
    records: list[EpisodeRecord] = []
    for directive in config.directives:
        for difficulty in config.difficulties:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)  # e.g. a directive read with an approximation
                env = gym.make("GenSim-v0", directive=directive, difficulty=float(difficulty), seed=config.seed,
                               obs_mode="text", action_space="ground", prefetch=0)
            try:
                for i in range(config.episodes):
                    seed = config.seed + i
                    _, info = env.reset(seed=seed)
                    spec = cast(GenSimEnv, env.unwrapped).sim_spec
                    result, _ = rollout(agent, env, spec, seed, record=False)
                    record = EpisodeRecord(directive, str(info.get("domain", result.domain)), float(difficulty),
                                           spec.id, seed, result.is_success, result.length, len(spec.golden_plan),
                                           result.invalid_calls, result.episode_return)
                    records.append(record)
                    if progress is not None:
                        progress(record)
            finally:
                env.close()
    groups: dict[tuple[str, float], GroupStats] = {}
    for r in records:
        groups.setdefault((r.domain, r.difficulty), GroupStats(r.domain, r.difficulty)).add(r)
    overall = GroupStats("all", float("nan"))
    for r in records:
        overall.add(r)
    return {"model": model, "config": asdict(config), "tokens": agent.tokens.to_dict(),
            "groups": [g.to_dict() for _, g in sorted(groups.items())],
            "overall": {**overall.to_dict(), "difficulty": None},
            "episodes": [asdict(r) for r in records]}


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def markdown(report: dict[str, Any]) -> str:
    """The report as a Markdown table (one row per domain and difficulty, then all episodes)."""
    lines = [f"# gensim-gym eval: {report.get('model') or 'model'}", "",
             "| domain | difficulty | episodes | success (95 % CI) | invalid-call rate | steps / golden plan |",
             "| --- | --- | --- | --- | --- | --- |"]
    for g in [*report["groups"], report["overall"]]:
        low, high = g["success_ci95"]
        over = "n/a" if g["steps_over_golden"] is None else f"{g['steps_over_golden']:.2f}"
        difficulty = "all" if g["difficulty"] is None else f"{g['difficulty']:g}"
        lines.append(f"| {g['domain']} | {difficulty} | {g['episodes']} | {_pct(g['success_rate'])} "
                     f"({_pct(low)}–{_pct(high)}) | {_pct(g['invalid_call_rate'])} | {over} |")
    tokens = report.get("tokens", {})
    lines += ["", f"Tokens: {tokens.get('prompt_tokens', 0)} prompt, {tokens.get('completion_tokens', 0)} "
                  f"completion over {tokens.get('calls', 0)} calls. Steps / golden plan is over successful "
                  "episodes (1.00 = the planner's shortest plan)."]
    return "\n".join(lines) + "\n"


def write_report(report: dict[str, Any], out: str | Path) -> tuple[Path, Path]:
    """Write ``<out>.json`` and ``<out>.md`` (atomically); returns both paths."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out.with_suffix(".json"), out.with_suffix(".md")
    atomic_write_text(json_path, json.dumps(report, indent=2, allow_nan=False) + "\n")
    atomic_write_text(md_path, markdown(report))
    return json_path, md_path


def parse_difficulties(text: str | Sequence[float]) -> tuple[float, ...]:
    """``"0.2,0.5"`` -> ``(0.2, 0.5)`` (an :class:`ArgumentError` naming the bad item otherwise)."""
    if not isinstance(text, str):
        return tuple(float(x) for x in text)
    try:
        return tuple(float(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise ArgumentError(f"--difficulties must be comma-separated numbers in [0, 1], got {text!r}") from None
