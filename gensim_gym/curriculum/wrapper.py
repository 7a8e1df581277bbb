"""``CurriculumWrapper``: plays the tasks a curriculum samples and reports how each episode ended.

Two modes, so each finished episode is counted exactly once:

* **local** (default, a single env or an in-process vector env without a
  trainer adapter): ``reset`` samples from the curriculum and the episode's
  end calls ``curriculum.update`` itself.
* **remote** (after a trainer-side adapter called :meth:`CurriculumWrapper.curriculum_connect`,
  e.g. :class:`gensim_gym.integrations.sb3.CurriculumCallback` or
  :class:`gensim_gym.curriculum.sync.VectorCurriculum`): ``reset`` plays tasks
  pushed into this worker's queue and the wrapper never updates its own
  curriculum object (in a subprocess that is only a pickled copy); the
  adapter reads ``info["curriculum_result"]`` and updates the one curriculum
  in the trainer process.

The spec reaches the env through ``reset(options={"spec": ...})``; spaces
never change because the env's layout is fixed when it is made. Over a bare
:class:`~gensim_gym.envs.gensim_env.GenSimEnv` (what ``gym.make(...,
curriculum=...)`` builds) the wrapper registers itself as the env's
episode-end hook (:meth:`GenSimEnv.set_episode_end_hook
<gensim_gym.envs.gensim_env.GenSimEnv.set_episode_end_hook>`): the env sums
the return and reports each episode's end, so the wrapper's ``step`` only
passes the call through. Over any other env it counts return and length itself.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import gymnasium as gym

from gensim_gym.curriculum.base import Curriculum, Task
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import ArgumentError, ArgumentTypeError, did_you_mean

RESULT_KEY = "curriculum_result"


class CurriculumWrapper(gym.Wrapper):
    """Feed a :class:`Curriculum`'s tasks to an env and its episode results back to the curriculum.

    At the end of every episode ``info["curriculum_result"]`` holds ``task_id``,
    ``is_success``, ``return``, ``length``, ``theta`` and ``arm``.
    """

    def __init__(self, env: gym.Env, curriculum: Curriculum, *, directive: str | None = None) -> None:
        super().__init__(env)
        self.curriculum = curriculum
        if directive is not None:
            curriculum.bind(directive=directive)
        self.remote = False
        self.queue: deque[Task] = deque()
        self.fallbacks = 0  # remote resets that found an empty queue and sampled locally
        self._task: Task | None = None
        self._return = 0.0
        self._length = 0
        self.hooked = self._hook_into_env()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if options and "spec" in options:
            self._task = None  # the caller chose the task: not the curriculum's business
        else:
            if self.queue:
                task = self.queue.popleft()
            else:
                if self.remote:
                    self.fallbacks += 1  # remote mode with an empty queue: sample the local copy
                task = self.curriculum.sample()
            self._task = task
            options = {**options, "spec": task.spec} if options else {"spec": task.spec}
        self._return = 0.0
        self._length = 0
        return self.env.reset(seed=seed, options=options)

    def step(self, action):
        if self.hooked:  # the env reports the episode's end to _report itself (see _hook_into_env)
            return self.env.step(action)
        # Any other env: one add and one increment per step, the result is built at an episode's end.
        obs, reward, terminated, truncated, info = self.env.step(action)
        self._return += float(reward)
        self._length += 1
        if (terminated or truncated) and self._task is not None:
            info = dict(info)  # the inner env's dict stays as it was
            self._report(info, float(self._return), self._length)
        return obs, reward, terminated, truncated, info

    def _report(self, info: dict[str, Any], episode_return: float, length: int) -> None:
        """An episode ended: build its result, update the curriculum (local mode), put it in ``info``."""
        task = self._task
        if task is None:  # the caller chose the spec, or this episode was reported already
            return
        result = {"task_id": task.task_id, "is_success": bool(info.get("is_success", False)),
                  "return": episode_return, "length": length, "theta": task.theta, "arm": task.arm}
        if not self.remote:
            self.curriculum.update(task, result)
        self._task = None  # an episode is reported once, even if step is called again
        info[RESULT_KEY] = result

    def _hook_into_env(self) -> bool:
        """Over a bare :class:`GenSimEnv`, become its episode-end hook; return whether it did.

        The env sums the return and calls :meth:`_report` when an episode ends, so this wrapper's ``step``
        does no per-step work; episodes, results and ``info`` are the same as when it counts them itself.
        Any other env (or a GenSimEnv under further wrappers, whose truncation the env would not see)
        keeps the counting path. The newest wrapper owns the hook: an env re-wrapped after its old wrapper
        was dropped reports here.
        """
        env = self.env
        if not isinstance(env, GenSimEnv) or type(env).step is not GenSimEnv.step:  # a subclass's own step
            return False
        env.set_episode_end_hook(self._report)
        return True

    # -- the remote protocol (called through VecEnv.env_method / VectorEnv.call) ----------
    def curriculum_connect(self) -> dict[str, Any]:
        """Switch to remote mode; return what this worker's curriculum copy knows about its generator."""
        self.remote = True
        self.queue.clear()
        return self.curriculum.binding()

    def curriculum_push(self, tasks: list[Task] | Task) -> int:
        """Queue tasks for the next resets of this worker; return the queue length."""
        self.queue.extend([tasks] if isinstance(tasks, Task) else tasks)
        return len(self.queue)

    @property
    def curriculum_inbox(self) -> int:
        return len(self.queue)

    @curriculum_inbox.setter
    def curriculum_inbox(self, tasks: list[Task] | Task | None) -> None:
        # Gymnasium's VectorEnv.set_attr sends one value per env: the way to push different tasks.
        if tasks:
            self.curriculum_push(tasks)


