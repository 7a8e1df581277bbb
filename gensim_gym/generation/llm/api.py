"""Entry points: ``generate_llm`` (one spec), ``generate_many`` (parallel) and ``llm_family`` (a task source).

``gensim_gym.generate(..., backend="openai")`` and ``gym.make("GenSim-v0",
backend="openai", ...)`` arrive here through the factory.
"""

from __future__ import annotations

import inspect
import os
import warnings
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gensim_gym.errors import ArgumentError, GenerationError, UnexpectedArgumentError, did_you_mean
from gensim_gym.generation.llm.backend import Backend
from gensim_gym.generation.llm.pipeline import LLMGenerator, Usage
from gensim_gym.spec.model import SimSpec
from gensim_gym.world.layout import Layout

_GENERATOR_OPTIONS = ("max_attempts", "cache", "cache_dir", "audit_log", "template_dir", "max_random_success",
                      "verify_episodes")
MAX_BATCH = 10_000
DEFAULT_FAMILY_SIZE = 8


def make_backend(backend: Any = "openai", **options: Any) -> Backend:
    """``"openai"`` → :class:`OpenAIBackend` (``options`` are its arguments); a Backend object is used as is."""
    if backend == "openai":
        from gensim_gym.generation.llm.openai_backend import OpenAIBackend

        _check_names(options, OpenAIBackend)
        return OpenAIBackend(**options)
    if backend == "offline_llm":
        from gensim_gym.generation.llm.backend import OfflineBackend

        backend = OfflineBackend()
    if isinstance(backend, str) or not callable(backend):
        raise ArgumentError(f"backend must be 'openai' or a Backend (a callable (messages, schema) -> text), "
                            f"got {backend!r}")
    if options:
        raise UnexpectedArgumentError(f"options {', '.join(sorted(options))} configure backend='openai' only; "
                    f"configure your own backend object directly")
    return backend


def _check_names(options: dict[str, Any], backend_class: type) -> None:
    """A keyword neither the backend nor the generator takes is a TypeError naming the nearest one, before
    Python's own TypeError (which names no alternative) would be raised."""
    params = [p.name for p in inspect.signature(backend_class).parameters.values() if p.kind is p.KEYWORD_ONLY
              or p.kind is p.POSITIONAL_OR_KEYWORD]
    unknown = sorted(set(options) - set(params))
    if unknown:
        known = sorted({*params, *_GENERATOR_OPTIONS})
        raise UnexpectedArgumentError(f"got an unexpected keyword argument {unknown[0]!r}"
                                      f"{did_you_mean(unknown[0], known)}; backend='openai' takes "
                                      f"{', '.join(known)} (and gym.make's own arguments)")


def _split(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    generator = {k: kwargs.pop(k) for k in list(kwargs) if k in _GENERATOR_OPTIONS}
    return generator, kwargs


def generator_for(backend: Any = "openai", **kwargs: Any) -> LLMGenerator:
    """An :class:`LLMGenerator` from factory-style keywords (generator options and backend options mixed)."""
    generator_options, backend_options = _split(dict(kwargs))
    return LLMGenerator(make_backend(backend, **backend_options), **generator_options)


def generate_llm(directive: str, *, difficulty: float = 0.5, seed: int = 0, backend: Any = "openai",
                 **kwargs: Any) -> SimSpec:
    """One validated, verified spec through an LLM.

    Keywords: ``model``, ``base_url``, ``api_key``, ``timeout``, ``max_retries``, ``temperature``, ``strict``
    (for ``backend="openai"``), and ``max_attempts``, ``cache``, ``cache_dir``, ``audit_log``, ``template_dir``.
    """
    return generator_for(backend, **kwargs).generate(directive, difficulty, seed)


@dataclass
class Batch:
    """The result of :func:`generate_many`: specs in seed order, failures by seed, and the summed usage."""

    specs: list[SimSpec]
    failures: dict[int, str] = field(default_factory=dict)
    usage: Usage = field(default_factory=Usage)

    @property
    def distinct(self) -> int:
        """How many different specs the batch holds (seeds may collapse to one: see ``warn_if_collapsed``)."""
        return len({s.id for s in self.specs})

    def __iter__(self) -> Iterator[SimSpec]:
        return iter(self.specs)

    def __len__(self) -> int:
        return len(self.specs)

    def __getitem__(self, i: int) -> SimSpec:
        return self.specs[i]


def _usage_of(spec: SimSpec) -> Usage:
    u = spec.meta.get("llm", {})
    return Usage(u.get("calls", 0), u.get("requests", 0), u.get("prompt_tokens", 0), u.get("completion_tokens", 0),
                 u.get("cached_stages", 0))


def generate_many(directive: str, n: int, *, difficulty: float = 0.5, seed: int = 0, backend: Any = "openai",
                  concurrency: int = 4, progress: bool = True, skip_failures: bool = False,
                  **kwargs: Any) -> Batch:
    """Generate ``n`` specs (seeds ``seed .. seed+n-1``) with at most ``concurrency`` in flight.

    A tqdm progress bar shows progress (``progress=False`` hides it). A seed
    whose generation fails raises at the end (after the others finished),
    unless ``skip_failures`` is set; then it is listed in ``Batch.failures``.
    Token usage and request counts are in each spec's ``meta["llm"]`` and
    summed in ``Batch.usage``.
    """
    if not isinstance(n, int) or not 0 <= n <= MAX_BATCH:
        raise ArgumentError(f"n must be an integer in [0, {MAX_BATCH}], got {n!r}")
    if not isinstance(concurrency, int) or not 1 <= concurrency <= 64:
        raise ArgumentError(f"concurrency must be an integer in [1, 64], got {concurrency!r}")
    generator = generator_for(backend, **kwargs)
    results: dict[int, SimSpec] = {}
    failures: dict[int, str] = {}
    bar = _progress(n, progress, directive)
    with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="gensim-llm") as pool:
        futures = {pool.submit(generator.generate, directive, difficulty, seed + i): seed + i for i in range(n)}
        for future in as_completed(futures):
            task_seed = futures[future]
            try:
                results[task_seed] = future.result()
            except GenerationError as exc:
                failures[task_seed] = str(exc)
            bar.update(1)
    bar.close()
    specs = [results[s] for s in sorted(results)]
    usage = sum((_usage_of(s) for s in specs), Usage())
    if failures and not skip_failures:
        reasons = [f"seed {s}: {failures[s]}" for s in sorted(failures)]
        raise GenerationError(f"{len(failures)} of {n} generations failed (pass skip_failures=True to keep the rest)",
                              reasons)
    batch = Batch(specs, failures, usage)
    warn_if_collapsed(batch.specs, directive)
    return batch


