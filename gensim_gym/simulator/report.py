"""``report.md`` with PNG plots, (re)built from a run directory's ``report.json``.

Plots: success and difficulty over epochs, success by difficulty, bottleneck
counts, and the curriculum's aimed difficulty (E_π[θ]), R_env and pool size. matplotlib is imported lazily
with the Agg backend, so reports build on headless machines.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from gensim_gym.errors import require
from gensim_gym.simulator.io import atomic_write_text, read_json


def _plots(report: dict[str, Any], out: Path) -> list[tuple[str, str]]:
    mpl = require("matplotlib", "train")
    mpl.use("Agg")
    plt = require("matplotlib.pyplot", "train")
    epochs = report["epochs"]
    xs = [e["epoch"] for e in epochs]
    made: list[tuple[str, str]] = []

    def save(fig, name: str, title: str) -> None:
        fig.tight_layout()
        fig.savefig(out / name, dpi=80)
        plt.close(fig)
        made.append((title, name))

    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.plot(xs, [e["success"] for e in epochs], "o-", label="success")
    ax.plot(xs, [e["mean_difficulty"] for e in epochs], "s--", label="mean measured difficulty")
    ax.set_xlabel("epoch")
    ax.set_ylim(-0.05, 1.05)
    ax.legend()
    save(fig, "success_difficulty.png", "Success and difficulty over epochs")

    buckets: dict[str, list[int]] = {}
    for e in epochs:
        for b, v in e["by_difficulty"].items():
            s = buckets.setdefault(b, [0, 0])
            s[0] += round(v["success"] * v["n"])
            s[1] += v["n"]
    names = sorted(buckets)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.bar(names, [buckets[b][0] / buckets[b][1] for b in names])
    ax.set_xlabel("measured difficulty")
    ax.set_ylabel("success")
    save(fig, "success_by_difficulty.png", "Success by difficulty (all epochs)")

    counts = Counter(e["bottleneck"].get("kind", "none") for e in epochs)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    kinds = ["task", "tools", "reward", "none"]
    ax.bar(kinds, [counts.get(k, 0) for k in kinds])
    ax.set_ylabel("epochs")
    save(fig, "bottlenecks.png", "Bottleneck counts")

    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.plot(xs, [e["curriculum"].get("difficulty", 0.0) for e in epochs], "o-", label="difficulty aimed at θ")
    ax.plot(xs, [e["curriculum"].get("r_env", 0.0) for e in epochs], "s--", label="R_env(p̂ of the epoch)")
    ax2 = ax.twinx()
    ax2.plot(xs, [e["curriculum"].get("pool", 0) for e in epochs], "^:", color="gray", label="pool size")
    ax.set_xlabel("epoch")
    ax.legend(loc="upper left")
    ax2.legend(loc="lower right")
    save(fig, "curriculum.png", "Curriculum difficulty, R_env and pool")
    return made


def build_report(run_dir: str | Path) -> Path:
    """Write ``report.md`` (and the PNGs it shows) from ``report.json``; return its path."""
    run_dir = Path(run_dir)
    report = read_json(run_dir / "report.json")
    cfg = report["config"]
    ev = report.get("evaluation", {})
    lines = [f"# gensim_gym run: {run_dir.name}", "",
             f"Directive **{cfg['directive']}** → final directive **{report['final_directive']}**  ",
             f"trainer `{cfg['trainer']}`, curriculum `{cfg['curriculum']}`, oversight `{cfg['oversight']}`, "
             f"backend `{cfg['backend']}`, {cfg['epochs']} epochs × {cfg['episodes_per_epoch']} tasks, "
             f"{cfg['steps_per_epoch']} steps/epoch, η = {cfg['eta']}", ""]
    if "before" in ev and "after" in ev:
        lines += ["## Held-out evaluation (initial directive)", "", "| | success | mean reward |", "|---|---|---|",
                  f"| before training | {ev['before']['success']:.2f} | {ev['before']['mean_reward']:.3f} |",
                  f"| after training | {ev['after']['success']:.2f} | {ev['after']['mean_reward']:.3f} |", ""]
    lines += ["## Epochs", "", "| epoch | success | mean reward | difficulty | tools | plan | accepted/rejected "
              "| bottleneck | decision | directive |", "|---|---|---|---|---|---|---|---|---|---|"]
    for e in report["epochs"]:
        d = e["decision"]
        lines.append(f"| {e['epoch']} | {e['success']:.2f} | {e['mean_reward']:.3f} | {e['mean_difficulty']:.2f} "
                     f"| {e['tools_per_task']:.1f} | {e['plan_length']:.1f} | {e['accepted']}/{e['rejected']} "
                     f"| {e['bottleneck'].get('kind')} | {d['action']} ({d['source']}) | {e['directive']} |")
    lines += ["", "## Curriculum: specs accepted and rejected", ""]
    for e in report["epochs"]:
        c = e["curriculum"]
        lines.append(f"- epoch {e['epoch']}: {e['accepted']} new specs joined the pool, {e['rejected']} rejected; "
                     f"p̂ {c.get('p_hat', 0):.2f}, R_env {c.get('r_env', 0):.2f}, aimed difficulty "
                     f"{c.get('difficulty', 0):.2f}, pool {c.get('pool', 0)}")
        for r in e.get("rejected_specs", [])[:5]:
            lines.append(f"  - rejected θ={r.get('theta')}: {r['reason'][:160]}")
    lines += ["", "## Oversight decisions", ""]
    for e in report["epochs"]:
        d = e["decision"]
        lines.append(f"- epoch {e['epoch']}: {d['reason']}; evidence: {d['analysis'] or 'n/a'} "
                     f"→ `{d['new_directive']}`")
    tokens = report.get("llm_tokens", {})
    lines += ["", f"LLM tokens: {tokens.get('prompt_tokens', 0)} prompt + {tokens.get('completion_tokens', 0)} "
              "completion.", "", "## Plots", ""]
    lines += [f"### {title}\n\n![{title}]({name})\n" for title, name in _plots(report, run_dir)]
    lines += ["## Files", "", "`config.json`, `report.json`, `trajectories.jsonl` (rollouts), `env_dataset.jsonl` "
              "(GenEnv environment training set), `checkpoints/` (model, curriculum), `tensorboard/`."]
    path = run_dir / "report.md"
    atomic_write_text(path, "\n".join(lines) + "\n")
    return path
