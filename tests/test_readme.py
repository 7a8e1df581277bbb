"""The README and docs/ stay true: their Python examples and ``examples/`` run as written (with training
budgets cut to seconds), their links resolve, and the facts they state match the code.

Each example is found by a line only it contains and run offline. The only edits are the
``replace`` pairs below, and each must still match the page: an example whose text changes
fails here until its test is updated, so the docs cannot drift from the API unnoticed.
The LLM example needs an endpoint and is exercised with recorded responses elsewhere
(``tests/generation/llm``).
"""

from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import pytest

from tests.conftest import REPO, checkout_env

pytest.importorskip("stable_baselines3")
pytest.importorskip("sb3_contrib")


def example(marker: str, replace: dict[str, str] | None = None, page: str = "README.md") -> str:
    """The one ```python block of ``page`` containing ``marker``, with each ``replace`` pair applied once."""
    blocks = re.findall(r"```python\n(.*?)```", (REPO / page).read_text(encoding="utf-8"), re.S)
    found = [b for b in blocks if marker in b]
    assert len(found) == 1, f"{len(found)} examples in {page} contain {marker!r}"
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


def test_the_quickstart_runs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = example("# one verified task, as JSON",
                   {'PPO("MlpPolicy", env).learn(20_000, progress_bar=True)':
                    'PPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1).learn(32, progress_bar=True)'})
    assert len(code.strip().splitlines()) <= 15
    namespace = run_here(code, tmp_path)
    assert namespace["info"]["is_success"] and namespace["spec"].golden_plan
    assert namespace["model"].num_timesteps == 32
    assert namespace["text_env"].observation_space.__class__.__name__ == "Text"


def test_the_record_video_example_records_an_episode(tmp_path, monkeypatch):
    pytest.importorskip("moviepy")
    monkeypatch.chdir(tmp_path)
    run_here(example("RecordVideo(gym.make(", page="docs/environment.md"), tmp_path)
    assert (tmp_path / "videos" / "rl-video-episode-0.mp4").stat().st_size > 1000


def test_the_curriculum_example_runs_as_a_script_with_subprocess_workers(tmp_path):
    code = example("gensim_gym.AlphaCurriculum(alpha=0.5)", page="docs/curricula.md", replace={
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
    code = example("GenerativeSimulator(", page="docs/curricula.md", replace={
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


def test_examples_render_episode_draws_the_readme_picture(tmp_path):
    pytest.importorskip("PIL")
    from PIL import Image

    path = runpy.run_path(str(REPO / "examples" / "render_episode.py"), run_name="example")["main"](
        str(tmp_path / "episode.png"))
    with Image.open(path) as image:
        assert image.size == (3 * 384 + 8, 288)
    assert (REPO / "docs" / "episode.png").is_file() and "](docs/episode.png)" in README


# -- the pages themselves -----------------------------------------------------------------------
README = (REPO / "README.md").read_text(encoding="utf-8")
PAGES = ["README.md", *sorted(str(p.relative_to(REPO)) for p in (REPO / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_readme_fits_on_a_screen_and_links_every_docs_page():
    assert len(README.splitlines()) <= 150
    for page in (REPO / "docs").glob("*.md"):
        assert f"](docs/{page.name})" in README, f"the README does not link docs/{page.name}"
    for section in ("## What the agent sees", "## LLM agents", "## PDDL", "## Scaling"):
        assert section in README  # other developers' snippets go under these headings


@pytest.mark.parametrize("page", PAGES)
def test_every_relative_link_resolves(page):
    text = (REPO / page).read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        file = (REPO / page).parent / path if path else REPO / page
        assert file.exists(), f"{page}: link to {target} (no such file)"
        if anchor and file.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", file.read_text(encoding="utf-8"), re.M)
            assert anchor in {slug(h) for h in headings}, f"{page}: link to {target} (no such heading)"


def test_the_readme_lists_every_preset_id():
    from gensim_gym.integrations.presets import presets

    assert [i for i in presets() if f"`{i}`" not in README] == []


def test_the_readme_and_cli_name_the_same_curricula():
    from gensim_gym.curriculum.wrapper import CURRICULUM_NAMES

    cli = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in cli for name in (*CURRICULUM_NAMES, "none"))


SIZES = re.compile(r"^\| (\w+) \| (\d+) / (\d+) / (\d+) / (\d+) / (\d+) \| (\d+) / (\d+) / (\d+) / (\d+) / (\d+) \| "
                   r"(\d+) / (\d+) / (\d+) / (\d+) / (\d+) \|$", re.M)


def test_the_environment_page_states_the_true_sizes():
    rows = SIZES.findall((REPO / "docs" / "environment.md").read_text(encoding="utf-8"))
    assert [r[0] for r in rows] == ["warehouse", "webshop", "calendar", "filesystem", "support"]
    domain, *numbers = rows[0]  # one domain here keeps the test fast; every cell is the same computation
    for k, suffix in enumerate(("-Easy", "", "-Hard")):
        env = gym.make(f"GenSim-{domain.capitalize()}{suffix}-v0", seed=0)
        env.reset(seed=0)
        base = env.unwrapped
        got = [env.observation_space.shape[0], env.action_space.n, base.action_space.n, base.world.horizon,
               len(base.sim_spec.golden_plan)]
        assert got == [int(x) for x in numbers[5 * k:5 * k + 5]], f"GenSim-{domain}{suffix}-v0"


def test_examples_pddl_blocks_trains_maskable_ppo_on_a_pddl_domain():
    pytest.importorskip("pddl")
    pytest.importorskip("sb3_contrib")
    result = runpy.run_path(str(REPO / "examples" / "pddl_blocks.py"), run_name="example")["main"](
        steps=256, num_tasks=2, episodes=4)
    assert set(result) == {"random", "trained"} and 0.0 <= result["trained"] <= 1.0
