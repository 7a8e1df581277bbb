"""The Generative Simulator loop (Algorithm 1), its task curricula, run directory and report."""

from gensim_gym.simulator.loop import GenerativeSimulator, load_report, summarise
from gensim_gym.simulator.report import build_report
from gensim_gym.simulator.tasks import EpochSource, LadderCurriculum, OfflineTasks, TaskCurriculum, alpha_reward

__all__ = ["EpochSource", "GenerativeSimulator", "LadderCurriculum", "OfflineTasks", "TaskCurriculum",
           "alpha_reward", "build_report", "load_report", "summarise"]
