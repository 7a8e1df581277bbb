"""Atomic file writes: a reader, or a crash, never sees a half-written file.

Every cache entry, checkpoint and report the package writes goes through
:func:`atomic_write_text`: write a temporary file in the same folder, flush and
``fsync`` it, then ``os.replace`` it over the target (atomic on POSIX and Windows).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` to ``path`` atomically and return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def atomic_write_json(path: str | os.PathLike, obj: Any, **dumps: Any) -> Path:
    """Write ``obj`` as JSON atomically (``dumps`` are passed to :func:`json.dumps`)."""
    return atomic_write_text(path, json.dumps(obj, **dumps))
