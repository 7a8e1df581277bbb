"""Issue 17, cases 2, 3, 10 and 11: run folders commit like a database, resume exactly once, refuse a
second writer, and explain a corrupted folder before any training."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gensim_gym.errors import RunError
from gensim_gym.integrations.cli_train import main as cli_main
from gensim_gym.simulator import GenerativeSimulator
from gensim_gym.simulator.run_folder import RunLock
from gensim_gym.trainers import RandomAgent
from tests.conftest import REPO, checkout_env

DIRECTIVE = "warehouse tasks, easy"


class Spy(RandomAgent):
    """A random agent that counts its RL updates (none may happen before a bad folder is refused)."""

    def __init__(self) -> None:
        super().__init__()
        self.learned = 0

    def learn(self, steps: int) -> dict:
        self.learned += 1
        return super().learn(steps)


def _sim(out: Path, trainer: RandomAgent | None = None) -> GenerativeSimulator:
    return GenerativeSimulator(DIRECTIVE, trainer=trainer or Spy(), out=out, steps_per_epoch=0, seed=0)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A run folder after 2 epochs (resuming it with 3 epochs would train once more)."""
    out = tmp_path_factory.mktemp("runs") / "finished"
    _sim(out).run(epochs=2, episodes_per_epoch=1)
    return out


def _copy(finished: Path, tmp_path: Path) -> Path:
    out = tmp_path / "run"
    shutil.copytree(finished, out)
    return out


def _edit_state(out: Path, edit) -> None:
    state = json.loads((out / "state.json").read_text())
    edit(state)
    (out / "state.json").write_text(json.dumps(state))


def _checkpoint(out: Path) -> Path:
    return out / json.loads((out / "state.json").read_text())["checkpoint"]["dir"]


