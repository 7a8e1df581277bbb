"""Ray for gensim_gym: generation fanned out as Ray tasks, and one curriculum shared by every worker.

* :func:`generate_many` — the same specs as :func:`gensim_gym.generate_many` (same seeds, seed order, bit for
  bit) generated and verified as Ray tasks, bounded in flight, with progress, and partial results kept
  when some seeds fail. :class:`RateLimiter` is the one actor that holds the LLM request rate of every worker.
* :class:`CurriculumActor` — one curriculum state in one actor; :class:`ActorCurriculum` is its worker-side
  handle (tasks fetched ahead, results reported in numbered batches so each episode counts exactly once).

Needs ``pip install 'gensim_gym[ray]'``; nothing else in the package imports Ray. RLlib's adapter is
:mod:`gensim_gym.integrations.rllib`.
"""

from __future__ import annotations

from gensim_gym.integrations.ray.curriculum import (
    ActorCurriculum,
    CurriculumActor,
    start_curriculum_actor,
)
from gensim_gym.integrations.ray.generation import generate_many
from gensim_gym.integrations.ray.limiter import RateLimitedBackend, RateLimiter, start_rate_limiter

__all__ = [
    "ActorCurriculum",
    "CurriculumActor",
    "RateLimitedBackend",
    "RateLimiter",
    "generate_many",
    "start_curriculum_actor",
    "start_rate_limiter",
]
