"""The ``gensim-gym`` CLI: generate, validate, describe and play (driven through stdin)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from gensim_gym.integrations import cli
from gensim_gym.spec.model import SimSpec
from gensim_gym.spec.validate import load_spec
from tests.conftest import DOMAINS, domain_directive, spec_file


@pytest.fixture
def generated(tmp_path) -> tuple[str, SimSpec]:
    path = tmp_path / "spec.json"
    assert cli.main(["generate", "--directive", domain_directive(DOMAINS[0]), "--difficulty", "0.3",
                     "--seed", "2", "-o", str(path)]) == 0
    return str(path), load_spec(path)


@pytest.mark.parametrize("domain", DOMAINS)
def test_generate_writes_a_valid_spec(tmp_path, domain: str) -> None:
    path = tmp_path / "s.json"
    assert cli.main(["generate", "-d", domain_directive(domain), "--difficulty", "0", "--seed", "1",
                     "-o", str(path)]) == 0
    spec = load_spec(path)
    assert spec.golden_plan and spec.meta["generator"]["seed"] == 1


def test_generate_to_stdout_is_the_same_spec(capsys, generated) -> None:
    _, spec = generated
    assert cli.main(["generate", "--directive", domain_directive(DOMAINS[0]), "--difficulty", "0.3",
                     "--seed", "2"]) == 0
    assert SimSpec.from_json(capsys.readouterr().out) == spec


def test_generate_unknown_domain_is_a_clean_error(capsys) -> None:
    assert cli.main(["generate", "--directive", "domain: atlantis"]) == 1
    err = capsys.readouterr().err
    assert "unknown domain 'atlantis'" in err and "Traceback" not in err


def test_validate_ok(capsys, generated) -> None:
    path, spec = generated
    assert cli.main(["validate", path]) == 0
    assert f"valid (task {spec.id})" in capsys.readouterr().out


def test_validate_prints_every_problem_with_its_path(tmp_path, capsys, tiny_spec_dict) -> None:
    tiny_spec_dict["task"]["goal"] = ["lies(key)"]
    tiny_spec_dict["tools"]["tools"][1]["pre"] = "in_room(?r) and lie(?t, ?r)"
    tiny_spec_dict["reward"]["terms"][0]["once"] = False
    path = spec_file(tmp_path, tiny_spec_dict)
    assert cli.main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "invalid (3 problems)" in out
    assert "$.task.goal[0]: lies takes 2 argument(s)" in out
    assert "$.tools.tools[1].pre: unknown predicate or fluent 'lie' (did you mean 'lies'?)" in out
    assert "$.reward.terms[0].once:" in out


@pytest.mark.parametrize("text", ["{not json", ""])
def test_validate_bad_json_and_missing_file(tmp_path, capsys, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert cli.main(["validate", str(path)]) == 1
    assert "$: not valid JSON" in capsys.readouterr().out
    assert cli.main(["validate", str(tmp_path / "nope.json")]) == 1
    assert "cannot read spec file" in capsys.readouterr().out


def test_describe(capsys, generated) -> None:
    path, spec = generated
    assert cli.main(["describe", path]) == 0
    out = capsys.readouterr().out
    assert spec.task.description in out
    for tool in spec.tools.tools:
        assert f"  {tool.name}(" in out
    assert f"Golden plan ({len(spec.golden_plan)} steps):" in out
    for step in spec.golden_plan:
        assert step in out
    assert f"Measured difficulty: {spec.measured_difficulty}" in out
    assert "Reward (dense): +1 on success" in out


def test_describe_shows_reward_terms(tmp_path, capsys, tiny_spec) -> None:
    assert cli.main(["describe", str(spec_file(tmp_path, tiny_spec))]) == 0
    out = capsys.readouterr().out
    assert "term got_key: +0.1 when carries(key) (once)" in out
    assert "Golden plan: none recorded" in out


def _play(monkeypatch, capsys, path: str, lines: list[str]) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = cli.main(["play", path])
    return code, capsys.readouterr().out


def test_play_golden_plan_in_shorthand_succeeds(monkeypatch, capsys, generated) -> None:
    path, spec = generated
    code, out = _play(monkeypatch, capsys, path, spec.golden_plan)
    assert code == 0
    assert "Episode over: SUCCESS" in out
    assert "[x]" in out


def test_play_accepts_json_calls_and_keyword_shorthand(monkeypatch, capsys, tiny_spec, tmp_path) -> None:
    path = str(spec_file(tmp_path, tiny_spec))
    calls = [json.dumps({"name": "go", "arguments": {"a": "hall", "b": "cellar"}}), "take(t=key, r=cellar)",
             "go('cellar', \"hall\")", "unlock()"]
    code, out = _play(monkeypatch, capsys, path, calls)
    assert code == 0 and "SUCCESS" in out


def test_play_survives_malformed_calls_and_quits(monkeypatch, capsys, tiny_spec, tmp_path) -> None:
    path = str(spec_file(tmp_path, tiny_spec))  # horizon 8: five bad calls do not end the episode
    code, out = _play(monkeypatch, capsys, path, ["help", "tools", "", "nonsense", "pick(", "{", "frobnicate(a)",
                                                  "pick(a, b, c, d)", "quit"])
    assert code == 0
    assert out.count("Last result: error:") == 5
    assert "unknown tool 'frobnicate'" in out
    assert out.rstrip().endswith("bye")


def test_play_ends_on_eof(monkeypatch, capsys, generated) -> None:
    path, _ = generated
    code, out = _play(monkeypatch, capsys, path, [])
    assert code == 0 and "bye" in out


def test_extension_commands_are_added(monkeypatch) -> None:
    import types

    module = types.ModuleType("fake_cli_ext")

    def add_commands(subparsers) -> None:
        sub = subparsers.add_parser("hello")
        sub.set_defaults(func=lambda args: 7)

    module.add_commands = add_commands  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_cli_ext", module)
    monkeypatch.setattr(cli, "EXTENSIONS", ("fake_cli_ext", "gensim_gym.integrations.no_such_module"))
    monkeypatch.setattr(cli.importlib.util, "find_spec", lambda name: module if name == "fake_cli_ext" else None)
    assert cli.main(["hello"]) == 7


def test_no_command_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main([])
    assert caught.value.code == 2
