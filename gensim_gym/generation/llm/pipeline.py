"""GenTask → GenTools → GenReward through a :class:`Backend`, with checks, repair turns and the cache.

One conversation per spec: the system prompt, then one user turn per stage
(rendered from ``prompts/<stage>.j2``), each answer kept in the history so
every stage is conditioned on the directive and on the earlier stages. Each
answer is parsed (bounded, never evaluated) and checked at once; the
assembled spec is validated and verified. Every failed check is one failed
attempt: its problems (JSON paths, verifier reason) go back to the model in a
repair turn for the stage they implicate. After ``max_attempts`` failed
checks a :class:`GenerationError` carries every attempt's reason.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from typing import Any, cast

from gensim_gym.errors import ArgumentError, ArgumentTypeError, GenerationError, SpecError
from gensim_gym.generation.llm.audit import AuditLog
from gensim_gym.generation.llm.backend import Backend, Reply, StageContext, as_reply, stage_context
from gensim_gym.generation.llm.cache import StageCache, cache_key
from gensim_gym.generation.llm.checks import Verdict, check_spec, check_stage
from gensim_gym.generation.llm.extract import extract_json
from gensim_gym.generation.llm.material import read_directive, suggestion, toolset_material
from gensim_gym.generation.llm.prompts import render_prompt, template_hash
from gensim_gym.generation.llm.schemas import STAGES, section_problems, section_schema
from gensim_gym.generation.reading import Reading, check_fidelity, reading_of
from gensim_gym.spec.model import FORMAT, SimSpec

MAX_HISTORY_ANSWER = 4_000  # a rejected answer is quoted back at most this long (an oversized one is not resent)


@dataclass
class Usage:
    """Cost of a generation (or a sum of them): backend calls, HTTP requests, tokens, stages served by the cache."""

    calls: int = 0
    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_stages: int = 0

    def add(self, reply: Reply) -> None:
        self.calls += 1
        self.requests += reply.requests
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True)))

    def as_tuple(self) -> tuple[int, ...]:
        return (self.calls, self.requests, self.prompt_tokens, self.completion_tokens, self.cached_stages)

    def to_dict(self) -> dict[str, int]:
        names = ("calls", "requests", "prompt_tokens", "completion_tokens", "cached_stages")
        return dict(zip(names, self.as_tuple(), strict=True))


def _digest(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class _Conversation:
    """The state of one spec's generation."""

    generator: LLMGenerator
    context: StageContext
    messages: list[dict[str, str]]
    usage: Usage = field(default_factory=Usage)
    failures: list[str] = field(default_factory=list)
    mode: str = ""

    def call(self, stage: str, kind: str) -> Reply:
        schema = {"name": stage, "schema": section_schema(stage)}
        audit = self.generator.audit
        with stage_context(StageContext(**{**self.context.__dict__, "stage": stage})):
            try:
                reply = as_reply(self.generator.backend(list(self.messages), schema))
            except Exception as exc:
                if audit:
                    audit.write(stage=stage, kind=kind, attempt=len(self.failures) + 1, **self._who(),
                                messages=self.messages, error=f"{type(exc).__name__}: {exc}")
                raise
        self.usage.add(reply)
        self.mode = reply.mode or self.mode
        if audit:
            audit.write(stage=stage, kind=kind, attempt=len(self.failures) + 1, **self._who(), messages=self.messages,
                        response=reply.text, requests=reply.requests, prompt_tokens=reply.prompt_tokens,
                        completion_tokens=reply.completion_tokens, mode=reply.mode,
                        finish_reason=reply.finish_reason, cut_off=reply.finish_reason == "length")
        return reply

    def _who(self) -> dict[str, Any]:
        c = self.context
        return {"directive": c.directive, "difficulty": c.difficulty, "seed": c.seed,
                "backend": getattr(self.generator.backend, "cache_id", type(self.generator.backend).__name__)}

    def fail(self, verdict_reason: str) -> None:
        self.failures.append(verdict_reason)
        if len(self.failures) >= self.generator.max_attempts:
            c = self.context
            error = GenerationError(f"no acceptable spec for {c.directive!r} (difficulty {c.difficulty}, "
                                    f"seed {c.seed}) after {len(self.failures)} attempts", self.failures)
            error.usage = self.usage.to_dict()  # a rejected spec still cost requests and tokens: callers count them
            raise error

    def ask(self, stage: str, prompt: str, sections: dict[str, dict[str, Any]], kind: str = "ask") -> dict[str, Any]:
        """One stage turn: ask, then repair this stage until its answer passes the stage check."""
        self.messages.append({"role": "user", "content": prompt})
        while True:
            reply = self.call(stage, kind)
            text = reply.text
            try:
                section = extract_json(text, stage, problems=lambda obj: len(section_problems(stage, obj)))
                verdict = check_stage(stage, section, sections)
            except SpecError as exc:
                section, verdict = None, Verdict(None, tuple(str(p) for p in exc.problems), (stage,))
            cut_off = reply.finish_reason == "length" and bool(verdict.problems)
            if cut_off:
                verdict = _cut_off(stage, reply, verdict)
            if not verdict.problems:
                assert section is not None  # no problems: the answer parsed
                self.messages.append({"role": "assistant", "content": json.dumps(section, separators=(",", ":"))})
                return section
            self.fail(f"{stage}: {verdict.reason}")
            quoted = text if len(text) <= MAX_HISTORY_ANSWER else text[:MAX_HISTORY_ANSWER] + "…[cut]"
            self.messages.append({"role": "assistant", "content": quoted})
            self.messages.append({"role": "user", "content": self.repair_prompt(stage, verdict, quoted, cut_off)})
            kind = "repair"

    def repair_prompt(self, stage: str, verdict: Verdict, answer: str, cut_off: bool = False) -> str:
        return render_prompt("repair", self.generator.template_dir, stage=stage, problems=list(verdict.problems),
                             answer=answer, attempt=len(self.failures), max_attempts=self.generator.max_attempts,
                             cut_off=cut_off)


