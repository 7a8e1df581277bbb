"""Atomic writes (caches, checkpoints, reports): a killed writer never leaves a torn file."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from gensim_gym import _atomic
from gensim_gym._atomic import atomic_write_json, atomic_write_text
from tests.conftest import checkout_env

posix = pytest.mark.skipif(os.name != "posix", reason="POSIX signals and permission bits")

# A writer that rewrites one 16 MB JSON file as fast as it can, a new version each time; the text is
# built cheaply so that most of its time is spent writing (a plain ``open(path, "w")`` write killed at
# these delays leaves a truncated file in most runs).
WRITER = """
import sys
from gensim_gym._atomic import atomic_write_text
path, n = sys.argv[1], int(sys.argv[2])
version = 0
while True:
    atomic_write_text(path, '{"version": %d, "payload": "%s"}' % (version, str(version % 10) * n))
    version += 1
"""


@posix
@pytest.mark.parametrize("delay", [0.05, 0.13, 0.21, 0.34])
def test_a_writer_killed_mid_write_leaves_a_complete_old_or_new_version(tmp_path, delay):
    path, n = tmp_path / "checkpoint.json", 16_000_000
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(n)], env=checkout_env())
    try:
        deadline = time.monotonic() + 60
        while not path.exists():  # the first version is complete
            assert proc.poll() is None, "the writer died on its own"
            assert time.monotonic() < deadline, "the writer never wrote"
            time.sleep(0.01)
        time.sleep(delay)  # somewhere inside a later write
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["payload"] == str(data["version"] % 10) * n


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "state.json"
    atomic_write_json(path, {"epoch": 1})

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(_atomic.os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        atomic_write_json(path, {"epoch": 2})
    assert json.loads(path.read_text()) == {"epoch": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


@posix
def test_files_get_the_mode_open_would_give_and_keep_their_own(tmp_path):
    mask = os.umask(0o022)
    os.umask(mask)
    fresh = atomic_write_text(tmp_path / "new" / "report.md", "# report\n")  # the folder is created too
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~mask  # not mkstemp's owner-only 0600
    kept = tmp_path / "shared.json"
    kept.write_text("{}")
    kept.chmod(0o640)
    atomic_write_json(kept, {"a": 1})
    assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    assert json.loads(kept.read_text()) == {"a": 1}
