"""Load test of ``gensim-gym serve``: many concurrent WebSocket sessions on loopback, step latency and errors.

Starts the server in a subprocess on 127.0.0.1, opens ``--sessions`` OpenEnv WebSocket sessions at once
(default 200; they connect evenly over ``--ramp-s`` seconds, default 1) and plays ``--steps`` steps in
each (default 50): each step is a tool call drawn from the
observation's tools (a valid-schema call, so some are possible now and some are not, as an agent's are);
an ended episode is reset (resets are timed apart). Agents think between steps as LLM agents do:
``--think-ms`` (default 100) is the mean of an exponential pause; ``--think-ms 0`` is a closed loop that
saturates the server (throughput, not the latency goal). Everything is bounded: ``--timeout`` seconds for
the whole run and 10 s per message; a session that errs stops.

Reference measured in the same run: the in-process ``env.step`` of the same directive's text mode, so the
report gives the server's overhead as a ratio. Goal (issue 21): 0 errors, p99 step latency < 20 ms.

    PYTHONPATH=. nice -n 10 python benchmarks/serve_load.py --sessions 200 --steps 50
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

import websockets

REPO = Path(__file__).resolve().parents[1]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def random_call(tools: list[dict], rng: random.Random) -> dict:
    fn = rng.choice(tools)["function"]
    props = fn["parameters"]["properties"]
    return {"name": fn["name"], "arguments": {k: rng.choice(v["enum"]) for k, v in props.items() if v["enum"]}}


async def agent(url: str, steps: int, think: float, seed: int, out: dict, *, start_delay: float = 0.0) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(start_delay)
    opened = time.perf_counter()
    async with websockets.connect(url, open_timeout=10, max_size=2**20, compression=None) as ws:
        out["open"].append(time.perf_counter() - opened)
        sock = ws.transport.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no Nagle wait on small frames
        async def ask(message: dict) -> tuple[dict, float]:
            start = time.perf_counter()
            await ws.send(json.dumps(message))
            reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if reply.get("type") == "error":
                raise RuntimeError(reply["data"])
            return reply, time.perf_counter() - start

        reply, took = await ask({"type": "reset", "data": {"seed": seed}})
        out["reset"].append(took)
        tools = reply["data"]["observation"]["tools"]
        for _ in range(steps):
            if think:
                await asyncio.sleep(rng.expovariate(1.0 / think))
            reply, took = await ask({"type": "step", "data": random_call(tools, rng)})
            out["step"].append(took)
            if reply["data"]["done"]:
                reply, took = await ask({"type": "reset", "data": {"seed": rng.randrange(2**31)}})
                out["reset"].append(took)
                tools = reply["data"]["observation"]["tools"]
        await ws.send(json.dumps({"type": "close"}))


async def run_agents(url: str, args: argparse.Namespace) -> dict:
    out: dict = {"step": [], "reset": [], "open": [], "errors": []}

    async def guarded(i: int) -> None:
        try:
            await agent(url, args.steps, args.think_ms / 1000, i, out, start_delay=args.ramp_s * i / args.sessions)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
            out["errors"].append(f"{type(exc).__name__}: {exc}"[:200])

    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(guarded(i) for i in range(args.sessions))), args.timeout)
    out["wall"] = time.perf_counter() - start
    return out


def reference_step(directive: str, n: int = 2000) -> float:
    """Median seconds of an in-process text-mode ``env.step`` with the same kind of calls."""
    import gymnasium as gym

    import gensim_gym  # noqa: F401 - registers GenSim-v0

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = gym.make("GenSim-v0", directive=directive, num_tasks=32, obs_mode="text", action_space="ground")
    rng = random.Random(0)
    env.reset(seed=0)
    times = []
    for _ in range(n):
        call = random_call(env.unwrapped.openai_tools(), rng)
        start = time.perf_counter()
        _, _, terminated, truncated, _ = env.step(call)
        times.append(time.perf_counter() - start)
        if terminated or truncated:
            env.reset(seed=rng.randrange(2**31))
    return statistics.median(times)


def server_cpu(port: int) -> float:
    """The server process's CPU seconds so far (its /stats route reports them)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/stats", timeout=10) as response:
        return float(json.load(response)["process_cpu_s"])


def wait_for_port(port: int, proc: subprocess.Popen, limit: float = 60) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"the server did not listen within {limit} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--think-ms", type=float, default=100.0)
    parser.add_argument("--ramp-s", type=float, default=1.0,
                        help="sessions connect evenly over this many seconds (0 = all at once)")
    parser.add_argument("--directive", default="warehouse tasks")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": f"{REPO}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    proc = subprocess.Popen([sys.executable, "-m", "gensim_gym.integrations.cli", "serve", "--directive",
                             args.directive, "--port", str(port), "--max-sessions", str(args.sessions + 8)],
                            env=env)
    try:
        wait_for_port(port, proc)
        before, server_before = resource.getrusage(resource.RUSAGE_SELF), server_cpu(port)
        out = asyncio.run(run_agents(f"ws://127.0.0.1:{port}/ws", args))
        after, server_after = resource.getrusage(resource.RUSAGE_SELF), server_cpu(port)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    client_cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    ref = reference_step(args.directive)
    steps, resets = out["step"], out["reset"]
    p50, p99 = quantile(steps, 0.5), quantile(steps, 0.99)
    result = {"sessions": args.sessions, "steps_per_session": args.steps, "think_ms": args.think_ms,
              "ramp_s": args.ramp_s,
              "steps": len(steps), "resets": len(resets), "errors": len(out["errors"]),
              "step_p50_ms": p50 * 1e3, "step_p99_ms": p99 * 1e3, "step_max_ms": max(steps, default=0) * 1e3,
              "reset_p50_ms": quantile(resets, 0.5) * 1e3, "reset_p99_ms": quantile(resets, 0.99) * 1e3,
              "open_p50_ms": quantile(out["open"], 0.5) * 1e3, "open_max_ms": max(out["open"], default=0) * 1e3,
              "steps_per_s": len(steps) / out["wall"], "wall_s": out["wall"],
              "client_cpu_s": client_cpu, "server_cpu_s": server_after - server_before,
              "server_cpu_ms_per_request": (server_after - server_before) * 1e3 / max(1, len(steps) + len(resets)),
              "loadavg_1m_at_end": os.getloadavg()[0], "cpus": os.cpu_count(),
              "reference_env_step_ms": ref * 1e3, "p50_over_reference": p50 / ref,
              "goal_met": not out["errors"] and len(steps) == args.sessions * args.steps and p99 < 0.020,
              "first_errors": out["errors"][:5]}
    print(json.dumps(result, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0 if result["goal_met"] else 1


if __name__ == "__main__":
    sys.exit(main())