#: Which stage to repair for an unmet requirement (see ``check_fidelity``'s messages).
_FIDELITY_STAGES = {"domain": ("task", "tools"), "goal count": ("task",), "partial observability": ("task",),
                    "reward mode": ("reward",), "tool count": ("tools",), "noise": ("tools",),
                    "operation": ("task",), "constraint": ("task",)}


def _faithful(verdict: Verdict, reading: Reading) -> Verdict:
    """``verdict`` if its spec meets the directive's honored requirements, else a failed verdict naming them
    and the stages to repair (a calendar directive answered with a support spec, a count or a reward mode
    other than asked: the verifier alone accepted those)."""
    unmet = check_fidelity(verdict.spec, reading)
    if not unmet:
        return verdict
    stages = sorted({s for u in unmet for key, ss in _FIDELITY_STAGES.items() if u.startswith(key) for s in ss},
                    key=STAGES.index)
    problems = tuple(f"$: the spec does not do what the directive asks: {u}" for u in unmet)
    return Verdict(None, problems, tuple(stages) or ("task",), verdict.report)


def _cut_off(stage: str, reply: Reply, verdict: Verdict) -> Verdict:
    """A rejected answer that the server cut at its token limit: say so first, since the parse error that
    follows is only its symptom."""
    tokens = f" after {reply.completion_tokens} tokens" if reply.completion_tokens else ""
    first = (f"$.{stage}: the answer was cut off{tokens} (finish_reason 'length': the max_tokens limit) before "
             f"it ended; write a shorter section")
    return Verdict(verdict.spec, (first, *verdict.problems), verdict.stages, verdict.report)


