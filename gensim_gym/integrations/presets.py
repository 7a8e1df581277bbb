"""Registered preset ids: task families with their arguments bound, so ``gym.make(id)`` alone works.

Trainers written for Atari or Procgen (CleanRL, TorchRL's ``GymEnv``, RLlib's string ids) pass an env
id and nothing else. Each preset binds a directive and a difficulty, as Procgen and Minigrid bind
theirs; any keyword given to ``gym.make`` still overrides the bound ones.

========================================  ============================================  ==========
id                                        directive                                     difficulty
========================================  ============================================  ==========
``GenSim-v0``                             none bound: ``directive=`` or ``spec=``;       0.5
                                          alone, ``factory.DEFAULT_DIRECTIVE``
``GenSim-<Domain>-v0``                    ``domain: <domain>``                          0.5
``GenSim-<Domain>-Easy-v0``               ``domain: <domain>``                          0.1
``GenSim-<Domain>-Hard-v0``               ``domain: <domain>``                          0.9
``GenSim-Mixed-v0``                       ``domain: <all five>``                        0.5
``GenSim-Curriculum-v0``                  ``domain: <all five>``, ``curriculum="alpha"``  (moves)
========================================  ============================================  ==========

``<Domain>`` is one of Warehouse, Webshop, Calendar, Filesystem, Support. Easy (0.1) gives short
tasks with few objects and no extra or distractor tools; Hard (0.9) gives long tasks with extra and
distractor tools and hidden facts (partial observability starts at 0.75). A directive naming several
domains generates tasks that combine them: every Mixed task holds the objects and tools of all five
domains. The curriculum preset's spaces fit every difficulty (``max_difficulty=1.0``). Task streams
are unlimited (``num_tasks=0``); pass ``num_tasks=N`` for a fixed pool.

RLlib's workers do not import this package, so give RLlib ``"gensim_gym:GenSim-Warehouse-v0"`` (the
``module:`` prefix makes Gymnasium import it first) or register the env with ``tune.register_env``.
"""

from __future__ import annotations

from typing import Any

from gymnasium.envs.registration import register, registry

ENTRY_POINT = "gensim_gym.factory:make_env"
DOMAINS = ("warehouse", "webshop", "calendar", "filesystem", "support")
#: difficulty of each variant: the plain id, ``-Easy`` and ``-Hard``
LEVELS = {"": 0.5, "-Easy": 0.1, "-Hard": 0.9}
ALL_DOMAINS = "domain: " + ", ".join(DOMAINS)


def presets() -> dict[str, dict[str, Any]]:
    """Every preset id with the keyword arguments it binds, in the order ``gensim-gym list`` prints them."""
    out: dict[str, dict[str, Any]] = {"GenSim-v0": {}}
    for domain in DOMAINS:
        for suffix, difficulty in LEVELS.items():
            out[f"GenSim-{domain.capitalize()}{suffix}-v0"] = {"directive": f"domain: {domain}",
                                                               "difficulty": difficulty}
    out["GenSim-Mixed-v0"] = {"directive": ALL_DOMAINS, "difficulty": 0.5}
    out["GenSim-Curriculum-v0"] = {"directive": ALL_DOMAINS, "curriculum": "alpha"}
    return out


def register_presets() -> None:
    """Register every preset id with Gymnasium (once per process: ids already registered are kept)."""
    for env_id, kwargs in presets().items():
        if env_id not in registry:
            # max_episode_steps is None: every task carries its own horizon and truncates itself. order_enforce
            # False: no OrderEnforcing layer, whose check the env makes itself (a step before reset or after the
            # episode ended raises errors.ResetNeeded, a Gymnasium ResetNeeded); the layer and its super() call
            # cost ~2k instructions a step (docs/hot_paths.md, facespeed10). The env checker stays.
            register(id=env_id, entry_point=ENTRY_POINT, kwargs=kwargs, max_episode_steps=None, order_enforce=False)
