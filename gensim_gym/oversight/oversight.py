"""Oversight (Algorithm 2): analyse failures, classify the bottleneck, rewrite the directive.

:class:`RuleOversight` does it offline with the rules of
:mod:`~gensim_gym.oversight.classify` and :mod:`~gensim_gym.oversight.directive`.
:class:`LLMOversight` asks a chat model through the three oversight prompts;
its answers are untrusted: they are parsed as JSON, checked (known
bottleneck, a directive the parser reads, same domains, obeys the η rule)
and replaced by the rule decision — with the reason recorded — when they fail.
"""

from __future__ import annotations

import json
import re
import warnings
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from gensim_gym.errors import Error
from gensim_gym.generation.directive import parse_directive
from gensim_gym.oversight.chat import ChatClient, TokenCounter
from gensim_gym.oversight.classify import BOTTLENECKS, Bottleneck, classify_bottleneck
from gensim_gym.oversight.directive import hardness, update_directive
from gensim_gym.oversight.memory import EpisodeResult, FailureMemory
from gensim_gym.oversight.prompts import render_prompt

MAX_DIRECTIVE_CHARS = 500
MAX_FAILURES_IN_PROMPT = 24


@dataclass(frozen=True)
class Decision:
    """Everything oversight decided in one epoch, as recorded in the run report."""

    epoch: int
    old_directive: str
    new_directive: str
    action: str
    bottleneck: dict[str, Any]
    mean_reward: float
    eta: float
    reason: str
    analysis: str = ""
    source: str = "rules"
    rejected_llm: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class Oversight(Protocol):
    """``decide(epoch, directive, memory, mean_reward, eta) -> Decision``."""

    def decide(self, epoch: int, directive: str, memory: FailureMemory, mean_reward: float, eta: float) -> Decision: ...


class RuleOversight:
    """Offline oversight: rule classifier + η-rule rewrite. Looks at the newest ``window`` failures."""

    def __init__(self, window: int = 64) -> None:
        self.window = window

    def decide(self, epoch: int, directive: str, memory: FailureMemory, mean_reward: float, eta: float) -> Decision:
        bottleneck = classify_bottleneck(memory.recent(self.window))
        update = update_directive(directive, bottleneck.kind, mean_reward, eta)
        analysis = bottleneck.evidence.get("why", "")
        return Decision(epoch, directive, update.new, update.action, bottleneck.to_dict(), mean_reward, eta,
                        update.reason, str(analysis), "rules")


def _json_object(text: str) -> dict[str, Any]:
    """The first JSON object in a model reply (models wrap JSON in prose or code fences)."""
    match = re.search(r"\{.*\}", text, flags=re.DOTALL)
    if not match:
        raise ValueError(f"no JSON object in reply {text[:120]!r}")
    obj = json.loads(match.group(0))
    if not isinstance(obj, dict):
        raise ValueError("reply JSON is not an object")
    return obj


def check_directive(old: str, new: Any, mean_reward: float, eta: float) -> str:
    """Return the problem with an LLM-proposed directive, or ``""`` if it is acceptable."""
    if not isinstance(new, str) or not new.strip():
        return "directive is not a non-empty string"
    if len(new) > MAX_DIRECTIVE_CHARS:
        return f"directive has {len(new)} characters; at most {MAX_DIRECTIVE_CHARS}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            old_knobs, new_knobs = parse_directive(old), parse_directive(new)
        except Error as exc:
            return f"the generator cannot read the directive: {exc}"
    if set(new_knobs.domains) != set(old_knobs.domains):
        return f"directive changes the domains {old_knobs.domains} -> {new_knobs.domains}"
    before, after = hardness(old), hardness(new)
    if mean_reward < eta and any(after[a] > before[a] for a in before):
        return f"mean reward {mean_reward:.3f} < eta {eta}: the directive may not get harder ({before} -> {after})"
    if mean_reward >= eta and any(after[a] < before[a] for a in before):
        return f"mean reward {mean_reward:.3f} >= eta {eta}: the directive may not get easier ({before} -> {after})"
    return ""


class LLMOversight:
    """Oversight by a chat model through the analyse / classify / update prompts, checked against the rules."""

    def __init__(self, chat: ChatClient, window: int = 64, tokens: TokenCounter | None = None) -> None:
        self.chat = chat
        self.window = window
        self.tokens = tokens or TokenCounter()
        self.rules = RuleOversight(window)

    def _ask(self, prompt: str) -> str:
        reply = self.chat([{"role": "user", "content": prompt}])
        self.tokens.add(reply, "oversight")
        return reply.content

    def decide(self, epoch: int, directive: str, memory: FailureMemory, mean_reward: float, eta: float) -> Decision:
        failures = memory.recent(self.window)
        rule = self.rules.decide(epoch, directive, memory, mean_reward, eta)
        rejected: list[str] = []
        shown: list[EpisodeResult] = failures[-MAX_FAILURES_IN_PROMPT:]
        analysis = self._ask(render_prompt("analyse_failures", directive=directive, failures=shown,
                                           mean_reward=mean_reward, eta=eta))[:4000]
        evidence = json.dumps(rule.bottleneck.get("evidence", {}), sort_keys=True)[:2000]
        try:
            answer = _json_object(self._ask(render_prompt("classify_bottleneck", analysis=analysis,
                                                          evidence=evidence)))
            kind = str(answer.get("bottleneck", "")).strip().lower()
            if kind not in BOTTLENECKS:
                raise ValueError(f"bottleneck {kind!r} is not one of {BOTTLENECKS}")
            bottleneck = Bottleneck(kind, 1.0, {"llm": str(answer.get("evidence", ""))[:500],
                                                "rules": rule.bottleneck}, "llm")
        except (ValueError, json.JSONDecodeError) as exc:
            rejected.append(f"classify_bottleneck: {exc}")
            return Decision(**{**rule.to_dict(), "analysis": analysis, "source": "rules (llm rejected)",
                               "rejected_llm": rejected})
        try:
            answer = _json_object(self._ask(render_prompt("update_directive", directive=directive,
                                                          bottleneck=bottleneck.kind, mean_reward=mean_reward,
                                                          eta=eta)))
            new = answer.get("directive")
            problem = check_directive(directive, new, mean_reward, eta)
            if problem:
                raise ValueError(problem)
            action = "maintain" if new.strip() == directive else ("increase" if mean_reward >= eta else "simplify")
            return Decision(epoch, directive, new.strip(), action, bottleneck.to_dict(), mean_reward, eta,
                            str(answer.get("reason", ""))[:500], analysis, "llm")
        except (ValueError, json.JSONDecodeError) as exc:
            rejected.append(f"update_directive: {exc}")
        update = update_directive(directive, bottleneck.kind, mean_reward, eta)
        return Decision(epoch, directive, update.new, update.action, bottleneck.to_dict(), mean_reward, eta,
                        update.reason, analysis, "llm bottleneck + rule rewrite", rejected)
