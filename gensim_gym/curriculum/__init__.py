"""Curricula over generated tasks: GenEnv's α-curriculum, baselines, the env wrapper and worker sync.

See :mod:`gensim_gym.curriculum.alpha` for the α-Curriculum Reward
R_env(p̂) = 1 − ((p̂ − α) / max(α, 1 − α))² and how π_env is learnt.
"""

from gensim_gym.curriculum.alpha import AlphaCurriculum
from gensim_gym.curriculum.base import Curriculum, SpecGenerator, Task
from gensim_gym.curriculum.baselines import (
    LearnabilityCurriculum,
    StaticCurriculum,
    ThresholdCurriculum,
    UniformCurriculum,
)
from gensim_gym.curriculum.config import (
    AlphaConfig,
    CurriculumConfig,
    LearnabilityConfig,
    RangeConfig,
    ThresholdConfig,
    UniformConfig,
)
from gensim_gym.curriculum.filter import CurriculumFilter, SuccessPredictor
from gensim_gym.curriculum.generator import DirectiveGenerator
from gensim_gym.curriculum.reward import BetaPosterior, alpha_reward, learnability
from gensim_gym.curriculum.sync import CurriculumSync, VectorCurriculum
from gensim_gym.curriculum.wrapper import CurriculumWrapper, attach_curriculum, make_curriculum
from gensim_gym.envs.result import EpisodeResult

__all__ = [
    "AlphaConfig",
    "AlphaCurriculum",
    "BetaPosterior",
    "Curriculum",
    "CurriculumConfig",
    "CurriculumFilter",
    "CurriculumSync",
    "CurriculumWrapper",
    "DirectiveGenerator",
    "EpisodeResult",
    "LearnabilityConfig",
    "LearnabilityCurriculum",
    "RangeConfig",
    "SpecGenerator",
    "StaticCurriculum",
    "SuccessPredictor",
    "Task",
    "ThresholdConfig",
    "ThresholdCurriculum",
    "UniformConfig",
    "UniformCurriculum",
    "VectorCurriculum",
    "alpha_reward",
    "attach_curriculum",
    "learnability",
    "make_curriculum",
]
