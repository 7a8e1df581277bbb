"""Oversight (Algorithm 2): analyse failures, classify the bottleneck, rewrite the directive.

:class:`RuleOversight` does it offline with the rules of
:mod:`~gensim_gym.oversight.classify` and :mod:`~gensim_gym.oversight.directive`.
:class:`LLMOversight` asks a chat model through the three shared oversight templates;
its answers are untrusted: they are parsed as JSON, checked (known
bottleneck, a directive the parser reads, same domains, obeys the η rule)
and replaced by the rule decision — with the reason recorded — when they fail.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from gensim_gym.envs.result import EpisodeResult
from gensim_gym.errors import DirectiveError, Error
from gensim_gym.generation.directive import Knobs, parse_directive
from gensim_gym.oversight.chat import ChatClient, TokenCounter
from gensim_gym.oversight.classify import Bottleneck, classify_bottleneck
from gensim_gym.oversight.directive import hardness, update_directive
from gensim_gym.oversight.memory import FailureMemory
from gensim_gym.oversight.prompts import (
    MAX_DIRECTIVE_CHARS,
    analyse_failures_prompt,
    classify_bottleneck_prompt,
    read_analysis,
    read_bottleneck,
    read_update,
    update_directive_prompt,
)

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


def check_directive(old: str, new: Any, mean_reward: float, eta: float) -> str:
    """Return the problem with an LLM-proposed directive, or ``""`` if it is acceptable."""
    if not isinstance(new, str) or not new.strip():
        return "directive is not a non-empty string"
    if len(new) > MAX_DIRECTIVE_CHARS:
        return f"directive has {len(new)} characters; at most {MAX_DIRECTIVE_CHARS}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            old_knobs, falls_back = _parsed(old)
            # a rewrite of a directive whose domain is read must name a known one too: "domain: nowhere" would fall
            # back to the default world (round 53 reads an explicit unknown name as an unknown domain)
            new_knobs = parse_directive(new, on_unknown="fallback" if falls_back else "error")
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


def _parsed(directive: str) -> tuple[Knobs, bool]:
    """``directive``'s knobs as the generator reads it (``on_unknown="fallback"``), and whether it names no known
    domain, so that the generator falls back to its default world. Any other error of reading is raised."""
    try:
        return parse_directive(directive, on_unknown="error"), False
    except DirectiveError as exc:
        if not exc.unknown_domain:
            raise
    return parse_directive(directive, on_unknown="fallback"), True


class LLMOversight:
    """Oversight by a chat model through the shared oversight templates, checked against the rules.

    Each step's answer is untrusted. A rejected analysis is replaced by the
    rule evidence; a rejected bottleneck makes the whole decision the rule
    decision; a rejected rewrite is replaced by the rule rewrite along the
    model's bottleneck. Every rejection is recorded in ``Decision.rejected_llm``.

    Args:
        chat: a :class:`~gensim_gym.oversight.chat.ChatClient`, e.g. ``OpenAIChat()`` (configured like the
            generation backend: ``GENSIM_MODEL``, ``OPENAI_BASE_URL``, ``OPENAI_API_KEY``).
        window: failures read from the memory. template_dir: a folder overriding the shipped templates.
    """

    def __init__(self, chat: ChatClient, window: int = 64, tokens: TokenCounter | None = None,
                 template_dir: str | os.PathLike | None = None) -> None:
        self.chat = chat
        self.window = window
        self.tokens = tokens or TokenCounter()
        self.template_dir = template_dir
        self.rules = RuleOversight(window)
        self.history: list[str] = []  # "old -> new (change)" of this run, shown to update_directive

    def _ask(self, prompt: str) -> str:
        reply = self.chat([{"role": "user", "content": prompt}])
        self.tokens.add(reply, "oversight")
        return reply.content

    def _analyse(self, directive: str, failures: list[EpisodeResult], rule: Decision, *, eta: float,
                 rejected: list[str]) -> dict[str, Any]:
        mean_reward = rule.mean_reward
        prompt = analyse_failures_prompt(directive, failures[-MAX_FAILURES_IN_PROMPT:], len(failures), mean_reward,
                                         eta, template_dir=self.template_dir)
        try:
            return read_analysis(self._ask(prompt))
        except ValueError as exc:
            rejected.append(f"analyse_failures: {exc}")
            return {"patterns": [], "summary": rule.analysis}

    def decide(self, epoch: int, directive: str, memory: FailureMemory, mean_reward: float, eta: float) -> Decision:
        failures = memory.recent(self.window)
        rule = self.rules.decide(epoch, directive, memory, mean_reward, eta)
        rejected: list[str] = []
        analysis = self._analyse(directive, failures, rule, eta=eta, rejected=rejected)
        text = " ".join([analysis["summary"], *(f"- {p}" for p in analysis["patterns"])]).strip()
        try:
            kind, why = read_bottleneck(self._ask(classify_bottleneck_prompt(
                analysis, rule.bottleneck.get("evidence", {}), mean_reward, eta, template_dir=self.template_dir)))
        except ValueError as exc:
            rejected.append(f"classify_bottleneck: {exc}")
            return self._remember(Decision(**{**rule.to_dict(), "analysis": text, "source": "rules (llm rejected)",
                                              "rejected_llm": rejected}))
        bottleneck = Bottleneck(kind, 1.0, {"llm": why, "rules": rule.bottleneck}, "llm").to_dict()
        try:
            new, change, rationale = read_update(self._ask(update_directive_prompt(
                directive, kind, mean_reward, eta, self.history, template_dir=self.template_dir)), mean_reward, eta)
            problem = check_directive(directive, new, mean_reward, eta)
            if problem:
                raise ValueError(problem)
            new = new.strip()
            change = "maintain" if new == directive else change
            return self._remember(Decision(epoch, directive, new, change, bottleneck, mean_reward, eta, rationale,
                                           text, "llm", rejected))
        except ValueError as exc:
            rejected.append(f"update_directive: {exc}")
        update = update_directive(directive, kind, mean_reward, eta)
        return self._remember(Decision(epoch, directive, update.new, update.action, bottleneck, mean_reward, eta,
                                       update.reason, text, "llm bottleneck + rule rewrite", rejected))

    def _remember(self, decision: Decision) -> Decision:
        if decision.new_directive != decision.old_directive:
            self.history = [*self.history, f"{decision.old_directive} -> {decision.new_directive} "
                                           f"({decision.action})"][-8:]
        return decision
