"""The README's Python examples and ``examples/`` run as written (with training budgets cut to seconds).

Each example is found by a line only it contains and run offline. The only edits are the
``replace`` pairs below, and each must still match the README: an example whose text changes
fails here until its test is updated, so the README cannot drift from the API unnoticed.
The LLM example needs an endpoint and is exercised with recorded responses elsewhere
(``tests/generation/llm``).
"""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, checkout_env

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")


def example(marker: str, replace: dict[str, str] | None = None) -> str:
    """The README's one ```python block containing ``marker``, with each ``replace`` pair applied once."""
    blocks = re.findall(r"```python\n(.*?)```", (REPO / "README.md").read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if marker in b]
    assert len(found) == 1, f"{len(found)} README examples contain {marker!r}"
    code = found[0]
    for old, new in (replace or {}).items():
        assert code.count(old) == 1, f"the README example no longer contains {old!r}: update this test"
        code = code.replace(old, new)
    return code


def run_here(code: str, cwd: Path) -> dict:
    """Run ``code`` in this process from a file in ``cwd`` (not as ``__main__``); return its globals."""
    script = cwd / "example.py"
    script.write_text(code, encoding="utf-8")
    return runpy.run_path(str(script), run_name="readme")


def run_script(code: str, cwd: Path) -> subprocess.CompletedProcess:
    """Run ``code`` as a user would: saved to a file and started with ``python file.py``."""
    script = cwd / "example.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], check=False, cwd=cwd, env=checkout_env(),
                          capture_output=True, text=True, timeout=600)


def test_the_opening_example_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace = run_here(example("seed=0)\nobs, info = env.reset(seed=0)"), tmp_path)
    assert namespace["obs"].shape == namespace["env"].observation_space.shape


def test_the_quickstart_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = example("# 1. One verified task, as JSON.",
                   {'PPO("MlpPolicy", env).learn(20_000)':
                    'PPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1).learn(32)'})
    namespace = run_here(code, tmp_path)
    assert (tmp_path / "task.json").is_file()
    assert namespace["info"]["task_id"] and isinstance(namespace["tools"], list)


def test_the_curriculum_example_runs_as_a_script_with_subprocess_workers(tmp_path):
    code = example("gensim_gym.AlphaCurriculum(alpha=0.5)", {
        "for i in range(8)": "for i in range(2)",
        'MaskablePPO("MlpPolicy", venv).learn(100_000,':
        'MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=32, n_epochs=1).learn(64,'})
    code += "\n    print(int(cur.counters['episodes']) + len(cur.pending))\n"
    done = run_script(code, tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout.split()[-1]) > 0  # the workers' episodes reached the trainer's curriculum
    assert (tmp_path / "cur.json").is_file()


def test_the_generative_simulator_example_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = example("GenerativeSimulator(", {
        'make_trainer("maskable-ppo")': 'make_trainer("maskable-ppo", n_steps=32, batch_size=32, n_epochs=1)',
        'out="runs/wh")': 'out="runs/wh", steps_per_epoch=32)',
        "epochs=6, episodes_per_epoch=12": "epochs=1, episodes_per_epoch=2"})
    namespace = run_here(code, tmp_path)
    assert len(namespace["report"]["epochs"]) == 1
    assert (tmp_path / "runs" / "wh" / "report.md").is_file()


def test_examples_quickstart_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runpy.run_path(str(REPO / "examples" / "quickstart.py"), run_name="example")["main"](train_steps=256)


def test_examples_cleanrl_style_ppo_runs_as_a_script(tmp_path):
    done = subprocess.run([sys.executable, str(REPO / "examples" / "cleanrl_style_ppo.py"), "--steps", "256",
                           "--n-steps", "64"], check=False, cwd=tmp_path, env=checkout_env(), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "update 4:" in done.stdout and "RWR updates" in done.stdout


def test_examples_pddl_blocks_trains_maskable_ppo_on_a_pddl_domain():
    pytest.importorskip("pddl")
    pytest.importorskip("sb3_contrib")
    result = runpy.run_path(str(REPO / "examples" / "pddl_blocks.py"), run_name="example")["main"](
        steps=256, num_tasks=2, episodes=4)
    assert set(result) == {"random", "trained"} and 0.0 <= result["trained"] <= 1.0
