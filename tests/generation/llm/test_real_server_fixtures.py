"""Issue 18's seven defects, each replayed from answers a real server gave (tests/fixtures/real_llm/).

The recorded bodies and status codes of llama-cpp-python's server (Gemma 3 270M
base, CPU) are served by the package's local fake server; no test touches a
network. Stage answers that the recording does not have (the weak model
never wrote a valid section) come from the offline generator, so the
transport can be seen to reach an accepted spec.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import gensim_gym
from gensim_gym.errors import BackendError, GenerationError
from gensim_gym.generation.llm import OpenAIBackend, extract_json, generate_many, render_prompt, section_schema
from gensim_gym.generation.llm.capabilities import ENDPOINTS, PROBE_SYSTEM, format_rejected
from gensim_gym.generation.llm.fake_server import FakeOpenAI, FakeResponse, completion, is_system_probe
from gensim_gym.generation.llm.schemas import answer_budget, section_problems
from gensim_gym.integrations.cli import main as cli_main
from tests.llm_recorded import prompt_context

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real_llm"
DIRECTIVE = "warehouse tasks, easy"
CHARS_PER_TOKEN = 6515 / 1802  # the recorded task prompt: its user turn's characters per counted prompt token


def recorded(name: str) -> dict[str, Any]:
    return json.loads((REAL / name).read_text(encoding="utf-8"))


def replay(name: str) -> FakeResponse:
    record = recorded(name)
    return FakeResponse(record["status"], record["body"], {})


def echo_answers() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (REAL / "echo_answers.jsonl").read_text(encoding="utf-8").splitlines()]


def gemma_tokens(messages: list[dict[str, Any]], keeps_system: bool) -> int:
    """Prompt tokens as llama-cpp-python counts them under a template that keeps or (``gemma``) drops system
    messages, at the recorded prompt's characters per token, plus a little template scaffolding."""
    kept = [m for m in messages if keeps_system or m.get("role") != "system"]
    return math.ceil(sum(len(m.get("content") or "") for m in kept) / CHARS_PER_TOKEN) + 8


