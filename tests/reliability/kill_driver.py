"""Kill ``gensim-gym train`` at every write point and check that ``--resume`` gives the uninterrupted result.

Write points are every ``os.replace`` (each atomic file write, SB3's model.zip included, and each
checkpoint folder commit) and every JSONL append. A kill is ``os._exit`` (like SIGKILL: no cleanup,
no ``finally``, the lock file left behind) before a point, after it, or, for an append, after half
of its line ("torn"). :func:`sweep` runs, for each point and mode, a forked child that is killed
there and then a forked child that resumes, and compares the folder with an uninterrupted run's.
The parent only imports (forked children start warm: no import cost per run).

Run as ``python -m tests.reliability.kill_driver OUT_DIR -- <train args without --out>``; prints a
JSON summary (``{"points": N, "runs": M, "failures": [...]}``).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Any

KILLED = 137
VOLATILE = ("seconds",)  # wall-clock fields of a report record


def _install(kill_at: int, mode: str, seen: list[str]) -> None:
    """Patch the write points of this (child) process to record (their kinds, in ``seen``), and die at the
    ``kill_at``-th."""
    from gensim_gym.simulator import io

    real_replace, real_write = os.replace, io.JsonlLog.write

    def point(torn=None) -> bool:
        seen.append("replace" if torn is None else "append")
        if len(seen) != kill_at:
            return False
        if mode == "before":
            os._exit(KILLED)
        if mode == "torn" and torn is not None:
            torn()
            os._exit(KILLED)
        return True

    def replace(src, dst, **kw):
        after = point()
        real_replace(src, dst, **kw)
        if after:
            os._exit(KILLED)

    def write(log, record):
        line = json.dumps(record, default=str) + "\n"

        def torn() -> None:
            with log.path.open("a", encoding="utf-8") as fh:
                fh.write(line[: len(line) // 2])

        after = point(torn)
        real_write(log, record)
        if after:
            os._exit(KILLED)

    os.replace = replace
    io.JsonlLog.write = write


def _child(argv: list[str], kill_at: int = 0, mode: str = "before", count: Path | None = None) -> int:
    """Fork; in the child run the CLI (killed at ``kill_at`` if > 0); return the child's exit code."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 1
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            from gensim_gym.integrations import cli_train

            seen: list[str] = []
            _install(kill_at, mode, seen)
            code = cli_train.main(argv)
            if count is not None:
                count.write_text(json.dumps(seen))
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _stable(report: dict[str, Any]) -> dict[str, Any]:
    for record in report.get("epochs", []):
        for key in VOLATILE:
            record.pop(key, None)
    return report


def _snapshot(out: Path) -> dict[str, Any]:
    """What must match an uninterrupted run: the report (without timings), both logs byte for byte, the
    committed checkpoint's file hashes, and a clean folder (no lock, only the committed checkpoint)."""
    state = json.loads((out / "state.json").read_text())
    return {"report": _stable(json.loads((out / "report.json").read_text())),
            "trajectories": (out / "trajectories.jsonl").read_bytes(),
            "env_dataset": (out / "env_dataset.jsonl").read_bytes(),
            # a zip records its write time (SB3's model.zip): compare the other files' hashes
            "checkpoint": {name: digest for name, digest in (state.get("checkpoint") or {}).get("files", {}).items()
                           if not name.endswith(".zip")},
            "checkpoints": sorted(p.name for p in (out / "checkpoints").iterdir()),
            "lock": (out / ".lock").exists()}


def sweep(root: Path, train: list[str], modes: tuple[str, ...] = ("before", "after", "torn")) -> dict[str, Any]:
    """Kill at every write point in every mode, resume, and compare with the uninterrupted run."""
    import matplotlib.pyplot  # noqa: F401 - warm the parent: forked children then start without import costs

    import gensim_gym.integrations.cli_train  # noqa: F401
    import gensim_gym.simulator.loop  # noqa: F401

    with contextlib.suppress(ImportError):  # tensorboard is optional
        import torch.utils.tensorboard  # noqa: F401
    count = root / "count"
    ref_out = root / "reference"
    code = _child(["train", *train, "--out", str(ref_out)], count=count)
    if code != 0:
        return {"points": 0, "runs": 1, "failures": [f"the uninterrupted run exited {code}"]}
    reference = _snapshot(ref_out)
    kinds = json.loads(count.read_text())
    points = len(kinds)
    failures, runs = [], 1
    for k, kind in enumerate(kinds, start=1):
        for mode in modes:
            if mode == "torn" and kind != "append":
                continue  # only an append can be torn: a replace is atomic
            out = root / f"k{k}-{mode}"
            argv = ["train", *train, "--out", str(out)]
            killed = _child(argv, kill_at=k, mode=mode)
            resumed = _child([*argv, "--resume"])
            runs += 2
            if killed != KILLED:
                failures.append(f"point {k} {mode}: the run was not killed (exit {killed})")
            elif resumed != 0:
                failures.append(f"point {k} {mode}: --resume exited {resumed}")
            else:
                got = _snapshot(out)
                diff = [key for key in reference if got[key] != reference[key]]
                if diff:
                    failures.append(f"point {k} {mode}: {', '.join(diff)} differ from the uninterrupted run")
    return {"points": points, "appends": kinds.count("append"), "runs": runs, "failures": failures}


if __name__ == "__main__":
    args = sys.argv[1:]
    split = args.index("--") if "--" in args else len(args)
    print(json.dumps(sweep(Path(args[0]), args[split + 1:])))
