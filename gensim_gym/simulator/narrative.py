"""What happened in a run, in words derived from its ``report.json`` (never canned text).

:func:`explain` reads the epochs and the held-out evaluation and returns
sentences: the success trend, the largest fall or rise between two epochs
with what changed just before it (directive, sampled difficulty, reward
mode), whether the sampled difficulty followed the directive (and if not,
why), what the bottleneck column says and on which evidence, and the
held-out result with its n. Every number in a sentence comes from the
report; a sentence whose condition does not hold is left out.

:func:`wilson` is the 90 % interval the report shows next to every rate.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from gensim_gym.oversight.directive import hardness

Z90 = 1.6449  # two-sided 90 % normal quantile
BIG_CHANGE = 0.15  # a change in success between two epochs worth a sentence
MOVED = 0.05  # a change in median sampled difficulty that counts as "moved"


def wilson(successes: int, n: int, z: float = Z90) -> tuple[float, float]:
    """The Wilson score interval of a success rate (``(0.0, 1.0)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def successes(record: dict[str, Any]) -> tuple[int, int]:
    """``(successes, episodes)`` of an epoch or evaluation record (its rate is rounded to 4 places)."""
    n = int(record.get("episodes", 0))
    return round(record.get("success", 0.0) * n), n


def rate_text(record: dict[str, Any]) -> str:
    """``"9/32 = 0.28 (90 % CI 0.17-0.42)"``."""
    k, n = successes(record)
    lo, hi = wilson(k, n)
    return f"{k}/{n} = {k / n if n else 0.0:.2f} (90 % CI {lo:.2f}-{hi:.2f})"


def rule_evidence(bottleneck: dict[str, Any]) -> dict[str, Any]:
    """The rule classifier's counts behind a verdict (an LLM verdict keeps them under ``evidence["rules"]``)."""
    evidence = bottleneck.get("evidence", {})
    rules = evidence.get("rules")
    return rules.get("evidence", {}) if isinstance(rules, dict) else evidence


def why(bottleneck: dict[str, Any], default: str = "no evidence recorded") -> str:
    """The one-sentence reason for a verdict: the model's when it came from an LLM, else the rules'."""
    evidence = bottleneck.get("evidence", {})
    text = evidence.get("llm") or rule_evidence(bottleneck).get("why") or default
    return f"{text} (LLM)" if evidence.get("llm") else str(text)


def sampled_median(epoch: dict[str, Any]) -> float:
    """The median measured difficulty of the tasks an epoch played (the mean for reports made before the band)."""
    band = epoch.get("sampled", {}).get("measured")
    return float(band["median"]) if band else float(epoch.get("mean_difficulty", 0.0))


def _change(before: str, after: str) -> str:
    """What a directive rewrite changed, axis by axis, in words."""
    if before == after:
        return ""
    a, b = hardness(before), hardness(after)
    moved = [f"{axis} {'harder' if b[axis] > a[axis] else 'easier'}" for axis in a if b[axis] != a[axis]]
    return f"the directive changed from '{before}' to '{after}'" + (f" ({', '.join(moved)})" if moved else "")


def _swing(epochs: list[dict[str, Any]]) -> list[str]:
    """The largest fall and the largest rise of success between consecutive epochs, with what preceded them."""
    out = []
    steps = [(epochs[i + 1]["success"] - epochs[i]["success"], i) for i in range(len(epochs) - 1)]
    for pick, verb in ((min, "fell"), (max, "rose")):
        if not steps:
            break
        delta, i = pick(steps)
        if (verb == "fell" and delta > -BIG_CHANGE) or (verb == "rose" and delta < BIG_CHANGE):
            continue
        a, b = epochs[i], epochs[i + 1]
        causes = [c for c in (_change(a["directive"], b["directive"]),) if c]
        da, db = sampled_median(a), sampled_median(b)
        if abs(db - da) >= MOVED:
            causes.append(f"the median measured difficulty of the tasks played went from {da:.2f} to {db:.2f}")
        fresh = b.get("accepted", 0)
        if fresh * 2 >= b.get("episodes", 0) > 0:  # mostly tasks the agent was never trained on
            causes.append(f"{fresh} newly generated specs joined the pool")
        sa, sb = a.get("sparse_share"), b.get("sparse_share")
        if sa is not None and sb is not None and abs(sb - sa) >= 0.25:
            causes.append(f"the share of sparse-reward tasks went from {sa:.0%} to {sb:.0%}")
        listed = ", ".join(causes[:-1]) + f" and {causes[-1]}" if len(causes) > 1 else "".join(causes)
        after = f" after {listed}" if causes else " with no change of directive or sampled difficulty"
        out.append(f"Success {verb} from {a['success']:.2f} in epoch {a['epoch']} to {b['success']:.2f} in epoch "
                   f"{b['epoch']}{after}.")
    return out


def _reconcile(epochs: list[dict[str, Any]], curriculum: str) -> list[str]:
    """Did the difficulty the curriculum handed out follow the directive's overall level?"""
    first, last = epochs[0], epochs[-1]
    level0, level1 = hardness(first["directive"])["level"], hardness(last["directive"])["level"]
    if level0 == level1:
        return []
    m0, m1 = sampled_median(first), sampled_median(last)
    word = "harder" if level1 > level0 else "easier"
    text = (f"The directive's overall level went {word} ('{first['directive']}' to '{last['directive']}'); the median "
            f"measured difficulty of the tasks played went from {m0:.2f} to {m1:.2f}")
    followed = (m1 - m0 >= MOVED) if level1 > level0 else (m0 - m1 >= MOVED)
    if followed:
        return [text + "."]
    share = last.get("sampled", {}).get("current_directive_share")
    if share is not None and share < 1.0:
        reason = (f"only {share:.0%} of the last epoch's tasks were generated under its directive (the "
                  f"{curriculum} curriculum kept older specs)")
    else:
        req0 = first.get("sampled", {}).get("requested", {}).get("median")
        req1 = last.get("sampled", {}).get("requested", {}).get("median")
        reason = (f"the curriculum asked for difficulty {req0:.2f} then {req1:.2f}: it aims at the agent's "
                  "success rate, and lowered θ as much as the directive raised it"
                  if req0 is not None and req1 is not None else "the report does not record what was asked for")
    return [f"{text}, which is not the move the directive asked for: {reason}."]


def _bottlenecks(epochs: list[dict[str, Any]]) -> list[str]:
    kinds = Counter(e["bottleneck"].get("kind", "none") for e in epochs)
    parts = [f"{k} in {n} epoch{'s' if n > 1 else ''}" for k, n in kinds.most_common()]
    text = f"Oversight named the bottleneck {', '.join(parts)}"
    if len(kinds) == 1:
        return [text + f", on this evidence in the last epoch: {why(epochs[-1]['bottleneck'])}."]
    changes = [e for prev, e in zip(epochs, epochs[1:], strict=False)
               if e["bottleneck"].get("kind") != prev["bottleneck"].get("kind")]
    first = changes[0]
    return [text + f"; it first changed in epoch {first['epoch']} to {first['bottleneck'].get('kind')} "
            f"({why(first['bottleneck'])})."]


def _held_out(evaluation: dict[str, Any]) -> list[str]:
    before, after = evaluation.get("before"), evaluation.get("after")
    if not before or not after:
        return []
    (kb, n), (ka, _) = successes(before), successes(after)
    lo_b, hi_b = wilson(kb, n)
    lo_a, _ = wilson(ka, n)
    text = (f"On the same {n} held-out tasks of the initial directive, success went from {rate_text(before)} before "
            f"training to {rate_text(after)} after")
    if lo_a <= hi_b and ka != kb:
        text += f"; with n = {n} the two intervals overlap, so the change is not conclusive"
    elif ka > kb and lo_a > hi_b:
        text += "; the intervals do not overlap"
    return [text + "."]


def explain(report: dict[str, Any]) -> list[str]:
    """Sentences that say what happened in the run, each derived from ``report``'s numbers."""
    epochs = report.get("epochs", [])
    if not epochs:
        return ["The run has no finished epoch."]
    first, last = epochs[0], epochs[-1]
    out = [f"Over {len(epochs)} epochs, success on the tasks the curriculum handed out went from "
           f"{rate_text(first)} in epoch {first['epoch']} to {rate_text(last)} in epoch {last['epoch']}."]
    out += _swing(epochs)
    out += _reconcile(epochs, report.get("config", {}).get("curriculum", "the"))
    out += _bottlenecks(epochs)
    out += _held_out(report.get("evaluation", {}))
    return out
