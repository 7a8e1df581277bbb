"""Atomic file writes: a reader, or a crash, never sees a half-written file.

Every cache entry, checkpoint and report the package writes goes through
:func:`atomic_write_text`: write a temporary file in the same folder, flush and
``fsync`` it, then ``os.replace`` it over the target (atomic on POSIX and Windows)
and, on POSIX, ``fsync`` the folder so the rename itself outlives a power cut.
The file gets the permissions a plain ``open(path, "w")`` would give it (an
existing file keeps its own), not the owner-only mode of a fresh temporary file.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO


def _umask() -> int:
    """The process umask (read by setting it and putting it back: there is no getter before Python 3.13)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()  # read once, at import: os.umask is process-wide


def atomic_write_text(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` to ``path`` atomically and return the path."""
    return atomic_write_with(path, lambda fh: fh.write(text.encode("utf-8")))


def atomic_write_with(path: str | os.PathLike, write: Callable[[BinaryIO], Any]) -> Path:
    """Atomically replace ``path`` with what ``write(fh)`` writes to a binary file object, and return the path.

    For writers that want a file object (SB3's ``model.save`` accepts one): a crash while
    ``write`` runs leaves the previous file, never a truncated one.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.chmod(tmp, mode)
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)
    return path


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; a no-op where folders cannot be opened, e.g. Windows)."""
    flags = getattr(os, "O_DIRECTORY", None)
    if flags is None:
        return
    try:
        fd = os.open(folder, os.O_RDONLY | flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems refuse fsync on a folder: the data itself is already synced
        pass
    finally:
        os.close(fd)


def atomic_write_json(path: str | os.PathLike, obj: Any, **dumps: Any) -> Path:
    """Write ``obj`` as JSON atomically (``dumps`` are passed to :func:`json.dumps`)."""
    return atomic_write_text(path, json.dumps(obj, **dumps))
