"""A run folder kept like a small database: atomic artefacts, one commit record, one writer.

Layout (``out/``)::

    .lock                      pid + host of the one process writing here (see :class:`RunLock`)
    config.json                the run's settings, written once when it starts
    state.json                 the commit record: the last finished epoch, what it produced, by content hash
    checkpoints/epoch-NNNN/    one committed checkpoint: the trainer's files (model.zip, ...) + curriculum.json
    trajectories.jsonl         append-only logs, rolled back to the committed sizes on resume
    env_dataset.jsonl
    report.json, report.md     written after the last commit

An epoch's checkpoint is written into a temporary folder, its files synced, and the folder renamed into
place; only then is ``state.json`` replaced (atomically) by a record naming that folder and the SHA-256
of each file. ``state.json`` is written last, so whatever a kill interrupts, the folder holds the state of
the last epoch it names, and resume uses only that: newer, uncommitted checkpoints and log lines are
discarded, and the interrupted epoch runs exactly once. :func:`read_state` checks a folder before any
training and explains in a :class:`~gensim_gym.errors.RunError` what is wrong and how to recover.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from gensim_gym._atomic import atomic_write_json, fsync_dir
from gensim_gym._json import load_file
from gensim_gym.errors import RunError, SpecError

CHECKPOINTS = "checkpoints"
LOCK = ".lock"
#: The largest state.json / config.json read back (the state holds every epoch's report record).
MAX_RECORD_BYTES = 256 * 2**20
_RECOVER = ("to start over, delete the folder or train with another --out; to keep it, restore state.json and "
            "checkpoints/ from a backup")


def sha256_file(path: Path) -> str:
    """The SHA-256 hex digest of a file's content, read in blocks."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- one writer -------------------------------------------------------------------------------------
def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


