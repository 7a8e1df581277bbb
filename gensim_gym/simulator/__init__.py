"""The Generative Simulator loop (Algorithm 1) over a :mod:`gensim_gym.curriculum` curriculum, its run directory
and report."""

from gensim_gym.simulator.adapter import EpochTasks, LoopCurriculum, LoopGenerator
from gensim_gym.simulator.loop import GenerativeSimulator, load_report, summarise
from gensim_gym.simulator.report import build_report
from gensim_gym.simulator.tasks import EpochSource, OfflineTasks, directive_layout

__all__ = ["EpochSource", "EpochTasks", "GenerativeSimulator", "LoopCurriculum", "LoopGenerator", "OfflineTasks",
           "build_report", "directive_layout", "load_report", "summarise"]
