"""``generate_many`` as Ray tasks: the local batch API's specs, fanned out over a cluster's cores.

Each seed is one Ray task that builds the same generator the local path builds (from the same keywords)
and calls it with the same ``(directive, difficulty, seed)``; generation depends on nothing else, so the
specs are bit for bit those of :func:`gensim_gym.generate_many`, returned in seed order. At most
``max_in_flight`` tasks are submitted at a time (a batch of 10,000 seeds never floods the scheduler); a seed
whose generation fails, whose worker dies, or that is still running at ``timeout`` is a failure by seed,
and the specs that did come are kept (on the error's ``batch`` when it raises).

With a disk cache (``cache=True``, the default for backends with a ``cache_id``) the workers read and write
one cache folder: ``cache_dir``, or ``$GENSIM_CACHE_DIR`` in the workers' environment. On several machines
it must be a shared file system for hits to cross machines.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from inspect import signature
from typing import Any

from gensim_gym._checks import Checks
from gensim_gym.errors import ArgumentError, ArgumentTypeError, GenerationError, require
from gensim_gym.factory import generate as generate_one
from gensim_gym.generation.llm.api import Batch, generator_for, make_backend, warn_if_collapsed
from gensim_gym.generation.llm.pipeline import LLMGenerator, Usage
from gensim_gym.integrations.ray.limiter import RateLimitedBackend, start_rate_limiter
from gensim_gym.spec.model import SimSpec

ray = require("ray", "ray")

MAX_BATCH = 10_000
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class _Job:
    """What every task needs: sent once through the object store, not once per seed."""

    key: str  # names the job in each worker's generator memo
    directive: str
    difficulty: float
    backend: Any
    options: dict[str, Any] = field(default_factory=dict)
    limiter: Any = None


_GENERATOR_OPTIONS = frozenset(signature(LLMGenerator).parameters) - {"backend"}
_GENERATORS: dict[str, LLMGenerator] = {}  # per worker process: one generator per job, not one per seed


def _generator(job: _Job) -> LLMGenerator:
    generator = _GENERATORS.get(job.key)
    if generator is None:
        # built in the worker from the same keywords as the local path, so an OpenAI client is never pickled
        generator_options = {k: v for k, v in job.options.items() if k in _GENERATOR_OPTIONS}
        backend = make_backend(job.backend, **{k: v for k, v in job.options.items() if k not in _GENERATOR_OPTIONS})
        if job.limiter is not None:
            backend = RateLimitedBackend(backend, job.limiter)
        generator = LLMGenerator(backend, **generator_options)
        _GENERATORS.clear()  # a worker serves one batch at a time: keep only the newest generator
        _GENERATORS[job.key] = generator
    return generator


def _generate_seed(job: _Job, seed: int) -> tuple[int, SimSpec | None, str]:
    """One seed: ``(seed, spec, "")`` or ``(seed, None, reason)`` for a generation that found no spec."""
    try:
        if job.backend == "offline":
            spec = generate_one(job.directive, difficulty=job.difficulty, seed=seed)
        else:
            spec = _generator(job).generate(job.directive, job.difficulty, seed)
    except GenerationError as exc:  # an expected outcome, reported by seed (no remote traceback)
        return seed, None, str(exc)
    return seed, spec, ""


def _usage_of(spec: SimSpec) -> Usage:
    u = spec.meta.get("llm", {})
    return Usage(u.get("calls", 0), u.get("requests", 0), u.get("prompt_tokens", 0), u.get("completion_tokens", 0),
                 u.get("cached_stages", 0))


def _check(n: Any, max_in_flight: Any, timeout: Any, requests_per_second: Any, *, seed: Any, backend: Any,
           options: dict[str, Any]) -> None:
    checks = Checks("gensim_gym.integrations.ray.generate_many")
    checks.integer("seed", seed, 0)
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_BATCH:
        checks.fail("n", n, f"must be an integer in [0, {MAX_BATCH}]")
    checks.integer("max_in_flight", max_in_flight, 1, optional=True)
    if timeout is not None:
        checks.number("timeout", timeout, 0.0, open_low=True)
    if requests_per_second is not None:
        checks.number("requests_per_second", requests_per_second, 0.0, open_low=True)
    checks.done()
    if backend == "offline" and options:
        raise ArgumentError(f"the offline backend takes no options; got {', '.join(sorted(options))} "
                            f"(model, base_url, cache ... go with an LLM backend)")
    if requests_per_second is not None and not isinstance(backend, str):
        raise ArgumentError("requests_per_second rate-limits a backend built in the workers (backend='openai' "
                            "or 'offline_llm'); wrap your own backend object in RateLimitedBackend instead")


def _default_in_flight() -> int:
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(1, 2 * cpus)  # two per core: a core never idles while the driver collects a result


def generate_many(directive: str, n: int, *, difficulty: float = 0.5, seed: int = 0, backend: Any = "openai",
                  max_in_flight: int | None = None, progress: bool | Progress = True, skip_failures: bool = False,
                  timeout: float | None = None, requests_per_second: float | None = None, burst: int = 1,
                  num_cpus: float = 1, concurrency: int | None = None, **kwargs: Any) -> Batch:
    """Generate ``n`` specs (seeds ``seed .. seed+n-1``) as Ray tasks; the same :class:`Batch` as the local path.

    Args:
        backend: as :func:`gensim_gym.generate_many` (``"openai"``, ``"offline_llm"``, a Backend object), or
            ``"offline"`` for the procedural generator (the specs of :func:`gensim_gym.generate`).
        max_in_flight: tasks submitted at once (default: twice the cluster's CPUs).
        progress: a tqdm bar (True), none (False), or a callable ``(done, total)`` called after each seed.
        skip_failures: keep going past failed seeds and list them in ``Batch.failures``; otherwise a
            :class:`GenerationError` is raised at the end, with the partial :class:`Batch` as ``error.batch``.
        timeout: seconds for the whole batch; seeds still running then are cancelled and count as failures.
        requests_per_second, burst: one :class:`RateLimiter` actor shared by every worker limits backend calls.
        num_cpus: Ray CPUs reserved per task.
        concurrency: the local path's name for ``max_in_flight``, so a call written for it runs here unchanged.
        kwargs: generator options (``cache``, ``cache_dir``, ``max_attempts`` ...) and backend options
            (``model``, ``base_url`` ...), as for the local path.

    Ray must be initialised (``ray.init(...)``) or it starts a local instance with Ray's defaults.
    """
    if concurrency is not None:
        if max_in_flight is not None:
            raise ArgumentTypeError("pass max_in_flight or concurrency (the local path's name for it), not both")
        max_in_flight = concurrency
    _check(n, max_in_flight, timeout, requests_per_second, seed=seed, backend=backend, options=kwargs)
    if backend != "offline":
        generator_for(backend, **kwargs)  # the local path's checks (and a missing key), raised here, not per task
    limiter = start_rate_limiter(requests_per_second, burst) if requests_per_second is not None else None
    job = _Job(uuid.uuid4().hex, directive, float(difficulty), backend, dict(kwargs), limiter)
    job_ref = ray.put(job)
    task = ray.remote(_generate_seed).options(num_cpus=num_cpus, max_retries=2)  # retries: a worker crash only
    bound = max_in_flight or _default_in_flight()
    report = _reporter(progress, n, directive)
    results: dict[int, SimSpec] = {}
    failures: dict[int, str] = {}
    deadline = None if timeout is None else time.monotonic() + timeout
    pending: dict[Any, int] = {}
    seeds = iter(range(seed, seed + n))
    stopped = "not finished: the batch was interrupted"
    try:
        while True:
            for s in seeds:  # top up to the bound
                pending[task.remote(job_ref, s)] = s
                if len(pending) >= bound:
                    break
            if not pending:
                break
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            done, _ = ray.wait(list(pending), num_returns=1, timeout=left)
            if not done:  # the deadline passed
                stopped = f"not finished within timeout={timeout} s"
                break
            for ref in done:
                _collect(ref, pending.pop(ref), results, failures)
                report(len(results) + len(failures))
    finally:
        for ref, s in pending.items():
            ray.cancel(ref, force=True)
            failures[s] = stopped
        for s in seeds:
            failures[s] = stopped.replace("not finished", "not started")
        if limiter is not None:
            ray.kill(limiter)
    return _batch(directive, n, results, failures, skip_failures)


def _collect(ref: Any, s: int, results: dict[int, SimSpec], failures: dict[int, str]) -> None:
    try:
        got_seed, spec, reason = ray.get(ref)
    except ray.exceptions.RayError as exc:  # a backend error raised in the task, a dead worker ...
        cause = getattr(exc, "cause", None) or exc  # a task's own exception, without Ray's traceback header
        failures[s] = f"{type(cause).__name__}: {cause}"
        return
    if spec is None:
        failures[got_seed] = reason
    else:
        results[got_seed] = spec


def _batch(directive: str, n: int, results: dict[int, SimSpec], failures: dict[int, str],
           skip_failures: bool) -> Batch:
    specs = [results[s] for s in sorted(results)]
    batch = Batch(specs, dict(sorted(failures.items())), sum((_usage_of(s) for s in specs), Usage()))
    if failures and not skip_failures:
        reasons = [f"seed {s}: {failures[s]}" for s in sorted(failures)]
        error = GenerationError(f"{len(failures)} of {n} generations failed (pass skip_failures=True to keep the "
                                f"rest; the {len(specs)} specs made are on this error's .batch)", reasons)
        error.batch = batch
        raise error
    warn_if_collapsed(batch.specs, directive)
    return batch


def _reporter(progress: bool | Progress, total: int, directive: str) -> Callable[[int], None]:
    if callable(progress):
        return lambda done: progress(done, total)
    if not progress:
        return lambda done: None
    try:
        from tqdm.auto import tqdm
    except ImportError:  # progress is cosmetic: without tqdm there is simply no bar
        return lambda done: None
    bar = tqdm(total=total, desc=f"generating {directive[:30]!r} on Ray", unit="spec",
               disable=os.environ.get("CI") == "true")

    def update(done: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return update
