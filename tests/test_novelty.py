"""The novelty check finds the nearest older directive and fails a set that copies one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import novelty


def test_nearest_is_the_most_similar_older_directive() -> None:
    older = [("book 3 meetings", "a.jsonl"), ("buy a kettle", "b.jsonl")]
    ratio, text, source = novelty.nearest("Book 3 meetings, hard", older)
    assert (text, source) == ("book 3 meetings", "a.jsonl")
    assert 0.75 < ratio < 1.0


def test_a_set_that_repeats_an_older_directive_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = novelty.directives(sorted(novelty.HERE.glob("directives*.jsonl"))[0])[0]
    fresh = tmp_path / "directives_new.jsonl"
    fresh.write_text(json.dumps({"directive": old + "!", "expect": []}) + "\n", encoding="utf-8")
    assert novelty.main([str(fresh)]) == 1
    assert "above 0.75: 1" in capsys.readouterr().out


def test_a_set_unlike_every_older_one_passes(tmp_path: Path) -> None:
    fresh = tmp_path / "directives_new.jsonl"
    line = {"directive": "zqxj vvv wpk 77", "expect": []}
    fresh.write_text(json.dumps(line) + "\n", encoding="utf-8")
    assert novelty.main([str(fresh)]) == 0
