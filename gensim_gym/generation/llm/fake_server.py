"""A small fake OpenAI-compatible server on 127.0.0.1, for tests, benchmarks and offline demos.

It speaks just enough of ``POST /v1/chat/completions`` for the ``openai``
client: each request is answered by the next scripted :class:`FakeResponse`
(or by a handler function), which can set the status, headers (e.g.
``Retry-After``), a delay (to simulate model latency or a timeout) or drop
the connection without answering. Every request body is recorded.
Standard library only.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MAX_REQUEST_BYTES = 10_000_000


@dataclass
class FakeResponse:
    """One scripted answer. ``body`` is a dict (sent as JSON) or raw text; ``drop`` closes without answering."""

    status: int = 200
    body: dict[str, Any] | str = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> FakeResponse:
        return cls(int(d.get("status", 200)), d.get("body", {}), dict(d.get("headers", {})),
                   float(d.get("delay", 0.0)), bool(d.get("drop", False)))


def completion(text: str, *, model: str = "fake-model", prompt_tokens: int = 0,
               completion_tokens: int = 0) -> dict[str, Any]:
    """A chat-completion body whose single choice says ``text``."""
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def is_system_probe(body: dict[str, Any]) -> bool:
    """Whether a request is :class:`~gensim_gym.generation.llm.openai_backend.OpenAIBackend`'s one-time probe of the
    chat template's system role (handlers answer it like any other request, or with :func:`probe_answer`)."""
    from gensim_gym.generation.llm.capabilities import PROBE_SYSTEM

    messages = body.get("messages") or [{}]
    return messages[0].get("content") == PROBE_SYSTEM


def probe_answer(keeps_system: bool = True) -> FakeResponse:
    """An answer to the system-role probe, counting tokens as a template that keeps (or drops) the system text."""
    from gensim_gym.generation.llm.capabilities import PROBE_SYSTEM

    tokens = len(PROBE_SYSTEM.split()) + 12 if keeps_system else 12
    return FakeResponse(body={**completion("OK", prompt_tokens=tokens, completion_tokens=1)})


def error_body(status: int, message: str) -> dict[str, Any]:
    kinds = {400: "invalid_request_error", 401: "invalid_request_error", 429: "rate_limit_exceeded"}
    return {"error": {"message": message, "type": kinds.get(status, "server_error"), "code": None, "param": None}}


class FakeOpenAI:
    """The server; use as a context manager. ``base_url`` is what an OpenAI client is pointed at.

    Args:
        script: answers in order (FakeResponse objects or their dict form).
        handler: instead of a script, a function ``request_body -> FakeResponse``.
    """

    def __init__(self, script: Iterable[FakeResponse | dict[str, Any]] = (),
                 handler: Callable[[dict[str, Any]], FakeResponse] | None = None) -> None:
        self.script = [r if isinstance(r, FakeResponse) else FakeResponse.from_dict(r) for r in script]
        self.handler = handler
        self.requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-openai", daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _next(self, body: dict[str, Any]) -> FakeResponse:
        with self._lock:
            self.requests.append(body)
            index = len(self.requests) - 1
            if self.handler is None:
                if index >= len(self.script):
                    return FakeResponse(500, error_body(500, f"fake server script exhausted at request {index + 1}"),
                                        {"x-should-retry": "false"})
                return self.script[index]
        return self.handler(body)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = min(int(self.headers.get("content-length", 0)), MAX_REQUEST_BYTES)
                try:
                    body = json.loads(self.rfile.read(length) or b"{}")
                except json.JSONDecodeError:
                    body = {}
                answer = server._next(body)
                if answer.delay:
                    time.sleep(answer.delay)
                if answer.drop:
                    self.close_connection = True
                    return
                payload = answer.body if isinstance(answer.body, str) else json.dumps(answer.body)
                data = payload.encode()
                try:
                    self.send_response(answer.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(data)))
                    for k, v in answer.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout test)
                    self.close_connection = True

        return Handler
