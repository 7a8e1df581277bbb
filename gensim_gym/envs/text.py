"""Text face of an environment: rendering observations, parsing tool calls, exporting tools.

LLM agents see the world as text and act with JSON tool calls. Calls are
untrusted input: they are size-bounded, parsed with the bounded loader (``gensim_gym._json``), validated
against the tool's JSON schema, and any problem becomes an error message for
the agent rather than an exception.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from gensim_gym._json import loads
from gensim_gym.errors import SpecError, did_you_mean
from gensim_gym.spec.model import SimSpec, Tool
from gensim_gym.world.compiled import CompiledWorld, GroundAction

MAX_CALL_CHARS = 4096
MAX_CALL_DEPTH = 8  # a call is {"name": ..., "arguments": {...}}: anything deeper is not one
MAX_OBS_CHARS = 8192


def tool_schema(tool: Tool, spec: SimSpec) -> dict[str, Any]:
    """JSON schema of a tool's arguments: each parameter is one of the objects of its type."""
    props = {}
    for p in tool.params:
        props[p.name] = {"type": "string", "enum": list(spec.task.objects.get(p.type, ())),
                         "description": p.description or f"a {p.type}"}
    return {"type": "object", "properties": props, "required": [p.name for p in tool.params],
            "additionalProperties": False}


def openai_tools(spec: SimSpec) -> list[dict[str, Any]]:
    """The spec's tools in OpenAI function-calling format (strict JSON-schema function tools)."""
    return [{"type": "function", "function": {"name": t.name, "description": t.description,
                                              "parameters": tool_schema(t, spec), "strict": True}}
            for t in spec.tools.tools]


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(schema_json))


def parse_call(world: CompiledWorld, call: Any) -> tuple[GroundAction | None, str]:
    """Turn a tool call (JSON text or dict) into a ground action, or ``(None, error message)``.

    Accepted shapes: ``{"name": str, "arguments": {...}}`` where ``arguments`` may
    also be a JSON string (as OpenAI returns it).
    """
    if isinstance(call, (bytes, bytearray)):
        call = call.decode("utf-8", errors="replace")
    if isinstance(call, str):
        if len(call) > MAX_CALL_CHARS:
            return None, f"tool call is {len(call)} characters; at most {MAX_CALL_CHARS} are allowed"
        try:  # the bounded loader: deep nesting or huge integers are an error message, not a crash
            call = loads(call, "tool call", max_bytes=MAX_CALL_CHARS, max_depth=MAX_CALL_DEPTH)
        except SpecError as exc:
            return None, f'{exc.problems[0].message}; expected {{"name": ..., "arguments": {{...}}}}'
    if not isinstance(call, dict) or not isinstance(call.get("name"), str):
        return None, 'expected a JSON object {"name": <tool>, "arguments": {<param>: <object>}}'
    tools = {t.name: t for t in world.spec.tools.tools}
    tool = tools.get(call["name"])
    if tool is None:
        return None, f"unknown tool {call['name']!r}{did_you_mean(call['name'], tools)}; tools: {', '.join(tools)}"
    args = call.get("arguments", {})
    if isinstance(args, str):
        try:
            args = loads(args, f"arguments of {tool.name}", max_bytes=MAX_CALL_CHARS,
                         max_depth=MAX_CALL_DEPTH) if args.strip() else {}
        except SpecError as exc:
            return None, exc.problems[0].message
    schema = tool_schema(tool, world.spec)
    errors = sorted(_validator(json.dumps(schema, sort_keys=True)).iter_errors(args), key=lambda e: e.path)
    if errors:
        where = "/".join(map(str, errors[0].absolute_path)) or "arguments"
        return None, f"invalid arguments for {tool.name} at {where}: {errors[0].message[:200]}"
    objs = tuple(args[p.name] for p in tool.params)
    label = f"{tool.name}({', '.join(objs)})"
    action = world.action_by_label().get(label)
    return (action, "") if action is not None else (None, f"{label} is not a valid call")


def render(world: CompiledWorld, facts: bytearray, nums: list[float], visible: bytearray | None, *,
           step: int, last: str) -> str:
    """Describe the current state for a person or an LLM agent."""
    spec = world.spec
    lines = [f"Task: {spec.task.description}", "Goal:"]
    for text, ok in zip(spec.task.goal, world.goal_status(facts, nums), strict=True):
        lines.append(f"  [{'x' if ok else ' '}] {text}")
    if spec.task.constraints:
        lines.append("Rules:")
        for c in spec.task.constraints:
            outcome = "ends the episode as a failure" if c.on_violation == "fail" else f"costs {c.penalty:g}"
            lines.append(f"  {c.describe()} (breaking it {outcome})")
    lines.append("Known facts:")
    for label, i in world.fact_items():
        if facts[i] and (visible is None or visible[i]):
            lines.append(f"  {label}")
    for label, j in world.num_items():
        lines.append(f"  {label} = {nums[j]:g}")
    lines.append(f"Tools: {', '.join(t.name for t in spec.tools.tools)}")
    if last:
        lines.append(f"Last result: {last}")
    lines.append(f"Step {step} of {world.horizon}.")
    text = "\n".join(lines)
    return text if len(text) <= MAX_OBS_CHARS else text[: MAX_OBS_CHARS - 4] + "\n..."
