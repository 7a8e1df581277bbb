"""Trainers nobody here wrote, used as documented: the examples run (tiny budgets), TorchRL's ``GymEnv``
takes a preset id unchanged. Each is skipped when its optional dependency is absent."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

import gensim_gym  # noqa: F401 - registers the ids
from tests.conftest import REPO, checkout_env


def run_example(name: str, *args: str, tmp_path, timeout: int = 600) -> str:
    done = subprocess.run([sys.executable, str(REPO / "examples" / name), *args], check=False, cwd=tmp_path,
                          env=checkout_env(), capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_cleanrl_style_ppo_on_a_preset_id(tmp_path) -> None:
    pytest.importorskip("torch")
    out = run_example("cleanrl_ppo.py", "--env-id", "GenSim-Warehouse-Easy-v0", "--total-timesteps", "512",
                      "--num-envs", "2", "--num-steps", "64", tmp_path=tmp_path)
    assert "final success rate" in out and "512 steps" in out


def test_torchrl_gymenv_takes_a_preset_id_unchanged() -> None:
    pytest.importorskip("torchrl")
    from torchrl.envs import GymEnv

    env = GymEnv("GenSim-Warehouse-Easy-v0")  # passes frameskip; drops it on our TypeError
    rollout = env.rollout(10)
    assert rollout.batch_size[0] >= 1
    env.close()


def test_torchrl_masked_random_example(tmp_path) -> None:
    pytest.importorskip("torchrl")
    out = run_example("torchrl_random.py", "--steps", "200", tmp_path=tmp_path)
    assert "every action available: True" in out


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="needs the [rllib] extra (ray[rllib])")
def test_rllib_ppo_example(tmp_path) -> None:
    out = run_example("rllib_ppo.py", "--iterations", "1", "--batch", "200", tmp_path=tmp_path, timeout=900)
    assert "final mean episode return" in out
