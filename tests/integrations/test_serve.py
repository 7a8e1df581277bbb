"""``gensim-gym serve``: OpenEnv's reset/step/state over HTTP and WebSocket, isolated sessions, 4xx errors.

The session pool is built once per module (generating its task pool takes ~1 s); each test opens its own
sessions. The last test runs a real uvicorn server on 127.0.0.1 and plays it with OpenEnv's own client.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from gensim_gym.integrations.serve import MAX_BODY, create_app  # noqa: E402
from gensim_gym.integrations.sessions import PoolConfig, SessionError, SessionPool  # noqa: E402


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def pool() -> SessionPool:
    return SessionPool(PoolConfig(directive="warehouse tasks", num_tasks=4, max_sessions=8, idle_timeout=60))


@pytest.fixture
def client(pool: SessionPool):
    with TestClient(create_app(pool)) as client:
        yield client
    for sid in list(pool.sessions):  # shutdown closed them; the pool object is reused by the next test
        pool.close(sid)


def plan_of(pool: SessionPool, session_id: str) -> list[dict[str, Any]]:
    env = pool.sessions[session_id].env.unwrapped
    return [env.world.actions[a].call() for a in env.oracle_actions()]


def error_of(response) -> dict[str, Any]:
    assert 400 <= response.status_code < 500, response.text
    return response.json()["error"]


def test_http_session_plays_the_golden_plan(client: TestClient, pool: SessionPool) -> None:
    r = client.post("/reset", json={"seed": 3}).json()
    sid, obs = r["session_id"], r["observation"]
    assert r["done"] is False and r["reward"] is None and "Goal:" in obs["text"] and obs["tools"]
    plan = plan_of(pool, sid)
    for k, call in enumerate(plan):
        out = client.post("/step", json={"session_id": sid, "action": call}).json()
        assert out["observation"]["invalid"] is False
        assert out["done"] is (k == len(plan) - 1)
    assert out["observation"]["is_success"] is True and out["reward"] > 0
    state = client.get("/state", params={"session_id": sid}).json()
    assert state["step_count"] == len(plan) and state["done"] is True and state["task_id"] == obs["task_id"]
    # same seed, same task and the same first observation (a new session)
    again = client.post("/reset", json={"seed": 3}).json()
    assert again["observation"]["text"] == obs["text"]


def test_sessions_are_isolated(client: TestClient, pool: SessionPool) -> None:
    a = client.post("/reset", json={"seed": 1}).json()
    b = client.post("/reset", json={"seed": 1}).json()
    assert a["session_id"] != b["session_id"] and len(a["session_id"]) >= 24
    call = plan_of(pool, a["session_id"])[0]
    client.post("/step", json={"session_id": a["session_id"], "action": call})
    sa = client.get("/state", params={"session_id": a["session_id"]}).json()
    sb = client.get("/state", params={"session_id": b["session_id"]}).json()
    assert sa["step_count"] == 1 and sb["step_count"] == 0
    assert pool.sessions[a["session_id"]].env.unwrapped is not pool.sessions[b["session_id"]].env.unwrapped
    # b's next observation still shows the untouched start state
    out = client.post("/step", json={"session_id": b["session_id"], "action": call}).json()
    assert out["observation"]["invalid"] is False


@pytest.mark.parametrize(("request_", "status", "code"), [
    (("post", "/step", {"session_id": "nope", "action": {}}), 404, "SESSION_ERROR"),
    (("get", "/state", None), 404, "SESSION_ERROR"),
    (("post", "/reset", {"seed": -1}), 400, "VALIDATION_ERROR"),
    (("post", "/reset", {"seed": "x"}), 400, "VALIDATION_ERROR"),
    (("post", "/reset", {"episode_id": "x" * 300}), 400, "VALIDATION_ERROR"),
    (("delete", "/sessions/nope", None), 404, "SESSION_ERROR"),
])
def test_bad_requests_are_4xx_json(client: TestClient, request_: tuple, status: int, code: str) -> None:
    method, path, body = request_
    response = getattr(client, method)(path, **({"json": body} if body is not None else {}))
    assert response.status_code == status and error_of(response)["code"] == code


def test_malformed_bodies_and_steps(client: TestClient, pool: SessionPool) -> None:
    for raw, status in ((b"{", 400), (b"[1, 2]", 400), (b"[" * 50 + b"]" * 50, 400), (b" " * (MAX_BODY + 1), 413)):
        assert client.post("/reset", content=raw).status_code == status
    sid = client.post("/reset", json={}).json()["session_id"]
    assert error_of(client.post("/step", json={"session_id": sid}))["message"].startswith('the body needs "action"')
    out = client.post("/step", json={"session_id": sid, "action": "not a call"}).json()  # an agent's mistake
    assert out["observation"]["invalid"] is True and out["reward"] < 0  # is an observation, not an HTTP error
    opened = len(pool.sessions)
    assert client.post("/reset", json={"seed": 2**70}).status_code == 400
    assert len(pool.sessions) == opened  # the bad reset left no session behind


def test_step_after_the_end_is_409(client: TestClient, pool: SessionPool) -> None:
    sid = client.post("/reset", json={"seed": 0}).json()["session_id"]
    for call in plan_of(pool, sid):
        client.post("/step", json={"session_id": sid, "action": call})
    response = client.post("/step", json={"session_id": sid, "action": {"name": "x"}})
    assert response.status_code == 409 and "reset first" in error_of(response)["message"]


def test_cap_and_idle_expiry() -> None:
    clock = Clock()
    pool = SessionPool(PoolConfig(num_tasks=2, max_sessions=2, idle_timeout=10), clock=clock)
    a, b = pool.open(), pool.open()
    with pytest.raises(SessionError) as caught:
        pool.open()
    assert caught.value.status == 429 and caught.value.code == "CAPACITY_REACHED"
    clock.now = 5
    pool.get(a.id)  # a request keeps a session alive
    clock.now = 12
    c = pool.open()  # b was idle for 12 s: expired, which made room
    assert set(pool.sessions) == {a.id, c.id} and pool.expired == 1
    with pytest.raises(SessionError, match="expired") as caught:
        pool.get(b.id)
    assert caught.value.status == 404
    pool.shutdown()


def test_one_curriculum_is_fed_by_every_session() -> None:
    pool = SessionPool(PoolConfig(num_tasks=2, curriculum="uniform", max_sessions=4))
    updates: list[str] = []
    update = pool.curriculum.update
    pool.curriculum.update = lambda task, result: (updates.append(task.id if hasattr(task, "id") else task),
                                                   update(task, result))[1]
    for seed in (0, 1):
        session = pool.open()
        pool.reset(session, seed=seed)
        for call in plan_of(pool, session.id):
            out = pool.step(session, call)
        assert out["done"] and out["observation"]["is_success"]
    assert len(updates) == 2
    pool.shutdown()


def test_websocket_speaks_openenv_messages(client: TestClient, pool: SessionPool) -> None:
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "reset", "data": {"seed": 5}}))
        reply = ws.receive_json()
        assert reply["type"] == "observation" and "Goal:" in reply["data"]["observation"]["text"]
        (sid,) = [s for s in pool.sessions]
        call = plan_of(pool, sid)[0]
        ws.send_text(json.dumps({"type": "step", "data": call}))
        assert ws.receive_json()["data"]["observation"]["invalid"] is False
        ws.send_text(json.dumps({"type": "state"}))
        state = ws.receive_json()
        assert state["type"] == "state" and state["data"]["step_count"] == 1
        for bad, code in (("{", "INVALID_JSON"), ('{"type": "jump"}', "UNKNOWN_TYPE"),
                          ('{"type": "step", "data": 3}', "VALIDATION_ERROR")):
            ws.send_text(bad)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["data"]["code"] == code
        ws.send_bytes(json.dumps({"type": "state"}).encode())  # a binary frame is read as JSON too
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "close"}))
    assert sid not in pool.sessions  # closing the connection closes its session


def test_openenv_client_works_unchanged(pool: SessionPool) -> None:
    """OpenEnv's own GenericEnvClient against a real server on loopback (bounded: one episode, 10 s timeouts)."""
    pytest.importorskip("openenv")
    import socket
    import threading
    import time

    import uvicorn
    from openenv.core import GenericEnvClient

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(pool), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        with GenericEnvClient(base_url=f"http://127.0.0.1:{port}", message_timeout_s=10).sync() as env:
            result = env.reset(seed=2)
            assert not result.done and "Goal:" in result.observation["text"]
            (sid,) = list(pool.sessions)
            for call in plan_of(pool, sid):
                result = env.step(call)
            assert result.done and result.reward > 0 and result.observation["is_success"] is True
            assert env.state()["step_count"] >= 1
    finally:
        server.should_exit = True
        thread.join(timeout=10)