#: The curricula ``gym.make(..., curriculum=NAME)``, ``GenerativeSimulator(curriculum=NAME)`` and
#: ``gensim-gym train --curriculum NAME`` build by name ("hard": uniform difficulty in [0.8, 1]).
CURRICULUM_NAMES = ("alpha", "uniform", "static", "threshold", "learnability", "hard")


def make_curriculum(name: str, directive: str | None = None, seed: int | None = None, **kwargs: Any) -> Curriculum:
    """Build a curriculum by name: one of :data:`CURRICULUM_NAMES`."""
    from gensim_gym.curriculum.alpha import AlphaCurriculum
    from gensim_gym.curriculum.baselines import (
        LearnabilityCurriculum,
        StaticCurriculum,
        ThresholdCurriculum,
        UniformCurriculum,
    )

    builders: dict[str, Callable[..., Curriculum]] = {
                "alpha": AlphaCurriculum, "uniform": UniformCurriculum, "static": StaticCurriculum,
                "threshold": ThresholdCurriculum, "learnability": LearnabilityCurriculum,
                "hard": lambda **kw: UniformCurriculum(theta_range=(0.8, 1.0), **kw)}
    assert tuple(builders) == CURRICULUM_NAMES  # one list of names, shown by the CLI too
    key = name.lower()
    if key not in builders:
        raise ArgumentError(f"unknown curriculum {name!r}{did_you_mean(key, builders)}; choose one of "
                    f"{', '.join(builders)} or pass a Curriculum object")
    return builders[key](directive=directive, seed=0 if seed is None else seed, **kwargs)


def attach_curriculum(env: gym.Env, curriculum: str | Curriculum, *, directive: str | None = None,
                      seed: int | None = None) -> CurriculumWrapper:
    """Wrap ``env`` so it plays ``curriculum``'s tasks (what ``gym.make(..., curriculum=...)`` calls)."""
    if isinstance(curriculum, str):
        curriculum = make_curriculum(curriculum, directive, seed)
    if not all(callable(getattr(curriculum, m, None)) for m in ("sample", "update")):
        raise ArgumentTypeError(f"curriculum must be a name or an object with sample() and update(), "
                    f"got {type(curriculum).__name__}")
    if directive is None and not getattr(curriculum, "bound", True):
        raise ArgumentTypeError("a curriculum needs a directive (a task family) to generate from; "
                                "spec=... plays one fixed task")
    return CurriculumWrapper(env, curriculum, directive=directive)
