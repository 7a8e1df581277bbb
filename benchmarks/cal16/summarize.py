"""Summaries of ``by_task.py`` rows per model and task kind (benchmarks/results/cal16.md).

    PYTHONPATH=. python benchmarks/cal16/summarize.py /tmp/cal16/by_task.jsonl
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    by: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for r in rows:
        by[r["model"], r["goal_kinds"][0]].append(r)
        by[r["model"], "all"].append(r)
    print("| model | kind | n | success | failed: irreversible dead end | failed: out of time | wasted calls / ep |"
          " listed at reset (ok / failed) |")
    print("|---|---|---|---|---|---|---|---|")
    for (model, kind), rs in sorted(by.items()):
        fail = [r for r in rs if not r["success"]]
        dead = sum(r["dead_at"] >= 0 and not 0 <= r.get("late_at", -1) < r["dead_at"] for r in fail)
        ok_l = [r["listed0"] for r in rs if r["success"]]
        f_l = [r["listed0"] for r in fail]
        print(f"| {model.rsplit('/', 1)[-1]} | {kind} | {len(rs)} | {sum(r['success'] for r in rs) / len(rs):.2f} | "
              f"{dead} | {len(fail) - dead} | {sum(r['wasted'] for r in rs) / len(rs):.2f} | "
              f"{sum(ok_l) / max(len(ok_l), 1):.1f} / {sum(f_l) / max(len(f_l), 1):.1f} |")
    for model in sorted({r["model"] for r in rows}):
        bad: Counter[tuple[str, str]] = Counter()
        for r in rows:
            if r["model"] == model and not r["success"]:
                bad[r["goal_kinds"][0], " ".join(c.split("(")[0] for c in r["calls"])] += 1
        print(model, bad.most_common(8))

if __name__ == "__main__":
    main()
