"""Text face of an environment: rendering observations, parsing tool calls, exporting tools.

LLM agents see the world as text and act with JSON tool calls. Calls are
untrusted input: they are size-bounded, parsed with the bounded loader (``gensim_gym._json``), validated
against the tool's JSON schema, and any problem becomes an error message for
the agent rather than an exception.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, NamedTuple

from gensim_gym._json import loads
from gensim_gym.errors import ArgumentError, SpecError, did_you_mean
from gensim_gym.spec.model import SimSpec, Tool
from gensim_gym.world.compiled import CompiledWorld, GroundAction

MAX_CALL_CHARS = 4096
MAX_CALL_DEPTH = 8  # a call is {"name": ..., "arguments": {...}}: anything deeper is not one
MAX_OBS_CHARS = 8192
MAX_CALLS_PER_STEP = 16  # a list of more calls is one invalid call: an agent flooding the env gets no work done
APIS = ("chat", "responses")
_NOT_CALLS = ("reasoning", "message")  # Responses API output items that are not tool calls
_EXPECTED = ('expected a tool call: {"name": <tool>, "arguments": {<param>: <object>}}, an OpenAI Chat '
             'Completions tool_calls item, a Responses API function_call item, or a list of these')


class ToolCall(NamedTuple):
    """One tool call as the agent sent it, in whichever shape, before it is checked against the task.

    ``api`` is the shape it came in (``"plain"``, ``"chat"`` or ``"responses"``): the answer to it
    takes the matching shape (:func:`tool_message`). ``error`` is set when the call could not be read.
    """

    name: str
    arguments: Any  # a dict, or a JSON string (as OpenAI sends it); checked in parse_call
    call_id: str = ""
    api: str = "plain"
    error: str = ""


def _bad(message: str) -> ToolCall:
    return ToolCall("", None, error=message)


def tool_schema(tool: Tool, spec: SimSpec) -> dict[str, Any]:
    """JSON schema of a tool's arguments: each parameter is one of the objects of its type."""
    props = {}
    for p in tool.params:
        props[p.name] = {"type": "string", "enum": list(spec.task.objects.get(p.type, ())),
                         "description": p.description or f"a {p.type}"}
    return {"type": "object", "properties": props, "required": [p.name for p in tool.params],
            "additionalProperties": False}


def openai_tools(spec: SimSpec, api: str = "chat") -> list[dict[str, Any]]:
    """The spec's tools as strict JSON-schema function tools, in the shape of an OpenAI API.

    ``api="chat"`` (Chat Completions): ``{"type": "function", "function": {name, description,
    parameters, strict}}``; ``api="responses"`` (Responses API): the same fields flat,
    ``{"type": "function", "name": ..., ...}``.
    """
    if api not in APIS:
        raise ArgumentError(f"openai_tools: api must be one of {', '.join(map(repr, APIS))}, got {api!r}"
                            f"{did_you_mean(str(api), APIS)}")
    tools = [{"name": t.name, "description": t.description, "parameters": tool_schema(t, spec), "strict": True}
             for t in spec.tools.tools]
    if api == "responses":
        return [{"type": "function", **t} for t in tools]
    return [{"type": "function", "function": t} for t in tools]


def read_calls(action: Any) -> ToolCall | tuple[ToolCall, ...]:
    """Read an agent's action: one :class:`ToolCall`, or a tuple of them for a list of calls.

    Accepted (as JSON text, bytes, dicts, or the ``openai`` package's own objects):
    ``{"name", "arguments"}``; a Chat Completions ``tool_calls`` item ``{"id", "type": "function",
    "function": {"name", "arguments"}}``; a Responses API ``{"type": "function_call", "call_id",
    "name", "arguments"}`` item; a list of any of these; an assistant message with ``tool_calls``; a
    Responses API response or its ``output`` list (reasoning and message items are skipped).
    Never raises: what cannot be read is a ``ToolCall`` with ``error`` set.
    """
    if isinstance(action, (bytes, bytearray)):
        action = action.decode("utf-8", errors="replace")
    if isinstance(action, str):
        if len(action) > MAX_CALL_CHARS:
            return _bad(f"tool call is {len(action)} characters; at most {MAX_CALL_CHARS} are allowed")
        try:  # the bounded loader: deep nesting or huge integers are an error message, not a crash
            action = loads(action, "tool call", max_bytes=MAX_CALL_CHARS, max_depth=MAX_CALL_DEPTH)
        except SpecError as exc:
            return _bad(f"{exc.problems[0].message}; {_EXPECTED}")
    action = _plain(action)
    if isinstance(action, dict):
        if isinstance(action.get("tool_calls"), list):  # a Chat Completions assistant message
            action = action["tool_calls"]
        elif action.get("object") == "response" and isinstance(action.get("output"), list):  # a Responses reply
            action = action["output"]
    if isinstance(action, (list, tuple)):
        if len(action) > 4 * MAX_CALLS_PER_STEP:  # bounded work before looking at the items
            return _bad(f"{len(action)} items in one step; at most {MAX_CALLS_PER_STEP} tool calls are allowed")
        # a Responses API output list also holds reasoning and message items: they are not calls
        action = [item for item in map(_plain, action)
                  if not (isinstance(item, dict) and item.get("type") in _NOT_CALLS)]
        if not action:
            return _bad("no tool call (an empty list, or only reasoning and messages); call at least one tool")
        if len(action) > MAX_CALLS_PER_STEP:
            return _bad(f"{len(action)} tool calls in one step; at most {MAX_CALLS_PER_STEP} are allowed")
        return tuple(_one(item) for item in action)
    return _one(action)


