"""PDDL in and out (extra ``[pddl]``): bring your own domain, play a problem, export any spec.

>>> from gensim_gym import pddl, register_toolset                      # doctest: +SKIP
>>> register_toolset("my_domains/blocks.json")  # a sidecar naming blocks.pddl  # doctest: +SKIP
>>> env = gym.make("GenSim-v0", directive="stack blocks, hard")         # doctest: +SKIP

- :func:`load_domain` compiles a PDDL domain into a :class:`~gensim_gym.generation.toolsets.Toolset`
  (see :mod:`gensim_gym.generation.pddl_import` for the supported subset), which the offline generator
  turns into tasks at any difficulty; :func:`register_toolset` makes it nameable by directives.
- :func:`load_problem` returns the :class:`SimSpec` of one PDDL problem.
- :meth:`SimSpec.to_pddl` exports a spec's deterministic, fully observable core.
"""

from __future__ import annotations

from pathlib import Path

from gensim_gym.generation.pddl_import import CompiledDomain, compile_file
from gensim_gym.generation.pddl_toolset import load_problem, toolset_from_file, toolset_from_problem
from gensim_gym.generation.toolsets import Toolset, register_toolset

__all__ = ["CompiledDomain", "compile_file", "load_domain", "load_problem", "register_toolset",
           "toolset_from_problem"]


def load_domain(path: str | Path, *, probabilistic: str = "exact") -> Toolset:
    """The toolset of a PDDL domain: ``path`` is a sidecar ``.json`` naming its ``.pddl`` file (object pools and
    init rules that sample start states at any size), or a ``.pddl`` domain with a folder of problems named
    like it (its first problem gives the start state); raises :class:`SpecError` for what cannot be imported.

    PPDDL's ``(probabilistic ...)`` imports exactly when an action has one block of at most two outcomes
    ("no change" counts as one), beside deterministic effects or not: a tool whose call fails with the less
    likely outcome's probability and then applies that outcome (``fail_prob``, ``fail_effects``).
    ``probabilistic="most_likely"`` opts in to a lossy import of the other shapes:
    each block becomes its most likely outcome, listed in ``Toolset.approximations`` and in the
    ``meta["approximations"]`` of every spec generated from it."""
    return toolset_from_file(path, probabilistic=probabilistic)
