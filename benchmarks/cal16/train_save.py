"""Train one learnability cell and save the model (CleanRL agents too) for the by-task analysis of #15's calendar cell.

    PYTHONPATH=. python benchmarks/cal16/train_save.py --trainer cleanrl --seed 2 --out /tmp/cal16/cleanrl_s2.pt
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import learnability as lb  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--trainer", default="cleanrl")
    p.add_argument("--domain", default="calendar")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", type=int, default=200_000)
    p.add_argument("--env-kwargs", default="{}")
    p.add_argument("--out", required=True)
    p.add_argument("--rows", default="", help="also evaluate as learnability.py does and append its row here")
    p.add_argument("--episodes", type=int, default=100)
    args = p.parse_args()
    cell = lb.Cell(args.trainer, args.domain, args.seed, args.steps, json.loads(args.env_kwargs))
    seen: set[str] = set()
    start = time.process_time()
    model = lb.train(cell, seen, Counter())
    cpu = time.process_time() - start
    if args.trainer == "cleanrl":
        torch.save({"state_dict": model.state_dict(), "seen": sorted(seen), "cell": cell.__dict__}, args.out)
    else:
        model.save(args.out)
        Path(args.out + ".seen.json").write_text(json.dumps(sorted(seen)))
    if args.rows:  # the row learnability.py's run_cell writes
        result = lb.evaluate(model, cell, seen, args.episodes)
        row = {"trainer": cell.trainer, "domain": cell.domain, "seed": cell.seed, "steps": cell.steps,
               "env_kwargs": cell.env_kwargs, "split": f"hash-1/{lb.HELD_OUT_BUCKETS}", "train_cpu_s": round(cpu, 1),
               "train_tasks": len(seen), **result}
        print(row, flush=True)
        with open(args.rows, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
