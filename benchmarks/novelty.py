"""Directive novelty: is a new directive set unlike every set the reader was already tuned on?

A held-out set only measures first contact if its directives are not near copies of older ones.
This script compares each directive of the given sets with every directive of every *other*
``benchmarks/directives*.jsonl`` file by :class:`difflib.SequenceMatcher` ratio (lower-cased) and
prints those above the threshold with their nearest older directive. The decision rule is fixed
before a set is run: every directive must be at most ``--threshold`` (default 0.75) similar to all
older ones, or be rewritten. Exit status 1 if any directive is above it.

    PYTHONPATH=. python benchmarks/novelty.py benchmarks/directives_fresh66.jsonl
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def directives(path: Path) -> list[str]:
    """The directive texts of one JSON-lines set, in file order."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line)["directive"] for line in handle if line.strip()]


def nearest(text: str, older: list[tuple[str, str]]) -> tuple[float, str, str]:
    """The most similar older directive: (ratio, directive, set file name)."""
    matcher = difflib.SequenceMatcher(None, "", text.lower())  # b is cached: set it once
    best = (0.0, "", "")
    for other, source in older:
        matcher.set_seq1(other.lower())
        # quick_ratio bounds ratio from above: skip the exact count when it cannot win.
        if matcher.real_quick_ratio() <= best[0] or matcher.quick_ratio() <= best[0]:
            continue
        ratio = matcher.ratio()
        if ratio > best[0]:
            best = (ratio, other, source)
    return best


def main(argv: list[str] | None = None) -> int:
    """Print every directive of the given sets that is too close to an older one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", type=Path, help="JSON-lines sets to check")
    parser.add_argument("--threshold", type=float, default=0.75)
    args = parser.parse_args(argv)
    checked = {path.resolve() for path in args.sets}
    older = [
        (text, path.name)
        for path in sorted(HERE.glob("directives*.jsonl"))
        if path.resolve() not in checked
        for text in directives(path)
    ]
    too_close = 0
    for path in args.sets:
        texts = directives(path)
        for text in texts:
            ratio, other, source = nearest(text, older)
            if ratio > args.threshold:
                too_close += 1
                print(f"{ratio:.2f} {text!r}\n     ~ {other!r} ({source})")
        print(f"{path.name}: {len(texts)} directives against {len(older)} older ones")
    print(f"above {args.threshold:.2f}: {too_close}")
    return 1 if too_close else 0


if __name__ == "__main__":
    sys.exit(main())
