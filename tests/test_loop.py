"""The Generative Simulator loop end to end: outputs, resume, directive adaptation, LLM parts."""

from __future__ import annotations

import json
import math

import pytest
import respx

from gensim_gym.curriculum import AlphaCurriculum, UniformCurriculum, alpha_reward
from gensim_gym.errors import ArgumentError, Error, GenerationError
from gensim_gym.integrations.cli_train import main as cli_main
from gensim_gym.oversight import LLMOversight, OpenAIChat
from gensim_gym.simulator import GenerativeSimulator, OfflineTasks, directive_layout, load_report
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


def test_loop_runs_end_to_end_with_the_alpha_curriculum_and_writes_every_output(tmp_path):
    s = sim(tmp_path)
    assert isinstance(s.curriculum.curriculum, AlphaCurriculum)  # the package's one α-curriculum
    report = s.run(epochs=2, episodes_per_epoch=4, eta=0.5)
    for name in ("config.json", "report.json", "report.md", "trajectories.jsonl", "env_dataset.jsonl",
                 "report.html", "success.png", "difficulty.png", "success_by_difficulty.png", "bottlenecks.png",
                 "curriculum.png",
                 "checkpoints/epoch-0002/model.zip", "checkpoints/epoch-0002/curriculum.json"):
        assert (tmp_path / name).exists(), name
    assert list((tmp_path / "tensorboard").rglob("events.out.tfevents*"))
    assert report["config"]["curriculum"] == "alpha"
    assert [e["epoch"] for e in report["epochs"]] == [0, 1]
    epoch = report["epochs"][0]
    for key in ("directive", "accepted", "rejected", "accepted_specs", "rejected_specs", "played_ids", "by_domain",
                "by_difficulty", "mean_reward", "bottleneck", "decision", "llm_tokens", "curriculum", "sampled"):
        assert key in epoch
    assert epoch["accepted"] == len(epoch["accepted_specs"]) == 4  # the first epoch fills the pool (K specs)
    assert len(epoch["played_ids"]) == 4 and set(epoch["played_ids"]) <= {a["task_id"] for a in epoch["accepted_specs"]}
    assert {"p_hat", "r_env", "difficulty", "pool", "pi_bins"} <= epoch["curriculum"].keys()
    assert report["epochs"][1]["directive"] == epoch["decision"]["new_directive"]
    # every rollout reached curriculum.update exactly once, and the checkpoint is the curriculum's own state
    cur = AlphaCurriculum().load(tmp_path / "checkpoints" / "epoch-0002" / "curriculum.json")
    assert cur.counters["episodes"] == 8 and cur.rwr["updates"] + cur.rwr["skipped"] == 2  # one RWR step per epoch
    traj = lines(tmp_path / "trajectories.jsonl")
    assert len(traj) == 8 and {"observations", "actions", "rewards", "theta"} <= traj[0].keys()
    envset = lines(tmp_path / "env_dataset.jsonl")
    first = [r for r in envset if r["epoch"] == 0]
    assert len(first) == len(set(epoch["played_ids"])) and first[0]["prompt"].startswith("Generate a task")
    assert envset[0]["spec"]["format"].startswith("gensim_gym/simspec")
    assert abs(sum(r["weight_normalised"] for r in first) - 1) < 1e-3
    for r in envset:  # the curriculum's own R_env of its posterior p̂
        assert abs(r["r_env"] - alpha_reward(r["p_hat"], 0.5)) < 1e-3
        assert abs(r["weight"] - math.exp(2.0 * r["r_env"])) < 1e-3 * r["weight"]
    assert "before" in report["evaluation"] and "after" in report["evaluation"]
    md = (tmp_path / "report.md").read_text()
    assert "## Oversight decisions" in md and "## Curriculum: specs accepted and rejected" in md


class Crash(SB3Trainer):
    """Dies in the RL update of the second epoch, after that epoch's rollouts were written."""

    def learn(self, steps):
        self.calls = getattr(self, "calls", 0) + 1
        if self.calls == 2:
            raise KeyboardInterrupt("killed")
        return super().learn(steps)


def test_resume_after_an_interrupted_epoch_loses_nothing_and_continues_identically(tmp_path):
    full = sim(tmp_path / "full").run(epochs=3, episodes_per_epoch=4, eta=0.5)
    out = tmp_path / "killed"
    with pytest.raises(KeyboardInterrupt):
        sim(out, trainer=Crash("ppo", **TINY)).run(epochs=3, episodes_per_epoch=4, eta=0.5)
    assert read_json(out / "state.json")["epoch"] == 1
    assert len(lines(out / "trajectories.jsonl")) == 8  # epoch 1's rollouts were written before the crash
    saved = read_json(out / "checkpoints" / "epoch-0001" / "curriculum.json")
    assert saved["counters"]["episodes"] == 4  # epoch 1's updates were not checkpointed: they are replayed once
    resumed = sim(out).run(epochs=3, episodes_per_epoch=4, eta=0.5, resume=True)
    assert [e["epoch"] for e in resumed["epochs"]] == [0, 1, 2]
    traj = lines(out / "trajectories.jsonl")
    assert len(traj) == 12 and len({(t["epoch"], t["index"]) for t in traj}) == 12
    assert len(lines(out / "env_dataset.jsonl")) == len(lines(tmp_path / "full" / "env_dataset.jsonl"))
    for key in ("played_ids", "thetas", "accepted_specs", "rejected_specs", "directive"):
        assert [e[key] for e in resumed["epochs"]] == [e[key] for e in full["epochs"]], key
    assert resumed["epochs"][1]["curriculum"] == full["epochs"][1]["curriculum"]
    assert resumed["evaluation"]["before"] == full["evaluation"]["before"]
    assert read_json(out / "checkpoints" / "epoch-0003" / "curriculum.json")["counters"]["episodes"] == 12
    assert sorted(p.name for p in (out / "checkpoints").iterdir()) == ["epoch-0003"]  # only the committed one