class LlamaCppPython:
    """A fake llama-cpp-python server: the recorded 500 for ``json_schema``, a gemma-style template that drops
    system messages (token counts show it), and each stage answered by ``answers`` or the offline generator."""

    def __init__(self, answers: list[FakeResponse] | None = None, keeps_system: bool = False,
                 takes_json_schema: bool = False) -> None:
        self.answers = list(answers or [])
        self.keeps_system, self.takes_json_schema = keeps_system, takes_json_schema

    def __call__(self, body: dict[str, Any]) -> FakeResponse:
        tokens = gemma_tokens(body["messages"], self.keeps_system)
        if is_system_probe(body):
            return FakeResponse(body=completion("OK", prompt_tokens=tokens, completion_tokens=1))
        if body.get("response_format", {}).get("type") == "json_schema" and not self.takes_json_schema:
            return replay("500_json_schema_rejected.json")
        if self.answers:
            return self.answers.pop(0)
        if not any('section' in (m.get("content") or "") for m in body["messages"]):  # not generation: chat
            return FakeResponse(body=completion("OK", prompt_tokens=tokens, completion_tokens=1))
        context = prompt_context(body["messages"])
        spec = gensim_gym.generate(context["directive"], difficulty=context["difficulty"], seed=context["seed"])
        text = json.dumps(getattr(spec, stage_of(body)).to_dict())
        return FakeResponse(body=completion(text, prompt_tokens=tokens, completion_tokens=len(text) // 4))


def stage_of(body: dict[str, Any]) -> str:
    """The stage a request asks for, read from its last user turn (json_object and text requests carry no name)."""
    last = next(m["content"] for m in reversed(body["messages"]) if m["role"] == "user")
    for stage in ("reward", "tools", "task"):
        if f'The JSON Schema of the "{stage}" section' in last or f'"{stage}" section' in last:
            return stage
    raise AssertionError(f"no stage in {last[:200]!r}")


def kinds(server: FakeOpenAI) -> list[str]:
    return ["probe" if is_system_probe(b) else b.get("response_format", {}).get("type", "text")
            for b in server.requests]


# -- defect 1: HTTP 500 for json_schema --------------------------------------------------------------
def test_recorded_500_is_read_as_format_unsupported():
    message = json.loads(recorded("500_json_schema_rejected.json")["body"])["error"]["message"]
    assert format_rejected(message, "json_schema")
    assert not format_rejected(message, "text")


def test_readme_call_works_unchanged_against_llama_cpp_python(tmp_path, no_openai_env):
    """The README's call, unchanged: the 500 is heard once (no retries), json_object is used from then on and
    remembered for the (base_url, model), and the spec is accepted."""
    with FakeOpenAI(handler=LlamaCppPython()) as server, pytest.warns(UserWarning, match="falling back"):
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, seed=0, backend="openai", base_url=server.base_url,
                                   model="gemma3-270m", cache_dir=tmp_path)
        assert kinds(server) == ["probe", "json_schema", "json_object", "json_object", "json_object"]
        assert spec.meta["llm"]["response_format"] == "json_object" and spec.meta["llm"]["requests"] == 5
        again = gensim_gym.generate(DIRECTIVE, difficulty=0.3, seed=1, backend="openai", base_url=server.base_url,
                                    model="gemma3-270m", cache=False)
        assert kinds(server)[5:] == ["json_object"] * 3  # remembered: no probe, no json_schema
        assert again.meta["llm"]["requests"] == 3
    assert ENDPOINTS.get((server.base_url, "gemma3-270m")).mode == "json_object"
    assert ENDPOINTS.get((server.base_url, "another-model")).mode == "json_schema"


def test_forced_json_schema_fails_with_what_to_do(no_openai_env):
    with FakeOpenAI(handler=LlamaCppPython()) as server:
        with pytest.raises(BackendError, match=r"(?s)does not take response_format 'json_schema' \(HTTP 500\).*"
                                               r"--response-format auto"):
            gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                                cache=False, response_format="json_schema", fold_system=False)
        assert kinds(server) == ["json_schema"]  # heard at once: the 500 is not retried


# -- defect 2: the mode chosen from outside ------------------------------------------------------------
def test_environment_variable_forces_the_mode(monkeypatch, no_openai_env):
    monkeypatch.setenv("GENSIM_RESPONSE_FORMAT", "json_object")
    with FakeOpenAI(handler=LlamaCppPython()) as server:
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                                   cache=False)
        assert "json_schema" not in kinds(server) and spec.meta["llm"]["response_format"] == "json_object"
    monkeypatch.setenv("GENSIM_RESPONSE_FORMAT", "grammar")
    with pytest.raises(ValueError, match="response_format must be one of auto, json_schema, json_object, text"):
        OpenAIBackend(base_url="http://localhost:8000/v1")


def test_mode_is_the_older_name_of_response_format(no_openai_env):
    assert OpenAIBackend(base_url="http://localhost:8000/v1", mode="text").mode == "text"
    with pytest.raises(TypeError, match="name the same setting"):
        OpenAIBackend(base_url="http://localhost:8000/v1", mode="text", response_format="json_object")


def test_cli_drives_a_llama_cpp_python_server(tmp_path, no_openai_env, capsys):
    out = tmp_path / "spec.json"
    with FakeOpenAI(handler=LlamaCppPython()) as server:
        code = cli_main(["generate", "-d", DIRECTIVE, "--difficulty", "0.3", "--backend", "openai", "--model",
                         "gemma3-270m", "--base-url", server.base_url, "--response-format", "json_object",
                         "--max-tokens", "3000", "--timeout", "30", "-o", str(out)])
        bodies = [b for b in server.requests if not is_system_probe(b)]
    assert code == 0 and json.loads(out.read_text())["task"]
    assert {b["response_format"]["type"] for b in bodies} == {"json_object"}
    assert {b["max_tokens"] for b in bodies} == {3000} and {b["model"] for b in bodies} == {"gemma3-270m"}
    assert cli_main(["generate", "-d", DIRECTIVE, "--response-format", "text"]) == 1
    assert "--response-format configure --backend openai only" in capsys.readouterr().err


