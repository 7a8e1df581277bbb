"""``gensim-gym serve``: generated tasks over HTTP and WebSocket, in OpenEnv's reset/step/state protocol.

OpenEnv's client (``openenv.core.GenericEnvClient``) talks to ``/ws``: one WebSocket connection is one
session; messages are ``{"type": "reset" | "step" | "state" | "close", "data": {...}}`` and answers
``{"type": "observation" | "state" | "error", "data": {...}}``. For clients without WebSockets the same
verbs are HTTP routes keyed by a session id (``POST /reset`` opens a session and returns its
``session_id``; ``POST /step``, ``GET /state``, ``DELETE /sessions/{id}``). docs/llm-agents.md has the
full protocol. Every request is size-bounded and parsed with the package's bounded JSON loader; a bad
request is a 4xx JSON error ``{"error": {"code", "message"}}``, never a 500. The env work of a request
runs in the event loop: a step takes ~0.1 ms, less than handing it to a thread would cost.
"""


import asyncio
import contextlib
import gc
import time
from typing import Any

from gensim_gym._json import loads
from gensim_gym.errors import SpecError, require
from gensim_gym.integrations.sessions import PoolConfig, SessionError, SessionPool

MAX_BODY = 64 * 1024  # bytes of one request or WebSocket message: a tool call is a few hundred
MAX_DEPTH = 16

ACTION_SCHEMA = {
    "title": "ToolCall",
    "description": "A tool call in any shape gensim_gym's text mode reads: {name, arguments}, an OpenAI Chat "
                   "Completions tool_calls item, a Responses API function_call item, or {tool_calls: [...]}",
    "type": "object",
}


def _json(body: bytes | str, what: str) -> Any:
    if len(body) > MAX_BODY:
        raise SessionError(f"{what} is {len(body)} bytes; at most {MAX_BODY} are allowed", 413)
    if not body:
        return {}
    try:
        value = loads(body, what, max_bytes=MAX_BODY, max_depth=MAX_DEPTH)
    except SpecError as exc:
        raise SessionError(exc.problems[0].message, 400, "INVALID_JSON") from None
    if not isinstance(value, dict):
        raise SessionError(f"{what} must be a JSON object, got {type(value).__name__}", 400, "INVALID_JSON")
    return value


def create_app(pool: SessionPool, *, reap_every: float | None = None):
    """The FastAPI application serving ``pool`` (its idle sessions are reaped in the background)."""
    fastapi = require("fastapi", "serve")
    from fastapi.responses import JSONResponse

    period = reap_every or max(0.05, min(30.0, pool.config.idle_timeout / 2))

    @contextlib.asynccontextmanager
    async def lifespan(app):
        async def reap() -> None:
            while True:
                await asyncio.sleep(period)
                pool.expire()

        task = asyncio.create_task(reap())
        try:
            yield
        finally:
            task.cancel()
            pool.shutdown()

    app = fastapi.FastAPI(title="gensim_gym env server", lifespan=lifespan)

    @app.exception_handler(SessionError)
    async def session_error(request, exc: SessionError):
        return JSONResponse({"error": {"code": exc.code, "message": str(exc)}}, status_code=exc.status)

    _http_routes(app, pool, fastapi.Request)
    _ws_route(app, pool, fastapi.WebSocket, require("orjson", "serve"))
    return app


async def _body_of(request) -> dict[str, Any]:
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        raise SessionError(f"request body of {size} bytes; at most {MAX_BODY} are allowed", 413)
    return _json(await request.body(), "request body")