CORRUPTIONS = {
    "truncated state": (lambda o: (o / "state.json").write_text((o / "state.json").read_text()[:200]),
                        "state.json is unreadable"),
    "garbage state": (lambda o: (o / "state.json").write_bytes(b"\x00\xff" * 50), "state.json is unreadable"),
    "state not an object": (lambda o: (o / "state.json").write_text("[1]"), r"\$: must be an object"),
    "missing config": (lambda o: (o / "config.json").unlink(), "config.json is missing"),
    "truncated config": (lambda o: (o / "config.json").write_text("{"), "config.json is unreadable"),
    "missing offsets": (lambda o: _edit_state(o, lambda s: s.pop("offsets")), r"\$\.offsets: missing"),
    "offsets of the wrong type": (lambda o: _edit_state(o, lambda s: s.update(offsets=[1, 2])), r"\$\.offsets"),
    "negative offset": (lambda o: _edit_state(o, lambda s: s["offsets"].update(trajectories=-5)),
                        r"\$\.offsets\.trajectories: must be an integer >= 0"),
    "offset 1e7": (lambda o: _edit_state(o, lambda s: s["offsets"].update(trajectories=1e7)),
                   r"\$\.offsets\.trajectories: must be an integer >= 0, got 10000000\.0"),
    "offset past the log": (lambda o: _edit_state(o, lambda s: s["offsets"].update(trajectories=10**7)),
                            "committed but trajectories.jsonl holds only"),
    "missing log": (lambda o: (o / "env_dataset.jsonl").unlink(), "env_dataset.jsonl is missing"),
    "epoch 100": (lambda o: _edit_state(o, lambda s: s.update(epoch=100)), r"\$\.epoch: 100 epochs are done"),
    "epoch ahead of the records": (lambda o: _edit_state(o, lambda s: s.update(epoch=1)),
                                   r"\$\.report\.epochs: must hold one record per done epoch"),
    "epoch as a string": (lambda o: _edit_state(o, lambda s: s.update(epoch="2")), r"\$\.epoch: must be an integer"),
    "missing checkpoint folder": (lambda o: shutil.rmtree(_checkpoint(o)), "which is missing"),
    "corrupted curriculum": (lambda o: (_checkpoint(o) / "curriculum.json").write_text("{}"),
                             "does not match the hash"),
    "truncated agent state": (lambda o: (_checkpoint(o) / "agent.json").write_text('{"rng"'),
                              "does not match the hash"),
    "checkpoint outside the folder": (lambda o: _edit_state(o, lambda s: s["checkpoint"]["files"].update(
        {"../../config.json": "0" * 64})), r"\$\.checkpoint"),
    "checkpoint record removed": (lambda o: _edit_state(o, lambda s: s.update(checkpoint=None)), r"\$\.checkpoint"),
    "bad memory": (lambda o: _edit_state(o, lambda s: s.update(memory={"capacity": "x"})),
                   "cannot be loaded"),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_a_corrupted_run_folder_is_refused_before_training(finished: Path, tmp_path: Path, name: str) -> None:
    out = _copy(finished, tmp_path)
    corrupt, message = CORRUPTIONS[name]
    corrupt(out)
    logs = {p.name: p.read_bytes() for p in out.glob("*.jsonl")}
    spy = Spy()
    with pytest.raises(RunError, match=message) as info:
        _sim(out, spy).run(epochs=3, episodes_per_epoch=1, resume=True)
    assert "delete the folder or train with another --out" in str(info.value)
    assert spy.learned == 0
    assert {p.name: p.read_bytes() for p in out.glob("*.jsonl")} == logs  # nothing was rolled back or written
    assert not (out / ".lock").exists()


def test_the_cli_reports_a_corrupted_folder_as_an_error(finished: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture) -> None:
    out = _copy(finished, tmp_path)
    _edit_state(out, lambda s: s.update(epoch=100))
    code = cli_main(["train", "--directive", DIRECTIVE, "--algo", "random", "--steps", "0", "--epochs", "3",
                     "--episodes", "1", "--out", str(out), "--resume"])
    assert code == 2 and "error:" in capsys.readouterr().err


def test_an_intact_folder_resumes_and_trains_only_the_missing_epoch(finished: Path, tmp_path: Path) -> None:
    out = _copy(finished, tmp_path)
    spy = Spy()
    report = _sim(out, spy).run(epochs=3, episodes_per_epoch=1, resume=True)
    assert spy.learned == 1 and [e["epoch"] for e in report["epochs"]] == [0, 1, 2]
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["epoch-0003"]


def test_uncommitted_checkpoints_are_discarded_on_resume(finished: Path, tmp_path: Path) -> None:
    out = _copy(finished, tmp_path)
    committed = _checkpoint(out)
    newer = out / "checkpoints" / "epoch-0003"  # a kill after the checkpoint, before state.json (case 3)
    shutil.copytree(committed, newer)
    (newer / "curriculum.json").write_text("{}")
    (out / "checkpoints" / ".epoch-0004.tmp").mkdir()  # a kill while writing one
    _sim(out).run(epochs=2, episodes_per_epoch=1, resume=True)
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == [committed.name]


# -- one writer -------------------------------------------------------------------------------------
def test_a_second_writer_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run"
    with RunLock(out), pytest.raises(RunError, match="is in use by process"):
        _sim(out).run(epochs=1, episodes_per_epoch=1)
    assert not (out / ".lock").exists()
    assert not (out / "trajectories.jsonl").exists()  # the refused run wrote nothing


def test_a_second_train_process_on_one_folder_exits_with_an_error(tmp_path: Path) -> None:
    out = tmp_path / "run"
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom gensim_gym.simulator.run_folder import "
                               "RunLock\nRunLock(sys.argv[1]).acquire()\nprint('locked', flush=True)\ntime.sleep(60)",
                               str(out)], stdout=subprocess.PIPE, text=True, env=checkout_env(), cwd=REPO)
    try:
        assert holder.stdout.readline().strip() == "locked"
        code = cli_main(["train", "--directive", DIRECTIVE, "--algo", "random", "--steps", "0", "--epochs", "1",
                         "--episodes", "1", "--out", str(out)])
        assert code == 2
        assert json.loads((out / ".lock").read_text())["pid"] == holder.pid
    finally:
        holder.kill()
        holder.wait()
    # the holder is gone: its lock is stale (same host, no such process) and is taken over
    _sim(out).run(epochs=1, episodes_per_epoch=1)
    assert not (out / ".lock").exists()