# -- defect 3: defaults for slow servers ---------------------------------------------------------------
def test_default_max_tokens_is_sized_per_stage_and_fits_sound_answers(no_openai_env):
    with FakeOpenAI(handler=LlamaCppPython()) as server, pytest.warns(UserWarning):
        gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                            cache=False)
        sent = [(stage_of(b), b["max_tokens"]) for b in server.requests[2:]]
    assert sent == [(s, answer_budget(section_schema(s))) for s in ("task", "tools", "reward")]
    for difficulty in (0.0, 1.0):  # the largest sections, pretty-printed, at a pessimistic 2.5 characters per token
        spec = gensim_gym.generate("warehouse tasks with hidden crates and noise", difficulty=difficulty, seed=3)
        for stage in ("task", "tools", "reward"):
            text = json.dumps(getattr(spec, stage).to_dict(), indent=1)
            assert len(text) / 2.5 < answer_budget(section_schema(stage)), (stage, difficulty)


@pytest.mark.parametrize("slow_request", [0, 1])  # the first request (mode not yet confirmed) or a later one
def test_read_timeout_is_not_retried_and_says_why(slow_request, no_openai_env):
    count = []

    def handler(body):
        count.append(1)
        if len(count) - 1 == slow_request:
            return FakeResponse(body=completion("{}"), delay=6.0)
        return LlamaCppPython(keeps_system=True)(body)

    with FakeOpenAI(handler=handler) as server:
        # 2 s: the request before the slow one must answer within it on a loaded machine (0.5 s failed at load 8)
        backend = OpenAIBackend("m", server.base_url, timeout=2.0, max_retries=3, fold_system=False,
                                response_format="json_object")
        with pytest.raises(BackendError, match=r"did not answer within 2(\.0)? s. Not retried.*GENSIM_TIMEOUT"):
            gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend=backend, cache=False)
        assert len(server.requests) == slow_request + 1  # the slow request was sent once


# -- defect 4: finish_reason "length" ----------------------------------------------------------------
def test_cut_off_answer_is_named_in_the_repair_turn_and_the_audit_log(tmp_path, no_openai_env):
    audit = tmp_path / "audit.jsonl"
    server_model = LlamaCppPython([replay("200_json_object_cut_by_max_tokens.json")])
    with FakeOpenAI(handler=server_model) as server, pytest.warns(UserWarning):
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                                   cache=False, audit_log=audit)
        repair = server.requests[3]["messages"][-1]["content"]
    assert "Your answer was cut off" in repair and "shorter" in repair
    reason = spec.meta["generator"]["failed_attempts"][0]
    assert reason.startswith("task: $.task: the answer was cut off after 24 tokens (finish_reason 'length'")
    first = json.loads(audit.read_text().splitlines()[0])
    assert (first["finish_reason"], first["cut_off"], first["completion_tokens"]) == ("length", True, 24)


def test_cut_off_plain_text_answer(no_openai_env):
    with FakeOpenAI(handler=LlamaCppPython([replay("200_text_cut_by_max_tokens.json")])) as server:
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                                   cache=False, response_format="text", fold_system=False)
        assert "response_format" not in server.requests[0]
    assert "cut off after 40 tokens" in spec.meta["generator"]["failed_attempts"][0]


# -- defect 5: the extractor and the prompt's own JSON ------------------------------------------------
def test_echoed_prompt_does_not_hide_the_answer():
    echo = echo_answers()[0]["response"]
    answer = json.dumps(gensim_gym.generate(DIRECTIVE, difficulty=0.3).task.to_dict())
    problems = lambda obj: len(section_problems("task", obj))  # noqa: E731
    assert extract_json(echo, "task") == {"directive": "warehouse tasks, easy", "difficulty": 0.3, "seed": 0}
    found = extract_json(f"{echo}\n\nMy answer:\n{answer}\nThat is all.", "task", problems=problems)
    assert found == json.loads(answer)


