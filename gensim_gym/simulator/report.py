"""``report.md`` and ``report.html``, (re)built from a run directory's ``report.json``.

Both show the same charts (:mod:`~gensim_gym.simulator.figures`: success,
difficulty sampled, success by difficulty, what failures point to, R_env;
PNG files beside report.md, inline SVG in report.html) and the same
generated account of what happened (:mod:`~gensim_gym.simulator.narrative`).
report.html adds the per-epoch table with difficulty bands, intervals and
evidence (:mod:`~gensim_gym.simulator.report_html`).
"""

from __future__ import annotations

from pathlib import Path

from gensim_gym._atomic import atomic_write_with
from gensim_gym.simulator.figures import figures
from gensim_gym.simulator.io import atomic_write_text, read_json
from gensim_gym.simulator.narrative import explain, rate_text, sampled_median
from gensim_gym.simulator.report_html import render_html


def _write_bytes(path: Path, data: bytes) -> None:
    atomic_write_with(path, lambda fh: fh.write(data))


def build_report(run_dir: str | Path) -> Path:
    """Write ``report.md`` (and the PNGs it shows) and ``report.html`` from ``report.json``; return report.md's path."""
    run_dir = Path(run_dir)
    report = read_json(run_dir / "report.json")
    charts = figures(report)
    for c in charts:
        _write_bytes(run_dir / c.name, c.png)
    title = f"gensim_gym run: {run_dir.resolve().name}"
    atomic_write_text(run_dir / "report.html", render_html(report, title, charts))
    cfg = report["config"]
    ev = report.get("evaluation", {})
    lines = [f"# gensim_gym run: {run_dir.name}", "",
             f"Directive **{cfg['directive']}** → final directive **{report['final_directive']}**  ",
             f"trainer `{cfg['trainer']}`, curriculum `{cfg['curriculum']}`, oversight `{cfg['oversight']}`, "
             f"backend `{cfg['backend']}`, {cfg['epochs']} epochs × {cfg['episodes_per_epoch']} tasks, "
             f"{cfg['steps_per_epoch']} steps/epoch, η = {cfg['eta']}", "",
             "The same report as one self-contained page, with a per-epoch table of difficulty bands, intervals "
             "and evidence: [report.html](report.html).", "", "## What happened", "", " ".join(explain(report)), ""]
    if "before" in ev and "after" in ev:
        lines += ["## Held-out evaluation (initial directive)", "",
                  f"The same {ev['before'].get('episodes', 0)} held-out tasks, played once before and once after "
                  "training.", "", "| | success (n, 90 % interval) | mean reward |", "|---|---|---|",
                  f"| before training | {rate_text(ev['before'])} | {ev['before']['mean_reward']:.3f} |",
                  f"| after training | {rate_text(ev['after'])} | {ev['after']['mean_reward']:.3f} |", ""]
    lines += ["## Epochs", "", "| epoch | success (n, 90 % interval) | mean reward | difficulty (median measured) "
              "| tools | plan | accepted/rejected | bottleneck | decision | directive |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for e in report["epochs"]:
        d = e["decision"]
        lines.append(f"| {e['epoch']} | {rate_text(e)} | {e['mean_reward']:.3f} | {sampled_median(e):.2f} "
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
    lines += [f"### {c.title}\n\n![{c.alt}]({c.name})\n" for c in charts]
    lines += ["## Files", "", "`report.html`, `config.json`, `report.json`, `trajectories.jsonl` (rollouts), "
              "`env_dataset.jsonl` (GenEnv environment training set), `checkpoints/` (model, curriculum), "
              "`tensorboard/`."]
    path = run_dir / "report.md"
    atomic_write_text(path, "\n".join(lines) + "\n")
    return path
