"""One request rate for every worker: :class:`RateLimiter` (a Ray actor) and :class:`RateLimitedBackend`.

An LLM endpoint limits requests per account, not per process: N workers each keeping their own limit would
send N times too many. The limiter is one actor that hands out send times (a GCRA token bucket: ``rate``
backend calls per second, ``burst`` at once); the caller sleeps on its own side, so a waiting worker never
blocks the actor. The unit is one backend call (one chat completion; the client's own retries of that call
are inside it).
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from gensim_gym._checks import Checks
from gensim_gym.errors import require
from gensim_gym.generation.llm.backend import Backend, Message, Reply

ray = require("ray", "ray")


class RateLimiter:
    """A token bucket over wall-clock time: at most ``burst + rate * T`` grants in any window of ``T`` seconds.

    Args:
        rate: grants per second (> 0).
        burst: grants that may go at once after an idle spell (>= 1).
    """

    def __init__(self, rate: float, burst: int = 1) -> None:
        checks = Checks("RateLimiter")
        checks.number("rate", rate, 1e-6, 1e6)
        checks.integer("burst", burst, 1)
        checks.done()
        self.interval = 1.0 / float(rate)
        self.burst = int(burst)
        self._tat = 0.0  # theoretical arrival time of the next grant (GCRA)
        self.granted = 0

    def acquire(self) -> float:
        """Reserve one grant; return how many seconds the caller must wait before it uses it."""
        now = time.monotonic()
        tat = max(self._tat, now)
        wait = max(0.0, tat - (self.burst - 1) * self.interval - now)
        self._tat = tat + self.interval
        self.granted += 1
        return wait


def start_rate_limiter(rate: float, burst: int = 1, *, name: str | None = None) -> Any:
    """Start the :class:`RateLimiter` actor (``num_cpus=0``: it only does arithmetic) and return its handle."""
    RateLimiter(rate, burst)  # check the arguments here, not in a remote traceback
    options: dict[str, Any] = {"num_cpus": 0}
    if name is not None:
        options.update(name=name, get_if_exists=True)
    return ray.remote(RateLimiter).options(**options).remote(rate, burst)


class RateLimitedBackend:
    """A :class:`~gensim_gym.generation.llm.backend.Backend` that waits for the shared limiter before each call.

    It keeps the wrapped backend's ``cache_id``, so the disk cache keys (and the specs' ``meta``) are the ones
    the backend alone would give.
    """

    def __init__(self, backend: Backend, limiter: Any, timeout: float = 600.0) -> None:
        self.backend = backend
        self.limiter = limiter
        self.timeout = timeout

    def __getattr__(self, name: str) -> Any:
        # cache_id and any other attribute a caller reads come from the wrapped backend (absent stays absent)
        if name in ("backend", "limiter", "timeout"):
            raise AttributeError(name)
        return getattr(self.backend, name)

    def __call__(self, messages: Sequence[Message], schema: Mapping[str, Any]) -> str | Reply:
        wait = ray.get(self.limiter.acquire.remote(), timeout=self.timeout)
        if wait > 0:
            time.sleep(wait)
        return self.backend(messages, schema)