def test_prompts_hold_json_only_inside_reference_and_schema_tags():
    toolset = {"name": "warehouse", "types": {"item": {"names": ["a"]}}}
    prompts = [render_prompt("task", directive=DIRECTIVE, difficulty=0.3, seed=0, context={}, toolsets=[toolset],
                             other_toolsets=[], schema=section_schema("task"),
                             knobs={"notes": [], "partial": False, "noise": False},
                             suggestion={"objects_per_type": {"item": 3}, "min_plan_length": 2, "horizon": 12,
                                         "goal_conditions": 1, "distractors": 0}),
               render_prompt("tools", directive=DIRECTIVE, knobs={"partial": False}, toolsets=["warehouse"],
                             suggestion={"distractors": 0}, schema=section_schema("tools")),
               render_prompt("reward", knobs={"reward_mode": "dense"}, suggestion={}, schema=section_schema("reward"))]
    for prompt in prompts:
        outside = prompt
        for tag in ("reference", "schema"):
            while f"<{tag}>" in outside:
                start, end = outside.index(f"<{tag}>"), outside.index(f"</{tag}>") + len(tag) + 3
                outside = outside[:start] + outside[end:]
        assert "{" not in outside, outside


def test_recorded_weak_model_fails_on_content_not_transport(no_openai_env):
    """Done-when: the README call against the recorded server reaches the model on every request, and the weak
    model's failure is a GenerationError whose reasons are about content."""
    bodies = [replay("200_json_object_cut_by_max_tokens.json")]
    for record in echo_answers()[1:]:
        body = completion(record["response"], model="gemma3-270m", prompt_tokens=record["prompt_tokens"],
                          completion_tokens=record["completion_tokens"])
        body["choices"][0]["finish_reason"] = "length"  # 700 tokens were asked for and 700 written
        bodies.append(FakeResponse(body=body))
    with FakeOpenAI(handler=LlamaCppPython(bodies)) as server, pytest.warns(UserWarning):
        with pytest.raises(GenerationError) as info:
            gensim_gym.generate(DIRECTIVE, difficulty=0.3, seed=0, backend="openai", base_url=server.base_url,
                                model="gemma3-270m", cache=False)
        assert kinds(server) == ["probe", "json_schema", "json_object", "json_object", "json_object"]
    attempts = info.value.attempts
    assert len(attempts) == 3 and all(a.startswith("task: $.task") for a in attempts)
    assert all("cut off" in a for a in attempts)
    assert not any(word in " ".join(attempts) for word in ("HTTP", "timed out", "could not be reached"))


# -- defect 6: templates that drop the system role ------------------------------------------------------
def test_recorded_token_count_fits_a_template_that_dropped_the_system_message():
    messages = recorded("task_stage_messages.json")
    assert abs(gemma_tokens(messages, keeps_system=False) - 1802) <= 10
    assert gemma_tokens(messages, keeps_system=True) > 1802 + 300  # the 1458-character system prompt is missing


@pytest.mark.parametrize("keeps_system", [False, True])
def test_probe_folds_the_system_prompt_only_when_the_template_drops_it(keeps_system, no_openai_env):
    with FakeOpenAI(handler=LlamaCppPython(keeps_system=keeps_system)) as server, pytest.warns(UserWarning):
        gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                            cache=False)
        first = server.requests[1]["messages"]
    system = render_prompt("system")
    if keeps_system:
        assert first[0] == {"role": "system", "content": system}
    else:
        assert first[0]["role"] == "user" and first[0]["content"].startswith(system)
        assert "Directive: warehouse tasks, easy" in first[0]["content"]
        assert all(m["role"] != "system" for b in server.requests[1:] for m in b["messages"])
    assert sum(map(is_system_probe, server.requests)) == 1 and PROBE_SYSTEM not in json.dumps(server.requests[1:])


