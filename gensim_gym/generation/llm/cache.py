"""A content-addressed disk cache of accepted stage answers.

One entry per stage of an *accepted* spec, keyed by a hash of everything the
answer depends on: model and endpoint, prompt-template hash, directive,
difficulty, seed, stage, and the content of the earlier stages it was
conditioned on. Entries are written only after the whole spec passed
validation and verification (so no partial spec is ever cached), each with a
temporary file and ``os.replace``, so a killed run leaves either the old
entry or the new one, never half of one. A corrupt entry is reported with a
warning and treated as missing.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from pathlib import Path
from typing import Any

from gensim_gym._atomic import atomic_write_json
from gensim_gym._json import load_file

MAX_ENTRY_BYTES = 2_000_000


def default_cache_dir() -> Path:
    """``$GENSIM_CACHE_DIR``, else ``$XDG_CACHE_HOME/gensim_gym/llm``, else ``~/.cache/gensim_gym/llm``."""
    if os.environ.get("GENSIM_CACHE_DIR"):
        return Path(os.environ["GENSIM_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gensim_gym" / "llm"


def cache_key(**parts: Any) -> str:
    """The hex digest naming an entry: a hash of the canonical JSON of ``parts``."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


class StageCache:
    """Entries under ``root/<2 hex>/<64 hex>.json``; each holds one stage's section and what it cost."""

    def __init__(self, root: str | os.PathLike | None = None) -> None:
        self.root = Path(root) if root is not None else default_cache_dir()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        """The entry's payload, or None when absent or unreadable (with a warning for the latter)."""
        path = self._path(key)
        try:
            if path.stat().st_size > MAX_ENTRY_BYTES:
                raise ValueError(f"entry is larger than {MAX_ENTRY_BYTES} bytes")
            entry = load_file(path, "LLM cache entry", max_bytes=MAX_ENTRY_BYTES)  # bounded: a symlink to /dev/zero
            if not isinstance(entry, dict) or entry.get("key") != key or not isinstance(entry.get("section"), dict):
                raise ValueError("entry does not hold a section under its own key")
            return entry
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            warnings.warn(f"ignoring corrupt LLM cache entry {path}: {exc}; it will be regenerated", stacklevel=2)
            return None

    def put_many(self, entries: dict[str, dict[str, Any]]) -> None:
        """Write several entries, each atomically (temp file in the same folder, then ``os.replace``)."""
        for key, payload in entries.items():
            atomic_write_json(self._path(key), {**payload, "key": key})
