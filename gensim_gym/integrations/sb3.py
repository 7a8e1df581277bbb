"""Stable-Baselines3 adapter: :class:`CurriculumCallback` keeps one curriculum in the trainer process.

Works with ``DummyVecEnv`` and ``SubprocVecEnv`` whose envs are made with
``gym.make("GenSim-v0", ..., curriculum=cur)`` (or wrapped in
:class:`~gensim_gym.curriculum.wrapper.CurriculumWrapper`). At training start
it switches every worker's wrapper to remote mode (so in-process wrappers stop
updating ``cur`` themselves: no double counting) and fills their task queues;
on every step it feeds each finished episode's result to ``cur`` once and
pushes that worker its next task through ``env_method``. Curriculum scalars go
to the SB3 logger (TensorBoard) under ``curriculum/`` at each rollout end,
and the state can be checkpointed atomically to ``save_path`` (with the results
a batched curriculum still buffers: saving folds nothing). When training ends
the callback folds the buffered results (``curriculum.flush()``), so the
curriculum's counters and posteriors cover every episode played, and saves
that final state to ``save_path``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gensim_gym._checks import Checks
from gensim_gym.curriculum.base import Curriculum
from gensim_gym.curriculum.sync import CurriculumSync
from gensim_gym.curriculum.wrapper import RESULT_KEY
from gensim_gym.errors import require

_callbacks = require("stable_baselines3.common.callbacks", "train")


class CurriculumCallback(_callbacks.BaseCallback):  # type: ignore[name-defined]  # SB3 is optional: loaded above
    """Feed episode results from every vector-env worker into one curriculum; log its scalars.

    Args:
        curriculum: the trainer-side curriculum (the object passed to ``gym.make``).
        depth: tasks queued ahead in every worker.
        save_path: when set, ``curriculum.save(save_path)`` at every ``save_every``-th rollout end and
            when training ends.
        save_every: rollouts between two checkpoints.
    """

    def __init__(self, curriculum: Curriculum, depth: int = 2, save_path: str | Path | None = None,
                 save_every: int = 1, verbose: int = 0) -> None:
        checks = Checks("CurriculumCallback")
        if not all(callable(getattr(curriculum, m, None)) for m in ("sample", "update", "flush", "stats")):
            checks.fail("curriculum", curriculum, "must be a gensim_gym Curriculum (the object passed to gym.make)")
        checks.integer("depth", depth, 1)
        checks.integer("save_every", save_every, 1)
        checks.done()
        super().__init__(verbose)
        self.curriculum = curriculum
        self.depth = depth
        self.save_path = save_path
        self.save_every = save_every
        self.sync: CurriculumSync | None = None
        self._rollouts = 0

    def _on_training_start(self) -> None:
        venv = self.training_env
        self.sync = CurriculumSync(self.curriculum, venv.num_envs, self.depth)
        bindings = venv.env_method("curriculum_connect")
        for i, tasks in enumerate(self.sync.connect(bindings)):
            venv.env_method("curriculum_push", tasks, indices=[i])

    def _on_step(self) -> bool:
        infos: list[dict[str, Any]] = self.locals.get("infos", [])
        sync = self.sync
        assert sync is not None  # made when training starts
        for i, info in enumerate(infos):
            result = info.get(RESULT_KEY)
            if result is not None:
                self.training_env.env_method("curriculum_push", sync.feed(i, result), indices=[i])
        return True

    def _on_training_end(self) -> None:
        self.curriculum.flush()
        if self.save_path is not None:
            self.curriculum.save(self.save_path)

    def _on_rollout_end(self) -> None:
        for key, value in self.curriculum.stats().items():
            self.logger.record(f"curriculum/{key}", value)
        self._rollouts += 1
        if self.save_path is not None and self._rollouts % self.save_every == 0:
            self.curriculum.save(self.save_path)