def _http_routes(app, pool: SessionPool, Request) -> None:  # noqa: N803 - FastAPI's class, imported lazily
    """reset/step/state/close keyed by a session id, plus health, schema and stats."""

    @app.get("/health")
    async def health():
        return {"status": "healthy"}

    @app.get("/schema")
    async def schema():
        return {"action": ACTION_SCHEMA, "observation": {"type": "object"}, "state": {"type": "object"}}

    @app.get("/stats")
    async def stats():
        return {**pool.stats(), "process_cpu_s": time.process_time()}  # the load benchmark's CPU per step

    @app.post("/reset")
    async def reset(request: Request):
        body = await _body_of(request)
        sid = body.get("session_id")
        session = pool.get(sid) if sid is not None else pool.open()
        try:
            payload = pool.reset(session, body.get("seed"), body.get("episode_id"))
        except SessionError:
            if sid is None:  # a session opened for a bad request is not left behind
                pool.close(session.id)
            raise
        return {**payload, "session_id": session.id}

    @app.post("/step")
    async def step(request: Request):
        body = await _body_of(request)
        if "action" not in body:
            raise SessionError('the body needs "action": a tool call (see GET /schema)', 422)
        return pool.step(pool.get(body.get("session_id")), body["action"])

    @app.get("/state")
    async def state(session_id: str = ""):
        return pool.state(pool.get(session_id))

    @app.delete("/sessions/{session_id}")
    async def close(session_id: str):
        if not pool.close(session_id):
            raise SessionError("no such session", 404, "SESSION_ERROR")
        return {"closed": session_id}


def _ws_route(app, pool: SessionPool, WebSocket, orjson) -> None:  # noqa: N803 - FastAPI's class, imported lazily
    """``/ws``: one connection is one session, closed with the connection."""
    from starlette.websockets import WebSocketDisconnect

    def encode(reply: dict[str, Any]) -> str:
        # the same compact UTF-8 JSON text frame as send_json, 10x faster to encode: a tenth of a step's server
        # CPU with the json module (benchmarks/serve_load.py)
        return orjson.dumps(reply).decode("utf-8")

    @app.websocket("/ws")
    async def ws(websocket: WebSocket):
        await websocket.accept()
        try:
            session = pool.open()
        except SessionError as exc:
            await websocket.send_text(encode({"type": "error", "data": {"message": str(exc), "code": exc.code}}))
            await websocket.close()
            return
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: read as UTF-8 JSON too
                    text = (message.get("bytes") or b"").decode("utf-8", errors="replace")
                reply = _ws_reply(pool, session.id, text)
                if reply is None:
                    break
                await websocket.send_text(encode(reply))
                if session.id not in pool.sessions:  # expired or closed meanwhile: nothing more to serve
                    break
        except WebSocketDisconnect:
            pass
        finally:
            pool.close(session.id)
            with contextlib.suppress(RuntimeError):
                await websocket.close()


def _ws_reply(pool: SessionPool, sid: str, text: str) -> dict[str, Any] | None:
    """The answer to one OpenEnv WebSocket message (None for ``close``)."""
    try:
        message = _json(text.encode("utf-8", errors="replace"), "message")
        kind, data = message.get("type"), message.get("data", {})
        if kind == "close":
            return None
        if not isinstance(data, dict):
            raise SessionError('"data" must be a JSON object')
        session = pool.get(sid)
        if kind == "reset":
            return {"type": "observation", "data": pool.reset(session, data.get("seed"), data.get("episode_id"))}
        if kind == "step":
            return {"type": "observation", "data": pool.step(session, data)}
        if kind == "state":
            return {"type": "state", "data": pool.state(session)}
        raise SessionError(f"unknown message type {kind!r:.40}; expected reset, step, state or close", 400,
                           "UNKNOWN_TYPE")
    except SessionError as exc:
        return {"type": "error", "data": {"message": str(exc), "code": exc.code}}


def serve(config: PoolConfig, host: str = "127.0.0.1", port: int = 8000, log_level: str = "warning") -> None:
    """Run the server until interrupted (``gensim-gym serve``)."""
    uvicorn = require("uvicorn", "serve")
    app = create_app(SessionPool(config))
    # the tasks compiled at start-up live as long as the server: out of the cyclic collector's sight, its full
    # collections stop walking them (a few % of a request's CPU in benchmarks/serve_load.py)
    gc.freeze()
    # no per-message deflate: compressing each ~2 KB observation cost more than sending it on loopback or a LAN
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=MAX_BODY, ws_per_message_deflate=False)
