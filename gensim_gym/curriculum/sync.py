"""One curriculum, many workers: the trainer-side bookkeeping shared by the vector-env adapters.

The curriculum lives in the trainer process. Workers (in this process or in
subprocesses) hold a queue of tasks each; :class:`CurriculumSync` keeps every
queue ``depth`` tasks deep and turns each finished episode's
``info["curriculum_result"]`` into exactly one ``curriculum.update``. The
adapters (:class:`gensim_gym.integrations.sb3.CurriculumCallback`,
:class:`VectorCurriculum`) only move tasks and infos across.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from gensim_gym._checks import Checks
from gensim_gym.curriculum.base import Curriculum, Task
from gensim_gym.curriculum.wrapper import RESULT_KEY
from gensim_gym.errors import Error


class CurriculumSync:
    """Trainer-side state of the worker protocol: binding, initial queues, one update per result."""

    def __init__(self, curriculum: Curriculum, num_envs: int, depth: int = 2) -> None:
        checks = Checks(type(self).__name__)
        checks.integer("depth", depth, 1)
        checks.done()
        self.curriculum = curriculum
        self.num_envs = num_envs
        self.depth = depth
        self.results = 0

    def connect(self, bindings: Sequence[Mapping[str, Any]]) -> list[list[Task]]:
        """Bind the curriculum from a worker's binding if needed; return the first tasks for every worker."""
        if not self.curriculum.bound:
            for binding in bindings:
                if binding.get("directive"):
                    self.curriculum.bind(directive=binding["directive"])
                    break
        return [[self.curriculum.sample() for _ in range(self.depth)] for _ in range(self.num_envs)]

    def feed(self, index: int, result: Mapping[str, Any]) -> Task:
        """Record worker ``index``'s finished episode; return the task to push to it next."""
        self.curriculum.update(str(result["task_id"]), result)
        self.results += 1
        return self.curriculum.sample()


class VectorCurriculum:
    """Adapter for Gymnasium ``SyncVectorEnv`` / ``AsyncVectorEnv`` whose sub-envs are curriculum-wrapped.

    >>> # envs = gym.vector.AsyncVectorEnv([lambda: gym.make("GenSim-v0", directive=D, curriculum=cur)] * 4)
    >>> # vc = VectorCurriculum(envs, cur); obs, infos = envs.reset(seed=0)
    >>> # ... obs, r, term, trunc, infos = envs.step(a); vc.on_step(infos)

    Call :meth:`on_step` with the ``infos`` of every ``step``.
    """

    def __init__(self, envs: Any, curriculum: Curriculum, depth: int = 2) -> None:
        self.envs = envs
        self.sync = CurriculumSync(curriculum, envs.num_envs, depth)
        try:
            bindings = envs.call("curriculum_connect")
        except AttributeError:
            raise Error("VectorCurriculum needs sub-envs that play a curriculum: make each with gym.make("
                        "'GenSim-v0', ..., curriculum=cur) or wrap it in CurriculumWrapper(env, cur)") from None
        envs.set_attr("curriculum_inbox", self.sync.connect(list(bindings)))

    def on_step(self, infos: Mapping[str, Any]) -> int:
        """Feed finished episodes from vector ``infos`` to the curriculum; return how many there were."""
        if RESULT_KEY not in infos:
            return 0
        mask = np.asarray(infos.get("_" + RESULT_KEY, np.ones(self.envs.num_envs, dtype=bool)))
        pushes: list[list[Task] | None] = [None] * self.envs.num_envs
        results = infos[RESULT_KEY]
        for i in np.flatnonzero(mask):
            if isinstance(results, Mapping):  # Gymnasium merges dict infos key by key into arrays
                result = {k: v[i] for k, v in results.items() if not k.startswith("_")}
            else:
                result = results[i]
            pushes[int(i)] = [self.sync.feed(int(i), result)]
        if any(p is not None for p in pushes):
            self.envs.set_attr("curriculum_inbox", pushes)
        return int(mask.sum())