class RunLock:
    """An exclusive lock on a run folder: a file holding the writer's pid and host.

    Taken by linking a fully written temporary file to ``.lock`` (atomic, and it fails when the
    lock exists), so a lock file is never seen half-written. Stale-lock rule: a lock whose host is
    this machine and whose process no longer exists is taken over; a lock of another host, or of a
    live process, is refused with a :class:`RunError` saying how to remove it.
    """

    def __init__(self, folder: str | os.PathLike) -> None:
        self.path = Path(folder) / LOCK
        self.held = False

    def acquire(self) -> RunLock:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        me = {"pid": os.getpid(), "host": socket.gethostname(), "since": time.time()}
        tmp = self.path.with_name(f"{LOCK}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(me), encoding="utf-8")
        try:
            for _ in range(2):
                try:
                    os.link(tmp, self.path)
                    self.held = True
                    return self
                except FileExistsError:
                    if not self._stale():
                        raise
                    self.path.unlink(missing_ok=True)
            raise RunError(f"could not take the lock {self.path}")
        except FileExistsError:
            raise RunError(self._refusal()) from None
        finally:
            tmp.unlink(missing_ok=True)

    def _owner(self) -> dict[str, Any] | None:
        try:
            owner = load_file(self.path, "lock file", max_bytes=4096)
        except SpecError:
            return None
        return owner if isinstance(owner, dict) else None

    def _stale(self) -> bool:
        owner = self._owner()
        if owner is None:  # unreadable: written by something else; refuse rather than guess
            return False
        pid = owner.get("pid")
        return owner.get("host") == socket.gethostname() and isinstance(pid, int) and not _alive(pid)

    def _refusal(self) -> str:
        owner = self._owner() or {}
        who = f"process {owner.get('pid')} on host {owner.get('host')!r}" if owner else "an unreadable lock"
        return (f"{self.path.parent} is in use by {who} (lock file {self.path}); two writers would corrupt it. "
                f"Wait for that run to finish, or use another --out; if you are sure no process writes there "
                f"(e.g. it ran on another machine that is gone), delete {self.path}")

    def release(self) -> None:
        if self.held:
            owner = self._owner()
            if owner is not None and owner.get("pid") == os.getpid():
                self.path.unlink(missing_ok=True)
            self.held = False

    def __enter__(self) -> RunLock:
        return self.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.release()


# -- an existing run ---------------------------------------------------------------------------------
#: What a run writes into its folder (besides the lock): a folder holding any of these holds a run.
RUN_FILES = ("config.json", "state.json", "report.json", "report.md", "report.html", "trajectories.jsonl",
             "env_dataset.jsonl", "llm_audit.jsonl", "model.zip")
RUN_FOLDERS = (CHECKPOINTS, "tensorboard")


def run_entries(out: str | os.PathLike) -> list[Path]:
    """The files and folders of an earlier run in ``out`` (its report plots included), sorted."""
    out = Path(out)
    if not out.is_dir():
        return []
    found = [out / n for n in (*RUN_FILES, *RUN_FOLDERS) if (out / n).exists()]
    if found:  # plots only count as part of a run that is there
        found += [p for p in out.glob("*.png") if p.is_file()]
    return sorted(found)


def clear_run(out: str | os.PathLike) -> list[Path]:
    """Remove an earlier run's files from ``out`` (model, checkpoints, TensorBoard events, logs, report),
    holding the folder's lock so no running writer loses its files; other files are left alone."""
    with RunLock(out):
        entries = run_entries(out)
        for path in entries:
            if path.is_dir():
                shutil.rmtree(path)
            else:
                path.unlink()
        fsync_dir(Path(out))
    return entries


# -- checkpoints -------------------------------------------------------------------------------------
def write_checkpoint(out: Path, epoch: int, save: Callable[[Path], None], curriculum: Mapping[str, Any]) -> dict:
    """Write epoch ``epoch``'s checkpoint (``save(folder)`` for the trainer, plus ``curriculum.json``) into a
    temporary folder and rename it into place; return its record for ``state.json`` (folder + file hashes).
    Nothing is committed until that record is written."""
    root = out / CHECKPOINTS
    name = f"epoch-{epoch:04d}"
    tmp, final = root / f".{name}.tmp", root / name
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    save(tmp)
    atomic_write_json(tmp / "curriculum.json", dict(curriculum))
    files = {}
    for path in sorted(p for p in tmp.rglob("*") if p.is_file()):
        with path.open("rb") as fh:
            os.fsync(fh.fileno())
        files[path.relative_to(tmp).as_posix()] = sha256_file(path)
    fsync_dir(tmp)
    shutil.rmtree(final, ignore_errors=True)  # an uncommitted checkpoint of a killed attempt at this epoch
    os.replace(tmp, final)
    fsync_dir(root)
    return {"dir": f"{CHECKPOINTS}/{name}", "files": files}


def prune_checkpoints(out: Path, keep: str | None) -> None:
    """Remove every checkpoint but the committed one (``keep``, as named in ``state.json``)."""
    root = out / CHECKPOINTS
    if not root.is_dir():
        return
    for path in root.iterdir():
        if keep is not None and f"{CHECKPOINTS}/{path.name}" == keep:
            continue
        if not path.name.startswith(("epoch-", ".epoch-")):
            continue  # not ours (a legacy model.zip / curriculum.json, or a user's file): left alone
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def checkpoint_dir(out: Path, state: Mapping[str, Any]) -> Path:
    """The committed checkpoint folder, its files checked against their recorded hashes."""
    record = state["checkpoint"]
    folder = out / record["dir"]
    for name, digest in record["files"].items():
        path = folder / name
        if not path.is_file():
            raise RunError(f"{out}: state.json names {record['dir']}/{name}, which is missing; {_RECOVER}")
        if sha256_file(path) != digest:
            raise RunError(f"{out}: {record['dir']}/{name} does not match the hash state.json recorded for it "
                           f"(changed or corrupted after the epoch was committed); {_RECOVER}")
    return folder


# -- reading a folder back ---------------------------------------------------------------------------
def read_record(out: Path, name: str) -> Any:
    """One JSON file of a run folder, read with the bounded loader; missing or unreadable is a :class:`RunError`."""
    return _load(out, name)


def read_config(out: Path) -> dict[str, Any]:
    """The run's ``config.json`` (an object), else :class:`RunError`."""
    config = _load(out, "config.json")
    if not isinstance(config, dict):
        raise RunError(f"{out}: config.json must hold an object; {_RECOVER}")
    return config


def _load(out: Path, name: str) -> Any:
    path = out / name
    if not path.is_file():
        raise RunError(f"{out}: {name} is missing; {_RECOVER}")
    try:
        return load_file(path, name, max_bytes=MAX_RECORD_BYTES)
    except SpecError as exc:
        raise RunError(f"{out}: {name} is unreadable ({exc.problems[0].message}); {_RECOVER}") from None


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _safe_name(name: Any) -> bool:
    """A file name inside a checkpoint folder: relative, no ``..``, no empty parts."""
    return isinstance(name, str) and bool(name) and not name.startswith("/") \
        and all(part not in ("", ".", "..") for part in name.split("/"))


def _state_problems(state: Any, epochs: int, out: Path) -> list[str]:
    if not isinstance(state, dict):
        return [f"$: must be an object, got {type(state).__name__}"]
    problems = []
    epoch: Any = state.get("epoch")  # checked next
    if not _is_int(epoch) or epoch < 0:
        problems.append(f"$.epoch: must be an integer >= 0, got {epoch!r}")
    elif epoch > epochs:
        problems.append(f"$.epoch: {epoch} epochs are done, more than the {epochs} this run has (--epochs)")
    for key, kind in (("directive", str), ("memory", dict), ("report", dict), ("tokens", dict),
                      ("finished", bool), ("offsets", dict)):
        if not isinstance(state.get(key), kind):
            problems.append(f"$.{key}: missing or not a {kind.__name__}")
    if problems:
        return problems
    records = state["report"].get("epochs")
    if not isinstance(records, list) or len(records) != epoch:
        got = len(records) if isinstance(records, list) else records
        problems.append(f"$.report.epochs: must hold one record per done epoch ({epoch}), got {got!r}")
    if not isinstance(state["report"].get("evaluation"), dict) or "before" not in state["report"]["evaluation"]:
        problems.append("$.report.evaluation.before: missing")
    problems += _offset_problems(state["offsets"], out)
    if epoch and not _checkpoint_ok(state.get("checkpoint"), out):
        problems.append("$.checkpoint: must name the epoch's checkpoint folder and its files' SHA-256 hashes")
    return problems


def _offset_problems(offsets: Mapping[str, Any], out: Path) -> list[str]:
    """Each log's committed size: an integer no larger than the log (a larger one would pad it with NULs)."""
    problems = []
    for log in ("trajectories", "env_dataset"):
        offset: Any = offsets.get(log)  # checked below
        path = out / f"{log}.jsonl"
        size = path.stat().st_size if path.is_file() else None
        if not _is_int(offset) or offset < 0:
            problems.append(f"$.offsets.{log}: must be an integer >= 0, got {offset!r}")
        elif size is None:
            problems.append(f"$.offsets.{log}: {path.name} is missing")
        elif offset > size:
            problems.append(f"$.offsets.{log}: {offset} bytes are committed but {path.name} holds only {size}")
    return problems


def _checkpoint_ok(record: Any, out: Path) -> bool:
    """A checkpoint record names ``checkpoints/epoch-NNNN`` and safe file names with SHA-256 digests; a
    folder from before commit records has none, and its checkpoint is ``checkpoints/`` itself."""
    if record is None:
        return (out / CHECKPOINTS / "curriculum.json").is_file()
    return (isinstance(record, dict) and isinstance(record.get("dir"), str)
            and record["dir"].startswith(f"{CHECKPOINTS}/epoch-") and "/" not in record["dir"][len(CHECKPOINTS) + 1:]
            and isinstance(record.get("files"), dict) and "curriculum.json" in record["files"]
            and all(_safe_name(k) and isinstance(v, str) and len(v) == 64 for k, v in record["files"].items()))


def read_state(out: Path, epochs: int) -> dict[str, Any]:
    """The committed ``state.json`` of ``out``, checked for consistency with the folder (config present,
    epochs and records agree, log offsets within the logs, the checkpoint's hashes); else :class:`RunError`."""
    state = _load(out, "state.json")
    read_config(out)
    problems = _state_problems(state, epochs, out)
    if problems:
        lines = "\n".join(f"  - {p}" for p in problems)
        raise RunError(f"{out}: state.json is inconsistent with the run folder ({len(problems)} problem"
                       f"{'s' if len(problems) != 1 else ''}):\n{lines}\n{_RECOVER}")
    if state["epoch"] and state.get("checkpoint") is not None:
        checkpoint_dir(out, state)
    return state


def committed_checkpoint(out: Path, state: Mapping[str, Any]) -> Path:
    """The folder the trainer and curriculum of ``state`` are loaded from (legacy folders: ``checkpoints/``)."""
    return out / CHECKPOINTS if state.get("checkpoint") is None else out / state["checkpoint"]["dir"]


def peek_epoch(out: Path) -> int:
    """The committed epoch of a run folder for a progress display, 0 if it cannot be read (never raises)."""
    try:
        epoch = load_file(out / "state.json", "state.json", max_bytes=MAX_RECORD_BYTES).get("epoch", 0)
    except (SpecError, AttributeError):
        return 0
    return epoch if _is_int(epoch) and epoch >= 0 else 0
