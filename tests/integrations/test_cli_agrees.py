"""The CLI agrees with the API: the same curriculum names, a difficulty, help on every option, no silent
overwrite of a run; keyword typos in ``gym.make`` get "did you mean"; long work shows progress."""

from __future__ import annotations

import argparse

import gymnasium as gym
import pytest

import gensim_gym
from gensim_gym.curriculum.wrapper import CURRICULUM_NAMES
from gensim_gym.errors import UnexpectedArgumentError
from gensim_gym.integrations.cli import build_parser
from gensim_gym.integrations.cli import main as gensim_main
from gensim_gym.integrations.cli_train import main as cli_main
from gensim_gym.simulator import load_report

DIRECTIVE = "warehouse tasks, easy"


def parsers(parser: argparse.ArgumentParser, path: str = "gensim-gym"):
    """Every parser of the tree, with its command path."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub, f"{path} {name}")


def test_every_option_of_every_command_has_help_text():
    missing = [f"{path}: {action.option_strings or action.dest}" for path, parser in parsers(build_parser())
               for action in parser._actions
               if not isinstance(action, argparse._HelpAction)
               and (not action.help or action.help == argparse.SUPPRESS)]
    assert missing == []
    assert {"train", "demo", "report", "generate"} <= {path.split()[-1] for path, _ in parsers(build_parser())}


def test_curriculum_takes_every_name_gym_make_takes():
    choices = next(a for a in dict(parsers(build_parser()))["gensim-gym train"]._actions
                   if "--curriculum" in a.option_strings).choices
    assert set(CURRICULUM_NAMES) <= set(choices)
    for name in CURRICULUM_NAMES:
        gym.make("GenSim-v0", directive=DIRECTIVE, seed=0, curriculum=name).reset(seed=0)


def train(out, *extra: str) -> int:
    return cli_main(["train", "--directive", DIRECTIVE, "--algo", "oracle", "--steps", "0", "--epochs", "1",
                     "--episodes", "3", "--out", str(out), *extra])


def test_train_with_the_hard_curriculum_plays_hard_tasks(tmp_path):
    assert train(tmp_path / "run", "--curriculum", "hard") == 0
    report = load_report(tmp_path / "run")
    assert report["config"]["curriculum"] == "hard"
    assert min(report["epochs"][0]["thetas"]) >= 0.8


def test_train_difficulty_sets_the_tasks_difficulty_without_a_curriculum(tmp_path, capsys):
    assert train(tmp_path / "run", "--curriculum", "none", "--difficulty", "0.3") == 0
    thetas = load_report(tmp_path / "run")["epochs"][0]["thetas"]
    assert all(0.27 <= t <= 0.33 for t in thetas)
    assert train(tmp_path / "other", "--difficulty", "0.3") == 2  # alpha chooses difficulties itself
    assert "goes with curriculum 'none'" in capsys.readouterr().err


def test_out_over_an_earlier_run_is_refused_unless_resume_or_overwrite(tmp_path, capsys):
    out = tmp_path / "run"
    assert train(out) == 0
    report = (out / "report.json").read_bytes()
    capsys.readouterr()
    assert train(out) == 2
    err = capsys.readouterr().err
    assert "holds an earlier run" in err and "--resume" in err and "--overwrite" in err
    assert (out / "report.json").read_bytes() == report  # untouched
    assert train(out, "--resume", "--overwrite") == 2


def test_overwrite_removes_the_stale_model_and_tensorboard_files(tmp_path):
    out = tmp_path / "run"
    assert train(out) == 0
    stale = [out / "model.zip", out / "tensorboard" / "ppo_7" / "events.out.tfevents.1", out / "old_plot.png"]
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"stale")
    (out / "notes.txt").write_text("mine")
    assert train(out, "--overwrite") == 0
    assert not any(p.exists() for p in stale)
    assert (out / "notes.txt").read_text() == "mine"  # not a run's file: left alone
    assert (out / "report.json").is_file() and not (out / ".lock").exists()


@pytest.mark.parametrize(("kwargs", "suggestion"), [
    ({"dificulty": 0.3}, "did you mean 'difficulty'"),
    ({"num_task": 3, "sed": 1}, "'num_tasks' for 'num_task', 'seed' for 'sed'"),
    ({"backend": "openai", "cache_dri": "x"}, "did you mean 'cache_dir'"),
])
def test_keyword_typos_in_gym_make_get_did_you_mean(kwargs, suggestion):
    with pytest.raises(UnexpectedArgumentError, match="unexpected keyword argument") as info:
        gym.make("GenSim-Warehouse-v0", **kwargs)
    assert suggestion in str(info.value) and isinstance(info.value, TypeError)


def test_an_llm_option_without_the_llm_backend_gets_no_misleading_suggestion():
    with pytest.raises(UnexpectedArgumentError) as info:
        gym.make("GenSim-Warehouse-v0", model="gpt-4o-mini")
    assert "did you mean" not in str(info.value) and "backend='openai'" in str(info.value)


def test_cli_generate_refuses_an_unknown_backend(capsys):
    with pytest.raises(SystemExit):
        gensim_main(["generate", "-d", DIRECTIVE, "--backend", "offlien"])
    assert "offline" in capsys.readouterr().err


class Counter:
    def __init__(self) -> None:
        self.n = 0

    def update(self, n: int) -> None:
        self.n += n


def test_sb3_training_moves_a_progress_bar():
    pytest.importorskip("stable_baselines3")
    from gensim_gym.trainers import SB3Trainer

    trainer = SB3Trainer("ppo", n_steps=32, batch_size=32, n_epochs=1)
    trainer.bind(gym.make("GenSim-v0", directive=DIRECTIVE, seed=0, num_tasks=2).unwrapped)
    trainer.progress = bar = Counter()
    trainer.learn(64)
    assert bar.n == 64
    assert gensim_gym.__version__  # the package imported the trainer lazily
