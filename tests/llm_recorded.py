"""Recorded OpenAI chat-completion responses (the wire format), replayed at HTTP level with respx."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import respx

BASE_URL = "http://llm.test/v1"
_PROMPT_CONTEXT = re.compile(r"^Directive: (?P<directive>.*)\nRequested difficulty: (?P<difficulty>[0-9.]+) .*?"
                             r"variation #(?P<seed>-?[0-9]+) ", re.MULTILINE | re.DOTALL)


def prompt_context(messages: list[dict[str, Any]]) -> dict[str, Any]:
    """The directive, difficulty and seed a generation conversation's task prompt was rendered with (fake servers
    use it to answer each stage from the offline generator)."""
    for message in messages:
        found = _PROMPT_CONTEXT.search(message.get("content") or "")
        if found:
            return {"directive": found["directive"], "difficulty": float(found["difficulty"]),
                    "seed": int(found["seed"])}
    raise ValueError("no task prompt in these messages")


def completion(content: str | None = None, tool_calls: list[dict[str, Any]] | None = None,
               prompt_tokens: int = 50, completion_tokens: int = 10) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return {"id": "chatcmpl-rec", "object": "chat.completion", "created": 1700000000, "model": "gpt-4o-mini",
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if tool_calls else "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def tool_call(i: int, name: str, arguments: dict[str, str]) -> dict[str, Any]:
    return {"id": f"call_{i}", "type": "function", "function": {"name": name, "arguments": json.dumps(arguments)}}


def respx_http_client(router: respx.MockRouter):
    """An HTTP client for the openai package that sends every request through a respx router.

    openai >= 3 speaks ``httpx2``, which respx does not patch; this transport converts each request to
    ``httpx``, lets the respx router answer (and record the call), and converts the response back.
    """
    import httpx2

    def handle(request):
        req = httpx.Request(request.method, str(request.url), headers=list(request.headers.multi_items()),
                            content=request.read())
        resp = router.handler(req)
        return httpx2.Response(resp.status_code, headers=list(resp.headers.multi_items()), content=resp.read())

    return httpx2.Client(transport=httpx2.MockTransport(handle))


def replay(router, bodies: list[dict[str, Any]]):
    """Answer successive POST /chat/completions with ``bodies``; returns the route (its ``calls`` are the requests)."""
    return router.post(f"{BASE_URL}/chat/completions").mock(
        side_effect=[httpx.Response(200, json=b) for b in bodies])
