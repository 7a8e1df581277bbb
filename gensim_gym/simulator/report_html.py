"""``report.html``: the run report as one self-contained page (inline SVG charts, no external file or script).

Sections: what happened (the generated paragraph of
:mod:`~gensim_gym.simulator.narrative`), the held-out evaluation with its n
and 90 % intervals, a per-epoch table (directive, the difficulty band the
curriculum actually sampled, success with n and interval, the bottleneck with
its evidence, the decision), then the charts of :mod:`~gensim_gym.simulator.figures`.
Every string from the run (directives, evidence, which may come from an LLM)
is HTML-escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

from gensim_gym.simulator.figures import Figure
from gensim_gym.simulator.narrative import explain, rate_text, sampled_median, why

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;
color:#222;line-height:1.45}
table{border-collapse:collapse;font-size:.85rem;margin:1rem 0}
th,td{border:1px solid #ccc;padding:.3rem .45rem;vertical-align:top;text-align:left}
th{background:#f2f2f2}
td.num{text-align:right;white-space:nowrap}
figure{margin:1.5rem 0}
figcaption{font-size:.85rem;color:#555}
.small{font-size:.8rem;color:#555}
"""


def _band_cell(epoch: dict[str, Any]) -> str:
    s = epoch.get("sampled")
    if not s:  # a report from before the band was recorded: the mean is all there is
        return f"mean {epoch.get('mean_difficulty', 0.0):.2f}"
    m, r = s["measured"], s["requested"]
    text = f"{m['p10']:.2f}-{m['p90']:.2f} (median {m['median']:.2f})"
    if r["median"]:
        text += f"<br><span class=small>requested median {r['median']:.2f}</span>"
    if s.get("current_directive_share", 1.0) < 1.0:
        text += f"<br><span class=small>{s['current_directive_share']:.0%} under this directive</span>"
    return text


def _epoch_rows(epochs: list[dict[str, Any]]) -> list[str]:
    rows = []
    for e in epochs:
        b, d = e["bottleneck"], e["decision"]
        rows.append(
            "<tr>"
            f"<td class=num>{e['epoch']}</td><td>{escape(e['directive'])}</td>"
            f"<td class=num>{_band_cell(e)}</td>"
            f"<td class=num>{escape(rate_text(e))}</td>"
            f"<td class=num>{e['mean_reward']:.3f}</td>"
            f"<td><b>{escape(str(b.get('kind', 'none')))}</b><br><span class=small>{escape(why(b, ''))}</span></td>"
            f"<td>{escape(d['action'])} &rarr; {escape(d['new_directive'])}"
            f"<br><span class=small>{escape(d['reason'])}</span></td>"
            "</tr>")
    return rows


def _held_out(evaluation: dict[str, Any]) -> list[str]:
    if "before" not in evaluation or "after" not in evaluation:
        return []
    out = ["<h2>Held-out evaluation</h2>",
           f"<p>The same {evaluation['before'].get('episodes', 0)} tasks of the initial directive, generated before "
           "training and never trained on, played once each before and after training.</p>",
           "<table><tr><th></th><th>success (n, 90 % interval)</th><th>mean reward</th></tr>"]
    for tag in ("before", "after"):
        ev = evaluation[tag]
        out.append(f"<tr><td>{tag} training</td><td class=num>{escape(rate_text(ev))}</td>"
                   f"<td class=num>{ev['mean_reward']:.3f}</td></tr>")
    return [*out, "</table>"]


def render_html(report: dict[str, Any], title: str, charts: list[Figure]) -> str:
    """The whole page for ``report`` (a run's ``report.json``) with ``charts`` inlined."""
    cfg = report.get("config", {})
    epochs = report.get("epochs", [])
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{escape(title)}</h1>",
             f"<p>Directive <b>{escape(str(cfg.get('directive', '')))}</b> &rarr; final directive "
             f"<b>{escape(str(report.get('final_directive', '')))}</b>. Trainer <code>{escape(str(cfg.get('trainer')))}"
             f"</code>, curriculum <code>{escape(str(cfg.get('curriculum')))}</code>, oversight "
             f"<code>{escape(str(cfg.get('oversight')))}</code>, backend <code>{escape(str(cfg.get('backend')))}"
             f"</code>; {cfg.get('epochs')} epochs &times; {cfg.get('episodes_per_epoch')} tasks, "
             f"{cfg.get('steps_per_epoch')} training steps per epoch, &eta; = {cfg.get('eta')}.</p>",
             "<h2>What happened</h2>",
             "<p id=narrative>" + " ".join(escape(s) for s in explain(report)) + "</p>"]
    parts += _held_out(report.get("evaluation", {}))
    if epochs:
        parts += ["<h2>Epochs</h2>",
                  "<p class=small>Difficulty band: measured difficulty score (0-1) of the tasks played that epoch, "
                  "10th-90th percentile; success: successes/episodes with the 90 % Wilson interval; bottleneck: "
                  "oversight's verdict on its failure memory, with the evidence.</p>",
                  "<table id=epochs><tr><th>epoch</th><th>directive</th><th>difficulty band sampled</th>"
                  "<th>success</th><th>mean reward</th><th>bottleneck (evidence)</th><th>decision</th></tr>",
                  *_epoch_rows(epochs), "</table>"]
        medians = ", ".join(f"{sampled_median(e):.2f}" for e in epochs)
        parts.append(f"<p class=small>Median measured difficulty per epoch: {medians}.</p>")
    parts.append("<h2>Charts</h2>")
    for c in charts:
        parts.append(f'<figure id="{escape(c.name.removesuffix(".png"))}" role="img" aria-label="{escape(c.alt)}">'
                     f"<figcaption><b>{escape(c.title)}</b>: {escape(c.alt)}.</figcaption>{c.svg}</figure>")
    tokens = report.get("llm_tokens", {})
    parts += [f"<p class=small>LLM tokens: {tokens.get('prompt_tokens', 0)} prompt + "
              f"{tokens.get('completion_tokens', 0)} completion. Files beside this page: config.json, report.json, "
              "report.md, trajectories.jsonl, env_dataset.jsonl, checkpoints/, tensorboard/.</p>", "</body></html>"]
    return "\n".join(parts) + "\n"