def warn_if_collapsed(specs: list[SimSpec], directive: str) -> int:
    """The number of distinct spec ids; warns when distinct seeds gave the same spec (a model that ignores the
    seed, or a directive too narrow for ``n`` tasks: a "family" of 20 copies trains on one task)."""
    distinct = len({s.id for s in specs})
    if distinct < len(specs):
        warnings.warn(f"{directive!r}: {len(specs)} seeds gave {distinct} distinct specs", stacklevel=3)
    return distinct


def _progress(n: int, enabled: bool, directive: str):
    try:
        from tqdm.auto import tqdm
    except ImportError:  # progress is cosmetic: without tqdm there is simply no bar
        enabled = False
    if not enabled:
        return _NoBar()
    return tqdm(total=n, desc=f"generating {directive[:30]!r}", unit="spec", disable=os.environ.get("CI") == "true")


class _NoBar:
    def update(self, _n: int) -> None:
        pass

    def close(self) -> None:
        pass


class LLMFamily:
    """A fixed pool of LLM-generated specs behind the ``TaskSource`` protocol.

    All specs are generated when the family is made (never inside
    ``reset``/``step``); the layout is the union of their layouts, so every
    spec fits the environment's spaces. Specs whose vocabulary clashes with
    earlier ones (a name with other parameter types) are left out. ``shuffle_slots``: see
    :attr:`gensim_gym.world.layout.Layout.shuffle_slots`.
    """

    def __init__(self, specs: list[SimSpec], *, shuffle_slots: bool = False) -> None:
        if not specs:
            raise ArgumentError("an LLM task family needs at least one spec")
        self.specs, self._layout = _fit(specs, shuffle_slots)

    def layout(self) -> Layout:
        return self._layout

    def sample(self, rng: np.random.Generator) -> SimSpec:
        return self.specs[int(rng.integers(len(self.specs)))]


def _fit(specs: list[SimSpec], shuffle_slots: bool = False) -> tuple[list[SimSpec], Layout]:
    capacity: dict[str, int] = {}
    predicates: dict[str, tuple[str, ...]] = {}
    fluents: dict[str, tuple[tuple[str, ...], float, float]] = {}
    tools: dict[str, tuple[str, ...]] = {}
    kept, goals = [], 8
    for spec in specs:
        own = Layout.from_spec(spec)
        clash = any(predicates.get(k, v) != v for k, v in own.predicates.items()) or \
            any(tools.get(k, v) != v for k, v in own.tools.items()) or \
            any(k in fluents and fluents[k] != v for k, v in own.fluents.items())
        if clash:
            continue
        kept.append(spec)
        for t, c in own.capacity.items():
            capacity[t] = max(capacity.get(t, 0), c)
        predicates.update(own.predicates)
        fluents.update(own.fluents)
        tools.update(own.tools)
        goals = max(goals, own.max_goals)
    return kept, Layout(capacity, predicates, fluents, tools, max_goals=goals, shuffle_slots=shuffle_slots)


def llm_family(directive: str, *, difficulty: float = 0.5, seed: int | None = None, num_tasks: int = 0,
               backend: Any = "openai", shuffle_slots: bool = False, **kwargs: Any) -> LLMFamily:
    """A task source of ``num_tasks`` specs (default 8 when 0) generated up front through the LLM backend,
    with a progress bar and ETA (``progress=False`` hides it): a slow server takes minutes per spec."""
    count = num_tasks or DEFAULT_FAMILY_SIZE
    batch = generate_many(directive, count, difficulty=difficulty, seed=0 if seed is None else seed,
                          backend=backend, progress=kwargs.pop("progress", True), **kwargs)
    return LLMFamily(list(batch), shuffle_slots=shuffle_slots)
