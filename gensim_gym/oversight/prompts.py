"""The three oversight prompts: the variables each shared template receives, and the checks on its answer.

The wording lives only in ``prompts/analyse_failures.j2``,
``classify_bottleneck.j2`` and ``update_directive.j2`` (each documents its
variables and the JSON answer the package accepts); they are rendered by the
LLM backend's :func:`~gensim_gym.generation.llm.prompts.render_prompt`
(sandboxed, StrictUndefined, a user ``template_dir`` overrides them). This
module turns oversight's objects into those variables and reads the model's
answers, which are untrusted: every ``read_*`` raises :class:`ValueError`
with the reason when an answer does not have the documented shape.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import SpecError
from gensim_gym.generation.llm.extract import extract_json
from gensim_gym.generation.llm.prompts import render_prompt
from gensim_gym.oversight.classify import BOTTLENECKS
from gensim_gym.oversight.directive import AXES

MAX_DIRECTIVE_CHARS = 500
MAX_PATTERNS = 8
CHANGES = ("increase", "maintain", "simplify")
# What a failure shows the model: the classifier's evidence, without the free-form ``extra``.
FAILURE_FIELDS = ("task_id", "domain", "difficulty", "reward", "steps", "horizon", "invalid_calls", "failed_calls",
                  "progress", "reward_events", "reward_mode", "n_tools", "truncated", "plan_progress", "plan_length",
                  "plan_tools", "off_plan_calls")

# the template's keys for EpisodeResult fields named otherwise (the prompt text stays as recorded)
_VIEW_NAMES = {"reward": "episode_return", "steps": "length"}

TemplateDir = str | os.PathLike | None


def failure_view(result: EpisodeResult) -> dict[str, Any]:
    """The keys ``analyse_failures.j2`` documents for one failed episode."""
    return {k: getattr(result, _VIEW_NAMES.get(k, k)) for k in FAILURE_FIELDS}


def analyse_failures_prompt(directive: str, failures: Sequence[EpisodeResult], n_failures: int, mean_reward: float,
                            eta: float, *, template_dir: TemplateDir = None) -> str:
    return render_prompt("analyse_failures", template_dir, directive=directive,
                         failures=[failure_view(f) for f in failures], n_failures=n_failures,
                         mean_reward=float(mean_reward), eta=float(eta))


def classify_bottleneck_prompt(analysis: dict[str, Any], evidence: dict[str, Any], mean_reward: float, eta: float,
                               *, template_dir: TemplateDir = None) -> str:
    return render_prompt("classify_bottleneck", template_dir, analysis=analysis, evidence=evidence,
                         mean_reward=float(mean_reward), eta=float(eta))


def update_directive_prompt(directive: str, bottleneck: str, mean_reward: float, eta: float, history: Sequence[str],
                            *, template_dir: TemplateDir = None) -> str:
    vocabulary = {axis: list(words) for axis, words in AXES.items()}
    return render_prompt("update_directive", template_dir, directive=directive, bottleneck=bottleneck,
                         mean_reward=float(mean_reward), eta=float(eta), history=list(history),
                         vocabulary=vocabulary, max_chars=MAX_DIRECTIVE_CHARS)


def _object(text: str) -> dict[str, Any]:
    try:
        return extract_json(text)
    except SpecError as exc:  # the problems without the SimSpec framing: this answer is not a spec section
        raise ValueError("; ".join(p.message for p in exc.problems)) from None


def _text(answer: dict[str, Any], key: str, limit: int) -> str:
    value = answer.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key!r} must be a string, got {type(value).__name__}")
    if len(value) > limit:
        raise ValueError(f"{key!r} has {len(value)} characters; at most {limit}")
    return value.strip()


def read_analysis(text: str) -> dict[str, Any]:
    """``{"patterns": [str, ...], "summary": str}`` from an ``analyse_failures`` answer."""
    answer = _object(text)
    patterns = answer.get("patterns")
    if not isinstance(patterns, list) or not all(isinstance(p, str) for p in patterns):
        raise ValueError("'patterns' must be a list of strings")
    if len(patterns) > MAX_PATTERNS or any(len(p) > 300 for p in patterns):
        raise ValueError(f"'patterns' must hold at most {MAX_PATTERNS} strings of at most 300 characters")
    return {"patterns": [p.strip() for p in patterns], "summary": _text(answer, "summary", 1000)}


def read_bottleneck(text: str) -> tuple[str, str]:
    """``(bottleneck, evidence)`` from a ``classify_bottleneck`` answer."""
    answer = _object(text)
    kind = str(answer.get("bottleneck", "")).strip().lower()
    if kind not in BOTTLENECKS:
        raise ValueError(f"bottleneck {kind!r} is not one of {', '.join(BOTTLENECKS)}")
    evidence = answer.get("evidence", "")
    return kind, (evidence if isinstance(evidence, str) else "")[:500]


def read_update(text: str, mean_reward: float, eta: float) -> tuple[str, str, str]:
    """``(directive, change, rationale)`` from an ``update_directive`` answer; the directive itself is checked
    against the generator by :func:`~gensim_gym.oversight.oversight.check_directive`."""
    answer = _object(text)
    directive = answer.get("directive")
    if not isinstance(directive, str):
        raise ValueError("'directive' must be a string")
    change = str(answer.get("change", "")).strip().lower()
    if change not in CHANGES:
        raise ValueError(f"change {change!r} is not one of {', '.join(CHANGES)}")
    if mean_reward >= eta and change == "simplify":
        raise ValueError(f"mean reward {mean_reward:.3f} >= eta {eta}: the change may not be 'simplify'")
    if mean_reward < eta and change == "increase":
        raise ValueError(f"mean reward {mean_reward:.3f} < eta {eta}: the change may not be 'increase'")
    rationale = answer.get("rationale", "")
    return directive, change, (rationale if isinstance(rationale, str) else "")[:500]
