"""The Generative Simulator loop end to end: outputs, resume, directive adaptation, LLM parts."""

from __future__ import annotations

import json

import pytest
import respx

from gensim_gym.integrations.cli_train import main as cli_main
from gensim_gym.oversight import LLMOversight, OpenAIChat
from gensim_gym.simulator import GenerativeSimulator, load_report
from gensim_gym.simulator.io import read_json
from gensim_gym.trainers import OracleAgent, SB3Trainer
from tests.llm_recorded import BASE_URL, completion, replay, respx_http_client

DIRECTIVE = "warehouse tasks, easy"
TINY = {"n_steps": 32, "batch_size": 32, "n_epochs": 2}


def sim(out, trainer=None, **kw) -> GenerativeSimulator:
    trainer = trainer or SB3Trainer("ppo", tensorboard_log=out / "tensorboard", **TINY)
    return GenerativeSimulator(DIRECTIVE, trainer=trainer, out=out, steps_per_epoch=64, seed=3, **kw)


def lines(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()]


def test_loop_runs_end_to_end_and_writes_every_output(tmp_path):
    report = sim(tmp_path).run(epochs=2, episodes_per_epoch=4, eta=0.5)
    for name in ("config.json", "report.json", "report.md", "trajectories.jsonl", "env_dataset.jsonl",
                 "success_difficulty.png", "success_by_difficulty.png", "bottlenecks.png", "curriculum.png",
                 "checkpoints/model.zip", "checkpoints/curriculum.json"):
        assert (tmp_path / name).exists(), name
    assert list((tmp_path / "tensorboard").rglob("events.out.tfevents*"))
    assert [e["epoch"] for e in report["epochs"]] == [0, 1]
    epoch = report["epochs"][0]
    for key in ("directive", "accepted", "rejected", "by_domain", "by_difficulty", "mean_reward", "bottleneck",
                "decision", "llm_tokens", "curriculum"):
        assert key in epoch
    assert report["epochs"][1]["directive"] == epoch["decision"]["new_directive"]
    traj = lines(tmp_path / "trajectories.jsonl")
    assert len(traj) == 8 and {"observations", "actions", "rewards"} <= traj[0].keys()
    envset = lines(tmp_path / "env_dataset.jsonl")
    assert len(envset) == 8 and envset[0]["prompt"].startswith("Generate a task")
    assert envset[0]["spec"]["format"].startswith("gensim_gym/simspec")
    assert abs(sum(r["weight_normalised"] for r in envset[:4]) - 1) < 1e-3
    assert "before" in report["evaluation"] and "after" in report["evaluation"]
    assert "## Oversight decisions" in (tmp_path / "report.md").read_text()


class Crash(SB3Trainer):
    """Dies in the RL update of the second epoch, after that epoch's rollouts were written."""

    def learn(self, steps):
        self.calls = getattr(self, "calls", 0) + 1
        if self.calls == 2:
            raise KeyboardInterrupt("killed")
        return super().learn(steps)


def test_resume_after_an_interrupted_epoch_loses_nothing(tmp_path):
    full = sim(tmp_path / "full").run(epochs=3, episodes_per_epoch=4, eta=0.5)
    out = tmp_path / "killed"
    with pytest.raises(KeyboardInterrupt):
        sim(out, trainer=Crash("ppo", **TINY)).run(epochs=3, episodes_per_epoch=4, eta=0.5)
    assert read_json(out / "state.json")["epoch"] == 1
    assert len(lines(out / "trajectories.jsonl")) == 8  # epoch 1's rollouts were written before the crash
    resumed = sim(out).run(epochs=3, episodes_per_epoch=4, eta=0.5, resume=True)
    assert [e["epoch"] for e in resumed["epochs"]] == [0, 1, 2]
    traj = lines(out / "trajectories.jsonl")
    assert len(traj) == 12 and len({(t["epoch"], t["task_id"]) for t in traj}) == 12
    assert len(lines(out / "env_dataset.jsonl")) == 12
    assert [e["accepted_ids"] for e in resumed["epochs"]] == [e["accepted_ids"] for e in full["epochs"]]
    assert [e["directive"] for e in resumed["epochs"]] == [e["directive"] for e in full["epochs"]]
    assert resumed["evaluation"]["before"] == full["evaluation"]["before"]


def test_cli_train_and_report(tmp_path, capsys):
    out = tmp_path / "cli"
    code = cli_main(["train", "--directive", DIRECTIVE, "--algo", "oracle", "--steps", "0", "--epochs", "2",
                     "--episodes", "3", "--curriculum", "static", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out.strip().splitlines()
    assert printed[-1].endswith("report.md") and printed[0].startswith("success before 1.00")
    report = load_report(out)
    assert report["epochs"][0]["accepted_ids"] == report["epochs"][1]["accepted_ids"]  # static pool
    assert report["epochs"][0]["decision"]["action"] == "increase"  # oracle: mean reward >= eta
    (out / "report.md").unlink()
    assert cli_main(["report", str(out)]) == 0 and (out / "report.md").exists()
    assert cli_main(["report", str(tmp_path / "nothing")]) == 2


@respx.mock
def test_loop_with_llm_oversight_records_decision_and_tokens(tmp_path):
    replay(respx.mock, [completion('{"patterns": [], "summary": "The agent solves everything."}',
                                   prompt_tokens=100, completion_tokens=20),
                        completion('{"bottleneck": "tools", "evidence": "no failures"}'),
                        completion('{"directive": "warehouse tasks, easy, more tools", "change": "increase", '
                                   '"rationale": "ready"}')])
    chat = OpenAIChat("m", base_url=BASE_URL, api_key="k", max_retries=0, http_client=respx_http_client(respx.mock))
    report = sim(tmp_path, trainer=OracleAgent(), oversight=LLMOversight(chat)).run(1, 3, 0.5)
    epoch = report["epochs"][0]
    assert epoch["decision"]["source"] == "llm" and epoch["bottleneck"]["kind"] == "tools"
    assert report["final_directive"] == "warehouse tasks, easy, more tools"
    assert epoch["llm_tokens"] == 100 + 20 + 2 * 60 and report["llm_tokens"]["calls"] == 3
