"""The run report's charts, one quantity per chart, axes labelled with units, n shown per point or bar.

Each chart is drawn once and kept as PNG bytes (for ``report.md``) and as an
SVG string (inlined in ``report.html``, so that file stands alone).
matplotlib is imported lazily with the Agg backend (the ``train`` extra),
so reports build on headless machines.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gensim_gym.errors import require
from gensim_gym.simulator.narrative import rule_evidence, sampled_median, successes, wilson

CAUSES = (("task", "timeouts_with_progress", "#4C72B0"), ("tools", "invalid_call_heavy", "#DD8452"),
          ("reward", "no_progress_signal", "#55A868"))


@dataclass(frozen=True)
class Figure:
    """One chart of the report: file name, title, what it shows (alt text), PNG bytes and SVG text."""

    name: str
    title: str
    alt: str
    png: bytes
    svg: str


def _pyplot():
    mpl = require("matplotlib", "train")
    mpl.use("Agg")
    mpl.rcParams["svg.fonttype"] = "path"  # text as paths: the SVG needs no font on the reader's machine
    mpl.rcParams["svg.hashsalt"] = "gensim_gym"  # stable ids: the same report gives the same file
    return require("matplotlib.pyplot", "train")


def _render(plt, fig, name: str, title: str, alt: str) -> Figure:
    fig.tight_layout()
    png, svg = io.BytesIO(), io.StringIO()
    fig.savefig(png, format="png", dpi=80)
    fig.savefig(svg, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = svg.getvalue()
    return Figure(name, title, alt, png.getvalue(), text[text.index("<svg"):])


def _epoch_axis(ax, xs: list[int]) -> None:
    ax.set_xlabel("epoch (index)")
    ax.set_xticks(xs)


def _success(plt, epochs: list[dict[str, Any]]) -> Figure:
    xs = [e["epoch"] for e in epochs]
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    rates, lows, highs = [], [], []
    for e in epochs:
        k, n = successes(e)
        lo, hi = wilson(k, n)
        rate = k / n if n else 0.0
        rates.append(rate)
        lows.append(rate - lo)
        highs.append(hi - rate)
    ax.errorbar(xs, rates, yerr=[lows, highs], fmt="o-", capsize=3, label="success rate, 90 % interval")
    for x, r, e in zip(xs, rates, epochs, strict=True):
        ax.annotate(f"n={successes(e)[1]}", (x, r), textcoords="offset points", xytext=(0, 8), ha="center",
                    fontsize=7)
    _epoch_axis(ax, xs)
    ax.set_ylabel("success rate (share of episodes)")
    ax.set_ylim(-0.05, 1.1)
    ax.legend(loc="lower right", fontsize=7)
    return _render(plt, fig, "success.png", "Success per epoch",
                   "success rate of each epoch's episodes with its 90 % Wilson interval and n")


def _difficulty(plt, epochs: list[dict[str, Any]]) -> Figure:
    xs = [e["epoch"] for e in epochs]
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    bands = [e.get("sampled", {}).get("measured") for e in epochs]
    if all(bands):
        ax.fill_between(xs, [b["p10"] for b in bands], [b["p90"] for b in bands], alpha=0.25,
                        label="measured, 10th-90th percentile")
    ax.plot(xs, [sampled_median(e) for e in epochs], "o-", label="measured, median")
    requested = [e.get("sampled", {}).get("requested", {}).get("median") for e in epochs]
    if all(r is not None for r in requested):
        ax.plot(xs, requested, "s--", label="requested of the generator, median")
    for x, e in zip(xs, epochs, strict=True):
        ax.annotate(f"n={e.get('sampled', {}).get('n', e.get('episodes', 0))}", (x, sampled_median(e)),
                    textcoords="offset points", xytext=(0, 8), ha="center", fontsize=7)
    _epoch_axis(ax, xs)
    ax.set_ylabel("task difficulty (score 0-1)")
    ax.set_ylim(-0.05, 1.05)
    ax.legend(loc="upper left", fontsize=7)
    return _render(plt, fig, "difficulty.png", "Difficulty the curriculum handed out",
                   "measured difficulty of the tasks played per epoch (median and 10th-90th percentile) and the "
                   "difficulty requested of the generator")


def _by_difficulty(plt, epochs: list[dict[str, Any]]) -> Figure:
    buckets: dict[str, list[int]] = {}
    for e in epochs:
        for b, v in e["by_difficulty"].items():
            s = buckets.setdefault(b, [0, 0])
            s[0] += round(v["success"] * v["n"])
            s[1] += v["n"]
    names = sorted(buckets)
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    rates = [buckets[b][0] / buckets[b][1] for b in names]
    ci = [wilson(*buckets[b]) for b in names]
    ax.bar(names, rates, yerr=[[r - lo for r, (lo, _) in zip(rates, ci, strict=True)],
                                [hi - r for r, (_, hi) in zip(rates, ci, strict=True)]], capsize=3)
    for i, b in enumerate(names):  # the count sits above the interval, so an empty bar still says its n
        ax.annotate(f"{buckets[b][0]}/{buckets[b][1]}", (i, ci[i][1]), textcoords="offset points", xytext=(0, 3),
                    ha="center", fontsize=7)
    ax.set_xlabel("measured task difficulty (score bin)")
    ax.set_ylabel("success rate (share of episodes)")
    ax.set_ylim(0, 1.15)
    return _render(plt, fig, "success_by_difficulty.png", "Success by difficulty (all epochs)",
                   "success rate per measured-difficulty bin over all epochs, labelled successes/episodes")


def _bottlenecks(plt, epochs: list[dict[str, Any]]) -> Figure:
    xs = [e["epoch"] for e in epochs]
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    bottom = [0] * len(xs)
    for kind, key, colour in CAUSES:
        counts = [int(rule_evidence(e["bottleneck"]).get(key, 0)) for e in epochs]
        ax.bar(xs, counts, bottom=bottom, color=colour, label=f"points to {kind}")
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    for x, e, top in zip(xs, epochs, bottom, strict=True):
        ev = rule_evidence(e["bottleneck"])
        ax.annotate(f"{e['bottleneck'].get('kind', 'none')}\nn={ev.get('failures', 0)}", (x, top),
                    textcoords="offset points", xytext=(0, 2), ha="center", fontsize=7)
    _epoch_axis(ax, xs)
    ax.set_ylabel("failed episodes in memory (count)")
    ax.set_ylim(0, max([*bottom, 1]) * 1.35)
    ax.legend(loc="upper left", fontsize=7)
    return _render(plt, fig, "bottlenecks.png", "What the failures point to",
                   "per epoch, failed episodes in oversight memory by the cause each points to; the verdict and "
                   "the number of failures read are written above each bar")


def _r_env(plt, epochs: list[dict[str, Any]]) -> Figure:
    xs = [e["epoch"] for e in epochs]
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    ax.plot(xs, [e["curriculum"].get("r_env", 0.0) for e in epochs], "o-")
    for x, e in zip(xs, epochs, strict=True):
        ax.annotate(f"p̂={e['curriculum'].get('p_hat', 0.0):.2f}, n={e.get('episodes', 0)}",
                    (x, e["curriculum"].get("r_env", 0.0)), textcoords="offset points", xytext=(0, 6),
                    ha="center", fontsize=7)
    _epoch_axis(ax, xs)
    ax.set_ylabel("α-curriculum reward R_env (0-1)")
    ax.set_ylim(-0.05, 1.15)
    return _render(plt, fig, "curriculum.png", "Curriculum reward R_env per epoch",
                   "the α-curriculum reward of each epoch's success rate p̂ (1 when p̂ equals α)")


CHARTS: tuple[Callable[[Any, list[dict[str, Any]]], Figure], ...] = (_success, _difficulty, _by_difficulty,
                                                                     _bottlenecks, _r_env)


def figures(report: dict[str, Any]) -> list[Figure]:
    """Every chart of ``report`` (none when it has no epoch)."""
    epochs = report.get("epochs", [])
    if not epochs:
        return []
    plt = _pyplot()
    return [chart(plt, epochs) for chart in CHARTS]