def test_a_lock_of_another_host_is_not_taken_over(tmp_path: Path) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / ".lock").write_text(json.dumps({"pid": 1, "host": socket.gethostname() + "-elsewhere"}))
    with pytest.raises(RunError, match=r"delete .*\.lock"):
        _sim(out).run(epochs=1, episodes_per_epoch=1)


# -- kills ------------------------------------------------------------------------------------------
def test_a_kill_during_the_model_save_keeps_the_previous_model(tmp_path: Path) -> None:
    sb3 = pytest.importorskip("stable_baselines3")
    import gymnasium as gym

    from gensim_gym.trainers import SB3Trainer

    trainer = SB3Trainer("ppo", n_steps=16, batch_size=16, n_epochs=1)
    trainer.bind(gym.make("CartPole-v1"), 0)
    trainer.save(tmp_path)
    good = (tmp_path / "model.zip").read_bytes()

    def killed_save(fh) -> None:
        fh.write(b"PK\x03\x04 half a zip")
        raise KeyboardInterrupt("killed during model.save")

    trainer.model.save = killed_save
    with pytest.raises(KeyboardInterrupt):
        trainer.save(tmp_path)
    assert (tmp_path / "model.zip").read_bytes() == good
    assert sb3.PPO.load(tmp_path / "model.zip", device="cpu") is not None
    assert [p.name for p in tmp_path.iterdir()] == ["model.zip"]  # no temporary file left behind


def _sweep(tmp_path: Path, args: list[str], timeout: float = 600) -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.reliability.kill_driver", str(tmp_path), "--", *args],
                          capture_output=True, text=True, env=checkout_env(), cwd=REPO, timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_kill_at_every_write_point_resumes_exactly_once(tmp_path: Path) -> None:
    """Issue 17 cases 2-3: kill ``train`` before and after every artefact write (and mid-line in every log
    append), then ``train --resume``: report.json, both logs and the committed checkpoint equal an
    uninterrupted run's."""
    summary = _sweep(tmp_path, ["--directive", DIRECTIVE, "--algo", "random", "--steps", "0", "--epochs", "2",
                                "--episodes", "1"])
    assert summary["points"] >= 14 and summary["appends"] >= 4
    assert summary["failures"] == []


@pytest.mark.slow
def test_a_kill_at_every_write_point_of_a_ppo_run_resumes_exactly_once(tmp_path: Path) -> None:
    """The same with SB3 PPO (its model.zip is one of the artefacts); 5-10 minutes."""
    pytest.importorskip("stable_baselines3")
    summary = _sweep(tmp_path, ["--directive", DIRECTIVE, "--algo", "ppo", "--steps", "64", "--epochs", "2",
                                "--episodes", "1"], timeout=3600)
    assert summary["points"] >= 14
    assert summary["failures"] == []


def test_a_fresh_run_over_an_old_folder_drops_the_old_commit_record_first(finished: Path, tmp_path: Path) -> None:
    out = _copy(finished, tmp_path)

    class Killed(Spy):
        def learn(self, steps: int) -> dict:
            raise KeyboardInterrupt("killed in the first epoch")

    with pytest.raises(KeyboardInterrupt):
        _sim(out, Killed()).run(epochs=2, episodes_per_epoch=1)  # not --resume: starts over
    assert not (out / "state.json").exists() and not list((out / "checkpoints").iterdir())
    report = _sim(out).run(epochs=2, episodes_per_epoch=1, resume=True)  # resumes as a fresh start
    assert [e["epoch"] for e in report["epochs"]] == [0, 1]