class FlakyBackend:
    """A generate(directive, difficulty, seed) backend whose every third call fails."""

    def __init__(self) -> None:
        self.tasks = OfflineTasks(directive_layout(DIRECTIVE))
        self.calls: list[str] = []

    def __call__(self, directive, difficulty, seed):
        self.calls.append(directive)
        if len(self.calls) % 3 == 0:
            raise GenerationError("the model gave up")
        return self.tasks(directive, difficulty, seed)


def test_rejected_specs_are_recorded_and_new_specs_follow_the_current_directive(tmp_path):
    backend = FlakyBackend()
    # A filter hook that predicts failure on long tasks, and a pool refreshed every epoch.
    cur = AlphaCurriculum(pool_size=3, refill_batch=3, max_plays=1, batch_size=3,
                          predict=lambda spec: 0.0 if len(spec.golden_plan) > 2 else None)
    s = sim(tmp_path, trainer=OracleAgent(), backend=backend, curriculum=cur)
    assert s.curriculum.curriculum is cur and cur.generator is s.generator
    report = s.run(epochs=3, episodes_per_epoch=3, eta=0.5)
    rejected = [r for e in report["epochs"] for r in e["rejected_specs"]]
    reasons = {r["reason"].split(":")[0] for r in rejected}
    assert {"generation", "filter C"} <= reasons, reasons
    assert all(r["predicted_success"] == 0.0 for r in rejected if r["reason"].startswith("filter C"))
    assert sum(e["rejected"] for e in report["epochs"]) == len(rejected)
    assert "rejected θ=" in (tmp_path / "report.md").read_text()
    # the oracle succeeds, oversight makes the directive harder, and new specs are generated under it
    directives = [e["directive"] for e in report["epochs"]]
    assert directives[1] != directives[0]
    assert set(backend.calls[-3:]) <= {directives[2]}
    new = {a["task_id"] for a in report["epochs"][2]["accepted_specs"]}
    rows = lines(tmp_path / "env_dataset.jsonl")
    played_new = [r["spec"] for r in rows if r["epoch"] == 2 and r["spec"]["id"] in new]
    assert played_new and all(spec["directive"] == directives[2] for spec in played_new)


def test_bad_loop_arguments_are_reported_before_anything_runs(tmp_path):
    with pytest.raises(ArgumentError, match=r"GenerativeSimulator: 2 invalid arguments:\n  - seed=-1: .*\n"
                                            r"  - steps_per_epoch=1.5: must be an integer >= 0"):
        GenerativeSimulator(DIRECTIVE, trainer=OracleAgent(), out=tmp_path, seed=-1, steps_per_epoch=1.5)
    s = sim(tmp_path / "run", trainer=OracleAgent())
    with pytest.raises(ArgumentError, match=r"epochs=0: .*\n  - eta='high': must be a finite number"):
        s.run(epochs=0, episodes_per_epoch=2, eta="high")
    assert not (tmp_path / "run").exists()  # nothing was written


def test_curriculum_names_map_to_the_package_curricula(tmp_path):
    s = sim(tmp_path, trainer=OracleAgent(), curriculum="uniform")
    assert isinstance(s.curriculum.curriculum, UniformCurriculum)
    report = s.run(epochs=1, episodes_per_epoch=2, eta=0.5)
    assert report["config"]["curriculum"] == "uniform"
    assert read_json(tmp_path / "checkpoints" / "epoch-0001" / "curriculum.json")["kind"] == "uniform"
    with pytest.raises(Error, match="did you mean 'alpha'"):
        sim(tmp_path, curriculum="alpah")


def test_cli_train_and_report(tmp_path, capsys):
    out = tmp_path / "cli"
    code = cli_main(["train", "--directive", DIRECTIVE, "--algo", "oracle", "--steps", "0", "--epochs", "2",
                     "--episodes", "3", "--curriculum", "static", "--out", str(out)])
    assert code == 0
    printed = capsys.readouterr().out.strip().splitlines()
    assert printed[-1].endswith("report.md") and printed[0].startswith("success before 1.00")
    report = load_report(out)
    first, second = report["epochs"]
    assert second["accepted"] == 0 and set(second["played_ids"]) <= {a["task_id"] for a in first["accepted_specs"]}
    assert first["decision"]["action"] == "increase"  # oracle: mean reward >= eta
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
