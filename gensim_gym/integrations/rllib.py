"""RLlib adapter: :func:`register` makes the package's env ids RLlib env strings; :class:`RLlibCurriculumCallback`
wires every env runner's episodes to one :class:`~gensim_gym.integrations.ray.CurriculumActor`.

RLlib's env runners are separate processes that never import gensim_gym, so ``"GenSim-v0"`` alone fails
there with ``NameNotFound``. :func:`register` puts one creator per id in Ray's cluster-wide registry
(``ray.tune.register_env``); an env runner that unpickles it imports this package, and builds the env with
``gym.make(id, **env_config)``. An ``env_config`` holding ``"curriculum_actor": name`` plays the
shared curriculum: each env gets an :class:`~gensim_gym.integrations.ray.ActorCurriculum`
(``"curriculum_options"`` are its arguments; a list of names shards the runners over several actors by
``worker_index``), fetches tasks from the actor and reports each finished episode once, in batches;
:class:`RLlibCurriculumCallback` sends what a runner still holds at the end of every ``sample()`` and puts the
curriculum's scalars in each training result under ``"curriculum"``.

>>> # ray.init(); register(); start_curriculum_actor("alpha", directive=D)
>>> # config = PPOConfig().environment("GenSim-v0", env_config={"directive": D, "curriculum_actor":
>>> #     "gensim_curriculum"}).callbacks(RLlibCurriculumCallback)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gensim_gym.errors import ArgumentError, did_you_mean, require
from gensim_gym.integrations.presets import presets, register_presets

_callbacks: Any = require("ray.rllib.callbacks.callbacks", "rllib")  # Any: an optional package, subclassed below
_registry = require("ray.tune.registry", "rllib")

ACTOR_KEY = "curriculum_actor"
OPTIONS_KEY = "curriculum_options"


class EnvCreator:
    """``creator(env_config) -> env`` for one id: what RLlib calls in every env runner (picklable by reference)."""

    def __init__(self, env_id: str) -> None:
        self.env_id = env_id

    def __call__(self, config: Mapping[str, Any] | None = None) -> Any:
        import gymnasium as gym

        register_presets()  # this runner's Gymnasium registry has not seen the ids yet

        kwargs = {k: v for k, v in dict(config or {}).items() if k != "num_envs"}  # num_envs: RLlib's, not ours
        actor = kwargs.pop(ACTOR_KEY, None)
        options = kwargs.pop(OPTIONS_KEY, {})
        if actor is not None:
            from gensim_gym.integrations.ray.curriculum import ActorCurriculum

            kwargs["curriculum"] = ActorCurriculum(shard_of(actor, getattr(config, "worker_index", 0)), **options)
        elif options:
            raise ArgumentError(f"env_config[{OPTIONS_KEY!r}] configures the shared curriculum: add "
                                f"env_config[{ACTOR_KEY!r}] = the CurriculumActor's name")
        return gym.make(self.env_id, **kwargs)


def shard_of(actor: Any, worker_index: int) -> Any:
    """The curriculum actor of env runner ``worker_index``: ``actor`` itself, or for a list of actors (one
    curriculum per shard, e.g. per domain: docs/scaling.md) the one at ``worker_index`` modulo its length."""
    if isinstance(actor, (list, tuple)):
        if not actor:
            raise ArgumentError(f"env_config[{ACTOR_KEY!r}] is an empty list; give an actor name or a list of them")
        return actor[int(worker_index) % len(actor)]
    return actor


def register(ids: Iterable[str] | None = None) -> list[str]:
    """Register ``"GenSim-v0"`` and every preset id (or only ``ids``) as RLlib env strings; return the ids.

    Call it in the driver before building the algorithm (before or after ``ray.init``): Ray's registry
    reaches every worker of the cluster.
    """
    known = presets()
    chosen = list(known) if ids is None else list(ids)
    for env_id in chosen:
        if env_id not in known:
            raise ArgumentError(f"unknown env id {env_id!r}{did_you_mean(str(env_id), known)}; the ids are "
                                f"{', '.join(known)}")
        _registry.register_env(env_id, EnvCreator(env_id))
    return chosen


def _curricula(vector_env: Any) -> list[Any]:
    """The ActorCurriculum of every sub-env of an env runner's (synchronous) vector env."""
    envs = getattr(getattr(vector_env, "unwrapped", vector_env), "envs", None) or []
    found = []
    for env in envs:
        try:
            curriculum = env.get_wrapper_attr("curriculum")
        except AttributeError:
            continue
        if callable(getattr(curriculum, "flush", None)) and hasattr(curriculum, "source"):
            found.append(curriculum)
    return found


class RLlibCurriculumCallback(_callbacks.RLlibCallback):
    """Sends each env runner's buffered episode results to the curriculum actor at the end of every ``sample()``,
    and adds the actor's scalars to each training result as ``result["curriculum"]`` (for a list of actors: a
    dict of them by name)."""

    def on_sample_end(self, *, env_runner: Any = None, **kwargs: Any) -> None:
        if env_runner is None or getattr(env_runner, "env", None) is None:
            return
        for curriculum in _curricula(env_runner.env):
            curriculum.flush()

    def on_train_result(self, *, algorithm: Any, result: dict, **kwargs: Any) -> None:
        actor = (algorithm.config.env_config or {}).get(ACTOR_KEY)
        if actor is None:
            return
        from gensim_gym.integrations.ray.curriculum import ActorCurriculum

        if isinstance(actor, (list, tuple)):  # sharded: the scalars of each shard under its actor's name
            result["curriculum"] = {str(name): ActorCurriculum(name).stats() for name in actor}
        else:
            result["curriculum"] = ActorCurriculum(actor).stats()
