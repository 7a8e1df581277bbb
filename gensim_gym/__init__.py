"""gensim_gym: generative simulators for RL and agent research.

Turn a natural-language directive into Gymnasium environments whose task,
tools and reward are generated (offline by a procedural generator, or by an
LLM), and train on them with a curriculum that keeps tasks at the edge of what
the agent can do.

>>> import gymnasium as gym, gensim_gym
>>> env = gym.make("GenSim-v0", directive="warehouse tasks, easy", seed=0)
>>> obs, info = env.reset(seed=0)
>>> env = gym.make("GenSim-Warehouse-Easy-v0")  # a preset: directive and difficulty bound
"""

from __future__ import annotations

from gensim_gym.curriculum import (
    AlphaCurriculum,
    Curriculum,
    CurriculumWrapper,
    LearnabilityCurriculum,
    StaticCurriculum,
    ThresholdCurriculum,
    UniformCurriculum,
    alpha_reward,
)
from gensim_gym.envs.gensim_env import GenSimEnv
from gensim_gym.errors import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    BackendAuthError,
    BackendError,
    CapacityError,
    DirectiveError,
    Error,
    GenerationError,
    MissingDependencyError,
    ResetNeeded,
    RunError,
    SearchSpaceError,
    SpecError,
    UnexpectedArgumentError,
)
from gensim_gym.factory import generate, make_env
from gensim_gym.generation.reading import Clause, Reading, check_fidelity, read_directive
from gensim_gym.generation.toolsets import register_toolset
from gensim_gym.integrations.presets import register_presets
from gensim_gym.spec import SimSpec, load_spec, validate_spec

__version__ = "0.2.0"

__all__ = [
    "ActionError",
    "AlphaCurriculum",
    "ArgumentError",
    "ArgumentTypeError",
    "BackendAuthError",
    "BackendError",
    "CapacityError",
    "Clause",
    "Curriculum",
    "CurriculumWrapper",
    "DirectiveError",
    "Error",
    "GenSimEnv",
    "GenerationError",
    "GenerativeSimulator",
    "LearnabilityCurriculum",
    "MissingDependencyError",
    "Reading",
    "ResetNeeded",
    "RunError",
    "SearchSpaceError",
    "SimSpec",
    "SpecError",
    "StaticCurriculum",
    "ThresholdCurriculum",
    "UnexpectedArgumentError",
    "UniformCurriculum",
    "__version__",
    "alpha_reward",
    "check_fidelity",
    "generate",
    "generate_many",
    "load_spec",
    "make_env",
    "read_directive",
    "register_toolset",
    "validate_spec",
]

_LAZY = {"GenerativeSimulator": "gensim_gym.simulator", "generate_many": "gensim_gym.generation.llm"}


def __getattr__(name: str):
    # The loop and the LLM batch API pull in more modules; load them on first use only.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'gensim_gym' has no attribute {name!r}")


# GenSim-v0 and the preset ids (GenSim-Warehouse-Easy-v0, ...): see gensim_gym.integrations.presets
register_presets()
