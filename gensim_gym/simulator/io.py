"""Run-directory I/O: atomic JSON writes and append-only JSONL files that can be rolled back.

A JSONL file's size is recorded in every checkpoint; on ``--resume`` the file
is truncated back to that size, so lines written by an interrupted epoch are
dropped and re-written when the epoch is re-run (nothing lost, nothing twice).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gensim_gym._atomic import atomic_write_text
from gensim_gym._json import load_file

__all__ = ["JsonlLog", "atomic_write_json", "atomic_write_text", "read_json"]


def atomic_write_json(path: str | Path, obj: Any) -> None:
    atomic_write_text(path, json.dumps(obj, indent=2, sort_keys=False, default=str) + "\n")


def read_json(path: str | Path) -> Any:
    """A run folder's JSON file, read with the bounded loader (errors are :class:`~gensim_gym.errors.SpecError`)."""
    return load_file(path, Path(path).name, max_bytes=256 * 2**20)


class JsonlLog:
    """An append-only JSONL file with a rollback point."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.touch(exist_ok=True)

    def write(self, record: dict[str, Any]) -> None:
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(record, default=str) + "\n")

    def size(self) -> int:
        return self.path.stat().st_size

    def truncate(self, size: int) -> None:
        with self.path.open("r+b") as fh:
            fh.truncate(size)

    def count(self) -> int:
        with self.path.open(encoding="utf-8") as fh:
            return sum(1 for _ in fh)