class LLMGenerator:
    """Generates verified specs from a directive through a backend (see the module docstring).

    Args:
        backend: any :class:`Backend`.
        max_attempts: failed checks allowed per spec before :class:`GenerationError` (default 3).
        cache: use the disk cache (only for backends with a ``cache_id``). cache_dir: its folder.
        audit_log: path of a JSONL file receiving every prompt/response pair.
        template_dir: a folder of prompt templates overriding the shipped ones.
    """

    def __init__(self, backend: Backend, *, max_attempts: int = 3, cache: bool = True,
                 cache_dir: str | os.PathLike | None = None, audit_log: str | os.PathLike | None = None,
                 template_dir: str | os.PathLike | None = None, max_random_success: float = 0.2,
                 verify_episodes: int = 16) -> None:
        if not callable(backend):
            raise ArgumentTypeError(f"backend must be callable as backend(messages, schema), "
                                    f"got {type(backend).__name__}")
        if not isinstance(max_attempts, int) or not 1 <= max_attempts <= 10:
            raise ArgumentError(f"max_attempts must be an integer in [1, 10], got {max_attempts!r}")
        self.backend = backend
        self.max_attempts = max_attempts
        cache_id = getattr(backend, "cache_id", None)
        self.cache = StageCache(cache_dir) if cache and cache_id else None
        self.audit = AuditLog(audit_log) if audit_log else None
        self.template_dir = template_dir
        self.max_random_success = max_random_success
        self.verify_episodes = verify_episodes
        self.templates = template_hash(template_dir=template_dir)

    def _key(self, context: StageContext, stage: str, sections: dict[str, dict[str, Any]]) -> str:
        prior = [sections[s] for s in STAGES[: STAGES.index(stage)]]
        # only backends with a cache_id are cached (see Backend), and only cached stages have keys
        return cache_key(format=FORMAT, backend=cast(Any, self.backend).cache_id, templates=self.templates,
                         directive=context.directive, difficulty=context.difficulty, seed=context.seed, stage=stage,
                         prior=_digest(prior))

    def generate(self, directive: str, difficulty: float = 0.5, seed: int = 0) -> SimSpec:
        """One validated, verified spec; raises :class:`GenerationError` listing every failed attempt."""
        knobs = read_directive(directive, difficulty)
        toolsets, others = toolset_material(knobs)
        targets = suggestion(knobs, seed)
        context = StageContext(directive, float(difficulty), int(seed), "task")
        variables = {"directive": directive, "difficulty": difficulty, "seed": seed, "knobs": knobs.to_dict(),
                     "suggestion": targets, "toolsets": [t["name"] for t in toolsets]}
        talk = _Conversation(self, context, [{"role": "system", "content": render_prompt("system", self.template_dir)}])
        sections: dict[str, dict[str, Any]] = {}
        for stage in STAGES:
            extra = {}
            if stage == "task":
                extra = {"toolsets": toolsets, "other_toolsets": others,
                         "context": {"directive": directive, "difficulty": difficulty, "seed": seed}}
            prompt = render_prompt(stage, self.template_dir, **{**variables, **extra, "schema": section_schema(stage)})
            hit = self.cache.get(self._key(context, stage, sections)) if self.cache else None
            if hit is not None:
                talk.messages += [{"role": "user", "content": prompt},
                                  {"role": "assistant", "content": json.dumps(hit["section"], separators=(",", ":"))}]
                sections[stage] = hit["section"]
                talk.usage.cached_stages += 1
            else:
                sections[stage] = talk.ask(stage, prompt, sections)
        return self._finish(talk, sections, knobs)

    def _finish(self, talk: _Conversation, sections: dict[str, dict[str, Any]], knobs) -> SimSpec:
        c = talk.context
        reading = reading_of(c.directive, knobs)
        while True:
            verdict = check_spec(sections, c.directive, c.seed, self.max_random_success, self.verify_episodes)
            if verdict.spec is not None:
                verdict = _faithful(verdict, reading)  # the directive's honored clauses, checked like the rest
            if verdict.spec is not None:
                break
            talk.fail(verdict.reason)
            for stage in verdict.stages:
                answer = json.dumps(sections[stage], separators=(",", ":"))
                sections[stage] = talk.ask(stage, talk.repair_prompt(stage, verdict, answer), sections, "repair")
        if self.cache is not None and talk.usage.cached_stages < len(STAGES):
            entries = {}
            for stage in STAGES:
                entries[self._key(c, stage, sections)] = {"stage": stage, "section": sections[stage]}
            self.cache.put_many(entries)
        usage = talk.usage.to_dict()
        return verdict.spec.with_meta(
            interpretation=knobs.to_dict(),
            generator={"backend": "llm", "model": getattr(self.backend, "cache_id", type(self.backend).__name__),
                       "seed": c.seed, "attempts": len(talk.failures) + 1, "failed_attempts": list(talk.failures),
                       "templates": self.templates},
            llm={**usage, "cache": "hit" if usage["cached_stages"] == len(STAGES) else
                 ("partial" if usage["cached_stages"] else "miss"), "response_format": talk.mode})