def test_a_template_that_refuses_the_system_role_is_folded_too(no_openai_env):
    def handler(body):
        if body["messages"][0]["role"] == "system":
            return FakeResponse(500, {"error": {"message": "System role not supported", "type": "server_error"}})
        return LlamaCppPython(keeps_system=True)(body)

    with FakeOpenAI(handler=handler) as server, pytest.warns(UserWarning, match="drops or refuses"):
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="m",
                                   cache=False, response_format="json_object")
    assert spec.meta["llm"]["requests"] == 4


# -- defect 7: unrelated 400s never downgrade ----------------------------------------------------------
def test_context_length_error_does_not_downgrade_the_shared_backend(no_openai_env):
    # llama-cpp-python's context-length error, in the recorded server's error envelope (not itself recorded).
    too_long = FakeResponse(400, {"error": {"message": "Requested tokens (5000) exceed context window of 4096",
                                            "type": "invalid_request_error", "param": "messages",
                                            "code": "context_length_exceeded"}})

    def handler(body):
        if prompt_context(body["messages"])["seed"] == 1:
            return too_long
        return LlamaCppPython(keeps_system=True, takes_json_schema=True)(body)

    with FakeOpenAI(handler=handler) as server:
        backend = OpenAIBackend("m", server.base_url, fold_system=False)
        with pytest.raises(BackendError, match=r"rejected the request \(HTTP 400\): .*Requested tokens"):
            gensim_gym.generate(DIRECTIVE, difficulty=0.3, seed=1, backend=backend, cache=False)
        assert backend.mode == "json_schema"
        batch = generate_many(DIRECTIVE, 3, difficulty=0.3, seed=2, backend=backend, concurrency=3, progress=False,
                              cache=False, skip_failures=True)
    assert len(batch) + len(batch.failures) == 3
    assert {b["response_format"]["type"] for b in server.requests} == {"json_schema"}


def test_train_takes_the_same_llm_options(tmp_path):
    from gensim_gym.integrations.cli import build_parser
    from gensim_gym.integrations.cli_train import _backend_options

    args = build_parser().parse_args(["train", "--directive", DIRECTIVE, "--backend", "openai", "--model", "m",
                                      "--base-url", "http://localhost:8000/v1", "--response-format", "json_object",
                                      "--max-tokens", "600", "--timeout", "1800"])
    options = _backend_options(args, tmp_path)
    assert {k: options[k] for k in ("model", "base_url", "response_format", "max_tokens", "timeout")} == {
        "model": "m", "base_url": "http://localhost:8000/v1", "response_format": "json_object", "max_tokens": 600,
        "timeout": 1800.0}


def test_models_that_want_max_completion_tokens_get_it(no_openai_env):
    def handler(body):
        if "max_tokens" in body:
            return FakeResponse(400, {"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with "
                                                          "this model. Use 'max_completion_tokens' instead.",
                                                "type": "invalid_request_error", "param": "max_tokens"}})
        return LlamaCppPython(keeps_system=True, takes_json_schema=True)(body)

    with FakeOpenAI(handler=handler) as server:
        spec = gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="o",
                                   cache=False, fold_system=False)
        limits = [b.get("max_completion_tokens") for b in server.requests]
    assert limits == [None, 2432, 2880, 384] and spec.meta["llm"]["requests"] == 4


def test_llm_agent_chat_follows_what_generation_learnt_of_the_template(no_openai_env):
    from gensim_gym.oversight import OpenAIChat

    with FakeOpenAI(handler=LlamaCppPython()) as server, pytest.warns(UserWarning):
        gensim_gym.generate(DIRECTIVE, difficulty=0.3, backend="openai", base_url=server.base_url, model="g",
                            cache=False)
        OpenAIChat("g", base_url=server.base_url)([{"role": "system", "content": "Rules."},
                                                   {"role": "user", "content": "Directive: x\n"}])
        OpenAIChat("other", base_url=server.base_url)([{"role": "system", "content": "Rules."},
                                                       {"role": "user", "content": "Directive: x\n"}])
        folded, kept = server.requests[-2]["messages"], server.requests[-1]["messages"]
    assert folded == [{"role": "user", "content": "Rules.\n\nDirective: x\n"}]
    assert kept[0] == {"role": "system", "content": "Rules."}
