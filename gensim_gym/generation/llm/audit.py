"""A JSONL audit log of every prompt/response pair sent to a backend.

One line per backend call: time, stage, attempt, directive, seed, backend,
the messages sent, the answer (or error) and its cost. Lines are written
whole under a lock and flushed, so concurrent generations interleave whole
records. Very long texts are cut to ``MAX_TEXT`` characters, marked.
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

MAX_TEXT = 100_000


def _cut(text: Any) -> Any:
    if isinstance(text, str) and len(text) > MAX_TEXT:
        return text[:MAX_TEXT] + f"…[cut: {len(text) - MAX_TEXT} more characters]"
    return text


class AuditLog:
    """Appends records to ``path`` (created with its folder)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def write(self, **record: Any) -> None:
        record = {"time": round(time.time(), 3), **record}
        if "messages" in record:
            record["messages"] = [{**m, "content": _cut(m.get("content"))} for m in record["messages"]]
        for field in ("response", "error"):
            if field in record:
                record[field] = _cut(record[field])
        line = json.dumps(record, ensure_ascii=False, default=str) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as handle:
            handle.write(line)
            handle.flush()