def _plain(value: Any) -> Any:
    """An ``openai`` (pydantic) object as the dict it serialises to; anything else unchanged."""
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, type):
        try:
            return dump(mode="json", exclude_none=True)
        except Exception:  # noqa: BLE001 - an object that only looks like a model: reported as unreadable
            return None
    return value


def _one(item: Any) -> ToolCall:
    """One call in any accepted shape as a :class:`ToolCall` (``error`` set when it is none of them)."""
    if not isinstance(item, dict):
        return _bad(_EXPECTED)
    call_id = item.get("call_id") or item.get("id") or ""
    call_id = call_id[:128] if isinstance(call_id, str) else ""  # echoed back: bounded
    if isinstance(item.get("function"), dict):  # Chat Completions tool_calls item
        fn, api = item["function"], "chat"
    elif item.get("type") == "function_call":  # Responses API output item
        fn, api = item, "responses"
    else:
        fn, api = item, "plain"
    if not isinstance(fn.get("name"), str):
        return ToolCall("", None, call_id, api, _EXPECTED)
    return ToolCall(fn["name"], fn.get("arguments", {}), call_id, api)


def tool_message(call: ToolCall, content: str) -> dict[str, Any]:
    """The answer to one call, in the shape its API expects next in the conversation.

    Chat Completions (and plain calls): ``{"role": "tool", "tool_call_id", "content"}``; Responses
    API: ``{"type": "function_call_output", "call_id", "output"}``.
    """
    if call.api == "responses":
        return {"type": "function_call_output", "call_id": call.call_id, "output": content}
    return {"role": "tool", "tool_call_id": call.call_id, "content": content}


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    import jsonschema

    return jsonschema.Draft202012Validator(json.loads(schema_json))


def _param_objects(world: CompiledWorld) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
    """Per tool, each parameter's name and the objects it accepts: what :func:`tool_schema` allows."""
    def build(w: CompiledWorld) -> dict[str, tuple[tuple[str, frozenset[str]], ...]]:
        objects = w.spec.task.objects
        return {t.name: tuple((p.name, frozenset(objects.get(p.type, ()))) for p in t.params)
                for t in w.spec.tools.tools}
    return world.derived("_param_objects", build)


def _obviously_valid(world: CompiledWorld, tool: Tool, args: Any) -> bool:
    """Whether ``args`` is exactly one allowed object per parameter, which is all the tool's schema accepts.

    True implies the schema validates; False leaves the verdict (and the message) to jsonschema. It skips a
    validator run on every well-formed call: half of a server step's CPU (py-spy on benchmarks/serve_load.py).
    """
    params = _param_objects(world)[tool.name]
    if type(args) is not dict or len(args) != len(params):
        return False
    for name, allowed in params:
        value = args.get(name)
        if type(value) is not str or value not in allowed:
            return False
    return True


def parse_call(world: CompiledWorld, call: Any) -> tuple[GroundAction | None, str]:
    """Turn one tool call (a :class:`ToolCall`, or anything :func:`read_calls` reads as one call) into
    a ground action, or ``(None, error message)``. ``arguments`` may be a JSON string (as OpenAI sends it).
    """
    if not isinstance(call, ToolCall):
        call = read_calls(call)
        if not isinstance(call, ToolCall):
            return None, "a list of tool calls where one call was expected"
    if call.error:
        return None, call.error
    tools = {t.name: t for t in world.spec.tools.tools}
    tool = tools.get(call.name)
    if tool is None:
        return None, f"unknown tool {call.name[:80]!r}{did_you_mean(call.name[:80], tools)}; tools: {', '.join(tools)}"
    args = call.arguments
    if isinstance(args, str):
        try:
            args = loads(args, f"arguments of {tool.name}", max_bytes=MAX_CALL_CHARS,
                         max_depth=MAX_CALL_DEPTH) if args.strip() else {}
        except SpecError as exc:
            return None, exc.problems[0].message
    if not _obviously_valid(world, tool, args):  # the schema's verdict and its error message
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
